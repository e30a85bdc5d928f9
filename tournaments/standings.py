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
Players still tied after every tie-break share the rank.

Tables of three or more (docs/tournaments.md, "Tables of three or more"): a result gives
each seat its place (``places``: 1 first, a shared place repeated); a place scores the
tournament's points for it (``place_points``; default the table's size less the place),
players sharing places share the points of the places they span; the winner's level
bonus as above. A table is read as the pairwise results of its players: finishing ahead
of a player is a win against them, level a draw, behind a loss. Sonneborn-Berger and
head-to-head use those pairwise results (head-to-head: 1 per player of the tied group one
finished ahead of, ½ per one level with); ``vp_against`` is the best score of the others
at the table, so the VP difference is the margin over the runner-up (for the winner) or
the gap to the leader; a win is a first place alone, a draw a shared first place."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from rules.base import placings_by_score

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
    #: Points per place at a table of three or more, first place first; empty: the
    #: table's size less the place (3, 2, 1, 0 at four).
    place_points: tuple[Decimal, ...] = ()

    def points_for_places(self, size: int) -> list[Decimal]:
        """The points of each place at a table of ``size``."""
        given = [Decimal(str(v)) for v in self.place_points]
        if len(given) >= size:
            return given[:size]
        return [Decimal(size - place) for place in range(1, size + 1)]


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
    #: Every player by seat, in role order: ((role, entry), ...). Empty: PRIMUS is
    #: ``primus`` and SECONDUS ``secundus`` (a bye has neither).
    seats: tuple = ()

    def table(self) -> list[tuple[str, int]]:
        if self.seats:
            return [(role, entry) for role, entry in self.seats]
        if self.secundus is None:
            return []
        return [("PRIMUS", self.primus), ("SECONDUS", self.secundus)]


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
    #: At tables of three or more: the games finished in each place (index 0: first).
    places: list[int] = field(default_factory=list)

    @property
    def vp_difference(self) -> int:
        return self.vp_for - self.vp_against


def game_points(scoring: Scoring, result: dict, role: str, other: str | None = None) -> tuple[Decimal, Decimal | None]:
    """(points, fraction) the player in ``role`` scores against ``other`` (default: the
    other of PRIMUS and SECONDUS): fraction 1 for a win, 1/2 for a draw, 0 for a loss
    (what Sonneborn-Berger weighs)."""
    winner = result.get("winner")
    scores = result.get("scores") or {}
    if other is None:
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


def _is_score(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def places_of(result: dict, roles: list[str]) -> dict[str, int]:
    """Each role's place at a table: the result's own ``places`` when it has them for
    every role, else what the rules contract's default gives (``Ruleset.placings``): the
    winner first, the others by score, equal scores sharing a place, roles without a
    score last together. A shared place is the best of the places it spans (1, 2, 2, 4)."""
    given = result.get("places") or {}
    if all(isinstance(given.get(role), int) for role in roles):
        return {role: int(given[role]) for role in roles}
    groups = placings_by_score(result.get("winner"), result.get("scores") or {}, roles)
    return places_from_groups(groups)


def places_from_groups(groups: list[list[str]]) -> dict[str, int]:
    """``[[a], [b, c], [d]]`` (first place first) -> ``{a: 1, b: 2, c: 2, d: 4}``."""
    places, place = {}, 1
    for group in groups:
        for role in group:
            places[role] = place
        place += len(group)
    return places


def table_points(scoring: Scoring, result: dict, table: list[tuple[str, int]]) -> dict[str, dict]:
    """What each seat of a finished table of three or more scores: ``{role: {"points",
    "place", "shared", "vp_for", "vp_against", "pairwise": {other role: fraction}}}``."""
    roles = [role for role, _entry in table]
    places = places_of(result, roles)
    points_by_place = scoring.points_for_places(len(roles))
    scores = result.get("scores") or {}
    all_scored = all(_is_score(scores.get(role)) for role in roles)
    out = {}
    for role in roles:
        place = places[role]
        sharing = [r for r in roles if places[r] == place]
        span = points_by_place[place - 1: place - 1 + len(sharing)]
        points = sum(span, Decimal("0")) / len(span)
        if place == 1 and len(sharing) == 1:
            points += {"decisive": scoring.decisive_bonus, "definitive": scoring.definitive_bonus}.get(
                result.get("level"), Decimal("0"))
        vp_for = vp_against = None
        if all_scored:
            vp_for = int(scores[role])
            vp_against = int(max(scores[r] for r in roles if r != role))
            if scoring.vp_difference:
                points += scoring.vp_difference * (Decimal(vp_for) - Decimal(vp_against))
        pairwise = {other: (Decimal("1") if place < places[other] else Decimal("0.5") if place == places[other] else Decimal("0"))
                    for other in roles if other != role}
        out[role] = {"points": points, "place": place, "shared": len(sharing) > 1, "vp_for": vp_for,
                     "vp_against": vp_against, "pairwise": pairwise}
    return out


def _compute_table(rows: dict, game: GameRow, table: list[tuple[str, int]], scoring: Scoring, scored: list) -> None:
    """A table of three or more: its running VP, or each seat's points, place and
    pairwise results (``scored`` takes one (player, opponent, head-to-head points,
    fraction) per pair, the head-to-head points being the fraction)."""
    entries = dict(table)
    if game.result is None:
        vp = game.live_vp or {}
        for role, entry in table:
            if entry in rows:
                rows[entry].running.append(
                    {"round": game.round, "board": game.board, "game": game.game_id, "role": role,
                     "opponents": [e for r, e in table if r != role], "vp": vp.get(role),
                     "table_vp": [vp.get(r) for r, _e in table]})
        return
    outcome = table_points(scoring, game.result, table)
    for role, entry in table:
        if entry not in rows:
            continue
        row, mine = rows[entry], outcome[role]
        row.points += mine["points"]
        row.played += 1
        if mine["place"] == 1 and not mine["shared"]:
            row.wins += 1
        elif mine["place"] == 1:
            row.draws += 1
        else:
            row.losses += 1
        while len(row.places) < len(table):
            row.places.append(0)
        row.places[mine["place"] - 1] += 1
        if mine["vp_for"] is not None:
            row.vp_for += mine["vp_for"]
            row.vp_against += mine["vp_against"]
        for other, fraction in mine["pairwise"].items():
            scored.append((entry, entries[other], fraction, fraction))


def compute(entries: list[tuple[int, str]], games: list[GameRow], scoring: Scoring) -> list[Row]:
    rows = {entry: Row(entry=entry, name=name) for entry, name in entries}
    # (player, opponent, points scored, fraction) per finished game.
    scored: list[tuple[int, int, Decimal, Decimal]] = []
    for game in games:
        table = game.table()
        if not table:
            if game.primus in rows:
                rows[game.primus].byes += 1
                rows[game.primus].points += scoring.bye
            continue
        if len(table) > 2:
            _compute_table(rows, game, table, scoring, scored)
            continue
        (first, _e1), (second, _e2) = table
        sides = dict(table)
        others = {first: second, second: first}
        if game.result is None:
            for role, entry in sides.items():
                other = others[role]
                vp = game.live_vp or {}
                if entry in rows:
                    rows[entry].running.append(
                        {"round": game.round, "board": game.board, "game": game.game_id, "role": role,
                         "opponent": sides[other], "vp": vp.get(role), "opponent_vp": vp.get(other)}
                    )
            continue
        scores = game.result.get("scores") or {}
        for role, entry in sides.items():
            other = others[role]
            if entry not in rows:
                continue
            row = rows[entry]
            points, fraction = game_points(scoring, game.result, role, other)
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
