"""Difficulty levels (*niveaux de difficulté*, L121-138): four digits, one per row of the
table (emperor discs, fleets, additional revolts, initial barbarian armies), 3^4 = 81."""

from __future__ import annotations

from itertools import product

from rules.tetrarchia.data import tables

NORMAL = "4211"       # the centre column (L134-135)
FIRST_GAME = "4200"   # recommended to start (L135-136)


def level_code(discs: int, fleets: int, revolts: int, armies: int) -> str:
    return f"{discs}{fleets}{revolts}{armies}"


def all_levels() -> list[dict]:
    """Every level, easiest first; ``rank`` 0-8 counts the steps right of the easy column."""
    diff = tables()["difficulty"]
    levels = []
    for i, j, k, m in product(range(3), repeat=4):
        code = level_code(diff["discs"][i], diff["fleets"][j], diff["revolts"][k], diff["armies"][m])
        levels.append({"code": code, "discs": diff["discs"][i], "fleets": diff["fleets"][j],
                       "revolts": diff["revolts"][k], "armies": diff["armies"][m], "rank": i + j + k + m})
    return sorted(levels, key=lambda lv: (lv["rank"], lv["code"]))


def parse_level(code) -> dict | None:
    """The level a code names, or None when it is not one of the 81."""
    code = str(code).strip().strip("[]")
    for level in all_levels():
        if level["code"] == code:
            return dict(level)
    return None


def recommended() -> list[dict]:
    return [dict(r) for r in tables()["recommended"]]
