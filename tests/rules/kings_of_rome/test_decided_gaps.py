"""The five decisions DECISIONS.md once listed as not (or only partly) implemented, each as
the engine now does it: A-23 (a drawn Magister Equitum needs a Magister Populi), A-29 (the
``omen_dice`` option on every die of the Roman actions), A-43 (the players pair their own
horsemen in the vanguard), A-54 (the Picene force acts at the end of the first round of
Roman actions) and A-01 (MAP.md, checked in ``test_map_doc.py``)."""

from __future__ import annotations

import pytest

from rules.dice import HmacDice
from rules.kings_of_rome import actions, machine, politics
from rules.kings_of_rome.battle import Side, choose_leader, fight, plan_for, vanguard_order
from rules.kings_of_rome.state import Table
from rules.kings_of_rome.wars import expedition_forces, picene_forces, start_war
from rules.registry import get_ruleset

RS = get_ruleset("kings-of-rome")
KEY = b"kor-decided-gaps-key-000000000000"


def table(pos: dict, step: int = 1) -> Table:
    return Table(RS.load_position(pos), HmacDice(KEY, step))


# -- the Magister Equitum needs a Magister Populi, drawn or ex officio ------------------------

KING = {"rex": {"gens": "romilia"}, "senate": {"gens": "fabia", "curia": "sabina"}}


def _magistri_position(activated: list[str], offices: dict | None = None) -> dict:
    return {"players": 4, "turn": 5, "ip": {"latina": 10, "sabina": 10, "etrusca": 10, "volsca": 10},
            "offices": dict(KING, **(offices or {})), "turn_state": {"activated": list(activated)},
            "pool": ["u01", "u02", "u03", "u65", "u66", "u67"]}


def test_a_drawn_equitum_with_no_populi_is_not_named_and_goes_back_to_the_cup():
    t = table(_magistri_position(["me"]))
    assert politics.name_magister(t, "me", "etrusca", ex_officio=False) is False
    politics.apply_political(t, {"latina": {"magistri": []}})
    assert "me" not in t.st["offices"]
    assert t.st["chits"]["office-me"] == "cup"
    assert [e.data["office"] for e in t.events if e.type == "office_unfilled"] == ["me"]


def test_a_drawn_equitum_follows_a_populi_drawn_the_same_turn_whatever_the_draw_order():
    t = table(_magistri_position(["me", "mp"]))
    politics.apply_political(t, {"latina": {}})  # the King gave nothing: both by default, the Populi first
    assert "mp" in t.st["offices"] and "me" in t.st["offices"]
    appointed = [e.data["office"] for e in t.events if e.type == "appointed"]
    assert appointed == ["mp", "me"]


def test_a_drawn_equitum_is_named_when_a_populi_is_in_office():
    t = table(_magistri_position(["me"], {"mp": {"gens": "claudia", "curia": "sabina"}}))
    politics.apply_political(t, {"latina": {"magistri": [{"office": "me", "curia": "etrusca"}]}})
    assert t.st["offices"]["me"]["curia"] == "etrusca"


def test_a_king_who_cannot_name_the_drawn_equitum_is_not_asked_for_it():
    """With ``political: needed`` the King is asked only for a choice a drawn chit opens; an
    Equitum without a Populi opens none (no round trip)."""
    pos = _magistri_position(["me"])
    pos["policies"] = {"latina": {"political": "needed"}, "sabina": {"political": "needed"}}
    assert machine.political_seats(table(pos)) == []
    pos["offices"]["mp"] = {"gens": "claudia", "curia": "sabina"}
    assert machine.political_seats(table(pos)) == ["latina"]
    pos = _magistri_position(["me", "mp"])
    pos["policies"] = {"latina": {"political": "needed"}, "sabina": {"political": "needed"}}
    assert machine.political_seats(table(pos)) == ["latina"]


# -- the omen_dice option on intimidation, siege and negotiation dice ----------------------------


def _omen_position(omen_dice: str | None) -> dict:
    pos = {"players": 2, "turn": 6, "offices": {"rex": {"gens": "romilia"}},
           "forces": [{"id": "r1", "side": "roman", "hex": "4309", "offices": ["rex"], "units": ["u01", "u02", "u03"]}],
           "cities": {"capena": {"garrison": 2, "active": True}},
           "turn_state": {"omen": "good", "allowance": {"r1": 5}}}
    if omen_dice:
        pos["options"] = {"omen_dice": omen_dice}
    return pos


@pytest.mark.parametrize("option,on_action,on_allowance", [(None, 1, 1), ("action-dice", 1, 1), ("allowance-die", 0, 1)])
def test_the_omen_reaches_the_action_dice_only_under_action_dice(option, on_action, on_allowance):
    t = table(_omen_position(option))
    assert actions.omen_die(t) == on_action
    assert actions.omen_die(t, allowance=True) == on_allowance
    t.st["turn_state"]["omen"] = "bad"
    assert actions.omen_die(t) == -on_action
    assert actions.omen_die(t, allowance=True) == -on_allowance


