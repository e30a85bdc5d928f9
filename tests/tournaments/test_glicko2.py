"""Glicko-2 against the worked example of Glickman's paper (section "Example")."""

import pytest

from tournaments.glicko2 import Rating, update


def test_glickmans_worked_example():
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = update(player, results, tau=0.5)
    # The paper: r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_game_only_widens_the_deviation():
    after = update(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.rd == pytest.approx(200.2714, abs=0.001)


def test_a_win_against_a_stronger_player_gains_more():
    weak, strong = Rating(1500, 100), Rating(1800, 100)
    assert update(weak, [(strong, 1.0)]).rating - 1500 > update(weak, [(weak, 1.0)]).rating - 1500 > 0
