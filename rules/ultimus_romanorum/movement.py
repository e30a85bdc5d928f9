"""Ultimus Romanorum's movement rules, asked by the family's movement machinery
(``rules/imperator/movement.py``): who takes part in the war (4.4.1, A25), where LI, CO,
PA and BU may go (3.2, 3.4.1), where a people may go (4.3, 4.4.2, 4.5.1), the two
stacking bans (4.2.4), the two usurpations that never stack (3.6.5) and who commands whom
(4.3, 4.5.1)."""

from __future__ import annotations

from functools import lru_cache

from rules.imperator import state as st
from rules.imperator.events import pm_malus
from rules.imperator.movement import Ctx, people_name
from rules.ultimus_romanorum.halves import ACTIVE, allies_of, half_of_zone, migrating

#: the titles that take CO out of their diocese (3.2.2: a usurper too, inside the Empire)
CO_LEADERS = frozenset({"augustus", "patrice", "usurpateur"})
#: the titles that take CO or PA outside the Empire or PA out of their half (3.2.2, 3.2.3)
HIGH_LEADERS = frozenset({"augustus", "patrice"})


# -- who takes part in the war -------------------------------------------------------------------------
def people_active(state: dict, world, people: str | None) -> bool:
    """Romans and every people not at peace fight (A25: a people at peace is nobody's enemy
    and nobody fights it, unless a Migration moves it this year)."""
    if people is None or st.is_ally_people(world, people):
        return True
    return state["peoples"].get(people, {}).get("status") in ACTIVE or migrating(state, people)


def can_fight(world, pa: str | None, pb: str | None) -> bool:
    """UR has no rule that keeps two enemy peoples apart: Foederati fight non-Romans
    (4.5.1, L681-682), Armenia anyone (4.4.2)."""
    return True


# -- where units may go (3.2, 3.4.1) ---------------------------------------------------------------------
def command(state: dict, leaders) -> frozenset:
    """The titles among the moving leaders (what 3.2 reads); ``escort`` for the Honorius
    case's escort (3.5.2, L436-439)."""
    found = frozenset(t for t in (st.titled(state, l) for l in leaders) if t)
    escort = (state.get("escort") or {}).get("leader")
    return found | {"escort"} if escort and escort in leaders else found


def entry_kind(kind: tuple) -> tuple:
    """What the entry rules read of a unit: its category, the diocese of LI and CO, the half
    of CO and PA, its people."""
    cat, diocese, people, half = kind
    return (cat, diocese if cat in ("LI", "CO") else None, people, half if cat in ("CO", "PA") else None)


@lru_cache(maxsize=None)
def _borders_half(world, zone: str, half: str) -> bool:
    return any(half_of_zone(world, n) == half for n in world.neighbours(zone))


def unit_entry(ctx: Ctx, uid: str, kind: tuple, has_leader: bool, command_, to: str) -> list[tuple]:
    """Why a Roman unit may not enter ``to`` (3.2.1-3.2.4, 3.4.1)."""
    w, s = ctx.world, ctx.state
    cat, diocese, _people, half = kind
    if cat not in ("LI", "CO", "PA", "BU"):
        return []
    command_ = command_ or frozenset()
    problems: list[tuple] = []
    inside = w.in_empire(to)
    if cat == "LI":
        if w.diocese_of(to) != diocese:  # 3.2.1, 3.4.1: never out of the diocese nor the Empire
            problems.append(("move.li_leaves_diocese", {"piece": uid}))
        return problems
    if cat == "CO":
        if inside and half_of_zone(w, to) != half:
            problems.append(("move.co_leaves_half", {"piece": uid}))  # 3.2.2: never out of its half
        elif inside and w.diocese_of(to) != diocese and not (command_ & CO_LEADERS):
            problems.append(("move.co_needs_leader", {"piece": uid}))
        elif not inside and not (command_ & HIGH_LEADERS):
            problems.append(("move.outside_needs_augustus", {"piece": uid}))
        elif not inside and not _borders_half(w, to, half):
            problems.append(("move.co_far_from_half", {"piece": uid}))  # L257-260: Alamani yes, Gepidae no
    elif cat == "PA":
        # 3.2.3; L437-439: the Honorius case's escort takes eastern PA into the West, though
        # not a Patrice (the Placidi Felices too: they are western)
        escorted = "escort" in command_ and inside
        if (not inside or half_of_zone(w, to) != half) and not (command_ & HIGH_LEADERS) and not escorted:
            problems.append(("move.outside_needs_augustus", {"piece": uid}))
    to_people = w.people_of_zone(to)
    if not inside and to_people and not st.is_ally_people(w, to_people):  # 3.4.1 (L331-335)
        if s["peoples"].get(to_people, {}).get("status") != "war":
            problems.append(("move.origin_zone_not_at_war", {"zone": to, "people": people_name(w, to_people)}))
        elif not (command_ & HIGH_LEADERS):
            problems.append(("move.outside_needs_augustus", {"piece": uid}))
    return problems


