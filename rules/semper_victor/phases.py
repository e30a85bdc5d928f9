"""Semper Victor's own parts of the year (SV 2, L107-174): its opening position, the
leaders entering in C and the war-entry draw, the geostrategy choices, the Pax Romana
condition, the SMC count, the co-emperors of D and their veto, the Dux and fleets coming
back, and the review of F (change of sides, diocese control, victory points,
adjustments). The shared skeleton that calls them is ``rules/imperator/sequence.py``.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import emperors
from rules.imperator import peoples as peoples_mod
from rules.imperator import plays as plays_mod
from rules.imperator import state as st
from rules.imperator.adjustments import roman_adjustments
from rules.imperator.places import free_zone_of_diocese
from rules.imperator.sequence import (blank_piece, fleets_adjustment, fleets_return, offer_leader_placement,
                                      placement_choices)
from rules.imperator.vp import add_vp
from rules.imperator.world import World
from rules.semper_victor import deployment
from rules.semper_victor import battles, constantinople, stratagems
from rules.semper_victor import nominations as nominations_mod
from rules.semper_victor import emperors as sv_emperors

DECOYS = 5  # SV 2.C, L127: five Leurres in the war-entry bowl
ENTRY_CAPITALS = {"M": "Mediolanum", "T": "Treveri", "S": "Sirmium", "N": "Nicomedia"}  # L1030


# -- setting up --------------------------------------------------------------------------------
def new_state(world: World, scenario: dict, options: dict, *, ruleset: str, version: str, bowl: list) -> dict:
    """The opening position of a scenario, before phase A of its first year."""
    control = dict(sorted(scenario["control"].items()))
    pieces = {}
    for lid in sorted(world.leaders):
        pieces[lid] = blank_piece("leader")
    for uid in sorted(world.units):
        pieces[uid] = blank_piece("unit")
    state = {
        "ruleset": ruleset, "version": version,
        "scenario": str(scenario["id"]), "options": dict(sorted(options.items())),
        "year": scenario["first_year"], "first_year": scenario["first_year"], "last_year": scenario["last_year"],
        "phase": "A", "step": "start",
        "initiative": None, "active": None,
        "smc": {"total": 0, "left": {"PRIMUS": 0, "SECONDUS": 0}, "played": 0, "last": None},
        "titles": {
            "primus_augustus": scenario["primus_augustus"],
            "secundus_augustus": scenario.get("secundus_augustus"),
            "augusti": {s: list(scenario.get("augusti", {}).get(s, [])) for s in world.title.sides},
            "caesars": {s: list(scenario.get("caesars", {}).get(s, [])) for s in world.title.sides},
            "usurpers": {s: [] for s in world.title.sides},
        },
        "pieces": pieces,
        "control": control,
        "peoples": {},
        "fleets": {},
        "vp": {"PRIMUS": int(scenario.get("vp", {}).get("PRIMUS", 0)), "SECONDUS": int(scenario.get("vp", {}).get("SECONDUS", 0))},
        "pax_romana": False,
        "protectores": {"PRIMUS": scenario["primus_augustus"], "SECONDUS": scenario.get("secundus_augustus")},
        "war_bowl": {"locked": {}},
        "hidden": {"hands": {"PRIMUS": [], "SECONDUS": []}, "bowl": list(bowl), "removed": [],
                   "reactions": {"PRIMUS": {}, "SECONDUS": {}}},
        "current": None,
        "pending": None,
        "log": {"steps": 0, "events": 0},
    }
    at_war = set(scenario.get("peoples_at_war") or [])
    for pid in sorted(world.peoples):
        state["peoples"][pid] = {"status": "war" if pid in at_war else "peace", "controller": None, "locked_until": None}
    derive_people_control(world, state)
    for entry in scenario.get("leaders") or []:
        pieces[entry["id"]].update(zone=entry["zone"], side=entry["side"])
    for entry in scenario.get("people_leaders") or []:
        people = world.leaders.get(entry["id"], {}).get("people")
        pieces[entry["id"]].update(zone=entry["zone"], side=entry.get("side") or state["peoples"].get(people, {}).get("controller"))
    for entry in scenario.get("people_units") or []:
        people = world.units.get(entry["id"], {}).get("people")
        pieces[entry["id"]].update(zone=entry["zone"], side=entry.get("side") or state["peoples"].get(people, {}).get("controller"))
    for entry in scenario.get("units") or []:
        pieces[entry["id"]].update(zone=entry["zone"], side=entry.get("side") or _side_at(world, state, entry["zone"]))
    for pid in sorted(world.ports):
        port = world.ports[pid]
        fleet = port.get("fleet") or pid
        side = (scenario.get("fleets") or {}).get(fleet) or control.get(world.diocese_of(port["zone"]))
        state["fleets"][fleet] = {"side": side, "at": pid, "cargo": [], "out_until": None}
    return state

def _side_at(world: World, state: dict, zone: str) -> str | None:
    """A Roman unit placed in a zone: the side of the Roman leaders there, else the
    diocese's controller (SV 3.7.2)."""
    sides = {p["side"] for pid, p in state["pieces"].items() if p["zone"] == zone and p["kind"] == "leader"
             and p["side"] and world.leaders.get(pid, {}).get("kind") != "non_roman"}
    if len(sides) == 1:
        return sides.pop()
    return state["control"].get(world.diocese_of(zone))

