"""The Roman phase (*phase romaine*, L169-280): an emperor spends up to 6 PI on Move,
Sail, Protect, Subdue and Attack, in any order and as often as his PI allow.

Each action has a ``check_*`` (the cost, or the first reason it is illegal; no change)
and a ``do_*`` (the change, with its events). Validation runs the checks over a copy of
the table, applying each legal action, so a later action is judged where the earlier
ones left the emperor. Only an attack rolls dice, so an attack must end an order set:
if it is won and PI remain, the engine asks again (a mid-turn prompt).
"""

from __future__ import annotations

from rules.tetrarchia.combat import battle
from rules.tetrarchia.data import EMPEROR_ORDER, Board
from rules.tetrarchia.state import (
    REVOLT, UNREST, Table, army_at, check_victory, disc_at, emperor_at, emperors_at, lift_disc,
    region_has_revolt, remove_army, remove_emperor,
)

ACTS = ("move", "sail", "protect", "subdue", "attack", "move_other")


class Illegal(Exception):
    def __init__(self, code: str, field: str = "", **args):
        super().__init__(code)
        self.code, self.field, self.data = code, field, args


# -- costs --------------------------------------------------------------------------------


def fleet_zones(st: dict, brd: Board) -> list[set[str]]:
    """The zones a fleet opens: each zone with a fleet; under MARE NOSTRVM two adjacent zones
    with fleets make one enlarged zone (L442-444)."""
    zones = sorted(z for z, n in st["fleets"].items() if n > 0)
    groups = [{z} for z in zones]
    if st["options"].get("mare_nostrvm"):
        merged = True
        while merged:
            merged = False
            for i in range(len(groups)):
                for j in range(i + 1, len(groups)):
                    if any(brd.sea_adjacent(a, b) for a in groups[i] for b in groups[j]):
                        groups[i] |= groups.pop(j)
                        merged = True
                        break
                if merged:
                    break
    return groups


def sea_route(st: dict, brd: Board, src: str, dst: str) -> bool:
    """Both provinces on the coast of one zone (or enlarged zone) that holds a fleet (L82-85, L183-184)."""
    a, b = brd.province(src).coast, brd.province(dst).coast
    if a is None or b is None:
        return False
    return any(a in g and b in g for g in fleet_zones(st, brd))


def move_cost(st: dict, brd: Board, src: str, dst: str, by: str | None, costs: dict) -> tuple[int, str]:
    """The cheapest way (or the one asked for) and its PI: 1 by a normal link or by fleet,
    2 by a broken link, +1 into a Revolt province (L177-188)."""
    ways = []
    link = brd.link(src, dst)
    if link is not None and by in (None, "land"):
        ways.append((costs["move_broken"] if link.broken else costs["move_normal"], "land"))
    if by in (None, "sea") and sea_route(st, brd, src, dst):
        ways.append((costs["move_fleet"], "sea"))
    if not ways:
        if by == "sea":
            raise Illegal("move.no_fleet", "to", src=src, dst=dst)
        if by == "land":
            raise Illegal("move.no_link", "to", src=src, dst=dst)
        raise Illegal("move.not_connected", "to", src=src, dst=dst)
    cost, way = min(ways)
    if disc_at(st, dst) == REVOLT:
        cost += costs["into_revolt"]
    return cost, way


def attack_cost(st: dict, brd: Board, src: str, dst: str, costs: dict) -> int:
    """What crossing the link would cost; a fleet does not help (L225-227, FAQ L826-829)."""
    link = brd.link(src, dst)
    if link is None:
        raise Illegal("attack.not_linked", "target", src=src, dst=dst)
    cost = costs["move_broken"] if link.broken else costs["move_normal"]
    if disc_at(st, dst) == REVOLT:
        cost += costs["into_revolt"]
    return cost


# -- the checks ---------------------------------------------------------------------------


def _province(brd: Board, value, field: str) -> str:
    if not isinstance(value, str) or value not in brd.provinces:
        raise Illegal("province.unknown", field, province=value)
    return value


def check_move(t: Table, emperor: str, action: dict) -> tuple[int, dict]:
    st, brd = t.st, t.board
    src = st["emperors"][emperor]["at"]
    dst = _province(brd, action.get("to"), "to")
    by = action.get("by")
    if by not in (None, "land", "sea"):
        raise Illegal("move.by", "by")
    if dst == src:
        raise Illegal("move.same_province", "to", emperor=emperor, province=dst)
    if army_at(st, dst):
        raise Illegal("move.army_there", "to", province=dst)
    cost, way = move_cost(st, brd, src, dst, by, t.tab["costs"])
    return cost, {"from": src, "to": dst, "by": way}


def do_move(t: Table, emperor: str, plan: dict, cost: int) -> None:
    t.st["emperors"][emperor]["at"] = plan["to"]
    t.st["turn"]["passing"] = emperor_at_other(t.st, plan["to"], emperor)
    t.emit("move", emperor=emperor, cost=cost, **plan, passing=t.st["turn"]["passing"])


