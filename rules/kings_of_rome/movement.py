"""Movement on the hex map (§6.1, §6.1.1, §2.1): movement points, terrain, roads and tracks,
major rivers, the sea, enemy hexes; shortest paths; zones of control (§7.1, DECISIONS A-34).

Costs are counted in half movement points so that a main road's ½ MP stays an integer.
"""

from __future__ import annotations

import heapq
import threading
from contextlib import contextmanager

from rules.kings_of_rome.data import distance
from rules.kings_of_rome.state import NONROMAN, ROMAN, ROME, Table, forces_at


def where(t: Table, fid: str) -> str:
    """The map hex of a force; an army on the Rome mini-map moves from Rome's hex."""
    h = t.st["forces"][fid]["hex"]
    return t.d.rome if h == ROME else h


def allowance_mp(t: Table, fid: str) -> int:
    """Half MP of a group: its slowest member (L1113-1115, L1129-1131)."""
    force = t.st["forces"][fid]
    mv = t.T["movement"]
    speeds = [mv["infantry"] if t.d.units[u]["arm"] == "inf" else mv["cavalry"] for u in force["units"]]
    if force["offices"] or force.get("leader"):
        speeds.append(mv["leader"])
    return 2 * min(speeds) if speeds else 0


def enemy_side(side: str) -> str:
    return NONROMAN if side == ROMAN else ROMAN


def hostile_hexes(t: Table, side: str) -> set[str]:
    """Every hex an army of ``side`` must stop at: enemy forces, and cities of the other side
    holding a garrison (L1106-1112)."""
    st = t.st
    enemy = enemy_side(side)
    out = set()
    for force in st["forces"].values():
        if force["side"] == enemy and (force["units"] or force["offices"] or force.get("leader")):
            out.add(force["hex"])
    for cid, city in st["cities"].items():
        if city["garrison"] > 0 and city["active"] and city["roman"] != (side == ROMAN):
            out.add(t.d.cities[cid]["hex"])
    return out


def hostile_in(t: Table, hex_: str, side: str) -> bool:
    return hex_ in hostile_hexes(t, side)


def step(t: Table, a: str, b: str) -> int | None:
    """Half MP to go from a to b, or None when b is not a land hex next to a."""
    if b not in t.d.map.neighbours(a):
        return None
    return t.d.map.step_cost(a, b, t.T["movement"]["costs"])


def check_path(t: Table, fid: str, path: list[str], budget: int | None = None, start: str | None = None
               ) -> tuple[str | None, int, int]:
    """(problem code or None, half MP spent, index of the first illegal step). A path may
    stop movement only on its last hex: an enemy hex, or across a major river without a
    ford (L178-184)."""
    side = t.st["forces"][fid]["side"]
    here = start or where(t, fid)
    if path and path[0] == here:
        path = path[1:]
    budget = allowance_mp(t, fid) if budget is None else budget
    spent = 0
    for i, nxt in enumerate(path):
        cost = step(t, here, nxt)
        if cost is None:
            return ("move.not_adjacent" if nxt not in t.d.map.neighbours(here) else "move.not_land"), spent, i
        if spent + cost > budget:
            return "move.too_far", spent, i
        last = i == len(path) - 1
        if t.d.map.blocks(here, nxt) and not last:
            return "move.river_stops", spent, i
        if hostile_in(t, nxt, side) and not last:
            return "move.enemy_stops", spent, i
        spent += cost
        here = nxt
    return None, spent, len(path)


class Reach:
    """The hexes a force can end a move in, with their cost in half MP; the path to one is
    worked out only when asked (``reach[hex] -> (cost, path)``). Iterates in hex order."""

    def __init__(self, origin: str, best: dict[str, int], prev: dict[str, str]):
        self.origin, self._best, self._prev = origin, best, prev
        self._keys = sorted(h for h in best if h != origin)

    def __contains__(self, hex_) -> bool:
        return hex_ != self.origin and hex_ in self._best

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __bool__(self) -> bool:
        return bool(self._keys)

    def cost(self, hex_: str) -> int:
        return self._best[hex_]

    def path(self, hex_: str) -> list[str]:
        path = [hex_]
        while path[-1] != self.origin:
            path.append(self._prev[path[-1]])
        return path[-2::-1]

    def __getitem__(self, hex_: str) -> tuple[int, list[str]]:
        if hex_ not in self:
            raise KeyError(hex_)
        return self._best[hex_], self.path(hex_)

    def get(self, hex_: str, default=None):
        return self[hex_] if hex_ in self else default

    def keys(self) -> list[str]:
        return list(self._keys)


_SHARED = threading.local()


@contextmanager
def shared_reach(st: dict):
    """While the prompts of one state are built, its options (orders.py) and its choices
    (choices.py) ask the same reach of each army: inside this block each is searched once
    for ``st``. The state must not change inside (building prompts only reads it)."""
    outer = getattr(_SHARED, "memo", None)
    _SHARED.memo = (st, {})
    try:
        yield
    finally:
        _SHARED.memo = outer


