"""What a computer player (rules/computer/, docs/computer.md) asks of Tetrarchia.

Tetrarchia hides nothing: a seat's view is the state with two derived counts a page
shows (``protected_frontiers``, ``score``), which :func:`determinise` takes off again. The
game is cooperative, so every role gets the same evaluation: won (1), lost (0), or a
chance read from how close the Empire is to either end (L384-390): frontiers protected
(six win), barbarian armies and how near Rome they stand (one in Rome loses), and the
grey and black discs left in the box (an empty box loses).
"""

from __future__ import annotations

import math

from rules.base import json_copy
from rules.tetrarchia.data import EMPEROR_ORDER, REGION_IDS, board
from rules.tetrarchia.outcome import subdue_cost
from rules.tetrarchia.state import controller, protected_frontiers

#: Keys a view adds to the state (``Tetrarchia.view``).
VIEW_ONLY = ("protected_frontiers", "score")


def determinise(view: dict) -> dict:
    return {k: json_copy(v) for k, v in view.items() if k not in VIEW_ONLY}


def awaiting(state: dict) -> list[tuple[str, str]]:
    """Who the state waits for (``turns.prompts`` without the options)."""
    if state.get("result") is not None:
        return []
    if state["phase"] == "fleets":
        return [(controller(state, EMPEROR_ORDER[0]), "fleets")]
    kind = "barbarian_phase" if state["phase"] == "barbarian" else "roman_phase"
    return [(controller(state, state["turn"]["emperor"]), kind)]


#: Weights of the evaluation (a logistic over their sum).
FRONTIER, ARMY, NEAR_ROME, REVOLT_LEFT, UNREST_LEFT, REBELLION = 1.0, 0.6, 0.45, 0.25, 0.06, 0.5


def evaluate(state: dict) -> float:
    result = state.get("result")
    if result is not None:
        return 1.0 if result["result"] == "victory" else 0.0
    brd = board()
    frontiers = len(protected_frontiers(state, brd))
    danger = sum(max(0, 5 - brd.distance_to_rome(a)) for a in state["armies"])
    reserve = state["reserve"]
    low_revolt = max(0, 6 - reserve.get("revolt", 0))
    low_unrest = max(0, 8 - reserve.get("unrest", 0))
    rebellions = sum(1 for r in REGION_IDS if subdue_cost(state, brd, r) > 6)  # L396-398
    score = (FRONTIER * frontiers - ARMY * len(state["armies"]) - NEAR_ROME * danger
             - REVOLT_LEFT * low_revolt - UNREST_LEFT * low_unrest - REBELLION * rebellions)
    return 1.0 / (1.0 + math.exp(-(score - 3.0) / 1.5))
