"""Ultimus Romanorum's own parts of the year (UR 2, L113-227): the opening position of a
scenario, the leaders entering in C (the two entry tables, L1552-1686), the geostrategy
choices, the Pax Romana condition (L146-153), the initiative and SMC formulas (L121-174),
the generic leaders and fleets coming back in D, and the review of F (L206-227: the change
of sides, control, victory points, adjustments). The skeleton that calls them is
``rules/imperator/sequence.py``.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import events as year_events
from rules.imperator import plays as plays_mod
from rules.imperator import state as st
from rules.imperator.places import free_zone_of_diocese
from rules.imperator.sequence import blank_piece, opening_state, fleets_adjustment, fleets_return, offer_leader_placement, placement_choices
from rules.imperator.titles import alive
from rules.imperator.world import World
from rules.ultimus_romanorum import adjustments, battles, emperors, peoples, scoring
from rules.ultimus_romanorum import stratagems as ur_stratagems
from rules.ultimus_romanorum.halves import BARBARE, HALVES, ROMAIN, augusti_in_play, controller_for, zone_controller


# -- setting up (the scenarios, data/scenarios/*.yaml) ----------------------------------------------
def new_state(world: World, scenario: dict, options: dict, *, ruleset: str, version: str, bowl: list) -> dict:
    """The opening position of a scenario, before phase A of its first year."""
    sides = (ROMAIN, BARBARE)
    pieces = {pid: blank_piece("leader") for pid in sorted(world.leaders)}
    pieces.update({uid: blank_piece("unit") for uid in sorted(world.units)})
    augusti = {h: scenario.get("augusti", {}).get(h) for h in HALVES}
    state = opening_state(scenario, options, ruleset=ruleset, version=version, sides=sides, bowl=bowl)
    state.update(
        titles={"augusti": {ROMAIN: [a for a in augusti.values() if a], BARBARE: []},
                "caesars": {ROMAIN: [], BARBARE: []}, "usurpers": {ROMAIN: [], BARBARE: []},
                "halves": augusti, "patrices": {h: scenario.get("patrices", {}).get(h) for h in HALVES}},
        pieces=pieces, peoples={}, guards={}, fleets={},
        alliances={k: sorted(v) for k, v in sorted((scenario.get("alliances") or {}).items())},
        freed_vassals=sorted(scenario.get("freed_vassals") or []),
        regna={k: v for k, v in sorted((scenario.get("regna") or {}).items())})
    statuses = scenario.get("peoples") or {}
    for pid in sorted(world.peoples):
        status = "foederati" if st.is_ally_people(world, pid) else statuses.get(pid, "peace")
        state["peoples"][pid] = {"status": status, "controller": controller_for(world, pid, status)}
    for entry in scenario.get("leaders") or []:
        pieces[entry["id"]].update(zone=entry["zone"], side=entry.get("side") or ROMAIN)
    for entry in (scenario.get("people_leaders") or []):
        people = world.leaders[entry["id"]].get("people")
        pieces[entry["id"]].update(zone=entry["zone"], side=entry.get("side") or state["peoples"][people]["controller"])
    for entry in scenario.get("units") or []:
        pieces[entry["id"]].update(zone=entry["zone"], side=entry.get("side") or side_at(world, state, entry["zone"]))
    for entry in scenario.get("people_units") or []:
        people = world.units[entry["id"]].get("people")
        pieces[entry["id"]].update(zone=entry["zone"], side=entry.get("side") or state["peoples"][people]["controller"])
    for entry in scenario.get("buccellarii") or []:
        leader = pieces[entry["leader"]]
        pieces[entry["unit"]].update(zone=leader["zone"], side=leader["side"])
        state["guards"][entry["unit"]] = entry["leader"]
    for pid in list(scenario.get("units_out") or []) + list(scenario.get("absent") or []):
        pid = pid["id"] if isinstance(pid, dict) else pid
        pieces[pid].update(gone=True, eliminated=True)
    for pid in sorted(world.ports):
        port = world.ports[pid]
        fleet = port.get("fleet") or pid
        side = (scenario.get("fleets") or {}).get(fleet) or ROMAIN
        state["fleets"][fleet] = {"side": side, "at": pid, "cargo": [], "out_until": None}
    return state


def side_at(world: World, state: dict, zone: str) -> str:
    """A Roman unit placed without a side: the side of the Roman leaders with it, else the
    zone's controller (UR 3.1.3, 3.7: ROMAIN unless a BARBARE unit occupies it)."""
    sides = {p["side"] for pid, p in sorted(state["pieces"].items()) if p.get("zone") == zone
             and p["kind"] == "leader" and p["side"] and world.leaders.get(pid, {}).get("kind") != "non_roman"}
    if len(sides) == 1:
        return sides.pop()
    return zone_controller(world, state, zone)


