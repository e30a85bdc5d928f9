"""Every page and feed leaves without bidirectional control characters (games/bidi.py,
docs/security.md "User text"): whatever user text a template shows (a player's name, a
reason in the log, the order text sent back to its author, a tournament's name), it reads
in its true order. Only bodies meant to be read as text are touched (HTML, plain text,
the calendar); the API's JSON carries the data as stored."""

from __future__ import annotations

from games.bidi import neutralise_bytes

TEXT_TYPES = ("text/html", "text/plain", "text/calendar")


class NeutraliseBidi:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if getattr(response, "streaming", False) or not response.get("Content-Type", "").startswith(TEXT_TYPES):
            return response
        content = response.content
        cleaned = neutralise_bytes(content)
        if cleaned is not content:
            response.content = cleaned
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(cleaned))
        return response
