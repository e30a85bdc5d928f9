"""RFC 9457 problem details for every error under /api.

A problem document is JSON served as ``application/problem+json`` with ``type`` (a URI
naming the kind of problem), ``title``, ``status``, ``detail`` and ``instance`` (the
request path); order errors add ``errors: [{code, path, message: {en, fr}}]``.
https://www.rfc-editor.org/rfc/rfc9457
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import set_rollback

from games.api.parsers import PayloadTooLarge
from games.errors import GameError

logger = logging.getLogger(__name__)

PROBLEM_CONTENT_TYPE = "application/problem+json"


def problem_type(code: str) -> str:
    return f"{settings.CURSUS_BASE_URL}/problems/{code}"


def problem(*, code: str, title, status_code: int, detail=None, instance: str = "", **extra) -> dict:
    body = {
        "type": problem_type(code),
        "title": str(title),
        "status": status_code,
        "detail": str(detail if detail is not None else title),
        "instance": instance,
    }
    body.update(extra)
    return body


DRF_CODES = {
    exceptions.NotAuthenticated: ("not-authenticated", _("Authentication required.")),
    exceptions.AuthenticationFailed: ("authentication-failed", _("Authentication failed.")),
    exceptions.PermissionDenied: ("permission-denied", _("Permission denied.")),
    exceptions.NotFound: ("not-found", _("Not found.")),
    exceptions.MethodNotAllowed: ("method-not-allowed", _("Method not allowed.")),
    exceptions.NotAcceptable: ("not-acceptable", _("Not acceptable.")),
    exceptions.UnsupportedMediaType: ("unsupported-media-type", _("Unsupported media type.")),
    exceptions.Throttled: ("throttled", _("Too many requests.")),
    exceptions.ParseError: ("malformed-request", _("Malformed request.")),
    PayloadTooLarge: ("payload-too-large", _("The request body is too large.")),
    exceptions.ValidationError: ("invalid-request", _("The request is not valid.")),
}


def _field_errors(detail, path: str = "") -> list[dict]:
    """Flatten DRF's nested validation errors into ``[{code, path, message}]``."""
    found: list[dict] = []
    if isinstance(detail, dict):
        for key, value in detail.items():
            found += _field_errors(value, f"{path}/{key}" if key != "non_field_errors" else path)
    elif isinstance(detail, list):
        for index, value in enumerate(detail):
            if isinstance(value, (dict, list)):
                found += _field_errors(value, f"{path}/{index}")
            else:
                found += _field_errors(value, path)
    else:
        found.append(
            {
                "code": f"request.{getattr(detail, 'code', 'invalid')}",
                "path": path,
                "message": {"en": str(detail), "fr": str(detail)},
            }
        )
    return found


def problem_parts(exc, instance: str) -> tuple[dict, int, dict] | None:
    """The problem document of an exception (a domain error, a DRF or Django error), its
    status and its headers; None for an unexpected exception (Django's handler500
    answers). One construction for DRF's views (:func:`problem_exception_handler`) and
    for the submission's own path (:func:`problem_http_response`)."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    if isinstance(exc, GameError):
        body = problem(code=exc.code, title=exc.title, status_code=exc.status, detail=exc.detail, instance=instance)
        if exc.errors:
            body["errors"] = exc.errors
        body.update(getattr(exc, "extra", None) or {})
        return body, exc.status, {}

    if isinstance(exc, exceptions.APIException):
        code, title = "error", _("Error.")
        for cls, pair in DRF_CODES.items():
            if isinstance(exc, cls):
                code, title = pair
                break
        extra = {}
        if isinstance(exc, exceptions.ValidationError):
            extra["errors"] = _field_errors(exc.detail)
            detail = _("See errors for every problem found.")
        else:
            detail = exc.detail
        headers = {}
        if getattr(exc, "auth_header", None):
            headers["WWW-Authenticate"] = exc.auth_header
        if getattr(exc, "wait", None):
            headers["Retry-After"] = str(int(exc.wait))
        body = problem(code=code, title=title, status_code=exc.status_code, detail=detail, instance=instance, **extra)
        return body, exc.status_code, headers

    return None


def problem_exception_handler(exc, context):
    """DRF exception handler: domain errors and DRF errors become problem documents."""
    request = context.get("request")
    parts = problem_parts(exc, request.path if request is not None else "")
    if parts is None:
        return None  # an unexpected exception: Django's handler500 answers
    set_rollback()
    body, status_code, headers = parts
    return Response(body, status=status_code, headers=headers, content_type=PROBLEM_CONTENT_TYPE)


_RENDERER = JSONRenderer()


def problem_http_response(exc, request) -> HttpResponse:
    """The answer DRF's view gives to ``exc`` (:func:`problem_exception_handler`, then its
    JSON renderer), for a view that DRF does not dispatch. An unexpected exception is
    raised again."""
    parts = problem_parts(exc, request.path)
    if parts is None:
        raise exc
    body, status_code, headers = parts
    response = HttpResponse(_RENDERER.render(body), status=status_code, content_type=PROBLEM_CONTENT_TYPE)
    for name, value in headers.items():
        response[name] = value
    return response


def problem_response(request, *, code: str, title, status_code: int, detail=None) -> JsonResponse:
    body = problem(code=code, title=title, status_code=status_code, detail=detail, instance=request.path)
    return JsonResponse(body, status=status_code, content_type=PROBLEM_CONTENT_TYPE)


def api_not_found(request, exception=None):
    return problem_response(request, code="not-found", title=_("Not found."), status_code=status.HTTP_404_NOT_FOUND)


def api_server_error(request):
    return problem_response(
        request,
        code="server-error",
        title=_("Server error."),
        status_code=status.HTTP_500_INTERNAL_SERVER_ERROR,
        detail=_("An unexpected error occurred; it has been logged."),
    )
