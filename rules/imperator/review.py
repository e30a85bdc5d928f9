"""The owner's choices of phase F (SV 2.F, L168-174): which Augusti or Caesars are
sacrificed when capitals are lacking (3.5.4), who holds the Protectores Domestici (3.5.3,
L346) and which counters are discarded above five (6, L579).

A ``review`` prompt goes to a side only when one of these has more than one legal answer:
``{"sacrifice": [leaders], "protectores": leader, "discard": [counters]}``. Otherwise the
engine applies the single answer (or keeps things as they are). A player may move his
Protectores to another emperor in any F by the standing reaction ``protectores: leader``.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import emperors
from rules.imperator import state as st
from rules.imperator.stratagems import HAND_LIMIT, _types_by_id, counter_type


def emperors_of(state: dict, side: str) -> list[str]:
    t = state["titles"]
    out = set(t["augusti"].get(side, [])) | set(t["caesars"].get(side, []))
    for key in ("primus_augustus", "secundus_augustus"):
        if t.get(key) and state["pieces"].get(t[key], {}).get("side") == side:
            out.add(t[key])
    return sorted(p for p in out if emperors.alive(state, p))


def sacrifice_excess(world, state: dict, side: str) -> int:
    t = state["titles"]
    count = len(t["augusti"].get(side, [])) + len(t["caesars"].get(side, []))
    return max(0, count - emperors.capital_dioceses_held(world, state, side))


def sacrifice_pool(state: dict, side: str, excess: int) -> tuple[list[str], list[str]]:
    """(those who must go, those among whom to choose the rest): Caesars first, then
    Augusti other than the Primus and Secundus Augustus (SV 3.5.4, A38)."""
    t = state["titles"]
    protected = {t.get("primus_augustus"), t.get("secundus_augustus")}
    caesars = sorted(t["caesars"].get(side, []))
    augusti = sorted(a for a in t["augusti"].get(side, []) if a not in protected)
    if excess <= len(caesars):
        return ([], caesars) if excess < len(caesars) else (caesars, [])
    rest = excess - len(caesars)
    return (caesars + augusti, []) if rest >= len(augusti) else (caesars, augusti)


def usable_hand(state: dict, side: str) -> list[str]:
    types = _types_by_id(state)
    return [c for c in state["hidden"]["hands"].get(side, [])
            if types.get(counter_type(c), {}).get("side", "mixed") in ("mixed", side)]


def choices(world, state: dict, side: str) -> dict:
    """What the side must decide in this F (empty: nothing with two answers)."""
    out = {}
    excess = sacrifice_excess(world, state, side)
    must: list[str] = []
    if excess:
        must, pool = sacrifice_pool(state, side, excess)
        if pool:
            out["sacrifice"] = {"count": excess - len(must), "must": must, "among": pool}
    hand = usable_hand(state, side)
    if len(hand) > HAND_LIMIT:
        out["discard"] = {"count": len(hand) - HAND_LIMIT, "among": sorted(hand)}
    placements = state.get("f_placements") or {}
    if placements.get("year") == state["year"]:
        mine = {p: z for p, z in sorted(placements["pieces"].items())
                if state["pieces"][p]["side"] == side and st.on_map(state["pieces"][p])}
        if mine:
            out["place"] = mine
    holder = (state.get("protectores") or {}).get(side)
    candidates = [p for p in emperors_of(state, side) if p not in must]
    if holder not in candidates and len(candidates) > 1:
        out["protectores"] = {"among": candidates}
    return out


def default_orders(world, state: dict, side: str) -> dict:
    ch = choices(world, state, side)
    orders: dict = {}
    if "sacrifice" in ch:
        key = emperors.rank_key(world, state)
        orders["sacrifice"] = sorted(ch["sacrifice"]["among"], key=key, reverse=True)[:ch["sacrifice"]["count"]]
    if "discard" in ch:
        hand = usable_hand(state, side)
        orders["discard"] = hand[:ch["discard"]["count"]]  # the oldest
    if "protectores" in ch:
        t = state["titles"]
        among = ch["protectores"]["among"]
        first = next((p for p in (t.get("primus_augustus"), t.get("secundus_augustus")) if p in among), among[0])
        orders["protectores"] = first
    return orders


def problems(world, state: dict, side: str, orders: dict) -> list[tuple]:
    ch = choices(world, state, side)
    out = []
    if "sacrifice" in ch:
        chosen = orders.get("sacrifice") or []
        if len(set(chosen)) != ch["sacrifice"]["count"] or any(p not in ch["sacrifice"]["among"] for p in chosen):
            out.append(("review.sacrifice", "/sacrifice", {"n": ch["sacrifice"]["count"]}))
    elif orders.get("sacrifice"):
        out.append(("review.sacrifice", "/sacrifice", {"n": 0}))
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
    if orders.get("protectores") is not None and orders["protectores"] not in emperors_of(state, side):
        out.append(("review.protectores", "/protectores", {"piece": orders["protectores"]}))
    return out


def apply(world, state: dict, side: str, orders: dict, events: list) -> None:
    """Sacrifices first (they are F2's), then the placements, the Protectores, the discards."""
    allowed = ((state.get("f_placements") or {}).get("pieces") or {})
    for pid, zone in sorted((orders.get("place") or {}).items()):
        if zone in allowed.get(pid, []) and state["pieces"][pid]["side"] == side:
            state["pieces"][pid]["zone"] = zone
            events.append(Event("piece_placed", {"piece": pid, "zone": zone}))
    excess = sacrifice_excess(world, state, side)
    if excess:
        must, _ = sacrifice_pool(state, side, excess)
        for victim in must + list(orders.get("sacrifice") or []):
            if emperors.alive(state, victim) and st.titled(state, victim):
                emperors.strip_titles(state, victim)
                emperors.leader_dies(state, victim)
                events.append(Event("sacrifice", {"leader": victim, "side": side,
                                                  "capitals": emperors.capital_dioceses_held(world, state, side)}))
    standing = (state["hidden"]["reactions"].get(side) or {}).get("protectores")
    wanted = orders.get("protectores") or standing
    candidates = emperors_of(state, side)
    prot = state.setdefault("protectores", {})
    if wanted in candidates:
        prot[side] = wanted
    elif prot.get(side) not in candidates:
        prot[side] = candidates[0] if len(candidates) == 1 else None
    discard = [c for c in orders.get("discard") or [] if c in state["hidden"]["hands"].get(side, [])]
    if discard:
        hidden = state["hidden"]
        for c in discard:
            hidden["hands"][side].remove(c)
        hidden["bowl"] = sorted(hidden["bowl"] + discard)
        events.append(Event("stratagems_returned", {"side": side, "count": len(discard)}))
