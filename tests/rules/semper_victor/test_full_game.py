"""Whole games through the contract alone: two scripted players (random legal orders for
one, defaults for the other) play the short scenarios to their end, the outcome carries a
victory level, the game replays to the same state, and no view leaks the other side's
hand or standing reactions."""

from __future__ import annotations

import json
import random

import pytest

from rules import get_ruleset
from rules.base import state_hash
from rules.dice import HmacDice
from rules.selfplay import random_orders

SEED = b"\x07" * 32


def play(rs, scenario: str, seed: int, check_views: bool = False):
    rng = random.Random(seed)
    state = rs.setup(scenario, {}, HmacDice(SEED, 0))
    step = 0
    while rs.outcome(state) is None:
        step += 1
        assert step < 3000, "endless game"
        submissions = {}
        for prompt in rs.prompts(state):
            orders = random_orders(rs, state, prompt, rng) if prompt.role == "PRIMUS" else prompt.default_orders
            assert rs.validate(state, prompt.role, orders) == []
            submissions[prompt.role] = orders
        assert submissions, "a dead end: no prompt and no outcome"
        state, _ = rs.resolve(state, submissions, HmacDice(SEED, step))
        if check_views:
            assert_no_leak(rs, state)
    return state


def assert_no_leak(rs, state):
    hidden = state["hidden"]
    for role in ("PRIMUS", "SECONDUS"):
        other = "SECONDUS" if role == "PRIMUS" else "PRIMUS"
        text = json.dumps(rs.view(state, role))
        assert "hidden" not in rs.view(state, role)
        for counter in hidden["hands"][other]:
            if "#" in counter:  # numbered copies are unique, so a leak would show
                assert counter not in text, f"{role} sees {other}'s {counter}"
        if hidden["reactions"].get(other):
            assert json.dumps(hidden["reactions"][other]) not in text or hidden["reactions"][other] == hidden["reactions"].get(role)


@pytest.mark.parametrize("scenario", ["306", "316"])
def test_a_short_scenario_plays_to_a_victory_level(scenario):
    rs = get_ruleset("semper-victor")
    state = play(rs, scenario, 11, check_views=True)
    outcome = rs.outcome(state)
    assert outcome.level in ("draw", "marginal", "decisive", "definitive")
    assert state["year"] == state["last_year"]


def test_a_game_replays_to_the_same_state():
    rs = get_ruleset("semper-victor")
    assert state_hash(play(rs, "316", 5)) == state_hash(play(rs, "316", 5))
