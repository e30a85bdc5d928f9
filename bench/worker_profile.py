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
    profiler = Profiler(interval=0.0005)
    profiler.start()
    turns = 0
    for _ in range(args.turns):
        step = Step.objects.filter(game=game, status="open").first()
        if step is None:
            break
        c = time.perf_counter()
        for prompt in step.prompts:
            services.order_submit(game=game, player=game.seats.get(role=prompt["role"]).player, step=step.number,
                                  orders=prompt.get("default_orders") or {})
        parts["submit"] += time.perf_counter() - c
        c = time.perf_counter()
        with transaction.atomic():  # on_commit hooks (signals, enqueue) run at the end: time them apart
            services.step_adjudicate(game_id=game.pk, step_number=step.number)
        parts["adjudicate"] += time.perf_counter() - c
        nxt = Step.objects.filter(game=game, status="open").first()
        c = time.perf_counter()
        if nxt is not None:
            notify.notify_step_opened(game=game, step=nxt)
        parts["notify"] += time.perf_counter() - c
        c = time.perf_counter()
        for outbox in Outbox.objects.filter(status=Outbox.Status.PENDING, game=game):
            notify.outbox_deliver(outbox_id=outbox.pk)
        parts["deliver"] += time.perf_counter() - c
        turns += 1
    profiler.stop()
    with open(args.profile, "w") as f:
        f.write(profiler.output_text(unicode=False, color=False))
    result = {"turns": turns, **{f"{k}_ms": v / max(turns, 1) * 1000 for k, v in parts.items()}}
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
