"""A fingerprint of a ruleset's behaviour, to prove that a refactoring changed nothing.

Plays seeded self-play games through the rules contract alone and hashes, step by step,
everything a player or the platform could observe: each prompt (role, kind, key, options,
default orders, title), the verdict of ``validate`` on the default and on the chosen
orders, the chosen orders, their text notation and what ``parse_orders`` makes of it, the
events of ``resolve`` (with their messages), the state after each step, ``view`` for each
role and for an observer, and the outcome. It also runs the ruleset's adjudicator cases and
hashes each case's verdict.

    python scripts/engine_fingerprint.py semper-victor > before.txt
    ... change the engine ...
    python scripts/engine_fingerprint.py semper-victor > after.txt
    diff before.txt after.txt      # nothing: the change is invisible

Each line is one game (or the cases) and its digest; a difference names the first step
that differs, so the cause is easy to find (``--game SCENARIO:SEED --verbose`` prints
that game's steps one per line).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.base import canonical_json, state_hash  # noqa: E402
from rules.dice import HmacDice  # noqa: E402
from rules.registry import get_ruleset  # noqa: E402
from rules.selfplay import game_seed, random_orders  # noqa: E402


def _digest(value) -> str:
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()[:16]


def game_steps(slug: str, scenario: str, seed: int, options: dict, max_steps: int = 4000):
    """Yield one digest per step of a seeded self-play game (the opening first)."""
    ruleset = get_ruleset(slug)
    rng = random.Random(seed)
    key = game_seed(seed)
    state, events = ruleset.setup_with_events(scenario, options, HmacDice(key, 0))
    yield "setup", _digest({"state": state, "events": [e.as_dict() for e in events]})
    for step in range(1, max_steps + 1):
        prompts = ruleset.prompts(state)
        if not prompts:
            outcome = ruleset.outcome(state)
            yield "outcome", _digest(outcome.as_dict() if outcome else None)
            return
        record = {"prompts": [p.as_dict() for p in prompts], "views": {}}
        for role in sorted({p.role for p in prompts}) + [None]:
            record["views"][str(role)] = _digest(ruleset.view(state, role))
        submissions = {}
        for prompt in prompts:
            record.setdefault("default_verdict", []).append(
                [e.as_dict() for e in ruleset.validate(state, prompt.role, prompt.default_orders)])
            orders = random_orders(ruleset, state, prompt, rng)
            verdict = [e.as_dict() for e in ruleset.validate(state, prompt.role, orders)]
            text = ruleset.format_orders(orders)
            parsed, problems = ruleset.parse_orders(text, state, prompt.role)
            record.setdefault("orders", []).append({"orders": orders, "verdict": verdict, "text": text,
                                                    "parsed": parsed, "problems": [e.as_dict() for e in problems]})
            submissions[prompt.role] = prompt.default_orders if verdict else orders
        state, events = ruleset.resolve(state, submissions, HmacDice(key, step))
        record["events"] = [e.as_dict() for e in events]
        record["state"] = state_hash(state)
        yield f"step {step}", _digest(record)
    yield "cap", "reached"


def case_digests(slug: str):
    from rules.cases import load_cases, run_case

    root = ROOT / "rules" / slug.replace("-", "_") / "cases"
    for path, case in load_cases([root]):
        result = run_case(case, str(path))
        yield f"case {case.get('id')}", _digest({"passed": result.passed, "diffs": result.diffs})


DEFAULT_GAMES = {
    "semper-victor": [("305", s, {}) for s in range(1, 6)] + [("306", s, {}) for s in range(1, 9)]
    + [("316", s, {}) for s in range(1, 9)]
    + [("306", 11, {"rr_winner": "none", "fraction_basis": "own_units_capped"}),
       ("316", 12, {"river_drm_scope": "all_battles", "offempire_cap": "consecutive_offempire_pm"}),
       ("306", 13, {"stratagem_mix": "one_each", "leaderless_side": "phase_f"}),
       ("305", 14, {"constantinople_done": "year_before", "rr_winner": "defender"})],
}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slug")
    parser.add_argument("--game", help="SCENARIO:SEED, one game only")
    parser.add_argument("--verbose", action="store_true", help="one line per step")
    parser.add_argument("--no-cases", action="store_true")
    args = parser.parse_args(argv)
    ruleset = get_ruleset(args.slug)
    if args.game:
        scenario, seed = args.game.split(":")
        games = [(scenario, int(seed), {})]
    else:
        games = DEFAULT_GAMES.get(args.slug) or [(s["id"], n, {}) for s in ruleset.scenarios() for n in range(1, 6)]
    total = hashlib.sha256()
    for scenario, seed, options in games:
        running = hashlib.sha256()
        steps = 0
        for label, digest in game_steps(args.slug, scenario, seed, options):
            running.update(f"{label}:{digest}\n".encode())
            steps += 1
            if args.verbose:
                print(f"  {scenario}:{seed} {label} {digest}")
        line = f"game {scenario}:{seed} {json.dumps(options, sort_keys=True)} steps={steps} {running.hexdigest()[:16]}"
        total.update(line.encode())
        print(line, flush=True)
    if not args.no_cases and not args.game:
        running = hashlib.sha256()
        n = 0
        for label, digest in case_digests(args.slug):
            running.update(f"{label}:{digest}\n".encode())
            n += 1
            if args.verbose:
                print(f"  {label} {digest}")
        line = f"cases {n} {running.hexdigest()[:16]}"
        total.update(line.encode())
        print(line)
    print(f"total {total.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
