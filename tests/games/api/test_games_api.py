import pytest

from games.models import Game
from tests.games.play import player_of, prompted


@pytest.mark.django_db
def test_rulesets_list_semper_victor(api_for, ruleset):
    body = api_for().get("/api/v1/rulesets/").json()
    entry = next(r for r in body if r["slug"] == "semper-victor")
    assert entry["version"] == ruleset.version
    assert set(entry["name"]) == {"en", "fr"}
    assert "305" in [s["id"] for s in entry["scenarios"]]
    assert entry["roles"]["305"] == ["PRIMUS", "SECONDUS"]
    assert isinstance(entry["options"], list)


@pytest.mark.django_db
def test_create_join_and_read_a_game(api_for, two_players, ruleset):
    aurelia, marcus = two_players
    created = api_for(aurelia).post(
        "/api/v1/games/", {"ruleset": "semper-victor", "scenario": "305", "role": "PRIMUS"}, format="json"
    )
    assert created.status_code == 201, created.content
    game = created.json()
    assert game["status"] == "open" and game["role"] == "PRIMUS"
    assert len(game["dice_commitment"]) == 64 and game["dice_seed_revealed"] is None
    assert game["seats"] == [{"role": "PRIMUS", "player": "aurelia", "missed_deadlines": 0, "status": "playing",
                              "offered": False, "stand_in": None, "computer": None}]

    joined = api_for(marcus).post(f"/api/v1/games/{game['id']}/join/", {"entropy": "fortuna"}, format="json")
    assert joined.status_code == 201, joined.content
    body = joined.json()
    assert body["status"] == "active" and body["role"] == "SECONDUS"
    assert body["state_version"] == 1
    assert [s["role"] for s in body["seats"]] == ["PRIMUS", "SECONDUS"]

    game_row = Game.objects.get(pk=game["id"])
    step, role, prompt = prompted(game_row)
    mine = api_for(player_of(game_row, role)).get(f"/api/v1/games/{game['id']}/").json()
    assert mine["prompts"] == [
        {
            "step": step.number,
            "kind": prompt["kind"],
            "key": prompt["key"],
            "title": prompt["title"],
            "options": prompt["options"],
            "default_orders": prompt["default_orders"],
            "choices": prompt["choices"],
            "context": prompt["context"],
            "deadline": mine["prompts"][0]["deadline"],
        }
    ]
    assert mine["prompts"][0]["choices"] and mine["prompts"][0]["context"]["summary"]["en"]  # the same choices as the page
    assert mine["receipts"] == []
    assert mine["view"] == ruleset.view(game_row.state, role)
    assert mine["summary"]
    assert mine["open_steps"][0]["step"] == step.number


@pytest.mark.django_db
def test_join_errors_are_problems(api_for, started_game, make_player):
    response = api_for(make_player()).post(f"/api/v1/games/{started_game.pk}/join/", {}, format="json")
    assert response.status_code == 409
    assert response.json()["type"].endswith("/problems/not-joinable")


@pytest.mark.django_db
def test_my_games_list_puts_games_awaiting_me_first(api_for, make_player, ruleset):
    from games import services

    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    older = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=aurelia, role="PRIMUS")
    services.game_join(game=older, player=marcus)
    newer = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=aurelia, role="SECONDUS")
    services.game_join(game=newer, player=marcus)
    older.refresh_from_db()
    _, role_older, _ = prompted(older)
    # The player awaited in the older game sees it first, although it is older.
    player = player_of(older, role_older)
    listed = api_for(player).get("/api/v1/games/").json()
    assert [g["id"] for g in listed][0] == older.pk
    assert listed[0]["awaiting_me"] is True
    assert {g["id"] for g in listed} == {older.pk, newer.pk}
    assert api_for(make_player()).get("/api/v1/games/").json() == []


@pytest.mark.django_db
def test_events_are_paginated_after_a_seq(api_for, started_game):
    api = api_for(player_of(started_game, "PRIMUS"))
    everything = api.get(f"/api/v1/games/{started_game.pk}/events/").json()
    seqs = [e["seq"] for e in everything["results"]]
    assert seqs == sorted(seqs) and len(seqs) >= 4 and everything["next"] is None
    page = api.get(f"/api/v1/games/{started_game.pk}/events/?limit=2").json()
    assert [e["seq"] for e in page["results"]] == seqs[:2]
    assert page["next"].endswith(f"?after={seqs[1]}&limit=2")
    rest = api.get(f"/api/v1/games/{started_game.pk}/events/?after={seqs[1]}").json()
    assert [e["seq"] for e in rest["results"]] == seqs[2:]
    bad = api.get(f"/api/v1/games/{started_game.pk}/events/?limit=0")
    assert bad.status_code == 400 and bad["Content-Type"].startswith("application/problem+json")


@pytest.mark.django_db
def test_step_replay_shows_the_view_after_the_step(api_for, started_game, ruleset):
    from games import services

    step, role, prompt = prompted(started_game)
    player = player_of(started_game, role)
    api = api_for(player)
    assert api.get(f"/api/v1/games/{started_game.pk}/steps/{step.number}/").status_code == 404
    services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"])
    services.step_adjudicate(game_id=started_game.pk, step_number=step.number)
    replay = api.get(f"/api/v1/games/{started_game.pk}/steps/{step.number}/").json()
    step.refresh_from_db()
    assert replay["step"] == step.number
    assert replay["view"] == ruleset.view(step.state_after, role)
    assert {e["step"] for e in replay["events"]} == {step.number}
    assert "step_resolved" in [e["type"] for e in replay["events"]]


@pytest.mark.django_db
def test_a_game_created_over_the_api_takes_a_deadline_policy(api_for, make_player):
    api = api_for(make_player())
    bad = api.post("/api/v1/games/", {"ruleset": "semper-victor", "scenario": "305",
                                      "deadline_policy": {"reminders": [0], "timezone": "Mars/Olympus"}}, format="json")
    assert bad.status_code in (400, 422), bad.content
    paths = {e["path"] for e in bad.json()["errors"]}
    assert {"/deadline_policy/reminders", "/deadline_policy/timezone"} <= paths
    assert all(e["message"]["fr"] and e["message"]["en"] for e in bad.json()["errors"])

    good = api.post("/api/v1/games/", {"ruleset": "semper-victor", "scenario": "305",
                                       "deadline_policy": {"reminders": [48, 6], "timezone": "Europe/Paris"}}, format="json")
    assert good.status_code == 201, good.content
    from games.models import Game

    policy = Game.objects.get(pk=good.json()["id"]).deadline_policy
    assert policy["reminders"] == [48, 6] and policy["timezone"] == "Europe/Paris"
