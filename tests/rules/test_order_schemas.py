"""The order-set schemas of the rules contract (``Ruleset.prompt_kinds``,
``Ruleset.order_schema``): every registered ruleset gives one per prompt kind, each a valid
closed JSON Schema, and what the engines themselves produce (default orders, random legal
orders of self-play, the text notation parsed back) conforms to it."""

from __future__ import annotations

import random

import pytest
from jsonschema import Draft202012Validator

from games.order_shapes import shape_errors
from rules.dice import HmacDice
from rules.registry import KNOWN_SLUGS, get_ruleset
from rules.selfplay import game_seed, random_orders


def _closed_everywhere(schema, where="#"):
    """Every object schema lists its fields and refuses others (or maps names to values)."""
    if isinstance(schema, dict):
        if schema.get("type") == "object" or "object" in (schema.get("type") or []):
            branches = schema.get("allOf") or []  # closed per case: {"if": ..., "then": closed}
            assert "additionalProperties" in schema or (branches and all("then" in b for b in branches)), where
        for key, value in schema.items():
            if key != "if":
                _closed_everywhere(value, f"{where}/{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            _closed_everywhere(value, f"{where}/{i}")


@pytest.mark.parametrize("slug", KNOWN_SLUGS)
def test_every_prompt_kind_has_a_valid_closed_schema(slug):
    rs = get_ruleset(slug)
    kinds = rs.prompt_kinds()
    assert kinds and kinds == sorted(set(kinds))
    for kind in kinds:
        schema = rs.order_schema(kind)
        Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        _closed_everywhere(schema)
        schema["title"] = "changed"  # a caller's copy: the ruleset's own stays as it was
        assert rs.order_schema(kind)["title"] != "changed"


@pytest.mark.parametrize("slug", KNOWN_SLUGS)
def test_what_the_engine_produces_conforms_to_its_schema(slug):
    rs = get_ruleset(slug)
    kinds, seen = set(rs.prompt_kinds()), set()
    for seed in (1, 2):
        rng, key = random.Random(seed), game_seed(seed)
        state = rs.setup(rs.scenarios()[0]["id"], {}, HmacDice(key, 0))
        for step in range(1, 250):
            prompts = rs.prompts(state)
            if not prompts:
                break
            subs = {}
            for p in prompts:
                assert p.kind in kinds, p.kind
                seen.add(p.kind)
                orders = random_orders(rs, state, p, rng)
                parsed, problems = rs.parse_orders(rs.format_orders(orders), state, p.role)
                for candidate in (p.default_orders, orders, *([] if problems else [parsed])):
                    assert shape_errors(rs, p.kind, candidate) == [], (p.kind, candidate)
                subs[p.role] = p.default_orders if rs.validate(state, p.role, orders) else orders
            state, _ = rs.resolve(state, subs, HmacDice(key, step))
    assert len(seen) >= 2
