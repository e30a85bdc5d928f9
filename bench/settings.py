"""Settings of the benchmark server: the product's settings unchanged, plus the bare
INSERT view of bench/views.py on its own URLconf (it never ships in the product). The
database comes from DATABASE_URL (the bench runs point it at ``cursus_bench``)."""

import os

# Production settings need a key; the bench's processes share this one.
os.environ.setdefault("DJANGO_SECRET_KEY", "cursus-bench-secret-key")

from config.settings.base import *  # noqa: E402,F401,F403
from config.env import env_str  # noqa: E402

ROOT_URLCONF = "bench.urls"
# The bench speaks plain HTTP to its own server, without collectstatic.
SECURE_SSL_REDIRECT = False
SECURE_PROXY_SSL_HEADER = None
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
STATIC_ROOT = None
# Benchmarks measure the request path, not console logging of every request.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
# The bench's own Celery queue: nothing it enqueues reaches another process's worker.
CELERY_TASK_DEFAULT_QUEUE = env_str("CURSUS_BENCH_QUEUE", "cursus-bench")
# The rates out of reach (as in the test settings): 32 clients submit far more often than
# a player may, and the bench measures accepted submissions. Every throttle still counts.
CURSUS_THROTTLE_RATES = {scope: "1000000/min" for scope in (
    "api_anon", "api_user", "token_failure", "orders", "games", "join", "login", "signup", "mail_out",
    "invitations", "inbound")}
# make soak's abuse phase (bench/abuse.py) sets the rates of its servers: "{}" for the
# product's own (the limits it measures), raised ones for its fuzz server...
if env_str("CURSUS_BENCH_THROTTLE_RATES"):
    CURSUS_THROTTLE_RATES = __import__("json").loads(env_str("CURSUS_BENCH_THROTTLE_RATES"))
# ...and its own cache keys, so that a run does not inherit the counts of the last one.
if env_str("CURSUS_BENCH_CACHE_PREFIX"):
    CACHES["default"]["KEY_PREFIX"] = env_str("CURSUS_BENCH_CACHE_PREFIX")  # noqa: F405
