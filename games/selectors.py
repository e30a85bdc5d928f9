"""Reads. Sealed orders: nothing here returns another seat's order set; a role sees
``ruleset.view(state, role)`` and the events whose ``visible_to`` includes it (observers:
``view(state, None)`` and public events)."""

from __future__ import annotations

import copy

from rules.base import state_hash
from rules.dice import HmacDice

from django.db.models import Exists, F, FilteredRelation, OuterRef, Q, QuerySet

from games import errors, presentation
from games.models import Event, Game, OrderSet, Seat, Step, Vacation
from games.services import ruleset_for

#: The JSON columns of a Game that listings never read (positions can weigh tens of KB).
GAME_HEAVY_FIELDS = ("state", "setup_state")

SUMMARY_KEYS = ("year", "turn", "phase", "season", "active", "initiative", "vp", "victory_points")


def role_of(*, game: Game, player) -> str | None:
    if player is None or not getattr(player, "is_authenticated", False):
        return None
    return game.seats.filter(player=player).values_list("role", flat=True).first()


def games_listing(*, player) -> list[dict]:
    """Every game of the player in one query whatever their number: their seats, each
    game's listed columns (never a position) and its open steps (``step_open_game_idx``),
    each marked if the player's seat already stored an order set for it.

    A row: ``id``, ``ruleset``, ``scenario``, ``status``, ``status_display``,
    ``state_version``, ``role``, ``practice`` (a game against the computer), ``awaiting`` (an active game where an open step prompts
    the player's seat and no order set of theirs is stored yet) and ``deadline`` (the
    game's next deadline, any open step). Those awaiting the player come first, soonest
    deadline of an awaiting step first (then by id), then the rest, newest first."""
    if player is None or not getattr(player, "is_authenticated", False):
        return []
    # One row per (seat, open step of its game), or (seat, nothing) for a game with no
    # open step: a LEFT JOIN on the open steps only.
    lines = (
        Seat.objects.filter(player=player)
        .annotate(open_step=FilteredRelation("game__steps", condition=Q(game__steps__status=Step.Status.OPEN)))
        .annotate(submitted=Exists(OrderSet.objects.filter(step_id=OuterRef("open_step__id"), seat_id=OuterRef("pk"))))
        .order_by("-game_id")
        .values_list("game_id", "role", "game__ruleset", "game__scenario", "game__status", "game__state_version",
                     "open_step__deadline", "open_step__prompts", "submitted", "game__practice", "game__name", "game__options")
    )
    labels = dict(Game.Status.choices)
    rows: dict[int, dict] = {}
    awaited_by: dict[int, object] = {}  # game id -> soonest deadline of a step awaiting the player
    for game_id, role, ruleset, scenario, status, state_version, deadline, prompts, submitted, practice, name, options in lines:
        row = rows.get(game_id)
        if row is None:
            row = rows[game_id] = {
                "id": game_id,
                "name": name or presentation.game_title(Game(pk=game_id, ruleset=ruleset)),
                "ruleset": ruleset,
                "options": options or {},
                "scenario": scenario,
                "status": status,
                "status_display": labels.get(status, status),
                "state_version": state_version,
                "role": role,
                "awaiting": False,
                "deadline": None,
                "waiting_for": [],
                "practice": practice,
            }
        if deadline is None:
            continue
        if status == Game.Status.ACTIVE:  # who the open steps prompt (My games says who is awaited)
            row["waiting_for"] = sorted(set(row["waiting_for"]) | {p.get("role") for p in prompts or () if p.get("role")})
        if row["deadline"] is None or deadline < row["deadline"]:
            row["deadline"] = deadline
        if (
            status == Game.Status.ACTIVE
            and not submitted
            and any(prompt.get("role") == role for prompt in prompts or ())
            and (game_id not in awaited_by or deadline < awaited_by[game_id])
        ):
            row["awaiting"] = True
            awaited_by[game_id] = deadline
    first = sorted((row for row in rows.values() if row["awaiting"]), key=lambda row: (awaited_by[row["id"]], row["id"]))
    return first + [row for row in rows.values() if not row["awaiting"]]