# -- B: initiative (L121-130) ---------------------------------------------------------------------
def initiative_cp(world: World, state: dict) -> int:
    """ROMAIN wins the roll below the lowest CP of the Augusti in play (L122-124); an Augusta
    played last year for the initiative makes it sure (A9: 7 beats any d6)."""
    if state.get("augusta_initiative") == state["year"]:
        return 7
    cps = [st.leader_def(world, state, a)["cp"] or 0 for a in augusti_in_play(state)]
    return min(cps) if cps else 0


def initiative_plays(world: World, state: dict, side: str, reversing: bool) -> list[dict]:
    """The loser of the roll may reverse it with *Initiative* (L125-126, L885), unless an
    Augusta gave ROMAIN this year's initiative (L795-803: it cancels the counter; A9: the
    Augusta, a C or E counter, is played the year before); nothing answers a reversal."""
    if reversing or state.get("augusta_initiative") == state["year"]:
        return []
    return [{"stratagem": "initiative"}] if plays_mod.held(state, side, "initiative") else []


# -- C: geostrategy (L131-153) --------------------------------------------------------------------
def phase_c_start(world: World, state: dict, dice, events: list) -> None:
    """C1: the leaders of the tables entering this year and the generic barbarian leaders
    coming back (3.3.1, 4.2.1; A10, A17)."""
    for lid in sorted(world.leaders):
        record = world.leaders[lid]
        if record.get("kind") == "roman":
            placed = _roman_entry(world, state, lid)
        elif record.get("kind") == "non_roman":
            placed = _people_leader_entry(world, state, lid)
        else:
            placed = None
        if placed:
            events.append(Event("leader_enters", dict(leader=lid, **placed)))
    emperors.fill_vacant_thrones(world, state)


def _entry_zone(world: World, code: str | None) -> str | None:
    raw = getattr(world, "_entry_codes", None)
    if raw is None:
        from rules.imperator.world import _load

        raw = world._entry_codes = {e["code"]: e["zone"] for e in (_load(world.data_dir / "leaders.yaml") or {}).get("entry_codes", [])}
    return raw.get(code)


def _waits_for(world: World, state: dict, lid: str) -> bool:
    """A leader who follows another enters after that one's death (L1627-1628, L1674-1676)."""
    follows = world.leaders[lid].get("follows")
    return bool(follows) and alive(state, follows) or bool(follows) and not state["pieces"][follows].get("died") \
        and not state["pieces"][follows].get("gone")


def _roman_entry(world: World, state: dict, lid: str) -> dict | None:
    """A Roman leader of the table enters ROMAIN's in his code's zone in the C of his year,
    or the first later year it is free of enemy units (A10); a leader who follows another
    waits for his death."""
    record, piece = world.leaders[lid], state["pieces"][lid]
    entry = record.get("entry") or {}
    if not entry.get("year") or entry["year"] > state["year"] or piece.get("zone") or piece.get("eliminated") \
            or piece.get("gone") or piece.get("entered"):
        return None
    if _waits_for(world, state, lid):
        return None
    zone = _entry_zone(world, entry.get("code"))
    zone = free_zone_of_diocese(world, state, zone, ROMAIN) if zone else None
    if zone is None:
        return None
    piece.update(zone=zone, side=ROMAIN, entered=True)
    return {"zone": zone, "side": ROMAIN, "code": entry.get("code")}


def _people_leader_entry(world: World, state: dict, lid: str) -> dict | None:
    """A barbarian leader of the table enters on a unit of his people (L1667-1668) in his
    year after his predecessor's death; a generic one eliminated comes back in the next C
    (4.2.1, L583-585). His owner may choose among the zones of his people's units."""
    record, piece, year = world.leaders[lid], state["pieces"][lid], state["year"]
    if piece.get("gone"):
        return None
    if record.get("generic"):
        if not (piece.get("eliminated") and piece.get("eliminated_year", year) < year):
            return None
    else:
        entry_year = (record.get("entry") or {}).get("year")
        if not entry_year or entry_year > year or piece.get("zone") or piece.get("eliminated") or piece.get("entered"):
            return None
        if _waits_for(world, state, lid):
            return None
        if record.get("same_person") and state["pieces"].get(record["same_person"], {}).get("zone"):
            other = state["pieces"][record["same_person"]]  # Gondebaud the general becomes king (L1684-1685)
            other.update(zone=None, eliminated=True, gone=True)
    people = record.get("people")
    hosts = sorted({state["pieces"][u]["zone"] for u in peoples.units_of(world, state, people)
                    if st.on_map(state["pieces"][u])})
    if not hosts:
        return None  # no unit of his people on the map: he waits
    side = state["peoples"][people]["controller"]
    piece.update(zone=hosts[0], eliminated=False, aboard=None, side=side, entered=True)
    if len(hosts) > 1:
        offer_leader_placement(state, lid, hosts)
    return {"zone": hosts[0], "side": side}


