"""The private iCalendar feed (RFC 5545) of a player's deadlines: one event per open
step that waits for one of their seats. It says which game, step and seat and when;
nothing of anyone's orders, hand or reactions."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone

from games.models import Game, Step


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _fold(line: str) -> str:
    """Lines longer than 75 octets are folded (RFC 5545 3.1)."""
    data = line.encode()
    if len(data) <= 75:
        return line
    parts, current = [], b""
    for char in line:
        encoded = char.encode()
        if len(current) + len(encoded) > (75 if not parts else 74):
            parts.append(current.decode())
            current = b""
        current += encoded
    parts.append(current.decode())
    return "\r\n ".join(parts)


def feed(*, user) -> str:
    from datetime import timezone as dt_timezone

    def stamp(moment) -> str:
        return moment.astimezone(dt_timezone.utc).strftime("%Y%m%dT%H%M%SZ")

    now = timezone.now()
    host = settings.CURSUS_BASE_URL.split("://", 1)[-1].split("/", 1)[0] or "cursus"
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Cursus//deadlines//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "X-WR-CALNAME:Cursus",
    ]
    seats = {seat.game_id: seat for seat in user.seats.filter(game__status=Game.Status.ACTIVE)}
    steps = Step.objects.filter(game_id__in=seats, status=Step.Status.OPEN).select_related("game").order_by("deadline")
    for step in steps:
        seat = seats[step.game_id]
        if seat.role not in step.roles:
            continue
        url = f"{settings.CURSUS_BASE_URL}/games/{step.game_id}/"
        summary = f"Cursus: game {step.game_id}, step {step.number} ({seat.role})"
        lines += [
            "BEGIN:VEVENT",
            f"UID:cursus-{step.game_id}-{step.number}-{seat.role}@{host}",
            f"DTSTAMP:{stamp(now)}",
            f"DTSTART:{stamp(step.deadline)}",
            f"DTEND:{stamp(step.deadline)}",
            f"SUMMARY:{_escape(summary)}",
            f"DESCRIPTION:{_escape(f'{step.game.ruleset} {step.game.scenario}: orders due. {url}')}",
            f"URL:{url}",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "TRIGGER:-PT2H",
            f"DESCRIPTION:{_escape(summary)}",
            "END:VALARM",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "\r\n".join(_fold(line) for line in lines) + "\r\n"
