"""A 256-player Swiss tournament in the bench database, made through the tournaments
services (one round paired by default, every result set by the organiser, so each round creates
128 real games), then the standings page's server time, in-process, like
bench/serverside.py: repeated (its standings fragment served from the cache) and right
after a change (rendered again by the worker first, or by a reader faster than the worker),
the standings API and the CSV. Prints JSON."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

import django


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--profile", default="var/bench/standings-profile.txt")
    parser.add_argument("--tournament", type=int, help="measure this tournament (made by an earlier run) instead of making one")
    args = parser.parse_args(argv)
    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from bench.data import FIRST_ID
    from tournaments import services
    from tournaments.models import Pairing

    User = get_user_model()
    c = time.perf_counter()
    if args.tournament:
        from tournaments.models import Tournament

        tournament = Tournament.objects.get(pk=args.tournament)
        players = [entry.player for entry in tournament.entries.select_related("player").order_by("player_id")]
    else:
        organiser = User.objects.create_user(username=f"org{int(time.time())}", email="org@example.test", password="x")
        tournament = services.tournament_create(created_by=organiser, name="Bench 256", ruleset="semper-victor",
                                                scenario="305", rounds_planned=args.rounds + 1)
        players = list(User.objects.filter(pk__gte=FIRST_ID).order_by("pk")[: args.players])
        for player in players:
            services.entry_register(tournament=tournament, player=player)
        rng = random.Random(256)
        for _ in range(args.rounds):
            rnd = services.round_pair_next(tournament=tournament, by=organiser)
            for pairing in Pairing.objects.filter(round=rnd, secundus__isnull=False):
                winner = rng.choice(["PRIMUS", "SECONDUS", None])
                services.pairing_result_adjust(tournament=tournament, pairing_id=pairing.pk, by=organiser, winner=winner,
                                               level="draw" if winner is None else "decisive", reason="bench")
    built = time.perf_counter() - c
    client = Client()
    client.force_login(players[0])
    page = f"/tournaments/{tournament.pk}/"
    # The page caches its standings fragment until the tournament changes: measured as
    # repeated (served from the cache), right after a change (a live VP moves, as when a
    # step opens in one of the games) once the worker has rendered it again (the
    # platform's path: tournaments.tasks.warm_standings, timed as worker time), and right
    # after a change for a reader faster than the worker (rendered in the request).
    from tournaments.tasks import warm_standings

    board = Pairing.objects.filter(tournament=tournament).order_by("round__number", "board").first()

    nonce = time.time_ns() // 1000  # a value no earlier run (nor its cache) has seen
    warm_ms: list[float] = []

    def change(i):
        Pairing.objects.filter(pk=board.pk).update(live_vp={"PRIMUS": i, "SECONDUS": nonce})

    def change_then_worker(i):
        change(args.repeats + 1 + i)  # values the other measurement did not use
        t = time.perf_counter()
        warm_standings(tournament.pk)
        warm_ms.append((time.perf_counter() - t) * 1000)

    pages = {"standings_page": (page, None), "standings_page_after_change_warmed": (page, change_then_worker),
             "standings_page_after_change": (page, change),
             "standings_api": (f"/api/v1/tournaments/{tournament.pk}/standings/", None),
             "standings_csv": (f"/tournaments/{tournament.pk}/standings.csv", None)}
    result = {"tournament": tournament.pk, "players": len(players), "rounds": tournament.rounds.count(), "build_s": round(built, 1), "pages": {}}
    for name, (path, before) in pages.items():
        response = client.get(path)
        samples = []
        for i in range(args.repeats):
            if before:
                before(i)
            t = time.perf_counter()
            response = client.get(path)
            samples.append(time.perf_counter() - t)
        samples.sort()
        result["pages"][name] = {"status": response.status_code, "median_ms": statistics.median(samples) * 1000,
                                 "p90_ms": samples[int(0.9 * (len(samples) - 1))] * 1000}
    result["warm_median_ms"] = statistics.median(warm_ms)  # the worker's render, every language
    from pyinstrument import Profiler

    change(-1)  # the profile is of the page right after a change (the slower case)
    profiler = Profiler(interval=0.0002)
    profiler.start()
    client.get(page)
    profiler.stop()
    with open(args.profile, "w") as f:
        f.write(profiler.output_text(unicode=False, color=False))
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
