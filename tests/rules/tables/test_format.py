"""The table file format (rules/tables/format.py, docs/tables.md): a bad table is refused
with a code, a path and a message in English and French; rolls hit the right row."""

from __future__ import annotations

import copy

import pytest

from rules.dice import LoadedDice
from rules.tables import format as tables, rolling
from rules.tables.format import TableError

GOOD = {
    "format": "cursus-table/1", "id": "test/weather", "title": {"en": "Weather", "fr": "Météo"},
    "kind": "roll", "dice": "2d6",
    "rows": [
        {"roll": {"to": 4}, "result": {"en": "Storm", "fr": "Tempête"}, "line": 3},
        {"roll": {"from": 5, "to": 9}, "result": {"en": "Fair", "fr": "Beau"}},
        {"roll": {"from": 10}, "result": {"en": "Heat", "fr": "Canicule"}},
    ],
}


def codes(raw):
    return [(e.code, e.path) for e in tables.check(raw)]


def test_a_good_table_has_no_error():
    assert tables.check(GOOD) == []


def mutate(change):
    raw = copy.deepcopy(GOOD)
    change(raw)
    return raw


@pytest.mark.parametrize("change,code,path", [
    (lambda r: r.update(format="other"), "table.format", "format"),
    (lambda r: r.pop("id"), "table.id", "id"),
    (lambda r: r.update(title={"en": "Weather"}), "table.title", "title"),
    (lambda r: r.update(kind="wheel"), "table.kind", "kind"),
    (lambda r: r.update(dice="2x6"), "dice.syntax", "dice"),
    (lambda r: r.update(rows=[]), "table.rows", "rows"),
    (lambda r: r["rows"][1].update(roll="five"), "table.roll", "rows/1/roll"),
    (lambda r: r["rows"][1].update(roll={"from": 9, "to": 5}), "table.roll", "rows/1/roll"),
    (lambda r: r["rows"][1].update(roll={"from": 4, "to": 9}), "table.roll_overlap", "rows/1/roll"),
    (lambda r: r["rows"][1].update(roll={"from": 6, "to": 9}), "table.roll_gap", "rows"),
    (lambda r: r["rows"][2].update(result="Heat"), "table.result", "rows/2/result"),
    (lambda r: r["rows"][0].update(line=0), "table.line", "rows/0/line"),
])
def test_bad_tables_are_refused_clearly(change, code, path):
    errors = tables.check(mutate(change))
    assert (code, path) in [(e.code, e.path) for e in errors]
    for error in errors:
        assert error.message.en and error.message.fr
    with pytest.raises(TableError):
        tables.from_mapping(mutate(change))


def test_grid_and_list_checks():
    grid = {"format": "cursus-table/1", "id": "t/g", "title": {"en": "G", "fr": "G"}, "kind": "grid", "dice": "1d6",
            "columns": [{"id": "x", "ratio": [1, 1]}, {"id": "y", "ratio": [1, 2]}],
            "results": {"A": {"en": "a", "fr": "a"}},
            "rows": [{"roll": 1, "cells": ["A", "B"]}, {"roll": 2, "cells": ["A"]}]}
    found = codes(grid)
    assert ("table.ratio_order", "columns") in found
    assert ("table.cell_code", "rows/0/cells/1") in found
    assert ("table.cells", "rows/1/cells") in found
    listing = {"format": "cursus-table/1", "id": "t/l", "title": {"en": "L", "fr": "L"}, "kind": "list",
               "columns": [{"id": "age", "test": {"dice": "1d10"}, "years": [5, 1]}],
               "rows": [{"key": "A", "cells": {"age": "old"}}, {"key": "a", "cells": {"size": 3}}, {"cells": {}}]}
    found = codes(listing)
    assert ("table.years", "columns/0/years") in found
    assert ("table.threshold", "rows/0/cells/age") in found
    assert ("table.key_twice", "rows/1/key") in found
    assert ("table.cell_column", "rows/1/cells/size") in found
    assert ("table.key", "rows/2/key") in found


def test_not_a_mapping_and_unreadable_files(tmp_path):
    assert codes([1, 2]) == [("table.not_mapping", "")]
    bad = tmp_path / "bad.yaml"
    bad.write_text("rows: [\n", encoding="utf-8")
    with pytest.raises(TableError) as caught:
        tables.load(bad)
    assert caught.value.code == "table.yaml"
    with pytest.raises(TableError) as caught:
        tables.load(tmp_path / "missing.yaml")
    assert caught.value.code == "table.unreadable"


@pytest.mark.parametrize("faces,row,name", [([1, 1], 0, "Storm"), ([2, 2], 0, "Storm"), ([2, 3], 1, "Fair"),
                                            ([4, 5], 1, "Fair"), ([4, 6], 2, "Heat"), ([6, 6], 2, "Heat")])
def test_roll_on_a_roll_table_records_the_roll_and_the_row(faces, row, name):
    table = tables.from_mapping(GOOD)
    dice = LoadedDice(faces)
    out = rolling.roll_on(table, dice, "table:test/weather")
    assert out["roll"]["dice"] == [{"sides": 6, "value": v} for v in faces]
    assert out["total"] == sum(faces)
    assert out["row"]["index"] == row and out["row"]["result"]["en"] == name
    assert len(dice.rolls) == 2 and all(r.purpose == "table:test/weather" for r in dice.rolls)


def test_a_modifier_past_the_ends_reads_the_end_row():
    table = tables.from_mapping({**GOOD, "rows": [{"roll": {"from": 2, "to": 7}, "result": {"en": "Low", "fr": "Bas"}},
                                                  {"roll": {"from": 8, "to": 12}, "result": {"en": "High", "fr": "Haut"}}]})
    assert rolling.roll_on(table, LoadedDice([6, 6]), "x", modifier=5)["row"]["index"] == 1
    assert rolling.roll_on(table, LoadedDice([1, 1]), "x", modifier=-5)["row"]["index"] == 0
