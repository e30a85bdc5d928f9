"""The game state of an Imperator-system game: a JSON-serialisable dict, and small readers.

Top level (see the README of the ruleset for the full picture)::

    ruleset, version, scenario, options
    year, first_year, last_year, phase ("A".."F" or "end"), step
    initiative, active, smc {total, left{side}, order[], played}
    titles {primus_augustus, secundus_augustus, augusti{side:[]}, caesars{side:[]}, usurpers{side:[]}}
    pieces {id: {kind, side, zone, weakened, eliminated, aboard, stats?}}
    control {diocese: side}, peoples {id: {status, controller, locked_until}}
    fleets {id: {side, at, cargo[], out_until}}
    vp {side: n}, pax_romana (turn-marker face), war_bowl {out{people: year}}
    hidden {hands{side:[]}, bowl[], reactions{side:{}}}   -- never shown to the other side
    current (the SMC in progress), pending (the decision awaited), log {steps, events}

Every function here reads; the engine writes only to the deep copy made at the start of
``resolve``.
"""

from __future__ import annotations

from rules.base import json_copy  # noqa: F401 - st.json_copy, used across the engine
from rules.imperator.plugin import OTHER, title_of
from rules.imperator.world import World


def copy_state(state: dict) -> dict:
    """A deep copy of a state (``json_copy``), with the piece records copied in one go: a
    piece record is flat (every value a scalar), which tests/rules/imperator check on
    every scenario's setup and on self-play positions."""
    return {k: ({pid: dict(p) for pid, p in v.items()} if k == "pieces" else json_copy(v)) for k, v in state.items()}


LEADER_PM = 4  # SV 1.2.2 L83, UR 1.2.2 L85: every leader


def sides(state: dict) -> tuple[str, str]:
    """The two sides of the state's title (SV PRIMUS/SECONDUS, UR ROMAIN/BARBARE)."""
    return title_of(state).sides


def other(side: str) -> str:
    """The other side of ``side``'s title."""
    return OTHER[side]


# -- piece definitions: data record, then the case's inline stats --------------------------
_DEF_CACHE: dict = {}  # (world, piece, face, PM malus) -> definition, for pieces without inline stats


def leader_def(world: World, state: dict, pid: str) -> dict:
    """The leader's values (read-only: the dict may be shared)."""
    piece = state["pieces"][pid]
    if not piece.get("stats"):
        key = (id(world), pid, _event_pm_malus(state))
        d = _DEF_CACHE.get(key)
        if d is None:
            d = _DEF_CACHE[key] = _leader_def(world, state, pid)
        return d
    return _leader_def(world, state, pid)


def _leader_def(world: World, state: dict, pid: str) -> dict:
    piece = state["pieces"][pid]
    record = world.leaders.get(pid, {})
    stats = piece.get("stats") or {}
    d = {
        "kind": stats.get("kind", record.get("kind", "roman")),
        "people": stats.get("people", record.get("people")),
        "cc": stats.get("cc", record.get("cc", 0)),
        "vs": stats.get("vs", record.get("vs", 0)),
        "bt": stats.get("bt", record.get("bt", 0)),
        "cp": stats.get("cp", record.get("cp")),
        "pm": stats.get("pm", record.get("pm", LEADER_PM)) - _event_pm_malus(state),
    }
    return d


def _event_pm_malus(state: dict) -> int:
    """Event 2 (SV L955): 1 PM less for every leader and unit all year."""
    ev = state.get("year_event")
    return 1 if ev and ev.get("number") == 2 and ev.get("year") == state.get("year") else 0


def unit_def(world: World, state: dict, pid: str) -> dict:
    """The unit's values on its current face (read-only: the dict may be shared)."""
    piece = state["pieces"][pid]
    if not piece.get("stats"):
        key = (id(world), pid, bool(piece.get("weakened")), _event_pm_malus(state))
        d = _DEF_CACHE.get(key)
        if d is None:
            d = _DEF_CACHE[key] = _unit_def(world, state, pid)
        return d
    return _unit_def(world, state, pid)


