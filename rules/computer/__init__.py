"""Computer players for every ruleset, through the rules contract alone (no Django).

One call (docs/computer.md)::

    decision = decide(ruleset, view, role, prompt, level="strong", seed=...)
    decision.orders   # an order set the ruleset validates

``view`` is ``ruleset.view(state, role)``: what a human in that seat sees, never the
state. The computer guesses the rest (``Ruleset.determinise``) and answers on its guess:

* ``random`` and ``greedy`` are baselines for matches: random legal answers, and the
  ruleset's own heuristic player (``Ruleset.policies()["greedy"]``).
* ``fast`` plays the ruleset's heuristic player on a guessed state (its answer in a few
  milliseconds); a ruleset without one gets a one-step look-ahead over its choices.
* ``strong`` looks ahead (rules/computer/search.py): it compares the fast answer with other
  plausible ones (the ruleset's ``candidates``, the other choices of each question, the
  heuristic with other random draws) by playing each on several guessed states to the
  next decision of the same kind, scored by ``Ruleset.evaluate``, within one second of CPU.

A draw offered by the other seats is answered by :func:`answer_draw`: the computer accepts
when its estimate of its chance of winning (``Ruleset.evaluate`` on guessed states) is at
most ``DRAW_ACCEPT_AT`` (at two seats; at more, that share of twice its fair share, 1/seats),
that is when it is clearly behind, and declines otherwise.

Everything is seeded by ``seed`` (the computer's own random numbers: a guess, a rollout's
imagined dice), so a decision can be replayed; the game's dice are not the computer's
business: they roll in ``resolve`` like everybody's.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass, field

from rules.base import Message, Prompt, canonical_json, json_copy
from rules.computer import answers as answers_mod
from rules.computer import search as search_mod


@dataclass(frozen=True)
class Level:
    """A strength a player can pick. ``budget``: the CPU seconds a decision may take."""

    name: str
    label: Message
    help: Message
    budget: float
    lookahead: bool


LEVELS: dict[str, Level] = {
    "fast": Level(
        "fast",
        Message("Computer (fast)", "Ordinateur (rapide)"),
        Message("Plays the plain heuristic of each ruleset: sound, quick, predictable.",
                "Joue l'heuristique simple de chaque règle : saine, rapide, prévisible."),
        0.05, False),
    "strong": Level(
        "strong",
        Message("Computer (strong)", "Ordinateur (fort)"),
        Message("Looks ahead: tries several plans on guesses of what it cannot see and keeps the best "
                "(up to a second a decision).",
                "Anticipe : essaie plusieurs plans sur des hypothèses de ce qu'il ne voit pas et garde le "
                "meilleur (jusqu'à une seconde par décision)."),
        1.0, True),
}

#: Players for matches only (not offered to players as opponents).
BASELINES = ("random", "greedy")

#: The strong level's look-ahead: answers compared, steps played after each, caution.
MAX_CANDIDATES = 10
MAX_STEPS = 12
MARGIN = 1.0
#: Part of the budget the look-ahead may use (the rest: guessing, building answers).
SEARCH_SHARE = 0.9


#: A computer seat accepts a draw when its chance of winning, as it estimates it, is at most
#: this (it is clearly behind; an even game or better: it plays on), from this many guesses.
DRAW_ACCEPT_AT = 0.4
DRAW_SAMPLES = 8


class ComputerError(Exception):
    """The computer could not answer (its guess gave it no prompt): the caller uses the
    prompt's default orders."""


@dataclass
class Decision:
    orders: dict
    level: str
    cpu_seconds: float = 0.0
    candidates: int = 1
    simulations: int = 0
    detail: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"level": self.level, "cpu_seconds": round(self.cpu_seconds, 4), "candidates": self.candidates,
                "simulations": self.simulations, "detail": self.detail}


def available(ruleset) -> bool:
    """Whether a computer player can sit in ``ruleset``: its seats see everything, or it
    says how to guess what they do not (it overrides ``Ruleset.determinise``)."""
    from rules.base import Ruleset

    return not ruleset.hidden_information or type(ruleset).determinise is not Ruleset.determinise


def level_names() -> list[str]:
    return list(LEVELS)


def player_names() -> list[str]:
    """Every player a match may use."""
    return list(BASELINES) + list(LEVELS)


