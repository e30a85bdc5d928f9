"""The lobby (docs/together.md): open games a player may join, a game its creator starts
with fewer seats where the ruleset allows it, and "match me" (any opponent for a ruleset
and scenario, paired by rating). Writes in one transaction each, as every service."""

from __future__ import annotations

import zlib

from django.db import connection, transaction
from django.db.models import Count, Prefetch, Q
from django.utils import timezone

from games import errors, gates, naming, presentation, services
from games.models import Game, MatchRequest, Seat

#: Two "match me" requests pair when their ratings differ by at most this much, plus
#: MATCH_WIDEN_PER_HOUR for each hour the older one has waited (nobody waits forever).
MATCH_WINDOW = 150.0
MATCH_WIDEN_PER_HOUR = 50.0


def _problem(code: str, path: str, en: str, fr: str) -> dict:
    return {"code": code, "path": path, "message": {"en": en, "fr": fr}}


# -- reads ------------------------------------------------------------------------------


def open_games(*, player, ruleset: str | None = None, limit: int = 100) -> list[dict]:
    """The games gathering players that ``player`` may see in the lobby: open, not by
    invitation only (unless invited), without a seat of theirs; each with its seats
    taken and wanted, its gates and whether the player passes them (``problems``)."""
    games = Game.objects.filter(status=Game.Status.OPEN).defer("state", "setup_state")
    authenticated = player is not None and getattr(player, "is_authenticated", False)
    if authenticated:
        invited = (player.email or "").strip().lower()
        games = games.filter(Q(invite_only=False) | Q(invitations__email=invited, invitations__declined_at__isnull=True))
        games = games.exclude(seats__player=player)
    else:
        games = games.filter(invite_only=False)
    if ruleset:
        games = games.filter(ruleset=ruleset)
    games = (games.annotate(taken=Count("seats", distinct=True)).select_related("created_by")
             .prefetch_related(Prefetch("seats", queryset=Seat.objects.only("game_id", "role"), to_attr="seated"))
             .distinct().order_by("-id")[:limit])
    rows = []
    standing: dict[str, dict] = {}
    for game in games:
        rs = services.ruleset_for(game.ruleset)
        roles = rs.roles(game.scenario, game.options)
        problems: list[dict] = []
        if authenticated and (game.min_rating is not None or game.min_reliability is not None):
            if game.ruleset not in standing:
                standing[game.ruleset] = gates.standing_of(player=player, ruleset=game.ruleset)
            problems = gates.problems(min_rating=game.min_rating, min_reliability=game.min_reliability,
                                      player=player, ruleset=game.ruleset, standing=standing[game.ruleset])
        taken_roles = {seat.role for seat in game.seated}
        rows.append({
            "id": game.pk,
            "name": presentation.game_title(game),
            "ruleset": game.ruleset,
            "ruleset_name": rs.name.as_dict(),
            "scenario": game.scenario,
            "options": game.options,
            "created_by": game.created_by.get_username(),
            "created_at": game.created_at,
            "seats_taken": game.taken,
            "seats_wanted": len(roles),
            "free_roles": [role for role in roles if role not in taken_roles],
            "step_hours": game.step_hours,
            "min_rating": game.min_rating,
            "min_reliability": game.min_reliability,
            "invite_only": game.invite_only,
            "problems": problems,
            "joinable": authenticated and not problems,
        })
    return rows


def match_requests_of(*, player) -> list[MatchRequest]:
    if player is None or not getattr(player, "is_authenticated", False):
        return []
    return list(MatchRequest.objects.filter(player=player).exclude(status=MatchRequest.Status.CANCELLED)
                .order_by("-created_at")[:20])


def may_start_now(*, game: Game, player) -> bool:
    """Whether ``player`` (its creator) may start this open game with the seats it has."""
    if game.status != Game.Status.OPEN or player is None or player.pk != game.created_by_id:
        return False
    taken = game.seats.count()
    return services.ruleset_for(game.ruleset).fewer_seats(game.scenario, dict(game.options), taken) is not None


# -- start with fewer seats ---------------------------------------------------------------


@transaction.atomic
def game_start_now(*, game: Game, by) -> Game:
    """The creator starts an open game with the seats taken so far, where the ruleset
    lets a game be played by fewer seats (``Ruleset.fewer_seats``): the options become
    those of that many seats and the seats take its roles in the order they were taken."""
    game = services._lock_game(game.pk)
    if by is None or by.pk != game.created_by_id:
        raise errors.NotCreator(errors.NotCreator.title)
    if game.status != Game.Status.OPEN:
        raise errors.NotJoinable(errors.NotJoinable.title)
    rs = services.ruleset_for(game.ruleset)
    seats = list(game.seats.order_by("joined_at", "pk"))
    options = rs.fewer_seats(game.scenario, dict(game.options), len(seats))
    if options is None:
        raise errors.NotJoinable(errors.NotJoinable.title, errors=[_problem(
            "start.seats", "/seats",
            f"This ruleset cannot start this game with {len(seats)} seat(s): it waits until every seat is taken.",
            f"Cette règle ne peut commencer cette partie avec {len(seats)} siège(s) : elle attend que tous soient pris.")])
    options = services._validated_options(rs, options)
    roles = rs.roles(game.scenario, options)
    before = {seat.pk: seat.role for seat in seats}
    # Two passes: the unique (game, role) constraint holds between them.
    for seat in seats:
        seat.role = f"~{seat.pk}"
        seat.save(update_fields=["role"])
    for seat, role in zip(seats, roles):
        seat.role, seat.position = role, roles.index(role)
        seat.save(update_fields=["role", "position"])
    game.options = options
    game.save(update_fields=["options", "updated_at"])
    naming.name_refresh(game)  # the holders in their new seat order
    services._append_events(game, None, [{"type": "game_started_with_fewer_seats", "data": {
        "seats": len(seats), "roles": {before[s.pk]: s.role for s in seats}}}])
    return services.game_start(game=game)


