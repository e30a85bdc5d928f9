"""The land battle (§6.5): preventive retreat, Spolia Opima, one leader a side and his
command capacity, the tactic markers (T12), the vanguard clash of the cavalry, the pitched
battle on three front boxes and a reserve, Astutia rerolls, reserves (infantry, cavalry D
and E), the battle-victory track (T13), the end of the battle, routs, captives, the IP of
victory and defeat, the Triumph token.

A battle runs in one go once both sides' plans are known: every later decision is read
from the sides' standing policies (``policies.py``); the only prompt a battle may need is
the plan of a side whose tactic policy says ``ask`` (``machine.py``).
"""

from __future__ import annotations

from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.forces import unit_order
from rules.kings_of_rome.movement import free_neighbour, hostile_in
from rules.kings_of_rome.roles import force_controller
from rules.kings_of_rome.state import (
    ROMAN, ROME, Table, back_people, leading_office, new_force, office_kind, put_unit, rank, unit_class,
    unit_people, unit_virtus,
)
from rules.kings_of_rome.trials import capture, capture_leader, defeat_ip, lose_counter, victory_ip
from rules.kings_of_rome.state import holder_stats, counters_in, gain, king_curia, office_curia
from rules.kings_of_rome.offices import end_office
from rules.kings_of_rome.politics import king_killed
from rules.kings_of_rome.wars import rout_nonroman

BOXES = ("right", "centre", "left")


# -- plans -------------------------------------------------------------------------------------------


def plan_for(t: Table, fid: str, given: dict | None) -> dict:
    """A side's battle plan: what its orders gave, the rest from its controller's policies."""
    role = force_controller(t, fid)
    plan = {
        "tactic": pol.get(t.st, role, "tactic"),
        "spolia": pol.get(t.st, role, "spolia"),
        "withdraw": pol.get(t.st, role, "withdraw"),
        "leader_front": pol.get(t.st, role, "leader_front"),
        "deploy": pol.get(t.st, role, "deploy"),
    }
    for key in ("tactic", "spolia", "withdraw", "leader", "front", "leader_box", "cavalry"):
        if given and given.get(key) is not None:
            plan[key] = given[key]
    if role is None and plan["tactic"] == "ask":
        plan["tactic"] = "auto"
    return plan


def auto_tactic(t: Table, fid: str, enemy: str) -> str:
    """The marker of a side nobody commands, or of a seat that asked for it: attack when it
    has at least as many units as the enemy, else defence."""
    mine = len(t.st["forces"][fid]["units"])
    theirs = len(t.st["forces"][enemy]["units"])
    return "attack" if mine >= theirs else "defence"


# -- the display ------------------------------------------------------------------------------------


class Side:
    def __init__(self, t: Table, fid: str, role: str, plan: dict):
        self.t, self.fid, self.role, self.plan = t, fid, role, plan
        force = t.st["forces"][fid]
        self.roman = force["side"] == ROMAN
        self.people = force.get("people")
        self.office = leading_office(t, fid) if self.roman else None  # who led it in, for the chronicle
        self.controller = force_controller(t, fid)
        self.leader: str | None = None     # an office key (Roman) or a leader id
        self.virtus = self.astutia = 0
        self.front: list[str | None] = [None, None, None]
        self.opened: set[int] = set()      # the front boxes that held a unit (the end, L1557)
        self.reserve: list[str] = []
        self.leader_box: int | None = None
        self.track = 0
        self.lost: list[str] = []
        self.leader_lost = False
        self.captured_leader = False
        self.withdrawn: str | None = None  # the force that stepped aside (other leaders, surplus)

    def policy(self, key: str):
        return pol.get(self.t.st, self.controller, key)

    @property
    def units(self) -> list[str]:
        return [u for u in self.front if u] + list(self.reserve)

    def penalty(self, points: int, why: str, events: list) -> None:
        if points <= 0:
            return
        self.track = max(self.t.T["battle"]["track_floor"], self.track - points)
        events.append({"side": self.role, "penalty": points, "why": why, "track": self.track})


