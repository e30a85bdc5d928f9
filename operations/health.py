"""What the service is doing, read from the database, the broker and the workers: the
health check (``/api/v1/health/``) and the Prometheus metrics (``/metrics``) report the
same figures. Every threshold is a setting (docs/operations.md)."""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone

from django.conf import settings
from django.db import connection
from django.db.models import Count, Min, Q
from django.utils import timezone

from games import metrics
from games.models import Game, Step
from notifications.models import Outbox


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return "ok"
    except Exception as exc:  # noqa: BLE001 - any failure is reported, not raised
        return f"error: {exc.__class__.__name__}"


def _broker_client():
    import redis
    from celery import current_app

    return redis.Redis.from_url(current_app.conf.broker_url, socket_connect_timeout=2, socket_timeout=2)


def _broker() -> tuple[str, int | None]:
    """The broker answers, and how many messages wait in the default queue."""
    from celery import current_app

    try:
        client = _broker_client()
        client.ping()
        waiting = client.llen(current_app.conf.task_default_queue)
        client.close()
        return "ok", int(waiting)
    except Exception as exc:  # noqa: BLE001
        return f"error: {exc.__class__.__name__}", None


def workers() -> dict:
    """The workers that answer a ping through the broker within a second, by name. A
    worker that is down, or stuck reconnecting to the broker, does not answer."""
    from celery import current_app

    try:
        replies = current_app.control.ping(timeout=float(getattr(settings, "CURSUS_HEALTH_PING_SECONDS", 1.0)))
    except Exception as exc:  # noqa: BLE001
        return {"status": f"error: {exc.__class__.__name__}", "names": []}
    names = sorted(name for reply in replies for name in reply)
    return {"status": "ok" if names else "error: no worker answers", "names": names}


def beat() -> dict:
    """When the minute sweep last ran (beat sends it, a worker runs it)."""
    limit = settings.CURSUS_HEALTH_SWEEP_MAX_AGE
    try:
        last = metrics.read_value("last_sweep_unixtime")
    except Exception as exc:  # noqa: BLE001
        return {"status": f"error: {exc.__class__.__name__}", "last_sweep": None, "age_seconds": None}
    if last is None:
        return {"status": "error: the sweep never ran", "last_sweep": None, "age_seconds": None}
    age = max(time.time() - last, 0.0)
    return {
        "status": "ok" if age <= limit else f"error: the last sweep is {int(age)} s old (limit {limit} s)",
        "last_sweep": datetime.fromtimestamp(last, tz=dt_timezone.utc).isoformat(),
        "age_seconds": round(age, 1),
    }


def outbox(*, now=None) -> dict:
    """Undelivered notifications: those waiting (not held for quiet hours), those that
    failed and will be tried again, those given up (failed for good, not yet resent),
    and the age of the oldest waiting one. Late or given-up mail degrades the service."""
    now = now or timezone.now()
    recent = now - timedelta(days=settings.CURSUS_HEALTH_GIVEN_UP_DAYS)
    due = Q(not_before__isnull=True) | Q(not_before__lte=now)
    figures = Outbox.objects.filter(status__in=[Outbox.Status.PENDING, Outbox.Status.FAILED]).aggregate(
        waiting=Count("pk", filter=Q(status=Outbox.Status.PENDING) & due),
        retrying=Count("pk", filter=Q(status=Outbox.Status.FAILED, gave_up_at__isnull=True)),
        given_up=Count("pk", filter=Q(status=Outbox.Status.FAILED, gave_up_at__gte=recent)),
        oldest=Min("created_at", filter=due & Q(gave_up_at__isnull=True)),
    )
    oldest = (now - figures["oldest"]).total_seconds() if figures["oldest"] else 0.0
    limit = settings.CURSUS_HEALTH_OUTBOX_MAX_AGE
    problems = []
    if figures["given_up"]:
        problems.append(f"{figures['given_up']} given up")
    if oldest > limit:
        problems.append(f"the oldest undelivered is {int(oldest)} s old (limit {limit} s)")
    return {
        "status": "error: " + "; ".join(problems) if problems else "ok",
        "waiting": figures["waiting"],
        "retrying": figures["retrying"],
        "given_up": figures["given_up"],
        "oldest_seconds": round(oldest, 1),
    }


def steps(*, now=None) -> dict:
    """Open steps the sweep should have resolved: past their deadline for longer than a
    few sweeps (overdue), complete for longer than that (stalled), or whose last
    adjudication failed (failing); and games that cannot go on (halted)."""
    now = now or timezone.now()
    late = now - timedelta(seconds=settings.CURSUS_HEALTH_STEP_GRACE)
    running = Step.objects.filter(
        status=Step.Status.OPEN, game__status=Game.Status.ACTIVE, game__paused_at__isnull=True, game__halted_at__isnull=True
    )
    figures = running.aggregate(
        open=Count("pk"),
        overdue=Count("pk", filter=Q(deadline__lte=late)),
        stalled=Count("pk", filter=Q(completed_at__lte=late, deadline__gt=late)),
        failing=Count("pk", filter=Q(failures__gt=0)),
    )
    figures["halted_games"] = Game.objects.filter(status=Game.Status.ACTIVE, halted_at__isnull=False).count()
    problems = [f"{figures[key]} {key.replace('_', ' ')}" for key in ("overdue", "stalled", "failing", "halted_games") if figures[key]]
    return {"status": "error: " + ", ".join(problems) if problems else "ok", **figures}


def system_health(*, web_only: bool = False) -> dict:
    """Every component's figures and a ``status`` of ``ok`` or ``error: ...`` each; the
    whole is ``ok`` or ``degraded``. ``web_only``: this process's database and broker
    only (what a load balancer asks)."""
    report: dict = {"database": _database()}
    broker_status, waiting = _broker()
    report["broker"] = broker_status
    if not web_only:
        report["queue"] = {"status": "ok" if waiting is not None else broker_status, "waiting": waiting}
        report["workers"] = workers()
        report["beat"] = beat()
        if report["database"] == "ok":
            report["outbox"] = outbox()
            report["steps"] = steps()
    healthy = all(
        (value if isinstance(value, str) else value["status"]) == "ok" for value in report.values()
    )
    report["status"] = "ok" if healthy else "degraded"
    return report
