"""Constantinople (SV 3.1.2, L192-198; A13, A14): launched by PRIMUS in phase C, built six
boxes later unless the Secundus Augustus or a Usurpateur with a combat unit holds Thracia 3
in the meantime; then 10 PV, a seventh imperial capital, and no more Byzantium.

``state["constantinople"]``: ``{"started", "due", "built", "zone"}``; ``due`` is the year of
the F in which it is completed (option ``constantinople_done``: ``box_year``, the F of the
box's year, or ``year_before``, the F in which the Turn marker reaches the box).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator.vp import add_vp

BOXES = 6  # L194: 321 -> box 327
SITE = "thracia-3"  # L196


def launch_problems(world, state: dict, side: str) -> list[tuple]:
    c = state.get("constantinople") or {}
    out = []
    if side != "PRIMUS":
        out.append(("constantinople.not_primus", {}))
    if state["control"].get("thracia") != "PRIMUS":
        out.append(("constantinople.thracia_not_controlled", {}))
    if state["titles"].get("primus_augustus") != "constantin":
        out.append(("constantinople.constantin_not_primus_augustus", {}))
    if c.get("built"):
        out.append(("constantinople.already_built", {}))
    elif c.get("started"):
        out.append(("constantinople.construction_in_progress", {}))
    return out


def may_launch(world, state: dict, side: str) -> bool:
    return not launch_problems(world, state, side)


def launch(state: dict, events: list) -> None:
    year = state["year"]
    box = year + BOXES
    due = box if state.get("options", {}).get("constantinople_done", "box_year") == "box_year" else box - 1
    state["constantinople"] = {"started": year, "box": box, "due": due, "built": False, "zone": SITE}
    events.append(Event("constantinople_started", {"year": year, "box": box, "due": due}))


def check_interruption(world, state: dict, events: list) -> None:
    """A14: the Secundus Augustus or a Usurpateur with a combat unit in Thracia 3 at the end
    of an SMC stops the work; it starts again from nothing."""
    c = state.get("constantinople") or {}
    if not c.get("started") or c.get("built"):
        return
    ids = st.pieces_in(state, SITE)
    t = state["titles"]
    for pid in ids:
        p = state["pieces"][pid]
        if p["kind"] != "leader":
            continue
        rebel = pid == t.get("secundus_augustus") or any(pid in t["usurpers"].get(s, []) for s in st.sides(state))
        if rebel and any(state["pieces"][u]["kind"] == "unit" and state["pieces"][u]["side"] == p["side"] for u in ids):
            state["constantinople"] = None
            events.append(Event("constantinople_interrupted", {"by": pid}))
            return


def completion_in_f(world, state: dict, events: list) -> None:
    c = state.get("constantinople") or {}
    if c.get("started") and not c.get("built") and state["year"] >= c["due"]:
        c["built"] = True
        add_vp(state, "PRIMUS", 10, "constantinopolis", events)  # SV 10.2
        events.append(Event("constantinople_built", {"year": state["year"], "zone": SITE}))
