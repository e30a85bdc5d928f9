"""Players' data (issue 15): export as JSON, deletion from the account page (seats of
running games to the ladder, finished games under an anonymous name, everything personal
erased), and retention of mail bodies and inbound messages."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import services
from games.models import Event, Game, Seat, Step
from notifications.models import InboundMessage, Outbox, Profile, Webhook
from tests.games.play import player_of


@pytest.mark.django_db
def test_a_player_downloads_everything_held_about_them(client, started_game, announced_inline):
    aurelia = player_of(started_game, "PRIMUS")
    step = started_game.steps.get(status=Step.Status.OPEN)
    if "PRIMUS" in step.roles:
        prompt = next(p for p in step.prompts if p["role"] == "PRIMUS")
        services.order_submit(game=started_game, player=aurelia, step=step.number, orders=prompt["default_orders"])
    Webhook.objects.create(owner=aurelia, kind="json", url="https://hooks.example/a")
    client.force_login(aurelia)
    assert "/accounts/data/" in client.get("/accounts/settings/").content.decode()
    response = client.get("/accounts/data/")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["account"]["username"] == "aurelia" and data["account"]["email"] == "aurelia@example.test"
    assert data["seats"] == [{**data["seats"][0], "game": started_game.pk, "role": "PRIMUS", "game_status": "active"}]
    assert data["webhooks"][0]["url"] == "https://hooks.example/a"
    assert data["games_created"] == [started_game.pk]
    if "PRIMUS" in step.roles:
        assert data["order_sets"][0]["role"] == "PRIMUS"
    text = json.dumps(data)
    marcus = player_of(started_game, "SECONDUS")
    assert marcus.email not in text and started_game.dice_seed not in text  # nothing of anyone else's
    client.logout()
    assert client.get("/accounts/data/").status_code == 302  # to the login page


@pytest.mark.django_db
def test_deleting_an_account_erases_it_and_hands_running_seats_to_the_ladder(
    client, started_game, make_player, ruleset, dispatched, django_capture_on_commit_callbacks
):
    marcus = player_of(started_game, "SECONDUS")
    aurelia = player_of(started_game, "PRIMUS")
    # A finished game of marcus's, and an open one waiting for players.
    finished = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=aurelia, role="PRIMUS")
    services.game_join(game=finished, player=marcus, role="SECONDUS")
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    waiting = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=make_player("cassia"), role="PRIMUS")
    Seat.objects.create(game=waiting, role="SECONDUS", position=1, player=marcus, entropy="x")
    Webhook.objects.create(owner=marcus, kind="json", url="https://hooks.example/m")
    Outbox.objects.create(recipient=marcus, address=marcus.email, subject="s", text_body="b", dedupe_key="m1")
    InboundMessage.objects.create(message_id="<m@x>", sender=marcus.email, via="smtp", result="accepted")

    client.force_login(marcus)
    page = client.get("/accounts/delete/").content.decode()
    assert f"/games/{started_game.pk}/" in page  # the running games it will leave
    assert client.post("/accounts/delete/", {"password": "wrong", "confirm": "on"}).status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/accounts/delete/", {"password": "pw-marcus", "confirm": "on"})
    assert response.status_code == 200 and "Compte supprimé" in response.content.decode()  # marcus reads French

    gone = get_user_model().objects.get(pk=marcus.pk)
    assert gone.username == f"deleted-{marcus.pk}" and gone.email == "" and not gone.is_active
    assert not gone.has_usable_password()
    assert not Profile.objects.filter(user=gone).exists() and not Webhook.objects.filter(owner=gone).exists()
    assert not Outbox.objects.filter(recipient=gone, dedupe_key="m1").exists()
    assert not InboundMessage.objects.filter(message_id="<m@x>").exists()
    assert not hasattr(gone, "auth_token") or not type(gone).objects.filter(pk=gone.pk, auth_token__isnull=False).exists()
    # The running game: the seat falls into civil disorder, every seat is told.
    seat = started_game.seats.get(role="SECONDUS")
    assert seat.status == Seat.Status.CIVIL_DISORDER and seat.player == gone
    assert Event.objects.filter(game=started_game, type="seat_civil_disorder").exists()
    assert Outbox.objects.filter(game=started_game, kind="ladder", recipient=aurelia).exists()
    # The finished game keeps the seat under the anonymous name, in the log too.
    assert finished.seats.get(role="SECONDUS").player == gone
    taken = Event.objects.get(game=finished, type="seat_taken", data__role="SECONDUS")
    assert taken.data["player"] == f"deleted-{marcus.pk}"
    assert not Event.objects.filter(data__player="marcus").exists()
    # The open game frees the seat.
    assert not waiting.seats.filter(role="SECONDUS").exists()
    assert client.get("/games/").status_code == 302  # signed out


@pytest.mark.django_db
def test_retention_purges_old_mail_bodies_and_inbound_messages(make_player, settings):
    from notifications.services import retention_sweep

    settings.CURSUS_RETENTION_DAYS = 30
    user = make_player()
    old = Outbox.objects.create(recipient=user, address=user.email, subject="Your turn", text_body="link /link/SECRET/",
                                html_body="<p>x</p>", headers={"Reply-To": "play+tok@x"}, dedupe_key="old", status="sent")
    new = Outbox.objects.create(recipient=user, address=user.email, subject="Your turn", text_body="fresh", dedupe_key="new")
    Outbox.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=31))
    inbound = InboundMessage.objects.create(message_id="<old@x>", sender=user.email, via="smtp", result="accepted")
    InboundMessage.objects.filter(pk=inbound.pk).update(received_at=timezone.now() - timedelta(days=31))
    assert retention_sweep() == {"outbox": 1, "inbound": 1}
    old.refresh_from_db()
    assert old.text_body == old.html_body == old.address == old.subject == "" and old.headers == {}
    assert old.status == "sent" and old.created_at  # the delivery record stays
    new.refresh_from_db()
    assert new.text_body == "fresh"
    assert retention_sweep() == {"outbox": 0, "inbound": 0}
