"""Every error under /api is an RFC 9457 problem document."""

import json

import pytest

PROBLEM_KEYS = {"type", "title", "status", "detail", "instance"}


def assert_problem(response, status: int) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    body = json.loads(response.content)
    assert PROBLEM_KEYS <= set(body)
    assert body["status"] == status
    return body


@pytest.mark.django_db
def test_unknown_api_path_is_a_problem(api_for):
    body = assert_problem(api_for().get("/api/v1/no-such-thing/"), 404)
    assert body["instance"] == "/api/v1/no-such-thing/"


@pytest.mark.django_db
def test_missing_token_is_a_problem(api_for):
    response = api_for().get("/api/v1/games/")
    body = assert_problem(response, 401)
    assert body["type"].endswith("/problems/not-authenticated")
    assert response["WWW-Authenticate"].startswith("Token")


@pytest.mark.django_db
def test_unknown_game_is_a_problem(api_for, make_player):
    assert_problem(api_for(make_player()).get("/api/v1/games/999999/"), 404)


@pytest.mark.django_db
def test_malformed_json_is_a_problem(api_for, make_player):
    response = api_for(make_player()).post("/api/v1/games/", data="{not json", content_type="application/json")
    assert_problem(response, 400)


@pytest.mark.django_db
def test_request_validation_lists_every_field(api_for, make_player):
    body = assert_problem(api_for(make_player()).post("/api/v1/games/", {}, format="json"), 400)
    paths = sorted(error["path"] for error in body["errors"])
    assert paths == ["/ruleset", "/scenario"]
    for error in body["errors"]:
        assert set(error) == {"code", "path", "message"}
        assert error["code"] == "request.required"
        assert error["message"] == {"en": "This field is required.", "fr": "Ce champ est obligatoire."}


@pytest.mark.django_db
def test_unknown_ruleset_is_a_problem(api_for, make_player):
    response = api_for(make_player()).post(
        "/api/v1/games/", {"ruleset": "no-such-game", "scenario": "1"}, format="json"
    )
    body = assert_problem(response, 422)
    assert body["type"].endswith("/problems/unknown-ruleset")


@pytest.mark.django_db
def test_server_error_under_api_is_a_problem(rf):
    from config.urls import handler500

    request = rf.get("/api/v1/games/")
    assert_problem(handler500(request), 500)


@pytest.mark.django_db
def test_not_found_outside_api_is_html(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "problem" not in response["Content-Type"]


@pytest.mark.django_db
def test_unknown_api_path_is_a_problem_even_in_debug(api_for, settings):
    settings.DEBUG = True
    assert_problem(api_for().get("/api/v1/nothing-here/"), 404)


# -- issue 14: bodies too big or too deep, strict numbers, every error a problem ------------


@pytest.mark.django_db
def test_json_nested_990_deep_is_a_400_not_a_500(api_for, make_player):
    body = "[" * 990 + "]" * 990
    response = api_for(make_player()).post("/api/v1/games/", data=body, content_type="application/json")
    assert assert_problem(response, 400)["type"].endswith("/problems/malformed-request")
    nested = '{"a": ' * 40 + "1" + "}" * 40  # parses, but deeper than any order set
    response = api_for(make_player()).post("/api/v1/games/", data=nested, content_type="application/json")
    assert_problem(response, 400)


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True])
def test_a_5_mb_body_is_a_413_problem_on_every_api_route(api_for, make_player, settings, debug, started_game):
    settings.DEBUG = debug
    api = api_for(make_player())
    body = json.dumps({"step": 1, "text": "x" * (5 * 1024 * 1024)})
    for path in ("/api/v1/games/", f"/api/v1/games/{started_game.pk}/orders/", f"/api/v1/games/{started_game.pk}/join/",
                 "/api/v1/no-such-route/"):
        response = api.post(path, data=body, content_type="application/json")
        assert assert_problem(response, 413)["type"].endswith("/problems/payload-too-large"), path


@pytest.mark.django_db
def test_a_large_body_without_content_length_is_a_413(make_player):
    """The parser stops reading at the limit even when the client declares no length."""
    import io

    from rest_framework.test import APIRequestFactory

    from games.api.parsers import BoundedJSONParser, PayloadTooLarge

    stream = io.BytesIO(b'"' + b"x" * (1024 * 1024) + b'"')
    with pytest.raises(PayloadTooLarge):
        BoundedJSONParser().parse(stream, "application/json", {})
    assert APIRequestFactory  # the view path is covered above


