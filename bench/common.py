"""Shared pieces of the harnesses: the bench database, processes we start and stop
(each by its own pid, never by name), percentiles and a small asyncio HTTP load
generator (raw sockets, HTTP/1.1, one request at a time per connection)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
PG_ADMIN = os.environ.get("CURSUS_BENCH_PG", "postgres://postgres@127.0.0.1:5432")
BENCH_DB = os.environ.get("CURSUS_BENCH_DB", "cursus_bench")


def db_url(name: str = BENCH_DB) -> str:
    return f"{PG_ADMIN}/{name}"


def psql(sql: str, db: str = "postgres") -> str:
    out = subprocess.run(["psql", db_url(db), "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-c", sql],
                         check=True, capture_output=True, text=True)
    return out.stdout.strip()


def recreate_database(name: str = BENCH_DB) -> None:
    psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    psql(f'CREATE DATABASE "{name}"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bench_env(**extra) -> dict:
    env = dict(os.environ)
    env.update({
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DATABASE_URL": db_url(),
        "PYTHONUNBUFFERED": "1",
        "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
    })
    env.update({k: str(v) for k, v in extra.items()})
    return env


def manage(*args: str, env: dict | None = None) -> None:
    subprocess.run([PY, "manage.py", *args, "--skip-checks"], cwd=ROOT, env=env or bench_env(), check=True,
                   stdout=subprocess.DEVNULL)


class Proc:
    """A child process in its own session, stopped by its own pid."""

    def __init__(self, argv: list[str], *, env: dict, log: Path):
        self.log = log
        log.parent.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
                                        start_new_session=True)

    @property
    def pid(self) -> int:
        return self.process.pid

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self, sig=signal.SIGKILL) -> None:
        try:
            os.killpg(self.process.pid, sig)
        except ProcessLookupError:
            pass

    def stop(self, timeout: float = 20) -> None:
        if self.alive():
            self.kill(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill(signal.SIGKILL)
                self.process.wait(timeout=10)


def wait_port(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {timeout}s")


def gunicorn(port: int, *, workers: int, env: dict, log: Path) -> Proc:
    """The product's recommended web server: ``--preload`` loads the app and warms the
    rulesets (config/wsgi.py) once, before the workers fork, so the port opens on a
    server that is ready and no measured request pays a worker's start."""
    proc = Proc([PY, "-m", "gunicorn", "config.wsgi:application", "-b", f"127.0.0.1:{port}", "-w", str(workers),
                 "--preload", "--log-level", "warning", "--backlog", "2048"],
                env=env, log=log)
    wait_port(port, timeout=120)
    return proc


def pct(values, q: float) -> float:
    values = sorted(values)
    if not values:
        return float("nan")
    index = min(len(values) - 1, max(0, int(round(q / 100 * (len(values) - 1)))))
    return values[index]


def summary_ms(samples: list[float]) -> dict:
    return {
        "n": len(samples),
        "p50_ms": pct(samples, 50) * 1000,
        "p99_ms": pct(samples, 99) * 1000,
        "mean_ms": statistics.fmean(samples) * 1000 if samples else float("nan"),
    }


# -- load generator --------------------------------------------------------------------


async def _read_response(reader) -> tuple[int, bytes, bool]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length, close = 0, False
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name = name.strip().lower()
        if name == "content-length":
            length = int(value.strip())
        elif name == "connection" and value.strip().lower() == "close":
            close = True
    body = await reader.readexactly(length) if length else b""
    return status, body, close


def http_request(method: str, path: str, body: bytes = b"", headers: dict | None = None) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}",
             "Content-Type: application/json"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


async def _client(port: int, make_request, stop_at: float, warm_until: float, out: dict, index: int):
    reader = writer = None
    n = 0
    while True:
        now = time.perf_counter()
        if now >= stop_at:
            break
        request = make_request(index, n)
        n += 1
        start = time.perf_counter()
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request)
            await writer.drain()
            status, body, close = await _read_response(reader)
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            out["errors"].append(repr(exc))
            if writer is not None:
                writer.close()
            reader = writer = None
            continue
        elapsed = time.perf_counter() - start
        if start >= warm_until:
            out["latencies"].append(elapsed)
            out["statuses"][status] = out["statuses"].get(status, 0) + 1
            if status >= 500 and len(out["samples_5xx"]) < 3:
                out["samples_5xx"].append(body[:500].decode(errors="replace"))
        if close:
            writer.close()
            reader = writer = None
    if writer is not None:
        writer.close()


def load(port: int, make_request, *, clients: int, seconds: float, warmup: float = 2.0) -> dict:
    """``clients`` connections, each sending the next request when the last is answered,
    for ``warmup + seconds``; only the last ``seconds`` are counted."""
    out = {"latencies": [], "statuses": {}, "errors": [], "samples_5xx": []}

    async def run():
        start = time.perf_counter()
        await asyncio.gather(*(_client(port, make_request, start + warmup + seconds, start + warmup, out, i)
                               for i in range(clients)))

    asyncio.run(run())
    lat = out["latencies"]
    return {
        "clients": clients,
        "seconds": seconds,
        "requests": len(lat),
        "rps": len(lat) / seconds,
        **summary_ms(lat),
        "statuses": {str(k): v for k, v in sorted(out["statuses"].items())},
        "errors": len(out["errors"]),
        "samples_5xx": out["samples_5xx"],
    }


def write_json(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, default=str) + "\n")


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by these processes and all their children
    (gunicorn's workers, a Celery worker's pool)."""
    import psutil

    total = 0.0
    for pid in pids:
        try:
            root = psutil.Process(pid)
            for proc in [root, *root.children(recursive=True)]:
                times = proc.cpu_times()
                total += times.user + times.system
        except psutil.NoSuchProcess:
            continue
    return total


def db_counters(db: str) -> dict:
    """What PostgreSQL counted for one database: its size in bytes, commits, and rows
    inserted and updated per table (the cumulative statistics views)."""
    size = int(psql("SELECT pg_database_size(current_database())", db=db))
    commits = int(psql("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()", db=db))
    rows = {}
    for line in psql("SELECT relname, n_tup_ins, n_tup_upd FROM pg_stat_user_tables", db=db).splitlines():
        name, ins, upd = line.split("|")
        rows[name] = {"inserted": int(ins), "updated": int(upd)}
    return {"bytes": size, "commits": commits, "rows": rows}


def counters_delta(before: dict, after: dict) -> dict:
    tables = sorted(set(before["rows"]) | set(after["rows"]))
    zero = {"inserted": 0, "updated": 0}
    rows = {t: {k: after["rows"].get(t, zero)[k] - before["rows"].get(t, zero)[k] for k in zero} for t in tables}
    return {"bytes": after["bytes"] - before["bytes"], "commits": after["commits"] - before["commits"],
            "rows": {t: v for t, v in rows.items() if v["inserted"] or v["updated"]}}
