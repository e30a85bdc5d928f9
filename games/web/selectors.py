"""Reads the web pages need beyond ``games.selectors``: my games (with their deadlines),
open games to join, the victory points after every step (for the chart)."""

from __future__ import annotations

from games.models import Game, Step
from games.web.position import vp_of


def my_games(*, player) -> list[dict]:
    """Every game of the player, those awaiting their orders first (soonest deadline
    first), each with its next deadline and the player's role (``games.selectors.
    games_listing``: one query, no position loaded)."""
    from games import selectors

    return selectors.games_listing(player=player)


def open_games(*, player, limit: int = 50) -> list[Game]:
    """Games still gathering players, where the player holds no seat (only the columns
    the list shows)."""
    return list(
        Game.objects.filter(status=Game.Status.OPEN)
        .exclude(seats__player=player)
        .only("id", "ruleset", "scenario")
        .order_by("-id")[:limit]
    )


def vp_series(*, game: Game, ruleset) -> list[tuple[int, dict]]:
    """``[(step number, {side: points})]`` after every resolved step (public numbers)."""
    series = []
    for number, state in game.steps.filter(status=Step.Status.RESOLVED).order_by("number").values_list("number", "state_after"):
        points = vp_of(state or {})
        if not points and state is not None:
            try:
                points = vp_of(ruleset.view(state, None))
            except NotImplementedError:
                points = {}
        if points:
            series.append((number, points))
    return series


def resolved_steps(*, game: Game) -> list[int]:
    return list(game.steps.filter(status=Step.Status.RESOLVED).order_by("number").values_list("number", flat=True))
