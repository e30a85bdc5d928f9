"""Co-emperors named in phase D (SV 3.5.1, L270-308; A36, A37): the limits, Constantin's
dynasty, Licinianus and the nephews, and the PRIMUS veto on SECONDUS's candidates.

A nomination is ``{"leader": id, "title": "augustus" | "caesar"}``. PRIMUS names first,
then SECONDUS if he has a Secundus Augustus; each SECONDUS candidate PRIMUS may veto is put
to him (the ``veto`` prompt, or his standing ``veto: always | never``); a slot vetoed once
may be filled by another candidate, who cannot be vetoed (A36). A Caesar promoted Augustus
cannot be vetoed (L296).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import emperors
from rules.semper_victor.emperors import capital_dioceses_held
from rules.imperator import state as st
from rules.imperator.places import capital_zones

SONS = ("crispus", "constantin-ii", "constance-ii", "constant")  # L306, in their order
NEPHEWS = ("delmatius", "hannibalianus", "gallus", "julien")  # L308
MAX_PER_SIDE = 2  # L272


def capitals_total(world, state: dict) -> int:
    return len(capital_zones(world, state))


def _count(state: dict, side: str) -> int:
    t = state["titles"]
    return len(t["augusti"].get(side, [])) + len(t["caesars"].get(side, []))


def _has_been(state: dict, pid: str, title: str) -> bool:
    return title in (state.get("titles_held") or {}).get(pid, [])


def problems(world, state: dict, side: str, nom, earlier=()) -> list[tuple]:
    """(code, path, fmt) for one nomination, ``earlier`` being the ones before it in the
    same order set (already counted against the limits)."""
    if not isinstance(nom, dict) or nom.get("title") not in ("augustus", "caesar"):
        return [("orders.bad_shape", "", {"what": "nomination"})]
    pid, title = nom.get("leader"), nom["title"]
    t = state["titles"]
    piece = state["pieces"].get(pid) if isinstance(pid, str) else None
    out = []
    if not piece or piece["kind"] != "leader" or piece["side"] != side or not st.on_map(piece) \
            or not emperors.is_historical_roman(world, state, pid):
        return [("nominate.not_eligible", "/leader", {"piece": pid})]
    held = st.titled(state, pid)
    if held == "augustus" or held == "usurpateur" or (held == "caesar" and title == "caesar") or \
            any(e.get("leader") == pid for e in earlier):
        return [("nominate.already_titled", "/leader", {"piece": pid})]
    if side == "SECONDUS" and not emperors.alive(state, t.get("secundus_augustus")):
        out.append(("nominate.no_secundus_augustus", "", {}))
    augusti = len(t["augusti"].get(side, [])) + sum(1 for e in earlier if e["title"] == "augustus")
    caesars = len(t["caesars"].get(side, [])) + sum(1 for e in earlier if e["title"] == "caesar") \
        - sum(1 for e in earlier if e["title"] == "augustus" and st.titled(state, e["leader"]) == "caesar")
    promotion = held == "caesar"
    if title == "augustus":
        own = [a for a in t["augusti"].get(side, []) if emperors.alive(state, a)]
        if not own:
            out.append(("nominate.needs_augustus", "", {}))
        if augusti >= MAX_PER_SIDE:
            out.append(("nominate.limit_side", "", {}))
    elif caesars >= MAX_PER_SIDE:
        out.append(("nominate.limit_side", "", {}))
    added = len(earlier) + (0 if promotion else 1) - sum(1 for e in earlier if st.titled(state, e["leader"]) == "caesar")
    mine = _count(state, side) + added
    if mine > capital_dioceses_held(world, state, side):
        out.append(("nominate.limit_capitals", "", {}))
    if _count(state, "PRIMUS") + _count(state, "SECONDUS") + added > capitals_total(world, state):
        out.append(("nominate.limit_total", "", {}))
    out.extend(dynasty_problems(world, state, side, pid, title))
    return out


def dynasty_problems(world, state: dict, side: str, pid: str, title: str) -> list[tuple]:
    """L306-308 (A37)."""
    t = state["titles"]
    emperors_now = (t.get("primus_augustus"), t.get("secundus_augustus"))
    if "constantin" in emperors_now and state["pieces"]["constantin"]["side"] == side:
        if pid not in SONS:
            return [("nominate.dynasty_order", "/leader", {"piece": pid})]
        living = [s for s in SONS if not state["pieces"].get(s, {}).get("gone")]
        before = living[:living.index(pid)] if pid in living else []
        if any(not _has_been(state, s, title) and st.titled(state, s) != title for s in before):
            return [("nominate.dynasty_order", "/leader", {"piece": pid})]
    if pid == "licinianus":
        if "licinius" not in emperors_now or state["pieces"]["licinius"]["side"] != side:
            return [("nominate.licinianus_rule", "/leader", {})]
    if pid in NEPHEWS:
        sons_emperor = any(s in emperors_now for s in SONS)
        side_has_son = any(state["pieces"].get(s, {}).get("side") == side and emperors.alive(state, s) for s in SONS)
        if not (sons_emperor and side_has_son):
            return [("nominate.nephew_rule", "/leader", {})]
    return []


def give_title(state: dict, side: str, nom: dict, events: list, *, vetoable: bool = False) -> None:
    pid, title = nom["leader"], nom["title"]
    t = state["titles"]
    if pid in t["caesars"].get(side, []):
        t["caesars"][side].remove(pid)
    (t["augusti"] if title == "augustus" else t["caesars"])[side].append(pid)
    state.setdefault("titles_held", {}).setdefault(pid, [])
    if title not in state["titles_held"][pid]:
        state["titles_held"][pid].append(title)
    events.append(Event("nomination", {"side": side, "leader": pid, "title": title}))


def vetoable(state: dict, nom: dict) -> bool:
    """L296, L302 (A36): PRIMUS vetoes a SECONDUS candidate once per slot; never a Caesar
    being made Augustus."""
    if st.titled(state, nom["leader"]) == "caesar":
        return False
    d = state.get("d_stage") or {}
    return nom["title"] not in (d.get("vetoed") or [])


def candidates(world, state: dict, side: str) -> list[dict]:
    """Every single legal nomination (the prompt's options)."""
    out = []
    for pid in sorted(state["pieces"]):
        p = state["pieces"][pid]
        if p["kind"] != "leader" or p["side"] != side:
            continue
        for title in ("augustus", "caesar"):
            nom = {"leader": pid, "title": title}
            if not problems(world, state, side, nom):
                out.append(nom)
    return out
