"""Computer players (rules/computer/): legal answers at every level, replayable decisions,
and honesty — the computer sees its seat's view and nothing else: two states that differ
only in what the seat cannot see (the other hand, the bowl, moves still sealed) give the
same decision, and its guesses of the other hand are guesses."""

from __future__ import annotations

import random

import pytest

from rules import computer
from rules.base import canonical_json, json_copy
from rules.dice import HmacDice
from rules.registry import get_ruleset
from rules.selfplay import play_game, random_orders

SV = "semper-victor"


def _positions(slug: str, seed: int, want, *, limit: int = 400, **game):
    """Positions of a seeded random game where ``want(ruleset, state, prompt)`` holds."""
    ruleset = get_ruleset(slug)
    found = []

    def player(rs, state, prompt, rng):
        if want(rs, state, prompt) and len(found) < limit:
            found.append((json_copy(state), prompt))
        return computer.policy_for(rs, "random")(rs, state, prompt, rng)
    play_game(slug, seed, choose=player, **game)
    return ruleset, found


@pytest.mark.parametrize("level", ["random", "fast", "strong"])
def test_semper_victor_every_answer_is_legal(level):
    ruleset, found = _positions(SV, 11, lambda rs, s, p: True, scenario="306", max_years=2)
    kinds = set()
    for n, (state, prompt) in enumerate(found[:: 3 if level == "strong" else 1]):
        view = ruleset.view(state, prompt.role)
        decision = computer.decide(ruleset, view, prompt.role, prompt, level=level, seed=n, max_simulations=6)
        assert not ruleset.validate(state, prompt.role, decision.orders), (prompt.key, decision.orders)
        kinds.add(prompt.kind)
    assert {"smc", "deploy"} & kinds and len(kinds) >= 4, kinds


@pytest.mark.parametrize("level", ["fast", "strong"])
def test_tetrarchia_every_answer_is_legal(level):
    ruleset, found = _positions("tetrarchia", 5, lambda rs, s, p: True, options={"players": 2})
    for n, (state, prompt) in enumerate(found[:30]):
        view = ruleset.view(state, prompt.role)
        decision = computer.decide(ruleset, view, prompt.role, prompt, level=level, seed=n, max_simulations=8)
        assert not ruleset.validate(state, prompt.role, decision.orders), (prompt.key, decision.orders)


def test_a_decision_is_replayed_from_its_seed():
    ruleset, found = _positions(SV, 12, lambda rs, s, p: p.kind == "smc", scenario="306", max_years=1, limit=3)
    state, prompt = found[-1]
    view = ruleset.view(state, prompt.role)
    one = computer.decide(ruleset, view, prompt.role, prompt, level="strong", seed=b"x", max_simulations=30)
    two = computer.decide(ruleset, view, prompt.role, prompt, level="strong", seed=b"x", max_simulations=30)
    assert one.orders == two.orders and one.detail == two.detail
    assert one.simulations == 30 and one.candidates > 1


class _ScriptedClock:
    """A CPU clock that moves only while a look-ahead simulation runs, by the given
    durations in turn: the budget rule is tested on counts, not on this machine's speed
    (seconds belong to ``make bench-computer``)."""

    def __init__(self, durations):
        self.now, self.durations, self.runs = 0.0, list(durations), 0

    def __call__(self) -> float:
        return self.now

    def wrap(self, simulate):
        def timed(*args, max_steps, **kwargs):
            if max_steps:  # a look-ahead's simulation (0 steps: scoring the candidates, not timed)
                self.now += self.durations[min(self.runs, len(self.durations) - 1)]
                self.runs += 1
            return simulate(*args, max_steps=max_steps, **kwargs)
        return timed


@pytest.mark.parametrize("durations, simulations", [
    ([0.04], 6),               # 0.24 spent: a seventh (as long as the longest) would end past 0.27
    ([0.01, 0.2, 0.01], 2),    # after a 0.2 s simulation, 0.21 + 0.2 is past the 0.27 the search has
])
def test_the_strong_level_keeps_to_its_budget(monkeypatch, durations, simulations):
    from rules.computer import search as search_mod
    ruleset, found = _positions(SV, 13, lambda rs, s, p: p.kind == "smc", scenario="306", max_years=1, limit=2)
    state, prompt = found[-1]
    clock = _ScriptedClock(durations)
    monkeypatch.setattr(search_mod, "simulate", clock.wrap(search_mod.simulate))
    decision = computer.decide(ruleset, ruleset.view(state, prompt.role), prompt.role, prompt, level="strong",
                               seed=1, budget=0.3, clock=clock)
    assert decision.candidates > 1
    # The search stops by the clock (no cap on simulations) before the next one would end
    # past its share of the budget (0.9 x 0.3 s), and the decision reports the clock's time.
    assert decision.simulations == clock.runs == simulations
    assert decision.cpu_seconds == pytest.approx(clock.now) and clock.now <= 0.3 * computer.SEARCH_SHARE
    assert not ruleset.validate(state, prompt.role, decision.orders)


