"""Semper Victor's additions to a battle and to an SMC, asked by the family's stage machine
(``rules/imperator/smc.py``): the die modifiers of its table and its events, the counters
that fix the die (Roma Victor, Furor Germanicus) or set it (In hoc signo vinces, Sol
invictus), La flèche du Parthe after a battle, what follows the death of a leader (3.5.2,
3.6.4), and who owns a leaderless Roman unit (3.7.2)."""

from __future__ import annotations

from rules.base import Event
from rules.imperator import battle as bt
from rules.imperator import combat, titles
from rules.imperator import events as year_events
from rules.imperator import plays as plays_mod
from rules.imperator import state as st
from rules.imperator.movement import Ctx
from rules.imperator.smc import battle_play, drop_standing, fixed_row_counters
from rules.semper_victor import constantinople
from rules.semper_victor import emperors as sv_emperors
from rules.semper_victor import events as sv_events

#: a battle won with 35 PF or more in all scores 1 (SV 10.1)
BATTLE_VP = (35, "battle_won_35pf")
#: the titles a Usurpateur's battle kills when beaten (SV 8.5.2)
LEGITIMATE_TITLES = ("augustus", "caesar")


def refresh_unit_sides(world, state: dict, by_zone: dict | None = None) -> None:
    """SV 3.7.2 (L446), A48: a Roman unit with a leader of its side keeps it; a leaderless
    Roman unit inside the Empire belongs to the controller of the diocese it stands in;
    outside the Empire it keeps its last side. Non-Roman pieces follow their people's
    controller (SV 4.4.1; Armenia: the controller of Oriens, 4.4.2). ``by_zone``: the
    pieces' index by zone (``st.index_by_zone``) when the caller holds it up to date."""
    if by_zone is None:
        by_zone = st.index_by_zone(state)
    pieces, control = state["pieces"], state["control"]
    for zone, ids in by_zone.items():
        diocese = world.diocese_of(zone)
        owner = control.get(diocese) if diocese else None
        if not owner:
            continue  # no diocese, or nobody's: every unit keeps its side
        # only a Roman unit of another side than the owner can change side here
        units = [pid for pid in ids if pieces[pid]["kind"] == "unit" and pieces[pid]["side"] != owner
                 and st.is_roman_unit(world, state, pid)]
        if not units:
            continue
        leader_sides = {pieces[i]["side"] for i in ids if pieces[i]["kind"] == "leader"
                        and st.leader_def(world, state, i)["people"] is None}
        for pid in units:
            if pieces[pid]["side"] not in leader_sides:
                pieces[pid]["side"] = owner


def sides_after_moves(world, state: dict, by_zone: dict) -> None:
    """SV 3.7.2, A48: leaderless Roman units take their diocese's side at once (option
    ``leaderless_side``: ``immediate``) or in phase F."""
    if state.get("options", {}).get("leaderless_side", "immediate") == "immediate":
        refresh_unit_sides(world, state, by_zone)


def die_modifiers(ctx: Ctx, cur: dict, zone: str, attacker: str, att: tuple, dfn: tuple) -> list[tuple[str, int]]:
    """The die modifiers of the Battle Table (SV TABLES L918-934) and of the year's event
    (SV events 3, 5, 12, 15, L973-975)."""
    w, s = ctx.world, ctx.state
    (_, au, fa), (_, du, fd) = att, dfn
    mods = combat.die_modifiers(fa, fd, outside_empire=not w.in_empire(zone),
                                river_crossed=bool(cur["crossed"].get(zone)),
                                river_scope=s.get("options", {}).get("river_drm_scope", "imperial_only"))
    return mods + sv_events.battle_modifiers(w, s, au, du)


def fixed_row(ctx: Ctx, zone: str, attacker: str, au: list, du: list, events: list) -> int | None:
    """Roma Victor (not in an all-Roman battle) and Furor Germanicus (a Germanic unit in the
    battle) replace the die by the row 9 (user attacking) or -2 (defending); one against the
    other from the two players, they cancel (L623-625; A62)."""
    s, w = ctx.state, ctx.world
    all_roman = all(st.people_of(w, s, u) is None for u in au + du)
    germanic = any(year_events.is_germanic(w, s, u) for u in au + du)
    offer = [("roma-victor", not all_roman), ("furor-germanicus", germanic)]
    return fixed_row_counters(ctx, zone, attacker, {attacker: offer, st.other(attacker): offer}, events)


