"""Engine benchmark (no Django): a typical mid-game Semper Victor SMC and a whole 305
campaign of random self-play.

* SMC positions: random self-play games of the 305 scenario are played with the same
  harness as ``make selfplay`` (rules/selfplay.py); every SMC step from the fourth year
  of play to the seventh is kept as a fixed position (state, submissions, dice step).
  Each is resolved ``--repeats`` times on a fresh copy (the copy is not timed): median
  and p99 of ``resolve``, in wall time and in the process's CPU time (on a shared machine
  the wall time also counts the minutes other processes held the core).
* Campaign: one whole game of random self-play, split into the engine's own time
  (prompts, resolve, outcome) and the harness's (drawing random orders and validating
  them), with a profile of the whole (pyinstrument, else cProfile).

Prints one JSON document (bench/report.py writes it into docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from pathlib import Path

from rules.dice import HmacDice
from rules.registry import get_ruleset
from rules.selfplay import game_seed, random_orders

ROOT = Path(__file__).resolve().parent.parent
SLUG = "semper-victor"
SCENARIO = "305"


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    if not values:
        return float("nan")
    index = min(len(values) - 1, max(0, int(round(q / 100 * (len(values) - 1)))))
    return values[index]


def play(seed: int, *, on_step=None, timers: dict | None = None) -> dict:
    """One random self-play game of the 305 campaign (or ``--slug``/``--scenario``'s);
    ``on_step`` sees every step."""
    rs = get_ruleset(SLUG)
    rng = random.Random(seed)
    key = game_seed(seed)
    t = timers if timers is not None else {}
    for name in ("setup", "prompts", "resolve", "outcome", "orders", "validate"):
        t.setdefault(name, 0.0)
    clock = time.perf_counter
    c = clock()
    state = rs.setup(SCENARIO, {}, HmacDice(key, 0))
    t["setup"] += clock() - c
    first_year = state["year"]
    step = 0
    while True:
        c = clock()
        prompts = rs.prompts(state)
        t["prompts"] += clock() - c
        if not prompts:
            c = clock()
            outcome = rs.outcome(state)
            t["outcome"] += clock() - c
            break
        step += 1
        submissions = {}
        for prompt in prompts:
            c = clock()
            orders = random_orders(rs, state, prompt, rng)
            t["orders"] += clock() - c
            c = clock()
            refused = rs.validate(state, prompt.role, orders)
            t["validate"] += clock() - c
            submissions[prompt.role] = prompt.default_orders if refused else orders
        if on_step is not None:
            on_step(step, state, prompts, submissions, key)
        c = clock()
        state, _events = rs.resolve(state, submissions, HmacDice(key, step))
        t["resolve"] += clock() - c
    return {"steps": step, "years": state["year"] - first_year + 1, "outcome": outcome.as_dict() if outcome else None}


def smc_positions(seeds: list[int], *, from_year: int = 4, to_year: int = 7, limit: int = 300) -> list[tuple]:
    positions: list[tuple] = []

    def keep(step, state, prompts, submissions, key):
        year = state["year"] - state["first_year"] + 1
        if from_year <= year <= to_year and any(p.kind == "smc" for p in prompts) and len(positions) < limit:
            positions.append((copy.deepcopy(state), copy.deepcopy(submissions), key, step))

    for seed in seeds:
        play(seed, on_step=keep)
    return positions


def time_smc(positions: list[tuple], repeats: int, cpu: list | None = None) -> tuple[list[float], list[float]]:
    """Every timing, and each position's best of ``repeats`` (a shared machine's
    interference only ever adds time, so the best is the position's own cost); ``cpu``
    collects the CPU time of each run beside its wall time."""
    rs = get_ruleset(SLUG)
    samples = []
    best = [float("inf")] * len(positions)
    for _ in range(repeats):
        for index, (state, submissions, key, step) in enumerate(positions):
            s, subs = copy.deepcopy(state), copy.deepcopy(submissions)
            dice = HmacDice(key, step)
            p = time.process_time()
            c = time.perf_counter()
            rs.resolve(s, subs, dice)
            elapsed = time.perf_counter() - c
            if cpu is not None:
                cpu.append(time.process_time() - p)
            samples.append(elapsed)
            best[index] = min(best[index], elapsed)
    return samples, best


def profile_campaign(seed: int, top: int = 25) -> str:
    try:
        from pyinstrument import Profiler
    except ImportError:  # not installed: cProfile's table, by cumulative then own time
        import cProfile
        import io
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        play(seed)
        profiler.disable()
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        out.write(f"cProfile of one campaign (seed {seed}); pyinstrument is not installed\n")
        stats.sort_stats("cumulative").print_stats(60)
        stats.sort_stats("tottime").print_stats(40)
        return out.getvalue().replace(str(ROOT) + "/", "")

    profiler = Profiler(interval=0.0005)
    profiler.start()
    play(seed)
    profiler.stop()
    return profiler.output_text(unicode=False, color=False, show_all=False, short_mode=False)


def calibration_ms(runs: int = 5) -> float:
    """The best of ``runs`` timings of a pure-Python loop, ``sum(range(3_000_000))``: how
    fast this machine runs Python right now (lower is faster)."""
    best = float("inf")
    for _ in range(runs):
        c = time.perf_counter()
        sum(range(3_000_000))
        best = min(best, time.perf_counter() - c)
    return best * 1000


def _choose(slug: str, scenario: str) -> None:
    """The title and scenario measured (Ultimus Romanorum: ``--slug ultimus-romanorum
    --scenario 463``)."""
    global SLUG, SCENARIO
    SLUG, SCENARIO = slug, scenario


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="self-play games that give SMC positions")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--campaigns", type=int, default=3)
    parser.add_argument("--profile", help="write the pyinstrument profile of one campaign to this file")
    parser.add_argument("--slug", default=SLUG, help="the Imperator title (default semper-victor)")
    parser.add_argument("--scenario", default=SCENARIO, help="its scenario (default 305)")
    args = parser.parse_args(argv)
    _choose(args.slug, args.scenario)

    rs = get_ruleset(SLUG)
    calibration_before = calibration_ms()
    positions = smc_positions(list(range(1, args.seeds + 1)))
    cpu: list[float] = []
    samples, best = time_smc(positions, args.repeats, cpu)
    campaigns = []
    for seed in range(101, 101 + args.campaigns):
        timers: dict = {}
        p = time.process_time()
        c = time.perf_counter()
        result = play(seed, timers=timers)
        wall = time.perf_counter() - c
        engine = timers["setup"] + timers["prompts"] + timers["resolve"] + timers["outcome"]
        campaigns.append({"seed": seed, "wall_s": wall, "cpu_s": time.process_time() - p, "engine_s": engine,
                          **{k + "_s": v for k, v in timers.items()}, "steps": result["steps"], "years": result["years"]})
    if args.profile:
        with open(args.profile, "w") as f:
            f.write(profile_campaign(101))
    med_wall = statistics.median(c["wall_s"] for c in campaigns)
    med_engine = statistics.median(c["engine_s"] for c in campaigns)
    report = {
        "ruleset": SLUG, "scenario": SCENARIO,
        "ruleset_version": rs.version,
        "smc_positions": len(positions),
        "smc_samples": len(samples),
        "smc_median_ms": statistics.median(samples) * 1000,
        "smc_p99_ms": pct(samples, 99) * 1000,
        "smc_max_ms": max(samples) * 1000,
        "smc_best_median_ms": statistics.median(best) * 1000,
        "smc_best_p99_ms": pct(best, 99) * 1000,
        "smc_cpu_median_ms": statistics.median(cpu) * 1000,
        "campaigns": campaigns,
        "campaign_wall_median_s": med_wall,
        "campaign_engine_median_s": med_engine,
        "campaign_wall_best_s": min(c["wall_s"] for c in campaigns),
        "campaign_cpu_median_s": statistics.median(c["cpu_s"] for c in campaigns),
        "calibration_ms": [calibration_before, calibration_ms()],  # before the SMC timings, after the campaigns
    }
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
