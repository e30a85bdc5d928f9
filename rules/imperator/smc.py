"""One SMC (séquence mouvement-combat, SV 2.E, UR 2.E): E.1 moves (naval, then land, in the
order given), lone leaders caught (7.1), E.2 every battle (8), E.3 the SMC marker.

The stages are the family's; what a title adds to a battle (its die modifiers, the
stratagems that fix or change the die, what follows a leader's death, who owns a leaderless
unit) is asked of its plug-in (``world.title``).

The SMC in progress lives in ``state["current"]``; when a decision is needed that no
standing reaction covers, :func:`run` stores ``state["pending"]`` and returns False; the
answer is put back with :func:`answer` and :func:`run` carries on where it stopped.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import battle as bt
from rules.imperator import combat
from rules.imperator import plays as plays_mod
from rules.imperator import events as year_events
from rules.imperator import state as st
from rules.imperator.movement import (Ctx, carry_out, check_move, civil_war_record, commands_all,
                                      continuation_problems, enemy_units_in, escape_destinations)
from rules.imperator.naval import carry_out_naval, check_naval
from rules.imperator.vp import add_vp


def smc_key(state: dict, suffix: str = "") -> str:
    cur = state.get("current") or {}
    return f"{state['year']}/E/smc-{cur.get('serial', state.get('smc', {}).get('played', 0) + 1)}{suffix}"


class Opened:
    """What ``resolve`` hands from the opening of an SMC (:func:`start`) to the run of it
    (:func:`run`) in the same call: kept in memory for that call only, never in the state.

    * ``by_zone``: the zone index of the position the SMC opened on (``st.index_by_zone``);
    * ``checked``: every naval and land move of the order set was checked, in order, on a
      scratch copy of that position with the checks :func:`run` makes (``check_naval``,
      ``check_move``), each carried out there before the next was checked
      (``orders.validate_smc``), and passed;
    * ``logged``: the number of events of the resolve when the SMC opened (set by the
      engine after its ``smc_start`` event).

    :func:`run` uses them only while it can tell that the position is still the one they
    describe (see there)."""

    __slots__ = ("current", "by_zone", "checked", "logged")

    def __init__(self, current: dict, by_zone: dict, checked: bool):
        self.current, self.by_zone, self.checked, self.logged = current, by_zone, checked, None


def start(world, state: dict, orders: dict, scratch=None) -> Opened:
    """Open the SMC of the active side with its order set (already validated). ``scratch``:
    the scratch position the order set was validated on, in this ``resolve`` and on this
    position (``orders.SmcScratch`` with its zone index kept), if it had moves to check."""
    side = state["active"]
    if scratch is not None:  # the validation's index of this very position, and its at_port
        by_zone = scratch.by_zone
        at_port = {pid: list(ids) for pid, ids in scratch.current["at_port"].items()}
    else:
        by_zone = st.index_by_zone(state)
        at_port = {}
        for pid, port in sorted(world.ports.items()):
            at_port[pid] = list(by_zone.get(port["zone"], []))  # st.pieces_in
        for fid, fleet in sorted((state.get("fleets") or {}).items()):
            if fleet.get("coast"):  # a temporary fleet still at its coast (UR 6.3 Flotte)
                at_port[fid] = list(by_zone.get(fleet["coast"], []))
    state["current"] = {
        "side": side,
        "serial": state["smc"]["played"] + 1,
        "stage": "plays",
        "plays": list(orders.get("play") or []),
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
    if orders.get("battle_order"):  # E.2: the order the player names for his battles (kept only if named)
        state["current"]["battle_order"] = list(orders["battle_order"])
    return Opened(state["current"], by_zone, scratch is not None)


def run(world, state: dict, dice, events: list, opened: Opened | None = None) -> bool:
    """Carry the open SMC as far as possible. True when it is over.

    ``opened``: what :func:`start` handed over in this same ``resolve`` (None when the SMC
    goes on from an earlier one). Its zone index becomes the context's when nothing was
    logged since the SMC opened (the position is still the one it indexes).

    If the order set was also checked (``opened.checked``), its naval and land moves are
    carried out without checking them again while the SMC goes straight through them
    (``trusted``): each move then meets the very position it was checked on, since the
    scratch copy of the validation carried out the same moves, in the same order, as it
    checked them (``carry_out_naval``, and ``movement.move_pieces``, which makes the changes
    of ``carry_out`` that a check reads). Trust ends, for the rest of the SMC, at the first thing E.1 (SV 2.E,
    UR 2.E) does besides those moves: a counter carried out or cancelled (SV 6.3), a rally
    (SV 3.6.3 D/), the plague striking (A66), a lone leader caught (an escape queued, SV
    7.1), or any event logged other than the moves' own (a succession settled, a death);
    the moves are then checked as they come (SV 3.4, 7), as without ``opened``. At the end
    of the moves a trusted context's index is the one ``Ctx.relocate`` kept current, so it
    is not rebuilt."""
    cur = state["current"]
    fresh = opened is not None and opened.current is cur and opened.logged == len(events)
    ctx = Ctx.build(world, state, cur["side"], cur, by_zone=opened.by_zone if fresh else None)
    trusted = fresh and opened.checked
    logged = len(events)  # the events of the SMC so far, while trusted: its own moves
    while True:
        if state.get("pending") or world.title.ask_pending(world, state, dice, events):  # SV 3.5.2
            return False
        if trusted and (len(events) != logged or cur["escapes"]):
            trusted = False  # something else happened: the orders' checks are out of date
        if cur["escapes"]:
            _escape_step(ctx, cur, dice, events)
            continue
        stage = cur["stage"]
        if stage == "plays":  # SV 6.3 (L581): E counters, the standing ones of both sides first
            if _smc_plays(ctx, cur, dice, events):
                trusted = False
            cur["stage"], cur["next"] = "naval", 0
            continue
        if stage == "naval":
            if cur["next"] < len(cur["naval"]):
                order = cur["naval"][cur["next"]]
                cur["next"] += 1
                if not trusted and check_naval(ctx, order, cur["next"] - 1, cur):
                    events.append(Event("move_cancelled", {"side": cur["side"], "naval": order}))
                    continue
                data = carry_out_naval(ctx, order, cur)
                events.append(Event("naval_move", data))
                logged = len(events)
                if data["land"]:
                    _queue_escapes(ctx, cur, [data["land"]])
                continue
            cur["stage"], cur["next"] = "moves", 0
        elif stage == "moves":
            if cur["next"] < len(cur["moves"]):
                move = cur["moves"][cur["next"]]
                cur["next"] += 1
                if not trusted and check_move(ctx, move, cur["next"] - 1):
                    events.append(Event("move_cancelled", {"side": cur["side"], "move": move}))
                    continue
                data = carry_out(ctx, move, cur)
                events.append(Event("move", data))
                logged = len(events)
                rallied = []
                if state.get("civil_war"):  # SV 3.6.3 D/: a rally on entering leaderless enemy units
                    rallied = _rally(ctx, cur["side"], move, dice, events)
                    if rallied:
                        trusted = False
                if state.get("plague") and plays_mod.plague_on_entry(  # A66: entering an infested zone
                        world, state, list(move.get("leaders") or []) + list(move.get("units") or []), move["path"], dice, events):
                    ctx.refresh()
                    trusted = False
                touched = {move["path"][-1], *(move.get("drop") or {}).values()}
                if rallied and move.get("then"):  # SV 3.6.3 D/ (L393): the stack goes on
                    onward = _go_on(ctx, cur, move, rallied, dice, events)
                    if onward:
                        touched.add(onward["path"][-1])
                _queue_escapes(ctx, cur, sorted(touched))
                continue
            if not trusted:
                ctx.refresh()
            trusted = False
            world.title.sides_after_moves(world, state, ctx.by_zone)  # SV 3.7.2, A48 (sides only: the index stays true)
            cur["stage"] = "battles"
            cur["battles"] = bt.battle_zones(ctx, cur["side"])
            _order_battles(ctx, cur)
        elif stage == "battle_order":  # the answer to the battle-order prompt
            decision = cur.pop("decision", None) or {}
            cur["battles"] = bt.ordered(cur["battles"], decision.get("battle_order"))
            cur["stage"] = "battles"
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
            world.title.after_smc(world, state, side, events)
            return True


def answer(state: dict, orders: dict) -> None:
    """Put a mid-SMC decision where the stage machine will find it."""
    pending = state.pop("pending")
    cur = state["current"]
    decision = {k: v for k, v in orders.items() if k != "reactions"}
    if pending["kind"] == "escape":
        cur["escapes"][0]["decision"] = decision
    elif pending["kind"] == "battle_order":
        cur["decision"] = decision
    else:
        cur["battle"]["decision"] = decision


# -- the order of the battles (SV 2.E.2, UR 2.E.2) ----------------------------------------------------
def _order_battles(ctx: Ctx, cur: dict) -> None:
    """E.2: the phasing player fights all his battles, one after the other, in the order he
    chooses (DECISIONS). The order named in the SMC's orders (``battle_order``) is kept;
    otherwise, when two battles or more are to be fought and their order can matter
    (``battle.order_matters``), he is asked, unless his standing ``battle_order`` is ``auto``;
    else, and by default, the engine's order (the zones' ids)."""
    zones = cur["battles"]
    if len(zones) < 2:
        return
    if cur.get("battle_order"):
        cur["battles"] = bt.ordered(zones, cur["battle_order"])
        return
    s, side = ctx.state, cur["side"]
    if bt.reactions_of(s, side).get("battle_order") == "auto" or not bt.order_matters(ctx, zones):
        return
    cur["stage"] = "battle_order"
    s["pending"] = {"role": side, "kind": "battle_order", "key": smc_key(s, "/battle-order"),
                    "data": {"zones": list(zones)}}


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
            _leader_dies(ctx, lid, "escape_roll", events, dice, roll=9)
            cur["escapes"].pop(0)
            return
    dests = escape_destinations(ctx.for_side(side), lid, zone)
    if not dests:
        _leader_dies(ctx, lid, "no_escape", events, dice, roll=entry["roll"])
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


def _leader_dies(ctx: Ctx, lid: str, cause: str, events: list, dice=None, **extra) -> None:
    side = ctx.state["pieces"][lid]["side"]
    bt.eliminate(ctx.state, lid)
    events.append(Event("leader_eliminated", {"leader": lid, "side": side, "cause": cause, **extra}))
    if ctx.world.title.gone_when_eliminated(ctx.world, ctx.state, lid):
        ctx.state["pieces"][lid]["gone"] = True
    ctx.world.title.after_deaths(ctx.world, ctx.state, [lid], [], dice, events)  # SV 3.5.2
    ctx.refresh()


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
        _finish(ctx, cur, b, events, dice)


def _evasion(ctx: Ctx, cur: dict, b: dict, dice, events: list) -> None:
    s, zone = ctx.state, b["zone"]
    attacker = cur["side"]
    defender = st.other(attacker)
    if _ask_stratagems(ctx, cur, b, dice, events):  # the mid-SMC stratagem prompt (opt-in)
        return
    if not b.get("fuite_checked"):  # SV 6.3 Fuite opportune (L605; A68), before the battle
        b["fuite_checked"] = True
        for side in (defender, attacker):
            if _fuite_opportune(ctx, b, side, events):
                b["stage"] = "fight"
                return
    if ctx.world.title.before_evasion(ctx, cur, b, events):  # UR 8.2.2: the title's refuge (once a battle)
        ctx.refresh()
        if not bt.is_battle(ctx, zone, attacker):
            b["stage"] = "fight"  # nothing left to fight: _fight finds no battle
            return
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
    title = w.title
    mods = title.die_modifiers(ctx, cur, zone, attacker, (al, au, fa), (dl, du, fd))  # TABLES, the events
    fixed = title.fixed_row(ctx, zone, attacker, au, du, events)  # counters replacing the die (SV L623-625)
    roll = dice.d6(f"battle {zone}") if fixed is None else None
    if roll is not None:
        mods += title.die_counters(ctx, zone, attacker, al, dl, events)  # counters changing the die (UR L931-932)
        roll = title.chosen_die(ctx, zone, attacker, al, dl, roll, events)  # counters setting it (SV L619-621)
    modified = fixed if fixed is not None else roll + sum(v for _, v in mods)
    row = combat.clamped_row(modified)
    results = combat.read_table(row, column)
    winner = combat.winner_of(results, row, column, opts.get("rr_winner", "diagonal"))
    winner_side = {"attacker": attacker, "defender": defender}.get(winner)
    title.battle_record(ctx, b, attacker, au, defender, du)
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
        if priority is not None and priority != "ask":  # "ask": no standing answer
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
    for pid in sorted(plan["moves"]):  # event 4 (L957; A76): driven out, the sick Augustus dies
        if year_events.is_sick(s, pid):
            del plan["moves"][pid]
            plan["eliminated"].append(pid)
    for pid, dest in plan["moves"].items():
        s["pieces"][pid]["zone"] = dest
    for pid in plan["eliminated"]:
        if s["pieces"][pid]["kind"] == "leader":
            b["dead_leaders"].append(pid)  # SV 8.5.1: no retreat
        else:
            b["losses"].setdefault(loser, {})[pid] = "eliminated"
        bt.eliminate(s, pid)
    # SV 8.5.2, UR 8.5.2: titled leaders beaten by (or as) a Usurpateur die, whatever the result
    if _usurper_battle(ctx.world.title, s, leaders, bt.force(ctx, zone, winner)[0]):
        for pid in leaders:
            if st.titled(s, pid) and not s["pieces"][pid].get("eliminated"):
                bt.eliminate(s, pid)
                b["dead_leaders"].append(pid)
    ctx.refresh()
    b["retreats"] = plan["moves"]
    b["stage"] = "finish"
    _queue_escapes(ctx, cur, sorted(set(plan["moves"].values())))  # A51


def _usurper_battle(title, state, loser_leaders, winner_leaders) -> bool:
    """A Usurpateur against the title's legitimate ones (SV: Augustus, Caesar; UR:
    Augustus, Patrice)."""
    lt = {st.titled(state, l) for l in loser_leaders}
    wt = {st.titled(state, l) for l in winner_leaders}
    legitimate = set(title.legitimate_titles)
    return ("usurpateur" in lt and bool(wt & legitimate)) or ("usurpateur" in wt and bool(lt & legitimate))


def _finish(ctx: Ctx, cur: dict, b: dict, events: list, dice=None) -> None:
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
        # SV 10.1, UR 10.1: a battle won with enough PF in all (SV 35, UR 25); every enemy
        # leader eliminated; a leader worth more (UR: Attila, 5)
        title = ctx.world.title
        threshold, reason = title.battle_vp
        if winner and b["total_pf"] >= threshold:
            add_vp(s, winner, 1, reason, events, zone=b["zone"])
        for lid in sorted(b["dead_leaders"]):
            worth = ctx.world.leaders.get(lid, {}).get("vp_if_killed") or 1
            add_vp(s, st.other(s["pieces"][lid]["side"]), worth, "enemy_leader_eliminated", events, leader=lid)
        if b["dead_leaders"]:  # SV 3.5.2 successions, 3.6.4 a usurpation decided in battle
            for lid in b["dead_leaders"]:
                if title.gone_when_eliminated(ctx.world, s, lid):
                    s["pieces"][lid]["gone"] = True
            winners = bt.force(ctx, b["zone"], winner)[0] if winner else []
            title.after_deaths(ctx.world, s, list(b["dead_leaders"]), winners, dice, events)
            ctx.refresh()
    if b.get("fought"):
        ctx.world.title.after_battle(ctx, b, events)
    ctx.refresh()
    ctx.world.title.sides_after_fight(ctx.world, s, ctx.by_zone)  # A48 (sides only: the index stays true)
    cur["battle"] = None


# -- stratagems in the SMC (SV 6.3) --------------------------------------------------------------------
def standing_plays(state: dict, side: str) -> list:
    return bt.reactions_of(state, side).get("stratagems") or []


def drop_standing(state: dict, side: str, play: dict) -> None:
    sheet = state["hidden"]["reactions"].get(side, {})
    plays = sheet.get("stratagems") or []
    if play in plays:
        plays.remove(play)


def _smc_plays(ctx: Ctx, cur: dict, dice, events: list) -> bool:
    """W1: the standing E counters without a battle trigger (either side, the phasing side
    first), then the phasing player's own plays, each checked again as it comes. True when
    a counter was carried out or cancelled (the position may have changed)."""
    s, w = ctx.state, ctx.world
    side = cur["side"]
    acted = bool(cur.get("plays"))
    for who in (side, st.other(side)):
        for play in list(standing_plays(s, who)):
            if play.get("stratagem") in ctx.world.title.battle_triggers:
                continue
            if not plays_mod.held(s, who, play.get("stratagem", "")):
                drop_standing(s, who, play)
                continue
            if plays_mod.problems(w, s, who, play, "E"):
                continue
            drop_standing(s, who, play)
            plays_mod.apply_e(w, s, who, play, dice, events)
            ctx.refresh()
            acted = True
    for play in cur.get("plays") or []:
        if plays_mod.problems(w, s, side, play, "E"):  # the counter stays hidden in the hand
            events.append(Event("stratagem_cancelled", {"side": side, "stratagem": play.get("stratagem")},
                                visible_to=(side,)))
            continue
        plays_mod.apply_e(w, s, side, play, dice, events)
        ctx.refresh()
    cur["plays"] = []
    return acted


def battle_play(state: dict, side: str, stratagem: str, zone: str) -> dict | None:
    """The side's standing play of that counter for this battle, if it holds the counter."""
    if not plays_mod.held(state, side, stratagem):
        return None
    for play in standing_plays(state, side):
        if play.get("stratagem") == stratagem and play.get("zone") in (None, "*", zone):
            return play
    return None


