"""``manage.py selfplay --stats`` writes the report (Markdown, JSON, a README block)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def test_stats_to_markdown_json_and_readme(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# SV\n\n<!-- stats:306 -->\nSTALE-BLOCK\n<!-- /stats:306 -->\n")
    out = StringIO()
    call_command("selfplay", "--ruleset", "semper-victor", "--scenario", "306", "--games", "2", "--years", "2",
                 "--seed", "4", "--no-replay", "--stats", "--stats-json", str(tmp_path / "s.json"),
                 "--readme", str(readme), stdout=out, stderr=StringIO())
    assert "**semper-victor 306**, 2 games" in out.getvalue()
    report = json.loads((tmp_path / "s.json").read_text())
    assert report["games"] == 2 and report["scenario"] == "306"
    assert "STALE-BLOCK" not in readme.read_text() and "| winner (seat) |" in readme.read_text()


def test_an_unknown_policy_is_refused():
    with pytest.raises(CommandError, match="offers"):
        call_command("selfplay", "--policy", "clever", "--games", "1", stdout=StringIO(), stderr=StringIO())


def test_the_computer_fast_level_and_a_ruleset_greedy_player_are_policies(tmp_path):
    for policy in ("fast", "PRIMUS=greedy,SECONDUS=random"):
        out = StringIO()
        call_command("selfplay", "--ruleset", "semper-victor", "--scenario", "306", "--games", "1", "--years", "1",
                     "--no-replay", "--policy", policy, "--stats", stdout=out, stderr=StringIO())
        assert f"policy `{policy}`" in out.getvalue()


def test_a_saved_report_is_rendered_again_with_the_current_reasons(tmp_path):
    """--render: the counts of a --stats-json report, the coverage table's reasons of today."""
    saved = tmp_path / "s.json"
    call_command("selfplay", "--ruleset", "semper-victor", "--scenario", "306", "--games", "1", "--years", "1",
                 "--no-replay", "--stats-json", str(saved), stdout=StringIO(), stderr=StringIO())
    report = json.loads(saved.read_text())
    never = next(w for w in report["warnings"])
    report["warnings"] = [dict(w, reason="stale") for w in report["warnings"]]
    saved.write_text(json.dumps(report))
    readme = tmp_path / "README.md"
    readme.write_text("# SV\n")
    out = StringIO()
    call_command("selfplay", "--ruleset", "semper-victor", "--render", str(saved), "--readme", str(readme),
                 "--label", "random", "--stats", stdout=out, stderr=StringIO())
    text = readme.read_text()
    assert "<!-- stats:306:random -->" in text and "**semper-victor 306**, 1 games" in text
    assert "stale" not in text and never["label"] in text
    with pytest.raises(CommandError, match="not 'tetrarchia'"):
        call_command("selfplay", "--ruleset", "tetrarchia", "--render", str(saved), stdout=StringIO(), stderr=StringIO())


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path):
    """``--reports FILE``: each game's report is kept as it finishes; a second run with the
    same file plays only the seeds it does not hold, and its statistics cover them all —
    the same report as one uninterrupted run (``--jobs 2`` for the second sitting: the same
    games). A file made by another run is refused, and so is one that is not a reports file."""
    common = ["--ruleset", "semper-victor", "--scenario", "306", "--years", "1", "--no-replay", "--stats"]
    whole = tmp_path / "whole.json"
    call_command("selfplay", *common, "--games", "3", "--seed", "4", "--stats-json", str(whole),
                 stdout=StringIO(), stderr=StringIO())
    reports = tmp_path / "r.jsonl"
    call_command("selfplay", *common, "--games", "2", "--seed", "4", "--reports", str(reports),
                 stdout=StringIO(), stderr=StringIO())
    assert len(reports.read_text().splitlines()) == 1 + 2  # the run's line, then a line a game
    call_command("selfplay", *common, "--games", "3", "--seed", "4", "--reports", str(reports), "--jobs", "2",
                 "--stats-json", str(tmp_path / "resumed.json"), stdout=StringIO(), stderr=StringIO())
    lines = [json.loads(line) for line in reports.read_text().splitlines()]
    assert [line["seed"] for line in lines[1:]] == [4, 5, 6]  # one game played, two read back
    resumed = json.loads((tmp_path / "resumed.json").read_text())
    assert resumed == json.loads(whole.read_text()) and resumed["games"] == 3
    with pytest.raises(CommandError, match="made by another run"):
        call_command("selfplay", *common[:-1], "--games", "3", "--seed", "4", "--reports", str(reports),
                     stdout=StringIO(), stderr=StringIO())
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    with pytest.raises(CommandError, match="not a reports file"):
        call_command("selfplay", *common, "--games", "1", "--reports", str(junk), stdout=StringIO(), stderr=StringIO())
