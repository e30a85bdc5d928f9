"""``python manage.py selfplay --ruleset semper-victor --games N --seed S``: self-play through
the rules engine alone (:mod:`rules.selfplay`).

Prints one line per game and a summary; a progress bar goes to stderr. Exits 1 when any
game crashed, reached a dead end (no prompt, no outcome) or hit the step cap.

``--stats`` prints the statistics report instead (winner by starting seat, victory levels,
how often each rule of the ruleset's coverage table fired, the rules that never did, the
victory points by source, the prompts per seat per turn and per battle and the emails they
make) as Markdown; ``--stats-json FILE`` writes it as JSON;
``--readme FILE`` puts the Markdown into that file between the markers
``<!-- stats:<scenario>[:<label>] -->`` … ``<!-- /stats:… -->`` (the figures the rulesets'
READMEs keep). ``--policy greedy`` plays the ruleset's greedy player for both seats,
``--policy fast`` the computer's fast level (docs/computer.md: the ruleset's heuristic, or a
one-step look-ahead scored by ``Ruleset.evaluate``), ``--policy PRIMUS=greedy,SECONDUS=random``
one per seat; ``--option level=4211`` sets a
game option.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules import computer
from rules.registry import get_ruleset
from rules.selfplay import (progress_bar, random_orders, refresh_reasons, replace_block, report_from_json,
                            report_json, run_many, statistics, stats_markdown, summary)


class Command(BaseCommand):
    help = "Play legal games through a ruleset and report crashes, dead ends and endless loops, or statistics."

    def add_arguments(self, parser):
        parser.add_argument("--ruleset", default="semper-victor")
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--scenario", default=None)
        parser.add_argument("--max-steps", type=int, default=5000, help="step cap per game (an endless loop past it)")
        parser.add_argument("--years", type=int, default=None, help="stop each game after this many years")
        parser.add_argument("--minutes", type=float, default=None,
                            help="start no new game after this many minutes (the report counts the games played)")
        parser.add_argument("--jobs", type=int, default=1,
                            help="play the games in this many processes (the same reports, in seed order)")
        parser.add_argument("--reports", default=None, metavar="FILE",
                            help="keep each game's report in FILE (JSON lines) as it finishes; seeds already "
                                 "there are not played again, so a stopped run goes on where it stopped")
        parser.add_argument("--no-replay", action="store_true",
                            help="skip replaying each game's log to check it reaches the same state hash")
        parser.add_argument("--policy", default="random",
                            help="random | greedy | fast | a name the ruleset offers, or ROLE=name,ROLE=name")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="a game option (repeatable); values are read as JSON when they parse")
        parser.add_argument("--stats", action="store_true", help="print the statistics report (Markdown)")
        parser.add_argument("--stats-json", default=None, metavar="FILE", help="also write the report as JSON")
        parser.add_argument("--readme", default=None, metavar="FILE",
                            help="write the Markdown report into FILE between its stats markers")
        parser.add_argument("--label", default="", help="a label for the README block (e.g. the level)")
        parser.add_argument("--render", default=None, metavar="FILE",
                            help="play nothing: render the JSON report FILE (from --stats-json) again, with the "
                                 "coverage table's current reasons, to --stats or --readme")

    def handle(self, *args, **options):
        slug = options["ruleset"]
        ruleset = get_ruleset(slug)
        if options["render"]:
            return self._render(ruleset, options)
        game_options = _parse_options(options["option"])
        choose = _players(ruleset, options["policy"])
        stats = bool(options["stats"] or options["stats_json"] or options["readme"])
        wanted = range(options["seed"], options["seed"] + options["games"])
        kept, progress = {}, progress_bar(sys.stderr)
        if options["reports"]:
            run = {"ruleset": slug, "scenario": options["scenario"], "policy": options["policy"],
                   "options": game_options, "max_steps": options["max_steps"], "years": options["years"],
                   "replay": not options["no_replay"], "stats": stats}
            kept, progress = _reports_file(Path(options["reports"]), run, wanted, progress)
        played = run_many(slug, options["games"], options["seed"], progress=progress,
                          seeds=[s for s in wanted if s not in kept],
                          scenario=options["scenario"], max_steps=options["max_steps"], max_years=options["years"],
                          check_replay=not options["no_replay"], choose=choose, options=game_options or None,
                          stats=stats, keep_states=not stats, minutes=options["minutes"],
                          jobs=max(1, options["jobs"]))
        reports = sorted([*kept.values(), *played], key=lambda r: r.seed)
        if not stats:
            self.stdout.write(summary(reports))
        else:
            scenario = options["scenario"] or ruleset.scenarios()[0]["id"]
            report = statistics(slug, reports, scenario=scenario, policy=options["policy"], options=game_options,
                                seed=reports[0].seed if reports else options["seed"])
            text = stats_markdown(report)
            if options["stats"]:
                self.stdout.write(text)
            if options["stats_json"]:
                Path(options["stats_json"]).write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
            if options["readme"]:
                path = Path(options["readme"])
                name = scenario + (f":{options['label']}" if options["label"] else "")
                path.write_text(replace_block(path.read_text(encoding="utf-8"), name, text), encoding="utf-8")
        if any(not r.ok for r in reports):
            sys.exit(1)


    def _render(self, ruleset, options) -> None:
        try:
            report = json.loads(Path(options["render"]).read_text(encoding="utf-8"))
        except (OSError, ValueError) as problem:
            raise CommandError(f"--render {options['render']}: {problem}") from problem
        if report.get("ruleset") != ruleset.slug:
            raise CommandError(f"--render: the report is of {report.get('ruleset')!r}, not {ruleset.slug!r}")
        report = refresh_reasons(ruleset, report)
        text = stats_markdown(report)
        if options["stats"] or not options["readme"]:
            self.stdout.write(text)
        if options["readme"]:
            path = Path(options["readme"])
            name = report["scenario"] + (f":{options['label']}" if options["label"] else "")
            path.write_text(replace_block(path.read_text(encoding="utf-8"), name, text), encoding="utf-8")


def _reports_file(path: Path, run: dict, wanted: range, progress):
    """The games of ``wanted`` already in the reports file ``path`` (made by the same run:
    its first line says how), and a progress callback that appends each new game's
    report as it finishes (a killed run loses only the games under way)."""
    kept = {}
    if path.exists() and path.stat().st_size:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
            header = json.loads(lines[0]).get("run")
            saved = [report_from_json(json.loads(line)) for line in lines[1:] if line.strip()]
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as problem:
            raise CommandError(f"--reports {path}: not a reports file ({problem})") from problem
        if header != run:
            raise CommandError(f"--reports {path}: made by another run ({header}), not this one ({run})")
        kept = {r.seed: r for r in saved if r.seed in wanted}
    else:
        path.write_text(json.dumps({"run": run}, sort_keys=True) + "\n", encoding="utf-8")

    def keep(done: int, total: int, report) -> None:
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(report_json(report), sort_keys=True) + "\n")
        progress(done, total, report)
    return kept, keep


def _parse_options(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise CommandError(f"--option {pair!r}: expected KEY=VALUE")
        key, value = pair.split("=", 1)
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
        if isinstance(out[key], (int, float)) and key == "level":  # level codes are strings ("4211")
            out[key] = value
    return out


def _players(ruleset, spec: str):
    offered = dict(ruleset.policies())
    offered.setdefault("random", random_orders)
    if computer.available(ruleset):  # the computer's fast level (rules/computer), given the state as self-play is
        offered.setdefault("fast", computer.policy_for(ruleset, "fast"))
    if "=" not in spec:
        if spec not in offered:
            raise CommandError(f"--policy {spec!r}: this ruleset offers {sorted(offered)}")
        return offered[spec]
    seats = {}
    for part in spec.split(","):
        role, _, name = part.partition("=")
        if name not in offered:
            raise CommandError(f"--policy {part!r}: this ruleset offers {sorted(offered)}")
        seats[role.strip()] = offered[name]
    return seats
