"""``python manage.py adjudicate_cases [PATH ...]``: run the rulesets' adjudicator cases.

A thin wrapper over :mod:`rules.cases` (pure Python; see
``../shared/design/adjudicator-cases.md``): one ``PASS``/``FAIL id — title`` line per case,
a diff under each failure, then ``N passed, N failed``; the exit status is 1 when any case
fails. With no path, every case of every ruleset runs.
"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand

from rules.cases import run_all


class Command(BaseCommand):
    help = "Run the adjudicator cases (rules/<ruleset>/cases/*.yaml) and report PASS/FAIL per case."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="*", help="case files or folders (default: every ruleset's cases)")

    def handle(self, *args, **options):
        _, failed = run_all(options["paths"] or None, out=self.stdout)
        if failed:
            sys.exit(1)
