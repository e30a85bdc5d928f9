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
    assert Game.objects.filter(practice=False).count() == 1
    assert Game.objects.filter(practice=True).count() == 1 and again["practice_game"] == first["practice_game"]
    fresh = seed("--new-game")
    assert fresh["game"] != first["game"] and _without_reply_to(fresh)["players"] == _without_reply_to(first)["players"]
    call_command("seed_demo")
    printed = capsys.readouterr().out
    assert "aurelia" in printed and f"play against the computer: /games/{first['practice_game']}/" in printed


@pytest.mark.django_db
def test_the_demo_offers_a_game_against_the_computer(client):
    """"Play against the computer" (issue 20): aurelia's practice game is ready, its
    computer seat asked to answer as soon as the worker runs."""
    result = seed()
    game = Game.objects.get(pk=result["practice_game"])
    assert game.practice and game.status == "active" and result["practice_player"] == "aurelia"
    seats = {s.role: s for s in game.seats.select_related("player")}
    assert seats["PRIMUS"].player.username == "aurelia" and seats["SECONDUS"].computer == "fast"
    assert client.login(username="aurelia", password=result["players"][0]["password"])
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Practice game against the computer" in page
