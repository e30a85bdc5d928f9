"""Substitutes, resignations and draws (docs/together.md).

A seat is **abandoned** when the missed-turn ladder reaches its last rung (forfeit) or its
player resigns. If the game goes on, the seat is **offered** in the lobby
(``Seat.offered_at``) with the position as it stands, and every seat is told; until
someone takes it over, the game's stand-in plays it: the ruleset's default orders, or a
computer player (``Game.stand_in``, rules/computer) where one can sit in that ruleset.
A player may **resign** (``Ruleset.resignation``) and the players may agree a **draw**
(``Ruleset.allows_draw``). A resignation that leaves one player against the game's
others ends a game with opponents (the last one wins), and a game nobody is left in is
**aborted** with its result recorded."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games import dispatch, errors, gates, overrides, presentation, services
from games.models import Game, Seat
from games.signals import game_changed, seat_taken_over


def _refusal(exc_class, code: str, path: str, en: str, fr: str):
    return exc_class(en, errors=[{"code": code, "path": path, "message": {"en": en, "fr": fr}}])


def _in_game(game: Game) -> list[Seat]:
    return [seat for seat in game.seats.order_by("position") if seat.status != Seat.Status.FORFEITED]


def offer_seat(*, game: Game, seat: Seat, step=None, reason: str) -> None:
    """Offer an abandoned seat of a game that goes on to a substitute (inside the
    caller's transaction, the game locked): the lobby lists it and every seat is told."""
    seat.offered_at = timezone.now()
    seat.save(update_fields=["offered_at"])
    services._append_events(game, step, [{"type": "seat_offered", "data": {"role": seat.role, "reason": reason}}])
    services._on_commit_send(game_changed, game_id=game.pk, what="seat_offered")


def abort_abandoned(*, game: Game, roles: list[str]) -> Game:
    """Nobody is left in the game: it is aborted, its result recorded (no winner)."""
    now = timezone.now()
    game.status, game.finished_at = Game.Status.ABORTED, now
    game.outcome = {"winner": None, "scores": {}, "level": "abandoned", "detail": {"abandoned": sorted(roles)}}
    game.save(update_fields=["status", "finished_at", "outcome", "updated_at"])
    services._append_events(game, None, [{"type": "game_aborted", "data": {
        "outcome": game.outcome, "dice_seed": game.dice_seed}}])
    from games.signals import game_finished

    game_pk = game.pk
    transaction.on_commit(lambda: game_finished.send(sender=Game, game_id=game_pk), robust=True)
    return game


@transaction.atomic
def seat_resign(*, game: Game, player) -> Game:
    """The player's seat resigns. In a game with opponents where one seat is left, that
    seat wins (``level`` ``resignation``); nobody left: the game is aborted; otherwise
    the seat is offered to a substitute and the stand-in plays it meanwhile."""
    game = services._lock_game(game.pk)
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    rs = services.ruleset_for(game.ruleset)
    if game.status != Game.Status.ACTIVE:
        raise _refusal(errors.NotJoinable, "resign.not_running", "", "Only a game going on can be resigned.",
                       "On ne peut abandonner qu'une partie en cours.")
    if not rs.resignation:
        raise _refusal(errors.NotJoinable, "resign.not_allowed", "", "This ruleset does not let a player resign.",
                       "Cette règle ne permet pas d'abandonner.")
    if seat.status == Seat.Status.FORFEITED:
        raise _refusal(errors.NotJoinable, "resign.already", "", "Your seat has already left this game.",
                       "Votre siège a déjà quitté cette partie.")
    seat.status = Seat.Status.FORFEITED
    seat.save(update_fields=["status"])
    step = game.steps.filter(status="open").order_by("number").first()
    services._append_events(game, step, [{"type": "seat_resigned", "data": {"role": seat.role}}])
    left = _in_game(game)
    if not left:
        return abort_abandoned(game=game, roles=[s.role for s in game.seats.all()])
    if len(left) == 1 and not rs.cooperative:
        return overrides.game_end_by_decision(
            game=game, outcome={"winner": left[0].role, "scores": {}, "level": "resignation",
                                "detail": {"resigned": [s.role for s in game.seats.all() if s.status == Seat.Status.FORFEITED]}},
            reason="resignation", by=seat.role)
    offer_seat(game=game, seat=seat, step=step, reason="resigned")
    if step is not None:
        services._enqueue_adjudication(game.pk, step.number)  # the step may wait for nobody now
    return game


@transaction.atomic
def seat_take_over(*, game: Game, role: str, player) -> Seat:
    """``player`` takes over the offered seat ``role`` with the position as it stands:
    the seat keeps its history and its entropy (the dice do not change), and plays again
    from the next deadline. The entry gates of the game apply."""
    game = services._lock_game(game.pk)
    seat = game.seats.filter(role=role).first()
    if game.status != Game.Status.ACTIVE or seat is None or seat.offered_at is None:
        raise _refusal(errors.NotJoinable, "takeover.not_offered", "/role", "This seat is not offered to a substitute.",
                       "Ce siège n'est pas proposé à un remplaçant.")
    if game.seats.filter(player=player).exists():
        raise _refusal(errors.NotJoinable, "takeover.seated", "", "You already hold a seat in this game.",
                       "Vous avez déjà un siège dans cette partie.")
    refused = gates.problems(min_rating=game.min_rating, min_reliability=game.min_reliability, player=player,
                             ruleset=game.ruleset)
    if refused:
        raise errors.NotEligible(errors.NotEligible.title, errors=refused)
    before = seat.player.get_username()
    seat.player = player
    seat.status = Seat.Status.PLAYING
    seat.offered_at = None
    seat.missed_in_a_row = 0
    seat.excuses_used = 0
    seat.pause_requested_at = None
    seat.stand_in = ""  # a computer standing in (the ladder's rung) leaves with the absent player
    seat.save(update_fields=["player", "status", "offered_at", "missed_in_a_row", "excuses_used", "pause_requested_at",
                             "stand_in"])
    step = game.steps.filter(status="open").order_by("number").first()
    services._append_events(game, step, [{"type": "seat_substituted", "data": {
        "role": role, "from": before, "to": player.get_username()}}])
    services._on_commit_send(seat_taken_over, game_id=game.pk, role=role)
    return seat


def seats_offered(*, player=None, limit: int = 100) -> list[dict]:
    """Abandoned seats of running games offered to a substitute (the lobby's second
    list), those of games the player sits in left out."""
    seats = (Seat.objects.filter(offered_at__isnull=False, game__status=Game.Status.ACTIVE)
             .select_related("game").order_by("offered_at"))
    if player is not None and getattr(player, "is_authenticated", False):
        seats = seats.exclude(game__seats__player=player)
    rows = []
    for seat in seats[:limit]:
        game = seat.game
        problems = []
        if player is not None and getattr(player, "is_authenticated", False):
            problems = gates.problems(min_rating=game.min_rating, min_reliability=game.min_reliability, player=player,
                                      ruleset=game.ruleset)
        rows.append({"game": game.pk, "name": presentation.game_title(game), "ruleset": game.ruleset, "scenario": game.scenario, "role": seat.role,
                     "offered_at": seat.offered_at, "stand_in": game.stand_in, "public": game.public,
                     "min_rating": game.min_rating, "min_reliability": game.min_reliability,
                     "problems": problems,
                     "joinable": bool(player is not None and getattr(player, "is_authenticated", False) and not problems)})
    return rows


# -- draws ------------------------------------------------------------------------------


@transaction.atomic
def draw_answer(*, game: Game, player, accept: bool) -> Game:
    """Offer or accept a draw (``accept``), or decline the offer on the table. When every
    seat still in the game has accepted, the game ends drawn (``level`` ``draw``). An
    offer lapses when the next step is resolved."""
    game = services._lock_game(game.pk)
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    rs = services.ruleset_for(game.ruleset)
    if game.status != Game.Status.ACTIVE:
        raise _refusal(errors.NotJoinable, "draw.not_running", "", "Only a game going on can be drawn.",
                       "Seule une partie en cours peut finir par un nul.")
    if not rs.allows_draw():
        raise _refusal(errors.NotJoinable, "draw.not_allowed", "", "This ruleset has no draws.",
                       "Cette règle ne connaît pas de partie nulle.")
    if seat.status == Seat.Status.FORFEITED:
        raise errors.NotSeated(errors.NotSeated.title)
    offered = set(game.draw_offer or [])
    if not accept:
        if offered:
            game.draw_offer = []
            game.save(update_fields=["draw_offer", "updated_at"])
            services._append_events(game, None, [{"type": "draw_declined", "data": {"role": seat.role}}])
            services._on_commit_send(game_changed, game_id=game.pk, what="draw_declined")
        return game
    first = not offered
    offered.add(seat.role)
    left = {s.role for s in _in_game(game)}
    if left <= offered:
        game.draw_offer = []
        game.save(update_fields=["draw_offer", "updated_at"])
        return overrides.game_end_by_decision(
            game=game, outcome={"winner": None, "scores": {}, "level": "draw", "detail": {"agreed": sorted(offered)}},
            reason="draw agreed", by=seat.role)
    game.draw_offer = sorted(offered)
    game.save(update_fields=["draw_offer", "updated_at"])
    services._append_events(game, None, [{"type": "draw_offered" if first else "draw_accepted", "data": {"role": seat.role}}])
    if first:
        services._on_commit_send(game_changed, game_id=game.pk, what="draw_offered")
    if not seat.computer and any(s.computer and s.role not in offered for s in _in_game(game)):
        dispatch.after_commit(dispatch.COMPUTER_DRAW, game.pk)  # the computer seats weigh it in the worker
    return game


@transaction.atomic
def seat_hand_over(*, game: Game, player, to_username: str, reason: str = "") -> Seat:
    """The player of a seat the ruleset lets its holder pass on (``Ruleset.handover_roles``:
    a game master) hands it to another account, which takes it as it stands (history,
    entropy, the open step). Everyone reads it in the log; the new player is told
    (``overrides.seat_reassign``)."""
    from django.contrib.auth import get_user_model

    game = services._lock_game(game.pk)
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    rs = services.ruleset_for(game.ruleset)
    if game.status != Game.Status.ACTIVE or game.state is None or seat.role not in rs.handover_roles(game.state):
        raise _refusal(errors.NotJoinable, "handover.not_allowed", "/role",
                       "Your seat cannot be handed to another account in this game.",
                       "Votre siège ne peut pas être confié à un autre compte dans cette partie.")
    name = str(to_username or "").strip()
    to = get_user_model().objects.filter(username__iexact=name, is_active=True).first() if name else None
    if to is None:
        raise _refusal(errors.NotJoinable, "handover.unknown_account", "/to",
                       f"No account is named {name!r}.", f"Aucun compte ne s'appelle {name!r}.")
    if game.seats.filter(player=to).exists():
        raise _refusal(errors.NotJoinable, "handover.seated", "/to",
                       f"{to.get_username()} already holds a seat in this game.",
                       f"{to.get_username()} a déjà un siège dans cette partie.")
    return overrides.seat_reassign(game=game, role=seat.role, player=to, reason=reason or "handed over", by=seat.role)
