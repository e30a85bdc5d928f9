"""Tetrarchia through the REST API: the cooperative game proves the platform is not shaped
around two opposing sides. A solo game (one player, four emperors) and a four-player game
play to victory or defeat with nothing but API calls: each client reads its prompt and the
table from ``GET games/{id}/``, chooses with the self-play planner, and submits JSON or
the text notation. Steps are adjudicated by the same service the worker runs (the worker
path itself is covered by tests/games/test_turn_loop.py).
"""

from __future__ import annotations

import random

import pytest

from games import services
from games.models import Game
from rules import get_ruleset
from rules.base import Prompt
from rules.tetrarchia.selfplay import choose_orders

MAX_STEPS = 3000


def _join_all(api_for, make_player, game_id: int, players: int) -> None:
    """Seat the other players, each joining over the API."""
    for _ in range(players - 1):
        user = make_player()
        response = api_for(user).post(f"/api/v1/games/{game_id}/join/", {}, format="json")
        assert response.status_code in (200, 201), response.content


def _play_to_the_end(api_for, users, game_id: int, seed: int) -> tuple[dict, int, int]:
    rng = random.Random(seed)
    clients = {u.username: api_for(u) for u in users}
    text_orders = steps = 0
    for steps in range(1, MAX_STEPS + 1):
        detail = None
        for client in clients.values():
            me = client.get(f"/api/v1/games/{game_id}/").json()
            if me["status"] == Game.Status.FINISHED:
                return me, steps, text_orders
            if me["prompts"]:
                detail = (client, me)
                break
        assert detail is not None, "a running game with nobody prompted is a dead end"
        client, me = detail
        raw = me["prompts"][0]
        prompt = Prompt(role=me["role"], kind=raw["kind"], key=raw["key"],
                        options=raw["options"], default_orders=raw["default_orders"])
        orders = choose_orders(me["view"], prompt, rng, "greedy")
        if steps % 3 == 0:  # every third order set goes in the email text notation
            body = {"step": raw["step"], "text": get_ruleset("tetrarchia").format_orders(orders)}
            text_orders += 1
        else:
            body = {"step": raw["step"], "orders": orders}
        response = client.post(f"/api/v1/games/{game_id}/orders/", body, format="json")
        assert response.status_code == 202, response.content
        assert services.step_adjudicate(game_id=game_id, step_number=raw["step"]) == "resolved"
    raise AssertionError(f"no end after {MAX_STEPS} steps: an endless loop")


@pytest.mark.django_db
@pytest.mark.parametrize("players", [1, 4])
def test_tetrarchia_plays_to_victory_or_defeat_over_the_api(players, api_for, make_player):
    creator = make_player()
    response = api_for(creator).post(
        "/api/v1/games/",
        {"ruleset": "tetrarchia", "scenario": "293", "options": {"players": players, "level": "5300"}},
        format="json",
    )
    assert response.status_code in (200, 201), response.content
    game_id = response.json()["id"]
    _join_all(api_for, make_player, game_id, players)
    game = Game.objects.get(pk=game_id)
    users = [seat.player for seat in game.seats.order_by("position")]
    assert len(users) == players == len(set(game.seats.values_list("role", flat=True)))

    final, steps, text_orders = _play_to_the_end(api_for, users, game_id, seed=players)

    assert final["outcome"]["level"] in ("victory", "defeat")
    assert steps > 1 and text_orders >= 1
    # Everyone at the table sees the same end, and the seed is revealed for checking.
    assert final["dice_seed_revealed"]
    for user in users:
        seen = api_for(user).get(f"/api/v1/games/{game_id}/").json()
        assert seen["outcome"] == final["outcome"]
    events = api_for(users[0]).get(f"/api/v1/games/{game_id}/events/?limit=500").json()["results"]
    assert any(e["type"] == "dice" for e in events)