def derive_people_control(world: World, state: dict) -> None:
    """SV 4.4.1 (L536-540): each people is controlled by the opponent of the side holding
    its band diocese; Armenia by the side holding Oriens (SV 4.4.2, L552)."""
    for pid in sorted(state["peoples"]):
        record = world.peoples.get(pid, {})
        band = record.get("band")
        holder = state["control"].get(band)
        if record.get("class") == "ally":
            controller = holder
        else:
            controller = st.other(holder) if holder else None
        state["peoples"][pid]["controller"] = controller
    for pid, piece in sorted(state["pieces"].items()):
        people = st.people_of(world, state, pid)
        if people:
            piece["side"] = state["peoples"].get(people, {}).get("controller", piece["side"])

# -- C: geostrategy (SV 2.C, L122-136) ----------------------------------------------------------------
def leader_entries(world: World, state: dict, dice, events: list) -> None:
    """C1: Roman leaders entering this year (SV 3.3.1, L1025-1031; A30); Persian kings by
    date and eliminated non-Roman leaders back on a unit of their people (SV 4.2.1; A9, A70)."""
    for lid in sorted(world.leaders):
        if world.leaders[lid].get("kind") == "non_roman":
            placed = _non_roman_return(world, state, lid)
        else:
            placed = _roman_entry(world, state, lid, dice)
        if placed:
            events.append(Event("leader_enters", dict(leader=lid, **placed)))

def _non_roman_return(world: World, state: dict, lid: str) -> dict | None:
    record, piece, year = world.leaders[lid], state["pieces"][lid], state["year"]
    entry_year = (record.get("entry") or {}).get("year")
    leaves = record.get("leaves")
    if piece.get("gone") or (entry_year or 0) > year:
        return None
    enters = entry_year == year and piece["zone"] is None and not piece["eliminated"]
    returns = piece["eliminated"] and piece.get("eliminated_year", year) < year and (leaves is None or year <= leaves)
    if not (enters or returns):
        return None
    people = record.get("people")
    host = _first_unit_of_people(world, state, people)
    if host is None:
        return None  # no unit of his people on the map: he waits
    side = state["peoples"].get(people, {}).get("controller")
    piece.update(zone=state["pieces"][host]["zone"], eliminated=False, aboard=None, side=side)
    hosts = sorted({state["pieces"][u]["zone"] for u in sorted(state["pieces"]) if state["pieces"][u]["kind"] == "unit"
                    and st.on_map(state["pieces"][u]) and st.people_of(world, state, u) == people})
    if len(hosts) > 1 and side in st.sides(state):  # SV 4.2.1 (L478): on any unit of his people, the owner's choice
        offer_leader_placement(state, lid, hosts)
    return {"zone": piece["zone"], "side": side}

