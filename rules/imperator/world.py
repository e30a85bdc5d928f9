"""The engine's read-only view of a title's data: map graph, peoples, leaders, units,
scenarios. Built once per data directory and cached.

The YAML files follow ``rules/semper_victor/data/SCHEMA.md``. The engine keeps its own
small indexes here (neighbours, step costs, distances from origin zones) because the
movement code asks these questions thousands of times per SMC; the records themselves are
the YAML records, unchanged.
"""

from __future__ import annotations

import copy
import json

from collections import deque
from functools import lru_cache
from pathlib import Path

from rules import yamlfiles

def _load(path: Path):
    if not path.exists():
        return None
    with open(path, encoding="utf-8") as fh:
        return yamlfiles.safe_load(fh)


class World:
    """Everything static about a title. Ids are sorted wherever the engine iterates."""

    def __init__(self, data_dir: Path, title=None) -> None:
        self.data_dir = Path(data_dir)
        #: the title's plug-in (``rules/imperator/plugin.py``)
        self.title = title
        #: what movement derives from a piece's data (people, stacking group, unit kind),
        #: filled as contexts ask and shared by them (movement.py ``_data_kinds``)
        self.piece_kinds: dict = {}
        raw_map = _load(self.data_dir / "map.yaml") or {}
        self.dioceses = {d["id"]: d for d in raw_map.get("dioceses", [])}
        self.zones = {z["id"]: z for z in raw_map.get("zones", [])}
        self.seas = {s["id"]: s for s in raw_map.get("seas", [])}
        self.ports = {p["id"]: p for p in raw_map.get("ports", [])}
        self.edges: dict[tuple[str, str], dict] = {}
        adjacency: dict[str, set[str]] = {z: set() for z in self.zones}
        for edge in raw_map.get("edges", []):
            a, b = edge["a"], edge["b"]
            self.edges[(a, b)] = edge
            self.edges[(b, a)] = edge
            adjacency.setdefault(a, set()).add(b)
            adjacency.setdefault(b, set()).add(a)
        self.adjacency = {z: tuple(sorted(n)) for z, n in adjacency.items()}
        #: PM cost of each step along an edge (SV 7.2, UR 7.2): 1, +1 across a great river or a
        #: strait, or + the edge's ``extra_pm`` (UR L996-1000: the crossings made without a
        #: fleet cost +2)
        self.step_costs = {ab: 1 + int(edge.get("extra_pm", 1)) if edge["kind"] in ("river", "strait") else 1
                           for ab, edge in self.edges.items()}
        self._steps_from = {z: tuple((n, self.step_costs[(z, n)]) for n in ns) for z, ns in self.adjacency.items()}
        # what the movement rules ask of a zone thousands of times an SMC, read off its record once
        self._inside = {z: r.get("empire") == "in" for z, r in self.zones.items()}
        self._for_movement = {z: r.get("empire") in ("in", "exempt") for z, r in self.zones.items()}
        self._diocese_of = {z: r.get("diocese") for z, r in self.zones.items()}
        self.diocese_zones: dict[str, tuple[str, ...]] = {}
        for zid in sorted(self.zones):
            d = self.zones[zid].get("diocese")
            if d:
                self.diocese_zones.setdefault(d, ())
                self.diocese_zones[d] += (zid,)
        raw_peoples = _load(self.data_dir / "peoples.yaml") or {}
        self.nationalities = {n["id"]: n for n in raw_peoples.get("nationalities", [])}
        self.peoples = {p["id"]: p for p in raw_peoples.get("peoples", [])}
        self.leaders = {r["id"]: r for r in (_load(self.data_dir / "leaders.yaml") or {}).get("leaders", [])}
        self.units = {r["id"]: r for r in (_load(self.data_dir / "units.yaml") or {}).get("units", [])}
        self.origin_of: dict[str, str] = {}
        for pid in sorted(self.peoples):
            for z in self.peoples[pid].get("origin_zones") or []:
                self.origin_of.setdefault(z, pid)
        for zid, z in sorted(self.zones.items()):
            if z.get("people"):
                self.origin_of.setdefault(zid, z["people"])
        self._hops_cache: dict[str, dict[str, int]] = {}
        self.sea_coasts = {sid: tuple(sorted(s.get("coasts") or [])) for sid, s in self.seas.items()}

    # -- scenarios -------------------------------------------------------------------------
    def scenario_ids(self) -> list[str]:
        folder = self.data_dir / "scenarios"
        if not folder.is_dir():
            return []
        return sorted(p.stem for p in folder.glob("*.yaml"))

    def scenario(self, sid: str) -> dict:
        """A fresh copy of the scenario file (parsed once per process)."""
        cache = self.__dict__.setdefault("_scenario_cache", {})
        if sid not in cache:
            raw = _load(self.data_dir / "scenarios" / f"{sid}.yaml")
            if raw is None:
                raise KeyError(f"no scenario {sid!r} in {self.data_dir / 'scenarios'}")
            cache[sid] = json.dumps(raw, sort_keys=True)
        return json.loads(cache[sid])

    # -- the map (SV 3.1, 7.2, 7.3) --------------------------------------------------------
    def is_zone(self, zid) -> bool:
        return isinstance(zid, str) and zid in self.zones

    def neighbours(self, zid: str) -> tuple[str, ...]:
        return self.adjacency.get(zid, ())

    def adjacent(self, a: str, b: str) -> bool:
        return (a, b) in self.edges

    def edge_kind(self, a: str, b: str) -> str | None:
        edge = self.edges.get((a, b))
        return edge["kind"] if edge else None

    def step_cost(self, a: str, b: str) -> int:
        """1 PM, +1 across a great river or a strait (SV 7.2, L681-685)."""
        return self.step_costs.get((a, b), 1)

    def steps_from(self, zid: str) -> tuple[tuple[str, int], ...]:
        """``(neighbour, step_cost)`` of every step out of a zone, neighbours in order."""
        return self._steps_from.get(zid, ())

    def with_rivers_eased(self, rivers: frozenset, keep_kind: bool) -> "World":
        """This world with the great ``rivers`` (names, as ``edges[].river``) crossed at no
        extra PM (UR event 7, L1510-1511: the frozen Rhenus and Danuvius). ``keep_kind``: the
        edges stay rivers for what else reads them (the attacker's river DRM); otherwise they
        read as land. One variant per choice, made once; everything else is shared."""
        key = (frozenset(rivers), bool(keep_kind))
        variants = self.__dict__.setdefault("_eased", {})
        if key in variants:
            return variants[key]
        variant = copy.copy(self)
        variant._eased = {}
        variant.edges = {ab: (dict(edge, extra_pm=0, **({} if keep_kind else {"kind": "land"}))
                              if edge["kind"] == "river" and edge.get("river") in rivers else edge)
                         for ab, edge in self.edges.items()}
        variant.step_costs = {ab: 1 + int(edge.get("extra_pm", 1)) if edge["kind"] in ("river", "strait") else 1
                              for ab, edge in variant.edges.items()}
        variant._steps_from = {z: tuple((n, variant.step_costs[(z, n)]) for n in ns) for z, ns in self.adjacency.items()}
        variant.base = self
        variants[key] = variant
        return variant

    def in_empire(self, zid: str) -> bool:
        try:
            return self._inside[zid]
        except KeyError:  # an unknown zone fails as the record lookup does
            return self.zones[zid].get("empire") == "in"

    def empire_for_movement(self, zid: str) -> bool:
        """The seven eastern zones count as Empire for SV 7.3 (L691)."""
        try:
            return self._for_movement[zid]
        except KeyError:
            return self.zones[zid].get("empire") in ("in", "exempt")

    def diocese_of(self, zid: str) -> str | None:
        try:
            return self._diocese_of[zid]
        except KeyError:
            return self.zones[zid].get("diocese")

    def people_of_zone(self, zid: str) -> str | None:
        """The people whose origin zone this is."""
        return self.origin_of.get(zid)

    def is_capital(self, zid: str, built: tuple[str, ...] = ()) -> bool:
        return bool(self.zones[zid].get("capital"))

    def is_city(self, zid: str) -> bool:
        return bool(self.zones[zid].get("city"))

    def capital_zone(self, capital_name: str) -> str | None:
        for zid in sorted(self.zones):
            if (self.zones[zid].get("capital") or "").lower() == capital_name.lower():
                return zid
        return None

    def control_zones(self, diocese: str) -> tuple[str, ...]:
        """The zones to hold for diocese control (SV 3.7.3, L452-456): the capital zone,
        else the city zone(s)."""
        zones = self.diocese_zones.get(diocese, ())
        capitals = tuple(z for z in zones if self.zones[z].get("capital"))
        if capitals:
            return capitals
        return tuple(z for z in zones if self.zones[z].get("city"))

    def hops_from_origin(self, people: str) -> dict[str, int]:
        """Zone distance to the nearest origin zone of a people (SV 4.3 five-zone limit,
        A80: counted in zones over land and strait edges, ignoring PM)."""
        if people not in self._hops_cache:
            starts = [z for z in (self.peoples.get(people, {}).get("origin_zones") or []) if z in self.zones]
            dist = {z: 0 for z in starts}
            queue = deque(starts)
            while queue:
                z = queue.popleft()
                for n in self.neighbours(z):
                    if n not in dist:
                        dist[n] = dist[z] + 1
                        queue.append(n)
            self._hops_cache[people] = dist
        return self._hops_cache[people]

    # -- seas and fleets (SV 3.4.2) --------------------------------------------------------
    def port_of_fleet(self, fleet: str) -> dict | None:
        for pid in sorted(self.ports):
            if self.ports[pid].get("fleet") == fleet:
                return self.ports[pid]
        return None

    def navigable(self, sea: str) -> bool:
        return bool(self.seas.get(sea, {}).get("navigable"))

    def sea_neighbours(self, sea: str) -> tuple[str, ...]:
        return tuple(sorted(self.seas.get(sea, {}).get("adjacent") or []))


@lru_cache(maxsize=None)
def world_for(data_dir: str, title=None) -> World:
    """The world of a title's data folder, with its plug-in, built once per process."""
    return World(Path(data_dir), title)
