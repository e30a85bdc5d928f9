"""The turn: an emperor's Roman phase (one or more order sets), his barbarian phase, and
the passing of the turn to the next emperor (L103-105, L149-167)."""

from __future__ import annotations

import copy

from rules.base import Prompt, Message
from rules.tetrarchia import roman
from rules.tetrarchia.barbarian import barbarian_phase
from rules.tetrarchia.data import EMPEROR_ORDER, emperors, tables
from rules.tetrarchia.messages import error
from rules.tetrarchia.roman import Illegal, check_action, legal_actions, perform
from rules.tetrarchia.setup import default_fleet_zones
from rules.tetrarchia.state import GameEnds, Table, army_at, controller, disc_at, emperor_at, next_emperor

ORDER_FIELDS = ("enter", "imperium", "patres", "actions", "end", "standing")
STANDING = {"constantius": {"block": bool}, "galerius": {"defend_bonus": int}}


def start_turn(st: dict, emperor: str) -> None:
    base = tables()["pi_per_turn"]
    st["turn"] = {"emperor": emperor, "pi": base + st["pi_next"].pop(emperor, 0), "segment": 0,
                  "passing": False, "imperium": False, "patres": False}
    st["phase"] = "roman"


def pass_turn(t: Table) -> None:
    st = t.st
    st["turns_played"] += 1
    nxt = next_emperor(st["turn"]["emperor"])
    if nxt == EMPEROR_ORDER[0]:
        st["round"] += 1
    start_turn(st, nxt)
    t.emit("turn_starts", emperor=nxt, round=st["round"], pi=st["turn"]["pi"])


# -- the fleets prompt ------------------------------------------------------------------------


def fleet_errors(st: dict, orders) -> list:
    count = st["level"]["fleets"]
    zones = orders.get("fleets") if isinstance(orders, dict) else None
    if not isinstance(zones, list) or len(zones) != count:
        return [error("fleets.count", "/fleets", count=count)]
    return [error("fleets.unknown_zone", f"/fleets/{i}", zone=z) for i, z in enumerate(zones)
            if not isinstance(z, str) or z not in st["fleets"]]


def place_fleets(t: Table, orders: dict) -> None:
    for zone in orders["fleets"]:
        t.st["fleets"][zone] += 1
    t.emit("fleets_placed", fleets=dict(sorted(t.st["fleets"].items())))
    start_turn(t.st, EMPEROR_ORDER[0])
    t.emit("turn_starts", emperor=EMPEROR_ORDER[0], round=1, pi=t.st["turn"]["pi"])


# -- an order set of the Roman phase ------------------------------------------------------------


def entry_points(st: dict, brd, emperor: str) -> list[str]:
    """Rome, or his capital while free of barbarians and discs (L145-147, L275-278)."""
    capital = next(p for p in brd.ids() if brd.province(p).capital == emperor)
    points = ["roma"]
    if not army_at(st, capital) and disc_at(st, capital) is None:
        points.append("capital")
    return points