def _roman_entry(world: World, state: dict, lid: str, dice) -> dict | None:
    entry, piece = world.leaders[lid].get("entry") or {}, state["pieces"][lid]
    if entry.get("year") != state["year"] or not entry.get("zone") or piece["zone"] is not None or piece["eliminated"]:
        return None
    code = entry["zone"]
    zone = side = None
    record = world.leaders[lid]
    father = record.get("father")
    if lid == "licinianus" or father == "licinius":  # SV L1047: not if Licinius is dead
        if state["pieces"].get("licinius", {}).get("gone") or not emperors.alive(state, "licinius"):
            piece["gone"] = True
            return None
    elif father == "constantin" and state["pieces"].get("constantin", {}).get("gone"):  # SV L1045
        died = state["pieces"]["constantin"].get("died") or 0
        if died < (record.get("born") or 0):
            piece["gone"] = True  # never born in this history
            return None
        code = "T" if dice.d6(f"entry {lid}") % 2 == 0 else "N"
    if code in ENTRY_CAPITALS:
        zone = world.capital_zone(ENTRY_CAPITALS[code])
        side = state["control"].get(world.diocese_of(zone)) if zone else None
    elif code in ("C", "L"):
        father = state["pieces"].get("constantin" if code == "C" else "licinius")
        if father and st.on_map(father):
            zone, side = father["zone"], father["side"]
    zone = free_zone_of_diocese(world, state, zone, side) if zone else None
    if zone is None:
        return None
    piece.update(zone=zone, side=side)
    if side == "PRIMUS" and not state["titles"].get("primus_augustus"):  # A32: PRIMUS had no one
        state["titles"]["primus_augustus"] = lid
        state["titles"]["augusti"]["PRIMUS"].append(lid)
    return {"zone": zone, "side": side, "code": code}

def _first_unit_of_people(world: World, state: dict, people: str | None) -> str | None:
    for uid in sorted(state["pieces"]):
        p = state["pieces"][uid]
        if p["kind"] == "unit" and st.on_map(p) and st.people_of(world, state, uid) == people:
            return uid
    return None

def war_entry_draw(world: World, state: dict, dice, events: list) -> None:
    """SV 2.C (L127), 4.2.2: one marker from the 5 majors and 5 decoys; a major at peace
    goes to war. Majors pacified by arms stay out for 5 years (SV 9.4, A27)."""
    year = state["year"]
    majors = sorted(p for p, r in world.peoples.items() if r.get("class") == "major"
                    and (state["war_bowl"]["locked"].get(p) or 0) <= year)
    bowl = majors + [f"decoy-{i}" for i in range(1, DECOYS + 1)]
    drawn = dice.pick(bowl, "war entry")
    data = {"drawn": drawn if not drawn.startswith("decoy") else "decoy", "entered_war": None}
    if drawn in state["peoples"] and state["peoples"][drawn]["status"] != "war":
        state["peoples"][drawn]["status"] = "war"
        data["entered_war"] = drawn
        data["controller"] = state["peoples"][drawn]["controller"]
    events.append(Event("war_entry_draw", data))

def geostrategy_choices(world: World, state: dict, side: str) -> dict:
    """What the side may do in C3-C5: its legal C plays, the launch of Constantinople, the
    placement of its leaders entering on a unit of their people."""
    out = {}
    plays = plays_mod.legal_plays(world, state, side, "C")
    if plays:
        out["plays"] = plays
    if constantinople.may_launch(world, state, side):
        out["constantinople"] = True
    mine = placement_choices(state, side)
    if mine:
        out["place"] = mine
    return out


