"""Issue 14, items 12 and 13. A deadline that moves (an organiser's extension, a resumed
pause, a vacation) gets its reminders again, and the move reaches webhooks as well as
email. A replacement player is told at once of the step already open: a turn email with
the choices, a link and a reply address bound to them."""

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import links, services
from games.models import Game, Step
from games.overrides import seat_reassign, step_deadline_extend
from notifications import services as notify
from notifications.models import Outbox
from tests.games.play import player_of
from tests.notifications.mail import deliver_all
from tests.notifications.test_webhooks import Receiver


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


def _sweep(at, capture):
    with capture(execute=True):
        return services.reminders_sweep(now=at)


@pytest.mark.django_db
def test_an_organisers_extension_gets_its_own_reminders(game_with_policy, no_delivery, django_capture_on_commit_callbacks):
    game = game_with_policy({"step_hours": 72, "reminders": [24, 2]})
    step = game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    old = step.deadline
    # Both offsets of the first deadline are behind: the 2-hour reminder went.
    assert [h for *_, h in _sweep(old - timedelta(hours=1), django_capture_on_commit_callbacks)] == [2]
    with django_capture_on_commit_callbacks(execute=True):
        step_deadline_extend(game=game, hours=48, reason="a flood")
    step.refresh_from_db()
    assert step.deadline == old + timedelta(hours=48) and step.reminders_sent == []
    new = step.deadline
    # "Now" is still an hour before the old deadline: nothing due yet for the new one...
    assert _sweep(old - timedelta(minutes=50), django_capture_on_commit_callbacks) == []
    # ... then each offset of the new deadline, once.
    assert _sweep(new - timedelta(hours=23, minutes=59), django_capture_on_commit_callbacks) == [(game.pk, step.number, role, 24)]
    assert _sweep(new - timedelta(hours=1, minutes=59), django_capture_on_commit_callbacks) == [(game.pk, step.number, role, 2)]
    reminders = Outbox.objects.filter(kind="reminder", channel="email").order_by("id")
    assert [re.findall(r"\d+", r.subject)[-1] for r in reminders] == ["2", "24", "2"]  # hours left
    assert len({r.dedupe_key for r in reminders}) == 3  # the second "2 hours" is not taken for the first


@pytest.mark.django_db
def test_a_small_extension_does_not_repeat_a_reminder_whose_time_has_passed(game_with_policy, no_delivery):
    game = game_with_policy({"step_hours": 72, "reminders": [24, 2]})
    step = game.steps.get(status=Step.Status.OPEN)
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() + timedelta(hours=20), reminders_sent=[24])
    step_deadline_extend(game=game, hours=1)
    step.refresh_from_db()
    # 24 h before the new deadline is still behind us: told already; the 2-hour one is ahead.
    assert step.reminders_sent == [24]
    assert services.reminders_after_move(sent=[24, 2], deadline=timezone.now() + timedelta(hours=30), now=timezone.now()) == []


@pytest.mark.django_db
def test_a_resumed_pause_gets_its_reminders_and_webhooks_hear_of_it(
    game_with_policy, receiver, no_delivery, django_capture_on_commit_callbacks
):
    game = game_with_policy({"step_hours": 72, "reminders": [24]})
    step = game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    hooks = {seat.role: notify.webhook_create(owner=seat.player, kind="json", url=receiver.url + f"/{seat.role}")
             for seat in game.seats.all()}
    assert len(_sweep(step.deadline - timedelta(hours=3), django_capture_on_commit_callbacks)) == 1
    with django_capture_on_commit_callbacks(execute=True):
        for seat in game.seats.all():
            services.pause_request(game=game, player=seat.player)
    # Paused "30 hours ago": resuming moves the deadline 30 hours on.
    Game.objects.filter(pk=game.pk).update(paused_at=timezone.now() - timedelta(hours=30))
    with django_capture_on_commit_callbacks(execute=True):
        services.pause_resume(game=game, player=player_of(game, role))
    step.refresh_from_db()
    assert step.reminders_sent == []
    assert _sweep(step.deadline - timedelta(hours=23), django_capture_on_commit_callbacks) == [(game.pk, step.number, role, 24)]
    # The pause and the resumption reached each seat's webhook, with the new deadline.
    assert [notify.outbox_deliver(outbox_id=o.pk) for o in Outbox.objects.filter(channel="webhook", kind="game")] == ["sent"] * 4
    bodies = [json.loads(r["body"]) for r in receiver.requests]
    assert sorted((b["what"], r["path"]) for b, r in zip(bodies, receiver.requests)) == sorted(
        (what, f"/{seat}") for what in ("paused", "resumed") for seat in hooks
    )
    resumed = {r["path"]: b for b, r in zip(bodies, receiver.requests) if b["what"] == "resumed"}
    assert all(b["event"] == "game" and b["deadline"] == step.deadline.isoformat() for b in resumed.values())
    assert "resumes" in resumed["/PRIMUS"]["text"] and f"step {step.number}" in resumed["/PRIMUS"]["text"]  # aurelia
    assert "reprend" in resumed["/SECONDUS"]["text"]  # marcus reads French
    # One email each for the pause and the resumption: no "a vacation moved..." beside it.
    assert Outbox.objects.filter(channel="email", kind="game").count() == 4


