"""A refereed game of Alea Iacta Est with three accounts: two seats and the master."""

from __future__ import annotations

import pytest


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


@pytest.fixture
def no_delivery(dispatched):
    """Outbox rows are written, not handed to a worker (tests/notifications/conftest.py)."""
    from games import dispatch

    queued = []
    dispatched.inline[dispatch.DELIVER_OUTBOX] = queued.append
    return queued


@pytest.fixture
def inbound_server(settings):
    """``manage.py mailserver``'s SMTP server on a free port (tests/notifications/conftest.py)."""
    from notifications.mailserver import inbound_controller
    from tests.helpers import free_port

    settings.CURSUS_INBOUND_DOMAIN = "play.cursus.test"
    port = free_port()
    controller = inbound_controller(host="127.0.0.1", port=port)
    controller.start()
    controller.port = port
    try:
        yield controller
    finally:
        controller.stop()