def _fuite_opportune(ctx: Ctx, b: dict, side: str, events: list) -> bool:
    """A68: the whole force moves, without a roll, to one adjacent zone free of enemy combat
    units, within stacking and 3.2 / 4.3; not played if a piece could not follow."""
    s, zone = ctx.state, b["zone"]
    play = battle_play(s, side, "fuite-opportune", zone)
    if play is None:
        return False
    leaders, units = bt.force(ctx, zone, side)
    if not units and not leaders or any(year_events.is_pinned(s, p) for p in leaders + units):
        return False
    sctx = ctx.for_side(side)
    plan = bt.retreat_plan(sctx, zone, leaders, units, play.get("to") or [], [])
    if plan["eliminated"] or not plan["moves"] or len(set(plan["moves"].values())) != 1:
        return False
    for pid, dest in plan["moves"].items():
        s["pieces"][pid]["zone"] = dest
    drop_standing(s, side, play)
    plays_mod.spend(s, side, "fuite-opportune", events, zone=zone, to=sorted(set(plan["moves"].values()))[0])
    ctx.refresh()
    return True


def fixed_row_counters(ctx: Ctx, zone: str, attacker: str, offers: dict, events: list) -> int | None:
    """Counters that replace a battle's die by the row "9 et +" (their user attacking) or
    "-2 et -" (defending); ``offers`` lists, per side, the counter types it may play here
    and whether the battle allows each. Played by both players, they cancel and the die is
    rolled (SV L623-625, A62; UR L844-850, L924-930)."""
    s = ctx.state
    played = {}
    for side in (attacker, st.other(attacker)):
        for t, ok in offers[side]:
            play = battle_play(s, side, t, zone) if ok else None
            if play is not None and side not in played:
                played[side] = (t, play)
    if not played:
        return None
    for side, (t, play) in sorted(played.items()):
        drop_standing(s, side, play)
        plays_mod.spend(s, side, t, events, zone=zone)
    if len(played) == 2:
        events.append(Event("stratagems_cancel", {"zone": zone}))
        return None
    side = next(iter(played))
    return combat.HIGHEST_ROW if side == attacker else combat.LOWEST_ROW