def leader_stats(t: Table, fid: str, leader: str) -> tuple[int, int]:
    force = t.st["forces"][fid]
    if force["side"] == ROMAN:
        return holder_stats(t, leader)
    lead = t.d.leaders[leader]
    return lead["virtus"], lead["astutia"]


def choose_leader(t: Table, side: Side) -> None:
    """§6.5.6: one leader only; the others and the units beyond his capacity step aside to an
    adjacent hex with the rest of the army."""
    force = t.st["forces"][side.fid]
    if side.roman:
        options = sorted(force["offices"], key=lambda k: (-rank(t, k), k))
        wanted = side.plan.get("leader")
        side.leader = wanted if wanted in options else (options[0] if options else None)
        if side.leader:
            cap = t.T["capacity"][office_kind(side.leader)]
        else:
            cap = [3, 3]
    else:
        side.leader = force.get("leader")
        cap = t.T["capacity"]["nonroman"] if side.leader else [3, 3]
    if side.leader:
        side.virtus, side.astutia = leader_stats(t, side.fid, side.leader)
    strongest = side.plan.get("deploy", "strongest") != "weakest"
    ordered = sorted(force["units"], key=lambda u: (unit_order(t, u) if strongest else tuple(-x if isinstance(x, int) else x for x in unit_order(t, u))))
    picked = list(side.plan.get("front") or [])
    picked += [u for u in side.plan.get("cavalry") or [] if u not in picked]  # listed horsemen kept in command
    ordered = [u for u in picked if u in force["units"]] + [u for u in ordered if u not in picked]
    inf = [u for u in ordered if t.d.units[u]["arm"] == "inf"][: cap[0]]
    cav = [u for u in ordered if t.d.units[u]["arm"] == "cav"][: cap[1]]
    fighting = set(inf) | set(cav)
    aside_units = [u for u in force["units"] if u not in fighting]
    aside_offices = [k for k in force["offices"] if k != side.leader] if side.roman else []
    if aside_units or aside_offices:
        toward = t.d.rome if side.roman else None
        dest = free_neighbour(t, force["hex"], force["side"], toward=toward) or force.get("origin") or force["hex"]
        other = new_force(t, force["side"], dest, offices=aside_offices, people=force.get("people"),
                          war=force.get("war"), rejoin=[])
        force["offices"] = [k for k in force["offices"] if k not in aside_offices]
        for u in aside_units:
            put_unit(t, u, other)
        side.withdrawn = other
    side._inf, side._cav = inf, cav


def deploy(t: Table, side: Side) -> None:
    """Infantry first in the three front boxes, cavalry when infantry is short; the rest in
    reserve (L1430-1434). The leader stands with a front unit or in reserve."""
    units = list(side._inf) + list(side._cav)
    front = units[:3]
    side.front = front + [None] * (3 - len(front))
    side.reserve = units[3:]
    box = side.plan.get("leader_box")
    if side.leader and side.plan.get("leader_front", True) and box != "reserve" and any(side.front):
        idx = BOXES.index(box) if box in BOXES and side.front[BOXES.index(box)] else next(i for i in (1, 0, 2) if side.front[i])
        side.leader_box = idx
    side.astutia_left = side.astutia