def play_orders(t: Table, role: str, orders, live: bool) -> tuple[list, str]:
    """Run an order set on the table (a copy when validating). Returns the errors and, when
    live, whether the Roman phase goes on (``"continue"``) or is over (``"end"``)."""
    st, brd = t.st, t.board
    emperor = st["turn"]["emperor"]
    errors = []
    if not isinstance(orders, dict) or not isinstance(orders.get("actions", []), list):
        return [error("orders.shape", "")], "end"
    for key in sorted(orders):
        if key not in ORDER_FIELDS:
            errors.append(error("orders.unknown_field", f"/{key}", field=key))
    errors += _standing(st, role, orders.get("standing"))
    turn = st["turn"]
    # re-entry (L145-147, L275-278, L299-303)
    if st["emperors"][emperor]["at"] is None:
        where = orders.get("enter") or "roma"
        points = entry_points(st, brd, emperor)
        if where not in ("roma", "capital"):
            errors.append(error("enter.unknown", "/enter", where=where))
            where = "roma"
        elif where not in points:
            capital = next(p for p in brd.ids() if brd.province(p).capital == emperor)
            errors.append(error("enter.capital_not_free", "/enter", province=capital))
            where = "roma"
        pid = brd.rome if where == "roma" else next(p for p in brd.ids() if brd.province(p).capital == emperor)
        st["emperors"][emperor]["at"] = pid
        turn["passing"] = roman.emperor_at_other(st, pid, emperor)
        t.emit("enter", emperor=emperor, province=pid, passing=turn["passing"])
    elif orders.get("enter"):
        errors.append(error("enter.on_board", "/enter", emperor=emperor))
    if orders.get("patres"):
        errors += _patres(t, emperor)
    if orders.get("imperium"):
        errors += _imperium(t, emperor)
    status = "end"
    last_attack = None
    for i, action in enumerate(orders.get("actions", [])):
        if last_attack is not None:
            errors.append(error("action.after_attack", f"/actions/{i}"))
            break
        try:
            cost, plan = check_action(t, emperor, action)
        except Illegal as exc:
            path = f"/actions/{i}" + (f"/{exc.field}" if exc.field else "")
            errors.append(error(exc.code, path, **exc.data))
            continue
        if action["act"] == "attack":
            last_attack = i
            if not live:
                continue
        try:
            outcome = perform(t, emperor, action, cost, plan)
        except GameEnds:
            if live:
                raise
            return errors, "end"  # a protect that wins the game: what follows never happens
        if action["act"] == "attack" and outcome != "army" and turn["pi"] > 0 and not orders.get("end"):
            status = "continue"
    if not live and last_attack is None and turn["passing"] and _can_move_on(t, emperor):
        at = st["emperors"][emperor]["at"]
        n = len(orders.get("actions", []))
        errors.append(error("move.ends_passing", f"/actions/{n}" if n else "/actions", emperor=emperor, province=at))
    return errors, status


def _can_move_on(t: Table, emperor: str) -> bool:
    return any(a["act"] == "move" and emperor_at(t.st, a["to"]) is None for a, _ in legal_actions(t, emperor))


def _standing(st: dict, role: str, standing) -> list:
    if standing is None:
        return []
    if not isinstance(standing, dict):
        return [error("orders.shape", "/standing")]
    errors = []
    for emperor in sorted(standing):
        choices = standing[emperor]
        if emperor not in EMPEROR_ORDER or not isinstance(choices, dict):
            errors.append(error("standing.unknown", f"/standing/{emperor}", field="", emperor=emperor))
            continue
        if emperor not in st["roles"].get(role, []):
            errors.append(error("standing.not_yours", f"/standing/{emperor}", role=role, emperor=emperor))
            continue
        for field in sorted(choices):
            kind = STANDING.get(emperor, {}).get(field)
            value = choices[field]
            if kind is None or not isinstance(value, kind) or (kind is int and (isinstance(value, bool) or value < 0)):
                errors.append(error("standing.unknown", f"/standing/{emperor}/{field}", field=field, emperor=emperor))
                continue
            st["standing"].setdefault(emperor, {})[field] = value
    return errors


def _patres(t: Table, emperor: str) -> list:
    """PATRES PATRIAE (L450-453): Diocletian takes 1 PI from Galerius' next turn,
    Constantius gives 1 PI to Maximian's next turn."""
    st, turn = t.st, t.st["turn"]
    if not st["options"].get("patres_patriae"):
        return [error("patres.off", "/patres")]
    if emperor not in ("diocletian", "constantius"):
        return [error("patres.not_this_emperor", "/patres")]
    if turn["patres"] or turn["segment"] > 0:
        return [error("patres.once", "/patres")]
    turn["patres"] = True
    if emperor == "diocletian":
        turn["pi"] += 1
        st["pi_next"]["galerius"] = st["pi_next"].get("galerius", 0) - 1
        t.emit("pi_transfer", giver="galerius", receiver="diocletian")
    else:
        turn["pi"] -= 1
        st["pi_next"]["maximian"] = st["pi_next"].get("maximian", 0) + 1
        t.emit("pi_transfer", giver="constantius", receiver="maximian")
    return []


