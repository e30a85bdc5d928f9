"""Preferences hold: quiet hours in the player's time zone delay email; a daily digest
replaces turn emails and reminders; one-click unsubscribe per game and for all; the
preferences page; the private calendar feed."""

from datetime import datetime, time, timedelta, timezone as dt_timezone

import pytest
from django.utils import timezone

from games.models import Step
from notifications import services as notify
from notifications.models import GameMute, Outbox
from tests.games.play import player_of
from tests.notifications.mail import deliver_all


@pytest.mark.django_db
def test_quiet_hours_hold_email_until_they_end(started_game, no_delivery, smtp_sink, monkeypatch, django_capture_on_commit_callbacks):
    step = started_game.steps.get(status=Step.Status.OPEN)
    player = player_of(started_game, step.roles[0])
    # Quiet from 22:00 to 07:30 in Tokyo; "now" is 23:00 there (14:00 UTC).
    notify.profile_update(user=player, timezone="Asia/Tokyo", quiet_start=time(22, 0), quiet_end=time(7, 30))
    fake_now = datetime(2026, 11, 20, 14, 0, tzinfo=dt_timezone.utc)
    monkeypatch.setattr(timezone, "now", lambda: fake_now)
    with django_capture_on_commit_callbacks(execute=True):
        [outbox] = notify.notify_step_opened(game=started_game, step=step)
    assert outbox.not_before == datetime(2026, 11, 20, 22, 30, tzinfo=dt_timezone.utc)  # 07:30 in Tokyo
    assert no_delivery == []  # not handed to a worker
    assert notify.outbox_deliver(outbox_id=outbox.pk) == "held"
    assert notify.outbox_sweep(now=fake_now + timedelta(hours=2)) == []
    # The sweep after the quiet hours sends it.
    later = fake_now + timedelta(hours=8, minutes=31)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert notify.outbox_sweep(now=later) == [outbox.pk]
    assert notify.outbox_deliver(outbox_id=outbox.pk) == "sent"
    assert smtp_sink.wait_for(lambda m: m["to"] == [player.email], timeout=10)
    # The deadline is written in the player's time zone.
    assert "(Asia/Tokyo)" in outbox.text_body


@pytest.mark.django_db
def test_a_daily_digest_replaces_turn_emails(started_game, no_delivery, smtp_sink, django_capture_on_commit_callbacks):
    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(started_game, role)
    notify.profile_update(user=player, delivery="digest", digest_hour=7, timezone="Europe/Paris")
    with django_capture_on_commit_callbacks(execute=True):
        [turn] = notify.notify_step_opened(game=started_game, step=step)
    assert turn.status == "skipped" and turn.last_error == "in the daily digest"
    assert notify.outbox_deliver(outbox_id=turn.pk) == "skipped"
    # Before 07:00 in Paris: no digest yet.
    six = datetime(2026, 11, 20, 5, 0, tzinfo=dt_timezone.utc)  # 06:00 in Paris
    assert notify.digests_sweep(now=six) == []
    seven = datetime(2026, 11, 20, 6, 5, tzinfo=dt_timezone.utc)  # 07:05 in Paris
    with django_capture_on_commit_callbacks(execute=True):
        [digest] = notify.digests_sweep(now=seven)
    assert digest.kind == "digest" and digest.recipient == player
    assert f"/games/{started_game.pk}/link/" in digest.text_body and "play+" in digest.text_body
    # Once a day.
    assert notify.digests_sweep(now=seven + timedelta(hours=3)) == []
    assert len(notify.digests_sweep(now=seven + timedelta(days=1))) == 1
    deliver_all()
    mails = smtp_sink.wait_for(lambda m: m["to"] == [player.email], timeout=10)
    assert len(mails) == 2 and all("digest" in str(m["message"]["Subject"]).lower() or "résumé" in str(m["message"]["Subject"]).lower() for m in mails)


