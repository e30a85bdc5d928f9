"""Vacations: a yearly allowance, booked ahead, pushing the deadlines of all the
player's games as each game's policy allows (allowed, capped or forbidden)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import errors, services
from games.models import Event, Step
from tests.games.play import player_of


def _book(player, start_in: timedelta, days: float):
    start = timezone.now() + start_in
    return services.vacation_book(player=player, starts_at=start, ends_at=start + timedelta(days=days))


@pytest.mark.django_db
def test_a_vacation_moves_the_deadline_of_the_open_step(game_with_policy, no_delivery, django_capture_on_commit_callbacks):
    game = game_with_policy({"step_hours": 72})
    step = game.steps.get(status=Step.Status.OPEN)
    player = player_of(game, step.roles[0])
    before = step.deadline
    with django_capture_on_commit_callbacks(execute=True):
        vacation = _book(player, timedelta(days=2), 7)
    step.refresh_from_db()
    # The clock stops for the whole vacation: the deadline moves by seven days.
    assert step.deadline == before + timedelta(days=7)
    assert Event.objects.filter(game=game, type="deadline_moved").count() == 1
    from notifications.models import Outbox

    assert set(Outbox.objects.filter(kind="game").values_list("recipient__username", flat=True)) == {"aurelia", "marcus"}
    # Cancelled before it starts: the deadline comes back.
    services.vacation_cancel(vacation=vacation)
    step.refresh_from_db()
    assert step.deadline == before


@pytest.mark.django_db
def test_a_step_that_opens_during_a_vacation_is_pushed(game_with_policy, no_delivery):
    game = game_with_policy({"step_hours": 72})
    step = game.steps.get(status=Step.Status.OPEN)
    # Both players go away: whoever the next step prompts is on vacation.
    for player in (player_of(game, "PRIMUS"), player_of(game, "SECONDUS")):
        _book(player, timedelta(days=1, hours=1), 10)
    prompt = step.prompts[0]
    services.order_submit(game=game, player=player_of(game, prompt["role"]), step=step.number, orders=prompt["default_orders"])
    services.step_adjudicate(game_id=game.pk, step_number=step.number)
    following = game.steps.get(status=Step.Status.OPEN)
    assert following.deadline - following.base_deadline == timedelta(days=10)


@pytest.mark.django_db
def test_a_game_may_cap_or_forbid_vacations(game_with_policy, make_player, no_delivery):
    capped = game_with_policy({"step_hours": 72, "vacation": "capped", "vacation_max_days": 3})
    step = capped.steps.get(status=Step.Status.OPEN)
    before = step.deadline
    _book(player_of(capped, step.roles[0]), timedelta(days=2), 7)
    step.refresh_from_db()
    assert step.deadline == before + timedelta(days=3)


@pytest.mark.django_db
def test_a_forbidden_vacation_moves_nothing(game_with_policy, no_delivery):
    game = game_with_policy({"step_hours": 72, "vacation": "forbidden"})
    step = game.steps.get(status=Step.Status.OPEN)
    before = step.deadline
    _book(player_of(game, step.roles[0]), timedelta(days=2), 7)
    step.refresh_from_db()
    assert step.deadline == before


@pytest.mark.django_db
def test_vacations_are_booked_ahead_within_the_yearly_allowance(make_player, settings):
    settings.CURSUS_VACATION_DAYS_PER_YEAR = 10
    settings.CURSUS_VACATION_NOTICE_HOURS = 24
    player = make_player()
    with pytest.raises(errors.VacationInvalid) as caught:
        _book(player, timedelta(hours=2), 3)
    assert caught.value.errors[0]["code"] == "vacation.not_ahead"
    assert caught.value.errors[0]["message"]["fr"]
    start = timezone.now().replace(month=1, day=10, hour=12, minute=0, second=0, microsecond=0) + timedelta(days=366)
    services.vacation_book(player=player, starts_at=start, ends_at=start + timedelta(days=6))
    with pytest.raises(errors.VacationInvalid) as caught:
        services.vacation_book(player=player, starts_at=start + timedelta(days=20), ends_at=start + timedelta(days=25))
    assert caught.value.errors[0]["code"] == "vacation.allowance"
    with pytest.raises(errors.VacationInvalid) as caught:
        services.vacation_book(player=player, starts_at=start + timedelta(days=2), ends_at=start + timedelta(days=3))
    assert caught.value.errors[0]["code"] == "vacation.overlap"
    with pytest.raises(errors.VacationInvalid) as caught:
        services.vacation_book(player=player, starts_at=start + timedelta(days=40), ends_at=start + timedelta(days=39))
    assert caught.value.errors[0]["code"] == "vacation.order"
    assert player.vacations.count() == 1
