"""What ``view`` hides from each seat (issue 23, item 5): the cup's content, another seat's
standing policies, the orders waiting inside the turn (a battle plan the other side has
not answered, the armies' plans), the secret General before his reveal."""

from __future__ import annotations

import json

from rules.dice import HmacDice
from rules.kings_of_rome import setup as kor_setup
from rules.registry import get_ruleset

RS = get_ruleset("kings-of-rome")
KEY = b"kor-hidden-key-0000000000000000000"


def test_the_cup_shows_only_its_size():
    st = RS.setup("750", {"players": 4}, HmacDice(KEY, 0))
    in_cup = sorted(st["cup"])
    assert in_cup
    for role in [None, *RS.roles("750", {"players": 4})]:
        v = RS.view(st, role)
        assert v["cup"] == {"size": len(in_cup)}
        for uid in in_cup:
            if uid in v["units"]:
                assert v["units"][uid]["at"] == "hidden"
            if uid in v["leaders"]:
                assert v["leaders"][uid]["at"] == "hidden"
            if uid in v["chits"]:
                assert v["chits"][uid] == "hidden"
        assert "agenda" not in v and "chit_values" not in v


def test_a_seat_sees_only_its_own_policies():
    st = RS.setup("750", {"players": 3}, HmacDice(KEY, 0))
    st["policies"]["etrusca"]["tactic"] = "defence"
    assert RS.view(st, "etrusca")["policies"] == {"etrusca": st["policies"]["etrusca"]}
    assert RS.view(st, "volsca")["policies"] == {"volsca": st["policies"]["volsca"]}
    assert RS.view(st, None)["policies"] == {}


def test_the_secret_general_stays_hidden_until_revealed():
    st = kor_setup.setup({"players": 3}, HmacDice(KEY, 0))  # before the first turn runs
    secret = st["offices"]["sg"]["leader"]
    pool = ["mamilius", "egerius", "publius-valerius", "arunth", "spurinna", "titus-tatius"]
    for role in [None, *RS.roles("750", {"players": 3})]:
        v = RS.view(st, role)
        assert v["offices"]["sg"] == {"hidden": True, "since": 1}
        assert all(v["leaders"][lid] == {"at": "hidden", "side": "hidden"} for lid in pool)
        text = json.dumps(v)
        assert text.count(secret) == 1  # its key among the leaders, like the five in the cup


def test_an_attackers_battle_plan_is_not_shown_to_the_defender():
    """Whatever the attacker's sealed plan, the defender's prompt and every view are the
    same: the markers are revealed only when both are down (§6.5.3)."""
    pos = {"players": 3, "turn": 5, "offices": {"rex": {"gens": "romilia"}},
           "forces": [{"id": "r1", "side": "roman", "hex": "4107", "offices": ["rex"], "units": ["u01", "u02", "u60", "u70"]},
                      {"id": "e1", "side": "nonroman", "hex": "4206", "people": "etrusci", "leader": "caelius-vibenna",
                       "units": ["u20", "u21", "u22"]}],
           "turn_state": {"fides": "etrusci", "consent": True, "allowance": {"r1": 5}}, "decision": "actions"}
    seen = []
    for plan in ({"tactic": "attack", "leader_box": "left", "spolia": True}, {"tactic": "defence", "leader_box": "reserve"}):
        st = RS.load_position(pos)
        king = RS.prompts(st)[0].role
        st, _ = RS.resolve(st, {king: {"armies": {"r1": [{"act": "move", "to": "4206", "battle": plan}]}}}, HmacDice(KEY, 1))
        [prompt] = RS.prompts(st)
        assert prompt.kind == "battle" and prompt.role == "etrusca"
        seen.append((json.dumps(prompt.as_dict(), sort_keys=True),
                     [json.dumps(RS.view(st, role), sort_keys=True) for role in (None, "etrusca", "volsca")]))
    assert seen[0] == seen[1]