def people_step(ctx: Ctx, people: str, to: str, entering_empire: bool) -> list[tuple]:
    """4.3 (L616-652), 4.4.2, 4.5.1 for one non-Roman people entering ``to``."""
    w, s = ctx.world, ctx.state
    out: list[tuple] = []
    record = w.peoples.get(people, {})
    origins = record.get("origin_zones") or []
    status = s["peoples"].get(people, {}).get("status")
    if st.is_ally_people(w, people):  # 4.4.2 (L668-671)
        loose = any(s["peoples"].get(p, {}).get("status") in ("war", "revolted", "regnum") for p in ("iberia", "persae"))
        home = origins[0] if origins else None
        if not (to == home or (loose and home and w.adjacent(to, home))):
            out.append(("move.armenia_bound", {}))
        return out
    if status == "peace" and not migrating(s, people) and to not in origins:
        out.append(("move.people_at_peace", {"people": people_name(w, people)}))
    if status == "foederati" and not w.in_empire(to):
        out.append(("move.foederati_stay_inside", {"people": people_name(w, people)}))  # 4.5.1 (L680)
    other = w.people_of_zone(to)
    if other and other not in allies_of(s, people) and not st.is_ally_people(w, other) and people != "hunni":
        if s["peoples"].get(other, {}).get("status") != "war" and _units_in(ctx, to):  # L636-641
            out.append(("move.origin_zone_not_at_war", {"zone": to, "people": people_name(w, other)}))
    if status not in ("foederati", "revolted") and origins and w.hops_from_origin(people).get(to, 99) > 5:
        out.append(("move.beyond_5_zones", {"zone": to, "people": people_name(w, people)}))  # L645-649
    return out


def stop_problems(ctx: Ctx, groups: frozenset, zone: str) -> list[tuple]:
    """4.3 (L643-644): the Hunni cross the origin zones of peoples not at war with Rome
    (``people_step`` lets them in), but may not stop there; a zone empty of units is open to
    every people (L637-638), so to them too."""
    if not any(g[0] == "hunni" for g in groups):
        return []
    w, s = ctx.world, ctx.state
    other = w.people_of_zone(zone)
    if not other or other == "hunni" or other in allies_of(s, "hunni") or st.is_ally_people(w, other):
        return []
    if s["peoples"].get(other, {}).get("status") == "war" or not _units_in(ctx, zone):
        return []
    return [("move.hunni_no_stop", {"zone": zone, "people": people_name(w, other)})]


def _units_in(ctx: Ctx, zone: str) -> bool:
    return any(ctx.state["pieces"][i]["kind"] == "unit" for i in ctx.by_zone.get(zone, []))


# -- Migration (6.2, L878-883; DECISIONS A33) --------------------------------------------------------
#: a migrating people's movement allowance, with or without a leader (L879-880)
MIGRATION_PM = 4


def free_pm(world, state: dict, uid: str) -> int | None:
    """L879-880: the people under *Migration* moves 4 PM this year, with or without a leader
    (a lone unit is not held to one zone); event 2's malus still applies."""
    if not migrating(state, st.people_of(world, state, uid)):
        return None
    return MIGRATION_PM - pm_malus(state)


