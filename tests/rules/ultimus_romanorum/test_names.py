"""Names where Ultimus Romanorum's ids are shared across tables: the Persian and Hunnic
zones ``persae-1``… ``hunni-2`` share their ids with the units of those peoples, and the
peoples' home zones (``alamanni``…) with the peoples. The log, the prompts and the board's
panels name each by what the event or question says it is, never by the first table that
holds the id (a Persian army's march read "Persae > Persae")."""

from __future__ import annotations

from rules.imperator import narration
from rules.registry import get_ruleset

WORLD = get_ruleset("ultimus-romanorum").world


def test_the_shared_ids_are_what_this_test_is_about():
    zones, units, peoples = set(WORLD.zones), set(WORLD.units), set(WORLD.peoples)
    assert {"persae-2", "persae-4", "hunni-1"} <= zones & units
    assert "alamanni" in zones & peoples
    assert narration.name(WORLD, "persae-2", "en") == "Persae"  # the first table: the unit


def test_a_march_through_persian_zones_names_the_zones_and_the_unit():
    message = narration.narrate("move", {"side": "BARBARE", "units": ["persae-2"], "leaders": [],
                                         "path": ["persae-2", "persae-4"], "cost": 2}, WORLD)
    assert message["en"] == "BARBARE moves Persae: Persae (Adiabene) > Persae (Atropatene) (2 MP)."
    assert "Perses (Adiabène) > Perses (Atropatène)" in message["fr"]


def test_a_battle_in_a_hunnic_zone_and_a_people_that_shares_a_zone_id():
    battle = narration.narrate("battle_end", {"zone": "hunni-1", "winner": "ROMA"}, WORLD)
    assert "Hunni (Pannonian plain)" in battle["en"] and "Hunni (plaine pannonienne)" in battle["fr"]
    status = narration.narrate("people_status", {"people": "alamanni", "status": "war"}, WORLD)
    assert status["en"].startswith("The Alamanni ") and WORLD.zones["alamanni"]["name"]["en"] == "Alamani"


def test_a_zone_question_names_the_zone():
    assert narration.zone_name(WORLD, "persae-3", "fr") == "Perses (Asorestan : Ctésiphon)"
    assert narration.name_in(WORLD, "peoples", "alamanni", "en") == "Alamanni"
    assert narration.zone_name(WORLD, "not-a-zone", "en") == "not-a-zone"
