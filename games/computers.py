"""Computer players at the table (docs/computer.md, "Where it plays"): practice games
against the computer, seats of an open game its creator fills with computer players, and
the worker's service that has each computer seat answer as soon as its step opens.

A computer seat (``Seat.computer``: its level) belongs to a **computer account**: an
inactive user without an address or a password, named ``computer <level> <n>`` (a name
with spaces, which no one can sign up with), so every seat still has a player and the
unique (game, player) rule holds with several computer seats in one game. It never gets
mail (inactive accounts get none) and never logs in.

The computer is given what its seat may see (``ruleset.view(state, role)``) and the
seat's prompt, never the state (``services._computer_orders``); its dice are the game's,
rolled in ``resolve`` as everybody's. No ruleset is named here: ``rules.computer.available``
says where a computer can sit, ``rules.computer.LEVELS`` at which levels.
"""

from __future__ import annotations

import logging
import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from rules.base import orders_hash

from games import dispatch, errors, services
from games.models import Game, OrderSet, Seat, Step

logger = logging.getLogger(__name__)

#: The prefix of every computer account's name (a space: no one can sign up with it).
ACCOUNT_PREFIX = "computer "


def levels() -> dict:
    from rules import computer

    return computer.LEVELS


def _error(exc_class, code: str, path: str, en: str, fr: str):
    return exc_class(en, errors=[{"code": code, "path": path, "message": {"en": en, "fr": fr}}])


def _check_level(level) -> str:
    if level not in levels():
        names = ", ".join(levels())
        raise _error(errors.InvalidSetup, "computer.level", "/level", f"A computer level is one of: {names}.",
                     f"Un niveau d'ordinateur est l'un de : {names}.")
    return level


def _check_available(ruleset) -> None:
    from rules import computer

    if not computer.available(ruleset):
        raise _error(errors.InvalidSetup, "computer.unavailable", "/ruleset",
                     f"No computer player can sit in {ruleset.name.en} yet.",
                     f"Aucun joueur ordinateur ne peut encore jouer à {ruleset.name.fr}.")


def is_computer_account(user) -> bool:
    return (user.get_username().startswith(ACCOUNT_PREFIX) and not user.is_active
            and not user.has_usable_password() and not user.email)


def _account(level: str, taken: set[int]):
    """A computer account of ``level`` not among the ``taken`` player ids."""
    User = get_user_model()
    n = 1
    while True:
        name = f"{ACCOUNT_PREFIX}{level} {n}"
        user = User.objects.filter(username=name).first()
        if user is None:
            user = User(username=name, email="", is_active=False)
            user.set_unusable_password()
            user.save()
        elif not is_computer_account(user):  # pragma: no cover - no one can sign up with a space
            raise RuntimeError(f"the account {name!r} is not a computer's")
        if user.pk not in taken:
            return user
        n += 1


def _seat_computer(*, game: Game, role: str, level: str, roles: list[str]) -> Seat:
    """Seat a computer player in ``role`` of the locked open ``game``."""
    taken = set(game.seats.values_list("player_id", flat=True))
    seat = Seat.objects.create(game=game, role=role, position=roles.index(role), player=_account(level, taken),
                               entropy=secrets.token_hex(16), computer=level)
    services._append_events(game, None, [{"type": "seat_computer_taken", "data": {"role": role, "level": level}}])
    return seat


@transaction.atomic
def practice_create(*, player, ruleset: str, scenario: str, options: dict | None = None, role: str | None = None,
                    level: str = "fast", step_hours: int | None = None) -> Game:
    """A practice game: ``player`` in ``role`` (the first seat when None), the computer at
    ``level`` in every other seat. It starts at once, is marked (``Game.practice``) and is
    never rated; the computer answers as soon as each step opens (``computer_seats_play``)."""
    rs = services.ruleset_for(ruleset)
    _check_level(level)
    _check_available(rs)
    game = services.game_create(ruleset=ruleset, scenario=scenario, options=options, created_by=player, role=role,
                                step_hours=step_hours)
    Game.objects.filter(pk=game.pk).update(practice=True)
    seats_fill(game=game, by=player, level=level)
    game.refresh_from_db()
    return game


