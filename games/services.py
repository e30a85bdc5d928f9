"""Writes: every state change of a game goes through one of these keyword-only functions,
each in one transaction. See docs/adjudication.md for the exactly-once design."""

from __future__ import annotations

import copy
import json
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

import rules
from rules import dice as rules_dice
from rules.base import RulesError, UpgradeImpossible, json_copy, orders_hash, state_hash
from rules.registry import UnknownRuleset as RulesUnknownRuleset

from games import attachment_rows, bidi, dispatch, errors, gates, metrics, naming, order_shapes, presentation, submission, table_rows
from games.deadlines import DeadlinePolicy, PolicyInvalid, policy_of
from games.idempotency import IdempotencyKeyReused
from games.models import Event, Game, Invitation, OrderSet, Seat, Step, Vacation
from games.signals import game_changed, game_finished, ladder_step, orders_received, reminder_due, step_opened

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Receipt:
    """What a submitter gets back: the canonical hash of the stored order set; ``final``
    when it was the last order set the step awaited (the step closes and is resolved now:
    the player may not count on changing it)."""

    receipt: str
    step: int
    replaced: bool
    final: bool = False


# -- helpers ----------------------------------------------------------------------------


def ruleset_for(slug: str):
    try:
        return rules.get_ruleset(slug)
    except RulesUnknownRuleset:
        raise errors.UnknownRuleset(errors.UnknownRuleset.title) from None


def _lock_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends (a no-op lock on SQLite, where
    IMMEDIATE transactions serialise writers instead). ``FOR NO KEY UPDATE``: writers of
    the game queue behind it, but rows that merely reference the game (an outbox row, an
    event) can still be inserted meanwhile — their foreign-key check takes ``FOR KEY
    SHARE``, which a plain ``FOR UPDATE`` would block until the adjudication commits."""
    return Game.objects.select_for_update(no_key=True).get(pk=game_id)


def _next_seq(game: Game) -> int:
    current = game.events.aggregate(m=Max("seq"))["m"]
    return (current or 0) + 1


def _append_events(game: Game, step: Step | None, events: list[dict]) -> None:
    """Append to the log in one INSERT (bulk_create skips save(), so the audience mirror
    of ``visible_to`` is filled here)."""
    seq = _next_seq(game)
    Event.objects.bulk_create(
        Event(
            game=game,
            step=step,
            seq=seq + offset,
            type=event["type"],
            data=event.get("data") or {},
            visible_to=event.get("visible_to"),
            audience=Event.audience_for(event.get("visible_to")),
        )
        for offset, event in enumerate(events)
    )


def _dice_event(step_number: int, dice, ruleset=None) -> dict:
    """The step's rolls for the log, each with what it was rolled for in words (``why``,
    ``Ruleset.roll_purpose``) when the ruleset says."""
    rolls = []
    for roll in dice.rolls:
        entry = roll.as_dict()
        why = ruleset.roll_purpose(entry.get("purpose") or "") if ruleset is not None else None
        if why:
            entry["why"] = why
        rolls.append(entry)
    return {"type": "dice", "data": {"step": step_number, "rolls": rolls}, "visible_to": None}


def _setup_error(code: str, path: str, en: str, fr: str) -> dict:
    return {"code": code, "path": path, "message": {"en": en, "fr": fr}}


def _option_problems(ruleset, options: dict) -> tuple[dict, list[dict]]:
    """The options with their defaults filled in, and every problem with them."""
    declared = {option["id"]: option for option in ruleset.options()}
    problems = [
        _setup_error("setup.unknown_option", f"/options/{key}", f"Unknown option “{key}”; the options are: "
                     f"{', '.join(sorted(declared)) or 'none'}.",
                     f"Option inconnue « {key} » ; les options sont : {', '.join(sorted(declared)) or 'aucune'}.")
        for key in sorted(set(options) - set(declared), key=str)
    ]
    result = {}
    for option_id in sorted(declared):
        option = declared[option_id]
        value = options.get(option_id, option.get("default"))
        choices = option.get("choices")
        if choices is not None and value not in choices:
            shown = ", ".join(str(c) for c in choices)
            problems.append(_setup_error(
                "setup.bad_option_value", f"/options/{option_id}",
                f"Option “{option_id}” cannot be {value!r}; choose one of: {shown}.",
                f"L'option « {option_id} » ne peut valoir {value!r} ; choisissez parmi : {shown}."))
        result[option_id] = value
    return result, problems


def _validated_options(ruleset, options: dict) -> dict:
    result, problems = _option_problems(ruleset, options)
    if problems:
        raise errors.InvalidSetup(errors.InvalidSetup.title, errors=problems)
    return result


def _on_commit_send(signal, **kwargs) -> None:
    transaction.on_commit(lambda: signal.send(sender=Game, **kwargs), robust=True)


def _vacations_of(players) -> dict[int, list[tuple]]:
    by_player: dict[int, list[tuple]] = {}
    for vacation in Vacation.objects.filter(player__in=players, cancelled_at__isnull=True):
        by_player.setdefault(vacation.player_id, []).append((vacation.starts_at, vacation.ends_at))
    return by_player


def _deadline_for(*, game: Game, step: Step, policy: DeadlinePolicy, seats: dict[str, Seat]) -> timezone.datetime:
    """The step's deadline: the policy's (``base_deadline``), its excused extensions,
    then the longest push the vacations of its prompted players give."""
    deadline = step.base_deadline or step.deadline
    for _ in range(step.extensions):
        deadline = policy.extended(deadline)
    players = [seats[role].player_id for role in step.roles if role in seats]
    vacations = _vacations_of(players)
    push = max(
        (policy.vacation_push(deadline=deadline, opened=step.opened_at, vacations=vacations.get(p, [])) for p in players),
        default=timedelta(0),
    )
    return deadline + push


def _blocking_roles(step: Step, seats: dict[str, Seat], submitted: set[str]) -> list[str]:
    """Prompted roles the step still waits for. A playing seat is waited for until the
    deadline; a seat in civil disorder only when no playing seat is prompted (then the
    step runs to its deadline, giving the player time to come back); a forfeited seat
    never (docs/deadlines.md)."""
    prompted = [seats[role] for role in step.roles if role in seats]
    playing = [seat for seat in prompted if seat.status == Seat.Status.PLAYING]
    blocking = [seat.role for seat in playing if seat.role not in submitted]
    if not playing:
        blocking = [
            seat.role for seat in prompted if seat.status == Seat.Status.CIVIL_DISORDER and seat.role not in submitted
        ]
    return blocking


def _open_step(*, game: Game, number: int, ruleset, seats: dict[str, Seat] | None = None) -> Step:
    """The next step: ``prompts()`` of the position, its deadline (the policy's, pushed by
    its players' vacations). ``seats``: the game's seats by role, when the caller holds
    them (as saved)."""
    prompts = ruleset.prompts(game.state)
    if not prompts:
        raise RulesError(f"ruleset {game.ruleset} returned no prompt and no outcome")
    now = timezone.now()
    policy = policy_of(game)
    base = policy.deadline_after(now)
    step = Step.objects.create(
        game=game,
        number=number,
        prompts=[prompt.as_dict() for prompt in prompts],
        deadline=base,
        base_deadline=base,
    )
    step.opened_at = now
    if seats is None:
        seats = {seat.role: seat for seat in game.seats.all()}
    step.deadline = _deadline_for(game=game, step=step, policy=policy, seats=seats)
    if not _blocking_roles(step, seats, set()):
        step.completed_at = now  # only seats nobody waits for: resolve at once
        _enqueue_adjudication(game.pk, number)
    if any(seats[role].computer for role in step.roles if role in seats):
        # Computer seats answer at once, in the worker (games/computers.py).
        dispatch.after_commit(dispatch.COMPUTER_PLAY, game.pk, number)
    step.save(update_fields=["opened_at", "deadline", "completed_at"])
    _on_commit_send(step_opened, game_id=game.pk, step_number=number)
    return step


def _enqueue_adjudication(game_id: int, step_number: int) -> None:
    dispatch.after_commit(dispatch.ADJUDICATE_STEP, game_id, step_number)


def _enqueue_orders_stored(game_id: int, step_number: int, stored: dict, *, adjudicate: bool) -> None:
    """After a submission's commit, one message: the adjudication (when the step is
    complete) carrying the announcement of the order set, or the announcement alone. A
    lost message costs the receipt email only: the sweep adjudicates a complete step."""
    if adjudicate:
        dispatch.after_commit(dispatch.ADJUDICATE_STEP, game_id, step_number, stored)
    else:
        dispatch.after_commit(dispatch.ANNOUNCE_ORDERS, game_id, step_number, stored)


def announce_orders(*, game_id: int, step_number: int, stored: dict) -> None:
    """Tell the listeners of ``orders_received`` (notifications: the receipt email) that
    an order set was stored, and hand the seat back from a computer standing in for it
    (``seat_hand_back``). Runs in the worker, after the submission's commit."""
    if stored.get("source") != OrderSet.Source.COMPUTER:
        seat_hand_back(game_id=game_id, role=stored["role"], step_number=step_number)
    orders_received.send(
        sender=Game,
        game_id=game_id,
        step_number=step_number,
        role=stored["role"],
        receipt=stored["receipt"],
        source=stored["source"],
    )


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
    deadline_policy: dict | None = None,
    invite_only: bool = False,
    min_rating: float | None = None,
    min_reliability: float | None = None,
    press_private: bool | None = None,
    public: bool = False,
    stand_in: str = Game.StandIn.DEFAULT,
    name: str | None = None,
) -> Game:
    """Create an open game and seat its creator. Draws the secret dice seed and publishes
    its commitment at once. ``name``: the creator's name for it (games/naming.py; none:
    the ruleset, scenario and seat holders). ``deadline_policy`` is a ``games.deadlines.DeadlinePolicy``
    dict (a tournament hands the same one to each of its games)."""
    rs = ruleset_for(ruleset)
    policy_data = dict(deadline_policy or {})
    if step_hours:
        policy_data["step_hours"] = step_hours
    problems: list[dict] = []  # every problem of the request, not the first one
    policy = None
    try:
        policy = DeadlinePolicy.from_dict(policy_data)
    except PolicyInvalid as exc:
        # Paths point into the request: the policy is its `deadline_policy` member.
        problems += [{**e, "path": "/deadline_policy" + e["path"]} for e in exc.errors]
    scenarios = [s["id"] for s in rs.scenarios()]
    roles = []
    if scenario not in scenarios:
        problems.append(_setup_error(
            "setup.unknown_scenario", "/scenario",
            f"Unknown scenario “{scenario}”; the scenarios are: {', '.join(scenarios)}.",
            f"Scénario inconnu « {scenario} » ; les scénarios sont : {', '.join(scenarios)}."))
    options, option_problems = _option_problems(rs, options or {})
    problems += option_problems
    if scenario in scenarios and not option_problems:
        roles = rs.roles(scenario, options)
        if role is not None and role not in roles:
            problems.append(_setup_error(
                "setup.unknown_role", "/role", f"Unknown role “{role}”; the roles are: {', '.join(roles)}.",
                f"Rôle inconnu « {role} » ; les rôles sont : {', '.join(roles)}."))
    if min_rating is not None and not 0 <= min_rating <= 5000:
        problems.append(_setup_error("setup.min_rating", "/min_rating", "A minimum rating is between 0 and 5000.",
                                     "Un classement minimum est compris entre 0 et 5000."))
    if min_reliability is not None and not 0 <= min_reliability <= 1:
        problems.append(_setup_error("setup.min_reliability", "/min_reliability",
                                     "A minimum reliability is a fraction between 0 and 1.",
                                     "Une fiabilité minimum est une fraction entre 0 et 1."))
    if policy is not None and policy.computer_after and not _computer_can_sit(rs):
        problems.append(_setup_error(
            "policy.computer_unavailable", "/deadline_policy/computer_after",
            f"No computer player can sit in {rs.name.en} yet: choose another rung (computer_after 0).",
            f"Aucun ordinateur ne peut encore jouer à {rs.name.fr} : choisissez un autre échelon (computer_after 0)."))
    if stand_in not in Game.StandIn.values:
        problems.append(_setup_error("setup.stand_in", "/stand_in", f"A stand-in is one of: {', '.join(Game.StandIn.values)}.",
                                     f"Un remplaçant provisoire est l'un de : {', '.join(Game.StandIn.values)}."))
    try:
        name = naming.clean_name(name)
    except errors.InvalidSetup as exc:
        problems += exc.errors
    if problems:
        raise errors.InvalidSetup(errors.InvalidSetup.title, errors=problems)
    seed = rules_dice.new_seed()
    game = Game.objects.create(
        ruleset=rs.slug,
        ruleset_version=rs.version,
        scenario=scenario,
        options=options,
        created_by=created_by,
        dice_seed=seed.hex(),
        dice_commitment=rules_dice.commitment(seed),
        step_hours=policy.step_hours,
        deadline_policy=policy.as_dict(),
        invite_only=bool(invite_only),
        min_rating=min_rating,
        min_reliability=min_reliability,
        press_private=press_private,
        public=bool(public),
        stand_in=stand_in,
        name=name,
        name_chosen=bool(name),
    )
    _append_events(
        game,
        None,
        [{"type": "game_created", "data": {"dice_commitment": game.dice_commitment, "roles": roles}}],
    )
    game_join(game=game, player=created_by, role=role, entropy=entropy)
    game.refresh_from_db()
    return game


