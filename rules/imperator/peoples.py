"""Non-Roman peoples going to war and being pacified (SV 4.2.2, 4.2.3, 9.4; events 14).

``pacify`` is shared by the adjustments of phase F (by arms: every unit eliminated), the
events table (event 14) and, later, the pacification stratagems (not by arms).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator.adjustments import offer_placement

LOCK_YEARS = 6  # SV 9.4 (L814-819): F 322 -> back in C 328, F 359 -> C 365 (A3, A4)


def people_class(world, people: str) -> str:
    return world.peoples.get(people, {}).get("class", "minor")


def units_of_people(world, state: dict, people: str) -> list[str]:
    """The people's units, on the map or not, by id."""
    return units_by_people(world, state).get(people, [])


def units_by_people(world, state: dict) -> dict:
    """{people: its units by id} for every people at once (one pass over the pieces;
    a piece's kind and people never change, so it stays true while units move)."""
    out: dict = {}
    for pid in sorted(state["pieces"]):
        if state["pieces"][pid]["kind"] == "unit":
            out.setdefault(st.people_of(world, state, pid), []).append(pid)
    return out


def leaders_of_people(world, state: dict, people: str) -> list[str]:
    return [pid for pid in sorted(state["pieces"]) if state["pieces"][pid]["kind"] == "leader"
            and st.leader_def(world, state, pid)["people"] == people]


def origin_zones(world, people: str) -> list[str]:
    return list(world.peoples.get(people, {}).get("origin_zones") or [])


def _home(world, state: dict, people: str, pid: str) -> str | None:
    """The origin zone a piece goes back to: the first of its people's (the owner's choice
    of another one is not asked; DECISIONS 9.4)."""
    zones = origin_zones(world, people)
    return zones[0] if zones else None


def set_at_war(world, state: dict, people: str) -> None:
    """SV 4.2.2 (L492-495): the people goes to war; a minor people's units are set up in its
    origin zones (4.2.3, L499), a major's leaders turn to their war face."""
    state["peoples"][people]["status"] = "war"
    controller = state["peoples"][people].get("controller")
    if people_class(world, people) == "minor":
        for pid in units_of_people(world, state, people):
            piece = state["pieces"][pid]
            if piece.get("zone") is None and not piece.get("gone"):
                piece.update(zone=_home(world, state, people, pid), eliminated=False, weakened=False,
                             aboard=None, side=controller)
    for pid in units_of_people(world, state, people) + leaders_of_people(world, state, people):
        if state["pieces"][pid].get("zone"):
            state["pieces"][pid]["side"] = controller


def pacify(world, state: dict, people: str, *, by_arms: bool) -> None:
    """SV 9.4 (L814-822): a minor people's units leave the map; a major people's units go
    back to its origin zones on their full face and its leaders on their Pax Romana face.
    Pacified by arms, it stays out five years (minor: no uprising; major: out of the war
    bowl and no uprising). The Gothi merge (A57) pacifies both."""
    for p in gothi_partners(world, state, people):
        _pacify_one(world, state, p, by_arms=by_arms)


def _pacify_one(world, state: dict, people: str, *, by_arms: bool) -> None:
    record = state["peoples"][people]
    record["status"] = "peace"
    minor = people_class(world, people) == "minor"
    for pid in units_of_people(world, state, people):
        piece = state["pieces"][pid]
        if minor:
            piece.update(zone=None, eliminated=False, weakened=False, aboard=None)
        else:
            piece.update(zone=_home(world, state, people, pid), eliminated=False, weakened=False, aboard=None)
    if not minor:
        for lid in leaders_of_people(world, state, people):
            piece = state["pieces"][lid]
            if piece.get("gone") or ((world.leaders.get(lid, {}).get("entry") or {}).get("year") or 0) > state["year"]:
                continue
            if piece.get("zone") is None and not piece.get("eliminated"):
                continue  # never entered
            piece.update(zone=_home(world, state, people, lid), eliminated=False, aboard=None)
    if by_arms:
        back = state["year"] + LOCK_YEARS
        record["locked_until"] = back
        if not minor:
            state["war_bowl"]["locked"][people] = back