def geostrategy_choices(world: World, state: dict, side: str) -> dict:
    """C2-C4: the side's legal C counters (BARBARE's uprisings and usurpations, Rex,
    Alliance, Rébellion, Concile, the Augustae) and its leaders' placements; what is empty
    is left out."""
    found = {"plays": plays_mod.legal_plays(world, state, side, "C"), "place": placement_choices(state, side)}
    return {key: value for key, value in found.items() if value}


def geostrategy_answer(world: World, state: dict, side: str, orders: dict, dice, events: list) -> None:
    """The C counters, in the order written (uprisings L140-142, usurpations L144-145)."""
    for play in orders.get("play") or []:
        if not plays_mod.problems(world, state, side, play, "C"):
            ur_stratagems.apply_c(world, state, side, play, dice, events)


def geostrategy_public(choices: dict) -> bool:
    """A placement is asked even of a player who passes (A74 of the family)."""
    return "place" in choices


def pax_romana_applies(world: World, state: dict) -> bool:
    """L146-149: no non-Roman people at war with Rome (revolted Foederati and Regna are),
    no usurpation in progress."""
    at_war = any(v["status"] in ("war", "revolted", "regnum") for p, v in state["peoples"].items()
                 if not st.is_ally_people(world, p))
    return not at_war and not any(state["titles"]["usurpers"].get(s) for s in (ROMAIN, BARBARE))


def pax_romana_watch(world: World, state: dict) -> list[str]:
    """L150-153: the death of an Augustus breaks the Pax Romana."""
    return augusti_in_play(state)


