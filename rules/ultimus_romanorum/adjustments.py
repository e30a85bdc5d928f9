"""The Roman adjustments of phase F in Ultimus Romanorum (UR 9.3, L1164-1253): LI and CO
rebuilt in their diocese, PA at their capital, buccellarii with their leader, weakened
units recovering, Roman leaders outside the Empire brought back to the nearest town, the
refuge boxes' siege roll. The choices the text leaves to the player (which zone of the
diocese, which nearest town on a tie) go to the ``review`` prompt through
``offer_placement``; the engine's pick is the lowest-numbered zone.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator.adjustments import offer_placement, roman_leaders_home
from rules.imperator.titles import leader_dies
from rules.ultimus_romanorum.emperors import after_deaths
from rules.ultimus_romanorum.halves import ROMAIN, zone_controller


def _non_roman_unit_in(world, state: dict, zone: str, by_zone: dict) -> bool:
    return any(state["pieces"][i]["kind"] == "unit" and not st.is_roman_unit(world, state, i) for i in by_zone.get(zone, []))


def _enemy_unit_next(world, state: dict, zone: str, side: str, by_zone: dict) -> bool:
    """An enemy combat unit, Roman or not, in an Empire zone next to ``zone``."""
    for n in world.neighbours(zone):
        if world.in_empire(n) and any(state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] not in (None, side)
                                      for i in by_zone.get(n, [])):
            return True
    return False


def _controller(state: dict, zone: str, by_zone: dict) -> str:
    return zone_controller(None, state, zone, by_zone)


def diocese_zones_free(world, state: dict, diocese: str, by_zone: dict) -> list[str]:
    """The zones of the diocese free of non-Roman combat units, Foederati included (9.3.1),
    lowest number first."""
    zones = sorted(world.diocese_zones.get(diocese, ()), key=lambda z: (world.zones[z].get("number") or 0, z))
    return [z for z in zones if not _non_roman_unit_in(world, state, z, by_zone)]


def roman_adjustments(world, state: dict, dice, events: list) -> None:
    """9.3.1-9.3.5 in the order of the text."""
    by_zone = st.index_by_zone(state)
    replaced, recovered, gone, sent_home = [], [], [], []
    guards = state.get("guards", {})
    for uid in sorted(state["pieces"]):
        piece = state["pieces"][uid]
        if piece["kind"] != "unit" or not st.is_roman_unit(world, state, uid) or piece.get("gone"):
            continue
        u = st.unit_def(world, state, uid)
        cat, zone = u["category"], piece.get("zone")
        if cat == "BU":
            continue
        if st.on_map(piece) and not world.in_empire(zone):
            if cat == "CO" and any(world.diocese_of(n) == u["diocese"] for n in world.neighbours(zone)):
                free = diocese_zones_free(world, state, u["diocese"], by_zone)  # 9.3.1, third point
                if free:
                    piece.update(zone=free[0], weakened=True, side=_controller(state, free[0], by_zone))
                    offer_placement(state, uid, free)
                    sent_home.append(uid)
                else:
                    piece.update(zone=None, eliminated=True, gone=True)
                    gone.append(uid)
                continue
            if cat in ("CO", "PA", "LI"):  # PA outside: eliminated, rebuilt below (9.3.2)
                piece.update(zone=None, eliminated=True, eliminated_year=state["year"], eliminated_in=zone)
        if piece.get("eliminated"):
            if cat in ("LI", "CO"):
                where = piece.get("eliminated_in")
                if cat == "CO" and where and world.diocese_of(where) != u["diocese"]:
                    piece.update(gone=True)  # eliminated outside its diocese: gone for good (9.3.1)
                    gone.append(uid)
                    continue
                free = diocese_zones_free(world, state, u["diocese"], by_zone)
                if not free:
                    piece.update(gone=True)
                    gone.append(uid)
                    continue
                dest = free[0]
                offer_placement(state, uid, free)
            else:  # PA: the capital of the Palatini table (9.3.2)
                dest = world.capital_zone(world.units[uid].get("capital") or "")
                if not dest or any(state["pieces"][i]["kind"] == "unit" and not st.is_roman_unit(world, state, i)
                                   and state["peoples"].get(st.people_of(world, state, i), {}).get("status") != "foederati"
                                   for i in by_zone.get(dest, [])):
                    continue
            piece.update(eliminated=False, weakened=False, zone=dest, aboard=None, side=_controller(state, dest, by_zone))
            by_zone.setdefault(dest, []).append(uid)
            replaced.append(uid)
        elif st.on_map(piece) and piece.get("weakened") and world.in_empire(zone):
            town = world.is_capital(zone) or world.is_city(zone)
            place_ok = (cat == "LI" and world.diocese_of(zone) == u["diocese"]) or \
                (cat == "CO" and (world.diocese_of(zone) == u["diocese"] or town)) or (cat == "PA" and town)
            if place_ok and not _enemy_unit_next(world, state, zone, piece["side"], by_zone):
                piece["weakened"] = False
                recovered.append(uid)
    for uid, lid in sorted(guards.items()):  # 9.3.3
        piece, leader = state["pieces"][uid], state["pieces"][lid]
        if not st.on_map(leader):
            continue
        town = world.is_capital(leader["zone"]) or world.is_city(leader["zone"])
        calm = not _enemy_unit_next(world, state, leader["zone"], leader["side"], by_zone)
        if piece.get("eliminated") and town and calm:
            piece.update(eliminated=False, weakened=False, zone=leader["zone"], side=leader["side"], aboard=None)
            replaced.append(uid)
        elif st.on_map(piece) and piece.get("weakened") and town and calm:
            piece["weakened"] = False
            recovered.append(uid)
        if st.on_map(piece):
            piece.update(zone=leader["zone"], side=leader["side"])
    moved = roman_leaders_home(world, state, by_zone)  # 9.3.4
    if replaced or recovered or sent_home or moved or gone:
        events.append(Event("roman_adjustments", {"replaced": replaced, "recovered": recovered, "sent_home": sent_home,
                                                  "leaders": moved, "gone": gone}))
    refuges_in_f(world, state, dice, events)


def refuges_in_f(world, state: dict, dice, events: list) -> None:
    """9.3.5 (L1241-1253): an Augustus in the Ravenna or Constantinopolis box with BARBARE
    in the zone: 1d10, 0 eliminates all in the box (Constantinopolis: then 1d6, 5-6 saves
    it); otherwise the box holds."""
    for half, box in sorted((state.get("refuge") or {}).items()):
        if not box:
            continue
        zone = box["zone"]
        if _controller(state, zone, st.index_by_zone(state)) == ROMAIN:
            continue
        roll = dice.d10(f"siege {zone}")
        falls = roll == 0
        save = None
        if falls and half == "east":
            save = dice.d6(f"siege {zone} saved")
            falls = save < 5
        events.append(Event("siege", {"zone": zone, "roll": roll, "save": save, "falls": falls}))
        if falls:
            for pid in box["pieces"]:
                piece = state["pieces"][pid]
                if piece["kind"] == "leader":
                    leader_dies(state, pid)
                else:
                    piece.update(zone=None, eliminated=True, gone=True, aboard=None)
            state["refuge"][half] = None
            after_deaths(world, state, [p for p in box["pieces"] if state["pieces"][p]["kind"] == "leader"], [], dice, events)

