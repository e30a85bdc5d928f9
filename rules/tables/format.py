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

import re
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

    def __init__(self, code: str, path: str, en: str, fr: str, line: int | None = None) -> None:
        super().__init__(f"{path}: {en}" if path else en)
        self.code = code
        self.path = path
        self.message = Message(en, fr)
        #: the line of the file it is on, when read from text (:func:`read_text`)
        self.line = line

    def as_order_error(self, path: str | None = None) -> OrderError:
        return OrderError(self.code, path if path is not None else self.path, self.message)

    def as_dict(self) -> dict:
        out = {"code": self.code, "path": self.path, "message": self.message.as_dict()}
        if self.line is not None:
            out["line"] = self.line
        return out


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
    _check_extras(raw, columns, err)
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
        if row.get("name") is not None and not _is_words(row["name"]):
            err("table.words", f"{path}/name", "Write a text here.", "Écrivez ici un texte.")
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


def _is_words(value) -> bool:
    """A text shown as is, or ``{en, fr}``."""
    return isinstance(value, (str, int)) and not isinstance(value, bool) or \
        isinstance(value, dict) and all(isinstance(value.get(k, ""), str) for k in ("en", "fr")) and "en" in value


def _check_extras(raw: dict, columns, err) -> None:
    """The optional keys the look-ups and the pages read, each of the shape they read it
    in (a table written by a player is read as safely as the library's)."""
    def words(path, value):
        if value is not None and not _is_words(value):
            err("table.words", path, "Write a text here, or {en: ..., fr: ...}.",
                "Écrivez ici un texte, ou {en: ..., fr: ...}.")

    for key in ("when",):
        words(key, raw.get(key))
    notes = raw.get("notes")
    if notes is not None:
        if not isinstance(notes, list):
            err("table.notes", "notes", "The notes are a list of texts.", "Les notes sont une liste de textes.")
        else:
            for i, note in enumerate(notes):
                words(f"notes/{i}", note)
    if raw.get("source") is not None and not isinstance(raw["source"], dict):
        err("table.source", "source", "The source is a mapping (document, lines).", "La source est un dictionnaire (document, lines).")
    results = raw.get("results")
    if results is not None:
        if not isinstance(results, dict):
            err("table.results", "results", "The results' key is a mapping of codes to words.",
                "La légende des résultats est un dictionnaire des codes vers leurs mots.")
        else:
            for code, value in results.items():
                words(f"results/{code}", value)
    modifiers = raw.get("die_modifiers")
    if modifiers is not None:
        if not isinstance(modifiers, list):
            err("table.die_modifiers", "die_modifiers", "The die modifiers are a list.", "Les modificateurs de dé sont une liste.")
        else:
            for i, m in enumerate(modifiers):
                if not (isinstance(m, dict) and isinstance(m.get("id"), (str, int)) and not isinstance(m.get("id"), bool)
                        and (_is_int(m.get("value")) or m.get("value") == "bt")):
                    err("table.die_modifier", f"die_modifiers/{i}", "A die modifier has an id and a value (a whole number, or bt).",
                        "Un modificateur de dé a un id et une valeur (un nombre entier, ou bt).")
                else:
                    words(f"die_modifiers/{i}/text", m.get("text"))
    shifts = raw.get("column_shifts")
    if shifts is not None and not (isinstance(shifts, dict) and all(_is_int(shifts.get(k, 0)) for k in ("higher", "double"))):
        err("table.column_shifts", "column_shifts", "The column shifts are whole numbers (higher, double).",
            "Les décalages de colonnes sont des nombres entiers (higher, double).")
    for i, column in enumerate(columns if isinstance(columns, list) else []):
        if not isinstance(column, dict):
            continue
        words(f"columns/{i}/label", column.get("label"))
        test = column.get("test")
        if isinstance(test, dict):
            words(f"columns/{i}/test/untested", test.get("untested"))
            outcomes = test.get("outcomes")
            if outcomes is not None and not isinstance(outcomes, dict):
                err("table.outcomes", f"columns/{i}/test/outcomes", "A test's outcomes are a mapping (hit, miss).",
                    "Les issues d'un test sont un dictionnaire (hit, miss).")
            for name, value in (outcomes or {}).items() if isinstance(outcomes, dict) else ():
                words(f"columns/{i}/test/outcomes/{name}", value)


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


# -- a table written by a player (a game master's own) ------------------------------------
#: The largest table file read from a player, in bytes of UTF-8.
TEXT_MAX_BYTES = 64 * 1024
#: The most rows, columns or list items anywhere in such a file.
TEXT_MAX_ITEMS = 500


def _lines_of(node, path: str, out: dict) -> None:
    """Each path of a composed YAML node (``rows/3/roll``) and the line it starts on."""
    import yaml

    out.setdefault(path, node.start_mark.line + 1)
    prefix = f"{path}/" if path else ""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = str(key.value) if isinstance(key, yaml.ScalarNode) else "?"
            out.setdefault(prefix + name, key.start_mark.line + 1)
            _lines_of(value, prefix + name, out)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _lines_of(item, f"{prefix}{index}", out)


def line_of(lines: dict, path: str) -> int | None:
    """The line of ``path``, or of the nearest part above it that the file has."""
    while True:
        if path in lines:
            return lines[path]
        if not path:
            return None
        path = path.rpartition("/")[0]