def prebattle_penalties(t: Table, r: Side, n: Side, hex_: str, events: list) -> None:
    """T13 before the battle (§6.5.8, A-45 read as the counters' two faces)."""
    bt = t.T["battle"]
    for side, enemy in ((r, n), (n, r)):
        if not side.leader:
            side.penalty(-bt["no_leader"], "no-leader", events)
        inf = sum(1 for u in side.units if t.d.units[u]["arm"] == "inf")
        cav = len(side.units) - inf + (1 if side.leader else 0)
        if cav > inf:
            side.penalty(-bt["more_cavalry"], "more-cavalry", events)
        worst = 0
        for h in [hex_] + list(t.d.map.neighbours(hex_)):
            cid = t.d.city_at.get(h)
            if not cid:
                continue
            city = t.st["cities"][cid]
            if city["garrison"] > 0 and city["active"] and city["roman"] != side.roman:
                worst = max(worst, -bt["near_garrison_3"] if city["garrison"] >= 3 else -bt["near_garrison"])
        if worst:
            side.penalty(worst, "enemy-garrison", events)
    enemy_people = {unit_people(t, u) for u in n.units}
    if any(t.d.units[u]["kind"] == "double" and back_people(t, u) in enemy_people for u in r.units):
        r.penalty(-bt["same_people_back"], "same-people", events)
    if any(t.d.units[u]["kind"] == "double" and t.d.units[u]["class"] in ("IV", "V") for u in n.units):
        n.penalty(-bt["weak_classes_back"], "weak-classes", events)


def loss_points(t: Table, uid: str) -> int:
    loss = t.T["battle"]["loss"]
    if t.d.units[uid]["arm"] == "cav":
        return loss["cavalry"]
    klass = unit_class(t, uid)
    if klass is None:
        return loss["nonroman_inf"]
    return loss["roman_high"] if klass in ("I", "II") else loss["roman_low"]


def omen(t: Table, side: Side) -> int:
    """Good or Bad Omens change the active Roman players' dice of the actions phase (§9.9, A-29)."""
    if not side.roman or t.opts["omen_dice"] != "action-dice":
        return 0
    o = t.st["turn_state"].get("omen")
    return t.T["omens"]["good"] if o == "good" else t.T["omens"]["bad"] if o == "bad" else 0


def attack_roll(t: Table, side: Side, target_virtus: int, what: str, mod: int = 0) -> tuple[int, bool, list[int]]:
    """1d6 must exceed the target's Virtus; a front-line leader with Astutia left rerolls a
    failure (policy ``astutia``)."""
    rolls = [t.d6(what)]
    total = rolls[-1] + mod + omen(t, side)
    while total <= target_virtus and side.leader_box is not None and not side.leader_lost and side.astutia_left > 0 \
            and side.policy("astutia") == "failed":
        side.astutia_left -= 1
        rolls.append(t.d6(what + " (Astutia)"))
        total = rolls[-1] + mod + omen(t, side)
    return total, total > target_virtus, rolls


# -- the vanguard (§6.5.4-§6.5.5) ---------------------------------------------------------------------


def vanguard(t: Table, first: Side, second: Side, log: list) -> Side | None:
    """Cavalry against cavalry, paired, not simultaneous: the tactic attacker rolls first.
    Each side's horsemen pair off in the order of :func:`vanguard_order` (its player's, A-43);
    the surplus of the side with more stands aside. A horseman whose opponent falls leaves
    the clash and rejoins its army. The side with more horsemen standing wins (a tie: the one whose marker is
    closer to 0, then the second to roll, DECISIONS A-42)."""
    ca = vanguard_order(t, first)
    cb = vanguard_order(t, second)
    n = min(len(ca), len(cb))
    for side, cav in ((first, ca), (second, cb)):
        for u in cav[n:]:  # surplus cavalry withdraws with the army (L1354-1357)
            _set_aside(t, side, u)
    pairs = [[ca[i], cb[i]] for i in range(n)]
    alive = {u for p in pairs for u in p}
    rounds = 0
    while any(a in alive and b in alive for a, b in pairs) and rounds < 50:
        rounds += 1
        for a, b in pairs:
            for att, tgt, side, enemy in ((a, b, first, second), (b, a, second, first)):
                if att not in alive or tgt not in alive:
                    continue
                roll = t.d6(f"vanguard: {att} on {tgt}")
                total = roll + omen(t, side)
                hit = total > unit_virtus(t, tgt)
                log.append({"phase": "vanguard", "unit": att, "target": tgt, "roll": roll, "total": total, "hit": hit})
                if hit:
                    alive.discard(tgt)
                    _kill(t, enemy, side, tgt, log)
    left_a = sum(1 for u in ca[:n] if u in alive)
    left_b = sum(1 for u in cb[:n] if u in alive)
    if left_a != left_b:
        return first if left_a > left_b else second
    if first.track != second.track:
        return first if first.track > second.track else second
    return second