def invitation_for(*, game: Game, player) -> Invitation | None:
    """The invitation that lets ``player`` into ``game`` (one sent to the player's own
    address, not declined, not used by another account), or None."""
    email = (getattr(player, "email", "") or "").strip().lower()
    if not email:
        return None
    # One account per address (accounts.services.user_sign_up), so the invitation's
    # address names the account.
    return game.invitations.filter(email=email, declined_at__isnull=True).first()


def may_join(*, game: Game, player) -> bool:
    """Whether ``player`` may take a seat now: an open game without a seat of theirs, and,
    in a game by invitation only, an invitation to the player's address."""
    if game.status != Game.Status.OPEN or not getattr(player, "is_authenticated", False):
        return False
    if game.seats.filter(player=player).exists():
        return False
    if player.pk != game.created_by_id and gates.problems(
        min_rating=game.min_rating, min_reliability=game.min_reliability, player=player, ruleset=game.ruleset
    ):
        return False
    return not game.invite_only or invitation_for(game=game, player=player) is not None


@transaction.atomic
def game_join(*, game: Game, player, role: str | None = None, entropy: str | None = None) -> Seat:
    """Take a seat (the first free role when none is named); starts the game when the
    last seat is taken. In a game by invitation only, only the account whose address was
    invited may (``NotInvited`` otherwise: holding someone else's link is not enough)."""
    game = _lock_game(game.pk)
    if game.status != Game.Status.OPEN:
        raise errors.NotJoinable(errors.NotJoinable.title)
    if game.seats.filter(player=player).exists():
        raise errors.NotJoinable(f"{player} already holds a seat in this game")
    invitation = None
    if game.invite_only and player.pk != game.created_by_id:
        invitation = invitation_for(game=game, player=player)
        if invitation is None:
            raise errors.NotInvited(errors.NotInvited.title, errors=[{
                "code": "join.not_invited", "path": "",
                "message": {"en": "This game takes invited players only, and no invitation was sent to your "
                                  "account's email address. Ask the game's creator to invite that address.",
                            "fr": "Cette partie n'accepte que des joueurs invités, et aucune invitation n'a été "
                                  "envoyée à l'adresse de votre compte. Demandez au créateur de la partie "
                                  "d'inviter cette adresse."}}])
    if player.pk != game.created_by_id:
        refused = gates.problems(min_rating=game.min_rating, min_reliability=game.min_reliability, player=player,
                                 ruleset=game.ruleset)
        if refused:
            raise errors.NotEligible(errors.NotEligible.title, errors=refused)
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
    if invitation is not None:
        invitation.accepted_by, invitation.accepted_at = player, timezone.now()
        invitation.save(update_fields=["accepted_by", "accepted_at"])
    _append_events(game, None, [{"type": "seat_taken", "data": {"role": role, "player": player.get_username()}}])
    naming.name_refresh(game)
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
    dice = rules_dice.HmacDice(game.dice_key(), step=0)
    state, opening_events = rs.setup_with_events(game.scenario, copy.deepcopy(game.options), dice)
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
            *(event.as_dict() for event in opening_events),
            _dice_event(0, dice, rs),
        ],
    )
    _open_step(game=game, number=1, ruleset=rs)
    return game


