"""Reads of the tournaments app. ``standings`` reads a tournament of any size in a fixed
number of queries: the entries with their players, the pairings (with each game's status
but never its state: the live VP is kept on the pairing), and nothing per game."""

from __future__ import annotations

import copy
from decimal import Decimal

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games.models import Event, Game, OrderSet, Seat, Step
from games.services import ruleset_for
from tournaments import standings as standings_mod
from tournaments.models import AuditEntry, Entry, Pairing, Rating, Tournament

#: Reliability looks at this many of the player's most recent steps.
RELIABILITY_WINDOW = 50


def is_organiser(*, tournament: Tournament, user) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return tournament.organisers.filter(pk=user.pk).exists()


def tournaments_list() -> QuerySet[Tournament]:
    return Tournament.objects.order_by("-id")


def rating_of(*, player, ruleset: str) -> dict:
    row = Rating.objects.filter(player=player, ruleset=ruleset).first()
    if row is None:
        return {"ruleset": ruleset, "rating": 1500.0, "rd": 350.0, "volatility": 0.06, "games": 0}
    return {"ruleset": ruleset, "rating": row.rating, "rd": row.rd, "volatility": row.volatility, "games": row.games}


def reliability_of(*, player, window: int = RELIABILITY_WINDOW) -> dict:
    """The share of the player's last ``window`` decided steps they submitted orders
    for before the deadline (a missed deadline is a ``deadline_missed`` event for their
    seat). ``reliability`` is None for a player with no history yet (who passes a gate)."""
    seats = {(game_id, role) for game_id, role in Seat.objects.filter(player=player).values_list("game_id", "role")}
    if not seats:
        return {"reliability": None, "steps": 0, "missed": 0, "window": window}
    game_ids = {game_id for game_id, _ in seats}
    submitted = list(
        OrderSet.objects.filter(seat__player=player, step__status=Step.Status.RESOLVED)
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


def player_profile(*, player) -> dict:
    return {
        "player": player.get_username(),
        "ratings": [
            {"ruleset": r.ruleset, "rating": round(r.rating, 1), "rd": round(r.rd, 1), "volatility": round(r.volatility, 5), "games": r.games}
            for r in Rating.objects.filter(player=player).order_by("ruleset")
        ],
        "reliability": reliability_of(player=player),
        "tournaments": [
            {"id": e.tournament_id, "name": e.tournament.name, "status": e.tournament.status}
            for e in Entry.objects.filter(player=player).select_related("tournament").order_by("-tournament_id")
        ],
    }


def live_vp(*, game: Game) -> dict | None:
    """The game's current VP by seat role, from what an observer sees
    (``ruleset.view(state, None)["vp"]``). The SMC games key VP by side and the players
    may change sides (SV 5): the state's ``seats`` map says who plays which side."""
    if game.state is None:
        return None
    view = ruleset_for(game.ruleset).view(copy.deepcopy(game.state), None)
    vp = view.get("vp") if isinstance(view, dict) else None
    if not isinstance(vp, dict):
        return None
    sides = view.get("seats") or game.state.get("seats") or {}
    return {role: vp.get(sides.get(role, role)) for role in ("PRIMUS", "SECONDUS")}


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
    )


def _pairing_values(tournament: Tournament) -> list[dict]:
    return list(
        Pairing.objects.filter(tournament=tournament)
        .order_by("round__number", "board")
        .values("id", "round__number", "board", "primus_id", "secundus_id", "game_id", "game__status",
                "result", "result_source", "live_vp")
    )


def _game_rows(pairings: list[dict]) -> list[standings_mod.GameRow]:
    return [
        standings_mod.GameRow(
            round=p["round__number"], board=p["board"], primus=p["primus_id"], secundus=p["secundus_id"],
            result=p["result"], live_vp=p["live_vp"], running=p["result"] is None, game_id=p["game_id"],
        )
        for p in pairings
    ]


def standings_rows(*, tournament: Tournament) -> list[standings_mod.Row]:
    entries = list(Entry.objects.filter(tournament=tournament).values_list("id", "player__username"))
    return standings_mod.compute(entries, _game_rows(_pairing_values(tournament)), scoring_of(tournament))


def _number(value) -> str:
    """A Decimal without trailing zeros: 4.50 -> "4.5", 2.00 -> "2"."""
    if isinstance(value, Decimal):
        text = format(value.normalize(), "f")
        return text
    return str(value)


#: The standings columns, in order: the page's table and the CSV both use them.
STANDINGS_COLUMNS = [
    ("rank", _("Rank")), ("player", _("Player")), ("points", _("Points")), ("played", _("Played")),
    ("wins", _("Won")), ("draws", _("Drawn")), ("losses", _("Lost")), ("byes", _("Byes")),
    ("sonneborn_berger", _("Sonneborn-Berger")), ("head_to_head", _("Head to head")),
    ("vp_for", _("VP for")), ("vp_against", _("VP against")), ("vp_difference", _("VP difference")),
    ("running", _("Running games (VP)")),
]


def standings(*, tournament: Tournament) -> dict:
    """Everything the standings page, the JSON API and the CSV show: the ranked rows
    (finished games count; running games show their current VP) and the rounds."""
    entries = list(Entry.objects.filter(tournament=tournament).values_list("id", "player__username", "status"))
    names = {entry_id: name for entry_id, name, _ in entries}
    pairings = _pairing_values(tournament)
    rows = standings_mod.compute([(e, n) for e, n, _ in entries], _game_rows(pairings), scoring_of(tournament))
    table = []
    for row in rows:
        running = [
            {**r, "opponent": names.get(r["opponent"], "")} for r in row.running
        ]
        table.append(
            {
                "rank": row.rank,
                "shared": row.shared,
                "player": row.name,
                "points": _number(row.points),
                "played": row.played,
                "wins": row.wins,
                "draws": row.draws,
                "losses": row.losses,
                "byes": row.byes,
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
        rounds.setdefault(p["round__number"], []).append(
            {
                "id": p["id"],
                "board": p["board"],
                "primus": names.get(p["primus_id"], ""),
                "secundus": names.get(p["secundus_id"], "") if p["secundus_id"] else None,
                "game": p["game_id"],
                "game_status": p["game__status"],
                "result": p["result"],
                "result_source": p["result_source"],
                "live_vp": p["live_vp"],
            }
        )
    return {
        "tournament": tournament.pk,
        "tiebreaks": list(tournament.tiebreaks or []),
        "rows": table,
        "rounds": [{"number": n, "pairings": ps} for n, ps in sorted(rounds.items())],
    }


def running_text(running: list[dict]) -> str:
    """The running games of a row as one cell: ``R3 vs marcus 12-9``."""
    return "; ".join(
        f"R{r['round']} vs {r['opponent']} {'' if r['vp'] is None else r['vp']}-{'' if r['opponent_vp'] is None else r['opponent_vp']}"
        for r in running
    )


def standings_cells(row: dict) -> list[str]:
    """One standings row as the strings shown in each column (page and CSV alike)."""
    cells = []
    for key, _label in STANDINGS_COLUMNS:
        if key == "rank":
            cells.append(f"{row['rank']}=" if row["shared"] else str(row["rank"]))
        elif key == "running":
            cells.append(running_text(row["running"]))
        else:
            cells.append(str(row[key]))
    return cells


def audit_trail(*, tournament: Tournament) -> list[dict]:
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
        for a in AuditEntry.objects.filter(tournament=tournament).select_related("actor").order_by("id")
    ]


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