@transaction.atomic
def seats_fill(*, game: Game, by, level: str = "fast", roles: list[str] | None = None) -> Game:
    """The creator of an open game has computer players at ``level`` take its free seats
    (``roles``: some of them; None: all). The game starts when its last seat is taken."""
    game = services._lock_game(game.pk)
    if by.pk != game.created_by_id:
        raise _error(errors.NotCreator, "computer.not_creator", "", "Only the game's creator may seat computer players.",
                     "Seul le créateur de la partie peut y asseoir des joueurs ordinateurs.")
    if game.status != Game.Status.OPEN:
        raise _error(errors.NotJoinable, "computer.not_open", "", "This game is not gathering players any more.",
                     "Cette partie ne rassemble plus de joueurs.")
    _check_level(level)
    rs = services.ruleset_for(game.ruleset)
    _check_available(rs)
    all_roles = rs.roles(game.scenario, game.options)
    free = [r for r in all_roles if r not in set(game.seats.values_list("role", flat=True))]
    wanted = free if roles is None else list(roles)
    for index, role in enumerate(wanted):
        if role not in free:
            raise _error(errors.NotJoinable, "computer.seat_taken", f"/roles/{index}",
                         f"The seat {role} is not free.", f"La place {role} n'est pas libre.")
    if not wanted:
        raise _error(errors.NotJoinable, "computer.no_free_seat", "/roles", "No seat is free.", "Aucune place n'est libre.")
    for role in wanted:
        _seat_computer(game=game, role=role, level=level, roles=all_roles)
    if len(free) == len(wanted):
        services.game_start(game=game)
    game.refresh_from_db()
    return game


