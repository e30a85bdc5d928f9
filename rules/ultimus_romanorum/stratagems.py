"""Ultimus Romanorum's own stratagem counters (UR 6, L766-955). The counters both titles
print alike (*Initiative*, the uprisings' count, *Assassinat*'s roll, the plague,
*Désertion*, the battle triggers' test) are the family's (``rules/imperator/plays.py``);
here are what UR's uprisings may target, every other counter's conditions
(``problems``), effects (``apply``, ``apply_c``) and the plays a prompt offers
(``candidates``), and the Concile's marker in F."""

from __future__ import annotations

from rules.base import Event
from rules.imperator import plays as plays_mod
from rules.imperator import state as st
from rules.imperator.plays import assassination, held, spend, weaken
from rules.imperator.titles import leader_dies
from rules.imperator.vp import add_vp
from rules.ultimus_romanorum import emperors
from rules.ultimus_romanorum.halves import (BARBARE, HALVES, ROMAIN, allies_of, augustus_of, half_of_zone, status,
                                            usurpers)
from rules.ultimus_romanorum.peoples import klass, leaders_of, set_status, units_of, vassal_bound

MARKERS = ("concile-oecumenique",)
USURPATIONS = {"usurpation-occident": "west", "usurpation-orient": "east"}  # L823-831
AUGUSTAE = {"augusta-occidentalis": "west", "augusta-orientalis": "east"}  # L795-811
AUGUSTA_EFFECTS = ("initiative", "assassinat", "usurpation", "concile")
BAGAUDES_DIOCESES = ("galliae", "viennensis", "hispaniae")  # L868-869
MAX_USURPERS, MAX_ATTEMPTS = 3, 2  # L446-447, L524-526 (A15)


def _in_empire_units(world, state, people) -> bool:
    units = [u for u in units_of(world, state, people) if not state["pieces"][u].get("gone")]
    on = [u for u in units if st.on_map(state["pieces"][u])]
    return bool(on) and all(world.in_empire(state["pieces"][u]["zone"]) for u in on)


def uprising_eligible(world, state: dict, side: str, klass_: str) -> list[str]:
    """6.2 (L832-843): peoples of that class at peace (they go to war) or Foederati (they
    revolt); not Armenia, nor the Bagaudes, whom only their counter brings (L868-877)."""
    out = []
    for p in sorted(state["peoples"]):
        if st.is_ally_people(world, p) or p == "bagaudes" or klass(world, p, state["year"]) != klass_:
            continue
        if status(state, p) not in ("peace", "foederati"):
            continue
        if status(state, p) == "peace" and not world.peoples[p].get("origin_zones") and \
                not any(st.on_map(state["pieces"][u]) for u in units_of(world, state, p)):
            continue  # a people with nowhere to appear
        out.append(p)
    return out


def _augusta_active(state: dict, half: str, effect: str) -> bool:
    a = (state.get("augustae") or {}).get(half) or {}
    return a.get("year") == state["year"] and a.get("effect") == effect


