"""Celery tasks of the notifications app: thin and idempotent."""

from __future__ import annotations

from celery import shared_task

from notifications import services


@shared_task(name="notifications.tasks.deliver_outbox", acks_late=True)
def deliver_outbox(outbox_id: int) -> str:
    """Send one outbox row. A failure is recorded on the row; the minute sweep sends it
    again when its retry delay has passed (services.outbox_sweep), until it gives up."""
    return services.outbox_deliver(outbox_id=outbox_id)
