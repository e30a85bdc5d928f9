"""The dice-table file format (docs/tables.md): reading and checking a table.

A table is a YAML file (``format: cursus-table/1``) of one of three kinds:

* ``roll``: rows matched by a roll of the table's ``dice``, each with one ``result``
  (an events table);
* ``grid``: rows matched by a (modified) roll, ``columns``, one cell per column (a combat
  table; columns may carry a force ratio, so the look-up can take two forces);
* ``list``: rows by ``key`` with a value per column (leaders, regions); a column with a
  ``test`` is rolled against: the row's value is the number to roll under.

Every problem is a :class:`TableError` with a stable code, the path of the faulty part
(``rows/3/roll``) and a message in English and French; :func:`check` returns all of them,
:func:`load` raises the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from rules import yamlfiles
from rules.base import Message, OrderError
from rules.tables import expressions

FORMAT = "cursus-table/1"
KINDS = ("roll", "grid", "list")


class TableError(ValueError):
    """A table file, or a look-up in one, that cannot be used."""

    def __init__(self, code: str, path: str, en: str, fr: str) -> None:
        super().__init__(f"{path}: {en}" if path else en)
        self.code = code
        self.path = path
        self.message = Message(en, fr)

    def as_order_error(self, path: str | None = None) -> OrderError:
        return OrderError(self.code, path if path is not None else self.path, self.message)

    def as_dict(self) -> dict:
        return {"code": self.code, "path": self.path, "message": self.message.as_dict()}


@dataclass(frozen=True)
class Table:
    """A checked table: the raw mapping plus what the look-ups need."""

    raw: dict

    @property
    def id(self) -> str:
        return self.raw["id"]

    @property
    def kind(self) -> str:
        return self.raw["kind"]

    @property
    def title(self) -> dict:
        return self.raw["title"]

    @property
    def dice(self) -> str | None:
        return self.raw.get("dice")

    @property
    def rows(self) -> list[dict]:
        return self.raw["rows"]

    @property
    def columns(self) -> list[dict]:
        return self.raw.get("columns") or []

    def column_ids(self) -> list[str]:
        return [str(column["id"]) for column in self.columns]

    def column(self, column_id: str) -> dict | None:
        for column in self.columns:
            if str(column["id"]) == str(column_id):
                return column
        return None

    def row_for_roll(self, total: int) -> tuple[int, dict] | None:
        for index, row in enumerate(self.rows):
            low, high = roll_bounds(row["roll"])
            if (low is None or total >= low) and (high is None or total <= high):
                return index, row
        return None

    def row_for_key(self, key: str) -> dict | None:
        wanted = str(key).casefold()
        for row in self.rows:
            if str(row["key"]).casefold() == wanted:
                return row
        return None


def roll_bounds(spec) -> tuple[int | None, int | None]:
    """A row's ``roll``: a whole number, or ``{from: a, to: b}`` with either end open."""
    if isinstance(spec, int) and not isinstance(spec, bool):
        return spec, spec
    return spec.get("from"), spec.get("to")


def roll_label(spec) -> str:
    low, high = roll_bounds(spec)
    if low == high:
        return str(low)
    if low is None:
        return f"{high}-"
    if high is None:
        return f"{low}+"
    return f"{low}..{high}"


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_message(value) -> bool:
    return isinstance(value, dict) and isinstance(value.get("en"), str) and isinstance(value.get("fr"), str) \
        and value["en"].strip() != "" and value["fr"].strip() != ""