def battle_record(ctx: Ctx, b: dict, attacker: str, au: list, defender: str, du: list) -> None:
    """What La flèche du Parthe reads after the battle: Persae in it, each side's Roman units."""
    w, s = ctx.world, ctx.state
    b["persae_in"] = any(st.people_of(w, s, u) == "persae" for u in au + du)
    b["roman_units"] = {side: [u for u in units if st.is_roman_unit(w, s, u)] for side, units in ((attacker, au), (defender, du))}


def after_battle(ctx: Ctx, b: dict, events: list) -> None:
    if b.get("persae_in"):
        _fleche_du_parthe(ctx, b, events)


def after_deaths(world, state: dict, dead: list, winners: list, dice, events: list) -> None:
    """SV 3.5.2 successions, 3.6.4 a usurpation decided in battle (``winners``: the
    winning force's leaders, when a battle killed them)."""
    won = sv_emperors.usurper_beats_augustus(state, winners, dead) if winners else None
    sv_emperors.settle_titles(world, state, dice, events, usurper_won=won)


def gone_when_eliminated(world, state: dict, lid: str) -> bool:
    """A named Roman leader eliminated never comes back (SV 6.4, L663)."""
    return titles.is_historical_roman(world, state, lid)


def after_smc(world, state: dict, side: str, events: list) -> None:
    constantinople.check_interruption(world, state, events)  # A14


def chosen_die(ctx: Ctx, zone: str, attacker: str, al: list, dl: list, roll: int, events: list) -> int:
    """In hoc signo vinces (a Christian Augustus, Caesar or Usurpateur in the user's force,
    none in the enemy's) and Sol invictus (a sun one; no Christian one in the enemy's) set
    the die after it is seen (L619-621; A63); both played cancel."""
    s, w = ctx.state, ctx.world

    def symbols(leaders):
        return {w.leaders.get(l, {}).get("ar") for l in leaders if st.titled(s, l)}

    forces = {attacker: al, st.other(attacker): dl}
    played = {}
    for side in (attacker, st.other(attacker)):
        mine, theirs = symbols(forces[side]), symbols(forces[st.other(side)])
        for t, need in (("in-hoc-signo-vinces", "cross"), ("sol-invictus", "sun")):
            play = battle_play(s, side, t, zone)
            if play is not None and need in mine and "cross" not in theirs and side not in played:
                played[side] = (t, play)
    if not played:
        return roll
    for side, (t, play) in sorted(played.items()):
        drop_standing(s, side, play)
        plays_mod.spend(s, side, t, events, zone=zone, die=roll)
    if len(played) == 2:
        events.append(Event("stratagems_cancel", {"zone": zone}))
        return roll
    side, (t, play) = next(iter(played.items()))
    value = play.get("value")
    if not isinstance(value, int) or not 1 <= value <= 6:
        value = 6 if side == attacker else 1
    return value


def _fleche_du_parthe(ctx: Ctx, b: dict, events: list) -> None:
    """L627 (A62): after a battle with a Persae unit, the player holding the Persae
    eliminates an enemy Roman unit that fought (his ``target``, else the strongest)."""
    s, w = ctx.state, ctx.world
    user = s["peoples"].get("persae", {}).get("controller")
    if user not in st.sides(s):
        return
    play = battle_play(s, user, "fleche-du-parthe", b["zone"])
    if play is None:
        return
    targets = [u for u in b.get("roman_units", {}).get(st.other(user), []) if st.on_map(s["pieces"][u])]
    if not targets:
        return
    target = play.get("target") if play.get("target") in targets else \
        sorted(targets, key=lambda u: (-st.unit_def(w, s, u)["pf"], u))[0]
    bt.eliminate(s, target)
    drop_standing(s, user, play)
    plays_mod.spend(s, user, "fleche-du-parthe", events, zone=b["zone"], unit=target)
    ctx.refresh()