@pytest.mark.parametrize("option,shift", [("action-dice", 1), ("allowance-die", 0)])
def test_an_intimidation_roll_takes_the_omen_as_the_option_says(option, shift):
    t = table(_omen_position(option))
    actions.intimidate(t, {"id": "r0", "force": "r1", "plan": [], "left": 1, "side": "roman"}, "capena")
    event = next(e for e in t.events if e.type == "intimidation")
    assert event.data["total"] - event.data["roll"] == shift


@pytest.mark.parametrize("option,shift", [("action-dice", 1), ("allowance-die", 0)])
def test_siege_and_negotiation_rolls_take_the_omen_as_the_option_says(option, shift):
    pos = _omen_position(option)
    pos["sieges"] = {"capena": {"force": "r1"}}  # a siege under way (no leader inside, no sortie)
    t = table(pos)
    entry = {"id": "r0", "force": "r1", "plan": [], "left": 1, "side": "roman"}
    actions.siege(t, entry, "capena", {"act": "siege", "city": "capena", "no_sortie": True})
    event = next(e for e in t.events if e.type == "siege")
    assert event.data["log"] and all(x["total"] - x["die"] == shift for x in event.data["log"])
    t = table(_omen_position(option))
    t.st["cities"]["capena"]["garrison"] = 5  # no die wins without the omen's +1: a 6 plus 1 against 5 still does
    actions.negotiate(t, entry, "capena")
    event = next(e for e in t.events if e.type == "negotiation")
    assert event.data["won"] == any(r + shift > 5 for r in event.data["rolls"])


# -- the vanguard's pairs, in the player's order ------------------------------------------------

BATTLE = {"players": 2, "turn": 6, "offices": {"rex": {"gens": "romilia"}},
          "forces": [{"id": "r1", "side": "roman", "hex": "4206", "offices": ["rex"], "units": ["u01", "u02", "u65", "u66"]},
                     {"id": "e1", "side": "nonroman", "hex": "4206", "people": "etrusci", "leader": "caelius-vibenna",
                      "units": ["u20", "u21", "etrusci-cav-1"]}],
          "custom": {"units": {"u66": {"virtus": 4}}}}


def _side(t: Table, fid: str, role: str, plan: dict) -> Side:
    side = Side(t, fid, role, plan_for(t, fid, plan))
    choose_leader(t, side)
    side.front, side.reserve = [None, None, None], list(t.st["forces"][fid]["units"])
    return side


def test_the_plan_orders_the_horsemen_and_the_policy_orders_the_rest():
    t = table(BATTLE)
    assert vanguard_order(t, _side(t, "r1", "attacker", {})) == ["u66", "u65"]  # strongest first
    assert vanguard_order(t, _side(t, "r1", "attacker", {"cavalry": ["u65"]})) == ["u65", "u66"]
    t.st["policies"]["latina-sabina"]["deploy"] = "weakest"
    assert vanguard_order(t, _side(t, "r1", "attacker", {})) == ["u65", "u66"]
    assert vanguard_order(t, _side(t, "r1", "attacker", {"cavalry": ["u66"]})) == ["u66", "u65"]


def test_a_listed_horseman_is_kept_in_command_before_an_unlisted_one():
    """T9: the King commands two horsemen; the ones the plan lists are kept first."""
    pos = {**BATTLE, "forces": [dict(BATTLE["forces"][0], units=["u01", "u65", "u66", "u67"]), BATTLE["forces"][1]]}
    t = table(pos)
    assert vanguard_order(t, _side(t, "r1", "attacker", {})) == ["u66", "u65"]
    t = table(pos)
    assert vanguard_order(t, _side(t, "r1", "attacker", {"cavalry": ["u67"]})) == ["u67", "u66"]


@pytest.mark.parametrize("listed,rides,aside", [(None, "u66", "u65"), (["u65"], "u65", "u66")])
def test_the_horsemen_pair_off_as_the_plan_says_and_the_surplus_stands_aside(listed, rides, aside):
    t = table(BATTLE)
    plan = {"tactic": "attack", **({"cavalry": listed} if listed else {})}
    fight(t, "r1", "e1", "4206", {"attacker": plan, "defender": {"tactic": "defence"}}, {})
    battle = next(e for e in t.events if e.type == "battle")
    vanguard = [x for x in battle.data["log"] if isinstance(x, dict) and x.get("phase") == "vanguard" and "unit" in x]
    assert vanguard, battle.data["log"]
    riders = {x["unit"] for x in vanguard} | {x["target"] for x in vanguard}
    assert rides in riders and "etrusci-cav-1" in riders
    assert aside not in riders
    assert t.st["units"][aside]["at"] != "r1"  # it withdrew with the surplus (L1354-1357)