def problems(world, state: dict, side: str, play: dict, phase: str) -> list[tuple]:
    t = play["stratagem"]
    people = play.get("people")
    if t in ("traite-federation-mineur", "traite-federation-majeur"):  # L784-790
        want = "minor" if t.endswith("mineur") else "major"
        ok = isinstance(people, str) and people in state["peoples"] and klass(world, people, state["year"]) == want \
            and world.peoples[people].get("federable", True) and status(state, people) != "foederati" \
            and not vassal_bound(state, world, people) and _in_empire_units(world, state, people)
        return [] if ok else [("stratagem.people_not_eligible", "/people", {"people": people})]
    if t == "tribut":  # L791-794
        ok = isinstance(people, str) and status(state, people) in ("war", "revolted") and not st.is_ally_people(world, people)
        if ok and state["vp"][ROMAIN] < (3 if klass(world, people, state["year"]) == "major" else 1):
            return [("stratagem.not_enough_vp", "/people", {"people": people})]
        return [] if ok else [("stratagem.people_not_eligible", "/people", {"people": people})]
    if t in AUGUSTAE:
        effect = play.get("effect")
        allowed = AUGUSTA_EFFECTS if t == "augusta-orientalis" else AUGUSTA_EFFECTS[:3]
        if effect not in allowed:
            return [("stratagem.bad_effect", "/effect", {"effect": effect})]
        return []
    if t == "papa":
        return [("stratagem.wrong_phase", "/stratagem", {"stratagem": t, "phase": "F"})]  # played by the engine in F3
    if t == "buccellarii":  # L816-821
        leader = play.get("leader")
        p = state["pieces"].get(leader) if isinstance(leader, str) else None
        ok = bool(p) and p["kind"] == "leader" and p["side"] == ROMAIN and st.on_map(p) \
            and world.leaders.get(leader, {}).get("kind") == "roman" and leader not in state.get("guards", {}).values() \
            and emperors.guard_pf(st.leader_def(world, state, leader)["cc"]) is not None
        return [] if ok else [("stratagem.bad_target", "/leader", {"piece": leader})]
    if t in USURPATIONS:
        return usurpation_problems(world, state, side, play, USURPATIONS[t])
    if t == "rex":  # L851-856
        leader = play.get("leader")
        ok = isinstance(people, str) and world.peoples.get(people, {}).get("rex") and status(state, people) == "revolted" \
            and isinstance(leader, str) and leader in leaders_of(world, state, people) and st.on_map(state["pieces"][leader]) \
            and _rex_city(world, state, people, state["pieces"][leader]["zone"])
        return [] if ok else [("stratagem.people_not_eligible", "/people", {"people": people})]
    if t == "alliance-barbare":  # L857-862
        pair = play.get("peoples") or []
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in state["peoples"] for p in pair)):
            return [("stratagem.people_count", "/peoples", {"n": 2})]
        major, minor = pair
        ok = klass(world, major, state["year"]) == "major" and klass(world, minor, state["year"]) == "minor" \
            and status(state, major) == status(state, minor) and len(allies_of(state, minor)) == 1 \
            and not st.is_ally_people(world, minor) and _near(world, state, major, minor)
        return [] if ok else [("stratagem.people_not_eligible", "/peoples", {"people": minor})]
    if t == "bagaudes":  # L868-877
        zone = play.get("zone")
        ok = isinstance(zone, str) and world.is_zone(zone) and world.diocese_of(zone) in BAGAUDES_DIOCESES \
            and not any(state["pieces"][i]["kind"] == "unit" for i in st.pieces_in(state, zone)) \
            and status(state, "bagaudes") == "peace"
        return [] if ok else [("stratagem.bad_zone", "/zone", {"zone": zone})]
    if t == "migration":  # L878-883
        ok = isinstance(people, str) and people in state["peoples"] and not st.is_ally_people(world, people) \
            and any(st.on_map(state["pieces"][u]) for u in units_of(world, state, people))
        return [] if ok else [("stratagem.people_not_eligible", "/people", {"people": people})]
    if t == "rebellion":  # L886-892
        ok = isinstance(people, str) and (len(allies_of(state, people)) > 1 and klass(world, people, state["year"]) == "minor"
                                          or vassal_bound(state, world, people))
        return [] if ok else [("stratagem.people_not_eligible", "/people", {"people": people})]
    if t == "concile-oecumenique":  # L893-899 (A32: either player, a zone of Asia, one at a time)
        zone = play.get("zone")
        ok = isinstance(zone, str) and world.is_zone(zone) and world.diocese_of(zone) == "asia" \
            and "concile-oecumenique" not in (state.get("markers") or {})
        return [] if ok else [("stratagem.bad_zone", "/zone", {"zone": zone})]
    if t == "flotte":  # L933-936
        zone = play.get("zone")
        ok = isinstance(zone, str) and any(zone in coasts for sea, coasts in world.sea_coasts.items() if world.navigable(sea))
        return [] if ok else [("stratagem.bad_zone", "/zone", {"zone": zone})]
    if t == "germanophobia":  # L937-943
        zone = play.get("zone")
        ok = isinstance(zone, str) and world.is_zone(zone) and any(
            state["pieces"][i]["kind"] == "unit" and st.unit_def(world, state, i)["category"] in ("CO", "PA")
            for i in st.pieces_in(state, zone))
        return [] if ok else [("stratagem.bad_zone", "/zone", {"zone": zone})]
    return [("stratagem.unknown", "/stratagem", {"stratagem": t})]


