"""Writes of the tournaments app: keyword-only functions, each in one transaction.
Games are created and changed only through ``games.services`` and ``games.overrides``."""

from __future__ import annotations

import copy
import inspect
import logging
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone, translation
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from games import bidi, dispatch, press
from games import overrides as game_overrides
from games import services as game_services
from games.errors import GameError
from games.models import Game, Seat
from rules.base import Outcome
from tournaments import errors, glicko2, pairing as pairing_algo, selectors
from tournaments import standings as standings_mod
from tournaments.models import TIEBREAKS, AuditEntry, Entry, Invitation, Pairing, Rating, Round, Tournament
from tournaments.signals import tournament_paired

logger = logging.getLogger(__name__)

ROLES = ["PRIMUS", "SECONDUS"]
#: Levels only an organiser gives (no score makes them): beside the ruleset's own
#: ``Ruleset.victory_levels()``.
ORGANISER_LEVELS = ("forfeit", "adjudicated")


def result_levels(ruleset: str) -> list[dict]:
    """The levels an organiser may give a result in this ruleset: the ruleset's own
    (``Ruleset.victory_levels``), then ``forfeit`` and ``adjudicated``; each
    ``{"id", "label": {"en", "fr"}}``."""
    return [*game_services.ruleset_for(ruleset).victory_levels(),
            {"id": "forfeit", "label": {"en": "forfeit", "fr": "forfait"}},
            {"id": "adjudicated", "label": {"en": "adjudicated by the organiser", "fr": "arbitrée par l'organisateur"}}]


def _label(levels: list[dict], level: str):
    """A level's label in the active language, lazily (an error message is rendered in
    English and in French)."""
    labels = next((lv["label"] for lv in levels if lv["id"] == level), {"en": level, "fr": level})
    return lazy(lambda: labels.get((translation.get_language() or "en")[:2], labels["en"]), str)()


def _result_words(levels: list[dict], winner: str | None, level: str):
    if winner is None:
        return _label(levels, level)
    return format_lazy(_("{level} for {winner}"), level=_label(levels, level), winner=winner)


# -- helpers ----------------------------------------------------------------------------


def _require_organiser(tournament: Tournament, user) -> None:
    if not selectors.is_organiser(tournament=tournament, user=user):
        raise errors.NotOrganiser()


def _audit(*, tournament: Tournament, actor, action: str, pairing: Pairing | None = None, reason: str = "", data: dict | None = None) -> AuditEntry:
    entry = AuditEntry(tournament=tournament, actor=actor, action=action, pairing=pairing, reason=reason or "", data=data or {})
    entry.save()
    return entry


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _validated_policy(deadline_policy: dict | None, step_hours: int) -> dict:
    """The games deadline policy, validated by games.deadlines when it is installed."""
    policy = dict(deadline_policy or {})
    try:
        from games.deadlines import DeadlinePolicy, PolicyInvalid
    except ImportError:  # the games deadline policy is not there yet: only step_hours
        if policy:
            raise errors.InvalidTournament(_("Deadline policies are not supported by this server."), path="/deadline_policy")
        return {}
    try:
        return DeadlinePolicy.from_dict({**policy, "step_hours": step_hours}).as_dict()
    except PolicyInvalid as exc:
        raise errors.InvalidTournament(str(exc), path="/deadline_policy") from None


def _game_create_kwargs(tournament: Tournament) -> dict:
    # A tournament's games are public: anyone may watch them (docs/together.md).
    kwargs = {"step_hours": tournament.step_hours, "public": True}
    if tournament.deadline_policy and "deadline_policy" in inspect.signature(game_services.game_create).parameters:
        kwargs["deadline_policy"] = tournament.deadline_policy
    return kwargs


# -- tournaments and registration --------------------------------------------------------


