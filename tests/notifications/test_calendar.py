"""Issue 14, item 14: the calendar feed is written and read with a maintained iCalendar
library (``icalendar``): every event ends after it starts (RFC 5545 3.8.2.2), and a
moved deadline keeps its UID with a higher SEQUENCE and a LAST-MODIFIED."""

from datetime import timedelta, timezone as dt_timezone

import pytest
from icalendar import Calendar

from games.models import Step
from notifications import services as notify
from tests.games.play import player_of


def _second(moment):
    """A moment as the feed writes it: UTC, to the second."""
    return moment.astimezone(dt_timezone.utc).replace(microsecond=0)


def _events(client, user) -> list:
    response = client.get(notify.feed_url(user=user).removeprefix("http://testserver"))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(response.content)  # the library's own parser
    assert calendar.errors == [] and str(calendar["version"]) == "2.0" and calendar["prodid"]
    return calendar.walk("VEVENT")


@pytest.mark.django_db
def test_the_feed_parses_and_a_moved_deadline_gets_a_new_sequence(started_game, client):
    from games.overrides import step_deadline_extend

    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(started_game, role)
    [event] = _events(client, player)
    start, end = event.decoded("dtstart"), event.decoded("dtend")
    assert start == _second(step.deadline) and end > start
    assert str(event["uid"]) == f"cursus-{started_game.pk}-{step.number}-{role}@testserver"
    assert event.decoded("sequence") == 0 and event.decoded("last-modified") == _second(step.opened_at)
    assert "Semper Victor" in str(event["summary"]) and role in str(event["summary"])
    [alarm] = event.walk("VALARM")
    assert alarm.decoded("trigger") == -timedelta(hours=2)

    step_deadline_extend(game=started_game, hours=24, reason="the organiser's extension")
    step.refresh_from_db()
    [moved] = _events(client, player)
    assert str(moved["uid"]) == str(event["uid"])  # the same event, replaced
    assert moved.decoded("dtstart") == _second(step.deadline) == start + timedelta(hours=24)
    assert moved.decoded("dtend") > moved.decoded("dtstart")
    assert moved.decoded("sequence") == 1
    assert moved.decoded("last-modified") >= event.decoded("last-modified")
    step_deadline_extend(game=started_game, hours=1)
    [again] = _events(client, player)
    assert again.decoded("sequence") == 2


@pytest.mark.django_db
def test_the_feed_speaks_the_players_language_and_lists_only_their_deadlines(started_game, client):
    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(started_game, role)
    notify.profile_update(user=player, language="fr")
    [event] = _events(client, player)
    assert str(event["summary"]).startswith("Cursus : Semper Victor 305 · aurelia, marcus, étape ") and "description" in event
    other = started_game.seats.exclude(role=role).get().player
    assert _events(client, other) == []