# -- match me -----------------------------------------------------------------------------


def _window(request: MatchRequest, now) -> float:
    hours = max((now - request.created_at).total_seconds() / 3600, 0.0)
    return MATCH_WINDOW + MATCH_WIDEN_PER_HOUR * hours


def _compatible(a: MatchRequest, b: MatchRequest, now) -> bool:
    if a.rating is None or b.rating is None:
        return True
    return abs(a.rating - b.rating) <= max(_window(a, now), _window(b, now))


def _lock_pool(ruleset: str, scenario: str) -> None:
    """Serialise matching within one (ruleset, scenario) pool: two requests arriving
    together must see each other (a PostgreSQL advisory lock until the commit; SQLite
    serialises writers already)."""
    if connection.vendor == "postgresql":
        key = zlib.crc32(f"cursus.match:{ruleset}:{scenario}".encode())
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


@transaction.atomic
def match_request(*, player, ruleset: str, scenario: str, options: dict | None = None) -> MatchRequest:
    """"Match me": wait for opponents for this ruleset, scenario and options, or pair at
    once with those waiting whose ratings are nearest (within the window). Paired, a game
    is created, every player seated in the same transaction (nobody else can slip in),
    and it starts: the turn emails
    tell them. Returns the player's request (``status``, ``game``)."""
    rs = services.ruleset_for(ruleset)
    scenarios = [str(s["id"]) for s in rs.scenarios()]
    if str(scenario) not in scenarios:
        raise errors.InvalidSetup(errors.InvalidSetup.title, errors=[_problem(
            "setup.unknown_scenario", "/scenario",
            f"Unknown scenario “{scenario}”; the scenarios are: {', '.join(scenarios)}.",
            f"Scénario inconnu « {scenario} » ; les scénarios sont : {', '.join(scenarios)}.")])
    options = services._validated_options(rs, options or {})
    _lock_pool(rs.slug, str(scenario))
    mine = MatchRequest.objects.filter(player=player, ruleset=rs.slug, scenario=scenario,
                                       status=MatchRequest.Status.WAITING).first()
    rating = gates.standing_of(player=player, ruleset=rs.slug).get("rating")
    if mine is None:
        mine = MatchRequest.objects.create(player=player, ruleset=rs.slug, scenario=scenario, options=options, rating=rating)
    elif mine.options != options:
        mine.options, mine.rating = options, rating
        mine.save(update_fields=["options", "rating"])
    roles = rs.roles(scenario, options)
    now = timezone.now()
    others = [
        other for other in MatchRequest.objects.filter(
            ruleset=rs.slug, scenario=scenario, status=MatchRequest.Status.WAITING
        ).exclude(player=player).select_related("player").order_by("created_at")
        if other.options == options and _compatible(mine, other, now)
    ]
    if len(others) < len(roles) - 1:
        return mine
    # The nearest ratings, the longest waiting first among equals.
    others.sort(key=lambda other: (abs((other.rating or 0) - (rating or 0)) if None not in (other.rating, rating) else 0,
                                   other.created_at))
    chosen = sorted(others[: len(roles) - 1], key=lambda other: other.created_at)
    players = [request.player for request in chosen] + [player]
    game = services.game_create(ruleset=rs.slug, scenario=scenario, options=options, created_by=players[0],
                                role=roles[0])
    for seat_player, role in zip(players[1:], roles[1:]):
        services.game_join(game=game, player=seat_player, role=role)
    for request in chosen + [mine]:
        request.status, request.game, request.matched_at = MatchRequest.Status.MATCHED, game, now
        request.save(update_fields=["status", "game", "matched_at"])
    services._append_events(game, None, [{"type": "players_matched", "data": {
        "players": [p.get_username() for p in players], "ruleset": rs.slug, "scenario": str(scenario)}}])
    mine.refresh_from_db()
    return mine


@transaction.atomic
def match_cancel(*, player, request_id: int) -> MatchRequest:
    request = MatchRequest.objects.select_for_update().filter(pk=request_id, player=player).first()
    if request is None:
        raise errors.NotJoinable(errors.NotJoinable.title)
    if request.status == MatchRequest.Status.WAITING:
        request.status = MatchRequest.Status.CANCELLED
        request.save(update_fields=["status"])
    return request


def matches_waiting(*, ruleset: str | None = None) -> dict[tuple[str, str], int]:
    """How many players wait to be matched, per (ruleset, scenario): the lobby shows it."""
    rows = MatchRequest.objects.filter(status=MatchRequest.Status.WAITING)
    if ruleset:
        rows = rows.filter(ruleset=ruleset)
    return {(r, s): n for r, s, n in rows.values_list("ruleset", "scenario").annotate(n=Count("id")).values_list("ruleset", "scenario", "n")}

