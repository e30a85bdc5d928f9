"""Issue 14, item 11: mail held for quiet hours is checked again when it is released.
A turn email or a reminder whose step has closed, whose seat changed hands, a reminder
whose orders are in or whose deadline moved is dropped; reminders released together with
a later one or with the turn email are folded into it. Through the real outbox, the
minute sweep and an SMTP server."""

from datetime import datetime, timedelta, timezone as dt_timezone

import pytest
from django.utils import timezone

from games import links, services
from games.models import Step
from games.overrides import seat_reassign, step_deadline_extend, step_resolve_now
from notifications import services as notify
from notifications.models import Outbox
from tests.games.play import player_of, prompted
from tests.notifications.mail import deliver_all


def _quiet_now(player):
    """Quiet hours around the present for ``player`` (UTC, three hours wide); returns
    when they end."""
    now = timezone.now().astimezone(dt_timezone.utc)
    start, end = now - timedelta(hours=1), now + timedelta(hours=2)
    notify.profile_update(user=player, timezone="UTC", quiet_start=start.time().replace(microsecond=0),
                          quiet_end=end.time().replace(second=0, microsecond=0))
    return end


def _release(monkeypatch, at) -> dict[int, str]:
    """The quiet hours are over: the minute sweep hands out what was held and each row is
    delivered, as a worker would."""
    monkeypatch.setattr(timezone, "now", lambda: at)
    return {pk: notify.outbox_deliver(outbox_id=pk) for pk in notify.outbox_sweep(now=at)}


def _mail_to(sink, player) -> list:
    return [m["message"] for m in sink.messages if m["to"] == [player.email]]


@pytest.mark.django_db
def test_held_mail_of_a_step_that_closed_is_dropped_and_the_next_turn_goes(
    started_game, no_delivery, smtp_sink, monkeypatch, django_capture_on_commit_callbacks
):
    step, role, _ = prompted(started_game)
    player = player_of(started_game, role)
    end = _quiet_now(player)
    with django_capture_on_commit_callbacks(execute=True):
        [turn] = notify.notify_step_opened(game=started_game, step=step)
        reminder = notify.notify_reminder(game_id=started_game.pk, step_number=step.number, role=role, hours=24)
    assert turn.not_before and reminder.not_before  # held
    with django_capture_on_commit_callbacks(execute=True):
        step_resolve_now(game=started_game, reason="the operator's test")
    step.refresh_from_db()
    assert step.status == Step.Status.RESOLVED
    released = _release(monkeypatch, end + timedelta(minutes=5))
    assert released[turn.pk] == released[reminder.pk] == "skipped"
    turn.refresh_from_db()
    reminder.refresh_from_db()
    assert turn.last_error == reminder.last_error == "the step closed before it could be delivered"
    # Nothing about the closed step reached the player; whatever went is about a later one.
    subjects = {str(m["Subject"]).strip() for m in _mail_to(smtp_sink, player)}
    assert not subjects & {turn.subject, reminder.subject}


@pytest.mark.django_db
def test_a_held_reminder_is_dropped_once_the_orders_are_in(
    started_game, no_delivery, smtp_sink, monkeypatch, django_capture_on_commit_callbacks
):
    step, role, prompt = prompted(started_game)
    player = player_of(started_game, role)
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=started_game, step=step)
    deliver_all()  # the turn email went before the quiet hours
    end = _quiet_now(player)
    with django_capture_on_commit_callbacks(execute=True):
        reminder = notify.notify_reminder(game_id=started_game.pk, step_number=step.number, role=role, hours=24)
    assert reminder.not_before
    # The player sends their orders in the night (from another device): the step is
    # complete but not yet adjudicated (no worker here), so it is still open.
    services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"])
    assert started_game.steps.get(pk=step.pk).status == Step.Status.OPEN
    before = len(_mail_to(smtp_sink, player))
    assert _release(monkeypatch, end + timedelta(minutes=5))[reminder.pk] == "skipped"
    reminder.refresh_from_db()
    assert reminder.last_error == "the seat's orders are in"
    assert len(_mail_to(smtp_sink, player)) == before


@pytest.mark.django_db
def test_a_held_turn_email_dies_with_a_change_of_hands_and_the_new_player_gets_theirs(
    started_game, make_player, no_delivery, smtp_sink, monkeypatch, django_capture_on_commit_callbacks
):
    step, role, _ = prompted(started_game)
    old = player_of(started_game, role)
    end = _quiet_now(old)
    with django_capture_on_commit_callbacks(execute=True):
        [held] = notify.notify_step_opened(game=started_game, step=step)
    substitute = make_player("substitute")
    with django_capture_on_commit_callbacks(execute=True):
        seat_reassign(game=started_game, role=role, player=substitute)
    # The link the held email carries is dead now: it must not go out.
    token = next(w for w in held.text_body.split() if "/link/" in w).rstrip("/").rsplit("/", 1)[-1]
    with pytest.raises(links.LinkRefused):
        links.read_token(token, purpose=links.OPEN, game_id=started_game.pk)
    released = _release(monkeypatch, end + timedelta(minutes=5))
    assert released[held.pk] == "skipped"
    held.refresh_from_db()
    assert held.last_error.startswith("the seat changed hands")
    assert _mail_to(smtp_sink, old) == []
    deliver_all()
    [mail] = _mail_to(smtp_sink, substitute)
    fresh = next(w for w in mail.get_body(preferencelist=("plain",)).get_content().split() if "/link/" in w)
    assert links.read_token(fresh.rstrip("/").rsplit("/", 1)[-1], purpose=links.OPEN, game_id=started_game.pk)