@pytest.mark.django_db
def test_one_click_unsubscribe_per_game_and_for_all(started_game, no_delivery, client, django_capture_on_commit_callbacks):
    step = started_game.steps.get(status=Step.Status.OPEN)
    player = player_of(started_game, step.roles[0])
    with django_capture_on_commit_callbacks(execute=True):
        [turn] = notify.notify_step_opened(game=started_game, step=step)
    game_url = turn.headers["List-Unsubscribe"].strip("<>").removeprefix("http://testserver")
    # GET only asks.
    assert client.get(game_url).status_code == 200
    assert not GameMute.objects.exists()
    # RFC 8058: the mail client POSTs List-Unsubscribe=One-Click, no cookie, no CSRF token.
    from django.test import Client

    response = Client(enforce_csrf_checks=True).post(game_url, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    assert GameMute.objects.filter(user=player, game=started_game).exists()
    Outbox.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        [again] = notify.notify_step_opened(game=started_game, step=step)
    assert again.status == "skipped" and again.last_error == "game muted"
    # Receipts (answers to what the player did) still arrive.
    receipt = notify.notify_receipt(game_id=started_game.pk, step_number=step.number, role=step.roles[0], receipt="ab" * 32, source="web")
    assert receipt.status == "pending"
    # For all: a tampered token changes nothing; the real one mutes everything.
    all_url = notify.unsubscribe_url(user=player, game=None).removeprefix("http://testserver")
    assert client.post(all_url[:-3] + "xx/").status_code == 400
    assert client.post(all_url).status_code == 200
    player.profile.refresh_from_db()
    assert player.profile.unsubscribed_all


@pytest.mark.django_db
def test_the_preferences_page_saves_channels_quiet_hours_digest_and_time_zone(make_player, client):
    player = make_player()
    assert client.get("/notifications/preferences/").status_code == 302  # login first
    client.force_login(player)
    page = client.get("/notifications/preferences/")
    assert page.status_code == 200 and b"calendar" in page.content.lower()
    response = client.post(
        "/notifications/preferences/",
        {
            "action": "preferences",
            "prefs-language": "fr",
            "prefs-timezone": "America/Montreal",
            "prefs-email_enabled": "on",
            "prefs-delivery": "digest",
            "prefs-digest_hour": "8",
            "prefs-quiet_start": "23:00",
            "prefs-quiet_end": "07:00",
        },
    )
    assert response.status_code == 302
    profile = notify.profile_for(user=player)
    assert (profile.language, profile.timezone, profile.delivery, profile.digest_hour) == ("fr", "America/Montreal", "digest", 8)
    assert profile.quiet_start == time(23, 0) and not profile.webhooks_enabled
    bad = client.post("/notifications/preferences/", {"action": "preferences", "prefs-language": "fr", "prefs-timezone": "Mars/Olympus", "prefs-delivery": "digest", "prefs-digest_hour": "30"})
    assert bad.status_code == 200 and b"errorlist" in bad.content
    profile.refresh_from_db()
    assert profile.timezone == "America/Montreal"


@pytest.mark.django_db
def test_the_calendar_feed_lists_my_deadlines_only(started_game, client):
    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(started_game, role)
    other = started_game.seats.exclude(role=role).get().player
    url = notify.feed_url(user=player).removeprefix("http://testserver")
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    body = response.content.decode()
    assert body.startswith("BEGIN:VCALENDAR\r\n") and body.endswith("END:VCALENDAR\r\n")
    assert f"UID:cursus-{started_game.pk}-{step.number}-{role}@testserver" in body
    assert "DTSTART:" + step.deadline.astimezone(dt_timezone.utc).strftime("%Y%m%dT%H%M%SZ") in body
    other_body = client.get(notify.feed_url(user=other).removeprefix("http://testserver")).content.decode()
    assert "BEGIN:VEVENT" not in other_body
    assert client.get("/notifications/calendar/not-a-token.ics").status_code == 404
