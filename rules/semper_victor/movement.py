"""Semper Victor's movement rules, asked by the family's movement machinery
(``rules/imperator/movement.py``): who is hostile and who fights whom (SV 4.4.1), where RI,
PC and CO may go (SV 3.2, 3.4.1), where a people may go (SV 4.3, 4.4.2), the three
stacking groups (SV 4.2.4), the rebels' stacking (SV 3.6.3 Remark 2) and who commands whom
(SV 4.3, the Gothi of 4.1)."""

from __future__ import annotations

from rules.imperator import state as st
from rules.imperator.movement import Ctx, people_name

#: the unit categories bound to their diocese (SV 3.2.1)
DIOCESE_BOUND = ("RI", "PC")
GOTHI = ("ostrogothi", "visigothi")


# -- who is hostile to whom (SV 4.4.1, 4.4.2) -------------------------------------------------
def people_active(state: dict, world, people: str | None) -> bool:
    """A non-Roman people's pieces take part in the war (at war, or Rome's ally Armenia)."""
    if people is None:
        return True
    if st.is_ally_people(world, people):
        return True
    return state["peoples"].get(people, {}).get("status") == "war"


def can_fight(world, pa: str | None, pb: str | None) -> bool:
    """SV 4.4.1 (L542), 4.4.2, A47: non-Roman units never fight enemy non-Roman units,
    except Armenia, which fights anyone."""
    if pa is None or pb is None:
        return True
    return st.is_ally_people(world, pa) or st.is_ally_people(world, pb)


# -- where units may go (SV 3.2, 3.4.1) --------------------------------------------------------
def command(state: dict, leaders) -> bool:
    """An Augustus, Caesar or Usurpateur among the leaders (SV 3.2.1)."""
    return any(st.titled(state, l) for l in leaders)


def entry_kind(kind: tuple) -> tuple:
    """What the entry rules read of a unit: its category, its diocese for the RI and PC
    only (SV 3.2.1), its people."""
    cat, diocese, people, _half = kind
    return (cat, diocese if cat in DIOCESE_BOUND else None, people)


def unit_entry(ctx: Ctx, uid: str, kind: tuple, has_leader: bool, has_emperor: bool, to: str) -> list[tuple]:
    """Why unit ``uid``, of this ``unit_kind``, may not enter ``to`` in a group with or
    without a leader and an emperor (SV 3.2.1, 3.2.2, 3.4.1); ``uid`` only names it."""
    w, s = ctx.world, ctx.state
    cat, diocese = kind[0], kind[1]
    problems: list[tuple] = []
    to_people = w.people_of_zone(to)
    if cat == "RI" and w.diocese_of(to) != diocese:  # SV 3.2.1, 3.4.1
        problems.append(("move.ri_leaves_diocese", {"piece": uid}))
    elif cat == "PC" and w.diocese_of(to) != diocese and not has_emperor:  # SV 3.2.1
        problems.append(("move.pc_needs_emperor", {"piece": uid}))
    elif cat == "CO" and not w.in_empire(to) and not has_leader:  # SV 3.2.2
        problems.append(("move.co_outside_needs_leader", {"piece": uid}))
    if cat in ("CO", "PC") and to_people and not st.is_ally_people(w, to_people):  # SV 3.4.1
        if s["peoples"].get(to_people, {}).get("status") != "war":
            problems.append(("move.origin_zone_not_at_war", {"zone": to, "people": people_name(w, to_people)}))
        elif not (has_emperor if cat == "PC" else has_leader):
            problems.append(("move.origin_zone_needs_leader", {"piece": uid, "leader": "an Augustus or Caesar" if cat == "PC" else "a leader"}))
    return problems