def reachable(t: Table, fid: str, budget: int | None = None, start: str | None = None) -> Reach:
    """Every hex the force can end a move in. A cheapest-first search in which ties go to
    the first way found in the map's fixed neighbour order, so the answer never depends on
    hash order. Inside :func:`shared_reach` for this state, each search runs once."""
    origin = start or where(t, fid)
    memo = getattr(_SHARED, "memo", None)
    if memo is None or memo[0] is not t.st:
        return _reach(t, fid, budget, origin)
    key = (fid, budget, origin)
    if key not in memo[1]:
        memo[1][key] = _reach(t, fid, budget, origin)
    return memo[1][key]


def _reach(t: Table, fid: str, budget: int | None, origin: str) -> Reach:
    side = t.st["forces"][fid]["side"]
    budget = allowance_mp(t, fid) if budget is None else budget
    costs = t.T["movement"]["costs"]
    stop = hostile_hexes(t, side)
    best = {origin: 0}
    prev: dict[str, str] = {}
    stopped = set()
    queue = [(0, origin)]
    adjacent = t.d.map.adjacent_land
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here] or here in stopped:
            continue
        for nxt, kind, blocked in adjacent(here):
            c = cost + costs[kind]
            old = best.get(nxt, 10 ** 9)
            halts = nxt in stop or blocked
            if c > budget or c > old or (c == old and (halts or nxt not in stopped)):
                continue
            best[nxt] = c
            prev[nxt] = here
            if halts:
                stopped.add(nxt)
            else:
                stopped.discard(nxt)
            heapq.heappush(queue, (c, nxt))
    return Reach(origin, best, prev)


def path_toward(t: Table, fid: str, goal: str, budget: int | None = None) -> list[str]:
    """The farthest reachable hex on the way to ``goal``: the reachable hex closest to it
    (then cheapest, then by id)."""
    options = reachable(t, fid, budget)
    here = where(t, fid)
    if not options:
        return []
    dest = min(options, key=lambda h: (distance(h, goal), options.cost(h), h))
    if distance(dest, goal) >= distance(here, goal):
        return []
    return options.path(dest)


def land_path(t: Table, a: str, b: str) -> list[str] | None:
    """The cheapest land path between two hexes, ignoring enemies (for 'nearest' questions)."""
    costs = t.T["movement"]["costs"]
    best = {a: 0}
    queue = [(0, a, [a])]
    while queue:
        cost, here, path = heapq.heappop(queue)
        if here == b:
            return path
        if cost > best.get(here, 10 ** 9):
            continue
        for nxt in t.d.map.neighbours(here):
            c = t.d.map.step_cost(here, nxt, costs)
            if c is None:
                continue
            if cost + c < best.get(nxt, 10 ** 9):
                best[nxt] = cost + c
                heapq.heappush(queue, (cost + c, nxt, path + [nxt]))
    return None


def nearest(t: Table, start: str, candidates: list[str]) -> str | None:
    """The candidate hex nearest ``start`` by hex distance (ties by id)."""
    if not candidates:
        return None
    return min(sorted(candidates), key=lambda h: (distance(start, h), h))


def free_neighbour(t: Table, hex_: str, side: str, toward: str | None = None, avoid: str | None = None) -> str | None:
    """An adjacent land hex with no enemy in it, for a withdrawal or a fall-back: the one
    nearest ``toward`` (Rome for the Romans), never ``avoid``."""
    options = [n for n in t.d.map.neighbours(hex_) if t.d.map.is_land(n) and n != avoid and not hostile_in(t, n, side)]
    if not options:
        return None
    goal = toward or hex_
    return min(sorted(options), key=lambda h: (distance(h, goal), h))


def zoc_hexes(t: Table) -> set[str]:
    """Hexes in a non-Roman zone of control (DECISIONS A-34): next to a non-Roman army with
    a leader and units, or to a non-Roman city holding a garrison or troops."""
    st = t.st
    sources = set()
    for fid in sorted(st["forces"]):
        force = st["forces"][fid]
        if force["side"] == NONROMAN and force.get("leader") and force["units"] and force["hex"] in t.d.map.terrain:
            sources.add(force["hex"])
    for cid, city in sorted(st["cities"].items()):
        hex_ = t.d.cities[cid]["hex"]
        if not city["roman"] and city["active"] and (city["garrison"] > 0 or forces_at(st, hex_, NONROMAN)):
            sources.add(hex_)
    zoc = set()
    for s in sorted(sources):
        zoc.update(t.d.map.neighbours(s))
    return zoc


def leave_rome(t: Table, fid: str) -> None:
    """An army on the Rome mini-map steps onto the map at Rome's hex."""
    force = t.st["forces"][fid]
    if force["hex"] == ROME:
        force["hex"] = t.d.rome
        t.st["turn_state"].setdefault("left_rome", []).append(fid)
