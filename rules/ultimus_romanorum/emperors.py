"""The Augusti, the Patrices, successions and usurpations of Ultimus Romanorum (UR 3.5,
3.6, 5; L369-540, L726-763).

* Patrices (3.5.1, L374-388): ROMAIN names in D, from his historical leaders (Foederati
  ones included), at most one per half, where his Augustus reigns; a Roman Patrice gets a
  buccellarii guard.
* Successions (3.5.2, L389-441): the half keeps its title; a (B) leader never succeeds; a
  Theodosian (T) first, then any historical leader of the half, then of the other; in the
  West the chosen man must pass an approval roll or become a usurper, and an eastern leader
  takes the western purple; Honorius dying in or after 424 is the book's special case.
* Usurpations (3.6): validated by a BARBARE counter (``stratagems.py``) or by a failed
  approval roll; the civil war's A/ and B/ are the family's (``civil_war.py``), C/ is UR's
  (same half, no malus); success (3.6.4) by holding the capitals in F, by beating the
  Augustus or by his assassination; the sides change in F (A8, A16).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import civil_war
from rules.imperator import state as st
from rules.imperator.emperors import queue_choices, swap_players
from rules.imperator.titles import alive, leader_dies, successor_key
from rules.imperator.vp import add_vp
from rules.ultimus_romanorum.halves import (BARBARE, HALVES, ROMAIN, augusti_in_play, augustus_of, half_of_title,
                                            half_of_zone, patrice_of, status)

ROLES_WITHOUT_STANDING = ("usurper", "diocese")
HONORIUS, VALENTINIAN, HONORIUS_YEAR = "honorius", "valentinien-iii", 424  # L429-441


def is_historical(world, state: dict, pid: str) -> bool:
    """A leader of one of the two tables (not a generic one)."""
    rec = world.leaders.get(pid, {})
    return rec.get("kind") == "roman" or (rec.get("kind") == "non_roman" and not rec.get("generic"))


def origin(world, pid: str) -> str | None:
    return world.leaders.get(pid, {}).get("origin")


# -- Patrices (3.5.1) --------------------------------------------------------------------------------
def patrice_candidates(world, state: dict) -> list[str]:
    """ROMAIN's historical leaders on the map, in a half whose Augustus reigns and that has
    no Patrice; a Foederati leader may be one (L378-380). Neither an Augustus nor a
    usurper."""
    out = []
    for pid in sorted(state["pieces"]):
        p = state["pieces"][pid]
        if p["kind"] != "leader" or p["side"] != ROMAIN or not st.on_map(p) or not is_historical(world, state, pid):
            continue
        people = st.leader_def(world, state, pid)["people"]
        if people is not None and status(state, people) != "foederati":
            continue
        half = half_of_zone(world, p["zone"])
        if not half or not augustus_of(state, half) or patrice_of(state, half) or st.titled(state, pid):
            continue
        out.append(pid)
    return out


def make_patrice(world, state: dict, pid: str, events: list) -> None:
    half = half_of_zone(world, state["pieces"][pid]["zone"])
    state["titles"]["patrices"][half] = pid
    guard = None
    if st.leader_def(world, state, pid)["people"] is None:
        guard = give_guard(world, state, pid)  # L381-384
    events.append(Event("patrice", {"leader": pid, "half": half, "guard": guard}))


def guard_pf(cc: int) -> int | None:
    """3.2.4 (L274-278): CC 1-4 -> 2 PF, 5-6 -> 3, 7-8 -> 4; CC 0 none."""
    if not cc:
        return None
    return 2 if cc <= 4 else 3 if cc <= 6 else 4


def give_guard(world, state: dict, pid: str) -> str | None:
    """A free BU counter of the PF the leader's CC calls for, stacked with him; none if he
    has one or no counter is free."""
    if pid in state.get("guards", {}).values():
        return None
    pf = guard_pf(st.leader_def(world, state, pid)["cc"])
    if pf is None:
        return None
    leader = state["pieces"][pid]
    for uid in sorted(world.units):
        rec, piece = world.units[uid], state["pieces"][uid]
        if rec.get("category") == "BU" and rec["full"]["pf"] == pf and uid not in state["guards"] \
                and not piece.get("zone") and not piece.get("aboard"):
            piece.update(zone=leader["zone"], side=leader["side"], eliminated=False, weakened=False, gone=False)
            state["guards"][uid] = pid
            return uid
    return None


# -- deaths -------------------------------------------------------------------------------------------
def after_deaths(world, state: dict, dead: list, winners: list, dice, events: list) -> None:
    """What follows the death of leaders: guards go with them (3.2.4), titles fall, a
    usurper's followers go back (3.6.4), an Augustus is succeeded (3.5.2) or his death
    decides a usurpation (3.6.4 C/, D/), Attila's death frees the vassals (L866-867) and
    scores 5 (10.1)."""
    t = state["titles"]
    for pid in dead:
        for uid, lid in sorted(state.get("guards", {}).items()):
            if lid == pid:
                state["pieces"][uid].update(zone=None, eliminated=True, eliminated_year=state["year"], aboard=None)
                del state["guards"][uid]
        for half in HALVES:
            if t["patrices"].get(half) == pid:
                t["patrices"][half] = None
        for people, regnum in sorted((state.get("regna") or {}).items()):
            if regnum.get("rex") == pid:  # 4.5.3 (L705-707): BARBARE names the next king at once
                regnum["rex"] = None
                queue_choices(state, [{"role": "rex", "side": BARBARE, "dead": pid, "half": None, "people": people}])
        if (state.get("escort") or {}).get("leader") == pid:  # the Honorius case's escort is gone
            state.pop("escort")
        if world.leaders.get(pid, {}).get("frees_vassals"):
            state["freed_vassals"] = sorted(set(state.get("freed_vassals") or []) | {"ostrogothi", "gepidae"})
            events.append(Event("vassals_freed", {"leader": pid}))
        for half in HALVES:
            if t["halves"].get(half) == pid:
                _augustus_dies(world, state, half, pid, winners, dice, events)
    civil_war.civil_war_failures(world, state, events)
    for side in (ROMAIN, BARBARE):
        t["usurpers"][side] = [u for u in t["usurpers"][side] if alive(state, u)]


def _augustus_dies(world, state: dict, half: str, pid: str, winners: list, dice, events: list) -> None:
    t = state["titles"]
    t["halves"][half] = None
    t["augusti"][ROMAIN] = [a for a in t["augusti"][ROMAIN] if a != pid]
    usurper = next((u for u in winners if u in t["usurpers"].get(BARBARE, [])
                    and half_of_zone(world, state["pieces"][u]["zone"]) == half), None)
    if usurper is None and state.get("assassinated") == pid:
        usurper = next((u for u in t["usurpers"].get(BARBARE, [])
                        if alive(state, u) and (state.get("civil_war") or {}).get(u, {}).get("half") == half), None)
    if usurper:  # 3.6.4 C/, D/: the usurper takes the title; the sides change in F (A8)
        state.setdefault("usurpation_won", {})[half] = usurper
        events.append(Event("usurpation_decided", {"usurper": usurper, "half": half, "augustus": pid}))
        return
    if pid == HONORIUS and state["year"] >= HONORIUS_YEAR and _honorius_case(world, state, events):
        return
    queue_choices(state, [{"role": "augustus", "side": ROMAIN, "dead": pid, "half": half}])


def _honorius_case(world, state: dict, events: list) -> bool:
    """L429-441: Honorius dies in or after 424: Valentinien III enters at Constantinopolis as
    Augustus Occidentalis with the Placidi Felices, ROMAIN gets an Augusta Occidentalis, and
    BARBARE names a western usurper, validated at once."""
    piece = state["pieces"].get(VALENTINIAN)
    if not piece or piece.get("gone") or piece.get("zone") or piece.get("eliminated"):
        return False
    zone = world.capital_zone("Constantinopolis")
    piece.update(zone=zone, side=ROMAIN, entered=True)
    state["titles"]["halves"]["west"] = VALENTINIAN
    state["titles"]["augusti"][ROMAIN].append(VALENTINIAN)
    for uid in sorted(world.units):
        if (world.units[uid].get("reinforcement") or {}).get("with") == VALENTINIAN:
            state["pieces"][uid].update(zone=zone, side=ROMAIN, entered=True)
    hidden = state["hidden"]
    extra = next((c for c in hidden["bowl"] if c.split("#")[0] == "augusta-occidentalis"), None)
    if extra:
        hidden["bowl"].remove(extra)
        hidden["hands"][ROMAIN].append(extra)
    events.append(Event("honorius_case", {"augustus": VALENTINIAN, "zone": zone, "augusta": bool(extra)}))
    if usurper_candidates(world, state, "west"):
        queue_choices(state, [{"role": "usurper", "side": BARBARE, "dead": HONORIUS, "half": "west"}])
    # L436-441: an eastern historical leader is named to escort the child emperor
    queue_choices(state, [{"role": "escort", "side": ROMAIN, "dead": HONORIUS, "half": "east"}])
    return True


def escort_candidates(world, state: dict) -> list[str]:
    """L436-437: a historical Roman leader of ROMAIN standing in the East, neither Augustus
    nor usurper (a Patrice may go; "même s'il n'est pas Patrice" says he need not be one)."""
    return [p for p in sorted(state["pieces"]) if state["pieces"][p]["kind"] == "leader"
            and world.leaders.get(p, {}).get("kind") == "roman" and state["pieces"][p]["side"] == ROMAIN
            and st.on_map(state["pieces"][p]) and st.titled(state, p) in (None, "patrice")
            and half_of_zone(world, state["pieces"][p]["zone"]) == "east"]


def escort_home(world, state: dict, events: list) -> None:
    """L439-441: in the F of the year the Honorius case's civil war ends, whatever its
    outcome, the escort and the eastern Palatini with him go back to Constantinopolis (the
    Placidi Felices stay in the West)."""
    escort = state.get("escort")
    if not escort:
        return
    usurper = escort.get("usurper")
    if usurper and usurper in (state.get("civil_war") or {}) and alive(state, usurper):
        return  # the civil war goes on
    state.pop("escort")
    lid = escort["leader"]
    piece = state["pieces"].get(lid)
    if not piece or not st.on_map(piece) or piece["side"] != ROMAIN:
        return
    home = world.capital_zone("Constantinopolis")
    zone = piece["zone"]
    units = [u for u in st.units_of(state, st.pieces_in(state, zone)) if state["pieces"][u]["side"] == ROMAIN
             and st.unit_def(world, state, u)["category"] == "PA" and st.unit_def(world, state, u)["half"] == "east"]
    for pid in [lid] + units:
        state["pieces"][pid]["zone"] = home
    events.append(Event("escort_home", {"leader": lid, "units": units, "zone": home}))


def succession_pool(world, state: dict, half: str) -> list[str]:
    """3.5.2 (L397-427): ROMAIN's historical Roman leaders on the map, never a (B); the
    Theodosians first; those of the half, else those of the other half. A Patrice is one of
    them (DECISIONS, "A Patrice succeeds"): the text excludes only the (B) and the other
    half's Augustus (L398-399); crowned, he is Patrice no more (``_crown``)."""
    def pool(h):
        return [p for p in sorted(state["pieces"]) if state["pieces"][p]["kind"] == "leader"
                and world.leaders.get(p, {}).get("kind") == "roman" and state["pieces"][p]["side"] == ROMAIN
                and st.on_map(state["pieces"][p]) and origin(world, p) != "B"
                and st.titled(state, p) in (None, "patrice")
                and half_of_zone(world, state["pieces"][p]["zone"]) == h]
    for h in (half, [x for x in HALVES if x != half][0]):
        found = pool(h)
        theodosians = [p for p in found if origin(world, p) == "T"]
        if theodosians or found:
            return sorted(theodosians or found, key=successor_key(world, state))
    return []