# -- orders -----------------------------------------------------------------------------

#: How many times a submission reads again when the game moved between its read and its
#: write (an adjudication, an upgrade, a seat given to another player committed in
#: between); each retry means another writer made progress.
_STALE_RETRIES = 10


@dataclass(frozen=True)
class Replayed:
    """The answer stored under an ``Idempotency-Key`` by the first request that used it."""

    status: int
    body: dict


def order_submit(
    *,
    game: Game | None = None,
    game_id: int | None = None,
    player=None,
    player_id: int | None = None,
    step: int,
    orders: dict | None = None,
    text: str | None = None,
    source: str = OrderSet.Source.API,
    idempotency: tuple[str, str] | None = None,
    snapshot: submission.Snapshot | None = None,
) -> Receipt | Replayed:
    """Store (or replace) the player's sealed order set for an open step and return its
    receipt: the one submission service (the API, the web page and replies by email call
    it). The game is ``game`` or ``game_id`` (``Game.DoesNotExist`` when there is none),
    the player ``player`` or ``player_id``. ``idempotency``: ``(key, fingerprint)`` of
    an ``Idempotency-Key``: the first request's answer is stored with the order set and
    returned (``Replayed``) to a request with the same key and fingerprint; another
    fingerprint is ``IdempotencyKeyReused``. ``snapshot``: what ``submission.read``
    returned for this very request (the API reads the token with it).

    Two statements (``games/submission.py``): a read without a lock, the checks (shape,
    then ``validate`` against the position read: any error refuses the whole set, nothing
    is stored), then one call that locks the game, checks that nothing it was checked
    against has moved (else it reads and checks again) and stores. On commit, one
    message to the worker: the adjudication when every prompted seat the step waits for
    has submitted, else the announcement of the order set (``orders_received``: the
    receipt email is written there, not in the submitting request)."""
    game_id = game_id if game_id is not None else game.pk
    player_id = player_id if player_id is not None else player.pk
    key, fingerprint = idempotency if idempotency is not None else (None, None)
    for _ in range(_STALE_RETRIES):
        snap = snapshot or submission.read(game_id=game_id, step=step, player_id=player_id, key=key)
        snapshot = None
        if snap is not None and snap.stored_fingerprint is not None:
            if snap.stored_fingerprint != fingerprint:
                raise IdempotencyKeyReused(IdempotencyKeyReused.title)
            return Replayed(snap.stored_status, json.loads(snap.stored_body))
        if snap is None or snap.game_id is None:
            raise Game.DoesNotExist
        if snap.status != Game.Status.ACTIVE or not snap.step_open:
            if snap.role is None:
                raise errors.NotSeated(errors.NotSeated.title)
            raise errors.StepNotOpen.for_game(Game(pk=snap.game_id, status=snap.status), step)
        rs = ruleset_for(snap.ruleset)
        if not snap.halted and snap.ruleset_version != rs.version:
            _carry_over(game_id=snap.game_id, ruleset=rs)  # a release changed the ruleset since the last write
            continue
        if snap.halted:
            raise errors.GameHalted(errors.GameHalted.title)
        if snap.role is None:
            raise errors.NotSeated(errors.NotSeated.title)
        if not snap.prompted:
            raise errors.NotPrompted(errors.NotPrompted.title)
        checked = _checked_orders(rs, snap, orders, text, step=step)
        receipt = orders_hash(checked)
        try:
            stored = submission.store(snapshot=snap, step=step, orders=checked, receipt=receipt, source=source,
                                      now=timezone.now(), key=key, fingerprint=fingerprint)
        except IntegrityError:
            if key is None:
                raise
            continue  # the same key stored meanwhile through another game's lock: answer as it did
        if stored.outcome == "stale":
            continue
        if stored.outcome == "key-reused":
            raise IdempotencyKeyReused(IdempotencyKeyReused.title)
        if stored.outcome == "replayed":
            return Replayed(stored.stored_status, stored.stored_body)
        _enqueue_orders_stored(snap.game_id, step, {"role": snap.role, "receipt": receipt, "source": source},
                               adjudicate=stored.complete)
        return Receipt(receipt=receipt, step=step, replaced=not stored.created, final=stored.complete)
    raise errors.StepNotOpen.for_game(Game.objects.only("status").get(pk=game_id), step)


def _carry_over(*, game_id: int, ruleset) -> None:
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.halted_at is None and game.ruleset_version != ruleset.version:
            _upgrade_locked(game=game, ruleset=ruleset)


def _orders_error(code: str, en: str, fr: str) -> errors.OrdersInvalid:
    return errors.OrdersInvalid(errors.OrdersInvalid.title, errors=[{"code": code, "path": "", "message": {"en": en, "fr": fr}}])


def _with_attachments(rs, snap: submission.Snapshot, orders: dict, step: int | None) -> dict:
    """An order set of a kind that takes files (games/attachments.py) names the files the
    seat attached for this step: all of them when it names none (text orders, a reply by
    email), else only files of its own for this step (``OrdersInvalid`` otherwise)."""
    if step is None or not isinstance(orders, dict) or not attachment_rows.limit_of(rs, snap.kind):
        return orders
    mine = attachment_rows.for_orders(game_id=snap.game_id, role=snap.role, step=step)
    named = orders.get("attachments")
    if not named:
        return {**orders, "attachments": mine} if mine else orders
    known = {a["id"]: a for a in mine}
    problems = [{"code": "attachment.unknown", "path": f"/attachments/{i}",
                 "message": {"en": "This file was not attached by your seat for this step.",
                             "fr": "Ce fichier n'a pas été joint par votre place pour cette étape."}}
                for i, a in enumerate(named) if not isinstance(a, dict) or a.get("id") not in known]
    if problems:
        raise errors.OrdersInvalid(errors.OrdersInvalid.title, errors=problems)
    return {**orders, "attachments": [known[a["id"]] for a in named]}


