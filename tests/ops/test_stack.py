"""The documented production stack, as real processes (issue 15, "Done when"): the
commands of deploy/Procfile (gunicorn, two named workers, beat, the inbound mail server)
with the environment of docs/operations.md (production settings: DEBUG off, HTTPS behind
the proxy), on this session's PostgreSQL test database and Redis, against a real SMTP
relay. It checks, in order:

- ``check --deploy`` is clean; migrate and collectstatic run as the release steps say;
- the health check answers 503 with no worker and 200 with one; both workers are named;
- static files come with hashed names and a year's cache; pages carry HSTS and the CSP;
- a turn email survives a 30-minute SMTP outage (time moved forward by moving the rows'
  times back) and is delivered exactly once, with a Message-ID on the site's domain;
- a reply by email goes through the mail server over STARTTLS;
- after a release that bumps the ruleset version, the running game is carried over and
  goes on (its step resolves with the new engine);
- a pg_dump of the database restores into a new one holding the same games.

Everything it starts is its own: a queue and control exchange, a metrics prefix, ports and
files named for this run, so it may run beside other tests and sessions (``stack`` marker).
"""

from __future__ import annotations

import json
import os
import re
import signal
import smtplib
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.db import connection

from tests.helpers import SmtpSink, free_port

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

pytestmark = [pytest.mark.stack, pytest.mark.postgresql, pytest.mark.worker]


def procfile() -> dict[str, str]:
    commands = {}
    for line in (ROOT / "deploy" / "Procfile").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, command = line.partition(":")
            commands[name.strip()] = command.strip()
    return commands


def database_url() -> str:
    s = connection.settings_dict
    return f"postgres://{s['USER'] or 'postgres'}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def wait_until(what: str, predicate, timeout: float = 90.0, interval: float = 0.3):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = predicate()
        except Exception as exc:  # noqa: BLE001 - keep polling; shown if it never comes
            last = exc
        if last and not isinstance(last, Exception):
            return last
        time.sleep(interval)
    raise AssertionError(f"timed out waiting for {what}; last: {last!r}")


class Stack:
    def __init__(self, tmp_path: Path, env: dict[str, str]):
        self.tmp, self.env, self.processes, self.logs = tmp_path, env, {}, {}
        self.commands = procfile()

    def python(self, code: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(BIN / "python"), "-c", code], cwd=ROOT, env=self.env,
                              capture_output=True, text=True, timeout=180)

    def start(self, name: str, **extra) -> None:
        log = self.tmp / f"{name}-{len(self.logs)}.log"
        self.logs.setdefault(name, []).append(log)
        self.processes[name] = subprocess.Popen(
            ["bash", "-c", "exec " + self.commands[name]], cwd=ROOT, env={**self.env, **extra},
            stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True,
        )

    def text(self, name: str) -> str:
        return "".join(log.read_text(errors="replace") for log in self.logs.get(name, []) if log.exists())

    def alive(self, name: str) -> bool:
        return name in self.processes and self.processes[name].poll() is None

    def stop(self, *names: str) -> None:
        """SIGTERM to each main process (gunicorn's and Celery's graceful shutdown: the
        pool's children finish their task), then wait; the whole group is killed only if
        that takes too long."""
        stopping = [self.processes.pop(name) for name in names if name in self.processes]
        for process in stopping:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGTERM)
        for process in stopping:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)

    def stop_all(self) -> None:
        self.stop(*list(self.processes))


def http(base: str, path: str, *, token: str | None = None, body=None, https: bool = True, bearer: str | None = None):
    """(status, headers, body) of a request to gunicorn, as the proxy would send it."""
    headers = {"Host": "127.0.0.1"}
    if https:
        headers["X-Forwarded-Proto"] = "https"
    if token:
        headers["Authorization"] = f"Token {token}"
    if bearer:
        headers["Authorization"] = f"Bearer {bearer}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, headers=headers, method="POST" if data else "GET")

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def health(base: str) -> tuple[int, dict]:
    status, _, body = http(base, "/api/v1/health/", https=False)
    return status, json.loads(body)


def self_signed(tmp: Path) -> tuple[Path, Path]:
    cert, key = tmp / "mx.pem", tmp / "mx.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=mx.cursus.test",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )
    return cert, key


