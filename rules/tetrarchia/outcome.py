"""The end of the game (*fin de la partie*, L382-398) and the rivalry of LE GRAND (L455-501).

The game is cooperative: every role wins or loses together. ``Outcome.winner`` is None
(no single winning role); ``level`` says ``victory`` or ``defeat``; ``detail.winners``
lists the roles that won (all of them, or none).
"""

from __future__ import annotations

from rules.base import Outcome
from rules.tetrarchia.data import EMPEROR_ORDER, REGION_IDS, Board, board, emperors, tables
from rules.tetrarchia.state import REVOLT, UNREST, disc_at, protected_frontiers


def subdue_cost(st: dict, brd: Board, region: str) -> int:
    costs = tables()["costs"]
    total = 0
    for p in brd.region_provinces(region):
        d = disc_at(st, p)
        total += costs["subdue_revolt"] if d == REVOLT else costs["subdue_unrest"] if d == UNREST else 0
    return total


def ten_point_score(st: dict, brd: Board | None = None) -> dict:
    """The optional score out of 10 (L392-398): +1 per protected frontier and +4 when
    ITALIA holds no Revolt; -1 per unprotected frontier, army on the board and region in
    rebellion (one that would take more than 6 PI to subdue)."""
    brd = brd or board()
    sc = tables()["score"]
    frontiers = len(protected_frontiers(st, brd))
    italia_free = not any(disc_at(st, p) == REVOLT for p in brd.region_provinces("italia"))
    rebellious = [r for r in REGION_IDS if subdue_cost(st, brd, r) > sc["rebellion_above_pi"]]
    parts = {
        "frontiers": frontiers * sc["per_frontier"],
        "italia": sc["italia_free"] if italia_free else 0,
        "unprotected_frontiers": (6 - frontiers) * sc["per_unprotected_frontier"],
        "armies": len(st["armies"]) * sc["per_army"],
        "regions_in_rebellion": len(rebellious) * sc["per_region_in_rebellion"],
    }
    return {"score": sum(parts.values()), "parts": parts, "regions_in_rebellion": rebellious}


def glory_points(st: dict, brd: Board | None = None) -> dict[str, int]:
    """LE GRAND: frontiers an emperor protects plus his glory discs (L480-482)."""
    brd = brd or board()
    return {e: sum(1 for f in brd.frontier_ids() if disc_at(st, f) == e) + st["emperors"][e]["glory"]
            for e in EMPEROR_ORDER}


def rivalry(st: dict) -> dict:
    """Who becomes the Great (2 points over every other) or else Emperor of the East or the
    West (2 points over his Augustus/Caesar colleague), and whether the Tetrarchy is
    preserved (solo: a spread of at most 1 point, FAQ L867-870)."""
    margin = tables()["glory_margin"]
    pts = glory_points(st)
    great = [e for e in EMPEROR_ORDER if all(pts[e] - pts[o] >= margin for o in EMPEROR_ORDER if o != e)]
    halves = {}
    if not great:
        for e in EMPEROR_ORDER:
            partner = emperors()[e].partner
            if pts[e] - pts[partner] >= margin:
                halves[emperors()[e].half] = e
    spread = max(pts.values()) - min(pts.values())
    return {"points": pts, "the_great": great[0] if great else None, "halves": dict(sorted(halves.items())),
            "tetrarchy_preserved": not great and not halves, "glory_spread": spread,
            "bitter": spread > 1}


def outcome(st: dict) -> Outcome | None:
    result = st.get("result")
    if result is None:
        return None
    score = ten_point_score(st)
    roles = sorted(st["roles"])
    victory = result["result"] == "victory"
    detail = {"cooperative": True, "result": result["result"], "reason": result["reason"],
              "winners": roles if victory else [], "ten_point_score": score,
              "round": st["round"], "turns_played": st["turns_played"], "level": st["level"]["code"]}
    if st["options"].get("le_grand") and victory:
        detail["le_grand"] = rivalry(st)
    return Outcome(winner=None, scores={r: score["score"] for r in roles},
                   level="victory" if victory else "defeat", detail=detail)