def vanguard_order(t: Table, side: Side) -> list[str]:
    """The side's horsemen in the order they pair off in the vanguard (L1354-1357, DECISIONS
    A-43): those its battle plan lists (``cavalry``) first, in its order, then the others in
    the order of its ``deploy`` policy (the strongest first by default, so the weakest are
    the surplus that stands aside; ``weakest`` the reverse)."""
    cav = [u for u in side.units if t.d.units[u]["arm"] == "cav"]
    listed = [u for u in side.plan.get("cavalry") or [] if u in cav]
    strongest = side.plan.get("deploy", "strongest") != "weakest"
    rest = sorted((u for u in cav if u not in listed), key=lambda u: unit_order(t, u), reverse=not strongest)
    return list(dict.fromkeys(listed)) + rest


def _set_aside(t: Table, side: Side, uid: str) -> None:
    if uid in side.front:
        side.front[side.front.index(uid)] = None
    if uid in side.reserve:
        side.reserve.remove(uid)
    force = t.st["forces"][side.fid]
    if side.withdrawn is None:
        dest = free_neighbour(t, force["hex"], force["side"], toward=t.d.rome if side.roman else None) or force["hex"]
        side.withdrawn = new_force(t, force["side"], dest, people=force.get("people"), war=force.get("war"), rejoin=[])
    put_unit(t, uid, side.withdrawn)


def _kill(t: Table, victim: Side, killer: Side, uid: str, log: list) -> None:
    if uid in victim.front:
        victim.front[victim.front.index(uid)] = None
    if uid in victim.reserve:
        victim.reserve.remove(uid)
    victim.lost.append(uid)
    victim.penalty(loss_points(t, uid), "loss", log)


def volley(t: Table, attacker: Side, defender: Side, log: list) -> None:
    """A vs D won by the defender (T12): before it falls back one hex, the attacker's infantry
    strikes its infantry, one simultaneous round; Roman infantry of class I-II has +1, the
    units struck reply at -1."""
    bt = t.T["battle"]["retreat_volley"]
    a_inf = [u for u in attacker.units if t.d.units[u]["arm"] == "inf"]
    d_inf = [u for u in defender.units if t.d.units[u]["arm"] == "inf"]
    hits = []
    for a, d in zip(a_inf, d_inf):
        mod = bt["roman_high_bonus"] if unit_class(t, a) in ("I", "II") else 0
        ra = t.d6(f"retreat volley: {a}")
        rd = t.d6(f"retreat volley reply: {d}")
        ta, td = ra + mod + omen(t, attacker), rd + bt["replying"] + omen(t, defender)
        log.append({"phase": "volley", "unit": a, "target": d, "roll": ra, "total": ta, "hit": ta > unit_virtus(t, d)})
        log.append({"phase": "volley", "unit": d, "target": a, "roll": rd, "total": td, "hit": td > unit_virtus(t, a)})
        if ta > unit_virtus(t, d):
            hits.append((defender, attacker, d))
        if td > unit_virtus(t, a):
            hits.append((attacker, defender, a))
    for victim, killer, u in hits:
        _kill(t, victim, killer, u, log)


# -- the pitched battle (§6.5.9) -------------------------------------------------------------------------


def eligible_target(t: Table, side: Side, uid: str, target: str) -> bool:
    """Non-Roman cavalry strikes only Roman cavalry and Roman infantry of class III-V; Roman
    cavalry strikes anything (A-46)."""
    if side.roman or t.d.units[uid]["arm"] != "cav" or t.d.units[target]["arm"] == "cav":
        return True
    klass = unit_class(t, target)
    return klass is None or klass in ("III", "IV", "V")


