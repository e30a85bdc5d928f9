"""Settings for the test suite. The backends (PostgreSQL or SQLite, a Redis server or an
embedded one) are chosen by ``tests/backends.py`` before Django reads this file, through
DATABASE_URL and REDIS_URL.

Each test session has a run id (``CURSUS_TEST_RUN_ID``, set by tests/backends.py): its
test database and its Celery queue carry it, so two sessions on one machine (two
developers, a developer and CI) never share a database or consume each other's tasks.
"""

import os
from pathlib import Path

# Production settings refuse to start without a key; the tests (and the processes they
# start with these settings) use this one.
os.environ.setdefault("DJANGO_SECRET_KEY", "cursus-test-secret-key-not-for-production")

from config.settings.base import *  # noqa: E402,F401,F403
from config.settings.base import DATABASES  # noqa: E402

RUN_ID = os.environ.get("CURSUS_TEST_RUN_ID", "0")

SECRET_KEY = "cursus-test-secret-key-not-for-production"
DEBUG = False
# The test client and the live server speak plain HTTP: no redirect, no HSTS, cookies
# without the Secure flag (the production defaults are tested in tests/config). The
# Content-Security-Policy stays on, so a page that breaks it fails its browser test.
SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
SECURE_PROXY_SSL_HEADER = None
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = False
# Static files from the apps' folders, no collectstatic needed.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
STATIC_ROOT = None
# Fast hashing for the many users tests create
# (https://docs.djangoproject.com/en/5.2/topics/testing/overview/#password-hashing).
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Tests that want a real SMTP sink override EMAIL_BACKEND/HOST/PORT themselves.
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
CURSUS_BASE_URL = "http://testserver"

# https://docs.djangoproject.com/en/5.2/ref/settings/#test
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file (not an in-memory database) so worker threads and processes share it.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(__file__).resolve().parent.parent.parent / "var" / f"test_cursus_{RUN_ID}.sqlite3")
    }
else:
    DATABASES["default"]["TEST"] = {"NAME": f"test_cursus_{RUN_ID}"}

# This session's own metrics in Redis (games/metrics.py).
CURSUS_METRICS_PREFIX = f"cursus:metrics:test-{RUN_ID}:"
# This session's own queue (https://docs.celeryq.dev/en/stable/userguide/configuration.html#task-default-queue).
CELERY_TASK_DEFAULT_QUEUE = f"cursus-test-{RUN_ID}"
# and its own control exchange, so a worker of another session (or of another pytest-xdist
# worker) never answers this one's health ping.
CELERY_CONTROL_EXCHANGE = f"cursus-test-{RUN_ID}"

# This session's own cache keys (rate limits, lock-outs), so that sessions sharing a Redis
# never count each other's requests.
from config.settings.base import CACHES  # noqa: E402

CACHES["default"]["KEY_PREFIX"] = f"cursus-test-{RUN_ID}"
# The suite makes many requests from one address and one user: the rates are out of reach
# here, and the tests of the limits (tests/security) set the rates they test.
CURSUS_THROTTLE_RATES = {scope: "1000000/min" for scope in (
    "api_anon", "api_user", "token_failure", "orders", "games", "join", "login", "signup", "mail_out",
    "invitations", "inbound")}
