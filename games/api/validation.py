"""Request validation whose errors carry their message in English and French, like the
rules engines' order errors (``{code, path, message: {en, fr}}``)."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from games.errors import GameError


class RequestInvalid(GameError):
    code = "invalid-request"
    status = 400
    title = _("The request is not valid.")


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer and nothing else: ``10.0``, ``"10"`` and ``true`` are refused
    (DRF's IntegerField reads all three as 10 or 1)."""

    default_error_messages = {"invalid": _("A whole number is required (not text, a decimal or true/false).")}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


def _flatten(detail, path: str = "") -> list[tuple[str, str, str]]:
    """(path, code, message) for every error in DRF's nested ``errors``."""
    found = []
    if isinstance(detail, dict):
        for key, value in detail.items():
            found += _flatten(value, path if key == "non_field_errors" else f"{path}/{key}")
    elif isinstance(detail, list):
        for index, value in enumerate(detail):
            found += _flatten(value, f"{path}/{index}" if isinstance(value, (dict, list)) else path)
    else:
        found.append((path, getattr(detail, "code", "invalid"), str(detail)))
    return found


def validate_input(serializer_class, data, **kwargs) -> dict:
    """``serializer_class(data=data).validated_data``, or a 400 problem listing every
    invalid field with its message in both languages."""
    serializer = serializer_class(data=data, **kwargs)
    if serializer.is_valid():
        return serializer.validated_data
    messages = {}
    for language in ("en", "fr"):
        with translation.override(language):
            again = serializer_class(data=data, **kwargs)
            again.is_valid()
            messages[language] = _flatten(again.errors)
    errors = [
        {"code": f"request.{code}", "path": path, "message": {"en": en, "fr": fr}}
        for (path, code, en), (_p, _c, fr) in zip(messages["en"], messages["fr"])
    ]
    raise RequestInvalid(_("See errors for every problem found."), errors=errors)
