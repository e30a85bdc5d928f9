"""Setting up by difficulty (L106-147): the 81 levels, the threats the dice place, and
the first decisions (fleets, then Diocletian's entry)."""

from __future__ import annotations

import pytest

from rules.dice import HmacDice, LoadedDice
from rules.registry import get_ruleset
from rules.tetrarchia.data import board
from rules.tetrarchia.levels import FIRST_GAME, NORMAL, all_levels, parse_level

RS = get_ruleset("tetrarchia")


def test_81_levels_from_easy_to_hard():
    """L127-138: four rows of three values make 81 levels; 4211 is the centre column."""
    levels = all_levels()
    assert len(levels) == 81 == len({lv["code"] for lv in levels})
    assert levels[0]["code"] == "5300" and levels[-1]["code"] == "3122"
    assert parse_level(NORMAL) == {"code": "4211", "discs": 4, "fleets": 2, "revolts": 1, "armies": 1, "rank": 4}
    assert parse_level(FIRST_GAME)["rank"] == 2
    assert parse_level("5100")["discs"] == 5 and parse_level("5100")["fleets"] == 1
    assert parse_level("6211") is None


def test_level_is_an_option_with_the_81_choices():
    level = next(o for o in RS.options() if o["id"] == "level")
    assert len(level["choices"]) == 81 and level["default"] == "4211"
    recommended = RS.scenarios()[0]["recommended"]
    assert [r["code"] for r in recommended] == ["4200", "4211", "5100"]


def test_setup_rerolls_ones_and_places_one_revolt_per_region():
    """L110-112: per region, the normal die until it shows more than 1."""
    dice = LoadedDice([1, 1, 2, 3, 4, 5, 6, 1, 2])  # region I: 1, 1, 2 -> I-2; then II-3 .. VI-2
    st = RS.setup("293", {"level": "4200"}, dice)
    assert dice.remaining == 0
    brd = board()
    expected = [brd.at_coordinates(1, 2), brd.at_coordinates(2, 3), brd.at_coordinates(3, 4),
                brd.at_coordinates(4, 5), brd.at_coordinates(5, 6), brd.at_coordinates(6, 2)]
    assert sorted(st["discs"]) == sorted(expected)
    assert st["reserve"]["revolt"] == 15 and st["armies"] == []


def test_setup_additional_revolts_and_armies_reroll_occupied():
    """L114-119: an extra revolt on both dice, an army on the Roman die's frontier; an
    occupied province is rolled again."""
    initial = [2, 2, 2, 2, 2, 2]                  # I-2 .. VI-2
    extra = [1, 2, 3, 3, 1, 2, 4, 4]              # I-2 taken, III-3, I-2 taken again, IV-4
    armies = [5, 5, 6]                            # V frontier, V again (taken), VI frontier
    dice = LoadedDice(initial + extra + armies)
    st = RS.setup("293", {"level": "3122"}, dice)
    assert dice.remaining == 0
    brd = board()
    assert st["discs"][brd.at_coordinates(3, 3)] == "revolt"
    assert st["discs"][brd.at_coordinates(4, 4)] == "revolt"
    assert st["armies"] == sorted([brd.frontier_of("asia-minor"), brd.frontier_of("africa")])
    assert st["reserve"] == {"unrest": 21, "revolt": 13, "armies": 1}
    assert all(e["discs"] == 3 and e["at"] is None for e in st["emperors"].values())


@pytest.mark.parametrize("code", ["5300", "4211", "3122"])
def test_setup_counts_follow_the_level(code):
    st = RS.setup("293", {"level": code}, HmacDice(b"k" * 32, 0))
    lv = parse_level(code)
    assert sum(1 for d in st["discs"].values() if d == "revolt") == 6 + lv["revolts"]
    assert len(st["armies"]) == lv["armies"]
    prompt = RS.prompts(st)[0]
    assert prompt.kind == "fleets" and prompt.options["count"] == lv["fleets"]


def test_fleets_then_diocletian_starts_off_the_board():
    """L140-147: fleets where the players choose; Diocletian starts, at Rome or his capital."""
    st = RS.setup("293", {}, HmacDice(b"k" * 32, 0))
    st, events = RS.resolve(st, {"player-1": {"fleets": ["internum", "aegaeum"]}}, HmacDice(b"k" * 32, 1))
    assert st["fleets"] == {"aegaeum": 1, "atlanticum": 0, "internum": 1}
    prompt = RS.prompts(st)[0]
    assert prompt.kind == "roman_phase" and prompt.options["emperor"] == "diocletian"
    assert prompt.options["enter"][0] == "roma"
    assert prompt.default_orders == {"actions": [], "enter": "roma"}
