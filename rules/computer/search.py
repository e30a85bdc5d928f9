"""The look-ahead of the strong level: compare a few plausible answers by playing each
on sampled states to a horizon and asking the ruleset how good the result is.

* **Samples.** The computer never sees the real state: each sample is
  ``Ruleset.determinise(view)``, a full state drawn consistently with what its seat sees
  (the other hands, the bowl, the orders still sealed are guesses), and a key for the
  imagined dice (the computer's own random numbers: never the game's dice key, which
  would let it foresee the real rolls).
* **Common random numbers.** Sample ``k`` (the same guessed state and the same imagined
  dice) is used for every answer, so two answers are compared on the same luck; the
  difference of their values is far less noisy than each value.
* **Horizon.** From the answer, the game is played on by the fast level for every seat
  (the other seats and later decisions of this one) until this seat is asked the same kind
  of question again (its next SMC, its next emperor's phase), the game ends, or
  ``max_steps`` steps; ``Ruleset.evaluate`` scores the position reached.
* **Budget.** Rounds of one sample per answer run while the CPU budget lasts; after the
  second round and each doubling, the worse half of the answers is dropped (successive
  halving), so the time goes to the answers that might be best.
* **Caution.** The first answer is the fast level's. Another answer replaces it only when
  its mean over the shared samples is higher by more than ``margin`` standard errors of
  the paired differences: the look-ahead changes the plan only when it has seen why.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from rules.base import canonical_json
from rules.dice import Dice


class SampleDice(Dice):
    """Imagined dice for a look-ahead: a seeded ``random.Random``, cheap, never the game's."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng

    def _draw(self, bound: int, purpose: str) -> int:
        return self.rng.randrange(bound)


@dataclass
class SearchReport:
    candidates: int = 0
    simulations: int = 0
    rounds: int = 0
    means: list = field(default_factory=list)
    picked: int = 0


#: Steps after which the look-ahead also stops at any decision of its own seat.
PATIENCE = 3


def simulate(ruleset, state: dict, role: str, kind: str, orders: dict, policy, seed: int, *, max_steps: int) -> float:
    """``orders`` played for ``role`` on ``state``, then the game on with ``policy`` for
    every seat until the horizon: ``role`` asked the same kind of question again, or any
    question after ``PATIENCE`` steps, the end, or ``max_steps`` steps; the ruleset's
    evaluation of the position reached."""
    rng = random.Random(seed)
    submissions = {role: orders}
    waiting = ruleset.awaiting(state)
    if any(r != role for r, _ in waiting):  # other seats answer the same step (simultaneous orders)
        for prompt in ruleset.prompts(state):
            if prompt.role != role:
                submissions[prompt.role] = policy(ruleset, state, prompt, rng)
    state, _events = ruleset.resolve(state, submissions, SampleDice(rng))
    for step in range(max_steps):
        waiting = ruleset.awaiting(state)
        mine = [k for r, k in waiting if r == role]
        if not waiting or kind in mine or (mine and step >= PATIENCE):
            break
        submissions = {p.role: policy(ruleset, state, p, rng) for p in ruleset.prompts(state)}
        state, _events = ruleset.resolve(state, submissions, SampleDice(rng))
    return ruleset.evaluate(state, role)


def compare(ruleset, samples, role: str, kind: str, answers: list[dict], policy, *, deadline: float,
            max_simulations: int | None, max_steps: int, margin: float, report: SearchReport,
            clock=time.process_time) -> int:
    """The index of the answer to play (0, the fast level's, unless another is clearly
    better). ``samples(k)`` gives the k-th ``(state, seed)``; ``deadline`` is a value of
    ``clock`` (CPU seconds, ``time.process_time`` unless a test scripts it)."""
    n = len(answers)
    now = clock
    clock = _Clock(deadline, max_simulations, now)
    values: list[list[float]] = [[] for _ in range(n)]
    alive = list(range(n))
    k = 0
    next_cut = 2
    while True:
        if clock.spent(report.simulations):
            break
        state, seed = samples(k)
        done = True
        for i in alive:
            if clock.spent(report.simulations):
                done = False
                break
            started = now()
            values[i].append(simulate(ruleset, state, role, kind, answers[i], policy, seed, max_steps=max_steps))
            clock.took(now() - started)
            report.simulations += 1
        if not done:
            break
        k += 1
        report.rounds = k
        if k >= next_cut and len(alive) > 2:
            means = {i: sum(values[i][:k]) / k for i in alive}
            keep = sorted(alive, key=lambda i: (-means[i], i))[: max(2, (len(alive) + 1) // 2)]
            if 0 not in keep:  # the fast answer stays: everything is compared with it
                keep = keep[:-1] + [0]
            alive = sorted(keep)
            next_cut *= 2
    rounds = report.rounds
    report.means = [round(sum(v[:rounds]) / rounds, 4) if rounds and len(v) >= rounds else None for v in values]
    if rounds < 2:
        return 0
    best, best_mean = 0, sum(values[0][:rounds]) / rounds
    for i in alive:
        mean = sum(values[i][:rounds]) / rounds
        if i == 0 or mean <= best_mean:
            continue
        diffs = [a - b for a, b in zip(values[i][:rounds], values[0][:rounds])]
        d = sum(diffs) / rounds
        var = sum((x - d) ** 2 for x in diffs) / (rounds - 1)
        se = math.sqrt(var / rounds)
        if d > margin * se and d > 1e-9:
            best, best_mean = i, mean
    return best


class _Clock:
    """When to stop: ``max_simulations`` reached, or the next simulation (as long as the
    longest so far) would end past ``deadline`` (a value of ``now``)."""

    def __init__(self, deadline: float | None, max_simulations: int | None, now=time.process_time):
        self.deadline, self.max_simulations, self.longest, self.now = deadline, max_simulations, 0.0, now

    def took(self, seconds: float) -> None:
        self.longest = max(self.longest, seconds)

    def spent(self, simulations: int) -> bool:
        if self.max_simulations is not None and simulations >= self.max_simulations:
            return True
        return self.deadline is not None and self.now() + self.longest >= self.deadline


def unique_valid(ruleset, state: dict, role: str, answers: list[dict], limit: int) -> list[dict]:
    """The first ``limit`` answers that ``validate`` accepts on ``state``, each once."""
    seen: set[str] = set()
    out = []
    for orders in answers:
        if orders is None:
            continue
        key = canonical_json(orders)
        if key in seen:
            continue
        seen.add(key)
        if ruleset.validate(state, role, orders):
            continue
        out.append(orders)
        if len(out) >= limit:
            break
    return out
