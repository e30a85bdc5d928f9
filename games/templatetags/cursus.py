"""Template filters for game pages and emails: events and messages in the reader's
language (``games.presentation``)."""

from django import template

from games import presentation

register = template.Library()


@register.filter
def event_text(event: dict) -> str:
    return presentation.event_text(event)


@register.filter
def message_text(message, language: str | None = None) -> str:
    return presentation.message_text(message, language)


@register.filter
def budget_unit(budget: dict, language: str | None = None) -> str:
    """What a question's budget counts, in the singular when one is left and the ruleset
    gives that form (``unit_one``: "1 action left", not "1 actions")."""
    unit = budget.get("unit_one") if budget.get("left") == 1 and budget.get("unit_one") else budget.get("unit")
    return presentation.message_text(unit, language)


@register.filter
def prompt_title(prompt: dict) -> str:
    return presentation.prompt_title(prompt)


@register.filter
def summary_value(value) -> str:
    return presentation.summary_value(value)


@register.filter
def ruleset_name(slug: str) -> str:
    return presentation.ruleset_name(slug)


@register.filter
def scenario_title(obj, scenario=None) -> str:
    """``game|scenario_title`` (a game or a tournament), or ``slug|scenario_title:scenario``."""
    if scenario is None:
        return presentation.scenario_title(obj.ruleset, obj.scenario)
    return presentation.scenario_title(obj, scenario)


@register.filter
def game_title(game) -> str:
    return presentation.game_title(game)


@register.simple_tag
def colon() -> str:
    """The colon after a label, as each language writes it: "Deadline:" and, in French, a
    (non-breaking) space before it: « Échéance : »."""
    from django.utils import translation

    return "\u00a0:" if (translation.get_language() or "en")[:2] == "fr" else ":"


@register.simple_tag
def semicolon() -> str:
    """The semicolon between listed items, as each language writes it (French: a
    non-breaking space before it, like the colon)."""
    from django.utils import translation

    return "\u00a0;" if (translation.get_language() or "en")[:2] == "fr" else ";"


#: How a date and time reads, per language (French: day first, « 29/11/2026 14:00 »).
DATETIME_FORMATS = {"en": "Y-m-d H:i", "fr": "d/m/Y H:i"}


@register.filter
def when(value) -> str:
    """A date and time in the reader's language's format (``Y-m-d H:i``; ``d/m/Y H:i``)."""
    from django.utils import translation
    from django.utils.dateformat import format as date_format
    from django.utils.timezone import localtime, is_aware

    if not value:
        return ""
    if is_aware(value):
        value = localtime(value)
    return date_format(value, DATETIME_FORMATS.get((translation.get_language() or "en")[:2], DATETIME_FORMATS["en"]))


@register.filter
def named(ident, names: dict) -> str:
    """A zone, region or side by its name (``names``: id -> name in the reader's language,
    the game page's ``names``), the id when it has none."""
    return (names or {}).get(ident) or ident


def _ruleset_and_options(of):
    """A filter's argument: a ruleset's slug, or a game (or a listing row: ``ruleset``,
    ``options``) whose seats are named with what they command."""
    if isinstance(of, str):
        return of, None
    if isinstance(of, dict):
        return of.get("ruleset", ""), of.get("options")
    return getattr(of, "ruleset", ""), getattr(of, "options", None)


@register.filter
def seat_name(role, of) -> str:
    """``{{ role|seat_name:game }}``: the seat by its name and what it commands
    (Tetrarchia's "Player 1 (Diocletian, Galerius)"); ``role|seat_name:game.ruleset``:
    its name alone ("Player 1")."""
    ruleset, options = _ruleset_and_options(of)
    return presentation.seat_name(ruleset, role, options)


@register.filter
def computer_level(level) -> str:
    """``{{ seat.computer|computer_level }}``: a computer player by its level's name,
    "Computer (strong)", in the reader's language."""
    from rules import computer

    found = computer.LEVELS.get(str(level or ""))
    return presentation.message_text(found.label.as_dict()) if found else str(level or "")


@register.filter
def seat_names(roles, of) -> str:
    """``{{ roles|seat_names:game }}``: seats by their names, comma-separated."""
    ruleset, options = _ruleset_and_options(of)
    return ", ".join(presentation.seat_name(ruleset, role, options) for role in roles or [])


@register.filter
def game_ref(game) -> str:
    """What an email calls a game: its name (games/naming.py), ``Semper Victor 305 ·
    aurelia, marcus`` or the name its creator chose."""
    return presentation.game_title(game)


@register.filter
def marker_key(entry: dict) -> str:
    """A legend entry's marker drawn as the map draws it (``games.web.mapsvg``)."""
    from games.web.mapsvg import marker_key as key

    return key(entry)
