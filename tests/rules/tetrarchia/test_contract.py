"""The rules contract as the platform uses it: roles per player count, prompts to whoever
commands the emperor who acts, validation messages in both languages, the text notation,
determinism given the dice, and no mutation of the input state."""

from __future__ import annotations

import copy
import json
import random

import pytest

from rules.base import Outcome, Prompt, state_hash
from rules.dice import HmacDice
from rules.registry import KNOWN_SLUGS, get_ruleset
from rules.tetrarchia.position import load_position
from rules.tetrarchia.selfplay import choose_orders

RS = get_ruleset("tetrarchia")
KEY = b"contract-test-key-000000000000000"


def test_registered():
    assert "tetrarchia" in KNOWN_SLUGS
    assert RS.slug == "tetrarchia" and RS.version
    assert RS.scenarios()[0]["id"] == "293"


@pytest.mark.parametrize("players,roles", [
    (1, ["player-1"]), (2, ["player-1", "player-2"]), (3, ["player-1", "player-2", "player-3"]),
    (4, ["player-1", "player-2", "player-3", "player-4"])])
def test_one_role_per_player(players, roles):
    assert RS.roles("293", {"players": players}) == roles


def test_seats_follow_the_order_of_play():
    """L93-101: 2 players an Augustus/Caesar pair each, 3 players share a Caesar (his
    Augustus' player decides), 4 players one each."""
    st = RS.setup("293", {"players": 2}, HmacDice(KEY, 0))
    assert st["roles"] == {"player-1": ["diocletian", "galerius"], "player-2": ["constantius", "maximian"]}
    st = RS.setup("293", {"players": 3}, HmacDice(KEY, 0))
    assert st["roles"]["player-1"] == ["diocletian", "galerius"]
    st = RS.setup("293", {"players": 3, "shared_caesar": "constantius"}, HmacDice(KEY, 0))
    assert st["roles"]["player-3"] == ["constantius", "maximian"]


def test_unknown_option_is_refused():
    with pytest.raises(ValueError):
        RS.setup("293", {"level": "9999"}, HmacDice(KEY, 0))
    with pytest.raises(ValueError):
        RS.roles("293", {"colour": "red"})


def _play(players: int, seed: int, policy: str = "greedy", max_steps: int = 3000):
    rng = random.Random(seed)
    st = RS.setup("293", {"players": players, "level": "4200"}, HmacDice(KEY, seed))
    asked = []
    for step in range(1, max_steps):
        prompts = RS.prompts(st)
        if not prompts:
            break
        assert len(prompts) == 1
        prompt = prompts[0]
        assert isinstance(prompt, Prompt)
        if prompt.kind == "roman_phase":
            assert prompt.role == next(r for r, es in st["roles"].items() if st["turn"]["emperor"] in es)
            asked.append((prompt.role, st["turn"]["emperor"]))
        orders = choose_orders(st, prompt, rng, policy)
        assert RS.validate(st, prompt.role, orders) == []
        before = copy.deepcopy(st)
        st, events = RS.resolve(st, {prompt.role: orders}, HmacDice(KEY + bytes([seed]), step))
        json.dumps(st)
        json.dumps([e.as_dict() for e in events])
    return st, asked


@pytest.mark.parametrize("players", [1, 4])
def test_a_game_plays_to_its_end(players):
    st, asked = _play(players, seed=players)
    out = RS.outcome(st)
    assert isinstance(out, Outcome) and out.level in ("victory", "defeat")
    assert set(out.scores) == set(RS.roles("293", {"players": players}))
    if players == 4:
        expected = {"diocletian": "player-1", "galerius": "player-2", "constantius": "player-3", "maximian": "player-4"}
        assert all(expected[e] == role for role, e in asked)
    else:
        assert {role for role, _ in asked} == {"player-1"}
    assert RS.prompts(st) == []


def test_emperors_act_in_the_fixed_order():
    """L103-105: Diocletian, Galerius, Constantius, Maximian."""
    _st, asked = _play(1, seed=7)
    order = [e for _r, e in asked]
    turns = [e for i, e in enumerate(order) if i == 0 or order[i - 1] != e]
    cycle = ["diocletian", "galerius", "constantius", "maximian"]
    assert turns == [cycle[i % 4] for i in range(len(turns))]


