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
def test_delivery_gives_up_after_the_maximum_attempts(make_player, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", free_port(), 2
    settings.CURSUS_OUTBOX_MAX_ATTEMPTS = 2
    outbox = make_outbox(make_player())
    assert services.outbox_deliver(outbox_id=outbox.pk) == "failed"
    assert services.outbox_deliver(outbox_id=outbox.pk) == "failed"
    assert services.outbox_deliver(outbox_id=outbox.pk) == "gave-up"
    assert services.outbox_sweep(now=timezone.now() + timedelta(hours=1)) == []


def test_retry_delay_grows_and_is_capped():
    assert [services.retry_delay(n) for n in (1, 2, 3, 4)] == [30, 60, 120, 240]
    assert services.retry_delay(50) == 1800
