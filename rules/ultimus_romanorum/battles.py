"""Ultimus Romanorum's additions to a battle and an SMC, asked by the family's stage
machine (``rules/imperator/smc.py``): the die modifiers b-g of its table (TABLES
L1441-1457) and of its events, *Fléau de Dieu* and *Furor Germanicus* (the die replaced,
L844-850, L924-930), *Faveur Divine* (+2, L931-932), what follows a leader's death (3.5.2,
3.6.4), the refuge of Ravenna and Constantinopolis (8.2.2) and the record the federation
roll of 9.4 reads."""

from __future__ import annotations

from rules import yamlfiles
from rules.base import Event
from rules.imperator import events as year_events
from rules.imperator import plays as plays_mod
from rules.imperator import state as st
from rules.imperator.movement import Ctx
from rules.imperator.smc import battle_play, drop_standing, fixed_row_counters
from rules.ultimus_romanorum import emperors
from rules.ultimus_romanorum import events as ur_events
from rules.ultimus_romanorum.halves import BARBARE, ROMAIN, augustus_of, patrice_of, status, zone_controller
from rules.ultimus_romanorum.peoples import units_of

#: a battle of 25 PF or more in all scores 1 for its winner (10.1, L1347-1349)
BATTLE_VP = (25, "battle_won_25pf")
#: the titles a Usurpateur's battle kills when beaten (8.5.2: Augustus, Patrice)
LEGITIMATE_TITLES = ("augustus", "patrice")
#: counters that fire in a battle, not when played (the family's plays.py)
BATTLE_TRIGGERS = {
    "fuite-opportune": "before_battle",
    "fleau-de-dieu": "before_roll",
    "furor-germanicus": "before_roll",
    "faveur-divine": "before_roll",
}
HUNNI = "hunni"


def _non_roman_only(world, state, units, statuses=None) -> bool:
    peoples = [st.people_of(world, state, u) for u in units]
    if not peoples or any(p is None or st.is_ally_people(world, p) for p in peoples):
        return False
    return statuses is None or all(status(state, p) in statuses for p in peoples)


def weighty_leader(world, state: dict, pid: str) -> bool:
    """Besides the titled leaders, whose fall in one battle weighs on the SMC's others, so
    that their order matters (2.E.2): a Regnum's Rex (4.5.3, L705-707: his people's next king
    is named at once) and Attila (L866-867: his death frees the Hunni's vassals)."""
    if world.leaders.get(pid, {}).get("frees_vassals"):
        return True
    return any((regnum or {}).get("rex") == pid for regnum in (state.get("regna") or {}).values())


def die_modifiers(ctx: Ctx, cur: dict, zone: str, attacker: str, att: tuple, dfn: tuple) -> list[tuple[str, int]]:
    """TABLES L1441-1457: a BT difference; b -1 for a force all of non-Roman units, not
    Foederati, revolted nor a Regnum, defending outside the Empire; c +1 for a non-Roman
    force attacking outside; d -1 for a Regnum defending its capital; e/f the CP of the
    titled leaders when both forces have one; g -1 for crossing a great river or a strait
    (A20: in the battles of titled forces only, as printed, unless the option widens it),
    then the year's event."""
    w, s = ctx.world, ctx.state
    (al, au, fa), (dl, du, fd) = att, dfn
    mods: list[tuple[str, int]] = []
    if fa.bt != fd.bt:
        mods.append(("a:bt", fa.bt - fd.bt))
    outside = not w.in_empire(zone)
    if outside and _non_roman_only(w, s, du, statuses=("peace", "war")):
        mods.append(("b:barbarians_defend_outside", -1))
    if outside and _non_roman_only(w, s, au):
        mods.append(("c:barbarians_attack_outside", +1))
    if _non_roman_only(w, s, du, statuses=("regnum",)):
        people = st.people_of(w, s, du[0])
        if (s.get("regna") or {}).get(people, {}).get("capital") == zone:
            mods.append(("d:regnum_capital", -1))
    imperial = fa.cp is not None and fd.cp is not None
    if imperial and fa.cp > fd.cp:
        mods.append(("e:cp_higher", +1))
    if imperial and fa.cp < fd.cp:
        mods.append(("f:cp_lower", -1))
    if cur["crossed"].get(zone) and (imperial or s.get("options", {}).get("river_drm_scope", "imperial_only") == "all_battles"):
        mods.append(("g:river_or_strait", -1))
    return mods + ur_events.battle_modifiers(w, s, au, du)


