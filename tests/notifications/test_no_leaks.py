"""No email, webhook or calendar feed reveals another seat's sealed orders (their
receipts or text), its stratagem hand or its standing reactions."""

import copy
import json
from datetime import timedelta

import pytest

from games import links, services
from games.models import OrderSet, Step
from notifications import services as notify
from notifications.inbound import process_message
from notifications.models import Outbox
from tests.games.play import player_of


def _content(user, client) -> str:
    rows = Outbox.objects.filter(recipient=user)
    parts = []
    for row in rows:
        parts += [row.subject, row.text_body, row.html_body, json.dumps(row.headers), json.dumps(row.payload or {})]
    feed = client.get(notify.feed_url(user=user).removeprefix("http://testserver")).content.decode()
    return "\n".join(parts + [feed])


def _secrets_of(game, role, ruleset) -> set[str]:
    secrets = set(OrderSet.objects.filter(seat__game=game, seat__role=role).values_list("canonical_hash", flat=True))
    states = [s for s in game.steps.values_list("state_after", flat=True) if s] + [game.state]
    for state in states:
        view = ruleset.view(copy.deepcopy(state), role)
        secrets.update(view.get("stratagems", {}).get("hand") or [])
        reactions = (state.get("hidden") or {}).get("reactions") or {}
        mine = reactions.get(role) or reactions.get(view.get("side", role)) or {}
        for value in json.dumps(mine, sort_keys=True).split('"'):
            if len(value) > 6:
                secrets.add(value)
    for orders in OrderSet.objects.filter(seat__game=game, seat__role=role).values_list("orders", flat=True):
        text = ruleset.format_orders(orders).strip()
        if text and text != "pass":
            secrets.add(text)
    return secrets


@pytest.mark.django_db
def test_no_notification_reveals_another_seats_secrets(
    game_with_policy, ruleset, no_delivery, announced_inline, client, django_capture_on_commit_callbacks
):
    game = game_with_policy({"step_hours": 72, "reminders": [24], "excused_extensions": 1, "civil_disorder_after": 5})
    for role in ("PRIMUS", "SECONDUS"):
        notify.webhook_create(owner=player_of(game, role), kind="json", url="http://127.0.0.1:9/hook", game=game)
    notify.profile_update(user=player_of(game, "PRIMUS"), delivery="digest", digest_hour=0)
    ways = ["email", "web", "deadline", "email", "web", "api"]
    for way in ways:
        game.refresh_from_db()
        step = game.steps.get(status=Step.Status.OPEN)
        role = step.roles[0]
        seat = game.seats.get(role=role)
        prompt = step.prompts[0]
        with django_capture_on_commit_callbacks(execute=True):
            notify.notify_step_opened(game=game, step=step)
            services.reminders_sweep(now=step.deadline - timedelta(hours=1))
            notify.digests_sweep(now=step.deadline - timedelta(hours=1))
        with django_capture_on_commit_callbacks(execute=True):
            if way == "email":
                address = links.reply_address(seat=seat, step=step)
                raw = f"From: {seat.player.email}\r\nTo: {address}\r\nSubject: Re\r\nMessage-ID: <{step.pk}@x.test>\r\n\r\n{ruleset.format_orders(prompt['default_orders']) or 'pass'}\r\n".encode()
                assert process_message(raw)["result"] == "accepted"
            elif way in ("web", "api"):
                services.order_submit(game=game, player=seat.player, step=step.number, orders=prompt["default_orders"], source=way)
            else:
                Step.objects.filter(pk=step.pk).update(deadline=step.deadline - timedelta(days=30))
                services.step_adjudicate(game_id=game.pk, step_number=step.number)  # excused
                step.refresh_from_db()
                Step.objects.filter(pk=step.pk).update(deadline=step.deadline - timedelta(days=30))
            services.step_adjudicate(game_id=game.pk, step_number=step.number)
    game.refresh_from_db()
    assert Outbox.objects.filter(kind="ladder").exists() and Outbox.objects.filter(kind="reminder").exists()
    assert Outbox.objects.filter(kind="reply").exists() and Outbox.objects.filter(kind="receipt").exists()
    assert Outbox.objects.filter(kind="digest").exists() and Outbox.objects.filter(channel="webhook").exists()
    for role, other in (("PRIMUS", "SECONDUS"), ("SECONDUS", "PRIMUS")):
        seen = _content(player_of(game, role), client)
        hidden = _secrets_of(game, other, ruleset) - _secrets_of(game, role, ruleset)
        assert hidden, "the other seat has secrets to keep"
        leaked = sorted(secret for secret in hidden if secret in seen)
        assert leaked == [], f"{role} sees {other}'s {leaked}"
    # And each seat does get its own receipts.
    for order_set in OrderSet.objects.filter(seat__game=game).select_related("seat"):
        assert order_set.canonical_hash in _content(order_set.seat.player, client)