@transaction.atomic
def tournament_create(
    *,
    created_by,
    name: str,
    ruleset: str,
    scenario: str,
    options: dict | None = None,
    system: str = Tournament.System.SWISS,
    rounds_planned: int = 5,
    pool_size: int = 8,
    registration: str = Tournament.Registration.OPEN,
    min_rating: float | None = None,
    min_reliability: float | None = None,
    max_players: int | None = None,
    rated: bool = True,
    step_hours: int = 72,
    deadline_policy: dict | None = None,
    scoring: dict | None = None,
    tiebreaks: list[str] | None = None,
    organisers: list | None = None,
    table_size: int | None = None,
    referee=None,
    place_points: list | None = None,
) -> Tournament:
    """Create a tournament in registration; its creator (and ``organisers``) run it.

    Its games seat ``table_size`` players: the ruleset's roles for the scenario and
    options, less its referee roles (``Ruleset.referee_roles``: a game master). When the
    options given seat another number, the one option the organiser left unset whose
    choice seats that many is set (a ``players`` option, say); a size no choice seats is
    refused, naming the sizes the ruleset can seat. The referee roles of every game are
    held by ``referee`` (an account), by default the creator. A cooperative game (every
    seat wins or loses together) cannot be a tournament."""
    if bidi.has_bidi(name):
        raise errors.InvalidTournament(
            _("The name holds an invisible direction control character that can make it read otherwise than it is: "
              "remove it."), path="/name", code="text.bidi_control")
    rs = game_services.ruleset_for(ruleset)
    if scenario not in [s["id"] for s in rs.scenarios()]:
        raise errors.InvalidTournament(_("Unknown scenario for this ruleset."), path="/scenario")
    raw_options = dict(options or {})
    try:
        options = game_services._validated_options(rs, raw_options)
    except GameError as exc:
        raise errors.InvalidTournament(str(exc.detail), path="/options") from None
    if rs.cooperative:
        raise errors.InvalidTournament(
            _("Its players win or lose together against the game: a tournament needs players who play against each other."),
            path="/scenario")
    current = len(_playing_roles(rs, scenario, options))
    if table_size is None:
        table_size = current
    elif table_size != current:
        seated = _table_options(rs, scenario, raw_options)
        if table_size not in seated:
            sizes = ", ".join(str(n) for n in sorted(seated))
            raise errors.TableSizeUnseatable(
                format_lazy(_("{ruleset} cannot seat {size} players at a table with these options: it seats {sizes}."),
                            ruleset=_ruleset_name(rs), size=table_size, sizes=sizes),
                path="/table_size")
        options = seated[table_size]
    if table_size < 2:
        raise errors.TableSizeUnseatable(_("A tournament game needs at least two players."), path="/table_size")
    place_points = _validated_place_points(place_points, table_size)
    referees = rs.referee_roles(scenario, options)
    if referee is not None and not referees:
        raise errors.InvalidTournament(_("This game has no game master to name."), path="/referee")
    if len(referees) > 1:
        raise errors.InvalidTournament(_("A tournament seats one game master per game: this game has several referee roles."),
                                       path="/ruleset")
    if referees and referee is None:
        referee = created_by
    tiebreaks = list(tiebreaks if tiebreaks is not None else ["sonneborn_berger", "head_to_head", "vp_difference"])
    for index, key in enumerate(tiebreaks):
        if key not in TIEBREAKS:
            raise errors.InvalidTournament(_("Unknown tie-break."), path=f"/tiebreaks/{index}")
    if min_reliability is not None and not 0 <= min_reliability <= 1:
        raise errors.InvalidTournament(_("Reliability is a fraction between 0 and 1."), path="/min_reliability")
    policy = _validated_policy(deadline_policy, step_hours)
    if policy.get("computer_after"):
        from rules import computer

        if not computer.available(rs):  # its games could not be created
            raise errors.InvalidTournament(
                _("No computer player can sit in this ruleset yet: choose another rung of the missed-turn ladder."),
                path="/deadline_policy/computer_after")
    fields = {}
    for key, value in (scoring or {}).items():
        if key not in SCORING_FIELDS:
            raise errors.InvalidTournament(_("Unknown scoring setting."), path=f"/scoring/{key}")
        fields[SCORING_FIELDS[key]] = Decimal(str(value))
    if table_size > 2 and "bye_points" not in fields:
        # A bye is worth a win, as at two (the first place's points).
        fields["bye_points"] = (place_points or [Decimal(table_size - 1)])[0]
    tournament = Tournament.objects.create(
        name=name,
        ruleset=rs.slug,
        scenario=scenario,
        options=options,
        created_by=created_by,
        system=system,
        rounds_planned=rounds_planned,
        pool_size=pool_size,
        registration=registration,
        min_rating=min_rating,
        min_reliability=min_reliability,
        max_players=max_players,
        rated=rated,
        step_hours=step_hours,
        deadline_policy=policy,
        tiebreaks=tiebreaks,
        table_size=table_size,
        referee=referee if referees else None,
        place_points=[str(v) for v in place_points],
        **fields,
    )
    tournament.organisers.add(created_by, *(organisers or []))
    return tournament


def _ruleset_name(rs):
    """The ruleset's name in the active language, lazily (errors are rendered twice)."""
    return lazy(lambda: getattr(rs.name, (translation.get_language() or "en")[:2], rs.name.en), str)()


def _playing_roles(rs, scenario: str, options: dict) -> list[str]:
    """The roles players sit in: every role less the referee roles."""
    referees = set(rs.referee_roles(scenario, options))
    return [role for role in rs.roles(scenario, options) if role not in referees]


def _table_options(rs, scenario: str, raw_options: dict) -> dict[int, dict]:
    """Table size -> the validated options that seat it: the options given, then each
    choice of each option the organiser left unset (the contract names the seats; the
    platform names no option)."""
    candidates = [dict(raw_options)]
    for spec in rs.options():
        if spec["id"] in raw_options:
            continue
        for choice in spec.get("choices") or []:
            candidates.append({**raw_options, spec["id"]: choice})
    seated: dict[int, dict] = {}
    for candidate in candidates:
        try:
            validated = game_services._validated_options(rs, candidate)
            size = len(_playing_roles(rs, scenario, validated))
        except (GameError, ValueError, KeyError, TypeError):
            continue
        seated.setdefault(size, validated)
    return seated


def _validated_place_points(place_points: list | None, table_size: int) -> list[Decimal]:
    """Points per place, first place first: one per place, not increasing; none at a
    table of two (a win, a draw, a loss score there)."""
    if not place_points:
        return []
    if table_size <= 2:
        raise errors.InvalidTournament(_("Points per place are for tables of three or more: at two, set win, draw and loss."),
                                       path="/place_points")
    if len(place_points) != table_size:
        raise errors.InvalidTournament(
            format_lazy(_("Give one number of points per place: {size} at a table of {size}."), size=table_size),
            path="/place_points")
    values = []
    for index, value in enumerate(place_points):
        try:
            values.append(Decimal(str(value)))
        except ArithmeticError:
            raise errors.InvalidTournament(_("Points are numbers."), path=f"/place_points/{index}") from None
        if not values[-1].is_finite() or abs(values[-1]) >= 10_000:
            raise errors.InvalidTournament(_("Points are numbers."), path=f"/place_points/{index}")
    if any(later > earlier for earlier, later in zip(values, values[1:])):
        raise errors.InvalidTournament(_("A place never scores more than the place before it."), path="/place_points")
    return values


