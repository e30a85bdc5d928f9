"""Reads of the tournaments app. ``standings`` reads a tournament of any size in a fixed
number of queries: the entries with their players, the pairings (with each game's status
but never its state: the live VP is kept on the pairing), and nothing per game."""

from __future__ import annotations

import copy
import functools
import hashlib
from contextlib import contextmanager
from decimal import Decimal

from django.conf import settings
from django.core.paginator import Paginator
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Event, Game, OrderSet, Seat, Step
from games.services import ruleset_for
from tournaments import glicko2
from tournaments import standings as standings_mod
from tournaments.models import AuditEntry, Entry, Pairing, Rating, Round, Tournament

#: Reliability looks at this many of the player's most recent steps.
RELIABILITY_WINDOW = 50


def is_organiser(*, tournament: Tournament, user) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return tournament.organisers.filter(pk=user.pk).exists()


def tournaments_list() -> QuerySet[Tournament]:
    return Tournament.objects.order_by("-id")


def rating_period_days() -> float:
    return float(getattr(settings, "CURSUS_RATING_PERIOD_DAYS", 30))


def current_rating(row: Rating, *, now=None) -> tuple[glicko2.Rating, int]:
    """A stored rating as it stands ``now``: Glickman's step for a period without games
    applied once per whole rating period since the player's last rated game, and that
    number of periods."""
    stored = glicko2.Rating(row.rating, row.rd, row.volatility)
    periods = glicko2.idle_periods(row.last_rated_at, now or timezone.now(), days=rating_period_days())
    return glicko2.idle(stored, periods), periods


def rating_of(*, player, ruleset: str) -> dict:
    row = Rating.objects.filter(player=player, ruleset=ruleset).first()
    if row is None:
        return {"ruleset": ruleset, "rating": 1500.0, "rd": 350.0, "volatility": 0.06, "games": 0}
    current, _periods = current_rating(row)
    return {"ruleset": ruleset, "rating": current.rating, "rd": current.rd, "volatility": current.volatility, "games": row.games}


def _rating_row(row: Rating, now) -> dict:
    """A rating as the profile page and the API show it: the RD now (widened by each
    rating period without a game), the RD after the last rated game, and the periods."""
    current, periods = current_rating(row, now=now)
    return {"ruleset": row.ruleset, "rating": round(current.rating, 1), "rd": round(current.rd, 1),
            "volatility": round(current.volatility, 5), "games": row.games,
            "rd_after_last_game": round(row.rd, 1), "idle_periods": periods, "last_rated_at": row.last_rated_at,
            "rating_period_days": rating_period_days()}


def reliability_of(*, player, window: int = RELIABILITY_WINDOW) -> dict:
    """The share of the player's last ``window`` decided steps they submitted orders
    for before the deadline (a missed deadline is a ``deadline_missed`` event for their
    seat). ``reliability`` is None for a player with no history yet (who passes a gate)."""
    # Practice games against the computer count for nothing (docs/computer.md).
    seats = {(game_id, role) for game_id, role in
             Seat.objects.filter(player=player, game__practice=False).values_list("game_id", "role")}
    if not seats:
        return {"reliability": None, "steps": 0, "missed": 0, "window": window}
    game_ids = {game_id for game_id, _ in seats}
    submitted = list(
        OrderSet.objects.filter(seat__player=player, step__status=Step.Status.RESOLVED, seat__game__practice=False)
        .order_by("-step__resolved_at")
        .values_list("step__resolved_at", flat=True)[:window]
    )
    missed = [
        created
        for game_id, data, created in Event.objects.filter(type="deadline_missed", game_id__in=game_ids)
        .order_by("-created_at")
        .values_list("game_id", "data", "created_at")
        if (game_id, (data or {}).get("role")) in seats
    ][:window]
    recent = sorted([(t, True) for t in submitted if t] + [(t, False) for t in missed], reverse=True)[:window]
    if not recent:
        return {"reliability": None, "steps": 0, "missed": 0, "window": window}
    misses = sum(1 for _, ok in recent if not ok)
    return {"reliability": round(1 - misses / len(recent), 4), "steps": len(recent), "missed": misses, "window": window}


