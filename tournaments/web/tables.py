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

from tournaments import selectors, standings

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


def _roles(p: dict) -> list[str]:
    """The pairing's seats' roles in order (PRIMUS and SECONDUS for a row without seats)."""
    return [seat["role"] for seat in p.get("seats") or ()] or ["PRIMUS", "SECONDUS"]


def result_text(p: dict) -> str:
    """A pairing's result as shown: a bye, ``1–0 decisive (22–10 VP)`` and who decided it
    when it was not the game, or ``running: 3–2 VP`` (the live VP). A table of three or
    more: each player's place and score, ``1 aurelia (14) · 2= marcus (12) · 2= livia (12)``."""
    if p["secundus"] is None:
        return _("bye")
    roles = _roles(p)
    if len(roles) > 2:
        return _table_text(p, roles)
    first, second = roles
    vp = _("VP")  # not inside the f-strings: makemessages would not see it there
    result = p["result"]
    if result:
        winner = result.get("winner")
        text = {first: "1–0", second: "0–1"}.get(winner, "½–½") + f" {_shown(result, 'level')}"
        scores = result.get("scores") or {}
        if scores.get(first) is not None:
            text += f" ({scores[first]}–{_shown(scores, second)} {vp})"
        if p["result_source"] != "engine":
            text += f" · {p['result_source']}"
        return text
    text = _("running")
    live = p["live_vp"]
    if live:
        text += f": {_shown(live, first)}–{_shown(live, second)} {vp}"
    return text


def _table_text(p: dict, roles: list[str]) -> str:
    result = p["result"]
    if not result:
        text = _("running")
        live = p["live_vp"]
        if live:
            vp = _("VP")
            text += ": " + "–".join(str(_shown(live, role)) for role in roles) + f" {vp}"
        return text
    players = {seat["role"]: seat["player"] for seat in p["seats"]}
    places = standings.places_of(result, roles)
    scores = result.get("scores") or {}
    parts = []
    for role in sorted(roles, key=lambda r: (places[r], roles.index(r))):
        shared = "=" if sum(1 for r in roles if places[r] == places[role]) > 1 else ""
        score = f" ({scores[role]})" if scores.get(role) is not None else ""
        parts.append(f"{places[role]}{shared} {players.get(role, role)}{score}")
    text = " · ".join(parts)
    if result.get("level") and result.get("level") not in ("victory", "draw"):
        text += f" · {result['level']}"
    if p["result_source"] != "engine":
        text += f" · {p['result_source']}"
    return text


def pairings_body(pairings: list[dict], size: int = 2) -> SafeString:
    """The ``<tr>`` rows of one round: board, the players by seat (``size`` seats), the
    game (a link) and the result."""
    game_url = _url_maker("games-web:detail")
    out = []
    for p in pairings:
        game = f'<a href="{escape(game_url(p["game"]))}">{escape(str(p.get("game_name") or p["game"]))}</a>' if p["game"] else ""
        if size > 2:
            names = [seat["player"] for seat in p.get("seats") or ()] or [p["primus"]]
            names += ["—"] * (size - len(names))
            players = "".join(f"<td>{escape(str(name))}</td>" for name in names)
        else:
            players = f"<td>{escape(str(p['primus']))}</td><td>{escape(str(p['secundus'] or '—'))}</td>"
        out.append(f"<tr><td>{p['board']}</td>{players}<td>{game}</td><td>{escape(result_text(p))}</td></tr>\n")
    return mark_safe("".join(out))