#: Keys of the ``scoring`` dict accepted by tournament_create, and their columns.
SCORING_FIELDS = {
    "win": "win_points",
    "draw": "draw_points",
    "loss": "loss_points",
    "decisive_bonus": "decisive_bonus",
    "definitive_bonus": "definitive_bonus",
    "vp_difference": "vp_difference_points",
    "bye": "bye_points",
}


@transaction.atomic
def tournament_invite(*, tournament: Tournament, by, players: list) -> list[Invitation]:
    _require_organiser(tournament, by)
    return [Invitation.objects.get_or_create(tournament=tournament, player=player)[0] for player in players]


@transaction.atomic
def entry_register(*, tournament: Tournament, player) -> Entry:
    """Register a player: open registration, an invitation, or the entry gate (a rating
    in the ruleset and a reliability at least the tournament's minimums)."""
    tournament = _lock(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise errors.RegistrationClosed()
    if tournament.entries.filter(player=player).exists():
        raise errors.AlreadyRegistered()
    if tournament.referee_id is not None and tournament.referee_id == player.pk:
        raise errors.NotEligible(_("You are the game master of this tournament's games: you cannot also play in them."))
    if tournament.max_players and tournament.entries.count() >= tournament.max_players:
        raise errors.RegistrationClosed(_("The tournament is full."))
    rating = selectors.rating_of(player=player, ruleset=tournament.ruleset)
    if tournament.registration == Tournament.Registration.INVITATION:
        if not tournament.invitations.filter(player=player).exists():
            raise errors.NotEligible(_("This tournament is by invitation only."))
    elif tournament.registration == Tournament.Registration.GATED:
        if tournament.min_rating is not None and rating["rating"] < tournament.min_rating:
            raise errors.NotEligible(_("Your rating is below this tournament's minimum."), path="/rating")
        reliability = selectors.reliability_of(player=player)["reliability"]
        if tournament.min_reliability is not None and reliability is not None and reliability < tournament.min_reliability:
            raise errors.NotEligible(_("Your reliability is below this tournament's minimum."), path="/reliability")
    return Entry.objects.create(tournament=tournament, player=player, seed_rating=rating["rating"])


# -- pairing -----------------------------------------------------------------------------


def _history(tournament: Tournament, entries: list[Entry]) -> dict[int, pairing_algo.Player]:
    players = {e.pk: pairing_algo.Player(id=e.pk, rating=e.seed_rating) for e in entries}
    rows = selectors.standings_rows(tournament=tournament)
    for row in rows:
        if row.entry in players:
            players[row.entry].score = float(row.points)
    for p in Pairing.objects.filter(tournament=tournament).order_by("round__number", "board"):
        if p.secundus_id is None:
            if p.primus_id in players:
                players[p.primus_id].had_bye = True
            continue
        for mine, other, colour in ((p.primus_id, p.secundus_id, pairing_algo.PRIMUS), (p.secundus_id, p.primus_id, pairing_algo.SECONDUS)):
            if mine in players:
                players[mine].opponents.add(other)
                players[mine].colours.append(colour)
    return players


def _table_history(tournament: Tournament, entries: list[Entry]) -> dict[int, pairing_algo.Seated]:
    """Each active player as the table algorithms see them: score, seed rating, the
    players met (and how often), the seat of each game, the byes."""
    players = {e.pk: pairing_algo.Seated(id=e.pk, rating=e.seed_rating) for e in entries}
    for row in selectors.standings_rows(tournament=tournament):
        if row.entry in players:
            players[row.entry].score = float(row.points)
    for p in Pairing.objects.filter(tournament=tournament).order_by("round__number", "board").values(
            "round__number", "primus_id", "secundus_id", "seats"):
        table = [entry for _role, entry in (p["seats"] or ())]
        if not table and p["secundus_id"] is None:
            if p["primus_id"] in players:
                players[p["primus_id"]].byes += 1
                players[p["primus_id"]].last_bye = p["round__number"]
            continue
        pairing_algo.record_table(players, table or [p["primus_id"], p["secundus_id"]])
    return players


def _pair_two(tournament: Tournament, entries: list[Entry], number: int) -> tuple[list[list[int]], list[int], list[Entry]]:
    """Tables of two: Swiss with colours, or the pools' Berger tables (unchanged)."""
    if tournament.system == Tournament.System.SWISS:
        if number > tournament.rounds_planned:
            raise errors.PairingError(_("Every planned round has been paired."))
        if Pairing.objects.filter(tournament=tournament, result__isnull=True).exists():
            raise errors.PairingError(_("Every game of the previous round needs a result first."))
        try:
            paired = pairing_algo.swiss_round(list(_history(tournament, entries).values()), number)
        except pairing_algo.PairingImpossible:
            raise errors.PairingError(_("No pairing avoids a repeat and keeps colours balanced.")) from None
        return [list(pair) for pair in paired.pairs], list(paired.byes), entries
    if number == 1:
        pools = pairing_algo.pools_by_seed([e.pk for e in entries], tournament.pool_size)
        for index, pool in enumerate(pools, start=1):
            Entry.objects.filter(pk__in=pool).update(pool=index)
    # Each pool's Berger table is that of its players as dealt in round 1, withdrawn
    # ones included, so that a withdrawal never reshuffles the schedule (no repeat, no
    # pair missed): a game against a withdrawn player is a bye for the other, worth
    # the same as an odd pool's bye (the tournament's bye_points).
    roster = list(tournament.entries.filter(pool__isnull=False).select_related("player").order_by("-seed_rating", "id"))
    active = {e.pk for e in entries}
    largest = max(len([e for e in roster if e.pool == pool]) for pool in {e.pool for e in roster})
    cycle = largest - 1 if largest % 2 == 0 else largest
    if number > max(tournament.rounds_planned, 1) or number > cycle * 2:
        raise errors.PairingError(_("Every planned round has been paired."))
    pairs, byes = [], []
    for pool in sorted({e.pool for e in roster}):
        paired = pairing_algo.round_robin_round([e.pk for e in roster if e.pool == pool], number)
        for primus_id, secundus_id in paired.pairs:
            if primus_id in active and secundus_id in active:
                pairs.append([primus_id, secundus_id])
            else:
                byes += [i for i in (primus_id, secundus_id) if i in active]
        byes += [i for i in paired.byes if i in active]
    return pairs, byes, roster


def _pair_tables(tournament: Tournament, entries: list[Entry], number: int) -> tuple[list[list[int]], list[int], list[Entry]]:
    """Tables of three or more (docs/tournaments.md, "Tables of three or more"): Swiss
    (tournaments.pairing.swiss_tables) or the pools' schedules of tables
    (round_robin_tables); a table that would seat a withdrawn player is a bye for the
    others, as at two."""
    size = tournament.table_size
    if number > max(tournament.rounds_planned, 1):
        raise errors.PairingError(_("Every planned round has been paired."))
    if tournament.system == Tournament.System.SWISS:
        if Pairing.objects.filter(tournament=tournament, result__isnull=True).exists():
            raise errors.PairingError(_("Every game of the previous round needs a result first."))
        paired = pairing_algo.swiss_tables(list(_table_history(tournament, entries).values()), size, number)
        return paired.tables, paired.byes, entries
    if number == 1:
        pools = pairing_algo.pools_for_tables([e.pk for e in entries], tournament.pool_size, size)
        for index, pool in enumerate(pools, start=1):
            Entry.objects.filter(pk__in=pool).update(pool=index)
    roster = list(tournament.entries.filter(pool__isnull=False).select_related("player").order_by("-seed_rating", "id"))
    active = {e.pk for e in entries}
    tables, byes = [], []
    for pool in sorted({e.pool for e in roster}):
        paired = pairing_algo.round_robin_tables([e.pk for e in roster if e.pool == pool], size, number)
        for table in paired.tables:
            if all(entry in active for entry in table):
                tables.append(table)
            else:
                byes += [entry for entry in table if entry in active]
        byes += [entry for entry in paired.byes if entry in active]
    return tables, byes, roster


def _table_game(tournament: Tournament, seats: list[tuple[str, Entry]], kwargs: dict) -> Game:
    """The game of one table: its players in their seats and, when the ruleset has a
    referee role, the tournament's game master in it (who then creates the game)."""
    referee_roles = selectors.referee_roles(tournament)
    joining = [(entry.player, role) for role, entry in seats]
    if referee_roles:
        creator, role = tournament.referee or tournament.created_by, referee_roles[0]
    else:
        (creator, role), joining = joining[0], joining[1:]
    game = game_services.game_create(
        ruleset=tournament.ruleset, scenario=tournament.scenario, options=copy.deepcopy(tournament.options),
        created_by=creator, role=role, **kwargs,
    )
    for player, seat_role in joining:
        game_services.game_join(game=game, player=player, role=seat_role)
    return game


@transaction.atomic
def round_pair_next(*, tournament: Tournament, by) -> Round:
    """Pair the next round, create its games (each player's turn email goes out as the
    game's first step opens) and record byes. Swiss waits for every result of the round
    before; round robin rounds may run side by side. Tables of two pair with colours
    (PRIMUS, SECONDUS), tables of three or more with seats (docs/tournaments.md)."""
    _require_organiser(tournament, by)
    tournament = _lock(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise errors.PairingError(_("The tournament is over."))
    number = (tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    entries = list(tournament.entries.filter(status=Entry.Status.ACTIVE).select_related("player").order_by("-seed_rating", "id"))
    size = tournament.table_size or 2
    if len(entries) < 2:
        raise errors.PairingError(_("At least two players are needed."))
    if len(entries) < size:
        raise errors.PairingError(format_lazy(_("A table seats {size} players: at least {size} are needed."), size=size))
    referee = tournament.referee_id and selectors.referee_roles(tournament)
    if referee and any(e.player_id == tournament.referee_id for e in entries):
        raise errors.PairingError(_("The game master of this tournament's games is registered as a player: withdraw "
                                    "them or name another game master."), path="/referee")
    if size == 2:
        tables, byes, entries = _pair_two(tournament, entries, number)
    else:
        tables, byes, entries = _pair_tables(tournament, entries, number)
    by_id = {e.pk: e for e in entries}
    roles = selectors.playing_roles(tournament)
    locked = selectors.press_locked(tournament=tournament)  # the previous round's, before this one exists
    round_row = Round.objects.create(tournament=tournament, number=number)
    kwargs = _game_create_kwargs(tournament)
    board = 0
    for table in tables:
        board += 1
        seats = [(role, by_id[entry_id]) for role, entry_id in zip(roles, table)]
        game = _table_game(tournament, seats, kwargs)
        if locked:
            press.press_lock(game=game, locked=True, by=by, organiser=True)
        game.refresh_from_db()
        Pairing.objects.create(
            tournament=tournament, round=round_row, board=board, primus=seats[0][1], secundus=seats[1][1], game=game,
            seats=[[role, entry.pk] for role, entry in seats], live_vp=selectors.live_vp(game=game),
        )
    for bye_id in byes:
        board += 1
        Pairing.objects.create(
            tournament=tournament, round=round_row, board=board, primus=by_id[bye_id], secundus=None,
            result={"winner": "PRIMUS", "level": "bye", "scores": {}}, result_source=Pairing.ResultSource.BYE,
        )
    if tournament.status == Tournament.Status.REGISTRATION:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    data = {"round": number, "games": len(tables), "byes": [by_id[b].player.get_username() for b in byes]}
    if size > 2:
        data["tables"] = [[by_id[entry_id].player.get_username() for entry_id in table] for table in tables]
    _audit(tournament=tournament, actor=by, action=AuditEntry.Action.ROUND_PAIRED, data=data)
    tournament_id = tournament.pk
    transaction.on_commit(
        lambda: tournament_paired.send(sender=Tournament, tournament_id=tournament_id, round_number=number), robust=True
    )
    return round_row


# -- results from the games ----------------------------------------------------------------


@transaction.atomic
def pairing_refresh_from_game(*, game_id: int) -> Pairing | None:
    """Called when a step opens or a game ends: refresh the pairing's live VP, and take
    the engine's outcome as the result unless the organiser decided one. Idempotent."""
    pairing = Pairing.objects.select_for_update().filter(game_id=game_id).first()
    if pairing is None:
        return None
    game = Game.objects.defer("setup_state").get(pk=game_id)
    pairing.live_vp = selectors.live_vp(game=game)
    fields = ["live_vp"]
    if game.status == Game.Status.FINISHED and pairing.result is None and game.outcome:
        pairing.result = _result_from_outcome(game.outcome, game=game, seats=pairing.seats)
        pairing.result_source = Pairing.ResultSource.ENGINE
        fields += ["result", "result_source"]
    pairing.save(update_fields=fields)
    if pairing.result is not None:
        _rate(pairing)
    _maybe_finish(pairing.tournament)
    tournament_id = pairing.tournament_id
    # The changed standings rendered by a worker before a reader asks (fragments.warm).
    dispatch.after_commit(dispatch.WARM_STANDINGS, tournament_id)
    return pairing


def _result_from_outcome(outcome: dict, *, game: Game | None = None, seats: list | None = None) -> dict:
    """The result a pairing keeps from the game's outcome; at a table of three or more
    also each seat's place, as the ruleset ranks them (``Ruleset.placings``)."""
    result = {"winner": outcome.get("winner"), "level": outcome.get("level") or "", "scores": dict(outcome.get("scores") or {})}
    if game is not None and seats and len(seats) > 2:
        roles = [role for role, _entry in seats]
        rs = game_services.ruleset_for(game.ruleset)
        groups = rs.placings(Outcome(winner=result["winner"], scores=result["scores"], level=result["level"],
                                     detail=dict(outcome.get("detail") or {})), roles)
        result["places"] = standings_mod.places_from_groups([[r for r in g if r in roles] for g in groups])
    return result


def _maybe_finish(tournament: Tournament) -> None:
    """A tournament whose last planned round is paired and fully scored is finished."""
    tournament = Tournament.objects.get(pk=tournament.pk)
    if tournament.status != Tournament.Status.RUNNING:
        return
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    if last >= tournament.rounds_planned and not tournament.pairings.filter(result__isnull=True).exists():
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])


def pairwise_scores(result: dict, roles: list[str]) -> dict[tuple[str, str], float]:
    """A game's result as pairwise results, ``(role, other) -> score`` (1 finished
    ahead, ½ level, 0 behind): at two, the winner beat the loser (no winner: a draw); at
    three or more, by the places (``standings.places_of``)."""
    if len(roles) == 2:
        winner = result.get("winner")
        a, b = roles
        score = 0.5 if winner not in roles else (1.0 if winner == a else 0.0)
        return {(a, b): score, (b, a): 1.0 - score}
    places = standings_mod.places_of(result, roles)
    return {(r, o): (1.0 if places[r] < places[o] else 0.5 if places[r] == places[o] else 0.0)
            for r in roles for o in roles if r != o}


def _rate(pairing: Pairing) -> None:
    """Glicko-2, once per rated game, as one rating period for each player: their
    results against each other player of the table (two: the one opponent), each
    opponent taken at their rating from before the game. A table of three or more is
    read as pairwise results (finishing ahead of a player is a win against them, level a
    draw): docs/tournaments.md, "Ratings". Forfeits, byes, practice games and games a
    computer sat in are not rated."""
    tournament = pairing.tournament
    if (
        not tournament.rated
        or pairing.rated_at is not None
        or pairing.secundus_id is None
        or pairing.result_source not in (Pairing.ResultSource.ENGINE, Pairing.ResultSource.ORGANISER)
        # The games deadline ladder ends a game by forfeit too (level "forfeit").
        or (pairing.result or {}).get("level") == "forfeit"
        # A practice game against the computer is never rated, nor one a computer player
        # sat in for good (docs/computer.md).
        or (pairing.game_id is not None and Game.objects.filter(pk=pairing.game_id, practice=True).exists())
        or (pairing.game_id is not None and Seat.objects.filter(game_id=pairing.game_id).exclude(computer="").exists())
    ):
        return
    seats = [(role, entry) for role, entry in (pairing.seats or ())] or [
        ("PRIMUS", pairing.primus_id), ("SECONDUS", pairing.secundus_id)]
    entries = {e.pk: e for e in Entry.objects.filter(pk__in=[entry for _role, entry in seats]).select_related("player")}
    players = {role: entries[entry].player for role, entry in seats}
    for player in players.values():
        Rating.objects.get_or_create(player=player, ruleset=tournament.ruleset)
    rows = {
        r.player_id: r
        for r in Rating.objects.select_for_update().filter(ruleset=tournament.ruleset, player__in=players.values())
    }
    now = timezone.now()
    # Each player's rating as it stands now: widened by Glickman's step for every whole
    # rating period since their last rated game (selectors.current_rating).
    before = {role: selectors.current_rating(rows[p.pk], now=now)[0] for role, p in players.items()}
    roles = [role for role, _entry in seats]
    scores = pairwise_scores(pairing.result, roles)
    for role, player in players.items():
        after = glicko2.update(before[role], [(before[other], scores[(role, other)]) for other in roles if other != role])
        row = rows[player.pk]
        row.rating, row.rd, row.volatility = after.rating, after.rd, after.volatility
        row.games += 1
        row.last_rated_at = now
        row.save()
    pairing.rated_at = timezone.now()
    pairing.save(update_fields=["rated_at"])


# -- the organiser console ----------------------------------------------------------------


def _pairing_for_update(tournament: Tournament, pairing_id: int) -> Pairing:
    pairing = Pairing.objects.select_for_update().filter(tournament=tournament, pk=pairing_id).first()
    if pairing is None:
        raise errors.InvalidOverride(_("No such pairing in this tournament."), path="/pairing")
    return pairing


def _end_game(pairing: Pairing, result: dict, reason: str) -> None:
    if pairing.game_id is None:
        return
    game = Game.objects.get(pk=pairing.game_id)
    if game.status in (Game.Status.ACTIVE, Game.Status.OPEN):
        game_overrides.game_end_by_decision(
            game=game, outcome={**result, "detail": {"decided_by": "organiser"}}, reason=reason
        )


def _seat_roles(pairing: Pairing) -> list[str]:
    """The roles of a pairing's players, in seat order (none for a bye)."""
    if pairing.seats:
        return [role for role, _entry in pairing.seats]
    return [] if pairing.secundus_id is None else list(ROLES)


def _entry_of(pairing: Pairing, role: str) -> Entry:
    entry_id = dict((r, e) for r, e in (pairing.seats or ())).get(role)
    if entry_id is None:
        return pairing.primus if role == ROLES[0] else pairing.secundus
    return Entry.objects.select_related("player").get(pk=entry_id)


def _roles_text(roles: list[str]) -> str:
    return ", ".join(roles)


@transaction.atomic
def pairing_forfeit(*, tournament: Tournament, pairing_id: int, by, loser: str, reason: str = "") -> Pairing:
    """Adjudicate a forfeit: ``loser`` (one of the table's seats) loses, the game ends.
    Not rated. At a table of three or more the forfeiting seat takes the last place and
    the others share the first (docs/tournaments.md)."""
    _require_organiser(tournament, by)
    pairing = _pairing_for_update(tournament, pairing_id)
    roles = _seat_roles(pairing)
    if not roles:
        raise errors.InvalidOverride(_("A bye has no game to forfeit."), path="/pairing")
    if loser not in roles:
        raise errors.InvalidOverride(format_lazy(_("The loser is one of the table's seats: {roles}."), roles=_roles_text(roles)),
                                     path="/loser")
    before = pairing.result
    if len(roles) == 2:
        result = {"winner": roles[1] if loser == roles[0] else roles[0], "level": "forfeit", "scores": {}}
    else:
        result = {"winner": None, "level": "forfeit", "scores": {},
                  "places": {role: (len(roles) if role == loser else 1) for role in roles}}
    pairing.result, pairing.result_source = result, Pairing.ResultSource.FORFEIT
    pairing.save(update_fields=["result", "result_source"])
    _end_game(pairing, result, reason)
    _audit(
        tournament=tournament, actor=by, action=AuditEntry.Action.FORFEIT, pairing=pairing, reason=reason,
        data={"round": pairing.round.number, "board": pairing.board, "loser": loser,
              "player": _entry_of(pairing, loser).player.get_username(),
              "before": before, "after": result},
    )
    _maybe_finish(tournament)
    return pairing


def _validated_places(places: dict, roles: list[str], winner: str | None) -> dict[str, int]:
    """Places given by hand: every seat a place from 1, a shared place repeated and the
    places it spans skipped (1, 2, 2, 4); a winner alone in first place."""
    if set(places) != set(roles) or not all(isinstance(v, int) and not isinstance(v, bool) for v in places.values()):
        raise errors.InvalidOverride(
            format_lazy(_("Give every seat its place (a whole number from 1): {roles}."), roles=_roles_text(roles)),
            path="/places")
    for role in roles:
        if places[role] != 1 + sum(1 for other in roles if places[other] < places[role]):
            raise errors.InvalidOverride(
                _("Places run 1, 2, 3…; players sharing a place take the same number and the next place skips as many "
                  "(1, 2, 2, 4)."), path=f"/places/{role}")
    if winner is not None and [r for r in roles if places[r] == 1] != [winner]:
        raise errors.InvalidOverride(_("The winner is alone in first place."), path="/places")
    if winner is None and len([r for r in roles if places[r] == 1]) < 2:
        raise errors.InvalidOverride(_("A result without a winner has a shared first place."), path="/places")
    return {role: places[role] for role in roles}


@transaction.atomic
def pairing_result_adjust(
    *, tournament: Tournament, pairing_id: int, by, winner: str | None, level: str, scores: dict | None = None,
    reason: str = "", override: bool = False, places: dict | None = None,
) -> Pairing:
    """Set or correct a game's result (an adjudication, a correction). A running game
    ends with it; an unrated result is rated once (a later correction does not re-rate).

    A level of the ruleset's own (``Ruleset.victory_levels``: SV 10.3's marginal,
    decisive, definitive, a draw) must be the one the rules give these scores
    (``Ruleset.result_from_scores``): a "definitive" win at 10-9 VP is refused, naming
    the level the scores give. The organiser may set it anyway with ``override`` and a
    reason: the audit trail records it as an override (``result_overridden``) beside the
    result the rules gave. ``forfeit`` and ``adjudicated`` are the organiser's own levels,
    which no score makes and which earn no bonus.

    At a table of three or more every seat has a place: ``places`` given by hand, or as
    the ruleset ranks the winner and the scores (``Ruleset.placings``); places the rules
    do not give, with a level of the ruleset's, are an override like a level."""
    _require_organiser(tournament, by)
    pairing = _pairing_for_update(tournament, pairing_id)
    roles = _seat_roles(pairing)
    if not roles:
        raise errors.InvalidOverride(_("A bye has no result to adjust."), path="/pairing")
    if winner is not None and winner not in roles:
        raise errors.InvalidOverride(
            format_lazy(_("The winner is one of the table's seats ({roles}), or null for a draw."), roles=_roles_text(roles)),
            path="/winner")
    levels = result_levels(tournament.ruleset)
    if level not in [lv["id"] for lv in levels]:
        raise errors.InvalidOverride(_("Unknown victory level."), path="/level")
    if (winner is None) != (level == "draw") and not (len(roles) > 2 and level in ORGANISER_LEVELS):
        raise errors.InvalidOverride(_("A draw has no winner and a win is not a draw."), path="/level")
    scores = dict(scores or {})
    if set(scores) - set(roles) or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in scores.values()):
        raise errors.InvalidOverride(
            format_lazy(_("Scores are whole numbers of VP for the table's seats: {roles}."), roles=_roles_text(roles)),
            path="/scores")
    if places is not None and len(roles) == 2:
        raise errors.InvalidOverride(_("At a table of two the winner says it all: no places."), path="/places")
    rs = game_services.ruleset_for(tournament.ruleset)
    by_rules = None  # the result the rules give these scores, when it differs from the one set
    overridden = False
    rules_places = None
    if len(roles) > 2:
        rules_places = standings_mod.places_from_groups(
            [[r for r in g if r in roles] for g in rs.placings(Outcome(winner=winner, scores=scores, level=level), roles)])
    if places is not None:
        places = _validated_places(places, roles, winner)
    if level not in ORGANISER_LEVELS:
        expected = rs.result_from_scores(scores) if set(scores) == set(roles) else None
        if expected is None or (expected.winner, expected.level) != (winner, level) or (
                places is not None and places != rules_places):
            overridden = True
            by_rules = expected and {"winner": expected.winner, "level": expected.level}
            if not override:
                if expected is None:
                    if len(roles) > 2:
                        raise errors.LevelUnchecked(
                            format_lazy(_("The rules set the result from every seat's score: give {roles}'s scores, or "
                                          "record an override with a reason."), roles=_roles_text(roles)),
                            path="/scores")
                    raise errors.LevelUnchecked(path="/scores")
                if len(roles) == 2:
                    message = format_lazy(
                        _("By the rules, {primus}–{secundus} VP is {expected}, not {given}. Give the result the scores make, or "
                          "record an override with a reason."),
                        primus=scores[roles[0]], secundus=scores[roles[1]],
                        expected=_result_words(levels, expected.winner, expected.level),
                        given=_result_words(levels, winner, level),
                    )
                elif (expected.winner, expected.level) == (winner, level):
                    message = _("By the rules, these scores do not give these places. Give the places the scores make "
                                "(or none), or record an override with a reason.")
                else:
                    message = format_lazy(
                        _("By the rules, these scores ({scores}) give {expected}, not {given}. Give the result the scores "
                          "make, or record an override with a reason."),
                        scores=", ".join(f"{role} {scores[role]}" for role in roles),
                        expected=_result_words(levels, expected.winner, expected.level),
                        given=_result_words(levels, winner, level),
                    )
                raise errors.LevelMismatch(message, path="/places" if places is not None and (
                    expected.winner, expected.level) == (winner, level) else "/level")
            if not reason.strip():
                raise errors.InvalidOverride(_("An override of the rules' result needs a reason."), path="/reason")
    before = pairing.result
    result = {"winner": winner, "level": level, "scores": scores}
    if len(roles) > 2:
        result["places"] = places if places is not None else rules_places
    pairing.result, pairing.result_source = result, Pairing.ResultSource.ORGANISER
    pairing.save(update_fields=["result", "result_source"])
    _end_game(pairing, result, reason)
    data = {"round": pairing.round.number, "board": pairing.board, "before": before, "after": result}
    if overridden:
        data.update(override=True, by_rules=by_rules)
    _audit(
        tournament=tournament, actor=by, pairing=pairing, reason=reason, data=data,
        action=AuditEntry.Action.RESULT_OVERRIDDEN if overridden else AuditEntry.Action.RESULT_ADJUSTED,
    )
    _rate(pairing)
    _maybe_finish(tournament)
    return pairing


