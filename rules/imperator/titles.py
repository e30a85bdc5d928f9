"""Who is who among the Roman leaders (SV 3.5, 3.6): alive or not, historical Roman or
not, the orders of rank and succession, the titles a leader holds and loses. Read by
successions (``emperors``), civil wars (``civil_war``) and stratagems (``plays``); imports
nothing of theirs.
"""

from __future__ import annotations

from rules.imperator import state as st

TITLE_KEYS = ("augusti", "caesars", "usurpers")


def alive(state: dict, pid: str | None) -> bool:
    return bool(pid) and pid in state["pieces"] and not state["pieces"][pid].get("eliminated") and \
        (state["pieces"][pid].get("zone") is not None or bool(state["pieces"][pid].get("aboard")))


def is_historical_roman(world, state: dict, pid: str) -> bool:
    """A Roman leader of the table: neither a Dux (L227) nor a non-Roman."""
    return st.leader_def(world, state, pid)["kind"] == "roman" and st.leader_def(world, state, pid)["people"] is None


def rank_key(world, state: dict):
    """Highest CC, then VS, then BT (L324, L338; "BC" read BT, A11), then id."""
    def key(pid):
        d = st.leader_def(world, state, pid)
        return (-(d["cc"] or 0), -(d["vs"] or 0), -(d["bt"] or 0), pid)
    return key


def successor_key(world, state: dict):
    """A32: the engine's choice when the player named nobody: CP, CC, VS, id."""
    def key(pid):
        d = st.leader_def(world, state, pid)
        return (-(d["cp"] or 0), -(d["cc"] or 0), -(d["vs"] or 0), pid)
    return key


def strip_titles(state: dict, pid: str) -> None:
    t = state["titles"]
    for key in TITLE_KEYS:
        for side in st.sides(state):
            if pid in t[key].get(side, []):
                t[key][side].remove(pid)
    for key in ("primus_augustus", "secundus_augustus"):
        if t.get(key) == pid:
            t[key] = None


def leader_dies(state: dict, pid: str) -> None:
    """A named Roman leader dies for good (SV 6.4, L663)."""
    piece = state["pieces"][pid]
    piece.update(eliminated=True, eliminated_year=state["year"], zone=None, aboard=None, gone=True)
    piece["died"] = state["year"]


def total_usurpers(state: dict) -> int:
    return sum(len(state["titles"]["usurpers"].get(s, [])) for s in st.sides(state))


def titled_leaders(state: dict, side: str) -> list[str]:
    """The side's living Augusti and Caesars, with its Primus or Secundus Augustus."""
    t = state["titles"]
    out = list(t["augusti"].get(side, [])) + list(t["caesars"].get(side, []))
    for key in ("primus_augustus", "secundus_augustus"):
        holder = t.get(key)
        if holder and state["pieces"].get(holder, {}).get("side") == side and holder not in out:
            out.append(holder)
    return [p for p in out if alive(state, p)]
