"""Ultimus Romanorum on the Imperator engine: the ruleset is registered under its slug, its
formulas are the book's (UR 2.B, 2.D), its unit classes move as 3.2 says, and whole games
play to the end through the rules contract alone, each replayed to the same state."""

from __future__ import annotations

import pytest

from rules.dice import HmacDice
from rules.registry import get_ruleset
from rules.selfplay import play_game
from rules.ultimus_romanorum import phases

SLUG = "ultimus-romanorum"


@pytest.fixture(scope="module")
def ruleset():
    return get_ruleset(SLUG)


def opening(ruleset, scenario):
    return ruleset.setup(scenario, {}, HmacDice(bytes(32), 0))


def test_registered_with_its_sides_and_scenarios(ruleset):
    assert ruleset.slug == SLUG and ruleset.roles() == ["ROMAIN", "BARBARE"]  # UR 0.5 (L38-44)
    assert [s["id"] for s in ruleset.scenarios()] == ["405", "440", "463"]
    assert ruleset.scenarios()[0]["years"] == [405, 476]


def test_463_initiative_and_smc_examples(ruleset):
    """L127-130: with Libius Severus (CP 1) an Augustus, ROMAIN never wins the roll (d6 < 1);
    L164-166: (1 + 3) / 2 + Genseric's 4 = 6 SMC."""
    state = opening(ruleset, "463")
    assert phases.initiative_cp(ruleset.world, state) == 1
    assert phases.smc_total(ruleset.world, state) == 6


def test_a_lone_augustus_counts_his_whole_vs(ruleset):
    """L159-160: with one Augustus in play his VS is not halved."""
    state = opening(ruleset, "463")
    both = phases.smc_total(ruleset.world, state)
    state["pieces"]["libius-severus"].update(eliminated=True, zone=None)
    assert phases.smc_total(ruleset.world, state) == both - 2 + 3  # ceil((1+3)/2)=2 -> Leon's 3


def _move_problems(ruleset, state, side, move):
    return [e.code for e in ruleset.validate(state, side, {"moves": [move], "naval": []})]


def test_limitanei_never_leave_their_diocese(ruleset):
    """UR 3.2.1 (L249-251): an LI moving alone into the next diocese is refused."""
    state = ruleset.load_position({"year": 463, "active": "ROMAIN", "pieces": [
        {"unit": "li-galliae-1", "side": "ROMAIN", "zone": "galliae-5"}]})
    outside = next(n for n in ruleset.world.neighbours("galliae-5") if ruleset.world.diocese_of(n) not in ("galliae", None))
    assert "move.li_leaves_diocese" in _move_problems(ruleset, state, "ROMAIN",
                                                       {"leaders": [], "units": ["li-galliae-1"], "path": ["galliae-5", outside]})


def test_comitatenses_leave_their_diocese_with_an_augustus_only(ruleset):
    """UR 3.2.2 (L252-256): with a plain leader, no; with the Augustus, yes."""
    world = ruleset.world
    zone = "galliae-5"
    to = next(n for n in world.neighbours(zone) if world.diocese_of(n) not in ("galliae", None)
              and world.dioceses[world.diocese_of(n)]["half"] == "west")
    base = {"year": 463, "active": "ROMAIN", "pieces": [
        {"unit": "co-galliae-1", "side": "ROMAIN", "zone": zone},
        {"leader": "aegidius", "side": "ROMAIN", "zone": zone}]}
    state = ruleset.load_position(base)
    move = {"leaders": ["aegidius"], "units": ["co-galliae-1"], "path": [zone, to]}
    assert "move.co_needs_leader" in _move_problems(ruleset, state, "ROMAIN", move)
    crowned = dict(base, titles={"halves": {"west": "aegidius"}})
    state = ruleset.load_position(crowned)
    assert _move_problems(ruleset, state, "ROMAIN", move) == []


@pytest.mark.parametrize("scenario,seed", [("463", 1), ("440", 2)])
def test_a_whole_random_game_plays_and_replays(scenario, seed):
    """Random legal orders from the opening to the last year: no crash, no refused order, the
    text notation round trip, JSON states, the replay to the same final hash."""
    report = play_game(SLUG, seed, scenario=scenario, check_json=True, check_text=True, check_replay=True,
                       max_steps=20000)
    assert report.problem is None, report.detail
    assert report.refused_orders == 0
    assert report.outcome is not None and report.battles > 0


def test_sv_schema_loader_is_not_asked_for_ur_data(ruleset):
    """UR's data follow their own SCHEMA.md (checked by test_data.py); the engine reads them
    without Semper Victor's validating loader."""
    assert ruleset.sv_schema_data is False and get_ruleset("semper-victor").sv_schema_data is True


def test_no_augustus_left_ends_the_game_in_romain_s_defeat(ruleset):
    """3.5.1 (L372-373): the last Augustus dead with no successor anywhere, the game ends at
    once, a definitive BARBARE victory whatever the points, and its text says why."""
    state = ruleset.load_position({"year": 470, "phase": "D", "initiative": "ROMAIN",
                                   "reactions": {"ROMAIN": {"patrice": "never"}},
                                   "titles": {"halves": {"east": "leon"}}, "vp": {"ROMAIN": 50, "BARBARE": 3},
                                   "pieces": [{"leader": "leon", "side": "ROMAIN", "zone": "thracia-5"}]})

    class Loaded:  # event 3, then Léon's d10 of 0 in 470 (below 2): he dies, nobody succeeds
        rolls = iter([1, 2, 0])

        def d6(self, label):
            return next(self.rolls)

        d10 = d6

    state, events = ruleset.resolve(state, {}, Loaded())
    outcome = ruleset.outcome(state)
    assert outcome.winner == "BARBARE" and outcome.level == "definitive"
    assert "no Augustus" in ruleset.outcome_text(outcome.as_dict())[0]["en"]