def _gothi_major(world, partners: list[str]) -> str:
    """The major people of the merged Gothi (the Visigothi), which stands for the pair."""
    majors = [p for p in partners if people_class(world, p) == "major"]
    return (majors or partners)[-1]


def gothi_partners(world, state: dict, people: str) -> list[str]:
    """SV 4.1 (L470; A57): while the Ostrogothi and the Visigothi are both at war they are one
    people, the Gothi, pacified only together."""
    pair = ("ostrogothi", "visigothi")
    if people in pair and all(state["peoples"].get(p, {}).get("status") == "war" for p in pair):
        return list(pair)
    return [people]


def non_roman_adjustments(world, state: dict, events: list, pacified: list[str]) -> None:
    """SV 9.4 (L814-822), after the PV of F3 have counted ``pacified`` (A56): those are
    pacified by arms; every people still at war heals its weakened units in an origin or a
    city/capital zone and brings its eliminated units back to its origin zones. Armenia's
    eliminated units return unless Persae units stand in Armenia (4.4.2, L556)."""
    for people in pacified:
        if state["peoples"][people]["status"] == "war":
            partners = gothi_partners(world, state, people)
            pacify(world, state, people, by_arms=True)
            data = {"people": people, "by_arms": True, "until": state["peoples"][people]["locked_until"]}
            if len(partners) > 1:
                data["merged"] = partners  # SV 4.1, L470: the Gothi, one people
            events.append(Event("people_pacified", data))
    by_people = units_by_people(world, state)
    for people in sorted(state["peoples"]):
        record = state["peoples"][people]
        ally = st.is_ally_people(world, people)
        if record["status"] != "war" and not ally:
            continue
        origins = set(origin_zones(world, people))
        returned, healed = [], []
        blocked = ally and _persae_in(world, state, origins)
        for pid in by_people.get(people, []):
            piece = state["pieces"][pid]
            if piece.get("eliminated") and not piece.get("gone"):
                if blocked:
                    continue
                piece.update(zone=_home(world, state, people, pid), eliminated=False, weakened=False,
                             aboard=None, side=record.get("controller"))
                offer_placement(state, pid, origin_zones(world, people))  # several origin zones: his choice
                returned.append(pid)
            elif st.on_map(piece) and piece.get("weakened") and (
                    piece["zone"] in origins or world.is_capital(piece["zone"]) or world.is_city(piece["zone"])):
                piece["weakened"] = False
                healed.append(pid)
        if returned or healed:
            events.append(Event("people_adjusted", {"people": people, "returned": returned, "recovered": healed}))


def _persae_in(world, state: dict, zones) -> bool:
    return any(st.on_map(p) and p.get("zone") in zones and p["kind"] == "unit"
               and st.people_of(world, state, pid) == "persae" for pid, p in sorted(state["pieces"].items()))


def pacified_by_arms(world, state: dict) -> list[str]:
    """Peoples at war with no unit left on the map at F (SV 9.4; Armenia never). The merged
    Gothi are one major people (SV 4.1, L470; A57): they are listed once, as the Visigothi
    (the major), so they score the PV of one major and ``pacify`` takes both."""
    out = []
    by_people = units_by_people(world, state)
    for people in sorted(state["peoples"]):
        if state["peoples"][people]["status"] != "war" or st.is_ally_people(world, people):
            continue
        partners = gothi_partners(world, state, people)
        if len(partners) > 1 and people != _gothi_major(world, partners):
            continue  # SV 4.1, L470: one people, counted once
        units = [u for p in partners for u in by_people.get(p, [])]
        if not any(st.on_map(state["pieces"][u]) or state["pieces"][u].get("aboard") for u in units):
            out.append(people)
    return out
