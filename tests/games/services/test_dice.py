"""The published commitment matches the seed, and every logged roll can be recomputed
from it with rules.dice.verify_rolls (docs/dice.md)."""

import hashlib

import pytest

from games import selectors, services
from games.models import Event
from rules import dice as rules_dice
from tests.games.play import player_of, prompted


def play_steps(game, count):
    for _ in range(count):
        game.refresh_from_db()
        if game.status != "active":
            return
        step, role, prompt = prompted(game)
        services.order_submit(game=game, player=player_of(game, role), step=step.number, orders=prompt["default_orders"])
        assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"


@pytest.mark.django_db
def test_every_logged_roll_verifies_against_the_revealed_seed(started_game):
    play_steps(started_game, 4)
    game = started_game
    game.refresh_from_db()
    seed = bytes.fromhex(game.dice_seed)  # what the API reveals once the game is over
    assert hashlib.sha256(seed).hexdigest() == game.dice_commitment
    entropies = list(game.seats.order_by("position").values_list("entropy", flat=True))
    dice_events = list(Event.objects.filter(game=game, type="dice").order_by("seq"))
    assert len(dice_events) >= 2
    assert sum(len(e.data["rolls"]) for e in dice_events) > 0
    for event in dice_events:
        assert rules_dice.verify_rolls(seed, entropies, event.data["step"], event.data["rolls"])
    # A tampered roll does not verify.
    rolled = next(e for e in dice_events if e.data["rolls"])
    tampered = [dict(r) for r in rolled.data["rolls"]]
    tampered[0]["value"] = (tampered[0]["value"] + 1) % max(tampered[0]["sides"], 2)
    assert not rules_dice.verify_rolls(seed, entropies, rolled.data["step"], tampered)
    # ... and another seat order (or other entropy) gives other rolls.
    assert not all(
        rules_dice.verify_rolls(seed, list(reversed(entropies)), e.data["step"], e.data["rolls"])
        for e in dice_events
        if e.data["rolls"]
    )


@pytest.mark.django_db
def test_the_seed_is_revealed_only_when_the_game_is_over(started_game, make_player):
    player = player_of(started_game, "PRIMUS")
    view = selectors.game_view_for(game=started_game, player=player)
    assert view["dice_seed_revealed"] is None
    assert view["dice_commitment"] == started_game.dice_commitment
    started_game.status = "finished"
    started_game.save()
    view = selectors.game_view_for(game=started_game, player=player)
    assert view["dice_seed_revealed"] == started_game.dice_seed
    assert hashlib.sha256(bytes.fromhex(view["dice_seed_revealed"])).hexdigest() == view["dice_commitment"]


@pytest.mark.django_db
def test_draws_are_sealed_in_the_dice_log_until_the_end(started_game):
    game = started_game
    event = Event(game=game, seq=999, type="dice", data={"step": 1, "rolls": [
        {"n": 0, "sides": 10, "value": 7, "purpose": "battle"},
        {"n": 1, "sides": 12, "value": 3, "purpose": "pick:stratagem"},
    ]})
    shown = selectors.event_as_dict(event=event, game=game)["data"]["rolls"]
    assert shown[0]["value"] == 7
    assert shown[1]["value"] is None and shown[1]["sealed"] is True
    game.status = "finished"
    assert selectors.event_as_dict(event=event, game=game)["data"]["rolls"][1]["value"] == 3