def _json_shape(value, path: str, errors: list, depth: int = 0) -> None:
    """What JSON cannot keep (a date, a set, a float that is not finite, a key that is
    not a text or a number) or a file too deep or too long, as errors at their path."""
    import math

    def err(code, where, en, fr):
        errors.append(TableError(code, where, en, fr))

    if depth > 12:
        err("table.too_deep", path, "The table nests too deep.", "La table est trop imbriquée.")
    elif isinstance(value, dict):
        if len(value) > TEXT_MAX_ITEMS:
            err("table.too_long", path, f"At most {TEXT_MAX_ITEMS} entries here.", f"Au plus {TEXT_MAX_ITEMS} entrées ici.")
        for key, item in value.items():
            if isinstance(key, bool) or not isinstance(key, (str, int)):
                err("table.key_type", f"{path}/{key}".lstrip("/"), f"The name {key!r} is not a text: write it in quotes.",
                    f"Le nom {key!r} n'est pas un texte : écrivez-le entre guillemets.")
                continue
            _json_shape(item, f"{path}/{key}".lstrip("/"), errors, depth + 1)
    elif isinstance(value, list):
        if len(value) > TEXT_MAX_ITEMS:
            err("table.too_long", path, f"At most {TEXT_MAX_ITEMS} items here.", f"Au plus {TEXT_MAX_ITEMS} éléments ici.")
        for index, item in enumerate(value):
            _json_shape(item, f"{path}/{index}".lstrip("/"), errors, depth + 1)
    elif isinstance(value, float):
        if not math.isfinite(value):
            err("table.value", path, "A number here is not finite.", "Un nombre ici n'est pas fini.")
    elif not (value is None or isinstance(value, (str, int, bool))):
        err("table.value", path, f"{str(value)[:40]!r} is read as a {type(value).__name__}: write it in quotes.",
            f"{str(value)[:40]!r} est lu comme {type(value).__name__} : écrivez-le entre guillemets.")


#: The id of a table of a game's own: ``<game>/<table>``, lower case, digits and dashes.
OWN_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,48}/[a-z0-9][a-z0-9-]{0,48}")


def own_id_problems(ident, reserved=()) -> list[TableError]:
    """The problems of ``ident`` as the id of a table of a game's own (``reserved``: the
    library's ids, which it may not take)."""
    if not isinstance(ident, str) or not OWN_ID.fullmatch(ident):
        return [TableError("table.id", "id", f"A table's id is <game>/<table> in lower case letters, digits and dashes "
                           f"(such as my-game/weather), not {ident!r}.",
                           f"L'id d'une table est <jeu>/<table> en minuscules, chiffres et tirets (par exemple "
                           f"mon-jeu/meteo), pas {ident!r}.")]
    if ident in reserved:
        return [TableError("table.id_taken", "id", f"{ident} is a table of the library: give yours an id of its own.",
                           f"{ident} est une table de la bibliothèque : donnez à la vôtre un id à elle.")]
    return []


def read_text(text: str, reserved=()) -> tuple[dict | None, list[TableError]]:
    """A table file written by a player for a game of its own: its mapping (as JSON keeps
    it: names are texts) and every problem, each with the line of the file it is on; its
    id one of a game's own (:func:`own_id_problems`, ``reserved``: the library's ids).
    Refused before it is checked: more than :data:`TEXT_MAX_BYTES`, text that is not YAML,
    anchors and aliases (a few lines that would unfold into millions), values JSON cannot
    keep."""
    import json

    import yaml

    if not isinstance(text, str):
        return None, [TableError("table.not_text", "", "A table file is text (YAML).", "Un fichier de table est du texte (YAML).")]
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > TEXT_MAX_BYTES:
        return None, [TableError("table.too_large", "", f"The file is {size} bytes; a table may have {TEXT_MAX_BYTES}.",
                                 f"Le fichier fait {size} octets ; une table peut en avoir {TEXT_MAX_BYTES}.")]
    if not text.strip():
        return None, [TableError("table.empty", "", "The file is empty.", "Le fichier est vide.")]
    try:
        for token in yaml.scan(text, Loader=yamlfiles.LOADER):
            if isinstance(token, (yaml.AliasToken, yaml.AnchorToken)):
                return None, [TableError("table.yaml_alias", "", "Anchors and aliases (&, *) are not taken: write each value out.",
                                         "Les ancres et les alias (&, *) ne sont pas acceptés : écrivez chaque valeur.",
                                         line=token.start_mark.line + 1)]
        node = yaml.compose(text, Loader=yamlfiles.LOADER)
        raw = yamlfiles.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return None, [TableError("table.yaml", "", f"This is not valid YAML: {problem}.",
                                 f"Ce n'est pas du YAML valide : {problem}.",
                                 line=mark.line + 1 if mark is not None else None)]
    lines: dict = {}
    if node is not None:
        _lines_of(node, "", lines)
    errors: list[TableError] = []
    _json_shape(raw, "", errors)
    if not errors:
        raw = json.loads(json.dumps(raw))  # as it is kept: every name a text
        errors = check(raw)
        if not errors:
            errors = own_id_problems(raw["id"], reserved)
    for error in errors:
        error.line = line_of(lines, error.path)
    return (raw if isinstance(raw, dict) else None), errors
