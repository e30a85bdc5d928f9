import json

import pytest
from django.core.management import call_command

from games.models import Game


def seed(*args) -> dict:
    from io import StringIO

    out = StringIO()
    call_command("seed_demo", "--json", *args, stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.django_db
def test_seed_demo_creates_two_players_and_a_game_in_progress(client, api_for):
    result = seed()
    assert [p["username"] for p in result["players"]] == ["aurelia", "marcus"]
    assert [p["role"] for p in result["players"]] == ["PRIMUS", "SECONDUS"]
    game = Game.objects.get(pk=result["game"])
    assert game.status == "active" and game.ruleset == "semper-victor" and game.scenario == "305"
    assert game.steps.filter(status="open").count() == 1
    for player in result["players"]:
        assert client.login(username=player["username"], password=player["password"])
        response = client.get(f"/api/v1/games/{game.pk}/", HTTP_AUTHORIZATION=f"Token {player['token']}")
        assert response.status_code == 200 and response.json()["role"] == player["role"]


def _without_reply_to(result: dict) -> dict:
    return {**result, "players": [{k: v for k, v in p.items() if k != "reply_to"} for p in result["players"]]}


def _reply_claims(result: dict) -> list:
    """(game, step, seat) each printed reply address acts for (None: nothing asked)."""
    from games import links

    return [(lambda c: (c.game_id, c.step_number, c.seat_id))(links.read_reply_token(links.reply_token_in([p["reply_to"]])))
            if p["reply_to"] else None for p in result["players"]]


@pytest.mark.django_db
def test_seed_demo_is_idempotent(capsys):
    first = seed()
    again = seed()
    # Same players, same tokens, the same game reused; each reply address is minted anew
    # (single-use), for the same seat and step.
    assert _without_reply_to(again) == _without_reply_to(first)
    assert _reply_claims(again) == _reply_claims(first) and sum(c is not None for c in _reply_claims(first)) == 1
    assert Game.objects.count() == 1
    fresh = seed("--new-game")
    assert fresh["game"] != first["game"] and _without_reply_to(fresh)["players"] == _without_reply_to(first)["players"]
    call_command("seed_demo")
    assert "aurelia" in capsys.readouterr().out
