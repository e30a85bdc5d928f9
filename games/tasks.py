"""Celery tasks: thin, idempotent, called with ids. A task may run twice, late, or after
a crash; the services make that harmless (docs/adjudication.md)."""

from __future__ import annotations

from celery import shared_task

from games import services
from games.signals import sweep_ran


@shared_task(name="games.tasks.adjudicate_step", acks_late=True, reject_on_worker_lost=True)
def adjudicate_step(game_id: int, step_number: int) -> str:
    return services.step_adjudicate(game_id=game_id, step_number=step_number)


@shared_task(name="games.tasks.sweep", acks_late=True)
def sweep() -> dict:
    """Every minute (beat): due deadlines and stalled steps are adjudicated (the ladder
    runs there), due reminders are announced once; listeners of ``sweep_ran``
    (notifications) send digests and retry undelivered work. Each part is idempotent."""
    found = services.steps_sweep()
    services.reminders_sweep()
    sweep_ran.send(sender=sweep)
    return {key: len(value) for key, value in found.items()}
