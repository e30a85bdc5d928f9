"""The dice tables of the library (rules/tables, docs/tables.md) as pages: what a game
master rolls on, for every player to read. No ruleset is named: the library is data."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.presentation import message_text
from rules.tables import library
from rules.tables.format import Table, TableError, roll_label


def _language(request) -> str:
    return (getattr(request, "LANGUAGE_CODE", "en") or "en")[:2]


def _cell(value, language: str) -> str:
    if value is None:
        return "—"
    if isinstance(value, dict):
        return message_text(value, language)
    if isinstance(value, list):
        return " • ".join(str(v) for v in value)
    return str(value)


@require_http_methods(["GET"])
def tables_index(request):
    language = _language(request)
    games = []
    for game in library.games():
        games.append({"game": game, "tables": [{"id": t, "title": message_text(library.table(t).title, language)}
                                                for t in library.of_game(game)]})
    return render(request, "games/tables.html", {"games": games, "lang": language})


@require_http_methods(["GET"])
def table_page(request, game: str, table: str):
    language = _language(request)
    try:
        found = library.table(f"{game}/{table}")
    except TableError:
        raise Http404(_("No such table.")) from None
    return render(request, "games/table.html", _context(found, language))


@require_http_methods(["GET"])
def own_table_page(request, game_id: int, table_id: str):
    """A table of a game's own (games/game_tables.py), for whoever may read the game."""
    from django.shortcuts import get_object_or_404

    from games import game_tables
    from games.models import Game
    from games.web.views import _access

    game = get_object_or_404(Game, pk=game_id)
    _seat, _player, _from_link, refusal = _access(request, game)
    if refusal is not None:
        return refusal
    row = game_tables.table_of(game, table_id.strip("/"))
    if row is None:
        raise Http404(_("No such table."))
    context = _context(Table(row.raw), _language(request))
    context["game"] = game
    return render(request, "games/table.html", context)


def _context(found: Table, language: str) -> dict:
    raw = found.raw
    columns = [message_text(c.get("label"), language) if isinstance(c.get("label"), dict) else str(c.get("label", c["id"]))
               for c in found.columns]
    rows = []
    for row in found.rows:
        if found.kind == "roll":
            cells = [row.get("name") or "", message_text(row["result"], language)]
            head = roll_label(row["roll"])
        elif found.kind == "grid":
            cells = [_cell(c, language) for c in row["cells"]]
            head = roll_label(row["roll"])
        else:
            cells = [_cell((row.get("cells") or {}).get(str(c["id"])), language) for c in found.columns]
            head = row["key"]
        rows.append({"head": head, "cells": cells, "line": row.get("line")})
    context = {
        "table": found, "id": found.id, "title": message_text(found.title, language), "kind": found.kind,
        "dice": found.dice, "columns": columns, "rows": rows, "lang": language,
        "when": message_text(raw.get("when"), language) if raw.get("when") else "",
        "source": raw.get("source") or {},
        "results": [(code, message_text(words, language)) for code, words in (raw.get("results") or {}).items()],
        "modifiers": [(m["id"], m["value"], message_text(m.get("text"), language)) for m in raw.get("die_modifiers") or []],
        "notes": [message_text(n, language) for n in raw.get("notes") or []],
    }
    return context
