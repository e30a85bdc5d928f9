"""What the computer player asks of Kings of Rome (rules/kings_of_rome/computer.py): guesses
of the hidden parts that show the seat its view again and vary in what it cannot see, and
an evaluation of the seats' chances from their scores (§8.0)."""

from __future__ import annotations

import random

from rules import computer
from rules.base import canonical_json
from rules.computer.search import SampleDice
from rules.dice import HmacDice
from rules.kings_of_rome import setup as kor_setup
from rules.kings_of_rome.policies import default_policy
from rules.registry import get_ruleset
from tests.rules.kings_of_rome.test_hidden import KEY, _armies_two_seats

RS = get_ruleset("kings-of-rome")
SECRET_POOL = {"mamilius", "egerius", "publius-valerius", "arunth", "spurinna", "titus-tatius"}


def _same_view(state, role, guess):
    return canonical_json(RS.view(guess, role)) == canonical_json(RS.view(state, role))


def test_a_guess_shows_the_seat_its_view_and_draws_the_cup():
    st = RS.setup("750", {"players": 3}, HmacDice(KEY, 0))
    st["policies"]["etrusca"]["tactic"] = "defence"
    st["policies"]["volsca"]["deploy"] = "weakest"
    [prompt] = RS.prompts(st)  # the King's political orders
    role = prompt.role
    assert role == "latina-sabina"
    view = RS.view(st, role)
    hidden_units = {u for u, rec in view["units"].items() if rec["at"] == "hidden"}
    cups = set()
    for seed in range(6):
        guess = RS.determinise(view, role, random.Random(seed))
        assert _same_view(st, role, guess)
        assert len(guess["cup"]) == view["cup"]["size"]
        in_cup = {u for u in guess["cup"] if u in guess["units"]}
        assert in_cup <= hidden_units and len(in_cup) == len({u for u in st["cup"] if u in st["units"]})
        assert all(guess["units"][u]["at"] == "stock" for u in hidden_units - in_cup)
        cups.add(tuple(sorted(in_cup)))
        assert guess["policies"][role] == st["policies"][role]
        assert all(guess["policies"][r] == default_policy() for r in guess["policies"] if r != role)
        again = [p for p in RS.prompts(guess) if p.role == role]
        assert [canonical_json(p.as_dict()) for p in again] == [canonical_json(prompt.as_dict())]
    assert len(cups) > 1  # the seat knows how many counters the cup holds, not which


def test_the_hidden_general_is_one_of_the_six_and_varies():
    st = kor_setup.setup({"players": 3}, HmacDice(KEY, 0))  # before the first turn reveals him
    view = RS.view(st, "volsca")
    picked = set()
    for seed in range(12):
        guess = RS.determinise(view, "volsca", random.Random(seed))
        assert _same_view(st, "volsca", guess)
        sg = guess["offices"]["sg"]
        assert sg["hidden"] and sg["leader"] in SECRET_POOL and guess["leaders"][sg["leader"]]["side"] == "roman"
        assert sg["leader"] not in guess["cup"] and len(SECRET_POOL & set(guess["cup"])) == 5
        picked.add(sg["leader"])
    assert len(picked) > 1


def test_other_seats_sealed_plans_are_guessed_as_their_defaults():
    st = _armies_two_seats()
    king = [{"act": "move", "to": "4206", "battle": {"tactic": "attack"}}, {"act": "move", "to": "4207"}]
    mine = [{"act": "move", "to": "4208"}, {"act": "move", "to": "4209"}]
    st, _ = RS.resolve(st, {"latina-sabina": {"armies": {"r1": king}}, "etrusca": {"armies": {"r2": mine}}},
                       HmacDice(KEY, 1))
    [prompt] = RS.prompts(st)
    for role, plans, attacker in (("volsca", [[], []], {}), ("etrusca", [[], mine], {}),
                                  ("latina-sabina", [king[1:], []], {"tactic": "attack"})):
        guess = RS.determinise(RS.view(st, role), role, random.Random(3))
        assert _same_view(st, role, guess)
        battle, run = guess["agenda"][0], guess["agenda"][1]
        assert [e["plan"] for e in run["entries"]] == plans
        assert battle["plans"]["attacker"] == attacker
    guess = RS.determinise(RS.view(st, "volsca"), "volsca", random.Random(4))
    after, _ = RS.resolve(guess, {"volsca": prompt.default_orders}, SampleDice(random.Random(5)))
    assert after["turn"] >= st["turn"]


def test_evaluate_follows_the_scores_and_agrees_with_the_end():
    st = RS.setup("750", {"players": 3}, HmacDice(KEY, 0))
    seats = RS.roles("750", {"players": 3})
    values = {r: RS.evaluate(st, r) for r in seats}
    assert all(0.0 < v < 1.0 for v in values.values()) and abs(sum(values.values()) - 1.0) < 1e-9
    before = RS.evaluate(st, "volsca")
    st["ip"]["volsca"] += 10
    assert RS.evaluate(st, "volsca") > before
    late = dict(st, turn=st["last_turn"])
    assert RS.evaluate(late, "volsca") > RS.evaluate(st, "volsca")  # the same lead is surer late
    st["result"] = {"reason": "last-turn", "turn": 24, "winner": "volsca", "scores": {r: 1 for r in seats},
                    "totals": {r: 1 for r in seats}, "ranking": ["volsca", "etrusca", "latina-sabina"]}
    assert {r: RS.evaluate(st, r) for r in seats} == {"latina-sabina": 0.0, "etrusca": 0.0, "volsca": 1.0}
    st["result"]["winner"] = None  # a first place the King does not settle: shared
    st["result"]["scores"] = {"latina-sabina": 9, "etrusca": 9, "volsca": 4}
    assert {r: RS.evaluate(st, r) for r in seats} == {"latina-sabina": 0.5, "etrusca": 0.5, "volsca": 0.0}


def test_both_levels_answer_from_a_view():
    st = _armies_two_seats()
    for prompt in RS.prompts(st):
        view = RS.view(st, prompt.role)
        for level, limit in (("fast", None), ("strong", 4)):
            decision = computer.decide(RS, view, prompt.role, prompt, level=level, seed=7, budget=None,
                                       max_simulations=limit)
            assert not RS.validate(st, prompt.role, decision.orders), (level, decision.orders)
        assert decision.simulations <= 4


def test_the_prompts_search_each_armys_reach_once(monkeypatch):
    """A step of Kings of Rome is dear for a look-ahead because every stop builds the
    prompts: their options and their choices ask the same reach of each army, which
    ``movement.shared_reach`` searches once for the state (the prompts are the same)."""
    from dataclasses import replace

    from rules.kings_of_rome import choices, movement, orders

    st = _armies_two_seats()
    searched = []
    real = movement._reach
    monkeypatch.setattr(movement, "_reach", lambda t, fid, budget, origin: searched.append((fid, budget, origin))
                        or real(t, fid, budget, origin))
    shared = RS.prompts(st)
    once = list(searched)
    searched.clear()
    alone = [replace(p, choices=tuple(choices.questions(st, p.role)), context=choices.context(st, p.role))
             for p in orders.prompts(st)]
    assert [canonical_json(p.as_dict()) for p in shared] == [canonical_json(p.as_dict()) for p in alone]
    assert len(once) == len(set(once)) and len(searched) > len(once) and set(searched) == set(once)
