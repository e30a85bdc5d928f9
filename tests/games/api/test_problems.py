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
