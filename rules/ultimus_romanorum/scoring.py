"""Ultimus Romanorum's victory points of phase F (UR 10.2, L1353-1383), with the
decisions of DECISIONS.md (A30: a city zone scores 2 instead of 1 unless the option adds
them; Roma's 5 on top of its zone; A31: the peoples pacified by arms are those found at
F3, before the adjustments of F4)."""

from __future__ import annotations

from rules.imperator import state as st
from rules.imperator.vp import add_vp
from rules.ultimus_romanorum.halves import BARBARE, ROMAIN, augusti_in_play, usurpers, zone_controller
from rules.ultimus_romanorum.peoples import klass
from rules.ultimus_romanorum.stratagems import papa_in_f

FIGHTING = ("war", "revolted", "regnum")


def victory_points_f(world, state: dict, events: list, pacified: list[str]) -> None:
    by_zone = st.index_by_zone(state)
    # ROMAIN (10.2, L1354-1367)
    for people in pacified:
        points = 3 if klass(world, people, state["year"]) == "major" else 1
        add_vp(state, ROMAIN, points, "people_pacified_by_arms", events, people=people)
    augusti = augusti_in_play(state)
    capitals = {z for z in world.zones if world.zones[z].get("capital")}
    if len(augusti) == 2 and all(state["pieces"][a].get("zone") in capitals for a in augusti):
        add_vp(state, ROMAIN, 1, "augusti_in_capitals", events)
    if not usurpers(state):
        add_vp(state, ROMAIN, 1, "no_civil_war", events)
    for half, points in (("east", 1), ("west", 1)):
        zones = [z for z in capitals if world.dioceses[world.diocese_of(z)]["half"] == half]
        if zones and all(zone_controller(world, state, z, by_zone) == ROMAIN for z in zones):
            add_vp(state, ROMAIN, points, f"capitals_held_{half}", events)
    if state.get("pax_romana"):
        add_vp(state, ROMAIN, 5, "pax_romana", events)
    # BARBARE (10.2, L1368-1383)
    zones, towns, rome = 0, 0, False
    add = state.get("options", {}).get("city_vp", "replace") == "add"
    for zone, ids in sorted(by_zone.items()):
        if not world.in_empire(zone):
            continue
        fighting = [i for i in ids if state["pieces"][i]["kind"] == "unit" and st.people_of(world, state, i)
                    and state["peoples"].get(st.people_of(world, state, i), {}).get("status") in FIGHTING]
        if not fighting:
            continue
        town = (world.is_city(zone) or world.is_capital(zone)) and not world.zones[zone].get("rome")
        if town:
            towns += 1
            if add:
                zones += 1
        else:
            zones += 1
    for zone, ids in sorted(by_zone.items()):
        if world.zones[zone].get("rome") and any(state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == BARBARE
                                                 and st.people_of(world, state, i) for i in ids):
            rome = True
    add_vp(state, BARBARE, zones, "zones_occupied", events, zones=zones)
    add_vp(state, BARBARE, 2 * towns, "towns_occupied", events, towns=towns)
    if usurpers(state):
        add_vp(state, BARBARE, 3, "usurpation_in_progress", events)
    vacant = [h for h, a in sorted(state["titles"]["halves"].items()) if not a]
    if vacant and state.get("augustus_ever", True):
        add_vp(state, BARBARE, 3, "augustus_without_successor", events, halves=vacant)
    for people in sorted(state.get("regna_new") or []):
        add_vp(state, BARBARE, 5, "regnum_founded", events, people=people)
    state["regna_new"] = []
    if rome:
        if not papa_in_f(world, state, events):  # 6.1 (L812-815)
            add_vp(state, BARBARE, 5, "barbarians_in_roma", events)
