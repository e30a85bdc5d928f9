"""The JSON parser of the API: DRF's, with the limits a public endpoint needs.

- A body over ``API_MAX_BODY_BYTES`` is a 413 ``payload-too-large`` (read no further),
  even when the client sent no ``Content-Length``.
- JSON nested deeper than ``API_MAX_JSON_DEPTH`` is a 400 ``malformed-request`` (990 levels
  used to reach Python's recursion limit: a 500).
- NaN and Infinity are not JSON (DRF's strict mode, kept).
"""

from __future__ import annotations

import codecs
import json

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The request body is too large.")
    default_code = "payload_too_large"


def max_body_bytes() -> int:
    return int(getattr(settings, "API_MAX_BODY_BYTES", 256 * 1024))


def too_deep(value, limit: int) -> bool:
    """Whether ``value`` nests lists and objects deeper than ``limit`` (no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item if isinstance(child, (dict, list)))
    return False


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        limit = max_body_bytes()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise PayloadTooLarge(_("The request body is larger than %(n)d bytes.") % {"n": limit})
        depth = int(getattr(settings, "API_MAX_JSON_DEPTH", 32))
        try:
            text = codecs.decode(raw, encoding)
            data = json.loads(text, parse_constant=_no_constant)
        except RecursionError:
            raise exceptions.ParseError(_("JSON nested deeper than %(n)d levels.") % {"n": depth}) from None
        except ValueError as exc:
            raise exceptions.ParseError(_("JSON parse error: %(error)s") % {"error": exc}) from None
        if too_deep(data, depth):
            raise exceptions.ParseError(_("JSON nested deeper than %(n)d levels.") % {"n": depth})
        return data


def _no_constant(name):
    raise ValueError(f"{name} is not valid JSON")