def usurper_candidates(world, state: dict, half: str) -> list[str]:
    """The Honorius case (L430-432): the usurper BARBARE names in the West, a historical Roman
    leader of ROMAIN there (3.6.1, L444-446), a Patrice too (as a usurpation counter may
    name one, L826), never an Augustus."""
    return [p for p in sorted(state["pieces"]) if state["pieces"][p]["kind"] == "leader"
            and world.leaders.get(p, {}).get("kind") == "roman" and state["pieces"][p]["side"] == ROMAIN
            and st.on_map(state["pieces"][p]) and st.titled(state, p) in (None, "patrice")
            and half_of_zone(world, state["pieces"][p]["zone"]) == half]


def choice_options(world, state: dict, choice: dict) -> list[str]:
    if choice["role"] == "augustus":
        return succession_pool(world, state, choice["half"])
    if choice["role"] == "usurper":
        return usurper_candidates(world, state, choice["half"])
    if choice["role"] == "escort":
        return escort_candidates(world, state)
    if choice["role"] == "rex":  # 4.5.3 (L705-707): another leader of the same people
        people = choice["people"]
        if (state.get("regna") or {}).get(people) is None:
            return []
        return [p for p in sorted(state["pieces"]) if state["pieces"][p]["kind"] == "leader"
                and world.leaders.get(p, {}).get("people") == people and st.on_map(state["pieces"][p])]
    return []


