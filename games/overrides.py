"""Decisions taken over a game from outside its turn loop — a tournament organiser's
console (``tournaments/``) and the operators' admin (``games/admin.py``) call these:
resolve the open step now, extend the open deadline, hand a seat to another player, end a
game by decision (a forfeit, an adjudicated result). Each writes its rows in one
transaction with an event in the game's log saying who decided and why (``by``,
``reason``), like every other service of ``games``; none counts as a player's missed
deadline.

Kept apart from ``services.py`` so the turn loop stays readable; they share its helpers."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import errors, presentation, signals
from games.models import Game, Seat, Step
from games.services import _append_events, _enqueue_adjudication, _lock_game, ruleset_for, step_adjudicate, step_deadline_set


def _send_on_commit(signal, **kwargs) -> None:
    transaction.on_commit(lambda: signal.send(sender=Game, **kwargs), robust=True)


@transaction.atomic
def step_deadline_extend(*, game: Game, hours: int, reason: str = "", by: str = "organiser") -> list[Step]:
    """Push the deadline of every open step of an active game by ``hours``. The step's
    ``base_deadline`` (when the deadline policy keeps one) moves too, so a later
    recomputation (a vacation, an excused extension) keeps the organiser's extension."""
    game = _lock_game(game.pk)
    if game.status != Game.Status.ACTIVE:
        raise errors.StepNotOpen(errors.StepNotOpen.title)
    steps = list(game.steps.filter(status=Step.Status.OPEN).order_by("number"))
    if not steps:
        raise errors.StepNotOpen(errors.StepNotOpen.title)
    delta = timedelta(hours=hours)
    for step in steps:
        fields = ()
        if step.base_deadline is not None:
            step.base_deadline += delta
            fields = ("base_deadline",)
        # The record of reminders sent is reset with it: the new deadline gets its own.
        step_deadline_set(step=step, deadline=step.deadline + delta, fields=fields)
        _append_events(
            game,
            step,
            [
                {
                    "type": "deadline_extended",
                    "data": {"step": step.number, "hours": hours, "deadline": step.deadline.isoformat(), "by": by, "reason": reason},
                    "visible_to": None,
                }
            ],
        )
    _send_on_commit(signals.game_changed, game_id=game.pk, what="deadline_extended")
    return steps


@transaction.atomic
def seat_reassign(*, game: Game, role: str, player, reason: str = "", by: str = "organiser") -> Seat:
    """Give the seat ``role`` to another player (a replacement). The seat keeps its
    history, its entropy and its missed-deadline counters."""
    game = _lock_game(game.pk)
    seat = game.seats.filter(role=role).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    if game.seats.filter(player=player).exclude(pk=seat.pk).exists():
        raise errors.NotJoinable(f"{player} already holds a seat in this game")
    before = seat.player.get_username()
    seat.player = player
    seat.last_seen_seq = None  # the new player has seen nothing of the game yet
    seat.save(update_fields=["player", "last_seen_seq"])
    _append_events(
        game,
        None,
        [{"type": "seat_reassigned", "data": {"role": role, "from": before, "to": player.get_username(), "by": by, "reason": reason}}],
    )
    # The new player is told of the step already open, with a link bound to them.
    _send_on_commit(signals.seat_changed, game_id=game.pk, role=role)
    return seat


@transaction.atomic
def game_end_by_decision(*, game: Game, outcome: dict, reason: str = "", by: str = "organiser") -> Game:
    """End an active (or still open) game with a decided outcome (``rules.base.Outcome``
    as a dict: winner, scores, level, detail). The seed is revealed as when the engine
    ends a game; ``game_finished`` is sent on commit."""
    game = _lock_game(game.pk)
    if game.status not in (Game.Status.ACTIVE, Game.Status.OPEN):
        raise errors.StepNotOpen("the game is already over")
    now = timezone.now()
    game.status = Game.Status.FINISHED
    game.finished_at = now
    game.outcome = outcome
    game.save(update_fields=["status", "finished_at", "outcome", "updated_at"])
    _append_events(
        game,
        None,
        [
            {
                "type": "game_finished",
                "data": {"outcome": outcome, "dice_seed": game.dice_seed, "decided": True, "reason": reason, "by": by,
                         "message": presentation.finished_message(ruleset_for(game.ruleset), outcome, game.dice_seed, reason=reason)},
                "visible_to": None,
            }
        ],
    )
    _send_on_commit(signals.game_finished, game_id=game.pk)
    return game


@transaction.atomic
def step_resolve_now(*, game: Game, reason: str, by: str = "operator") -> str:
    """Adjudicate the game's open step now, before its deadline: seats that have not
    submitted get their default orders, and no missed deadline is counted against them
    (it is the operator's decision, not theirs). Returns what ``step_adjudicate`` did."""
    game = _lock_game(game.pk)
    step = game.steps.filter(status=Step.Status.OPEN).order_by("number").first()
    if game.status != Game.Status.ACTIVE or step is None:
        raise errors.StepNotOpen(errors.StepNotOpen.title)
    _append_events(game, step, [{"type": "step_forced", "data": {"step": step.number, "by": by, "reason": reason}}])
    return step_adjudicate(game_id=game.pk, step_number=step.number, force=True)


@transaction.atomic
def seat_abandon(*, game: Game, role: str, reason: str) -> Seat:
    """The seat's player left Cursus (their account was deleted): in a game not yet
    started the seat is freed; in a running game it passes to the missed-turn ladder
    (civil disorder: its default orders are used without waiting; every seat is told)
    and is offered in the lobby until a substitute takes it over
    (``substitutes.seat_take_over``) or an organiser or an operator gives it to one
    (``seat_reassign``)."""
    game = _lock_game(game.pk)
    seat = game.seats.filter(role=role).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    if game.status == Game.Status.OPEN:
        seat.delete()
        _append_events(game, None, [{"type": "seat_left", "data": {"role": role, "reason": reason}}])
        return seat
    if game.status == Game.Status.ACTIVE and seat.status == Seat.Status.PLAYING:
        seat.status = Seat.Status.CIVIL_DISORDER
        # Offered in the lobby to a substitute meanwhile (games/substitutes.py).
        seat.offered_at = timezone.now()
        seat.save(update_fields=["status", "offered_at"])
        _send_on_commit(signals.game_changed, game_id=game.pk, what="seat_offered")
        step = game.steps.filter(status=Step.Status.OPEN).order_by("number").first()
        _append_events(game, step, [{"type": "seat_civil_disorder", "data": {"role": role, "reason": reason,
                                                                          "step": step.number if step else None}}])
        if step is not None:
            _send_on_commit(signals.ladder_step, game_id=game.pk, step_number=step.number, role=role, rung="civil_disorder")
            # The step may now wait for nobody: let the worker look at it.
            _enqueue_adjudication(game.pk, step.number)
    return seat
