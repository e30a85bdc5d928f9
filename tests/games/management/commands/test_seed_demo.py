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


@pytest.mark.django_db
def test_seed_demo_is_idempotent(capsys):
    first = seed()
    again = seed()
    assert again == first  # same players, same tokens, the same game reused
    assert Game.objects.count() == 1
    fresh = seed("--new-game")
    assert fresh["game"] != first["game"] and fresh["players"] == first["players"]
    call_command("seed_demo")
    assert "aurelia" in capsys.readouterr().out
