"""Celery tasks of the notifications app: thin and idempotent."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from notifications import services
from notifications.models import Outbox


@shared_task(bind=True, name="notifications.tasks.deliver_outbox", acks_late=True, max_retries=None)
def deliver_outbox(self, outbox_id: int) -> str:
    """Send one outbox row; on failure retry later with a growing delay (the minute sweep
    is the safety net if this retry is lost)."""
    result = services.outbox_deliver(outbox_id=outbox_id)
    if result == Outbox.Status.FAILED:
        attempts = Outbox.objects.filter(pk=outbox_id).values_list("attempts", flat=True).first() or 1
        if attempts < settings.CURSUS_OUTBOX_MAX_ATTEMPTS:
            raise self.retry(countdown=services.retry_delay(attempts))
    return result
