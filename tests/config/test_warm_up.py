"""Web and worker processes parse the rulesets' data when they start, not during a
player's first request (rules.registry.warm_up, config/wsgi.py, config/celery.py)."""

import importlib

from rules import registry
from rules.imperator.world import world_for


def test_warm_up_goes_through_every_ruleset_and_fills_the_engine_caches():
    took = registry.warm_up()
    assert set(took) == set(registry.KNOWN_SLUGS)
    assert all(seconds >= 0 for seconds in took.values())
    assert world_for.cache_info().currsize >= 1  # Semper Victor's world is parsed


def test_the_wsgi_module_and_the_worker_warm_up_when_they_start(monkeypatch):
    calls = []
    monkeypatch.setattr(registry, "warm_up", lambda *args, **kwargs: calls.append("warm") or {})
    import config.wsgi

    calls.clear()  # a first import ran it already
    importlib.reload(config.wsgi)
    assert calls == ["warm"]
    from celery.signals import worker_init

    from config.celery import _warm_up_rulesets

    # Connected to worker_init (sending the signal itself would also run Celery's Django
    # fixup, which wants a real worker as the sender).
    assert _warm_up_rulesets in worker_init._live_receivers(None)
    _warm_up_rulesets(sender=None)
    assert calls == ["warm", "warm"]