def _imperium(t: Table, emperor: str) -> list:
    """IMPERIVM switched on for this turn (L431-441): Maximian's 7 PI, Diocletian moving the
    others. It retires one of his discs from his supply (DECISIONS.md D10)."""
    st, turn = t.st, t.st["turn"]
    name = emperors()[emperor].name_en
    if not st["options"].get("imperivm"):
        return [error("imperium.off", "/imperium")]
    if emperor not in ("diocletian", "maximian"):
        return [error("imperium.not_this_emperor", "/imperium", emperor=name)]
    if turn["imperium"]:
        return [error("imperium.already", "/imperium")]
    if st["emperors"][emperor]["discs"] <= 0:
        return [error("imperium.no_disc", "/imperium", emperor=name)]
    st["emperors"][emperor]["discs"] -= 1
    st["emperors"][emperor]["retired"] += 1
    turn["imperium"] = True
    if emperor == "maximian":
        turn["pi"] += t.tab["imperium_seven_pi"] - t.tab["pi_per_turn"]
    t.emit("imperium", emperor=emperor, power=emperors()[emperor].power)
    return []


# -- validation, resolution, prompts --------------------------------------------------------------


def validate(st: dict, role: str, orders) -> list:
    if st.get("result") is not None or st["phase"] not in ("fleets", "roman", "barbarian"):
        return [error("orders.no_decision", "")]
    if st["phase"] == "fleets":
        if role != controller(st, EMPEROR_ORDER[0]):
            return [error("orders.not_your_turn", "", role=role, emperor=emperors()[EMPEROR_ORDER[0]].name_en)]
        return fleet_errors(st, orders)
    emperor = st["turn"]["emperor"]
    if role != controller(st, emperor):
        return [error("orders.not_your_turn", "", role=role, emperor=emperors()[emperor].name_en)]
    if st["phase"] == "barbarian":
        return []
    t = Table(copy.deepcopy(st))
    errors, _ = play_orders(t, role, orders, live=False)
    return errors


def resolve(st: dict, submissions: dict, dice) -> tuple[dict, list]:
    from rules.base import RulesError

    if st.get("result") is not None:
        raise RulesError("the game is over")
    t = Table(copy.deepcopy(st), dice)
    st = t.st
    try:
        if st["phase"] == "fleets":
            role = controller(st, EMPEROR_ORDER[0])
            orders = submissions.get(role) or {"fleets": default_fleet_zones(st["level"]["fleets"])}
            if fleet_errors(st, orders):
                raise RulesError(f"invalid fleet orders from {role}")
            place_fleets(t, orders)
            return st, t.events
        emperor = st["turn"]["emperor"]
        role = controller(st, emperor)
        if st["phase"] == "barbarian":
            barbarian_phase(t, emperor)
            pass_turn(t)
            return st, t.events
        orders = submissions.get(role)
        if orders is None:
            orders = default_orders(st)
        problems = validate(st, role, orders)
        if problems:
            raise RulesError(f"invalid orders from {role}: {[p.code for p in problems]}")
        _errors, status = play_orders(t, role, orders, live=True)
        if status == "continue":
            st["turn"]["segment"] += 1
            st["turn"]["passing"] = False
            t.emit("roman_phase_continues", emperor=emperor, pi=st["turn"]["pi"])
            return st, t.events
        t.emit("roman_phase_ends", emperor=emperor, pi_unused=st["turn"]["pi"])
        barbarian_phase(t, emperor)
        pass_turn(t)
    except GameEnds as end:
        st["result"] = {"result": end.result, "reason": end.reason, **end.data}
        st["phase"] = "over"
        t.emit("game_over", result=end.result, reason=end.reason, **end.data)
    return st, t.events