@pytest.mark.django_db
def test_an_unexpected_error_is_a_problem_even_in_debug(api_for, make_player, settings, monkeypatch):
    settings.DEBUG = True
    settings.DEBUG_PROPAGATE_EXCEPTIONS = False

    def boom(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("games.selectors.games_listing", boom)
    api = api_for(make_player())
    api.raise_request_exception = False
    body = assert_problem(api.get("/api/v1/games/"), 500)
    assert body["type"].endswith("/problems/server-error")
    assert "boom" not in json.dumps(body)


@pytest.mark.django_db
@pytest.mark.parametrize("step", [10.0, "1", True])
def test_a_step_that_is_not_a_json_integer_is_refused(api_for, started_game, step):
    from tests.games.play import player_of, prompted

    _, role, prompt = prompted(started_game)
    response = api_for(player_of(started_game, role)).post(
        f"/api/v1/games/{started_game.pk}/orders/", {"step": step, "orders": prompt["default_orders"]}, format="json")
    body = assert_problem(response, 400)
    assert [e["path"] for e in body["errors"]] == ["/step"]


@pytest.mark.django_db
def test_an_empty_text_is_not_a_pass(api_for, started_game, ruleset):
    from tests.games.play import player_of, prompted

    step, role, _ = prompted(started_game)
    api = api_for(player_of(started_game, role))
    url = f"/api/v1/games/{started_game.pk}/orders/"
    body = assert_problem(api.post(url, {"step": step.number, "text": "  \n"}, format="json"), 422)
    assert body["errors"][0]["code"] == "orders.empty_text"
    assert "pass" in body["errors"][0]["message"]["en"] and "pass" in body["errors"][0]["message"]["fr"]
    assert api.post(url, {"step": step.number, "text": "pass"}, format="json").status_code == 202


@pytest.mark.django_db
def test_step_not_open_says_which_step_is_open(api_for, started_game):
    from tests.games.play import player_of, prompted

    step, role, prompt = prompted(started_game)
    response = api_for(player_of(started_game, role)).post(
        f"/api/v1/games/{started_game.pk}/orders/", {"step": 42, "orders": prompt["default_orders"]}, format="json",
        HTTP_ACCEPT_LANGUAGE="fr")
    body = assert_problem(response, 409)
    assert body["open_steps"] == [step.number]
    assert f"is {step.number}" in body["detail"]
    assert body["errors"][0]["path"] == "/step"
    assert str(step.number) in body["errors"][0]["message"]["fr"]


@pytest.mark.django_db
def test_invalid_setup_lists_every_error_in_both_languages(api_for, make_player):
    response = api_for(make_player()).post("/api/v1/games/", {
        "ruleset": "semper-victor", "scenario": "999", "options": {"nonsense": 1, "rr_winner": "dice"},
        "deadline_policy": {"step_hours": -3}}, format="json")
    body = assert_problem(response, 422)
    paths = {e["path"] for e in body["errors"]}
    assert {"/scenario", "/options/nonsense", "/options/rr_winner"} <= paths
    assert any(p.startswith("/deadline_policy") for p in paths)
    for e in body["errors"]:
        assert e["code"] and e["message"]["en"] and e["message"]["fr"] and e["message"]["en"] != e["message"]["fr"]


def test_docs_api_lists_every_problem_type():
    """docs/api.md names every code a problem document can carry (issue 14 found three
    missing)."""
    import re
    from pathlib import Path

    import games.idempotency  # noqa: F401 - registers its error class
    import notifications.errors  # noqa: F401
    import tournaments.errors  # noqa: F401
    from games.api.middleware import STATUS_PROBLEMS
    from games.api.problems import DRF_CODES
    from games.errors import GameError

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    codes = {c.code for c in subclasses(GameError)} | {code for code, _ in DRF_CODES.values()}
    codes |= {code for code, _ in STATUS_PROBLEMS.values()} | {"server-error"}
    codes -= {"tournament-error", "game-error"}  # abstract bases, never raised
    table = Path(__file__).resolve().parents[3].joinpath("docs", "api.md").read_text()
    listed = set(re.findall(r"`([a-z]+(?:-[a-z]+)*)`", table[table.index("Every problem type"):]))
    assert codes <= listed, sorted(codes - listed)
