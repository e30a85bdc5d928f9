"""Ships (§6.6, §6.6.1): 25 MP along the coast (the lighter sea hexes), any number of leaders
and two infantry and a cavalry a ship, loaded and landed in the turn of the move; an enemy
ship in a sea hex entered is intercepted and fought: the attacker rolls first, three
rounds at most, a voluntary withdrawal from the second; sunk ships lose their cargo."""

from __future__ import annotations

from rules.kings_of_rome.state import NONROMAN, ROMAN, Table, gain, king_curia, leading_office, office_curia, put_unit, skip_action
from rules.kings_of_rome.honours import triumph_claims
from rules.kings_of_rome.movement import leave_rome
from rules.kings_of_rome.trials import lose_counter
from rules.kings_of_rome.data import distance
from rules.kings_of_rome.state import holder_stats, king_key


def ships_of(t: Table, side: str, war: str | None = None) -> list[str]:
    return sorted(s for s, rec in t.st["ships"].items() if rec.get("side") == side and rec["at"] not in ("out", "sunk")
                  and (war is None or rec.get("war") == war))


def place_roman_fleet(t: Table, sid: str) -> None:
    """A Roman fleet drawn from the cup is placed at Ostia (L1705-1709)."""
    t.st["ships"][sid] = {"at": t.d.cities["ostia"]["hex"], "side": ROMAN, "war": None}
    t.emit("fleet", ship=sid, hex=t.d.cities["ostia"]["hex"])


def cargo_fits(t: Table, fid: str, ships: int) -> bool:
    force = t.st["forces"][fid]
    inf = sum(1 for u in force["units"] if t.d.units[u]["arm"] == "inf")
    cav = len(force["units"]) - inf
    cap = t.T["movement"]["ship_cargo"]
    return inf <= cap["inf"] * ships and cav <= cap["cav"] * ships


def check_sail(t: Table, ship_hex: str, path: list[str], side: str) -> tuple[str | None, str | None]:
    """(problem, the landing hex or None). The path: coastal sea hexes, then at most one land
    hex to land on (or dock at, for a port)."""
    here = ship_hex
    budget = 2 * t.T["movement"]["ship"]
    spent = 0
    landing = None
    for i, h in enumerate(path):
        if h not in t.d.map.neighbours(here):
            return "sail.not_adjacent", None
        if t.d.map.is_coast_sea(h):
            spent += 2
            if spent > budget:
                return "sail.too_far", None
            here = h
            continue
        if t.d.map.is_land(h) and i == len(path) - 1:
            landing = h
            continue
        return "sail.not_coast", None
    return None, landing


def sail(t: Table, entry: dict, action: dict) -> list[dict]:
    """An army's action: it boards a fleet in its hex, sails, and lands."""
    st = t.st
    fid = entry["force"]
    force = st["forces"][fid]
    sid = action.get("fleet")
    ship = st["ships"].get(sid or "")

    leave_rome(t, fid)
    if not ship or ship.get("side") != force["side"] or ship["at"] != force["hex"]:
        skip_action(t, fid, action, "sail.no_fleet")
        return []
    if not cargo_fits(t, fid, 1):
        skip_action(t, fid, action, "sail.cargo")
        return []
    path = [str(h) for h in action.get("path") or []]
    problem, landing = check_sail(t, ship["at"], path, force["side"])
    if problem:
        skip_action(t, fid, action, problem)
        return []
    return _voyage(t, [sid], fid, path, landing, entry)


def _voyage(t: Table, sids: list[str], fid: str | None, path: list[str], landing: str | None, entry: dict) -> list[dict]:
    st = t.st
    side = st["ships"][sids[0]]["side"]
    start = st["ships"][sids[0]]["at"]
    for h in path:
        if landing is not None and h == landing:
            break
        for s in sids:
            st["ships"][s]["at"] = h
        enemies = [s for s in ships_of(t, NONROMAN if side == ROMAN else ROMAN) if st["ships"][s]["at"] == h]
        if enemies:
            if fid:
                st["forces"][fid]["hex"] = h  # the army is aboard: it shares the ships' fate (L1658-1664)
            t.emit("sail", ships=sids, force=fid, path=[start] + path[: path.index(h) + 1])
            return [{"do": "naval_battle", "attackers": sids, "defenders": enemies, "hex": h, "cargo": fid,
                     "entry": entry.get("id")}]
    sea = [h for h in path if t.d.map.is_coast_sea(h)]
    t.emit("sail", ships=sids, force=fid, path=[start] + path)
    if fid and landing:
        st["forces"][fid]["origin"] = sea[-1] if sea else start
        st["forces"][fid]["hex"] = landing
        cid = t.d.city_at.get(landing)
        if cid and t.d.cities[cid]["port"]:
            for s in sids:
                st["ships"][s]["at"] = landing
    elif fid:
        st["forces"][fid]["hex"] = st["ships"][sids[0]]["at"]
    return []


