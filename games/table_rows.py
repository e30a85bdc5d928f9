"""Reads of a game's own tables that the submission needs (games/game_tables.py has the
writes): kept apart so ``games.services`` can read them without importing the service
that imports it."""

from __future__ import annotations

from games.models import GameTable, OrderSet, Step


def takes_tables(rs, kind: str) -> bool:
    """Whether an order set of ``kind`` carries the game's own tables: its order schema
    has a ``tables`` list (a refereed master's)."""
    return "tables" in (rs.order_schema(kind).get("properties") or {})


def for_orders(*, game_id: int) -> list[dict]:
    """The game's own tables an order set must carry: each uploaded version that no
    resolved order set of the game carried last (a new table, a new version of one; the
    position already holds the others), oldest id first."""
    out = []
    for row in GameTable.objects.filter(game_id=game_id).order_by("table_id"):
        last = (OrderSet.objects.filter(step__game_id=game_id, step__status=Step.Status.RESOLVED,
                                        orders__tables__contains=[{"id": row.table_id}])
                .order_by("-step__number").values_list("orders__tables", flat=True).first())
        carried = next((entry.get("sha256") for entry in last or [] if entry.get("id") == row.table_id), None)
        if carried != row.sha256:
            out.append(row.as_entry())
    return out
