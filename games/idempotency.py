"""Idempotent writes: a client that retries a request with the same ``Idempotency-Key``
gets the stored response instead of a second write; the same key with another body is
refused. Keys are scoped to the user. See docs/api.md.

The submission is the one idempotent write: its stored answer is read with the game
(``games/submission.py``) and written in the same statement as the order set, under the
game's lock (``games.services.order_submit``). Only successful answers are stored: an
error leaves nothing behind, so a corrected retry with the same key works."""

from __future__ import annotations

import hashlib

from django.utils.translation import gettext_lazy as _

from games import errors
from rules.base import canonical_json


class IdempotencyKeyReused(errors.GameError):
    code = "idempotency-key-reused"
    status = 422
    title = _("This Idempotency-Key was already used with another request.")


def fingerprint(*, method: str, path: str, body) -> str:
    """What makes two requests "the same" under one key: method, path and canonical body."""
    return hashlib.sha256(canonical_json({"method": method, "path": path, "body": body}).encode()).hexdigest()
