"""The cached part of the tournament page: the standings table, the latest round and the
links to the earlier rounds, rendered once per state of the tournament and language and
kept in Django's cache (Redis).

The key holds a digest of every value the fragment is made from (scoring, entries with
their player names and status, pairings with their round, players, game status, result,
live VP): ``selectors.standings_version``, one query computed by PostgreSQL, or on
another database ``selectors.standings_digest`` of the rows themselves. A changed result,
live VP, new round, replacement or withdrawal gives a new key: nothing has to remember
to invalidate it, and whoever writes (the organiser's services, the games' signals, the
admin) cannot forget to. On a miss the version is read again with the rows rendered, in
one snapshot (``selectors.consistent_read``), so a fragment is always stored under the
key of the state it shows. A hit costs one small query and one cache read; it saves
reading every entry and pairing, the computation and the rendering of a table of
players × 14 cells. Old keys expire after ``CACHE_SECONDS``. The key also holds a digest of this code
and its templates, so a deployment that changes them never serves the old ones'
fragments.

Readers rarely pay for a render: when a game's step opens or the game ends, the worker
that refreshes the pairing also renders the fragment in every language
(:func:`warm`, the ``tournaments.tasks.warm_standings`` task), so the first reader after
a change finds it in the cache. A reader faster than the worker, or a cache that lost
the fragment, renders it as before.
"""

from __future__ import annotations

import functools
import hashlib
import logging
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.template.loader import get_template, render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from games import presentation
from tournaments import selectors
from tournaments import standings as standings_mod
from tournaments.models import Tournament
from tournaments.web import tables

log = logging.getLogger(__name__)

TEMPLATE = "tournaments/_standings.html"
#: Keeps a fragment this long at most (a changed tournament gets a new key at once).
CACHE_SECONDS = 3600


@functools.cache
def _code_version() -> str:
    sources = [get_template(name).template.source for name in (TEMPLATE, "tournaments/_round_table.html")]
    sources += [Path(module.__file__).read_text() for module in (tables, selectors, standings_mod)]
    return hashlib.sha256("\0".join(sources).encode()).hexdigest()[:12]


def cache_key(*, tournament: Tournament, digest: str, language: str | None = None) -> str:
    language = language or translation.get_language() or "en"
    return f"tournament-standings:{tournament.pk}:{language}:{_code_version()}:{digest}"


def render_standings(*, tournament: Tournament, inputs) -> str:
    data = selectors.standings(tournament=tournament, inputs=inputs)
    rounds = data["rounds"]
    current = rounds[-1] if rounds else None
    columns = selectors.standings_columns(tournament)
    return render_to_string(
        TEMPLATE,
        {
            "tournament_id": tournament.pk,
            "columns": [label for _key, label in columns],
            # One table per pool (a round robin's, once round 1 has dealt the pools), else one.
            "pools": [{"pool": p["pool"], "body": tables.standings_body(p["rows"], columns)} for p in data["pools"]],
            "bye_points": data["bye_points"],
            "has_pools": selectors.has_pools(tournament),
            "current_round": current and {"number": current["number"],
                                          "body": tables.pairings_body(current["pairings"], tournament.table_size or 2)},
            "earlier_rounds": [r["number"] for r in rounds[:-1]],
            "seats": seat_names(tournament),
            "place_points": data["place_points"],
        },
    )


def seat_names(tournament: Tournament) -> list[str]:
    """The players' seats of a table by the game's names, in the active language (the
    referee's seat left out: the page names the game master once)."""
    names = [presentation.seat_name(tournament.ruleset, seat["role"])
             for seat in selectors.table_seats(tournament) if not seat["referee"]]
    size = tournament.table_size or 2
    return (names + [""] * size)[:size]


def _cached(key: str) -> str | None:
    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 - the page does not depend on the cache
        log.warning("standings cache unavailable", exc_info=True)
        return None


def _store(key: str, html: str) -> None:
    try:
        cache.set(key, html, CACHE_SECONDS)
    except Exception:  # noqa: BLE001
        log.warning("standings cache unavailable", exc_info=True)


def standings_fragment(*, tournament: Tournament) -> SafeString:
    """The fragment for the active language, from the cache when the tournament has not
    changed since it was rendered. A cache that does not answer only costs the render."""
    return _fragment(tournament)[0]


def _fragment(tournament: Tournament) -> tuple[SafeString, bool]:
    """:func:`standings_fragment`, and whether it had to be rendered."""
    version = selectors.standings_version(tournament=tournament)
    if version is not None:  # PostgreSQL: a hit reads nothing more than the version
        html = _cached(cache_key(tournament=tournament, digest=version))
        if html is not None:
            return mark_safe(html), False
        with selectors.consistent_read():  # a miss: the version again and the rows, of one state
            version = selectors.standings_version(tournament=tournament)
            inputs = selectors.standings_inputs(tournament=tournament)
    else:  # another database: digest the rows themselves
        inputs = selectors.standings_inputs(tournament=tournament)
        version = selectors.standings_digest(tournament=tournament, inputs=inputs)
        html = _cached(cache_key(tournament=tournament, digest=version))
        if html is not None:
            return mark_safe(html), False
    html = render_standings(tournament=tournament, inputs=inputs)
    _store(cache_key(tournament=tournament, digest=version), html)
    return mark_safe(html), True


def warm(*, tournament: Tournament) -> list[str]:
    """Render the fragment in every language of the site unless the cache holds it
    already (a burst of changes costs one render per state, then one small query per
    call). Returns the languages rendered."""
    rendered = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            if _fragment(tournament)[1]:
                rendered.append(code)
    return rendered