def test_a_prompt_the_guess_does_not_give_is_refused():
    ruleset, found = _positions(SV, 14, lambda rs, s, p: True, scenario="306", max_years=1, limit=1)
    state, prompt = found[0]
    with pytest.raises(computer.ComputerError):
        computer.decide(ruleset, ruleset.view(state, prompt.role), prompt.role, {"key": "elsewhere"}, level="fast")
    with pytest.raises(computer.ComputerError):
        computer.decide(ruleset, ruleset.view(state, prompt.role), prompt.role, prompt, level="grandmaster")


# -- honesty ------------------------------------------------------------------------------------------
def _sealed(rs, state, prompt) -> bool:
    """The other side's SMC is under way with moves it has not carried out yet."""
    cur = state.get("current") or {}
    side = (state.get("seats") or {}).get(prompt.role, prompt.role)
    return (cur.get("side") not in (None, side) and cur.get("stage") == "moves"
            and cur.get("next", 0) < len(cur.get("moves", [])))


def _other_secrets(ruleset, state: dict, seat: str) -> dict:
    """The same position with everything ``seat`` cannot see changed: the other side's hand
    swapped with part of the bowl, its standing reactions and its sealed moves."""
    other = json_copy(state)
    side = (state.get("seats") or {}).get(seat, seat)
    enemy = next(s for s in other["hidden"]["hands"] if s != side)
    hand, bowl = other["hidden"]["hands"][enemy], other["hidden"]["bowl"]
    n = min(len(hand), len(bowl))
    other["hidden"]["hands"][enemy], other["hidden"]["bowl"] = sorted(bowl[:n] + hand[n:]), sorted(bowl[n:] + hand[:n])
    other["hidden"]["reactions"][enemy] = {"evade": {"*": "always"}, "losses": "auto"}
    cur = other.get("current")
    if cur and cur.get("side") == enemy and cur.get("stage") == "moves":
        cur["moves"] = cur["moves"][: cur.get("next", 0)]  # the sealed moves withdrawn
    assert other["hidden"] != state["hidden"] or other.get("current") != state.get("current")
    return other


def test_the_computer_sees_only_its_seat():
    found = []
    for seed in (21, 22, 23):  # positions where the other side's moves are still sealed
        ruleset, more = _positions(SV, seed, _sealed, scenario="305", max_years=6, limit=2)
        found += more
        if len(found) >= 2:
            break
    assert found
    _, more = _positions(SV, 24, lambda rs, s, p: all(s["hidden"]["hands"].values()), scenario="306",
                         max_years=2, limit=1)
    found += more  # and one where both hands hold counters
    for state, prompt in found:
        seat = prompt.role
        changed = _other_secrets(ruleset, state, seat)
        view = ruleset.view(state, seat)
        assert canonical_json(ruleset.view(changed, seat)) == canonical_json(view)
        side = (state.get("seats") or {}).get(seat, seat)
        enemy = next(s for s in state["hidden"]["hands"] if s != side)
        for counter in state["hidden"]["hands"][enemy]:
            assert counter not in canonical_json(view["stratagems"])  # the other hand is not in the view
        for level in ("fast", "strong"):
            a = computer.decide(ruleset, view, seat, prompt, level=level, seed=5, max_simulations=12)
            b = computer.decide(ruleset, ruleset.view(changed, seat), seat, prompt, level=level, seed=5,
                                max_simulations=12)
            assert a.orders == b.orders and a.detail == b.detail


def test_its_guess_of_the_other_hand_is_a_guess():
    ruleset, found = _positions(SV, 22, lambda rs, s, p: sum(map(len, s["hidden"]["hands"].values())) >= 2,
                                scenario="305", max_years=3, limit=1)
    state, prompt = found[0]
    side = (state.get("seats") or {}).get(prompt.role, prompt.role)
    enemy = next(s for s in state["hidden"]["hands"] if s != side)
    truth = sorted(state["hidden"]["hands"][enemy])
    view = ruleset.view(state, prompt.role)
    guesses = [ruleset.determinise(view, prompt.role, random.Random(n))["hidden"] for n in range(30)]
    assert all(len(g["hands"][enemy]) == len(truth) for g in guesses)
    assert all(g["hands"][side] == state["hidden"]["hands"][side] for g in guesses)  # its own hand it knows
    assert sum(1 for g in guesses if sorted(g["hands"][enemy]) == truth) < 30
    assert all(g["reactions"][enemy] == {} for g in guesses)  # the other's standing orders: not known


def test_the_platform_never_hands_the_computer_the_state():
    """decide() takes a view: given the full state (with ``hidden``), it refuses it."""
    ruleset = get_ruleset(SV)
    state = ruleset.setup("306", {}, HmacDice(bytes(32), 0))
    prompt = ruleset.prompts(state)[0]
    with pytest.raises(computer.ComputerError):
        computer.decide(ruleset, state, prompt.role, prompt, level="fast")
    assert random_orders  # (the random baseline is the self-play harness's)
