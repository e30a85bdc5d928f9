"""The capacity model (issue 17, P6): what 1,000,000 active campaigns cost, priced from the
unit costs ``make bench`` measures, and checked against one measured run at ten times the
turnaround benchmark's load.

Unit costs, all measured in the same run (bench/run.py):

- from the turnaround window at its normal load (``turnaround.window``: 100 games, players
  thinking 10-30 s, two workers, gunicorn, an SMTP sink): worker CPU per step (adjudication,
  next step, every notification and its delivery, receipts), web CPU per HTTP request and
  requests per step (the harness reads the game, then submits), emails per step, rows
  written, commits and database bytes (``pg_database_size``: indexes and pages included)
  per step;
- from ``worker_profile`` (one game in process): the bytes of a game's own rows (its
  position and set-up position), rows and stored bytes per step, and the CPU split of a
  worker's turn;
- from the engine run: steps in a whole 305 campaign;
- a Celery message's size in Redis, measured here on the bench's Redis database.

``model(results)`` prices a fleet; ``check(results)`` predicts the 10x window from the 1x
unit costs and sets each prediction beside what the 10x window measured.
"""

from __future__ import annotations

import json
import math
import sys

CAMPAIGNS = 1_000_000
PEAK_STEPS_PER_HOUR = 50_000
#: Plan every process for this share of a core at peak (headroom for bursts and GC).
UTILISATION = 0.6
PAGE = 8192


