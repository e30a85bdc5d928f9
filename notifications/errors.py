"""Domain errors of the notifications app, rendered as RFC 9457 problem documents like
every ``games.errors.GameError`` (games/api/problems.py)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.errors import GameError


class WebhookInvalid(GameError):
    code = "invalid-webhook"
    status = 422
    title = _("This webhook cannot be added.")

    @classmethod
    def at(cls, code: str, path: str, en: str, fr: str) -> "WebhookInvalid":
        return cls(en, errors=[{"code": f"webhook.{code}", "path": path, "message": {"en": en, "fr": fr}}])