def people_step(ctx: Ctx, people: str, to: str, entering_empire: bool) -> list[tuple]:
    """SV 4.3 (and 4.4.2 for Armenia) for one non-Roman piece entering ``to``."""
    w, s = ctx.world, ctx.state
    out: list[tuple] = []
    name = people_name(w, people)
    record = w.peoples.get(people, {})
    origins = record.get("origin_zones") or []
    if st.is_ally_people(w, people):  # SV 4.4.2, L554
        loose = any(s["peoples"].get(p, {}).get("status") == "war" for p in ("iberia", "persae"))
        home = origins[0] if origins else None
        if not loose or not (to == home or (home and w.adjacent(to, home))):
            out.append(("move.armenia_bound", {}))
        other_people = w.people_of_zone(to)
        if other_people and other_people != people and s["peoples"].get(other_people, {}).get("status") != "war":
            out.append(("move.origin_zone_not_at_war", {"zone": to, "people": people_name(w, other_people)}))
        return out
    if s["peoples"].get(people, {}).get("status") != "war" and to not in origins:
        out.append(("move.people_at_peace", {"people": name}))
    other_people = w.people_of_zone(to)
    if other_people and other_people != people and not st.is_ally_people(w, other_people):
        if s["peoples"].get(other_people, {}).get("status") != "war":
            out.append(("move.origin_zone_not_at_war", {"zone": to, "people": people_name(w, other_people)}))
    if entering_empire and w.diocese_of(to) != record.get("band"):
        out.append(("move.wrong_entry_diocese", {"people": name, "diocese": record.get("band")}))
    if w.hops_from_origin(people).get(to, 99) > 5:
        out.append(("move.beyond_5_zones", {"zone": to, "people": name}))
    return out


# -- stacking (SV 4.2.4, 3.6.3 Remark 2) -------------------------------------------------------
ROMAN_GROUP = "roman"


def stacking_key(world, people: str | None) -> str:
    """SV 4.2.4 (L503-511): Romans with Thraco-Phrygians; western; eastern/southern, by
    the ``group`` of the people's nationality in peoples.yaml."""
    if people is None:
        return ROMAN_GROUP
    nat = world.peoples.get(people, {}).get("nationality")
    return world.nationalities.get(nat, {}).get("group") or ROMAN_GROUP


def stacking_clash(groups: frozenset) -> bool:
    """One stacking group per side and zone."""
    return len(groups) > 1


def rebels_matter(state: dict) -> bool:
    """A Guerre Civile or a Usurpateur is in play: rebels and loyal leaders may not stack
    (SV 3.6.3 Remark 2), so stacking reads which leaders move."""
    return bool(state.get("civil_war")) or any(state["titles"]["usurpers"].get(x) for x in st.sides(state))


def rebel_key(state: dict, pid: str) -> bool:
    """A Usurpateur or a leader under a Guerre Civile marker (SV 3.6.3)."""
    if any(pid in state["titles"]["usurpers"].get(x, []) for x in st.sides(state)):
        return True
    return any(pid in rec.get("leaders", {}) for rec in (state.get("civil_war") or {}).values())


def rebels_clash(keys: set) -> bool:
    """Rebels and loyal Roman leaders never share a zone (SV 3.6.3 Remark 2, L401)."""
    return len(keys) > 1


# -- command (SV 4.3, 4.1) -----------------------------------------------------------------------
def commands(ctx: Ctx, leader: str, unit: str) -> bool:
    """SV 4.3 (L517): a non-Roman leader leads his own people only; Roman leaders lead
    Roman units and Armenia (SV 4.4.2, L552)."""
    lp = st.leader_def(ctx.world, ctx.state, leader)["people"]
    up = st.people_of(ctx.world, ctx.state, unit)
    if lp is not None:
        return up == lp or (up is not None and gothi_merged(ctx.state) and {lp, up} <= set(GOTHI))
    return up is None or st.is_ally_people(ctx.world, up)


def gothi_merged(state: dict) -> bool:
    """SV 4.1 (L470; A57): both at war, the two peoples are one, the Gothi, sharing leaders."""
    return all(state["peoples"].get(p, {}).get("status") == "war" for p in GOTHI)