def _gap(side: Side) -> bool:
    """A front box that held a unit is empty (L1557-1560): a box never filled - an army of
    fewer than three units - is no gap (DECISIONS D-25)."""
    return any(side.front[i] is None for i in side.opened)


def pitched(t: Table, a: Side, d: Side, log: list) -> None:
    """Rounds of the pitched battle until a front box emptied by a loss cannot be refilled.
    A unit facing a box that never held an enemy strikes the weakest enemy unit in the front
    line (DECISIONS D-25)."""
    for side in (a, d):
        side.opened = {i for i in range(3) if side.front[i] is not None}
    rounds = 0
    while rounds < 40:
        rounds += 1
        if not any(a.front) or not any(d.front) or _gap(a) or _gap(d):
            break
        hits = []
        for side, enemy in ((a, d), (d, a)):
            for i, uid in enumerate(side.front):
                if uid is None:
                    continue
                target = enemy.front[i]
                if target is None or not eligible_target(t, side, uid, target):
                    others = [u for u in enemy.front if u and eligible_target(t, side, uid, u)]
                    if not others:
                        continue
                    target = sorted(others, key=lambda u: (unit_virtus(t, u), u))[0]
                total, hit, rolls = attack_roll(t, side, unit_virtus(t, target), f"battle: {uid} on {target}")
                log.append({"phase": "battle", "round": rounds, "unit": uid, "target": target, "rolls": rolls,
                            "total": total, "hit": hit})
                if hit:
                    hits.append((enemy, side, target))
        for victim, killer, uid in hits:
            if uid in victim.front:
                _kill(t, victim, killer, uid, log)
        # reserves (L1527-1536, §6.5.9.1)
        for side, enemy in ((a, d), (d, a)):
            refill(t, side, enemy, log)
        if _gap(a) or _gap(d):
            break


def refill(t: Table, side: Side, enemy: Side, log: list) -> None:
    choice = side.policy("reserve")
    behind = side.track < enemy.track
    willing = choice == "always" or (choice == "behind" and behind)
    lost_inf = [u for u in side.lost if t.d.units[u]["arm"] == "inf"]
    for i in range(3):
        if side.front[i] is not None or not willing:
            continue
        inf = [u for u in side.reserve if t.d.units[u]["arm"] == "inf"]
        cav = [u for u in side.reserve if t.d.units[u]["arm"] == "cav"]
        if inf and lost_inf:
            unit = inf[0]
        elif cav:
            unit = cav[0]  # D: a horseman moves up and strikes (L1548-1550)
        else:
            continue
        side.reserve.remove(unit)
        side.front[i] = unit
        side.opened.add(i)
        log.append({"phase": "reserve", "side": side.role, "unit": unit, "box": BOXES[i]})
    # E: a horseman no box needs strikes at an enemy leader in the front line (L1551-1556)
    if enemy.leader_box is not None and not enemy.leader_lost and side.policy("hunt_leader"):
        for unit in [u for u in side.reserve if t.d.units[u]["arm"] == "cav"]:
            roll = t.d6(f"reserve cavalry on the leader: {unit}")
            total = roll + omen(t, side)
            hit = total > enemy.virtus
            log.append({"phase": "leader-hunt", "unit": unit, "roll": roll, "total": total, "hit": hit})
            if hit:
                enemy.leader_lost = True
                side.captured_leader = True
                enemy.penalty(t.T["battle"]["loss"]["leader"], "leader-lost", log)
                break


# -- the whole battle -----------------------------------------------------------------------------