def _rally(ctx: Ctx, side: str, move: dict, dice, events: list) -> list[str]:
    """SV 3.6.3 D/ (L393; A40): a Usurpateur, or Guerre Civile leaders, ending a move where
    enemy Roman units stand without a leader roll 1d6; at most the usurper's CP (else the
    best CP of the GC leaders there), less the counter's bonus, they change side. On a
    failure the battle is fought. The engine always tries (an engine choice). Returns the
    units rallied (none on a failure)."""
    s, w = ctx.state, ctx.world
    zone = move["path"][-1]
    leaders = list(move.get("leaders") or [])
    usurper, record = civil_war_record(s, side, leaders)
    if record is None:
        return []
    ids = ctx.by_zone.get(zone, [])
    if any(s["pieces"][i]["kind"] == "leader" and s["pieces"][i]["side"] == st.other(side) for i in ids):
        return []
    targets = [i for i in ids if s["pieces"][i]["kind"] == "unit" and s["pieces"][i]["side"] == st.other(side)
               and (w.title.rallies or st.is_roman_unit)(w, s, i)]
    if not targets:
        return []
    if usurper in leaders:
        cp = st.leader_def(w, s, usurper)["cp"] or 0
    else:
        cp = max((st.leader_def(w, s, l)["cp"] or 0) for l in leaders if l in record["leaders"])
    roll = dice.d6(f"rally {zone}")
    success = roll - record.get("bonus", 0) <= cp
    if success:
        for u in targets:
            record["units"].setdefault(u, s["pieces"][u]["side"])
            s["pieces"][u]["side"] = side
    events.append(Event("rally", {"zone": zone, "usurper": usurper, "roll": roll, "cp": cp, "success": success,
                                  "units": targets}))
    return sorted(targets) if success else []


