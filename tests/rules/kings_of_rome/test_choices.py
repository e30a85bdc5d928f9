"""Kings of Rome played by choices alone (rules/base.py: Prompt.choices, Ruleset.choices,
Ruleset.standing): every answer a player can click validates, matches the kind's schema and
reads back from its notation lines; labels name things in both languages; no prompt is left
with a single answer; every standing policy choice reads back as its ``policy`` fragment."""

from __future__ import annotations


import pytest
from jsonschema import Draft202012Validator

from rules.base import merge_orders, only_answer
from rules.registry import get_ruleset
from rules.selfplay import _normal, play_game

RS = get_ruleset("kings-of-rome")


def _check(q) -> None:
    assert q.mode in ("one", "many", "ranked", "sequence", "board")
    assert q.label.en and q.label.fr
    ids = [c.id for c in q.choices]
    assert len(ids) == len(set(ids)), q.id
    assert set(q.default) <= set(ids), (q.id, q.default)
    for c in q.choices:
        assert c.label.en and c.label.fr and "_" not in c.label.en, c.label
        assert c.text and c.orders, c


def _sequence(state, prompt, q, picked, rng):
    chosen = []
    for _ in range(6):
        draft = merge_orders([c.orders for c in picked + chosen])
        current = next((x for x in RS.choices(state, prompt.role, draft) if x.id == q.id), None)
        if current is None or not current.choices or (current.budget and current.budget["left"] <= 0):
            break
        if rng.random() < 0.35:
            break
        chosen.append(rng.choice(list(current.choices)))
    return chosen


def player(kinds):
    def answer(ruleset, state, prompt, rng):
        kinds.add(prompt.kind)
        assert only_answer(list(prompt.choices)) is None, prompt.key
        assert prompt.context["summary"]["en"] and prompt.context["summary"]["fr"]
        picked = []
        for q in prompt.choices:
            _check(q)
            if q.mode == "sequence":
                picked += _sequence(state, prompt, q, picked, rng)
            elif q.choices and (q.min or rng.random() < 0.7):
                picked.append(rng.choice(list(q.choices)))
        standing = RS.standing(state, prompt.role)
        if rng.random() < 0.3:
            q = rng.choice(standing)
            picked.append(rng.choice(list(q.choices)))
        orders = merge_orders(c.orders for c in picked)
        shape = [e.message for e in Draft202012Validator(RS.order_schema(prompt.kind)).iter_errors(orders)]
        assert not shape, (prompt.kind, orders, shape)
        problems = RS.validate(state, prompt.role, orders)
        assert not problems, (prompt.key, [c.text for c in picked], [p.as_dict() for p in problems])
        text = "\n".join(c.text for c in picked)
        parsed, errors = RS.parse_orders(text, state, prompt.role)
        assert not errors, (text, [e.as_dict() for e in errors])
        assert _normal(parsed) == _normal(orders), (text, parsed, orders)
        return orders
    return answer


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_kings_of_rome_played_by_choices(players, seed):
    kinds: set[str] = set()
    report = play_game("kings-of-rome", seed, options={"players": players, "last_turn": 12}, choose=player(kinds))
    assert report.ok, report.detail
    assert report.refused_orders == 0
    assert report.outcome is not None
    assert {"political", "actions", "candidates"} <= kinds


def test_every_standing_choice_reads_back():
    state = RS.setup("750", {"players": 3}, __import__("rules.dice", fromlist=["HmacDice"]).HmacDice(b"s" * 32, 0))
    prompt = RS.prompts(state)[0]
    questions = RS.standing(state, prompt.role)
    assert {q.id for q in questions} >= {"policy:tactic", "policy:reserve", "policy:king_reroll"}
    default = RS.format_orders(prompt.default_orders)
    for q in questions:
        _check(q)
        assert len(q.default) == 1
        for c in q.choices:
            parsed, errors = RS.parse_orders(default + "\n" + c.text, state, prompt.role)
            assert not errors, c.text
            assert parsed["policy"] == c.orders["policy"]
            assert RS.validate(state, prompt.role, dict(prompt.default_orders, policy=c.orders["policy"])) == []
