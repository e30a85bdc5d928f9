"""Alea Iacta Est's five tables (rules/tables/library/alea-iacta-est/) checked cell by cell
against the tables sheet (shared/rulebooks/alea-iacta-est-tables.fr.txt, each row at the
line it names) and the digest (shared/digests/alea-iacta-est-tables.md); and the look-ups."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.dice import LoadedDice
from rules.tables import library, rolling
from rules.tables.format import TableError

HERE = Path(__file__).resolve()
_CANDIDATES = [parent / "shared" for parent in HERE.parents[3:6]]
SHARED = next((p for p in _CANDIDATES if (p / "rulebooks" / "alea-iacta-est-tables.fr.txt").exists()), None)
needs_sheet = pytest.mark.skipif(SHARED is None, reason="the rulebooks are not beside the repository")

FRACTIONS = {"¼": "1/4", "½": "1/2", "¾": "3/4"}


def sheet() -> list[str]:
    return (SHARED / "rulebooks" / "alea-iacta-est-tables.fr.txt").read_text(encoding="utf-8").split("\n")


def line(n: int) -> str:
    return sheet()[n - 1]


def test_the_library_holds_the_five_tables_and_each_is_pinned():
    assert library.of_game("alea-iacta-est") == [
        "alea-iacta-est/combat", "alea-iacta-est/events", "alea-iacta-est/non-roman-leaders",
        "alea-iacta-est/regions", "alea-iacta-est/roman-leaders"]
    for table_id in library.of_game("alea-iacta-est"):
        table = library.table(table_id)
        assert table.raw["status"] == "pinned"
        assert all(isinstance(row.get("line"), int) for row in table.rows), table_id
        assert table.title["en"] and table.title["fr"]


@needs_sheet
def test_events_row_by_row():
    table = library.table("alea-iacta-est/events")
    assert "1d6 et 1d10" in line(5) and table.dice == "1d6+1d10"
    assert [row["roll"] for row in table.rows] == list(range(1, 16))
    for row in table.rows:
        printed = re.match(r"<b>(\d+)</b>\t(.+?)\.\s", line(row["line"]))
        assert printed, row["line"]
        assert int(printed.group(1)) == row["roll"]
        assert printed.group(2) == row["name"]
        assert row["result"]["en"] and row["result"]["fr"]


@needs_sheet
def test_roman_leaders_cell_by_cell():
    table = library.table("alea-iacta-est/roman-leaders")
    assert line(34).split("\t") == ["Chef", "Nom", "Entrée", "Camp initial", "-43 à -39", "-38 à -34", "-33 à -29"]
    assert len(table.rows) == 36
    assert [row["line"] for row in table.rows] == list(range(35, 71))
    for row in table.rows:
        printed = line(row["line"]).split("\t")
        cells = row["cells"]
        assert printed[0] == row["key"]
        assert printed[1] == cells["name"]
        assert printed[2] == str(cells["entry"])
        assert printed[3] == cells["side"]
        for text, column in zip(printed[4:7], ("-43..-39", "-38..-34", "-33..-29")):
            expected = int(text.replace("<", "")) if text.strip() else None
            assert cells.get(column) == expected, (row["key"], column)


@needs_sheet
def test_roman_leaders_agree_with_the_digest():
    digest = (SHARED / "digests" / "alea-iacta-est-tables.md").read_text(encoding="utf-8").split("\n")
    table = library.table("alea-iacta-est/roman-leaders")
    rows = {}
    for text in digest:
        cells = [c.strip() for c in text.strip().strip("|").split("|")]
        if len(cells) == 7 and table.row_for_key(cells[0]) is not None and cells[0] not in rows:
            rows[cells[0]] = cells
    assert len(rows) == 36
    for key, cells in rows.items():
        row = table.row_for_key(key)["cells"]
        assert cells[2].replace("−", "-") == str(row["entry"])
        for text, column in zip(cells[4:7], ("-43..-39", "-38..-34", "-33..-29")):
            number = re.search(r"< (\d+)", text)
            assert row.get(column) == (int(number.group(1)) if number else None), (key, column)


@needs_sheet
def test_non_roman_leaders_cell_by_cell():
    table = library.table("alea-iacta-est/non-roman-leaders")
    for row in table.rows:
        printed = line(row["line"]).split("\t")
        assert printed[0] == row["key"]
        for text, column in zip(printed[1:3], ("entry", "death")):
            value = row["cells"][column]
            assert (value["fr"] if isinstance(value, dict) else str(value)) == text
            if isinstance(value, dict):
                assert value["en"]


@needs_sheet
def test_regions_cell_by_cell():
    table = library.table("alea-iacta-est/regions")
    columns = ["order", "garrison", "legio", "auxilia", "equites", "naves", "zones", "cities", "points"]
    for row in table.rows:
        printed = line(row["line"]).split("\t")
        assert printed[1] == row["key"]
        values = [printed[0]] + printed[2:]
        for text, column in zip(values, columns):
            expected = int(text) if text.strip() not in ("", "-") else None
            assert row["cells"].get(column) == expected, (row["key"], column)


@needs_sheet
def test_combat_cell_by_cell_with_its_key_and_modifiers():
    table = library.table("alea-iacta-est/combat")
    headers = line(110).split("\t")[1:]
    assert [c["label"]["fr"] for c in table.columns] == headers
    assert [row["line"] for row in table.rows] == list(range(111, 123))
    labels = ["-2 et -"] + [str(i) for i in range(-1, 9)] + ["9 et +"]
    for row, label in zip(table.rows, labels):
        printed = line(row["line"]).split("\t")
        assert printed[0] == label
        cells = [[FRACTIONS.get(part, part) for part in cell.split("•")] for cell in printed[1:]]
        assert cells == row["cells"], label
    assert set(table.raw["results"]) == {"E", "A", "R", "1/4", "1/2", "3/4"}
    for m in table.raw["die_modifiers"]:
        assert line(m["line"]).startswith(f"{m['id']})"), m["id"]
    for n, letter in zip(table.raw["column_shifts"]["lines"][:4], "abcd"):
        assert line(n).startswith(f"{letter})")


@needs_sheet
def test_combat_matches_the_digest_too():
    digest = (SHARED / "digests" / "alea-iacta-est-tables.md").read_text(encoding="utf-8").split("\n")
    start = next(i for i, t in enumerate(digest) if t.startswith("| 1d6 | 1/3 et"))
    table = library.table("alea-iacta-est/combat")
    for text, row in zip(digest[start + 2:start + 14], table.rows):
        cells = [c.strip() for c in text.strip().strip("|").split("|")][1:]
        assert [[FRACTIONS.get(p, p) for p in c.split("•")] for c in cells] == row["cells"]


def test_the_events_roll_hits_the_row_of_its_total():
    table = library.table("alea-iacta-est/events")
    out = rolling.roll_on(table, LoadedDice([3, 0]), "table:alea-iacta-est/events")
    assert out["total"] == 3 and out["row"]["name"] == "Découragement romain" and out["row"]["line"] == 12
    out = rolling.roll_on(table, LoadedDice([6, 9]), "x")
    assert out["total"] == 15 and out["row"]["name"] == "Famine chez les barbares"


@pytest.mark.parametrize("key,year,faces,tested,hit", [
    ("Pompeius", -39, [5], True, False),   # L90: a 5 leaves Pompeius alive in -39...
    ("Pompeius", -38, [5], True, True),    # ...and kills him in -38
    ("Curio", -39, [], False, None),       # L90: Curio does not test in -39...
    ("Curio", -38, [1], True, True),       # ...but does in -38
    ("Octavianus", -30, [], False, None),  # L90: Octavianus never tests
    ("Hirtius", -36, [], False, None),     # the blank middle period, as printed
    ("Caesar", -29, [6], True, True),
])
def test_death_tests_by_period(key, year, faces, tested, hit):
    table = library.table("alea-iacta-est/roman-leaders")
    dice = LoadedDice(faces)
    out = rolling.roll_on(table, dice, f"death:{key}", key=key, year=year)
    assert out["tested"] is tested
    assert len(dice.rolls) == len(faces)
    if tested:
        assert out["hit"] is hit
        assert out["outcome"]["en"] == ("dies" if hit else "lives")


def test_no_death_test_before_43_bc_and_unknown_leaders():
    table = library.table("alea-iacta-est/roman-leaders")
    with pytest.raises(TableError) as caught:
        rolling.roll_on(table, LoadedDice([]), "x", key="Caesar", year=-45)
    assert caught.value.code == "table.no_test"
    with pytest.raises(TableError) as caught:
        rolling.roll_on(table, LoadedDice([]), "x", key="Nero", year=-40)
    assert caught.value.code == "table.no_key"


def test_combat_look_up_from_two_forces():
    table = library.table("alea-iacta-est/combat")
    # 55 against 37 is 5/4 rounded for the defender; equal quality; BT 2 against 1 (+1),
    # the attacker crossed a river (f, -1), an event's +2: the die 3 reads row 5.
    out = rolling.combat(table, LoadedDice([3]), "battle", attacker={"strength": 55, "quality": 3, "bt": 2},
                         defender={"strength": 37, "quality": 3, "bt": 1}, modifiers=["f"], extra=2)
    assert out["base_column"] == "5/4" and out["shift"] == 0 and out["column"] == "5/4"
    assert out["roll"]["total"] == 3 and out["modifier"] == 2 and out["modified"] == 5
    assert out["row"]["roll"] == "5" and out["row"]["line"] == 118
    assert out["result"] == ["1/2", "A"]
    assert out["result_words"][1]["fr"].startswith("A :")
    # Double the quality: two columns right (5/4 -> 2/1); a roll of 1 with -4 reads "-2 et -".
    out = rolling.combat(table, LoadedDice([1]), "battle", attacker={"strength": 10, "quality": 4},
                         defender={"strength": 8, "quality": 2, "bt": 4})
    assert out["column"] == "2/1" and out["modified"] == -3 and out["row"]["roll"] == "-2-"
    assert out["result"] == ["A", "1/4"]
    # 1 against 12 stays in the first column even shifted left.
    out = rolling.combat(table, LoadedDice([6]), "battle", attacker={"strength": 1, "quality": 1},
                         defender={"strength": 12, "quality": 3})
    assert out["column"] == "1/3" and out["shift"] == -2 and out["result"] == ["A", "1/2"]


@pytest.mark.parametrize("kwargs,code", [
    ({"attacker": {"strength": -1}, "defender": {"strength": 3}}, "combat.value"),
    ({"attacker": {"strength": "many"}, "defender": {"strength": 3}}, "combat.value"),
    ({"attacker": 5, "defender": {"strength": 3}}, "combat.force"),
    ({"attacker": {"strength": 5}, "defender": {"strength": 3}, "modifiers": ["z"]}, "combat.modifier"),
    ({"attacker": {"strength": 5}, "defender": {"strength": 3}, "modifiers": ["a"]}, "combat.modifier"),
    ({"attacker": {"strength": 5}, "defender": {"strength": 3}, "extra": "lots"}, "combat.extra"),
])
def test_combat_look_up_errors(kwargs, code):
    with pytest.raises(TableError) as caught:
        rolling.combat(library.table("alea-iacta-est/combat"), LoadedDice([1]), "battle", **kwargs)
    assert caught.value.code == code and caught.value.message.fr


def test_combat_needs_a_ratio_table():
    with pytest.raises(TableError) as caught:
        rolling.combat(library.table("alea-iacta-est/events"), LoadedDice([1]), "x",
                       attacker={"strength": 1}, defender={"strength": 1})
    assert caught.value.code == "combat.not_ratio_table"


def test_unknown_table():
    with pytest.raises(TableError) as caught:
        library.table("alea-iacta-est/weather")
    assert caught.value.code == "table.unknown"
