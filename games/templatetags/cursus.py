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