def _go_on(ctx: Ctx, cur: dict, move: dict, rallied: list[str], dice, events: list) -> dict | None:
    """SV 3.6.3 D/ (L393): after a successful rally the move goes on along ``then``, within
    the PM left, with the units of the stack still with it and the rallied units its
    leaders may command within their CC (in id order; A83). If the second leg is not legal
    it is cancelled and the stack stays in the rally zone. Returns the second leg made."""
    s, w = ctx.state, ctx.world
    ctx.refresh()
    leaders = list(move.get("leaders") or [])
    drop = move.get("drop") or {}
    units = [u for u in move.get("units") or [] if u not in drop]
    cc = sum(st.leader_def(w, s, l)["cc"] or 0 for l in leaders)
    for u in rallied:
        if len(units) < cc and commands_all(ctx, leaders, u):
            units.append(u)
    onward = {"leaders": leaders, "units": units, "path": [move["path"][-1]] + list(move["then"])}
    problems = continuation_problems(ctx, move, onward, cur["next"] - 1)
    if problems:
        events.append(Event("move_cancelled", {"side": cur["side"], "move": onward, "after_rally": True,
                                               "errors": sorted({e.code for e in problems})}))
        return None
    data = carry_out(ctx, onward, cur)
    events.append(Event("move", dict(data, after_rally=True)))
    if s.get("civil_war"):  # entering leaderless enemy units again: another D/ attempt
        _rally(ctx, cur["side"], onward, dice, events)
    if s.get("plague") and plays_mod.plague_on_entry(w, s, leaders + units, onward["path"], dice, events):  # A66
        ctx.refresh()
    return onward