def player_profile(*, player, viewer=None) -> dict:
    """A player's page: ratings per ruleset, reliability, tournaments, and their games
    (current and finished with results: the public ones, and those ``viewer`` sits in;
    all of them for the player; games.selectors.player_games)."""
    from games.selectors import player_games

    now = timezone.now()
    return {
        "player": player.get_username(),
        "games": player_games(player=player, viewer=viewer),
        "ratings": [_rating_row(r, now) for r in Rating.objects.filter(player=player).order_by("ruleset")],
        "rating_period_days": rating_period_days(),
        "reliability": reliability_of(player=player),
        "tournaments": [
            {"id": e.tournament_id, "name": e.tournament.name, "status": e.tournament.status}
            for e in Entry.objects.filter(player=player).select_related("tournament").order_by("-tournament_id")
        ],
    }


def live_vp(*, game: Game) -> dict | None:
    """The game's current VP by seat role (the playing roles, not a referee's), from what
    an observer sees (``ruleset.view(state, None)["vp"]``). The SMC games key VP by side
    and the players may change sides (SV 5): the state's ``seats`` map says who plays
    which side. None when the view has no VP, or a seat holds several sides (whose VP
    the rules combine in their own way: the result will say)."""
    if game.state is None:
        return None
    view = ruleset_for(game.ruleset).view(copy.deepcopy(game.state), None)
    vp = view.get("vp") if isinstance(view, dict) else None
    if not isinstance(vp, dict):
        return None
    sides = view.get("seats") or game.state.get("seats") or {}
    rs = ruleset_for(game.ruleset)
    referees = set(rs.referee_roles(game.scenario, game.options or {}))
    roles = [role for role in rs.roles(game.scenario, game.options or {}) if role not in referees]
    live = {}
    for role in roles:
        side = sides.get(role, role)
        if not isinstance(side, str):  # a seat commanding several sides: no single VP to show
            return None
        live[role] = vp.get(side)
    return live


def scoring_of(tournament: Tournament) -> standings_mod.Scoring:
    return standings_mod.Scoring(
        win=tournament.win_points,
        draw=tournament.draw_points,
        loss=tournament.loss_points,
        decisive_bonus=tournament.decisive_bonus,
        definitive_bonus=tournament.definitive_bonus,
        vp_difference=tournament.vp_difference_points,
        bye=tournament.bye_points,
        tiebreaks=tuple(tournament.tiebreaks or ()),
        place_points=tuple(Decimal(str(v)) for v in (tournament.place_points or ())),
    )


def _pairing_values(tournament: Tournament) -> list[dict]:
    return list(
        Pairing.objects.filter(tournament=tournament)
        .order_by("round__number", "board")
        .values("id", "round__number", "board", "primus_id", "secundus_id", "seats", "game_id", "game__status",
                "game__name", "result", "result_source", "live_vp")
    )


def _game_rows(pairings: list[dict]) -> list[standings_mod.GameRow]:
    return [
        standings_mod.GameRow(
            round=p["round__number"], board=p["board"], primus=p["primus_id"], secundus=p["secundus_id"],
            result=p["result"], live_vp=p["live_vp"], running=p["result"] is None, game_id=p["game_id"],
            seats=tuple((role, entry) for role, entry in (p.get("seats") or ())),
        )
        for p in pairings
    ]


def standings_rows(*, tournament: Tournament) -> list[standings_mod.Row]:
    entries = list(Entry.objects.filter(tournament=tournament).values_list("id", "player__username"))
    return standings_mod.compute(entries, _game_rows(_pairing_values(tournament)), scoring_of(tournament))


def _number(value) -> str:
    """A Decimal without trailing zeros: 4.50 -> "4.5", 2.00 -> "2"."""
    if isinstance(value, Decimal):
        return _decimal_text(str(value))
    return str(value)