@transaction.atomic
def pairing_deadline_extend(*, tournament: Tournament, pairing_id: int, by, hours: int, reason: str = "") -> Pairing:
    _require_organiser(tournament, by)
    if not 1 <= hours <= 24 * 60:
        raise errors.InvalidOverride(_("An extension is between 1 hour and 60 days."), path="/hours")
    pairing = _pairing_for_update(tournament, pairing_id)
    if pairing.game_id is None or pairing.result is not None:
        raise errors.InvalidOverride(_("This game is not running."), path="/pairing")
    try:
        steps = game_overrides.step_deadline_extend(game=Game.objects.get(pk=pairing.game_id), hours=hours, reason=reason)
    except GameError:
        raise errors.InvalidOverride(_("This game is not running."), path="/pairing") from None
    _audit(
        tournament=tournament, actor=by, action=AuditEntry.Action.DEADLINE_EXTENDED, pairing=pairing, reason=reason,
        data={"round": pairing.round.number, "board": pairing.board, "hours": hours,
              "deadlines": {str(s.number): s.deadline.isoformat() for s in steps}},
    )
    return pairing


@transaction.atomic
def entry_replace(*, tournament: Tournament, by, player, replacement, reason: str = "") -> Entry:
    """The replacement takes over the player's entry: its results so far and the seats of
    its games still running (finished games stay with whoever played them)."""
    _require_organiser(tournament, by)
    entry = Entry.objects.select_for_update().filter(tournament=tournament, player=player).first()
    if entry is None:
        raise errors.InvalidOverride(_("This player has no entry in the tournament."), path="/player")
    if tournament.entries.filter(player=replacement).exists():
        raise errors.AlreadyRegistered(path="/replacement")
    games = []
    for p in Pairing.objects.filter(tournament=tournament, result__isnull=True, game__isnull=False).select_related("game"):
        seats = [(role, e) for role, e in (p.seats or ())] or [("PRIMUS", p.primus_id), ("SECONDUS", p.secundus_id)]
        for role, seated in seats:
            if seated == entry.pk:
                game_overrides.seat_reassign(game=p.game, role=role, player=replacement)
                games.append(p.game_id)
    entry.player = replacement
    entry.save(update_fields=["player"])
    _audit(
        tournament=tournament, actor=by, action=AuditEntry.Action.PLAYER_REPLACED, reason=reason,
        data={"from": player.get_username(), "to": replacement.get_username(), "games": games},
    )
    return entry