def move_problems(ctx: Ctx, leaders, units, path, stops) -> list[tuple]:
    """L881-882, "toutes les unités de ce peuple doivent se déplacer et terminer leur
    mouvement dans une seule zone" (A33): in an SMC, a migrating people's units that move all
    end in one zone (the first move's end; no drop-off on the way), and a move takes every
    unit of the people standing in its start zone. A unit that does not move at all is not
    forced to (DECISIONS A33)."""
    s, w = ctx.state, ctx.world
    out: list[tuple] = []
    peoples = sorted({p for p in (ctx.people_of(u) for u in units) if p and migrating(s, p)})
    for people in peoples:
        name = people_name(w, people)
        left = [u for u in st.units_of(s, ctx.by_zone.get(path[0], [])) if ctx.people_of(u) == people and u not in units]
        if left:
            out.append(("move.migration_together", "/units", {"people": name, "piece": left[0]}))
        if any(u in stops for u in units if ctx.people_of(u) == people):
            out.append(("move.migration_one_zone", "/drop", {"people": name, "zone": path[-1]}))
            continue
        ends = {s["pieces"][u]["zone"] for u in ctx.moved if s["pieces"][u]["kind"] == "unit"
                and ctx.people_of(u) == people and st.on_map(s["pieces"][u])}
        if ends and path[-1] not in ends:
            out.append(("move.migration_one_zone", f"/path/{len(path) - 1}", {"people": name, "zone": sorted(ends)[0]}))
    return out


# -- stacking (4.2.4, 3.6.5) ---------------------------------------------------------------------------
def stacking_key(world, people: str | None) -> tuple:
    """A piece's stacking key: its people ('roman' for Romans) and the sides of the bans of
    4.2.4 it falls on (``("0a", "1a")``: side a of the first and second ban)."""
    if people is None:
        return ("roman", frozenset())
    nationality = world.peoples.get(people, {}).get("nationality")
    marks = frozenset(f"{i}{end}" for i, ban in enumerate(_bans(world)) for end, members in zip("ab", ban)
                      if people in members or nationality in members)
    return (people, marks)


@lru_cache(maxsize=4096)
def stacking_clash(groups: frozenset) -> bool:
    """4.2.4 (L603-611): no zone holds pieces of both sets of a ban, whatever their side.
    A function of the set of stacking groups alone, remembered (the SMC checks ask it
    for the same few sets again and again)."""
    marks = set().union(*(g[1] for g in groups)) if groups else set()
    return any(f"{m[:-1]}b" in marks for m in marks if m.endswith("a"))


def _bans(world) -> list:
    """The bans of peoples.yaml (``stacking_bans``: nationality or people ids), read once."""
    bans = getattr(world, "_stacking_bans", None)
    if bans is None:
        bans = world._stacking_bans = [(frozenset(b["a"]), frozenset(b["b"])) for b in _raw_bans(world)]
    return bans


def _raw_bans(world) -> list:
    from rules import yamlfiles

    with open(world.data_dir / "peoples.yaml", encoding="utf-8") as fh:
        return yamlfiles.safe_load(fh).get("stacking_bans", [])


def rebels_matter(state: dict) -> bool:
    """Two usurpations at once (3.6.5, L526-528): their stacks never share a zone."""
    return len([u for s in state["titles"]["usurpers"].values() for u in s]) > 1


def rebel_key(state: dict, pid: str):
    """The usurpation a leader serves, or None."""
    for usurper, record in sorted((state.get("civil_war") or {}).items()):
        if pid == usurper or pid in record.get("leaders", {}):
            return usurper
    return None


def rebels_clash(keys: set) -> bool:
    return len({k for k in keys if k}) > 1


# -- command (4.3, 4.5.1) --------------------------------------------------------------------------------
def commands(ctx: Ctx, leader: str, unit: str) -> bool:
    """A non-Roman leader leads his own people (and its allies, 6.2 L859-860); a Foederati
    Patrice leads Roman units too (4.5.1, L685). A Roman leader leads Roman units and
    Armenia; an Augustus or Patrice also the Foederati (L679-680)."""
    s, w = ctx.state, ctx.world
    lp = st.leader_def(w, s, leader)["people"]
    up = st.people_of(w, s, unit)
    if lp is not None:
        if up is None:
            return st.titled(s, leader) == "patrice"
        return up in allies_of(s, lp)
    if up is None or st.is_ally_people(w, up):
        return True
    return s["peoples"].get(up, {}).get("status") == "foederati" and st.titled(s, leader) in ("augustus", "patrice")