def check(raw) -> list[TableError]:
    """Every problem of a table mapping (empty: the table is usable)."""
    errors: list[TableError] = []

    def err(code, path, en, fr):
        errors.append(TableError(code, path, en, fr))

    if not isinstance(raw, dict):
        err("table.not_mapping", "", "A table file is a YAML mapping (format, id, title, kind, rows...).",
            "Un fichier de table est un dictionnaire YAML (format, id, title, kind, rows...).")
        return errors
    if raw.get("format") != FORMAT:
        err("table.format", "format", f"The table must say format: {FORMAT}.",
            f"La table doit indiquer format: {FORMAT}.")
    if not isinstance(raw.get("id"), str) or not raw["id"].strip():
        err("table.id", "id", "The table needs an id (text, such as alea-iacta-est/events).",
            "La table doit avoir un id (un texte, par exemple alea-iacta-est/events).")
    if not _is_message(raw.get("title")):
        err("table.title", "title", "The table needs a title in English and French (title: {en: ..., fr: ...}).",
            "La table doit avoir un titre en anglais et en français (title: {en: ..., fr: ...}).")
    kind = raw.get("kind")
    if kind not in KINDS:
        err("table.kind", "kind", f"The kind of a table is one of {', '.join(KINDS)}, not {kind!r}.",
            f"Le type d'une table est l'un de {', '.join(KINDS)}, pas {kind!r}.")
        return errors
    expression = None
    if kind in ("roll", "grid"):
        try:
            expression = expressions.parse(raw.get("dice"), "dice")
        except expressions.ExpressionError as exc:
            err(exc.code, "dice", exc.message.en, exc.message.fr)
    columns = raw.get("columns") or []
    if kind in ("grid", "list"):
        if not isinstance(columns, list) or not columns:
            err("table.columns", "columns", f"A {kind} table lists its columns.",
                f"Une table de type {kind} liste ses colonnes.")
            columns = []
        seen = set()
        for i, column in enumerate(columns):
            if not isinstance(column, dict) or "id" not in column:
                err("table.column", f"columns/{i}", "Each column has an id.", "Chaque colonne a un id.")
                continue
            if str(column["id"]) in seen:
                err("table.column_twice", f"columns/{i}/id", f"The column {column['id']} is listed twice.",
                    f"La colonne {column['id']} figure deux fois.")
            seen.add(str(column["id"]))
            ratio = column.get("ratio")
            if ratio is not None and not (isinstance(ratio, list) and len(ratio) == 2
                                          and all(_is_int(x) and x > 0 for x in ratio)):
                err("table.ratio", f"columns/{i}/ratio", "A column's ratio is two whole numbers above 0, [1, 2].",
                    "Le rapport d'une colonne est deux nombres entiers au-dessus de 0, [1, 2].")
            test = column.get("test")
            if test is not None:
                if not isinstance(test, dict):
                    err("table.test", f"columns/{i}/test", "A column's test is a mapping (dice, below).",
                        "Le test d'une colonne est un dictionnaire (dice, below).")
                else:
                    try:
                        expressions.parse(test.get("dice"), f"columns/{i}/test/dice")
                    except expressions.ExpressionError as exc:
                        err(exc.code, f"columns/{i}/test/dice", exc.message.en, exc.message.fr)
                years = column.get("years")
                if years is not None and not (isinstance(years, list) and len(years) == 2
                                              and all(_is_int(y) for y in years) and years[0] <= years[1]):
                    err("table.years", f"columns/{i}/years", "A column's years are [first, last], first <= last.",
                        "Les années d'une colonne sont [première, dernière], la première <= la dernière.")
        ratios = [c.get("ratio") for c in columns if isinstance(c, dict)]
        if any(ratios) and not all(ratios):
            err("table.ratio", "columns", "Either every column has a ratio or none has.",
                "Soit toutes les colonnes ont un rapport, soit aucune.")
        elif all(ratios) and ratios:
            values = [Fraction(a, b) for a, b in ratios if isinstance(a, int) and isinstance(b, int)]
            if values != sorted(set(values)):
                err("table.ratio_order", "columns", "The columns' ratios must rise from left to right.",
                    "Les rapports des colonnes doivent croître de gauche à droite.")
    rows = raw.get("rows")
    if not isinstance(rows, list) or not rows:
        err("table.rows", "rows", "The table has no rows (rows: a list).", "La table n'a pas de lignes (rows : une liste).")
        return errors
    results = raw.get("results") or {}
    covered: list[tuple[float, float, int]] = []
    keys = set()
    for i, row in enumerate(rows):
        path = f"rows/{i}"
        if not isinstance(row, dict):
            err("table.row", path, "Each row is a mapping.", "Chaque ligne est un dictionnaire.")
            continue
        if "line" in row and not (_is_int(row["line"]) and row["line"] > 0):
            err("table.line", f"{path}/line", "A row's line is the line number of its source (a whole number).",
                "La ligne d'une ligne est son numéro de ligne dans la source (un nombre entier).")
        if kind in ("roll", "grid"):
            spec = row.get("roll")
            ok = _is_int(spec) or (isinstance(spec, dict) and set(spec) <= {"from", "to"} and spec
                                   and all(_is_int(v) for v in spec.values()))
            if not ok:
                err("table.roll", f"{path}/roll", "A row's roll is a number or {from: a, to: b} (either end may be left open).",
                    "Le jet d'une ligne est un nombre ou {from: a, to: b} (l'un des deux bouts peut rester ouvert).")
                continue
            low, high = roll_bounds(spec)
            lo = float("-inf") if low is None else low
            hi = float("inf") if high is None else high
            if lo > hi:
                err("table.roll", f"{path}/roll", f"The roll range {roll_label(spec)} runs backwards.",
                    f"L'intervalle de jet {roll_label(spec)} est à l'envers.")
                continue
            for other_lo, other_hi, j in covered:
                if lo <= other_hi and other_lo <= hi:
                    err("table.roll_overlap", f"{path}/roll", f"The roll {roll_label(spec)} overlaps row {j + 1}.",
                        f"Le jet {roll_label(spec)} chevauche la ligne {j + 1}.")
            covered.append((lo, hi, i))
        if kind == "roll" and not (_is_message(row.get("result"))):
            err("table.result", f"{path}/result", "A row of a roll table has a result in English and French.",
                "Une ligne d'une table de jet a un résultat en anglais et en français.")
        if kind == "grid":
            cells = row.get("cells")
            if not isinstance(cells, list) or len(cells) != len(columns):
                err("table.cells", f"{path}/cells", f"The row must have one cell per column ({len(columns)}).",
                    f"La ligne doit avoir une case par colonne ({len(columns)}).")
            else:
                for j, cell in enumerate(cells):
                    parts = cell if isinstance(cell, list) else [cell]
                    for part in parts:
                        if results and str(part) not in results:
                            err("table.cell_code", f"{path}/cells/{j}",
                                f"The result {part!r} is not in the table's key (results).",
                                f"Le résultat {part!r} n'est pas dans la légende de la table (results).")
        if kind == "list":
            key = row.get("key")
            if not isinstance(key, str) or not key.strip():
                err("table.key", f"{path}/key", "A row of a list table has a key (its name).",
                    "Une ligne d'une table-liste a une clé (son nom).")
            elif key.casefold() in keys:
                err("table.key_twice", f"{path}/key", f"The key {key} is listed twice.", f"La clé {key} figure deux fois.")
            else:
                keys.add(key.casefold())
            cells = row.get("cells") or {}
            if not isinstance(cells, dict):
                err("table.cells", f"{path}/cells", "A row of a list table has its cells by column id.",
                    "Une ligne d'une table-liste donne ses cases par id de colonne.")
                continue
            ids = {str(c["id"]) for c in columns if isinstance(c, dict) and "id" in c}
            for column_id, value in cells.items():
                if str(column_id) not in ids:
                    err("table.cell_column", f"{path}/cells/{column_id}", f"There is no column {column_id}.",
                        f"Il n'y a pas de colonne {column_id}.")
                    continue
                column = next(c for c in columns if str(c.get("id")) == str(column_id))
                if column.get("test") is not None and value is not None and not _is_int(value):
                    err("table.threshold", f"{path}/cells/{column_id}",
                        "A tested column holds the number to roll under (a whole number) or nothing.",
                        "Une colonne testée contient le nombre sous lequel lancer (un entier) ou rien.")
    if kind == "roll" and expression is not None and covered:
        low, high = expression.bounds()
        for total in range(low, high + 1):
            if not any(lo <= total <= hi for lo, hi, _ in covered):
                err("table.roll_gap", "rows", f"No row is hit by a roll of {total} ({expression.text()} gives {low} to {high}).",
                    f"Aucune ligne ne correspond à un jet de {total} ({expression.text()} donne de {low} à {high}).")
                break
    return errors


def from_mapping(raw) -> Table:
    errors = check(raw)
    if errors:
        raise errors[0]
    return Table(raw)


def load(path: Path | str) -> Table:
    """Read and check a table file; raise :class:`TableError` when it cannot be used."""
    path = Path(path)
    try:
        with open(path, encoding="utf-8") as fh:
            raw = yamlfiles.safe_load(fh)
    except OSError as exc:
        raise TableError("table.unreadable", "", f"Cannot read {path.name}: {exc.strerror}.",
                         f"Impossible de lire {path.name} : {exc.strerror}.") from None
    except Exception as exc:  # yaml.YAMLError: kept out of rules' imports
        raise TableError("table.yaml", "", f"{path.name} is not valid YAML: {exc}",
                         f"{path.name} n'est pas du YAML valide : {exc}") from None
    return from_mapping(raw)
