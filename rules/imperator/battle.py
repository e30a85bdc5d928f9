"""One battle (SV 8): evasion (8.2), resolution on the Battle Table (8.3, 8.6), results and
the winner's fractional losses (8.4.2), the loser's retreat (8.4.1), leader deaths (8.5)
and battle victory points (10.1).

A battle runs as a small stage machine stored in ``current["battle"]`` so that it can stop
for a decision no standing reaction covers and carry on when the answer arrives:
``evasion`` -> ``fight`` -> ``losses`` -> ``retreat`` -> ``finish``.
"""

from __future__ import annotations

from rules.imperator import combat
from rules.imperator import state as st
from rules.imperator.events import is_pinned, is_sick
from rules.imperator.movement import Ctx, can_fight, hostile, leave_zone_destinations, make_group, step_problems


# -- who is in the battle ------------------------------------------------------------------------
def force(ctx: Ctx, zone: str, side: str) -> tuple[list[str], list[str]]:
    """(leaders, units) of ``side`` in the zone."""
    ids = [i for i in ctx.by_zone.get(zone, []) if ctx.state["pieces"][i]["side"] == side]
    return st.leaders_of(ctx.state, ids), st.units_of(ctx.state, ids)


def battle_zones(ctx: Ctx, attacker: str) -> list[str]:
    """Every zone where the phasing player's units stand with enemy units they may fight
    (SV 8.1, A47)."""
    out = []
    for zone in sorted(ctx.by_zone):
        if is_battle(ctx, zone, attacker):
            out.append(zone)
    return out


#: How far apart (in borders crossed, straits included) two battles of one SMC may be and
#: still touch each other: a retreat or an evasion goes one zone (SV 8.2, 8.4.1), a leader
#: left alone escapes one more (SV 7.1, A51), and where they stand closes or opens the next
#: battle's evasion and retreat zones.
BATTLE_REACH = 3


def order_matters(ctx: Ctx, zones: list[str]) -> bool:
    """Whether the order of the SMC's battles (SV 2.E.2, UR 2.E.2: the phasing player fights
    them, so he chooses the order) can change anything: two battles or more, and either a
    titled leader in one of them (his death or defeat changes titles, usurpations, even sides,
    elsewhere: SV 3.5.2, 3.6.4, UR 3.5.2, 3.6.4, 5), or a leader whose fall the title says
    weighs as much (``Title.weighty_leader``), or two battles within ``BATTLE_REACH`` zones of
    each other. Only what both players see counts: the stratagems in the hands do not (a
    battle counter may be aimed at one zone, ``play … at ZONE``)."""
    if len(zones) < 2:
        return False
    w, s = ctx.world, ctx.state
    weighty = w.title.weighty_leader
    for zone in zones:
        for pid in ctx.by_zone.get(zone, []):
            if s["pieces"][pid]["kind"] == "leader" and (st.titled(s, pid) or (weighty and weighty(w, s, pid))):
                return True
    targets = set(zones)
    for zone in zones:
        seen, frontier = {zone}, [zone]
        for _ in range(BATTLE_REACH):
            frontier = [n for z in frontier for n in w.neighbours(z) if n not in seen and not seen.add(n)]
            if targets & (set(frontier) - {zone}):
                return True
    return False


def ordered(zones: list[str], named) -> list[str]:
    """The battle zones in the order named (the zones named that have a battle, in that order),
    then the others in the engine's order (the zones' ids)."""
    first = [z for z in dict.fromkeys(named or []) if z in zones]
    return first + [z for z in zones if z not in first]


def is_battle(ctx: Ctx, zone: str, attacker: str) -> bool:
    ids = ctx.by_zone.get(zone)
    if not ids:
        return False
    pieces = ctx.state["pieces"]
    mine = [i for i in ids if pieces[i]["side"] == attacker and pieces[i]["kind"] == "unit"]  # force()'s units
    if not mine:
        return False
    theirs = [u for u in ids if pieces[u]["kind"] == "unit" and hostile(ctx, u, attacker)]
    return any(can_fight(ctx, a, b) for a in mine for b in theirs)