def choice_prompt(choice: dict) -> tuple[str, dict]:
    data = {"role": choice["role"], "dead": choice["dead"], "half": choice["half"]}
    if choice.get("people"):
        data["people"] = choice["people"]  # the Regnum whose king is to be named (4.5.3)
    return (f"{choice['role']}-{choice['dead']}", data)


def apply_choice(world, state: dict, choice: dict, pick: str | None, dice, events: list) -> None:
    half = choice["half"]
    if choice["role"] == "usurper":
        if pick:
            start_usurpation(world, state, pick, None, dice, events, by="honorius")
            state["honorius_usurper"] = pick
        return
    if choice["role"] == "escort":
        if pick:
            state["escort"] = {"leader": pick, "usurper": state.pop("honorius_usurper", None)}
            events.append(Event("escort_named", {"leader": pick, "augustus": VALENTINIAN}))
        state.pop("honorius_usurper", None)
        return
    if choice["role"] == "rex":
        people = choice["people"]
        regnum = (state.get("regna") or {}).get(people)
        if regnum is not None:
            regnum["rex"] = pick  # None: the Regnum has no king until one is named (DECISIONS)
            events.append(Event("rex_succeeds", {"people": people, "leader": pick, "dead": choice["dead"]}))
        return
    if pick is None:
        _no_successor(state, half, choice["dead"], events)
        return
    picked_half = half_of_zone(world, state["pieces"][pick]["zone"])
    if half == "west" and picked_half == "west":
        cp = st.leader_def(world, state, pick)["cp"] or 0
        patrice = patrice_of(state, "west")
        best = max(cp, (st.leader_def(world, state, patrice)["cp"] or 0) if patrice else 0)
        roll = dice.d6(f"approval {pick}")
        events.append(Event("approval_roll", {"leader": pick, "roll": roll, "cp": best, "approved": roll <= best}))
        if roll > best:  # L415-419 (A39): he turns usurper; an eastern leader takes the West
            start_usurpation(world, state, pick, None, dice, events, by="approval")
            eastern = succession_pool(world, state, "east")
            eastern = [p for p in eastern if half_of_zone(world, state["pieces"][p]["zone"]) == "east"]
            if eastern:
                _crown(state, eastern[0], "west", events)
            else:
                _no_successor(state, half, choice["dead"], events)
            return
    _crown(state, pick, half, events)


