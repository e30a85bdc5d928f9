"""The pages a signed link opens (games/links.py): the order page of a seat for a step,
without a login, and the confirmation of an acting link (GET shows, POST acts, once)."""

from __future__ import annotations

from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from games import links, services
from games.web.access import grant_seat

app_name = "games-links"


def _refused(request, exc: links.LinkRefused, status: int = 403):
    return render(request, "links/refused.html", {"error": exc.as_error(), "reason": exc.reason}, status=status)


@require_http_methods(["GET"])
def open_link(request, game_id: int, token: str):
    """Grant this browser the seat for the step, then show the game page."""
    try:
        claim = links.read_token(token, purpose=links.OPEN, game_id=game_id)
    except links.LinkRefused as exc:
        return _refused(request, exc, status=410 if exc.reason == "expired" else 403)
    grant_seat(request, seat=claim.seat(), step_number=claim.step_number)
    return HttpResponseRedirect(reverse("games-web:detail", kwargs={"game_id": game_id}))


@require_http_methods(["GET", "POST"])
def pause_link(request, game_id: int, token: str):
    """Ask for a pause of the game: a confirmation page on GET, the request on POST."""
    try:
        claim = links.read_token(token, purpose=links.PAUSE, game_id=game_id)
    except links.LinkRefused as exc:
        return _refused(request, exc, status=410 if exc.reason == "expired" else 403)
    seat = claim.seat()
    if request.method == "GET":
        return render(request, "links/confirm.html", {"seat": seat, "game": seat.game, "action": _("Ask for a pause")})
    try:
        with transaction.atomic():
            links.consume(claim)
            game = services.pause_request(game=seat.game, player=seat.player)
    except links.LinkRefused as exc:
        return _refused(request, exc)
    return render(request, "links/done.html", {"seat": seat, "game": game, "paused": game.paused_at is not None})


urlpatterns = [
    path("<int:game_id>/link/<str:token>/", open_link, name="open"),
    path("<int:game_id>/pause/<str:token>/", pause_link, name="pause"),
]
