"""Tetrarchia's log tells what a player must know (issue 16, item 19): which provinces got
the opening revolts and armies; the winner of an attack moves in and removes the disc; a
disc turned to Revolt goes back to its owner; a bonus offered that went unused (the cases
in rules/tetrarchia/cases check those messages word for word)."""

from rules import get_ruleset
from rules.dice import HmacDice


def test_the_opening_revolts_and_armies_are_in_the_log_by_province():
    rs = get_ruleset("tetrarchia")
    state, events = rs.setup_with_events(rs.scenarios()[0]["id"], {}, HmacDice(b"\x05" * 32, 0))
    revolts = [e for e in events if e.type == "setup_revolt"]
    armies = [e for e in events if e.type == "setup_army"]
    assert len(revolts) == sum(1 for d in state["discs"].values() if d == "revolt") >= 6
    assert len(armies) == len(state["armies"]) >= 1
    for event in revolts:
        assert state["discs"][event.data["province"]] == "revolt"
        assert event.data["message"]["en"].startswith("Opening revolt: a Revolt disc in ")
        assert event.data["message"]["fr"].startswith("Révolte initiale : un disque de Révolte en ")
    for event in armies:
        assert event.data["province"] in state["armies"]
        assert "Opening threat: a barbarian army" in event.data["message"]["en"]
    assert rs.setup(rs.scenarios()[0]["id"], {}, HmacDice(b"\x05" * 32, 0)) == state  # the same opening
