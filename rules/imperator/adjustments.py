"""Roman adjustments of phase F (SV 9.3, L793-810): limitanei and comitatenses re-placed,
weakened units recovering, PC and CO outside the Empire sent home, Roman leaders outside
the Empire brought back to the nearest city.

The placement choices the rulebook leaves to the player (which zone of the home diocese,
which nearest city on a tie) are made by the engine in a fixed order (DECISIONS, 9.3).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator.places import capital_zones, path_costs


def _non_roman_unit_in(world, state: dict, zone: str, by_zone: dict) -> bool:
    return any(state["pieces"][i]["kind"] == "unit" and not st.is_roman_unit(world, state, i)
               for i in by_zone.get(zone, []))


def _enemy_unit_in(world, state: dict, zone: str, side: str, by_zone: dict) -> bool:
    return any(state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] not in (None, side)
               for i in by_zone.get(zone, []))


def _frontier_zones(world, diocese: str) -> list[str]:
    """SV 3.3.2 (L235; A79): the zones of the diocese next to a zone outside the Empire."""
    return [z for z in world.diocese_zones.get(diocese, ())
            if any(not world.in_empire(n) for n in world.neighbours(z))]


def limitanei_zone(world, state: dict, uid: str, by_zone: dict) -> str | None:
    """Where an RI or PC comes back (9.3.1 a): a zone of its diocese free of non-Roman
    units; an RI next to the frontier if the diocese has such zones. Lowest zone first."""
    u = st.unit_def(world, state, uid)
    diocese = u["diocese"]
    zones = list(world.diocese_zones.get(diocese, ()))
    if u["category"] == "RI":
        zones = _frontier_zones(world, diocese) or zones
    zones = limitanei_zones(world, state, uid, by_zone)
    return zones[0] if zones else None


def limitanei_zones(world, state: dict, uid: str, by_zone: dict) -> list[str]:
    """Every zone an RI or PC may come back to (9.3.1 a), lowest number first."""
    u = st.unit_def(world, state, uid)
    diocese = u["diocese"]
    zones = list(world.diocese_zones.get(diocese, ()))
    if u["category"] == "RI":
        zones = _frontier_zones(world, diocese) or zones
    zones = sorted(zones, key=lambda z: (world.zones[z].get("number") or 0, z))
    return [z for z in zones if not _non_roman_unit_in(world, state, z, by_zone)]


def offer_placement(state: dict, pid: str, zones: list[str]) -> None:
    """Record the legal zones of a piece placed by the engine in F, which its owner may
    change in the ``review`` prompt (9.3, 9.4: "at the player's choice")."""
    if len(zones) < 2:
        return
    record = state.setdefault("f_placements", {})
    if record.get("year") != state["year"]:
        record.clear()
        record.update(year=state["year"], pieces={})
    record["pieces"][pid] = list(zones)


def comitatenses_zone(world, state: dict, uid: str, by_zone: dict) -> str | None:
    """9.3.2 a/c: the capital zone of its deployment (the scenario's, else the table's);
    it waits while a non-Roman unit holds it."""
    capital = world.units.get(uid, {}).get("capital")
    zone = world.capital_zone(capital) if capital else None
    if not zone or _non_roman_unit_in(world, state, zone, by_zone):
        return None
    return zone


def _recovers(world, state: dict, uid: str, by_zone: dict) -> bool:
    """9.3.1 b, 9.3.2 b: not next to an enemy combat unit standing inside the Empire, and
    in its home diocese (RI, PC) or in a city or capital zone (PC, CO)."""
    piece = state["pieces"][uid]
    zone = piece["zone"]
    u = st.unit_def(world, state, uid)
    place_ok = (u["category"] in ("RI", "PC") and world.diocese_of(zone) == u["diocese"]) or \
        (u["category"] in ("PC", "CO") and (world.is_capital(zone) or world.is_city(zone)))
    if not place_ok:
        return False
    for n in world.neighbours(zone):
        if world.in_empire(n) and _enemy_unit_in(world, state, n, piece["side"], by_zone):
            return False
    return True


def roman_adjustments(world, state: dict, events: list) -> None:
    """SV 9.3, in the order of the text: units (RI, PC, CO), then leaders."""
    by_zone = st.index_by_zone(state)
    replaced, recovered, sent_home = [], [], []
    for uid in sorted(state["pieces"]):
        piece = state["pieces"][uid]
        if piece["kind"] != "unit" or not st.is_roman_unit(world, state, uid) or piece.get("gone"):
            continue
        cat = st.unit_def(world, state, uid)["category"]
        if st.on_map(piece) and not world.in_empire(piece["zone"]) and cat in ("PC", "CO"):
            piece.update(eliminated=True, eliminated_year=state["year"], zone=None)  # 9.3.1 c, 9.3.2 c
            sent_home.append(uid)
        if piece.get("eliminated"):
            zone = (comitatenses_zone if cat == "CO" else limitanei_zone)(world, state, uid, by_zone)
            if zone is None:
                continue  # it waits for a later F
            if cat != "CO":
                offer_placement(state, uid, limitanei_zones(world, state, uid, by_zone))
            piece.update(eliminated=False, weakened=False, zone=zone, aboard=None,
                         side=state["control"].get(world.diocese_of(zone), piece.get("side")))
            by_zone.setdefault(zone, []).append(uid)
            replaced.append(uid)
        elif st.on_map(piece) and piece.get("weakened") and world.in_empire(piece["zone"]) and _recovers(world, state, uid, by_zone):
            piece["weakened"] = False
            recovered.append(uid)
    moved = roman_leaders_home(world, state, by_zone)
    if replaced or recovered or sent_home or moved:
        events.append(Event("roman_adjustments", {"replaced": replaced, "recovered": recovered,
                                                  "sent_home": sent_home, "leaders": moved}))


def roman_leaders_home(world, state: dict, by_zone: dict) -> dict:
    """9.3.3 (L809-810; A77): a Roman leader outside the Empire goes to the nearest zone with
    a city or a capital free of enemy combat units (lowest zone id on a tie)."""
    moved = {}
    capitals = set(capital_zones(world, state))
    towns = [z for z in sorted(world.zones) if world.is_city(z) or z in capitals]
    for lid in sorted(state["pieces"]):
        piece = state["pieces"][lid]
        if piece["kind"] != "leader" or not st.on_map(piece) or world.in_empire(piece["zone"]):
            continue
        if st.leader_def(world, state, lid)["people"] is not None:
            continue
        costs = path_costs(world, piece["zone"])
        free = [z for z in towns if z in costs and not _enemy_unit_in(world, state, z, piece["side"], by_zone)]
        if not free:
            continue
        dest = min(free, key=lambda z: (costs[z], z))
        offer_placement(state, lid, [z for z in free if costs[z] == costs[dest]])  # ties: the player's choice
        moved[lid] = dest
        piece["zone"] = dest
    return moved
