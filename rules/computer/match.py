"""Matches between players (``manage.py match``; no Django here): N games of a scenario,
the two players changing seats every game, with win rates, their 95 % confidence
intervals and the time each decision took.

Players: ``random`` and ``greedy`` are the self-play baselines, given the state as in
``manage.py selfplay``; ``fast`` and ``strong`` are the computer's levels, given each seat's
view only (rules/computer/). Games come in pairs on the same dice: game 2k and 2k+1 share
one dice key and swap the seats, so the luck of the dice falls on both players alike.

A cooperative ruleset (Tetrarchia: every role wins or loses together) has no opponent: a
"match" there is N games of one player holding every role, and the figure is the
victory rate.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field

from rules import computer
from rules.dice import HmacDice
from rules.registry import get_ruleset

#: The z of a two-sided 95 % interval.
Z95 = 1.959964


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may count draws as halves)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameResult:
    index: int
    seats: dict          # role -> player name
    winner: str | None   # the winning player's name, None for a draw (or a cooperative defeat)
    outcome: dict
    steps: int
    seconds: float
    fallbacks: dict = field(default_factory=dict)  # player -> answers replaced by the default orders


@dataclass
class MatchReport:
    slug: str
    scenario: str
    options: dict
    players: tuple
    seed: int
    games: list = field(default_factory=list)
    times: dict = field(default_factory=lambda: defaultdict(list))  # (player, kind) -> CPU seconds
    cooperative: bool = False

    def score(self, player: str) -> float:
        """Games won by ``player``, a draw counting half."""
        return sum(1.0 if g.winner == player else 0.5 if g.winner is None and not self.cooperative else 0.0
                   for g in self.games)

    def as_dict(self) -> dict:
        n = len(self.games)
        out = {"ruleset": self.slug, "scenario": self.scenario, "options": self.options, "players": list(self.players),
               "seed": self.seed, "games": n, "cooperative": self.cooperative, "results": {}, "times": {}}
        for player in sorted(set(self.players)):
            wins = self.score(player)
            low, high = wilson(wins, n)
            out["results"][player] = {"score": wins, "rate": round(wins / n, 4) if n else None,
                                      "ci95": [round(low, 4), round(high, 4)]}
        if not self.cooperative:
            out["draws"] = sum(1 for g in self.games if g.winner is None)
            by_seat = defaultdict(lambda: [0.0, 0])
            for g in self.games:
                for role, player in g.seats.items():
                    by_seat[f"{player} as {role}"][1] += 1
                    by_seat[f"{player} as {role}"][0] += 1.0 if g.winner == player else 0.5 if g.winner is None else 0
            out["by_seat"] = {k: {"score": v[0], "games": v[1]} for k, v in sorted(by_seat.items())}
        for (player, kind), values in sorted(self.times.items()):
            values = sorted(values)
            out["times"][f"{player} {kind}"] = {
                "decisions": len(values), "mean_ms": round(1000 * statistics.fmean(values), 2),
                "median_ms": round(1000 * statistics.median(values), 2),
                "p95_ms": round(1000 * values[min(len(values) - 1, int(0.95 * len(values)))], 2),
                "max_ms": round(1000 * values[-1], 2)}
        out["fallbacks"] = {p: sum(g.fallbacks.get(p, 0) for g in self.games) for p in sorted(set(self.players))}
        out["seconds"] = round(sum(g.seconds for g in self.games), 1)
        return out


def match_key(seed: int, pair: int) -> bytes:
    return hashlib.sha256(f"cursus-match:{seed}:{pair}".encode()).digest()


def play_match(slug: str, a: str, b: str, games: int, *, scenario: str | None = None, options: dict | None = None,
               seed: int = 1, budget: float | None = None, max_simulations: int | None = None,
               max_steps: int = 20000, years: int | None = None, progress=None) -> MatchReport:
    """``games`` games of ``a`` against ``b`` (see the module docstring). ``years`` cuts
    each game short (a harness knob, as in self-play; Imperator titles only)."""
    ruleset = get_ruleset(slug)
    scenario = scenario or ruleset.scenarios()[0]["id"]
    report = MatchReport(slug=slug, scenario=scenario, options=dict(options or {}), players=(a, b), seed=seed)
    for index in range(games):
        result = play_one(ruleset, scenario, dict(options or {}), a, b, index, seed, report,
                          budget=budget, max_simulations=max_simulations, max_steps=max_steps, years=years)
        report.games.append(result)
        if progress:
            progress(index + 1, games, result)
    return report


def play_one(ruleset, scenario: str, options: dict, a: str, b: str, index: int, seed: int, report: MatchReport, *,
             budget=None, max_simulations=None, max_steps: int = 20000, years: int | None = None) -> GameResult:
    started = time.perf_counter()
    key = match_key(seed, index // 2)
    state = ruleset.setup(scenario, options, HmacDice(key, 0))
    if years:
        state["last_year"] = min(state["last_year"], state["first_year"] + years - 1)
    roles = _roles(ruleset, state, scenario, options)
    cooperative = ruleset.cooperative
    report.cooperative = cooperative
    first, second = (a, b) if index % 2 == 0 else (b, a)
    seats = {role: (first if cooperative or n % 2 == 0 else second) for n, role in enumerate(roles)}
    fallbacks: dict = {}
    step = 0
    rng = random.Random(f"{seed}:{index}")
    while True:
        prompts = ruleset.prompts(state)
        if not prompts:
            break
        step += 1
        if step > max_steps:
            raise RuntimeError(f"game {index}: more than {max_steps} steps")
        submissions = {}
        for prompt in prompts:
            player = seats[prompt.role]
            took = time.process_time()
            if player in computer.LEVELS:
                try:
                    decision = computer.decide(ruleset, ruleset.view(state, prompt.role), prompt.role, prompt,
                                               level=player, seed=rng.getrandbits(64), budget=budget,
                                               max_simulations=max_simulations)
                    orders = decision.orders
                except computer.ComputerError:
                    orders = prompt.default_orders
                    fallbacks[player] = fallbacks.get(player, 0) + 1
            else:  # a baseline, given the state as in self-play
                orders = computer.policy_for(ruleset, player)(ruleset, state, prompt, rng)
            report.times[(player, prompt.kind)].append(time.process_time() - took)
            if ruleset.validate(state, prompt.role, orders):  # (the random baseline's, now and then)
                orders = prompt.default_orders
                fallbacks[player] = fallbacks.get(player, 0) + 1
            submissions[prompt.role] = orders
        state, _events = ruleset.resolve(state, submissions, HmacDice(key, step))
    outcome = ruleset.outcome(state)
    data = outcome.as_dict() if outcome else {}
    if cooperative:
        winner = seats[roles[0]] if data.get("level") == "victory" else None
    else:
        winner = seats.get(data.get("winner")) if data.get("winner") else None
    return GameResult(index=index, seats=seats, winner=winner, outcome=data, steps=step,
                      seconds=time.perf_counter() - started, fallbacks=fallbacks)


def _roles(ruleset, state: dict, scenario: str, options: dict) -> list[str]:
    if isinstance(state.get("roles"), dict):  # Tetrarchia: the roles the options give
        return sorted(state["roles"])
    return list(ruleset.roles(scenario, options))


def markdown(report: dict) -> str:
    """One match as the rows of docs/benchmarks.md."""
    n = report["games"]
    head = (f"**{report['ruleset']} {report['scenario']}**"
            + (f" `{report['options']}`" if report["options"] else "")
            + f": {' vs '.join(report['players'])}, {n} games (seed {report['seed']}, seats swapped each game, "
            f"pairs on the same dice), {report['seconds']} s")
    lines = [head, "", "| player | score | rate | 95 % CI |", "|---|---:|---:|---|"]
    for player, r in report["results"].items():
        lines.append(f"| {player} | {r['score']:g} / {n} | {100 * (r['rate'] or 0):.1f} % | "
                     f"{100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f} % |")
    if report.get("draws"):
        lines.append(f"\nDraws: {report['draws']}.")
    lines += ["", "| player, decision | decisions | mean | median | p95 | max |", "|---|---:|---:|---:|---:|---:|"]
    for k, t in report["times"].items():
        lines.append(f"| {k} | {t['decisions']} | {t['mean_ms']} ms | {t['median_ms']} ms | {t['p95_ms']} ms | "
                     f"{t['max_ms']} ms |")
    return "\n".join(lines)


def _one_game(args) -> tuple:
    slug, scenario, options, a, b, index, seed, budget, max_simulations = args
    ruleset = get_ruleset(slug)
    partial = MatchReport(slug=slug, scenario=scenario, options=options, players=(a, b), seed=seed)
    result = play_one(ruleset, scenario, dict(options), a, b, index, seed, partial, budget=budget,
                      max_simulations=max_simulations)
    return result, dict(partial.times), partial.cooperative


def play_match_parallel(slug: str, a: str, b: str, games: int, *, jobs: int, scenario: str | None = None,
                        options: dict | None = None, seed: int = 1, budget: float | None = None,
                        max_simulations: int | None = None, progress=None) -> MatchReport:
    """:func:`play_match` over ``jobs`` processes (each game is independent; the figures
    are the same as one process gives, the decision times slightly worse on a busy machine)."""
    if jobs <= 1:
        return play_match(slug, a, b, games, scenario=scenario, options=options, seed=seed, budget=budget,
                          max_simulations=max_simulations, progress=progress)
    import multiprocessing

    ruleset = get_ruleset(slug)
    scenario = scenario or ruleset.scenarios()[0]["id"]
    report = MatchReport(slug=slug, scenario=scenario, options=dict(options or {}), players=(a, b), seed=seed)
    tasks = [(slug, scenario, dict(options or {}), a, b, i, seed, budget, max_simulations) for i in range(games)]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for done, (result, times, cooperative) in enumerate(pool.imap_unordered(_one_game, tasks), start=1):
            report.games.append(result)
            report.cooperative = cooperative
            for k, values in times.items():
                report.times[k].extend(values)
            if progress:
                progress(done, games, result)
    report.games.sort(key=lambda g: g.index)
    return report
