"""Web and worker processes parse the rulesets' data when they start, not during a
player's first request (rules.registry.warm_up, config/wsgi.py, config/celery.py)."""

import importlib

import pytest

from rules import registry
from rules.imperator.world import world_for


def test_warm_up_goes_through_every_ruleset_and_fills_the_engine_caches():
    took = registry.warm_up()
    assert set(took) == set(registry.KNOWN_SLUGS)
    assert all(seconds >= 0 for seconds in took.values())
    assert world_for.cache_info().currsize >= 1  # Semper Victor's world is parsed


def test_the_wsgi_module_warms_up_when_it_starts(monkeypatch):
    calls = []
    monkeypatch.setattr(registry, "warm_up", lambda *args, **kwargs: calls.append("warm") or {})
    import config.wsgi

    calls.clear()  # a first import ran it already
    importlib.reload(config.wsgi)
    assert calls == ["warm"]


@pytest.mark.worker
def test_a_worker_warms_up_when_it_starts(monkeypatch, celery_app):
    """A real worker starting (Celery's ``worker_init``) parses the rulesets once."""
    from celery.contrib.testing.worker import start_worker

    import config.celery  # noqa: F401  (connects the worker_init receiver)

    calls = []
    monkeypatch.setattr(registry, "warm_up", lambda *args, **kwargs: calls.append("warm") or {})
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        assert calls == ["warm"]
