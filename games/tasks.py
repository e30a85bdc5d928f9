"""Celery tasks: thin, idempotent, called with ids. A task may run twice, late, or after
a crash; the services make that harmless (docs/adjudication.md)."""

from __future__ import annotations

from celery import shared_task

from games import services
from games.signals import sweep_ran


@shared_task(name="games.tasks.adjudicate_step", acks_late=True, reject_on_worker_lost=True)
def adjudicate_step(game_id: int, step_number: int, stored: dict | None = None) -> str:
    """Resolve the step (exactly once, however often this runs). ``stored``: the order set
    whose submission completed the step, announced after the adjudication so the next
    player's turn comes first (services._enqueue_orders_stored)."""
    result = services.step_adjudicate(game_id=game_id, step_number=step_number)
    if stored:
        services.announce_orders(game_id=game_id, step_number=step_number, stored=stored)
    return result


@shared_task(name="games.tasks.announce_orders", acks_late=True)
def announce_orders(game_id: int, step_number: int, stored: dict) -> None:
    """An order set was stored and its step still waits for others: announce it."""
    services.announce_orders(game_id=game_id, step_number=step_number, stored=stored)


@shared_task(name="games.tasks.sweep", acks_late=True)
def sweep() -> dict:
    """Every minute (beat): due deadlines and stalled steps are adjudicated (the ladder
    runs there), due reminders are announced once; listeners of ``sweep_ran``
    (notifications) send digests and retry undelivered work. Each part is idempotent."""
    found = services.steps_sweep()
    services.reminders_sweep()
    sweep_ran.send(sender=sweep)
    return {key: len(value) for key, value in found.items()}
