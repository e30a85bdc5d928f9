"""A whole Semper Victor game through the REST API: two scripted players play the short
306 scenario (Galerius as Primus Augustus, 306–312) from the first prompt to the final
result with a victory level (SV 10.3), attacking whenever one of their stacks can reach
the enemy and otherwise standing on the prompt's defaults. Then the game's log replays
from the opening position to the same state hash, step by step.

Steps are adjudicated by the service the worker runs; the worker itself is exercised by
tests/games/test_turn_loop.py and tests/games/test_worker_killed.py.
"""

from __future__ import annotations

import pytest

from games import selectors, services
from games.models import Game
from tests.games.play import battle_orders

MAX_STEPS = 3000


@pytest.mark.django_db
def test_a_306_game_reaches_a_final_result_over_the_api(api_for, two_players, ruleset):
    aurelia, marcus = two_players
    api = {"PRIMUS": api_for(aurelia), "SECONDUS": api_for(marcus)}
    created = api["PRIMUS"].post(
        "/api/v1/games/", {"ruleset": "semper-victor", "scenario": "306", "role": "PRIMUS"}, format="json"
    )
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    joined = api["SECONDUS"].post(f"/api/v1/games/{game_id}/join/", {"role": "SECONDUS"}, format="json")
    assert joined.status_code == 201, joined.content

    attacks = text_sets = 0
    for n in range(MAX_STEPS):
        views = {role: client.get(f"/api/v1/games/{game_id}/").json() for role, client in api.items()}
        if views["PRIMUS"]["status"] == Game.Status.FINISHED:
            break
        prompted = [role for role, me in views.items() if me["prompts"]]
        assert prompted, "a running game with nobody prompted is a dead end"
        role = prompted[0]
        prompt = views[role]["prompts"][0]
        orders = battle_orders(prompt, views[role]["view"], role)
        if orders is not None:
            attacks += 1
        else:
            orders = prompt["default_orders"]
        if n % 2:  # every other order set goes in the email text notation
            text_sets += 1
            body = {"step": prompt["step"], "text": ruleset.format_orders(orders)}
        else:
            body = {"step": prompt["step"], "orders": orders}
        response = api[role].post(f"/api/v1/games/{game_id}/orders/", body, format="json")
        assert response.status_code == 202, response.content
        assert services.step_adjudicate(game_id=game_id, step_number=prompt["step"]) == "resolved"
    else:
        raise AssertionError(f"no result after {MAX_STEPS} steps")

    final = api["SECONDUS"].get(f"/api/v1/games/{game_id}/").json()
    outcome = final["outcome"]
    assert outcome["level"] in ("marginal", "decisive", "definitive", "draw"), outcome
    assert set(outcome["scores"]) == {"PRIMUS", "SECONDUS"}
    assert attacks > 0 and text_sets > 0
    events = api["PRIMUS"].get(f"/api/v1/games/{game_id}/events/?limit=500").json()["results"]
    assert any(e["type"] == "battle" for e in events)
    assert final["dice_seed_revealed"]

    replay = selectors.game_replay(game=Game.objects.get(pk=game_id))
    assert replay["diverged_at"] is None and replay["matches_current"], replay
    assert replay["steps"] == n