@functools.lru_cache(maxsize=4096)
def _decimal_text(text: str) -> str:
    # A standings table holds few distinct values: each is formatted once (keyed by its
    # exact text, not by the Decimal, which would make 0 and -0 one key).
    return format(Decimal(text).normalize(), "f")


#: The standings columns, in order: the page's table and the CSV both use them.
STANDINGS_COLUMNS = [
    ("rank", _("Rank")), ("player", _("Player")), ("points", _("Points")), ("played", _("Played")),
    ("wins", _("Won")), ("draws", _("Drawn")), ("losses", _("Lost")), ("byes", _("Byes")),
    ("sonneborn_berger", _("Sonneborn-Berger")), ("head_to_head", _("Head to head")),
    ("vp_for", _("VP for")), ("vp_against", _("VP against")), ("vp_difference", _("VP difference")),
    ("running", _("Running games (VP)")),
]
#: A round robin's standings are per pool: its table and CSV start with the pool.
POOL_COLUMN = ("pool", _("Pool"))
#: At tables of three or more: the games finished in each place, after the byes.
PLACES_COLUMN = ("places", _("Places (1st–2nd–…)"))


def has_pools(tournament: Tournament) -> bool:
    return tournament.system == Tournament.System.ROUND_ROBIN


def standings_columns(tournament: Tournament) -> list[tuple[str, object]]:
    """The standings columns of this tournament (page and CSV alike): a round robin's
    begin with the pool; tables of three or more count the places after the byes."""
    columns = list(STANDINGS_COLUMNS)
    if (tournament.table_size or 2) > 2:
        at = [key for key, _label in columns].index("byes") + 1
        columns.insert(at, PLACES_COLUMN)
    return [POOL_COLUMN, *columns] if has_pools(tournament) else columns


def standings_inputs(*, tournament: Tournament) -> tuple[list[tuple], list[dict]]:
    """What the standings are computed from, in two queries: the entries ``(id,
    username, status, pool)`` and the pairings (``_pairing_values``), each in a fixed order."""
    entries = list(Entry.objects.filter(tournament=tournament).order_by("id").values_list("id", "player__username", "status", "pool"))
    return entries, _pairing_values(tournament)


#: The tournament's columns the standings depend on (pairing system, scoring, tie-breaks).
SCORING_FIELDS = ("system", "win_points", "draw_points", "loss_points", "decisive_bonus", "definitive_bonus",
                  "vp_difference_points", "bye_points", "tiebreaks", "table_size", "place_points")


def _scoring_text(tournament: Tournament) -> str:
    return repr((tournament.pk, [getattr(tournament, field) for field in SCORING_FIELDS]))


def standings_digest(*, tournament: Tournament, inputs: tuple[list[tuple], list[dict]]) -> str:
    """A digest of everything ``standings`` reads: the tournament's scoring and
    tie-breaks, every entry (player name, status) and every pairing (round, board,
    players, game and its status, result and who set it, live VP). Two equal digests mean
    equal standings and rounds: any result, live VP, new round, replacement or withdrawal
    changes it."""
    entries, pairings = inputs
    payload = repr((_scoring_text(tournament), entries, pairings))
    return "py-" + hashlib.sha256(payload.encode()).hexdigest()[:32]


# The same values as ``standings_inputs``, digested by PostgreSQL: one row back instead
# of every entry and pairing (each ``json_build_array`` is unambiguous: nulls stay nulls).
_VERSION_SQL = """
SELECT
  (SELECT md5(coalesce(json_agg(json_build_array(e.id, u.username, e.status, e.pool) ORDER BY e.id)::text, ''))
     FROM {entry} e JOIN {user} u ON u.id = e.player_id WHERE e.tournament_id = %(t)s),
  (SELECT md5(coalesce(json_agg(json_build_array(p.id, r.number, p.board, p.primus_id, p.secundus_id, p.seats, p.game_id,
                                                 g.status, g.name, p.result, p.result_source, p.live_vp) ORDER BY p.id)::text, ''))
     FROM {pairing} p JOIN {round} r ON r.id = p.round_id LEFT JOIN {game} g ON g.id = p.game_id
    WHERE p.tournament_id = %(t)s)
"""


