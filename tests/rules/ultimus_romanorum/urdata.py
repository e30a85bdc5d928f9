"""Read-only helpers over Ultimus Romanorum's data files, for the clue and consistency tests.

The tests check the data against the rulebook, so they read the YAML as written and apply the
book's own costs (UR 7.2: 1 PM a zone, +1 across a great river or a strait, +2 for the three
crossings made without a fleet, ``extra_pm``); the engine's reading of the same files is
tested with the engine.
"""

from __future__ import annotations

import heapq
from collections import deque
from functools import cached_property, lru_cache

from rules.imperator import data

SLUG = "ultimus-romanorum"
DATA = data.data_dir(SLUG)
WEST = ("hispaniae", "britanniae", "viennensis", "galliae", "italia", "africa", "pannoniae")  # L235-236
EAST = ("moesiae", "thracia", "asia", "pontica", "oriens")  # L236


def raw(name: str):
    return data.read_yaml(DATA / name)


class UrMap:
    def __init__(self):
        self.map = raw("map.yaml")
        self.peoples_file = raw("peoples.yaml")
        self.zones = {z["id"]: z for z in self.map["zones"]}
        self.dioceses = {d["id"]: d for d in self.map["dioceses"]}
        self.seas = {s["id"]: s for s in self.map["seas"]}
        self.ports = {p["id"]: p for p in self.map["ports"]}
        self.refuges = {r["id"]: r for r in self.map["refuges"]}
        self.peoples = {p["id"]: p for p in self.peoples_file["peoples"]}
        self.edges = {}
        self.adj = {z: set() for z in self.zones}
        for e in self.map["edges"]:
            self.edges[(e["a"], e["b"])] = self.edges[(e["b"], e["a"])] = e
            self.adj[e["a"]].add(e["b"])
            self.adj[e["b"]].add(e["a"])

    # -- zones ----------------------------------------------------------------------------
    def zone(self, zid):
        return self.zones[zid]

    def neighbours(self, zid):
        return sorted(self.adj[zid])

    def adjacent(self, a, b):
        return (a, b) in self.edges

    def edge(self, a, b):
        return self.edges.get((a, b))

    def diocese_of(self, zid):
        return self.zones[zid].get("diocese")

    def half_of(self, zid):
        d = self.diocese_of(zid)
        return self.dioceses[d]["half"] if d else None

    def in_empire(self, zid):
        return self.zones[zid]["empire"] == "in"

    def empire_for_movement(self, zid):
        return self.zones[zid]["empire"] in ("in", "exempt")

    def diocese_zones(self, did):
        return sorted(z for z, r in self.zones.items() if r.get("diocese") == did)

    def zone_with(self, field, value):
        found = [z for z, r in sorted(self.zones.items()) if (r.get(field) or "").lower() == value.lower()]
        assert len(found) == 1, (field, value, found)
        return found[0]

    def place_zone(self, name):
        """The zone whose capital or city is ``name``."""
        found = [z for z, r in sorted(self.zones.items())
                 if name.lower() in ((r.get("capital") or "").lower(), (r.get("city") or "").lower())]
        assert len(found) == 1, (name, found)
        return found[0]

    # -- costs (UR 7.2) -------------------------------------------------------------------
    def move_cost(self, a, b):
        e = self.edges[(a, b)]
        return 1 + e.get("extra_pm", 1 if e["kind"] in ("river", "strait") else 0)

    def path_cost(self, path):
        return sum(self.move_cost(a, b) for a, b in zip(path, path[1:]))

    def cheapest_cost(self, start, goal):
        best = {start: 0}
        heap = [(0, start)]
        while heap:
            c, z = heapq.heappop(heap)
            if z == goal:
                return c
            if c > best.get(z, 99):
                continue
            for n in self.neighbours(z):
                nc = c + self.move_cost(z, n)
                if nc < best.get(n, 99):
                    best[n] = nc
                    heapq.heappush(heap, (nc, n))
        return None

    def hops_from(self, starts):
        dist = {s: 0 for s in starts}
        queue = deque(sorted(starts))
        while queue:
            z = queue.popleft()
            for n in self.neighbours(z):
                if n not in dist:
                    dist[n] = dist[z] + 1
                    queue.append(n)
        return dist

    # -- seas (UR 3.4.2) ------------------------------------------------------------------
    def coasts(self, sea):
        return self.seas[sea]["coasts"]

    def coastal(self, zid):
        return any(zid in s["coasts"] for s in self.seas.values())

    def navigable(self, sea):
        return bool(self.seas[sea]["navigable"])

    # -- peoples (UR 4) -------------------------------------------------------------------
    def origin_zones(self, people):
        return self.peoples[people]["origin_zones"]

    @cached_property
    def unnamed_outside(self):
        return sorted(z for z, r in self.zones.items() if r["empire"] != "in" and not r.get("people"))


@lru_cache(maxsize=1)
def ur_map() -> UrMap:
    return UrMap()
