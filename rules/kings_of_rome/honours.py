"""Claiming a Triumph after a victory (L812-815, L1573-1587): every Tribune of the winning
army may claim; a claiming commander marches his army home to Rome."""

from __future__ import annotations

from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.forces import take_office_out
from rules.kings_of_rome.state import ROMAN, ROME, TRIBUNES, Table, leading_office, new_force, office_controller, put_unit


def triumph_claims(t: Table, fid: str, how: str) -> list[dict]:
    """After a successful siege or a battle won with the Triumph token, every Tribune of the
    army may claim a Triumph (L812-815, L1585-1587); a claiming commander takes the army
    back to Rome (L1573-1580)."""
    st = t.st
    tasks = []
    if fid not in st["forces"]:
        return tasks
    lead = leading_office(t, fid)
    for key in sorted(st["forces"][fid]["offices"]):
        if key not in TRIBUNES:
            continue
        role = office_controller(st, key)
        if not pol.get(st, role, "claim_triumph"):
            continue
        tasks.append({"do": "triumph", "office": key, "how": how})
        if key == lead:
            go_home(t, fid)
        else:
            take_office_out(t, key)
            new_force(t, ROMAN, ROME, offices=[key])
    return tasks


def go_home(t: Table, fid: str) -> None:
    """The army marches back to Rome (a Triumph): its units to the pool, its leaders home."""
    st = t.st
    force = st["forces"][fid]
    for uid in list(force["units"]):
        put_unit(t, uid, "pool", ROMAN)
    force["hex"] = ROME
    t.emit("returns_to_rome", force=fid, offices=list(force["offices"]))
