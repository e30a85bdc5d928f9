"""The text notation of the phase prompts and stratagem plays: format then parse gives the
same order set back (rules/imperator/orders.py)."""

from __future__ import annotations

import pytest

from rules import get_ruleset
from rules.imperator.orders import format_orders, parse


@pytest.fixture(scope="module")
def rs():
    return get_ruleset("semper-victor")


@pytest.fixture(scope="module")
def state(rs):
    s = rs.load_position({"year": 320, "phase": "E", "hands": {"PRIMUS": ["bagaudes", "assassinat#1"]}})
    return s


@pytest.mark.parametrize("orders", [
    {"play": [{"stratagem": "assassinat", "leader": "licinius"}]},
    {"play": [{"stratagem": "foyer-de-peste", "zone": "pontica-1"}, {"stratagem": "abandon", "diocese": "thracia"}]},
    {"play": [{"stratagem": "pacification-mineur-2", "peoples": ["quades", "marcomanni"]}]},
    {"play": [{"stratagem": "pacification-nationalite", "nationality": "germanic"}]},
    {"play": [{"stratagem": "usurpation-primus", "leader": "licinius", "diocese": "thracia"}], "constantinople": True},
    {"play": [{"stratagem": "soulevement-mineur-1", "peoples": ["marcomanni"]}], "place": {"ascaric": "galliae-1"}},
    {"nominate": [{"leader": "crispus", "title": "caesar"}]},
    {"veto": True}, {"veto": False},
    {"successor": "crispus"}, {"successor": "thracia"},  # SV 3.5.2: a general, or the C/ diocese
    {"moves": [{"leaders": ["volusianus"], "units": ["co-batavi"], "path": ["italia-1", "italia-2"],
                "then": ["italia-3", "pannoniae-4"]}]},  # SV 3.6.3 D/: the leg after a rally
    {"moves": [{"leaders": ["volusianus"], "units": ["co-batavi", "co-heruli"], "path": ["italia-1", "italia-2", "italia-3"],
                "drop": {"co-heruli": "italia-2"}, "then": ["italia-1"]}]},
    {"sacrifice": ["crispus"], "protectores": "constantin", "discard": ["bagaudes"]},
    {"reactions": {"stratagems": [{"stratagem": "roma-victor", "zone": "galliae-1"},
                                  {"stratagem": "in-hoc-signo-vinces", "value": 6},
                                  {"stratagem": "fuite-opportune", "to": ["galliae-5", "galliae-6"]}],
                   "successor": ["crispus", "volusianus"], "initiative": "never", "geostrategy": "pass",
                   "nominate": "never", "veto": "always", "protectores": "crispus", "ask": "battles"}},
])
def test_format_then_parse(rs, state, orders):
    text = format_orders(orders, rs.title)
    parsed, errors = parse(rs.world, state, "PRIMUS", text)
    assert errors == []
    parsed = {k: v for k, v in parsed.items() if v not in ([], {}, None)}
    assert parsed == orders, text
