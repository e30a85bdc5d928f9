"""Reads the web pages need beyond ``games.selectors``: my games (with their deadlines),
open games to join, the victory points after every step (for the chart)."""

from __future__ import annotations

from django.db.models import Q

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
    invited = (player.email or "").strip().lower()
    return list(
        Game.objects.filter(status=Game.Status.OPEN)
        .filter(Q(invite_only=False) | Q(invitations__email=invited, invitations__declined_at__isnull=True))
        .exclude(seats__player=player)
        .distinct()
        .only("id", "ruleset", "scenario")
        .order_by("-id")[:limit]
    )


def vp_series(*, game: Game, ruleset) -> list[tuple[int, dict]]:
    """``[(step number, {side: points})]`` after every resolved step (public numbers).

    The database hands over only the points of each position (``state_after -> 'vp'``),
    not the positions: a campaign has a thousand steps of some 25 kB each. A ruleset
    whose points are worked out from the whole position (Tetrarchia's score, through its
    view) gets the positions of those steps only."""
    resolved = game.steps.filter(status=Step.Status.RESOLVED).order_by("number")
    series, derived = [], []
    for number, vp, victory_points in resolved.values_list("number", "state_after__vp", "state_after__victory_points"):
        points = vp_of({"vp": vp, "victory_points": victory_points})
        if points:
            series.append((number, points))
        else:
            derived.append(number)
    if derived:
        for number, state in resolved.filter(number__in=derived).values_list("number", "state_after"):
            points = vp_of(state or {})
            if not points and state is not None:
                try:
                    points = vp_of(ruleset.view(state, None))
                except NotImplementedError:
                    points = {}
            if points:
                series.append((number, points))
        series.sort(key=lambda item: item[0])
    return series


def step_years(*, game: Game) -> dict[int, int]:
    """Step number -> the year after it, for rulesets whose positions have one (only that
    number is read from each position)."""
    rows = game.steps.filter(status=Step.Status.RESOLVED).values_list("number", "state_after__year")
    return {n: y for n, y in rows if isinstance(y, int)}


def resolved_steps(*, game: Game) -> list[int]:
    return list(game.steps.filter(status=Step.Status.RESOLVED).order_by("number").values_list("number", flat=True))


def desk_prompt(view: dict) -> dict | None:
    """The open prompt of a view that carries a form (``context.form``: a game master's), or None."""
    for prompt in view["prompts"]:
        if (prompt.get("context") or {}).get("form"):
            return prompt
    return None


def has_desk(rs, game, role: str | None, view: dict) -> bool:
    """Whether ``role`` has a desk: its open prompt carries a form, or it reads the open
    step's orders, or it may hand its seat over (a game master between his steps)."""
    if role is None or game.state is None or game.status != Game.Status.ACTIVE:
        return False
    state = game.state  # read only: the contract's methods never change the state they are given
    return desk_prompt(view) is not None or rs.reads_open_orders(state, role) or role in rs.handover_roles(state)
