"""Roman armies and their units (§5.6-§5.8): command capacity (T9), giving an office its
troops, recruitment, rejoining the troops at the end of the political phase (§5.0),
dissolving the Tribunes' armies (§5.7.1, §7.1), free Roman units on the map."""

from __future__ import annotations

from rules.kings_of_rome.state import (
    NONROMAN, ROMAN, ROME, Table, force_of_office, new_force, office_kind, put_leader, put_unit, rank, sorted_forces,
)


def capacity(t: Table, fid: str) -> tuple[int, int]:
    """(infantry, cavalry) the force's leaders command together: the stacking limit
    (DECISIONS A-26)."""
    force = t.st["forces"][fid]
    cap = t.T["capacity"]
    if force["side"] == NONROMAN:
        return tuple(cap["nonroman"]) if force.get("leader") else (0, 0)
    inf = cav = 0
    for key in force["offices"]:
        i, c = cap[office_kind(key)]
        inf, cav = inf + i, cav + c
    return inf, cav


def counts(t: Table, units: list[str]) -> tuple[int, int]:
    inf = sum(1 for u in units if t.d.units[u]["arm"] == "inf")
    return inf, len(units) - inf


def room(t: Table, fid: str) -> tuple[int, int]:
    ci, cc = capacity(t, fid)
    ui, uc = counts(t, t.st["forces"][fid]["units"])
    return max(0, ci - ui), max(0, cc - uc)


def unit_order(t: Table, uid: str) -> tuple:
    """Best first: Virtus, then class, then id."""
    rec = t.d.units[uid]
    return (-rec["virtus"], rec.get("class") or "", uid)


def take_units(t: Table, fid: str, arm: str | None, n: int, sources: tuple[str, ...] = ("pool",)) -> list[str]:
    """Give the force up to n units (of one arm, or any with infantry first) from Rome's
    pool, then the general stock when allowed (L866-870)."""
    got = []
    for source in sources:
        while len(got) < n:
            if source == "pool":
                candidates = [u for u in t.st["pool"] if arm is None or t.d.units[u]["arm"] == arm]
            else:
                candidates = sorted(u for u, rec in t.st["units"].items()
                                    if rec["at"] == "stock" and (arm is None or t.d.units[u]["arm"] == arm))
            if not candidates:
                break
            if arm is None:  # infantry first (L1430-1433 fills the front with infantry)
                candidates = sorted(candidates, key=lambda u: (t.d.units[u]["arm"] != "inf", candidates.index(u)))
            uid = candidates[0]
            put_unit(t, uid, fid, ROMAN)
            got.append(uid)
    return got


def office_army(t: Table, key: str) -> str:
    """The office's army, made on the Rome mini-map if it has none (its holder is in Rome)."""
    fid = force_of_office(t.st, key)
    if fid is None:
        fid = new_force(t, ROMAN, ROME, offices=[key])
    return fid


def take_office_out(t: Table, key: str) -> None:
    """The office leaves whatever force holds it; a force left with no leader keeps its
    units as free Roman units (or disappears when empty)."""
    fid = force_of_office(t.st, key)
    if fid is None:
        return
    force = t.st["forces"][fid]
    force["offices"] = [k for k in force["offices"] if k != key]
    if not force["offices"]:
        force["rejoin"] = force.get("rejoin") or []
        if force["hex"] == ROME:
            for uid in list(force["units"]):
                put_unit(t, uid, "pool", ROMAN)
        if not force["units"]:
            del t.st["forces"][fid]


def rejoin(t: Table) -> list[dict]:
    """End of the political phase (§5.0): every office still held rejoins the troops it left
    on the map at the end of the last turn."""
    moves = []
    st = t.st
    for fid in sorted_forces(st):
        force = st["forces"].get(fid)
        if not force or force["side"] != ROMAN or force["offices"] or not force.get("rejoin"):
            continue
        for key in sorted(force["rejoin"], key=lambda k: (-rank(t, k), k)):
            if key not in st["offices"]:
                continue
            home = force_of_office(st, key)
            if home is not None and st["forces"][home]["hex"] != ROME:
                continue  # the office already leads troops in the field
            if home is not None:
                for uid in list(st["forces"][home]["units"]):
                    put_unit(t, uid, fid, ROMAN)
                del st["forces"][home]
            force["offices"].append(key)
            moves.append({"office": key, "hex": force["hex"], "force": fid})
        force["rejoin"] = []
    return moves


def send_leaders_home(t: Table) -> None:
    """End of the turn (§5.0): every Roman leader goes back to Rome; his troops stay where
    they are until the office's next holder joins them."""
    st = t.st
    for fid in sorted_forces(st):
        force = st["forces"][fid]
        if force["side"] != ROMAN or not force["offices"] or force["hex"] == ROME:
            continue
        offices = list(force["offices"])
        force["offices"] = []
        force["rejoin"] = offices
        for key in offices:
            new_force(t, ROMAN, ROME, offices=[key])
        if not force["units"]:
            del st["forces"][fid]


def free_units_at(t: Table, hex_: str) -> list[str]:
    """Roman forces without a leader in a hex (units waiting to be picked up, L1119-1123)."""
    return [fid for fid in sorted_forces(t.st) if t.st["forces"][fid]["side"] == ROMAN
            and not t.st["forces"][fid]["offices"] and t.st["forces"][fid]["hex"] == hex_]


def pick_up(t: Table, fid: str) -> list[str]:
    """An army takes along the free Roman units of its hex, within its room."""
    force = t.st["forces"][fid]
    got = []
    for other in free_units_at(t, force["hex"]):
        for uid in sorted(t.st["forces"][other]["units"], key=lambda u: unit_order(t, u)):
            ri, rc = room(t, fid)
            if (t.d.units[uid]["arm"] == "inf" and ri > 0) or (t.d.units[uid]["arm"] == "cav" and rc > 0):
                put_unit(t, uid, fid, ROMAN)
                got.append(uid)
        if not t.st["forces"][other]["units"]:
            del t.st["forces"][other]
    return got


def remove_leader_from_play(t: Table, lid: str) -> None:
    """Out of the game (Titus Tatius at turn 4, L393-394), wherever he is."""
    st = t.st
    for key, rec in sorted(st["offices"].items()):
        if rec and rec.get("leader") == lid:
            take_office_out(t, key)
            del st["offices"][key]
    put_leader(t, lid, "removed")


def units_to_pool(t: Table, fid: str) -> None:
    for uid in list(t.st["forces"][fid]["units"]):
        put_unit(t, uid, "pool", ROMAN)
