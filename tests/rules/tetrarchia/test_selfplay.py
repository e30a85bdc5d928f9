"""Random legal self-play: no crash, no dead end, no endless loop, no refused order, and
the same seed replays to the same final state."""

from __future__ import annotations

import pytest

from rules.tetrarchia.selfplay import play_game, run, summary


@pytest.mark.parametrize("policy,games", [("random", 10), ("simple", 10), ("greedy", 2)])
def test_games_per_policy(policy, games):
    """Ten games a level for the quick players, two for the planner (its games last longer:
    it wins them)."""
    results = run(["4211", "5300", "3122"], games=games, seed=100, policy=policy)
    reports = [r for rs in results.values() for r in rs]
    assert len(reports) == 3 * games
    bad = [r for r in reports if not r.ok]
    assert not bad, summary(results)
    assert all(r.refused_orders == 0 for r in reports), summary(results)
    assert all(r.result in ("victory", "defeat") for r in reports)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count(players):
    r = play_game(5, players=players, policy="greedy")
    assert r.ok and r.result, r.detail


def test_variants_all_on():
    opts = {"imperivm": True, "mare_nostrvm": True, "diarchia": True, "patres_patriae": True, "le_grand": True}
    for seed in range(8):
        r = play_game(seed, options=opts, policy="greedy")
        assert r.ok and r.refused_orders == 0, r.detail


def test_replay_is_identical():
    a, b = play_game(42, policy="greedy"), play_game(42, policy="greedy")
    assert a.final_hash == b.final_hash and a.steps == b.steps