def fill_vacant_thrones(world, state: dict) -> None:
    """3.5.2 4/ (L423-425): an Augustus who could not be replaced stays unreplaced "until an
    eligible leader enters play": in each C, once the leaders of the year have entered, a
    half without an Augustus whose succession pool is no longer empty gets its succession
    (the same choice, the West's approval roll included). A half whose usurper has won waits
    for F (A8)."""
    waiting = {c.get("half") for c in state.get("successions") or [] if c.get("role") == "augustus"}
    for half in HALVES:
        if state["titles"]["halves"].get(half) or half in waiting or half in (state.get("usurpation_won") or {}):
            continue
        if not state.get("augustus_ever", True):
            continue
        if succession_pool(world, state, half):
            queue_choices(state, [{"role": "augustus", "side": ROMAIN, "dead": "vacant", "half": half}])


def _no_successor(state: dict, half: str, dead: str, events: list) -> None:
    """3.5.2 4/ (L423-427): no eligible leader, the Augustus is not replaced; BARBARE may
    apply a *Rex* once as if he held one: a Rex counter of the bowl goes to his hand, as the
    rulebook's other gifts do (the Honorius case's Augusta, the fleeing Augustus's
    usurpation); if none is in the bowl he holds them already (DECISIONS)."""
    events.append(Event("no_successor", {"half": half, "dead": dead}))
    hidden = state["hidden"]
    rex = next((c for c in hidden["bowl"] if c.split("#")[0] == "rex"), None)
    if rex:
        hidden["bowl"].remove(rex)
        hidden["hands"][BARBARE].append(rex)
        events.append(Event("free_rex", {"half": half}))
    _check_no_augustus(state, events)


