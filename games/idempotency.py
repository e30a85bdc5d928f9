"""Idempotent writes: a client that retries a request with the same ``Idempotency-Key``
gets the stored response instead of a second write; the same key with another body is
refused. Keys are scoped to the user. See docs/api.md."""

from __future__ import annotations

from typing import Callable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from games import errors
from games.models import Game, IdempotencyKey


class IdempotencyKeyReused(errors.GameError):
    code = "idempotency-key-reused"
    status = 422
    title = _("This Idempotency-Key was already used with another request.")


def _stored(*, user, key: str, fingerprint: str) -> tuple[int, dict] | None:
    existing = IdempotencyKey.objects.filter(user=user, key=key).first()
    if existing is None:
        return None
    if existing.fingerprint != fingerprint:
        raise IdempotencyKeyReused(IdempotencyKeyReused.title)
    return existing.response_status, existing.response_body


def idempotent_call(
    *, user, key: str, fingerprint: str, game_id: int, call: Callable[[], tuple[int, dict]]
) -> tuple[int, dict, bool]:
    """Run ``call`` once per (user, key). Returns (status, body, replayed). Only
    successful responses are stored: an error leaves nothing behind, so a corrected
    retry with the same key works."""
    try:
        with transaction.atomic():
            # Same-key racers target the same game: its row lock serialises them, and
            # the second one finds the first one's stored response.
            Game.objects.select_for_update(no_key=True).filter(pk=game_id).values_list("pk", flat=True).first()
            stored = _stored(user=user, key=key, fingerprint=fingerprint)
            if stored is not None:
                return stored[0], stored[1], True
            status, body = call()
            IdempotencyKey.objects.create(
                user=user, key=key, fingerprint=fingerprint, response_status=status, response_body=body
            )
            return status, body, False
    except IntegrityError:
        # The same key was stored meanwhile through another game's lock: everything
        # this attempt wrote is rolled back; answer as the stored request did.
        stored = _stored(user=user, key=key, fingerprint=fingerprint)
        if stored is None:
            raise
        return stored[0], stored[1], True