def standings_version(*, tournament: Tournament) -> str | None:
    """On PostgreSQL, the equivalent of ``standings_digest`` computed by the database in
    one query, without reading the rows; None on another database (use the digest).
    Read it and the inputs in one ``consistent_read`` so that they describe one state."""
    if connection.vendor != "postgresql":
        return None
    sql = _VERSION_SQL.format(entry=Entry._meta.db_table, user=Entry._meta.get_field("player").related_model._meta.db_table,
                              pairing=Pairing._meta.db_table, round=Round._meta.db_table, game=Game._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(sql, {"t": tournament.pk})
        entries_md5, pairings_md5 = cursor.fetchone()
    payload = f"{_scoring_text(tournament)}|{entries_md5}|{pairings_md5}"
    return "pg-" + hashlib.sha256(payload.encode()).hexdigest()[:32]


@contextmanager
def consistent_read():
    """Every query inside sees one state of the database: on PostgreSQL a REPEATABLE READ
    transaction (unless already inside a transaction, whose isolation can no longer
    change); elsewhere nothing (the digest is then made from the rows it describes)."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        yield
        return
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        yield


def standings(*, tournament: Tournament, inputs: tuple[list[tuple], list[dict]] | None = None) -> dict:
    """Everything the standings page, the JSON API and the CSV show: the ranked rows
    (finished games count; running games show their current VP) and the rounds.
    ``inputs``: ``standings_inputs`` when the caller already read them."""
    entries, pairings = inputs if inputs is not None else standings_inputs(tournament=tournament)
    names = {entry_id: name for entry_id, name, _status, _pool in entries}
    game_rows, scoring = _game_rows(pairings), scoring_of(tournament)
    # A round robin ranks each pool on its own (its players meet only each other); a pool
    # is None until round 1 deals the entries into pools, and for a Swiss tournament.
    by_pool: dict[int | None, list[tuple[int, str]]] = {}
    for entry_id, name, _status, pool in entries:
        by_pool.setdefault(pool if has_pools(tournament) else None, []).append((entry_id, name))
    ranked = []
    for pool in sorted(by_pool, key=lambda p: (p is None, p or 0)):
        members = {entry_id for entry_id, _name in by_pool[pool]}
        games = game_rows if len(by_pool) == 1 else [g for g in game_rows if g.primus in members]
        ranked += [(pool, row) for row in standings_mod.compute(by_pool[pool], games, scoring)]
    table = []
    for pool, row in ranked:
        running = [
            {**r, "opponents": [names.get(o, "") for o in r["opponents"]]} if "opponents" in r
            else {**r, "opponent": names.get(r["opponent"], "")}
            for r in row.running
        ]
        table.append(
            {
                "pool": pool,
                "rank": row.rank,
                "shared": row.shared,
                "player": row.name,
                "points": _number(row.points),
                "played": row.played,
                "wins": row.wins,
                "draws": row.draws,
                "losses": row.losses,
                "byes": row.byes,
                "places": list(row.places),
                "sonneborn_berger": _number(row.sonneborn_berger),
                "head_to_head": _number(row.head_to_head) if row.head_to_head is not None else "",
                "vp_for": row.vp_for,
                "vp_against": row.vp_against,
                "vp_difference": row.vp_difference,
                "running": running,
            }
        )
    rounds: dict[int, list[dict]] = {}
    for p in pairings:
        rounds.setdefault(p["round__number"], []).append(_pairing_row(p, names))
    pools: dict[int | None, list[dict]] = {}
    for row in table:
        pools.setdefault(row["pool"], []).append(row)
    return {
        "tournament": tournament.pk,
        "system": tournament.system,
        "tiebreaks": list(tournament.tiebreaks or []),
        "bye_points": _number(tournament.bye_points),
        "table_size": tournament.table_size or 2,
        "place_points": [_number(v) for v in scoring.points_for_places(tournament.table_size or 2)]
        if (tournament.table_size or 2) > 2 else [],
        "rows": table,
        "pools": [{"pool": pool, "rows": rows} for pool, rows in pools.items()],
        "rounds": [{"number": n, "pairings": ps} for n, ps in sorted(rounds.items())],
    }


def _pairing_row(p: dict, names: dict) -> dict:
    seats = [(role, entry) for role, entry in (p.get("seats") or ())]
    if not seats and p["secundus_id"]:
        seats = [("PRIMUS", p["primus_id"]), ("SECONDUS", p["secundus_id"])]
    return {
        "id": p["id"],
        "board": p["board"],
        "primus": names.get(p["primus_id"], ""),
        "secundus": names.get(p["secundus_id"], "") if p["secundus_id"] else None,
        # Every player of the table by seat, in role order (empty for a bye).
        "seats": [{"role": role, "player": names.get(entry, "")} for role, entry in seats],
        "game": p["game_id"],
        "game_name": p.get("game__name") or "",
        "game_status": p["game__status"],
        "result": p["result"],
        "result_source": p["result_source"],
        "live_vp": p["live_vp"],
    }


def round_pairings(*, tournament: Tournament, number: int) -> list[dict] | None:
    """The pairings of round ``number`` (as in ``standings()["rounds"]``), or None when
    that round is not paired. Two queries, whatever the size of the tournament."""
    if not Round.objects.filter(tournament=tournament, number=number).exists():
        return None
    pairings = list(
        Pairing.objects.filter(tournament=tournament, round__number=number)
        .order_by("board")
        .values("id", "round__number", "board", "primus_id", "secundus_id", "seats", "game_id", "game__status",
                "game__name", "result", "result_source", "live_vp", "primus__player__username",
                "secundus__player__username")
    )
    names = {}
    for p in pairings:
        names[p["primus_id"]] = p["primus__player__username"]
        if p["secundus_id"]:
            names[p["secundus_id"]] = p["secundus__player__username"]
    if any(len(p.get("seats") or ()) > 2 for p in pairings):  # tables of three or more: one query more
        names.update(Entry.objects.filter(tournament=tournament).values_list("id", "player__username"))
    return [_pairing_row(p, names) for p in pairings]


def round_numbers(*, tournament: Tournament) -> list[int]:
    return list(Round.objects.filter(tournament=tournament).order_by("number").values_list("number", flat=True))


def running_text(running: list[dict]) -> str:
    """The running games of a row as one cell: ``R3 vs marcus 12-9``; at a table of three
    or more, the others and every seat's VP in seat order: ``R3 vs marcus, livia 12-9-7``."""
    def vp(value) -> str:
        return "" if value is None else str(value)

    parts = []
    for r in running:
        if "opponents" in r:
            parts.append(f"R{r['round']} vs {', '.join(r['opponents'])} {'-'.join(vp(v) for v in r['table_vp'])}")
        else:
            parts.append(f"R{r['round']} vs {r['opponent']} {vp(r['vp'])}-{vp(r['opponent_vp'])}")
    return "; ".join(parts)


def standings_cells(row: dict, columns: list[tuple[str, object]] = STANDINGS_COLUMNS) -> list[str]:
    """One standings row as the strings shown in each column (page and CSV alike)."""
    cells = []
    for key, _label in columns:
        if key == "pool":
            cells.append("" if row["pool"] is None else str(row["pool"]))
        elif key == "rank":
            cells.append(f"{row['rank']}=" if row["shared"] else str(row["rank"]))
        elif key == "running":
            cells.append(running_text(row["running"]))
        elif key == "places":
            cells.append("–".join(str(n) for n in row["places"]))
        else:
            cells.append(str(row[key]))
    return cells


def _audit_rows(entries) -> list[dict]:
    return [
        {
            "id": a.pk,
            "action": a.action,
            "action_display": str(a.get_action_display()),
            "actor": a.actor.get_username(),
            "pairing": a.pairing_id,
            "reason": a.reason,
            "data": a.data,
            "created_at": a.created_at,
        }
        for a in entries
    ]


def _audit_entries(tournament: Tournament) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(tournament=tournament).select_related("actor").order_by("id")


def audit_trail(*, tournament: Tournament) -> list[dict]:
    return _audit_rows(_audit_entries(tournament))


#: Audit entries per page of the audit trail page.
AUDIT_PAGE_SIZE = 100


def audit_page(*, tournament: Tournament, page, per_page: int = AUDIT_PAGE_SIZE) -> dict:
    """One page of the audit trail, oldest first: ``{"entries": [...], "page": a Django
    Page (number, has_next, ...)}``; a page number out of range gives the last page."""
    paginator = Paginator(_audit_entries(tournament), per_page)
    current = paginator.get_page(page)
    return {"entries": _audit_rows(current.object_list), "page": current}


def tournament_detail(*, tournament: Tournament) -> dict:
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "ruleset": tournament.ruleset,
        "scenario": tournament.scenario,
        "options": tournament.options,
        "status": tournament.status,
        "system": tournament.system,
        "rounds_planned": tournament.rounds_planned,
        "pool_size": tournament.pool_size,
        "registration": tournament.registration,
        "min_rating": tournament.min_rating,
        "min_reliability": tournament.min_reliability,
        "max_players": tournament.max_players,
        "rated": tournament.rated,
        "table_size": tournament.table_size or 2,
        "seats": table_seats(tournament),
        "referee": tournament.referee.get_username() if tournament.referee_id else None,
        "step_hours": tournament.step_hours,
        "deadline_policy": tournament.deadline_policy,
        "scoring": {
            "win": _number(tournament.win_points),
            "draw": _number(tournament.draw_points),
            "loss": _number(tournament.loss_points),
            "decisive_bonus": _number(tournament.decisive_bonus),
            "definitive_bonus": _number(tournament.definitive_bonus),
            "vp_difference": _number(tournament.vp_difference_points),
            "bye": _number(tournament.bye_points),
            "place_points": [_number(v) for v in scoring_of(tournament).points_for_places(tournament.table_size or 2)]
            if (tournament.table_size or 2) > 2 else [],
        },
        "tiebreaks": list(tournament.tiebreaks or []),
        "organisers": list(tournament.organisers.order_by("username").values_list("username", flat=True)),
        "entries": [
            {"player": name, "status": status, "seed_rating": round(seed, 1), "pool": pool}
            for name, status, seed, pool in tournament.entries.order_by("-seed_rating", "id").values_list(
                "player__username", "status", "seed_rating", "pool"
            )
        ],
        "rounds_paired": tournament.rounds.count(),
        "created_at": tournament.created_at,
    }