def naval_battle(t: Table, task: dict) -> list[dict]:
    """§6.6.1: the attacker's ships roll first, each trying to exceed an enemy ship's Virtus;
    the survivors reply. Unresolved after three rounds, the attacker loses and withdraws to
    the nearest friendly port; a side may withdraw from round 2 (nobody wins)."""
    st = t.st
    att = [s for s in task["attackers"] if st["ships"][s]["at"] not in ("sunk", "out")]
    dfn = [s for s in task["defenders"] if st["ships"][s]["at"] not in ("sunk", "out")]
    log = []
    rounds = t.T["battle"]["naval_rounds"]
    winner = None
    for rnd in range(1, rounds + 1):
        for shooters, targets in ((att, dfn), (dfn, att)):
            for i, s in enumerate(list(shooters)):
                if s not in shooters or not targets:
                    continue
                target = targets[min(i, len(targets) - 1)]
                roll = t.d6(f"naval battle: {s} on {target}")
                hit = roll > t.d.ships[target]["virtus"]
                log.append({"round": rnd, "ship": s, "target": target, "roll": roll, "hit": hit})
                if hit:
                    targets.remove(target)
                    _sink(t, target)
        if not dfn:
            winner = "attacker"
            break
        if not att:
            winner = "defender"
            break
    if winner is None:
        winner = "defender"
        for s in att:
            port = _nearest_port(t, st["ships"][s]["at"], st["ships"][s]["side"])
            if port:
                st["ships"][s]["at"] = port
    t.emit("naval_battle", hex=task["hex"], attackers=task["attackers"], defenders=task["defenders"], log=log, winner=winner)
    cargo = task.get("cargo")
    afloat = [s for s in task["attackers"] if st["ships"][s]["at"] not in ("sunk", "out")]
    if cargo and cargo in st["forces"] and afloat:
        st["forces"][cargo]["hex"] = st["ships"][afloat[0]]["at"]  # still aboard, or landed in port
    if winner == "attacker" and cargo and cargo in st["forces"] and st["forces"][cargo]["side"] == ROMAN:
        lead = leading_office(t, cargo)
        if lead is None:
            gain(t, king_curia(st), t.T["rewards"]["naval_no_leader"], "naval-victory")
        else:
            return triumph_claims(t, cargo, "battle")
    elif winner == "attacker" and all(st["ships"][s]["side"] == ROMAN for s in task["attackers"]) and not cargo:
        kc = king_curia(st)
        if kc:
            gain(t, kc, t.T["rewards"]["naval_no_leader"], "naval-victory")
    return []


def _sink(t: Table, sid: str) -> None:
    """A sunk ship's cargo goes to the cup; Roman leaders aboard go home (L1658-1664)."""
    st = t.st
    here = st["ships"][sid]["at"]
    side = st["ships"][sid]["side"]
    st["ships"][sid]["at"] = "sunk" if side == NONROMAN else "out"
    for fid in sorted(st["forces"]):
        force = st["forces"].get(fid)
        if force and force["side"] == side and force["hex"] == here and t.d.map.is_coast_sea(here):
            for uid in list(force["units"]):
                lose_counter(t, uid)
            if force["side"] == ROMAN and force["offices"]:
                force["hex"] = "rome"
            else:
                del st["forces"][fid]
    t.emit("ship_sunk", ship=sid, hex=here)


def _nearest_port(t: Table, here: str, side: str) -> str | None:
    ports = [c for c, rec in t.d.cities.items() if rec["port"] and t.st["cities"][c]["roman"] == (side == ROMAN)]
    if not ports:
        return None
    best = min(sorted(ports), key=lambda c: (distance(here, t.d.cities[c]["hex"]), c))
    return t.d.cities[best]["hex"]


def curia_of(t: Table, key: str) -> str | None:
    return office_curia(t.st, key)


def unload(t: Table, fid: str) -> None:
    for uid in list(t.st["forces"][fid]["units"]):
        put_unit(t, uid, "pool", ROMAN)


def fleet_allowance(t: Table, sid: str) -> int:
    """A fleet at sea without an army aboard acts for the King: his Virtus + 1d6/2 rounded
    up (the royal formula with no other leader, DECISIONS D-24)."""

    kk = king_key(t.st)
    kv = holder_stats(t, kk)[0] if kk else 0
    roll = t.d6(f"actions: {sid}")
    n = min(t.T["allowance"]["royal_cap"], kv + (roll + 1) // 2)
    t.emit("allowance", force=sid, office=kk, actions=n, king=kv, die=roll, best=0)
    return n


def fleet_action(t: Table, entry: dict, action: dict) -> list[dict]:
    st = t.st
    sid = entry["fleet"]
    ship = st["ships"].get(sid)
    path = [str(h) for h in action.get("path") or []]
    if not ship or ship["at"] in ("out", "sunk"):
        entry["plan"] = []
        return []
    problem, landing = check_sail(t, ship["at"], path, ROMAN)
    if problem or landing:
        t.emit("action_skipped", force=sid, action=action, reason=problem or "sail.invalid")
        return []
    return _voyage(t, [sid], None, path, None, entry)
