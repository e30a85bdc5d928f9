"""Semper Victor's keys of an adjudicator case's position (``rules/imperator/position.py``
reads the keys every title shares)::

    control: {diocese: side}
    peoples: {people: war|peace|{status, controller}}     peoples_at_war: [people]
    titles: {primus_augustus, secundus_augustus, augusti{side:[]}, caesars{side:[]}, usurpers{side:[]}}
    pieces[].title: augustus | caesar | usurpateur | primus_augustus | secundus_augustus
    war_bowl_locked: {people: year}                        majors pacified by arms (SV 9.4)
    protectores: {side: leader}    constantinople: {...}   (SV 3.5.3, 3.1.2)
    swap_at_f: succession | usurpation                     a change of sides due in F (SV 5)
"""

from __future__ import annotations

from rules.imperator import state as st
from rules.semper_victor.phases import derive_people_control

#: state keys a position may set as they are (SV 3.5.3, 3.1.2)
POSITION_KEYS = ("protectores", "constantinople")


def clear_titles(world, state: dict, scenario: dict) -> None:
    """An empty board keeps its scenario's Primus Augustus (there always is one, L282)."""
    state["titles"] = {"primus_augustus": scenario["primus_augustus"], "secundus_augustus": None,
                       "augusti": {s: [] for s in st.sides(state)}, "caesars": {s: [] for s in st.sides(state)},
                       "usurpers": {s: [] for s in st.sides(state)}}


def before_pieces(world, state: dict, position: dict) -> None:
    """Diocese control, the peoples' status and controller, the titles."""
    state["control"].update(position.get("control") or {})
    for people in position.get("peoples_at_war") or []:
        state["peoples"][people]["status"] = "war"
    explicit_controllers = {}
    for people, value in sorted((position.get("peoples") or {}).items()):
        if isinstance(value, dict):
            state["peoples"][people]["status"] = value.get("status", state["peoples"][people]["status"])
            if value.get("controller"):
                explicit_controllers[people] = value["controller"]
        else:
            state["peoples"][people]["status"] = value
    derive_people_control(world, state)
    for people, side in explicit_controllers.items():
        state["peoples"][people]["controller"] = side
    titles = position.get("titles") or {}
    for key in ("primus_augustus", "secundus_augustus"):
        if key in titles:
            state["titles"][key] = titles[key]
    for key in ("augusti", "caesars", "usurpers"):
        for side, ids in (titles.get(key) or {}).items():
            state["titles"][key][side] = list(ids)


def after_pieces(world, state: dict, position: dict) -> None:
    for people, year in sorted((position.get("war_bowl_locked") or {}).items()):  # SV 9.4
        state["war_bowl"]["locked"][people] = year
        state["peoples"][people]["locked_until"] = year
    if position.get("swap_at_f"):  # a change of sides triggered earlier in the year (SV 5)
        state["swap_at_f"] = {"year": state["year"], "cause": position["swap_at_f"]}


def give_title(world, state: dict, pid: str, title: str, side: str | None) -> None:
    """A piece's ``title`` in a position."""
    if title == "augustus" and side:
        state["titles"]["augusti"][side].append(pid)
    elif title == "caesar" and side:
        state["titles"]["caesars"][side].append(pid)
    elif title == "usurpateur" and side:
        state["titles"]["usurpers"][side].append(pid)
    elif title in ("primus", "primus_augustus"):
        state["titles"]["primus_augustus"] = pid
        if side:
            state["titles"]["augusti"][side].append(pid)
    elif title in ("secundus", "secundus_augustus"):
        state["titles"]["secundus_augustus"] = pid
        if side:
            state["titles"]["augusti"][side].append(pid)