def _with_tables(rs, snap: submission.Snapshot, orders: dict) -> dict:
    """An order set of a kind that takes the game's own tables (games/game_tables.py)
    carries those the position lacks: the platform joins them from the uploads; an order
    set that writes them itself is refused (they come by upload only)."""
    if not isinstance(orders, dict) or not table_rows.takes_tables(rs, snap.kind):
        return orders
    if "tables" in orders:
        raise errors.OrdersInvalid(errors.OrdersInvalid.title, errors=[{
            "code": "tables.uploaded_only", "path": "/tables",
            "message": {"en": "The game's own tables come by upload (the desk, or POST games/{id}/tables/), not in the orders.",
                        "fr": "Les tables propres à la partie viennent par téléversement (le bureau, ou POST "
                              "games/{id}/tables/), pas dans les ordres."}}])
    pending = table_rows.for_orders(game_id=snap.game_id)
    return {**orders, "tables": pending} if pending else orders


def _checked_orders(rs, snap: submission.Snapshot, orders, text, step: int | None = None) -> dict:
    """The order set (parsed from ``text`` when given), or ``OrdersInvalid`` listing every
    problem: its shape against ``order_schema(kind)`` first, then ``validate``."""
    if (orders is None) == (text is None):
        raise _orders_error("orders.missing", "Send either orders or text, not both and not neither.",
                            "Envoyez soit des ordres, soit un texte, ni les deux ni aucun.")
    state = None
    if text is not None and not text.strip():
        if rs.order_schema(snap.kind).get("properties"):  # something to decide: say it, even "pass"
            raise _orders_error("orders.empty_text", "The text is empty. Write your orders, or “pass” to give none.",
                                "Le texte est vide. Écrivez vos ordres, ou « pass » pour n'en donner aucun.")
        text, orders = None, {}
    if text is not None:
        if bidi.has_bidi(text):  # a line that reads otherwise than it is: refused (games/bidi.py)
            raise errors.OrdersInvalid(errors.OrdersInvalid.title, errors=bidi.text_errors(text))
        state = snap.state
        orders, parse_errors = rs.parse_orders(text, state, snap.role)
        if parse_errors:
            raise errors.OrdersInvalid(errors.OrdersInvalid.title, errors=[e.as_dict() for e in parse_errors])
    if not isinstance(orders, dict):
        raise _orders_error("orders.not_an_object", "Orders must be a JSON object.", "Les ordres doivent être un objet JSON.")
    orders = _with_attachments(rs, snap, orders, step)
    orders = _with_tables(rs, snap, orders)
    shape = order_shapes.shape_errors(rs, snap.kind, orders)
    if shape:  # the engine never sees an order set of the wrong shape
        raise errors.OrdersInvalid(errors.OrdersInvalid.title, errors=shape)
    problems = rs.validate(state if state is not None else snap.state, snap.role, orders)
    if problems:
        raise errors.OrdersInvalid(errors.OrdersInvalid.title, errors=[e.as_dict() for e in problems])
    return orders


def seat_seen(*, seat: Seat, seq: int) -> int | None:
    """The seat's player was shown the game's events up to ``seq`` (the game page): the
    newest seen is kept on the seat, for "since your last visit" on any device. Returns
    what was seen before (None: never). One UPDATE, only when something is new."""
    before = seat.last_seen_seq
    if before is None or seq > before:
        Seat.objects.filter(pk=seat.pk).update(last_seen_seq=seq)
        seat.last_seen_seq = seq
    return before


# -- adjudication -----------------------------------------------------------------------