def rng_for(seed) -> random.Random:
    """The computer's own random numbers for one decision (``seed``: int, str or bytes)."""
    if isinstance(seed, (bytes, bytearray)):
        seed = int.from_bytes(hashlib.sha256(bytes(seed)).digest()[:8], "big")
    elif isinstance(seed, str):
        seed = int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
    return random.Random(seed)


# -- the players, on a guessed state ------------------------------------------------------
def random_policy(ruleset):
    """Random legal answers: the ruleset's own random player when it has one, else picks
    among the choices (the self-play harness's for the Imperator board questions)."""
    offered = ruleset.policies().get("random")
    if offered is not None:
        return offered
    from rules.selfplay import random_orders

    def play(rs, state, prompt, rng):
        if any(q.mode == "board" for q in prompt.choices) or not prompt.choices:
            return random_orders(rs, state, prompt, rng)
        return answers_mod.random_answer(rs, state, prompt, rng)
    return play


def greedy_policy(ruleset):
    """The ruleset's heuristic player, or None."""
    return ruleset.policies().get("greedy")


def fast_policy(ruleset):
    """What the fast level plays (and the look-ahead plays for every seat)."""
    return greedy_policy(ruleset) or one_step_policy(ruleset)


def one_step_policy(ruleset):
    """For a ruleset without a heuristic player: each of a few answers (the default, the
    other choices of each question, random ones) played once on the guessed state, the
    best by ``evaluate`` kept."""
    rand = random_policy(ruleset)

    def play(rs, state, prompt, rng):
        base = json_copy(prompt.default_orders)
        pool = [base] + answers_mod.alternatives(prompt, base, rng, per_question=4)
        pool += [rand(rs, state, prompt, rng) for _ in range(3)]
        answers = search_mod.unique_valid(rs, state, prompt.role, pool, 8)
        if len(answers) <= 1:
            return answers[0] if answers else base
        seed = rng.getrandbits(64)
        values = [search_mod.simulate(rs, state, prompt.role, prompt.kind, a, _defaults, seed, max_steps=0)
                  for a in answers]
        return answers[max(range(len(answers)), key=lambda i: (values[i], -i))]
    return play


def _defaults(ruleset, state, prompt, rng):
    return json_copy(prompt.default_orders)


def policy_for(ruleset, name: str):
    """A baseline's or level's policy on a full state (``choose(ruleset, state, prompt,
    rng)``), for self-play; a level's look-ahead needs :func:`decide` instead."""
    if name == "random":
        return random_policy(ruleset)
    if name == "greedy":
        policy = greedy_policy(ruleset)
        if policy is None:
            raise ComputerError(f"{ruleset.slug} offers no greedy player")
        return policy
    if name == "fast":
        return fast_policy(ruleset)
    raise ComputerError(f"unknown player {name!r}")


# -- one decision -------------------------------------------------------------------------
def own_prompt(ruleset, state: dict, role: str, expected: Prompt | dict | None = None) -> Prompt:
    """``role``'s prompt on a guessed state; it must be the one the seat was given."""
    prompt = next((p for p in ruleset.prompts(state) if p.role == role), None)
    if prompt is None:
        raise ComputerError(f"{role} has no prompt in the guessed state")
    if expected is not None:
        key = expected.key if isinstance(expected, Prompt) else expected.get("key")
        if key is not None and key != prompt.key:
            raise ComputerError(f"the guessed state asks {prompt.key}, the seat was asked {key}")
    return prompt


