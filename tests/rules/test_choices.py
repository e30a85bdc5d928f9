"""Prompt choices (rules/base.py: Choice, Question, Prompt.choices/context, only_answer):
games played by picking choices alone, as a player with a mouse would, on every ruleset.

At each prompt of seeded self-play games, the choices must be the engine's legal options:
each answer picked from them validates, its text lines read back to the same order set,
labels exist in both languages, defaults are among the choices, and no prompt is left
with a single answer (the engine gives it itself and logs it)."""

from __future__ import annotations

import random

import pytest
from jsonschema import Draft202012Validator

from rules import get_ruleset
from rules.base import Choice, Message, Question, merge_orders, only_answer
from rules.dice import HmacDice, LoadedDice
from rules.selfplay import _normal, _random_smc, play_game

MODES = ("one", "many", "ranked", "sequence", "board")


# -- the helpers of the contract ----------------------------------------------------------------------
def _choice(cid, orders, text="x"):
    return Choice(id=cid, label=Message(cid, cid), text=text, orders=orders)


def test_merge_orders_extends_lists_merges_dicts_replaces_the_rest():
    merged = merge_orders([{"play": [{"stratagem": "a"}], "reactions": {"evade": {"*": "never"}}},
                           {"play": [{"stratagem": "b"}], "reactions": {"ask": "battles"}, "veto": False},
                           {"veto": True}])
    assert merged == {"play": [{"stratagem": "a"}, {"stratagem": "b"}],
                      "reactions": {"evade": {"*": "never"}, "ask": "battles"}, "veto": True}


def test_merge_orders_does_not_change_its_fragments():
    a = {"retreat": ["x"]}
    merge_orders([a, {"retreat": ["y"]}])
    assert a == {"retreat": ["x"]}


def test_only_answer():
    one = Question(id="q", label=Message("q", "q"), mode="one", choices=(_choice("a", {"veto": False}, "accept"),), min=1)
    two = Question(id="q", label=Message("q", "q"), mode="one", min=1,
                   choices=(_choice("a", {"veto": False}), _choice("b", {"veto": True})))
    empty = Question(id="p", label=Message("p", "p"), mode="many")
    board = Question(id="m", label=Message("m", "m"), mode="board", choices=(_choice("s", {}, ""),))
    forced = Question(id="l", label=Message("l", "l"), mode="many", min=2, max=2,
                      choices=(_choice("u", {"losses": ["u"]}, "losses u"), _choice("v", {"losses": ["v"]}, "losses v")))
    assert only_answer([one, empty]) == ({"veto": False}, ["accept"])
    assert only_answer([empty]) == ({}, [])
    assert only_answer([two]) is None
    assert only_answer([board]) is None
    assert only_answer([forced]) == ({"losses": ["u", "v"]}, ["losses u", "losses v"])


# -- playing by choices ---------------------------------------------------------------------------------
def _check_question(q: Question) -> None:
    assert q.mode in MODES, q
    assert q.label.en and q.label.fr, q
    ids = [c.id for c in q.choices]
    assert len(ids) == len(set(ids)), q.id
    assert set(q.default) <= set(ids), (q.id, q.default, ids)
    for c in q.choices:
        assert c.label.en and c.label.fr, c
        assert "_" not in c.label.en, c.label  # names, not identifiers
        if q.mode != "board":
            assert c.text and c.orders, c


def _pick(q: Question, rng: random.Random) -> list[Choice]:
    choices = list(q.choices)
    if not choices:
        return []
    if q.mode == "one":
        return [rng.choice(choices)] if q.min or rng.random() < 0.8 else []
    if q.mode == "ranked":
        return rng.sample(choices, rng.randint(max(1, q.min), len(choices)))
    return []


