"""Matches between players (rules/computer/match.py, manage.py match)."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from rules.computer.match import markdown, play_match, wilson


def test_wilson_interval():
    low, high = wilson(19, 20)
    assert round(low, 4) == 0.7639 and round(high, 4) == 0.9911  # the textbook values for 19/20
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 20)
    assert abs((low + high) / 2 - 0.5) < 1e-9


def test_a_short_match_swaps_the_seats_on_the_same_dice():
    report = play_match("semper-victor", "fast", "random", 2, scenario="306", years=1, seed=3)
    a, b = report.games
    assert a.seats == {"PRIMUS": "fast", "SECONDUS": "random"} and b.seats == {"PRIMUS": "random", "SECONDUS": "fast"}
    figures = report.as_dict()
    assert figures["games"] == 2 and set(figures["results"]) == {"fast", "random"}
    assert sum(r["score"] for r in figures["results"].values()) == 2
    assert any(k.startswith("fast smc") for k in figures["times"])
    assert figures["fallbacks"]["fast"] == 0  # (the random baseline may draw an illegal set, as in self-play)
    assert "| fast |" in markdown(figures)


def test_a_cooperative_match_reports_the_victory_rate():
    report = play_match("tetrarchia", "fast", "fast", 2, options={"level": "5300"}, seed=1).as_dict()
    assert report["cooperative"] and list(report["results"]) == ["fast"]
    assert 0 <= report["results"]["fast"]["score"] <= 2


def test_the_match_command(tmp_path, capsys):
    out = tmp_path / "m.json"
    call_command("match", "--ruleset", "tetrarchia", "--players", "greedy", "--games", "1", "--json", str(out),
                 "--markdown")
    assert json.loads(out.read_text())["games"] == 1
    assert "| greedy |" in capsys.readouterr().out
    with pytest.raises(Exception, match="two of"):
        call_command("match", "--players", "strong,grandmaster")
