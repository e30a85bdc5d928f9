"""The deadline policy as pure functions: step length or time of day on allowed
weekdays in the game's time zone, reminders, extensions, vacation pushes, validation."""

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from games.deadlines import DeadlinePolicy, PolicyInvalid

UTC = timezone.utc


def test_hours_mode_adds_the_step_length():
    opened = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
    assert DeadlinePolicy(step_hours=48).deadline_after(opened) == opened + timedelta(hours=48)


def test_time_of_day_on_allowed_weekdays_in_the_game_time_zone():
    policy = DeadlinePolicy.from_dict(
        {"mode": "time_of_day", "time_of_day": "20:00", "weekdays": [1, 4], "min_hours": 12, "timezone": "Europe/Paris"}
    )
    # Monday 2 March 2026, 10:00 UTC: at least 12 h later is Monday 22:00 UTC; the next
    # Tuesday or Friday 20:00 in Paris (UTC+1 in March) is Tuesday 19:00 UTC.
    opened = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
    deadline = policy.deadline_after(opened)
    assert deadline == datetime(2026, 3, 3, 19, 0, tzinfo=UTC)
    assert deadline.astimezone(ZoneInfo("Europe/Paris")).hour == 20
    # Tuesday 3 March 09:00 UTC + 12 h = 21:00 UTC, past Tuesday's 19:00 UTC: Friday.
    assert policy.deadline_after(datetime(2026, 3, 3, 9, 0, tzinfo=UTC)) == datetime(2026, 3, 6, 19, 0, tzinfo=UTC)


def test_time_of_day_follows_daylight_saving_time():
    policy = DeadlinePolicy.from_dict({"mode": "time_of_day", "time_of_day": "20:00", "min_hours": 1, "timezone": "Europe/Paris"})
    # After the change to summer time (29 March 2026), 20:00 in Paris is 18:00 UTC.
    assert policy.deadline_after(datetime(2026, 3, 30, 8, 0, tzinfo=UTC)) == datetime(2026, 3, 30, 18, 0, tzinfo=UTC)


def test_an_extension_lands_on_the_next_allowed_slot():
    policy = DeadlinePolicy.from_dict({"mode": "time_of_day", "time_of_day": "20:00", "weekdays": [4], "extension_hours": 24})
    friday = datetime(2026, 3, 6, 20, 0, tzinfo=UTC)
    assert policy.extended(friday) == datetime(2026, 3, 13, 20, 0, tzinfo=UTC)
    assert DeadlinePolicy(extension_hours=24).extended(friday) == friday + timedelta(hours=24)


def test_reminders_due_once_their_offset_has_come():
    policy = DeadlinePolicy(reminders=(24, 2))
    opened = datetime(2026, 3, 1, 0, 0, tzinfo=UTC)
    deadline = opened + timedelta(hours=72)
    assert policy.reminders_due(deadline=deadline, now=deadline - timedelta(hours=25), opened=opened) == []
    assert policy.reminders_due(deadline=deadline, now=deadline - timedelta(hours=23), opened=opened) == [24]
    assert policy.reminders_due(deadline=deadline, now=deadline - timedelta(hours=1), opened=opened) == [24, 2]
    assert policy.reminders_due(deadline=deadline, now=deadline, opened=opened) == []
    # A reminder that would fall before the step opened is never due.
    short_open = deadline - timedelta(hours=12)
    assert policy.reminders_due(deadline=deadline, now=deadline - timedelta(hours=1), opened=short_open) == [2]


def test_vacation_push_allowed_capped_forbidden():
    opened = datetime(2026, 5, 1, tzinfo=UTC)
    deadline = opened + timedelta(days=3)
    vacation = [(opened + timedelta(days=1), opened + timedelta(days=11))]  # 10 days
    overlap_then_more = DeadlinePolicy().vacation_push(deadline=deadline, opened=opened, vacations=vacation)
    assert overlap_then_more == timedelta(days=10)
    capped = DeadlinePolicy(vacation="capped", vacation_max_days=4)
    assert capped.vacation_push(deadline=deadline, opened=opened, vacations=vacation) == timedelta(days=4)
    forbidden = DeadlinePolicy(vacation="forbidden")
    assert forbidden.vacation_push(deadline=deadline, opened=opened, vacations=vacation) == timedelta(0)
    later = [(deadline + timedelta(days=1), deadline + timedelta(days=5))]
    assert DeadlinePolicy().vacation_push(deadline=deadline, opened=opened, vacations=later) == timedelta(0)


def test_a_bad_policy_lists_every_problem_with_code_path_and_both_languages():
    with pytest.raises(PolicyInvalid) as caught:
        DeadlinePolicy.from_dict(
            {"mode": "weekly", "weekdays": [7], "timezone": "Mars/Olympus", "step_hours": -1, "reminders": [0], "colour": "red"}
        )
    codes = {(e["code"], e["path"]) for e in caught.value.errors}
    assert codes == {
        ("policy.unknown_key", "/colour"),
        ("policy.not_a_count", "/step_hours"),
        ("policy.mode", "/mode"),
        ("policy.weekdays", "/weekdays"),
        ("policy.reminders", "/reminders"),
        ("policy.timezone", "/timezone"),
    }
    assert all(e["message"]["en"] and e["message"]["fr"] for e in caught.value.errors)


def test_the_policy_round_trips_through_json():
    policy = DeadlinePolicy.from_dict({"mode": "time_of_day", "weekdays": [5, 1], "reminders": [2, 48, 24]})
    assert policy.weekdays == (1, 5) and policy.reminders == (48, 24, 2)
    assert DeadlinePolicy.from_dict(policy.as_dict()) == policy


@pytest.mark.django_db
def test_a_game_takes_its_policy_and_refuses_a_bad_one(game_with_policy, make_player, ruleset):
    from games import errors, services

    game = game_with_policy({"mode": "time_of_day", "time_of_day": "20:00", "weekdays": [0, 2, 4], "timezone": "Europe/Paris"})
    step = game.steps.get(status="open")
    local = step.deadline.astimezone(ZoneInfo("Europe/Paris"))
    assert (local.hour, local.minute) == (20, 0) and local.weekday() in (0, 2, 4)
    assert step.deadline - step.opened_at >= timedelta(hours=12)
    assert game.deadline_policy["weekdays"] == [0, 2, 4]
    with pytest.raises(errors.InvalidSetup) as caught:
        services.game_create(
            ruleset=ruleset.slug, scenario="305", options={}, created_by=make_player(), deadline_policy={"weekdays": []}
        )
    assert caught.value.errors[0]["code"] == "policy.weekdays"
