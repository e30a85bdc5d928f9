"""A pretend release for tests/ops/test_stack.py: the production settings unchanged, and
Semper Victor's engine reporting the next version with the state migration a real
release would declare (rules.base.StateMigration). Processes restarted with these
settings are the "new code"; nothing else differs."""

from config.settings.base import *  # noqa: F401,F403

import rules  # noqa: E402
from rules.base import Message, StateMigration  # noqa: E402

_ruleset = rules.get_ruleset("semper-victor")
RELEASE_FROM = _ruleset.version
RELEASE_TO = f"{RELEASE_FROM}+stack-test"


def _migrate(state):
    state["carried_over_by_stack_test"] = True
    return state


_ruleset.version = RELEASE_TO
_ruleset.state_migrations = (
    *_ruleset.state_migrations,
    StateMigration(RELEASE_FROM, RELEASE_TO, _migrate, Message("A test release: nothing changes in play.",
                                                               "Une version de test : rien ne change au jeu.")),
)
