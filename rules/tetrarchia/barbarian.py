"""The barbarian phase (*phase barbare*, L282-384), automatic and driven by the dice:
the State of the Empire, the roll of the two dice and its Result, Uprisings and their
echo, and the advance of the armies.

Broken links (the asterisk, L359-369): each time the phase must know whether a broken
link connects, it rolls the normal die, 4-6 connecting. A link is rolled once per check
(DECISIONS.md D6 for the order of the checks).
"""

from __future__ import annotations

from rules.tetrarchia.combat import battle
from rules.tetrarchia.data import EMPEROR_ORDER
from rules.tetrarchia.state import (
    NORMAL_DIE, REVOLT, ROMAN_DIE, UNREST, GameEnds, Table, army_at, disc_at, emperor_at, lift_disc,
    move_army, place_army, protected, put_disc, remove_army, remove_emperor,
)


def broken_link_holds(t: Table, a: str, b: str, purpose: str) -> bool:
    """Does the link connect for this check? A normal link always does; a broken one on a
    normal die of 4-6 (L359-369)."""
    link = t.board.link(a, b)
    if link is None:
        return False
    if not link.broken:
        return True
    value = t.roll(NORMAL_DIE, f"broken-link:{purpose}")
    holds = value >= t.tab["broken_link_connects_from"]
    t.emit("broken_link", a=min(a, b), b=max(a, b), purpose=purpose, roll=value, connected=holds)
    return holds


# -- 1. the State of the Empire ----------------------------------------------------------------


def state_of_the_empire(t: Table) -> None:
    """Every Unrest disc connected to a Revolt disc turns to Revolt, again and again (FAQ
    L810-815); then every emperor standing on a Revolt disc leaves the board (L294-303)."""
    st, brd = t.st, t.board
    rolled: set[frozenset] = set()
    while True:
        _spread_along_normal_links(t)
        pending = sorted(
            (u, r) for u in sorted(p for p, d in st["discs"].items() if d == UNREST)
            for r in brd.neighbours(u)
            if disc_at(st, r) == REVOLT and brd.link(u, r).broken and frozenset((u, r)) not in rolled
        )
        if not pending:
            break
        unrest, revolt = pending[0]
        rolled.add(frozenset((unrest, revolt)))
        if broken_link_holds(t, unrest, revolt, "state-of-the-empire"):
            put_disc(t, unrest, REVOLT)
            t.emit("unrest_to_revolt", province=unrest, next_to=revolt)
    for e in EMPEROR_ORDER:
        at = st["emperors"][e]["at"]
        if at is not None and disc_at(st, at) == REVOLT:
            remove_emperor(t, e, "revolt")


def _spread_along_normal_links(t: Table) -> None:
    st, brd = t.st, t.board
    changed = True
    while changed:
        changed = False
        for u in sorted(p for p, d in st["discs"].items() if d == UNREST):
            source = next((r for r in brd.neighbours(u)
                           if disc_at(st, r) == REVOLT and not brd.link(u, r).broken), None)
            if source is not None:
                put_disc(t, u, REVOLT)
                t.emit("unrest_to_revolt", province=u, next_to=source)
                changed = True


# -- 2. the Result, the Uprising and its echo -------------------------------------------------------


def roll_province(t: Table) -> str:
    """The two dice give the coordinates of a province: Roman die = region, normal die =
    its number (L284-285, L164-166)."""
    region = t.roll(ROMAN_DIE, "province")
    number = t.roll(NORMAL_DIE, "province")
    pid = t.board.at_coordinates(region, number)
    t.emit("province_rolled", region=region, number=number, province=pid)
    return pid


def apply_result(t: Table, pid: str) -> None:
    """The Result on a province (L307-316), and while it keeps producing echoes that land on
    occupied frontiers, the Result on each new province (L326-338)."""
    queue = [pid]
    while queue:
        here = queue.pop(0)
        d = disc_at(t.st, here)
        if protected(t.st, here, t.board):
            t.emit("result", province=here, effect="protected")
        elif d is None:
            put_disc(t, here, UNREST)
            t.emit("result", province=here, effect="unrest")
        elif d == UNREST:
            put_disc(t, here, REVOLT)
            t.emit("result", province=here, effect="revolt")
        else:
            t.emit("result", province=here, effect="uprising")
            uprising(t, here)
            follow = echo(t)
            if follow is not None:
                queue.append(follow)


def uprising(t: Table, pid: str) -> None:
    """A Revolt disc on every Roman province connected to this one (L318-324): emperor and
    Unrest discs are replaced, Revolt stays; frontiers never change (FAQ L737-739)."""
    st, brd = t.st, t.board
    touched = []
    for nb in brd.neighbours(pid):
        if brd.province(nb).frontier:
            continue
        if disc_at(st, nb) != REVOLT and broken_link_holds(t, pid, nb, "uprising"):
            put_disc(t, nb, REVOLT)
            touched.append(nb)
    t.emit("uprising", province=pid, revolts=touched)


