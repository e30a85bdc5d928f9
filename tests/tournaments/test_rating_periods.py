"""Glicko-2 rating periods (issue 14, item 16): the rating deviation of a player with no
rated game in a rating period grows by Glickman's step (step 6 alone), before their next
game is rated and on the rating pages and API. Numbers from Glickman's paper, "Example of
the Glicko-2 system" (2013)."""

from __future__ import annotations

import math
from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import glicko2, selectors, services
from tournaments.glicko2 import PERIOD_EPOCH, SCALE, Rating, idle, idle_periods, update
from tournaments.models import Pairing, Rating as RatingRow


def test_a_period_without_games_is_step_6_of_the_paper():
    # The paper's player: RD 200 is phi = 1.1513 on the Glicko-2 scale; with the paper's
    # new volatility 0.05999, step 6 gives phi* = sqrt(1.1513^2 + 0.05999^2) = 1.152862.
    player = Rating(1500, 1.1513 * SCALE, 0.05999)
    after = idle(player, 1)
    assert after.rd / SCALE == pytest.approx(1.152862, abs=1e-6)
    assert (after.rating, after.volatility) == (1500, 0.05999)  # only the RD moves
    # With no game the update of the paper is the same step (its own volatility 0.06).
    assert idle(Rating(1500, 200, 0.06)).rd == pytest.approx(update(Rating(1500, 200, 0.06), []).rd)


def test_the_paper_player_after_the_example_then_idle_periods():
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01) and after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    # One period without games: phi' = sqrt(0.8722^2 + 0.05999^2) = 0.87426 -> RD 151.87.
    one = idle(after, 1)
    assert one.rd / SCALE == pytest.approx(math.sqrt(0.8722 ** 2 + 0.05999 ** 2), abs=1e-4)
    assert one.rd == pytest.approx(151.87, abs=0.01) and one.rating == after.rating
    # n periods are n steps, and the RD never passes an unrated player's 350.
    step_by_step = after
    for _ in range(12):
        step_by_step = idle(step_by_step, 1)
    assert idle(after, 12).rd == pytest.approx(step_by_step.rd)
    assert idle(after, 10**6).rd == 350.0
    assert idle(after, 0) == after


def test_counting_the_periods_without_games():
    day = timedelta(days=1)
    start = PERIOD_EPOCH + 40 * day  # in period 1 of 30-day periods
    assert glicko2.period_of(start, days=30) == 1
    assert idle_periods(None, start, days=30) == 0
    assert idle_periods(start, start + 19 * day, days=30) == 0  # still period 1
    assert idle_periods(start, start + 21 * day, days=30) == 0  # period 2 has not ended
    assert idle_periods(start, start + 51 * day, days=30) == 1  # period 2 ended without a game
    assert idle_periods(start, start + 365 * day, days=30) == 11
    assert idle_periods(start, start - 100 * day, days=30) == 0


@pytest.fixture
def paired(make_player):
    organiser = make_player("arbiter")
    t = services.tournament_create(created_by=organiser, name="Ludi", ruleset="semper-victor", scenario="305", rounds_planned=1)
    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    for player in (aurelia, marcus):
        services.entry_register(tournament=t, player=player)
    services.round_pair_next(tournament=t, by=organiser)
    return t, Pairing.objects.get(tournament=t), aurelia, marcus


@pytest.mark.django_db
def test_an_inactive_players_deviation_grows_on_the_page_and_the_api_and_counts_in_the_next_game(
        paired, client, api_for, settings):
    settings.CURSUS_RATING_PERIOD_DAYS = 30
    t, pairing, aurelia, marcus = paired
    # Aurelia's last rated game fell in the fourth period before this one: three whole
    # 30-day periods have ended since without a game of hers.
    now = timezone.now()
    last = PERIOD_EPOCH + timedelta(days=30 * (glicko2.period_of(now, days=30) - 4) + 1)
    RatingRow.objects.create(player=aurelia, ruleset="semper-victor", rating=1464.06, rd=151.52, volatility=0.05999,
                             games=3, last_rated_at=last)
    periods = idle_periods(last, now, days=30)
    assert periods == 3
    widened = idle(Rating(1464.06, 151.52, 0.05999), periods)
    assert widened.rd > 151.52 + 0.3

    profile = api_for().get(f"/api/v1/tournaments/players/{aurelia.username}/").json()
    row = profile["ratings"][0]
    assert row["rd"] == round(widened.rd, 1) and row["rd_after_last_game"] == 151.5
    assert row["idle_periods"] == periods and row["rating"] == 1464.1 and profile["rating_period_days"] == 30
    page = client.get(f"/tournaments/players/{aurelia.username}/").content.decode()
    assert f"{round(widened.rd, 1)}" in page and f"rating periods without a game since: {periods}" in page
    assert "every rating period of 30 days" in page
    assert "périodes de classement sans partie depuis : 3" in client.get(f"/tournaments/players/{aurelia.username}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    # Her next game is rated from the widened deviation, and marcus (never rated) from 350.
    services.pairing_result_adjust(tournament=t, pairing_id=pairing.pk, by=t.created_by, winner="PRIMUS",
                                   level="marginal", scores={"PRIMUS": 12, "SECONDUS": 10}, reason="reported")
    seat = "PRIMUS" if pairing.primus.player == aurelia else "SECONDUS"
    expected = update(widened, [(Rating(), 1.0 if seat == "PRIMUS" else 0.0)])
    rated = RatingRow.objects.get(player=aurelia)
    assert rated.rd == pytest.approx(expected.rd) and rated.rating == pytest.approx(expected.rating)
    assert rated.games == 4 and rated.last_rated_at > last
    again = api_for().get(f"/api/v1/tournaments/players/{aurelia.username}/").json()["ratings"][0]
    assert again["idle_periods"] == 0 and again["rd"] == round(expected.rd, 1)
    assert selectors.rating_of(player=aurelia, ruleset="semper-victor")["rd"] == pytest.approx(expected.rd)