@transaction.atomic
def entry_withdraw(*, tournament: Tournament, by, player, reason: str = "") -> Entry:
    """Withdraw a player: no later round pairs them. In a round robin each game they were
    due to play becomes a bye for the opponent, worth ``bye_points`` like any bye (the
    pools keep their tables: docs/tournaments.md). Their results so far stand, and games
    still running go on until they end or the organiser forfeits them."""
    _require_organiser(tournament, by)
    entry = Entry.objects.select_for_update().filter(tournament=tournament, player=player).first()
    if entry is None:
        raise errors.InvalidOverride(_("This player has no entry in the tournament."), path="/player")
    if entry.status == Entry.Status.WITHDRAWN:
        raise errors.InvalidOverride(_("This player is already withdrawn."), path="/player")
    entry.status = Entry.Status.WITHDRAWN
    entry.save(update_fields=["status"])
    running = [p.game_id for p in Pairing.objects.filter(tournament=tournament, result__isnull=True, game__isnull=False)
               if entry.pk in (p.primus_id, p.secundus_id, *(e for _role, e in (p.seats or ())))]
    _audit(
        tournament=tournament, actor=by, action=AuditEntry.Action.PLAYER_WITHDRAWN, reason=reason,
        data={"player": player.get_username(), "pool": entry.pool, "running_games": running},
    )
    return entry


def user_by_username(username: str, *, path: str):
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise errors.InvalidOverride(_("No such player."), path=path)
    return user


# -- table talk -----------------------------------------------------------------------------


@transaction.atomic
def tournament_press_lock(*, tournament: Tournament, by, locked: bool) -> list[int]:
    """An organiser locks (or opens again) the table talk of every running game of the
    tournament (games.press.press_lock, logged in each game). The games of later rounds
    start locked while the latest round's are (selectors.press_locked). Returns the
    games changed."""
    _require_organiser(tournament, by)
    changed = []
    for pairing in Pairing.objects.filter(tournament=tournament, game__status__in=[Game.Status.OPEN, Game.Status.ACTIVE]
                                          ).select_related("game"):
        if (pairing.game.press_locked_at is not None) != bool(locked):
            press.press_lock(game=pairing.game, locked=locked, by=by, organiser=True)
            changed.append(pairing.game_id)
    return changed
