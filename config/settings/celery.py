"""Celery: Redis is the broker; tasks are idempotent and acknowledged late.

https://docs.celeryq.dev/en/stable/userguide/configuration.html
"""

from config.env import env_float, env_str

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL") or env_str("REDIS_URL", "redis://127.0.0.1:6379/0")
# Results are not used: tasks write to the database.
CELERY_TASK_IGNORE_RESULT = True
# Acknowledge after the task ran, so a worker killed mid-task leaves the message to be
# delivered again (https://docs.celeryq.dev/en/stable/userguide/configuration.html#task-acks-late).
CELERY_TASK_ACKS_LATE = True
# With acks_late, a child process killed by a signal re-queues the message instead of
# acknowledging it (https://docs.celeryq.dev/en/stable/userguide/configuration.html#task-reject-on-worker-lost).
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# One message reserved per process: a slow adjudication never holds others back
# (https://docs.celeryq.dev/en/stable/userguide/optimizing.html#prefetch-limits).
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The queue and the control exchange (the workers' ping for the health check) of this
# deployment: two Cursus instances may share one Redis (docs/operations.md).
CELERY_TASK_DEFAULT_QUEUE = env_str("CURSUS_CELERY_NAME", "celery")
CELERY_CONTROL_EXCHANGE = env_str("CURSUS_CELERY_NAME", "celery")
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
# Redis redelivers an unacknowledged message after this many seconds; the sweep is the
# faster path after a lost worker
# (https://docs.celeryq.dev/en/stable/getting-started/backends-and-brokers/redis.html#visibility-timeout).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# One beat task a minute finds due deadlines, stalled steps and undelivered emails
# (https://docs.celeryq.dev/en/stable/userguide/periodic-tasks.html#beat-entries).
CURSUS_SWEEP_SECONDS = env_float("CURSUS_SWEEP_SECONDS", 60.0)
CELERY_BEAT_SCHEDULE = {
    "cursus-sweep": {
        "task": "games.tasks.sweep",
        "schedule": CURSUS_SWEEP_SECONDS,
        "options": {"expires": max(CURSUS_SWEEP_SECONDS - 5, 1)},
    },
}
