"""How the platform asks its workers for work: a Celery task, named, sent after the
commit of the transaction that made it necessary — and, in a web request, after the
response has gone to the client.

Services never import a ``tasks`` module (tasks call services: the dependency runs one
way). They name the task here instead (``ADJUDICATE_STEP``...) and call :func:`after_commit`
(or :func:`send`, outside a transaction: the sweeps). ``tests/test_dispatch.py`` checks
that every name is a task the worker knows. Tests that do not run a worker replace
:func:`send` (the ``dispatched`` fixture) rather than any part of Celery.

**After the response, in one round trip.** Publishing costs a round trip to the broker,
which a player submitting orders need not wait for. In a web request (``PublishAfterResponse``
middleware), messages are held and published when the WSGI server has sent the
response (Django's ``request_finished``), all on one broker connection. Nothing of the
guarantees moves: the rows are committed before the response, the adjudication is
idempotent, and a message lost between the response and the publish (the process killed
there) is a lost message like any other: the minute sweep adjudicates a step complete for
longer than ``CURSUS_STALL_SECONDS`` (docs/adjudication.md).

With a Redis broker the messages are written as Celery writes them (task protocol 2),
all of them in one pipelined round trip, without Celery's producer (a third of a
millisecond of CPU a message, as much as the rest of a submission's request handling);
``tests/test_dispatch.py`` compares them with Celery's own, key by key, and the worker
tests run on them. Any other broker, or routes and queues of one's own, go through Celery.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import threading
import uuid

import redis
from celery import current_app
from celery.utils.nodenames import anon_nodename
from django.core.signals import request_finished
from django.db import transaction
from kombu.utils.json import dumps as json_dumps

logger = logging.getLogger(__name__)

#: games.tasks
ADJUDICATE_STEP = "games.tasks.adjudicate_step"
ANNOUNCE_ORDERS = "games.tasks.announce_orders"
COMPUTER_PLAY = "games.tasks.computer_play"
COMPUTER_DRAW = "games.tasks.computer_draw"
SWEEP = "games.tasks.sweep"
#: notifications.tasks
DELIVER_OUTBOX = "notifications.tasks.deliver_outbox"
#: tournaments.tasks
WARM_STANDINGS = "tournaments.tasks.warm_standings"

TASKS = (ADJUDICATE_STEP, ANNOUNCE_ORDERS, COMPUTER_PLAY, COMPUTER_DRAW, SWEEP, DELIVER_OUTBOX, WARM_STANDINGS)

_held = threading.local()


def publish(messages: list[tuple[str, tuple]]) -> None:
    """Publish ``(task name, args)`` messages now, on the current Celery app (its broker and
    default queue), in one round trip to the broker when it is Redis (:func:`_redis_route`),
    else over one connection of Celery's."""
    if not messages:
        return
    app = current_app
    route = _redis_route(app)
    if route is None:
        with app.producer_or_acquire() as producer:
            for name, args in messages:
                app.send_task(name, args=args, producer=producer)
        return
    client, queue = route
    client.lpush(queue, *(_message(app, name, args, queue) for name, args in messages))


_routes: dict = {}


def _redis_route(app):
    """``(redis client, queue)`` when this app's messages may be written straight into
    Redis: a ``redis://`` broker, no routes, queues or key prefix of its own, no SSL. Else
    None (Celery publishes)."""
    conf = app.conf
    url = conf.broker_url
    cache_key = (id(app), url, conf.task_default_queue)
    route = _routes.get(cache_key)
    if route is None:
        plain = (isinstance(url, str) and url.startswith("redis://") and not conf.task_routes and not conf.task_queues
                 and not conf.broker_use_ssl and not (conf.broker_transport_options or {}).get("global_keyprefix")
                 and conf.task_default_exchange in (None, "", conf.task_default_queue)
                 and conf.task_protocol == 2 and conf.task_serializer == "json")
        route = (redis.Redis.from_url(url), conf.task_default_queue) if plain else False
        _routes[cache_key] = route
    return route or None


def _message(app, name: str, args: tuple, queue: str) -> str:
    """One message as Celery's ``send_task`` writes it into a Redis queue (task protocol
    2, JSON, the body base64-encoded as kombu's Redis transport does);
    tests/test_dispatch.py compares the two, key by key."""
    task_id = str(uuid.uuid4())
    body = _dumps([list(args), {}, {"callbacks": None, "errbacks": None, "chain": None, "chord": None}])
    return json.dumps({
        "body": base64.b64encode(body.encode()).decode(),
        "content-encoding": "utf-8",
        "content-type": "application/json",
        "headers": {
            "lang": "py", "task": name, "id": task_id, "shadow": None, "eta": None, "expires": None, "group": None,
            "group_index": None, "retries": 0, "timelimit": [None, None], "root_id": task_id, "parent_id": None,
            "argsrepr": repr(args)[:1024], "kwargsrepr": "{}", "origin": _origin(), "ignore_result": None,
            "replaced_task_nesting": 0, "stamped_headers": None, "stamps": {},
        },
        "properties": {
            "correlation_id": task_id, "reply_to": app.thread_oid, "delivery_mode": 2,
            "delivery_info": {"exchange": "", "routing_key": queue}, "priority": 0, "body_encoding": "base64",
            "delivery_tag": str(uuid.uuid4()),
        },
    })


def _dumps(value) -> str:
    """JSON as Celery's serializer writes it: the json module's C encoder for plain data
    (the tasks' arguments are ids and short dicts), kombu's encoder (dates, UUIDs...)
    for anything else."""
    try:
        return json.dumps(value)
    except TypeError:
        return json_dumps(value)


_origin_of: dict[int, str] = {}


def _origin() -> str:
    """Who sent the message, as Celery names an anonymous sender (per process)."""
    pid = os.getpid()
    origin = _origin_of.get(pid)
    if origin is None:
        origin = _origin_of[pid] = anon_nodename()
    return origin


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
