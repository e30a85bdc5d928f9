"""Reads of order attachments that the submission needs (games/attachments.py has the
rest): kept apart so ``games.services`` can read them without importing the service that
imports it."""

from __future__ import annotations

from games.models import OrderAttachment


def limit_of(rs, kind: str) -> int:
    """How many files an order set of ``kind`` takes (0: none): its schema's
    ``attachments`` list, ``maxItems`` of them."""
    schema = (rs.order_schema(kind).get("properties") or {}).get("attachments")
    if not schema:
        return 0
    return int(schema.get("maxItems", 5))


def for_orders(*, game_id: int, role: str, step: int) -> list[dict]:
    """What a seat uploaded for a step, as its order set names them (oldest first)."""
    rows = OrderAttachment.objects.filter(game_id=game_id, seat__role=role, step_number=step).order_by("pk")
    return [row.as_order() for row in rows.defer("data")]
