"""Who is this browser, for a game page: the logged-in player's seat, or the seat a valid
signed link (games/links.py) granted to this browser session for one step.

``seat_for_request(request, game)`` is the one question the game pages ask; the rich
web UI (issue 5) calls it too.
"""

from __future__ import annotations

from games.models import Game, Seat, Step

SESSION_KEY = "cursus_link_grants"


def grant_seat(request, *, seat: Seat, step_number: int) -> None:
    """Remember in the session that this browser may act for ``seat`` in ``step_number``
    (a link was opened). One grant per game; a newer link replaces an older one."""
    grants = dict(request.session.get(SESSION_KEY) or {})
    grants[str(seat.game_id)] = {"seat": seat.pk, "player": seat.player_id, "step": step_number}
    request.session[SESSION_KEY] = grants
    request.session.cycle_key()  # a fresh session id once it carries a grant


def link_grant(request, game: Game) -> dict | None:
    """The session's grant for this game while its step is open, else None (and an
    expired grant is forgotten)."""
    session = getattr(request, "session", None)
    if session is None:
        return None
    grants = session.get(SESSION_KEY) or {}
    grant = grants.get(str(game.pk))
    if not grant:
        return None
    valid = Step.objects.filter(
        game=game, number=grant["step"], status=Step.Status.OPEN, game__status=Game.Status.ACTIVE
    ).exists() and Seat.objects.filter(pk=grant["seat"], game=game, player_id=grant.get("player")).exists()
    # A grant names the seat's player too: it dies when the seat changes hands.
    if not valid:
        grants = {k: v for k, v in grants.items() if k != str(game.pk)}
        session[SESSION_KEY] = grants
        return None
    return grant


def seat_for_request(request, game: Game) -> Seat | None:
    """The logged-in player's seat in ``game``, else the seat a valid link granted to
    this session (only while the linked step is open), else None."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        seat = game.seats.select_related("player").filter(player=user).first()
        if seat is not None:
            return seat
    grant = link_grant(request, game)
    if grant is None:
        return None
    return game.seats.select_related("player").filter(pk=grant["seat"]).first()


def seat_is_from_link(request, game: Game, seat: Seat | None) -> bool:
    user = getattr(request, "user", None)
    return seat is not None and not (user is not None and user.is_authenticated and seat.player_id == user.pk)