@pytest.mark.django_db
def test_a_held_reminder_of_a_moved_deadline_is_dropped_and_the_new_deadline_reminded(
    game_with_policy, no_delivery, smtp_sink, monkeypatch, django_capture_on_commit_callbacks
):
    game = game_with_policy({"step_hours": 72, "reminders": [24]})
    step, role, _ = prompted(game)
    player = player_of(game, role)
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=game, step=step)
    deliver_all()
    end = _quiet_now(player)
    with django_capture_on_commit_callbacks(execute=True):
        reminder = notify.notify_reminder(game_id=game.pk, step_number=step.number, role=role, hours=24)
        step_deadline_extend(game=game, hours=48, reason="a flood")
    assert reminder.not_before and reminder.deadline == step.deadline
    released = _release(monkeypatch, end + timedelta(minutes=5))
    assert released[reminder.pk] == "skipped"
    reminder.refresh_from_db()
    assert reminder.last_error.startswith("the deadline moved")
    # What the player read in the morning: the extension, not "24 hours left".
    [changed] = _mail_to(smtp_sink, player)[1:]
    assert str(changed["Subject"]).strip() == Outbox.objects.get(recipient=player, kind="game").subject
    # The new deadline has its reminder in its time.
    step.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.reminders_sweep(now=step.deadline - timedelta(hours=23)) == [(game.pk, step.number, role, 24)]
    deliver_all()
    assert len(_mail_to(smtp_sink, player)) == 3


@pytest.mark.django_db
def test_reminders_released_with_a_later_one_or_the_turn_email_are_folded_into_it(
    started_game, no_delivery, smtp_sink, monkeypatch, django_capture_on_commit_callbacks
):
    step, role, _ = prompted(started_game)
    player = player_of(started_game, role)
    end = _quiet_now(player)
    with django_capture_on_commit_callbacks(execute=True):
        [turn] = notify.notify_step_opened(game=started_game, step=step)
        early = notify.notify_reminder(game_id=started_game.pk, step_number=step.number, role=role, hours=24)
        late = notify.notify_reminder(game_id=started_game.pk, step_number=step.number, role=role, hours=2)
    released = _release(monkeypatch, end + timedelta(minutes=5))
    assert (released[turn.pk], released[early.pk], released[late.pk]) == ("sent", "skipped", "skipped")
    early.refresh_from_db()
    late.refresh_from_db()
    assert early.last_error == "folded into a later reminder" and late.last_error == "folded into the turn email"
    # One email in the morning, the turn email with its live link and the deadline.
    [mail] = _mail_to(smtp_sink, player)
    assert str(mail["Subject"]).strip() == turn.subject
    # A reminder written after the turn email went is sent as usual.
    monkeypatch.setattr(timezone, "now", lambda: end + timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        later = notify.notify_reminder(game_id=started_game.pk, step_number=step.number, role=role, hours=1)
    assert notify.outbox_deliver(outbox_id=later.pk) == "sent"
    assert len(_mail_to(smtp_sink, player)) == 2


@pytest.mark.django_db
def test_a_held_turn_email_whose_deadline_moved_is_written_again_with_the_new_one(
    started_game, no_delivery, smtp_sink, monkeypatch, django_capture_on_commit_callbacks
):
    step, role, _ = prompted(started_game)
    player = player_of(started_game, role)
    end = _quiet_now(player)
    with django_capture_on_commit_callbacks(execute=True):
        [turn] = notify.notify_step_opened(game=started_game, step=step)
    old = step.deadline.astimezone(dt_timezone.utc).strftime("%Y-%m-%d %H:%M")
    assert old in turn.text_body
    with django_capture_on_commit_callbacks(execute=True):
        step_deadline_extend(game=started_game, hours=48)
    step.refresh_from_db()
    new = step.deadline.astimezone(dt_timezone.utc).strftime("%Y-%m-%d %H:%M")
    assert _release(monkeypatch, end + timedelta(minutes=5))[turn.pk] == "sent"
    mail = next(m for m in _mail_to(smtp_sink, player) if str(m["Subject"]).strip() == turn.subject)
    body = mail.get_body(preferencelist=("plain",)).get_content()
    assert new in body and old not in body
    # Its link still opens the order page for the player.
    token = next(w for w in body.split() if "/link/" in w).rstrip("/").rsplit("/", 1)[-1]
    assert links.read_token(token, purpose=links.OPEN, game_id=started_game.pk)
    turn.refresh_from_db()
    assert turn.deadline == step.deadline and turn.headers["Reply-To"] == mail["Reply-To"]
