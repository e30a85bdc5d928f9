"""Rolling on a table and reading it (docs/tables.md).

:func:`roll_on` rolls the table's dice with the game's dice object (so the roll is in the
step's dice log and the verifier recomputes it) and answers the roll and the row it hit.
:func:`combat` reads a ``grid`` table whose columns are force ratios from two forces and
the modifiers: the column, the roll and the result.
"""

from __future__ import annotations

from fractions import Fraction

from rules.tables import expressions
from rules.tables.format import Table, TableError, roll_label


def _message(value) -> dict:
    if isinstance(value, dict):
        return {"en": str(value.get("en", "")), "fr": str(value.get("fr", value.get("en", "")))}
    return {"en": "" if value is None else str(value), "fr": "" if value is None else str(value)}


def _words(table: Table, code) -> dict:
    key = (table.raw.get("results") or {}).get(str(code))
    return _message(key) if key else _message(code)


def column_for_year(table: Table, year: int) -> dict | None:
    """The tested column whose ``years`` hold ``year`` (a period of a death table)."""
    for column in table.columns:
        years = column.get("years")
        if column.get("test") is not None and years and years[0] <= year <= years[1]:
            return column
    return None


def roll_on(table: Table, dice, purpose: str, *, key: str | None = None, column: str | None = None,
            year: int | None = None, modifier: int = 0) -> dict:
    """Roll on ``table`` and return what was rolled and hit:

    * ``roll`` table: ``{"table", "roll", "row": {"roll", "name", "result"}}``;
    * ``grid`` table: ``column`` names the column; the roll plus ``modifier`` picks the row
      (the first and last rows are open-ended); ``result`` the cell;
    * ``list`` table: ``key`` names the row, ``column`` (or ``year``, for a column of
      years) the tested column; the roll is compared with the row's value, ``hit`` when
      the roll is below it. No value: no test, nothing is rolled (``"tested": False``).

    Bad arguments raise :class:`TableError` before any die is rolled."""
    out: dict = {"table": table.id, "title": _message(table.title)}
    if table.kind == "roll":
        rolled = expressions.roll(table.dice, dice, purpose)
        total = rolled["total"] + modifier
        found = table.row_for_roll(total)
        if found is None:  # a modifier took it off the table: the nearest end reads
            found = _nearest_row(table, total)
        index, row = found
        out.update(roll=rolled, modifier=modifier, total=total,
                   row={"index": index, "roll": roll_label(row["roll"]), "name": row.get("name"),
                        "result": _message(row["result"]), "line": row.get("line")})
        return out
    if table.kind == "grid":
        chosen = table.column(column) if column is not None else None
        if chosen is None:
            raise TableError("table.no_column", "column", f"The table {table.id} has no column {column!r}: "
                             f"one of {', '.join(table.column_ids())}.",
                             f"La table {table.id} n'a pas de colonne {column!r} : l'une de {', '.join(table.column_ids())}.")
        index = table.column_ids().index(str(chosen["id"]))
        rolled = expressions.roll(table.dice, dice, purpose)
        out.update(_read_grid(table, index, rolled, modifier))
        return out
    # list
    if key is None or table.row_for_key(key) is None:
        raise TableError("table.no_key", "key", f"The table {table.id} has no row {key!r}.",
                         f"La table {table.id} n'a pas de ligne {key!r}.")
    row = table.row_for_key(key)
    chosen = table.column(column) if column is not None else (column_for_year(table, year) if year is not None else None)
    if chosen is None or chosen.get("test") is None:
        raise TableError("table.no_test", "column", f"The table {table.id} has no tested column for "
                         f"{column if column is not None else year!r}.",
                         f"La table {table.id} n'a pas de colonne testée pour {column if column is not None else year!r}.")
    threshold = (row.get("cells") or {}).get(str(chosen["id"]))
    out.update(key=row["key"], column=str(chosen["id"]), column_label=_message(chosen.get("label", chosen["id"])),
               threshold=threshold, line=row.get("line"))
    if threshold is None:
        out.update(tested=False, outcome=_message(chosen["test"].get("untested") or
                                                  {"en": "no test", "fr": "pas de test"}))
        return out
    rolled = expressions.roll(chosen["test"]["dice"], dice, purpose)
    hit = rolled["total"] < threshold
    outcomes = chosen["test"].get("outcomes") or {}
    out.update(tested=True, roll=rolled, hit=hit,
               outcome=_message(outcomes.get("hit" if hit else "miss") or ("hit" if hit else "miss")))
    return out


def _nearest_row(table: Table, total: int) -> tuple[int, dict]:
    def distance(item):
        low, high = roll_bounds_f(item[1]["roll"])
        return 0 if low <= total <= high else min(abs(total - low), abs(total - high))
    return min(enumerate(table.rows), key=distance)


def roll_bounds_f(spec) -> tuple[float, float]:
    from rules.tables.format import roll_bounds

    low, high = roll_bounds(spec)
    return (float("-inf") if low is None else low, float("inf") if high is None else high)


def _read_grid(table: Table, column_index: int, rolled: dict, modifier: int) -> dict:
    modified = rolled["total"] + modifier
    found = table.row_for_roll(modified) or _nearest_row(table, modified)
    row_index, row = found
    cell = row["cells"][column_index]
    parts = cell if isinstance(cell, list) else [cell]
    column = table.columns[column_index]
    return {
        "column": str(column["id"]),
        "column_label": _message(column.get("label", column["id"])),
        "roll": rolled,
        "modifier": modifier,
        "modified": modified,
        "row": {"index": row_index, "roll": roll_label(row["roll"]), "line": row.get("line")},
        "result": [str(p) for p in parts],
        "result_words": [_words(table, p) for p in parts],
    }


