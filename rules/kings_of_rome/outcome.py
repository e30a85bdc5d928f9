"""The end of the game (§8.0): the Curia with the most IP wins; ties go to the King."""

from __future__ import annotations

from rules.base import Outcome
from rules.kings_of_rome.state import curiae_of, king_curia, roles, seat_of


def final_scores(st: dict) -> dict:
    """Each seat's score (its best Curia's IP as printed, or its Curiae's total under the
    ``winner`` option), the ranking of the seats and the winner (None: a shared first place
    the King does not settle)."""
    by_total = st["options"].get("winner") == "seat-total"
    scores, totals = {}, {}
    for role in roles(st):
        ips = [st["ip"][c] for c in curiae_of(st, role)]
        totals[role] = sum(ips)
        scores[role] = sum(ips) if by_total else max(ips)
    kc = king_curia(st)
    king_role = seat_of(st, kc) if kc else None
    # the best Curia's owner wins; a tie goes to the King's (L1783), then to the seat total
    ranking = sorted(roles(st), key=lambda r: (-scores[r], r != king_role, -totals[r], roles(st).index(r)))
    top = [r for r in ranking if scores[r] == scores[ranking[0]]]
    if len(top) == 1 or king_role in top:
        winner = king_role if king_role in top else top[0]
    else:
        best_total = max(totals[r] for r in top)
        tied = [r for r in top if totals[r] == best_total]
        winner = tied[0] if len(tied) == 1 else None
    return {"winner": winner, "scores": scores, "totals": totals, "ranking": ranking}


def outcome(st: dict) -> Outcome | None:
    res = st.get("result")
    if res is None:
        return None
    return Outcome(winner=res["winner"], scores=dict(res["scores"]), level="victory" if res["winner"] else "draw",
                   detail={"reason": res["reason"], "turn": res["turn"], "ip": dict(st["ip"]),
                           "ranking": list(res["ranking"]), "totals": dict(res["totals"])})
