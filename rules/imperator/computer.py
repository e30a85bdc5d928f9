"""What a computer player (rules/computer/) asks of an Imperator-system title: a guess of
the hidden parts consistent with a seat's view, an evaluation of a position, and who the
state waits for. See docs/computer.md.

What a seat does not see in an Imperator game (``ImperatorRuleset.view``): the other
side's stratagem hand and standing reactions, the order of the bowl, the counters removed
from play, and, during the other side's SMC, the moves it has not carried out yet.
:func:`determinise` draws the hand and the bowl from the counters the seat cannot place
(every counter of the game's mix, less its own hand and the markers on the map), of the
sizes the view shows; it gives the other side no standing reactions (the engine's
defaults) and no moves beyond those carried out.
"""

from __future__ import annotations

import math
import random

from rules.base import json_copy
from rules.imperator import state as st
from rules.imperator.stratagems import build_bowl, stratagem_file

#: The parts of a seat's view that are not state (``ImperatorRuleset.view``).
VIEW_ONLY = ("stratagems", "reactions")


def side_of(state: dict, seat: str) -> str:
    return (state.get("seats") or {}).get(seat, seat)


def seat_of(state: dict, side: str) -> str:
    for seat, s in sorted((state.get("seats") or {}).items()):
        if s == side:
            return seat
    return side


def determinise(slug: str, view: dict, seat: str, rng: random.Random) -> dict:
    """A full state consistent with ``seat``'s view: the hidden counters drawn at random
    from those the seat cannot place (see the module docstring)."""
    state = {k: json_copy(v) for k, v in view.items() if k not in VIEW_ONLY}
    side = side_of(view, seat)
    sides = st.sides(state)
    seen = view.get("stratagems") or {}
    mine = list(seen.get("hand") or [])
    everything = build_bowl(stratagem_file(slug), (view.get("options") or {}).get("stratagem_mix", "reconstructed"))
    placed = set(mine) | {m.get("counter") for m in (view.get("markers") or {}).values()}
    unknown = [c for c in everything if c not in placed]
    rng.shuffle(unknown)
    hands = {s: [] for s in sides}
    reactions = {s: {} for s in sides}
    if side in sides:
        hands[side] = mine
        reactions[side] = json_copy(view.get("reactions") or {})
    for s in sides:
        if s != side:
            n = (seen.get("hand_sizes") or {}).get(s, 0)
            hands[s], unknown = sorted(unknown[:n]), unknown[n:]
    size = seen.get("bowl_size", 0)
    state["hidden"] = {"hands": hands, "bowl": sorted(unknown[:size]), "removed": sorted(unknown[size:]),
                       "reactions": reactions}
    return state


def awaiting(state: dict) -> list[tuple[str, str]]:
    """The seat and kind of the decision the state waits for (``ImperatorRuleset.prompts``
    without the options)."""
    pending = state.get("pending")
    if not pending or state.get("phase") == "end":
        return []
    return [(seat_of(state, pending["role"]), pending["kind"])]


# -- evaluation ------------------------------------------------------------------------------
#: Victory points a strength point (PF) on the map is worth to the evaluation.
PF_WEIGHT = 0.08
#: How much the points the position would score this year count, per year still to play
#: (the position tends to score again), up to ``YEARS_AHEAD`` years.
PROJECTION_PER_YEAR = 0.6
YEARS_AHEAD = 5
#: The logistic's scale: a lead of this many points early is a fair but unsure lead.
SCALE, SCALE_PER_ROOT_YEAR = 3.0, 2.0


def evaluate(world, state: dict, seat: str, outcome) -> float:
    """The estimated chance that ``seat`` wins: its lead in victory points, the points the
    campaign review would give each side if the year ended now (the title's
    ``projected_points``: SV's dioceses, capitals, peoples in enemy dioceses, markers)
    weighted by the years left, and the strength on the map, through a logistic whose
    scale grows with the years still to play."""
    if outcome is not None:
        return 1.0 if outcome.winner == seat else 0.0 if outcome.winner is not None else 0.5
    side = side_of(state, seat)
    sides = st.sides(state)
    if side not in sides:
        return 0.5
    enemy = st.other(side)
    lead = state["vp"][side] - state["vp"][enemy]
    years_left = max(0, state["last_year"] - state["year"])
    projected = world.title.projected_points(world, state)
    weight = 1.0 + PROJECTION_PER_YEAR * min(years_left, YEARS_AHEAD)
    lead += weight * (projected.get(side, 0) - projected.get(enemy, 0))
    lead += PF_WEIGHT * (strength(world, state, side) - strength(world, state, enemy))
    scale = SCALE + SCALE_PER_ROOT_YEAR * math.sqrt(years_left)
    return 1.0 / (1.0 + math.exp(-lead / scale))


def strength(world, state: dict, side: str) -> int:
    """The strength points (PF) of ``side``'s units on the map, weakened faces as they are."""
    total = 0
    for pid, piece in state["pieces"].items():
        if piece["kind"] == "unit" and piece["side"] == side and st.on_map(piece):
            total += st.unit_def(world, state, pid)["pf"]
    return total
