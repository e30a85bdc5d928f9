"""Ultimus Romanorum played on the platform through the rules contract alone, as any title:
a game created and joined over the REST API, steps answered in JSON and in the email text
notation and adjudicated by the worker's service, its log replayed to the same state; its
game page draws its own board, its text-only page lists the legal orders; its turn email
names the decision and how to write it. No platform code names the ruleset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import selectors, services
from games.models import Game, Step
from tests.games.play import battle_orders, player_of

SLUG = "ultimus-romanorum"
STEPS = 36


@pytest.fixture
def ur_game(two_players, monkeypatch):
    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(40, 72)))
    aurelia, marcus = two_players
    game = services.game_create(ruleset=SLUG, scenario="463", options={}, created_by=aurelia, role="ROMAIN", entropy="a")
    services.game_join(game=game, player=marcus, role="BARBARE", entropy="m")
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_a_463_game_plays_over_the_api_in_json_and_text(api_for, two_players):
    import rules

    ruleset = rules.get_ruleset(SLUG)
    aurelia, marcus = two_players
    api = {"ROMAIN": api_for(aurelia), "BARBARE": api_for(marcus)}
    created = api["ROMAIN"].post("/api/v1/games/", {"ruleset": SLUG, "scenario": "463", "role": "ROMAIN"}, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    joined = api["BARBARE"].post(f"/api/v1/games/{game_id}/join/", {"role": "BARBARE"}, format="json")
    assert joined.status_code == 201, joined.content
    kinds, text_sets, attacks = set(), 0, 0
    for n in range(STEPS):
        views = {role: client.get(f"/api/v1/games/{game_id}/").json() for role, client in api.items()}
        if views["ROMAIN"]["status"] == Game.Status.FINISHED:
            break
        prompted = [role for role, me in views.items() if me["prompts"]]
        assert prompted, "a running game with nobody prompted is a dead end"
        role = prompted[0]
        prompt = views[role]["prompts"][0]
        kinds.add(prompt["kind"])
        assert prompt["choices"] or prompt["kind"] == "smc"  # every decision comes with its choices
        orders = battle_orders(prompt, views[role]["view"], role)
        attacks += orders is not None
        orders = orders or prompt["default_orders"]
        if n % 2:
            text_sets += 1
            body = {"step": prompt["step"], "text": ruleset.format_orders(orders)}
        else:
            body = {"step": prompt["step"], "orders": orders}
        response = api[role].post(f"/api/v1/games/{game_id}/orders/", body, format="json")
        assert response.status_code == 202, response.content
        assert services.step_adjudicate(game_id=game_id, step_number=prompt["step"]) == "resolved"
    assert {"smc", "geostrategy"} <= kinds and text_sets and attacks
    events = api["ROMAIN"].get(f"/api/v1/games/{game_id}/events/?limit=500").json()["results"]
    assert any(e["type"] == "battle" for e in events)
    assert all(e["message"]["en"] and e["message"]["fr"] for e in events if "message" in e)
    replay = selectors.game_replay(game=Game.objects.get(pk=game_id))
    assert replay["diverged_at"] is None and replay["matches_current"], replay


@pytest.mark.django_db
def test_the_game_page_draws_the_ur_board_and_the_text_view_takes_orders(client, ur_game):
    import rules

    step = ur_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    client.force_login(player_of(ur_game, role))
    client.cookies["django_language"] = "en"
    page = client.get(f"/games/{ur_game.pk}/").content.decode()
    board = rules.get_ruleset(SLUG).board()
    assert page.count('class="zone ') == len(board["zones"])
    assert "Libius Severus" in page or "Léon" in page or "Leo" in page
    text = client.get(f"/games/{ur_game.pk}/text/")
    assert text.status_code == 200
    client.cookies["django_language"] = "fr"
    assert client.get(f"/games/{ur_game.pk}/").status_code == 200


def test_the_platform_names_no_ruleset():
    """games/, notifications/, tournaments/ and the templates never name this title."""
    root = Path(__file__).resolve().parents[2]
    for folder in ("games", "notifications", "tournaments", "templates"):
        for path in (root / folder).rglob("*"):
            if path.suffix in (".py", ".html", ".txt", ".js") and path.is_file():
                text = path.read_text(encoding="utf-8", errors="ignore").lower()
                assert "ultimus" not in text and "ultimus_romanorum" not in text, path
