"""The big tables of the tournament pages as HTML, built in Python (like the board and
chart of games/web/mapsvg.py and charts.py): a 256-player standings table is 3,584 cells
and a round 128 boards. Django's template engine (a loop, a tag and a lookup per cell, a
``reverse`` per row) took about 45 ms for those 256 rows on the bench machine; this takes
about 2 ms. Every text is escaped as the templates escaped it; every link is the URL the
``{% url %}`` tag gives (one ``reverse`` per table, not per row). Tested against the
templates they replaced (tests/tournaments/test_standings_cache.py)."""

from __future__ import annotations

from html import escape  # what django.utils.html.escape does, without its lazy-string wrapper
from urllib.parse import quote

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments import selectors

# What ``reverse`` leaves unquoted in a path (django.urls.resolvers._reverse_with_prefix).
_SAFE = "/~:@!$&'()*+,;="
_MARK = "0000000000"


def _url_maker(viewname: str):
    """``reverse(viewname, args=[value])`` for many values with a single ``reverse``."""
    head, tail = reverse(viewname, args=[_MARK]).split(_MARK, 1)
    return lambda value: head + quote(str(value), safe=_SAFE) + tail


def standings_body(rows: list[dict], columns=selectors.STANDINGS_COLUMNS) -> SafeString:
    """The ``<tr>`` rows of the standings table: ``selectors.standings_cells`` of each
    row, the player's name linking to their profile."""
    player_url = _url_maker("tournaments-web:player")
    player_column = [key for key, _label in columns].index("player")
    out = []
    for row in rows:
        cells = [escape(cell) for cell in selectors.standings_cells(row, columns)]  # all str
        cells[player_column] = f'<a href="{escape(player_url(row["player"]))}">{cells[player_column]}</a>'
        out.append("<tr><td>" + "</td><td>".join(cells) + "</td></tr>\n")
    return mark_safe("".join(out))


def _shown(mapping: dict, key: str):
    """What the template showed for ``mapping.key``: nothing when the key is missing."""
    return mapping[key] if key in mapping else ""


def result_text(p: dict) -> str:
    """A pairing's result as shown: a bye, ``1–0 decisive (22–10 VP)`` and who decided it
    when it was not the game, or ``running: 3–2 VP`` (the live VP)."""
    if p["secundus"] is None:
        return _("bye")
    vp = _("VP")  # not inside the f-strings: makemessages would not see it there
    result = p["result"]
    if result:
        winner = result.get("winner")
        text = {"PRIMUS": "1–0", "SECONDUS": "0–1"}.get(winner, "½–½") + f" {_shown(result, 'level')}"
        scores = result.get("scores") or {}
        if scores.get("PRIMUS") is not None:
            text += f" ({scores['PRIMUS']}–{_shown(scores, 'SECONDUS')} {vp})"
        if p["result_source"] != "engine":
            text += f" · {p['result_source']}"
        return text
    text = _("running")
    live = p["live_vp"]
    if live:
        text += f": {_shown(live, 'PRIMUS')}–{_shown(live, 'SECONDUS')} {vp}"
    return text


def pairings_body(pairings: list[dict]) -> SafeString:
    """The ``<tr>`` rows of one round: board, the two players, the game (a link) and the
    result."""
    game_url = _url_maker("games-web:detail")
    out = []
    for p in pairings:
        game = f'<a href="{escape(game_url(p["game"]))}">{escape(str(p.get("game_name") or p["game"]))}</a>' if p["game"] else ""
        out.append(
            f"<tr><td>{p['board']}</td><td>{escape(str(p['primus']))}</td><td>{escape(str(p['secundus'] or '—'))}</td>"
            f"<td>{game}</td><td>{escape(result_text(p))}</td></tr>\n"
        )
    return mark_safe("".join(out))
