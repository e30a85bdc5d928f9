"""Pairing algorithms, pure Python (no Django): round robin in pools (the circle method of
Berger tables) and Swiss (score groups, no repeat pairing, colour balance between PRIMUS
and SECONDUS, one bye at most per player). Deterministic: the same history gives the
same round.

A *colour* is the seat a player takes: ``P`` for PRIMUS, ``S`` for SECONDUS."""

from __future__ import annotations

from dataclasses import dataclass, field

PRIMUS, SECONDUS = "P", "S"
#: Hard limits of the Swiss colour rule: |PRIMUS games - SECONDUS games| never above this,
#: and never the same colour three rounds running.
MAX_COLOUR_IMBALANCE = 2


class PairingImpossible(Exception):
    """No pairing satisfies the constraints (every player has met every other, say)."""


@dataclass
class Player:
    id: int
    score: float = 0.0
    rating: float = 1500.0
    colours: list[str] = field(default_factory=list)  # oldest first, byes not included
    opponents: set[int] = field(default_factory=set)
    had_bye: bool = False

    @property
    def balance(self) -> int:
        return self.colours.count(PRIMUS) - self.colours.count(SECONDUS)


@dataclass(frozen=True)
class Round:
    pairs: list[tuple[int, int]]  # (primus id, secundus id)
    byes: list[int]


# -- Swiss -------------------------------------------------------------------------------


def _colour_ok(player: Player, colour: str) -> bool:
    history = player.colours + [colour]
    balance = history.count(PRIMUS) - history.count(SECONDUS)
    if abs(balance) > MAX_COLOUR_IMBALANCE:
        return False
    return not (len(history) >= 3 and len(set(history[-3:])) == 1)


def _due(player: Player) -> str | None:
    """The colour the player should have next, if any preference."""
    if player.balance > 0:
        return SECONDUS
    if player.balance < 0:
        return PRIMUS
    if player.colours:
        return SECONDUS if player.colours[-1] == PRIMUS else PRIMUS
    return None


def colours_for(a: Player, b: Player, round_number: int) -> tuple[int, int, int] | None:
    """(primus id, secundus id, penalty) for a pair, or None when no colour assignment
    keeps both within the hard limits. Penalty counts the players not given their due."""
    due_a, due_b = _due(a), _due(b)
    if due_a == PRIMUS or due_b == SECONDUS:
        preferred = (a, b)
    elif due_a == SECONDUS or due_b == PRIMUS:
        preferred = (b, a)
    else:  # neither has a preference (round 1): the higher ranked alternates by round
        preferred = (a, b) if round_number % 2 == 1 else (b, a)
    for primus, secundus in (preferred, preferred[::-1]):
        if _colour_ok(primus, PRIMUS) and _colour_ok(secundus, SECONDUS):
            penalty = int(_due(primus) == SECONDUS) + int(_due(secundus) == PRIMUS)
            return primus.id, secundus.id, penalty
    return None


def _rank_key(player: Player):
    return (-player.score, -player.rating, player.id)


def swiss_round(players: list[Player], round_number: int) -> Round:
    """Pair one Swiss round. Players are ranked by score, then rating; each takes the
    nearest-ranked opponent they have not met whose colours fit (same score first,
    then the fewest players off their due colour), backtracking when the rest cannot be
    paired. With an odd number, the lowest-ranked player without a bye gets it."""
    ranked = sorted(players, key=_rank_key)
    bye_candidates: list[Player | None] = [None]
    if len(ranked) % 2:
        bye_candidates = [p for p in reversed(ranked) if not p.had_bye] or list(reversed(ranked))
    for bye in bye_candidates:
        pool = [p for p in ranked if p is not bye]
        pairs = _pair(pool, round_number)
        if pairs is not None:
            return Round(pairs=pairs, byes=[bye.id] if bye else [])
    raise PairingImpossible("no Swiss pairing avoids a repeat and keeps colours balanced")


def _pair(pool: list[Player], round_number: int, budget: list[int] | None = None) -> list[tuple[int, int]] | None:
    budget = budget if budget is not None else [200_000]
    if not pool:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    first, rest = pool[0], pool[1:]
    options = []
    for index, other in enumerate(rest):
        if other.id in first.opponents:
            continue
        colours = colours_for(first, other, round_number)
        if colours is None:
            continue
        options.append((abs(first.score - other.score), colours[2], index, other, colours))
    options.sort(key=lambda option: option[:3])
    for _, _, _, other, (primus, secundus, _) in options:
        remainder = _pair([p for p in rest if p is not other], round_number, budget)
        if remainder is not None:
            return [(primus, secundus)] + remainder
    return None