def geostrategy_answer(world: World, state: dict, side: str, orders: dict, dice, events: list) -> None:
    """C3-C5 (A27): Constantinople, then the uprisings and usurpations played."""
    if orders.get("constantinople"):
        constantinople.launch(state, events)
    for play in orders.get("play") or []:
        if play["stratagem"] in plays_mod.UPRISINGS:
            stratagems.apply_uprising(world, state, side, play, events)
        else:
            stratagems.apply_usurpation(world, state, side, play, dice, events)


def pax_romana_applies(world: World, state: dict) -> bool:
    """SV 2.C (L132): no people at war, no Secundus Augustus, no usurpation."""
    at_war = any(v["status"] == "war" for p, v in state["peoples"].items()
                 if world.peoples.get(p, {}).get("class") != "ally")
    t = state["titles"]
    secundus = t.get("secundus_augustus")
    secundus_alive = bool(secundus) and not state["pieces"].get(secundus, {}).get("eliminated", True)
    usurping = any(t["usurpers"].get(s) for s in st.sides(state))
    return not at_war and not secundus_alive and not usurping


def pax_romana_watch(world: World, state: dict) -> list[str]:
    """A26: the death of a lone Primus Augustus breaks the Pax Romana."""
    lone_primus = not [a for a in state["titles"]["augusti"]["PRIMUS"]
                       if a != state["titles"]["primus_augustus"] and emperors.alive(state, a)]
    primus = state["titles"]["primus_augustus"]
    return [primus] if lone_primus and primus else []


# -- D: administration (SV 2.D, L138-146) --------------------------------------------------------------
def smc_total(world: World, state: dict) -> int:
    """VS of the Primus Augustus + the best VS among SECONDUS's leaders in play, Roman or
    not, a Pax Romana face not counting (SV 2.D, L140; A24)."""
    primus = state["titles"]["primus_augustus"]
    primus_vs = 0
    if primus and primus in state["pieces"] and not state["pieces"][primus]["eliminated"]:
        primus_vs = st.leader_def(world, state, primus)["vs"]
    best = 0
    for pid in sorted(state["pieces"]):
        p = state["pieces"][pid]
        if p["kind"] == "leader" and p["side"] == "SECONDUS" and st.leader_in_play(world, state, pid):
            best = max(best, st.leader_def(world, state, pid)["vs"])
    return primus_vs + best

def administration_prompts(world: World, state: dict, dice, events: list) -> bool:
    """D4 (SV 3.5.1): PRIMUS names co-emperors first, then SECONDUS, whose candidates PRIMUS
    may veto; False while a nomination or a veto is awaited."""
    d = state["d_stage"]
    if d["vetoes"]:  # D4: a SECONDUS candidate awaits PRIMUS's word
        nom = d["vetoes"][0]
        standing = (state["hidden"]["reactions"].get("PRIMUS") or {}).get("veto")
        if standing in ("always", "never"):
            answer_veto(state, nom, standing == "always", events)
            return administration_prompts(world, state, dice, events)
        state["pending"] = {"role": "PRIMUS", "kind": "veto", "key": f"{state['year']}/D/veto-{nom['leader']}",
                            "data": {"candidate": nom["leader"], "title": nom["title"]}}
        return False
    while d["queue"]:  # D4, SV 3.5.1: PRIMUS names first, then SECONDUS
        side = d["queue"][0]
        skip = (state["hidden"]["reactions"].get(side) or {}).get("nominate") == "never"
        if not skip and nominations_mod.candidates(world, state, side):
            state["pending"] = {"role": side, "kind": "nominations",
                                "key": f"{state['year']}/D/nominations-{side.lower()}-{len(d['vetoed'])}", "data": {}}
            return False
        d["queue"].pop(0)
    return True


