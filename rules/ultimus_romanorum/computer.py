"""What Ultimus Romanorum tells a computer player's evaluation (rules/imperator/computer.py,
docs/computer.md): the points this year's campaign review would give each side if it came
now."""

from __future__ import annotations

from rules.imperator import state as st
from rules.ultimus_romanorum import peoples, scoring


def projected_points(world, state: dict) -> dict[str, int]:
    """The points of UR 10.2 on a shallow copy: ``state`` is not changed."""
    s = dict(state, vp=dict(state["vp"]), hidden=dict(state.get("hidden") or {}))
    s["hidden"].setdefault("bowl", [])
    s["hidden"]["hands"] = {}  # Papa is not played in a projection
    scoring.victory_points_f(world, s, [], peoples.pacified_by_arms(world, s))
    return {side: s["vp"][side] - state["vp"][side] for side in st.sides(state)}
