"""Outbox delivery through Django's SMTP backend: sent once, failures retried."""

from datetime import timedelta

import pytest
from django.utils import timezone

from notifications import services
from notifications.models import Outbox
from tests.helpers import free_port


def make_outbox(user, key="k1", **extra):
    return Outbox.objects.create(
        recipient=user,
        address=user.email,
        subject="Hello",
        text_body="Plain body",
        html_body="<p>HTML body</p>",
        dedupe_key=key,
        **extra,
    )


@pytest.mark.django_db
def test_delivery_sends_once_to_a_real_smtp_server(make_player, smtp_sink):
    user = make_player()
    outbox = make_outbox(user)
    assert services.outbox_deliver(outbox_id=outbox.pk) == "sent"
    assert services.outbox_deliver(outbox_id=outbox.pk) == "sent"  # a re-run never sends twice
    received = smtp_sink.wait_for(lambda m: True, timeout=5)
    assert len(smtp_sink.messages) == 1
    message = received[0]["message"]
    assert received[0]["to"] == [user.email]
    assert message["Subject"] == "Hello"
    assert message["X-Cursus-Notification"] == "k1"
    assert message.get_body(preferencelist=("plain",)).get_content().strip() == "Plain body"
    assert "<p>HTML body</p>" in message.get_body(preferencelist=("html",)).get_content()
    outbox.refresh_from_db()
    assert outbox.status == "sent" and outbox.attempts == 1 and outbox.sent_at


@pytest.mark.django_db
def test_failed_delivery_is_recorded_and_retried_by_the_sweep(make_player, settings, smtp_sink):
    user = make_player()
    outbox = make_outbox(user)
    real_port = settings.EMAIL_PORT
    settings.EMAIL_PORT = free_port()  # nothing listens: connection refused
    settings.EMAIL_TIMEOUT = 2
    assert services.outbox_deliver(outbox_id=outbox.pk) == "failed"
    outbox.refresh_from_db()
    assert outbox.status == "failed" and outbox.attempts == 1
    assert "Connection" in outbox.last_error or "refused" in outbox.last_error.lower()

    settings.EMAIL_PORT = real_port
    later = timezone.now() + timedelta(minutes=5)
    due = services.outbox_sweep(now=later)  # enqueues (nothing consumes here) ...
    assert due == [outbox.pk]
    assert services.outbox_deliver(outbox_id=outbox.pk) == "sent"  # ... and the retry works
    assert len(smtp_sink.wait_for(lambda m: True, timeout=5)) == 1


@pytest.mark.django_db
def test_delivery_is_retried_for_as_long_as_the_row_matters_then_given_up_and_told(
    make_player, settings, caplog, django_capture_on_commit_callbacks
):
    """Issue 15: no turn email lost after 8 minutes. A row is retried with a growing
    delay (capped) until CURSUS_OUTBOX_GIVE_UP_HOURS; the last failure is an ERROR (the
    admins' email), the operators' webhook is told, and the row is never tried again
    until resent."""
    import logging

    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", free_port(), 2
    settings.CURSUS_OUTBOX_GIVE_UP_HOURS = 2
    posted = []
    from notifications import alerts

    outbox = make_outbox(make_player())
    with caplog.at_level(logging.WARNING, logger="notifications"):
        for minutes_ago in (110, 100, 80, 50):  # attempts spread over the row's life
            Outbox.objects.filter(pk=outbox.pk).update(
                created_at=timezone.now() - timedelta(minutes=115), last_attempt_at=timezone.now() - timedelta(minutes=minutes_ago)
            )
            assert services.outbox_deliver(outbox_id=outbox.pk) == "failed"
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        Outbox.objects.filter(pk=outbox.pk).update(last_attempt_at=timezone.now() - timedelta(hours=1))
        original = alerts.post
        alerts.post = lambda **kw: posted.append(kw) or True
        try:
            with django_capture_on_commit_callbacks(execute=True):
                assert services.outbox_deliver(outbox_id=outbox.pk) == "gave-up"
        finally:
            alerts.post = original
    outbox.refresh_from_db()
    assert outbox.status == "failed" and outbox.gave_up_at is not None and outbox.attempts == 5
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "given up after 5 attempts" in errors[0].getMessage()
    assert posted and posted[0]["event"] == "outbox.given_up" and f"outbox_resend {outbox.pk}" in posted[0]["text"]
    assert services.outbox_deliver(outbox_id=outbox.pk) == "gave-up"
    assert services.outbox_sweep(now=timezone.now() + timedelta(hours=1)) == []


@pytest.mark.django_db
def test_a_turn_email_is_retried_while_its_step_is_open_and_dropped_when_it_closes(started_game, settings):
    from games.models import Step

    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", free_port(), 2
    settings.CURSUS_OUTBOX_GIVE_UP_HOURS = 1
    step = started_game.steps.get(status=Step.Status.OPEN)
    seat = started_game.seats.get(role=step.roles[0])  # a seat the step waits for
    outbox = make_outbox(seat.player, key="turn-test", kind="turn", game=started_game, step=step)
    Outbox.objects.filter(pk=outbox.pk).update(created_at=timezone.now() - timedelta(hours=30))
    assert services.outbox_deliver(outbox_id=outbox.pk) == "failed"  # 30 h old, step open: still retried
    outbox.refresh_from_db()
    assert outbox.gave_up_at is None
    Step.objects.filter(pk=step.pk).update(status=Step.Status.RESOLVED)
    Outbox.objects.filter(pk=outbox.pk).update(last_attempt_at=timezone.now() - timedelta(hours=1))
    assert services.outbox_deliver(outbox_id=outbox.pk) == "skipped"  # moot now: never sent late


@pytest.mark.django_db
def test_resend_tries_a_given_up_row_again_and_copies_a_sent_one(make_player, smtp_sink, dispatched):
    from io import StringIO

    from django.core.management import call_command

    user = make_player()
    given_up = make_outbox(user, key="lost", status=Outbox.Status.FAILED, attempts=9, gave_up_at=timezone.now())
    out = StringIO()
    call_command("outbox_resend", "--given-up", stdout=out)
    assert f"outbox {given_up.pk}: resent as {given_up.pk}" in out.getvalue()
    given_up.refresh_from_db()
    assert given_up.status == "pending" and given_up.gave_up_at is None
    assert services.outbox_deliver(outbox_id=given_up.pk) == "sent"
    copy = services.outbox_resend(outbox_id=given_up.pk, by="test")
    assert copy.pk != given_up.pk and copy.dedupe_key == "lost:resend:1" and copy.status == "pending"
    assert services.outbox_deliver(outbox_id=copy.pk) == "sent"
    assert len(smtp_sink.wait_for(lambda m: len(smtp_sink.messages) >= 2, timeout=5)) == 2


def test_retry_delay_grows_and_is_capped(settings):
    assert [services.retry_delay(n) for n in (1, 2, 3, 4)] == [30, 60, 120, 240]
    assert services.retry_delay(50) == 1800
    settings.CURSUS_OUTBOX_RETRY_MAX_SECONDS = 600
    assert services.retry_delay(500) == 600