def fixed_row(ctx: Ctx, zone: str, attacker: str, au: list, du: list, events: list) -> int | None:
    """*Fléau de Dieu* (BARBARE; half his force Hunni led by a historical leader, A33: half
    the PF) and *Furor Germanicus* (either player; a Germanic unit in the battle) replace
    the die by the row 9 (user attacking) or -2 (defending); one against the other, they
    cancel (L844-850, L924-930)."""
    s, w = ctx.state, ctx.world
    germanic = any(year_events.is_germanic(w, s, u) for u in au + du)
    offers = {}
    for side in (attacker, st.other(attacker)):
        mine = au if side == attacker else du
        offer = [("furor-germanicus", germanic)]
        if side == BARBARE:
            offer.insert(0, ("fleau-de-dieu", _hunnic_scourge(ctx, zone, side, mine)))
        offers[side] = offer
    return fixed_row_counters(ctx, zone, attacker, offers, events)


def _hunnic_scourge(ctx: Ctx, zone: str, side: str, units: list) -> bool:
    s, w = ctx.state, ctx.world
    total = sum(st.unit_def(w, s, u)["pf"] for u in units)
    hunnic = sum(st.unit_def(w, s, u)["pf"] for u in units if st.people_of(w, s, u) == HUNNI)
    leader = any(s["pieces"][l]["side"] == side and st.leader_def(w, s, l)["people"] == HUNNI
                 and not w.leaders.get(l, {}).get("generic") for l in st.pieces_in(s, zone) if s["pieces"][l]["kind"] == "leader")
    return bool(total) and 2 * hunnic >= total and leader


def die_counters(ctx: Ctx, zone: str, attacker: str, al: list, dl: list, events: list) -> list[tuple[str, int]]:
    """*Faveur Divine* (L931-932; A33: the battle's die, once): +2 in its user's favour."""
    s = ctx.state
    mods = []
    for side in (attacker, st.other(attacker)):
        play = battle_play(s, side, "faveur-divine", zone)
        if play is not None:
            drop_standing(s, side, play)
            plays_mod.spend(s, side, "faveur-divine", events, zone=zone)
            mods.append(("faveur_divine", +2 if side == attacker else -2))
    return mods


def chosen_die(ctx: Ctx, zone: str, attacker: str, al: list, dl: list, roll: int, events: list) -> int:
    """No counter sets the die after it is seen in UR."""
    return roll


def battle_record(ctx: Ctx, b: dict, attacker: str, au: list, defender: str, du: list) -> None:
    """What 9.4 reads: the peoples in the battle and whether a historical Roman leader of
    ROMAIN took part (the federation roll of a crushed people, L1258-1265)."""
    w, s = ctx.world, ctx.state
    b["peoples_in"] = sorted({st.people_of(w, s, u) for u in au + du if st.people_of(w, s, u)})
    romans = [l for l in st.pieces_in(s, b["zone"]) if s["pieces"][l]["kind"] == "leader" and s["pieces"][l]["side"] == ROMAIN
              and w.leaders.get(l, {}).get("kind") == "roman"]
    b["roman_leader"] = sorted(romans, key=lambda l: (-(st.leader_def(w, s, l)["cp"] or 0), l))[0] if romans else None


def after_battle(ctx: Ctx, b: dict, events: list) -> None:
    """A people fighting Rome whose last unit fell in a battle with a historical Roman
    leader of ROMAIN may be federated at the next adjustment: 1d6 (minor) or 1d10 (major)
    below his CP (9.4, L1258-1284). The roll is made here, with the battle's dice."""
    s, w = ctx.state, ctx.world
    for people in b.get("peoples_in") or []:
        record = s["peoples"].get(people, {})
        if record.get("status") not in ("war", "revolted", "regnum", "foederati"):
            continue
        if any(st.on_map(s["pieces"][u]) for u in units_of(w, s, people)):
            continue
        record["last_zone"] = b["zone"]
        leader = b.get("roman_leader")
        if record.get("status") != "foederati" and leader and w.peoples.get(people, {}).get("federable", True):
            s.setdefault("federation_rolls", []).append({"people": people, "leader": leader, "zone": b["zone"]})


def after_deaths(world, state: dict, dead: list, winners: list, dice, events: list) -> None:
    emperors.after_deaths(world, state, dead, winners, dice, events)


def gone_when_eliminated(world, state: dict, lid: str) -> bool:
    """Historical leaders, Roman or not, never come back (6.4, L945-947; 9.4 L1292-1294;
    A17); the generic ones do (3.3.1, 4.2.1)."""
    return emperors.is_historical(world, state, lid)