def answer(world: World, state: dict, pending: dict, orders: dict, dice, events: list) -> None:
    """The limitanei's deployment at set-up (3.3.2), the nominations of D and PRIMUS's veto."""
    if pending["kind"] == deployment.KIND:
        deployment.answer(world, state, pending["role"], orders, events)
        return
    if pending["kind"] == "nominations":
        d = state["d_stage"]
        side = pending["role"]
        for nom in orders.get("nominate") or []:
            if side == "SECONDUS" and nominations_mod.vetoable(state, nom):
                d["vetoes"].append(dict(nom))
            else:
                nominations_mod.give_title(state, side, nom, events)
        if d["queue"] and d["queue"][0] == side:
            d["queue"].pop(0)
        return
    if pending["kind"] == "veto":
        nom = next(n for n in state["d_stage"]["vetoes"] if n["leader"] == pending["data"]["candidate"])
        answer_veto(state, nom, bool(orders.get("veto")), events)


def answer_veto(state: dict, nom: dict, veto: bool, events: list) -> None:
    d = state["d_stage"]
    d["vetoes"].remove(nom)
    if veto:  # A36: the slot may be filled once more, without a veto
        d["vetoed"].append(nom["title"])
        events.append(Event("veto", {"leader": nom["leader"], "title": nom["title"]}))
        if "SECONDUS" not in d["queue"]:
            d["queue"].append("SECONDUS")
    else:
        nominations_mod.give_title(state, "SECONDUS", nom, events)

def reinforcements(world: World, state: dict, events: list) -> None:
    """SV 2.D6: a Dux eliminated last turn returns to his capital (L223, A8); a fleet comes
    back after 5 full turns away (L787-789), to the side holding its port's diocese."""
    for lid in sorted(world.leaders):
        record, piece = world.leaders[lid], state["pieces"][lid]
        if record.get("kind") == "dux" and piece["eliminated"] and piece.get("eliminated_year", state["year"]) < state["year"]:
            zone = world.capital_zone(record.get("capital") or "")
            if zone:
                side = state["control"].get(world.diocese_of(zone))
                piece.update(zone=zone, side=side, eliminated=False, aboard=None)
                events.append(Event("leader_enters", {"leader": lid, "zone": zone, "side": side, "code": "dux"}))
    fleets_return(world, state, events, lambda port: state["control"].get(world.diocese_of(port["zone"])))


# -- F: campaign review (SV 2.F, L164-174) -----------------------------------------------------------
def review_f1_to_f4(world: World, state: dict, dice, events: list) -> None:
    sv_emperors.change_of_sides(world, state, events)  # F1, SV 5
    diocese_control(world, state, events)  # F2, SV 3.7.3
    derive_people_control(world, state)  # SV 4.4.1
    fleet_control(world, state)
    battles.refresh_unit_sides(world, state)
    constantinople.completion_in_f(world, state, events)  # SV 3.1.2 (A13)
    stratagems.markers_in_f(world, state, events)  # SV 6.3, 10.1: markers removed or scored
    pacified = peoples_mod.pacified_by_arms(world, state)  # A56: scored in F3, applied in F4
    victory_points_f(world, state, events, pacified)  # F3, SV 10.1, 10.2
    fleets_adjustment(world, state, events)  # F4, SV 9.2
    roman_adjustments(world, state, events)  # SV 9.3
    peoples_mod.non_roman_adjustments(world, state, events, pacified)  # SV 9.4
    battles.refresh_unit_sides(world, state)
    persian_kings_leave(world, state, events)
    state["year_event"] = None


def end_of_game(world: World, state: dict, events: list) -> None:
    """SV 10.2: PRIMUS scores 5 at the end of the game."""
    add_vp(state, "PRIMUS", 5, "primus_at_end", events)


def diocese_control(world: World, state: dict, events: list) -> None:
    """SV 3.7.3 (L450-458): the other side takes a diocese by holding, at the end of the
    turn, its capital zone (or its city zone, or both city zones) with at least one leader
    and one unit; non-Roman units do not count."""
    by_zone = st.index_by_zone(state)
    for diocese in sorted(state["control"]):
        holder = state["control"][diocese]
        zones = world.control_zones(diocese)
        if not zones:
            continue
        rival = st.other(holder)
        if all(_holds(world, state, by_zone.get(z, []), rival) for z in zones):
            state["control"][diocese] = rival
            events.append(Event("control_change", {"diocese": diocese, "from": holder, "to": rival}))

