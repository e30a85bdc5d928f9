"""Standings, pure Python: points from results under a tournament's scoring, then the
tie-breaks in the organiser's order. No database: ``selectors.standings`` feeds it rows
it read in a fixed number of queries.

- points: win / draw / loss points, a bonus for a decisive or definitive victory (SV 10.3:
  more than twice, more than five times the loser's VP), points per VP of difference, and
  the bye's points;
- ``sonneborn_berger``: the sum of the final points of the opponents one beat, and half
  those of the opponents one drew with;
- ``head_to_head``: among the players still tied, the points each scored in the games
  between them (recomputed inside each tied group);
- ``vp_difference``: VP scored minus VP conceded over finished games;
- ``wins``: the number of wins.
Players still tied after every tie-break share the rank."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

ROLES = ("PRIMUS", "SECONDUS")


@dataclass(frozen=True)
class Scoring:
    win: Decimal = Decimal("2")
    draw: Decimal = Decimal("1")
    loss: Decimal = Decimal("0")
    decisive_bonus: Decimal = Decimal("0.5")
    definitive_bonus: Decimal = Decimal("1")
    vp_difference: Decimal = Decimal("0")
    bye: Decimal = Decimal("2")
    tiebreaks: tuple[str, ...] = ("sonneborn_berger", "head_to_head", "vp_difference")


@dataclass(frozen=True)
class GameRow:
    """One pairing: ``secundus`` None for a bye; ``result`` None while it runs."""

    round: int
    board: int
    primus: int
    secundus: int | None
    result: dict | None
    live_vp: dict | None = None
    running: bool = False
    game_id: int | None = None


@dataclass
class Row:
    entry: int
    name: str
    points: Decimal = Decimal("0")
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    vp_for: int = 0
    vp_against: int = 0
    sonneborn_berger: Decimal = Decimal("0")
    head_to_head: Decimal | None = None
    rank: int = 0
    shared: bool = False
    running: list[dict] = field(default_factory=list)

    @property
    def vp_difference(self) -> int:
        return self.vp_for - self.vp_against


def game_points(scoring: Scoring, result: dict, role: str) -> tuple[Decimal, Decimal | None]:
    """(points, fraction) the player in ``role`` scores: fraction 1 for a win, 1/2 for
    a draw, 0 for a loss (what Sonneborn-Berger weighs)."""
    winner = result.get("winner")
    scores = result.get("scores") or {}
    other = ROLES[1] if role == ROLES[0] else ROLES[0]
    extra = Decimal("0")
    if scoring.vp_difference and role in scores and other in scores:
        extra = scoring.vp_difference * (Decimal(scores[role]) - Decimal(scores[other]))
    if winner is None:
        return scoring.draw + extra, Decimal("0.5")
    if winner == role:
        bonus = {"decisive": scoring.decisive_bonus, "definitive": scoring.definitive_bonus}.get(result.get("level"), Decimal("0"))
        return scoring.win + bonus + extra, Decimal("1")
    return scoring.loss + extra, Decimal("0")


def compute(entries: list[tuple[int, str]], games: list[GameRow], scoring: Scoring) -> list[Row]:
    rows = {entry: Row(entry=entry, name=name) for entry, name in entries}
    # (player, opponent, points scored, fraction) per finished game.
    scored: list[tuple[int, int, Decimal, Decimal]] = []
    for game in games:
        if game.secundus is None:
            if game.primus in rows:
                rows[game.primus].byes += 1
                rows[game.primus].points += scoring.bye
            continue
        sides = {"PRIMUS": game.primus, "SECONDUS": game.secundus}
        if game.result is None:
            for role, entry in sides.items():
                other = "SECONDUS" if role == "PRIMUS" else "PRIMUS"
                vp = game.live_vp or {}
                if entry in rows:
                    rows[entry].running.append(
                        {"round": game.round, "board": game.board, "game": game.game_id, "role": role,
                         "opponent": sides[other], "vp": vp.get(role), "opponent_vp": vp.get(other)}
                    )
            continue
        scores = game.result.get("scores") or {}
        for role, entry in sides.items():
            other = "SECONDUS" if role == "PRIMUS" else "PRIMUS"
            if entry not in rows:
                continue
            row = rows[entry]
            points, fraction = game_points(scoring, game.result, role)
            row.points += points
            row.played += 1
            if fraction == 1:
                row.wins += 1
            elif fraction == 0:
                row.losses += 1
            else:
                row.draws += 1
            if role in scores and other in scores:
                row.vp_for += int(scores[role])
                row.vp_against += int(scores[other])
            scored.append((entry, sides[other], points, fraction))
    for entry, opponent, _points, fraction in scored:
        if opponent in rows:
            rows[entry].sonneborn_berger += fraction * rows[opponent].points

    ordered = _rank(sorted(rows.values(), key=lambda r: (r.name, r.entry)), scored, list(scoring.tiebreaks))
    rank = 0
    for position, group in enumerate(ordered):
        rank = sum(len(g) for g in ordered[:position]) + 1
        for row in group:
            row.rank = rank
            row.shared = len(group) > 1
    return [row for group in ordered for row in group]


def _value(key: str, row: Row, members: set[int], scored_by: dict[int, list]) -> Decimal | int:
    if key == "points":
        return row.points
    if key == "sonneborn_berger":
        return row.sonneborn_berger
    if key == "vp_difference":
        return row.vp_difference
    if key == "wins":
        return row.wins
    if key == "head_to_head":
        value = sum((p for o, p in scored_by.get(row.entry, ()) if o in members), Decimal("0"))
        row.head_to_head = value
        return value
    raise ValueError(f"unknown tie-break {key!r}")


def _rank(rows: list[Row], scored, keys: list[str]) -> list[list[Row]]:
    """Split ``rows`` into ordered groups of players still tied: points first, then each
    tie-break in turn, applied only inside a group still tied."""
    # Each player's scored games (opponent, points), in order: head-to-head looks at one
    # player's games, not at every game of the tournament for each player.
    scored_by: dict[int, list[tuple[int, Decimal]]] = {}
    for entry, opponent, points, _fraction in scored:
        scored_by.setdefault(entry, []).append((opponent, points))
    return _split(rows, scored_by, ["points"] + keys)


def _split(group: list[Row], scored_by: dict[int, list], keys: list[str]) -> list[list[Row]]:
    if len(group) <= 1 or not keys:
        return [group]
    key, rest = keys[0], keys[1:]
    members = {row.entry for row in group}
    values = {row.entry: _value(key, row, members, scored_by) for row in group}
    result: list[list[Row]] = []
    for value in sorted(set(values.values()), reverse=True):
        subgroup = [row for row in group if values[row.entry] == value]
        result.extend(_split(subgroup, scored_by, rest))
    return result