@transaction.atomic
def step_adjudicate(*, game_id: int, step_number: int, force: bool = False) -> str:
    """Resolve a step exactly once. Safe to call any number of times, late, or after a
    crash: returns ``"resolved"`` when it did the work, else why it did nothing.
    ``force`` (an operator's decision: games.overrides.step_resolve_now): resolve now,
    with default orders for seats still awaited, without extensions and without
    counting a missed deadline."""
    # The set-up position is only read by a replay; game.save() below writes the loaded fields.
    game = Game.objects.select_for_update(no_key=True).defer("setup_state").filter(pk=game_id).first()
    if game is None:
        return "no-such-game"
    if game.status != Game.Status.ACTIVE:
        return "game-not-active"
    if game.halted_at is not None:
        return "halted"
    step = game.steps.filter(number=step_number).first()
    if step is None or step.status != Step.Status.OPEN:
        return "not-open"
    rs = ruleset_for(game.ruleset)
    if rs.version != game.ruleset_version:
        # A release changed the ruleset: carry the game over (or halt it, and say so),
        # then adjudicate what the upgraded step holds.
        if _upgrade_locked(game=game, ruleset=rs)["status"] == "halted":
            return "halted"
        return step_adjudicate(game_id=game_id, step_number=step_number, force=force)
    order_sets = {o.seat.role: o for o in step.order_sets.select_related("seat")}
    seats = {seat.role: seat for seat in game.seats.all()}
    blocking = _blocking_roles(step, seats, set(order_sets))
    now = timezone.now()
    if game.paused_at is not None and not force:
        return "paused"
    if blocking and now < step.deadline and not force:
        return "waiting"
    policy = policy_of(game)

    if blocking and not force:
        # The missed-turn ladder, first rung: excused extensions (docs/deadlines.md).
        excused = [role for role in blocking if seats[role].excuses_used < policy.excused_extensions]
        if excused:
            for role in excused:
                seats[role].excuses_used += 1
                seats[role].save(update_fields=["excuses_used"])
            step.extensions += 1
            step_deadline_set(step=step, deadline=_deadline_for(game=game, step=step, policy=policy, seats=seats),
                              fields=("extensions",))
            _append_events(
                game,
                step,
                [
                    {
                        "type": "deadline_extended",
                        "data": {"step": step.number, "roles": excused, "deadline": step.deadline.isoformat()},
                        "visible_to": None,
                    }
                ],
            )
            for role in excused:
                _on_commit_send(ladder_step, game_id=game.pk, step_number=step.number, role=role, rung="extended")
            return "extended"

    delay = float(getattr(settings, "CURSUS_RESOLVE_DELAY_SECONDS", 0) or 0)
    if delay:
        time.sleep(delay)  # test-only: a window to kill the worker mid-resolution

    # A forced resolution (the operator's decision) counts no missed deadline.
    deadline_passed = now >= step.deadline and not force
    submissions: dict[str, dict] = {}
    platform_events: list[dict] = []
    defaulted: list[str] = []
    forfeited: list[str] = []
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
            if order_sets[role].source != OrderSet.Source.COMPUTER and seats[role].stand_in:
                platform_events += _hand_back(game=game, seat=seats[role], step_number=step.number)
            continue
        seat = seats[role]
        computer = _computer_stand_in(game=game, ruleset=rs, seat=seat, prompt=prompt, step=step)
        if computer is not None:
            # An abandoned seat played by the computer until a substitute comes: its order
            # set is stored like any other, so the replay plays it again.
            OrderSet.objects.create(step=step, seat=seat, orders=computer, canonical_hash=orders_hash(computer),
                                    source=OrderSet.Source.COMPUTER, submitted_at=now)
            submissions[role] = computer
            platform_events.append({"type": "orders_used", "data": {
                "step": step.number, "receipt": orders_hash(computer), "default": False, "computer": True}, "visible_to": [role]})
            continue
        rung = "defaulted"
        taken_over = False
        # A computer seat (a practice game's, a filled one) that has not answered misses nothing.
        counted = deadline_passed and seat.status != Seat.Status.FORFEITED and not seat.computer
        if counted:
            seat.missed_deadlines += 1
            seat.missed_in_a_row += 1
            if policy.forfeit_after and seat.missed_in_a_row >= policy.forfeit_after:
                seat.status, rung = Seat.Status.FORFEITED, "forfeited"
                forfeited.append(role)
            elif (
                policy.civil_disorder_after
                and seat.missed_in_a_row >= policy.civil_disorder_after
                and seat.status == Seat.Status.PLAYING
            ):
                seat.status, rung = Seat.Status.CIVIL_DISORDER, "civil_disorder"
            if (policy.computer_after and seat.missed_in_a_row >= policy.computer_after and not seat.stand_in
                    and _computer_can_sit(rs)):
                # The computer rung: from now on a computer player stands in (docs/deadlines.md).
                seat.stand_in, taken_over = policy.computer_level, True
            seat.save(update_fields=["missed_deadlines", "missed_in_a_row", "status", "stand_in"])
            missed_event = {"type": "deadline_missed", "data": {"step": step.number, "role": role}, "visible_to": None}
            platform_events.append(missed_event)
            if taken_over:
                platform_events.append({"type": "seat_computer", "data": {
                    "step": step.number, "role": role, "level": seat.stand_in,
                    "misses": seat.missed_in_a_row}, "visible_to": None})
            if rung != "defaulted":
                platform_events.append(
                    {"type": f"seat_{rung}", "data": {"step": step.number, "role": role}, "visible_to": None}
                )
        played = None
        level = seat.computer or seat.stand_in
        if level and not force:  # a forced resolution (an operator's, in a web request): the defaults
            played = _computer_orders(game=game, ruleset=rs, role=role, prompt=prompt, step=step, level=level)
        if played is not None:
            orders, decision = played
            OrderSet.objects.create(step=step, seat=seat, orders=orders, canonical_hash=orders_hash(orders),
                                    source=OrderSet.Source.COMPUTER, submitted_at=now)
            submissions[role] = orders
            platform_events.append({"type": "orders_used", "data": {
                "step": step.number, "receipt": orders_hash(orders), "default": False, "computer": True,
                "level": level, "decision": decision}, "visible_to": [role]})
            if counted:
                missed_event["data"]["computer"] = True
                if rung == "defaulted":
                    rung = "computer" if taken_over else "computer_played"
        else:
            submissions[role] = prompt.get("default_orders") or {}
            defaulted.append(role)
            platform_events.append(
                {
                    "type": "orders_used",
                    "data": {"step": step.number, "receipt": orders_hash(submissions[role]), "default": True},
                    "visible_to": [role],
                }
            )
        if counted:
            if taken_over and rung not in ("computer", "computer_played"):
                # Two rungs at once (civil disorder and the computer): both are told.
                _on_commit_send(ladder_step, game_id=game.pk, step_number=step.number, role=role, rung="computer")
            _on_commit_send(ladder_step, game_id=game.pk, step_number=step.number, role=role, rung=rung)

    dice = rules_dice.HmacDice(game.dice_key(seats=seats.values()), step=step.number)
    started = time.perf_counter()
    new_state, engine_events = rs.resolve(json_copy(game.state), json_copy(submissions), dice)
    took = time.perf_counter() - started
    # How long the step waited to be resolved once it could be (its last order set or
    # its deadline), and how long the engine took: on commit, so a rolled-back
    # resolution counts nothing.
    ready = min(step.completed_at or step.deadline, step.deadline)
    waited = max((now - ready).total_seconds(), 0.0)
    slug = game.ruleset
    transaction.on_commit(lambda: (metrics.observe("step_latency_seconds", waited, ruleset=slug),
                                   metrics.observe("adjudication_seconds", took, ruleset=slug)), robust=True)

    game.state = new_state
    game.state_version += 1
    step.status = Step.Status.RESOLVED
    step.resolved_at = now
    step.state_after = new_state
    step.state_after_hash = state_hash(new_state)
    # Only what changed: the prompts (several kB of JSON) are not written again.
    step.save(update_fields=["status", "resolved_at", "state_after", "state_after_hash"])

    events = platform_events + [event.as_dict() for event in engine_events] + [_dice_event(step.number, dice, rs)]
    events.append(
        {
            "type": "step_resolved",
            "data": {"step": step.number, "defaulted": defaulted},
            "visible_to": None,
        }
    )
    outcome = rs.outcome(new_state)
    remaining = [seat.role for seat in seats.values() if seat.status != Seat.Status.FORFEITED]
    aborted = outcome is None and bool(forfeited) and not remaining
    if aborted:
        # Nobody is left: the game is abandoned, its result recorded (docs/together.md).
        from rules.base import Outcome

        outcome = Outcome(winner=None, scores={}, level="abandoned", detail={"abandoned": sorted(seats)})
    elif outcome is None and forfeited and len(remaining) <= 1:
        # Every other seat forfeited: the last one standing wins by forfeit.
        from rules.base import Outcome

        outcome = Outcome(
            winner=remaining[0] if remaining else None,
            scores={},
            level="forfeit",
            detail={"forfeited": sorted(r for r in seats if r not in remaining)},
        )
    game.draw_offer = []  # a draw offer lapses when a step is resolved
    if outcome is None:
        for role in forfeited:  # abandoned seats of a game that goes on: offered to substitutes
            seats[role].offered_at = now
            seats[role].save(update_fields=["offered_at"])
            events.append({"type": "seat_offered", "data": {"role": role, "reason": "forfeited"}, "visible_to": None})
        if forfeited:
            _on_commit_send(game_changed, game_id=game.pk, what="seat_offered")
    if outcome is not None:
        game.status = Game.Status.ABORTED if aborted else Game.Status.FINISHED
        game.finished_at = now
        game.outcome = outcome.as_dict()
        events.append(
            {
                "type": "game_aborted" if aborted else "game_finished",
                "data": {"outcome": outcome.as_dict(), "dice_seed": game.dice_seed,
                         "message": presentation.finished_message(rs, outcome.as_dict(), game.dice_seed)},
                "visible_to": None,
            }
        )
    game.save()
    _append_events(game, step, events)
    if outcome is None:
        _open_step(game=game, number=step.number + 1, ruleset=rs, seats=seats)
    else:
        game_pk = game.pk
        transaction.on_commit(lambda: game_finished.send(sender=Game, game_id=game_pk), robust=True)
    logger.info("game %s: step %s resolved (defaulted: %s)", game.pk, step.number, defaulted or "none")
    return "resolved"


def _computer_can_sit(ruleset) -> bool:
    from rules import computer

    return computer.available(ruleset)


def _computer_orders(*, game: Game, ruleset, role: str, prompt: dict, step: Step, level: str) -> tuple[dict, dict] | None:
    """A computer player's order set for ``role`` at ``level`` and what its decision cost
    (``Decision.as_dict()`` without its detail), or None (no computer can sit in the
    ruleset, or it failed: the default orders stand in). It is given the seat's view
    (``ruleset.view``), never the state; its own random numbers are seeded by the game's
    public commitment, the step and the role (never the dice key: a look-ahead rolled
    with it would foresee the real rolls). Runs in the worker (adjudication, or
    ``computer_play``), never in a web request."""
    from rules import computer

    if not computer.available(ruleset):
        return None
    try:
        decision = computer.decide(ruleset, ruleset.view(json_copy(game.state), role), role, prompt, level=level,
                                   seed=f"{game.dice_commitment}:{step.number}:{role}")
    except Exception:  # noqa: BLE001 - a computer that cannot answer leaves the defaults
        logger.exception("game %s step %s: the computer player (%s) for %s failed", game.pk, step.number, level, role)
        return None
    orders = decision.orders
    if not isinstance(orders, dict) or ruleset.validate(game.state, role, orders):
        logger.error("game %s step %s: the computer player (%s) for %s gave orders the rules refuse",
                     game.pk, step.number, level, role)
        return None
    report = decision.as_dict()
    report.pop("detail", None)
    return orders, report


