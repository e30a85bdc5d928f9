"""The Celery application: broker and settings come from Django settings (``CELERY_*``).

Start a worker with ``celery -A config worker`` and exactly one beat with
``celery -A config beat``.
"""

import os

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

app = Celery("cursus")
# Every setting named CELERY_* in Django settings configures this app
# (https://docs.celeryq.dev/en/stable/django/first-steps-with-django.html#using-celery-with-django).
app.config_from_object("django.conf:settings", namespace="CELERY")
# Finds ``tasks.py`` in every installed app (games, notifications).
app.autodiscover_tasks()


@worker_init.connect
def _warm_up_rulesets(**kwargs) -> None:
    """Parse the rulesets' data once in the worker's main process, before its pool forks,
    so no adjudication pays for it (config/wsgi.py does the same for the web)."""
    from rules.registry import warm_up

    warm_up()
