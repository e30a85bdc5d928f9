"""Cursus project configuration: settings, URLs, the Celery app and WSGI entry point."""

# Load the Celery app when Django starts so ``@shared_task`` binds to it
# (https://docs.celeryq.dev/en/stable/django/first-steps-with-django.html).
from config.celery import app as celery_app

__all__ = ["celery_app"]
