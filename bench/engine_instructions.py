"""The engine's work counted in instructions (``valgrind --tool=callgrind``), for
comparing two versions of the code on a loaded machine, where CPU time swings with the
other processes and an instruction count does not.

* ``positions``: the SMC positions of ``bench/engine.py`` (random self-play, years 4 to 7
  of the seeds' games) are collected without valgrind and written to a file; a child
  process under callgrind loads them, resolves each once to warm the caches (the world,
  the names, the lru caches), then resolves each once more on a fresh copy: only that
  last loop is counted.
* ``campaign``: one whole game of random self-play (``bench.engine.play``, the harness's
  random orders and their validation included), after a first game of another seed.

Only the loop is counted: the child runs it inside ``functools.reduce`` and callgrind
collects inside that C function alone (``--collect-atstart=no
--toggle-collect=functools_reduce``; the engine calls no ``reduce``). ``PYTHONHASHSEED`` is
fixed, so that the order of sets, and with it the count, is the same from run to run.

    python -m bench.engine_instructions positions --slug ultimus-romanorum --scenario 463
    python -m bench.engine_instructions campaign --seed 101

Prints one JSON document. Run it on each version's checkout, with the same arguments.
"""

from __future__ import annotations

import argparse
import copy
import functools
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile

from bench.common import PY, ROOT

COLLECTED = re.compile(r"Collected : (\d+)")


def _resolve(ruleset, position) -> None:
    from rules.dice import HmacDice

    state, submissions, key, step = position
    ruleset.resolve(state, submissions, HmacDice(key, step))


def child(what: str, argument: str, slug: str, scenario: str) -> int:
    """The counted run (under callgrind)."""
    from bench import engine
    from rules.registry import get_ruleset

    engine._choose(slug, scenario)
    if what == "positions":
        with open(argument, "rb") as fh:
            positions = pickle.load(fh)
        ruleset = get_ruleset(slug)
        for position in copy.deepcopy(positions):  # warm: the same work, not counted
            _resolve(ruleset, position)
        fresh = copy.deepcopy(positions)
        functools.reduce(lambda _, position: _resolve(ruleset, position), fresh, None)
        print(json.dumps({"positions": len(fresh)}))
    else:
        seed = int(argument)
        engine.play(seed + 1000)  # warm, another game
        steps = functools.reduce(lambda _, s: engine.play(s)["steps"], [seed], None)
        print(json.dumps({"steps": steps}))
    return 0


def count(what: str, argument: str, slug: str, scenario: str) -> tuple[int, dict]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--collect-atstart=no",
         "--toggle-collect=functools_reduce", PY, "-m", "bench.engine_instructions", "--child", what, argument,
         "--slug", slug, "--scenario", scenario],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=7200)
    found = COLLECTED.search(out.stderr)
    if out.returncode != 0 or not found:
        raise RuntimeError(f"callgrind run failed ({out.returncode}): {out.stderr[-3000:]}")
    return int(found.group(1)), json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", choices=("positions", "campaign"), default="positions")
    parser.add_argument("--slug", default="semper-victor")
    parser.add_argument("--scenario", default="305")
    parser.add_argument("--seeds", type=int, default=3, help="self-play games that give the SMC positions")
    parser.add_argument("--seed", type=int, default=101, help="the campaign's seed")
    parser.add_argument("--child", nargs=2, metavar=("WHAT", "ARGUMENT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child[0], args.child[1], args.slug, args.scenario)
    if shutil.which("valgrind") is None:
        print(json.dumps({"error": "valgrind is not installed"}))
        return 1
    report = {"what": args.what, "slug": args.slug, "scenario": args.scenario}
    if args.what == "positions":
        from bench import engine

        engine._choose(args.slug, args.scenario)
        positions = engine.smc_positions(list(range(1, args.seeds + 1)))
        with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as fh:
            pickle.dump(positions, fh)
        try:
            instructions, summary = count("positions", fh.name, args.slug, args.scenario)
        finally:
            os.unlink(fh.name)
        report.update(summary, seeds=args.seeds, instructions=instructions,
                      per_resolve=instructions / max(1, summary["positions"]))
    else:
        instructions, summary = count("campaign", str(args.seed), args.slug, args.scenario)
        report.update(summary, seed=args.seed, instructions=instructions)
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
