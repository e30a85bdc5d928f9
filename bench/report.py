"""Writes docs/benchmarks.md from bench/results/bench.json (make bench) and
bench/results/soak.json (make soak): the figures beside their targets and ratios, the
machine, the date, how to reproduce. Either file may be missing (not run yet)."""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results"
DOC = ROOT / "docs" / "benchmarks.md"
NOTES = ROOT / "bench" / "NOTES.md"


def load(name: str) -> dict | None:
    path = OUT / name
    return json.loads(path.read_text()) if path.exists() else None


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    try:
        pg = subprocess.run(["psql", "--version"], capture_output=True, text=True).stdout.strip()
        redis = subprocess.run(["redis-server", "--version"], capture_output=True, text=True).stdout.split()[2]
    except (OSError, IndexError):
        pg, redis = "?", "?"
    return (f"{os.cpu_count()} CPU ({cpu}), {mem:.0f} GiB RAM, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}, {pg}, Redis {redis}")


def ok(flag: bool) -> str:
    return "met" if flag else "**missed**"


def f(value, digits=1) -> str:
    return f"{value:,.{digits}f}"


def computer_rows(b: dict) -> list[str]:
    """The computer players' decision budgets (bench/computer.py): the p95 of each level's
    CPU time a decision, per ruleset, against the level's budget."""
    rows = []
    for game in (b.get("computer") or {}).get("games", []):
        name = game["ruleset"] + (f" {game['scenario']}" if game.get("scenario") else "")
        for level, r in game["levels"].items():
            if not r.get("decisions"):
                continue
            ratio = r["p95_ms"] / r["budget_ms"]
            rows.append(f"| Computer player, {name}, level {level}: CPU a decision, p95 ({r['decisions']} decisions; "
                        f"median {f(r['median_ms'], 1)} ms, max {f(r['max_ms'], 1)} ms, slowest kind {r['worst_kind']}) | "
                        f"{f(r['p95_ms'], 1)} ms | ≤ {r['budget_ms']:.0f} ms | {ratio:.2f}× target | {ok(ratio <= 1)} |")
    return rows


