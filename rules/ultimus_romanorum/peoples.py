"""The peoples of Ultimus Romanorum (UR 4, 9.4): the status machine (at peace, at war,
Foederati, revolted Foederati, Regnum; alliances and the Hunni's vassals), control by
status (4.4.1), and the peoples' part of the adjustments of F (9.4).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator.adjustments import offer_placement
from rules.imperator.places import path_costs
from rules.ultimus_romanorum.halves import BARBARE, ROMAIN, allies_of, controller_for, migrating


def by_people(world, state: dict) -> dict:
    """{people: ([units], [leaders])} by id, in one pass (a piece's people never changes).
    Read-only (callers copy): when no piece carries inline stats, each piece's people is
    its data's, so the index depends on the set of pieces alone and is made once per set."""
    pieces = state["pieces"]
    if any(p.get("stats") for p in pieces.values()):
        return _by_people(world, state)
    key = tuple(sorted(pieces))
    cache = world.__dict__.setdefault("_by_people", {})
    found = cache.get(key)
    if found is None:
        if len(cache) > 64:  # the sets of one game's years, at most a few dozen
            cache.clear()
        found = cache[key] = _by_people(world, state)
    return found


def _by_people(world, state: dict) -> dict:
    out: dict = {}
    for pid in sorted(state["pieces"]):
        people = st.people_of(world, state, pid)
        if people is not None:
            out.setdefault(people, ([], []))[0 if state["pieces"][pid]["kind"] == "unit" else 1].append(pid)
    return out


def units_of(world, state: dict, people: str) -> list[str]:
    return list(by_people(world, state).get(people, ([], []))[0])


def leaders_of(world, state: dict, people: str) -> list[str]:
    return list(by_people(world, state).get(people, ([], []))[1])


def klass(world, people: str, year: int | None = None) -> str:
    """major | minor | ally; a people that turns major when its first table leader enters
    (``major_from``, L570-572) is minor before."""
    rec = world.peoples.get(people, {})
    if rec.get("major_from") and year is not None and year < rec["major_from"]:
        return "minor"
    return rec.get("class", "minor")


def vassal_bound(state: dict, world, people: str) -> bool:
    """Ostrogothi and Gepidae are the Hunni's until Attila dies or a Rébellion frees them
    (6.2, L863-867)."""
    return world.peoples.get(people, {}).get("vassal_of") == "hunni" and people not in (state.get("freed_vassals") or [])


def set_status(world, state: dict, people: str, status: str, events: list | None = None, **data) -> None:
    """A people (and the peoples allied to it, L859-860) changes status; its pieces follow
    the new controller (4.4.1); a minor people going to war is set up in its origin zone
    (4.2.3, L596-599). A people already of that status is left as it is and not told
    again (allied peoples change together, so the second of two allies pacified, federated
    or risen at once has changed already)."""
    for p in allies_of(state, people):
        record = state["peoples"][p]
        if record["status"] == status:
            continue
        record["previous"] = record["status"]
        record["status"] = status
        record["controller"] = controller_for(world, p, status)
        if status == "war" and klass(world, p, state["year"]) == "minor":
            origins = list(world.peoples.get(p, {}).get("origin_zones") or [])
            for uid in units_of(world, state, p):
                piece = state["pieces"][uid]
                if piece.get("zone") is None and not piece.get("gone") and origins:
                    piece.update(zone=origins[0], eliminated=False, weakened=False, aboard=None)
        for pid in units_of(world, state, p) + leaders_of(world, state, p):
            state["pieces"][pid]["side"] = record["controller"]
        if events is not None:
            events.append(Event("people_status", dict({"people": p, "status": status, "previous": record["previous"]}, **data)))


def refresh_control(world, state: dict) -> None:
    """4.4.1 (L654-660), checked in F for the next turn: each people's pieces are its
    controller's (Migration's hold ends, 6.2)."""
    index = by_people(world, state)
    for people, record in sorted(state["peoples"].items()):
        controller = BARBARE if migrating(state, people) else controller_for(world, people, record["status"])
        record["controller"] = controller
        units, leaders = index.get(people, ([], []))
        for pid in units + leaders:
            state["pieces"][pid]["side"] = controller


def pacified_by_arms(world, state: dict) -> list[str]:
    """9.4: the peoples fighting Rome (at war, revolted, Regnum) with no unit left on the
    map at F (a Regnum's capital rule aside); never Armenia."""
    out = []
    index = by_people(world, state)
    for people in sorted(state["peoples"]):
        if state["peoples"][people]["status"] not in ("war", "revolted", "regnum") or st.is_ally_people(world, people):
            continue
        units = index.get(people, ([], []))[0]
        if units and not any(st.on_map(state["pieces"][u]) or state["pieces"][u].get("aboard") for u in units):
            out.append(people)
    return out


def _nearest_empty(world, state: dict, zone: str | None, by_zone: dict) -> str | None:
    """The zone nearest ``zone`` empty of combat units (9.4; ties: lowest id), inside the
    Empire for Foederati."""
    if not zone:
        return None
    costs = path_costs(world, zone)
    empty = [z for z in costs if world.in_empire(z)
             and not any(state["pieces"][i]["kind"] == "unit" for i in by_zone.get(z, []))]
    return min(empty, key=lambda z: (costs[z], z)) if empty else None


def non_roman_adjustments(world, state: dict, dice, events: list, pacified: list[str]) -> None:
    """9.4 (L1254-1339). Pacified peoples go home at peace (a major's leaders on their Pax
    Romana face), or federated where a Roman won the federation roll (``federate`` records);
    peoples still fighting heal and bring back their eliminated units; Foederati and
    revolted units heal and come back beside their people's units; Armenia comes back
    unless Persae hold it (4.4.2)."""
    by_zone = st.index_by_zone(state)
    federate = state.pop("federate", {}) or {}
    for people in pacified:
        origins = list(world.peoples.get(people, {}).get("origin_zones") or [])
        record = state["peoples"][people]
        was = record["status"]
        offer = federate.get(people)
        if was == "revolted" or offer:
            # 9.4 (L1309-1317): the nearest empty zone to where its last unit fell; a people
            # whose last unit fell outside a battle (the plague, an event) has no such zone
            # recorded: the nearest to its origin zone, still Foederati as the rule says
            where = (offer or {}).get("zone") or record.get("last_zone") or (origins[0] if origins else None)
            dest = _nearest_empty(world, state, where, by_zone)
            if dest:
                set_status(world, state, people, "foederati", events, by_arms=True)
                for uid in units_of(world, state, people):
                    if not state["pieces"][uid].get("gone"):
                        state["pieces"][uid].update(zone=dest, eliminated=False, weakened=False, aboard=None, side=ROMAIN)
                continue
        set_status(world, state, people, "peace", events, by_arms=True)
        minor = klass(world, people, state["year"]) == "minor"
        for uid in units_of(world, state, people):
            piece = state["pieces"][uid]
            if piece.get("gone"):
                continue
            if minor and state.get("options", {}).get("pacified_minor", "home") == "off_map":
                piece.update(zone=None, eliminated=False, weakened=False, aboard=None)
            else:
                piece.update(zone=origins[0] if origins else None, eliminated=False, weakened=False, aboard=None)
        for lid in leaders_of(world, state, people):
            piece = state["pieces"][lid]
            if st.on_map(piece) and origins:
                piece["zone"] = origins[0]
    by_zone = st.index_by_zone(state)
    index = by_people(world, state)
    for people in sorted(state["peoples"]):
        record = state["peoples"][people]
        status = record["status"]
        if status == "peace" and not st.is_ally_people(world, people):
            continue
        origins = list(world.peoples.get(people, {}).get("origin_zones") or [])
        units = index.get(people, ([], []))[0]
        on_map = [u for u in units if st.on_map(state["pieces"][u])]
        zones_with = sorted({state["pieces"][u]["zone"] for u in on_map})
        returned, healed = [], []
        for uid in units:
            piece = state["pieces"][uid]
            if piece.get("eliminated") and not piece.get("gone"):
                if st.is_ally_people(world, people):
                    if any(st.people_of(world, state, i) == "persae" for i in by_zone.get(origins[0] if origins else "", [])):
                        continue
                    dest = origins[0] if origins else None
                elif status == "war":
                    dest = origins[0] if origins else (zones_with[0] if zones_with else None)
                elif status == "regnum":
                    dest = (state.get("regna") or {}).get(people, {}).get("capital") or (zones_with[0] if zones_with else None)
                else:  # Foederati, revolted: beside a unit of their people, or all of them in the
                    # empty zone nearest the last one's fall (the 455 Visigothi example, L1302-1306)
                    dest = zones_with[0] if zones_with else _nearest_empty(world, state, record.get("last_zone"), by_zone)
                if dest:
                    piece.update(zone=dest, eliminated=False, weakened=False, aboard=None, side=record["controller"])
                    if status == "war" and len(origins) > 1:
                        offer_placement(state, uid, origins)
                    returned.append(uid)
            elif st.on_map(piece) and piece.get("weakened"):
                zone = piece["zone"]
                alone = not any(state["pieces"][i]["kind"] == "unit" and i != uid and st.people_of(world, state, i) != people
                                for i in by_zone.get(zone, []))
                town = world.is_capital(zone) or world.is_city(zone)
                if (status == "war" and (zone in origins or town)) or (status != "war" and (alone or town)):
                    piece["weakened"] = False
                    healed.append(uid)
        if returned or healed:
            events.append(Event("people_adjusted", {"people": people, "returned": returned, "recovered": healed}))


def regna_in_f(world, state: dict, events: list) -> None:
    """4.5.3 (L708-716): a Regnum whose capital ROMAIN occupies moves it to another city
    zone its people holds with a unit and a leader, or dissolves (the people is revolted
    Foederati again)."""
    by_zone = st.index_by_zone(state)
    for people, regnum in sorted((state.get("regna") or {}).items()):
        if state["peoples"].get(people, {}).get("status") != "regnum":
            continue
        capital = regnum.get("capital")
        if capital and not any(state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == ROMAIN
                               for i in by_zone.get(capital, [])):
            continue
        towns = sorted(z for z, ids in by_zone.items() if (world.is_city(z) or world.is_capital(z))
                       and any(st.people_of(world, state, i) == people and state["pieces"][i]["kind"] == "unit" for i in ids)
                       and any(st.people_of(world, state, i) == people and state["pieces"][i]["kind"] == "leader" for i in ids)
                       and not any(state["pieces"][i]["side"] == ROMAIN and state["pieces"][i]["kind"] == "unit" for i in ids))
        if towns:
            regnum["capital"] = towns[0]
            events.append(Event("regnum_capital", {"people": people, "capital": towns[0]}))
        else:
            del state["regna"][people]
            set_status(world, state, people, "revolted", events, dissolved=True)


def federation_rolls(world, state: dict, dice, events: list, pacified: list[str]) -> None:
    """9.4 (L1258-1284; A31: rolled in this F, the people placed in this F's adjustments):
    a people crushed with a historical Roman leader of ROMAIN present may be federated, on
    1d6 (minor) or 1d10 (major) below his CP."""
    for rec in state.pop("federation_pending", None) or []:
        people, leader = rec["people"], rec["leader"]
        if people not in pacified or people in (state.get("federate") or {}):
            continue
        major = klass(world, people, state["year"]) == "major"
        roll = dice.d10(f"federation {people}") if major else dice.d6(f"federation {people}")
        cp = st.leader_def(world, state, leader)["cp"] or 0
        success = roll < cp
        events.append(Event("federation_roll", {"people": people, "leader": leader, "roll": roll, "cp": cp,
                                                "success": success}))
        if success:
            state.setdefault("federate", {})[people] = {"zone": rec["zone"]}
