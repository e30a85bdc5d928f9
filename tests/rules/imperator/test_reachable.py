"""The reachable-zone search of an SMC prompt (rules/imperator/movement.py ``reachable``)
against a plain reference search that asks ``step_problems`` at every step.

``reachable`` takes short cuts: verdicts worked out once per zone and shared by groups of
one shape in a read-only context, and a search of the open map reused when the group's
verdicts cannot change it. The reference below has none of them. Both must give the same
zones, costs and paths for every group a prompt offers, and for random other groups,
in positions of seeded self-play (both settings of the A15 option)."""

from __future__ import annotations

import heapq
import random

import pytest

from rules import get_ruleset
from rules.dice import HmacDice
from rules.imperator import state as st
from rules.imperator.engine import smc_options
from rules.imperator.events import is_pinned
from rules.imperator.movement import (Ctx, enemy_units_in, entry_problems, make_group, may_enter_zone, offempire_capped,
                                       reachable, step_problems)
from rules.selfplay import game_seed, random_orders

SLUG = "semper-victor"


def reference_reachable(ctx: Ctx, leaders, units, start: str) -> dict:
    """Cheapest legal path to each zone: every step checked with ``step_problems``."""
    w = ctx.world
    if any(is_pinned(ctx.state, p) for p in list(leaders) + list(units)):
        return {}
    group = make_group(ctx, leaders, units)
    if not leaders:  # SV 3.4.1
        return {n: {"cost": w.step_cost(start, n), "path": [start, n]} for n in w.neighbours(start)
                if not step_problems(ctx, group, start, n, final=True)}
    pm = min([st.leader_def(w, ctx.state, l)["pm"] for l in leaders] + [st.unit_def(w, ctx.state, u)["pm"] for u in units])
    mode = ctx.options.get("offempire_cap", "entered_zones")
    best: dict = {}
    heap, seen = [(0, start, False, (start,))], set()
    while heap:
        cost, zone, touched, path = heapq.heappop(heap)
        key = (zone, touched, 0 if mode == "entered_zones" else cost)
        if key in seen:
            continue
        seen.add(key)
        if zone != start:
            if (not offempire_capped(w, list(zip(path, path[1:])), mode)
                    and not step_problems(ctx, group, path[-2], zone, final=True)
                    and (zone not in best or best[zone]["cost"] > cost)):
                best[zone] = {"cost": cost, "path": list(path)}
            if group.units and enemy_units_in(ctx, zone, ctx.side):
                continue  # SV 7.1
        for n in w.neighbours(zone):
            c = cost + w.step_cost(zone, n)
            if n in path or c > pm:
                continue
            problems = step_problems(ctx, group, zone, n, final=False)
            if any(code != "move.must_stop_enemy" for code, _ in problems):
                continue
            heapq.heappush(heap, (c, n, touched or w.empire_for_movement(n), path + (n,)))
    return dict(sorted(best.items()))


def smc_positions(options: dict, seeds, every: int = 7, limit: int = 12):
    """States waiting for an SMC, taken from seeded self-play (one in ``every``)."""
    rs = get_ruleset(SLUG)
    out = []
    for seed in seeds:
        rng, key = random.Random(seed), game_seed(seed)
        state = rs.setup("305", options, HmacDice(key, 0))
        step = found = 0
        while found < limit:
            prompts = rs.prompts(state)
            if not prompts:
                break
            if state["pending"]["kind"] == "smc":
                found += 1
                if found % every == 0 or found == 1:
                    out.append(state)
            step += 1
            subs = {}
            for p in prompts:
                orders = random_orders(rs, state, p, rng)
                subs[p.role] = p.default_orders if rs.validate(state, p.role, orders) else orders
            state, _ = rs.resolve(state, subs, HmacDice(key, step))
    return out


@pytest.fixture(scope="module", params=["entered_zones", "consecutive_offempire_pm"])
def positions(request):
    return smc_positions({"offempire_cap": request.param}, seeds=(3, 14), every=6, limit=60)


def test_the_positions_are_mid_game(positions):
    assert len(positions) >= 10
    assert max(s["year"] for s in positions) > min(s["year"] for s in positions)


