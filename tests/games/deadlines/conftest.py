import pytest


@pytest.fixture
def game_with_policy(two_players, ruleset, monkeypatch):
    """A started Semper Victor game (fixed seed) with the given deadline policy."""
    from games import services

    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(100, 132)))

    def make(policy: dict):
        aurelia, marcus = two_players
        game = services.game_create(
            ruleset=ruleset.slug,
            scenario="305",
            options={},
            created_by=aurelia,
            role="PRIMUS",
            entropy="aurelia",
            deadline_policy=policy,
        )
        services.game_join(game=game, player=marcus, role="SECONDUS", entropy="marcus")
        game.refresh_from_db()
        return game

    return make


@pytest.fixture
def no_delivery(dispatched):
    """Outbox rows are written but not handed to a worker (the tests read the rows).
    Returns the outbox ids handed over (no message reaches a broker: ``dispatched``)."""
    from games import dispatch

    queued = []
    dispatched.inline[dispatch.DELIVER_OUTBOX] = queued.append
    return queued