def _games_by_ids(ids: list[int]) -> list[Game]:
    """The games of ``ids``, in that order, without their positions."""
    if not ids:
        return []
    games = Game.objects.defer(*GAME_HEAVY_FIELDS).in_bulk(ids)
    return [games[pk] for pk in ids if pk in games]


def games_awaiting(*, player) -> list[Game]:
    """Active games where an open step prompts the player's seat and no order set of
    theirs is stored yet (soonest deadline first)."""
    return _games_by_ids([row["id"] for row in games_listing(player=player) if row["awaiting"]])


def games_of(*, player) -> list[Game]:
    """The player's games, those awaiting them first, then the rest, newest first (the
    rows of ``games_listing`` as ``Game`` objects, without their positions)."""
    return _games_by_ids([row["id"] for row in games_listing(player=player)])


def view_summary(view: dict) -> dict:
    """The year/phase summary a listing shows, taken from the role's view."""
    if not isinstance(view, dict):
        return {}
    summary = view.get("summary")
    if isinstance(summary, dict):
        return summary
    def is_small(value) -> bool:
        if isinstance(value, dict):
            return all(not isinstance(v, (dict, list)) for v in value.values())
        return not isinstance(value, list)

    return {key: view[key] for key in SUMMARY_KEYS if key in view and is_small(view[key])}


def summary_for(*, game: Game, role: str | None) -> dict:
    """The summary of ``game_view_for`` alone (year, phase, ...) as ``role`` sees it,
    without the queries and the rest of the page (a notification's header)."""
    if game.state is None:
        return {}
    return view_summary(ruleset_for(game.ruleset).view(game.state, role))


def game_view_for(*, game: Game, player) -> dict:
    """Everything one player (or an observer) may see of a game right now."""
    role = role_of(game=game, player=player)
    rs = ruleset_for(game.ruleset)
    view = rs.view(game.state, role) if game.state is not None else {}  # a new dict (Ruleset.view)
    open_steps = list(game.steps.filter(status=Step.Status.OPEN).order_by("number"))
    prompts: list[dict] = []
    receipts: list[dict] = []
    if role is not None:
        mine = {
            o.step_id: o
            for o in OrderSet.objects.filter(step__in=open_steps, seat__role=role, seat__game=game)
        }
        for step in open_steps:
            for prompt in step.prompts:
                if prompt["role"] == role:
                    prompts.append(
                        {
                            "step": step.number,
                            "kind": prompt["kind"],
                            "key": prompt["key"],
                            "title": prompt.get("title"),
                            "options": prompt.get("options") or {},
                            "default_orders": prompt.get("default_orders") or {},
                            "choices": prompt.get("choices"),
                            "context": prompt.get("context") or {},
                            "deadline": step.deadline,
                        }
                    )
            if step.pk in mine:
                receipts.append(
                    {
                        "step": step.number,
                        "receipt": mine[step.pk].canonical_hash,
                        "submitted_at": mine[step.pk].submitted_at,
                        "source": mine[step.pk].source,
                        "final": step.completed_at is not None,
                    }
                )
    return {
        "id": game.pk,
        "name": presentation.game_title(game),
        "ruleset": game.ruleset,
        "ruleset_version": game.ruleset_version,
        "scenario": game.scenario,
        "options": game.options,
        "status": game.status,
        # Set when the game cannot go on ({"code", "en", "fr"}): docs/operations.md.
        "halted": game.halted_reason or None if game.halted_at else None,
        "role": role,
        "seats": [
            {"role": seat.role, "player": seat.player.get_username(), "missed_deadlines": seat.missed_deadlines,
             "status": seat.status, "offered": seat.offered_at is not None, "stand_in": seat.stand_in or None,
             "computer": seat.computer or None}
            for seat in game.seats.select_related("player").order_by("position")
        ],
        "summary": view_summary(view),
        "view": view,
        "open_steps": [{"step": s.number, "deadline": s.deadline, "roles": s.roles} for s in open_steps],
        "prompts": prompts,
        "receipts": receipts,
        "open_orders": open_orders_for(game=game, role=role),
        "dice_commitment": game.dice_commitment,
        "dice_seed_revealed": game.seed_revealed,
        # The seats' entropies in seat order: with the seed, what verify_rolls needs.
        "dice_entropies": (
            list(game.seats.order_by("position").values_list("entropy", flat=True)) if game.seed_revealed else None
        ),
        "outcome": game.outcome,
        "draw_offer": list(game.draw_offer or []),
        "public": game.public,
        "practice": game.practice,
        "state_version": game.state_version,
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
    }


