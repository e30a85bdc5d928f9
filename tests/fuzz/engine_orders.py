"""Hypothesis strategies and checks for fuzzing order sets against the engines (no
Django): used by tests/fuzz (small) and bench/soak.py (large).

Order sets are drawn three ways: arbitrary JSON values; structured order sets built from
the prompt's own legal-option summary and then mutated (a wrong type, an unknown id, a
key removed); and text, both arbitrary and the engine's own ``format_orders`` of a
mutated order set with lines dropped or garbled. The engine must never raise; every
refusal must carry a non-empty code, a path (a string) and a message in English and
French; an order set that ``validate`` accepts must resolve without an exception."""

from __future__ import annotations

import copy
import random

from hypothesis import strategies as st

from rules.dice import HmacDice
from rules.registry import get_ruleset
from rules.selfplay import game_seed, random_orders

SLUGS = ("semper-victor", "tetrarchia")

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                         st.text(max_size=20))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)), max_leaves=20)

_positions: dict[str, list] = {}


def positions(slug: str, *, games: int = 2, every: int = 7, limit: int = 12) -> list[tuple]:
    """(state, prompt) pairs from a few steps of random self-play, cached per slug."""
    if slug in _positions:
        return _positions[slug]
    rs = get_ruleset(slug)
    found = []
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        key = game_seed(seed)
        state = rs.setup(rs.scenarios()[0]["id"], {}, HmacDice(key, 0))
        for step in range(1, 200):
            prompts = rs.prompts(state)
            if not prompts or len(found) >= limit * seed:
                break
            if step % every == 1:
                found.extend((copy.deepcopy(state), p) for p in prompts)
            subs = {}
            for p in prompts:
                orders = random_orders(rs, state, p, rng)
                subs[p.role] = p.default_orders if rs.validate(state, p.role, orders) else orders
            state, _ = rs.resolve(state, subs, HmacDice(key, step))
    _positions[slug] = found
    return found


def mutate(value, rnd: random.Random, depth: int = 0):
    """One random damage somewhere in a JSON value."""
    choice = rnd.random()
    if isinstance(value, dict) and value and depth < 4 and choice < 0.6:
        key = rnd.choice(sorted(value, key=str))
        out = dict(value)
        if rnd.random() < 0.2:
            del out[key]
        else:
            out[key] = mutate(out[key], rnd, depth + 1)
        return out
    if isinstance(value, list) and value and depth < 4 and choice < 0.6:
        out = list(value)
        i = rnd.randrange(len(out))
        out[i] = mutate(out[i], rnd, depth + 1)
        return out
    return rnd.choice([None, -1, 0, 10**9, "", "nowhere", "X" * 300, [], {}, [None], {"": None}, True, 3.5,
                       ["ROMA", "ROMA"], "../../etc"])


def check_errors(problems) -> None:
    for e in problems:
        d = e.as_dict()
        assert isinstance(d["code"], str) and d["code"], d
        assert isinstance(d["path"], str), d
        assert isinstance(d["message"], dict) and d["message"].get("en") and d["message"].get("fr"), d


def check_json_orders(slug: str, index: int, orders) -> None:
    rs = get_ruleset(slug)
    items = positions(slug)
    state, prompt = items[index % len(items)]
    problems = rs.validate(copy.deepcopy(state), prompt.role, orders)
    check_errors(problems)
    if not problems and prompt.kind:
        # Accepted orders must resolve (with the other prompts' defaults).
        subs = {p.role: p.default_orders for p in rs.prompts(state)}
        subs[prompt.role] = orders
        rs.resolve(copy.deepcopy(state), copy.deepcopy(subs), HmacDice(b"f" * 32, 1))


def check_text(slug: str, index: int, text: str) -> None:
    rs = get_ruleset(slug)
    items = positions(slug)
    state, prompt = items[index % len(items)]
    orders, problems = rs.parse_orders(text, copy.deepcopy(state), prompt.role)
    check_errors(problems)
    if not problems:
        assert isinstance(orders, dict)
        check_errors(rs.validate(copy.deepcopy(state), prompt.role, orders))


def structured(slug: str, index: int, seed: int, damage: int):
    rs = get_ruleset(slug)
    items = positions(slug)
    state, prompt = items[index % len(items)]
    rnd = random.Random(seed)
    orders = random_orders(rs, state, prompt, rnd)
    for _ in range(damage):
        orders = mutate(orders, rnd)
    return orders


def formatted_text(slug: str, index: int, seed: int, damage: int) -> str:
    rs = get_ruleset(slug)
    items = positions(slug)
    state, prompt = items[index % len(items)]
    rnd = random.Random(seed)
    text = rs.format_orders(random_orders(rs, state, prompt, rnd))
    lines = text.splitlines() or [""]
    for _ in range(damage):
        i = rnd.randrange(len(lines))
        action = rnd.random()
        if action < 0.3:
            lines.pop(i) if len(lines) > 1 else None
        elif action < 0.6:
            words = lines[i].split()
            rnd.shuffle(words)
            lines[i] = " ".join(words)
        else:
            lines[i] = lines[i][: rnd.randrange(len(lines[i]) + 1)] + rnd.choice(["??", " -> ", "Ω", "\t", "999", ""])
    return "\n".join(lines)
