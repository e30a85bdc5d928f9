"""How the platform asks its workers for work: a Celery task, named, sent after the
commit of the transaction that made it necessary — and, in a web request, after the
response has gone to the client.

Services never import a ``tasks`` module (tasks call services: the dependency runs one
way). They name the task here instead (``ADJUDICATE_STEP``...) and call :func:`after_commit`
(or :func:`send`, outside a transaction: the sweeps). ``tests/test_dispatch.py`` checks
that every name is a task the worker knows. Tests that do not run a worker replace
:func:`send` (the ``dispatched`` fixture) rather than any part of Celery.

**After the response.** Publishing costs a round trip to the broker (1.3-2 ms), which a
player submitting orders need not wait for. In a web request (``PublishAfterResponse``
middleware), messages are held and published when the WSGI server has sent the
response (Django's ``request_finished``), all on one broker connection. Nothing of the
guarantees moves: the rows are committed before the response, the adjudication is
idempotent, and a message lost between the response and the publish (the process killed
there) is a lost message like any other: the minute sweep adjudicates a step complete for
longer than ``CURSUS_STALL_SECONDS`` (docs/adjudication.md).
"""

from __future__ import annotations

import logging
import threading

from celery import current_app
from django.core.signals import request_finished
from django.db import transaction

logger = logging.getLogger(__name__)

#: games.tasks
ADJUDICATE_STEP = "games.tasks.adjudicate_step"
ANNOUNCE_ORDERS = "games.tasks.announce_orders"
SWEEP = "games.tasks.sweep"
#: notifications.tasks
DELIVER_OUTBOX = "notifications.tasks.deliver_outbox"
#: tournaments.tasks
WARM_STANDINGS = "tournaments.tasks.warm_standings"

TASKS = (ADJUDICATE_STEP, ANNOUNCE_ORDERS, SWEEP, DELIVER_OUTBOX, WARM_STANDINGS)

_held = threading.local()


def publish(messages: list[tuple[str, tuple]]) -> None:
    """Publish ``(task name, args)`` messages now, on the current Celery app (its broker and
    default queue), over one connection."""
    if not messages:
        return
    app = current_app
    with app.producer_or_acquire() as producer:
        for name, args in messages:
            app.send_task(name, args=args, producer=producer)


def send(name: str, *args) -> None:
    """One message for the task ``name``: published now, or, while a web request is being
    answered, held until its response has been sent."""
    held = getattr(_held, "messages", None)
    if held is not None:
        held.append((name, args))
        return
    publish([(name, args)])


def after_commit(name: str, *args) -> None:
    """:func:`send` once the current transaction commits (at once outside one): a worker
    never sees an uncommitted row, and a rolled-back change asks for nothing."""
    transaction.on_commit(lambda: send(name, *args), robust=True)


def _publish_held(**kwargs) -> None:
    held, _held.messages = getattr(_held, "messages", None), None
    try:
        publish(held or [])
    except Exception:  # noqa: BLE001 - the response is gone; the sweep recovers a lost message
        logger.exception("publishing %d message(s) after the response failed", len(held or []))


request_finished.connect(_publish_held, dispatch_uid="games.dispatch.publish_held")


class PublishAfterResponse:
    """Middleware: hold the messages a request sends until its response has been sent
    (``request_finished``, connected above, publishes them)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        _held.messages = []
        return self.get_response(request)
