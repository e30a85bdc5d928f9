"""The chit cup ("la pioche", §2.4.3, §3.2): its schedule by turn (T1, T2), drawing and
putting back. Its content is hidden from every seat (``view``): only its size shows."""

from __future__ import annotations

from rules.kings_of_rome.state import GameOver, Table, put_leader, put_unit
from rules.kings_of_rome.forces import remove_leader_from_play


def kind_of(t: Table, chit: str) -> str:
    """unit | garrison | leader | war | office | omen | end-of-actions | fleet"""
    if chit in t.d.units:
        return "unit"
    if chit in t.d.garrisons:
        return "garrison"
    if chit in t.d.leaders:
        return "leader"
    return t.d.chits[chit]["kind"]


def add(t: Table, chit: str) -> None:
    kind = kind_of(t, chit)
    if kind == "unit":
        put_unit(t, chit, "cup")
    elif kind == "leader":
        put_leader(t, chit, "cup")
    else:
        t.st["chits"][chit] = "cup"
        if chit not in t.st["cup"]:
            t.st["cup"].append(chit)
            t.st["cup"].sort()


def take(t: Table, chit: str) -> None:
    """Out of the cup without a draw (an office named ex officio, L738-742, L891-894)."""
    t.st["cup"] = [c for c in t.st["cup"] if c != chit]
    if kind_of(t, chit) not in ("unit", "leader"):
        t.st["chits"][chit] = "in-play"


def draw(t: Table, drawer: str, purpose: str) -> str:
    """One chit at random; an empty cup when a draw is due ends the game at once (§8.0)."""
    cup = sorted(t.st["cup"])
    if not cup:
        raise GameOver("cup-empty")
    chit = t.pick(cup, purpose)
    t.st["cup"] = [c for c in cup if c != chit]
    kind = kind_of(t, chit)
    if kind == "unit":
        t.st["units"][chit]["at"] = "drawn"
    elif kind == "leader":
        t.st["leaders"][chit]["at"] = "drawn"
    else:
        t.st["chits"][chit] = "in-play"
    return chit


def _random_units(t: Table, n: int, purpose: str, arm: str | None = None) -> list[str]:
    """Up to n military counters from the general stock, at random (L416-418: once there are
    none left, there are none left)."""
    got = []
    for _ in range(n):
        stock = sorted(u for u, rec in t.st["units"].items()
                       if rec["at"] == "stock" and (arm is None or t.d.units[u]["arm"] == arm))
        if not stock:
            break
        uid = t.pick(stock, purpose)
        put_unit(t, uid, "cup")
        got.append(uid)
    return got


def add_turn_chits(t: Table, turn: int) -> dict:
    """The preparation of the turn (§3.2, T1/T2): what goes in and what goes out."""
    sched = t.T["cup_schedule"].get(turn)
    added: list[str] = []
    removed: list[str] = []
    if sched is None:
        return {"added": added, "removed": removed}
    for lid in sched.get("remove") or []:  # Titus Tatius leaves the game at turn 4 (L393-394)
        rec = t.st["leaders"][lid]
        if rec["at"] not in ("removed",):
            remove_leader_from_play(t, lid)
            removed.append(lid)
    added += _random_units(t, sched.get("units", 0), f"cup, turn {turn}: military units")
    added += _random_units(t, sched.get("roman_cavalry", 0), f"cup, turn {turn}: Roman cavalry", arm="cav")
    for gid, rec in sorted(t.d.garrisons.items()):
        if rec["enters"] == turn:
            add(t, gid)
            added.append(gid)
    for cid, rec in sorted(t.d.chits.items()):
        if rec["enters"] == turn and t.st["chits"][cid] == "out":
            add(t, cid)
            added.append(cid)
    for lid, rec in sorted(t.d.leaders.items()):
        # Mastarna is listed at turn 4 and turn 11: one counter, in at the first date
        if rec["enters"] == turn and t.st["leaders"][lid]["at"] == "out":
            add(t, lid)
            added.append(lid)
    if turn == 11 and t.st["leaders"]["mastarna"]["at"] == "out":
        add(t, "mastarna")
        added.append("mastarna")
    return {"added": added, "removed": removed}
