"""The computer players' decision budgets (issue 20; no Django): the CPU time one decision
takes at each level, against its budget (``rules.computer.LEVELS``: fast ≤ 50 ms, strong
≤ 1 s of CPU on one core).

Positions come from seeded games of each ruleset where a computer can sit (random
self-play, the same harness as ``make selfplay``): every ``--every``-th prompt is kept
with the prompted seat's view. Each kept position is decided once per level, from the
seat's view as the worker does (``computer.decide``), timed with ``time.process_time``
(CPU of this process: the machine's other load does not count, its cache misses do).
Prints one JSON document: per ruleset and level, the decisions, mean, median, p95 and max
CPU milliseconds, the share within the budget, and the worst kind of decision.

``make bench-computer`` runs it alone (``--markdown`` prints the rows); ``make bench``
runs it with its other phases.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict

from rules import computer
from rules.base import json_copy
from rules.registry import get_ruleset
from rules.selfplay import play_game

#: (ruleset, scenario or None, options, keep every prompt) sampled by default: each one a
#: computer can sit in. A random Tetrarchia game is short (Rome falls within a few rounds):
#: every one of its prompts is kept, from three times as many games.
GAMES = [("semper-victor", "306", {}, False), ("semper-victor", "305", {}, False),
         ("tetrarchia", None, {"players": 2}, True), ("kings-of-rome", None, {"players": 3}, False)]
#: Rulesets whose games are not counted in years (``--max-years`` does not cut them).
NO_YEARS = ("tetrarchia", "kings-of-rome")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    index = min(len(values) - 1, max(0, int(round(q / 100 * (len(values) - 1)))))
    return values[index]


def positions(slug: str, scenario, options: dict, *, seed: int, every: int, limit: int, max_years: int | None):
    """Every ``every``-th prompt of a random self-play game: (view, role, prompt)."""
    found = []
    seen = {"n": 0}

    def player(rs, state, prompt, rng):
        seen["n"] += 1
        if seen["n"] % every == 0 and len(found) < limit:
            found.append((rs.view(json_copy(state), prompt.role), prompt.role, prompt))
        return computer.policy_for(rs, "random")(rs, state, prompt, rng)

    game = {"options": options}
    if scenario is not None:
        game["scenario"] = scenario
    if max_years is not None and slug not in NO_YEARS:
        game["max_years"] = max_years
    play_game(slug, seed, choose=player, **game)
    return found


def measure(slug: str, scenario, options: dict, *, seeds: int, every: int, limit: int, max_years, levels) -> dict:
    ruleset = get_ruleset(slug)
    kept = []
    for seed in range(1, seeds + 1):
        kept += positions(slug, scenario, options, seed=seed, every=every, limit=limit, max_years=max_years)
    out = {"ruleset": slug, "scenario": scenario, "options": options, "positions": len(kept), "levels": {}}
    for level in levels:
        budget = computer.LEVELS[level].budget
        times, by_kind = [], defaultdict(list)
        for n, (view, role, prompt) in enumerate(kept):
            started = time.process_time()
            computer.decide(ruleset, view, role, prompt, level=level, seed=n)
            took = time.process_time() - started
            times.append(took)
            by_kind[prompt.kind].append(took)
        worst = max(by_kind, key=lambda kind: pct(by_kind[kind], 95)) if by_kind else None
        out["levels"][level] = {
            "budget_ms": budget * 1000, "decisions": len(times),
            "mean_ms": round(statistics.fmean(times) * 1000, 2) if times else None,
            "median_ms": round(statistics.median(times) * 1000, 2) if times else None,
            "p95_ms": round(pct(times, 95) * 1000, 2) if times else None,
            "max_ms": round(max(times) * 1000, 2) if times else None,
            "within_budget": round(sum(t <= budget for t in times) / len(times), 4) if times else None,
            "worst_kind": worst, "worst_kind_p95_ms": round(pct(by_kind[worst], 95) * 1000, 2) if worst else None,
        }
    return out


def markdown(report: dict) -> list[str]:
    rows = ["| Ruleset | Level | Decisions | Mean | Median | p95 | Max | Within budget | Budget | Slowest kind (p95) |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for game in report["games"]:
        name = game["ruleset"] + (f" {game['scenario']}" if game["scenario"] else "")
        for level, r in game["levels"].items():
            if not r["decisions"]:
                continue
            rows.append(f"| {name} | {level} | {r['decisions']} | {r['mean_ms']} ms | {r['median_ms']} ms | "
                        f"{r['p95_ms']} ms | {r['max_ms']} ms | {r['within_budget'] * 100:.1f} % | "
                        f"≤ {r['budget_ms']:.0f} ms | {r['worst_kind']} ({r['worst_kind_p95_ms']} ms) |")
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="self-play games sampled per ruleset")
    parser.add_argument("--every", type=int, default=7, help="keep every N-th prompt")
    parser.add_argument("--limit", type=int, default=40, help="positions kept per game at most")
    parser.add_argument("--max-years", type=int, default=3, help="years of an SV game sampled (the rest unplayed)")
    parser.add_argument("--levels", default=",".join(computer.LEVELS), help="comma-separated")
    parser.add_argument("--markdown", action="store_true", help="print the Markdown rows after the JSON")
    args = parser.parse_args(argv)
    started = time.time()
    levels = [name for name in args.levels.split(",") if name]
    games = [measure(slug, scenario, options, seeds=args.seeds * (3 if every_prompt else 1),
                     every=1 if every_prompt else args.every, limit=args.limit, max_years=args.max_years, levels=levels)
             for slug, scenario, options, every_prompt in GAMES if computer.available(get_ruleset(slug))]
    report = {"started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "games": games,
              "seconds": round(time.time() - started, 1)}
    print(json.dumps(report))
    if args.markdown:
        print("\n".join(markdown(report)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
