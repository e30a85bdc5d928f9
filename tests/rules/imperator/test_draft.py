"""An SMC order set built one order at a time (``Ruleset.draft``, rules/imperator/orders.py
``SmcDraft``) answers exactly what ``validate`` answers for the whole set with each order
added, and keeps exactly the orders that set would keep: legal moves, refused ones
(pieces that already moved, a path that leaves the map, a stray zone), naval moves before
and after land moves, and a draft started from a set that already holds moves, and a set whose other
fields are already refused."""

from __future__ import annotations

import json
import random

import pytest

from rules import get_ruleset
from rules.base import Draft
from rules.imperator.orders import SmcDraft
from tests.rules.imperator.test_reachable import smc_positions

SLUG = "semper-victor"


@pytest.fixture(scope="module")
def positions():
    return smc_positions({}, seeds=(5, 11), every=4, limit=40)


def candidates(rng: random.Random, prompt, zones: list[str]) -> list[tuple[str, dict]]:
    """Random naval and land moves from the prompt's summary, some of them illegal."""
    out = []
    for fleet in prompt.options.get("fleets", []):
        order = {"fleet": fleet["fleet"]}
        if fleet["embark"]:
            order["embark"] = rng.sample(fleet["embark"], min(len(fleet["embark"]), rng.randint(1, 3)))
        if fleet["to"]:
            order["to"] = rng.choice(fleet["to"])
        out.append(("naval", order))
    stacks = list(prompt.options.get("stacks", []))
    rng.shuffle(stacks)
    for stack in stacks[:12]:
        zone = rng.choice(sorted(stack["reach"]))
        path = list(stack["reach"][zone]["path"])
        roll = rng.random()
        if roll < 0.15:
            path.append(rng.choice(zones))  # one step further, legal or not
        elif roll < 0.2:
            path[-1] = "nowhere"
        move = {"leaders": list(stack["leaders"]), "units": list(stack["units"]), "path": path}
        out.append(("moves", move))
        if rng.random() < 0.2:
            out.append(("moves", dict(move)))  # the same pieces again: refused
    rng.shuffle(out)
    return out


def test_each_addition_answers_what_validate_answers(positions):
    rs = get_ruleset(SLUG)
    zones = sorted(rs.world.zones) if hasattr(rs.world, "zones") else []
    rng = random.Random(3)
    kept = refused = naval_after_moves = 0
    for state in positions:
        prompt = rs.prompts(state)[0]
        assert prompt.kind == "smc"
        zones = sorted({z for s in prompt.options["stacks"] for z in s["reach"]}) or zones
        orders = {"moves": [], "naval": []}
        draft = rs.draft(state, prompt.role, orders)
        assert isinstance(draft, SmcDraft)
        for k, (name, order) in enumerate(candidates(rng, prompt, zones)):
            if k == 6:  # a draft may also start from a set that already holds moves
                draft = rs.draft(state, prompt.role, orders)
            naval_after_moves += name == "naval" and bool(orders["moves"])
            trial = dict(orders, **{name: orders[name] + [order]})
            expected = rs.validate(state, prompt.role, trial)
            got = draft.add(name, order)
            assert [e.as_dict() for e in got] == [e.as_dict() for e in expected], (state["year"], name, order)
            if not expected:
                orders = trial
                kept += 1
            else:
                refused += 1
            assert draft.orders == orders
        assert not rs.validate(state, prompt.role, draft.orders)
    assert kept > 30 and refused > 10 and naval_after_moves > 0, (kept, refused, naval_after_moves)


def test_a_set_already_refused_refuses_every_addition(positions):
    rs = get_ruleset(SLUG)
    state = positions[-1]
    prompt = rs.prompts(state)[0]
    stack = next(s for s in prompt.options["stacks"] if s["reach"])
    zone = sorted(stack["reach"])[0]
    move = {"leaders": stack["leaders"], "units": stack["units"], "path": stack["reach"][zone]["path"]}
    bad = {"moves": [], "naval": [], "reactions": {"evade": {"*": "sometimes"}}}
    draft = rs.draft(state, prompt.role, bad)
    problems = draft.add("moves", move)
    assert [e.code for e in problems] == ["reactions.bad_value"]
    assert draft.orders == bad
    assert not rs.draft(state, prompt.role, {"moves": [], "naval": []}).add("moves", move)


def test_outside_an_smc_the_draft_checks_the_whole_set():
    rs = get_ruleset(SLUG)
    state = rs.setup("305", {}, _dice())
    prompt = rs.prompts(state)[0]
    assert prompt.kind != "smc"
    draft = rs.draft(state, prompt.role, dict(prompt.default_orders))
    assert type(draft) is Draft
    assert [e.code for e in draft.add("moves", {"path": []})] == ["orders.unknown_field"]
    assert draft.orders == prompt.default_orders


def _dice():
    from rules.dice import HmacDice
    from rules.selfplay import game_seed

    return HmacDice(game_seed(1), 0)


def test_checking_moves_leaves_the_position_untouched(positions):
    """The scratch position borrows the caller's piece records until one moves
    (``Ctx.borrowing``): checking and carrying out moves never writes to the state asked
    about, through validate or through a draft."""
    rs = get_ruleset(SLUG)
    rng = random.Random(9)
    moved = 0
    for state in positions[:8]:
        before = json.dumps(state, sort_keys=True)
        prompt = rs.prompts(state)[0]
        zones = sorted({z for s in prompt.options["stacks"] for z in s["reach"]})
        draft = rs.draft(state, prompt.role, {"moves": [], "naval": []})
        for name, order in candidates(rng, prompt, zones):
            draft.add(name, order)
        moved += len(draft.orders["moves"])
        assert not rs.validate(state, prompt.role, draft.orders)
        assert json.dumps(state, sort_keys=True) == before
    assert moved > 5


def test_piece_records_are_flat(positions):
    """``copy_state`` (the copy ``resolve`` makes) and ``Ctx.borrowing`` copy a piece record
    with ``dict()``: every value of every record must be a scalar, in every scenario's
    opening and in self-play positions."""
    from rules.imperator.state import copy_state

    rs = get_ruleset(SLUG)
    states = [rs.setup(sc["id"], {}, _dice()) for sc in rs.scenarios()] + list(positions)
    for state in states:
        for pid, record in state["pieces"].items():
            assert all(isinstance(v, (str, int, float, bool, type(None))) for v in record.values()), (pid, record)
        copied = copy_state(state)
        assert copied == state
        assert all(copied["pieces"][pid] is not state["pieces"][pid] for pid in state["pieces"])