def _unit_def(world: World, state: dict, pid: str) -> dict:
    piece = state["pieces"][pid]
    record = world.units.get(pid, {})
    stats = piece.get("stats") or {}
    title = world.title
    category = stats.get("category", record.get("category", title.default_category))
    face = record.get("weakened" if piece.get("weakened") else "full") or {}
    people = stats.get("people", record.get("people"))
    if category not in title.roman_categories and people is None:
        people = category
    return {
        "category": category,
        "people": people,
        "diocese": stats.get("diocese", record.get("diocese")),
        "half": stats.get("half", record.get("half")),
        "pf": stats.get("pf", face.get("pf", 0)),
        "qu": stats.get("qu", face.get("qu", 0)),
        "bt": stats.get("bt", face.get("bt", 0)),
        "pm": stats.get("pm", record.get("pm", title.unit_pm(category))) - _event_pm_malus(state),
    }


def is_leader(state: dict, pid: str) -> bool:
    return state["pieces"][pid]["kind"] == "leader"


def is_roman_unit(world: World, state: dict, pid: str) -> bool:
    return unit_def(world, state, pid)["category"] in world.title.roman_categories


def people_of(world: World, state: dict, pid: str) -> str | None:
    """The people of a non-Roman piece, None for Romans."""
    if is_leader(state, pid):
        return leader_def(world, state, pid)["people"]
    return unit_def(world, state, pid)["people"]


def is_ally_people(world: World, people: str | None) -> bool:
    """Armenia, Rome's only non-Roman ally (SV 4.4.2)."""
    return people is not None and world.peoples.get(people, {}).get("class") == "ally"


def on_map(piece: dict) -> bool:
    return not piece.get("eliminated") and piece.get("zone") is not None and not piece.get("aboard")


def pieces_in(state: dict, zone: str) -> list[str]:
    """Ids of pieces on the map in a zone, sorted."""
    return sorted(pid for pid, p in state["pieces"].items() if p.get("zone") == zone and on_map(p))


def index_by_zone(state: dict) -> dict[str, list[str]]:
    """{zone: ids of the pieces on the map there, sorted}."""
    out: dict[str, list[str]] = {}
    pieces = state["pieces"]
    for pid in sorted(pieces):
        p = pieces[pid]
        zone = p.get("zone")
        if zone is not None and not p.get("eliminated") and not p.get("aboard"):  # on_map, inlined
            ids = out.get(zone)
            if ids is None:
                out[zone] = [pid]
            else:
                ids.append(pid)
    return out


def units_of(state: dict, ids) -> list[str]:
    return [i for i in ids if state["pieces"][i]["kind"] == "unit"]


def leaders_of(state: dict, ids) -> list[str]:
    return [i for i in ids if state["pieces"][i]["kind"] == "leader"]


def side_units_in(state: dict, zone: str, side: str, by_zone=None) -> list[str]:
    ids = by_zone.get(zone, []) if by_zone is not None else pieces_in(state, zone)
    return [i for i in ids if state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == side]


def titled(state: dict, pid: str) -> str | None:
    """The leader's imperial title, or None: 'augustus', 'caesar', 'usurpateur' (SV 3.5,
    3.6), 'augustus', 'patrice', 'usurpateur' (UR 3.5, 3.6); the title's own word."""
    return title_of(state).titled(state, pid)


def leader_in_play(world: World, state: dict, pid: str) -> bool:
    """On the map (or aboard a fleet) and not on a Pax Romana face (SV 2.D note, L140;
    UR 2.D, L161-162)."""
    p = state["pieces"][pid]
    if p.get("eliminated") or (p.get("zone") is None and not p.get("aboard")):
        return False
    people = leader_def(world, state, pid)["people"]
    if people and world.title.on_pax_romana_face(state, people):
        return False
    return True
