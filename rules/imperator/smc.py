"""One SMC (séquence mouvement-combat, SV 2.E): E.1 moves (naval, then land, in the order
given), lone leaders caught (7.1), E.2 every battle (8), E.3 the SMC marker.

The SMC in progress lives in ``state["current"]``; when a decision is needed that no
standing reaction covers, :func:`run` stores ``state["pending"]`` and returns False; the
answer is put back with :func:`answer` and :func:`run` carries on where it stopped.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import battle as bt
from rules.imperator import combat
from rules.imperator import state as st
from rules.imperator.movement import Ctx, carry_out, check_move, enemy_units_in, escape_destinations
from rules.imperator.naval import carry_out_naval, check_naval


def smc_key(state: dict, suffix: str = "") -> str:
    cur = state.get("current") or {}
    return f"{state['year']}/E/smc-{cur.get('serial', state.get('smc', {}).get('played', 0) + 1)}{suffix}"


def start(world, state: dict, orders: dict) -> None:
    """Open the SMC of the active side with its order set (already validated)."""
    side = state["active"]
    at_port = {}
    for pid, port in sorted(world.ports.items()):
        at_port[pid] = st.pieces_in(state, port["zone"])
    state["current"] = {
        "side": side,
        "serial": state["smc"]["played"] + 1,
        "stage": "naval",
        "naval": list(orders.get("naval") or []),
        "moves": list(orders.get("moves") or []),
        "next": 0,
        "moved": [], "landed": [], "fleets_moved": [],
        "origins": {}, "crossed": {},
        "at_port": at_port,
        "escapes": [],
        "battles": None,
        "battle": None,
    }


def run(world, state: dict, dice, events: list) -> bool:
    """Carry the open SMC as far as possible. True when it is over."""
    cur = state["current"]
    ctx = Ctx.build(world, state, cur["side"], cur)
    while True:
        if state.get("pending"):
            return False
        if cur["escapes"]:
            _escape_step(ctx, cur, dice, events)
            continue
        stage = cur["stage"]
        if stage == "naval":
            if cur["next"] < len(cur["naval"]):
                order = cur["naval"][cur["next"]]
                cur["next"] += 1
                if check_naval(ctx, order, cur["next"] - 1, cur):
                    events.append(Event("move_cancelled", {"side": cur["side"], "naval": order}))
                    continue
                data = carry_out_naval(ctx, order, cur)
                events.append(Event("naval_move", data))
                if data["land"]:
                    _queue_escapes(ctx, cur, [data["land"]])
                continue
            cur["stage"], cur["next"] = "moves", 0
        elif stage == "moves":
            if cur["next"] < len(cur["moves"]):
                move = cur["moves"][cur["next"]]
                cur["next"] += 1
                if check_move(ctx, move, cur["next"] - 1):
                    events.append(Event("move_cancelled", {"side": cur["side"], "move": move}))
                    continue
                data = carry_out(ctx, move, cur)
                events.append(Event("move", data))
                touched = sorted({move["path"][-1], *(move.get("drop") or {}).values()})
                _queue_escapes(ctx, cur, touched)
                continue
            if state.get("options", {}).get("leaderless_side", "immediate") == "immediate":
                refresh_unit_sides(world, state)  # SV 3.7.2, A48
            ctx.refresh()
            cur["stage"] = "battles"
            cur["battles"] = bt.battle_zones(ctx, cur["side"])
        elif stage == "battles":
            if cur["battle"] is None:
                if not cur["battles"]:
                    cur["stage"] = "end"
                    continue
                zone = cur["battles"].pop(0)
                if not bt.is_battle(ctx, zone, cur["side"]):
                    continue
                cur["battle"] = {"zone": zone, "stage": "evasion"}
            _battle_step(ctx, cur, dice, events)
        elif stage == "end":
            side = cur["side"]
            state["smc"]["left"][side] -= 1  # SV 2.E.3
            state["smc"]["played"] += 1
            events.append(Event("smc_end", {"side": side, "serial": cur["serial"],
                                            "left": dict(state["smc"]["left"])}))
            state["current"] = None
            return True


def answer(state: dict, orders: dict) -> None:
    """Put a mid-SMC decision where the stage machine will find it."""
    pending = state.pop("pending")
    cur = state["current"]
    decision = {k: v for k, v in orders.items() if k != "reactions"}
    if pending["kind"] == "escape":
        cur["escapes"][0]["decision"] = decision
    else:
        cur["battle"]["decision"] = decision


# -- lone leaders caught (SV 7.1, L677; A51) ------------------------------------------------------
def _queue_escapes(ctx: Ctx, cur: dict, zones) -> None:
    queued = {e["leader"] for e in cur["escapes"]}
    for zone in zones:
        ids = ctx.by_zone.get(zone, [])
        for lid in st.leaders_of(ctx.state, ids):
            side = ctx.state["pieces"][lid]["side"]
            own_units = [i for i in ids if ctx.state["pieces"][i]["kind"] == "unit" and ctx.state["pieces"][i]["side"] == side]
            if not own_units and enemy_units_in(ctx, zone, side) and lid not in queued:
                cur["escapes"].append({"leader": lid, "zone": zone})
                queued.add(lid)


def _escape_step(ctx: Ctx, cur: dict, dice, events: list) -> None:
    entry = cur["escapes"][0]
    s = ctx.state
    lid, zone = entry["leader"], entry["zone"]
    piece = s["pieces"][lid]
    side = piece["side"]
    if not st.on_map(piece) or piece["zone"] != zone or not enemy_units_in(ctx, zone, side) or \
            any(s["pieces"][i]["kind"] == "unit" and s["pieces"][i]["side"] == side for i in ctx.by_zone.get(zone, [])):
        cur["escapes"].pop(0)
        return
    if "roll" not in entry:
        entry["roll"] = dice.d10(f"escape {lid}")
        if entry["roll"] == 9:  # SV 7.1: a 9 kills him
            _leader_dies(ctx, lid, "escape_roll", events, roll=9)
            cur["escapes"].pop(0)
            return
    dests = escape_destinations(ctx.for_side(side), lid, zone)
    if not dests:
        _leader_dies(ctx, lid, "no_escape", events, roll=entry["roll"])
        cur["escapes"].pop(0)
        return
    choice = None
    decision = entry.pop("decision", None)
    if decision is not None:
        choice = decision.get("escape")
    if choice not in dests:
        prefs = bt._pref(bt.reactions_of(s, side), "escape", lid) or []
        choice = next((z for z in prefs if z in dests), None)
    if choice is None and len(dests) == 1:
        choice = dests[0]
    if choice is None:
        s["pending"] = {"role": side, "kind": "escape", "key": smc_key(s, f"/escape-{lid}"),
                        "data": {"leader": lid, "zone": zone, "roll": entry["roll"], "destinations": dests}}
        return
    piece["zone"] = choice
    ctx.refresh()
    events.append(Event("escape", {"leader": lid, "side": side, "from": zone, "to": choice, "roll": entry["roll"]}))
    cur["escapes"].pop(0)
    _queue_escapes(ctx, cur, [choice])


def _leader_dies(ctx: Ctx, lid: str, cause: str, events: list, **extra) -> None:
    side = ctx.state["pieces"][lid]["side"]
    bt.eliminate(ctx.state, lid)
    ctx.refresh()
    events.append(Event("leader_eliminated", {"leader": lid, "side": side, "cause": cause, **extra}))


# -- one battle (SV 8) ---------------------------------------------------------------------------------
def _battle_step(ctx: Ctx, cur: dict, dice, events: list) -> None:
    b = cur["battle"]
    stage = b["stage"]
    if stage == "evasion":
        _evasion(ctx, cur, b, dice, events)
    elif stage == "fight":
        _fight(ctx, cur, b, dice, events)
    elif stage == "losses":
        _losses(ctx, cur, b, events)
    elif stage == "retreat":
        _retreat(ctx, cur, b, events)
    elif stage == "finish":
        _finish(ctx, cur, b, events)


def _evasion(ctx: Ctx, cur: dict, b: dict, dice, events: list) -> None:
    s, zone = ctx.state, b["zone"]
    attacker = cur["side"]
    defender = st.other(attacker)
    exclude = cur["origins"].get(zone, [])  # SV 8.2: not where the attackers came from
    dctx = ctx.for_side(defender)
    opts = bt.evasion_options(dctx, zone, defender, exclude)
    if opts is None:
        b["stage"] = "fight"
        return
    decision = b.pop("decision", None)
    if decision is None:
        r = bt.reactions_of(s, defender)
        setting = bt._pref(r, "evade", zone)
        if setting == "never":
            decision = {"evade": False}
        elif setting == "always":
            decision = {"evade": True, "to": bt._pref(r, "evade_to", zone) or []}
    if decision is None:
        s["pending"] = {"role": defender, "kind": "evasion", "key": smc_key(s, f"/evasion-{zone}"), "data": opts}
        return
    b["stage"] = "fight"
    if not decision.get("evade"):
        events.append(Event("evasion", {"zone": zone, "side": defender, "attempted": False}))
        return
    groups = decision.get("groups") or bt.evasion_groups(dctx, zone, opts["leaders"], opts["units"], decision.get("to"), exclude)
    if not groups:
        events.append(Event("evasion", {"zone": zone, "side": defender, "attempted": False, "reason": "no_destination"}))
        return
    roll = dice.d6(f"evasion {zone}")
    success = roll < opts["best_vs"]  # SV 8.2, L709
    data = {"zone": zone, "side": defender, "attempted": True, "roll": roll, "best_vs": opts["best_vs"],
            "success": success}
    if success:
        for g in groups:
            for pid in list(g.get("leaders") or []) + list(g.get("units") or []):
                s["pieces"][pid]["zone"] = g["to"]
        ctx.refresh()
        data["groups"] = [{"leaders": list(g.get("leaders") or []), "units": list(g.get("units") or []), "to": g["to"]} for g in groups]
    events.append(Event("evasion", data))
    if success:  # A51: a leader left alone, or an enemy leader alone where they arrive
        _queue_escapes(ctx, cur, [zone] + sorted({g["to"] for g in groups}))


def _fight(ctx: Ctx, cur: dict, b: dict, dice, events: list) -> None:
    w, s, zone = ctx.world, ctx.state, b["zone"]
    attacker = cur["side"]
    defender = st.other(attacker)
    if not bt.is_battle(ctx, zone, attacker):
        b["stage"] = "finish"
        b["fought"] = False
        return
    al, au = bt.force(ctx, zone, attacker)
    dl, du = bt.force(ctx, zone, defender)
    fa, fd = bt.figures(ctx, al, au), bt.figures(ctx, dl, du)
    opts = s.get("options", {})
    base_column = combat.ratio_column(fa.pf, fd.pf)  # SV 8.3
    shift = combat.quality_shift(fa.quality, fd.quality)
    column = combat.shifted_column(base_column, shift)
    mods = combat.die_modifiers(fa, fd, outside_empire=not w.in_empire(zone),
                                river_crossed=bool(cur["crossed"].get(zone)),
                                river_scope=opts.get("river_drm_scope", "imperial_only"))
    roll = dice.d6(f"battle {zone}")
    modified = roll + sum(v for _, v in mods)
    row = combat.clamped_row(modified)
    results = combat.read_table(row, column)
    winner = combat.winner_of(results, row, column, opts.get("rr_winner", "diagonal"))
    winner_side = {"attacker": attacker, "defender": defender}.get(winner)
    b.update({
        "stage": "losses", "fought": True, "attacker": attacker, "defender": defender,
        "results": list(results), "winner": winner_side, "total_pf": fa.pf + fd.pf,
        "losses": {}, "retreats": {}, "dead_leaders": [],
    })
    events.append(Event("battle", {
        "zone": zone, "attacker": attacker, "defender": defender,
        "forces": {"attacker": {"leaders": al, "units": au}, "defender": {"leaders": dl, "units": du}},
        "pf": {"attacker": fa.pf, "defender": fd.pf}, "ratio": f"{fa.pf}/{fd.pf}",
        "base_column": combat.COLUMN_NAMES[base_column], "quality": {"attacker": fa.quality, "defender": fd.quality},
        "shift": shift, "column": combat.COLUMN_NAMES[column],
        "bt": {"attacker": fa.bt, "defender": fd.bt},
        "modifiers": [{"code": c, "value": v} for c, v in mods], "modifier": sum(v for _, v in mods),
        "roll": roll, "modified": modified, "row": row,
        "result": {"attacker": results[0], "defender": results[1]}, "winner": winner_side,
    }))
    # SV 8.4.2: E and A hit the whole force at once
    for side, res, units, leaders in ((attacker, results[0], au, al), (defender, results[1], du, dl)):
        hit = {}
        if res == "E":
            for u in units:
                bt.eliminate(s, u)
                hit[u] = "eliminated"
            for l in leaders:  # SV 8.5.1
                bt.eliminate(s, l)
                b["dead_leaders"].append(l)
        elif res == "A":
            for u in units:
                hit[u] = bt.weaken(s, u)
        b["losses"][side] = hit
    ctx.refresh()
    b["enemy_hit"] = {attacker: len(b["losses"][defender]), defender: len(b["losses"][attacker])}


def _losses(ctx: Ctx, cur: dict, b: dict, events: list) -> None:
    s, zone = ctx.state, b["zone"]
    winner = b["winner"]
    b["stage"] = "retreat"
    if winner is None:
        return
    res = b["results"][0 if winner == b["attacker"] else 1]
    _, units = bt.force(ctx, zone, winner)
    n = combat.fraction_losses(res, len(units), b["enemy_hit"][winner], s.get("options", {}).get("fraction_basis", "enemy_losses"))
    if n <= 0:
        return
    chosen = None
    decision = b.pop("decision", None)
    if decision is not None:
        chosen = [u for u in decision.get("losses") or [] if u in units][:n]
        if len(chosen) < n:
            chosen = bt.default_loss_order(ctx, units, chosen)[:n]
    elif n >= len(units):
        chosen = list(units)
    else:
        priority = bt.reactions_of(s, winner).get("losses")
        if priority is not None:
            chosen = bt.default_loss_order(ctx, units, priority if isinstance(priority, list) else [])[:n]
    if chosen is None:
        b["stage"] = "losses"
        s["pending"] = {"role": winner, "kind": "losses", "key": smc_key(s, f"/losses-{zone}"),
                        "data": {"zone": zone, "count": n, "units": units, "result": res,
                                 "default": bt.default_loss_order(ctx, units)[:n]}}
        return
    for u in chosen:
        b["losses"].setdefault(winner, {})[u] = bt.weaken(s, u)
    ctx.refresh()


def _retreat(ctx: Ctx, cur: dict, b: dict, events: list) -> None:
    s, zone = ctx.state, b["zone"]
    winner = b["winner"]
    if winner is None:
        b["stage"] = "finish"
        return
    loser = st.other(winner)
    leaders, units = bt.force(ctx, zone, loser)
    if not leaders and not units:
        b["stage"] = "finish"
        return
    exclude = cur["origins"].get(zone, []) if loser == b["defender"] else []  # A50
    lctx = ctx.for_side(loser)
    choices = bt.retreat_choices(lctx, zone, leaders, units, exclude)
    prefs = None
    decision = b.pop("decision", None)
    if decision is not None:
        prefs = decision.get("retreat") or []
    elif len(choices) <= 1:
        prefs = choices
    else:
        r = bt._pref(bt.reactions_of(s, loser), "retreat", zone)
        if r and any(z in choices for z in r):
            prefs = r
    if prefs is None:
        s["pending"] = {"role": loser, "kind": "retreat", "key": smc_key(s, f"/retreat-{zone}"),
                        "data": {"zone": zone, "leaders": leaders, "units": units, "destinations": choices,
                                 "excluded": sorted(exclude)}}
        return
    plan = bt.retreat_plan(lctx, zone, leaders, units, prefs, exclude)
    for pid, dest in plan["moves"].items():
        s["pieces"][pid]["zone"] = dest
    for pid in plan["eliminated"]:
        if s["pieces"][pid]["kind"] == "leader":
            b["dead_leaders"].append(pid)  # SV 8.5.1: no retreat
        else:
            b["losses"].setdefault(loser, {})[pid] = "eliminated"
        bt.eliminate(s, pid)
    # SV 8.5.2: titled leaders beaten by (or as) a Usurpateur die, whatever the result
    if _usurper_battle(s, leaders, bt.force(ctx, zone, winner)[0]):
        for pid in leaders:
            if st.titled(s, pid) and not s["pieces"][pid].get("eliminated"):
                bt.eliminate(s, pid)
                b["dead_leaders"].append(pid)
    ctx.refresh()
    b["retreats"] = plan["moves"]
    b["stage"] = "finish"
    _queue_escapes(ctx, cur, sorted(set(plan["moves"].values())))  # A51


def _usurper_battle(state, loser_leaders, winner_leaders) -> bool:
    lt = {st.titled(state, l) for l in loser_leaders}
    wt = {st.titled(state, l) for l in winner_leaders}
    return ("usurpateur" in lt and wt & {"augustus", "caesar"}) or ("usurpateur" in wt and bool(lt & {"augustus", "caesar"}))


def _finish(ctx: Ctx, cur: dict, b: dict, events: list) -> None:
    s = ctx.state
    if b.get("fought"):
        attacker, defender, winner = b["attacker"], b["defender"], b["winner"]
        for lid in b["dead_leaders"]:
            events.append(Event("leader_eliminated", {"leader": lid, "side": s["pieces"][lid]["side"],
                                                      "cause": "battle", "zone": b["zone"]}))
        events.append(Event("battle_end", {
            "zone": b["zone"], "winner": winner,
            "losses": {side: dict(sorted(v.items())) for side, v in sorted(b["losses"].items())},
            "retreats": b["retreats"], "leaders_eliminated": sorted(b["dead_leaders"]),
        }))
        # SV 10.1: a battle won with 35 PF or more in all; every enemy leader eliminated
        if winner and b["total_pf"] >= 35:
            add_vp(s, winner, 1, "battle_won_35pf", events, zone=b["zone"])
        for lid in sorted(b["dead_leaders"]):
            add_vp(s, st.other(s["pieces"][lid]["side"]), 1, "enemy_leader_eliminated", events, leader=lid)
    if s.get("options", {}).get("leaderless_side", "immediate") == "immediate":
        refresh_unit_sides(ctx.world, s)  # A48
    ctx.refresh()
    cur["battle"] = None


def add_vp(state: dict, side: str, points: int, reason: str, events: list, **extra) -> None:
    if not points:
        return
    state["vp"][side] += points
    events.append(Event("vp", {"side": side, "points": points, "reason": reason, "total": state["vp"][side], **extra}))


def refresh_unit_sides(world, state: dict) -> None:
    """SV 3.7.2 (L446), A48: a Roman unit with a leader of its side keeps it; a leaderless
    Roman unit inside the Empire belongs to the controller of the diocese it stands in;
    outside the Empire it keeps its last side. Non-Roman pieces follow their people's
    controller (SV 4.4.1; Armenia: the controller of Oriens, 4.4.2)."""
    by_zone = st.index_by_zone(state)
    for zone, ids in by_zone.items():
        leader_sides = {state["pieces"][i]["side"] for i in ids if state["pieces"][i]["kind"] == "leader"
                        and st.leader_def(world, state, i)["people"] is None}
        diocese = world.diocese_of(zone)
        for pid in ids:
            piece = state["pieces"][pid]
            if piece["kind"] != "unit" or not st.is_roman_unit(world, state, pid):
                continue
            if piece["side"] in leader_sides:
                continue
            if diocese and state["control"].get(diocese):
                piece["side"] = state["control"][diocese]