def test_a_cavalry_order_is_checked_read_and_written_in_the_notation():
    t = table(dict(BATTLE, decision="battle", battle={"attacker": "r1", "defender": "e1"}))
    st = t.st
    assert st["pending"]["kind"] == "battle"  # the default tactic policy is to ask
    role = st["pending"]["roles"][0]
    assert RS.validate(st, role, {"tactic": "attack", "cavalry": ["u65", "u66"]}) == []
    for bad in (["u01"], ["u65", "u65"], ["etrusci-cav-1"], ["u67"], "u65"):
        problems = RS.validate(st, role, {"tactic": "attack", "cavalry": bad})
        assert [p.code for p in problems] == ["battle.cavalry"], bad
    orders, errors = RS.parse_orders("tactic attack\ncavalry u65\ncavalry u66", st, role)
    assert not errors and orders == {"tactic": "attack", "cavalry": ["u65", "u66"]}
    assert "cavalry u65 u66" in RS.format_orders(orders)
    question = next(q for q in RS.choices(st, role) if q.id == "cavalry")
    assert question.mode == "ranked" and [c.id for c in question.choices] == ["u66", "u65"]
    assert all(c.label.en and c.label.fr for c in question.choices)


# -- the Picentes march at the end of the first round of Roman actions --------------------------


def _picene_position(policy: str) -> dict:
    return {"players": 2, "turn": 6, "offices": {"rex": {"gens": "romilia"}, "mp": {"gens": "claudia", "curia": "sabina"}},
            "forces": [{"id": "r1", "side": "roman", "hex": "4107", "offices": ["rex"], "units": ["u01", "u02"]},
                       {"id": "r2", "side": "roman", "hex": "4108", "offices": ["mp"], "units": ["u03", "u04"]}],
            "policies": {"etrusca-volsca": {"expeditions": policy}},
            "turn_state": {"allowance": {"r1": 3, "r2": 3}}}


def _start_picene(t: Table) -> str:
    start_war(t, "piceni", "etrusca-volsca")
    return t.st["wars"]["piceni"]["force"]


def _actions_task() -> dict:
    entries = [{"id": "r0", "force": "r1", "plan": [{"act": "move", "to": "4007"}, {"act": "move", "to": "4107"}],
                "left": 3, "side": "roman"},
               {"id": "r1", "force": "r2", "plan": [{"act": "move", "to": "4208"}], "left": 3, "side": "roman"}]
    return {"do": "run", "entries": entries, "cursor": 0}


def _who_acts(events, pf: str) -> list[str]:
    out = []
    for e in events:
        force = e.data.get("force")
        if e.type in ("move", "action_skipped", "city_attacked") and force in ("r1", "r2", pf):
            out.append(force)
    return out


def test_the_picentes_act_after_every_army_has_taken_its_first_action():
    t = table(_picene_position("auto"))
    pf = _start_picene(t)
    t.st["agenda"] = [_actions_task(), {"do": "expeditions"}, {"do": "end_turn"}]
    for _ in range(60):  # the queue, up to the end of the turn
        if t.st["agenda"][0]["do"] == "end_turn":
            break
        task = t.st["agenda"].pop(0)
        machine.HANDLERS[task["do"]](t, task)
    order = _who_acts(t.events, pf)
    first = order.index(pf)
    assert sorted(order[:first]) == ["r1", "r2"], order  # one action each, then the Picentes
    assert "r1" in order[first:], order  # r1's second action comes after them
    assert t.st["turn_state"].get("picene_done") is True
    assert pf not in expedition_forces(t) and picene_forces(t) == []


def test_a_seat_that_gives_its_orders_is_asked_for_the_picentes_alone_in_the_actions_phase():
    t = table(_picene_position("ask"))
    pf = _start_picene(t)
    t.st["agenda"] = [_actions_task(), {"do": "expeditions"}, {"do": "end_turn"}]
    machine.run(t)
    pending = t.st["pending"]
    assert pending["kind"] == "expeditions" and pending["context"] == {"picene": True}
    prompts = RS._raw_prompts(t.st)
    assert [p.role for p in prompts] == ["etrusca-volsca"]
    assert list(prompts[0].options["forces"]) == [pf]
    before = _who_acts(t.events, pf)
    assert sorted(before) == ["r1", "r2"]
    st, events = RS.resolve(t.st, {"etrusca-volsca": {"forces": {pf: "auto"}}}, HmacDice(KEY, 2))
    after = _who_acts(events, pf)
    assert after[0] == pf and "r1" in after, after
    assert after.index("r1") > after.index(pf)
