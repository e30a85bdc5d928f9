"""``python manage.py ruleset_versions``: the running games of each ruleset by the version
they pinned, and what carrying them over to the installed version would do (the
migrations' notes, the order sets the new rules would void, or why a game cannot go on).
``--apply`` carries them over now (the minute sweep does it too); ``--game N`` limits it
to one game, which also resumes a halted game once a release can continue it.
docs/operations.md, "Releasing"."""

from __future__ import annotations

import json
from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from games import services
from games.models import Game


class Command(BaseCommand):
    help = "List running games per ruleset version and what an upgrade would do; --apply to upgrade."

    def add_arguments(self, parser):
        parser.add_argument("--apply", action="store_true", help="carry the games over now (or halt those that cannot go on)")
        parser.add_argument("--game", type=int, action="append", help="only this game (repeatable)")
        parser.add_argument("--json", action="store_true", help="one JSON object per game")

    def handle(self, *args, apply: bool, game: list[int] | None, json: bool, **options):
        games = Game.objects.filter(status__in=[Game.Status.OPEN, Game.Status.ACTIVE]).order_by("ruleset", "ruleset_version", "pk")
        if game:
            games = games.filter(pk__in=game)
            missing = sorted(set(game) - set(games.values_list("pk", flat=True)))
            if missing:
                raise CommandError(f"no running game {', '.join(map(str, missing))}")
        tally: Counter = Counter()
        for row in games.only("pk", "ruleset", "ruleset_version", "status", "halted_at"):
            installed = services.ruleset_for(row.ruleset).version
            tally[(row.ruleset, row.ruleset_version, installed)] += 1
            if row.ruleset_version == installed and row.halted_at is None:
                continue
            report = services.game_upgrade(game=row) if apply else services.upgrade_plan(game=Game.objects.get(pk=row.pk))
            self._write(report, as_json=json)
        if not json:
            self.stdout.write("Running games per ruleset version:")
            for (slug, pinned, installed), number in sorted(tally.items()):
                state = "current" if pinned == installed else f"installed {installed}"
                self.stdout.write(f"  {slug} {pinned or '(not started)'}: {number} game(s), {state}")

    def _write(self, report: dict, *, as_json: bool) -> None:
        if as_json:
            self.stdout.write(json.dumps(report, sort_keys=True, ensure_ascii=False))
            return
        line = f"game {report['game']}: {report.get('from')} -> {report.get('to')}: {report['status']}"
        if report.get("voided"):
            line += f"; order sets voided: {', '.join(report['voided'])}"
        if report.get("reason"):
            line += f"; {report['reason']['en']}"
        self.stdout.write(line)
        for note in report.get("notes", []):
            self.stdout.write(f"    {note['en']}")