# -- combat: two forces, the modifiers, the column, the roll, the result ----------------------
def ratio_column(table: Table, attacker: int, defender: int) -> int:
    """The column with the largest ratio not above attacker/defender: the ratio is rounded
    in the defender's favour (Imperator system, SV 8.3; AIE's sheet prints the same
    columns). Below the first column reads the first; no defender, the last."""
    if defender <= 0:
        return len(table.columns) - 1
    best = 0
    for index, column in enumerate(table.columns):
        num, den = column["ratio"]
        if attacker * den >= defender * num:
            best = index
    return best


def quality_shift(table: Table, attacker_quality, defender_quality) -> int:
    """The column shift for average quality, from the table's ``column_shifts``: one
    column towards the force of higher quality, two when it is double or more (the two
    never add up)."""
    rule = table.raw.get("column_shifts") or {}
    higher, double = int(rule.get("higher", 0)), int(rule.get("double", 0))
    a, d = Fraction(str(attacker_quality)), Fraction(str(defender_quality))
    if a > d:
        return double if (double and a >= 2 * d) else higher
    if d > a:
        return -double if (double and d >= 2 * a) else -higher
    return 0


def _force(value, name: str) -> dict:
    if not isinstance(value, dict):
        raise TableError("combat.force", name, f"The {name} is a force: {{strength, quality, bt}}.",
                         f"L'{'attaquant' if name == 'attacker' else 'défenseur'} est une force : {{strength, quality, bt}}.")
    out = {}
    for field, default in (("strength", None), ("quality", 0), ("bt", 0)):
        raw = value.get(field, default)
        try:
            number = Fraction(str(raw)) if field == "quality" else int(raw)
        except (TypeError, ValueError, ZeroDivisionError):
            number = None
        if number is None or (field == "strength" and number < 0) or (field == "quality" and number < 0):
            fr_name = {"strength": "la force", "quality": "la qualité moyenne", "bt": "le BT"}[field]
            raise TableError("combat.value", f"{name}/{field}",
                             f"The {name}'s {field} must be a number of 0 or more, not {raw!r}.",
                             f"Pour l'{'attaquant' if name == 'attacker' else 'défenseur'}, {fr_name} doit être un nombre positif ou nul, pas {raw!r}.")
        out[field] = number
    return out


def combat(table: Table, dice, purpose: str, *, attacker: dict, defender: dict,
           modifiers=(), extra: int = 0) -> dict:
    """Fight a battle on a ``grid`` table of ratios: ``attacker`` and ``defender`` are
    ``{"strength", "quality" (average), "bt"}``; ``modifiers`` the ids of the table's die
    modifiers that apply (``value: bt`` ones apply by themselves from the two BTs);
    ``extra`` any other die modifier (an event's). Returns the base column, the shift, the
    column, the natural and modified roll, the row and the result with its words."""
    if table.kind != "grid" or not all(c.get("ratio") for c in table.columns):
        raise TableError("combat.not_ratio_table", "table", f"The table {table.id} is not a table of force ratios.",
                         f"La table {table.id} n'est pas une table de rapports de force.")
    a, d = _force(attacker, "attacker"), _force(defender, "defender")
    known = {str(m["id"]): m for m in table.raw.get("die_modifiers") or []}
    applied = []
    total_modifier = 0
    for m in known.values():
        if m.get("value") == "bt":
            value = a["bt"] - d["bt"]
            if value:
                applied.append({"id": str(m["id"]), "value": value, "text": _message(m.get("text"))})
                total_modifier += value
    for ident in modifiers:
        m = known.get(str(ident))
        if m is None or m.get("value") == "bt":
            raise TableError("combat.modifier", f"modifiers/{ident}",
                             f"{ident!r} is not a die modifier of {table.id}: "
                             f"{', '.join(k for k, v in known.items() if v.get('value') != 'bt')}.",
                             f"{ident!r} n'est pas un modificateur au dé de {table.id} : "
                             f"{', '.join(k for k, v in known.items() if v.get('value') != 'bt')}.")
        applied.append({"id": str(m["id"]), "value": int(m["value"]), "text": _message(m.get("text"))})
        total_modifier += int(m["value"])
    try:
        extra = int(extra)
    except (TypeError, ValueError):
        raise TableError("combat.extra", "extra", f"The extra modifier must be a whole number, not {extra!r}.",
                         f"Le modificateur supplémentaire doit être un nombre entier, pas {extra!r}.") from None
    if extra:
        applied.append({"id": "extra", "value": extra, "text": {"en": "other modifier", "fr": "autre modificateur"}})
        total_modifier += extra
    base = ratio_column(table, a["strength"], d["strength"])
    shift = quality_shift(table, a["quality"], d["quality"])
    column = max(0, min(len(table.columns) - 1, base + shift))
    rolled = expressions.roll(table.dice, dice, purpose)
    out = {"table": table.id, "title": _message(table.title),
           "attacker": {k: str(v) if isinstance(v, Fraction) else v for k, v in a.items()},
           "defender": {k: str(v) if isinstance(v, Fraction) else v for k, v in d.items()},
           "base_column": str(table.columns[base]["id"]), "shift": shift, "modifiers": applied}
    out.update(_read_grid(table, column, rolled, total_modifier))
    return out
