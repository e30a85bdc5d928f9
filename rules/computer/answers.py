"""Order sets built from a prompt's choices (``Prompt.choices``, ``Ruleset.choices``):
a random legal answer, and the alternatives a look-ahead compares with a given answer.

Everything here goes through the rules contract alone, so it works for every ruleset whose
prompts carry choices. A ``board`` question (a map on which a player builds moves) carries
no order fragments: its part of an answer comes from the ruleset's own players
(``Ruleset.policies``, ``Ruleset.candidates``), never from here.
"""

from __future__ import annotations

import random

from rules.base import Choice, Question, json_copy, merge_orders

#: How many picks a sequence question makes at most in one random answer.
SEQUENCE_PICKS = 12


def question_keys(q: Question) -> set[str]:
    """The top-level order-set keys the choices of ``q`` write."""
    return {key for c in q.choices for key in c.orders}


def without(orders: dict, q: Question) -> dict:
    """``orders`` with the part that question ``q`` writes taken out: the entries its
    choices would add (a dict's keys, a list's items) or the keys they set."""
    out = json_copy(orders)
    for c in q.choices:
        for key, value in c.orders.items():
            if key not in out:
                continue
            if isinstance(value, dict) and isinstance(out[key], dict):
                for sub in value:
                    out[key].pop(sub, None)
                if not out[key]:
                    del out[key]
            elif isinstance(value, list) and isinstance(out[key], list):
                out[key] = [item for item in out[key] if item not in value]
            else:
                del out[key]
    return out


def random_pick(q: Question, rng: random.Random) -> list[Choice]:
    """A random legal answer to one question (not ``board``, not ``sequence``)."""
    choices = list(q.choices)
    if not choices:
        return []
    if q.mode == "one":
        if q.min == 0 and rng.random() < 0.3:
            return []
        return [rng.choice(choices)]
    if q.mode == "ranked":
        low = max(1, q.min)
        high = len(choices) if q.max is None else min(q.max, len(choices))
        return rng.sample(choices, rng.randint(min(low, high), high)) if high else []
    if q.mode == "many":
        high = len(choices) if q.max is None else min(q.max, len(choices))
        count = rng.randint(min(q.min, high), max(min(q.min, high), min(high, q.min + 2)))
        return rng.sample(choices, count)
    return []


def random_answer(ruleset, state: dict, prompt, rng: random.Random, board=None) -> dict:
    """A random answer made of picked choices, each question in turn; a ``sequence``
    question is picked one choice at a time, the engine offering the next choices after
    each (:meth:`Ruleset.choices` with the draft). ``board(ruleset, state, prompt, rng)``
    answers the ``board`` questions (their moves); without it they stay empty."""
    fragments: list[dict] = []
    for q in prompt.choices:
        if q.mode == "board":
            if board is not None:
                moves = board(ruleset, state, prompt, rng)
                fragments.append({k: v for k, v in moves.items() if k in _board_keys(prompt, moves)})
        elif q.mode == "sequence":
            fragments += [c.orders for c in _random_sequence(ruleset, state, prompt, q, fragments, rng)]
        else:
            fragments += [c.orders for c in random_pick(q, rng)]
    return merge_orders(fragments)


def _board_keys(prompt, moves: dict) -> set[str]:
    """The keys of a board player's answer that no other question of the prompt writes."""
    others = set()
    for q in prompt.choices:
        if q.mode != "board":
            others |= question_keys(q)
    return {k for k in moves if k not in others}


def _random_sequence(ruleset, state: dict, prompt, q: Question, before: list[dict], rng) -> list[Choice]:
    chosen: list[Choice] = []
    for _ in range(SEQUENCE_PICKS):
        draft = merge_orders(before + [c.orders for c in chosen])
        current = next((x for x in ruleset.choices(state, prompt.role, draft) if x.id == q.id), None)
        if current is None or not current.choices:
            break
        if current.min == 0 and rng.random() < 0.25:
            break
        chosen.append(rng.choice(current.choices))
    return chosen


def alternatives(prompt, base: dict, rng: random.Random, per_question: int = 6) -> list[dict]:
    """Answers that differ from ``base`` in one question: each other choice of a ``one``
    question, each choice first of a ``ranked`` one, nothing or one choice alone of a
    ``many`` one (at most ``per_question`` a question, drawn at random beyond that).
    ``sequence`` and ``board`` questions are left to random answers and the ruleset."""
    out: list[dict] = []
    for q in prompt.choices:
        if q.mode in ("board", "sequence") or not q.choices:
            continue
        rest = without(base, q)
        options: list[list[Choice]] = []
        if q.mode == "one":
            options = [[c] for c in q.choices] + ([[]] if q.min == 0 else [])
        elif q.mode == "ranked":
            kept = _picked(base, q) or list(q.choices)
            for c in q.choices:
                options.append([c] + [x for x in kept if x.id != c.id])
        elif q.mode == "many":
            options = ([[]] if q.min == 0 else []) + ([[c] for c in q.choices] if q.min <= 1 else [])
        if len(options) > per_question:
            options = rng.sample(options, per_question)
        for picked in options:
            out.append(merge_orders([rest] + [c.orders for c in picked]))
    return out


def _picked(orders: dict, q: Question) -> list[Choice]:
    """The choices of ``q`` that ``orders`` holds, in the order it holds them (a ranked
    list's order)."""
    found = []
    for c in q.choices:
        for key, value in c.orders.items():
            held = orders.get(key)
            if isinstance(value, list) and isinstance(held, list) and value and value[0] in held:
                found.append((held.index(value[0]), c))
            elif held == value:
                found.append((0, c))
    return [c for _, c in sorted(found, key=lambda pair: pair[0])]
