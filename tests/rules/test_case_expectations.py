"""The case runner's negative expectations (docs/adjudicator-cases.md): an empty mapping
means "nothing", ``$exactly`` forbids extra keys, ``$absent`` forbids a key, and
``absent_events`` names events that must not happen. Each is shown to catch an engine that
did more than the case allows, on a real Semper Victor battle."""

from __future__ import annotations

import copy

import pytest

from rules.cases import _subset, run_case

BATTLE = {
    "id": "t-battle",
    "ruleset": "semper-victor",
    "title": "a 20 PF force beats a lone RI (row 6 at 4/1: R / A, the RI eliminated or weakened)",
    "position": {
        "year": 320, "active": "PRIMUS", "control": {"galliae": "SECONDUS"},
        "pieces": [
            {"leader": "dux-a", "side": "PRIMUS", "zone": "galliae-2", "cc": 2, "vs": 1, "bt": 0},
            {"unit": "unit-a", "side": "PRIMUS", "zone": "galliae-2", "pf": 20, "qu": 2, "bt": 0},
            {"unit": "ri-galliae", "side": "SECONDUS", "zone": "galliae-1"},
        ],
        "reactions": {"PRIMUS": {"losses": "auto"}, "SECONDUS": {"retreat": {"*": ["franci"]}}},
        "peoples_at_war": ["franci"],
    },
    "orders": {"PRIMUS": "move dux-a unit-a: galliae-2 > galliae-1"},
    "dice": [6],
}


def case_with(expect: dict) -> dict:
    case = copy.deepcopy(BATTLE)
    case["expect"] = expect
    return case


def test_the_base_case_passes():
    result = run_case(case_with({"events": [{"type": "battle", "winner": "PRIMUS"}]}))
    assert result.passed, result.diffs


def test_an_empty_mapping_means_no_losses():
    assert run_case(case_with({"events": [{"type": "battle_end", "losses": {"PRIMUS": {}}}]})).passed
    failed = run_case(case_with({"events": [{"type": "battle_end", "losses": {"SECONDUS": {}}}]}))
    assert not failed.passed  # the RI was hit: "SECONDUS lost nothing" is false


def test_exactly_refuses_extra_keys():
    loose = run_case(case_with({"events": [{"type": "battle", "winner": "PRIMUS"}]}))
    assert loose.passed
    exact = run_case(case_with({"events": [{"type": "battle_end", "losses": {"$exactly": {"PRIMUS": {}}}}]}))
    assert not exact.passed  # the SECONDUS key is there too


def test_absent_events_catch_what_must_not_happen():
    assert run_case(case_with({"absent_events": [{"type": "usurpation"}]})).passed
    failed = run_case(case_with({"absent_events": [{"type": "battle", "zone": "galliae-1"}]}))
    assert not failed.passed
    assert "must not happen" in failed.diffs[0]


def test_absent_key_and_state_markers():
    assert run_case(case_with({"events": [{"type": "battle", "nonsense": {"$absent": True}}]})).passed
    assert not run_case(case_with({"events": [{"type": "battle", "winner": {"$absent": True}}]})).passed
    assert run_case(case_with({"state": {"pieces.unit-a.nonsense": {"$absent": True}}})).passed
    assert not run_case(case_with({"state": {"pieces.unit-a": {"$exactly": {"zone": "galliae-1"}}}})).passed


@pytest.mark.parametrize("wanted,got,ok", [
    ({}, {}, True), ({}, {"a": 1}, False), ({"a": {}}, {"a": {}, "b": 2}, True),
    ({"$exactly": {"a": 1}}, {"a": 1}, True), ({"$exactly": {"a": 1}}, {"a": 1, "b": 2}, False),
    ({"a": {"$absent": True}}, {"b": 1}, True), ({"a": {"$absent": True}}, {"a": None}, False),
    ([{}], [{}], True), ([{}], [{"x": 1}], False),
])
def test_matching_rules(wanted, got, ok):
    assert _subset(wanted, got) is ok