def computer_seats_play(*, game_id: int, step_number: int) -> list[str]:
    """Each computer seat the open step asks and that has not answered answers now (the
    worker's ``computer_play`` task, sent when the step opens): its decision is made
    outside any lock, then stored as an order set of source ``computer`` if the game has
    not moved meanwhile, with an event only its seat sees; the step is adjudicated when
    nobody else is awaited. Idempotent. Returns the roles that answered."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE, paused_at__isnull=True,
                               halted_at__isnull=True).first()
    if game is None:
        return []
    step = game.steps.filter(number=step_number, status=Step.Status.OPEN).first()
    if step is None:
        return []
    seats = {seat.role: seat for seat in game.seats.all()}
    answered = set(step.order_sets.values_list("seat__role", flat=True))
    todo = [(prompt, seats[prompt["role"]]) for prompt in step.prompts
            if prompt["role"] in seats and seats[prompt["role"]].computer and prompt["role"] not in answered]
    if not todo:
        return []
    rs = services.ruleset_for(game.ruleset)
    decided = []
    for prompt, seat in todo:
        played = services._computer_orders(game=game, ruleset=rs, role=seat.role, prompt=prompt, step=step,
                                           level=seat.computer)
        if played is None:
            decided.append((seat, prompt.get("default_orders") or {}, {"level": seat.computer, "fallback": True}))
        else:
            orders, report = played
            decided.append((seat, orders, {**report, "fallback": False}))
    stored = []
    with transaction.atomic():
        locked = services._lock_game(game_id)
        step = locked.steps.filter(number=step_number, status=Step.Status.OPEN).first()
        if (step is None or locked.status != Game.Status.ACTIVE or locked.state_version != game.state_version
                or locked.ruleset_version != game.ruleset_version):
            return []  # the game moved: the next step's message asks again
        now = timezone.now()
        events = []
        for seat, orders, report in decided:
            receipt = orders_hash(orders)
            _, created = OrderSet.objects.get_or_create(step=step, seat=seat, defaults={
                "orders": orders, "canonical_hash": receipt, "source": OrderSet.Source.COMPUTER, "submitted_at": now})
            if created:
                stored.append(seat.role)
                events.append({"type": "computer_orders", "data": {"step": step_number, "role": seat.role,
                               "receipt": receipt, "decision": report}, "visible_to": [seat.role]})
        if events:
            services._append_events(locked, step, events)
        submitted = set(step.order_sets.values_list("seat__role", flat=True))
        if stored and not services._blocking_roles(step, seats, submitted) and step.completed_at is None:
            step.completed_at = now
            step.save(update_fields=["completed_at"])
            dispatch.after_commit(dispatch.ADJUDICATE_STEP, game_id, step_number)
    return stored


def computer_draw_answers(*, game_id: int) -> list[tuple[str, bool]]:
    """The computer seats answer the draw offered in ``game_id`` (the worker's
    ``computer_draw`` task, sent when a human offers or accepts one): each that has not
    accepted yet weighs it on its seat's view (``rules.computer.answer_draw``: it accepts
    when it is clearly behind) and accepts or declines as a player would
    (``substitutes.draw_answer``: a decline takes the offer off the table for everyone; the
    last acceptance ends the game drawn). Idempotent: an offer gone, or answered, is left.
    Returns ``(role, accepted)`` for the seats that answered."""
    from rules import computer

    from games import substitutes

    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    if game is None or not game.draw_offer:
        return []
    rs = services.ruleset_for(game.ruleset)
    if not rs.allows_draw() or not computer.available(rs):
        return []
    seats = [seat for seat in game.seats.exclude(status=Seat.Status.FORFEITED).exclude(computer="")
             .select_related("player").order_by("position") if seat.role not in set(game.draw_offer)]
    answered = []
    for seat in seats:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or not game.draw_offer or seat.role in game.draw_offer:
            break  # declined by another computer, or drawn already
        try:
            verdict = computer.answer_draw(rs, rs.view(game.state, seat.role), seat.role,
                                           seed=f"{game.dice_commitment}:draw:{game.state_version}:{seat.role}",
                                           seats=game.seats.exclude(status=Seat.Status.FORFEITED).count())
            accept = verdict.accept
        except Exception:  # noqa: BLE001 - a computer that cannot weigh the offer declines it
            logger.exception("game %s: the computer (%s) could not weigh the draw offer", game.pk, seat.role)
            accept = False
        substitutes.draw_answer(game=game, player=seat.player, accept=accept)
        answered.append((seat.role, accept))
    return answered


def computer_steps_stalled(*, now=None) -> list[tuple[int, int]]:
    """Open steps where a prompted computer seat has not answered for longer than
    ``CURSUS_STALL_SECONDS`` (its message was lost, or its worker killed): the minute
    sweep asks ``computer_play`` again for each. Returns them."""
    from datetime import timedelta

    from django.conf import settings

    now = now or timezone.now()
    steps = list(Step.objects.filter(
        status=Step.Status.OPEN, completed_at__isnull=True, game__status=Game.Status.ACTIVE,
        game__paused_at__isnull=True, game__halted_at__isnull=True,
        opened_at__lte=now - timedelta(seconds=settings.CURSUS_STALL_SECONDS),
        game__seats__computer__gt="").distinct().values_list("pk", "game_id", "number", "prompts"))
    if not steps:
        return []
    computers = {(game_id, role) for game_id, role in Seat.objects.filter(
        game_id__in={game_id for _, game_id, _, _ in steps}, computer__gt="").values_list("game_id", "role")}
    answered = set(OrderSet.objects.filter(step_id__in=[pk for pk, *_ in steps], seat__computer__gt="")
                   .values_list("step_id", "seat__role"))
    stalled = []
    for pk, game_id, number, prompts in steps:
        if any((game_id, p["role"]) in computers and (pk, p["role"]) not in answered for p in prompts):
            stalled.append((game_id, number))
            dispatch.send(dispatch.COMPUTER_PLAY, game_id, number)
    return stalled