def figures(ctx: Ctx, leaders: list[str], units: list[str]) -> combat.ForceFigures:
    w, s = ctx.world, ctx.state
    udefs = [st.unit_def(w, s, u) for u in units]
    ldefs = [st.leader_def(w, s, l) for l in leaders if not is_sick(s, l)]  # event 4: his BT does not count
    bt = max(l["bt"] for l in ldefs) if ldefs else combat.average_floor([u["bt"] for u in udefs])  # SV 8.6.2
    cps = [st.leader_def(w, s, l)["cp"] for l in leaders if st.titled(s, l)]
    cps = [c for c in cps if c is not None]
    peoples = [u["people"] for u in udefs]
    return combat.ForceFigures(
        pf=sum(u["pf"] for u in udefs),
        quality=combat.average_floor([u["qu"] for u in udefs]),  # SV 8.6.1
        bt=bt,
        cp=max(cps) if cps else None,  # SV 8.6.3
        roman_only=all(p is None for p in peoples),
        enemies_of_rome_only=bool(peoples) and all(p is not None and not st.is_ally_people(w, p) for p in peoples),  # A18
    )


def reactions_of(state: dict, side: str) -> dict:
    return state.get("hidden", {}).get("reactions", {}).get(side, {}) or {}


def _pref(reactions: dict, key: str, zone: str):
    table = reactions.get(key) or {}
    if isinstance(table, list):
        return table
    return table.get(zone, table.get("*"))


# -- 8.2 evasion --------------------------------------------------------------------------------------
def evasion_groups(ctx: Ctx, zone: str, leaders, units, prefs, exclude) -> list[dict] | None:
    """The default evasion: every leader together, their guards (UR 3.2.4) then the strongest
    units up to their pooled CC that may go with them, to the first legal zone of the preference list, else the
    first legal zone (A49)."""
    cc = sum(st.leader_def(ctx.world, ctx.state, l)["cc"] for l in leaders)
    bound = ctx.world.title.bound_leader  # a leader's guard goes with him first (UR 3.2.4)
    order = sorted(units, key=lambda u: (not (bound and bound(ctx.state, u) in leaders),
                                         -st.unit_def(ctx.world, ctx.state, u)["pf"], u))
    legal = leave_zone_destinations(ctx, make_group(ctx, leaders, []), zone, exclude)
    for dest in list(prefs or []) + legal:
        if dest not in legal:
            continue
        taken = []
        for u in order:
            if len(taken) >= cc:
                break
            if not step_problems(ctx, make_group(ctx, leaders, taken + [u]), zone, dest, final=True):
                taken.append(u)
        if any(u not in taken for u in order if bound and bound(ctx.state, u) in leaders):
            continue  # a guard that cannot follow its leader there: he does not go there either
        if not step_problems(ctx, make_group(ctx, leaders, taken), zone, dest, final=True):
            return [{"leaders": list(leaders), "units": taken, "to": dest}]
    return None


def evasion_options(ctx: Ctx, zone: str, defender: str, exclude) -> dict | None:
    leaders, units = force(ctx, zone, defender)
    leaders = [l for l in leaders if not is_pinned(ctx.state, l)]  # events 1, 4, 6, 11 (A21, A76)
    units = [u for u in units if not is_pinned(ctx.state, u)]
    if not leaders:
        return None  # SV 8.2: the defender needs a leader
    legal = leave_zone_destinations(ctx, make_group(ctx, leaders, []), zone, exclude)
    if not legal:
        return None  # no zone: evasion fails, so there is nothing to decide
    best_vs = max(st.leader_def(ctx.world, ctx.state, l)["vs"] for l in leaders)
    return {"zone": zone, "leaders": leaders, "units": units, "destinations": legal,
            "cc": sum(st.leader_def(ctx.world, ctx.state, l)["cc"] for l in leaders),
            "best_vs": best_vs, "excluded": sorted(exclude)}


def check_evasion_groups(ctx: Ctx, zone: str, groups, leaders, units, exclude) -> list[tuple]:
    """Problems of an explicit evasion decision: (code, path, fmt)."""
    out = []
    used = set()
    for g, group in enumerate(groups):
        gl, gu = list(group.get("leaders") or []), list(group.get("units") or [])
        if not gl:
            out.append(("evade.group_without_leader", f"/groups/{g}", {}))
            continue
        strangers = False
        for pid in gl + gu:
            if pid not in leaders + units or pid in used:
                out.append(("evade.piece_not_in_battle", f"/groups/{g}", {"piece": pid}))
                strangers = strangers or pid not in leaders + units
            used.add(pid)
        cc = sum(st.leader_def(ctx.world, ctx.state, l)["cc"] for l in gl if l in leaders)
        if len(gu) > cc:
            out.append(("evade.over_cc", f"/groups/{g}/units", {}))
        dest = group.get("to")
        # SV 8.2: where the group may go is asked of its pieces only when they are all in
        # the battle (a name that is no piece at all made the movement rules raise; found
        # by make soak's fuzzing of right-shaped order sets).
        if (not ctx.world.is_zone(dest) or dest in exclude or not ctx.world.adjacent(zone, dest)
                or (not strangers and dest not in leave_zone_destinations(ctx, make_group(ctx, gl, gu), zone, exclude))):
            out.append(("evade.bad_destination", f"/groups/{g}/to", {"zone": dest}))
    out += _bound_in_groups(ctx, groups, units)
    return out


