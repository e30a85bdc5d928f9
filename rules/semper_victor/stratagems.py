"""Semper Victor's own stratagem counters (SV 6, L573-664), asked by the family's play
machinery (``rules/imperator/plays.py``): the usurpation counters and the civil war they
start, the pacifications, *Abandon*, the markers (*Persécution*, *Hérésie*, *Bagaudes*, the
Persian coup d'État) and what they score in F, and the battle counters' names.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import titles
from rules.imperator import peoples as peoples_mod
from rules.imperator import plays as plays_mod
from rules.imperator import state as st
from rules.imperator.civil_war import adjacent_dioceses, start_civil_war
from rules.imperator.vp import add_vp
from rules.semper_victor import emperors as sv_emperors

BATTLE_TRIGGERS = {
    "fuite-opportune": "before_battle",
    "roma-victor": "before_roll",
    "furor-germanicus": "before_roll",
    "in-hoc-signo-vinces": "after_roll",
    "sol-invictus": "after_roll",
    "fleche-du-parthe": "after_battle",
}
PACIFICATIONS = {"pacification-mineur-1": ("minor", 1), "pacification-mineur-2": ("minor", 2),
                 "pacification-mineur-3": ("minor", 3), "pacification-majeur-1": ("major", 1)}
USURPATIONS = {  # type: (user, title of the target, bonus on B/, C/) (L585-599, A40)
    "usurpation-augustus-secondus": ("PRIMUS", "augustus", 2),
    "usurpation-caesar-secondus": ("PRIMUS", "caesar", 1),
    "usurpation-secondus": ("PRIMUS", None, 0),
    "usurpation-augustus-primus": ("SECONDUS", "augustus", 2),
    "usurpation-caesar-primus": ("SECONDUS", "caesar", 1),
    "usurpation-primus": ("SECONDUS", None, 0),
}
MARKERS = ("persecution", "heresie", "bagaudes", "coup-d-etat-perse")
PERSECUTION_DIOCESES = ("italia", "africa", "moesiae", "thracia", "asia", "pontica", "oriens")  # L655
BAGAUDES_DIOCESES = ("galliae", "viennensis", "hispaniae")  # L659




def uprising_eligible(world, state: dict, side: str, klass: str) -> list[str]:
    """The peoples an uprising of that class may send to war: at peace, not locked out
    after a pacification by arms (SV 4.2.2, 6.2, 9.4)."""
    return _eligible_peoples(world, state, klass, at_war=False)


def _eligible_peoples(world, state: dict, klass: str, *, at_war: bool) -> list[str]:
    out = []
    for p in sorted(state["peoples"]):
        rec = world.peoples.get(p, {})
        if rec.get("class") != klass:
            continue
        status = state["peoples"][p]["status"]
        if at_war and status == "war":
            out.append(p)
        elif not at_war and status != "war" and (state["peoples"][p].get("locked_until") or 0) <= state["year"] \
                and (state["war_bowl"]["locked"].get(p) or 0) <= state["year"]:
            out.append(p)
    return out


def _marker_zone_ok(world, state: dict, side: str, type_id: str, zone) -> bool:
    if not isinstance(zone, str) or not world.is_zone(zone):
        return False
    diocese = world.diocese_of(zone)
    holder = state["control"].get(diocese)
    if type_id in ("persecution", "heresie"):
        if diocese not in PERSECUTION_DIOCESES or not (world.is_city(zone) or world.is_capital(zone)):
            return False
        symbol = "sun" if type_id == "persecution" else "cross"
        return any(world.leaders.get(l, {}).get("ar") == symbol for l in titles.titled_leaders(state, holder))
    if type_id == "bagaudes":
        return diocese in BAGAUDES_DIOCESES and not any(
            state["pieces"][i]["kind"] == "unit" for i in st.pieces_in(state, zone))
    return False


def ctesiphon_zone(world) -> str | None:
    return next((z for z in sorted(world.zones) if world.zones[z].get("ctesiphon")), None)


def problems(world, state: dict, side: str, play: dict, phase: str) -> list[tuple]:
    """Why a play of one of Semper Victor's own counters may not be made now (the family's
    checks, and the counters both titles share, are ``rules/imperator/plays.py``'s)."""
    t = play["stratagem"]
    if t in PACIFICATIONS:
        klass, n = PACIFICATIONS[t]
        chosen = play.get("peoples") or []
        eligible = _eligible_peoples(world, state, klass, at_war=True)
        out = [("stratagem.people_not_eligible", f"/peoples/{k}", {"people": p}) for k, p in enumerate(chosen) if p not in eligible]
        if not 1 <= len(set(chosen)) <= n or len(chosen) != len(set(chosen)):
            out.append(("stratagem.people_count", "/peoples", {"n": n}))
        return out
    if t == "pacification-nationalite":
        nat = play.get("nationality")
        if not any(world.peoples[p].get("nationality") == nat and state["peoples"][p]["status"] == "war"
                   and not st.is_ally_people(world, p) for p in sorted(state["peoples"])):
            return [("stratagem.nationality_not_at_war", "/nationality", {"nationality": nat})]
        return []
    if t == "pax-romana":
        chosen = play.get("peoples") or []
        at_war = [p for p in sorted(state["peoples"]) if state["peoples"][p]["status"] == "war" and not st.is_ally_people(world, p)]
        if not at_war or len(chosen) > 1 or any(p not in at_war for p in chosen):
            return [("stratagem.people_not_eligible", "/peoples", {"people": ",".join(chosen) or "-"})]
        return []
    if t in USURPATIONS:
        return usurpation_problems(world, state, side, play)
    if t == "abandon":  # L615, A65
        return [] if play.get("diocese") in world.dioceses else [("stratagem.bad_diocese", "/diocese", {"diocese": play.get("diocese")})]
    if t in ("persecution", "heresie", "bagaudes"):
        if t in (state.get("markers") or {}):
            return [("stratagem.marker_in_play", "/stratagem", {"stratagem": t})]
        return [] if _marker_zone_ok(world, state, side, t, play.get("zone")) else \
            [("stratagem.bad_zone", "/zone", {"zone": play.get("zone")})]
    if t == "coup-d-etat-perse":  # L629: not 310-319
        if 310 <= state["year"] <= 319 or t in (state.get("markers") or {}):
            return [("stratagem.not_now", "/stratagem", {"stratagem": t})]
        return []
    return [("stratagem.unknown", "/stratagem", {"stratagem": t})]


