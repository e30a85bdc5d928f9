"""The battle arithmetic of the Imperator system: pure functions, no state.

Force ratio and its column (SV 8.3), column shifts for average quality (SV 8.6.1 and the
table's column modifiers), die modifiers (SV 8.6.2, 8.6.3, TABLES L918-934), the Battle
Table itself (``tables/combat.yaml``, SV L888-899), the winner (A1) and losses (A2).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from rules import yamlfiles

TABLE_PATH = Path(__file__).with_name("tables") / "combat.yaml"

#: The ratio columns as (numerator, denominator), left to right (SV TABLES L887).
COLUMNS: tuple[tuple[int, int], ...] = (
    (1, 3), (1, 2), (2, 3), (4, 5), (1, 1), (5, 4), (3, 2), (2, 1), (3, 1), (4, 1),
)
COLUMN_NAMES = tuple(f"{a}/{b}" for a, b in COLUMNS)
LOWEST_ROW, HIGHEST_ROW = -2, 9

FRACTIONS = {"1/4": Fraction(1, 4), "1/2": Fraction(1, 2), "3/4": Fraction(3, 4)}


@lru_cache(maxsize=None)
def battle_table() -> dict[int, tuple[tuple[str, str], ...]]:
    """The Battle Table as {row: ((attacker result, defender result) per column)}."""
    with open(TABLE_PATH, encoding="utf-8") as fh:
        raw = yamlfiles.safe_load(fh)
    if list(raw["columns"]) != list(COLUMN_NAMES):
        raise ValueError(f"{TABLE_PATH}: columns must be {COLUMN_NAMES}")
    table: dict[int, tuple[tuple[str, str], ...]] = {}
    for row, cells in raw["rows"].items():
        if len(cells) != len(COLUMNS):
            raise ValueError(f"{TABLE_PATH}: row {row} has {len(cells)} cells, not {len(COLUMNS)}")
        table[int(row)] = tuple(split_cell(cell, row) for cell in cells)
    if sorted(table) != list(range(LOWEST_ROW, HIGHEST_ROW + 1)):
        raise ValueError(f"{TABLE_PATH}: rows must run {LOWEST_ROW}..{HIGHEST_ROW}")
    return table


def split_cell(cell: str, row=None) -> tuple[str, str]:
    """'3/4/A' -> ('3/4', 'A'); 'A/1/4' -> ('A', '1/4'); 'R/R' -> ('R', 'R')."""
    parts = cell.split("/")
    if len(parts) == 2:
        result = (parts[0], parts[1])
    elif len(parts) == 3 and parts[0] in "EAR":
        result = (parts[0], parts[1] + "/" + parts[2])
    elif len(parts) == 3:
        result = (parts[0] + "/" + parts[1], parts[2])
    else:
        raise ValueError(f"bad Battle Table cell {cell!r} in row {row}")
    for r in result:
        if r not in ("E", "A", "R") and r not in FRACTIONS:
            raise ValueError(f"bad Battle Table result {r!r} in row {row}")
    return result


# -- SV 8.3: the force ratio ---------------------------------------------------------------
def ratio_column(attacker_pf: int, defender_pf: int) -> int:
    """Index of the column with the largest ratio not above attacker/defender, so the ratio
    is rounded in the defender's favour (SV 8.3, L725: 55/37 -> 5/4). Integer cross-
    multiplication, never floats. Below 1/3 is the first column ("1/3 et -")."""
    if defender_pf <= 0:
        return len(COLUMNS) - 1
    best = 0
    for index, (num, den) in enumerate(COLUMNS):
        if attacker_pf * den >= defender_pf * num:
            best = index
    return best


# -- SV 8.6.1 and the column modifiers --------------------------------------------------------
def average_floor(values: list[int]) -> int:
    """The mean, always rounded down (SV 8.6.1, L769: 8/3 -> 2)."""
    return sum(values) // len(values) if values else 0


def quality_shift(attacker_qu: int, defender_qu: int) -> int:
    """Column shift from average qualities (SV TABLES L936-946): +1 when the attacker's
    is higher, +2 when it is double or more; -1 / -2 the other way; a/c and b/d do not
    add up (the larger applies)."""
    if attacker_qu > defender_qu:
        return 2 if attacker_qu >= 2 * defender_qu else 1
    if defender_qu > attacker_qu:
        return -2 if defender_qu >= 2 * attacker_qu else -1
    return 0


def shifted_column(column: int, shift: int) -> int:
    """Apply a shift, clamped to the table's edges (A72)."""
    return max(0, min(len(COLUMNS) - 1, column + shift))


