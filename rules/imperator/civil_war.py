"""Civil war (SV 3.6.3-3.6.4, L383-420): a usurper's zone and diocese join him (A/, B/),
his revolt spreads to an adjacent diocese (C/), and what he rallied goes back when he
dies. A usurpation starts here from a stratagem (``plays``) or a succession
(``emperors``); both import this module, never the reverse.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator import titles


def adjacent_dioceses(world, diocese: str | None) -> list[str]:
    """Dioceses with a zone next to one of ``diocese`` (straits count, L391)."""
    out = set()
    for z in world.diocese_zones.get(diocese, ()):
        for n in world.neighbours(z):
            d = world.diocese_of(n)
            if d and d != diocese:
                out.add(d)
    return sorted(out)


def start_civil_war(world, state: dict, target: str, side: str, bonus: int, chosen, dice, events: list,
                    *, by: str) -> None:
    """SV 3.6.3 A/ to C/ (L383-391) for a usurpation just validated (by a counter, or by a
    succession, L374); ``chosen`` is the diocese of C/ (default: the first adjacent one)."""
    tested = civil_war_a_b(world, state, target, side, bonus, dice)
    civil_war_c(world, state, target, side, bonus, chosen, tested, dice, events, by=by)


def civil_war_a_b(world, state: dict, target: str, side: str, bonus: int, dice) -> int:
    """SV 3.6.3 A/ (the usurper's zone joins him) and B/ (the loyalty of his diocese); the
    number of leaders tested."""
    enemy = st.other(side)
    war = state.setdefault("civil_war", {})
    record = {"side": side, "leaders": {}, "units": {}, "bonus": bonus}
    war[target] = record
    zone = state["pieces"][target]["zone"]
    _rally_zone(world, state, zone, side, record, include_titled=True)  # A/
    state["pieces"][target]["side"] = side
    record["leaders"].pop(target, None)
    diocese = world.diocese_of(zone)
    return _loyalty_b(world, state, diocese, side, enemy, record, bonus, dice, target)  # B/


def civil_war_c(world, state: dict, target: str, side: str, bonus: int, chosen, tested: int, dice, events: list,
                *, by: str) -> None:
    """SV 3.6.3 C/ (L389-391): the spread to an adjacent diocese, then the usurpation event."""
    enemy = st.other(side)
    war = state["civil_war"]
    record = war[target]
    diocese = world.diocese_of(state["pieces"][target]["zone"])
    taken = {r.get("spread") for u, r in sorted(war.items()) if u != target and r.get("side") == side}
    chosen = chosen or next((d for d in adjacent_dioceses(world, diocese) if d not in taken), None)
    record["spread"] = chosen
    spread = None
    if chosen:  # C/
        malus = 0
        titled_there = [l for l in titles.titled_leaders(state, enemy)
                        if state["pieces"][l]["zone"] and world.diocese_of(state["pieces"][l]["zone"]) == chosen]
        if any(st.titled(state, l) == "augustus" for l in titled_there):
            malus = 2
        elif titled_there:
            malus = 1
        d10 = dice.d10(f"civil war {chosen}")
        spread = d10 + malus - bonus < (st.leader_def(world, state, target)["cp"] or 0)
        events.append(Event("civil_war_spread", {"usurper": target, "diocese": chosen, "roll": d10,
                                                 "modifier": malus - bonus, "success": spread}))
        if spread:
            tested += _loyalty_b(world, state, chosen, side, enemy, record, bonus, dice, target)
    events.append(Event("usurpation", {"usurper": target, "side": side, "by": by,
                                       "rallied": sorted(record["leaders"]), "tested": tested}))


def _rally_zone(world, state: dict, zone: str, side: str, record: dict, include_titled: bool) -> None:
    for pid in st.pieces_in(state, zone):
        piece = state["pieces"][pid]
        if piece["side"] == side:
            continue
        if piece["kind"] == "leader" and titles.is_historical_roman(world, state, pid) or \
                piece["kind"] == "leader" and st.leader_def(world, state, pid)["kind"] in ("dux", "generic"):
            if not include_titled and st.titled(state, pid):
                continue
            record["leaders"][pid] = piece["side"]
            piece["side"] = side
        elif piece["kind"] == "unit" and (world.title.rallies or st.is_roman_unit)(world, state, pid):
            record["units"][pid] = piece["side"]
            piece["side"] = side


def _loyalty_b(world, state: dict, diocese: str, side: str, enemy: str, record: dict, bonus: int, dice, usurper: str) -> int:
    """3.6.3 B/ (L387; A41, A42): per zone of the diocese, the enemy Roman leader with the
    highest CP (Augusti and Caesars never) rolls 1d6 + bonus; at or above his CP the zone
    joins the usurper."""
    tested = 0
    for zone in world.diocese_zones.get(diocese, ()):
        leaders = [l for l in st.pieces_in(state, zone) if state["pieces"][l]["kind"] == "leader"
                   and state["pieces"][l]["side"] == enemy and st.leader_def(world, state, l)["people"] is None
                   and l != usurper]
        if not leaders or any(st.titled(state, l) for l in leaders):
            continue
        best = sorted(leaders, key=lambda l: (-(st.leader_def(world, state, l)["cp"] or 0), l))[0]
        cp = st.leader_def(world, state, best)["cp"] or 0
        roll = dice.d6(f"loyalty {best}")
        tested += 1
        if roll + bonus >= cp:
            _rally_zone(world, state, zone, side, record, include_titled=False)
    return tested


def civil_war_failures(world, state: dict, events: list) -> None:
    """SV 3.6.4 (L420): a dead usurper's rallied leaders and units go back to their side.
    SV 3.6.5 (L432): a double usurpation fails only when both Usurpateurs are dead, so while
    another Usurpateur of the same side lives, the dead one's rallied leaders and units stay
    in the civil war, under the survivor's Guerre Civile record."""
    war = state.get("civil_war") or {}
    for usurper in sorted(war):
        if usurper not in war:
            continue
        if titles.alive(state, usurper) and usurper in state["titles"]["usurpers"].get(war[usurper]["side"], []):
            continue
        record = war.pop(usurper)
        if titles.alive(state, usurper):  # success: the GC markers simply go (A82)
            continue
        survivors = [u for u in sorted(state["titles"]["usurpers"].get(record["side"], []))
                     if u != usurper and titles.alive(state, u) and u in war]
        if survivors:  # SV 3.6.5 (L432): the double usurpation goes on
            heir = war[survivors[0]]
            for key in ("leaders", "units"):
                for pid, old_side in sorted(record[key].items()):
                    heir[key].setdefault(pid, old_side)
            events.append(Event("usurpation_continues", {"usurper": usurper, "survivor": survivors[0],
                                                         "leaders": sorted(record["leaders"])}))
            continue
        for pid, side in sorted(list(record["leaders"].items()) + list(record["units"].items())):
            if titles.alive(state, pid) or (state["pieces"][pid]["kind"] == "unit" and st.on_map(state["pieces"][pid])):
                state["pieces"][pid]["side"] = side
        events.append(Event("usurpation_fails", {"usurper": usurper}))