def usurpation_problems(world, state: dict, side: str, play: dict) -> list[tuple]:
    """SV 3.6.2 (L372-377), 6.1-6.2 (L585-599), A45."""
    user, title, _ = USURPATIONS[play["stratagem"]]
    target = play.get("leader")
    t = state["titles"]
    enemy = st.other(side)
    if not plays_mod.enemy_roman_leader(world, state, side, target):
        return [("stratagem.bad_target", "/leader", {"piece": target})]
    out = []
    held_title = st.titled(state, target)
    if title == "augustus":
        if len(t["augusti"].get(enemy, [])) < 2 or held_title != "augustus" or target in (t.get("primus_augustus"), t.get("secundus_augustus")):
            out.append(("usurpation.condition_two_augusti", "/leader", {}))
    elif title == "caesar":
        if len(t["caesars"].get(enemy, [])) < 2 or target not in t["caesars"].get(enemy, []):
            out.append(("usurpation.condition_two_caesars", "/leader", {}))
    elif held_title:
        out.append(("usurpation.target_is_augustus_or_caesar", "/leader", {}))
    rank = {"augustus": 2, "caesar": 1, None: 0}
    mine = 3 if target in (t.get("primus_augustus"), t.get("secundus_augustus")) else rank.get(held_title, 0)
    zone = state["pieces"][target]["zone"]
    for other in st.pieces_in(state, zone):
        if other == target or state["pieces"][other]["kind"] != "leader":
            continue
        theirs = 3 if other in (t.get("primus_augustus"), t.get("secundus_augustus")) else rank.get(st.titled(state, other), 0)
        if theirs > mine:
            out.append(("usurpation.status_superior_present", "/leader", {"piece": other}))
            break
    if len(t["usurpers"].get(side, [])) >= 2 or titles.total_usurpers(state) >= 4:
        out.append(("usurpation.usurper_cap", "/leader", {}))
    diocese = play.get("diocese")
    if diocese is not None and diocese not in adjacent_dioceses(world, world.diocese_of(zone)):
        out.append(("usurpation.not_adjacent", "/diocese", {"diocese": diocese}))
    for other in t["usurpers"].get(side, []):  # SV 3.6.5 (L426): a double usurpation
        if not titles.alive(state, other) or not state["pieces"][other]["zone"]:
            continue  # dead, or at sea
        theirs = world.diocese_of(state["pieces"][other]["zone"])
        mine_d = world.diocese_of(zone)
        if theirs == mine_d or theirs in adjacent_dioceses(world, mine_d):
            out.append(("usurpation.double_too_close", "/leader", {"piece": other}))
        taken = ((state.get("civil_war") or {}).get(other) or {}).get("spread")
        if diocese is not None and diocese == taken:
            out.append(("usurpation.double_same_diocese", "/diocese", {"diocese": diocese}))
    return out


