"""``make soak``: break it. 1,000 racing duplicate/conflicting submissions, 100 SIGKILLs
of workers with a Redis restart half-way, schemathesis over the whole schema (>= 1,000
requests), the order-set fuzzing at scale, and the abuse cases of issue 14 over HTTP
(bench/abuse.py: every rate limit under 32 concurrent clients; type-confused order sets
for every prompt kind of every ruleset). Results go to bench/results/soak.json and
docs/benchmarks.md. ``--quick`` shrinks every phase."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time

from bench.common import PY, ROOT, bench_env, db_url, manage, recreate_database, write_json

OUT = ROOT / "var" / "bench"  # logs
RESULTS = ROOT / "bench" / "results"


def phase(name: str, argv: list[str], db: str, timeout: float = 900) -> dict:
    print(f"[soak {time.strftime('%H:%M:%S')}] {name}", flush=True)
    env = bench_env(DATABASE_URL=db_url(db))
    recreate_database(db)
    manage("migrate", "--noinput", env=env)
    c = time.perf_counter()
    out = subprocess.run([PY, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    (OUT / f"soak-{name}.log").write_text(out.stdout + out.stderr)
    try:
        result = json.loads(out.stdout[out.stdout.index("{"):])
    except ValueError:
        result = {"ok": False, "error": out.stderr[-2000:]}
    result["seconds"] = round(time.perf_counter() - c, 1)
    return result


def fuzz(examples: int) -> dict:
    print(f"[soak {time.strftime('%H:%M:%S')}] fuzz", flush=True)
    c = time.perf_counter()
    out = subprocess.run([PY, "-m", "pytest", "tests/fuzz", "-q", "-p", "no:cacheprovider"], cwd=ROOT,
                         env={**os.environ, "CURSUS_FUZZ_EXAMPLES": str(examples)}, capture_output=True, text=True)
    (OUT / "soak-fuzz.log").write_text(out.stdout + out.stderr)
    tail = [line for line in out.stdout.splitlines() if " passed" in line or " failed" in line]
    counts = [int(n) for n in re.findall(r"(\d+) (?:passed|failed)", tail[-1])] if tail else []
    return {"examples_per_property": examples, "properties": sum(counts), "summary": tail[-1] if tail else "",
            "ok": out.returncode == 0, "seconds": round(time.perf_counter() - c, 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    # Each property of tests/fuzz runs this many examples; there are about 60 of them now
    # (every prompt kind of every ruleset twice), against 8 when 3,000 was chosen.
    parser.add_argument("--fuzz-examples", type=int, default=None)
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    started = time.time()
    q = args.quick
    results = {"started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "quick": q}
    results["racing"] = phase("racing", ["-m", "bench.faults", "racing", "--n", "100" if q else "1000"],
                              "cursus_bench_race")
    results["kills"] = phase("kills", ["-m", "bench.faults", "kills", "--n", "10" if q else "100"], "cursus_bench_kill")
    results["schemathesis"] = phase("schemathesis", ["-m", "bench.schema_fuzz", "--max-examples", "20" if q else "60"],
                                    "cursus_bench_st")
    results["fuzz"] = fuzz(args.fuzz_examples or (50 if q else 3000))
    results["abuse"] = phase("abuse", ["-m", "bench.abuse", "--per-client", "4" if q else "8", "--per-kind", "10" if q else "60"],
                             "cursus_bench_abuse")
    results["seconds"] = round(time.time() - started)
    write_json(RESULTS / "soak.json", results)
    from bench.report import write

    write()
    ok = all(results[k].get("ok") for k in ("racing", "kills", "schemathesis", "fuzz", "abuse"))
    print(f"[soak] done in {results['seconds']} s: {'all checks passed' if ok else 'FAILURES'}: docs/benchmarks.md")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
