"""The private iCalendar feed (RFC 5545) of a player's deadlines: one event per open
step that waits for one of their seats. It says which game, step and seat and when;
nothing of anyone's orders, hand or reactions.

Written with the ``icalendar`` library (escaping, folding, value types are its job). Each
event starts at the deadline and lasts ``EVENT_MINUTES`` (RFC 5545 3.8.2.2: DTEND later
than DTSTART); its ``UID`` stays the same for the (game, step, seat) while its
``SEQUENCE`` counts the times the deadline moved (an organiser's extension, an excused
extension, a vacation, a pause) and ``LAST-MODIFIED`` says when it last moved, so a
calendar replaces the old deadline instead of keeping both (docs/email.md)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import Count, Max
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from icalendar import Alarm, Calendar, Event as CalendarEvent

from games.models import Event, Game, Step
from games import presentation
from games.presentation import message_text
from games.services import ruleset_for
from notifications.models import Profile

#: How long an event lasts in the calendar: from the deadline, a quarter of an hour.
EVENT_MINUTES = 15
#: The alarm before the deadline.
ALARM_BEFORE = timedelta(hours=2)
#: Log events that move an open step's deadline (games.services, games.overrides).
DEADLINE_MOVES = ("deadline_extended", "deadline_moved")


def _moves(step_ids: list[int]) -> dict[int, tuple[int, object]]:
    """step id -> (how many times its deadline moved, when it last moved), one query."""
    rows = (
        Event.objects.filter(step_id__in=step_ids, type__in=DEADLINE_MOVES)
        .values("step_id")
        .annotate(moves=Count("pk"), last=Max("created_at"))
    )
    return {row["step_id"]: (row["moves"], row["last"]) for row in rows}


def feed(*, user, language: str | None = None) -> bytes:
    """The feed of ``user``'s open deadlines, as bytes (``text/calendar``), its words in
    ``language`` (their profile's, by default)."""
    if language is None:
        profile = Profile.objects.filter(user=user).first()
        language = profile.language if profile else settings.LANGUAGE_CODE
    now = timezone.now()
    host = settings.CURSUS_BASE_URL.split("://", 1)[-1].split("/", 1)[0] or "cursus"
    calendar = Calendar()
    calendar.add("prodid", "-//Cursus//deadlines//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", "Cursus")
    seats = {seat.game_id: seat for seat in user.seats.filter(game__status=Game.Status.ACTIVE)}
    steps = list(
        Step.objects.filter(game_id__in=seats, status=Step.Status.OPEN)
        .select_related("game")
        .only("pk", "number", "prompts", "deadline", "opened_at", "game__id", "game__ruleset", "game__scenario", "game__name")
        .order_by("deadline")
    )
    steps = [step for step in steps if seats[step.game_id].role in step.roles]
    moves = _moves([step.pk for step in steps])
    with translation.override(language):
        for step in steps:
            role = seats[step.game_id].role
            url = f"{settings.CURSUS_BASE_URL}/games/{step.game_id}/"
            facts = {"name": presentation.game_title(step.game), "step": step.number, "role": role,
                     "ruleset": message_text(ruleset_for(step.game.ruleset).name.as_dict())}
            summary = _("Cursus: %(name)s, step %(step)s, your orders as %(role)s") % facts
            count, last_moved = moves.get(step.pk, (0, None))
            event = CalendarEvent()
            event.add("uid", f"cursus-{step.game_id}-{step.number}-{role}@{host}")
            event.add("dtstamp", now)
            event.add("dtstart", step.deadline)
            event.add("dtend", step.deadline + timedelta(minutes=EVENT_MINUTES))
            event.add("sequence", count)
            event.add("created", step.opened_at)
            event.add("last-modified", last_moved or step.opened_at)
            event.add("summary", summary)
            event.add("description", _("Your orders are due at this time. %(url)s") % {"url": url})
            event.add("url", url)
            alarm = Alarm()
            alarm.add("action", "DISPLAY")
            alarm.add("trigger", -ALARM_BEFORE)
            alarm.add("description", summary)
            event.add_component(alarm)
            calendar.add_component(event)
    return calendar.to_ical()