def press_locked(*, tournament: Tournament) -> bool:
    """Whether the tournament's table talk is locked: the games of its latest round all
    are (tournaments.services.tournament_press_lock)."""
    latest = Round.objects.filter(tournament=tournament).order_by("-number").first()
    if latest is None:
        return False
    games = list(Pairing.objects.filter(round=latest, game__isnull=False).values_list("game__press_locked_at", flat=True))
    return bool(games) and all(value is not None for value in games)


def playing_roles(tournament: Tournament) -> list[str]:
    """The roles the tournament's players sit in, in the ruleset's order: its roles for
    the tournament's scenario and options, less the referee roles (a game master)."""
    rs = ruleset_for(tournament.ruleset)
    referees = set(rs.referee_roles(tournament.scenario, tournament.options or {}))
    return [role for role in rs.roles(tournament.scenario, tournament.options or {}) if role not in referees]


def referee_roles(tournament: Tournament) -> list[str]:
    return list(ruleset_for(tournament.ruleset).referee_roles(tournament.scenario, tournament.options or {}))


def table_seats(tournament: Tournament) -> list[dict]:
    """The seats of a table, ``{"role", "name": {"en", "fr"}, "referee"}``, in role
    order: the players' seats, then the referee's."""
    rs = ruleset_for(tournament.ruleset)
    referees = set(referee_roles(tournament))
    try:
        roles = rs.roles(tournament.scenario, tournament.options or {})
    except (ValueError, KeyError):
        return []
    return [{"role": role, "name": rs.role_title(role, tournament.options or {}), "referee": role in referees}
            for role in roles]
