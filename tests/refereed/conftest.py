"""A refereed game of Alea Iacta Est with three accounts: two seats and the master."""

from __future__ import annotations

import pytest

# The outbox held for the test to deliver, and the inbound SMTP server: the notifications
# tests' fixtures, shared rather than copied.
from tests.notifications.conftest import inbound_server, no_delivery  # noqa: F401


@pytest.fixture
def aie_game(make_player, monkeypatch):
    from games import services

    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(40, 72)))
    caesar, pompey, master = make_player("caesar"), make_player("pompey", language="fr"), make_player("referee")
    game = services.game_create(ruleset="refereed", scenario="alea-iacta-est", options={}, created_by=master,
                                role="master", entropy="referee")
    services.game_join(game=game, player=caesar, role="cesarien", entropy="caesar")
    services.game_join(game=game, player=pompey, role="republicain", entropy="pompey")
    game.refresh_from_db()
    return game


@pytest.fixture
def players(aie_game):
    return {seat.role: seat.player for seat in aie_game.seats.select_related("player")}
