"""The lobby (issue 21, item 1; docs/together.md): open games with entry gates, joined
from the lobby by API and page; a game started with fewer seats where the ruleset lets
it; "match me", paired by rating."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import gates, lobby, services
from games.models import Game, MatchRequest
from tournaments.models import Rating


def _rate(player, ruleset: str, rating: float) -> None:
    Rating.objects.update_or_create(player=player, ruleset=ruleset, defaults={"rating": rating, "rd": 80.0,
                                                                               "volatility": 0.06, "games": 12})


@pytest.mark.django_db
def test_an_open_game_is_found_in_the_lobby_gated_and_joined_by_api(make_player, api_for, ruleset):
    creator, strong, weak = make_player("creator"), make_player("strong"), make_player("weak")
    _rate(strong, ruleset.slug, 1720)
    _rate(weak, ruleset.slug, 1380)
    created = api_for(creator).post("/api/v1/games/", {"ruleset": ruleset.slug, "scenario": "305", "role": "PRIMUS",
                                                       "min_rating": 1600, "min_reliability": 0.8}, format="json")
    assert created.status_code == 201, created.json()
    game_id = created.json()["id"]

    # Anybody may look; a stranger without a rating high enough sees why not.
    anonymous = api_for().get("/api/v1/lobby/")
    assert anonymous.status_code == 200
    assert [g["id"] for g in anonymous.json()["games"]] == [game_id]
    assert anonymous.json()["games"][0]["joinable"] is False
    seen = api_for(weak).get("/api/v1/lobby/", {"ruleset": ruleset.slug}).json()["games"][0]
    assert seen["seats_taken"] == 1 and seen["seats_wanted"] == 2 and seen["free_roles"] == ["SECONDUS"]
    assert seen["joinable"] is False and [p["code"] for p in seen["problems"]] == ["gate.rating"]
    assert "1380" in seen["problems"][0]["message"]["en"] and "1380" in seen["problems"][0]["message"]["fr"]
    refused = api_for(weak).post(f"/api/v1/games/{game_id}/join/", {}, format="json")
    assert refused.status_code == 403
    assert refused.json()["errors"][0]["path"] == "/min_rating"
    assert api_for(creator).get("/api/v1/lobby/").json()["games"] == []  # not my own game

    assert api_for(strong).get("/api/v1/lobby/").json()["games"][0]["joinable"] is True
    joined = api_for(strong).post(f"/api/v1/games/{game_id}/join/", {}, format="json")
    assert joined.status_code == 201
    assert joined.json()["status"] == "active" and joined.json()["role"] == "SECONDUS"
    assert api_for(weak).get("/api/v1/lobby/").json()["games"] == []  # full: started


@pytest.mark.django_db
def test_bad_gates_are_refused_with_their_paths(make_player, api_for, ruleset):
    response = api_for(make_player()).post("/api/v1/games/", {"ruleset": ruleset.slug, "scenario": "305",
                                                              "min_rating": -3, "min_reliability": 1.5}, format="json")
    assert response.status_code == 422
    paths = {e["path"]: e for e in response.json()["errors"]}
    assert set(paths) == {"/min_rating", "/min_reliability"}
    assert all(e["message"]["fr"] and e["message"]["en"] != e["message"]["fr"] for e in paths.values())


def test_reliability_gate_passes_a_newcomer_and_stops_a_late_player():
    ask = dict(min_rating=None, min_reliability=0.9, player=None, ruleset="x")
    assert gates.problems(**ask, standing={"rating": None, "reliability": None}) == []
    late = gates.problems(**ask, standing={"rating": None, "reliability": 0.5})
    assert [p["code"] for p in late] == ["gate.reliability"] and "50%" in late[0]["message"]["en"]


@pytest.mark.django_db
def test_the_creator_starts_a_game_with_fewer_seats_where_the_ruleset_allows(make_player, api_for, dispatched):
    creator, second = make_player("cre"), make_player("sec")
    game = services.game_create(ruleset="kings-of-rome", scenario=_kor_scenario(), options={"players": 4},
                                created_by=creator)
    assert api_for(second).post(f"/api/v1/games/{game.pk}/start/").status_code == 403  # not the creator
    services.game_join(game=game, player=second)
    assert lobby.may_start_now(game=game, player=creator) and not lobby.may_start_now(game=game, player=second)
    started = api_for(creator).post(f"/api/v1/games/{game.pk}/start/")
    assert started.status_code == 200, started.json()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.options["players"] == 2
    rs = services.ruleset_for(game.ruleset)
    assert sorted(game.seats.values_list("role", flat=True)) == sorted(rs.roles(game.scenario, game.options))
    assert game.steps.filter(status="open").exists()


@pytest.mark.django_db
def test_a_ruleset_without_fewer_seats_waits_for_every_seat(make_player, api_for, ruleset):
    creator = make_player("c2")
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=creator)
    refused = api_for(creator).post(f"/api/v1/games/{game.pk}/start/")
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "start.seats"
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


def _kor_scenario() -> str:
    return str(services.ruleset_for("kings-of-rome").scenarios()[0]["id"])


@pytest.mark.django_db
def test_match_me_pairs_the_nearest_ratings_and_starts_the_game(make_player, api_for, ruleset, dispatched):
    first, far, near = make_player("m1"), make_player("m2"), make_player("m3")
    _rate(first, ruleset.slug, 1500)
    _rate(far, ruleset.slug, 1900)
    _rate(near, ruleset.slug, 1560)
    ask = {"ruleset": ruleset.slug, "scenario": "305"}
    waiting = api_for(first).post("/api/v1/lobby/match/", ask, format="json")
    assert waiting.status_code == 201 and waiting.json()["status"] == "waiting" and waiting.json()["game"] is None
    again = api_for(first).post("/api/v1/lobby/match/", ask, format="json")  # asking twice: one request
    assert again.json()["id"] == waiting.json()["id"]
    assert api_for(far).post("/api/v1/lobby/match/", ask, format="json").json()["status"] == "waiting"  # 400 apart
    assert api_for(near).get("/api/v1/lobby/").json()["waiting"] == [{"ruleset": ruleset.slug, "scenario": "305", "players": 2}]

    matched = api_for(near).post("/api/v1/lobby/match/", ask, format="json").json()
    assert matched["status"] == "matched" and matched["game"]
    game = Game.objects.get(pk=matched["game"])
    assert game.status == Game.Status.ACTIVE
    assert {s.player.username for s in game.seats.select_related("player")} == {"m1", "m3"}
    mine = api_for(first).get("/api/v1/lobby/").json()["match_requests"][0]
    assert mine["status"] == "matched" and mine["game"] == game.pk
    assert MatchRequest.objects.get(player=far).status == "waiting"


@pytest.mark.django_db
def test_the_rating_window_widens_with_waiting(make_player, ruleset, dispatched):
    old, new = make_player("o1"), make_player("n1")
    _rate(old, ruleset.slug, 1500)
    _rate(new, ruleset.slug, 1800)
    request = lobby.match_request(player=old, ruleset=ruleset.slug, scenario="305")
    assert lobby.match_request(player=new, ruleset=ruleset.slug, scenario="305").status == "waiting"
    # Three hours on, the older request accepts 150 + 3 x 50 = 300 points of difference.
    MatchRequest.objects.filter(pk=request.pk).update(created_at=timezone.now() - timedelta(hours=3, minutes=1))
    assert lobby.match_request(player=new, ruleset=ruleset.slug, scenario="305").status == "matched"


@pytest.mark.django_db
def test_match_me_refuses_an_unknown_scenario_and_cancels(make_player, api_for, ruleset):
    player = make_player("x1")
    bad = api_for(player).post("/api/v1/lobby/match/", {"ruleset": ruleset.slug, "scenario": "999"}, format="json")
    assert bad.status_code == 422 and bad.json()["errors"][0]["path"] == "/scenario"
    made = api_for(player).post("/api/v1/lobby/match/", {"ruleset": ruleset.slug, "scenario": "305"}, format="json").json()
    cancelled = api_for(player).delete(f"/api/v1/lobby/match/{made['id']}/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert api_for(make_player("x2")).delete(f"/api/v1/lobby/match/{made['id']}/").status_code == 409  # not theirs


@pytest.mark.django_db
def test_the_lobby_page_lists_gates_and_joins(make_player, client, ruleset):
    creator, visitor = make_player("pc"), make_player("pv", language="fr")
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=creator, min_rating=1400)
    page = client.get("/games/lobby/")
    assert page.status_code == 200 and f"/games/{game.pk}/" in page.content.decode()
    client.force_login(visitor)
    page = client.get("/games/lobby/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f'action="/games/{game.pk}/join/"' in page
    response = client.post(f"/games/{game.pk}/join/")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.seats.filter(player=visitor).exists()


@pytest.mark.django_db
def test_the_lobby_reads_in_a_bounded_number_of_queries(make_player, api_for, ruleset, django_assert_max_num_queries):
    viewer = make_player("viewer")
    for index in range(30):
        services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=make_player(f"c{index}"),
                             min_rating=1000 if index % 2 else None)
    api = api_for(viewer)
    with django_assert_max_num_queries(12):  # not one per game
        body = api.get("/api/v1/lobby/").json()
    assert len(body["games"]) == 30
