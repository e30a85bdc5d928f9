"""Webhooks per player and per game: Discord, Slack, or generic JSON signed with
HMAC-SHA-256; failures are retried with backoff and shown on the webhook."""

import hashlib
import hmac
import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.utils import timezone

from games.models import Step
from notifications import services as notify
from notifications.models import Outbox, Webhook
from tests.games.play import player_of


class Receiver:
    """A real HTTP endpoint on 127.0.0.1 that records what it receives and answers
    with ``status``."""

    def __init__(self):
        self.requests = []
        self.status = 204
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                self.send_response(receiver.status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


def _deliver_webhooks():
    return [notify.outbox_deliver(outbox_id=o.pk) for o in Outbox.objects.filter(channel="webhook", status__in=["pending"])]


@pytest.mark.django_db
def test_generic_json_is_signed_discord_and_slack_get_their_shape(started_game, receiver, no_delivery, django_capture_on_commit_callbacks):
    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(started_game, role)
    signed = notify.webhook_create(owner=player, kind="json", url=receiver.url + "/json")
    notify.webhook_create(owner=player, kind="discord", url=receiver.url + "/discord", game=started_game)
    notify.webhook_create(owner=player, kind="slack", url=receiver.url + "/slack")
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=started_game, step=step)
    assert _deliver_webhooks() == ["sent", "sent", "sent"]
    by_path = {r["path"]: r for r in receiver.requests}
    generic = by_path["/json"]
    expected = "sha256=" + hmac.new(signed.secret.encode(), generic["body"], hashlib.sha256).hexdigest()
    assert generic["headers"]["X-Cursus-Signature"] == expected
    payload = json.loads(generic["body"])
    assert payload["event"] == "turn" and payload["game"] == started_game.pk and payload["step"] == step.number
    assert payload["role"] == role and payload["url"] == f"http://testserver/games/{started_game.pk}/"
    # Never a signed link in a webhook (a channel may be shared).
    assert "/link/" not in generic["body"].decode()
    assert set(json.loads(by_path["/discord"]["body"])) == {"content"}
    assert set(json.loads(by_path["/slack"]["body"])) == {"text"}
    assert Webhook.objects.filter(last_success_at__isnull=False).count() == 3
    # A re-run sends nothing twice.
    notify.notify_step_opened(game=started_game, step=step)
    assert _deliver_webhooks() == []


@pytest.mark.django_db
def test_a_failing_webhook_shows_its_error_and_is_retried_with_backoff(started_game, receiver, no_delivery, django_capture_on_commit_callbacks):
    step = started_game.steps.get(status=Step.Status.OPEN)
    player = player_of(started_game, step.roles[0])
    hook = notify.webhook_create(owner=player, kind="json", url=receiver.url + "/hook")
    receiver.status = 500
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=started_game, step=step)
    row = Outbox.objects.get(channel="webhook")
    assert notify.outbox_deliver(outbox_id=row.pk) == "failed"
    hook.refresh_from_db()
    row.refresh_from_db()
    assert hook.failures == 1 and "HTTP 500" in hook.last_error and row.last_error == "RuntimeError: HTTP 500"
    # Backoff: not retried before its delay (30 s after the first attempt)...
    assert row.pk not in notify.outbox_sweep(now=row.last_attempt_at + timedelta(seconds=10))
    # ...then retried by the sweep; the endpoint is back.
    receiver.status = 200
    later = max(row.last_attempt_at, row.created_at + timedelta(minutes=1)) + timedelta(seconds=31)
    assert row.pk in notify.outbox_sweep(now=later)
    assert notify.outbox_deliver(outbox_id=row.pk) == "sent"
    hook.refresh_from_db()
    assert hook.failures == 0 and hook.last_error == "" and hook.last_success_at is not None
    assert len(receiver.requests) == 2


@pytest.mark.django_db
def test_a_per_game_webhook_needs_a_seat_and_hears_only_its_game(started_game, make_player, receiver):
    stranger = make_player()
    from notifications.errors import WebhookInvalid

    with pytest.raises(WebhookInvalid) as refused:
        notify.webhook_create(owner=stranger, kind="json", url=receiver.url, game=started_game)
    assert refused.value.errors[0]["code"] == "webhook.game.not_seated" and refused.value.errors[0]["path"] == "/game"
    with pytest.raises(WebhookInvalid) as refused:
        notify.webhook_create(owner=stranger, kind="carrier-pigeon", url=receiver.url)
    assert refused.value.errors[0]["code"] == "webhook.kind.unknown"
    with pytest.raises(WebhookInvalid) as refused:
        notify.webhook_create(owner=stranger, kind="json", url="ftp://example.test/")
    assert refused.value.errors[0]["code"] == "webhook.url.scheme" and refused.value.errors[0]["path"] == "/url"


@pytest.mark.django_db
def test_the_preferences_page_shows_the_webhook_error_state(started_game, client, receiver):
    player = player_of(started_game, "PRIMUS")
    hook = notify.webhook_create(owner=player, kind="slack", url=receiver.url)
    Webhook.objects.filter(pk=hook.pk).update(failures=3, last_error="RuntimeError: HTTP 502")
    client.force_login(player)
    page = client.get("/notifications/preferences/")
    assert b"HTTP 502" in page.content and b"failures: 3" in page.content
    response = client.post("/notifications/preferences/", {"action": "webhook", "hook-kind": "discord", "hook-url": receiver.url + "/d"})
    assert response.status_code == 302 and Webhook.objects.filter(owner=player).count() == 2