def clamped_row(modified_die: int) -> int:
    """"-2 et -" and "9 et +" (A72)."""
    return max(LOWEST_ROW, min(HIGHEST_ROW, modified_die))


def read_table(row: int, column: int) -> tuple[str, str]:
    return battle_table()[clamped_row(row)][column]


# -- SV 8.4.1: the winner ---------------------------------------------------------------------
def winner_of(results: tuple[str, str], row: int, column: int, rr_winner: str = "diagonal") -> str | None:
    """'attacker', 'defender' or None. The side suffering A or E loses (100 cells); the 20
    R/R cells lie on the diagonals row+column = 7 or 8 and are decided by the option
    ``rr_winner`` (A1): ``diagonal`` (7 -> defender, 8 -> attacker), ``defender``, ``none``."""
    attacker, defender = results
    att_hit, def_hit = attacker in ("A", "E"), defender in ("A", "E")
    if att_hit and not def_hit:
        return "defender"
    if def_hit and not att_hit:
        return "attacker"
    if results == ("R", "R"):
        if rr_winner == "none":
            return None
        if rr_winner == "defender":
            return "defender"
        return "defender" if clamped_row(row) + column <= 7 else "attacker"
    return None


# -- SV 8.4.2: the winner's fractional losses -------------------------------------------------
def fraction_losses(result: str, own_units: int, enemy_hit: int, basis: str = "enemy_losses") -> int:
    """How many of the winner's units a 1/4, 1/2 or 3/4 result weakens, rounded in his
    favour (down). ``enemy_losses`` (A2, the examples L743 and L747): the fraction of the
    enemy units weakened or eliminated, capped at the winner's own count (each unit once).
    ``own_units_capped`` (the literal wording L741): the fraction of one's own units,
    capped at the enemy units weakened or eliminated."""
    if result not in FRACTIONS:
        return 0
    f = FRACTIONS[result]
    if basis == "own_units_capped":
        return min(int(f * own_units), enemy_hit)
    return min(int(f * enemy_hit), own_units)


@dataclass(frozen=True)
class ForceFigures:
    """What the table needs from one force (SV 8.6)."""

    pf: int
    quality: int
    bt: int
    cp: int | None  # best CP among Augustus/Caesar/Usurpateur, None if none (SV 8.6.3)
    roman_only: bool
    enemies_of_rome_only: bool  # non-Roman units only, Armenia excluded (A18)


def die_modifiers(attacker: ForceFigures, defender: ForceFigures, *, outside_empire: bool,
                  river_crossed: bool, river_scope: str = "imperial_only") -> list[tuple[str, int]]:
    """The die modifiers of the Battle Table (SV TABLES L918-934), as (code, value)."""
    mods: list[tuple[str, int]] = []
    if attacker.bt != defender.bt:
        mods.append(("a:bt", attacker.bt - defender.bt))  # SV 8.6.2
    if outside_empire and defender.enemies_of_rome_only:
        mods.append(("b:enemies_defend_outside", -1))
    if outside_empire and attacker.enemies_of_rome_only:
        mods.append(("c:enemies_attack_outside", +1))
    imperial = (attacker.roman_only and defender.roman_only
                and attacker.cp is not None and defender.cp is not None)
    if imperial and attacker.cp > defender.cp:  # SV 8.6.3
        mods.append(("d:cp_higher", +1))
    if imperial and attacker.cp < defender.cp:
        mods.append(("e:cp_lower", -1))
    if river_crossed and (imperial or river_scope == "all_battles"):  # A17
        mods.append(("f:river_or_strait", -1))
    return mods