@pytest.mark.django_db(transaction=True)
def test_the_documented_production_stack(tmp_path, make_player):
    from aiosmtpd.controller import Controller

    from games.models import Event, Game, OrderSet, Step
    from notifications.models import Outbox
    from notifications.services import retry_delay

    run = uuid.uuid4().hex[:10]
    web_port, relay_port, mx_port = free_port(), free_port(), free_port()
    cert, key = self_signed(tmp_path)
    base = f"http://127.0.0.1:{web_port}"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CURSUS_", "EMAIL_", "CELERY_"))}
    env.update(
        PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
        PYTHONUNBUFFERED="1",
        DJANGO_SETTINGS_MODULE="config.settings.base",
        DJANGO_SECRET_KEY="stack-" + uuid.uuid4().hex + uuid.uuid4().hex,
        DJANGO_ADMINS="Ops <ops@cursus.test>",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        CURSUS_BASE_URL="https://cursus.test",
        DATABASE_URL=database_url(),
        REDIS_URL=os.environ["REDIS_URL"],
        CURSUS_CELERY_NAME=f"cursus-stack-{run}",
        CURSUS_METRICS_PREFIX=f"cursus:metrics:stack-{run}:",
        CURSUS_METRICS_TOKEN="metrics-" + run,
        CURSUS_SWEEP_SECONDS="1",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(relay_port),
        EMAIL_TIMEOUT="3",
        DEFAULT_FROM_EMAIL="Cursus <cursus@cursus.test>",
        CURSUS_INBOUND_DOMAIN="play.cursus.test",
        CURSUS_MAILSERVER_PORT=str(mx_port),
        CURSUS_MAILSERVER_TLS_CERT=str(cert),
        CURSUS_MAILSERVER_TLS_KEY=str(key),
        STATIC_ROOT=str(tmp_path / "static"),
        BIND=f"127.0.0.1:{web_port}",
        WEB_CONCURRENCY="2",
        WORKER_CONCURRENCY="1",
        CELERY_BEAT_SCHEDULE_FILE=str(tmp_path / "beat-schedule"),
        LOG_LEVEL="INFO",
    )
    stack = Stack(tmp_path, env)
    relay = None
    try:
        # -- the release steps (one Python for the three commands: a third of the time) --
        for name in ("beat", "mail"):
            stack.start(name)
        released = stack.python(
            "import django; django.setup(); from django.core.management import call_command; "
            "call_command('check', deploy=True, fail_level='WARNING'); "
            "call_command('migrate', interactive=False, verbosity=0); "
            "call_command('collectstatic', interactive=False, verbosity=0)"
        )
        assert released.returncode == 0 and "no issues" in released.stdout, released.stdout + released.stderr

        # -- web, beat and the mail server, no worker: 503 ------------------------------
        stack.start("web")
        wait_until("the web to answer", lambda: health(base)[0] in (200, 503) and stack.alive("web"))
        status, body = health(base)
        assert status == 503 and body["status"] == "degraded", body
        assert body["workers"]["status"] == "error: no worker answers" and body["database"] == "ok"

        # -- one worker: 200 (its sweep runs within a second) --------------------------
        stack.start("worker1")
        status, body = wait_until("health 200 with one worker", lambda: (lambda r: r if r[0] == 200 else None)(health(base)))
        assert len(body["workers"]["names"]) == 1 and body["workers"]["names"][0].startswith("worker1@")
        stack.start("worker2")
        names = wait_until("both named workers", lambda: (lambda n: n if len(n) == 2 else None)(health(base)[1]["workers"]["names"]))
        assert [n.split("@")[0] for n in names] == ["worker1", "worker2"]
        status, _, metrics = http(base, "/metrics", https=False, bearer="metrics-" + run)
        assert status == 200 and b"cursus_workers 2.0" in metrics and b'cursus_up{component="beat"} 1.0' in metrics
        assert http(base, "/metrics", https=False)[0] == 401

        # -- HTTPS behind the proxy, static files with hashed names ------------------------
        assert http(base, "/accounts/login/", https=False)[0] == 301  # plain HTTP is redirected
        status, headers, page = http(base, "/accounts/login/")
        assert status == 200 and "max-age=31536000" in headers["Strict-Transport-Security"]
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        css = re.search(rb'href="(/static/cursus/cursus\.[0-9a-f]{12}\.css)"', page)
        assert css, page[:500]
        status, headers, _ = http(base, css.group(1).decode())
        assert status == 200 and "max-age=315360000" in headers["Cache-Control"] and "immutable" in headers["Cache-Control"]

        # -- a game, its turn emails during a 30-minute SMTP outage ---------------------
        aurelia, marcus = make_player("aurelia"), make_player("marcus", language="fr")
        status, _, created = http(base, "/api/v1/games/", token=aurelia.auth_token.key,
                                  body={"ruleset": "semper-victor", "scenario": "305", "role": "PRIMUS"})
        assert status == 201, created
        game_id = json.loads(created)["id"]
        status, _, joined = http(base, f"/api/v1/games/{game_id}/join/", token=marcus.auth_token.key, body={})
        assert status in (200, 201), joined
        game = Game.objects.get(pk=game_id)
        step = Step.objects.get(game=game, number=1)
        prompted = step.roles
        turn_rows = wait_until(
            "the turn emails to fail once",
            lambda: (lambda rows: rows if len(rows) == len(prompted) and all(r.attempts >= 1 for r in rows) else None)(
                list(Outbox.objects.filter(game=game, kind="turn", channel="email"))
            ),
        )
        assert {r.status for r in turn_rows} == {"failed"}
        ids = [r.pk for r in turn_rows]
        outage = 0
        while outage < 30 * 60:  # each pass: the clock moves on by the next retry delay
            attempts = {r.pk: r.attempts for r in Outbox.objects.filter(pk__in=ids)}
            delay = retry_delay(min(attempts.values()))
            for row in Outbox.objects.filter(pk__in=ids):
                Outbox.objects.filter(pk=row.pk).update(
                    created_at=row.created_at - _seconds(delay), last_attempt_at=row.last_attempt_at - _seconds(delay)
                )
            outage += delay
            wait_until(f"another attempt after {outage} s", lambda: all(
                r.attempts > attempts[r.pk] for r in Outbox.objects.filter(pk__in=ids)))
        rows = list(Outbox.objects.filter(pk__in=ids))
        assert all(r.status == "failed" and r.gave_up_at is None for r in rows), [(r.status, r.gave_up_at) for r in rows]
        assert min((r.last_attempt_at - r.created_at).total_seconds() for r in rows) >= 30 * 60
        status, body = health(base)
        assert status == 503 and body["outbox"]["status"].startswith("error: the oldest undelivered is")
        assert "given up" not in stack.text("worker1") + stack.text("worker2")

        # -- the relay is back: each turn email is delivered once --------------------------
        sink = SmtpSink()
        relay = Controller(sink, hostname="127.0.0.1", port=relay_port)
        relay.start()
        for row in Outbox.objects.filter(pk__in=ids):
            Outbox.objects.filter(pk=row.pk).update(last_attempt_at=row.last_attempt_at - _seconds(retry_delay(row.attempts)))
        wait_until("the turn emails to be delivered", lambda: all(r.status == "sent" for r in Outbox.objects.filter(pk__in=ids)))
        time.sleep(3)  # three more sweeps: nothing is sent twice
        keys = [m["message"]["X-Cursus-Notification"] for m in sink.messages]
        for row in Outbox.objects.filter(pk__in=ids):
            assert keys.count(row.dedupe_key) == 1, keys
        turn = next(m["message"] for m in sink.messages if m["message"]["X-Cursus-Notification"] == turn_rows[0].dedupe_key)
        assert turn["Message-ID"].endswith("@cursus.test>"), turn["Message-ID"]
        wait_until("health 200 again", lambda: health(base)[0] == 200)

        # -- a reply by email, over STARTTLS, to the inbound mail server --------------------
        first = turn_rows[0]
        role = game.seats.get(player=first.recipient).role
        reply_to = turn["Reply-To"]
        from games.services import ruleset_for

        prompt = next(p for p in step.prompts if p["role"] == role)
        text = ruleset_for("semper-victor").format_orders(prompt["default_orders"]) or "pass"
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        with smtplib.SMTP("127.0.0.1", mx_port, timeout=30) as smtp:
            smtp.ehlo()
            assert smtp.has_extn("starttls")
            smtp.starttls(context=context)
            smtp.ehlo()
            smtp.sendmail(first.recipient.email, [reply_to],
                          f"From: {first.recipient.email}\r\nTo: {reply_to}\r\nSubject: Re: orders\r\n"
                          f"Message-ID: <reply-{run}@example.test>\r\n\r\n{text}\r\n".encode())
        wait_until("the emailed orders", lambda: OrderSet.objects.filter(step=step, seat__role=role, source="email").exists())

        # -- a release bumps the ruleset version: the game is carried over and goes on ----
        stack.stop("web", "worker1", "worker2", "beat")
        release = {"DJANGO_SETTINGS_MODULE": "tests.ops.release_settings"}
        for name in ("web", "worker1", "beat"):
            stack.start(name, **release)
        upgraded = wait_until("the sweep to carry the game over",
                              lambda: Event.objects.filter(game=game, type="ruleset_upgraded").first())
        game.refresh_from_db()
        assert game.ruleset_version == upgraded.data["to"] and game.ruleset_version.endswith("+stack-test")
        assert game.state["carried_over_by_stack_test"] is True
        wait_until("the new web", lambda: health(base)[0] in (200, 503))
        for seat in game.seats.select_related("player"):
            if seat.role in prompted and not OrderSet.objects.filter(step=step, seat=seat).exists():
                prompt = next(p for p in step.prompts if p["role"] == seat.role)
                status, _, answer = http(base, f"/api/v1/games/{game_id}/orders/", token=seat.player.auth_token.key,
                                         body={"step": 1, "orders": prompt["default_orders"]})
                assert status == 202, answer
        wait_until("step 1 to resolve with the new engine", lambda: Step.objects.filter(game=game, number=2).exists())
        assert Step.objects.get(game=game, number=1).status == "resolved"
        game.refresh_from_db()
        assert game.halted_at is None and game.state["carried_over_by_stack_test"] is True

        # -- back up and restore ---------------------------------------------------------
        dump = tmp_path / "cursus.dump"
        url = database_url()
        subprocess.run(["pg_dump", "--format=custom", f"--file={dump}", url], check=True, timeout=120)
        restored = f"{connection.settings_dict['NAME']}_restored_{run}"[:63]
        admin_url = url.rsplit("/", 1)[0] + "/postgres"
        subprocess.run(["psql", admin_url, "-qc", f'CREATE DATABASE "{restored}"'], check=True, timeout=60)
        try:
            subprocess.run(["pg_restore", "--no-owner", f"--dbname={url.rsplit('/', 1)[0]}/{restored}", str(dump)],
                           check=True, timeout=120)
            counted = subprocess.run(
                ["psql", f"{url.rsplit('/', 1)[0]}/{restored}", "-tAc",
                 f"SELECT (SELECT count(*) FROM games_step WHERE game_id={game_id}), "
                 f"(SELECT count(*) FROM games_event WHERE game_id={game_id}), "
                 f"(SELECT ruleset_version FROM games_game WHERE id={game_id})"],
                check=True, capture_output=True, text=True, timeout=60,
            ).stdout.strip()
            assert counted == f"{Step.objects.filter(game=game).count()}|{Event.objects.filter(game=game).count()}|{game.ruleset_version}"
        finally:
            subprocess.run(["psql", admin_url, "-qc", f'DROP DATABASE IF EXISTS "{restored}"'], timeout=60)
    finally:
        stack.stop_all()
        if relay is not None:
            relay.stop()
    for name in ("web", "worker1", "worker2", "beat", "mail"):
        assert "Traceback" not in stack.text(name), f"--- {name} ---\n{stack.text(name)[-4000:]}"
    assert "sweep:" in stack.text("worker1") + stack.text("worker2")  # INFO shows each sweep
    assert '"GET /api/v1/health/' in stack.text("web")  # the access log


def _seconds(n: float):
    from datetime import timedelta

    return timedelta(seconds=n)
