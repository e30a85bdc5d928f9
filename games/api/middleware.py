"""Every answer under /api is a problem document when it is an error, DEBUG or not.

``ApiProblemMiddleware`` sits near the top of the stack: it refuses a body larger than
``API_MAX_BODY_BYTES`` (declared in ``Content-Length``) with a 413 before anything reads
it (the attachments' upload has a limit of its own, its view's), and turns any error response under /api that is not already JSON (Django's HTML 400,
403 for CSRF, 404 and 500 pages, the debug pages with ``DJANGO_DEBUG=1``) into an RFC 9457
problem document with the same status."""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _

from games.api.parsers import max_body_bytes
from games.api.problems import PROBLEM_CONTENT_TYPE, problem_response

#: The one route that takes a larger body (a file: games/api/attachments.py), up to its
#: own limit, which it checks before reading and refuses with its own bilingual error.
ATTACHMENT_UPLOAD = re.compile(r"^/api/v1/games/\d+/orders/attachments/$")

#: status -> (problem code, title) for errors raised outside DRF's views
STATUS_PROBLEMS = {
    400: ("malformed-request", _("Malformed request.")),
    401: ("not-authenticated", _("Authentication required.")),
    403: ("permission-denied", _("Permission denied.")),
    404: ("not-found", _("Not found.")),
    405: ("method-not-allowed", _("Method not allowed.")),
    413: ("payload-too-large", _("The request body is too large.")),
    415: ("unsupported-media-type", _("Unsupported media type.")),
    429: ("throttled", _("Too many requests.")),
}


def _problem_for_status(request, status_code: int):
    if status_code >= 500:
        return problem_response(request, code="server-error", title=_("Server error."), status_code=status_code,
                                detail=_("An unexpected error occurred; it has been logged."))
    code, title = STATUS_PROBLEMS.get(status_code, ("error", _("Error.")))
    return problem_response(request, code=code, title=title, status_code=status_code)


class ApiProblemMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path.startswith("/api/"):
            return self.get_response(request)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > max_body_bytes() and not ATTACHMENT_UPLOAD.match(request.path):  # that view says it itself
            response = _problem_for_status(request, 413)
            response["Connection"] = "close"  # the body is not read
            return response
        response = self.get_response(request)
        content_type = response.get("Content-Type", "")
        if response.status_code >= 400 and not content_type.startswith((PROBLEM_CONTENT_TYPE, "application/json")):
            replaced = _problem_for_status(request, response.status_code)
            for header in ("Retry-After", "WWW-Authenticate", "Allow"):
                if response.has_header(header):
                    replaced[header] = response[header]
            return replaced
        return response
