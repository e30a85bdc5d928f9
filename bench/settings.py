"""Settings of the benchmark server: the product's settings unchanged, plus the bare
INSERT view of bench/views.py on its own URLconf (it never ships in the product). The
database comes from DATABASE_URL (the bench runs point it at ``cursus_bench``)."""

from config.settings.base import *  # noqa: F401,F403
from config.env import env_str

ROOT_URLCONF = "bench.urls"
# Benchmarks measure the request path, not console logging of every request.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
# The bench's own Celery queue: nothing it enqueues reaches another process's worker.
CELERY_TASK_DEFAULT_QUEUE = env_str("CURSUS_BENCH_QUEUE", "cursus-bench")
