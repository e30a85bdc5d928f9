"""The pairing algorithms alone (tournaments/pairing.py)."""

import itertools
import random

import pytest

from tournaments.pairing import (
    MAX_COLOUR_IMBALANCE,
    PRIMUS,
    SECONDUS,
    Player,
    pools_by_seed,
    round_robin_round,
    swiss_round,
)


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6, 7, 8, 10])
def test_round_robin_meets_everyone_once_with_balanced_colours(size):
    pool = list(range(100, 100 + size))
    met, colours, byes = set(), {p: [] for p in pool}, {p: 0 for p in pool}
    rounds = size - 1 if size % 2 == 0 else size
    for r in range(1, rounds + 1):
        result = round_robin_round(pool, r)
        seen = [p for pair in result.pairs for p in pair] + result.byes
        assert sorted(seen) == pool  # everyone plays or sits out, once
        for primus, secundus in result.pairs:
            pair = frozenset((primus, secundus))
            assert pair not in met
            met.add(pair)
            colours[primus].append(PRIMUS)
            colours[secundus].append(SECONDUS)
        for p in result.byes:
            byes[p] += 1
    assert met == {frozenset(pair) for pair in itertools.combinations(pool, 2)}
    for history in colours.values():
        assert abs(history.count(PRIMUS) - history.count(SECONDUS)) <= 1
    assert set(byes.values()) == ({1} if size % 2 else {0})


def test_snake_seeding():
    assert pools_by_seed(list(range(1, 9)), 4) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert pools_by_seed([1, 2, 3], 4) == [[1, 2, 3]]


def play_swiss(count: int, rounds: int, seed: int):
    rng = random.Random(seed)
    players = {i: Player(id=i, rating=2000 - i) for i in range(1, count + 1)}
    for r in range(1, rounds + 1):
        result = swiss_round(list(players.values()), r)
        assert len(result.byes) == count % 2
        for p in result.byes:
            assert not players[p].had_bye
            players[p].had_bye = True
            players[p].score += 1
        for a, b in result.pairs:
            assert b not in players[a].opponents
            players[a].opponents.add(b)
            players[b].opponents.add(a)
            players[a].colours.append(PRIMUS)
            players[b].colours.append(SECONDUS)
            outcome = rng.choice([1.0, 0.5, 0.0])
            players[a].score += outcome
            players[b].score += 1 - outcome
        for player in players.values():
            assert abs(player.balance) <= MAX_COLOUR_IMBALANCE
            assert not any(len(set(player.colours[i : i + 3])) == 1 for i in range(len(player.colours) - 2))
    return players


@pytest.mark.parametrize("count,rounds,seed", [(16, 5, 1), (16, 7, 2), (9, 5, 3), (7, 5, 4), (32, 6, 5)])
def test_swiss_never_repeats_and_balances_colours(count, rounds, seed):
    players = play_swiss(count, rounds, seed)
    if count % 2 == 0 and rounds % 2 == 1:
        # With an odd number of games each, the best balance is one game either way.
        assert sum(abs(p.balance) == 1 for p in players.values()) >= count * 3 // 4


def test_swiss_first_round_pairs_top_half_against_bottom_half_by_score_group():
    players = [Player(id=i, rating=2000 - i) for i in range(1, 9)]
    result = swiss_round(players, 1)
    assert len(result.pairs) == 4 and not result.byes
    # Round 1: everyone has score 0; the nearest-ranked available opponent is taken.
    assert {frozenset(p) for p in result.pairs} == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6)), frozenset((7, 8))}
    assert all(PRIMUS for _ in result.pairs)
