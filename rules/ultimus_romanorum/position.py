"""Ultimus Romanorum's keys of an adjudicator case's position (``rules/imperator/position.py``
reads the keys every title shares)::

    peoples: {people: peace|war|foederati|revolted|regnum, or {status, last_zone}}
    titles: {halves: {west, east}, patrices: {west, east}, usurpers: {side: []}}
    pieces[].title: augustus | patrice | usurpateur  (the half is where he stands)
    regna: {people: {capital, rex}}   alliances: {major: [minors]}   freed_vassals: [...]
    guards: {bu unit: leader}         augustae: {half: {year, effect}}   refuge: {half: {...}}
    escort: {leader, usurper}         (the Honorius case's escort, 3.5.2)
"""

from __future__ import annotations

from rules.ultimus_romanorum.halves import BARBARE, HALVES, ROMAIN, controller_for, half_of_zone

#: state keys a position may set as they are
POSITION_KEYS = ("regna", "alliances", "freed_vassals", "guards", "augustae", "refuge", "migration",
                 "usurpation_won", "augusta_initiative", "escort")
PIECE_KEYS = ("entered",)


def clear_titles(world, state: dict, scenario: dict) -> None:
    """An empty board: no Augustus, Patrice nor usurper until the position names them, and no
    piece entering from the tables (a piece the position does not name is absent; a case
    that wants a leader to enter names him with ``entered: false``)."""
    for piece in state["pieces"].values():
        piece["entered"] = True
    state["titles"] = {"augusti": {ROMAIN: [], BARBARE: []}, "caesars": {ROMAIN: [], BARBARE: []},
                       "usurpers": {ROMAIN: [], BARBARE: []},
                       "halves": {h: None for h in HALVES}, "patrices": {h: None for h in HALVES}}
    state["guards"] = {}


def before_pieces(world, state: dict, position: dict) -> None:
    """The peoples' statuses (and so their controllers, 4.4.1) and the titles."""
    for people, value in sorted((position.get("peoples") or {}).items()):
        status = value.get("status") if isinstance(value, dict) else value
        state["peoples"][people].update(status=status, controller=controller_for(world, people, status))
        if isinstance(value, dict) and value.get("last_zone"):  # where its last unit fell (9.4)
            state["peoples"][people]["last_zone"] = value["last_zone"]
    titles = position.get("titles") or {}
    for key in ("halves", "patrices"):
        for half, pid in (titles.get(key) or {}).items():
            state["titles"][key][half] = pid
    state["titles"]["augusti"][ROMAIN] = [a for a in state["titles"]["halves"].values() if a]
    for side, ids in (titles.get("usurpers") or {}).items():
        state["titles"]["usurpers"][side] = list(ids)


def after_pieces(world, state: dict, position: dict) -> None:
    """A usurper named in ``titles`` gets his civil war record (3.6.3)."""
    if "usurpers" in (position.get("titles") or {}):
        for side, ids in position["titles"]["usurpers"].items():
            for u in ids:
                state.setdefault("civil_war", {}).setdefault(u, {"side": side, "leaders": {}, "units": {}, "bonus": 0,
                                                                 "half": half_of_zone(world, state["pieces"][u]["zone"])})


def give_title(world, state: dict, pid: str, title: str, side: str | None) -> None:
    """A piece's ``title`` in a position: augustus and patrice of the half he stands in."""
    half = half_of_zone(world, state["pieces"][pid].get("zone")) or "west"
    if title == "augustus":
        state["titles"]["halves"][half] = pid
        if pid not in state["titles"]["augusti"][ROMAIN]:
            state["titles"]["augusti"][ROMAIN].append(pid)
    elif title == "patrice":
        state["titles"]["patrices"][half] = pid
    elif title == "usurpateur":
        state["titles"]["usurpers"][side or BARBARE].append(pid)
        state.setdefault("civil_war", {})[pid] = {"side": side or BARBARE, "leaders": {}, "units": {}, "bonus": 0, "half": half}
