"""Reminders at several offsets before the deadline, once each, to the seats still
awaited; the beat sweep announces them."""

from datetime import timedelta

import pytest

from games import services
from games.models import Step
from notifications.models import Outbox
from tests.games.play import player_of


@pytest.mark.django_db
def test_reminders_fire_once_at_each_offset(game_with_policy, no_delivery, django_capture_on_commit_callbacks):
    game = game_with_policy({"step_hours": 72, "reminders": [24, 2]})
    step = game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    deadline = step.deadline

    def sweep(at):
        with django_capture_on_commit_callbacks(execute=True):
            return services.reminders_sweep(now=at)

    assert sweep(deadline - timedelta(hours=30)) == []
    assert sweep(deadline - timedelta(hours=23, minutes=59)) == [(game.pk, step.number, role, 24)]
    assert sweep(deadline - timedelta(hours=23)) == []  # once
    assert sweep(deadline - timedelta(hours=5)) == []
    assert sweep(deadline - timedelta(hours=1, minutes=59)) == [(game.pk, step.number, role, 2)]
    assert sweep(deadline - timedelta(minutes=30)) == []
    reminders = Outbox.objects.filter(kind="reminder").order_by("id")
    assert [r.recipient for r in reminders] == [player_of(game, role)] * 2
    assert len({r.dedupe_key for r in reminders}) == 2
    assert "24" in reminders[0].subject and "2" in reminders[1].subject
    # Each reminder carries the reply address and a signed link.
    assert reminders[0].headers["Reply-To"].startswith("play+")
    assert f"/games/{game.pk}/link/" in reminders[0].text_body


@pytest.mark.django_db
def test_a_late_sweep_sends_only_the_nearest_reminder(game_with_policy, no_delivery, django_capture_on_commit_callbacks):
    game = game_with_policy({"step_hours": 72, "reminders": [24, 2]})
    step = game.steps.get(status=Step.Status.OPEN)
    with django_capture_on_commit_callbacks(execute=True):
        sent = services.reminders_sweep(now=step.deadline - timedelta(hours=1))
    assert [hours for *_, hours in sent] == [2]
    step.refresh_from_db()
    assert sorted(step.reminders_sent) == [2, 24]
    assert Outbox.objects.filter(kind="reminder").count() == 1


@pytest.mark.django_db
def test_a_seat_that_has_submitted_is_not_reminded(game_with_policy, no_delivery, django_capture_on_commit_callbacks):
    game = game_with_policy({"step_hours": 72, "reminders": [24]})
    step = game.steps.get(status=Step.Status.OPEN)
    prompt = step.prompts[0]
    # Keep the step open: submit, then look before adjudication runs.
    with django_capture_on_commit_callbacks(execute=False):
        services.order_submit(game=game, player=player_of(game, prompt["role"]), step=step.number, orders=prompt["default_orders"])
    with django_capture_on_commit_callbacks(execute=True):
        assert services.reminders_sweep(now=step.deadline - timedelta(hours=1)) == []
    assert not Outbox.objects.filter(kind="reminder").exists()