def emperor_at_other(st: dict, pid: str, emperor: str) -> bool:
    return any(e != emperor for e in emperors_at(st, pid))


def check_sail(t: Table, emperor: str, action: dict) -> tuple[int, dict]:
    st, brd = t.st, t.board
    src, dst = action.get("from"), action.get("to")
    for field, zone in (("from", src), ("to", dst)):
        if not isinstance(zone, str) or zone not in brd.seas:
            raise Illegal("sail.unknown_zone", field, zone=zone)
    if st["fleets"].get(src, 0) <= 0:
        raise Illegal("sail.no_fleet", "from", zone=src)
    if not brd.sea_adjacent(src, dst):
        raise Illegal("sail.not_adjacent", "to", src=src, dst=dst)
    if st["options"].get("sail_reach") == "coastal":
        at = st["emperors"][emperor]["at"]
        if brd.province(at).coast != src:
            raise Illegal("sail.not_coastal", "from", emperor=emperor, zone=src)
    return t.tab["costs"]["sail"], {"from": src, "to": dst}


def do_sail(t: Table, emperor: str, plan: dict, cost: int) -> None:
    fleets = t.st["fleets"]
    fleets[plan["from"]] -= 1
    fleets[plan["to"]] = fleets.get(plan["to"], 0) + 1
    t.emit("sail", emperor=emperor, cost=cost, **plan)


def check_protect(t: Table, emperor: str, action: dict) -> tuple[int, dict]:
    st, brd = t.st, t.board
    at = st["emperors"][emperor]["at"]
    if st["emperors"][emperor]["discs"] <= 0:
        raise Illegal("protect.no_disc_left", "", emperor=emperor)
    if disc_at(st, at) is not None:
        raise Illegal("protect.not_empty", "", province=at)
    p = brd.province(at)
    if p.frontier:
        if region_has_revolt(st, p.region, brd):
            raise Illegal("protect.region_in_revolt", "")
        return t.tab["costs"]["protect_frontier"], {"province": at, "frontier": True}
    return t.tab["costs"]["protect"], {"province": at, "frontier": False}


def do_protect(t: Table, emperor: str, plan: dict, cost: int) -> None:
    t.st["emperors"][emperor]["discs"] -= 1
    t.st["discs"][plan["province"]] = emperor
    t.emit("protect", emperor=emperor, cost=cost, **plan)
    check_victory(t)


def check_subdue(t: Table, emperor: str, action: dict) -> tuple[int, dict]:
    st = t.st
    at = st["emperors"][emperor]["at"]
    how = action.get("how", "remove")
    if how not in ("remove", "reduce"):
        raise Illegal("subdue.how", "how")
    d = disc_at(st, at)
    costs = t.tab["costs"]
    if how == "reduce":
        if d != REVOLT:
            raise Illegal("subdue.not_revolt", "how")
        if st["reserve"][UNREST] <= 0:
            raise Illegal("subdue.no_grey_disc", "how")
        return costs["revolt_to_unrest"], {"province": at, "how": how, "disc": d}
    if d not in (UNREST, REVOLT):
        raise Illegal("subdue.nothing", "", province=at)
    return costs["subdue_revolt"] if d == REVOLT else costs["subdue_unrest"], {"province": at, "how": how, "disc": d}


def do_subdue(t: Table, emperor: str, plan: dict, cost: int) -> None:
    pid = plan["province"]
    lift_disc(t, pid)
    if plan["how"] == "reduce":
        t.st["reserve"][UNREST] -= 1
        t.st["discs"][pid] = UNREST
    t.emit("subdue", emperor=emperor, cost=cost, **plan)


def check_attack(t: Table, emperor: str, action: dict) -> tuple[int, dict]:
    st, brd = t.st, t.board
    src = st["emperors"][emperor]["at"]
    dst = _province(brd, action.get("target"), "target")
    if not army_at(st, dst):
        raise Illegal("attack.no_army", "target", province=dst)
    cost = attack_cost(st, brd, src, dst, t.tab["costs"])
    bonus = action.get("bonus", 0)
    if not isinstance(bonus, int) or bonus < 0:
        raise Illegal("attack.bonus", "bonus")
    if bonus and not (emperor == "galerius" and st["options"].get("imperivm")):
        raise Illegal("attack.bonus", "bonus")
    return cost, {"from": src, "target": dst, "bonus": bonus}


def do_attack(t: Table, emperor: str, plan: dict, cost: int) -> str:
    """Victory: the army and any disc leave the target, the emperor moves in. Defeat: the
    emperor and any emperor disc leave his province, and his turn ends (L269-280, FAQ L840-844)."""
    t.emit("attack", emperor=emperor, cost=cost, **{k: v for k, v in plan.items() if k != "bonus"})
    src, dst = plan["from"], plan["target"]
    winner = battle(t, emperor, src, dst, attacker="emperor", bonus_allowed=plan["bonus"])
    if winner == "emperor":
        remove_army(t, dst)
        lifted = lift_disc(t, dst)
        t.st["emperors"][emperor]["at"] = dst
        t.emit("army_destroyed", province=dst, disc_removed=lifted, moved_in=emperor)
    elif winner == "army":
        if disc_at(t.st, src) in EMPEROR_ORDER:
            lifted = lift_disc(t, src)
            t.emit("disc_removed", province=src, disc=lifted)
        remove_emperor(t, emperor, "defeat")
    return winner