def bench_rows(b: dict) -> list[str]:
    rows = []
    e = b["engine"]
    rows.append(f"| Engine: mid-game SV SMC resolve, median | {f(e['smc_median_ms'], 2)} ms ({e['smc_samples']} runs of "
                f"{e['smc_positions']} positions) | ≤ 1 ms | {f(e['smc_median_ms'] / 1, 2)}× target | "
                f"{ok(e['smc_median_ms'] <= 1)} |")
    rows.append(f"| Engine: mid-game SV SMC resolve, p99 | {f(e['smc_p99_ms'], 2)} ms | ≤ 5 ms | "
                f"{f(e['smc_p99_ms'] / 5, 2)}× target | {ok(e['smc_p99_ms'] <= 5)} |")
    if "smc_best_median_ms" in e:
        rows.append(f"| Engine: the same, each position's best of its runs (interference removed) | median "
                    f"{f(e['smc_best_median_ms'], 2)} ms, p99 {f(e['smc_best_p99_ms'], 2)} ms | ≤ 1 ms, ≤ 5 ms | "
                    f"{f(e['smc_best_median_ms'], 2)}×, {f(e['smc_best_p99_ms'] / 5, 2)}× | "
                    f"{ok(e['smc_best_median_ms'] <= 1 and e['smc_best_p99_ms'] <= 5)} |")
    rows.append(f"| Engine: whole 305 campaign of random self-play (median of {len(e['campaigns'])}) | "
                f"{f(e['campaign_wall_median_s'], 2)} s wall, of which engine {f(e['campaign_engine_median_s'], 2)} s | ≤ 2 s | "
                f"{f(e['campaign_wall_median_s'] / 2, 2)}× target | {ok(e['campaign_wall_median_s'] <= 2)} |")
    if "campaign_wall_best_s" in e:
        rows.append(f"| Engine: the same, best of the {len(e['campaigns'])} campaigns (interference removed) | "
                    f"{f(e['campaign_wall_best_s'], 2)} s wall | ≤ 2 s | {f(e['campaign_wall_best_s'] / 2, 2)}× target | "
                    f"{ok(e['campaign_wall_best_s'] <= 2)} |")
    if "smc_cpu_median_ms" in e:  # issue 20's targets (look-ahead bought with engine speed)
        rows.append(f"| Engine (issue 20): mid-game SV SMC resolve, median | {f(e['smc_median_ms'], 2)} ms wall, "
                    f"{f(e['smc_cpu_median_ms'], 2)} ms of CPU; each position's best {f(e['smc_best_median_ms'], 2)} ms | "
                    f"≤ 0.3 ms | {f(e['smc_median_ms'] / 0.3, 2)}×, CPU {f(e['smc_cpu_median_ms'] / 0.3, 2)}× | "
                    f"{ok(e['smc_median_ms'] <= 0.3)} |")
        rows.append(f"| Engine (issue 20): whole 305 campaign of random self-play (median of {len(e['campaigns'])}) | "
                    f"{f(e['campaign_wall_median_s'], 2)} s wall, {f(e['campaign_cpu_median_s'], 2)} s of CPU; best "
                    f"{f(e['campaign_wall_best_s'], 2)} s | ≤ 0.5 s | {f(e['campaign_wall_median_s'] / 0.5, 2)}×, CPU "
                    f"{f(e['campaign_cpu_median_s'] / 0.5, 2)}× | {ok(e['campaign_wall_median_s'] <= 0.5)} |")
    u = b.get("engine_ur")
    if u:
        cpu = f", {f(u['smc_cpu_median_ms'], 2)} ms of CPU" if "smc_cpu_median_ms" in u else ""
        rows.append(f"| Engine: mid-game UR SMC resolve (scenario 463), median | {f(u['smc_median_ms'], 2)} ms wall{cpu} "
                    f"({u['smc_samples']} runs of {u['smc_positions']} positions); each position's best {f(u['smc_best_median_ms'], 2)} ms | "
                    f"≤ 1 ms | {f(u['smc_median_ms'], 2)}×, best {f(u['smc_best_median_ms'], 2)}× | "
                    f"{ok(u['smc_median_ms'] <= 1)} |")
        if "campaign_wall_median_s" in u:
            rows.append(f"| Engine: whole UR 463 campaign of random self-play (median of {len(u['campaigns'])}; no target) | "
                        f"{f(u['campaign_wall_median_s'], 2)} s wall"
                        + (f", {f(u['campaign_cpu_median_s'], 2)} s of CPU" if "campaign_cpu_median_s" in u else "")
                        + " | — | — | — |")
    if e.get("loadavg") or (u or {}).get("loadavg"):
        when = e.get("measured_at") or (u or {}).get("measured_at")
        rows.append(f"| The machine's load during the engine runs (no target; measured with `python -m bench.run --engine`, {when}) | "
                    f"load average {', '.join(str(x) for x in e.get('loadavg') or u.get('loadavg'))} on {os.cpu_count()} cores at the end "
                    f"(wall times count the minutes other processes held the core; CPU times do not) | — | — | — |")
    rows += computer_rows(b)
    if "calibration_ms" in e:
        before, after = e["calibration_ms"]
        rows.append(f"| The machine's speed during the engine runs (no target): `sum(range(3_000_000))`, best of 5, "
                    f"before and after | {f(before)} ms and {f(after)} ms (a compute-bound loop: it misses the swings that touch memory and the database, see below) | — | — | — |")
    for label, key in (("1,000 games", "submit_1k"), (f"{b['fill_big']['games']:,} games", "submit_big")):
        s = b[key]
        when = f" (full run of {b['started']})" if b.get("submit_alone") else ""
        rows.append(f"| Submission over HTTP, 32 clients, {label}{when}: throughput ({f(100 * s['submit'].get('share_2xx', 0), 0)} % "
                    f"answered 2xx) | {f(s['submit']['rps'], 0)} req/s vs bare "
                    f"INSERT view {f(s['bare']['rps'], 0)} req/s | ≥ 35 % | {f(100 * s['throughput_ratio'], 0)} % | "
                    f"{ok(s['throughput_ratio'] >= 0.35)} |")
        rows.append(f"| Submission over HTTP, 32 clients, {label}{when}: p99 | {f(s['submit']['p99_ms'])} ms (p50 "
                    f"{f(s['submit']['p50_ms'])}) vs bare {f(s['bare']['p99_ms'])} ms (p50 {f(s['bare']['p50_ms'])}) | "
                    f"≤ 3× | {f(s['p99_ratio'], 2)}× | {ok(s['p99_ratio'] <= 3)} |")
    alone = b.get("submit_alone") or b.get("submit_1k_house")
    if alone:  # measured alone (python -m bench.run --submission), after the full run
        load = alone.get("loadavg")
        busy = (f"; the machine's load average {load['before'][0]:.1f} before, {load['after'][0]:.1f} after, on "
                f"{load['cores']} cores (other users included)" if load else "")
        turns = (f", the bare view and the submission alternated {alone['rounds']} times, {f(alone['seconds_per_round'], 0)} s each"
                 if alone.get("rounds") else "")
        rows.append(f"| Submission over HTTP, 1,000 games, measured alone on {alone.get('measured_at', '?')}{turns}{busy}: "
                    f"throughput, p99 | {f(alone['submit']['rps'], 0)} req/s vs bare {f(alone['bare']['rps'], 0)} req/s; "
                    f"p99 {f(alone['submit']['p99_ms'])} ms vs {f(alone['bare']['p99_ms'])} ms | ≥ 35 %, ≤ 3× | "
                    f"{f(100 * alone['throughput_ratio'], 1)} %, {f(alone['p99_ratio'], 2)}× | "
                    f"{ok(alone['throughput_ratio'] >= 0.35 and alone['p99_ratio'] <= 3)} |")
    ins = b.get("submit_instructions")
    if ins and "ratio" in ins:  # bench/instructions.py: CPU that the machine's load does not change
        rows.append(f"| Submission, CPU per request counted in instructions (callgrind; a warm process, "
                    f"{ins['n']} requests after {ins['warmup']}, through the WSGI handler; {ins.get('measured_at', '')}) | "
                    f"{f(ins['submit']['instructions'] / 1e6, 2)} M vs bare INSERT view "
                    f"{f(ins['bare']['instructions'] / 1e6, 2)} M | ≥ 35 % | {f(100 * ins['ratio'], 1)} % | "
                    f"{ok(ins['ratio'] >= 0.35)} |")
    w = b.get("worker_profile")
    if w:
        cpu = (f"; CPU {f(w['adjudicate_cpu_ms'])} ms of it in the worker's process, the rest waiting (PostgreSQL, "
               "and the other processes of a busy machine)"
               if "adjudicate_cpu_ms" in w else "")
        rows.append(f"| One worker turn, in process: adjudicate + next step + notify ({w['turns']} turns; submit "
                    f"{f(w['submit_ms'])} ms and deliver {f(w['deliver_ms'])} ms beside it) | {f(w['adjudicate_ms'])} ms"
                    f"{cpu} | ≤ 15 ms | {f(w['adjudicate_ms'] / 15, 2)}× target | {ok(w['adjudicate_ms'] <= 15)} |")
    t = b["turnaround"]
    rows.append(f"| Turnaround (last order in → next player's email accepted), {t['games']} games, {t['workers']} workers, "
                f"{t['n']} turns ({f(t.get('turns_per_s', 0), 1)}/s, players think {t.get('think_s')} s) | p50 {f(t['p50_ms'], 0)} ms | ≤ 300 ms | {f(t['p50_ms'] / 300, 2)}× target | "
                f"{ok(t['p50_ms'] <= 300)} |")
    rows.append(f"| Turnaround p99 ({t['timeouts']} timed out) | {f(t['p99_ms'], 0)} ms | ≤ 2,000 ms | "
                f"{f(t['p99_ms'] / 2000, 2)}× target | {ok(t['p99_ms'] <= 2000 and not t['timeouts'])} |")
    big, small = b["server_big"]["pages"], b["server_1k"]["pages"]
    n = f"{b['fill_big']['games']:,} games / {b['fill_big']['events']:,} events"
    for name, title in (("games_awaiting_api", "“Games awaiting me” (API)"), ("games_awaiting_page", "“Games awaiting me” (page)"),
                        ("game_page", "A game page"), ("game_detail_api", "A game (API)")):
        p = big[name]
        rows.append(f"| Scale, {n}: {title}, server time | {f(p['median_ms'])} ms median, {f(p['p90_ms'])} ms p90, "
                    f"{p['queries']} queries | ≤ 30 ms | {f(p['median_ms'] / 30, 2)}× target | "
                    f"{ok(p['median_ms'] <= 30 and p['status'] == 200)} |")
    st = b.get("standings") or {}
    if st.get("pages"):
        warmed = "standings_page_after_change_warmed" in st["pages"]
        for name, title in (("standings_page", "page"),
                            ("standings_page_after_change_warmed", "page right after a change, the worker having "
                             f"rendered it first ({f(st.get('warm_median_ms', 0))} ms of worker time, both languages)"),
                            ("standings_page_after_change", "page right after a change, read before the worker "
                             "rendered it" if warmed else "page right after a change"),
                            ("standings_api", "API")):
            if name not in st["pages"]:  # results recorded before it was measured
                continue
            p = st["pages"][name]
            head = (f"| Scale, {n}: a {st['players']}-player standings {title} ({st['rounds']} Swiss rounds played), "
                    f"server time | {f(p['median_ms'])} ms median, {f(p['p90_ms'])} ms p90 | ")
            if warmed and name == "standings_page_after_change":  # the race the worker usually wins: no target
                rows.append(head + "— (the row above is the page's path) | — | — |")
                continue
            rows.append(head + f"≤ 30 ms | {f(p['median_ms'] / 30, 2)}× target | "
                        f"{ok(p['median_ms'] <= 30 and p['status'] == 200)} |")
    else:
        rows.append(f"| Scale: a 256-player standings page | not measured: {st.get('error', 'not run')} "
                    "| ≤ 30 ms | — | **not measured** |")
    rounds = b.get("submit_cost_rounds")
    if rounds:  # both databases measured in turn, after the big fill
        small_ms = statistics.median(r["1k"] for r in rounds)
        big_ms = statistics.median(r["big"] for r in rounds)
        ratio = big_ms / small_ms
        each = ", ".join(f"{f(r['big'], 1)}/{f(r['1k'], 1)}" for r in rounds)
        rows.append(f"| Scale: submission cost at {b['fill_big']['games']:,} vs 1,000 games (server time, "
                    f"median of {len(rounds)} rounds measuring each in turn: {each} ms) | "
                    f"{f(big_ms, 2)} ms vs {f(small_ms, 2)} ms (the first measurements, before and after the big fill: "
                    f"{f(big['order_submit_api']['median_ms'], 2)} vs {f(small['order_submit_api']['median_ms'], 2)}) | "
                    f"≤ 1.2× | {f(ratio, 2)}× | {ok(ratio <= 1.2)} |")
    else:  # results recorded before the rounds existed
        ratio = big["order_submit_api"]["median_ms"] / small["order_submit_api"]["median_ms"]
        rows.append(f"| Scale: submission cost at {b['fill_big']['games']:,} vs 1,000 games (server time) | "
                    f"{f(big['order_submit_api']['median_ms'], 2)} ms vs {f(small['order_submit_api']['median_ms'], 2)} ms | "
                    f"≤ 1.2× | {f(ratio, 2)}× | {ok(ratio <= 1.2)} |")
    # Each HTTP figure relative to the bare view measured beside it, so the drift of a
    # shared machine between the two moments cancels out; the 1,000-game figure measured
    # again right after the big one (when the run has it) is the one the ratio uses.
    small_http = b.get("submit_1k_again") or b["submit_1k"]
    http_ratio = small_http["throughput_ratio"] / b["submit_big"]["throughput_ratio"]
    first = (f"; the first measurement at 1,000 games, before the big fill: "
             f"{f(100 * b['submit_1k']['throughput_ratio'], 1)} %" if "submit_1k_again" in b else "")
    rows.append(f"| Scale: submission cost over HTTP, each relative to the bare view beside it "
                f"(1,000 games ÷ big{', measured in turn' if 'submit_1k_again' in b else ''}) | "
                f"{f(100 * small_http['throughput_ratio'], 1)} % vs "
                f"{f(100 * b['submit_big']['throughput_ratio'], 1)} % of the bare view "
                f"({f(small_http['submit']['rps'], 0)} and {f(b['submit_big']['submit']['rps'], 0)} req/s{first}) | ≤ 1.2× | "
                f"{f(http_ratio, 2)}× | {ok(http_ratio <= 1.2)} |")
    return rows


