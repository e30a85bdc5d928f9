"""The tables shipped with Cursus: ``library/<game>/<table>.yaml``, by id ``<game>/<table>``.

Each file is checked when it is first read (rules.tables.format); ``warm_up`` of the
refereed ruleset reads them all once per process.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rules.tables.format import Table, TableError, load

ROOT = Path(__file__).with_name("library")


@lru_cache(maxsize=None)
def ids() -> tuple[str, ...]:
    """Every table id in the library, sorted."""
    return tuple(sorted(f"{path.parent.name}/{path.stem}" for path in ROOT.glob("*/*.yaml")))


def games() -> list[str]:
    return sorted({table_id.split("/")[0] for table_id in ids()})


def of_game(game: str) -> list[str]:
    return [table_id for table_id in ids() if table_id.split("/")[0] == game]


@lru_cache(maxsize=None)
def table(table_id: str) -> Table:
    """The library's table ``table_id``; :class:`TableError` (``table.unknown``) if none."""
    if table_id not in ids():
        raise TableError("table.unknown", "table", f"There is no table {table_id!r} in the library.",
                         f"Il n'y a pas de table {table_id!r} dans la bibliothèque.")
    game, name = table_id.split("/", 1)
    loaded = load(ROOT / game / f"{name}.yaml")
    if loaded.id != table_id:
        raise TableError("table.id", "id", f"The file {table_id}.yaml says id {loaded.id!r}.",
                         f"Le fichier {table_id}.yaml indique l'id {loaded.id!r}.")
    return loaded