def _holds(world: World, state: dict, ids: list, side: str) -> bool:
    leader = any(state["pieces"][i]["kind"] == "leader" and state["pieces"][i]["side"] == side
                 and st.leader_def(world, state, i)["people"] is None for i in ids)
    unit = any(state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == side
               and st.is_roman_unit(world, state, i) for i in ids)
    return leader and unit

def fleet_control(world: World, state: dict) -> None:
    """A52: a fleet belongs to the side holding the diocese of its port."""
    for fid, fleet in sorted(state["fleets"].items()):
        port = world.port_of_fleet(fid)
        if port and not fleet.get("out_until"):
            fleet["side"] = state["control"].get(world.diocese_of(port["zone"]), fleet["side"])

def victory_points_f(world: World, state: dict, events: list, pacified: list | None = None) -> None:
    """SV 10.1 (X/3 per F) and the parts of 10.2 this issue can compute."""
    add = add_vp
    by_zone = st.index_by_zone(state)
    for side in st.sides(state):
        held = sum(1 for s in state["control"].values() if s == side)
        add(state, side, held // 3, "dioceses_held", events, dioceses=held)
    t = state["titles"]
    capitals = {z for z in world.zones if world.zones[z].get("capital")}
    primus, secundus = t.get("primus_augustus"), t.get("secundus_augustus")
    if primus and state["pieces"].get(primus, {}).get("zone") in capitals:
        add(state, "PRIMUS", 1, "primus_augustus_in_capital", events)
    if not any(t["usurpers"].get(s) for s in st.sides(state)):
        add(state, "PRIMUS", 1, "no_civil_war", events)
    secundus_alive = bool(secundus) and not state["pieces"].get(secundus, {}).get("eliminated", True)
    if not secundus_alive:
        add(state, "PRIMUS", 3, "no_secundus_augustus", events)
    elif state["pieces"][secundus].get("zone") in capitals:
        add(state, "SECONDUS", 1, "secundus_augustus_in_capital", events)
    if t["usurpers"].get("SECONDUS"):
        add(state, "SECONDUS", 3, "usurpation_against_primus", events)
    if state.get("pax_romana"):
        add(state, "PRIMUS", 2, "pax_romana", events)
        add(state, "SECONDUS", 1, "pax_romana", events)
    # non-Roman units in the other side's dioceses (A59: any controller; 3 per capital zone)
    for side in st.sides(state):
        units_in, capital_zones = 0, 0
        for zone, ids in sorted(by_zone.items()):
            diocese = world.diocese_of(zone)
            if not diocese or state["control"].get(diocese) != st.other(side):
                continue
            n = sum(1 for i in ids if state["pieces"][i]["kind"] == "unit" and not st.is_roman_unit(world, state, i))
            units_in += n
            if n and zone in capitals:
                capital_zones += 1
        add(state, side, units_in, "non_roman_units_in_enemy_dioceses", events)
        add(state, side, 3 * capital_zones, "non_roman_units_in_enemy_capitals", events)
    # peoples pacified by arms (SV 10.2 L843, L851): 1 per minor, 2 per major, to the
    # enemy of the people's controller
    for people in pacified or []:
        controller = state["peoples"][people].get("controller")
        if controller in st.sides(state):
            points = 2 if world.peoples.get(people, {}).get("class") == "major" else 1
            add(state, st.other(controller), points, "people_pacified_by_arms", events, people=people)

def persian_kings_leave(world: World, state: dict, events: list) -> None:
    """SV 4.2.1 (L482): Hormoz II leaves in F of 309."""
    for lid in sorted(world.leaders):
        leaves = world.leaders[lid].get("leaves")
        if leaves and state["year"] >= leaves and not state["pieces"][lid].get("gone"):
            piece = state["pieces"][lid]
            piece.update(zone=None, eliminated=True, gone=True, aboard=None)
            events.append(Event("leader_leaves", {"leader": lid}))