# -- round robin -------------------------------------------------------------------------


def pools_by_seed(player_ids: list[int], pool_size: int) -> list[list[int]]:
    """Snake seeding: ids in seed order dealt into ceil(n / pool_size) pools, 1-2-3-3-2-1."""
    if not player_ids:
        return []
    count = max(1, -(-len(player_ids) // max(pool_size, 2)))
    pools: list[list[int]] = [[] for _ in range(count)]
    for index, player_id in enumerate(player_ids):
        lap, offset = divmod(index, count)
        pools[offset if lap % 2 == 0 else count - 1 - offset].append(player_id)
    return pools


def round_robin_round(pool: list[int], round_number: int) -> Round:
    """Round ``round_number`` (1-based) of the pool's Berger table by the circle method;
    after n-1 rounds (n rounded up to even) the cycle repeats with colours swapped."""
    # An odd pool gets a bye slot in the fixed seat of the circle: the real players then
    # keep the alternation of the rotating seats.
    ids: list[int | None] = ([None] if len(pool) % 2 else []) + list(pool)
    n = len(ids)
    if n < 2:
        return Round(pairs=[], byes=[i for i in ids if i is not None])
    cycle, r = divmod(round_number - 1, n - 1)
    rotating = ids[1:]
    rotating = rotating[-r:] + rotating[:-r] if r else rotating
    order = [ids[0]] + rotating
    pairs, byes = [], []
    for i in range(n // 2):
        a, b = order[i], order[n - 1 - i]
        if i == 0:
            swap = r % 2 == 1
        else:
            swap = i % 2 == 1
        if swap:
            a, b = b, a
        if cycle % 2 == 1:
            a, b = b, a
        if a is None or b is None:
            byes.append(a if b is None else b)
        else:
            pairs.append((a, b))
    return Round(pairs=pairs, byes=byes)


# -- tables of three or more seats -------------------------------------------------------
#
# A game of three or four players (Kings of Rome) or of any number of seats (a refereed
# game) seats a *table* of players, each in one seat of the ruleset's role list. Whoever
# sits at one table has "met" each of the others there. Pairing then means dealing the
# players into tables: repeat meetings avoided as far as possible (a soft rule: with few
# players some repeat is unavoidable), then players of close scores together (Swiss), and
# at each table the seats given so that each player's seat history stays balanced.
# Deterministic: the same history gives the same round.


@dataclass
class Seated:
    """A player as the table algorithms see them: ``met`` counts the games shared with
    each other player, ``seats`` the seat index of each game played (oldest first)."""

    id: int
    score: float = 0.0
    rating: float = 1500.0
    met: dict[int, int] = field(default_factory=dict)
    seats: list[int] = field(default_factory=list)
    byes: int = 0
    last_bye: int = 0  # the round of the last bye (0: none)


@dataclass(frozen=True)
class Tables:
    tables: list[list[int]]  # each table: player ids in seat order (the ruleset's roles)
    byes: list[int]


#: Above this many combinations the table builder takes the next players in rank order
#: and leaves the rest to the exchanges between tables.
_MAX_COMBINATIONS = 2000
#: Fresh starts tried (from deterministic shuffles) while a round still repeats a meeting.
_RESTARTS = 12


def _table_cost(table: list[Seated]) -> tuple[int, float, float]:
    """(repeat meetings, score spread, rank spread) of one table: the square of each
    pair's earlier games together (so that meetings spread over many pairs), the sum of each pair's score difference, and the same for the rank
    (the players' index in rank order, kept on them as ``_rank``)."""
    repeats, spread, ranks = 0, 0.0, 0.0
    for i, a in enumerate(table):
        for b in table[i + 1:]:
            met = a.met.get(b.id, 0)
            repeats += met * met  # a third meeting weighs more than two second ones
            spread += abs(a.score - b.score)
            ranks += abs(a._rank - b._rank)  # type: ignore[attr-defined]
    return repeats, spread, ranks


def _add(a: tuple, b: tuple) -> tuple:
    return tuple(x + y for x, y in zip(a, b))


def _sub(a: tuple, b: tuple) -> tuple:
    return tuple(x - y for x, y in zip(a, b))


def _greedy_tables(order: list[Seated], size: int) -> list[list[Seated]]:
    """The first remaining player with the k-1 players of the nearest ranks that make the
    cheapest table (few repeats first, then close scores), table after table."""
    from itertools import combinations
    from math import comb

    remaining = list(order)
    tables = []
    while remaining:
        first, rest = remaining[0], remaining[1:]
        window = rest[: max(size - 1, 2 * (size - 1) + 1)]
        if comb(len(window), size - 1) > _MAX_COMBINATIONS:
            window = rest[: size - 1]
        best = min(combinations(window, size - 1), key=lambda combo: _table_cost([first, *combo]))
        table = [first, *best]
        tables.append(table)
        remaining = [p for p in remaining if p not in table]
    return tables


def _improve(tables: list[list[Seated]], *, max_passes: int = 40) -> list[list[Seated]]:
    """Exchange two players of two tables while it lowers the round's cost (repeats,
    then score spread, then rank spread); the first improving exchange in a fixed order
    is taken, so the result is deterministic. Beyond 16 tables the exchanges are tried
    between tables at most 4 boards apart (neighbours in rank), then between a table
    that still repeats a meeting and any other."""
    tables = [list(t) for t in tables]
    costs = [_table_cost(t) for t in tables]
    count = len(tables)

    def exchange(i: int, j: int) -> bool:
        for a_index in range(len(tables[i])):
            for b_index in range(len(tables[j])):
                ti, tj = list(tables[i]), list(tables[j])
                ti[a_index], tj[b_index] = tj[b_index], ti[a_index]
                ci, cj = _table_cost(ti), _table_cost(tj)
                if _add(ci, cj) < _add(costs[i], costs[j]):
                    tables[i], tables[j], costs[i], costs[j] = ti, tj, ci, cj
                    return True
        return False

    def passes(pairs) -> None:
        for _ in range(max_passes):
            improved = False
            for i, j in pairs():
                while exchange(i, j):
                    improved = True
            if not improved:
                return

    window = count if count <= 16 else 4
    passes(lambda: ((i, j) for i in range(count) for j in range(i + 1, min(count, i + 1 + window))))
    if window < count:
        passes(lambda: ((min(i, j), max(i, j)) for i in range(count) if costs[i][0] for j in range(count) if j != i))
    return tables


def _round_cost(tables: list[list[Seated]]) -> tuple:
    total: tuple = (0, 0.0, 0.0)
    for table in tables:
        total = _add(total, _table_cost(table))
    return total


#: Up to this many ways of dealing the players into tables, every one is weighed.
_EXHAUSTIVE = 2_000


def _partitions(count: int, size: int) -> int:
    """The number of ways to deal ``count`` players into tables of ``size``."""
    from math import factorial

    tables = count // size
    return factorial(count) // (factorial(size) ** tables * factorial(tables))


def _every_dealing(players: list[Seated], size: int):
    """Every way of dealing ``players`` into tables of ``size`` (the first player's table
    first, its other players in rank order), in a fixed order."""
    from itertools import combinations

    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for combo in combinations(rest, size - 1):
        others = [p for p in rest if p not in combo]
        for tail in _every_dealing(others, size):
            yield [[first, *combo], *tail]


def _deal(ranked: list[Seated], size: int, salt: int) -> list[list[Seated]]:
    """Deal ``ranked`` (a multiple of ``size``) into tables: greedy, then exchanges, then
    fresh starts from deterministic shuffles while a meeting still repeats."""
    import random

    for index, player in enumerate(ranked):
        player._rank = index  # type: ignore[attr-defined]
    if _partitions(len(ranked), size) <= _EXHAUSTIVE:
        best = min(_every_dealing(ranked, size), key=_round_cost)
        return sorted(best, key=lambda table: min(p._rank for p in table))  # type: ignore[attr-defined]
    best = _improve(_greedy_tables(ranked, size))
    best_cost = _round_cost(best)
    if best_cost[0] and len(ranked) <= 64:
        rng = random.Random(salt)
        for _attempt in range(_RESTARTS):
            order = list(ranked)
            rng.shuffle(order)
            candidate = _improve(_greedy_tables(order, size))
            cost = _round_cost(candidate)
            if cost < best_cost:
                best, best_cost = candidate, cost
            if not best_cost[0]:
                break
    # Tables in rank order of their best-ranked player (board 1 holds the leaders).
    return sorted(best, key=lambda table: min(p._rank for p in table))  # type: ignore[attr-defined]


def seat_order(table: list[Seated], size: int) -> list[int]:
    """The table's players in seat order: the assignment that gives the players the seats
    they have held least (then not the seat of their last game), over every permutation
    for tables up to 7 seats, seat by seat beyond. Ties keep the players' order."""
    from itertools import permutations

    def cost(player: Seated, seat: int) -> int:
        return player.seats.count(seat) * 10 + int(bool(player.seats) and player.seats[-1] == seat)

    if size <= 7:
        best = min(permutations(range(len(table))),
                   key=lambda perm: sum(cost(table[p], seat) for seat, p in enumerate(perm)))
        return [table[p].id for p in best]
    left, order = list(table), []
    for seat in range(size):
        chosen = min(left, key=lambda p: cost(p, seat))
        order.append(chosen.id)
        left.remove(chosen)
    return order


def _sit(tables: list[list[Seated]], size: int) -> list[list[int]]:
    return [seat_order(table, size) for table in tables]


def swiss_tables(players: list[Seated], table_size: int, round_number: int) -> Tables:
    """One Swiss round of tables of ``table_size``: players ranked by score, then rating;
    when the number does not divide, the lowest-ranked players among those with the
    fewest byes sit out (a bye each); the others are dealt into tables avoiding repeat
    meetings as far as possible, then keeping close scores together; seats balanced."""
    if table_size < 2:
        raise PairingImpossible("a table seats at least two players")
    ranked = sorted(players, key=_rank_key)
    if len(ranked) < table_size:
        raise PairingImpossible("fewer players than seats at a table")
    spare = len(ranked) % table_size
    byes = []
    if spare:
        by_need = sorted(enumerate(ranked), key=lambda item: (item[1].byes, -item[0]))
        byes = [p for _index, p in by_need[:spare]]
    seated = [p for p in ranked if p not in byes]
    tables = _deal(seated, table_size, salt=round_number)
    return Tables(tables=_sit(tables, table_size), byes=sorted((p.id for p in byes), key=[p.id for p in ranked].index))


def record_table(players: dict, table: list) -> None:
    """A played table in its players' histories: the seat each took (its index) and each
    other player met. A player not in ``players`` (withdrawn) is left out."""
    for seat, pid in enumerate(table):
        if pid not in players:
            continue
        players[pid].seats.append(seat)
        for other in table:
            if other != pid:
                players[pid].met[other] = players[pid].met.get(other, 0) + 1


def round_robin_tables(pool: list[int], table_size: int, round_number: int) -> Tables:
    """Round ``round_number`` (1-based) of a pool's schedule of tables: the rounds before
    it are dealt again from the pool alone (never from results, so rounds may run side
    by side), each round avoiding the meetings of the rounds before as far as possible,
    byes going to whoever has had fewest (then longest ago, then the lowest seed), seats
    balanced over the rounds. A pool of exactly ``table_size`` plays together each round,
    each player in each seat once per ``table_size`` rounds."""
    if table_size < 2:
        raise PairingImpossible("a table seats at least two players")
    players = {pid: Seated(id=pid) for pid in pool}
    seed = {pid: index for index, pid in enumerate(pool)}
    result = Tables(tables=[], byes=list(pool))
    for number in range(1, round_number + 1):
        spare = len(pool) % table_size if len(pool) >= table_size else len(pool)
        by_need = sorted(pool, key=lambda pid: (players[pid].byes, players[pid].last_bye, -seed[pid]))
        byes = by_need[:spare]
        seated = [players[pid] for pid in pool if pid not in byes]
        tables = _sit(_deal(seated, table_size, salt=number), table_size) if seated else []
        for pid in byes:
            players[pid].byes += 1
            players[pid].last_bye = number
        for table in tables:
            record_table(players, table)
        result = Tables(tables=tables, byes=sorted(byes, key=seed.get))
    return result


def pools_for_tables(player_ids: list[int], pool_size: int, table_size: int) -> list[list[int]]:
    """Snake seeding into pools of at most ``pool_size`` players where each pool can seat
    at least one table of ``table_size`` (fewer pools when the numbers ask for it)."""
    if not player_ids:
        return []
    count = max(1, -(-len(player_ids) // max(pool_size, table_size)))
    count = max(1, min(count, len(player_ids) // table_size))
    pools: list[list[int]] = [[] for _ in range(count)]
    for index, player_id in enumerate(player_ids):
        lap, offset = divmod(index, count)
        pools[offset if lap % 2 == 0 else count - 1 - offset].append(player_id)
    return pools