def check_move_other(t: Table, emperor: str, action: dict) -> tuple[int, dict]:
    """Diocletian's IMPERIVM power: his PI move the other emperors this turn (L434)."""
    st, brd = t.st, t.board
    if emperor != "diocletian" or not st["turn"].get("imperium"):
        raise Illegal("move_other.not_allowed", "")
    other = action.get("emperor")
    if other not in EMPEROR_ORDER or other == emperor or st["emperors"][other]["at"] is None:
        raise Illegal("move_other.unknown_emperor", "emperor", emperor=other)
    src = st["emperors"][other]["at"]
    dst = _province(brd, action.get("to"), "to")
    by = action.get("by")
    if by not in (None, "land", "sea"):
        raise Illegal("move.by", "by")
    if dst == src:
        raise Illegal("move.same_province", "to", emperor=other, province=dst)
    if army_at(st, dst):
        raise Illegal("move.army_there", "to", province=dst)
    if emperor_at(st, dst) is not None:
        raise Illegal("move_other.occupied", "to", province=dst)
    cost, way = move_cost(st, brd, src, dst, by, t.tab["costs"])
    return cost, {"emperor": other, "from": src, "to": dst, "by": way}


def do_move_other(t: Table, emperor: str, plan: dict, cost: int) -> None:
    t.st["emperors"][plan["emperor"]]["at"] = plan["to"]
    t.emit("move_other", by_emperor=emperor, cost=cost, **{k: v for k, v in plan.items()})


CHECKS = {"move": check_move, "sail": check_sail, "protect": check_protect, "subdue": check_subdue,
          "attack": check_attack, "move_other": check_move_other}
DOERS = {"move": do_move, "sail": do_sail, "protect": do_protect, "subdue": do_subdue,
         "attack": do_attack, "move_other": do_move_other}


def check_action(t: Table, emperor: str, action) -> tuple[int, dict]:
    """Cost and plan of one action where the table stands now, or :class:`Illegal`."""
    if not isinstance(action, dict) or not isinstance(action.get("act"), str):
        raise Illegal("action.shape", "")
    act = action["act"]
    if act not in CHECKS:
        raise Illegal("action.unknown", "act", act=act)
    if t.st["turn"].get("passing") and act != "move":
        at = t.st["emperors"][emperor]["at"]
        raise Illegal("action.must_move_on", "act", emperor=emperor, province=at)
    cost, plan = CHECKS[act](t, emperor, action)
    pi = t.st["turn"]["pi"]
    if cost > pi:
        raise Illegal("pi.not_enough", "act", act=act, cost=cost, pi=pi)
    return cost, plan


def perform(t: Table, emperor: str, action: dict, cost: int, plan: dict):
    t.st["turn"]["pi"] -= cost
    if action["act"] != "move":
        t.st["turn"]["passing"] = False
    return DOERS[action["act"]](t, emperor, plan, cost)


def legal_actions(t: Table, emperor: str) -> list[tuple[dict, int]]:
    """Every single action legal now, with its cost (drives prompts and self-play)."""
    st, brd = t.st, t.board
    at = st["emperors"][emperor]["at"]
    if at is None:
        return []
    candidates: list[dict] = []
    reach = sorted(set(brd.neighbours(at)) | _sea_reach(st, brd, at))
    for dst in reach:
        candidates.append({"act": "move", "to": dst})
        if army_at(st, dst):
            candidates.append({"act": "attack", "target": dst})
    for src in sorted(brd.seas):
        for dst in brd.seas[src].adjacent:
            candidates.append({"act": "sail", "from": src, "to": dst})
    candidates += [{"act": "protect"}, {"act": "subdue", "how": "remove"}, {"act": "subdue", "how": "reduce"}]
    if emperor == "diocletian" and st["turn"].get("imperium"):
        for other in EMPEROR_ORDER:
            oat = st["emperors"][other]["at"]
            if other != emperor and oat is not None:
                for dst in sorted(set(brd.neighbours(oat)) | _sea_reach(st, brd, oat)):
                    candidates.append({"act": "move_other", "emperor": other, "to": dst})
    out = []
    for action in candidates:
        try:
            cost, _plan = check_action(t, emperor, action)
        except Illegal:
            continue
        out.append((action, cost))
    return out


def _sea_reach(st: dict, brd: Board, at: str) -> set[str]:
    coast = brd.province(at).coast
    if coast is None:
        return set()
    out = set()
    for group in fleet_zones(st, brd):
        if coast in group:
            for zone in group:
                out |= set(brd.coast_of(zone))
    out.discard(at)
    return out
