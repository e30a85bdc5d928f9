"""The third door: an email provider's inbound webhook (django-anymail, here Mailgun's
raw-MIME route) feeds the same process_message."""

import base64
import hashlib
import hmac
import time
from email.message import EmailMessage

import pytest

from games import links
from games.models import OrderSet, Step
from notifications.models import InboundMessage


def _post(client, raw: bytes, *, key: str, auth: str):
    timestamp, token = str(int(time.time())), "t" * 50
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    return client.post(
        "/anymail/mailgun/inbound_mime/",
        {"body-mime": raw.decode(), "timestamp": timestamp, "token": token, "signature": signature, "recipient": ""},
        HTTP_AUTHORIZATION="Basic " + base64.b64encode(auth.encode()).decode(),
    )


@pytest.mark.django_db
def test_a_provider_webhook_delivers_a_reply_to_process_message(started_game, client, settings, no_delivery):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "cursus:s3cret", "MAILGUN_WEBHOOK_SIGNING_KEY": "key-123"}
    step = started_game.steps.get(status=Step.Status.OPEN)
    seat = started_game.seats.get(role=step.roles[0])
    message = EmailMessage()
    message["From"] = seat.player.email
    message["To"] = links.reply_address(seat=seat, step=step)
    message["Subject"] = "Re: orders"
    message["Message-ID"] = "<via-webhook@example.test>"
    message.set_content("pass\n")
    raw = bytes(message)
    # Without the shared secret: refused, nothing read.
    assert _post(client, raw, key="key-123", auth="cursus:wrong").status_code == 400
    assert not InboundMessage.objects.exists()
    assert _post(client, raw, key="key-123", auth="cursus:s3cret").status_code == 200
    inbound = InboundMessage.objects.get()
    assert inbound.result == "accepted" and inbound.via == "webhook:Mailgun"
    assert OrderSet.objects.filter(step=step, seat=seat, source="email").exists()