def _size(value: float) -> str:
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if value >= scale:
            return f"{value / scale:,.1f} {unit}"
    return f"{value:,.0f} B"


def capacity_lines(b: dict) -> list[str]:
    """The capacity model (bench/capacity.py) and its check at ten times the turnaround load."""
    m, chk = b.get("capacity"), b.get("capacity_check")
    if not m:
        return ["## Capacity model", "", "Not computed in this run (`make bench` computes it)."]
    c = m["unit_costs"]
    pg, red = m["postgresql"], m["redis"]
    lines = [
        "## Capacity model",
        "",
        f"What {m['campaigns']:,} active campaigns cost at a peak of {m['peak_steps_per_hour']:,} steps an hour "
        f"({m['workers']['steps_per_s']:.1f} a second), priced by `bench/capacity.py` from the unit costs this run "
        f"measured. Mix: {m['mix']}. Every process is planned at {int(100 * 0.6)} % of a core at peak."
        + (f" (The turnaround, worker-profile and capacity phases were run again alone on {b['capacity_run']}; the "
           f"other figures above are from the full run.)" if b.get("capacity_run") else ""),
        "",
        "| Unit cost (measured) | Value | Where from |",
        "|---|---|---|",
        f"| Worker CPU per step (adjudication, next step, every email and webhook of the step, their delivery) | "
        f"{f(c['worker_cpu_ms_per_step'])} ms | {c['source']}: worker processes' CPU ÷ steps |",
        f"| Web CPU per HTTP request | {f(c['web_cpu_ms_per_request'])} ms | the same window: gunicorn's CPU ÷ requests |",
        f"| HTTP requests per step | {f(c['requests_per_step'], 2)} | the same window (each player reads the game, then submits) |",
        f"| Emails per step | {f(c['emails_per_step'], 2)} | the same window: messages the SMTP sink accepted ÷ steps |",
        f"| Rows written per step | {f(c['rows_written_per_step'], 1)} | the same window: PostgreSQL's rows inserted + updated |",
        f"| Transactions per step (read-only ones included) | {f(c['transactions_per_step'], 1)} | the same window: "
        f"`pg_stat_database.xact_commit` |",
        f"| Database bytes per step (indexes and pages included) | {_size(c['db_bytes_per_step'])} | the same window: "
        f"`pg_database_size` growth ÷ steps |",
        f"| Stored bytes per step (rows only, after compression) | {_size(c['stored_bytes_per_step'])} | one game in process "
        f"(worker profile): `pg_column_size` of its step, event, order-set and outbox rows |",
        f"| A game's own rows (position, set-up position, seats) | {_size(c['game_bytes'])} | the same game |",
        f"| Steps in a whole 305 campaign | {c['steps_per_campaign']:,} | the engine run (median campaign) |",
        f"| A Celery message in Redis | {_size(c['message_bytes'])} | 100 messages on a scratch queue, `MEMORY USAGE` |",
        "",
        "| Component | Priced at peak |",
        "|---|---|",
        f"| Web | {f(m['web']['requests_per_s'], 0)} requests/s → {f(m['web']['cores'], 2)} cores → "
        f"**{m['web']['processes']} gunicorn worker process(es)** (the harness's reads included; add the pages players open) |",
        f"| Workers | {f(m['workers']['steps_per_s'], 1)} steps/s → {f(m['workers']['cores'], 2)} cores → "
        f"**{m['workers']['processes']} worker process(es)** |",
        f"| PostgreSQL size | **{_size(pg['active_bytes'])}** for the active campaigns ({_size(pg['bytes_per_campaign'])} "
        f"each, half-way through); finished games add up to {_size(pg['growth_bytes_per_day_at_peak'])} a day at peak |",
        f"| PostgreSQL I/O | at most {f(pg['transactions_per_s'], 0)} commits/s (every transaction counted; the "
        f"read-only ones need no flush); **write IOPS ≤ {f(pg['write_iops'], 0)}**; read IOPS "
        f"≈ {f(pg['read_iops_if_cold'], 0)} if the active positions ({_size(pg['working_set_bytes'])}) do not fit in "
        f"memory, near 0 if they do |",
        f"| Redis memory | {_size(red['steady_bytes'])} in flight at peak; {_size(red['one_hour_backlog_bytes'])} if the "
        f"workers stopped for an hour |",
        f"| Outgoing mail | **{f(m['mail']['per_hour'], 0)} emails an hour** at peak |",
        "",
        f"**The first component to shard is PostgreSQL, for its size** ({_size(pg['active_bytes'])} against "
        f"{f(m['workers']['cores'] + m['web']['cores'], 1)} cores of CPU for everything else): partition the per-game "
        "tables by game, keep one position snapshot in 50, trim old email bodies, then read replicas and Celery "
        "queues per task kind (the analysis below, \"Issue 17\").",
    ]
    if chk:
        names = {"worker_cpu_s": "Worker CPU (s)", "web_cpu_s": "Web CPU (s)", "emails": "Emails",
                 "rows_written": "Rows written", "commits": "Transactions", "db_bytes": "Database growth (bytes)"}
        lines += [
            "",
            f"**Checked against a run at 10× the turnaround load** ({chk['load']}; {chk['seconds']:.0f} s): "
            f"{chk['steps_10x']:,} steps ({f(chk['steps_per_s_measured'], 1)}/s; at 1×: {chk['steps_1x']:,}); the "
            f"model's worker capacity is {f(chk['steps_per_s_worker_capacity'], 1)} steps/s on the run's workers; "
            f"turnaround p50 {f(chk['p50_ms_10x'], 0)} ms, p99 {f(chk['p99_ms_10x'], 0)} ms"
            + (f"; the machine's {chk['machine_10x']['cores']} cores were {f(100 * chk['machine_10x']['busy_share'], 0)} % busy "
               f"(load average {chk['machine_10x']['loadavg'][0]}, other users included)"
               if chk.get("machine_10x") and chk["machine_10x"].get("busy_share") is not None else "")
            + ". Each figure of the 10× window predicted from the 1× unit costs:",
            "",
            "| Figure | Predicted | Measured | Measured ÷ predicted |",
            "|---|---|---|---|",
        ]
        for key, name in names.items():
            lines.append(f"| {name} | {f(chk['predicted'][key], 1)} | {f(chk['measured'][key], 1)} | "
                         f"{f(chk['ratio'][key], 2)} |")
    return lines