def _crown(state: dict, pid: str, half: str, events: list) -> None:
    t = state["titles"]
    for h in HALVES:
        if t["patrices"].get(h) == pid:
            t["patrices"][h] = None
    t["halves"][half] = pid
    if pid not in t["augusti"][ROMAIN]:
        t["augusti"][ROMAIN].append(pid)
    events.append(Event("augustus_succeeds", {"leader": pid, "half": half}))


def _check_no_augustus(state: dict, events: list) -> None:
    """3.5.1 (L372-373): with no Augustus left in play the game ends in ROMAIN's defeat."""
    if not augusti_in_play(state) and not any(c["role"] == "augustus" for c in state.get("successions") or []):
        state["sudden_end"] = {"loser": ROMAIN, "year": state["year"], "reason": "no_augustus"}
        state["phase"] = "end"
        state["pending"] = None
        events.append(Event("game_end", {"year": state["year"], "vp": dict(state["vp"]), "reason": "no_augustus"}))


# -- usurpation (3.6) ------------------------------------------------------------------------------
def start_usurpation(world, state: dict, pid: str, stand_in: str | None, dice, events: list, *, by: str,
                     spread_to: str | None = None) -> None:
    """3.6.2-3.6.3: the leader turns to BARBARE as a usurper in the half where he stands;
    A/ and B/ (the family's, Augusti and Patrices not tested, A27), then C/ (UR: a diocese
    of the same half next to his, 1d10 below his CP)."""
    t = state["titles"]
    half = half_of_zone(world, state["pieces"][pid]["zone"])
    for h in HALVES:
        if t["patrices"].get(h) == pid:
            t["patrices"][h] = None
    t["usurpers"][BARBARE].append(pid)
    tested = civil_war.civil_war_a_b(world, state, pid, BARBARE, 0, dice)
    record = state["civil_war"][pid]
    record.update(half=half, stand_in=stand_in)
    for uid, lid in sorted(state.get("guards", {}).items()):
        if state["pieces"][lid]["side"] == BARBARE and state["pieces"][uid]["side"] != BARBARE:
            state["pieces"][uid]["side"] = BARBARE
    diocese = world.diocese_of(state["pieces"][pid]["zone"])
    choices = [d for d in civil_war.adjacent_dioceses(world, diocese) if world.dioceses[d]["half"] == half]
    chosen = spread_to if spread_to in choices else (choices[0] if choices else None)
    spread = None
    if chosen:
        roll = dice.d10(f"civil war {chosen}")
        spread = roll < (st.leader_def(world, state, pid)["cp"] or 0)
        events.append(Event("civil_war_spread", {"usurper": pid, "diocese": chosen, "roll": roll, "modifier": 0,
                                                 "success": spread}))
        if spread:
            tested += civil_war._loyalty_b(world, state, chosen, BARBARE, ROMAIN, record, 0, dice, pid)
    record["spread"] = chosen
    events.append(Event("usurpation", {"usurper": pid, "side": BARBARE, "by": by, "half": half,
                                       "rallied": sorted(record["leaders"]), "tested": tested}))


def usurpation_success_in_f(world, state: dict, dice, events: list) -> None:
    """3.6.4 A/-B/ (L502-509; A16: both zones of the West, Ravenna and Roma, or
    Constantinopolis, each held by a BARBARE Roman leader and a BARBARE Roman unit, and no
    Augustus in the refuge box)."""
    by_zone = st.index_by_zone(state)
    targets = {"west": [world.capital_zone("Ravenna"), _rome(world)], "east": [world.capital_zone("Constantinopolis")]}
    for usurper in sorted((state.get("civil_war") or {})):
        record = state["civil_war"][usurper]
        half = record.get("half")
        if not alive(state, usurper) or half in (state.get("usurpation_won") or {}):
            continue
        zones = [z for z in targets.get(half, []) if z]
        if zones and all(_held_by_rebels(world, state, by_zone.get(z, [])) for z in zones) \
                and not (state.get("refuge") or {}).get(half):
            state.setdefault("usurpation_won", {})[half] = usurper
            events.append(Event("usurpation_decided", {"usurper": usurper, "half": half, "capitals": zones}))


