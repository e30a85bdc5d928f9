import json

import pytest

from games.models import OrderSet
from rules.base import orders_hash
from tests.games.play import other_role, player_of, prompted


def url(game):
    return f"/api/v1/games/{game.pk}/orders/"


@pytest.mark.django_db
def test_orders_are_accepted_with_a_receipt(api_for, started_game):
    step, role, prompt = prompted(started_game)
    api = api_for(player_of(started_game, role))
    response = api.post(url(started_game), {"step": step.number, "orders": prompt["default_orders"]}, format="json")
    assert response.status_code == 202, response.content
    assert response.json() == {"receipt": orders_hash(prompt["default_orders"]), "step": step.number, "replaced": False, "final": True}
    detail = api.get(f"/api/v1/games/{started_game.pk}/").json()
    assert detail["receipts"][0]["receipt"] == response.json()["receipt"]


@pytest.mark.django_db
def test_text_orders_are_accepted(api_for, started_game, ruleset):
    step, role, prompt = prompted(started_game)
    text = ruleset.format_orders(prompt["default_orders"])
    response = api_for(player_of(started_game, role)).post(
        url(started_game), {"step": step.number, "text": text}, format="json"
    )
    assert response.status_code == 202, response.content


@pytest.mark.django_db
def test_invalid_orders_are_a_problem_listing_every_error(api_for, started_game):
    step, role, _ = prompted(started_game)
    response = api_for(player_of(started_game, role)).post(
        url(started_game), {"step": step.number, "orders": {"bogus": 1, "nonsense": 2}}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 422
    assert response["Content-Type"].startswith("application/problem+json")
    body = json.loads(response.content)
    assert body["type"].endswith("/problems/invalid-orders")
    assert body["title"] == "Les ordres ne sont pas valides."
    assert body["instance"] == url(started_game)
    assert sorted(e["path"] for e in body["errors"]) == ["/bogus", "/nonsense"]
    for error in body["errors"]:
        assert error["code"] and error["message"]["en"] and error["message"]["fr"]
    assert not OrderSet.objects.exists()


@pytest.mark.django_db
def test_orders_and_text_together_are_refused(api_for, started_game):
    step, role, prompt = prompted(started_game)
    response = api_for(player_of(started_game, role)).post(
        url(started_game), {"step": step.number, "orders": prompt["default_orders"], "text": "x"}, format="json"
    )
    assert response.status_code == 422
    assert json.loads(response.content)["errors"][0]["code"] == "orders.missing"


@pytest.mark.django_db
def test_wrong_seat_or_step_is_a_problem(api_for, started_game, make_player):
    step, role, prompt = prompted(started_game)
    payload = {"step": step.number, "orders": prompt["default_orders"]}
    assert api_for(make_player()).post(url(started_game), payload, format="json").status_code == 403
    other = other_role(started_game, role)
    if other not in step.roles:
        response = api_for(player_of(started_game, other)).post(url(started_game), payload, format="json")
        assert response.status_code == 409
        assert json.loads(response.content)["type"].endswith("/problems/not-prompted")
    response = api_for(player_of(started_game, role)).post(url(started_game), {**payload, "step": 42}, format="json")
    assert response.status_code == 409
    assert not OrderSet.objects.exists()


@pytest.mark.django_db
def test_idempotency_key_replays_the_stored_response(api_for, started_game):
    step, role, prompt = prompted(started_game)
    api = api_for(player_of(started_game, role))
    payload = {"step": step.number, "orders": prompt["default_orders"]}
    first = api.post(url(started_game), payload, format="json", HTTP_IDEMPOTENCY_KEY="key-1")
    again = api.post(url(started_game), payload, format="json", HTTP_IDEMPOTENCY_KEY="key-1")
    assert first.status_code == again.status_code == 202
    assert first.json() == again.json()
    assert first.json()["replaced"] is False and again.json()["replaced"] is False  # not a second write
    assert again["Idempotent-Replayed"] == "true"
    assert OrderSet.objects.count() == 1

    other = {"step": step.number, "orders": {**prompt["default_orders"], "reactions": {"losses": "auto"}}}
    reused = api.post(url(started_game), other, format="json", HTTP_IDEMPOTENCY_KEY="key-1")
    assert reused.status_code == 422
    assert json.loads(reused.content)["type"].endswith("/problems/idempotency-key-reused")
    assert OrderSet.objects.get().canonical_hash == first.json()["receipt"]


@pytest.mark.django_db
def test_an_error_is_not_stored_under_the_idempotency_key(api_for, started_game):
    step, role, prompt = prompted(started_game)
    api = api_for(player_of(started_game, role))
    bad = api.post(url(started_game), {"step": step.number, "orders": {"bogus": 1}}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert bad.status_code == 422
    assert not OrderSet.objects.exists()
    good = api.post(
        url(started_game), {"step": step.number, "orders": prompt["default_orders"]}, format="json", HTTP_IDEMPOTENCY_KEY="k2"
    )
    assert good.status_code == 202


@pytest.mark.django_db
@pytest.mark.parametrize("key", [None, "no-such-game-1"])
def test_orders_to_a_game_that_does_not_exist_are_a_404_problem(api_for, started_game, key):
    step, role, prompt = prompted(started_game)
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    response = api_for(player_of(started_game, role)).post(
        "/api/v1/games/999999/orders/", {"step": step.number, "orders": prompt["default_orders"]}, format="json", **headers
    )
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["type"].endswith("/not-found")
    assert not OrderSet.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("naval", "moves", "path"), [
    ([{"fleet": [1], "to": {}}], [], "/naval/0/fleet"),
    ([{"fleet": "classis-ravennas", "to": []}], [], "/naval/0/to"),
    ([{"fleet": "classis-ravennas", "embark": [[]]}], [], "/naval/0/embark/0"),
    ([{"fleet": "classis-ravennas", "embark": [{}]}], [], "/naval/0/embark/0"),
    ([], [{"leaders": [[]], "units": [], "path": ["italia-1"]}], "/moves/0/leaders/0"),
    ([], [{"leaders": [{}], "units": [], "path": ["italia-1"]}], "/moves/0/leaders/0"),
])
def test_a_wrongly_typed_order_set_is_a_422_naming_the_path_and_the_field(api_for, started_game, naval, moves, path):
    """Issue 14: these reached the engine and raised TypeError (a 500). The shape check
    (the ruleset's order_schema) refuses them first, naming the path and the field."""
    from tests.web.conftest import resolve_open_step

    while prompted(started_game)[2]["kind"] != "smc":
        resolve_open_step(started_game)
    step, role, prompt = prompted(started_game)
    response = api_for(player_of(started_game, role)).post(
        url(started_game), {"step": step.number, "orders": {"moves": moves, "naval": naval}}, format="json")
    assert response.status_code == 422, response.content
    errors = json.loads(response.content)["errors"]
    assert path in [e["path"] for e in errors], errors
    error = next(e for e in errors if e["path"] == path)
    assert error["code"] == "orders.wrong_type"
    assert path in error["message"]["en"] and path in error["message"]["fr"]
    assert not OrderSet.objects.filter(step=step).exists()


@pytest.mark.django_db
def test_an_unknown_field_inside_a_move_is_refused_with_its_path(api_for, started_game):
    from tests.web.conftest import resolve_open_step

    while prompted(started_game)[2]["kind"] != "smc":
        resolve_open_step(started_game)
    step, role, _ = prompted(started_game)
    response = api_for(player_of(started_game, role)).post(
        url(started_game),
        {"step": step.number, "orders": {"moves": [{"from": "italia-1", "to": "italia-2"}], "naval": []}}, format="json")
    assert response.status_code == 422
    errors = {(e["code"], e["path"]) for e in json.loads(response.content)["errors"]}
    assert errors == {("orders.unknown_field", "/moves/0/from"), ("orders.unknown_field", "/moves/0/to")}


# -- issue 17: the submission's own path (games/api/orders.py) -------------------------------


@pytest.mark.django_db
def test_a_rotated_or_revoked_token_is_refused_at_once(api_for, started_game, dispatched):
    """The submission reads the token with the game, in the same statement: nothing is
    cached, so a token deleted (revoked), replaced (rotated) or whose user is deactivated
    is refused from the next request on, and the new token works at once."""
    from rest_framework.authtoken.models import Token

    step, role, prompt = prompted(started_game)
    player = player_of(started_game, role)
    payload = {"step": step.number, "orders": prompt["default_orders"]}
    old = api_for(player)
    assert old.post(url(started_game), payload, format="json").status_code == 202
    Token.objects.filter(user=player).delete()
    new_key = Token.objects.create(user=player).key
    refused = old.post(url(started_game), payload, format="json")
    assert refused.status_code == 401 and json.loads(refused.content)["detail"] == "Invalid token."
    assert api_for(player).post(url(started_game), payload, format="json").status_code == 202
    player.is_active = False
    player.save(update_fields=["is_active"])
    inactive = api_for(player).post(url(started_game), payload, format="json", HTTP_AUTHORIZATION=f"Token {new_key}")
    assert inactive.status_code == 401 and json.loads(inactive.content)["detail"] == "User inactive or deleted."


@pytest.mark.django_db
def test_a_submission_by_token_is_not_dispatched_by_drf(api_for, started_game, dispatched, monkeypatch):
    """A token's submission takes the endpoint's own path: DRF's view is never called (and
    a session's submission still is)."""
    from games.api import orders

    calls = []
    drf = orders._drf_view
    monkeypatch.setattr(orders, "_drf_view", lambda request, **kw: calls.append(request.method) or drf(request, **kw))
    step, role, prompt = prompted(started_game)
    player = player_of(started_game, role)
    payload = {"step": step.number, "orders": prompt["default_orders"]}
    assert api_for(player).post(url(started_game), payload, format="json").status_code == 202
    assert calls == []
    from rest_framework.test import APIClient

    browser = APIClient()
    browser.force_login(player)
    assert browser.post(url(started_game), payload, format="json").status_code == 202
    assert calls == ["POST"]
