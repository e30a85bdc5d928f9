"""The rules contract as the platform uses it: seats by player count, one prompt to every
seat a sealed decision concerns, validation in both languages, the text notation, default
orders that are always legal, determinism given the dice, no mutation of the input."""

from __future__ import annotations

import copy
import json
import random

import pytest

from rules.base import state_hash
from rules.dice import HmacDice
from rules.kings_of_rome.selfplay import choose_orders
from rules.registry import get_ruleset

RS = get_ruleset("kings-of-rome")
KEY = b"kor-contract-key-00000000000000000"


@pytest.mark.parametrize("players,roles", [
    (2, ["latina-sabina", "etrusca-volsca"]), (3, ["latina-sabina", "etrusca", "volsca"]),
    (4, ["latina", "sabina", "etrusca", "volsca"])])
def test_one_seat_per_player_the_king_holding_latina(players, roles):
    """§3.1.1-§3.1.3."""
    assert RS.roles("750", {"players": players}) == roles
    st = RS.setup("750", {"players": players}, HmacDice(KEY, 0))
    assert st["offices"]["rex"]["curia"] == "latina"
    assert st["seat_order"] == roles


def test_unknown_options_and_scenarios_are_refused():
    with pytest.raises(ValueError):
        RS.roles("750", {"players": 5})
    with pytest.raises(ValueError):
        RS.setup("750", {"colour": "red"}, HmacDice(KEY, 0))
    with pytest.raises(ValueError):
        RS.setup("800", {}, HmacDice(KEY, 0))


def test_the_opening_position():
    """§3.2.1: two armies of 4 infantry + 1 cavalry (the King's at 3906), 3 infantry and a
    value-3 garrison in Rome, IP 7/5/5/5 before the secret General's 2, a 50-chit cup."""
    st, events = RS.setup_with_events("750", {"players": 3}, HmacDice(KEY, 0))
    king = next(f for f in st["forces"].values() if "rex" in f["offices"])
    assert king["hex"] == "3906" and len(king["units"]) >= 5
    sg = next(f for f in st["forces"].values() if "sg" in f["offices"])
    assert sum(1 for u in sg["units"]) >= 5
    assert st["cities"]["roma"]["garrison"] == 3
    assert sum(st["ip"].values()) == 7 + 5 + 5 + 5 + 2 + sum(e.data["delta"] for e in events if e.type == "ip" and e.data["reason"] != "secret-general")
    assert {e.type for e in events} >= {"turn", "draw", "secret_general"}


def _play(players: int, seed: int, max_steps: int = 4000):
    rng = random.Random(seed)
    key = KEY + bytes([seed])
    st = RS.setup("750", {"players": players}, HmacDice(key, 0))
    steps = []
    for n in range(1, max_steps):
        prompts = RS.prompts(st)
        if not prompts:
            break
        roles = [p.role for p in prompts]
        assert len(roles) == len(set(roles))
        subs = {}
        for p in prompts:
            assert RS.validate(st, p.role, p.default_orders) == [], (p.kind, p.default_orders)
            orders = choose_orders(RS, st, p, rng)
            assert RS.validate(st, p.role, orders) == []
            text = RS.format_orders(orders)
            parsed, problems = RS.parse_orders(text, st, p.role)
            assert problems == [], (text, [e.as_dict() for e in problems])
            assert {k: v for k, v in parsed.items() if v not in ([], {}, None)} == \
                {k: v for k, v in orders.items() if v not in ([], {}, None)}, text
            subs[p.role] = orders
        before = copy.deepcopy(st)
        st2, events = RS.resolve(st, subs, HmacDice(key, n))
        assert st == before  # the input is never changed
        json.dumps(st2)
        json.dumps([e.as_dict() for e in events])
        for e in events:
            if "message" in e.data:
                assert e.data["message"]["en"] and e.data["message"]["fr"]
        steps.append(subs)
        st = st2
    return st, steps, key


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_plays_to_its_end_and_replays(players):
    st, steps, key = _play(players, seed=players)
    out = RS.outcome(st)
    assert out is not None and set(out.scores) == set(RS.roles("750", {"players": players}))
    assert out.detail["reason"] in ("last-turn", "cup-empty")
    replay = RS.setup("750", {"players": players}, HmacDice(key, 0))
    for n, subs in enumerate(steps, start=1):
        replay, _ = RS.resolve(replay, subs, HmacDice(key, n))
    assert state_hash(replay) == state_hash(st)


def test_validation_errors_say_what_and_where_in_both_languages():
    st = RS.setup("750", {"players": 3}, HmacDice(KEY, 0))
    prompt = RS.prompts(st)[0]
    for bad in ({"nonsense": 1}, {"policy": {"tactic": "charge"}}, "text", {"fides": {"nation": "carthago"}}):
        errors = RS.validate(st, prompt.role, bad)
        assert errors
        for e in errors:
            d = e.as_dict()
            assert d["code"] and isinstance(d["path"], str) and d["message"]["en"] and d["message"]["fr"]
    other = next(r for r in RS.roles("750", {"players": 3}) if r != prompt.role)
    assert [e.code for e in RS.validate(st, other, {})] == ["orders.no_decision"]


def test_a_garbled_text_is_refused_with_its_line():
    st = RS.setup("750", {"players": 3}, HmacDice(KEY, 0))
    prompt = RS.prompts(st)[0]
    orders, errors = RS.parse_orders("fides volsci\nthis is not an order\n", st, prompt.role)
    assert orders == {"fides": {"nation": "volsci"}}
    assert [e.path for e in errors] == ["line:2"]


def test_the_board_draws_every_land_hex():
    board = RS.board()
    ids = {z["id"] for z in board["zones"]}
    assert "4006" in ids and "3906" in ids
    rome = next(z for z in board["zones"] if z["id"] == "4006")
    assert rome["special"] == ["rome"] and rome["city"] == "Roma"
    assert any(r["points"] for r in board["rivers"]) and any(r["kind"] == "road" for r in board["roads"])
    assert json.dumps(board, sort_keys=True) == json.dumps(RS.board(), sort_keys=True)