def _near(world, state, a: str, b: str) -> bool:
    za = {state["pieces"][u]["zone"] for u in units_of(world, state, a) if st.on_map(state["pieces"][u])}
    zb = {state["pieces"][u]["zone"] for u in units_of(world, state, b) if st.on_map(state["pieces"][u])}
    za |= set(world.peoples.get(a, {}).get("origin_zones") or []) if status(state, a) == "peace" else set()
    zb |= set(world.peoples.get(b, {}).get("origin_zones") or []) if status(state, b) == "peace" else set()
    return any(x == y or world.adjacent(x, y) for x in za for y in zb)


def _rex_city(world, state, people: str, zone: str) -> bool:
    ids = st.pieces_in(state, zone)
    return (world.is_city(zone) or world.is_capital(zone)) and any(
        state["pieces"][i]["kind"] == "unit" and st.people_of(world, state, i) == people for i in ids)


def usurpation_problems(world, state: dict, side: str, play: dict, half: str) -> list[tuple]:
    """3.6.1-3.6.2, 6.2 (L823-831; A15, A26): a ROMAIN Roman leader of the table standing
    in the counter's half, in a zone without an Augustus; at most three usurpers and two
    attempts, one per half."""
    leader = play.get("leader")
    p = state["pieces"].get(leader) if isinstance(leader, str) else None
    if not p or p["kind"] != "leader" or p["side"] != ROMAIN or not st.on_map(p) \
            or world.leaders.get(leader, {}).get("kind") != "roman" or st.titled(state, leader) == "augustus":
        return [("stratagem.bad_target", "/leader", {"piece": leader})]
    if half_of_zone(world, p["zone"]) != half:
        return [("stratagem.wrong_half", "/leader", {"piece": leader})]
    if any(st.titled(state, i) == "augustus" for i in st.pieces_in(state, p["zone"])):
        return [("stratagem.augustus_present", "/leader", {"piece": leader})]
    running = usurpers(state)
    if len(running) >= MAX_ATTEMPTS or len(running) >= MAX_USURPERS or any(
            (state.get("civil_war") or {}).get(u, {}).get("half") == half for u in running):
        return [("stratagem.too_many_usurpers", "/leader", {})]
    if emperors.origin(world, leader) == "B":  # L827-830: a stand-in of CP 1 or 2
        stand_in = play.get("stand_in")
        q = state["pieces"].get(stand_in) if isinstance(stand_in, str) else None
        if not q or world.leaders.get(stand_in, {}).get("kind") != "roman" or not st.on_map(q) \
                or (st.leader_def(world, state, stand_in)["cp"] or 0) not in (1, 2) or emperors.origin(world, stand_in) == "B":
            return [("stratagem.stand_in", "/stand_in", {"piece": stand_in})]
    return []


