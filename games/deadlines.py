"""Deadline policy of a game (docs/deadlines.md): when a step's deadline falls, when
reminders are due, what happens when a deadline passes without orders (the missed-turn
ladder), how vacations and pauses move deadlines.

``DeadlinePolicy`` is a plain, JSON-serialisable dataclass: a game stores it in
``Game.deadline_policy`` and a tournament can hand the same dict to every game it creates.
Everything here is pure (no database): the services in ``games/services.py`` apply it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

HOURS = "hours"
TIME_OF_DAY = "time_of_day"

VACATION_ALLOWED = "allowed"
VACATION_CAPPED = "capped"
VACATION_FORBIDDEN = "forbidden"


class PolicyInvalid(ValueError):
    """A deadline policy that cannot be used; ``errors`` lists every problem, each with
    a code, a path into the policy and a message in English and French."""

    def __init__(self, errors: list[dict]):
        self.errors = errors
        super().__init__("; ".join(e["message"]["en"] for e in errors))


def _error(code: str, path: str, en: str, fr: str) -> dict:
    return {"code": f"policy.{code}", "path": path, "message": {"en": en, "fr": fr}}


@dataclass(frozen=True)
class DeadlinePolicy:
    #: ``hours``: a step stays open ``step_hours``; ``time_of_day``: it closes at
    #: ``time_of_day`` in ``timezone`` on one of ``weekdays`` (0 = Monday), at least
    #: ``min_hours`` after it opened.
    mode: str = HOURS
    step_hours: int = 72
    time_of_day: str = "20:00"
    weekdays: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)
    min_hours: int = 12
    timezone: str = "UTC"
    #: Reminders, in hours before the deadline; each is sent once per seat and step.
    reminders: tuple[int, ...] = (24, 2)
    #: The missed-turn ladder (per seat): the first ``excused_extensions`` misses in a
    #: game extend the step by ``extension_hours``; then the default order set is used;
    #: after ``civil_disorder_after`` misses in a row the seat falls into civil disorder
    #: (its defaults are used at once, nobody waits for it); after ``forfeit_after``
    #: misses in a row it forfeits (0: never).
    excused_extensions: int = 0
    extension_hours: int = 24
    civil_disorder_after: int = 3
    forfeit_after: int = 0
    #: The computer rung (docs/deadlines.md): after ``computer_after`` misses in a row a
    #: computer player (rules/computer, at ``computer_level``) plays the seat instead of
    #: its default orders, until its player sends orders again (0: never).
    computer_after: int = 0
    computer_level: str = "fast"
    #: Vacation: ``allowed``, ``capped`` (at most ``vacation_max_days`` of push per
    #: vacation in this game) or ``forbidden``.
    vacation: str = VACATION_ALLOWED
    vacation_max_days: int = 14

    # -- (de)serialisation --------------------------------------------------------------
    def as_dict(self) -> dict:
        data = asdict(self)
        data["weekdays"] = list(self.weekdays)
        data["reminders"] = list(self.reminders)
        return data

    @classmethod
    def from_dict(cls, data: dict | None) -> DeadlinePolicy:
        """A validated policy; unknown keys and bad values raise :class:`PolicyInvalid`
        listing every problem."""
        data = dict(data or {})
        errors: list[dict] = []
        known = {f.name for f in fields(cls)}
        for key in sorted(set(data) - known):
            errors.append(_error("unknown_key", f"/{key}", f"Unknown deadline setting {key!r}.", f"Réglage d'échéance inconnu {key!r}."))
            data.pop(key)
        for key in ("step_hours", "min_hours", "excused_extensions", "extension_hours", "civil_disorder_after", "forfeit_after", "computer_after", "vacation_max_days"):
            if key in data and (not isinstance(data[key], int) or isinstance(data[key], bool) or data[key] < 0):
                errors.append(_error("not_a_count", f"/{key}", f"{key} must be a whole number, 0 or more.", f"{key} doit être un nombre entier positif ou nul."))
                data.pop(key)
        if data.get("mode", HOURS) not in (HOURS, TIME_OF_DAY):
            errors.append(_error("mode", "/mode", "mode must be 'hours' or 'time_of_day'.", "mode doit valoir « hours » ou « time_of_day »."))
        if data.get("step_hours", 1) == 0:
            errors.append(_error("step_hours", "/step_hours", "A step lasts at least one hour.", "Une étape dure au moins une heure."))
        if "time_of_day" in data:
            try:
                time.fromisoformat(str(data["time_of_day"]))
            except ValueError:
                errors.append(_error("time_of_day", "/time_of_day", "time_of_day must read HH:MM.", "time_of_day doit s'écrire HH:MM."))
        weekdays = data.get("weekdays", cls.weekdays)
        if not isinstance(weekdays, (list, tuple)) or not weekdays or any(
            not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= 6 for d in weekdays
        ):
            errors.append(_error("weekdays", "/weekdays", "weekdays must list days 0 (Monday) to 6 (Sunday).", "weekdays doit lister des jours de 0 (lundi) à 6 (dimanche)."))
        else:
            data["weekdays"] = tuple(sorted(set(weekdays)))
        reminders = data.get("reminders", cls.reminders)
        if not isinstance(reminders, (list, tuple)) or any(
            not isinstance(h, int) or isinstance(h, bool) or h <= 0 for h in reminders
        ):
            errors.append(_error("reminders", "/reminders", "reminders must list hours before the deadline (1 or more).", "reminders doit lister des heures avant l'échéance (1 ou plus)."))
        else:
            data["reminders"] = tuple(sorted(set(reminders), reverse=True))
        try:
            ZoneInfo(str(data.get("timezone", "UTC")))
        except (ZoneInfoNotFoundError, ValueError):
            errors.append(_error("timezone", "/timezone", "Unknown time zone.", "Fuseau horaire inconnu."))
        if data.get("vacation", VACATION_ALLOWED) not in (VACATION_ALLOWED, VACATION_CAPPED, VACATION_FORBIDDEN):
            errors.append(_error("vacation", "/vacation", "vacation must be 'allowed', 'capped' or 'forbidden'.", "vacation doit valoir « allowed », « capped » ou « forbidden »."))
        if "computer_level" in data and data["computer_level"] not in _computer_levels():
            levels = ", ".join(_computer_levels())
            errors.append(_error("computer_level", "/computer_level", f"computer_level must be one of: {levels}.",
                                 f"computer_level doit valoir l'un de : {levels}."))
        if errors:
            raise PolicyInvalid(errors)
        return cls(**data)

    # -- deadlines ----------------------------------------------------------------------
    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def deadline_after(self, opened: datetime) -> datetime:
        """The deadline of a step opened at ``opened`` (aware)."""
        if self.mode == HOURS:
            return opened + timedelta(hours=self.step_hours)
        return self.next_slot(opened + timedelta(hours=self.min_hours))

    def next_slot(self, after: datetime) -> datetime:
        """The first allowed weekday at ``time_of_day`` (game time zone) at or after ``after``."""
        zone = self.zone
        hour_minute = time.fromisoformat(self.time_of_day)
        local = after.astimezone(zone)
        day = local.date()
        for _ in range(15):
            candidate = datetime.combine(day, hour_minute, tzinfo=zone)
            if candidate >= local and candidate.weekday() in self.weekdays:
                return candidate.astimezone(after.tzinfo)
            day += timedelta(days=1)
        raise AssertionError("weekdays is never empty")  # pragma: no cover

    def extended(self, deadline: datetime) -> datetime:
        """The deadline after one excused extension."""
        pushed = deadline + timedelta(hours=self.extension_hours)
        return pushed if self.mode == HOURS else self.next_slot(pushed)

    def reminders_due(self, *, deadline: datetime, now: datetime, opened: datetime) -> list[int]:
        """The reminder offsets (hours) whose time has come for a step: due, not past
        the deadline, and not already past when the step opened (a 24 h reminder makes no
        sense for a step that lasts 12 h)."""
        due = []
        for hours in self.reminders:
            at = deadline - timedelta(hours=hours)
            if opened < at <= now < deadline:
                due.append(hours)
        return due

    # -- vacations ----------------------------------------------------------------------
    def vacation_push(self, *, deadline: datetime, opened: datetime, vacations: list[tuple[datetime, datetime]]) -> timedelta:
        """How far vacations push a deadline: the step's clock stops while its player is
        away, so a vacation that starts before the (pushed) deadline adds the whole time
        it lasts after the step opened (at most ``vacation_max_days`` per vacation under
        ``capped``; nothing under ``forbidden``)."""
        if self.vacation == VACATION_FORBIDDEN:
            return timedelta(0)
        push = timedelta(0)
        for start, end in sorted(vacations):
            if start >= deadline + push or end <= opened:
                continue
            stopped = end - max(start, opened)
            if self.vacation == VACATION_CAPPED:
                stopped = min(stopped, timedelta(days=self.vacation_max_days))
            push += stopped
        return push


def _computer_levels() -> list[str]:
    from rules import computer

    return computer.level_names()


def policy_of(game) -> DeadlinePolicy:
    """The game's policy (``step_hours`` on the game wins over the stored value for a
    game created before deadline policies existed)."""
    data = dict(game.deadline_policy or {})
    data.setdefault("step_hours", game.step_hours)
    return DeadlinePolicy.from_dict(data)
