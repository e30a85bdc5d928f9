"""Break it: racing submissions, and SIGKILLed workers with a Redis restart.

``python -m bench.faults racing|kills [--n N]`` with DATABASE_URL pointing at a migrated,
empty database (bench/soak.py sets everything up). Starts its own redis-server on a free
port (never the machine's), its own Celery workers and, for racing, a gunicorn; prints
JSON with every check's result. The beat's function (``steps_sweep``) is called every
second by the driver, as beat would every minute.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import django

from bench.common import Proc, bench_env, free_port, gunicorn, wait_port

LOGS = Path("var/bench")


class Redis:
    """Our own redis-server on a free port (no persistence): restartable at will."""

    def __init__(self):
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="cursus-bench-redis-")
        self.proc = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", self.dir], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        wait_port(self.port)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)

    def close(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def worker(name: str, env: dict) -> Proc:
    return Proc([sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=INFO",
                 "--without-heartbeat", "--without-gossip", "--without-mingle", "-n", f"{name}@%h"],
                env=env, log=LOGS / f"faults-{name}.log")


def make_games(n: int, prefix: str) -> list:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games import services

    User = get_user_model()
    games = []
    for i in range(n):
        a = User.objects.create_user(username=f"{prefix}{i}a", email=f"{prefix}{i}a@example.test", password="x")
        b = User.objects.create_user(username=f"{prefix}{i}b", email=f"{prefix}{i}b@example.test", password="x")
        Token.objects.create(user=a)
        Token.objects.create(user=b)
        game = services.game_create(ruleset="semper-victor", scenario="305", options={}, created_by=a,
                                    role="PRIMUS", entropy=f"{prefix}a{i}")
        services.game_join(game=game, player=b, role="SECONDUS", entropy=f"{prefix}b{i}")
        games.append(game)
    return games


def variants(game, step, role: str, rng: random.Random, k: int = 3) -> list[dict]:
    """The default order set and up to ``k`` other legal ones (conflicting submissions)."""
    from rules.base import Prompt
    from rules.selfplay import random_orders

    from games.services import ruleset_for

    rs = ruleset_for(game.ruleset)
    prompt_dict = next(p for p in step.prompts if p["role"] == role)
    prompt = next(p for p in rs.prompts(game.state) if p.role == role and p.key == prompt_dict["key"])
    found = [prompt_dict.get("default_orders") or {}]
    for _ in range(k * 3):
        orders = random_orders(rs, game.state, prompt, rng)
        if not rs.validate(game.state, role, orders) and orders not in found:
            found.append(orders)
        if len(found) > k:
            break
    return found


def settle(timeout: float = 120) -> bool:
    """Sweep until no step is complete but unresolved (every submitted step resolved)."""
    from games import services
    from games.models import Step

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pending = Step.objects.filter(status="open", completed_at__isnull=False).count()
        if pending == 0:
            return True
        services.steps_sweep()
        time.sleep(1)
    return False


def check_all(games) -> dict:
    from bench.replay import check_game
    from games.models import Game

    problems = []
    steps = 0
    for game in games:
        game = Game.objects.get(pk=game.pk)
        problems += check_game(game)
        steps += game.steps.filter(status="resolved").count()
    return {"games": len(games), "resolved_steps": steps, "problems": problems[:20], "problem_count": len(problems)}


# -- racing -----------------------------------------------------------------------------


def racing(n: int, redis: Redis, env: dict) -> dict:
    from games.models import OrderSet, Step

    games = make_games(max(10, n // 20), "race")
    workers = [worker(f"race{i}", env) for i in range(2)]
    port = free_port()
    web = gunicorn(port, workers=4, env=env, log=LOGS / "faults-racing-gunicorn.log")
    rng = random.Random(8)
    sent = 0
    statuses: dict[int, int] = {}
    accepted: dict[tuple, set] = {}
    fivexx = []
    tokens = {}
    from rest_framework.authtoken.models import Token

    for game in games:
        for seat in game.seats.all():
            tokens[(game.pk, seat.role)] = Token.objects.get(user_id=seat.player_id).key

    def post(game_id, role, body, key):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"Authorization": f"Token {tokens[(game_id, role)]}", "Content-Type": "application/json"}
        if key:
            headers["Idempotency-Key"] = key
        conn.request("POST", f"/api/v1/games/{game_id}/orders/", body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        conn.close()
        return game_id, role, response.status, data

    try:
        with cf.ThreadPoolExecutor(32) as pool:
            while sent < n:
                batch = []
                for game in games:
                    game.refresh_from_db()
                    step = Step.objects.filter(game=game, status="open").first()
                    if step is None:
                        continue
                    for role in step.roles:
                        for orders in variants(game, step, role, rng):
                            body = json.dumps({"step": step.number, "orders": orders})
                            copies = rng.randint(1, 3)  # duplicates of the same body
                            key = f"k{rng.random()}" if rng.random() < 0.5 else None
                            batch += [(game.pk, role, body, key)] * copies
                rng.shuffle(batch)
                batch = batch[: n - sent]
                futures = [pool.submit(post, *item) for item in batch]
                for f in cf.as_completed(futures):
                    game_id, role, status, data = f.result()
                    statuses[status] = statuses.get(status, 0) + 1
                    if status >= 500:
                        fivexx.append(data[:300].decode(errors="replace"))
                    elif status < 300:
                        payload = json.loads(data)
                        accepted.setdefault((game_id, payload["step"], role), set()).add(payload["receipt"])
                sent += len(batch)
                settle(60)
        settled = settle(120)
    finally:
        web.stop()
        for w in workers:
            w.stop()
    lost = []
    for (game_id, number, role), receipts in accepted.items():
        stored = OrderSet.objects.filter(step__game_id=game_id, step__number=number, seat__role=role).first()
        if stored is None or stored.canonical_hash not in receipts:
            lost.append((game_id, number, role))
    result = {"submissions": sent, "statuses": {str(k): v for k, v in sorted(statuses.items())},
              "server_errors": len(fivexx), "server_error_samples": fivexx[:3], "settled": settled,
              "accepted_steps": len(accepted), "stored_not_among_accepted": len(lost), **check_all(games)}
    result["ok"] = not fivexx and settled and not lost and result["problem_count"] == 0
    return result


# -- kills ------------------------------------------------------------------------------


def kills(n: int, redis: Redis, env: dict) -> dict:
    """Kill a worker ``n`` times, each time while it holds a game row inside its
    resolution transaction, after a random part of the (widened) resolution window."""
    import psutil
    from django.db import connection

    from games import services
    from games.models import Step

    games = make_games(20, "kill")
    env = {**env, "CURSUS_RESOLVE_DELAY_SECONDS": "0.3"}
    workers = [worker(f"kill{i}", env) for i in range(3)]  # one booting, two working
    rng = random.Random(9)
    killed = 0
    redis_restarts = 0
    submitted = 0
    last_sweep = 0.0
    started = time.monotonic()

    def resolving_worker():
        """The worker whose connection holds a game row lock right now, if any."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT a.client_port FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                "JOIN pg_stat_activity a ON a.pid = l.pid WHERE c.relname = 'games_game' "
                "AND l.mode = 'RowShareLock' AND l.pid <> pg_backend_pid()")
            ports = {row[0] for row in cursor.fetchall()}
        for index, w in enumerate(workers):
            try:
                mine = {c.laddr.port for c in psutil.Process(w.pid).net_connections(kind="tcp") if c.raddr}
            except psutil.Error:
                continue
            if mine & ports:
                return index
        return None

    def drive():
        nonlocal submitted, last_sweep
        for game in games:
            step = Step.objects.filter(game=game, status="open").first()
            if step is None:
                continue
            have = set(step.order_sets.values_list("seat__role", flat=True))
            for prompt in step.prompts:
                if prompt["role"] not in have:
                    have.add(prompt["role"])
                    try:
                        services.order_submit(game=game, player=game.seats.get(role=prompt["role"]).player,
                                              step=step.number, orders=prompt.get("default_orders") or {})
                        submitted += 1
                    except Exception:  # noqa: BLE001 - a step closed meanwhile, or Redis is down
                        pass
        now = time.monotonic()
        if now - last_sweep > 1:
            try:
                services.steps_sweep()
            except Exception:  # noqa: BLE001 - Redis may be down right now
                pass
            last_sweep = now

    try:
        while killed < n and time.monotonic() - started < 540:
            drive()
            index = resolving_worker()
            if index is None:
                time.sleep(0.02)
                continue
            time.sleep(rng.uniform(0.0, 0.25))  # a random moment inside the resolution
            workers[index].kill()
            workers[index].process.wait(timeout=10)
            killed += 1
            workers[index] = worker(f"kill{index}", env)
            if killed == n // 2:
                redis.stop()
                time.sleep(2)
                redis.start()
                redis_restarts += 1
        env_fast = {**env, "CURSUS_RESOLVE_DELAY_SECONDS": "0"}
        for index, w in enumerate(workers):  # undisturbed finish: let the games move on
            w.stop()
            workers[index] = worker(f"kill{index}", env_fast)
        until = time.monotonic() + 20
        while time.monotonic() < until:
            drive()
            time.sleep(0.1)
        settled = settle(180)
    finally:
        for w in workers:
            w.stop()
    result = {"kills": killed, "kills_during_resolution": killed, "redis_restarts": redis_restarts,
              "submissions": submitted, "settled": settled, **check_all(games)}
    result["ok"] = settled and result["problem_count"] == 0 and killed >= n
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["racing", "kills"])
    parser.add_argument("--n", type=int, default=1000)
    args = parser.parse_args(argv)
    redis = Redis()
    os.environ["REDIS_URL"] = redis.url
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ["CURSUS_STALL_SECONDS"] = "2"
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.dummy.EmailBackend"
    env = bench_env(REDIS_URL=redis.url, DATABASE_URL=os.environ["DATABASE_URL"], CURSUS_STALL_SECONDS=2,
                    EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend", LOG_LEVEL="INFO")
    django.setup()
    try:
        result = racing(args.n, redis, env) if args.what == "racing" else kills(args.n, redis, env)
    finally:
        redis.close()
    json.dump(result, sys.stdout, indent=2, default=str)
    sys.stdout.write("\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