def decide(ruleset, view: dict, role: str, prompt: Prompt | dict | None = None, *, level: str = "fast",
           seed=0, budget: float | None = None, max_simulations: int | None = None,
           clock=time.process_time) -> Decision:
    """The order set the computer plays for ``role``, seeing ``view`` only (see the module
    docstring). ``level``: ``fast``, ``strong``, or a baseline (``random``, ``greedy``).
    ``budget`` (CPU seconds) defaults to the level's; ``max_simulations`` caps the
    look-ahead instead of (or as well as) the clock, for replayable decisions. ``clock``:
    the CPU clock the budget is measured on (a test gives a scripted one)."""
    started = clock()
    rng = rng_for(seed)
    sample = ruleset.determinise(view, role, rng)
    if canonical_json(ruleset.view(sample, role)) != canonical_json(view):
        # Not a seat's view (a full state has parts no view shows), or a guess that
        # contradicts it: either way the computer would not answer from the seat's eyes.
        raise ComputerError(f"the guess does not show {role} the view it was given")
    asked = own_prompt(ruleset, sample, role, prompt)
    if level in BASELINES or level == "fast":
        orders = policy_for(ruleset, level)(ruleset, sample, asked, rng)
        if ruleset.validate(sample, role, orders):
            orders = json_copy(asked.default_orders)
        return Decision(orders=orders, level=level, cpu_seconds=clock() - started)
    if level != "strong":
        raise ComputerError(f"unknown level {level!r}")
    spec = LEVELS[level]
    budget = spec.budget if budget is None and max_simulations is None else budget
    deadline = None if budget is None else started + budget * SEARCH_SHARE
    policy = fast_policy(ruleset)
    answers = candidates(ruleset, sample, role, asked, rng, policy)
    if len(answers) == 1:
        return Decision(orders=answers[0], level=level, cpu_seconds=clock() - started)
    guesses: list[tuple[dict, int]] = [(sample, rng.getrandbits(64))]

    def samples(k: int):
        while len(guesses) <= k:
            guesses.append((ruleset.determinise(view, role, rng), rng.getrandbits(64)))
        return guesses[k]
    report = search_mod.SearchReport(candidates=len(answers))
    picked = search_mod.compare(ruleset, samples, role, asked.kind, answers, policy, deadline=deadline,
                                max_simulations=max_simulations, max_steps=MAX_STEPS, margin=MARGIN, report=report,
                                clock=clock)
    return Decision(orders=answers[picked], level=level, cpu_seconds=clock() - started,
                    candidates=len(answers), simulations=report.simulations,
                    detail={"rounds": report.rounds, "picked": picked, "means": report.means})


def candidates(ruleset, state: dict, role: str, prompt: Prompt, rng: random.Random, policy) -> list[dict]:
    """The answers the look-ahead compares, the fast level's first: then the ruleset's own
    ideas, the other choices of each question, the default, the heuristic with other random
    draws, random answers; each valid, each once, at most ``MAX_CANDIDATES``."""
    first = policy(ruleset, state, prompt, rng)
    pool = [first]
    pool += ruleset.candidates(state, role, prompt, rng)
    pool += answers_mod.alternatives(prompt, first, rng)
    pool.append(json_copy(prompt.default_orders))
    for _ in range(3):
        pool.append(policy(ruleset, state, prompt, random.Random(rng.getrandbits(64))))
    rand = random_policy(ruleset)
    for _ in range(2):
        pool.append(rand(ruleset, state, prompt, rng))
    out = search_mod.unique_valid(ruleset, state, role, pool, MAX_CANDIDATES)
    if not out or canonical_json(out[0]) != canonical_json(first):  # the fast answer was refused
        out = search_mod.unique_valid(ruleset, state, role, [json_copy(prompt.default_orders)] + out, MAX_CANDIDATES)
    return out or [json_copy(prompt.default_orders)]


@dataclass
class DrawAnswer:
    accept: bool
    value: float  # the mean of the estimates: the computer's chance of winning as it sees it
    samples: int

    def as_dict(self) -> dict:
        return {"accept": self.accept, "value": self.value, "samples": self.samples}


def answer_draw(ruleset, view: dict, role: str, *, seed=0, samples: int = DRAW_SAMPLES, seats: int = 2) -> DrawAnswer:
    """Whether the computer in ``role`` accepts a draw, seeing ``view`` only: the mean of
    ``Ruleset.evaluate`` over ``samples`` guesses of what it cannot see (one where the
    seat sees everything) against ``DRAW_ACCEPT_AT`` for a game of two ``seats``; with more
    seats an even position is worth less than ½ (Kings of Rome: ⅓ or ¼ at the start), so
    the threshold is the same share of the fair one, ``DRAW_ACCEPT_AT × 2 / seats``. Seeded
    like :func:`decide`."""
    rng = rng_for(seed)
    values = []
    for _ in range(samples if ruleset.hidden_information else 1):
        guess = ruleset.determinise(view, role, rng)
        if not values and canonical_json(ruleset.view(guess, role)) != canonical_json(view):
            raise ComputerError(f"the guess does not show {role} the view it was given")
        values.append(min(1.0, max(0.0, float(ruleset.evaluate(guess, role)))))
    value = sum(values) / len(values)
    return DrawAnswer(accept=value <= DRAW_ACCEPT_AT * 2 / max(2, seats), value=round(value, 4), samples=len(values))
