"""The rules contract's release crossing (rules.base.StateMigration): migrations chain
from a game's pinned version to the installed one, or say why they cannot."""

import pytest

from rules.base import Message, Ruleset, StateMigration, UpgradeImpossible, unchanged


def add(key):
    def migrate(state):
        state[key] = True
        return state

    return migrate


class Toy(Ruleset):
    slug = "toy"
    name = Message("Toy", "Jouet")
    version = "1.2.0"
    state_migrations = (
        StateMigration("1.0.0", "1.1.0", add("a"), Message("Rule A changed.", "La règle A change.")),
        StateMigration("1.1.0", "1.2.0", add("b"), Message("Rule B changed.", "La règle B change.")),
        StateMigration("1.1.1", "1.2.0", unchanged, Message("A fix only.", "Une correction.")),
    )


def test_migrations_chain_to_the_installed_version_without_touching_the_input():
    state = {"x": 1}
    upgraded, notes = Toy().upgrade_state(state, "1.0.0")
    assert upgraded == {"x": 1, "a": True, "b": True} and state == {"x": 1}
    assert [note.en for note in notes] == ["Rule A changed.", "Rule B changed."]
    assert [m.from_version for m in Toy().upgrade_path("1.1.1")] == ["1.1.1"]
    assert Toy().upgrade_state(state, "1.2.0") == (state, [])


def test_a_version_no_migration_leads_from_cannot_go_on():
    with pytest.raises(UpgradeImpossible) as caught:
        Toy().upgrade_path("0.9.0")
    assert "cannot continue games of version 0.9.0" in caught.value.message.en
    assert "0.9.0" in caught.value.message.fr


def test_a_circular_declaration_is_refused_not_looped():
    class Loop(Toy):
        state_migrations = (
            StateMigration("a", "b", unchanged, Message("", "")),
            StateMigration("b", "a", unchanged, Message("", "")),
        )

    with pytest.raises(UpgradeImpossible):
        Loop().upgrade_path("a")
