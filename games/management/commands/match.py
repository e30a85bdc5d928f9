"""``python manage.py match --ruleset semper-victor --scenario 306 --players strong,random --games 40``:
games between two players with the seats swapped every game (rules/computer/match.py),
and their win rates with 95 % confidence intervals and decision times.

Players: ``random``, ``greedy`` (self-play baselines), ``fast``, ``strong`` (the computer's
levels, seeing their seat's view only). For a cooperative ruleset (Tetrarchia) give one
player: the figure is its victory rate (``--option level=4211`` for the difficulty).
``--budget`` overrides the strong level's CPU seconds a decision, ``--simulations`` caps
its look-ahead instead (replayable); ``--jobs`` plays games in parallel processes.
``--markdown`` prints the rows of docs/benchmarks.md, ``--json FILE`` writes the figures.
Run long matches with ``nice -n 10``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules import computer
from rules.computer.match import markdown, play_match_parallel
from rules.registry import get_ruleset


class Command(BaseCommand):
    help = "Play matches between computer players and report win rates with confidence intervals."

    def add_arguments(self, parser):
        parser.add_argument("--ruleset", default="semper-victor")
        parser.add_argument("--scenario", default=None)
        parser.add_argument("--players", default="strong,random",
                            help=f"two of {', '.join(computer.player_names())}, comma-separated (one for a "
                                 "cooperative ruleset)")
        parser.add_argument("--games", type=int, default=20)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--budget", type=float, default=None, help="CPU seconds a strong decision may take")
        parser.add_argument("--simulations", type=int, default=None, help="cap the look-ahead at N simulations")
        parser.add_argument("--jobs", type=int, default=1)
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
        parser.add_argument("--markdown", action="store_true", help="print the Markdown rows")
        parser.add_argument("--json", default=None, metavar="FILE", help="write the figures as JSON")

    def handle(self, *args, **options):
        from games.management.commands.selfplay import _parse_options

        ruleset = get_ruleset(options["ruleset"])
        names = [p.strip() for p in options["players"].split(",") if p.strip()]
        if len(names) == 1:
            names = names * 2
        if len(names) != 2 or any(n not in computer.player_names() for n in names):
            raise CommandError(f"--players: two of {', '.join(computer.player_names())}")
        if any(n in computer.LEVELS for n in names) and not computer.available(ruleset):
            raise CommandError(f"{ruleset.slug} hides information and says not how to guess it: no computer level yet")
        if options["games"] < 1:
            raise CommandError("--games: at least 1")

        def progress(done, total, result):
            sys.stderr.write(f"\r{done}/{total} games")
            sys.stderr.flush()
        report = play_match_parallel(ruleset.slug, names[0], names[1], options["games"], jobs=options["jobs"],
                                     scenario=options["scenario"], options=_parse_options(options["option"]),
                                     seed=options["seed"], budget=options["budget"],
                                     max_simulations=options["simulations"], progress=progress).as_dict()
        sys.stderr.write("\n")
        if options["json"]:
            Path(options["json"]).write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
        if options["markdown"]:
            self.stdout.write(markdown(report))
        else:
            for player, r in report["results"].items():
                self.stdout.write(f"{player}: {r['score']:g}/{report['games']} = {100 * (r['rate'] or 0):.1f} % "
                                  f"(95 % CI {100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f} %)")
