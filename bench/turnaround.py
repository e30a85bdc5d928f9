"""Turnaround: last order in -> the next player's email accepted by an SMTP sink.

100 Semper Victor 305 games in play on their own database, a gunicorn server, two Celery
workers (separate processes, one task at a time each) and a real SMTP server (aiosmtpd)
in this process. Each game is played by a thread: it submits, over HTTP, the default
order set of every role the open step prompts; the clock starts just before the request
that completes the step and stops when the sink accepts the email that tells the next
prompted player of that game about the new step (recognised by its X-Cursus-Notification
header, ``step-opened:GAME:STEP:ROLE``, so the receipt email of the order just sent does
not count). Each game is driven over HTTP only (no database connection per thread). Each thread then waits a random
``--think`` (10 to 30 s: a brisk player reading the email; real play-by-email turns come
hours apart) and plays on, for ``--seconds``. ``--think 0.5,3`` saturates the workers
and measures their capacity instead.

``python -m bench.turnaround`` (run by bench/run.py, which sets the environment) prints
JSON.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import sys
import threading
import time
from email import message_from_bytes, policy
from pathlib import Path

import django
import psutil


class Sink:
    def __init__(self):
        self.arrivals: list[tuple[float, str, str]] = []  # (time, recipient, X-Cursus-Notification)
        self.cond = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        now = time.perf_counter()
        message = message_from_bytes(envelope.content, policy=policy.default)
        text = str(message.get("X-Cursus-Notification", ""))
        with self.cond:
            for rcpt in envelope.rcpt_tos:
                self.arrivals.append((now, rcpt, text))
            self.cond.notify_all()
        return "250 OK"

    def wait(self, predicate, after: float, timeout: float) -> float | None:
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for at, rcpt, text in self.arrivals:
                    if at >= after and predicate(rcpt, text):
                        return at
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.cond.wait(remaining)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--logs", default="var/bench")
    parser.add_argument("--think", default="10,30", help="seconds a player waits before the next turn: min,max")
    args = parser.parse_args(argv)

    from aiosmtpd.controller import Controller

    from bench.common import Proc, bench_env, counters_delta, cpu_seconds, db_counters, free_port, gunicorn, summary_ms

    think = [float(x) for x in args.think.split(",")]
    sink = Sink()
    smtp_port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    os.environ.update({"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp_port),
                       "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend"})
    django.setup()
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from django.db import connection
    from django.utils import timezone

    from config.celery import app
    from games import services
    from games.models import Game, Step

    app.control.purge()
    logs = Path(args.logs)
    env = bench_env(EMAIL_HOST="127.0.0.1", EMAIL_PORT=smtp_port, DATABASE_URL=os.environ["DATABASE_URL"],
                    LOG_LEVEL="WARNING")
    workers = [
        Proc([sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING",
              "--without-heartbeat", "--without-gossip", "--without-mingle", "-n", f"turn{i}@%h"],
             env=env, log=logs / f"turnaround-worker{i}.log")
        for i in range(args.workers)
    ]
    web_port = free_port()
    web = gunicorn(web_port, workers=2, env=env, log=logs / "turnaround-gunicorn.log")
    samples: list[float] = []
    requests = [0]
    window: dict = {}
    timeouts = []
    failures: list[str] = []
    lock = threading.Lock()
    try:
        User = get_user_model()
        games = []
        for i in range(args.games):
            a = User.objects.create_user(username=f"ta{i}a", email=f"ta{i}a@example.test", password="x")
            b = User.objects.create_user(username=f"ta{i}b", email=f"ta{i}b@example.test", password="x")
            tokens = {a.pk: Token.objects.create(user=a).key, b.pk: Token.objects.create(user=b).key}
            game = services.game_create(ruleset="semper-victor", scenario="305", options={}, created_by=a,
                                        role="PRIMUS", entropy=f"a{i}")
            services.game_join(game=game, player=b, role="SECONDUS", entropy=f"b{i}")
            games.append((game.pk, {seat.role: (seat.player.email, tokens[seat.player_id])
                                    for seat in game.seats.select_related("player")}))
        time.sleep(2)  # the step-1 emails of the setup go out first
        db_name = connection.settings_dict["NAME"]
        connection.close()
        # What the window costs, for the capacity model (bench/capacity.py): CPU of the
        # workers and of the web server, and what PostgreSQL counted for this database.
        before = {"workers_cpu_s": cpu_seconds([w.pid for w in workers]), "web_cpu_s": cpu_seconds([web.pid]),
                  "db": db_counters(db_name), "emails": len(sink.arrivals), "requests": requests[0]}
        window_start = timezone.now()
        machine_before = psutil.cpu_times()
        stop_at = time.perf_counter() + args.seconds

        def play(game_id: int, seats: dict):
            """One player pair, over HTTP only (no database connection per thread)."""
            rng = random.Random(game_id)
            conn = http.client.HTTPConnection("127.0.0.1", web_port, timeout=30)

            def call(method, path, role, body=None):
                conn.request(method, path, body=body, headers={"Authorization": f"Token {seats[role][1]}",
                                                               "Content-Type": "application/json"})
                with lock:
                    requests[0] += 1
                response = conn.getresponse()
                data = response.read()
                if response.status >= 300:
                    raise RuntimeError(f"game {game_id}: {method} {path} {response.status} {data[:200]!r}")
                return json.loads(data)

            time.sleep(rng.uniform(0, think[1]))  # players do not all move at the same instant
            try:
                while time.perf_counter() < stop_at:
                    detail = call("GET", f"/api/v1/games/{game_id}/", "PRIMUS")
                    if not detail["open_steps"]:
                        return
                    step = detail["open_steps"][0]
                    roles = step["roles"]
                    t0 = None
                    for index, role in enumerate(roles):
                        mine = detail if role == "PRIMUS" else call("GET", f"/api/v1/games/{game_id}/", role)
                        prompt = next(p for p in mine["prompts"] if p["step"] == step["step"])
                        body = json.dumps({"step": step["step"], "orders": prompt.get("default_orders") or {}})
                        if index == len(roles) - 1:
                            t0 = time.perf_counter()
                        call("POST", f"/api/v1/games/{game_id}/orders/", role, body)
                    # The email that tells a player of the next step (not the receipt of the
                    # order just sent): the outbox's dedupe key, in X-Cursus-Notification.
                    turn = f"step-opened:{game_id}:{step['step'] + 1}:"
                    finished = f"game-finished:{game_id}:"
                    got = sink.wait(lambda rcpt, key: key.startswith(turn) or key.startswith(finished),
                                    after=t0, timeout=30)
                    with lock:
                        if got is None:
                            timeouts.append(game_id)
                            return
                        samples.append(got - t0)
                    time.sleep(rng.uniform(think[0], think[1]))
            except Exception as exc:  # noqa: BLE001 - counted and shown, not hidden
                with lock:
                    failures.append(repr(exc)[:300])
            finally:
                conn.close()

        threads = [threading.Thread(target=play, args=g, daemon=True) for g in games]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=args.seconds + 60)
        time.sleep(3)  # the last adjudications and emails of the window finish
        after = {"workers_cpu_s": cpu_seconds([w.pid for w in workers]), "web_cpu_s": cpu_seconds([web.pid]),
                 "db": db_counters(db_name), "emails": len(sink.arrivals), "requests": requests[0]}
        steps = Step.objects.filter(resolved_at__gte=window_start).count()
        machine_after = psutil.cpu_times()
        spent = {k: getattr(machine_after, k) - getattr(machine_before, k) for k in machine_after._fields}
        total = sum(spent.values())
        window = {"steps": steps, "emails": after["emails"] - before["emails"],
                  "requests": after["requests"] - before["requests"],
                  "workers_cpu_s": round(after["workers_cpu_s"] - before["workers_cpu_s"], 2),
                  "web_cpu_s": round(after["web_cpu_s"] - before["web_cpu_s"], 2),
                  "db": counters_delta(before["db"], after["db"]),
                  # The whole machine during the window (other users included): how busy its
                  # cores were, and the load average at the end.
                  "machine": {"cores": psutil.cpu_count(), "busy_share": round(1 - (spent["idle"] + spent.get("iowait", 0)) / total, 3)
                              if total else None, "loadavg": [round(x, 1) for x in os.getloadavg()]}}
    finally:
        web.stop()
        for w in workers:
            w.stop()
        controller.stop()
    result = {"games": args.games, "workers": args.workers, "seconds": args.seconds, "think_s": think,
              "turns_per_s": len(samples) / args.seconds,
              **summary_ms(samples), "timeouts": len(timeouts),
              "failures": len(failures), "failure_samples": failures[:3],
              "active_at_end": Game.objects.filter(status="active").count(), "window": window}
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