def unit_costs(results: dict) -> dict:
    window = results["turnaround"]["window"]
    steps = max(window["steps"], 1)
    wp = results["worker_profile"]
    rows = wp["rows"]
    campaign_steps = sorted(c["steps"] for c in results["engine"]["campaigns"])
    written = sum(v["inserted"] + v["updated"] for v in window["db"]["rows"].values())
    return {
        "source": f"turnaround window: {window['steps']} steps in {results['turnaround']['seconds']:.0f} s, "
                  f"{results['turnaround']['games']} games",
        "worker_cpu_ms_per_step": 1000 * window["workers_cpu_s"] / steps,
        "web_cpu_ms_per_request": 1000 * window["web_cpu_s"] / max(window["requests"], 1),
        "requests_per_step": window["requests"] / steps,
        "emails_per_step": window["emails"] / steps,
        "rows_written_per_step": written / steps,
        "transactions_per_step": window["db"]["commits"] / steps,
        "db_bytes_per_step": window["db"]["bytes"] / steps,
        "stored_bytes_per_step": rows["bytes_per_step"],
        "game_bytes": rows["game_bytes"],
        "steps_per_campaign": campaign_steps[len(campaign_steps) // 2],
        "message_bytes": results.get("message_bytes", 1500),
        "in_process": {k: wp[k] for k in ("submit_cpu_ms", "adjudicate_cpu_ms", "notify_cpu_ms", "deliver_cpu_ms",
                                          "adjudicate_ms") if k in wp},
    }


def model(results: dict, *, campaigns: int = CAMPAIGNS, steps_per_hour: int = PEAK_STEPS_PER_HOUR) -> dict:
    c = unit_costs(results)
    steps_s = steps_per_hour / 3600
    requests_s = steps_s * c["requests_per_step"]
    web_cores = requests_s * c["web_cpu_ms_per_request"] / 1000
    worker_cores = steps_s * c["worker_cpu_ms_per_step"] / 1000
    # An active campaign is, on average, half-way through: its own rows plus half its steps.
    per_campaign = c["game_bytes"] + c["steps_per_campaign"] / 2 * c["db_bytes_per_step"]
    db_bytes = campaigns * per_campaign
    write_bytes_s = steps_s * c["db_bytes_per_step"]
    # Every transaction counted, read-only ones (autocommit reads) included: an upper bound
    # on the commits that must reach the disk (a read-only transaction writes no WAL).
    commits_s = steps_s * c["transactions_per_step"]
    # A step reads its game's position at least twice (a submission, the adjudication):
    # when the active positions do not fit in memory, each is a read from disk.
    read_pages_s = steps_s * 2 * math.ceil(c["game_bytes"] / PAGE)
    messages_per_step = 1 + c["emails_per_step"]  # the adjudication, then one delivery per email
    return {
        "campaigns": campaigns,
        "peak_steps_per_hour": steps_per_hour,
        "mix": "Semper Victor 305 only (the largest position: the heaviest of the shipped rulesets)",
        "unit_costs": c,
        "web": {"requests_per_s": requests_s, "cores": web_cores,
                "processes": max(1, math.ceil(web_cores / UTILISATION))},
        "workers": {"steps_per_s": steps_s, "cores": worker_cores,
                    "processes": max(1, math.ceil(worker_cores / UTILISATION))},
        "postgresql": {
            "active_bytes": db_bytes,
            "bytes_per_campaign": per_campaign,
            "growth_bytes_per_day_at_peak": write_bytes_s * 86400,
            "transactions_per_s": commits_s,
            "write_iops": commits_s + write_bytes_s / PAGE,
            "read_iops_if_cold": read_pages_s,
            "working_set_bytes": campaigns * c["game_bytes"],
        },
        "redis": {
            "message_bytes": c["message_bytes"],
            "steady_bytes": steps_s * messages_per_step * c["message_bytes"],  # about a second in flight
            "one_hour_backlog_bytes": steps_per_hour * messages_per_step * c["message_bytes"],
        },
        "mail": {"per_hour": steps_per_hour * c["emails_per_step"]},
    }


def check(results: dict) -> dict:
    """The 10x window predicted from the 1x unit costs, beside what it measured."""
    c = unit_costs(results)
    ten = results["turnaround_10x"]["window"]
    steps = ten["steps"]
    measured = {
        "worker_cpu_s": ten["workers_cpu_s"],
        "web_cpu_s": ten["web_cpu_s"],
        "emails": ten["emails"],
        "rows_written": sum(v["inserted"] + v["updated"] for v in ten["db"]["rows"].values()),
        "commits": ten["db"]["commits"],
        "db_bytes": ten["db"]["bytes"],
    }
    predicted = {
        "worker_cpu_s": steps * c["worker_cpu_ms_per_step"] / 1000,
        "web_cpu_s": ten["requests"] * c["web_cpu_ms_per_request"] / 1000,
        "emails": steps * c["emails_per_step"],
        "rows_written": steps * c["rows_written_per_step"],
        "commits": steps * c["transactions_per_step"],
        "db_bytes": steps * c["db_bytes_per_step"],
    }
    one = results["turnaround"]
    capacity_steps_s = one["workers"] / max(c["worker_cpu_ms_per_step"] / 1000, 1e-9)
    return {
        "steps_1x": one["window"]["steps"], "steps_10x": steps,
        "seconds": results["turnaround_10x"]["seconds"],
        "load": f"{results['turnaround_10x']['games']} games, players thinking {results['turnaround_10x']['think_s']} s "
                f"(1x: {one['think_s']} s)",
        "predicted": predicted, "measured": measured,
        "ratio": {k: (measured[k] / predicted[k] if predicted[k] else float("nan")) for k in predicted},
        "steps_per_s_measured": steps / results["turnaround_10x"]["seconds"],
        "steps_per_s_worker_capacity": capacity_steps_s,
        "p50_ms_10x": results["turnaround_10x"]["p50_ms"], "p99_ms_10x": results["turnaround_10x"]["p99_ms"],
        "machine_10x": ten.get("machine"),
    }


def message_bytes() -> int:
    """The bytes one adjudication message and one delivery message take in Redis, on
    average: published to a scratch queue of the bench's Redis database, measured with
    ``MEMORY USAGE``, deleted."""
    import os

    import django

    django.setup()
    import redis

    from config.celery import app

    queue = f"cursus-bench-capacity-{os.getpid()}"
    client = redis.Redis.from_url(app.conf.broker_url)
    try:
        for i in range(50):
            app.send_task("games.tasks.adjudicate_step", args=(100000 + i, 17, {"role": "PRIMUS", "receipt": "ab" * 32,
                                                                                 "source": "api"}), queue=queue)
            app.send_task("notifications.tasks.deliver_outbox", args=(1000000 + i,), queue=queue)
        used = client.memory_usage(queue) or 0
        return int(used / 100)
    finally:
        client.delete(queue)


def main(argv=None) -> int:
    json.dump({"message_bytes": message_bytes()}, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
