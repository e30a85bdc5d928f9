"""Base settings for every environment. Values that differ between machines come from
the environment; the defaults give a working laptop setup (SQLite in WAL mode and a
Redis on 127.0.0.1:6379).

https://docs.djangoproject.com/en/5.2/ref/settings/
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_float, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"

DEBUG = env_bool("DJANGO_DEBUG", False)
# SECRET_KEY, HTTPS, cookies, CSP, ADMINS and the error tracker: config/settings/production.py
# (applied at the end of this file); without DEBUG, DJANGO_SECRET_KEY is required.
# https://docs.djangoproject.com/en/5.2/ref/settings/#allowed-hosts
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    # Swagger UI's assets served from our own static files, never from a CDN: no page calls
    # out to the network (https://drf-spectacular.readthedocs.io/en/latest/client_generation.html#self-contained-ui-installation).
    "drf_spectacular_sidecar",
    # The Content-Security-Policy header: https://django-csp.readthedocs.io/
    "csp",
    # Inbound email webhooks (notifications/inbound.py): https://anymail.dev/
    "anymail",
    "games",
    "notifications",
    # Sign up, email confirmation, API token, language and time zone (docs/web.md).
    "accounts",
    # Health, metrics, ruleset versions of running games, players' data (docs/operations.md).
    "operations",
    # Tournaments, standings, the organiser console, ratings (docs/tournaments.md).
    "tournaments",
    # The log-in lock-out (config/settings/security.py, docs/security.md).
    "axes",
]

# django-axes first: it refuses a locked-out (name, address) before the password is checked.
AUTHENTICATION_BACKENDS = ["accounts.backends.LockoutBackend", "django.contrib.auth.backends.ModelBackend"]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files with hashed names and far-future cache headers, before anything else
    # touches the request (https://whitenoise.readthedocs.io/en/stable/django.html).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Messages to the workers leave once the response is sent, not before: games/dispatch.py.
    "games.dispatch.PublishAfterResponse",
    # No bidirectional control character leaves in a page or a feed (games/bidi.py).
    "games.web.middleware.NeutraliseBidi",
    # Under /api: a 413 for an oversized body before anything reads it, and every error a
    # problem document (Django's HTML pages, DEBUG or not): games/api/middleware.py.
    "games.api.middleware.ApiProblemMiddleware",
    # The Content-Security-Policy header (config/settings/production.py).
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Picks the language from the URL, session, cookie or Accept-Language; must come
    # after SessionMiddleware and before CommonMiddleware
    # (https://docs.djangoproject.com/en/5.2/topics/i18n/translation/#how-django-discovers-language-preference).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The signed-in player's time zone and language (notifications.Profile).
    "accounts.middleware.ProfileMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Turns a lock-out raised during log-in into its page (AXES_LOCKOUT_CALLABLE); last.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------
# DATABASE_URL (postgres://user@host:5432/cursus) wins; without it, SQLite in var/.
# https://github.com/jazzband/dj-database-url
SQLITE_DEFAULT_URL = f"sqlite:///{VAR_DIR / 'cursus.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or SQLITE_DEFAULT_URL,
        # Persistent connections (a new PostgreSQL connection per request cost a third of a
        # submission in make bench), checked before reuse:
        # https://docs.djangoproject.com/en/5.2/ref/databases/#persistent-connections
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(exist_ok=True)
    DATABASES["default"]["OPTIONS"] = {
        # WAL lets readers work while one writer commits; busy_timeout waits for a lock
        # instead of failing at once; IMMEDIATE takes the write lock at BEGIN so two
        # writers queue instead of deadlocking on a lock upgrade
        # (https://docs.djangoproject.com/en/5.2/ref/databases/#sqlite-init-command,
        # https://docs.djangoproject.com/en/5.2/ref/databases/#sqlite-transaction-behavior).
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "games-web:list"
LOGOUT_REDIRECT_URL = "login"

# --- Cache ----------------------------------------------------------------------------
# Redis is the broker and the cache, never the source of truth.
REDIS_URL = env_str("REDIS_URL", "redis://127.0.0.1:6379/0")
# https://docs.djangoproject.com/en/5.2/topics/cache/#redis
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "cursus",
    }
}

# --- Internationalisation ----------------------------------------------------------------
LANGUAGE_CODE = "en"
# The languages Cursus speaks; the rules engines give every message in both.
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
# `manage.py collectstatic` writes here on each release (docs/operations.md).
STATIC_ROOT = env_str("STATIC_ROOT") or BASE_DIR / "staticfiles"
# WhiteNoise serves /static/ from the web process: without DEBUG, the collected files
# under hashed names (so they are cached for a year) with their gzip and brotli copies;
# under DEBUG (`make run`), straight from the apps' and static/ folders with no
# collectstatic (https://whitenoise.readthedocs.io/en/stable/django.html).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG
# The web pages' CSS, JS and vendored htmx: no build step
# (https://docs.djangoproject.com/en/5.2/ref/settings/#staticfiles-dirs).
STATICFILES_DIRS = [BASE_DIR / "static"]

# --- Cursus ---------------------------------------------------------------------------
# The public address of the site, for links in emails (no trailing slash).
CURSUS_BASE_URL = env_str("CURSUS_BASE_URL", "http://127.0.0.1:8000").rstrip("/")
# A step complete for this long but still open is re-enqueued by the sweep (a lost
# message or a killed worker).
CURSUS_STALL_SECONDS = int(env_str("CURSUS_STALL_SECONDS", "120"))
# Test-only: sleep this long inside the adjudication transaction, so a test can kill the
# worker mid-resolution. Always 0 in production.
CURSUS_RESOLVE_DELAY_SECONDS = float(env_str("CURSUS_RESOLVE_DELAY_SECONDS", "0"))
# Where the shared counters and histograms live in Redis (games/metrics.py).
CURSUS_METRICS_PREFIX = env_str("CURSUS_METRICS_PREFIX", "cursus:metrics:")
# Undelivered notifications (docs/operations.md): retried with a delay that doubles from
# 30 s up to this many seconds; a turn or a reminder for as long as its step is open (at
# most CURSUS_OUTBOX_STEP_GIVE_UP_HOURS), anything else for CURSUS_OUTBOX_GIVE_UP_HOURS;
# then given up, logged at ERROR and told to the operators.
CURSUS_OUTBOX_RETRY_MAX_SECONDS = env_int("CURSUS_OUTBOX_RETRY_MAX_SECONDS", 1800)
CURSUS_OUTBOX_GIVE_UP_HOURS = env_float("CURSUS_OUTBOX_GIVE_UP_HOURS", 48)
CURSUS_OUTBOX_STEP_GIVE_UP_HOURS = env_float("CURSUS_OUTBOX_STEP_GIVE_UP_HOURS", 168)
# The operators' webhook (Slack, Discord or any JSON endpoint): given-up mail, halted games.
CURSUS_OPS_WEBHOOK_URL = env_str("CURSUS_OPS_WEBHOOK_URL")
# The health check (docs/operations.md): beat's sweep older than this is late; mail
# undelivered for longer than this, or given up in the last CURSUS_HEALTH_GIVEN_UP_DAYS,
# degrades the service; an open step this long past its deadline or its completion is
# stalled; a worker answers a ping within CURSUS_HEALTH_PING_SECONDS.
CURSUS_HEALTH_SWEEP_MAX_AGE = env_int("CURSUS_HEALTH_SWEEP_MAX_AGE", 180)
CURSUS_HEALTH_OUTBOX_MAX_AGE = env_int("CURSUS_HEALTH_OUTBOX_MAX_AGE", 900)
CURSUS_HEALTH_GIVEN_UP_DAYS = env_int("CURSUS_HEALTH_GIVEN_UP_DAYS", 7)
CURSUS_HEALTH_STEP_GRACE = env_int("CURSUS_HEALTH_STEP_GRACE", 600)
CURSUS_HEALTH_PING_SECONDS = env_float("CURSUS_HEALTH_PING_SECONDS", 1.0)
# Players' data (docs/operations.md): notification bodies and inbound messages are kept
# this many days, then purged by the sweep (0: kept forever).
CURSUS_RETENTION_DAYS = env_int("CURSUS_RETENTION_DAYS", 180)
# Files attached to an order set (a VASSAL log, a photo; games/attachments.py): at most
# this many bytes each, stored in PostgreSQL with the game. The number per order set is the
# ruleset's (its order schema's maxItems).
CURSUS_ATTACHMENT_MAX_BYTES = env_int("CURSUS_ATTACHMENT_MAX_BYTES", 2 * 1024 * 1024)
# /metrics answers a scraper that sends "Authorization: Bearer <this token>"; unset, it
# answers nobody (404) unless DEBUG.
CURSUS_METRICS_TOKEN = env_str("CURSUS_METRICS_TOKEN")
# Vacations (docs/deadlines.md): days a player may take per calendar year, and how far
# ahead a vacation must be booked.
# Glicko-2 rating periods (docs/tournaments.md): each whole period of this many days
# without a rated game widens a player's rating deviation by Glickman's step.
CURSUS_RATING_PERIOD_DAYS = env_float("CURSUS_RATING_PERIOD_DAYS", 30)
CURSUS_VACATION_DAYS_PER_YEAR = int(env_str("CURSUS_VACATION_DAYS_PER_YEAR", "28"))
CURSUS_VACATION_NOTICE_HOURS = int(env_str("CURSUS_VACATION_NOTICE_HOURS", "24"))

# Everything to stderr (the process manager keeps it: docs/operations.md); ERROR records
# of Cursus's own code and of failed Celery tasks also go to ADMINS by email (Django
# already mails them its request errors), and to the error tracker when SENTRY_DSN is set.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "filters": {"require_debug_false": {"()": "django.utils.log.RequireDebugFalse"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
        "mail_admins": {
            "level": "ERROR",
            "class": "django.utils.log.AdminEmailHandler",
            "filters": ["require_debug_false"],
        },
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        **{
            name: {"handlers": ["mail_admins"]}
            for name in ("games", "notifications", "tournaments", "accounts", "config", "celery.app.trace")
        },
    },
}

from config.settings.api import *  # noqa: E402,F401,F403
from config.settings.celery import *  # noqa: E402,F401,F403
from config.settings.email import *  # noqa: E402,F401,F403
from config.settings.security import *  # noqa: E402,F401,F403
from config.settings import production as _production  # noqa: E402

_production.apply(globals())
