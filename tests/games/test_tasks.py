"""The Celery tasks with a real worker thread: the minute sweep adjudicates due
deadlines with the default orders and re-enqueues stalled steps."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import tasks
from games.models import Event, Step
from tests.games.play import player_of, prompted, wait_until


def resolved(step):
    def check():
        """the step to be resolved"""
        step.refresh_from_db()
        return step.status == Step.Status.RESOLVED

    return check


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_sweep_adjudicates_a_due_deadline_with_default_orders(
    started_game, celery_app, celery_worker, depends_on_current_app
):
    step, role, prompt = prompted(started_game)
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    counts = tasks.sweep.delay().get(timeout=30)
    assert counts == {"due": 1, "stalled": 0}
    wait_until(resolved(step), timeout=60)
    seat = started_game.seats.get(role=role)
    assert seat.missed_deadlines == 1
    assert Event.objects.get(game=started_game, type="step_resolved").data["defaulted"] == [role]
    used = Event.objects.get(game=started_game, type="orders_used")
    assert used.data == {"step": step.number, "receipt": used.data["receipt"], "default": True}
    assert started_game.steps.filter(number=step.number + 1, status=Step.Status.OPEN).exists()
    # Nothing is due any more: a second sweep does nothing.
    assert tasks.sweep.delay().get(timeout=30) == {"due": 0, "stalled": 0}


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_sweep_re_enqueues_a_complete_step_left_open(
    started_game, celery_app, celery_worker, depends_on_current_app, settings, monkeypatch
):
    step, role, prompt = prompted(started_game)
    # The submission's own message is lost (never reaches the broker).
    from games import dispatch, services

    monkeypatch.setattr(dispatch, "send", lambda name, *args: None)

    services.order_submit(game=started_game, player=player_of(started_game, role), step=step.number, orders=prompt["default_orders"])
    monkeypatch.undo()
    step.refresh_from_db()
    assert step.status == Step.Status.OPEN and step.completed_at
    settings.CURSUS_STALL_SECONDS = 0
    assert tasks.sweep.delay().get(timeout=30) == {"due": 0, "stalled": 1}
    wait_until(resolved(step), timeout=60)
    assert started_game.seats.get(role=role).missed_deadlines == 0
    assert Event.objects.filter(game=started_game, type="step_resolved").count() == 1


@pytest.mark.django_db
def test_sweep_ignores_open_steps_that_are_neither_due_nor_stalled(started_game):
    from games import services

    assert services.steps_sweep() == {"due": [], "stalled": []}
