"""The Prometheus exposition of ``/metrics`` (prometheus_client): the figures of the
health check, read at scrape time from the database, the broker and the workers, and the
counters and histograms every process adds to in Redis (``games.metrics``). Nothing is
kept in a process, so any web process answers for the whole service, behind gunicorn's
several workers or on several machines."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily

from games import metrics as shared
from games.models import Game
from operations import health

#: Counters recorded in Redis and what they count.
COUNTERS = {
    "adjudication_errors_total": "Adjudications that failed (rolled back; the sweep tries again).",
    "outbox_sent_total": "Notifications delivered.",
    "outbox_failures_total": "Failed delivery attempts of notifications.",
    "outbox_given_up_total": "Notifications given up after their last attempt.",
}
HISTOGRAMS = {
    "step_latency_seconds": "Seconds from a step becoming resolvable (its last order set or its deadline) to its resolution.",
    "adjudication_seconds": "Seconds the rules engine took to resolve a step.",
}


class CursusCollector:
    def collect(self):
        report = health.system_health()
        up = GaugeMetricFamily("cursus_up", "1 when the component is healthy (as /api/v1/health/ says).", labels=["component"])
        for component, value in report.items():
            if component == "status":
                continue
            status = value if isinstance(value, str) else value["status"]
            up.add_metric([component], 1.0 if status == "ok" else 0.0)
        yield up
        yield GaugeMetricFamily("cursus_healthy", "1 when every component is healthy.", value=1.0 if report["status"] == "ok" else 0.0)
        yield GaugeMetricFamily("cursus_workers", "Celery workers answering a ping.", value=len(report["workers"]["names"]))
        if report["queue"]["waiting"] is not None:
            yield GaugeMetricFamily("cursus_queue_waiting", "Task messages waiting in the default queue.", value=report["queue"]["waiting"])
        if report["beat"]["age_seconds"] is not None:
            yield GaugeMetricFamily("cursus_sweep_age_seconds", "Seconds since the minute sweep last ran.", value=report["beat"]["age_seconds"])
        if "outbox" in report:
            outbox = report["outbox"]
            family = GaugeMetricFamily("cursus_outbox", "Undelivered notifications by state.", labels=["state"])
            for state in ("waiting", "retrying", "given_up"):
                family.add_metric([state], outbox[state])
            yield family
            yield GaugeMetricFamily("cursus_outbox_oldest_seconds", "Age of the oldest undelivered notification.", value=outbox["oldest_seconds"])
        if "steps" in report:
            steps = report["steps"]
            family = GaugeMetricFamily("cursus_steps", "Open steps of running games by state.", labels=["state"])
            for state in ("open", "overdue", "stalled", "failing"):
                family.add_metric([state], steps[state])
            yield family
            yield GaugeMetricFamily("cursus_games_halted", "Games that cannot go on (their ruleset version).", value=steps["halted_games"])
            games = GaugeMetricFamily("cursus_games", "Games by status.", labels=["status"])
            counts = dict.fromkeys(Game.Status.values, 0)
            for status in Game.objects.values_list("status", flat=True).order_by():
                counts[status] = counts.get(status, 0) + 1
            for status, number in sorted(counts.items()):
                games.add_metric([status], number)
            yield games
        yield from self._shared()

    def _shared(self):
        try:
            recorded = shared.read_all()
        except Exception:  # noqa: BLE001 - Redis down: cursus_up{component="broker"} says so
            return
        for name, documentation in COUNTERS.items():
            family = None
            for labels, value in sorted(recorded.get(name, {}).items()):
                if family is None:
                    family = CounterMetricFamily(f"cursus_{name.removesuffix('_total')}", documentation, labels=[k for k, _ in labels])
                family.add_metric([v for _, v in labels], value)
            yield family or CounterMetricFamily(f"cursus_{name.removesuffix('_total')}", documentation, value=0)
        for name, documentation in HISTOGRAMS.items():
            family = None
            for labels, fields in sorted(recorded.get(name, {}).items()):
                if family is None:
                    family = HistogramMetricFamily(f"cursus_{name}", documentation, labels=[k for k, _ in labels])
                bounds = [(str(bound), fields.get(f"le:{bound}", 0.0)) for bound in shared.BUCKETS]
                bounds.append(("+Inf", fields.get("le:+Inf", 0.0)))
                family.add_metric([v for _, v in labels], bounds, fields.get("sum", 0.0))
            if family is not None:
                yield family


def exposition() -> bytes:
    """The text format Prometheus scrapes."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(CursusCollector())
    return generate_latest(registry)
