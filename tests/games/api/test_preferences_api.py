"""What only the preferences page could do, by API: vacations, pause and resume requests,
notification preferences, webhooks and muted games, with the same problem documents as
every other /api error (code, path, message in English and French)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Event, Step
from tests.games.deadlines.conftest import game_with_policy, no_delivery  # noqa: F401  (fixtures)
from tests.games.play import player_of

PROBLEM = "application/problem+json"


def _problem(response, status: int, type_suffix: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith(PROBLEM)
    body = response.json()
    assert body["type"].endswith("/problems/" + type_suffix) and body["status"] == status
    return body


def _when(**delta) -> str:
    return (timezone.now() + timedelta(**delta)).isoformat()


@pytest.mark.django_db
def test_a_vacation_booked_by_api_moves_the_deadline_and_cancelling_it_brings_it_back(
    game_with_policy, api_for, no_delivery, django_capture_on_commit_callbacks
):
    game = game_with_policy({"step_hours": 72})
    step = game.steps.get(status=Step.Status.OPEN)
    player = player_of(game, step.roles[0])
    api = api_for(player)
    before = step.deadline
    start = timezone.now() + timedelta(days=2)
    with django_capture_on_commit_callbacks(execute=True):
        booked = api.post("/api/v1/vacations/", {"starts_at": start.isoformat(),
                                                  "ends_at": (start + timedelta(days=7)).isoformat()}, format="json")
    assert booked.status_code == 201, booked.content
    assert round(booked.json()["days"]) == 7
    step.refresh_from_db()
    assert step.deadline == before + timedelta(days=7)
    assert Event.objects.filter(game=game, type="deadline_moved").count() == 1
    listing = api.get("/api/v1/vacations/").json()
    assert [v["id"] for v in listing["vacations"]] == [booked.json()["id"]]
    assert listing["allowance_days"] == 28 and round(listing["used_days"]) == 7 and listing["notice_hours"] == 24

    assert api.delete(f"/api/v1/vacations/{booked.json()['id']}/").status_code == 204
    step.refresh_from_db()
    assert step.deadline == before
    assert api.get("/api/v1/vacations/").json()["vacations"] == []


@pytest.mark.django_db
def test_a_refused_vacation_is_a_problem_saying_what_and_where(started_game, api_for, make_player):
    api = api_for(player_of(started_game, "PRIMUS"))
    late = api.post("/api/v1/vacations/", {"starts_at": _when(hours=1), "ends_at": _when(days=3)}, format="json")
    body = _problem(late, 422, "invalid-vacation")
    assert body["errors"] == [
        {"code": "vacation.not_ahead", "path": "/starts_at",
         "message": {"en": "Book a vacation at least 24 hours ahead.",
                     "fr": "Réservez vos vacances au moins 24 heures à l'avance."}}
    ]
    backwards = api.post("/api/v1/vacations/", {"starts_at": _when(days=5), "ends_at": _when(days=3)}, format="json")
    assert _problem(backwards, 422, "invalid-vacation")["errors"][0]["path"] == "/ends_at"
    missing = api.post("/api/v1/vacations/", {"starts_at": "tomorrow"}, format="json")
    errors = {e["path"]: e for e in _problem(missing, 400, "invalid-request")["errors"]}
    assert set(errors) == {"/starts_at", "/ends_at"} and errors["/ends_at"]["message"]["fr"]
    # Somebody else's vacation, or none: not found.
    other = api_for(make_player("stranger")).post(
        "/api/v1/vacations/", {"starts_at": _when(days=2), "ends_at": _when(days=3)}, format="json"
    )
    assert _problem(api.delete(f"/api/v1/vacations/{other.json()['id']}/"), 404, "not-found")
    assert _problem(api_for().get("/api/v1/vacations/"), 401, "not-authenticated")


@pytest.mark.django_db
def test_the_game_pauses_when_every_seat_asked_by_api_and_any_seat_resumes_it(
    started_game, api_for, make_player, no_delivery
):
    primus, secundus = (api_for(player_of(started_game, role)) for role in ("PRIMUS", "SECONDUS"))
    first = primus.post(f"/api/v1/games/{started_game.pk}/pause/")
    assert first.status_code == 200
    assert first.json() | {"paused_at": None} == {
        "status": "active", "paused": False, "paused_at": None, "requested_by": ["PRIMUS"], "waiting_for": ["SECONDUS"]
    }
    both = secundus.post(f"/api/v1/games/{started_game.pk}/pause/").json()
    assert both["paused"] and both["paused_at"] and both["waiting_for"] == []
    resumed = primus.post(f"/api/v1/games/{started_game.pk}/resume/").json()
    assert resumed["paused"] is False and resumed["requested_by"] == []
    assert [e.type for e in Event.objects.filter(game=started_game, type__startswith="game_")][-2:] == ["game_paused", "game_resumed"]
    # Withdrawn before the pause.
    primus.post(f"/api/v1/games/{started_game.pk}/pause/")
    assert primus.post(f"/api/v1/games/{started_game.pk}/resume/").json()["requested_by"] == []

    stranger = api_for(make_player("stranger"))
    _problem(stranger.post(f"/api/v1/games/{started_game.pk}/pause/"), 403, "not-seated")
    _problem(primus.post("/api/v1/games/999999/pause/"), 404, "not-found")


@pytest.mark.django_db
def test_notification_preferences_by_api(api_for, make_player):
    player = make_player("aurelia")
    api = api_for(player)
    current = api.get("/api/v1/preferences/").json()
    assert current["language"] == "en" and current["delivery"] == "immediate" and current["muted_games"] == []
    assert current["calendar_url"].endswith(".ics")
    changed = api.patch("/api/v1/preferences/", {"timezone": "Europe/Paris", "delivery": "digest", "digest_hour": 8,
                                                  "quiet_start": "22:00", "quiet_end": "07:30"}, format="json")
    assert changed.status_code == 200, changed.content
    body = changed.json()
    assert (body["timezone"], body["delivery"], body["digest_hour"], body["quiet_start"], body["quiet_end"]) == (
        "Europe/Paris", "digest", 8, "22:00:00", "07:30:00")
    assert body["language"] == "en"  # untouched
    wrong = api.patch("/api/v1/preferences/", {"timezone": "Mars/Olympus", "digest_hour": 24, "delivery": "pigeon"}, format="json")
    errors = {e["path"]: e for e in _problem(wrong, 400, "invalid-request")["errors"]}
    assert set(errors) == {"/timezone", "/digest_hour", "/delivery"}
    assert "Europe/Paris" in errors["/timezone"]["message"]["en"] and errors["/timezone"]["message"]["fr"] != errors["/timezone"]["message"]["en"]
    assert api.get("/api/v1/preferences/").json()["timezone"] == "Europe/Paris"  # nothing half-written


@pytest.mark.django_db
def test_webhooks_and_muted_games_by_api(started_game, api_for, make_player):
    player = player_of(started_game, "PRIMUS")
    api = api_for(player)
    made = api.post("/api/v1/webhooks/", {"kind": "json", "url": "https://hooks.example.test/cursus"}, format="json")
    assert made.status_code == 201, made.content
    hook = made.json()
    assert hook["secret"] and hook["game"] is None and hook["active"]
    for_game = api.post("/api/v1/webhooks/", {"kind": "discord", "url": "https://discord.example.test/x",
                                               "game": started_game.pk}, format="json").json()
    assert for_game["game"] == started_game.pk
    assert [h["id"] for h in api.get("/api/v1/webhooks/").json()] == [hook["id"], for_game["id"]]

    stranger = api_for(make_player("stranger"))
    not_seated = stranger.post("/api/v1/webhooks/", {"kind": "json", "url": "https://x.example.test/",
                                                      "game": started_game.pk}, format="json")
    assert _problem(not_seated, 422, "invalid-webhook")["errors"][0] == {
        "code": "webhook.game.not_seated", "path": "/game",
        "message": {"en": "A webhook for one game needs your seat in that game.",
                    "fr": "Un webhook pour une partie demande que vous y ayez un siège."}}
    bad = stranger.post("/api/v1/webhooks/", {"kind": "pigeon", "url": "ftp://x"}, format="json")
    assert {e["path"] for e in _problem(bad, 400, "invalid-request")["errors"]} == {"/kind"}
    scheme = stranger.post("/api/v1/webhooks/", {"kind": "slack", "url": "ftp://x.example.test/"}, format="json")
    assert _problem(scheme, 422, "invalid-webhook")["errors"][0]["path"] == "/url"
    _problem(stranger.delete(f"/api/v1/webhooks/{hook['id']}/"), 404, "not-found")
    assert api.delete(f"/api/v1/webhooks/{hook['id']}/").status_code == 204
    assert [h["id"] for h in api.get("/api/v1/webhooks/").json()] == [for_game["id"]]

    assert api.put(f"/api/v1/games/{started_game.pk}/mute/").status_code == 204
    assert api.get("/api/v1/preferences/").json()["muted_games"] == [started_game.pk]
    assert api.delete(f"/api/v1/games/{started_game.pk}/mute/").status_code == 204
    assert api.get("/api/v1/preferences/").json()["muted_games"] == []
    _problem(api.put("/api/v1/games/999999/mute/"), 404, "not-found")
