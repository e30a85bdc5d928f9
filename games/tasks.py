"""Celery tasks: thin, idempotent, called with ids. A task may run twice, late, or after
a crash; the services make that harmless (docs/adjudication.md)."""

from __future__ import annotations

import logging
import time

from celery import shared_task

from games import computers, metrics, services
from games.signals import sweep_ran

logger = logging.getLogger(__name__)


@shared_task(name="games.tasks.adjudicate_step", acks_late=True, reject_on_worker_lost=True)
def adjudicate_step(game_id: int, step_number: int, stored: dict | None = None) -> str:
    """Resolve the step (exactly once, however often this runs). ``stored``: the order set
    whose submission completed the step, announced after the adjudication so the next
    player's turn comes first (services._enqueue_orders_stored).

    A failure rolls the step back, is recorded on the step (the health check, the metrics
    and the admin show it) and is logged at ERROR the first time and at each doubling of
    its count, not at every retry of the sweep; the sweep tries the step again."""
    try:
        result = services.step_adjudicate(game_id=game_id, step_number=step_number)
    except Exception as exc:  # noqa: BLE001 - recorded, reported, retried by the sweep
        failures = services.step_failure_record(
            game_id=game_id, step_number=step_number, error=f"{exc.__class__.__name__}: {exc}"
        )
        if failures & (failures - 1) == 0:  # 1, 2, 4, 8, ...
            logger.exception("game %s, step %s: adjudication failed (%d times)", game_id, step_number, failures)
        else:
            logger.warning("game %s, step %s: adjudication failed again (%d times): %s", game_id, step_number, failures, exc)
        return "error"
    if stored:
        services.announce_orders(game_id=game_id, step_number=step_number, stored=stored)
    return result


@shared_task(name="games.tasks.announce_orders", acks_late=True)
def announce_orders(game_id: int, step_number: int, stored: dict) -> None:
    """An order set was stored and its step still waits for others: announce it."""
    services.announce_orders(game_id=game_id, step_number=step_number, stored=stored)


@shared_task(name="games.tasks.computer_play", acks_late=True, reject_on_worker_lost=True)
def computer_play(game_id: int, step_number: int) -> list[str]:
    """The computer seats the open step asks answer now (games/computers.py): sent when
    a step opens, and by the sweep for one whose computer has not answered."""
    return computers.computer_seats_play(game_id=game_id, step_number=step_number)


@shared_task(name="games.tasks.computer_draw", acks_late=True)
def computer_draw(game_id: int) -> list:
    """The computer seats answer a draw a player offered or accepted (games/computers.py)."""
    return computers.computer_draw_answers(game_id=game_id)


@shared_task(name="games.tasks.sweep", acks_late=True)
def sweep() -> dict:
    """Every minute (beat): games pinned to an earlier ruleset version are carried over,
    due deadlines and stalled steps are adjudicated (the ladder runs there), due reminders
    are announced once; listeners of ``sweep_ran`` (notifications) send digests and retry
    undelivered work. Each part is idempotent. The time it ran is recorded for the health
    check (``beat`` is late when it is old)."""
    upgraded = services.games_upgrade_sweep()
    found = services.steps_sweep()
    waiting_on_computers = computers.computer_steps_stalled()
    reminders = services.reminders_sweep()
    sweep_ran.send(sender=sweep)
    metrics.set_value("last_sweep_unixtime", time.time())
    summary = {key: len(value) for key, value in found.items()}
    summary.update(upgraded=len(upgraded), reminders=len(reminders), computers=len(waiting_on_computers))
    logger.info("sweep: %s", ", ".join(f"{k} {v}" for k, v in sorted(summary.items())))
    return {key: len(value) for key, value in found.items()}