def events_visible_to(*, game: Game, role: str | None, after: int | None = None) -> QuerySet[Event]:
    """The game's events this role may see (public ones only for an observer), by seq,
    each with its step's number (``step_number``). The step itself is not loaded: its
    row holds a whole position (``state_after``), which every event would parse again."""
    audience = Q(audience=Event.PUBLIC)
    if role is not None:
        audience |= Q(audience__contains=f",{role},")
    events = game.events.filter(audience).annotate(step_number=F("step__number")).order_by("seq")
    if after is not None:
        events = events.filter(seq__gt=after)
    return events


def event_as_dict(*, event: Event, game: Game) -> dict:
    """An event for output. While the game goes on, the value of a ``pick`` roll (a
    counter drawn from a bowl, perhaps a hidden stratagem; any roll ``Ruleset.roll_sealed``
    names, such as a game master's private roll) is withheld from the dice log:
    the engine's own events say what each role may know of the draw. After the game the
    seed is revealed and every roll can be checked (docs/dice.md). ``event``: one of
    ``events_visible_to``, which gives its step's number."""
    data = event.data
    if event.type == "dice" and game.seed_revealed is None:
        sealed = ruleset_for(game.ruleset).roll_sealed
        data = dict(data)
        data["rolls"] = [
            {**roll, "value": None, "sealed": True} if sealed(str(roll.get("purpose", ""))) else roll
            for roll in data.get("rolls", [])
        ]
    return {
        "seq": event.seq,
        "step": event.step_number if event.step_id else 0,  # annotated by events_visible_to
        "type": event.type,
        "data": data,
        "public": event.visible_to is None,
        "created_at": event.created_at,
        "ruleset": game.ruleset,  # so that a platform event names its seats (presentation.event_text)
        "options": game.options,  # and what each commands (Ruleset.role_title)
    }


def step_replay(*, game: Game, number: int, role: str | None) -> dict:
    """The view after step ``number`` for this role and that step's events it may see."""
    step = game.steps.filter(number=number, status=Step.Status.RESOLVED).first()
    if step is None:
        raise errors.StepNotFound(errors.StepNotFound.title)
    rs = ruleset_for(game.ruleset)
    events = events_visible_to(game=game, role=role).filter(step=step)
    from games import press

    messages = press.messages_visible_to(game=game, role=role).filter(step_number=step.number)
    return {
        "step": step.number,
        "resolved_at": step.resolved_at,
        "view": rs.view(step.state_after, role),
        "events": [event_as_dict(event=e, game=game) for e in events],
        # Table talk sent while this step was played, as this role may read it (none for
        # a spectator).
        "messages": [press.message_as_dict(m) for m in messages],
    }


def _computer_levels(rs) -> list[dict]:
    """The levels a computer player can sit at in ``rs`` (none where it cannot)."""
    from rules import computer

    if not computer.available(rs):
        return []
    return [{"id": name, "label": level.label.as_dict(), "help": level.help.as_dict(), "budget": level.budget}
            for name, level in computer.LEVELS.items()]


def rulesets_catalogue() -> list[dict]:
    """Every installed ruleset with its scenarios, options and roles per scenario."""
    import logging

    from rules.registry import KNOWN_SLUGS, UnknownRuleset, get_ruleset

    catalogue = []
    for slug in KNOWN_SLUGS:
        try:
            rs = get_ruleset(slug)
        except (ImportError, UnknownRuleset):
            logging.getLogger(__name__).exception("ruleset %s cannot be loaded", slug)
            continue
        options = rs.options()
        defaults = {option["id"]: option.get("default") for option in options}
        scenarios = rs.scenarios()
        catalogue.append(
            {
                "slug": rs.slug,
                "name": rs.name.as_dict(),
                "version": rs.version,
                "scenarios": scenarios,
                "options": options,
                "roles": {s["id"]: rs.roles(s["id"], defaults) for s in scenarios},
                "computer_levels": _computer_levels(rs),
            }
        )
    return catalogue


