"""A game's name (``Game.name``): what every heading, email, list and tournament table
calls it (docs/web.md, "Game names").

Its creator may choose one when creating the game (web form or API) and change it until
the game starts (``game_rename``). A game whose name was not chosen is named by its
ruleset, its scenario and the players who hold its seats, ``Semper Victor 305 · aurelia,
marcus``, kept up to date as seats are taken (``name_refresh``: at each join, when the
game starts, when a player deletes their account). The default reads the same in every
language: the ruleset's name, the scenario's number and usernames."""

from __future__ import annotations

from django.db import transaction
from games import bidi, errors
from games.models import Game

#: The longest name (``Game.name``'s column).
NAME_MAX = 100


def default_name(ruleset: str, scenario: str, holders: list[str]) -> str:
    """``Semper Victor 305 · aurelia, marcus``: the ruleset's name, the scenario and the
    seat holders in seat order (cut to ``NAME_MAX`` with an ellipsis)."""
    from games.presentation import ruleset_name_in

    head = f"{ruleset_name_in(ruleset, 'en')} {scenario}".strip()
    name = f"{head} · {', '.join(holders)}" if holders else head
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1].rstrip() + "…"


def _holders(game: Game) -> list[str]:
    return list(game.seats.order_by("position", "pk").values_list("player__username", flat=True))


def name_refresh(game: Game) -> str:
    """Give a game whose name was not chosen the default of its seats now (a write only
    when it changed). Returns the name."""
    if game.name_chosen:
        return game.name
    name = default_name(game.ruleset, game.scenario, _holders(game))
    if name != game.name:
        Game.objects.filter(pk=game.pk).update(name=name)
        game.name = name
    return name


def _name_error(code: str, en: str, fr: str) -> errors.InvalidSetup:
    return errors.InvalidSetup(errors.InvalidSetup.title, errors=[{"code": code, "path": "/name",
                                                                   "message": {"en": en, "fr": fr}}])


def clean_name(name) -> str:
    """A chosen name, its spaces trimmed ("" when none was chosen), or ``InvalidSetup``
    with the reason (too long, a direction control, a line break)."""
    name = " ".join(str(name or "").split()) if name is not None else ""
    if not name:
        return ""
    if len(name) > NAME_MAX:
        raise _name_error("name.too_long", f"A game's name has at most {NAME_MAX} characters ({len(name)} given).",
                          f"Le nom d'une partie a au plus {NAME_MAX} caractères ({len(name)} donnés).")
    if bidi.has_bidi(name):
        raise _name_error("text.bidi_control",
                          f"The name holds an invisible direction control ({bidi.named(name)}) that can make it read "
                          "otherwise than it is: remove it.",
                          f"Le nom contient un caractère invisible de sens d'écriture ({bidi.named(name)}) qui peut le "
                          "faire lire autrement qu'il n'est : retirez-le.")
    return name


@transaction.atomic
def game_rename(*, game: Game, by, name) -> Game:
    """The creator names the game (an empty name: back to the default) until it starts;
    ``NotCreator`` for anyone else, ``NotRenamable`` once it started."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if by is None or by.pk != game.created_by_id:
        raise errors.NotCreator(errors.NotCreator.title)
    if game.status != Game.Status.OPEN:
        raise errors.NotRenamable(errors.NotRenamable.title)
    chosen = clean_name(name)
    game.name_chosen = bool(chosen)
    if chosen:
        game.name = chosen
        game.save(update_fields=["name", "name_chosen", "updated_at"])
    else:
        game.save(update_fields=["name_chosen", "updated_at"])
        name_refresh(game)
    return game

