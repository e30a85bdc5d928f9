"""Semper Victor's greedy player (rules/semper_victor/greedy.py): legal, sensible where the
rules make a choice plainly good or bad, and stronger than random legal play."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules.computer.match import play_match
from rules.dice import HmacDice
from rules.registry import get_ruleset
from rules.selfplay import play_game
from rules.semper_victor import greedy

RS = get_ruleset("semper-victor")


@pytest.fixture(scope="module")
def opening():
    return RS.setup("306", {}, HmacDice(b"greedy", 0))


def _first(state, kind, rng):
    """Play greedy until a prompt of ``kind``; its state and prompt."""
    step = 0
    while True:
        prompt = RS.prompts(state)[0]
        if prompt.kind == kind:
            return state, prompt
        step += 1
        state, _ = RS.resolve(state, {prompt.role: greedy.choose(RS, state, prompt, rng)}, HmacDice(b"greedy", step))


def test_every_answer_is_legal_for_a_whole_short_game():
    report = play_game("semper-victor", 5, scenario="306", max_years=3, choose=greedy.choose, stats=True)
    assert report.ok, report.detail
    assert report.refused_orders == 0
    assert report.outcome is not None


def test_a_marker_that_would_score_for_the_enemy_is_kept(opening):
    """Bagaudes score against the holder of the diocese (SV 6.3, L659): SECONDUS holds the
    West in 306, so his Bagaudes go nowhere while PRIMUS places his in SECONDUS's Gaul."""
    state, prompt = _first(opening, "smc", random.Random(1))
    side = prompt.role
    state = dict(state, hidden=dict(state["hidden"], hands={**state["hidden"]["hands"], side: ["bagaudes"]}))
    prompt = next(p for p in RS.prompts(state) if p.role == side)
    orders = greedy.choose(RS, state, prompt, random.Random(2))
    played = [p for p in orders.get("play", []) if p["stratagem"] == "bagaudes"]
    if side == "SECONDUS":
        assert not played
    else:
        assert played and state["control"][RS.world.diocese_of(played[0]["zone"])] == "SECONDUS"


def test_primus_vetoes_and_nominations_fill_the_titles(opening):
    state, prompt = _first(opening, "nominations", random.Random(3))
    orders = greedy.choose(RS, state, prompt, random.Random(4))
    assert not RS.validate(state, prompt.role, orders)
    if prompt.options.get("candidates"):
        assert orders["nominate"], "a candidate the limits allow is always named"
    assert greedy.choose(RS, state, dataclasses.replace(prompt, kind="veto", options={}), random.Random(5)) == {"veto": True}


def test_greedy_beats_random_with_the_seats_swapped():
    """Paired games of 306 (on the same dice, the seats swapped): greedy wins most of them
    whichever seat it holds (about 90 % over 20 games, the README's figures)."""
    report = play_match("semper-victor", "greedy", "random", 8, scenario="306", seed=11)
    assert report.score("greedy") >= 6, report.as_dict()["results"]