def test_resolve_is_deterministic_and_pure():
    st = RS.setup("293", {}, HmacDice(KEY, 0))
    st, _ = RS.resolve(st, {}, HmacDice(KEY, 1))
    frozen = copy.deepcopy(st)
    orders = {"enter": "roma", "actions": [{"act": "move", "to": "etruria"}, {"act": "protect"}]}
    a, ea = RS.resolve(st, {"player-1": orders}, HmacDice(KEY, 2))
    b, eb = RS.resolve(st, {"player-1": orders}, HmacDice(KEY, 2))
    assert st == frozen
    assert state_hash(a) == state_hash(b)
    assert [e.as_dict() for e in ea] == [e.as_dict() for e in eb]
    assert any(e.type == "die" for e in ea)


def test_validate_does_not_mutate_and_reports_every_problem():
    st = load_position({"active": "galerius", "emperors": {"galerius": "dalmatia"}})
    frozen = copy.deepcopy(st)
    errors = RS.validate(st, "player-1", {"actions": [{"act": "move", "to": "atlantis"}, {"act": "fly"},
                                                      {"act": "subdue"}], "colour": "red"})
    assert st == frozen
    codes = [(e.code, e.path) for e in errors]
    assert codes == [("orders.unknown_field", "/colour"), ("province.unknown", "/actions/0/to"),
                     ("action.unknown", "/actions/1/act"), ("subdue.nothing", "/actions/2")]
    for e in errors:
        assert e.message.en and e.message.fr and e.message.en != e.message.fr


def test_validate_refuses_garbage():
    st = load_position({"active": "galerius", "emperors": {"galerius": "dalmatia"}})
    assert [e.code for e in RS.validate(st, "player-1", "move roma")] == ["orders.shape"]
    assert [e.code for e in RS.validate(st, "player-1", {"actions": [42]})] == ["action.shape"]
    assert [e.code for e in RS.validate(st, "player-2", {})] == ["orders.not_your_turn"]


def test_text_notation_round_trip():
    st = load_position({"active": "diocletian", "options": {"imperivm": True, "patres_patriae": True},
                        "emperors": {"galerius": "etruria"}, "fleets": {"internum": 1}})
    text = """# Diocletian's turn
enter roma
imperium
patres
move-other galerius cisalpina
move GERMANIA SVPERIOR by land
"""
    orders, errors = RS.parse_orders(text, st, "player-1")
    assert [e.code for e in errors] == ["move.no_link"]
    assert errors[0].path == "line:6"
    text = "enter Rome\nimperium\npatres\nmove-other Galère cisalpina\nsail internvm aegaeum\nmove campania\nprotect\nsubdue reduce\nattack narbonensis\nend\n"
    orders, _errors = RS.parse_orders(text, st, "player-1")
    assert orders == {"actions": [{"act": "move_other", "emperor": "galerius", "to": "cisalpina"},
                                  {"act": "sail", "from": "internum", "to": "aegaeum"},
                                  {"act": "move", "to": "campania"}, {"act": "protect"},
                                  {"act": "subdue", "how": "reduce"}, {"act": "attack", "target": "narbonensis"}],
                      "enter": "roma", "imperium": True, "patres": True, "end": True}
    again, _ = RS.parse_orders(RS.format_orders(orders), st, "player-1")
    assert again == orders


def test_text_notation_syntax_errors_point_at_lines():
    st = load_position({"active": "galerius", "emperors": {"galerius": "dalmatia"}})
    _orders, errors = RS.parse_orders("protect\nmarch on rome\nmove\nsubdue twice", st, "player-1")
    assert [(e.code, e.path) for e in errors] == [("notation.unknown_line", "line:2"), ("notation.arguments", "line:3"),
                                                  ("notation.arguments", "line:4")]


def test_fleet_notation():
    st = RS.setup("293", {}, HmacDice(KEY, 0))
    orders, errors = RS.parse_orders("fleets MARE INTERNVM, mare aegaeum", st, "player-1")
    assert orders == {"fleets": ["internum", "aegaeum"]} and errors == []
    assert RS.format_orders(orders) == "fleets internum aegaeum"


def test_prompt_options_list_the_legal_actions():
    st = load_position({"active": "maximian", "emperors": {"maximian": "germania-superior"},
                        "discs": {"narbonensis": "revolt", "germania-superior": "unrest"}, "armies": ["narbonensis"],
                        "fleets": {"internum": 1}})
    prompt = RS.prompts(st)[0]
    opts = prompt.options
    assert prompt.role == "player-1" and prompt.kind == "roman_phase"
    assert opts["attacks"] == {"narbonensis": 2}
    assert "narbonensis" not in opts["moves"] and opts["moves"]["cisalpina"] == 2
    assert opts["subdue"] == {"remove": 1} and opts["protect"] is None
    assert {"from": "internum", "to": "aegaeum", "cost": 1} in opts["sails"]
    assert RS.validate(st, "player-1", prompt.default_orders) == []


