"""Tables of three or more, the pure parts: dealing players into tables (round robin and
Swiss), seats rotated, byes; points per place, ties and the pairwise reading of a table
(tournaments/pairing.py, tournaments/standings.py, the contract's default placings)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from decimal import Decimal

import pytest

from rules.base import Outcome, Ruleset
from rules.registry import get_ruleset
from tournaments import standings
from tournaments.pairing import Seated, pools_for_tables, record_table, round_robin_tables, seat_order, swiss_tables


def play_schedule(pool, size, rounds):
    met, seats, byes = Counter(), {p: Counter() for p in pool}, Counter()
    for number in range(1, rounds + 1):
        paired = round_robin_tables(pool, size, number)
        seen = [p for table in paired.tables for p in table] + paired.byes
        assert sorted(seen) == sorted(pool)  # everyone sits once: at a table or out
        assert all(len(table) == size for table in paired.tables)
        for table in paired.tables:
            for seat, player in enumerate(table):
                seats[player][seat] += 1
            met.update(frozenset(pair) for pair in itertools.combinations(table, 2))
        byes.update(paired.byes)
    return met, seats, byes


def test_a_pool_of_four_at_tables_of_four_plays_each_seat_once_in_four_rounds():
    met, seats, byes = play_schedule([11, 12, 13, 14], 4, 4)
    assert set(met.values()) == {4} and not byes
    for player, held in seats.items():
        assert held == Counter({0: 1, 1: 1, 2: 1, 3: 1}), player


def test_nine_players_at_tables_of_three_meet_each_other_exactly_once_in_four_rounds():
    # 36 pairs, 9 a round: four rounds with no repeat is the best there is (a resolvable
    # design exists, and the schedule finds it).
    pool = list(range(1, 10))
    met, seats, byes = play_schedule(pool, 3, 4)
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(pool, 2)}
    assert set(met.values()) == {1}
    for held in seats.values():  # four games in three seats: 2-1-1
        assert sorted(held[s] for s in range(3)) == [1, 1, 2]


def test_six_players_at_tables_of_three_spread_their_repeat_meetings():
    # Round 2 cannot avoid a repeat at either table (each holds two of a round-1 table);
    # over three rounds no pair meets three times and every player sat in every seat.
    pool = list(range(1, 7))
    met, seats, _byes = play_schedule(pool, 3, 3)
    assert max(met.values()) == 2
    assert all(sorted(held.values()) == [1, 1, 1] for held in seats.values())


@pytest.mark.parametrize(("count", "size"), [(7, 3), (5, 4), (10, 4)])
def test_byes_go_round_when_the_count_does_not_divide(count, size):
    pool = list(range(1, count + 1))
    rounds = count
    met, _seats, byes = play_schedule(pool, size, rounds)
    per_round = count % size
    assert sum(byes.values()) == per_round * rounds
    assert max(byes.values()) - min(byes[p] for p in pool) <= 1  # each sits out in turn


def test_the_schedule_depends_on_the_pool_alone():
    pool = [5, 3, 9, 1, 7, 2]
    assert round_robin_tables(pool, 3, 4) == round_robin_tables(list(pool), 3, 4)


def test_pools_seat_at_least_one_table_each():
    pools = pools_for_tables(list(range(10)), 4, 4)  # 10 in pools of at most 4: 2 pools, not 3 of 3-4-3
    assert [len(p) for p in pools] == [5, 5]
    assert pools_for_tables(list(range(12)), 6, 3) == [[0, 3, 4, 7, 8, 11], [1, 2, 5, 6, 9, 10]]


def test_seats_go_to_whoever_held_them_least():
    a = Seated(id=1, seats=[0, 0, 1])
    b = Seated(id=2, seats=[1, 2, 1])
    c = Seated(id=3, seats=[2, 1, 2])
    order = seat_order([a, b, c], 3)
    # a never had seat 2, b never seat 0, c never seat 0 but had seat 1 only once...
    held = {1: a, 2: b, 3: c}
    assert sum(held[player].seats.count(seat) for seat, player in enumerate(order)) == 1
    assert order == [2, 3, 1]


def swiss_history(players, tables):
    for table in tables:
        record_table(players, table)


def test_a_swiss_round_of_tables_groups_by_score_and_avoids_repeats():
    rng = random.Random(7)
    players = {pid: Seated(id=pid, rating=2000 - pid) for pid in range(1, 13)}
    first = swiss_tables(list(players.values()), 4, 1)
    assert first.tables == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]] and not first.byes  # seed order
    swiss_history(players, first.tables)
    for table in first.tables:  # places 1-4 score 3, 2, 1, 0
        order = list(table)
        rng.shuffle(order)
        for place, pid in enumerate(order):
            players[pid].score += 3 - place
    second = swiss_tables(list(players.values()), 4, 2)
    repeats = sum(players[a].met.get(b, 0) for table in second.tables for a, b in itertools.combinations(table, 2))
    # Three round-1 tables of four dealt into three tables of four: each new table holds
    # two of one old table at least, so three repeats is the fewest there can be.
    assert repeats == 3
    # The three winners of round 1 (score 3) sit at board 1 as far as repeats allow.
    winners = {pid for pid, p in players.items() if p.score == 3}
    assert winners <= set(second.tables[0])
    # Seats: nobody keeps the seat they had.
    for table in second.tables:
        for seat, pid in enumerate(table):
            assert players[pid].seats[-1] != seat


def test_swiss_byes_go_to_the_lowest_ranked_without_one():
    players = [Seated(id=pid, score=float(10 - pid), byes=1 if pid == 7 else 0) for pid in range(1, 8)]
    paired = swiss_tables(players, 3, 2)
    assert paired.byes == [6]  # 7 is last but had a bye
    assert sorted(p for t in paired.tables for p in t) == [1, 2, 3, 4, 5, 7]


# -- points per place ----------------------------------------------------------------------


def test_the_contracts_default_placings_read_the_winner_and_the_scores():
    base = Ruleset()
    assert base.placings(Outcome("b", {"a": 5, "b": 9, "c": 5, "d": 2}, "victory"), ["a", "b", "c", "d"]) == [
        ["b"], ["a", "c"], ["d"]]
    # The winner comes first even when the rules gave the win on a tie (Kings of Rome's
    # King, §8.0); no winner: the highest scores share the first place.
    assert base.placings(Outcome("c", {"a": 7, "b": 7, "c": 7}, "victory"), ["a", "b", "c"]) == [["c"], ["a", "b"]]
    assert base.placings(Outcome(None, {"a": 7, "b": 7, "c": 1}, "draw"), ["a", "b", "c"]) == [["a", "b"], ["c"]]
    # A refereed game's master publishes a winner and no score: the others share second.
    assert base.placings(Outcome("seat-2", {}, "victory"), ["seat-1", "seat-2", "seat-3"]) == [["seat-2"], ["seat-1", "seat-3"]]
    assert get_ruleset("refereed").referee_roles("open", {"players": 3}) == ["master"]
    assert get_ruleset("kings-of-rome").referee_roles("750", {}) == []


def test_places_share_the_points_of_the_places_they_span():
    scoring = standings.Scoring()
    table = [("a", 1), ("b", 2), ("c", 3), ("d", 4)]
    result = {"winner": "b", "level": "victory", "scores": {"a": 5, "b": 9, "c": 5, "d": 2}}
    got = standings.table_points(scoring, result, table)
    # Default points at four: 3, 2, 1, 0; a and c share places 2 and 3: (2 + 1) / 2 each.
    assert {role: got[role]["points"] for role in got} == {"a": Decimal("1.5"), "b": Decimal("3"), "c": Decimal("1.5"), "d": Decimal("0")}
    assert {role: got[role]["place"] for role in got} == {"a": 2, "b": 1, "c": 2, "d": 4}
    assert got["b"]["vp_for"] == 9 and got["b"]["vp_against"] == 5  # the margin over the runner-up
    assert got["d"]["vp_against"] == 9  # the gap to the leader
    assert got["a"]["pairwise"] == {"b": 0, "c": Decimal("0.5"), "d": 1}
    custom = standings.Scoring(place_points=(Decimal("5"), Decimal("3"), Decimal("1"), Decimal("0")), definitive_bonus=Decimal("1"))
    got = standings.table_points(custom, {**result, "level": "definitive"}, table)
    assert got["b"]["points"] == 6 and got["a"]["points"] == 2  # the bonus goes to a winner alone


def test_standings_of_three_tables_worked_by_hand():
    # Six players, two rounds of two tables of three (default points 2, 1, 0; a bye 2).
    #   R1 T1: a 1st (10), b 2nd (6), c 3rd (4)      R1 T2: d, e share 1st (8, 8), f 3rd (1)
    #   R2 T1: a 1st (9), d 2nd (7), f 3rd (3)       R2 T2: e 1st (12), b, c share 2nd (5, 5)
    games = [
        standings.GameRow(1, 1, 1, 2, {"winner": "x", "level": "victory", "scores": {"x": 10, "y": 6, "z": 4}},
                          seats=(("x", 1), ("y", 2), ("z", 3))),
        standings.GameRow(1, 2, 4, 5, {"winner": None, "level": "draw", "scores": {"x": 8, "y": 8, "z": 1}},
                          seats=(("x", 4), ("y", 5), ("z", 6))),
        standings.GameRow(2, 1, 6, 1, {"winner": "y", "level": "victory", "scores": {"x": 3, "y": 9, "z": 7}},
                          seats=(("x", 6), ("y", 1), ("z", 4))),
        standings.GameRow(2, 2, 5, 2, {"winner": "x", "level": "victory", "scores": {"x": 12, "y": 5, "z": 5}},
                          seats=(("x", 5), ("y", 2), ("z", 3))),
    ]
    names = [(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, "e"), (6, "f")]
    rows = {row.name: row for row in standings.compute(names, games, standings.Scoring())}
    assert {n: rows[n].points for n in rows} == {"a": 4, "b": Decimal("1.5"), "c": Decimal("0.5"), "d": Decimal("2.5"),
                                                 "e": Decimal("3.5"), "f": 0}
    assert rows["a"].places == [2, 0, 0] and rows["b"].places == [0, 2, 0] and rows["c"].places == [0, 1, 1]
    assert (rows["d"].wins, rows["d"].draws, rows["d"].losses) == (0, 1, 1)
    # Sonneborn-Berger from the pairwise results: a beat b, c (R1) and f, d (R2).
    assert rows["a"].sonneborn_berger == Decimal("1.5") + Decimal("0.5") + 0 + Decimal("2.5")
    # e drew with d (½ × 2.5) and beat f (R1), beat b and c (R2).
    assert rows["e"].sonneborn_berger == Decimal("1.25") + 0 + Decimal("1.5") + Decimal("0.5")
    assert rows["a"].vp_for == 19 and rows["a"].vp_against == 6 + 7  # the runner-up's score each time
    ranked = [row.name for row in standings.compute(names, games, standings.Scoring())]
    assert ranked == ["a", "e", "d", "b", "c", "f"]


def test_head_to_head_among_tied_players_counts_pairwise_results():
    # R1 (a, b, c): a, b, c in that order; R2 (c, d, a): d, c, a. Points 2, 1, 0:
    # a 2 + 0, b 1, c 0 + 1, d 2. Tied: a and d (d finished ahead of a), b and c (b ahead).
    games = [
        standings.GameRow(1, 1, 1, 2, {"winner": "x", "level": "victory", "scores": {"x": 9, "y": 5, "z": 3}},
                          seats=(("x", 1), ("y", 2), ("z", 3))),
        standings.GameRow(2, 1, 3, 4, {"winner": "y", "level": "victory", "scores": {"x": 5, "y": 9, "z": 3}},
                          seats=(("x", 3), ("y", 4), ("z", 1))),
    ]
    rows = standings.compute([(1, "a"), (2, "b"), (3, "c"), (4, "d")], games, standings.Scoring(tiebreaks=("head_to_head",)))
    assert [(row.name, row.points, row.head_to_head, row.rank) for row in rows] == [
        ("d", 2, 1, 1), ("a", 2, 0, 2), ("b", 1, 1, 3), ("c", 1, 0, 4)]