def apply_c(world, state: dict, side: str, play: dict, dice, events: list) -> None:
    """A phase C counter: an uprising, a usurpation, Rex, Alliance, Rébellion, Concile, an
    Augusta."""
    t = play["stratagem"]
    if t in plays_mod.UPRISINGS:
        spend(state, side, t, events, peoples=list(play["peoples"]))
        for p in play["peoples"]:
            set_status(world, state, p, "revolted" if status(state, p) == "foederati" else "war", events)
        return
    if t in USURPATIONS:
        leader = play["leader"]
        half = USURPATIONS[t]
        cp = st.leader_def(world, state, leader)["cp"] or 0
        bonus = 1 if st.titled(state, leader) == "patrice" else 0  # L826 (A28)
        malus = 1 if _augusta_active(state, half, "usurpation") else 0  # L797-798
        roll = dice.d6(f"usurpation {leader}")
        success = roll - bonus + malus <= cp
        spend(state, side, t, events, leader=leader, roll=roll, success=success, modifier=malus - bonus)
        if success:
            emperors.start_usurpation(world, state, leader, play.get("stand_in"), dice, events, by="stratagem",
                                      spread_to=play.get("diocese"))
        return
    apply(world, state, side, play, dice, events)


def apply(world, state: dict, side: str, play: dict, dice, events: list) -> None:
    """Any other counter of UR, in phase C or E."""
    t = play["stratagem"]
    people = play.get("people")
    if t in ("traite-federation-mineur", "traite-federation-majeur"):
        spend(state, side, t, events, people=people)
        set_status(world, state, people, "foederati", events)
    elif t == "tribut":
        cost = 3 if klass(world, people, state["year"]) == "major" else 1
        spend(state, side, t, events, people=people)
        add_vp(state, ROMAIN, -cost, "tribute_paid", events, people=people)
        back = "foederati" if status(state, people) == "revolted" else "peace"
        set_status(world, state, people, back, events)
        if back == "peace":
            origins = list(world.peoples.get(people, {}).get("origin_zones") or [])
            for pid in units_of(world, state, people) + leaders_of(world, state, people):
                piece = state["pieces"][pid]
                if st.on_map(piece) and origins:
                    piece["zone"] = origins[0]  # A33: home
    elif t in AUGUSTAE:
        half = AUGUSTAE[t]
        state.setdefault("augustae", {})[half] = {"year": state["year"], "effect": play["effect"]}
        spend(state, side, t, events, effect=play["effect"])
        if play["effect"] == "initiative":  # A9: next year's roll
            state["augusta_initiative"] = state["year"] + 1
    elif t == "buccellarii":
        spend(state, side, t, events, leader=play["leader"])
        emperors.give_guard(world, state, play["leader"])
    elif t == "assassinat":
        target = play["leader"]
        half = emperors.half_of(state, target) if st.titled(state, target) == "augustus" else None
        saved = 1 if half and _augusta_active(state, half, "assassinat") else 0  # A28: he dies only on a 9
        if st.titled(state, target) == "augustus" and usurpers(state):
            state["assassinated"] = target
        if assassination(world, state, side, target, dice, events, saved_by=saved):
            emperors.after_deaths(world, state, [target], [], dice, events)
        state.pop("assassinated", None)
    elif t == "rex":
        leader = play["leader"]
        cp = st.leader_def(world, state, leader)["cp"] or 0
        roll = dice.d6(f"rex {people}")
        spend(state, side, t, events, people=people, leader=leader, roll=roll, success=roll <= cp)
        if roll <= cp:
            zone = state["pieces"][leader]["zone"]
            state.setdefault("regna", {})[people] = {"capital": zone, "rex": leader}
            state.setdefault("regna_new", []).append(people)
            set_status(world, state, people, "regnum", events, capital=zone)
    elif t == "alliance-barbare":
        major, minor = play["peoples"]
        spend(state, side, t, events, peoples=[major, minor])
        alliances = state.setdefault("alliances", {})
        alliances.setdefault(major, [])
        alliances[major] = sorted(set(alliances[major]) | {minor})
    elif t == "bagaudes":
        zone = play["zone"]
        spend(state, side, t, events, zone=zone)
        set_status(world, state, "bagaudes", "war", events)
        for uid in units_of(world, state, "bagaudes"):
            if not state["pieces"][uid].get("gone"):
                state["pieces"][uid].update(zone=zone, eliminated=False, weakened=False, aboard=None, side=BARBARE)
    elif t == "migration":
        spend(state, side, t, events, people=people)
        m = state.setdefault("migration", {"year": state["year"], "peoples": []})
        if m.get("year") != state["year"]:
            m.update(year=state["year"], peoples=[])
        m["peoples"].append(people)
        state["peoples"][people]["controller"] = BARBARE
        for pid in units_of(world, state, people) + leaders_of(world, state, people):
            state["pieces"][pid]["side"] = BARBARE
    elif t == "rebellion":
        _rebellion(world, state, side, people, dice, events)
    elif t == "concile-oecumenique":
        spend(state, side, t, events, zone=play["zone"], marker={"zone": play["zone"], "year": state["year"]})
    elif t == "flotte":
        zone = play["zone"]
        sea = next(s for s, coasts in sorted(world.sea_coasts.items()) if zone in coasts and world.navigable(s))
        spend(state, side, t, events, zone=zone)
        # L933-936: placed on a coastal zone, it takes on board there like a fleet in its
        # port box until it sails to the sea beside it ("les mêmes capacités")
        state["fleets"][f"flotte-{state['year']}-{side.lower()}"] = {"side": side, "at": sea, "cargo": [], "out_until": None,
                                                                    "temporary": True, "coast": zone}
    elif t == "germanophobia":
        _germanophobia(world, state, side, play["zone"], dice, events)


