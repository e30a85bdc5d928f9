"""Games of ``manage.py selfplay --ruleset kings-of-rome`` that once crashed, played again to
their end and replayed to the same state hash. Seeds 2038 (two players) and 2083 (three), 2026-11-28: a
Roman army won a battle at an enemy city after its leader fell, and its ``after_victory:
siege`` policy sent the leaderless army to intimidate the city, whose IP had no Curia to go
to (``machine.h_battle`` now asks for an office first)."""

from __future__ import annotations

import pytest

from rules.selfplay import play_game


@pytest.mark.parametrize("players,seed", [(2, 2038), (3, 2083)])
def test_a_game_that_crashed_plays_to_its_end(players, seed):
    report = play_game("kings-of-rome", seed, options={"players": players}, check_replay=True, stats=True)
    assert report.ok, report.detail
    assert report.outcome is not None
