"""Pure helpers over a player's preferences: their time zone, quiet hours, the local
time of a deadline. No database writes."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


def zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def in_quiet_hours(local: time, start: time | None, end: time | None) -> bool:
    """Whether a local time falls in the quiet hours [start, end) (spanning midnight
    when start > end)."""
    if start is None or end is None or start == end:
        return False
    if start < end:
        return start <= local < end
    return local >= start or local < end


def quiet_until(now: datetime, *, timezone: str, start: time | None, end: time | None) -> datetime | None:
    """When the quiet hours around ``now`` end (aware, UTC), or None outside them."""
    tz = zone(timezone)
    local = now.astimezone(tz)
    if not in_quiet_hours(local.timetz().replace(tzinfo=None), start, end):
        return None
    end_today = datetime.combine(local.date(), end, tzinfo=tz)
    if end_today <= local:
        end_today = datetime.combine(local.date() + timedelta(days=1), end, tzinfo=tz)
    return end_today.astimezone(now.tzinfo)


def local_text(moment: datetime, timezone: str) -> str:
    """``2026-11-25 20:00 (Europe/Paris)``: a deadline as the player reads it."""
    return f"{moment.astimezone(zone(timezone)):%Y-%m-%d %H:%M} ({zone(timezone).key})"
