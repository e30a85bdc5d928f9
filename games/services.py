"""Writes: every state change of a game goes through one of these keyword-only functions,
each in one transaction. See docs/adjudication.md for the exactly-once design."""

from __future__ import annotations

import copy
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

import rules
from rules import dice as rules_dice
from rules.base import RulesError, orders_hash, state_hash
from rules.registry import UnknownRuleset as RulesUnknownRuleset

from games import errors
from games.models import Event, Game, OrderSet, Seat, Step
from games.signals import game_finished, step_opened

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Receipt:
    """What a submitter gets back: the canonical hash of the stored order set."""

    receipt: str
    step: int
    replaced: bool


# -- helpers ----------------------------------------------------------------------------


def ruleset_for(slug: str):
    try:
        return rules.get_ruleset(slug)
    except RulesUnknownRuleset:
        raise errors.UnknownRuleset(errors.UnknownRuleset.title) from None


def _lock_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends (a no-op lock on SQLite, where
    IMMEDIATE transactions serialise writers instead)."""
    return Game.objects.select_for_update().get(pk=game_id)


def _dice_key(game: Game) -> bytes:
    entropies = list(game.seats.order_by("position").values_list("entropy", flat=True))
    return rules_dice.mix_entropy(bytes.fromhex(game.dice_seed), entropies)


def _next_seq(game: Game) -> int:
    current = game.events.aggregate(m=Max("seq"))["m"]
    return (current or 0) + 1


def _append_events(game: Game, step: Step | None, events: list[dict]) -> None:
    seq = _next_seq(game)
    for offset, event in enumerate(events):
        Event(
            game=game,
            step=step,
            seq=seq + offset,
            type=event["type"],
            data=event.get("data") or {},
            visible_to=event.get("visible_to"),
        ).save()


def _dice_event(step_number: int, dice) -> dict:
    return {
        "type": "dice",
        "data": {"step": step_number, "rolls": [roll.as_dict() for roll in dice.rolls]},
        "visible_to": None,
    }


def _validated_options(ruleset, options: dict) -> dict:
    declared = {option["id"]: option for option in ruleset.options()}
    unknown = sorted(set(options) - set(declared))
    if unknown:
        raise errors.InvalidSetup(f"unknown option(s): {', '.join(unknown)}")
    result = {}
    for option_id in sorted(declared):
        option = declared[option_id]
        value = options.get(option_id, option.get("default"))
        choices = option.get("choices")
        if choices is not None and value not in choices:
            raise errors.InvalidSetup(f"option {option_id!r} must be one of {choices!r}")
        result[option_id] = value
    return result


def _open_step(*, game: Game, number: int, ruleset) -> Step:
    prompts = ruleset.prompts(game.state)
    if not prompts:
        raise RulesError(f"ruleset {game.ruleset} returned no prompt and no outcome")
    now = timezone.now()
    step = Step.objects.create(
        game=game,
        number=number,
        prompts=[prompt.as_dict() for prompt in prompts],
        deadline=now + timedelta(hours=game.step_hours),
    )
    game_id, step_number = game.pk, number
    transaction.on_commit(
        lambda: step_opened.send(sender=Step, game_id=game_id, step_number=step_number),
        robust=True,
    )
    return step


def _enqueue_adjudication(game_id: int, step_number: int) -> None:
    from games.tasks import adjudicate_step  # tasks import services, not the reverse

    transaction.on_commit(lambda: adjudicate_step.delay(game_id, step_number), robust=True)


# -- games and seats --------------------------------------------------------------------


@transaction.atomic
def game_create(
    *,
    ruleset: str,
    scenario: str,
    options: dict | None,
    created_by,
    role: str | None = None,
    entropy: str | None = None,
    step_hours: int | None = None,
) -> Game:
    """Create an open game and seat its creator. Draws the secret dice seed and publishes
    its commitment at once."""
    rs = ruleset_for(ruleset)
    if scenario not in [s["id"] for s in rs.scenarios()]:
        raise errors.InvalidSetup(f"unknown scenario {scenario!r}")
    options = _validated_options(rs, options or {})
    roles = rs.roles(scenario, options)
    if role is not None and role not in roles:
        raise errors.InvalidSetup(f"unknown role {role!r}; roles are {', '.join(roles)}")
    seed = rules_dice.new_seed()
    game = Game.objects.create(
        ruleset=rs.slug,
        ruleset_version=rs.version,
        scenario=scenario,
        options=options,
        created_by=created_by,
        dice_seed=seed.hex(),
        dice_commitment=rules_dice.commitment(seed),
        step_hours=step_hours or Game._meta.get_field("step_hours").default,
    )
    _append_events(
        game,
        None,
        [{"type": "game_created", "data": {"dice_commitment": game.dice_commitment, "roles": roles}}],
    )
    game_join(game=game, player=created_by, role=role, entropy=entropy)
    game.refresh_from_db()
    return game


@transaction.atomic
def game_join(*, game: Game, player, role: str | None = None, entropy: str | None = None) -> Seat:
    """Take a seat (the first free role when none is named); starts the game when the
    last seat is taken."""
    game = _lock_game(game.pk)
    if game.status != Game.Status.OPEN:
        raise errors.NotJoinable(errors.NotJoinable.title)
    if game.seats.filter(player=player).exists():
        raise errors.NotJoinable(f"{player} already holds a seat in this game")
    rs = ruleset_for(game.ruleset)
    roles = rs.roles(game.scenario, game.options)
    taken = set(game.seats.values_list("role", flat=True))
    if role is None:
        free = [r for r in roles if r not in taken]
        if not free:
            raise errors.NotJoinable(errors.NotJoinable.title)
        role = free[0]
    elif role not in roles:
        raise errors.NotJoinable(f"unknown role {role!r}; roles are {', '.join(roles)}")
    elif role in taken:
        raise errors.NotJoinable(f"the role {role} is taken")
    seat = Seat.objects.create(
        game=game,
        role=role,
        position=roles.index(role),
        player=player,
        entropy=(entropy or secrets.token_hex(16))[:200],
    )
    _append_events(game, None, [{"type": "seat_taken", "data": {"role": role, "player": player.get_username()}}])
    if len(taken) + 1 == len(roles):
        game_start(game=game)
    return seat


@transaction.atomic
def game_start(*, game: Game) -> Game:
    """Set the game up once every role has a seat, and open step 1."""
    game = _lock_game(game.pk)
    if game.status != Game.Status.OPEN:
        return game
    rs = ruleset_for(game.ruleset)
    roles = rs.roles(game.scenario, game.options)
    if sorted(game.seats.values_list("role", flat=True)) != sorted(roles):
        raise errors.NotJoinable("every role needs a seat before the game starts")
    dice = rules_dice.HmacDice(_dice_key(game), step=0)
    state = rs.setup(game.scenario, copy.deepcopy(game.options), dice)
    game.state = state
    game.setup_state = state
    game.state_version += 1
    game.ruleset_version = rs.version
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.save()
    _append_events(
        game,
        None,
        [
            # No state hash in the log: a hash of a state with hidden parts could be matched
            # against guesses of those parts.
            {"type": "game_started", "data": {"ruleset_version": rs.version}},
            _dice_event(0, dice),
        ],
    )
    _open_step(game=game, number=1, ruleset=rs)
    return game


# -- orders -----------------------------------------------------------------------------


@transaction.atomic
def order_submit(
    *,
    game: Game,
    player,
    step: int,
    orders: dict | None = None,
    text: str | None = None,
    source: str = OrderSet.Source.API,
) -> Receipt:
    """Store (or replace) the player's sealed order set for an open step and return its
    receipt. Enqueues adjudication on commit once every prompted seat has submitted."""
    game = _lock_game(game.pk)
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    step_row = game.steps.filter(number=step).first()
    if game.status != Game.Status.ACTIVE or step_row is None or step_row.status != Step.Status.OPEN:
        raise errors.StepNotOpen(errors.StepNotOpen.title)
    if seat.role not in step_row.roles:
        raise errors.NotPrompted(errors.NotPrompted.title)
    rs = ruleset_for(game.ruleset)
    if (orders is None) == (text is None):
        raise errors.OrdersInvalid(
            errors.OrdersInvalid.title,
            errors=[
                {
                    "code": "orders.missing",
                    "path": "",
                    "message": {
                        "en": "Send either orders or text, not both and not neither.",
                        "fr": "Envoyez soit des ordres, soit un texte, ni les deux ni aucun.",
                    },
                }
            ],
        )
    if text is not None:
        orders, parse_errors = rs.parse_orders(text, copy.deepcopy(game.state), seat.role)
        if parse_errors:
            raise errors.OrdersInvalid(errors.OrdersInvalid.title, errors=[e.as_dict() for e in parse_errors])
    if not isinstance(orders, dict):
        raise errors.OrdersInvalid(
            errors.OrdersInvalid.title,
            errors=[
                {
                    "code": "orders.not_an_object",
                    "path": "",
                    "message": {"en": "Orders must be a JSON object.", "fr": "Les ordres doivent être un objet JSON."},
                }
            ],
        )
    problems = rs.validate(copy.deepcopy(game.state), seat.role, orders)
    if problems:
        raise errors.OrdersInvalid(errors.OrdersInvalid.title, errors=[e.as_dict() for e in problems])

    receipt = orders_hash(orders)
    now = timezone.now()
    _, created = OrderSet.objects.update_or_create(
        step=step_row,
        seat=seat,
        defaults={"orders": orders, "canonical_hash": receipt, "source": source, "submitted_at": now},
    )
    submitted = set(step_row.order_sets.values_list("seat__role", flat=True))
    if set(step_row.roles) <= submitted:
        if step_row.completed_at is None:
            step_row.completed_at = now
            step_row.save(update_fields=["completed_at"])
        _enqueue_adjudication(game.pk, step_row.number)
    return Receipt(receipt=receipt, step=step_row.number, replaced=not created)


# -- adjudication -----------------------------------------------------------------------


@transaction.atomic
def step_adjudicate(*, game_id: int, step_number: int) -> str:
    """Resolve a step exactly once. Safe to call any number of times, late, or after a
    crash: returns ``"resolved"`` when it did the work, else why it did nothing."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        return "no-such-game"
    if game.status != Game.Status.ACTIVE:
        return "game-not-active"
    step = game.steps.filter(number=step_number).first()
    if step is None or step.status != Step.Status.OPEN:
        return "not-open"
    order_sets = {o.seat.role: o for o in step.order_sets.select_related("seat")}
    complete = set(step.roles) <= set(order_sets)
    now = timezone.now()
    if not complete and now < step.deadline:
        return "waiting"

    rs = ruleset_for(game.ruleset)
    if rs.version != game.ruleset_version:
        raise errors.RulesetVersionMismatch(
            f"game {game.pk} pinned {game.ruleset} {game.ruleset_version}, installed {rs.version}"
        )

    delay = float(getattr(settings, "CURSUS_RESOLVE_DELAY_SECONDS", 0) or 0)
    if delay:
        time.sleep(delay)  # test-only: a window to kill the worker mid-resolution

    seats = {seat.role: seat for seat in game.seats.all()}
    submissions: dict[str, dict] = {}
    platform_events: list[dict] = []
    defaulted: list[str] = []
    for prompt in step.prompts:
        role = prompt["role"]
        if role in submissions:
            continue
        if role in order_sets:
            submissions[role] = order_sets[role].orders
            platform_events.append(
                {
                    "type": "orders_used",
                    "data": {"step": step.number, "receipt": order_sets[role].canonical_hash, "default": False},
                    "visible_to": [role],
                }
            )
        else:
            submissions[role] = prompt.get("default_orders") or {}
            defaulted.append(role)
            seat = seats[role]
            seat.missed_deadlines += 1
            seat.save(update_fields=["missed_deadlines"])
            platform_events.append(
                {"type": "deadline_missed", "data": {"step": step.number, "role": role}, "visible_to": None}
            )
            platform_events.append(
                {
                    "type": "orders_used",
                    "data": {"step": step.number, "receipt": orders_hash(submissions[role]), "default": True},
                    "visible_to": [role],
                }
            )

    dice = rules_dice.HmacDice(_dice_key(game), step=step.number)
    new_state, engine_events = rs.resolve(copy.deepcopy(game.state), copy.deepcopy(submissions), dice)

    game.state = new_state
    game.state_version += 1
    step.status = Step.Status.RESOLVED
    step.resolved_at = now
    step.state_after = new_state
    step.state_after_hash = state_hash(new_state)
    step.save()

    events = platform_events + [event.as_dict() for event in engine_events] + [_dice_event(step.number, dice)]
    events.append(
        {
            "type": "step_resolved",
            "data": {"step": step.number, "defaulted": defaulted},
            "visible_to": None,
        }
    )
    outcome = rs.outcome(new_state)
    if outcome is not None:
        game.status = Game.Status.FINISHED
        game.finished_at = now
        game.outcome = outcome.as_dict()
        events.append(
            {
                "type": "game_finished",
                "data": {"outcome": outcome.as_dict(), "dice_seed": game.dice_seed},
                "visible_to": None,
            }
        )
    game.save()
    _append_events(game, step, events)
    if outcome is None:
        _open_step(game=game, number=step.number + 1, ruleset=rs)
    else:
        game_pk = game.pk
        transaction.on_commit(lambda: game_finished.send(sender=Game, game_id=game_pk), robust=True)
    logger.info("game %s: step %s resolved (defaulted: %s)", game.pk, step.number, defaulted or "none")
    return "resolved"


# -- the sweep --------------------------------------------------------------------------


def steps_sweep(*, now=None) -> dict[str, list[tuple[int, int]]]:
    """Find open steps past their deadline and steps complete but still open for longer
    than CURSUS_STALL_SECONDS, and enqueue their adjudication. Returns what it enqueued."""
    from games.tasks import adjudicate_step

    now = now or timezone.now()
    open_steps = Step.objects.filter(status=Step.Status.OPEN, game__status=Game.Status.ACTIVE)
    due = list(open_steps.filter(deadline__lte=now).values_list("game_id", "number"))
    stalled_since = now - timedelta(seconds=settings.CURSUS_STALL_SECONDS)
    stalled = list(
        open_steps.filter(completed_at__lte=stalled_since, deadline__gt=now).values_list("game_id", "number")
    )
    for game_id, number in due + stalled:
        adjudicate_step.delay(game_id, number)
    if due or stalled:
        logger.info("sweep: %d due, %d stalled", len(due), len(stalled))
    return {"due": due, "stalled": stalled}
