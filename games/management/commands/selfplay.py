"""``python manage.py selfplay --ruleset semper-victor --games N --seed S``: random legal
self-play through the rules engine alone (:mod:`rules.selfplay`).

Prints one line per game and a summary; a progress bar goes to stderr. Exits 1 when any
game crashed, reached a dead end (no prompt, no outcome) or hit the step cap.
"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand

from rules.selfplay import progress_bar, run_many, summary


class Command(BaseCommand):
    help = "Play random legal games through a ruleset and report crashes, dead ends and endless loops."

    def add_arguments(self, parser):
        parser.add_argument("--ruleset", default="semper-victor")
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--scenario", default=None)
        parser.add_argument("--max-steps", type=int, default=5000, help="step cap per game (an endless loop past it)")
        parser.add_argument("--years", type=int, default=None, help="stop each game after this many years")
        parser.add_argument("--no-replay", action="store_true",
                            help="skip replaying each game's log to check it reaches the same state hash")

    def handle(self, *args, **options):
        reports = run_many(options["ruleset"], options["games"], options["seed"], progress=progress_bar(sys.stderr),
                           scenario=options["scenario"], max_steps=options["max_steps"], max_years=options["years"],
                           check_replay=not options["no_replay"])
        self.stdout.write(summary(reports))
        if any(not r.ok for r in reports):
            sys.exit(1)
