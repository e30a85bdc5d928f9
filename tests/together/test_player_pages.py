"""Player pages (issue 21, item 5): a player's games, current and finished with results,
ratings and reliability, and a public archive of finished games with their logs as JSON."""

from __future__ import annotations

import json

import pytest

from games import services, substitutes
from games.models import Game


def _game(a, b, ruleset, *, public: bool) -> Game:
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=a, role="PRIMUS", public=public)
    services.game_join(game=game, player=b)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_a_players_page_lists_games_with_results_and_keeps_private_ones_private(make_player, api_for, ruleset, dispatched, client):
    a, b, stranger = make_player("pa"), make_player("pb"), make_player("ps")
    finished = _game(a, b, ruleset, public=True)
    substitutes.seat_resign(game=finished, player=b)
    running = _game(a, b, ruleset, public=False)

    mine = api_for(a).get("/api/v1/tournaments/players/pa/").json()["games"]
    assert [g["id"] for g in mine["current"]] == [running.pk]
    assert mine["finished"] == [{**mine["finished"][0], "id": finished.pk, "result": "won", "level": "resignation",
                                 "role": "PRIMUS", "archive": True}]
    theirs = api_for(b).get("/api/v1/tournaments/players/pa/").json()["games"]  # b sits in both
    assert [g["id"] for g in theirs["current"]] == [running.pk]
    public = api_for(stranger).get("/api/v1/tournaments/players/pa/").json()["games"]
    assert public["current"] == [] and [g["id"] for g in public["finished"]] == [finished.pk]
    assert api_for(stranger).get("/api/v1/tournaments/players/pb/").json()["games"]["finished"][0]["result"] == "lost"
    page = client.get("/tournaments/players/pa/").content.decode()
    assert f"/api/v1/games/{finished.pk}/archive/" in page and f"/games/{running.pk}/" not in page


@pytest.mark.django_db
def test_the_archive_of_a_finished_public_game_downloads_as_json(make_player, api_for, ruleset, dispatched):
    a, b = make_player("qa"), make_player("qb")
    game = _game(a, b, ruleset, public=True)
    early = api_for().get(f"/api/v1/games/{game.pk}/archive/")
    assert early.status_code == 409 and early.json()["errors"][0]["code"] == "archive.not_over"
    substitutes.draw_answer(game=game, player=a, accept=True)
    substitutes.draw_answer(game=game, player=b, accept=True)
    response = api_for().get(f"/api/v1/games/{game.pk}/archive/")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    archive = json.loads(response.content)
    game.refresh_from_db()
    assert archive["outcome"]["level"] == "draw" and archive["dice"]["seed"] == game.dice_seed
    assert [s["player"] for s in archive["seats"]] == ["qa", "qb"]
    assert archive["events"] and all(e["public"] for e in archive["events"])

    private = _game(make_player("ra"), make_player("rb"), ruleset, public=False)
    substitutes.seat_resign(game=private, player=private.seats.get(role="SECONDUS").player)
    assert api_for().get(f"/api/v1/games/{private.pk}/archive/").status_code == 401
    assert api_for(make_player("rc")).get(f"/api/v1/games/{private.pk}/archive/").status_code == 404
    assert api_for(private.created_by).get(f"/api/v1/games/{private.pk}/archive/").status_code == 200


@pytest.mark.django_db
def test_the_public_archive_lists_finished_public_games_only(make_player, api_for, ruleset, dispatched, client):
    public = _game(make_player("sa"), make_player("sb"), ruleset, public=True)
    private = _game(make_player("ta"), make_player("tb"), ruleset, public=False)
    running = _game(make_player("va"), make_player("vb"), ruleset, public=True)
    for game in (public, private):
        substitutes.seat_resign(game=game, player=game.seats.get(role="SECONDUS").player)
    listed = api_for().get("/api/v1/archive/").json()["games"]
    assert [g["id"] for g in listed] == [public.pk]
    assert listed[0]["outcome"]["winner"] == "PRIMUS" and [s["player"] for s in listed[0]["seats"]] == ["sa", "sb"]
    assert running.status == Game.Status.ACTIVE
    page = client.get("/games/archive/").content.decode()
    assert f"/api/v1/games/{public.pk}/archive/" in page and f"/api/v1/games/{private.pk}/archive/" not in page


@pytest.mark.django_db
def test_the_new_game_form_sets_private_messages(make_player, client, ruleset):
    creator = make_player("fa")
    client.force_login(creator)
    options = {f"option_{o['id']}": json.dumps(o.get("default")) for o in ruleset.options()}  # the form's defaults
    response = client.post("/games/new/", {"ruleset": ruleset.slug, "scenario": "305", "role": "", "step_hours": 72,
                                           "press_private": "on", "stand_in": "computer", "public": "on", **options})
    assert response.status_code == 302, response.content.decode()[:1500]
    game = Game.objects.get(created_by=creator)
    assert game.press_private is True and game.stand_in == "computer" and game.public
