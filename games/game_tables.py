"""A game's own dice tables (docs/refereed.md, "The master's own tables"): a role the
ruleset names (``Ruleset.table_authors``: a refereed game's master) uploads a YAML file in
the format of rules/tables (docs/tables.md); it is read and checked with the line of each
problem (``rules.tables.format.read_text``), kept (``games.GameTable``, one per id: a new
upload of an id replaces it) and logged for everyone. It comes into play with the
author's next order set of a kind that takes tables (games/table_rows.py joins it), after
which ``roll table <id>`` rolls on it like a table of the library. Every seat and every
watcher of the game may read it (``tables_of``)."""

from __future__ import annotations

import copy
import hashlib

from django.db import transaction

from games import errors, services
from games.models import Game, GameTable
from rules.base import canonical_json
from rules.tables import library
from rules.tables.format import read_text

#: The most tables a game may have of its own (the refereed engine allows as many).
MAX_TABLES = 20


def _problem(code: str, path: str, en: str, fr: str) -> dict:
    return {"code": code, "path": path, "message": {"en": en, "fr": fr}}


def check(text: str) -> tuple[dict | None, list[dict]]:
    """The mapping of an uploaded table file and every problem (``{code, path, line,
    message}``): the format's and an id of the game's own (``<game>/<table>``, lower case,
    not a table of the library): ``rules.tables.format.read_text``."""
    raw, problems = read_text(text, reserved=library.ids())
    return raw, [p.as_dict() for p in problems]


@transaction.atomic
def table_upload(*, game: Game, player, text: str) -> tuple[GameTable, bool]:
    """Keep a table the player's seat gives the game: the row, and whether anything was
    written (False: the same table again). ``TableNotAllowed`` unless the ruleset names
    its role now; ``TableInvalid`` listing every problem of the file, with its line.
    Nothing is written when it is refused."""
    game = services._lock_game(game.pk)
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    rs = services.ruleset_for(game.ruleset)
    if game.status != Game.Status.ACTIVE or game.state is None or \
            seat.role not in rs.table_authors(copy.deepcopy(game.state)):
        raise errors.TableNotAllowed(errors.TableNotAllowed.title, errors=[_problem(
            "table.not_author", "", "Only the game master may give this game tables of its own, while it is under way.",
            "Seul le maître du jeu peut donner à cette partie des tables à elle, pendant qu'elle se joue.")])
    raw, problems = check(text)
    if problems:
        raise errors.TableInvalid(problems[0]["message"]["en"], errors=problems)
    row = GameTable.objects.filter(game=game, table_id=raw["id"]).first()
    if row is None and GameTable.objects.filter(game=game).count() >= MAX_TABLES:
        raise errors.TableInvalid(errors.TableInvalid.title, errors=[_problem(
            "table.too_many", "", f"A game has at most {MAX_TABLES} tables of its own: upload a new version of one "
            "(the same id) instead.", f"Une partie a au plus {MAX_TABLES} tables à elle : envoyez plutôt une nouvelle "
            "version de l'une d'elles (le même id).")])
    digest = hashlib.sha256(canonical_json(raw).encode()).hexdigest()
    if row is not None and row.sha256 == digest:
        return row, False  # the same table again: nothing new
    replaced = row is not None
    row = row or GameTable(game=game, table_id=raw["id"])
    row.title, row.kind, row.text, row.raw, row.sha256, row.uploaded_by = \
        raw["title"], raw["kind"], text, raw, digest, player
    row.save()
    title = raw["title"]
    services._append_events(game, None, [{"type": "table_uploaded", "visible_to": None, "data": {
        "table": raw["id"], "role": seat.role, "replaced": replaced, "sha256": digest, "message": {
            "en": f"The game master gave the game the table {title['en']} ({raw['id']})"
                  + (", a new version" if replaced else "") + "; it comes into play with his next orders.",
            "fr": f"Le maître du jeu a donné à la partie la table {title['fr']} ({raw['id']})"
                  + (", nouvelle version" if replaced else "") + " ; elle entre en jeu avec ses prochains ordres."}}}])
    return row, True


def tables_of(game: Game) -> list[GameTable]:
    """The game's own tables, by id (the YAML text left unread)."""
    return list(GameTable.objects.filter(game=game).defer("text").order_by("table_id"))


def table_of(game: Game, table_id: str) -> GameTable | None:
    return GameTable.objects.filter(game=game, table_id=str(table_id)[:100]).first()
