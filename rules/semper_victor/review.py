"""Semper Victor's choices of phase F (the family's review is ``rules/imperator/review.py``):
which Augusti or Caesars are sacrificed when capitals are lacking (SV 3.5.4) and who holds
the Protectores Domestici (SV 3.5.3, L346). A player may move his Protectores to another
emperor in any F by the standing reaction ``protectores: leader``.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator.titles import alive, leader_dies, rank_key, strip_titles
from rules.semper_victor.emperors import capital_dioceses_held


def emperors_of(state: dict, side: str) -> list[str]:
    t = state["titles"]
    out = set(t["augusti"].get(side, [])) | set(t["caesars"].get(side, []))
    for key in ("primus_augustus", "secundus_augustus"):
        if t.get(key) and state["pieces"].get(t[key], {}).get("side") == side:
            out.add(t[key])
    return sorted(p for p in out if alive(state, p))


def sacrifice_excess(world, state: dict, side: str) -> int:
    t = state["titles"]
    count = len(t["augusti"].get(side, [])) + len(t["caesars"].get(side, []))
    return max(0, count - capital_dioceses_held(world, state, side))


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


def choices(world, state: dict, side: str) -> dict:
    """The sacrifices and the Protectores to decide in this F."""
    out = {}
    excess = sacrifice_excess(world, state, side)
    must: list[str] = []
    if excess:
        must, pool = sacrifice_pool(state, side, excess)
        if pool:
            out["sacrifice"] = {"count": excess - len(must), "must": must, "among": pool}
    holder = (state.get("protectores") or {}).get(side)
    candidates = [p for p in emperors_of(state, side) if p not in must]
    if holder not in candidates and len(candidates) > 1:
        out["protectores"] = {"among": candidates}
    return out


def defaults(world, state: dict, side: str, ch: dict) -> dict:
    orders: dict = {}
    if "sacrifice" in ch:
        key = rank_key(world, state)
        orders["sacrifice"] = sorted(ch["sacrifice"]["among"], key=key, reverse=True)[:ch["sacrifice"]["count"]]
    if "protectores" in ch:
        t = state["titles"]
        among = ch["protectores"]["among"]
        first = next((p for p in (t.get("primus_augustus"), t.get("secundus_augustus")) if p in among), among[0])
        orders["protectores"] = first
    return orders


def problems(world, state: dict, side: str, orders: dict, ch: dict) -> tuple[list, list]:
    """(the problems of the sacrifices, of the Protectores)."""
    before, after = [], []
    if "sacrifice" in ch:
        chosen = orders.get("sacrifice") or []
        if len(set(chosen)) != ch["sacrifice"]["count"] or any(p not in ch["sacrifice"]["among"] for p in chosen):
            before.append(("review.sacrifice", "/sacrifice", {"n": ch["sacrifice"]["count"]}))
    elif orders.get("sacrifice"):
        before.append(("review.sacrifice", "/sacrifice", {"n": 0}))
    if orders.get("protectores") is not None and orders["protectores"] not in emperors_of(state, side):
        after.append(("review.protectores", "/protectores", {"piece": orders["protectores"]}))
    return before, after


def apply(world, state: dict, side: str, orders: dict, events: list) -> None:
    """Sacrifices first (they are F2's), then the Protectores."""
    excess = sacrifice_excess(world, state, side)
    if excess:
        must, _ = sacrifice_pool(state, side, excess)
        for victim in must + list(orders.get("sacrifice") or []):
            if alive(state, victim) and st.titled(state, victim):
                strip_titles(state, victim)
                leader_dies(state, victim)
                events.append(Event("sacrifice", {"leader": victim, "side": side,
                                                  "capitals": capital_dioceses_held(world, state, side)}))
    standing = (state["hidden"]["reactions"].get(side) or {}).get("protectores")
    wanted = orders.get("protectores") or standing
    candidates = emperors_of(state, side)
    prot = state.setdefault("protectores", {})
    if wanted in candidates:
        prot[side] = wanted
    elif prot.get(side) not in candidates:
        prot[side] = candidates[0] if len(candidates) == 1 else None