def game_replay(*, game: Game) -> dict:
    """Replay the log from the opening position: resolve every resolved step again with the
    order sets it used (or the prompt's default orders where none came) and the same dice,
    and compare each state with the hash stored when the step was resolved.

    A game carried over to a new version of its ruleset (docs/operations.md) is replayed
    from its last upgrade: the state before the step then open, carried over by the
    installed ruleset's migrations; the steps before it were played by an engine no
    longer installed (``"from_step"`` says where the replay began).

    Returns ``{"steps": n, "diverged_at": None or the first step that differs,
    "state_hash": the replayed final hash, "matches_current": bool, "from_step": n}``.
    Nothing is written.
    """
    ruleset = ruleset_for(game.ruleset)
    key = game.dice_key()
    state = copy.deepcopy(game.setup_state)
    steps = (
        game.steps.filter(status=Step.Status.RESOLVED)
        .order_by("number")
        .prefetch_related("order_sets__seat")
    )
    upgrade = game.events.filter(type="ruleset_upgraded").order_by("-seq").first()
    from_step = 1
    if upgrade is not None and upgrade.data.get("step"):
        from_step = upgrade.data["step"]
        before = game.steps.filter(number=from_step - 1).first()
        state, _notes = ruleset.upgrade_state(before.state_after if before else game.setup_state, upgrade.data["from"])
        steps = steps.filter(number__gte=from_step)
    replayed = 0
    for step in steps:
        used = {order_set.seat.role: order_set.orders for order_set in step.order_sets.all()}
        submissions: dict[str, dict] = {}
        for prompt in step.prompts:
            submissions.setdefault(prompt["role"], used.get(prompt["role"], prompt.get("default_orders") or {}))
        state, _events = ruleset.resolve(state, submissions, HmacDice(key, step.number))
        replayed += 1
        if state_hash(state) != step.state_after_hash:
            return {"steps": replayed, "diverged_at": step.number, "state_hash": state_hash(state),
                    "matches_current": False, "from_step": from_step}
    final = state_hash(state)
    return {"steps": replayed, "diverged_at": None, "state_hash": final,
            "matches_current": final == state_hash(game.state), "from_step": from_step}


def pause_state(*, game: Game) -> dict:
    """Whether the game stands still, and who asked: the game pauses when every seat still
    in it (not forfeited) has asked (services.pause_request)."""
    seats = list(game.seats.order_by("position").values("role", "status", "pause_requested_at"))
    in_game = [s for s in seats if s["status"] != Seat.Status.FORFEITED]
    return {
        "status": game.status,
        "paused": game.paused_at is not None,
        "paused_at": game.paused_at,
        "requested_by": [s["role"] for s in in_game if s["pause_requested_at"] is not None],
        "waiting_for": [] if game.paused_at else [s["role"] for s in in_game if s["pause_requested_at"] is None],
    }


def vacations_of(*, player) -> QuerySet:
    """The player's booked vacations (cancelled ones left out), soonest first."""
    return Vacation.objects.filter(player=player, cancelled_at__isnull=True).order_by("starts_at")


# -- player pages and the archive (docs/together.md) ---------------------------------------

OVER = (Game.Status.FINISHED, Game.Status.ABORTED)


def player_games(*, player, viewer) -> dict:
    """A player's games for their page, ``{"current": [...], "finished": [...]}``, each
    with the player's role and, once over, the result for them (won, lost, drawn,
    abandoned). Another viewer sees the public games and those they sit in too; the
    player (and staff) every one."""
    seats = Seat.objects.filter(player=player).select_related("game").order_by("-game_id")
    sees_all = viewer is not None and getattr(viewer, "is_authenticated", False) and (viewer.pk == player.pk or viewer.is_staff)
    if not sees_all:
        shared = Q(game__public=True)
        if viewer is not None and getattr(viewer, "is_authenticated", False):
            shared |= Q(game__seats__player=viewer)
        seats = seats.filter(shared).distinct()
    current, finished = [], []
    for seat in seats.defer("game__state", "game__setup_state"):
        game = seat.game
        row = {"id": game.pk, "name": presentation.game_title(game), "ruleset": game.ruleset, "scenario": game.scenario,
               "status": game.status, "role": seat.role, "public": game.public, "started_at": game.started_at, "finished_at": game.finished_at}
        if game.status in OVER:
            outcome = game.outcome or {}
            winner = outcome.get("winner")
            level = outcome.get("level")
            row["level"] = level
            row["result"] = ("abandoned" if game.status == Game.Status.ABORTED else
                             "won" if winner == seat.role else "drawn" if winner is None else "lost")
            row["archive"] = game.public or sees_all
            finished.append(row)
        else:
            current.append(row)
    return {"current": current, "finished": finished}