def apply_uprising(world, state: dict, side: str, play: dict, events: list) -> None:
    """SV 4.2.2 (L494), 6.2 (L631-639): the chosen peoples go to war at once."""
    for people in play["peoples"]:
        peoples_mod.set_at_war(world, state, people)
    plays_mod.spend(state, side, play["stratagem"], events, peoples=list(play["peoples"]))


def apply_usurpation(world, state: dict, side: str, play: dict, dice, events: list) -> None:
    """SV 3.6.2 validation (1d6 at most the target's CP), then the civil war 3.6.3 A/-C/
    (A40: the counter's bonus helps B/ and C/)."""
    target = play["leader"]
    _, _, bonus = USURPATIONS[play["stratagem"]]
    cp = st.leader_def(world, state, target)["cp"] or 0
    roll = dice.d6(f"usurpation {target}")
    ok = roll <= cp
    plays_mod.spend(state, side, play["stratagem"], events, leader=target, roll=roll, cp=cp, validated=ok)
    if not ok:
        return
    titles.strip_titles(state, target)
    state["titles"]["usurpers"][side].append(target)
    start_civil_war(world, state, target, side, bonus, play.get("diocese"), dice, events, by="stratagem")


def apply(world, state: dict, side: str, play: dict, dice, events: list) -> None:
    """Carry out one of Semper Victor's own E counters with no battle trigger (SV 6.3)."""
    t = play["stratagem"]
    if t == "assassinat":
        target = play["leader"]
        protected = (state.get("protectores") or {}).get(st.other(side)) == target
        won = None
        if state["titles"].get("usurpers", {}).get(side):  # 3.6.4 B/: an Augustus assassinated in a civil war
            won = sv_emperors.usurper_beats_augustus(state, list(state["titles"]["usurpers"][side]), [target])
        if plays_mod.assassination(world, state, side, target, dice, events, saved_by=1 if protected else 0,
                                   protected=protected):  # L607, A10
            sv_emperors.settle_titles(world, state, dice, events, usurper_won=won)
        return
    if t == "abandon":
        diocese = play["diocese"]
        hit = {}
        for z in world.diocese_zones.get(diocese, ()):
            for pid in st.pieces_in(state, z):
                if state["pieces"][pid]["kind"] != "unit" or not st.is_roman_unit(world, state, pid):
                    continue
                u = st.unit_def(world, state, pid)
                if u["category"] in ("RI", "PC") and u["diocese"] == diocese:
                    state["pieces"][pid].update(eliminated=True, eliminated_year=state["year"], zone=None)
                    hit[pid] = "eliminated"
                elif u["category"] == "PC":
                    hit[pid] = plays_mod.weaken(state, pid)
        plays_mod.spend(state, side, t, events, diocese=diocese, hit=hit)
        return
    if t in PACIFICATIONS or t in ("pacification-nationalite", "pax-romana"):
        if t == "pacification-nationalite":
            chosen = [p for p in sorted(state["peoples"]) if world.peoples[p].get("nationality") == play["nationality"]
                      and state["peoples"][p]["status"] == "war" and not st.is_ally_people(world, p)]
        elif t == "pax-romana" and not play.get("peoples"):
            chosen = [p for p in sorted(state["peoples"]) if state["peoples"][p]["status"] == "war" and not st.is_ally_people(world, p)]
        else:
            chosen = list(play["peoples"])
        for p in chosen:
            if state["peoples"][p]["status"] == "war":
                peoples_mod.pacify(world, state, p, by_arms=False)  # A67: no lock, no PV
        plays_mod.spend(state, side, t, events, peoples=chosen)
        return
    if t in ("persecution", "heresie", "bagaudes"):
        zone = play["zone"]
        holder = state["control"].get(world.diocese_of(zone))
        plays_mod.spend(state, side, t, events, zone=zone, marker={"zone": zone, "against": holder})
        return
    if t == "coup-d-etat-perse":
        zone = ctesiphon_zone(world)
        plays_mod.spend(state, side, t, events, zone=zone, marker={"zone": zone})
        return