def default_orders(st: dict) -> dict:
    """No orders received: enter at Rome if off the board, move on if only passing through,
    and end the turn."""
    if st["phase"] == "fleets":
        return {"fleets": default_fleet_zones(st["level"]["fleets"])}
    if st["phase"] != "roman":
        return {}
    t = Table(copy.deepcopy(st))
    emperor = st["turn"]["emperor"]
    orders: dict = {"actions": []}
    if st["emperors"][emperor]["at"] is None:
        orders["enter"] = "roma"
    play_orders(t, controller(st, emperor), orders, live=False)
    if t.st["turn"]["passing"]:
        for action, _cost in sorted(legal_actions(t, emperor), key=lambda ac: (ac[1], ac[0].get("to", ""))):
            if action["act"] == "move" and emperor_at(t.st, action["to"]) is None:
                orders["actions"] = [action]
                break
    return orders


def option_summary(st: dict) -> dict:
    """The legal choices where the emperor stands (after entering at Rome if he is off the
    board): enough to build an order form."""
    t = Table(copy.deepcopy(st))
    emperor = st["turn"]["emperor"]
    brd = t.board
    summary = {"emperor": emperor, "pi": st["turn"]["pi"], "segment": st["turn"]["segment"], "enter": []}
    if st["emperors"][emperor]["at"] is None:
        summary["enter"] = entry_points(st, brd, emperor)
        play_orders(t, controller(st, emperor), {"actions": []}, live=False)
        summary["pi"] = t.st["turn"]["pi"]
    summary["at"] = t.st["emperors"][emperor]["at"]
    summary["passing"] = t.st["turn"]["passing"]
    moves, attacks, sails, others, subdue = {}, {}, [], [], {}
    protect = None
    for action, cost in legal_actions(t, emperor):
        act = action["act"]
        if act == "move":
            moves[action["to"]] = cost
        elif act == "attack":
            attacks[action["target"]] = cost
        elif act == "sail":
            sails.append({"from": action["from"], "to": action["to"], "cost": cost})
        elif act == "protect":
            protect = cost
        elif act == "subdue":
            subdue[action["how"]] = cost
        elif act == "move_other":
            others.append({"emperor": action["emperor"], "to": action["to"], "cost": cost})
    opts = st["options"]
    turn = st["turn"]
    summary.update(moves=moves, attacks=attacks, sails=sails, protect=protect, subdue=subdue, move_other=others,
                   imperium=bool(opts.get("imperivm") and emperor in ("diocletian", "maximian") and not turn["imperium"]
                                 and st["emperors"][emperor]["discs"] > 0),
                   patres=bool(opts.get("patres_patriae") and emperor in ("diocletian", "constantius")
                               and not turn["patres"] and turn["segment"] == 0),
                   attack_bonus=bool(opts.get("imperivm") and emperor == "galerius"))
    return summary


def prompts(st: dict) -> list[Prompt]:
    if st.get("result") is not None:
        return []
    if st["phase"] == "fleets":
        role = controller(st, EMPEROR_ORDER[0])
        return [Prompt(role=role, kind="fleets", key="setup/fleets",
                       options={"count": st["level"]["fleets"], "zones": sorted(st["fleets"])},
                       default_orders=default_orders(st),
                       title=Message("Place the Roman fleets", "Placez les flottes romaines"))]
    emperor = st["turn"]["emperor"]
    role = controller(st, emperor)
    key = f"{st['turns_played'] + 1}/{emperor}/{st['turn']['segment']}"
    name = emperors()[emperor]
    if st["phase"] == "barbarian":
        return [Prompt(role=role, kind="barbarian_phase", key=key + "/barbarian", options={}, default_orders={},
                       title=Message(f"Barbarian phase of {name.name_en}", f"Phase barbare de {name.name_fr}"))]
    return [Prompt(role=role, kind="roman_phase", key=key, options=option_summary(st),
                   default_orders=default_orders(st),
                   title=Message(f"Roman phase of {name.name_en}", f"Phase romaine de {name.name_fr}"))]
