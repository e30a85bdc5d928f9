"""Self-play statistics (rules/selfplay.py ``statistics``, ``manage.py selfplay --stats``):
the report counts what the ruleset's coverage table names, lists what never fired as a
warning unless a reason is written beside it, and a README block is replaced in place."""

from __future__ import annotations

from rules.base import Event
from rules.registry import get_ruleset
from rules.selfplay import GameReport, replace_block, run_many, statistics, stats_markdown


def test_a_short_run_counts_rules_and_points():
    reports = run_many("semper-victor", 2, 3, scenario="306", max_years=3, stats=True, keep_states=False)
    assert all(r.ok for r in reports)
    stats = statistics("semper-victor", reports, scenario="306", seed=3)
    assert stats["games"] == 2 and stats["finished"] == 2
    assert sum(v["games"] for v in stats["winners"].values()) == 2
    rows = {row["key"]: row for row in stats["coverage"]}
    assert rows["battle"]["count"] > 0 and rows["battle"]["games"] <= 2
    assert rows["vp:dioceses_held"]["count"] > 0
    assert stats["vp"]["dioceses_held"]  # points by side
    assert stats["measures"]["years"]["max"] == 3
    text = stats_markdown(stats)
    assert "| 8.3 L725 | a battle |" in text and "Never fired:" in text


def test_every_rule_of_the_coverage_table_is_one_the_tally_can_name():
    rs = get_ruleset("semper-victor")
    keys = [row["key"] for row in rs.coverage()]
    assert len(keys) == len(set(keys)) > 100
    assert all(row.get("section") and row.get("label") for row in rs.coverage())
    # a sample of events and the keys they give
    assert rs.tally(Event("battle", {"pf": {"attacker": 30, "defender": 10}, "result": {"attacker": "R", "defender": "A"},
                                     "winner": "PRIMUS", "modifiers": [{"code": "a:bt", "value": 1}]})) == \
        ["battle", "battle_35pf", "drm:a:bt"]
    assert rs.tally(Event("vp", {"reason": "no_civil_war", "points": 1})) == ["vp:no_civil_war"]
    assert rs.tally(Event("usurpation_succeeds", {"against": "PRIMUS", "back_in_ranks": ["x"]})) == \
        ["usurpation_succeeds:PRIMUS", "double_usurpation_success"]
    assert set(rs.tally(Event("stratagem_played", {"stratagem": "usurpation-primus", "validated": False}))) <= set(keys)


def test_a_rule_that_never_fired_is_a_warning_unless_its_reason_is_written():
    report = GameReport(seed=1, outcome={"winner": "PRIMUS", "level": "marginal", "scores": {}, "detail": {}})
    report.counts.update(["battle"])
    stats = statistics("semper-victor", [report], scenario="305", seed=1)
    warned = {w["key"]: w["reason"] for w in stats["warnings"]}
    assert "battle" not in warned
    assert "constantinople_built" in warned
    rare = {row["key"]: row["rare"] for row in get_ruleset("semper-victor").coverage() if row.get("rare")}
    for key, reason in rare.items():
        assert warned.get(key) == reason
    text = stats_markdown(stats)
    assert "WARNING: no reason given" in text


def test_the_readme_block_is_replaced_in_place():
    text = "# T\n\n<!-- stats:305 -->\nold\n<!-- /stats:305 -->\n\nafter\n"
    new = replace_block(text, "305", "new table")
    assert new == "# T\n\n<!-- stats:305 -->\nnew table\n<!-- /stats:305 -->\n\nafter\n"
    assert replace_block("# T\n", "306", "x").endswith("<!-- stats:306 -->\nx\n<!-- /stats:306 -->\n")


def test_the_prompts_are_counted_per_seat_per_turn_and_per_battle():
    """Kings of Rome's figures of issue 23: every prompt a seat is sent (one turn email
    each) is counted once, by seat and by kind; the report divides by seats and turns."""
    from collections import Counter

    from rules.kings_of_rome.selfplay import choose_orders
    from rules.selfplay import play_game

    asked: Counter = Counter()
    battle_prompts = 0

    def counting(ruleset, state, prompt, rng):
        nonlocal battle_prompts
        asked[prompt.role] += 1
        battle_prompts += prompt.kind == "battle"
        return choose_orders(ruleset, state, prompt, rng)

    report = play_game("kings-of-rome", 5, options={"players": 3, "last_turn": 12}, choose=counting, stats=True)
    assert report.ok, report.detail
    assert report.prompts == asked and sum(report.prompt_kinds.values()) == sum(asked.values())
    assert report.roles == ["latina-sabina", "etrusca", "volsca"]
    assert report.counts["secret-general"] == 1  # revealed in the set-up's first turn: counted too
    stats = statistics("kings-of-rome", [report], scenario="750", seed=5)
    pr = stats["prompts"]
    turns = report.measures["turns"]
    assert turns == 12
    assert pr["per_seat_per_turn"] == round(sum(asked.values()) / (3 * turns), 3)
    assert pr["emails_per_seat_per_turn"] == round((sum(asked.values()) + 3) / (3 * turns), 3)
    assert pr["by_seat"] == {role: round(asked[role] / turns, 3) for role in report.roles}
    assert pr["battles_per_game"] == report.battles
    if report.battles:
        assert pr["battle_prompts_per_battle"] == round(battle_prompts / report.battles, 3)
    text = stats_markdown(stats)
    assert "| all seats |" in text and "per seat per turn" in text and "the game-over email" in text
