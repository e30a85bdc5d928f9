"""Settings read from the environment; the SQLite default runs in WAL mode."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, os, django
django.setup()
from django.conf import settings
from django.db import connection
mode = busy = None
if os.environ.get("PROBE_CONNECT"):
    with connection.cursor() as c:
        c.execute("PRAGMA journal_mode")
        mode = c.fetchone()[0]
        c.execute("PRAGMA busy_timeout")
        busy = c.fetchone()[0]
print(json.dumps({"engine": settings.DATABASES["default"]["ENGINE"], "mode": mode, "busy": busy,
                  "name": str(settings.DATABASES["default"]["NAME"]),
                  "debug": settings.DEBUG, "hosts": settings.ALLOWED_HOSTS,
                  "email": [settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS],
                  "base": settings.CURSUS_BASE_URL, "broker": settings.CELERY_BROKER_URL,
                  "acks_late": settings.CELERY_TASK_ACKS_LATE,
                  "reject": settings.CELERY_TASK_REJECT_ON_WORKER_LOST,
                  "prefetch": settings.CELERY_WORKER_PREFETCH_MULTIPLIER,
                  "beat": sorted(settings.CELERY_BEAT_SCHEDULE)}))
"""


def probe(tmp_path, **env) -> dict:
    environment = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")}
    environment.update(DJANGO_SETTINGS_MODULE="config.settings.base", **env)
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_sqlite_default_uses_wal_and_a_busy_timeout(tmp_path):
    db = tmp_path / "probe.sqlite3"
    found = probe(tmp_path, DATABASE_URL=f"sqlite:///{db}", PROBE_CONNECT="1")
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["mode"] == "wal"
    assert found["busy"] >= 5000


def test_without_database_url_the_default_is_sqlite_in_var(tmp_path):
    found = probe(tmp_path)
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["name"].endswith("var/cursus.sqlite3")


def test_settings_come_from_the_environment(tmp_path):
    found = probe(
        tmp_path,
        DATABASE_URL=f"sqlite:///{tmp_path / 'x.sqlite3'}",
        DJANGO_DEBUG="true",
        ALLOWED_HOSTS="cursus.example,localhost",
        EMAIL_HOST="smtp.example",
        EMAIL_PORT="2525",
        EMAIL_USE_TLS="true",
        CURSUS_BASE_URL="https://cursus.example/",
        REDIS_URL="redis://10.0.0.9:6379/2",
    )
    assert found["debug"] is True
    assert found["hosts"] == ["cursus.example", "localhost"]
    assert found["email"] == ["smtp.example", 2525, True]
    assert found["base"] == "https://cursus.example"
    assert found["broker"] == "redis://10.0.0.9:6379/2"
    assert found["acks_late"] and found["reject"] and found["prefetch"] == 1
    assert found["beat"] == ["cursus-sweep"]
