"""How the platform asks its workers for work: a Celery task, named, sent after the
commit of the transaction that made it necessary.

Services never import a ``tasks`` module (tasks call services: the dependency runs one
way). They name the task here instead (``ADJUDICATE_STEP``...) and call :func:`after_commit`
(or :func:`send`, outside a transaction: the sweeps). ``tests/test_dispatch.py`` checks
that every name is a task the worker knows. Tests that do not run a worker replace
:func:`send` (the ``enqueued`` fixture) rather than any part of Celery.
"""

from __future__ import annotations

from celery import current_app
from django.db import transaction

#: games.tasks
ADJUDICATE_STEP = "games.tasks.adjudicate_step"
ANNOUNCE_ORDERS = "games.tasks.announce_orders"
SWEEP = "games.tasks.sweep"
#: notifications.tasks
DELIVER_OUTBOX = "notifications.tasks.deliver_outbox"
#: tournaments.tasks
WARM_STANDINGS = "tournaments.tasks.warm_standings"

TASKS = (ADJUDICATE_STEP, ANNOUNCE_ORDERS, SWEEP, DELIVER_OUTBOX, WARM_STANDINGS)


def send(name: str, *args) -> None:
    """Publish one message for the task ``name`` now, on the current Celery app (its
    broker and default queue)."""
    current_app.send_task(name, args=args)


def after_commit(name: str, *args) -> None:
    """Publish it once the current transaction commits (at once outside one): a worker
    never sees an uncommitted row, and a rolled-back change asks for nothing."""
    transaction.on_commit(lambda: send(name, *args), robust=True)
