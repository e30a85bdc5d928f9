"""The rules contract's small helpers (rules/base.py)."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from rules import get_ruleset
from rules.base import Message, Prompt, json_copy
from rules.dice import HmacDice
from rules.registry import KNOWN_SLUGS


def test_json_copy_is_deep_and_equal():
    value = {"a": [1, {"b": [2, 3], "c": None}], "d": {"e": "x", "f": 1.5, "g": True}, "h": []}
    copied = json_copy(value)
    assert copied == value
    copied["a"][1]["b"].append(4)
    copied["d"]["e"] = "y"
    copied["h"].append(1)
    assert value == {"a": [1, {"b": [2, 3], "c": None}], "d": {"e": "x", "f": 1.5, "g": True}, "h": []}


def _listed(value):
    """``dataclasses.asdict`` keeps tuples; JSON has lists."""
    if isinstance(value, dict):
        return {k: _listed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_listed(v) for v in value]
    return value


def _asdict_form(prompt: Prompt) -> dict:
    """What ``as_dict`` gave when it was ``dataclasses.asdict`` (messages as their dicts)."""
    d = _listed(dataclasses.asdict(prompt))
    d["title"] = prompt.title.as_dict() if prompt.title else None
    return d


@pytest.mark.parametrize("slug", KNOWN_SLUGS)
def test_prompt_as_dict_is_the_dataclass_form_and_a_copy(slug):
    rs = get_ruleset(slug)
    for scenario in rs.scenarios():
        state = rs.setup(scenario["id"], {}, HmacDice(b"k" * 32, 0))
        prompts = rs.prompts(state)
        assert prompts, (slug, scenario["id"])
        for prompt in prompts:
            d = prompt.as_dict()
            assert d == _asdict_form(prompt)
            before = copy.deepcopy(prompt.options)
            for value in d["options"].values():
                if isinstance(value, list):
                    value.append("changed")
                elif isinstance(value, dict):
                    value["changed"] = True
            assert prompt.options == before


def test_prompt_as_dict_by_hand():
    p = Prompt(role="PRIMUS", kind="smc", key="k", options={"stacks": [{"zone": "roma"}]},
               default_orders={"moves": []}, title=Message("Move", "Mouvement"))
    assert p.as_dict() == {"role": "PRIMUS", "kind": "smc", "key": "k", "options": {"stacks": [{"zone": "roma"}]},
                           "default_orders": {"moves": []}, "title": {"en": "Move", "fr": "Mouvement"},
                           "choices": [], "context": {}}


def _scribble(value) -> None:
    """Change every container inside ``value``, all the way down."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _scribble(v)
        value["scribbled"] = True
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")


def _positions(slug: str, steps: int = 12) -> list[dict]:
    """The set-up and the positions after each of the first steps (default orders)."""
    rs = get_ruleset(slug)
    state = rs.setup(rs.scenarios()[0]["id"], {}, HmacDice(b"v" * 32, 0))
    out = [state]
    for n in range(1, steps + 1):
        prompts = rs.prompts(state)
        if not prompts:
            break
        state, _ = rs.resolve(state, {p.role: p.default_orders for p in prompts}, HmacDice(b"v" * 32, n))
        out.append(state)
    return out


@pytest.mark.parametrize("slug", KNOWN_SLUGS)
def test_a_view_shares_nothing_with_the_state(slug):
    """Ruleset.view returns a new dict: callers (games.selectors) keep it without a copy."""
    rs = get_ruleset(slug)
    scenario = rs.scenarios()[0]["id"]
    roles = [None, *rs.roles(scenario, {})]
    for state in _positions(slug):
        before = copy.deepcopy(state)
        for role in roles:
            _scribble(rs.view(state, role))
        assert state == before