def test_default_orders_move_on_from_an_occupied_rome():
    st = load_position({"active": "galerius", "emperors": {"maximian": "roma"}})
    prompt = RS.prompts(st)[0]
    assert prompt.default_orders["enter"] == "roma"
    assert prompt.default_orders["actions"][0]["act"] == "move"
    assert RS.validate(st, "player-1", prompt.default_orders) == []


def test_view_shows_everything_to_everyone():
    st = RS.setup("293", {"players": 4}, HmacDice(KEY, 0))
    assert RS.view(st, "player-2")["discs"] == st["discs"] == RS.view(st, None)["discs"]
    assert RS.view(st, None)["protected_frontiers"] == []


def test_every_event_tells_itself_in_both_languages():
    """The game page shows an engine event's own ``message`` (games/presentation.py)."""
    from rules.tetrarchia.selfplay import game_key

    seen = {}
    for seed in range(6):
        rng = random.Random(seed)
        st = RS.setup("293", {"level": "4200", "imperivm": True, "patres_patriae": True, "le_grand": True},
                      HmacDice(game_key(seed), 0))
        for step in range(1, 400):
            prompts = RS.prompts(st)
            if not prompts:
                break
            orders = choose_orders(st, prompts[0], rng, "greedy")
            st, events = RS.resolve(st, {prompts[0].role: orders}, HmacDice(game_key(seed), step))
            for e in events:
                seen.setdefault(e.type, e)
    assert {"battle", "move", "result", "turn_starts", "game_over", "die", "protect"} <= set(seen)
    for kind, e in seen.items():
        message = e.data.get("message")
        assert message and message["en"] and message["fr"], kind


def test_validate_never_crashes_on_garbage():
    """Whatever arrives from the API, validation answers with errors, never an exception."""
    rng = random.Random(3)
    junk = [None, 5, -1, "roma", "", [1], {}, {"a": 1}, True, 2.5, "aegaeum", "galerius", "reduce"]
    fields = ["act", "to", "by", "from", "target", "bonus", "how", "emperor"]
    acts = ["move", "sail", "protect", "subdue", "attack", "move_other", "fly"]
    st = load_position({"options": {"imperivm": True, "patres_patriae": True}, "active": "diocletian",
                        "emperors": {"galerius": "etruria"}, "fleets": {"internum": 1}, "armies": ["narbonensis"]})
    fleet_state = RS.setup("293", {}, HmacDice(KEY, 0))
    for _ in range(500):
        action = {"act": rng.choice(acts)}
        for f in rng.sample(fields, rng.randint(0, 4)):
            action[f] = rng.choice(junk)
        orders = {"actions": [action] * rng.randint(1, 2)}
        for f in ("enter", "imperium", "patres", "end", "standing"):
            if rng.random() < 0.3:
                orders[f] = rng.choice(junk + [{"constantius": {"block": rng.choice(junk)}}])
        errors = RS.validate(st, "player-1", orders)
        assert all(e.code and e.path is not None for e in errors)
        assert isinstance(RS.validate(fleet_state, "player-1", {"fleets": [rng.choice(junk), rng.choice(junk)]}), list)


def test_parse_never_crashes_on_garbage():
    rng = random.Random(4)
    words = ["move", "attack", "sail", "to", "by", "sea", "land", "roma", "mare", "internvm", "bonus", "x", "3",
             "standing", "galerius", "block", "on", "fleets", "enter", "capital", "#", "é", "move-other", "subdue",
             "reduce", "protect", "end", "imperium", "patres", "GERMANIA", "SVPERIOR", ">", "-1"]
    st = load_position({"active": "galerius", "emperors": {"galerius": "dalmatia"}, "fleets": {"internum": 1}})
    for _ in range(300):
        text = "\n".join(" ".join(rng.choice(words) for _ in range(rng.randint(0, 5))) for _ in range(rng.randint(0, 6)))
        orders, errors = RS.parse_orders(text, st, "player-1")
        assert isinstance(orders, dict)
        assert all(e.path.startswith("line:") for e in errors)
