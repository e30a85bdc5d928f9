"""The rules contract for computer players (rules/base.py: determinise, evaluate,
awaiting, candidates), on every registered ruleset.

At every prompt of seeded self-play games, a state guessed from the prompted seat's view
must give that seat the very prompt the real state gives it (kind, key, options, choices,
default orders), accept the same order sets, and resolve; ``awaiting`` must name the same
seats and kinds as ``prompts``; ``evaluate`` must stay between 0 and 1 and agree with the
outcome at the end. A ruleset whose view hides something but which does not say how to
guess it (``rules.computer.available``) is listed below as a strict expected failure: the
day it works, the test fails and the line goes."""

from __future__ import annotations

import random

import pytest

from rules import computer
from rules.base import Ruleset, canonical_json
from rules.computer.search import SampleDice
from rules.registry import KNOWN_SLUGS, get_ruleset
from rules.selfplay import play_game

#: Rulesets whose computer player waits for their authors (BOARD.md, 2025-11-25, ai -> kor).
NOT_YET: dict[str, str] = {}

#: Rulesets no computer player can sit in, by design.
NEVER = {"refereed": "a refereed game's seats write free text for a human master to read"}

GAMES = {"semper-victor": dict(scenario="306", max_years=2), "tetrarchia": {}, "kings-of-rome": {}}


def _check_guess(ruleset, state, prompt, rng):
    view = ruleset.view(state, prompt.role)
    for n in range(2):
        guess = ruleset.determinise(view, prompt.role, random.Random(rng.getrandbits(32)))
        assert canonical_json(ruleset.view(guess, prompt.role)) == canonical_json(view), "the guess shows another view"
        again = [p for p in ruleset.prompts(guess) if p.role == prompt.role]
        assert len(again) == 1, (prompt.key, [p.key for p in ruleset.prompts(guess)])
        assert canonical_json(again[0].as_dict()) == canonical_json(prompt.as_dict()), prompt.key
        assert ruleset.awaiting(guess) == ruleset.awaiting(state)
        orders = computer.policy_for(ruleset, "random")(ruleset, guess, again[0], rng)
        assert ruleset.validate(state, prompt.role, orders) == ruleset.validate(guess, prompt.role, orders)
        after, _events = ruleset.resolve(guess, {prompt.role: orders} if not ruleset.validate(guess, prompt.role, orders)
                                         else {prompt.role: prompt.default_orders}, SampleDice(rng))
        assert 0.0 <= ruleset.evaluate(after, prompt.role) <= 1.0
    assert sorted(ruleset.awaiting(state)) == sorted({(p.role, p.kind) for p in ruleset.prompts(state)})
    assert 0.0 <= ruleset.evaluate(state, prompt.role) <= 1.0


def _params():
    for slug in KNOWN_SLUGS:
        marks = [pytest.mark.xfail(strict=True, reason=NOT_YET[slug])] if slug in NOT_YET else []
        if slug in NEVER:
            marks = [pytest.mark.skip(reason=NEVER[slug])]
        yield pytest.param(slug, marks=marks, id=slug)


@pytest.mark.parametrize("slug", list(_params()))
def test_a_guess_from_the_view_gives_the_seat_its_prompt(slug):
    ruleset = get_ruleset(slug)
    assert computer.available(ruleset), f"{slug} hides information but has no determinise"
    rng = random.Random(7)
    checked = []
    random_player = computer.policy_for(ruleset, "random")

    def player(rs, state, prompt, r):
        if len(checked) < 40:
            _check_guess(rs, state, prompt, rng)
            checked.append(prompt.kind)
        return random_player(rs, state, prompt, r)
    report = play_game(slug, 3, choose=player, **GAMES.get(slug, {}))
    assert report.ok, report.detail
    assert checked
    if report.final_state is not None and report.outcome:
        for role in ruleset.roles(report.final_state.get("scenario", ""), report.final_state.get("options", {})) \
                if slug != "tetrarchia" else sorted(report.final_state["roles"]):
            value = ruleset.evaluate(report.final_state, role)
            winner = report.outcome["winner"]
            if winner is not None:
                assert value == (1.0 if winner == role else 0.0)


def test_the_defaults_of_the_contract():
    class Plain(Ruleset):
        slug = "plain"

        def outcome(self, state):
            return None

        def prompts(self, state):
            return []
    plain = Plain()
    view = {"a": [1, {"b": 2}]}
    guess = plain.determinise(view, "x", random.Random(1))
    assert guess == view and guess is not view and guess["a"] is not view["a"]
    assert plain.evaluate({}, "x") == 0.5
    assert plain.awaiting({}) == []
    assert plain.candidates({}, "x", None, random.Random(1)) == []
    assert not computer.available(plain)  # hidden information by default, and no way to guess it
    plain.hidden_information = False
    assert computer.available(plain)
