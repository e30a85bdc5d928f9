"""Reads of the notifications app."""

import re

from django.db.models import QuerySet

from notifications.models import GameMute, Outbox, Webhook

#: A signed token in a link path (games/<id>/link/<token>/, unsubscribe, calendar) or a
#: reply address (play+<token>@): kept to its first characters.
_SIGNED = re.compile(r"(/(?:link|pause|unsubscribe|calendar|confirm)/)([^/\s\"'<>]{6})[^/\s\"'<>]+|(\+)([^@\s\"'<>]{6})[^@\s\"'<>]+(@)")


def mask_signed(text: str) -> str:
    """``text`` with every signed token cut to six characters and an ellipsis: staff
    reading stored mail (the admin, /dev/outbox/) must not be able to act as a player."""
    if not text:
        return text
    return _SIGNED.sub(lambda m: f"{m.group(1)}{m.group(2)}…" if m.group(1) else f"{m.group(3)}{m.group(4)}…{m.group(5)}", text)


def outbox_recent(*, limit: int = 200) -> list[Outbox]:
    """The latest rows, their signed links masked (never saved back)."""
    rows = list(Outbox.objects.select_related("recipient", "game", "step").order_by("-id")[:limit])
    for row in rows:
        row.text_body = mask_signed(row.text_body)
    return rows


def webhooks_of(*, user) -> QuerySet[Webhook]:
    return Webhook.objects.filter(owner=user).order_by("id")


def muted_games(*, user) -> list[int]:
    return list(GameMute.objects.filter(user=user).order_by("game_id").values_list("game_id", flat=True))