def _answer_by_choices(ruleset, state, prompt, rng):
    """A player who only clicks: an order set made of picked choices (the map builder's
    moves for a ``board`` question)."""
    assert only_answer(list(prompt.choices)) is None, f"{prompt.key} has one answer but waits for a player"
    assert isinstance(prompt.context.get("summary"), dict) and prompt.context["summary"]["en"], prompt.kind
    for q in prompt.choices:
        _check_question(q)
    picked: list[Choice] = []
    orders: dict = {}
    for q in prompt.choices:
        if q.mode in ("sequence", "many"):
            picked += _play_sequence(ruleset, state, prompt, q, picked, rng)
        elif q.mode == "board":
            moves = _random_smc(ruleset, state, prompt, rng)
            orders.update({k: v for k, v in moves.items() if k in ("moves", "naval")})
        else:
            picked += _pick(q, rng)
    standing = ruleset.standing(state, prompt.role)
    if standing and rng.random() < 0.3:  # now and then, a standing reaction set with the answer
        q = rng.choice(standing)
        if q.choices:
            picked.append(rng.choice(q.choices))
    orders = merge_orders([orders] + [c.orders for c in picked])
    shape = list(Draft202012Validator(ruleset.order_schema(prompt.kind)).iter_errors(orders))
    assert not shape, (prompt.kind, orders, [e.message for e in shape])
    problems = ruleset.validate(state, prompt.role, orders)
    assert not problems, (prompt.key, [c.text for c in picked], [p.code for p in problems])
    if not any(q.mode == "board" for q in prompt.choices):
        text = "\n".join(c.text for c in picked)
        parsed, errors = ruleset.parse_orders(text, state, prompt.role)
        assert not errors, (text, [e.code for e in errors])
        assert _normal(parsed) == _normal(orders), (text, parsed, orders)
    sequences = any(q.mode == "sequence" for q in prompt.choices)  # (their defaults are the default orders)
    for q in prompt.choices:  # the defaults alone make a legal answer
        if q.default and not sequences:
            default = merge_orders(c.orders for c in q.choices if c.id in q.default)
            others = merge_orders(_default_of(r) for r in prompt.choices if r is not q)
            assert not ruleset.validate(state, prompt.role, merge_orders([others, default])), (prompt.key, q.id)
    _check_standing(ruleset, state, prompt)
    return orders


def _default_of(q: Question) -> dict:
    return merge_orders(c.orders for c in q.choices if c.id in q.default)


def _play_sequence(ruleset, state, prompt, q, picked, rng) -> list[Choice]:
    """Pick one choice at a time, asking the engine for the choices left each time (as the
    page does after each click)."""
    chosen: list[Choice] = []
    for _ in range(8):
        draft = merge_orders([c.orders for c in picked + chosen])
        current = next((x for x in ruleset.choices(state, prompt.role, draft) if x.id == q.id), None)
        if current is None:
            break
        offered = [c for c in current.choices if q.mode == "sequence" or c.id not in {x.id for x in chosen}]
        if q.mode == "many":
            assert {c.id for c in chosen} <= {c.id for c in current.choices}, "a picked choice can be taken back"
        if not offered or (q.max is not None and len(chosen) >= q.max):
            break
        if current.budget is not None:
            left = current.budget["left"]
            assert all(c.cost is None or c.cost <= left for c in offered), current.id
        enough = current.min == 0 if q.mode == "sequence" else len(chosen) >= current.min  # a sequence counts from the draft
        if enough and rng.random() < 0.4:
            break
        chosen.append(rng.choice(offered))
        if chosen[-1].id.startswith("attack"):
            break
    return chosen


def _check_standing(ruleset, state, prompt) -> None:
    """Each standing choice, written beside the default answer, is read back as its
    fragment and accepted."""
    default = ruleset.format_orders(prompt.default_orders)
    for q in ruleset.standing(state, prompt.role):
        _check_question(q)
        for c in q.choices:
            parsed, errors = ruleset.parse_orders(default + "\n" + c.text, state, prompt.role)
            assert not errors, (c.text, [e.code for e in errors])
            key = "reactions" if "reactions" in c.orders else "standing"
            assert parsed.get(key) == c.orders[key], (c.text, parsed, c.orders)