def fight(t: Table, attacker: str, defender: str, hex_: str, plans: dict, context: dict) -> dict:
    """Resolve a battle between a Roman and a non-Roman force. ``plans`` holds each side's
    plan (``attacker``/``defender``); ``context`` the action it came from (the hex the
    attacker came from, the acting office). Returns the result the caller needs."""
    st = t.st
    fd = st["forces"][defender]
    pa = plan_for(t, attacker, plans.get("attacker"))
    pd = plan_for(t, defender, plans.get("defender"))
    a = Side(t, attacker, "attacker", pa)
    d = Side(t, defender, "defender", pd)
    r, n = (a, d) if a.roman else (d, a)
    log: list = []
    result = {"hex": hex_, "attacker": attacker, "defender": defender, "winner": None, "siege": None,
              "roman": r.fid, "nonroman": n.fid}
    t.st["turn_state"].setdefault("battles", 0)
    t.st["turn_state"]["battles"] += 1
    # §6.5.1 preventive retreat: the enemy of Rome, defending, inside friendly walls
    if n is d and n.plan.get("withdraw") and _walls_for(t, n.fid, hex_) and _may_withdraw(t, n.fid, r.fid):
        fd["inside"] = True
        t.emit("preventive_retreat", force=n.fid, hex=hex_, city=t.d.city_at[hex_])
        result["siege"] = t.d.city_at[hex_]
        result["withdrew"] = True
        return result
    for side in (a, d):
        choose_leader(t, side)
    # Spolia Opima (§6.5.3)
    if r.leader and n.leader and r.plan.get("spolia"):
        outcome = spolia(t, r, n)
        if outcome in ("roman", "enemy"):
            winner = r if outcome == "roman" else n
            return _end(t, a, d, r, n, winner, hex_, result, log, duel=True, context=context)
    # a side left with no unit to fight (its leader's command takes none, or the duel) loses
    empty = [s for s in (a, d) if s.fid not in st["forces"] or not st["forces"][s.fid]["units"]]
    if empty:
        for s in (a, d):
            s._inf = [u for u in st["forces"].get(s.fid, {}).get("units", []) if t.d.units[u]["arm"] == "inf"]
            s._cav = [u for u in st["forces"].get(s.fid, {}).get("units", []) if t.d.units[u]["arm"] == "cav"]
            s.front, s.reserve = [None, None, None], s._inf + s._cav
        winner = None if len(empty) == 2 else (d if empty[0] is a else a)
        return _end(t, a, d, r, n, winner, hex_, result, log, context=context)
    for side, enemy in ((a, d), (d, a)):
        if side.plan["tactic"] not in ("attack", "defence"):
            side.plan["tactic"] = auto_tactic(t, side.fid, enemy.fid)
        deploy(t, side)
    t.emit("battle_start", hex=hex_, attacker=attacker, defender=defender, roman_office=r.office,
           people=n.people, roman_attacks=a is r,
           tactics={"attacker": a.plan["tactic"], "defender": d.plan["tactic"]},
           leaders={"attacker": a.leader, "defender": d.leader},
           front={"attacker": list(a.front), "defender": list(d.front)},
           reserve={"attacker": list(a.reserve), "defender": list(d.reserve)},
           leader_box={"attacker": BOXES[a.leader_box] if a.leader_box is not None else None,
                       "defender": BOXES[d.leader_box] if d.leader_box is not None else None})
    prebattle_penalties(t, r, n, hex_, log)
    ta, td = a.plan["tactic"], d.plan["tactic"]
    both_cav = any(t.d.units[u]["arm"] == "cav" for u in a.units) and any(t.d.units[u]["arm"] == "cav" for u in d.units)
    phase3 = True
    forced_loser = None
    if ta == "defence" and td == "defence":
        if both_cav:
            vanguard(t, a, d, log)
        phase3 = False
        result["no_winner"] = True
    elif ta != td and both_cav:
        att, dfn = (a, d) if ta == "attack" else (d, a)
        won = vanguard(t, att, dfn, log)
        if won is dfn:
            volley(t, att, dfn, log)
            phase3 = False
            result["fell_back"] = dfn.role
        else:
            loser = dfn
            has_cav = any(t.d.units[u]["arm"] == "cav" for u in loser.units) or (loser.leader and not loser.leader_lost)
            if not att.policy("press_on"):
                phase3 = False
            elif not has_cav or loser.policy("vanguard_retreat"):
                phase3 = False
                forced_loser = loser  # §6.5.5: retreat after losing the vanguard
    if phase3:
        # the front may have gaps after the vanguard: fill from the reserve first
        for side in (a, d):
            for i in range(3):
                if side.front[i] is None and side.reserve:
                    side.front[i] = side.reserve.pop(0)
        pitched(t, a, d, log)
    if result.get("no_winner"):
        winner = None
    elif forced_loser is not None:
        winner = a if forced_loser is d else d
    elif a.track != d.track:
        winner = a if a.track > d.track else d
    else:
        winner = d if t.opts["battle_tie"] == "defender" else None
    return _end(t, a, d, r, n, winner, hex_, result, log, context=context)