def echo(t: Table) -> str | None:
    """While armies remain in the box, the Roman die picks a region: an army on its empty
    frontier, else the normal die picks a province of that region whose Result follows
    (L326-338). Returns that province, or None."""
    st, brd = t.st, t.board
    if st["reserve"]["armies"] <= 0:
        return None
    region_number = t.roll(ROMAN_DIE, "echo")
    region = brd.region_by_number(region_number)
    frontier = brd.frontier_of(region)
    if not army_at(st, frontier) and emperor_at(st, frontier) is None and disc_at(st, frontier) is None:
        place_army(t, frontier)
        t.emit("echo", region=region_number, army_arrives=frontier)
        return None
    number = t.roll(NORMAL_DIE, "echo")
    pid = brd.at_coordinates(region_number, number)
    t.emit("echo", region=region_number, number=number, province=pid)
    return pid


# -- 3. the barbarian advance ----------------------------------------------------------------


def army_step(t: Table, pid: str) -> str:
    """Where an army here goes next: the arrow, or (off every arrow) the first province of a
    shortest way to Rome (L340-357)."""
    brd = t.board
    nxt = brd.province(pid).next
    if nxt is not None:
        return nxt
    return min(brd.neighbours(pid), key=lambda p: (brd.graph_distance_to_rome(p), p))


def advance_order(t: Table) -> list[str]:
    """Nearest to Rome first (in provinces), then the lower region number (L371-375)."""
    brd = t.board
    return sorted(t.st["armies"], key=lambda p: (brd.distance_to_rome(p), brd.region_number(brd.province(p).region), p))


def devastate(t: Table, pid: str) -> None:
    """An army entering a Roman province lifts any emperor or Unrest disc and leaves a
    Revolt disc (L377-379). Entering Rome loses the game (L386)."""
    if pid == t.board.rome:
        raise GameEnds("defeat", "rome_taken", province=pid)
    before = disc_at(t.st, pid)
    if before != REVOLT:
        put_disc(t, pid, REVOLT)
    t.emit("devastation", province=pid, disc_before=before)


def advance(t: Table) -> None:
    for pid in advance_order(t):
        if pid not in t.st["armies"]:
            continue  # destroyed earlier in this advance
        advance_one(t, pid)


def advance_one(t: Table, pid: str) -> None:
    st = t.st
    target = army_step(t, pid)
    if army_at(st, target):
        t.emit("army_blocked", province=pid, to=target, by="army")
        return
    if not broken_link_holds(t, pid, target, "advance"):
        t.emit("army_blocked", province=pid, to=target, by="broken_link")
        return
    defender = emperor_at(st, target)
    if defender is None:
        move_army(t, pid, target)
        t.emit("army_advances", src=pid, to=target)
        devastate(t, target)
        return
    if _constantius_blocks(t, defender, pid):
        return
    winner = battle(t, defender, target, pid, attacker="army",
                    bonus_allowed=st["standing"].get(defender, {}).get("defend_bonus", 0))
    if winner == "army":
        remove_emperor(t, defender, "defeat")
        move_army(t, pid, target)
        t.emit("army_advances", src=pid, to=target)
        devastate(t, target)
    elif winner == "emperor":
        remove_army(t, pid)
        lifted = lift_disc(t, pid) if disc_at(st, pid) == REVOLT else None
        t.emit("army_destroyed", province=pid, disc_removed=lifted)


def _constantius_blocks(t: Table, defender: str, pid: str) -> bool:
    """Constantius' IMPERIVM power: he stops an army before it attacks him, retiring a disc
    (L439-440); a standing choice of his player (DECISIONS.md D11)."""
    st = t.st
    if defender != "constantius" or not st["options"].get("imperivm"):
        return False
    if not st["standing"].get("constantius", {}).get("block"):
        return False
    if st["emperors"]["constantius"]["discs"] <= 0:  # his standing choice, and no disc left to retire
        t.emit("bonus_unused", emperor="constantius", power="block_army", why="no_discs", province=pid)
        return False
    st["emperors"]["constantius"]["discs"] -= 1
    st["emperors"]["constantius"]["retired"] += 1
    t.emit("imperium", emperor="constantius", power="block_army", province=pid)
    t.emit("army_blocked", province=pid, to=st["emperors"]["constantius"]["at"], by="constantius")
    return True


def barbarian_phase(t: Table, emperor: str) -> None:
    t.emit("barbarian_phase", emperor=emperor)
    state_of_the_empire(t)
    apply_result(t, roll_province(t))
    advance(t)
