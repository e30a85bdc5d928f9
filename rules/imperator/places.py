"""Places the rules look for on the map of the moment: the imperial capitals
(Constantinopolis once built) and the cheapest path costs from a zone. Shared by the
events, the adjustments, the successions and the nominations.
"""

from __future__ import annotations

import heapq

from rules.imperator import state as st


def capital_zones(world, state: dict) -> list[str]:
    """The zones of the imperial capitals (SV 3.1.2), Constantinopolis once built."""
    zones = [z for z in sorted(world.zones) if world.zones[z].get("capital")]
    if (state.get("constantinople") or {}).get("built"):
        zones = sorted(set(zones) | {state["constantinople"]["zone"]})
    return zones


def path_costs(world, start: str) -> dict[str, int]:
    """Cheapest PM cost from ``start`` to every land zone (Dijkstra over the map)."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, zone = heapq.heappop(heap)
        if cost > best.get(zone, 1 << 30):
            continue
        for n in world.neighbours(zone):
            c = cost + world.step_cost(zone, n)
            if c < best.get(n, 1 << 30):
                best[n] = c
                heapq.heappush(heap, (c, n))
    return best


def free_zone_of_diocese(world, state: dict, zone: str, side: str) -> str | None:
    """``zone`` if no enemy combat unit of ``side`` stands there, else the first zone of its
    diocese free of them, else None (a leader entering from the tables: SV A30, UR A10)."""
    def enemy_in(z):
        return any(state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] not in (None, side)
                   for i in st.pieces_in(state, z))
    if not enemy_in(zone):
        return zone
    for z in world.diocese_zones.get(world.diocese_of(zone), ()):
        if not enemy_in(z):
            return z
    return None
