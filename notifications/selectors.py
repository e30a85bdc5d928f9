"""Reads of the notifications app."""

from django.db.models import QuerySet

from notifications.models import Outbox


def outbox_recent(*, limit: int = 200) -> QuerySet[Outbox]:
    return Outbox.objects.select_related("recipient", "game", "step").order_by("-id")[:limit]