def game_archive(*, game: Game) -> dict:
    """A finished (or aborted) game as a document to download: its ruleset, version,
    scenario, options, seats, result, dice (commitment, seed, entropies: every roll can be
    checked, docs/dice.md) and its public log. Table talk and seat-only events are not in
    it."""
    if game.status not in OVER:
        raise errors.StepNotOpen("the game is not over", errors=[{
            "code": "archive.not_over", "path": "",
            "message": {"en": "A game is archived once it is over.", "fr": "Une partie est archivée une fois finie."}}])
    events = events_visible_to(game=game, role=None)
    return {
        "format": "cursus-game-archive/1",
        "id": game.pk,
        "name": presentation.game_title(game),
        "ruleset": game.ruleset,
        "ruleset_version": game.ruleset_version,
        "scenario": game.scenario,
        "options": game.options,
        "status": game.status,
        "seats": [{"role": s.role, "player": s.player.get_username(), "status": s.status}
                  for s in game.seats.select_related("player").order_by("position")],
        "outcome": game.outcome,
        "created_at": game.created_at.isoformat(),
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "dice": {"commitment": game.dice_commitment, "seed": game.seed_revealed,
                 "entropies": list(game.seats.order_by("position").values_list("entropy", flat=True))},
        "events": [{**{k: v for k, v in event_as_dict(event=e, game=game).items() if k != "options"},
                    "created_at": e.created_at.isoformat()} for e in events],
    }


def archive_list(*, ruleset: str | None = None, limit: int = 100, before: int | None = None) -> list[dict]:
    """Finished public games, newest first, with their seats and result: the public
    archive (each downloads as ``game_archive``)."""
    games = Game.objects.filter(public=True, status__in=OVER).defer(*GAME_HEAVY_FIELDS).order_by("-finished_at", "-id")
    if ruleset:
        games = games.filter(ruleset=ruleset)
    if before:
        games = games.filter(id__lt=before)
    games = list(games.prefetch_related("seats__player")[:limit])
    return [{"id": g.pk, "name": presentation.game_title(g), "ruleset": g.ruleset, "scenario": g.scenario, "status": g.status,
             "finished_at": g.finished_at,
             "outcome": g.outcome,
             "seats": [{"role": s.role, "player": s.player.get_username()} for s in sorted(g.seats.all(), key=lambda s: s.position)]}
            for g in games]


def open_orders_for(*, game: Game, role: str | None) -> list[dict]:
    """The sealed order sets of the open step that ``role`` may read before the step
    closes, where the ruleset says so (``Ruleset.reads_open_orders``: a game master who
    reads orders as they come); empty otherwise. One entry per prompted seat, sent or not:
    ``{"role", "sent", "submitted_at", "text"}``."""
    if role is None or game.state is None or game.status != Game.Status.ACTIVE:
        return []
    rs = ruleset_for(game.ruleset)
    if not rs.reads_open_orders(game.state, role):  # a question: the contract's methods never change the state
        return []
    out = []
    for step in game.steps.filter(status=Step.Status.OPEN).order_by("number"):
        sent = {o.seat.role: o for o in OrderSet.objects.filter(step=step).select_related("seat")}
        for prompted in step.roles:
            if prompted == role:
                continue
            order_set = sent.get(prompted)
            out.append({"role": prompted, "step": step.number, "sent": order_set is not None,
                        "submitted_at": order_set.submitted_at if order_set else None,
                        "text": rs.format_orders(order_set.orders) if order_set else ""})
    return out
