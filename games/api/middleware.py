"""Problem documents for 404s under /api even with DEBUG on (Django's debug 404 page is
HTML and bypasses ``handler404``)."""

from __future__ import annotations

from games.api.problems import PROBLEM_CONTENT_TYPE, api_not_found


class ApiNotFoundMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            response.status_code == 404
            and request.path.startswith("/api/")
            and not response.get("Content-Type", "").startswith((PROBLEM_CONTENT_TYPE, "application/json"))
        ):
            return api_not_found(request)
        return response