# -- D: administration (L154-186) ----------------------------------------------------------------
def smc_total(world: World, state: dict) -> int:
    """D1 (L155-162): half the two Augusti's VS rounded up (a lone Augustus's whole VS), plus
    the best VS among BARBARE's leaders in play, Roman or not; a Pax Romana face is not in
    play (A6: a BARBARE without a leader adds 0)."""
    vs = [st.leader_def(world, state, a)["vs"] for a in augusti_in_play(state)]
    roman = -(-sum(vs) // 2) if len(vs) == 2 else sum(vs)
    best = 0
    for pid in sorted(state["pieces"]):
        p = state["pieces"][pid]
        if p["kind"] == "leader" and p["side"] == BARBARE and st.leader_in_play(world, state, pid):
            best = max(best, st.leader_def(world, state, pid)["vs"])
    return roman + best


def d_stage(state: dict) -> dict:
    return {"year": state["year"], "queue": [ROMAIN]}


def administration_prompts(world: World, state: dict, dice, events: list) -> bool:
    """D4 (L178-180): ROMAIN may appoint Patrices (``patrices`` prompt) while a half has an
    Augustus and no Patrice and a candidate stands there."""
    d = state["d_stage"]
    while d["queue"]:
        side = d["queue"][0]
        skip = (state["hidden"]["reactions"].get(side) or {}).get("patrice") == "never"
        if not skip and emperors.patrice_candidates(world, state):
            state["pending"] = {"role": side, "kind": "patrices", "key": f"{state['year']}/D/patrices", "data": {}}
            return False
        d["queue"].pop(0)
    return True


def answer(world: World, state: dict, pending: dict, orders: dict, dice, events: list) -> None:
    """The Patrices named in D."""
    if pending["kind"] == "patrices":
        for pid in orders.get("patrice") or []:
            if pid in emperors.patrice_candidates(world, state):
                emperors.make_patrice(world, state, pid, events)
        d = state["d_stage"]
        if d["queue"] and d["queue"][0] == pending["role"]:
            d["queue"].pop(0)


def reinforcements(world: World, state: dict, events: list) -> None:
    """D6 (L186): the generic Roman leaders eliminated last turn (3.3.1, L288-295), the
    Palatini of the table's reinforcements (L1700-1707), fleets back after five turns (9.2)."""
    for lid in sorted(world.leaders):
        record, piece = world.leaders[lid], state["pieces"][lid]
        if record.get("kind") != "generic" or not piece.get("eliminated") or piece.get("gone"):
            continue
        if piece.get("eliminated_year", state["year"]) >= state["year"]:
            continue
        zone = _generic_zone(world, state, record.get("zone"))
        if zone is None:
            piece["gone"] = True  # no free zone in his diocese: eliminated for good (L293-295)
            events.append(Event("leader_leaves", {"leader": lid}))
            continue
        side = zone_controller(world, state, zone)
        piece.update(zone=zone, side=side, eliminated=False, aboard=None)
        events.append(Event("leader_enters", {"leader": lid, "zone": zone, "side": side, "code": "generic"}))
    for uid in sorted(world.units):
        rein = world.units[uid].get("reinforcement") or {}
        piece = state["pieces"][uid]
        if not rein or piece.get("zone") or piece.get("eliminated") or piece.get("gone") or piece.get("entered"):
            continue
        if rein.get("year") and rein["year"] <= state["year"]:
            zone = world.capital_zone(rein.get("capital") or "")
            if zone:
                piece.update(zone=zone, side=zone_controller(world, state, zone), entered=True)
                events.append(Event("unit_enters", {"unit": uid, "zone": zone}))
    fleets_return(world, state, events, lambda port: zone_controller(world, state, port["zone"]))


def _generic_zone(world: World, state: dict, zone: str | None) -> str | None:
    """L290-295: his own zone, unless BARBARE non-Roman units hold it: then any zone of his
    diocese free of them (the first by number)."""
    if not zone:
        return None

    def held(z):
        return any(state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == BARBARE
                   and st.people_of(world, state, i) is not None for i in st.pieces_in(state, z))
    if not held(zone):
        return zone
    for z in sorted(world.diocese_zones.get(world.diocese_of(zone), ()), key=lambda z: (world.zones[z].get("number") or 0, z)):
        if not held(z):
            return z
    return None


# -- E -----------------------------------------------------------------------------------------------
def start_of_smc(world: World, state: dict, side: str, events: list) -> None:
    year_events.forced_march(world, state, side, events)  # event 6 (L1502-1506)
    battles.leave_refuges(world, state, events)  # 8.2.2: the box opens once the zone is free


# -- F: campaign review (L206-227) ---------------------------------------------------------------------
def review_f1_to_f4(world: World, state: dict, dice, events: list) -> None:
    emperors.usurpation_success_in_f(world, state, dice, events)  # 3.6.4 A/-B/ (A8, A16)
    emperors.change_of_sides(world, state, events)  # F1, UR 5
    emperors.escort_home(world, state, events)  # 3.5.2 (L439-441): the Honorius case's escort
    peoples.regna_in_f(world, state, events)  # F2, 4.5.3
    fleet_control(world, state)  # F2, 3.4.2
    pacified = peoples.pacified_by_arms(world, state)  # A31: scored in F3, applied in F4
    ur_stratagems.concile_in_f(world, state, events, dice)
    peoples.federation_rolls(world, state, dice, events, pacified)  # 9.4 (A31)
    scoring.victory_points_f(world, state, events, pacified)  # F3, 10.2
    fleets_adjustment(world, state, events)  # F4, 9.2
    adjustments.roman_adjustments(world, state, dice, events)  # 9.3, 9.3.5 the siege roll
    battles.leave_refuges(world, state, events)
    peoples.non_roman_adjustments(world, state, dice, events, pacified)  # 9.4
    emperors.fleeing_augustus(world, state, events)  # 3.6.6, for next year's A
    state.pop("migration", None)  # 6.2 Migration ends (L882-883)
    peoples.refresh_control(world, state)
    state["year_event"] = None


def fleet_control(world: World, state: dict) -> None:
    """3.4.2 (L346-348): a fleet belongs for the next turn to whoever occupies its port's
    zone; the Flotte counter's fleet goes unless in one of the two ports (L933-936)."""
    for fid, fleet in sorted(state["fleets"].items()):
        port = world.port_of_fleet(fid)
        if port and not fleet.get("out_until"):
            fleet["side"] = zone_controller(world, state, port["zone"])
    for fid in [f for f, rec in sorted(state["fleets"].items()) if rec.get("temporary")]:
        if state["fleets"][fid].get("at") not in world.ports:
            del state["fleets"][fid]


def end_of_game(world: World, state: dict, events: list) -> None:
    """Nothing more at the end of a scenario (10.3)."""