@pytest.mark.django_db
def test_an_extension_reaches_webhooks_and_says_it_was_extended(started_game, receiver, no_delivery, smtp_sink,
                                                               django_capture_on_commit_callbacks):
    seat = started_game.seats.get(role="PRIMUS")
    notify.webhook_create(owner=seat.player, kind="slack", url=receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        step_deadline_extend(game=started_game, hours=24, reason="snow")
    [hook] = Outbox.objects.filter(channel="webhook")
    assert hook.payload["what"] == "deadline_extended" and "extended" in hook.payload["text"]
    assert notify.outbox_deliver(outbox_id=hook.pk) == "sent"
    assert "was extended" in receiver.requests[0]["body"].decode()
    deliver_all()
    mails = smtp_sink.wait_for(lambda m: len(smtp_sink.messages) >= 2, timeout=10)
    text = {m["to"][0]: m["message"].get_body(preferencelist=("plain",)).get_content() for m in mails}
    assert "was extended" in text["aurelia@example.test"] and "prolongée" in text["marcus@example.test"]
    assert not any("vacation" in body or "vacances" in body for body in text.values())


@pytest.mark.django_db
def test_a_replacement_is_told_of_the_open_step_at_once(started_game, make_player, client, no_delivery, smtp_sink,
                                                        django_capture_on_commit_callbacks):
    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=started_game, step=step)  # the first player's turn email
    substitute = make_player("substitute")
    with django_capture_on_commit_callbacks(execute=True):
        seat_reassign(game=started_game, role=role, player=substitute, reason="left the tournament")
    [turn] = Outbox.objects.filter(kind="turn", recipient=substitute)
    assert turn.step_id == step.pk and turn.address == substitute.email
    assert "is now yours" in turn.text_body and "awaits your orders as" in turn.text_body
    # The choices of the open prompt are in it.
    prompt = next(p for p in step.prompts if p["role"] == role)
    lines = [choice["text"] for question in prompt["choices"] for choice in question["choices"] if choice.get("text")]
    assert lines and lines[0] in turn.text_body
    deliver_all()
    [mail] = smtp_sink.wait_for(lambda m: m["to"] == [substitute.email], timeout=10)
    body = mail["message"].get_body(preferencelist=("plain",)).get_content()
    # The link is bound to the substitute: it opens the order form for them.
    url = next(word for word in body.split() if "/link/" in word).removeprefix("http://testserver")
    token = url.rstrip("/").rsplit("/", 1)[-1]
    assert links.read_token(token, purpose=links.OPEN, game_id=started_game.pk)
    assert f'id="orders-{step.number}"' in client.get(url, follow=True).content.decode()
    # So is the reply address.
    assert mail["message"]["Reply-To"] == turn.headers["Reply-To"] and turn.headers["Reply-To"].startswith("play+")
    # Told once; a seat whose orders are in is not told again.
    with django_capture_on_commit_callbacks(execute=True):
        assert notify.notify_seat_changed(game_id=started_game.pk, role=role) == []
