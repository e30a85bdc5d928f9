"""Issue 14, item 4: a side's standing reactions (per-seat settings) appear in no other
side's view. ``current.battle.ask`` (the sides to ask before the battle, from their
standing ``ask: battles``) told the opponent that PRIMUS had set it."""

from __future__ import annotations

import random

from rules.dice import HmacDice
from rules.imperator import state as st
from rules.imperator.engine import side_of
from rules.registry import get_ruleset
from rules.selfplay import game_seed, random_orders


def _walk(value, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, f"{path}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, f"{path}/{i}")
    yield path, value


def test_the_ask_queue_of_a_battle_shows_each_side_only_itself():
    rs = get_ruleset("semper-victor")
    seen = 0
    for seed in range(1, 7):
        rng, key = random.Random(seed), game_seed(seed)
        state = rs.setup("305", {}, HmacDice(key, 0))
        for side in st.sides(state):  # both sides ask before every battle
            state["hidden"]["reactions"].setdefault(side, {})["ask"] = "battles"
        for step in range(1, 300):
            prompts = rs.prompts(state)
            if not prompts:
                break
            battle = (state.get("current") or {}).get("battle") or {}
            if battle.get("ask"):
                seen += 1
                for viewer in rs.roles("305", {}):  # seats: after a change of sides a seat plays the other side
                    shown = rs.view(state, viewer)["current"]["battle"]["ask"]
                    side = side_of(state, viewer)
                    assert shown == [s for s in battle["ask"] if s == side], (viewer, side, battle["ask"], shown)
                assert rs.view(state, None)["current"]["battle"]["ask"] == []
            subs = {}
            for p in prompts:
                orders = random_orders(rs, state, p, rng)
                orders.pop("reactions", None)  # keep the settings made above
                subs[p.role] = p.default_orders if rs.validate(state, p.role, orders) else orders
            state, _ = rs.resolve(state, subs, HmacDice(key, step))
        if seen >= 3:
            break
    assert seen, "no battle with a queue of sides to ask was reached"


def test_no_view_carries_the_other_sides_reaction_sheet():
    rs = get_ruleset("semper-victor")
    state = rs.setup("305", {}, HmacDice(game_seed(1), 0))
    state["hidden"]["reactions"]["PRIMUS"] = {"ask": "battles", "retreat": {"*": ["zz-secret-zone"]}}
    for viewer in ("SECONDUS", None):
        view = rs.view(state, viewer)
        assert "zz-secret-zone" not in repr(view)
        assert view.get("reactions") in (None, {})


def test_the_order_of_battles_named_with_the_moves_stays_sealed_until_they_are_made():
    """2.E.2: an SMC's ``battle_order`` is part of the orders not yet carried out while the
    moves run: a mid-move prompt of the other side (a lone leader's escape, 7.1) does not show
    it; once the battles begin it is the phasing player's order on the board anyway."""
    rs = get_ruleset("semper-victor")
    state = rs.load_position({
        "year": 320, "active": "PRIMUS", "control": {"galliae": "SECONDUS"},
        "pieces": [{"leader": "dux-a", "side": "PRIMUS", "zone": "galliae-4", "cc": 2, "vs": 1, "bt": 0},
                   {"unit": "unit-a", "side": "PRIMUS", "zone": "galliae-4", "pf": 20, "qu": 2, "bt": 0},
                   {"leader": "dux-b", "side": "PRIMUS", "zone": "galliae-2", "cc": 2, "vs": 1, "bt": 0},
                   {"unit": "unit-b", "side": "PRIMUS", "zone": "galliae-2", "pf": 20, "qu": 2, "bt": 0},
                   {"leader": "dux-s", "side": "SECONDUS", "zone": "galliae-5", "cc": 2, "vs": 1, "bt": 0},
                   {"unit": "unit-e", "side": "SECONDUS", "zone": "galliae-7", "pf": 4, "qu": 2, "bt": 0}],
        "reactions": {}})
    orders = {"moves": [{"leaders": ["dux-a"], "units": ["unit-a"], "path": ["galliae-4", "galliae-5"]},
                        {"leaders": ["dux-b"], "units": ["unit-b"], "path": ["galliae-2", "galliae-7"]}],
              "naval": [], "battle_order": ["galliae-7"]}
    assert rs.validate(state, "PRIMUS", orders) == []
    state, _ = rs.resolve(state, {"PRIMUS": orders}, HmacDice(game_seed(1), 1))
    (prompt,) = rs.prompts(state)
    assert (prompt.role, prompt.kind) == ("SECONDUS", "escape")  # dux-s caught alone, the second move not made
    assert state["current"]["battle_order"] == ["galliae-7"]
    assert "battle_order" not in rs.view(state, "SECONDUS")["current"]
    assert "battle_order" not in rs.view(state, None)["current"]
    assert rs.view(state, "PRIMUS")["current"]["battle_order"] == ["galliae-7"]