def _rome(world) -> str | None:
    return next((z for z in sorted(world.zones) if world.zones[z].get("rome")), None)


def _held_by_rebels(world, state: dict, ids: list) -> bool:
    leader = any(state["pieces"][i]["kind"] == "leader" and state["pieces"][i]["side"] == BARBARE
                 and st.leader_def(world, state, i)["people"] is None for i in ids)
    unit = any(state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == BARBARE
               and st.is_roman_unit(world, state, i) for i in ids)
    return leader and unit


def change_of_sides(world, state: dict, events: list) -> None:
    """UR 5 (L726-763), F1 (A8): a usurpation won this year changes the sides. The players
    swap and keep their points; the usurper is Augustus of his half (his (B) stand-in if he
    cannot reign); his followers and the Guerre Civile units of that half become ROMAIN's;
    the old ROMAIN's leaders stay ROMAIN's; another civil war in the other half goes on for
    the new BARBARE."""
    won = state.pop("usurpation_won", None) or {}
    if not won:
        return
    half, usurper = sorted(won.items())[0]
    t = state["titles"]
    record = (state.get("civil_war") or {}).pop(usurper, {})
    reigns = usurper
    if origin(world, usurper) == "B" and record.get("stand_in") and alive(state, record["stand_in"]):
        reigns = record["stand_in"]  # 6.2 (L827-830)
    t["usurpers"][BARBARE] = [u for u in t["usurpers"][BARBARE] if u != usurper]
    other_war = set()
    for u, rec in sorted((state.get("civil_war") or {}).items()):  # 5.5: the other half's rebels stay BARBARE
        other_war |= {u} | set(rec.get("leaders", {})) | set(rec.get("units", {}))
    for pid in [usurper, reigns] + sorted(record.get("leaders", {})) + sorted(record.get("units", {})):
        if pid in state["pieces"] and (alive(state, pid) or st.on_map(state["pieces"][pid])):
            state["pieces"][pid]["side"] = ROMAIN
    for pid, piece in sorted(state["pieces"].items()):  # 5.3, 5.6: the Roman pieces of that half
        if piece["side"] == BARBARE and st.on_map(piece) and pid not in other_war \
                and st.people_of(world, state, pid) is None and half_of_zone(world, piece["zone"]) == half:
            piece["side"] = ROMAIN
    for uid, lid in sorted(state.get("guards", {}).items()):
        if state["pieces"][lid]["side"] == ROMAIN:
            state["pieces"][uid]["side"] = ROMAIN
    old = t["halves"].get(half)  # alive (A/-B/): he loses the title and serves the new ROMAIN
    if old and old != reigns:
        t["patrices"][half] = t["patrices"].get(half) if t["patrices"].get(half) != old else None
    t["halves"][half] = reigns
    t["augusti"][ROMAIN] = [a for a in (t["halves"].get(h) for h in HALVES) if a]
    swap_players(state, (ROMAIN, BARBARE))
    events.append(Event("sides_changed", {"usurper": usurper, "augustus": reigns, "half": half,
                                          "vp": dict(state["vp"]), "seats": dict(state["seats"])}))
    civil_war.civil_war_failures(world, state, events)


def fleeing_augustus(world, state: dict, events: list) -> None:
    """3.6.6 (L535-540): an Augustus outside his half at F gives BARBARE a usurpation counter
    of that half on top of next year's draw (taken from the bowl if one is there)."""
    hidden = state["hidden"]
    for half, counter in (("west", "usurpation-occident"), ("east", "usurpation-orient")):
        a = augustus_of(state, half)
        if not a or not st.on_map(state["pieces"][a]) or half_of_zone(world, state["pieces"][a]["zone"]) == half:
            continue
        copy = next((c for c in hidden["bowl"] if c.split("#")[0] == counter), None)
        if copy:
            hidden["bowl"].remove(copy)
            hidden["hands"][BARBARE].append(copy)
            events.append(Event("augustus_fled", {"augustus": a, "half": half}))


def half_of(state: dict, pid: str) -> str | None:
    return half_of_title(state, pid)
