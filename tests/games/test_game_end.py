"""A game played to its end over the API: the outcome is recorded, the seed revealed,
and every logged roll verifies against the published commitment."""

import hashlib

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Step
from rules import dice as rules_dice
from tests.games.play import player_of, prompted


def near_the_end(ruleset, state):
    """Play the real engine with default orders from ``state`` to the position one step
    before the end (the engine computes it; nothing is made up)."""
    dice_key = b"\x07" * 32
    number = 0
    while True:
        prompt = ruleset.prompts(state)[0]
        number += 1
        following, _ = ruleset.resolve(state, {prompt.role: prompt.default_orders}, rules_dice.HmacDice(dice_key, number))
        if ruleset.outcome(following) is not None:
            return state
        state = following


@pytest.mark.django_db
def test_the_last_step_finishes_the_game_and_reveals_the_seed(started_game, ruleset, api_for, make_player):
    game = started_game
    # Jump the game to its last year with the engine itself, as a rewind would.
    late = near_the_end(ruleset, game.state)
    Step.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).update(state=late, public=True)  # the observer watches a public game
    game.refresh_from_db()
    Step.objects.create(
        game=game, number=1, prompts=[p.as_dict() for p in ruleset.prompts(late)], deadline=timezone.now()
    )
    observer = api_for(make_player("observer"))
    assert observer.get(f"/api/v1/games/{game.pk}/").json()["dice_seed_revealed"] is None

    for _ in range(30):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        step, role, prompt = prompted(game)
        api = api_for(player_of(game, role))
        response = api.post(f"/api/v1/games/{game.pk}/orders/", {"step": step.number, "orders": prompt["default_orders"]}, format="json")
        assert response.status_code == 202, response.content
        assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    assert game.status == Game.Status.FINISHED and game.finished_at
    assert not game.steps.filter(status=Step.Status.OPEN).exists()

    body = observer.get(f"/api/v1/games/{game.pk}/").json()
    expected = ruleset.outcome(game.state).as_dict()
    assert body["status"] == "finished" and body["outcome"] == expected
    seed = bytes.fromhex(body["dice_seed_revealed"])
    assert hashlib.sha256(seed).hexdigest() == body["dice_commitment"]
    events = observer.get(f"/api/v1/games/{game.pk}/events/?limit=500").json()["results"]
    finished = [e for e in events if e["type"] == "game_finished"]
    assert finished and finished[0]["data"]["dice_seed"] == body["dice_seed_revealed"]
    assert finished[0]["data"]["outcome"] == expected
    dice = [e for e in events if e["type"] == "dice"]
    assert any(e["data"]["rolls"] for e in dice)
    for event in dice:
        assert all(roll["value"] is not None for roll in event["data"]["rolls"])  # nothing sealed now
        assert rules_dice.verify_rolls(seed, body["dice_entropies"], event["data"]["step"], event["data"]["rolls"])

    # Nothing is asked any more.
    assert api_for(player_of(game, "PRIMUS")).get(f"/api/v1/games/{game.pk}/").json()["prompts"] == []