def _rebellion(world, state, side, people, dice, events) -> None:
    """6.3 (L886-892): the minor people breaks free on a d6 above the best CP of its
    master's leaders; freed from a BARBARE master it is Foederati, from ROMAIN's revolted."""
    if vassal_bound(state, world, people):
        master = "hunni"
    else:
        master = next(m for m, minors in sorted((state.get("alliances") or {}).items()) if people in minors)
    cps = [st.leader_def(world, state, l)["cp"] or 0 for l in leaders_of(world, state, master) if st.on_map(state["pieces"][l])]
    roll = dice.d6(f"rebellion {people}")
    freed = roll > max(cps or [0])
    spend(state, side, "rebellion", events, people=people, roll=roll, freed=freed)
    if not freed:
        return
    if master == "hunni":
        state["freed_vassals"] = sorted(set(state.get("freed_vassals") or []) | {people})
    else:
        state["alliances"][master] = [m for m in state["alliances"][master] if m != people]
        if not state["alliances"][master]:
            del state["alliances"][master]
    new = "foederati" if state["peoples"][master]["controller"] == BARBARE else "revolted"
    set_status(world, state, people, new, events)


def _germanophobia(world, state, side, zone, dice, events) -> None:
    """6.3 (L937-943; A33: both sides' (B) Palatini): the (B) Palatini in the zone and the
    next ones weakened (weakened ones eliminated); each leader of barbarian birth there dies
    on a d10 of 7, 8 or 9."""
    zones = [zone] + list(world.neighbours(zone))
    hit, killed = {}, []
    for z in zones:
        for pid in st.pieces_in(state, z):
            piece = state["pieces"][pid]
            if piece["kind"] == "unit" and world.units.get(pid, {}).get("category") == "PA" and world.units[pid].get("barbarian"):
                hit[pid] = weaken(state, pid)
    spend(state, side, "germanophobia", events, zone=zone, hit=hit)
    for z in zones:
        for pid in st.pieces_in(state, z):
            if state["pieces"][pid]["kind"] == "leader" and emperors.origin(world, pid) == "B":
                roll = dice.d10(f"germanophobia {pid}")
                if roll >= 7:
                    owner = state["pieces"][pid]["side"]
                    leader_dies(state, pid)
                    killed.append(pid)
                    events.append(Event("leader_eliminated", {"leader": pid, "side": owner, "cause": "germanophobia"}))
    if killed:
        emperors.after_deaths(world, state, killed, [], dice, events)


