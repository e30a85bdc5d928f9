"""What a Tetrarchia self-play report counts (rules/tetrarchia/coverage.py): every key it
counts is a row of the table, the rules every game shows do fire, and the variant rows
that cannot fire without their option say so."""

from __future__ import annotations

from rules.base import Event
from rules.registry import get_ruleset
from rules.selfplay import run_many, statistics
from rules.tetrarchia import planner

RS = get_ruleset("tetrarchia")


def test_counted_keys_are_rows_and_the_everyday_rules_fire():
    reports = run_many("tetrarchia", 2, 0, scenario="293", options={"level": "4211"}, choose=planner.choose,
                       stats=True, keep_states=False)
    stats = statistics("tetrarchia", reports, scenario="293", policy="greedy", options={"level": "4211"}, seed=0)
    rows = {r["key"] for r in RS.coverage()}
    fired = {r["key"] for r in stats["coverage"] if r["count"]}
    assert fired <= rows, fired - rows
    assert {"fleets-placed", "enter-roma", "move-normal", "protect", "subdue-revolt", "result-unrest", "uprising",
            "state-of-the-empire"} <= fired, sorted(fired)
    assert all(r["games"] <= 2 for r in stats["coverage"])
    assert {m for m in stats["measures"]} >= {"rounds", "frontiers_at_end", "ten_point_score"}


def test_variant_rows_carry_their_reason():
    for row in RS.coverage():
        if row["key"].startswith(("imperium-", "patres-", "glory-")) or row["key"] == "mare-nostrvm":
            assert "variant" in row.get("rare", ""), row


def test_events_read_as_the_rules_they_show():
    assert RS.tally(Event("move", {"from": "baetica", "to": "epirus", "by": "sea", "cost": 1})) == ["move-sea", "mare-nostrvm"]
    assert RS.tally(Event("move", {"from": "cisalpina", "to": "narbonensis", "by": "land", "cost": 3})) == \
        ["move-broken", "move-into-revolt"]
    assert RS.tally(Event("move_other", {"emperor": "maximian", "to": "roma"})) == ["imperium-diocletian"]
    assert RS.tally(Event("imperium", {"emperor": "diocletian", "power": "move_others"})) == []
    assert RS.tally(Event("battle", {"attacker": "army", "winner": "emperor", "imperial_multiplier": 2,
                                     "barbarian_multiplier": 1})) == ["army-attacks", "army-attack-lost", "multiplier-emperor"]
    assert RS.tally(Event("game_over", {"result": "defeat", "reason": "rome_taken"})) == ["defeat-rome"]