def test_semper_victor_played_by_choices():
    kinds: set[str] = set()

    def player(ruleset, state, prompt, rng):
        kinds.add(prompt.kind)
        return _answer_by_choices(ruleset, state, prompt, rng)
    for seed in (1, 2, 3, 20):  # seeds whose games reach every kind below (the battle order's prompt and standing setting moved them)
        report = play_game("semper-victor", seed, max_years=3, choose=player)
        assert report.ok, report.detail
        assert report.refused_orders == 0
    assert {"smc", "nominations", "veto", "geostrategy", "evasion", "retreat", "escape", "review", "stratagem",
            "battle_order"} <= kinds


@pytest.mark.parametrize(("seed", "options"), [(1, {}), (2, {"imperivm": True, "patres_patriae": True, "players": 2}),
                                               (3, {"imperivm": True, "level": "5300"})])
def test_tetrarchia_played_by_choices(seed, options):
    report = play_game("tetrarchia", seed, options=options, choose=_answer_by_choices)
    assert report.ok, report.detail
    assert report.refused_orders == 0
    assert report.outcome is not None


# -- the engine answers a prompt that has one answer ----------------------------------------------------
def test_an_initiative_loser_without_the_counter_is_not_asked():
    rs = get_ruleset("semper-victor")
    state = rs.setup("305", {}, HmacDice(b"k" * 32, 0))
    state["hidden"]["hands"] = {"PRIMUS": [], "SECONDUS": []}
    state.update(phase="B", pending=None)
    from rules.imperator import sequence

    events: list = []
    sequence.initiative(rs.world, state, LoadedDice([6]), events)  # PRIMUS loses (6 >= CP)
    assert state["pending"]["kind"] == "initiative"  # the turn sequence asks...
    rs._answer_forced(state, LoadedDice([1] * 50), events)  # ...and the engine answers: nothing to play
    answered = [e for e in events if e.type == "answered_by_rules"]
    assert answered and answered[0].data["kind"] == "initiative" and answered[0].data["text"] == "pass"
    assert answered[0].visible_to == ("PRIMUS",)
    assert (state.get("pending") or {}).get("kind") != "initiative"


def test_an_initiative_loser_holding_the_counter_is_asked_with_both_answers():
    rs = get_ruleset("semper-victor")
    state = rs.setup("305", {}, HmacDice(b"k" * 32, 0))
    state["hidden"]["hands"] = {"PRIMUS": ["initiative#1"], "SECONDUS": []}
    state.update(phase="B", pending=None)
    from rules.imperator import sequence

    sequence.initiative(rs.world, state, LoadedDice([6]), [])
    (prompt,) = rs.prompts(state)
    (q,) = prompt.choices
    assert [c.text for c in q.choices] == ["play initiative", "pass"]
    assert "initiative" in prompt.context["summary"]["en"]


# -- the notation page's examples -------------------------------------------------------------------------
@pytest.mark.parametrize("slug", ["semper-victor", "tetrarchia"])
def test_every_notation_example_reads(slug):
    """Each example of ``Ruleset.notation`` is read by ``parse_orders`` without a reading
    error (a rule error about the position it is read in is fine: it is an example)."""
    rs = get_ruleset(slug)
    scenario = rs.scenarios()[0]["id"]
    state = rs.setup(scenario, {}, HmacDice(b"k" * 32, 0))
    role = rs.roles(scenario, {})[0]
    if slug == "semper-victor":
        state["hidden"]["hands"][role] = ["desertion#1"]
    sections = rs.notation()
    assert sections and all(s["title"]["en"] and s["title"]["fr"] for s in sections)
    for section in sections:
        for order in section["orders"]:
            assert order["explain"]["en"] and order["explain"]["fr"] and order["syntax"]
            data = {"zone": "galliae-6", "leaders": [], "units": [], "destinations": [], "excluded": []}  # a prompt of that kind
            here = dict(state, pending={"role": role, "kind": order["when"], "key": "k", "data": data}) if order.get("when") else state
            _orders, errors = rs.parse_orders(order["example"], here, role)
            reading = [e.code for e in errors if e.code.startswith(("text.", "notation."))]
            assert not reading, (order["example"], reading)