def concile_in_f(world, state: dict, events: list, dice=None) -> None:
    """6.3 (L893-899; A32): the Augustus Orientalis in the Concile's zone at F rolls 1d6 at or
    under his CP (sure with an Augusta Orientalis for it): ROMAIN scores 3 and the marker
    goes; otherwise it stays and BARBARE scores 3 while it is on the map."""
    marker = (state.get("markers") or {}).get("concile-oecumenique")
    if not marker:
        return
    a = augustus_of(state, "east")
    if a and state["pieces"][a].get("zone") == marker.get("zone"):
        cp = st.leader_def(world, state, a)["cp"] or 0
        roll = dice.d6("concile") if dice is not None else 7
        if _augusta_active(state, "east", "concile") or roll <= cp:
            counter = state["markers"].pop("concile-oecumenique")["counter"]
            state["hidden"]["bowl"] = sorted(state["hidden"]["bowl"] + [counter])
            add_vp(state, ROMAIN, 3, "concile_held", events)
            return
    add_vp(state, BARBARE, 3, "concile_pending", events)


def papa_in_f(world, state: dict, events: list) -> bool:
    """6.1 (L812-815): ROMAIN plays Papa in F3 against BARBARE's points for Roma (once, out
    of the game), unless his standing reaction says never."""
    if not held(state, ROMAIN, "papa") or (state["hidden"]["reactions"].get(ROMAIN) or {}).get("papa") == "never":
        return False
    spend(state, ROMAIN, "papa", events)
    return True


def candidates(world, state: dict, side: str, t: str) -> list[dict]:
    """Plausible plays of a counter (the prompt's sample, checked by ``problems``)."""
    peoples = sorted(state["peoples"])
    if t in ("traite-federation-mineur", "traite-federation-majeur", "tribut", "migration", "rebellion"):
        return [{"stratagem": t, "people": p} for p in peoples]
    if t in AUGUSTAE:
        return [{"stratagem": t, "effect": e} for e in AUGUSTA_EFFECTS]
    if t == "buccellarii":
        return [{"stratagem": t, "leader": l} for l in sorted(state["pieces"]) if state["pieces"][l]["kind"] == "leader"]
    if t in USURPATIONS:
        out = []
        stands = []  # the stand-in does not depend on the leader: looked for once
        for l in sorted(state["pieces"]):
            if state["pieces"][l]["kind"] != "leader" or world.leaders.get(l, {}).get("kind") != "roman":
                continue
            play = {"stratagem": t, "leader": l}
            if emperors.origin(world, l) == "B":
                if not stands:
                    stands.append(next((q for q in sorted(state["pieces"]) if world.leaders.get(q, {}).get("kind") == "roman"
                                        and st.on_map(state["pieces"][q]) and (st.leader_def(world, state, q)["cp"] or 0) in (1, 2)
                                        and emperors.origin(world, q) != "B"), None))
                stand = stands[0]
                if stand:
                    play["stand_in"] = stand
            out.append(play)
        return out
    if t == "rex":
        return [{"stratagem": t, "people": p, "leader": l} for p in peoples if world.peoples[p].get("rex")
                for l in leaders_of(world, state, p)]
    if t == "alliance-barbare":
        return [{"stratagem": t, "peoples": [a, b]} for a in peoples for b in peoples if a != b]
    if t in ("bagaudes",):
        return [{"stratagem": t, "zone": z} for d in BAGAUDES_DIOCESES for z in world.diocese_zones.get(d, ())]
    if t == "concile-oecumenique":
        return [{"stratagem": t, "zone": z} for z in world.diocese_zones.get("asia", ())]
    if t == "flotte":
        return [{"stratagem": t, "zone": z} for z in sorted({z for s, c in world.sea_coasts.items() if world.navigable(s) for z in c})][:12]
    if t == "germanophobia":
        return [{"stratagem": t, "zone": z} for z in sorted({state["pieces"][u]["zone"] for u in state["pieces"]
                                                             if state["pieces"][u]["kind"] == "unit" and st.on_map(state["pieces"][u])})]
    return []
