"""Counters and histograms that every process adds to (web, workers on any machine), kept
in Redis so the figures are the service's, not one process's; ``operations.metrics``
exports them in Prometheus's format beside the figures read from the database.

Recording never fails the caller: a Redis outage loses a sample, never a turn."""

from __future__ import annotations

import logging
from functools import lru_cache

from django.conf import settings

logger = logging.getLogger(__name__)



def prefix() -> str:
    """Where the figures live in Redis (CURSUS_METRICS_PREFIX; each test session has its own)."""
    return getattr(settings, "CURSUS_METRICS_PREFIX", "cursus:metrics:")

#: Upper bounds (seconds) of the histograms' buckets; +Inf is implied.
BUCKETS = (0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600)


@lru_cache(maxsize=4)
def _client(url: str):
    import redis

    return redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)


def client():
    return _client(settings.REDIS_URL)


def _key(name: str, labels: dict[str, str] | None) -> str:
    suffix = ",".join(f"{k}={v}" for k, v in sorted((labels or {}).items()))
    return f"{prefix()}{name}" + (f"|{suffix}" if suffix else "")


def count(name: str, amount: int = 1, **labels: str) -> None:
    """Add ``amount`` to the counter ``name`` (with these labels)."""
    try:
        client().incrby(_key(name, labels), amount)
    except Exception as exc:  # noqa: BLE001
        logger.debug("metric %s not counted: %s", name, exc)


def observe(name: str, value: float, **labels: str) -> None:
    """One observation of the histogram ``name``: its bucket, its sum and its count."""
    try:
        key = _key(name, labels)
        pipe = client().pipeline()
        for bound in BUCKETS:
            if value <= bound:
                pipe.hincrby(key, f"le:{bound}", 1)
        pipe.hincrby(key, "le:+Inf", 1)
        pipe.hincrbyfloat(key, "sum", value)
        pipe.execute()
    except Exception as exc:  # noqa: BLE001
        logger.debug("metric %s not observed: %s", name, exc)


def set_value(name: str, value: float) -> None:
    """A value the last writer sets (e.g. when the sweep last ran, as a Unix time)."""
    try:
        client().set(_key(name, None), value)
    except Exception as exc:  # noqa: BLE001
        logger.debug("metric %s not set: %s", name, exc)


def read_value(name: str) -> float | None:
    raw = client().get(_key(name, None))
    return float(raw) if raw is not None else None


def read_all() -> dict[str, dict]:
    """Every recorded counter and histogram: ``{name: {labels_tuple: value or buckets}}``."""
    found: dict[str, dict] = {}
    redis_client = client()
    start = prefix()
    for raw_key in sorted(redis_client.scan_iter(match=start + "*", count=500)):
        key = raw_key.decode()[len(start):]
        name, _, suffix = key.partition("|")
        labels = tuple(tuple(pair.split("=", 1)) for pair in suffix.split(",") if pair)
        kind = redis_client.type(raw_key).decode()
        if kind == "hash":
            value = {k.decode(): float(v) for k, v in redis_client.hgetall(raw_key).items()}
        else:
            value = float(redis_client.get(raw_key) or 0)
        found.setdefault(name, {})[labels] = value
    return found
