"""The battle arithmetic (rules/imperator/combat.py) against the rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.imperator import combat

RULEBOOK = Path(__file__).resolve().parents[4] / "shared" / "rulebooks" / "semper-victor.fr.md"


@pytest.mark.parametrize("att,dfd,column", [
    (55, 37, "5/4"),  # SV 8.3, L725
    (54, 36, "3/2"), (1, 12, "1/3"), (4, 12, "1/3"), (5, 12, "1/3"), (6, 12, "1/2"), (8, 12, "2/3"),
    (16, 20, "4/5"), (19, 20, "4/5"), (20, 20, "1/1"), (25, 20, "5/4"), (30, 20, "3/2"),
    (40, 20, "2/1"), (60, 20, "3/1"), (79, 20, "3/1"), (80, 20, "4/1"), (500, 1, "4/1"),
])
def test_ratio_column_rounds_for_the_defender(att, dfd, column):
    assert combat.COLUMN_NAMES[combat.ratio_column(att, dfd)] == column


def test_average_quality_rounds_down():
    assert combat.average_floor([1, 3, 4]) == 2  # SV 8.6.1, L769


@pytest.mark.parametrize("a,d,shift", [(3, 2, 1), (4, 2, 2), (5, 2, 2), (4, 3, 1), (2, 3, -1), (2, 4, -2), (3, 3, 0), (1, 0, 2), (0, 0, 0)])
def test_quality_shift(a, d, shift):
    assert combat.quality_shift(a, d) == shift


def test_table_shape():
    table = combat.battle_table()
    assert sorted(table) == list(range(-2, 10))
    assert all(len(row) == 10 for row in table.values())


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside the repository")
def test_table_matches_the_rulebook_lines_888_899():
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()[887:899]
    table = combat.battle_table()
    for row, line in zip(range(-2, 10), lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")][1:]
        printed = [tuple(re.sub(r"\s+", "", part) for part in re.split(r"\s/\s", c)) for c in cells]
        assert printed == list(table[row]), f"row {row}"


def test_winner_of_rr_cells_by_diagonal():
    table = combat.battle_table()
    rr = [(r, c) for r in table for c in range(10) if table[r][c] == ("R", "R")]
    assert len(rr) == 20  # digest §3.1
    assert {r + c for r, c in rr} == {7, 8}
    for r, c in rr:
        expected = "defender" if r + c == 7 else "attacker"
        assert combat.winner_of(("R", "R"), r, c) == expected
        assert combat.winner_of(("R", "R"), r, c, "defender") == "defender"
        assert combat.winner_of(("R", "R"), r, c, "none") is None


def test_every_other_cell_has_a_winner():
    table = combat.battle_table()
    for r, row in table.items():
        for c, cell in enumerate(row):
            if cell != ("R", "R"):
                assert combat.winner_of(cell, r, c) in ("attacker", "defender")


def test_fraction_losses_examples():
    assert combat.fraction_losses("1/2", own_units=6, enemy_hit=9) == 4  # L743
    assert combat.fraction_losses("3/4", own_units=2, enemy_hit=4) == 2  # L747, capped
    assert combat.fraction_losses("1/2", own_units=6, enemy_hit=9, basis="own_units_capped") == 3
    assert combat.fraction_losses("1/4", own_units=5, enemy_hit=3) == 0
    assert combat.fraction_losses("R", own_units=5, enemy_hit=3) == 0


def test_die_modifiers():
    roman = combat.ForceFigures(pf=10, quality=2, bt=2, cp=5, roman_only=True, enemies_of_rome_only=False)
    rival = combat.ForceFigures(pf=10, quality=2, bt=0, cp=3, roman_only=True, enemies_of_rome_only=False)
    franks = combat.ForceFigures(pf=10, quality=2, bt=0, cp=None, roman_only=False, enemies_of_rome_only=True)
    assert combat.die_modifiers(roman, rival, outside_empire=False, river_crossed=True) == [
        ("a:bt", 2), ("d:cp_higher", 1), ("f:river_or_strait", -1)]
    assert combat.die_modifiers(rival, roman, outside_empire=False, river_crossed=False) == [("a:bt", -2), ("e:cp_lower", -1)]
    assert combat.die_modifiers(roman, franks, outside_empire=True, river_crossed=True) == [
        ("a:bt", 2), ("b:enemies_defend_outside", -1)]
    assert combat.die_modifiers(roman, franks, outside_empire=True, river_crossed=True, river_scope="all_battles")[-1] == (
        "f:river_or_strait", -1)
    assert combat.die_modifiers(franks, rival, outside_empire=True, river_crossed=False) == [("c:enemies_attack_outside", 1)]