def after_smc(world, state: dict, side: str, events: list) -> None:
    """The federation rolls the battles of this SMC earned (9.4) wait for F."""
    rolls = state.pop("federation_rolls", None) or []
    if rolls:  # rolled in F (``peoples.federation_rolls``), where the dice are
        state.setdefault("federation_pending", []).extend(rolls)


def sides_after_moves(world, state: dict, by_zone: dict) -> None:
    """Roman units keep their side as they move (3.7: a Roman unit changes side only when
    rallied or rebuilt in a zone the other side holds)."""


sides_after_fight = sides_after_moves


# -- 8.2.2 the refuge boxes of Ravenna and Constantinopolis ---------------------------------------
def refuges(world) -> dict:
    """{zone: (box id, half)} from map.yaml's ``refuges`` (L1050-1066)."""
    found = getattr(world, "_refuges", None)
    if found is None:
        with open(world.data_dir / "map.yaml", encoding="utf-8") as fh:
            raw = yamlfiles.safe_load(fh).get("refuges", [])
        found = world._refuges = {r["zone"]: (r["id"], "west" if r["augustus"] == "occidentalis" else "east") for r in raw}
    return found


def before_evasion(ctx: Ctx, cur: dict, b: dict, events: list) -> bool:
    """8.2.2 (L1050-1066): a ROMAIN force with the Augustus of the half, attacked by BARBARE
    in the refuge's zone, may put the Augustus with at least one PA — and at most one more
    Roman leader, one more PA and one BU — in the box, where nobody attacks them. ROMAIN's
    standing reaction ``refuge`` (always, the default, or never) decides; the engine takes
    the Patrice (else the best CP) and the strongest PA. A BU never leaves its leader (3.2.4):
    if the Augustus has his guard, the second leader is one without a guard."""
    s, w, zone = ctx.state, ctx.world, b["zone"]
    if b.get("refuge_checked"):
        return False
    b["refuge_checked"] = True
    box = refuges(w).get(zone)
    if not box or cur["side"] != BARBARE or (s["hidden"]["reactions"].get(ROMAIN) or {}).get("refuge") == "never":
        return False
    rid, half = box
    augustus = augustus_of(s, half)
    here = [p for p in ctx.by_zone.get(zone, []) if s["pieces"][p]["side"] == ROMAIN]
    if not augustus or augustus not in here:
        return False
    palatini = sorted((u for u in here if s["pieces"][u]["kind"] == "unit" and st.unit_def(w, s, u)["category"] == "PA"),
                      key=lambda u: (-st.unit_def(w, s, u)["pf"], u))
    if not palatini:
        return False
    guard = {l: u for u, l in sorted(s.get("guards", {}).items()) if u in here}  # 3.2.4: a BU never leaves its leader
    leaders = [l for l in here if s["pieces"][l]["kind"] == "leader" and l != augustus and st.people_of(w, s, l) is None
               and not (augustus in guard and l in guard)]  # one BU at most: a guarded second leader waits outside
    patrice = patrice_of(s, half)
    second = patrice if patrice in leaders else (sorted(leaders, key=lambda l: (-(st.leader_def(w, s, l)["cp"] or 0), l)) or [None])[0]
    guards = [guard[l] for l in (augustus, second) if l in guard]
    taken = [augustus] + ([second] if second else []) + palatini[:2] + guards
    for pid in taken:
        s["pieces"][pid]["aboard"] = f"refuge:{rid}"
    s.setdefault("refuge", {})[half] = {"box": rid, "zone": zone, "pieces": sorted(taken)}
    events.append(Event("refuge", {"zone": zone, "box": rid, "augustus": augustus, "pieces": sorted(taken)}))
    return True


def leave_refuges(world, state: dict, events: list) -> None:
    """The box opens when no BARBARE unit stands in its zone any more (DECISIONS, 8.2.2):
    its pieces are back in the zone."""
    for half, box in sorted((state.get("refuge") or {}).items()):
        if not box or zone_controller(world, state, box["zone"]) != ROMAIN:
            continue
        for pid in box["pieces"]:
            piece = state["pieces"][pid]
            if piece.get("aboard") == f"refuge:{box['box']}":
                piece["aboard"] = None
        state["refuge"][half] = None
        events.append(Event("refuge_left", {"zone": box["zone"], "box": box["box"], "pieces": box["pieces"]}))
