"""The end of a game in the game's terms (issue 16, item 19): the page, the "game is
over" email and the log say who won and why — Semper Victor's level of victory and its
victory points, Tetrarchia's defeat with its reason and the score out of 10 with its
parts — and no raw data."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game, Step
from notifications.models import Outbox
from rules.imperator.engine import outcome_from_vp
from tests.games.play import player_of


def _play_out(game, max_steps: int = 400):
    """Default orders for every prompted seat, step after step, through the platform's
    services (the worker's path), until the engine ends the game."""
    for _ in range(max_steps):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return game
        step = game.steps.get(status=Step.Status.OPEN)
        for prompt in step.prompts:
            services.order_submit(game=game, player=player_of(game, prompt["role"]), step=step.number,
                                  orders=prompt["default_orders"])
        assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    raise AssertionError("the game did not end")


def _english(user):
    from notifications.services import profile_set_language

    profile_set_language(user=user, language="en")


@pytest.mark.parametrize("vp, words", [
    ({"PRIMUS": 22, "SECONDUS": 10}, "PRIMUS wins a decisive victory: 22 victory points to 10 for SECONDUS"),
    ({"PRIMUS": 3, "SECONDUS": 30}, "SECONDUS wins a definitive victory: 30 victory points to 3 for PRIMUS"),
    ({"PRIMUS": 12, "SECONDUS": 10}, "PRIMUS wins a marginal victory: 12 victory points to 10 for SECONDUS"),
    ({"PRIMUS": 9, "SECONDUS": 9}, "A draw"),
])
def test_semper_victor_says_the_level_of_victory_and_the_points(ruleset, vp, words):
    lines = ruleset.outcome_text(outcome_from_vp(vp).as_dict())
    assert lines[0]["en"].startswith(words) and lines[0]["fr"]
    assert f"PRIMUS {vp['PRIMUS']}, SECONDUS {vp['SECONDUS']}" in lines[1]["en"]


def test_tetrarchia_says_the_reason_and_every_part_of_the_score_out_of_ten():
    from rules import get_ruleset
    from rules.selfplay import play_game

    rs = get_ruleset("tetrarchia")
    outcome = play_game("tetrarchia", 1).outcome
    detail = outcome["detail"]
    lines = rs.outcome_text(outcome)
    assert lines[0]["en"].startswith("Defeat of the emperors: " if detail["result"] == "defeat" else "Victory of the emperors: ")
    assert lines[0]["fr"].startswith("Défaite des empereurs" if detail["result"] == "defeat" else "Victoire des empereurs")
    score = next(line for line in lines if line["en"].startswith("Score out of 10"))
    assert f"Score out of 10: {detail['ten_point_score']['score']} (" in score["en"]
    for value in detail["ten_point_score"]["parts"].values():
        if value:
            assert f"{value:+d} " in score["en"]
    assert "{" not in " ".join(line["en"] + line["fr"] for line in lines)


@pytest.mark.django_db
def test_a_semper_victor_game_ends_on_the_page_in_the_email_and_the_log_in_its_terms(started_game, client, django_capture_on_commit_callbacks, dispatched):
    game = started_game
    state = dict(game.state, last_year=game.state["first_year"])  # one year (the self-play harness's knob)
    Game.objects.filter(pk=game.pk).update(state=state)
    for seat in game.seats.all():
        _english(seat.player)
    with django_capture_on_commit_callbacks(execute=True):
        _play_out(game)
    game.refresh_from_db()
    expected = services.ruleset_for(game.ruleset).outcome_text(game.outcome)
    head = expected[0]["en"]
    assert "victory points" in head or "draw" in head

    client.force_login(player_of(game, "PRIMUS"))
    client.cookies["django_language"] = "en"
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert head.replace("'", "&#x27;") in page and expected[1]["en"] in page

    from notifications import services as notify

    notify.notify_game_finished(game=game)
    mail = Outbox.objects.get(kind="finished", recipient=player_of(game, "SECONDUS"))
    assert head in mail.text_body and expected[1]["en"] in mail.text_body
    assert "{" not in mail.text_body and "outcome" not in mail.text_body
    finished = game.events.get(type="game_finished")
    assert head in finished.data["message"]["en"] and expected[0]["fr"] in finished.data["message"]["fr"]


@pytest.mark.django_db
def test_a_tetrarchia_defeat_tells_its_reason_and_its_score_on_the_page_and_in_the_email(make_player, client, django_capture_on_commit_callbacks, dispatched):
    player = make_player("diocletianus")
    rs = services.ruleset_for("tetrarchia")
    game = services.game_create(ruleset="tetrarchia", scenario=rs.scenarios()[0]["id"], options={}, created_by=player, role=None)
    with django_capture_on_commit_callbacks(execute=True):
        _play_out(game)
    game.refresh_from_db()
    lines = rs.outcome_text(game.outcome)
    assert game.outcome["level"] in ("defeat", "victory")
    client.force_login(player)
    client.cookies["django_language"] = "en"
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Defeat of the emperors" in page or "Victory of the emperors" in page
    assert "Score out of 10" in page

    from notifications import services as notify

    notify.notify_game_finished(game=game)
    mail = Outbox.objects.get(kind="finished", recipient=player)
    for line in lines:
        assert line["en"] in mail.text_body
    assert "{" not in mail.text_body and "ten_point_score" not in mail.text_body
