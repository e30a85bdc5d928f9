"""Tetrarchia's planning player (rules/tetrarchia/planner.py, the ``greedy`` policy): legal
in every game, sensible where the rules make a choice plainly good or bad, every kind of
order used, and as strong for one player as for four (the rules do not change with the
number of players, L89-90)."""

from __future__ import annotations

import random
from collections import Counter

from rules.registry import get_ruleset
from rules.tetrarchia import planner
from rules.tetrarchia.position import load_position
from rules.tetrarchia.selfplay import play_game

RS = get_ruleset("tetrarchia")
VARIANTS = {"imperivm": True, "mare_nostrvm": True, "diarchia": True, "patres_patriae": True, "le_grand": True}


def _orders(position: dict, seed: int = 1) -> dict:
    state = load_position(position)
    prompt = RS.prompts(state)[0]
    orders = planner.choose(RS, state, prompt, random.Random(seed))
    assert not RS.validate(state, prompt.role, orders), orders
    return orders


def test_games_are_legal_and_end():
    for seed in range(3):
        r = play_game(seed, level="4211", policy="greedy")
        assert r.ok and r.refused_orders == 0 and r.result in ("victory", "defeat"), r.detail


def test_it_stands_in_the_way_of_the_army_next_to_rome_or_beats_it():
    """An army at APVLIA enters ROMA at the next advance (L386): Diocletian at CAMPANIA
    attacks it or blocks ROMA, never walks away."""
    orders = _orders({"level": "4200", "active": "diocletian", "emperors": {"diocletian": "campania"},
                      "discs": {"apulia": "revolt"}, "armies": ["apulia"]})
    acts = orders["actions"]
    attacked = any(a["act"] == "attack" and a["target"] == "apulia" for a in acts)
    moves = [a["to"] for a in acts if a["act"] == "move"]
    assert attacked or (moves and moves[-1] == "roma"), orders


def test_it_protects_a_frontier_whose_region_is_clean():
    """GALLIA free of Revolt, Constantius at BELGICA with 6 PI: BRITANNIA (2 PI across the
    broken link, 2 PI to protect, L209-213)."""
    orders = _orders({"level": "4200", "active": "constantius", "emperors": {"constantius": "belgica"},
                      "discs": {"baetica": "revolt"}})
    assert orders["actions"][-2:] == [{"act": "move", "to": "britannia", "by": "land"}, {"act": "protect"}], orders


def test_it_keeps_the_discs_the_open_frontiers_need():
    """Five frontiers held, one disc left in all the supplies: no disc goes on a Roman
    province (none can be taken back, FAQ L750-755); it waits for PERSIA."""
    discs = {f: "maximian" for f in ("gaetulia", "britannia", "germania-magna", "sarmatia", "libya")}
    discs.update({"cappadocia": "revolt", "thracia": "unrest"})
    emperors = {"diocletian": {"at": "macedonia", "discs": 1}, "galerius": {"at": "dalmatia", "discs": 0},
                "constantius": {"at": "belgica", "discs": 0}, "maximian": {"at": "etruria", "discs": 0}}
    orders = _orders({"level": "4200", "active": "diocletian", "emperors": emperors, "discs": discs})
    assert {"act": "protect"} not in orders["actions"], orders


def test_the_fleets_go_where_the_trouble_is():
    state = load_position({"level": "4200", "phase": "fleets", "discs": {"cilicia": "revolt", "asia": "revolt",
                                                                          "creta": "revolt"}})
    assert planner.fleet_zones_for(state, 1) == ["aegaeum"]
    assert planner.fleet_zones_for(state, 2)[0] == "aegaeum"


def test_every_kind_of_order_is_used_with_the_variants():
    """Over seeded games with every variant on, the planner gives every kind of order the
    rules have: moves by land and by fleet, sailing, protecting provinces and frontiers,
    both ways of subduing, attacks, and each IMPERIVM power and PATRES PATRIAE."""
    used: Counter = Counter()

    def spy(rs, state, prompt, rng):
        orders = planner.choose(rs, state, prompt, rng)
        if prompt.kind != "roman_phase":
            return orders
        for a in orders.get("actions", []):
            detail = a.get("by") if a["act"] == "move" else a.get("how") if a["act"] == "subdue" else None
            used[a["act"] + (f"-{detail}" if detail else "")] += 1
            used["galerius-bonus"] += bool(a.get("bonus"))
        for key in ("imperium", "patres", "enter"):
            used[f"{key}-{state['turn']['emperor']}"] += bool(orders.get(key))
        for emperor, choice in (orders.get("standing") or {}).items():
            used[f"standing-{emperor}"] += 1
        return orders

    from rules.selfplay import play_game as generic
    from rules.tetrarchia.selfplay import game_key

    for seed in range(6):
        report = generic("tetrarchia", seed, scenario="293", options=dict(VARIANTS, level="4211"), key=game_key(seed),
                         choose=spy)
        assert report.ok and not report.refused_orders, report.detail
    wanted = {"move-land", "move-sea", "sail", "protect", "subdue-remove", "subdue-reduce", "attack",
              "galerius-bonus", "imperium-maximian", "patres-diocletian", "patres-constantius",
              "standing-galerius", "standing-constantius"}
    assert wanted <= {k for k, v in used.items() if v}, sorted(used.items())


def test_diocletian_moves_another_emperor_into_an_armys_way():
    """IMPERIVM (L434): an army at ETRVRIA enters ROMA at the next advance (the game lost,
    L386); Diocletian is far away, Maximian next door at CAMPANIA: Diocletian's PI put
    Maximian in ROMA, in the army's way, at the price of a disc."""
    orders = _orders({"level": "5300", "options": {"imperivm": True}, "active": "diocletian",
                      "emperors": {"diocletian": "bithynia", "maximian": "campania", "galerius": "dalmatia",
                                   "constantius": "aquitania"},
                      "discs": {"etruria": "revolt"}, "armies": ["etruria"]})
    assert orders.get("imperium"), orders
    assert {"act": "move_other", "emperor": "maximian", "to": "roma", "by": "land"} in orders["actions"], orders


def test_one_player_or_four_play_the_same_game():
    """The rules do not change with the number of players (L89-90) and the planner sees the
    whole table, so the same seed gives the same game for one player and for four."""
    one, four = play_game(7, level="4211", players=1, policy="greedy"), play_game(7, level="4211", players=4, policy="greedy")
    assert (one.result, one.reason, one.rounds, one.steps) == (four.result, four.reason, four.rounds, four.steps)