def _walls_for(t: Table, fid: str, hex_: str) -> bool:
    cid = t.d.city_at.get(hex_)
    if not cid:
        return False
    city = t.st["cities"][cid]
    force = t.st["forces"][fid]
    return not city["roman"] and force.get("people") in t.d.cities[cid]["peoples"]


def _may_withdraw(t: Table, nfid: str, rfid: str) -> bool:
    mine, theirs = counters_in(t, nfid), counters_in(t, rfid)
    if t.opts["preventive_retreat"] == "equal-or-larger":
        return mine >= theirs
    return mine <= theirs


def spolia(t: Table, r: Side, n: Side) -> str:
    """Each leader rolls 1d6 + his Astutia to exceed the other's Virtus, at the same time,
    until one or both fall; no Astutia reroll (L1315-1322)."""
    rounds = []
    for _ in range(30):
        ra, rn = t.d6("spolia opima: Roman"), t.d6("spolia opima: enemy")
        hit_r = ra + r.astutia + omen(t, r) > n.virtus
        hit_n = rn + n.astutia > r.virtus
        rounds.append({"roman": ra, "enemy": rn, "roman_hits": hit_r, "enemy_hits": hit_n})
        if hit_r or hit_n:
            break
    if hit_r and hit_n:
        outcome = "both"
    elif hit_r:
        outcome = "roman"
    elif hit_n:
        outcome = "enemy"
    else:
        outcome = "both"
    t.emit("spolia", roman=r.leader, enemy=n.leader, rounds=rounds, outcome=outcome)
    rw = t.T["rewards"]

    if outcome in ("roman", "both"):
        n.leader_lost = True
        r.captured_leader = outcome == "roman"
        capture_leader(t, n.leader, r.leader)
        t.st["forces"][n.fid]["leader"] = None
        n.leader = None
    if outcome == "roman":
        gain(t, office_curia(t.st, r.leader) or king_curia(t.st), rw["spolia_won"], "spolia-won")
    if outcome in ("enemy", "both"):
        r.leader_lost = True
        if outcome == "enemy":
            kc = king_curia(t.st)
            if kc:
                gain(t, kc, rw["spolia_lost_king"], "spolia-lost")
        _roman_leader_falls(t, r.fid, r.leader)
        r.leader = None
    return outcome


def _roman_leader_falls(t: Table, fid: str, key: str) -> None:
    """A Roman leader killed or taken in battle: his office ends; a King's death calls for an
    Interrex at once (DECISIONS D-19, as Porsenna's, L2008-2012)."""

    t.emit("roman_leader_falls", office=key)
    if key in ("rex", "interrex"):
        king_killed(t, key)
    else:
        end_office(t, key, "fell-in-battle")


