"""A worker killed in the middle of a resolution loses nothing and doubles nothing: its
transaction dies with it, the sweep re-enqueues the stalled step, and a fresh worker
resolves it exactly once (docs/adjudication.md)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from games import services
from games.models import Event, Game, Step
from tests.games.play import player_of, prompted, wait_until

ROOT = Path(__file__).resolve().parents[2]


def database_url() -> str:
    s = connection.settings_dict
    if connection.vendor == "postgresql":
        user = s["USER"] or "postgres"
        host = s["HOST"] or "127.0.0.1"
        port = s["PORT"] or 5432
        return f"postgres://{user}@{host}:{port}/{s['NAME']}"
    return f"sqlite:///{s['NAME']}"


class Worker:
    """``celery -A config worker`` in its own process (solo pool: the task runs in the
    process we kill), logging to a file we can watch."""

    def __init__(self, tmp_path, name: str, *, delay: float):
        self.log = tmp_path / f"{name}.log"
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "DATABASE_URL": database_url(),
            "CURSUS_TEST_DB": "",
            "CURSUS_RESOLVE_DELAY_SECONDS": str(delay),
            "PYTHONUNBUFFERED": "1",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=INFO",
             "--without-heartbeat", "--without-gossip", "--without-mingle", "-n", f"{name}@%h"],
            cwd=ROOT, env=env, stdout=self.log.open("w"), stderr=subprocess.STDOUT, start_new_session=True,
        )

    def text(self) -> str:
        return self.log.read_text() if self.log.exists() else ""

    def wait_for(self, needle: str, timeout: float = 60):
        def found():
            """the worker log to show the line"""
            assert self.process.poll() is None, self.text()
            return needle in self.text()

        try:
            wait_until(found, timeout=timeout)
        except AssertionError as exc:
            raise AssertionError(f"{exc}: {needle!r}\n--- worker log ---\n{self.text()}") from None

    def kill(self):
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.mark.worker
@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_during_resolution_delays_the_step_but_never_loses_or_doubles_it(
    started_game, tmp_path, settings
):
    from config.celery import app

    app.control.purge()  # nothing left over from other tests
    step, role, prompt = prompted(started_game)
    first = Worker(tmp_path, "doomed", delay=30)
    try:
        first.wait_for("ready", timeout=60)
        services.order_submit(  # enqueues adjudicate_step on commit
            game=started_game, player=player_of(started_game, role), step=step.number, orders=prompt["default_orders"]
        )
        first.wait_for("games.tasks.adjudicate_step", timeout=30)

        def locked():
            """the worker to hold the game row inside its transaction"""
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                    "WHERE c.relname = 'games_game' AND l.mode = 'RowShareLock' AND l.pid <> pg_backend_pid()"
                )
                return cursor.fetchone()[0] > 0

        wait_until(locked, timeout=30)
        time.sleep(0.5)
        first.kill()  # SIGKILL, mid-resolution
    finally:
        first.stop()

    step.refresh_from_db()
    game = Game.objects.get(pk=started_game.pk)
    assert step.status == Step.Status.OPEN  # the killed transaction left nothing behind
    assert game.state_version == 1
    assert not Event.objects.filter(game=game, type="step_resolved").exists()

    # The sweep finds the step complete but still open, and re-enqueues it.
    settings.CURSUS_STALL_SECONDS = 0
    found = services.steps_sweep()
    assert found["stalled"] == [(game.pk, step.number)]

    second = Worker(tmp_path, "fresh", delay=0)
    try:

        def resolved():
            """the fresh worker to resolve the step"""
            step.refresh_from_db()
            return step.status == Step.Status.RESOLVED

        wait_until(resolved, timeout=60)
        from games.tasks import adjudicate_step

        adjudicate_step.delay(game.pk, step.number)  # a late duplicate changes nothing
        second.wait_for("not-open", timeout=30)
    finally:
        second.stop()

    game.refresh_from_db()
    assert game.state_version == 2
    assert Event.objects.filter(game=game, type="step_resolved").count() == 1
    assert Event.objects.filter(game=game, type="dice", step=step).count() == 1
    assert Step.objects.filter(game=game, number=step.number + 1).count() == 1
    assert "resolved" in second.text()