def _hand_back(*, game: Game, seat: Seat, step_number: int) -> list[dict]:
    """The seat's player sent orders again: the computer standing in hands the seat back
    (``seat_handed_back``, told to every seat as a rung of the ladder). Returns the event
    to log."""
    level, seat.stand_in = seat.stand_in, ""
    seat.save(update_fields=["stand_in"])
    _on_commit_send(ladder_step, game_id=game.pk, step_number=step_number, role=seat.role, rung="handed_back")
    return [{"type": "seat_handed_back", "data": {"step": step_number, "role": seat.role, "level": level},
             "visible_to": None}]


def seat_hand_back(*, game_id: int, role: str, step_number: int) -> bool:
    """After a submission's commit (the worker: ``announce_orders``): if a computer stood
    in for the seat, its player is back and the seat is theirs again. Idempotent; the
    adjudication does the same for a step completed by that submission."""
    with transaction.atomic():
        game = _lock_game(game_id)
        seat = game.seats.filter(role=role).first()
        if seat is None or not seat.stand_in:
            return False
        step = game.steps.filter(number=step_number).first()
        if step is None or not step.order_sets.filter(seat=seat).exclude(source=OrderSet.Source.COMPUTER).exists():
            return False
        _append_events(game, step, _hand_back(game=game, seat=seat, step_number=step_number))
        return True


def _computer_stand_in(*, game: Game, ruleset, seat: Seat, prompt: dict, step: Step) -> dict | None:
    """The order set a computer player gives an abandoned seat (forfeited, resigned, or
    offered because its account was deleted) of a game whose stand-in is the computer, where one can sit in its ruleset; None: the
    default orders stand in. Seeded by the game's dice key, the step and the role, so a
    retried adjudication decides the same; an answer the rules refuse is not used."""
    if game.stand_in != Game.StandIn.COMPUTER or (seat.status != Seat.Status.FORFEITED and seat.offered_at is None):
        return None  # a seat still held (civil disorder of the ladder) gets its defaults
    from rules import computer

    if not computer.available(ruleset):
        return None
    role = seat.role
    try:
        decision = computer.decide(ruleset, ruleset.view(json_copy(game.state), role), role, prompt,
                                   level="fast", seed=f"{game.dice_commitment}:{step.number}:{role}", max_simulations=8)
    except Exception:  # noqa: BLE001 - a computer that cannot answer leaves the defaults
        logger.exception("game %s step %s: the computer stand-in for %s failed", game.pk, step.number, role)
        return None
    orders = decision.orders
    if not isinstance(orders, dict) or ruleset.validate(game.state, role, orders):
        return None
    return orders


def step_failure_record(*, game_id: int, step_number: int, error: str) -> int:
    """Record that an adjudication of this open step failed (its transaction rolled
    back): the health check, the metrics and the admin show it. Returns how many times it
    failed so far."""
    with transaction.atomic():
        step = (
            Step.objects.select_for_update(no_key=True)
            .filter(game_id=game_id, number=step_number, status=Step.Status.OPEN)
            .only("pk", "failures")
            .first()
        )
        if step is None:
            return 0
        step.failures += 1
        step.last_error = error[:4000]
        step.last_error_at = timezone.now()
        step.save(update_fields=["failures", "last_error", "last_error_at"])
    metrics.count("adjudication_errors_total")
    return step.failures


# -- crossing releases (docs/operations.md, "Ruleset versions") ---------------------------


def _halt_locked(*, game: Game, code: str, message) -> None:
    """Stop a game that cannot go on, say why in its log and tell its seats and the
    operators. Its open step stays open, its deadlines stand still and nothing is
    adjudicated until it is cleared (``game_upgrade``)."""
    if game.halted_at is not None and game.halted_reason.get("code") == code:
        return  # already halted, already said
    game.halted_at = timezone.now()
    game.halted_reason = {"code": code, "en": message.en, "fr": message.fr}
    game.save(update_fields=["halted_at", "halted_reason", "updated_at"])
    _append_events(game, None, [{"type": "game_halted", "data": {"code": code, "reason": message.as_dict()}}])
    _on_commit_send(game_changed, game_id=game.pk, what="halted")
    logger.error("game %s halted: %s", game.pk, message.en)


def _upgrade_locked(*, game: Game, ruleset) -> dict:
    """Carry a locked game pinned to an earlier version of its ruleset over to the
    installed one: its state through the ruleset's declared migrations, the prompts of
    its open step asked again of the new engine, and each stored order set checked again
    (one the new rules refuse is voided: its seat is told to send it again). A game no
    migration leads from is halted instead. Returns what happened."""
    before = game.ruleset_version
    report = {"game": game.pk, "from": before, "to": ruleset.version, "voided": [], "notes": []}
    if before == ruleset.version:
        return {**report, "status": "current"}
    if game.status != Game.Status.ACTIVE or game.state is None:
        # Not started (nothing to carry: it starts on the new version) or over (its
        # record stays as it was played).
        if game.status == Game.Status.OPEN:
            game.ruleset_version = ruleset.version
            game.save(update_fields=["ruleset_version", "updated_at"])
            return {**report, "status": "upgraded"}
        return {**report, "status": "kept"}
    try:
        state, notes = ruleset.upgrade_state(game.state, before)
        prompts = [prompt.as_dict() for prompt in ruleset.prompts(state)] if ruleset.outcome(state) is None else []
    except UpgradeImpossible as exc:
        _halt_locked(game=game, code="ruleset.no_migration", message=exc.message)
        return {**report, "status": "halted", "reason": exc.message.as_dict()}
    except Exception as exc:  # noqa: BLE001 - a migration that crashes halts the game, loudly
        from rules.base import Message

        logger.exception("game %s: the migration %s -> %s failed", game.pk, before, ruleset.version)
        message = Message(
            f"Carrying the game from version {before} to {ruleset.version} failed ({exc.__class__.__name__}).",
            f"Le passage de la partie de la version {before} à la {ruleset.version} a échoué ({exc.__class__.__name__}).",
        )
        _halt_locked(game=game, code="ruleset.migration_failed", message=message)
        return {**report, "status": "halted", "reason": message.as_dict()}
    game.state = state
    game.state_version += 1
    game.ruleset_version = ruleset.version
    game.halted_at = None
    game.halted_reason = {}
    game.save(update_fields=["state", "state_version", "ruleset_version", "halted_at", "halted_reason", "updated_at"])
    seats = {seat.role: seat for seat in game.seats.all()}
    voided: list[str] = []
    last_step = None
    for step in game.steps.filter(status=Step.Status.OPEN).order_by("number"):
        last_step = step
        step.prompts = prompts
        kept: set[str] = set()
        for order_set in step.order_sets.select_related("seat"):
            role = order_set.seat.role
            if role in step.roles and not ruleset.validate(state, role, order_set.orders):
                kept.add(role)
                continue
            order_set.delete()
            voided.append(role)
        complete = not _blocking_roles(step, seats, kept)
        if complete and step.completed_at is None:
            step.completed_at = timezone.now()
            _enqueue_adjudication(game.pk, step.number)
        elif not complete:
            step.completed_at = None
        step.save(update_fields=["prompts", "completed_at"])
    _append_events(
        game,
        last_step,
        [
            {
                "type": "ruleset_upgraded",
                "data": {
                    "from": before,
                    "to": ruleset.version,
                    "step": last_step.number if last_step else None,
                    "notes": [note.as_dict() for note in notes],
                    "voided": sorted(voided),
                },
            }
        ],
    )
    _on_commit_send(game_changed, game_id=game.pk, what="upgraded")
    logger.info("game %s: ruleset %s %s -> %s (orders voided: %s)", game.pk, game.ruleset, before, ruleset.version,
                ", ".join(sorted(voided)) or "none")
    return {**report, "status": "upgraded", "voided": sorted(voided), "notes": [n.as_dict() for n in notes]}


