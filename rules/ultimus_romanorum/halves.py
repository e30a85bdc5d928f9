"""Who is who in Ultimus Romanorum (UR 3.5, 3.6, 4.4): the two halves of the Empire and
their Augusti and Patrices, the usurpers, the peoples' statuses and who controls them.

The state keeps the family's ``titles`` (``augusti``, ``caesars`` — always empty here —,
``usurpers``, per side) and adds UR's own: ``titles["halves"]`` {west, east: the Augustus
Occidentalis and Orientalis or None}, ``titles["patrices"]`` {west, east: the Patrice or
None}. A people's record is ``{status, controller, previous}``: ``status`` one of
``peace``, ``war``, ``foederati``, ``revolted``, ``regnum`` (UR 4.2, 4.5); Armenia is
Rome's ally (4.4.2). Reads only; the writers are the phase and stratagem modules.
"""

from __future__ import annotations

from rules.imperator import state as st
from rules.imperator.titles import alive

ROMAIN, BARBARE = "ROMAIN", "BARBARE"  # UR 0.5 (L38-44)
HALVES = ("west", "east")  # UR 3.1.1 (L232-237)
HALF_NAMES = {"west": ("Occidentalis", "Occidentalis"), "east": ("Orientalis", "Orientalis")}
STATUSES = ("peace", "war", "foederati", "revolted", "regnum")
#: the statuses whose pieces take part in the war (a people at peace fights nobody, A25)
ACTIVE = ("war", "foederati", "revolted", "regnum")


def half_of_zone(world, zone: str | None) -> str | None:
    """The half of the Empire a zone lies in, None outside the Empire (UR 3.1.1)."""
    diocese = world.diocese_of(zone) if zone else None
    return world.dioceses[diocese]["half"] if diocese else None


def augustus_of(state: dict, half: str) -> str | None:
    pid = state["titles"]["halves"].get(half)
    return pid if alive(state, pid) else None


def patrice_of(state: dict, half: str) -> str | None:
    pid = state["titles"]["patrices"].get(half)
    return pid if alive(state, pid) else None


def augusti_in_play(state: dict) -> list[str]:
    return [a for a in (augustus_of(state, h) for h in HALVES) if a]


def half_of_title(state: dict, pid: str) -> str | None:
    """The half whose Augustus or Patrice ``pid`` is."""
    t = state["titles"]
    for half in HALVES:
        if t["halves"].get(half) == pid or t["patrices"].get(half) == pid:
            return half
    return None


def titled(state: dict, pid: str) -> str | None:
    """'augustus', 'patrice', 'usurpateur' or None (UR 3.5, 3.6)."""
    t = state["titles"]
    if pid in t["halves"].values():
        return "augustus"
    if pid in t["patrices"].values():
        return "patrice"
    if any(pid in t["usurpers"].get(side, []) for side in (ROMAIN, BARBARE)):
        return "usurpateur"
    return None


def usurpers(state: dict) -> list[str]:
    return [u for side in (ROMAIN, BARBARE) for u in state["titles"]["usurpers"].get(side, []) if alive(state, u)]


def status(state: dict, people: str | None) -> str | None:
    return state["peoples"].get(people, {}).get("status") if people else None


def controller_for(world, people: str, status_: str) -> str:
    """UR 4.4.1 (L654-660): ROMAIN controls the Foederati and Armenia (4.4.2), BARBARE every
    other people, at peace, at war, revolted or a Regnum."""
    if st.is_ally_people(world, people) or status_ == "foederati":
        return ROMAIN
    return BARBARE


def migrating(state: dict, people: str | None) -> bool:
    """Migration (6.2, L878-883): the people moves under BARBARE for the rest of the year."""
    m = state.get("migration") or {}
    return bool(people) and m.get("year") == state["year"] and people in m.get("peoples", [])


def allies_of(state: dict, people: str) -> list[str]:
    """The peoples one with ``people`` through an Alliance barbare (6.2, L857-862), itself
    included, by id."""
    alliances = state.get("alliances") or {}
    for major, minors in alliances.items():
        group = [major] + list(minors)
        if people in group:
            return sorted(group)
    return [people]


def zone_controller(world: World, state: dict, zone: str, by_zone: dict | None = None) -> str:
    """UR 3.1.3 (L243-247): a zone of the Empire is ROMAIN's unless a BARBARE combat unit
    stands in it."""
    ids = by_zone.get(zone, []) if by_zone is not None else st.pieces_in(state, zone)
    if any(state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == BARBARE for i in ids):
        return BARBARE
    return ROMAIN


def rallies(world, state: dict, uid: str) -> bool:
    """3.6.3 A/ and D/ (L466-470, L486-489): a usurper rallies Roman units and Foederati."""
    return st.is_roman_unit(world, state, uid) or status(state, st.people_of(world, state, uid)) == "foederati"


def guard_of(state: dict, uid: str) -> str | None:
    """3.2.4 (L269-273), 9.3.3 (L1219): the leader a buccellarii unit guards; it is always
    stacked with him, so it moves only with him and he never leaves it behind."""
    return (state.get("guards") or {}).get(uid)


def may_embark(world, state: dict, pid: str) -> bool:
    """3.4.2 (L349-350; A14): Roman pieces only, unless the game's option ``fleet_cargo`` is
    ``any`` (the Genseric example of L358-367 sails Vandali)."""
    if state.get("options", {}).get("fleet_cargo", "roman") == "any":
        return True
    return st.people_of(world, state, pid) is None
