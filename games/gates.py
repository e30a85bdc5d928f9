"""Entry gates of an open game (docs/together.md): a minimum rating in the game's ruleset
and a minimum reliability. Ratings and reliability are the tournaments app's (a layer
above this one): it hands its reader in when it starts (``provide``), so ``games`` asks
without importing it. Without a reader, a player has no rating and no history, and
passes every gate."""

from __future__ import annotations

from collections.abc import Callable

#: (player, ruleset slug) -> {"rating": float | None, "reliability": float | None}
_reader: Callable[..., dict] | None = None


def provide(reader: Callable[..., dict]) -> None:
    """Install the reader of a player's standing (tournaments.apps does, at start)."""
    global _reader
    _reader = reader


def standing_of(*, player, ruleset: str) -> dict:
    """The player's rating in ``ruleset`` and reliability (None: none known)."""
    if _reader is None:
        return {"rating": None, "reliability": None}
    return _reader(player=player, ruleset=ruleset)


#: game -> the ids of the accounts that organise it, or None when nobody above ``games``
#: does (then its creator does). The tournaments app answers for its pairings' games.
_organisers: Callable[..., set[int] | None] | None = None


def provide_organisers(reader: Callable[..., set[int] | None]) -> None:
    global _organisers
    _organisers = reader


def organisers_of(*, game) -> set[int] | None:
    """Who organises ``game`` (press locks): the tournament's organisers for a tournament
    game, else None (the game's creator)."""
    return None if _organisers is None else _organisers(game=game)


def _problem(code: str, path: str, en: str, fr: str) -> dict:
    return {"code": code, "path": path, "message": {"en": en, "fr": fr}}


def problems(*, min_rating, min_reliability, player, ruleset: str, standing: dict | None = None) -> list[dict]:
    """Why ``player`` may not pass these gates (empty: they may). A player without a
    rating counts the ruleset's starting rating when the reader gives one; a player with
    no history yet has no reliability and passes that gate (as a tournament's gate)."""
    if min_rating is None and min_reliability is None:
        return []
    standing = standing if standing is not None else standing_of(player=player, ruleset=ruleset)
    found = []
    rating = standing.get("rating")
    if min_rating is not None and rating is not None and rating < min_rating:
        found.append(_problem(
            "gate.rating", "/min_rating",
            f"This game asks for a rating of at least {min_rating:.0f} in its ruleset; yours is {rating:.0f}.",
            f"Cette partie demande un classement d'au moins {min_rating:.0f} dans sa règle ; le vôtre est {rating:.0f}."))
    reliability = standing.get("reliability")
    if min_reliability is not None and reliability is not None and reliability < min_reliability:
        found.append(_problem(
            "gate.reliability", "/min_reliability",
            f"This game asks for a reliability of at least {min_reliability:.0%}; yours is {reliability:.0%}.",
            f"Cette partie demande une fiabilité d'au moins {min_reliability:.0%} ; la vôtre est {reliability:.0%}."))
    return found
