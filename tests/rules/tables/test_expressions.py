"""Dice expressions (rules/tables/expressions.py): parsing, errors, rolling with the game's
dice, and recomputing a roll from the revealed seed with docs/dice.md's verifier."""

from __future__ import annotations

import hashlib

import pytest

from rules.dice import HmacDice, LoadedDice, commitment, mix_entropy, new_seed, verify_rolls
from rules.tables import expressions
from rules.tables.expressions import ExpressionError


@pytest.mark.parametrize("text,canonical,bounds", [
    ("1d6", "1d6", (1, 6)),
    ("2d6+1", "2d6+1", (3, 13)),
    ("1d6+1d10", "1d6+1d10", (1, 15)),
    (" D20 - 2 ", "1d20-2", (-1, 18)),
    ("d10+1", "1d10+1", (1, 10)),
    ("3-1d4", "3-1d4", (-1, 2)),
])
def test_parse_and_bounds(text, canonical, bounds):
    expression = expressions.parse(text)
    assert expression.text() == canonical
    assert expression.bounds() == bounds


@pytest.mark.parametrize("text,code", [
    ("", "dice.empty"), ("   ", "dice.empty"), (None, "dice.not_text"), (6, "dice.not_text"),
    ("2x6", "dice.syntax"), ("1d6+", "dice.syntax"), ("1d6 1d6", "dice.syntax"), ("d", "dice.syntax"),
    ("0d6", "dice.count"), ("51d6", "dice.count"), ("1d1", "dice.sides"), ("1d1001", "dice.sides"),
    ("5", "dice.no_dice"), ("1d6+5000", "dice.constant"), ("+".join(["1d6"] * 11), "dice.too_many_terms"),
    ("30d6+30d6", "dice.count"), ("1d6" + "+1" * 40, "dice.too_long"),
])
def test_bad_expressions_say_what_and_where_in_both_languages(text, code):
    with pytest.raises(ExpressionError) as caught:
        expressions.parse(text, "/rolls/0/dice")
    error = caught.value
    assert error.code == code
    assert error.path.startswith("/rolls/0/dice")
    assert error.message.en and error.message.fr and error.message.en != error.message.fr
    assert error.as_order_error().as_dict()["code"] == code


def test_roll_uses_the_game_dice_in_written_order():
    dice = LoadedDice([4, 0])
    rolled = expressions.roll("1d6+1d10", dice, "events")
    assert rolled == {"expression": "1d6+1d10", "dice": [{"sides": 6, "value": 4}, {"sides": 10, "value": 0}],
                      "total": 4, "first_roll": 0}
    assert [r.as_dict() for r in dice.rolls] == [{"n": 0, "sides": 6, "value": 4, "purpose": "events"},
                                                 {"n": 1, "sides": 10, "value": 0, "purpose": "events"}]
    assert expressions.roll("2d6-3", LoadedDice([1, 1]), "x")["total"] == -1


def test_every_face_comes_up_and_none_else():
    seen = set()
    for step in range(200):
        dice = HmacDice(bytes(32), step)
        rolled = expressions.roll("1d6+1d10", dice, "events")
        assert 1 <= rolled["total"] <= 15
        seen.add(rolled["total"])
    assert seen == set(range(1, 16))


def test_a_player_recomputes_a_roll_once_the_seed_is_revealed():
    """What docs/dice.md promises for a free roll: the seed committed at the start, the
    seats' entropies, the step number and the logged rolls suffice to check it."""
    seed = new_seed()
    published = commitment(seed)
    entropies = ["alpha", "beta", "gamma"]
    dice = HmacDice(mix_entropy(seed, entropies), 7)
    dice.d6("setup roll before it")
    rolled = expressions.roll("2d6+1", dice, "master:2d6+1")
    logged = [r.as_dict() for r in dice.rolls]
    # After the game: the seed is revealed.
    assert hashlib.sha256(seed).hexdigest() == published
    assert verify_rolls(seed, entropies, 7, logged)
    faces = [r["value"] for r in logged[rolled["first_roll"]:rolled["first_roll"] + 2]]
    assert expressions.total_of("2d6+1", faces) == rolled["total"]
    # A forged value does not verify.
    forged = [dict(r) for r in logged]
    forged[1]["value"] = forged[1]["value"] % 6 + 1
    assert not verify_rolls(seed, entropies, 7, forged)
    with pytest.raises(ExpressionError):
        expressions.total_of("2d6+1", faces[:1])