def test_every_offered_stack_reaches_what_the_reference_finds(positions):
    world = get_ruleset(SLUG).world
    checked = 0
    for state in positions:
        side = state["pending"]["role"]
        options = smc_options(world, state, side)
        for stack in options["stacks"]:
            fresh = Ctx.build(world, state, side, state.get("current"))
            expected = reference_reachable(fresh, stack["leaders"], stack["units"], stack["zone"])
            assert stack["reach"] == expected, (state["year"], stack["zone"], stack["leaders"], stack["units"])
            checked += 1
    assert checked > 100


def test_random_groups_in_a_shared_context_match_the_reference(positions):
    """Many groups asked through one read-only context (the verdicts shared by groups of
    one shape) give what each group finds alone with the reference."""
    world = get_ruleset(SLUG).world
    rng = random.Random(7)
    checked = 0
    for state in positions:
        side = state["pending"]["role"]
        shared = Ctx.build(world, state, side, state.get("current")).read_only()
        for zone, ids in sorted(shared.by_zone.items()):
            mine = [i for i in ids if state["pieces"][i]["side"] == side]
            leaders, units = st.leaders_of(state, mine), st.units_of(state, mine)
            if not mine:
                continue
            for _ in range(3):
                ls = rng.sample(leaders, rng.randint(0, len(leaders)))
                us = rng.sample(units, rng.randint(0 if ls else 1, len(units))) if units else []
                if not ls and not us:
                    continue
                fresh = Ctx.build(world, state, side, state.get("current"))
                assert reachable(shared, ls, us, zone) == reference_reachable(fresh, ls, us, zone), (zone, ls, us)
                checked += 1
    assert checked > 100


def test_entry_verdicts_shared_by_parts_match_the_problems(positions):
    """``may_enter_zone`` in a read-only context (each unit kind's and each people's verdict
    shared between groups) says exactly whether ``entry_problems`` finds a problem, for
    random groups, every zone and both ways of entering."""
    world = get_ruleset(SLUG).world
    rng = random.Random(11)
    refused = allowed = 0
    for state in positions[:6]:
        side = state["pending"]["role"]
        shared = Ctx.build(world, state, side, state.get("current")).read_only()
        fresh = Ctx.build(world, state, side, state.get("current"))
        mine = sorted(i for i, p in state["pieces"].items() if p["side"] == side and st.on_map(p))
        for _ in range(8):
            ls = rng.sample(st.leaders_of(state, mine), rng.randint(0, 2))
            us = rng.sample(st.units_of(state, mine), rng.randint(0 if ls else 1, 3))
            group = make_group(shared, ls, us)
            for to in sorted(world.zones):
                for entering in (False, True):
                    expected = not entry_problems(fresh, make_group(fresh, ls, us), to, entering)
                    assert may_enter_zone(shared, group, to, entering) == expected, (ls, us, to, entering)
                    refused += not expected
                    allowed += expected
    assert refused > 100 and allowed > 100, (refused, allowed)


def test_a_prompt_leaves_nothing_for_the_cycle_collector(positions):
    """The read-only context of a prompt remembers verdict functions that refer back to it;
    ``smc_options`` drops them when done, so the whole context is freed by reference
    counting (it once left about 600,000 objects a campaign for the cycle collector)."""
    import gc

    rs = get_ruleset(SLUG)
    gc.collect()
    gc.disable()
    try:
        for state in positions[:5]:
            rs.prompts(state)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_contexts_share_what_a_piece_data_says_unless_a_piece_has_inline_stats(positions):
    """``Ctx.kinds`` (a piece's people, stacking group and unit kind) is shared by the
    contexts of one world, since it comes from the data; a position whose pieces carry
    inline stats (an adjudicator case's) gets its own."""
    world = get_ruleset(SLUG).world
    state = positions[-1]
    side = state["pending"]["role"]
    shared = Ctx.build(world, state, side)
    assert shared.kinds is world.piece_kinds
    for pid, piece in sorted(state["pieces"].items()):
        alone = Ctx(world, state, side, {}, kinds={})
        assert shared.people_of(pid) == alone.people_of(pid) == st.people_of(world, state, pid)
        assert shared.stacking_group(pid) == alone.stacking_group(pid)
        if piece["kind"] == "unit":
            assert shared.unit_kind(pid) == alone.unit_kind(pid)
    case = {**state, "pieces": {**state["pieces"], "x": {"kind": "unit", "side": side, "zone": None, "stats": {"category": "CO"}}}}
    assert Ctx.build(world, case, side).kinds is not world.piece_kinds
