"""What Semper Victor tells a computer player's evaluation (rules/imperator/computer.py,
docs/computer.md): the points this year's campaign review would give each side if it came
now."""

from __future__ import annotations

from rules.imperator import state as st
from rules.semper_victor import phases, stratagems


def projected_points(world, state: dict) -> dict[str, int]:
    """Diocese control checked (SV 3.7.3), the markers scored (6.3, 10.1), the points of
    SV 10 (and PRIMUS's 5 in the last year), on a shallow copy: ``state`` is not changed."""
    s = dict(state, control=dict(state["control"]), vp=dict(state["vp"]),
             markers={k: dict(v) for k, v in (state.get("markers") or {}).items()},
             hidden=dict(state.get("hidden") or {}))
    s["hidden"].setdefault("bowl", [])
    events: list = []
    phases.diocese_control(world, s, events)
    stratagems.markers_in_f(world, s, events)
    phases.victory_points_f(world, s, events)
    if state["year"] >= state["last_year"]:
        phases.end_of_game(world, s, events)
    return {side: s["vp"][side] - state["vp"][side] for side in st.sides(state)}
