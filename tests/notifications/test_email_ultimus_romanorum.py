"""A turn email of an Ultimus Romanorum game: the decision by name and the one-click link,
through the contract alone (the same templates as every title)."""

from __future__ import annotations

import re

import pytest

from games import services
from games.models import Step
from tests.games.play import player_of


@pytest.fixture
def ur_game(two_players, monkeypatch):
    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(40, 72)))
    aurelia, marcus = two_players
    game = services.game_create(ruleset="ultimus-romanorum", scenario="463", options={}, created_by=aurelia,
                                role="ROMAIN", entropy="a")
    services.game_join(game=game, player=marcus, role="BARBARE", entropy="m")
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_the_turn_email_of_a_ur_game_names_the_decision(ur_game, smtp_sink, no_delivery, django_capture_on_commit_callbacks):
    from notifications import services as notify
    from tests.notifications.mail import deliver_all

    step = ur_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(ur_game, role)
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=ur_game, step=step)
    assert "sent" in deliver_all()
    found = smtp_sink.wait_for(lambda m: m["to"] == [player.email], timeout=30)
    message = found[-1]["message"]
    body = message.get_body(preferencelist=("plain",)).get_content()
    assert re.search(r"http://testserver/games/\d+/link/", body)
    prompt = next(p for p in step.prompts if p["role"] == role)
    assert prompt["title"]["en"] in body or prompt["title"]["fr"] in body
