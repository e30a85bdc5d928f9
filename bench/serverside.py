"""Server time of the pages the scale target names, measured in-process (Django's test
client: no network, no load generator) against the bench database, with the SQL each
one runs and its EXPLAIN ANALYZE plan (the query-plan/index check).

Run by bench/run.py after bench/data.py filled the database:
``python -m bench.serverside --label 100k`` prints JSON.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time

import django

BIG_TABLES = ("games_game", "games_seat", "games_step", "games_event", "games_orderset", "auth_user")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", default="")
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--plans", help="append the EXPLAIN ANALYZE plans to this file")
    parser.add_argument("--pages", help="comma-separated names: measure only these pages (default: all)")
    args = parser.parse_args(argv)
    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from rest_framework.authtoken.models import Token

    from bench.data import FIRST_ID
    from games.models import Game, Seat, Step

    # A player with active games (the first generated user), one of their active games.
    prompted_role = Step.objects.filter(game__status="active", status="open").first().prompts[0]["role"]
    seat = (Seat.objects.filter(player_id__gte=FIRST_ID, game__status="active", role=prompted_role)
            .select_related("player", "game").order_by("player_id", "game_id").first())
    player, game = seat.player, seat.game
    token = Token.objects.get(user=player).key
    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    client.force_login(player)
    step = Step.objects.get(game=game, status="open")
    prompt = step.prompts[0]

    def submit():
        return client.post(f"/api/v1/games/{game.pk}/orders/",
                           data=json.dumps({"step": step.number, "orders": prompt["default_orders"]}),
                           content_type="application/json")

    pages = {
        "games_awaiting_api": lambda: client.get("/api/v1/games/"),
        "games_awaiting_page": lambda: client.get("/games/"),
        "game_page": lambda: client.get(f"/games/{game.pk}/"),
        "game_detail_api": lambda: client.get(f"/api/v1/games/{game.pk}/"),
        "game_events_api": lambda: client.get(f"/api/v1/games/{game.pk}/events/"),
        "order_submit_api": submit,
    }
    if args.pages:
        pages = {name: call for name, call in pages.items() if name in args.pages.split(",")}
    result = {"label": args.label, "games": Game.objects.count(), "player_seats": Seat.objects.filter(player=player).count(),
              "pages": {}}
    plans_out = []
    for name, call in pages.items():
        response = call()  # warm
        status = response.status_code
        samples = []
        for _ in range(args.repeats):
            c = time.perf_counter()
            response = call()
            samples.append(time.perf_counter() - c)
        with CaptureQueriesContext(connection) as captured:
            call()
        seq_scans = []
        for query in captured.captured_queries:
            sql = query["sql"]
            if not sql.lstrip().upper().startswith("SELECT"):
                continue
            with connection.cursor() as cursor:
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql)
                plan = "\n".join(row[0] for row in cursor.fetchall())
            for table in BIG_TABLES:
                if re.search(rf"Seq Scan on {table}\b", plan):
                    seq_scans.append(table)
            plans_out.append(f"-- [{args.label}] {name}\n{sql}\n{plan}\n")
        samples.sort()
        result["pages"][name] = {
            "status": status,
            "median_ms": statistics.median(samples) * 1000,
            "p90_ms": samples[int(0.9 * (len(samples) - 1))] * 1000,
            "queries": len(captured.captured_queries),
            "seq_scans_on_big_tables": sorted(set(seq_scans)),
        }
    if args.plans:
        with open(args.plans, "a") as f:
            f.write("\n".join(plans_out))
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
