"""Spectators (issue 21, item 3) and the leak test of players together: a public game is
anyone's to watch, exactly as a non-player sees it; a private one only its players';
followers get at most one email a day; private messages and hidden game state never
reach a spectator, a non-recipient, or an email to the wrong person."""

from __future__ import annotations

import copy
import json
import random
from datetime import timedelta
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone

from games import press, services, spectators
from games.models import Game, Step
from notifications import services as notify
from notifications.models import Outbox
from tests.audit.test_no_leaks import _play_until_secrets, _sealed_submission
from tests.audit.walk import every_path


@pytest.mark.django_db
def test_a_private_game_is_its_players_and_a_public_one_anybodys(started_game, make_player, api_for, client):
    stranger = make_player("stranger")
    game = started_game
    assert not game.public
    assert client.get(f"/games/{game.pk}/").status_code == 302  # log in first
    assert api_for().get(f"/api/v1/games/{game.pk}/").status_code == 401
    client.force_login(stranger)
    assert client.get(f"/games/{game.pk}/").status_code == 404
    assert client.get(f"/games/{game.pk}/replay/?step=1").status_code == 404
    assert api_for(stranger).get(f"/api/v1/games/{game.pk}/").status_code == 404
    assert api_for(stranger).get(f"/api/v1/games/{game.pk}/events/").status_code == 404

    Game.objects.filter(pk=game.pk).update(public=True)
    anonymous = Client()
    page = anonymous.get(f"/games/{game.pk}/")
    assert page.status_code == 200 and "You are observing this game." in page.content.decode()
    detail = api_for().get(f"/api/v1/games/{game.pk}/").json()
    assert detail["role"] is None and detail["prompts"] == [] and detail["receipts"] == []
    rs = services.ruleset_for(game.ruleset)
    assert detail["view"] == json.loads(json.dumps(rs.view(copy.deepcopy(game.state), None)))
    events = api_for().get(f"/api/v1/games/{game.pk}/events/").json()["results"]
    assert events and all(e["public"] for e in events)


@pytest.mark.django_db
def test_a_follower_gets_one_email_a_day_at_most(started_game, make_player, api_for, no_delivery, ruleset):
    fan = make_player("fan")
    game = started_game
    assert api_for(fan).put(f"/api/v1/games/{game.pk}/follow/").status_code == 404  # private: not even seen
    Game.objects.filter(pk=game.pk).update(public=True)
    game.refresh_from_db()
    player = game.seats.first().player
    refused = api_for(player).put(f"/api/v1/games/{game.pk}/follow/")
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "follow.refused"  # a seat
    assert api_for(fan).put(f"/api/v1/games/{game.pk}/follow/").status_code == 204

    step = game.steps.get(status=Step.Status.OPEN)
    first = notify.notify_followers(game_id=game.pk, step_number=step.number)
    assert [m.recipient for m in first] == [fan] and first[0].kind == "follow"
    services.step_adjudicate(game_id=game.pk, step_number=step.number, force=True)
    assert notify.notify_followers(game_id=game.pk, step_number=step.number + 1) == []  # the same day
    tomorrow = timezone.now() + timedelta(days=1)
    with mock.patch("django.utils.timezone.now", return_value=tomorrow):
        assert [m.recipient for m in notify.notify_followers(game_id=game.pk, step_number=step.number + 1)] == [fan]
    assert api_for(fan).delete(f"/api/v1/games/{game.pk}/follow/").status_code == 204
    assert spectators.followers(game=game) == []


def _secrets_absent(text: str, secrets: list[str], where: str) -> list[str]:
    return [f"{where}: {secret[:40]!r}" for secret in secrets if secret and secret in text]


@pytest.mark.django_db
def test_hidden_state_never_reaches_a_spectator_nor_a_follower_email(started_game, ruleset, make_player, api_for,
                                                                    no_delivery):
    """A public Semper Victor game holding both hands, both reaction sheets and a sealed
    order set: every page and endpoint the walk can fill, as a visitor without an account
    and as a follower, and the follower's email, show none of them."""
    rng = random.Random(2121)
    game = started_game
    _play_until_secrets(game, ruleset, rng)
    sealed_role, sealed_orders, sealed_receipt = _sealed_submission(game, ruleset, rng)
    Game.objects.filter(pk=game.pk).update(public=True)
    game.refresh_from_db()
    public_view = json.dumps(ruleset.view(copy.deepcopy(game.state), None))
    hands = {s for role in ("PRIMUS", "SECONDUS") for s in ruleset.view(copy.deepcopy(game.state), role)["stratagems"]["hand"]}
    hidden = [f'"{s}"' for s in sorted(hands) if s not in public_view]
    secrets = [game.dice_seed, sealed_receipt] + hidden
    if sealed_orders.get("reactions"):
        secrets.append(json.dumps(sealed_orders["reactions"]))
    fan = make_player("fan")
    spectators.follow(game=game, user=fan)

    resolved = list(game.steps.filter(status=Step.Status.RESOLVED).values_list("number", flat=True))
    paths, _unfilled = every_path(game_id=game.pk, step_numbers=resolved[-2:])
    paths = [p for p in paths if f"/{game.pk}/" in p or "lobby" in p]
    leaks = []
    for name, web, api in (("visitor", Client(raise_request_exception=False), api_for()),
                           ("follower", Client(raise_request_exception=False), api_for(fan))):
        if name == "follower":
            web.force_login(fan)
        for path in paths:
            response = (api if path.startswith("/api/") else web).get(path)
            assert response.status_code < 500, (path, name)
            leaks += _secrets_absent(response.content.decode(errors="replace"), secrets, f"{path} as {name}")
    step = game.steps.get(status=Step.Status.OPEN)
    mails = notify.notify_followers(game_id=game.pk, step_number=step.number)
    assert [m.recipient for m in mails] == [fan]
    for mail in mails:
        leaks += _secrets_absent(mail.text_body + mail.html_body, secrets, "the follower's email")
    assert not leaks, leaks