def soak_rows(s: dict) -> list[str]:
    rows = []
    r = s["racing"]
    rows.append(f"| {r.get('submissions', 0):,} racing duplicate/conflicting submissions (HTTP, 32 threads, "
                f"Idempotency-Key on half) | statuses {r.get('statuses')}; {r.get('server_errors')} server errors; "
                f"{r.get('stored_not_among_accepted')} stored sets not among accepted receipts; "
                f"{r.get('resolved_steps')} steps replayed, {r.get('problem_count')} problems | none lost or doubled, "
                f"each step once | {ok(r.get('ok', False))} |")
    k = s["kills"]
    rows.append(f"| SIGKILLs of a worker at random moments, Redis restarted mid-run | {k.get('kills')} kills "
                f"(each while the worker held a game row in its resolution transaction), "
                f"{k.get('redis_restarts')} Redis restart, {k.get('games')} games, {k.get('resolved_steps')} steps, "
                f"{k.get('problem_count')} replay differences | every game = undisturbed replay | {ok(k.get('ok', False))} |")
    st = s["schemathesis"]
    rows.append(f"| schemathesis, whole OpenAPI schema, authenticated | {st.get('requests', 0):,} requests, exit "
                f"{st.get('exit_code')} | ≥ 1,000 requests, no 5xx, every 4xx a problem document | "
                f"{ok(st.get('ok', False) and st.get('requests', 0) >= 1000)} |")
    fz = s["fuzz"]
    rows.append(f"| hypothesis fuzzing of order sets in process (tests/fuzz): JSON and text of every ruleset, type "
                f"confusion and right-shaped sets for every prompt kind | {fz['properties']} properties × "
                f"{fz['examples_per_property']} examples: {fz['summary']} | no crash, every refusal coded with a path | "
                f"{ok(fz['ok'])} |")
    ab = s.get("abuse")
    if ab and "rate_limits" in ab:
        for d in ab["rate_limits"]["doors"]:
            rows.append(f"| Rate limit under {d['clients']} concurrent clients: {d['door']} ({d['rate']} per "
                        f"{d['counted_per']}) | {d['let_through']} of {d['requests']:,} requests let through in "
                        f"{d['seconds']} s, {d['refused_429']} refused 429, {d['server_errors']} 5xx | at most "
                        f"{d['limit']} let through, no 5xx | {ok(d['ok'])} |")
        tc = ab["type_confusion"]
        reached = sum(1 for k in tc["kinds"] if k["reached_by_self_play"])
        rows.append(f"| Type-confused order sets over HTTP, every prompt kind of every ruleset "
                    f"({', '.join(tc['rulesets'])}) | {len(tc['kinds'])} kinds ({reached} at a position self-play "
                    f"reached), {tc['requests']:,} requests: statuses {tc['statuses']}; {tc['server_errors']} 5xx | "
                    f"no 5xx, every refusal a problem document | {ok(tc['ok'])} |")
    elif ab:
        rows.append(f"| Abuse cases (bench/abuse.py) | failed to run: {str(ab.get('error', ''))[-200:]} | — | "
                    f"{ok(False)} |")
    return rows


