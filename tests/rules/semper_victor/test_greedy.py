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


def _smc_of(state, side, rng):
    """Play greedy until an SMC prompt of ``side``."""
    step = 0
    while True:
        prompt = RS.prompts(state)[0]
        if prompt.kind == "smc" and prompt.role == side:
            return state, prompt
        step += 1
        state, _ = RS.resolve(state, {prompt.role: greedy.choose(RS, state, prompt, rng)}, HmacDice(b"greedy", step))


def _stack_at_misenum(opening, enemy_at: str):
    """A SECONDUS SMC with a leader and two units in Misenum's land zone and an enemy
    unit landed at ``enemy_at`` (a zone of the West): (state, leader, units by strength)."""
    from rules.imperator import state as st

    state, _prompt = _smc_of(opening, "SECONDUS", random.Random(1))
    w = RS.world
    port_zone = w.port_of_fleet("classis-occidentalis")["zone"]
    pieces = {p: dict(v) for p, v in state["pieces"].items()}
    roman = [p for p, v in sorted(pieces.items()) if v["side"] == "SECONDUS" and v.get("zone")
             and st.people_of(w, state, p) is None]
    leader = next(p for p in roman if pieces[p]["kind"] == "leader")
    units = [p for p in roman if pieces[p]["kind"] == "unit"][:2]
    for p in [leader] + units:
        pieces[p]["zone"] = port_zone
    enemy = next(p for p, v in sorted(pieces.items()) if v["side"] == "PRIMUS" and v["kind"] == "unit"
                 and v.get("zone") and st.people_of(w, state, p) is None)
    pieces[enemy]["zone"] = enemy_at
    state = dict(state, pieces=pieces)
    return state, leader, sorted(units, key=lambda u: (-st.unit_def(w, state, u)["pf"], u))


def test_a_fleet_carries_a_stack_to_a_threatened_coast(opening):
    """SV 3.4.2 (L256-262): a leader and two units at Misenum's land zone, an enemy unit
    landed in the West's Spain: the fleet embarks them, sails out and lands them there in
    one SMC, the sea being far shorter than the road."""
    state, leader, units = _stack_at_misenum(opening, "hispaniae-1")
    prompt = next(p for p in RS.prompts(state) if p.role == "SECONDUS")
    orders = greedy.choose(RS, state, prompt, random.Random(3))
    assert not RS.validate(state, "SECONDUS", orders)
    assert orders.get("naval") == [{"fleet": "classis-occidentalis", "embark": [leader] + units,
                                    "to": RS.world.ports["misenum"]["sea"], "land": "hispaniae-1"}], orders


def test_a_fleet_sails_out_for_a_coast_of_the_next_sea(opening):
    """The enemy in the West's Africa on the Ionian Sea, one sea beyond Misenum's: the stack
    embarks and the fleet goes out to its sea this SMC, to land the SMC after."""
    state, leader, units = _stack_at_misenum(opening, "africa-6")
    prompt = next(p for p in RS.prompts(state) if p.role == "SECONDUS")
    orders = greedy.choose(RS, state, prompt, random.Random(3))
    assert not RS.validate(state, "SECONDUS", orders)
    assert orders.get("naval") == [{"fleet": "classis-occidentalis", "embark": [leader] + units,
                                    "to": RS.world.ports["misenum"]["sea"]}], orders


def test_battle_counters_in_hand_stand_ready(opening):
    """SV 2.E, 6.3: Roma Victor and the other battle counters are declared standing, played
    in the first battle where they apply; Fuite opportune is kept (it would leave a battle
    the force may win)."""
    state, prompt = _first(opening, "smc", random.Random(1))
    side = prompt.role
    hands = {**state["hidden"]["hands"], side: ["roma-victor", "fuite-opportune"]}
    state = dict(state, hidden=dict(state["hidden"], hands=hands))
    prompt = next(p for p in RS.prompts(state) if p.role == side)
    orders = greedy.choose(RS, state, prompt, random.Random(2))
    assert not RS.validate(state, side, orders)
    assert orders.get("reactions") == {"stratagems": [{"stratagem": "roma-victor"}]}, orders