def upgrade_plan(*, game: Game) -> dict:
    """What an upgrade would do to this game, without writing: ``status`` is
    ``current``, ``upgradable`` (with the migrations' notes and the roles whose stored
    order sets the new rules refuse) or ``impossible`` (with the reason)."""
    ruleset = ruleset_for(game.ruleset)
    report = {"game": game.pk, "ruleset": game.ruleset, "from": game.ruleset_version, "to": ruleset.version,
              "halted": game.halted_at is not None, "voided": [], "notes": []}
    if game.ruleset_version == ruleset.version:
        return {**report, "status": "current"}
    if game.status != Game.Status.ACTIVE or game.state is None:
        return {**report, "status": "upgradable" if game.status == Game.Status.OPEN else "kept"}
    try:
        state, notes = ruleset.upgrade_state(game.state, game.ruleset_version)
        ruleset.prompts(state) if ruleset.outcome(state) is None else None
    except UpgradeImpossible as exc:
        return {**report, "status": "impossible", "reason": exc.message.as_dict()}
    except Exception as exc:  # noqa: BLE001
        return {**report, "status": "impossible", "reason": {"en": f"the migration fails: {exc!r}", "fr": f"la migration échoue : {exc!r}"}}
    voided = sorted(
        order_set.seat.role
        for order_set in OrderSet.objects.filter(step__game=game, step__status=Step.Status.OPEN).select_related("seat")
        if ruleset.validate(state, order_set.seat.role, order_set.orders)
    )
    return {**report, "status": "upgradable", "voided": voided, "notes": [n.as_dict() for n in notes]}


@transaction.atomic
def game_upgrade(*, game: Game) -> dict:
    """Carry one game over to the installed version of its ruleset now (or halt it);
    a halted game whose version the installed ruleset now continues goes on again."""
    game = _lock_game(game.pk)
    ruleset = ruleset_for(game.ruleset)
    was_halted, halted_since = game.halted_at is not None, game.halted_at
    if was_halted and game.ruleset_version == ruleset.version:
        # Halted for another reason than its version, now current: resume it.
        game.halted_at, game.halted_reason = None, {}
        game.save(update_fields=["halted_at", "halted_reason", "updated_at"])
        result = {"game": game.pk, "from": game.ruleset_version, "to": ruleset.version, "status": "resumed"}
    else:
        result = _upgrade_locked(game=game, ruleset=ruleset)
    if was_halted and result["status"] in ("upgraded", "resumed"):
        # Deadlines stood still while the game was halted, as in a pause.
        stood_still = timezone.now() - halted_since
        for step in game.steps.filter(status=Step.Status.OPEN):
            step.base_deadline = (step.base_deadline or step.deadline) + stood_still
            step.save(update_fields=["base_deadline"])
        _append_events(game, None, [{"type": "game_resumed_after_halt", "data": {"version": ruleset.version}}])
        _refresh_open_deadlines(game=game)
        for step in game.steps.filter(status=Step.Status.OPEN, completed_at__isnull=False):
            _enqueue_adjudication(game.pk, step.number)
    return result


def games_upgrade_sweep() -> list[dict]:
    """Carry over every running game pinned to another version than the installed one
    (the minute sweep calls this, so a release's games go on within a minute of it
    without anyone's order or a step's deadline). Halted games wait for an operator."""
    installed = {}
    results = []
    candidates = Game.objects.filter(status__in=[Game.Status.ACTIVE, Game.Status.OPEN], halted_at__isnull=True)
    for game_id, slug, version in candidates.values_list("pk", "ruleset", "ruleset_version"):
        if slug not in installed:
            try:
                installed[slug] = ruleset_for(slug).version
            except errors.UnknownRuleset:
                installed[slug] = None
        if installed[slug] is None or installed[slug] == version:
            continue
        results.append(game_upgrade(game=Game(pk=game_id)))
    return results


# -- the sweep --------------------------------------------------------------------------


def steps_sweep(*, now=None) -> dict[str, list[tuple[int, int]]]:
    """Find open steps past their deadline and steps complete but still open for longer
    than CURSUS_STALL_SECONDS, and enqueue their adjudication. Returns what it enqueued."""
    now = now or timezone.now()
    open_steps = Step.objects.filter(
        status=Step.Status.OPEN,
        game__status=Game.Status.ACTIVE,
        game__paused_at__isnull=True,
        game__halted_at__isnull=True,
    )
    due = list(open_steps.filter(deadline__lte=now).values_list("game_id", "number"))
    stalled_since = now - timedelta(seconds=settings.CURSUS_STALL_SECONDS)
    stalled = list(
        open_steps.filter(completed_at__lte=stalled_since, deadline__gt=now).values_list("game_id", "number")
    )
    for game_id, number in due + stalled:
        dispatch.send(dispatch.ADJUDICATE_STEP, game_id, number)
    if due or stalled:
        logger.info("sweep: %d due, %d stalled", len(due), len(stalled))
    return {"due": due, "stalled": stalled}


@transaction.atomic
def reminders_sweep(*, now=None) -> list[tuple[int, int, str, int]]:
    """Announce the reminders whose offset has come, once per (step, offset): the step
    row records the offsets already announced. Only prompted playing seats that have not
    submitted are reminded; when the sweep is late past several offsets, only the
    nearest is sent. Returns (game, step, role, hours) for each reminder."""
    now = now or timezone.now()
    sent: list[tuple[int, int, str, int]] = []
    candidates = Step.objects.filter(
        status=Step.Status.OPEN,
        game__status=Game.Status.ACTIVE,
        game__paused_at__isnull=True,
        game__halted_at__isnull=True,
        deadline__gt=now,
    ).values_list("pk", flat=True)
    for step_id in list(candidates):
        step = Step.objects.select_for_update(of=("self",), no_key=True).select_related("game").get(pk=step_id)
        policy = policy_of(step.game)
        due = [h for h in policy.reminders_due(deadline=step.deadline, now=now, opened=step.opened_at) if h not in step.reminders_sent]
        if not due:
            continue
        step.reminders_sent = sorted(set(step.reminders_sent) | set(due), reverse=True)
        step.save(update_fields=["reminders_sent"])
        hours = min(due)
        submitted = set(step.order_sets.values_list("seat__role", flat=True))
        for seat in step.game.seats.filter(role__in=step.roles, status=Seat.Status.PLAYING):
            if seat.role in submitted:
                continue
            _on_commit_send(reminder_due, game_id=step.game_id, step_number=step.number, role=seat.role, hours=hours)
            sent.append((step.game_id, step.number, seat.role, hours))
    return sent


