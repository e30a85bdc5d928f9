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

from games.order_shapes import shape_errors
from rules.registry import KNOWN_SLUGS

#: Every registered ruleset: a title registered later is fuzzed without a change here.
SLUGS = tuple(KNOWN_SLUGS)

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


# -- type confusion from each ruleset's own order-set schemas (Ruleset.order_schema) -------

def kinds(slug: str) -> list[str]:
    return get_ruleset(slug).prompt_kinds()


_by_kind: dict[str, dict] = {}


def positions_by_kind(slug: str, *, games: int = 4, max_steps: int = 400) -> dict[str, tuple]:
    """One (state, prompt) per prompt kind that random self-play reaches, cached per slug.
    Kinds it does not reach are fuzzed against the schema check alone."""
    if slug in _by_kind:
        return _by_kind[slug]
    rs = get_ruleset(slug)
    found: dict[str, tuple] = {}
    wanted = set(rs.prompt_kinds())
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        key = game_seed(seed)
        state = rs.setup(rs.scenarios()[0]["id"], {}, HmacDice(key, 0))
        for step in range(1, max_steps):
            prompts = rs.prompts(state)
            if not prompts or wanted <= set(found):
                break
            subs = {}
            for p in prompts:
                found.setdefault(p.kind, (copy.deepcopy(state), p))
                orders = random_orders(rs, state, p, rng)
                subs[p.role] = p.default_orders if rs.validate(state, p.role, orders) else orders
            state, _ = rs.resolve(state, subs, HmacDice(key, step))
    _by_kind[slug] = found
    return found


def words_of(state) -> list[str]:
    """Every short string in a state (piece, zone, fleet, stratagem names...): the names a
    generated order set draws from, whatever the ruleset."""
    out: set[str] = set()

    def walk(value, depth=0):
        if depth > 6 or len(out) > 400:
            return
        if isinstance(value, str) and 0 < len(value) <= 40:
            out.add(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k, depth + 1)
                walk(v, depth + 1)
        elif isinstance(value, list):
            for v in value[:30]:
                walk(v, depth + 1)

    walk(state)
    return sorted(out)


def _pick_type(schema: dict, rnd: random.Random) -> str | None:
    t = schema.get("type")
    if isinstance(t, list):
        return rnd.choice(t)
    return t


def from_schema(schema: dict, rnd: random.Random, words: list[str], depth: int = 0):
    """A value that conforms to ``schema`` (the subset of JSON Schema the rulesets use),
    its strings drawn from ``words``."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return rnd.choice(schema["enum"])
    if "anyOf" in schema:
        return from_schema(rnd.choice(schema["anyOf"]), rnd, words, depth)
    branches = [part["then"] for part in schema.get("allOf", []) if "then" in part]
    if branches:
        return from_schema(rnd.choice(branches), rnd, words, depth)
    kind = _pick_type(schema, rnd)
    if kind == "null":
        return None
    if kind == "boolean":
        return rnd.random() < 0.5
    if kind == "integer":
        return rnd.randint(schema.get("minimum", -5), min(schema.get("maximum", 20), 20))
    if kind == "string":
        return rnd.choice(words) if words and rnd.random() < 0.9 else rnd.choice(["x", "nowhere", "ROMA"])
    if kind == "array":
        n = rnd.randint(schema.get("minItems", 0), max(schema.get("minItems", 0), 3 if depth < 3 else 1))
        return [from_schema(schema["items"], rnd, words, depth + 1) for _ in range(n)]
    if kind == "object":
        props = schema.get("properties", {})
        if props:
            required = set(schema.get("required", []))
            return {k: from_schema(v, rnd, words, depth + 1) for k, v in sorted(props.items())
                    if k in required or rnd.random() < 0.5}
        values = schema.get("additionalProperties")
        if isinstance(values, dict):
            return {rnd.choice(words) if words else "k": from_schema(values, rnd, words, depth + 1)
                    for _ in range(rnd.randint(0, 2))}
        return {}
    return None


CONFUSIONS = [None, True, False, 0, -1, 10.0, 3.5, 10**12, "", "x", "X" * 300, [], [[]], [{}], [None], {}, {"": None},
              {"to": {}}, [1], ["ROMA", "ROMA"]]


def _nodes(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for k in sorted(value, key=str):
            yield from _nodes(value[k], path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, path + (i,))


def _replace(value, path, new):
    if not path:
        return new
    out = copy.copy(value)
    out[path[0]] = _replace(value[path[0]], path[1:], new)
    return out


def type_confused(schema: dict, rnd: random.Random, words: list[str], damage: int = 1):
    """A conforming order set with ``damage`` nodes swapped for values of another type
    (or an unknown key added to an object): the class of input that once reached the
    engines as ``{"naval": [{"fleet": [1], "to": {}}]}``."""
    value = from_schema(schema, rnd, words)
    for _ in range(damage):
        nodes = list(_nodes(value))
        path, node = rnd.choice(nodes)
        if isinstance(node, dict) and rnd.random() < 0.3:
            value = _replace(value, path, {**node, rnd.choice(["from", "bogus", "", "to"]): rnd.choice(CONFUSIONS)})
        else:
            value = _replace(value, path, copy.deepcopy(rnd.choice(CONFUSIONS)))
    return value


def check_kind(slug: str, kind: str, orders) -> None:
    """What the platform does with an order set: the shape check, then (when it passes and
    self-play reached this kind) the engine's validation and, for an accepted set, the
    resolution. Nothing may raise; every refusal has a code, a path and both messages."""
    rs = get_ruleset(slug)
    shape = shape_errors(rs, kind, orders)
    for e in shape:
        assert e["code"] and isinstance(e["path"], str) and e["message"]["en"] and e["message"]["fr"], e
    if shape:
        return
    found = positions_by_kind(slug).get(kind)
    if found is None:
        return
    state, prompt = found
    problems = rs.validate(copy.deepcopy(state), prompt.role, orders)
    check_errors(problems)
    if not problems:
        subs = {p.role: p.default_orders for p in rs.prompts(state)}
        subs[prompt.role] = orders
        rs.resolve(copy.deepcopy(state), copy.deepcopy(subs), HmacDice(b"f" * 32, 1))


def conforming(slug: str, kind: str, seed: int):
    found = positions_by_kind(slug).get(kind)
    words = words_of(found[0]) if found else []
    return from_schema(get_ruleset(slug).order_schema(kind), random.Random(seed), words)


def confused(slug: str, kind: str, seed: int, damage: int):
    found = positions_by_kind(slug).get(kind)
    words = words_of(found[0]) if found else []
    return type_confused(get_ruleset(slug).order_schema(kind), random.Random(seed), words, damage)


def slug_kinds() -> list[tuple[str, str]]:
    return [(slug, kind) for slug in SLUGS for kind in kinds(slug)]