def _end(t: Table, a: Side, d: Side, r: Side, n: Side, winner: Side | None, hex_: str, result: dict,
         log: list, duel: bool = False, context: dict | None = None) -> dict:
    st = t.st
    context = context or {}
    loser = None if winner is None else (d if winner is a else a)
    # the fallen: captives for Rome, the Roman dead back to the cup
    for side, enemy in ((r, n), (n, r)):
        for uid in side.lost:
            if side is n:
                capture(t, uid, r.leader if not r.leader_lost else leading_office(t, r.fid))
            else:
                lose_counter(t, uid)
    if n.leader_lost and n.leader and st["forces"].get(n.fid, {}).get("leader") == n.leader:
        capture_leader(t, n.leader, r.leader)
    infantry_gone = lambda side: not any(t.d.units[u]["arm"] == "inf" for u in side.units)  # noqa: E731
    token = winner is not None and not duel and (infantry_gone(loser) or winner.captured_leader)
    result["winner"] = None if winner is None else ("roman" if winner is r else "nonroman")
    result["token"] = token
    result["track"] = {"attacker": a.track, "defender": d.track}
    result["leader"] = r.leader
    t.emit("battle", hex=hex_, attacker=a.fid, defender=d.fid, roman=r.fid, nonroman=n.fid,
           winner=result["winner"], track=dict(result["track"]), lost={"attacker": a.lost, "defender": d.lost},
           log=log, token=token, duel=duel, leader=r.leader)
    if duel:
        pass  # the duel's own IP (L1323-1327) replace the battle's
    elif result["winner"] == "roman":
        victory_ip(t, r.leader)
    elif result["winner"] == "nonroman":
        defeat_ip(t, r.leader or leading_office(t, r.fid) if r.fid in st["forces"] else r.leader)
    # a Roman leader taken by the reserve cavalry falls after the battle's IP are counted: his
    # Curia still answers for the defeat (L1601-1606)
    if r.leader_lost and r.leader and not duel:
        _roman_leader_falls(t, r.fid, r.leader)
    # bring the stepped-aside part back when it is still next door and the battle is over
    for side in (a, d):
        if side.withdrawn and side.withdrawn in st["forces"] and side.fid in st["forces"] and side is winner:
            for uid in list(st["forces"][side.withdrawn]["units"]):
                put_unit(t, uid, side.fid)
            st["forces"][side.fid]["offices"] += st["forces"][side.withdrawn]["offices"]
            st["forces"][side.withdrawn]["offices"] = []
            del st["forces"][side.withdrawn]
    # routs and general retreats (§6.5.10-§6.5.11)
    if loser is not None:
        rout(t, loser, hex_)
    elif result.get("no_winner") or winner is None:
        _fall_back(t, a, context.get("origin"))
    if result.get("fell_back") == "defender" and d.fid in st["forces"] and loser is not d:
        _fall_back(t, d, None)
    result["loser"] = None if loser is None else ("roman" if loser is r else "nonroman")
    return result


def _fall_back(t: Table, side: Side, origin: str | None) -> None:
    force = t.st["forces"].get(side.fid)
    if not force:
        return
    here = force["hex"]
    dest = origin if origin and origin != here and not hostile_in(t, origin, force["side"]) else \
        free_neighbour(t, here, force["side"], toward=t.d.rome if side.roman else None)
    if dest:
        force["hex"] = dest
        t.emit("falls_back", force=side.fid, hex=dest)


def rout(t: Table, side: Side, hex_: str) -> None:
    st = t.st
    force = st["forces"].get(side.fid)
    if not force:
        return
    if side.roman:
        # the beaten Roman army goes back to Rome: its leaders home, its units to the pool
        for uid in list(force["units"]):
            put_unit(t, uid, "pool", ROMAN)
        force["hex"] = ROME
        force["rejoin"] = []
        if not force["offices"]:
            del st["forces"][side.fid]
        if side.withdrawn and side.withdrawn in st["forces"]:
            w = st["forces"][side.withdrawn]
            for uid in list(w["units"]):
                put_unit(t, uid, "pool", ROMAN)
            w["hex"] = ROME
            if not w["offices"]:
                del st["forces"][side.withdrawn]
        t.emit("rout", force=side.fid, to="rome")
        return

    rout_nonroman(t, side.fid, hex_)