def write() -> None:
    b, s = load("bench.json"), load("soak.json")
    lines = [
        "# Benchmarks and fault tests",
        "",
        "Generated by `make bench` and `make soak` (bench/report.py); do not edit by hand — edit",
        "`bench/NOTES.md` for the analysis. What each harness does and how to run it: the",
        "[Subsystem](#subsystem) section below.",
        "",
        f"- Machine: {machine()}",
        "- `make bench` run: " + (f"{b['started']}, {b['seconds']} s" if b else "not run yet")
        + (" (quick)" if b and b.get("quick") else ""),
        "- `make soak` run: " + (f"{s['started']}, {s['seconds']} s" if s else "not run yet")
        + (" (quick)" if s and s.get("quick") else ""),
        "",
        "## Measured (make bench)",
        "",
        "| What | Measured | Target | Ratio | |",
        "|---|---|---|---|---|",
    ]
    if b:
        lines += bench_rows(b)
        if b.get("scaled_down"):
            lines += ["", f"Note: {b['scaled_down']}."]
        lines += ["", f"Scale data: {b['fill_big']['games']:,} games, {b['fill_big']['events']:,} events, "
                      f"{b['fill_big']['players']:,} players (about 20 seats each), generated in "
                      f"{sum(t['seconds'] for t in b['fill_big']['timings'].values()):.0f} s with SQL; database size "
                      f"{b.get('db_size')}. Query plans: `bench/results/plans.txt`; sequential scans on big tables: "
                      + "; ".join(f"{k}: {', '.join(v['seq_scans_on_big_tables']) or 'none'}"
                                  for k, v in b["server_big"]["pages"].items()) + "."]
    if b:
        lines += [""] + capacity_lines(b)
    lines += ["", "## Broken on purpose (make soak)", "", "| What | Result | Target | |", "|---|---|---|---|"]
    if s:
        lines += soak_rows(s)
    lines += [""]
    if NOTES.exists():
        lines += [NOTES.read_text().rstrip(), ""]
    DOC.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    write()