# -- vacations --------------------------------------------------------------------------


def reminders_after_move(*, sent: list[int], deadline, now) -> list[int]:
    """The reminder offsets still recorded as sent once a step's deadline has moved to
    ``deadline``: only those whose time under the new deadline has already come (the
    player was told of that horizon). Every offset still ahead is forgotten, so the new
    deadline gets its reminders (docs/deadlines.md, "Reminders")."""
    return sorted((hours for hours in sent if deadline - timedelta(hours=hours) <= now), reverse=True)


def step_deadline_set(*, step: Step, deadline, fields: tuple[str, ...] = ()) -> None:
    """Move an open step's deadline and reset its record of reminders sent to match
    (``reminders_after_move``); ``fields``: other changed fields of ``step`` to save.
    Every move of a deadline goes through here: an excused extension, an organiser's
    extension (games.overrides), a vacation, a resumed pause or halt."""
    step.deadline = deadline
    step.reminders_sent = reminders_after_move(sent=step.reminders_sent or [], deadline=deadline, now=timezone.now())
    step.save(update_fields=["deadline", "reminders_sent", *fields])


def _refresh_open_deadlines(*, game: Game, tell: bool = True) -> list[Step]:
    """Recompute the deadlines of a game's open steps (after a vacation or a pause).
    ``tell``: announce the move (``game_changed``, ``deadline_moved``); a resumption
    announces itself instead, with the new deadline."""
    policy = policy_of(game)
    seats = {seat.role: seat for seat in game.seats.all()}
    moved = []
    for step in game.steps.filter(status=Step.Status.OPEN):
        deadline = _deadline_for(game=game, step=step, policy=policy, seats=seats)
        if deadline != step.deadline:
            step_deadline_set(step=step, deadline=deadline)
            moved.append(step)
            _append_events(
                game, step, [{"type": "deadline_moved", "data": {"step": step.number, "deadline": deadline.isoformat()}}]
            )
    if moved and tell:
        _on_commit_send(game_changed, game_id=game.pk, what="deadline_moved")
    return moved


def vacation_days_used(*, player, year: int) -> float:
    vacations = Vacation.objects.filter(player=player, cancelled_at__isnull=True, starts_at__year=year)
    return sum(v.days for v in vacations)


def _vacation_error(code: str, path: str, en: str, fr: str) -> errors.VacationInvalid:
    return errors.VacationInvalid(en, errors=[{"code": f"vacation.{code}", "path": path, "message": {"en": en, "fr": fr}}])


@transaction.atomic
def vacation_book(*, player, starts_at, ends_at) -> Vacation:
    """Book a vacation ahead (at least CURSUS_VACATION_NOTICE_HOURS before it starts),
    within the yearly allowance (CURSUS_VACATION_DAYS_PER_YEAR). It pushes the open and
    future deadlines of every game of the player, as each game's policy allows."""
    now = timezone.now()
    if ends_at <= starts_at:
        raise _vacation_error("order", "/ends_at", "A vacation ends after it starts.", "Des vacances finissent après leur début.")
    if starts_at < now + timedelta(hours=settings.CURSUS_VACATION_NOTICE_HOURS):
        hours = settings.CURSUS_VACATION_NOTICE_HOURS
        raise _vacation_error(
            "not_ahead", "/starts_at", f"Book a vacation at least {hours} hours ahead.", f"Réservez vos vacances au moins {hours} heures à l'avance."
        )
    allowance = settings.CURSUS_VACATION_DAYS_PER_YEAR
    days = (ends_at - starts_at).total_seconds() / 86400
    if vacation_days_used(player=player, year=starts_at.year) + days > allowance:
        raise _vacation_error(
            "allowance",
            "/ends_at",
            f"This vacation would exceed your yearly allowance of {allowance} days.",
            f"Ces vacances dépasseraient votre quota annuel de {allowance} jours.",
        )
    overlapping = Vacation.objects.filter(
        player=player, cancelled_at__isnull=True, starts_at__lt=ends_at, ends_at__gt=starts_at
    ).exists()
    if overlapping:
        raise _vacation_error("overlap", "/starts_at", "You already have a vacation then.", "Vous avez déjà des vacances à ces dates.")
    vacation = Vacation.objects.create(player=player, starts_at=starts_at, ends_at=ends_at)
    for game in Game.objects.filter(seats__player=player, status=Game.Status.ACTIVE).distinct():
        _refresh_open_deadlines(game=_lock_game(game.pk))
    return vacation


@transaction.atomic
def vacation_cancel(*, vacation: Vacation) -> Vacation:
    """Cancel a vacation that has not started; deadlines it pushed come back."""
    if vacation.starts_at <= timezone.now():
        raise _vacation_error("started", "/", "A vacation that has started cannot be cancelled.", "Des vacances commencées ne peuvent être annulées.")
    vacation.cancelled_at = timezone.now()
    vacation.save(update_fields=["cancelled_at"])
    for game in Game.objects.filter(seats__player=vacation.player, status=Game.Status.ACTIVE).distinct():
        _refresh_open_deadlines(game=_lock_game(game.pk))
    return vacation


# -- pause ------------------------------------------------------------------------------


@transaction.atomic
def pause_request(*, game: Game, player) -> Game:
    """The player's seat asks for a pause; the game pauses when every seat still in the
    game (not forfeited, not a computer's) has asked. While paused no deadline runs and nothing resolves."""
    game = _lock_game(game.pk)
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    if game.status != Game.Status.ACTIVE or game.paused_at is not None:
        return game
    now = timezone.now()
    if seat.pause_requested_at is None:
        seat.pause_requested_at = now
        seat.save(update_fields=["pause_requested_at"])
        _append_events(game, None, [{"type": "pause_requested", "data": {"role": seat.role}}])
    # Computer seats never ask: a practice game pauses when its people have (docs/computer.md).
    in_game = game.seats.exclude(status=Seat.Status.FORFEITED).filter(computer="")
    if not in_game.filter(pause_requested_at__isnull=True).exists():
        game.paused_at = now
        game.save(update_fields=["paused_at", "updated_at"])
        _append_events(game, None, [{"type": "game_paused", "data": {}}])
        _on_commit_send(game_changed, game_id=game.pk, what="paused")
    return game


@transaction.atomic
def pause_resume(*, game: Game, player) -> Game:
    """Any seat resumes a paused game (or withdraws its request before the pause):
    open deadlines move by the time the game stood still."""
    game = _lock_game(game.pk)
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    if game.paused_at is None:
        if seat.pause_requested_at is not None:
            seat.pause_requested_at = None
            seat.save(update_fields=["pause_requested_at"])
            _append_events(game, None, [{"type": "pause_withdrawn", "data": {"role": seat.role}}])
        return game
    stood_still = timezone.now() - game.paused_at
    for step in game.steps.filter(status=Step.Status.OPEN):
        step.base_deadline = (step.base_deadline or step.deadline) + stood_still
        step.save(update_fields=["base_deadline"])
    game.paused_at = None
    game.save(update_fields=["paused_at", "updated_at"])
    game.seats.update(pause_requested_at=None)
    _append_events(game, None, [{"type": "game_resumed", "data": {"role": seat.role}}])
    _refresh_open_deadlines(game=game, tell=False)  # the "resumed" notice gives the new deadline
    for step in game.steps.filter(status=Step.Status.OPEN, completed_at__isnull=False):
        _enqueue_adjudication(game.pk, step.number)
    _on_commit_send(game_changed, game_id=game.pk, what="resumed")
    return game