def _bound_in_groups(ctx: Ctx, groups, units) -> list[tuple]:
    """A unit bound to its leader (the title's ``bound_leader``: UR 3.2.4, the buccellarii)
    evades in his group, and he never evades without it: (code, path, fmt)."""
    bound = ctx.world.title.bound_leader
    if bound is None:
        return []
    where: dict = {}
    for g, group in enumerate(groups):
        for pid in list(group.get("leaders") or []) + list(group.get("units") or []):
            where.setdefault(pid, g)
    out = []
    for uid in units:
        lid = bound(ctx.state, uid)
        if lid is None:
            continue
        if uid in where and where.get(lid) != where[uid]:
            out.append(("evade.bound_unit_without_leader", f"/groups/{where[uid]}/units", {"piece": uid, "leader": lid}))
        elif uid not in where and lid in where:
            out.append(("evade.bound_unit_left", f"/groups/{where[lid]}/units", {"piece": uid, "leader": lid}))
    return out


# -- 8.4.1 retreat -------------------------------------------------------------------------------------
def retreat_plan(ctx: Ctx, zone: str, leaders, units, prefs, exclude) -> dict:
    """Where each piece of the beaten force goes (A50): the leaders, with every unit that
    may follow them, to the first legal zone of the preference list (else the first legal
    zone); units that cannot follow go alone to the first zone legal for them; pieces with
    no legal zone are eliminated (SV 8.4.1, 8.5.1)."""
    neighbours = [n for n in ctx.world.neighbours(zone) if n not in exclude]
    order = [z for z in list(prefs or []) if z in neighbours] + neighbours
    moves: dict[str, str] = {}
    eliminated: list[str] = []
    rest = list(units)
    if leaders:
        for dest in order:
            followers = [u for u in rest if not step_problems(ctx, make_group(ctx, leaders, [u]), zone, dest, final=True)]
            if dest in leave_zone_destinations(ctx, make_group(ctx, leaders, followers), zone, exclude):
                for pid in leaders + followers:
                    moves[pid] = dest
                rest = [u for u in rest if u not in followers]
                break
        else:
            eliminated.extend(leaders)
    for u in rest:
        for dest in order:
            if dest in leave_zone_destinations(ctx, make_group(ctx, [], [u]), zone, exclude):
                moves[u] = dest
                break
        else:
            eliminated.append(u)
    return {"moves": dict(sorted(moves.items())), "eliminated": sorted(eliminated)}


def retreat_choices(ctx: Ctx, zone: str, leaders, units, exclude) -> list[str]:
    """Zones the main body of the beaten force could go to (a decision only if 2 or more)."""
    neighbours = [n for n in ctx.world.neighbours(zone) if n not in exclude]
    out = []
    for dest in neighbours:
        if leaders:
            followers = [u for u in units if not step_problems(ctx, make_group(ctx, leaders, [u]), zone, dest, final=True)]
            if dest in leave_zone_destinations(ctx, make_group(ctx, leaders, followers), zone, exclude):
                out.append(dest)
        elif any(dest in leave_zone_destinations(ctx, make_group(ctx, [], [u]), zone, exclude) for u in units):
            out.append(dest)
    return out


# -- 8.4.2 the winner's choice of units -------------------------------------------------------------
def default_loss_order(ctx: Ctx, units, priority=None) -> list[str]:
    """The winner's units in the order they take a fractional loss: the standing priority
    list first, then full-strength before weakened, lowest PF, then id."""
    priority = [u for u in (priority or []) if u in units]
    rest = sorted((u for u in units if u not in priority), key=lambda u: (
        bool(ctx.state["pieces"][u].get("weakened")), st.unit_def(ctx.world, ctx.state, u)["pf"], u))
    return priority + rest


def weaken(state: dict, uid: str) -> str:
    """Weaken a unit; an already weakened one is eliminated (SV 8.4.2). Returns the effect."""
    piece = state["pieces"][uid]
    if piece.get("weakened"):
        eliminate(state, uid)
        return "eliminated"
    piece["weakened"] = True
    return "weakened"


def eliminate(state: dict, pid: str) -> None:
    piece = state["pieces"][pid]
    piece["eliminated"] = True
    piece["eliminated_year"] = state.get("year")
    piece["zone"] = None
    piece["aboard"] = None
