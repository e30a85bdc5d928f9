"""The owner's choices of phase F (SV 2.F L168-174, UR 2.F L206-227): which counters he
discards above five (SV 6 L579, UR 6 L776-778) and where the pieces the engine placed go
when the rules let him choose (9.3, 9.4), plus the title's own choices (SV: sacrifices and
the Protectores Domestici).

A ``review`` prompt goes to a side only when one of these has more than one legal answer:
``{"discard": [counters], "place": {piece: zone}, ...the title's}``. Otherwise the engine
applies the single answer (or keeps things as they are).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator.stratagems import HAND_LIMIT, _types_by_id, counter_type


def usable_hand(state: dict, side: str) -> list[str]:
    types = _types_by_id(state)
    return [c for c in state["hidden"]["hands"].get(side, [])
            if types.get(counter_type(c), {}).get("side", "mixed") in ("mixed", side)]


def choices(world, state: dict, side: str) -> dict:
    """What the side must decide in this F (empty: nothing with two answers)."""
    out = world.title.review_choices(world, state, side)
    hand = usable_hand(state, side)
    if len(hand) > HAND_LIMIT:
        out["discard"] = {"count": len(hand) - HAND_LIMIT, "among": sorted(hand)}
    placements = state.get("f_placements") or {}
    if placements.get("year") == state["year"]:
        mine = {p: z for p, z in sorted(placements["pieces"].items())
                if state["pieces"][p]["side"] == side and st.on_map(state["pieces"][p])}
        if mine:
            out["place"] = mine
    return out


def default_orders(world, state: dict, side: str) -> dict:
    ch = choices(world, state, side)
    orders: dict = world.title.review_defaults(world, state, side, ch)
    if "discard" in ch:
        hand = usable_hand(state, side)
        orders["discard"] = hand[:ch["discard"]["count"]]  # the oldest
    return orders


def problems(world, state: dict, side: str, orders: dict) -> list[tuple]:
    ch = choices(world, state, side)
    before, after = world.title.review_problems(world, state, side, orders, ch)
    out = list(before)
    if "discard" in ch:
        chosen = orders.get("discard") or []
        if len(set(chosen)) != ch["discard"]["count"] or any(c not in ch["discard"]["among"] for c in chosen):
            out.append(("review.discard", "/discard", {"n": ch["discard"]["count"]}))
    allowed = ch.get("place") or {}
    place = orders.get("place") or {}
    if not isinstance(place, dict):
        out.append(("orders.bad_shape", "/place", {"what": "place"}))
        place = {}
    for pid, zone in sorted(place.items()):
        if zone not in allowed.get(pid, []):
            out.append(("place.bad_zone", f"/place/{pid}", {"piece": pid, "zone": zone}))
    return out + list(after)


def apply(world, state: dict, side: str, orders: dict, events: list) -> None:
    """The placements, then the title's choices, then the discards."""
    allowed = ((state.get("f_placements") or {}).get("pieces") or {})
    for pid, zone in sorted((orders.get("place") or {}).items()):
        if zone in allowed.get(pid, []) and state["pieces"][pid]["side"] == side:
            state["pieces"][pid]["zone"] = zone
            events.append(Event("piece_placed", {"piece": pid, "zone": zone}))
    world.title.review_apply(world, state, side, orders, events)
    discard = [c for c in orders.get("discard") or [] if c in state["hidden"]["hands"].get(side, [])]
    if discard:
        hidden = state["hidden"]
        for c in discard:
            hidden["hands"][side].remove(c)
        hidden["bowl"] = sorted(hidden["bowl"] + discard)
        events.append(Event("stratagems_returned", {"side": side, "count": len(discard)}))