def markers_in_f(world, state: dict, events: list) -> None:
    markers = state.get("markers") or {}
    for t in sorted(markers):
        m = markers[t]
        zone = m.get("zone")
        ids = st.pieces_in(state, zone) if zone else []
        if t == "coup-d-etat-perse":
            controller = state["peoples"].get("persae", {}).get("controller")
            kings = [i for i in ids if state["pieces"][i]["kind"] == "leader" and st.leader_def(world, state, i)["people"] == "persae"]
            units = [i for i in ids if state["pieces"][i]["kind"] == "unit" and st.people_of(world, state, i) == "persae"]
            if kings and len(units) >= 3:
                _remove_marker(state, t, events)
            elif controller in st.sides(state):
                add_vp(state, st.other(controller), 3, "coup_d_etat_perse", events)
            continue
        holder = state["control"].get(world.diocese_of(zone))
        leaders = [i for i in ids if state["pieces"][i]["kind"] == "leader" and state["pieces"][i]["side"] == holder
                   and st.leader_def(world, state, i)["people"] is None]
        if t == "persecution":
            leaders = [l for l in leaders if world.leaders.get(l, {}).get("ar") != "cross"]
        elif t == "heresie":
            leaders = [l for l in leaders if world.leaders.get(l, {}).get("ar") != "sun"]
        units = [i for i in ids if state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == holder]
        if leaders and units:
            _remove_marker(state, t, events)
        elif holder in st.sides(state):
            add_vp(state, st.other(holder), 3, t, events, zone=zone)


def _remove_marker(state: dict, t: str, events: list) -> None:
    m = state["markers"].pop(t)
    if m.get("counter"):
        state["hidden"]["bowl"] = sorted(state["hidden"]["bowl"] + [m["counter"]])
    events.append(Event("marker_removed", {"stratagem": t}))


def candidates(world, state: dict, side: str, t: str) -> list[dict]:
    if t in PACIFICATIONS:
        klass, n = PACIFICATIONS[t]
        return [{"stratagem": t, "peoples": [p]} for p in _eligible_peoples(world, state, klass, at_war=True)]
    if t == "pacification-nationalite":
        nats = sorted({world.peoples[p].get("nationality") for p in state["peoples"] if state["peoples"][p]["status"] == "war"})
        return [{"stratagem": t, "nationality": n} for n in nats if n]
    if t == "pax-romana":
        return [{"stratagem": t, "peoples": []}]
    if t in USURPATIONS:
        return [{"stratagem": t, "leader": l} for l in sorted(state["pieces"]) if plays_mod.enemy_roman_leader(world, state, side, l)]
    if t == "abandon":
        return [{"stratagem": t, "diocese": d} for d in sorted(world.dioceses) if state["control"].get(d) == st.other(side)]
    if t in ("persecution", "heresie", "bagaudes"):
        return [{"stratagem": t, "zone": z} for z in sorted(world.zones) if _marker_zone_ok(world, state, side, t, z)]
    if t == "coup-d-etat-perse":
        return [{"stratagem": t}]
    return []
