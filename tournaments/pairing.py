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