@pytest.mark.django_db
def test_private_messages_reach_no_spectator_no_other_seat_and_no_wrong_email(make_player, api_for, no_delivery,
                                                                              django_capture_on_commit_callbacks):
    players = [make_player("livia"), make_player("tullus"), make_player("ancus")]
    game = services.game_create(ruleset="kings-of-rome", scenario=str(services.ruleset_for("kings-of-rome").scenarios()[0]["id"]),
                                options={"players": 3}, created_by=players[0], public=True)
    for player in players[1:]:
        services.game_join(game=game, player=player)
    game.refresh_from_db()
    a, b, c = game.seats.select_related("player").order_by("position")
    fan = make_player("fan")
    spectators.follow(game=game, user=fan)
    secret = "The eagles fly at dawn from Veii"
    with django_capture_on_commit_callbacks(execute=True):
        press.message_post(game=game, player=a.player, body=secret, to=[b.role])
        press.message_post(game=game, player=c.player, body="Hello, everyone.")

    step = game.steps.get(status=Step.Status.OPEN)
    resolved_or_open = [step.number]
    paths, _unfilled = every_path(game_id=game.pk, step_numbers=resolved_or_open)
    paths = [p for p in paths if f"/{game.pk}/" in p]
    leaks = []
    seen_by_b = False
    for name, user in (("visitor", None), ("follower", fan), ("other seat", c.player), ("recipient", b.player)):
        web, api = Client(raise_request_exception=False), api_for(user)
        if user is not None:
            web.force_login(user)
        for path in paths:
            text = (api if path.startswith("/api/") else web).get(path).content.decode(errors="replace")
            if secret in text:
                if name == "recipient":
                    seen_by_b = True
                else:
                    leaks.append(f"{path} as {name}")
    assert seen_by_b, "the recipient reads it"
    # Every email written so far and the next turn and follower emails: the secret only to b.
    notify.notify_followers(game_id=game.pk, step_number=step.number)
    notify.notify(notify.TURN, game=game, step=step)
    for mail in Outbox.objects.all():
        if secret in (mail.text_body + mail.html_body + mail.subject + json.dumps(mail.payload or {})):
            if mail.recipient != b.player or mail.channel != "email":
                leaks.append(f"an email or webhook to {mail.recipient} ({mail.kind})")
    assert Outbox.objects.filter(kind="press", recipient=b.player).exists()
    assert not leaks, leaks


@pytest.mark.django_db
def test_a_follower_is_told_how_the_game_ended(started_game, make_player, no_delivery, django_capture_on_commit_callbacks):
    """The end reaches a follower the day it happens, even after that day's follow email:
    the result in the game's terms, what happened since the last email (as a non-player
    sees it) and the revealed seed, in the follower's language; once."""
    from notifications.services import profile_set_language
    from tests.games.test_endings import _play_out

    fan, fan_fr = make_player("fan"), make_player("admiratrice", language="fr")
    profile_set_language(user=fan, language="en")
    game = started_game
    Game.objects.filter(pk=game.pk).update(public=True, state=dict(game.state, last_year=game.state["first_year"]))
    game.refresh_from_db()
    for user in (fan, fan_fr):
        spectators.follow(game=game, user=user)
    step = game.steps.get(status=Step.Status.OPEN)
    assert {m.recipient for m in notify.notify_followers(game_id=game.pk, step_number=step.number)} == {fan, fan_fr}
    with django_capture_on_commit_callbacks(execute=True):
        _play_out(game)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    ends = Outbox.objects.filter(dedupe_key__startswith=f"follow-finished:{game.pk}:")
    assert {m.recipient for m in ends} == {fan, fan_fr}  # sent by the game_finished signal
    rs = services.ruleset_for(game.ruleset)
    head = rs.outcome_text(game.outcome)[0]
    english, french = ends.get(recipient=fan), ends.get(recipient=fan_fr)
    assert "which you follow, is over" in english.subject and head["en"] in english.text_body
    assert game.dice_seed in english.text_body and game.dice_seed in english.html_body
    assert "que vous suivez, est terminée" in french.subject and head["fr"] in french.text_body
    assert "{" not in english.text_body and "outcome" not in english.text_body
    assert notify.notify_game_finished_by_id(game_id=game.pk) == []  # once
    assert not Outbox.objects.filter(dedupe_key__startswith="follow-finished:", recipient__in=[
        seat.player for seat in game.seats.all()]).exists()
