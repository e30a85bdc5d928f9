"""Where a worker's time goes in one turn: ``step_adjudicate`` (load, resolve, write,
open the next step) then the step-opened notification (render, outbox) and its delivery
(locmem email backend), in-process under pyinstrument, for ``--turns`` turns of a fresh
Semper Victor game. Prints JSON (mean ms per part) and writes the profile."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import django


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--profile", default="var/bench/worker-profile.txt")
    args = parser.parse_args(argv)
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    django.setup()
    from django.db import transaction
    from pyinstrument import Profiler

    from bench.faults import make_games
    from games import services
    from games.models import Step
    from notifications import services as notify
    from notifications.models import Outbox

    game = make_games(1, f"wp{int(time.time())}")[0]
    parts = {"submit": 0.0, "adjudicate": 0.0, "notify": 0.0, "deliver": 0.0}  # adjudicate includes the step_opened receivers (notify runs there)
    cpu = dict.fromkeys(parts, 0.0)  # the same, in this process's CPU time (the database's is not in it)
    emails = 0
    order_sets = 0
    profiler = Profiler(interval=0.0005)
    profiler.start()
    turns = 0
    for _ in range(args.turns):
        step = Step.objects.filter(game=game, status="open").first()
        if step is None:
            break
        c, k = time.perf_counter(), time.process_time()
        for prompt in step.prompts:
            services.order_submit(game=game, player=game.seats.get(role=prompt["role"]).player, step=step.number,
                                  orders=prompt.get("default_orders") or {})
            order_sets += 1
        parts["submit"] += time.perf_counter() - c
        cpu["submit"] += time.process_time() - k
        c, k = time.perf_counter(), time.process_time()
        with transaction.atomic():  # on_commit hooks (signals, enqueue) run at the end: time them apart
            services.step_adjudicate(game_id=game.pk, step_number=step.number)
        parts["adjudicate"] += time.perf_counter() - c
        cpu["adjudicate"] += time.process_time() - k
        nxt = Step.objects.filter(game=game, status="open").first()
        c, k = time.perf_counter(), time.process_time()
        if nxt is not None:
            notify.notify_step_opened(game=game, step=nxt)
        parts["notify"] += time.perf_counter() - c
        cpu["notify"] += time.process_time() - k
        c, k = time.perf_counter(), time.process_time()
        for outbox in Outbox.objects.filter(status=Outbox.Status.PENDING, game=game):
            notify.outbox_deliver(outbox_id=outbox.pk)
            emails += 1
        parts["deliver"] += time.perf_counter() - c
        cpu["deliver"] += time.process_time() - k
        turns += 1
    profiler.stop()
    with open(args.profile, "w") as f:
        f.write(profiler.output_text(unicode=False, color=False))
    n = max(turns, 1)
    result = {"turns": turns, **{f"{k}_ms": v / n * 1000 for k, v in parts.items()},
              **{f"{k}_cpu_ms": v / n * 1000 for k, v in cpu.items()},
              "order_sets_per_step": order_sets / n, "emails_per_step": emails / n,
              "deliver_cpu_ms_per_email": cpu["deliver"] / max(emails, 1) * 1000,
              "rows": _rows_and_bytes(game.pk, turns)}
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def _rows_and_bytes(game_id: int, steps: int) -> dict:
    """The rows one game wrote and their size as stored (``pg_column_size``: after
    compression, without indexes or page overhead), in all and per step."""
    from django.db import connection

    queries = {
        "games_game": "SELECT count(*), coalesce(sum(pg_column_size(t.*)), 0) FROM games_game t WHERE id = %s",
        "games_seat": "SELECT count(*), coalesce(sum(pg_column_size(t.*)), 0) FROM games_seat t WHERE game_id = %s",
        "games_step": "SELECT count(*), coalesce(sum(pg_column_size(t.*)), 0) FROM games_step t WHERE game_id = %s",
        "games_event": "SELECT count(*), coalesce(sum(pg_column_size(t.*)), 0) FROM games_event t WHERE game_id = %s",
        "games_orderset": "SELECT count(*), coalesce(sum(pg_column_size(t.*)), 0) FROM games_orderset t "
                          "JOIN games_step s ON s.id = t.step_id WHERE s.game_id = %s",
        "notifications_outbox": "SELECT count(*), coalesce(sum(pg_column_size(t.*)), 0) FROM notifications_outbox t "
                                "WHERE game_id = %s",
    }
    tables = {}
    with connection.cursor() as cursor:
        for table, sql in queries.items():
            cursor.execute(sql, [game_id])
            count, size = cursor.fetchone()
            tables[table] = {"rows": int(count), "bytes": int(size)}
    total_rows = sum(v["rows"] for v in tables.values())
    total_bytes = sum(v["bytes"] for v in tables.values())
    per_step_tables = {k: v for k, v in tables.items() if k not in ("games_game", "games_seat")}
    return {"tables": tables, "steps": steps, "game_bytes": tables["games_game"]["bytes"] + tables["games_seat"]["bytes"],
            "rows_per_step": sum(v["rows"] for v in per_step_tables.values()) / max(steps, 1),
            "bytes_per_step": sum(v["bytes"] for v in per_step_tables.values()) / max(steps, 1),
            "total_rows": total_rows, "total_bytes": total_bytes}


if __name__ == "__main__":
    sys.exit(main())
