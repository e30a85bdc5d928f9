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
        assert "chit_values" not in v
        assert [task["do"] for task in v["agenda"]] == [task["do"] for task in st["agenda"]]


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


def _armies_two_seats():
    """Turn 5, three players: the King's army (latina-sabina) and a Magister Populi's of the
    Curia Etrusca both have actions; the Etruscans stand in the King's way (run by volsca)."""
    return RS.load_position({
        "players": 3, "turn": 5, "offices": {"rex": {"gens": "romilia"}, "mp": {"gens": "tarquinia", "curia": "etrusca"}},
        "forces": [{"id": "r1", "side": "roman", "hex": "4107", "offices": ["rex"], "units": ["u01", "u02", "u60", "u70"]},
                   {"id": "r2", "side": "roman", "hex": "4108", "offices": ["mp"], "units": ["u03", "u04"]},
                   {"id": "e1", "side": "nonroman", "hex": "4206", "people": "etrusci", "leader": "caelius-vibenna",
                    "units": ["u20", "u21", "u22"]}],
        "turn_state": {"fides": "etrusci", "consent": True, "allowance": {"r1": 5, "r2": 4}}, "decision": "actions"})


def test_a_seat_sees_nothing_of_another_seats_sealed_plan():
    """The turn's remaining tasks are in every view (a guess must be able to resume the
    turn), but an army's plan is seen by the seat that wrote it only, until carried out:
    whatever the Magister's and the King's plans, volsca (asked for the battle) and an
    observer see the same; etrusca sees its own plan and not the King's."""
    king_plans = ([{"act": "move", "to": "4206", "battle": {"tactic": "attack"}}, {"act": "move", "to": "4207"}],
                  [{"act": "move", "to": "4206", "battle": {"tactic": "defence", "spolia": True}}])
    mp_plans = ([{"act": "move", "to": "4008"}], [{"act": "move", "to": "4208"}, {"act": "move", "to": "4209"}])
    views = {}
    for k, (king, mp) in enumerate(zip(king_plans, mp_plans)):
        st = _armies_two_seats()
        assert not RS.validate(st, "etrusca", {"armies": {"r2": mp}})
        st, _ = RS.resolve(st, {"latina-sabina": {"armies": {"r1": king}}, "etrusca": {"armies": {"r2": mp}}},
                           HmacDice(KEY, 1))
        assert [(p.role, p.kind) for p in RS.prompts(st)] == [("volsca", "battle")]
        run = next(task for task in st["agenda"] if task["do"] == "run")
        assert [e["plan"] for e in run["entries"]] == [king[1:], mp]  # the state holds both plans
        views[k] = {role: RS.view(st, role) for role in (None, "volsca", "etrusca", "latina-sabina")}
        mine = next(task for task in views[k]["etrusca"]["agenda"] if task["do"] == "run")
        assert [e["plan"] for e in mine["entries"]] == ["hidden", mp]
        battle = views[k]["etrusca"]["agenda"][0]
        assert battle["do"] == "battle" and battle["plans"] == {"attacker": "hidden", "defender": "hidden"}
        for role in (None, "volsca"):
            text = json.dumps(views[k][role]["agenda"])
            assert "4008" not in text and "4208" not in text and "spolia" not in text and "tactic" not in text
    for role in (None, "volsca"):
        assert json.dumps(views[0][role], sort_keys=True) == json.dumps(views[1][role], sort_keys=True)
    assert views[0]["etrusca"] != views[1]["etrusca"]  # its own plan differs


def test_a_game_of_0_1_0_carries_over_with_its_plans_writers():
    """0.1.0 did not record who wrote a plan waiting in the turn: the migration records the
    seats that command the armies, so a game in progress hides the same plans."""
    st = _armies_two_seats()
    st, _ = RS.resolve(st, {"latina-sabina": {"armies": {"r1": [{"act": "move", "to": "4206", "battle": {"tactic": "attack"}},
                                                                 {"act": "move", "to": "4207"}]}},
                            "etrusca": {"armies": {"r2": [{"act": "move", "to": "4008"}]}}}, HmacDice(KEY, 1))
    old = json.loads(json.dumps(st))
    old["version"] = "0.1.0"
    for task in old["agenda"]:
        task.pop("plan_by", None)
        for entry in task.get("entries") or []:
            entry.pop("by")
    carried, notes = RS.upgrade_state(old, "0.1.0")
    assert carried == st and notes and notes[0].fr

    def masked(state):  # read before the upgrade, the same plans are hidden
        return [(task["do"], task.get("plans"), [(e["id"], e["plan"]) for e in task.get("entries") or []])
                for task in RS.view(state, "volsca")["agenda"]]
    assert masked(old) == masked(st)
    assert masked(st)[1][2] == [("r0", "hidden"), ("r1", "hidden")] and masked(st)[0][1]["attacker"] == "hidden"