def _ask_stratagems(ctx: Ctx, cur: dict, b: dict, dice, events: list) -> bool:
    """SV 2.E (L162): E counters may be played at any moment of E. A player whose standing
    ``ask`` is ``battles`` is asked before each battle he is in (whether he holds counters or
    not, so the prompt reveals nothing): the battle counters he names fire in this battle as
    if pre-declared, the others take effect at once. True while the prompt is open."""
    s, zone = ctx.state, b["zone"]
    attacker = cur["side"]
    if "ask" not in b:
        b["ask"] = [side for side in (st.other(attacker), attacker)
                    if bt.reactions_of(s, side).get("ask") == "battles"]
    while b["ask"]:
        side = b["ask"][0]
        if b.get("asking") != side:
            b["asking"] = side
            s["pending"] = {"role": side, "kind": "stratagem", "key": smc_key(s, f"/stratagems-{zone}-{side.lower()}"),
                            "data": {"zone": zone, "attacker": attacker}}
            return True
        decision = b.pop("decision", None) or {}
        b["ask"].pop(0)
        b["asking"] = None
        for play in decision.get("play") or []:
            if play.get("stratagem") in ctx.world.title.battle_triggers:
                sheet = s["hidden"]["reactions"].setdefault(side, {})
                sheet.setdefault("stratagems", []).append(dict(play, zone=zone))
            elif not plays_mod.problems(ctx.world, s, side, play, "E"):
                plays_mod.apply_e(ctx.world, s, side, play, dice, events)
                ctx.refresh()
    return False
