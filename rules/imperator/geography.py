"""The map as a graph: zones, land edges, seas and ports of an SMC game (SV 3.1, 7.2, 7.3).

:class:`Geography` answers the questions the rules ask of the map (adjacency, movement
cost, dioceses, capitals and cities, frontier zones, origin zones, sea zones). It is built
once per ruleset and process from the validated data (``rules.imperator.data``) and is
read-only. Everything it returns that comes from a set is sorted by id, so adjudication
never depends on hash order.
"""

from __future__ import annotations

import heapq
from collections import deque
from functools import lru_cache

from rules.imperator import data as _data
from rules.imperator.data import Edge, MapData, PeoplesData, Port, Zone

#: Movement cost of crossing one border (SV 7.2, L682-685).
BASE_COST = 1
GREAT_RIVER_EXTRA = 1
STRAIT_EXTRA = 1


class UnknownZone(KeyError):
    pass


class NotAdjacent(ValueError):
    pass


class Geography:
    """Read-only queries over one ruleset's map and peoples."""

    def __init__(self, map_data: MapData, peoples: PeoplesData):
        self.map_data = map_data
        self._zones: dict[str, Zone] = {z.id: z for z in map_data.zones}
        self._edges: dict[tuple[str, str], Edge] = {e.pair: e for e in map_data.edges}
        self._neighbours: dict[str, tuple[str, ...]] = self._build_neighbours()
        self._dioceses = {d.id: d for d in map_data.dioceses}
        self._seas = {s.id: s for s in map_data.seas}
        self._ports = {p.id: p for p in map_data.ports}
        self._peoples = {p.id: p for p in peoples.peoples}

    def _build_neighbours(self) -> dict[str, tuple[str, ...]]:
        found: dict[str, set[str]] = {z: set() for z in self._zones}
        for a, b in self._edges:
            found[a].add(b)
            found[b].add(a)
        return {z: tuple(sorted(n)) for z, n in found.items()}

    # -- zones --------------------------------------------------------------------------
    @property
    def zone_ids(self) -> tuple[str, ...]:
        return tuple(sorted(self._zones))

    def zone(self, zone_id: str) -> Zone:
        try:
            return self._zones[zone_id]
        except KeyError:
            raise UnknownZone(zone_id) from None

    def neighbours(self, zone_id: str) -> tuple[str, ...]:
        """Zones sharing a border or a corner (SV 7.2, L681), straits included, sorted."""
        self.zone(zone_id)
        return self._neighbours[zone_id]

    def adjacent(self, a: str, b: str) -> bool:
        return self.edge(a, b) is not None

    def edge(self, a: str, b: str) -> Edge | None:
        self.zone(a), self.zone(b)
        return self._edges.get((min(a, b), max(a, b)))

    def move_cost(self, a: str, b: str) -> int:
        """PM to move from ``a`` to the adjacent ``b``: 1, +1 across a great river, +1
        across a strait (SV 7.2, L682-685)."""
        edge = self._require_edge(a, b)
        return BASE_COST + (GREAT_RIVER_EXTRA if edge.kind == "river" else 0) + (
            STRAIT_EXTRA if edge.kind == "strait" else 0
        )

    def crosses_river_or_strait(self, a: str, b: str) -> bool:
        return self._require_edge(a, b).kind in ("river", "strait")

    def _require_edge(self, a: str, b: str) -> Edge:
        edge = self.edge(a, b)
        if edge is None:
            raise NotAdjacent(f"{a} and {b} are not adjacent")
        return edge

    def in_empire(self, zone_id: str) -> bool:
        return self.zone(zone_id).empire == "in"

    def counts_as_empire_for_movement(self, zone_id: str) -> bool:
        """True inside the Empire and in the 7 eastern zones exempt from the 2-PM limit
        outside it: Persae, Armenia, Iberia (SV 7.3, L691)."""
        return self.zone(zone_id).empire in ("in", "exempt")

    def is_origin_zone(self, zone_id: str) -> bool:
        return self.zone(zone_id).people is not None

    def is_unnamed_zone(self, zone_id: str) -> bool:
        """A zone outside the Empire bearing no people's name (SV 4.3, L522-523)."""
        z = self.zone(zone_id)
        return z.empire != "in" and z.people is None

    # -- paths --------------------------------------------------------------------------
    def path_cost(self, path: list[str] | tuple[str, ...]) -> int:
        """PM for a path of zones, start included (``[a, b, c]`` costs a->b + b->c)."""
        return sum(self.move_cost(a, b) for a, b in zip(path, path[1:]))

    def cheapest_cost(self, a: str, b: str) -> int | None:
        """Least PM from ``a`` to ``b`` over land edges, or None if unreachable by land."""
        self.zone(a), self.zone(b)
        best = {a: 0}
        queue = [(0, a)]
        while queue:
            cost, here = heapq.heappop(queue)
            if here == b:
                return cost
            if cost > best[here]:
                continue
            for there in self._neighbours[here]:
                new = cost + self.move_cost(here, there)
                if new < best.get(there, new + 1):
                    best[there] = new
                    heapq.heappush(queue, (new, there))
        return None

    def hops(self, a: str, b: str) -> int | None:
        """Zone distance ignoring PM costs, or None if unreachable by land; the peoples'
        5-zone limit counts in hops (SV 4.3, L527)."""
        return self.distances_from(a).get(b)

    def distances_from(self, start: str) -> dict[str, int]:
        """Hops from ``start`` to every zone reachable by land."""
        self.zone(start)
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self._neighbours[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    def zones_within(self, start: str, hops: int) -> tuple[str, ...]:
        return tuple(sorted(z for z, d in self.distances_from(start).items() if d <= hops))

    def nearest(self, start: str, candidates) -> tuple[str, ...]:
        """The candidate zones fewest hops from ``start`` (ties all returned, sorted), as
        for 'the nearest zone' of SV 9.3.3 and 9.4."""
        dist = self.distances_from(start)
        reachable = [(dist[c], c) for c in sorted(set(candidates)) if c in dist]
        if not reachable:
            return ()
        low = min(d for d, _ in reachable)
        return tuple(c for d, c in reachable if d == low)

    # -- dioceses -----------------------------------------------------------------------
    @property
    def diocese_ids(self) -> tuple[str, ...]:
        return tuple(sorted(self._dioceses))

    def diocese(self, diocese_id: str):
        try:
            return self._dioceses[diocese_id]
        except KeyError:
            raise KeyError(f"unknown diocese {diocese_id!r}") from None

    def diocese_of(self, zone_id: str) -> str | None:
        return self.zone(zone_id).diocese

    def diocese_zones(self, diocese_id: str) -> tuple[str, ...]:
        """The diocese's zones in number order (1, 2, ...)."""
        self.diocese(diocese_id)
        zones = [z for z in self._zones.values() if z.diocese == diocese_id]
        return tuple(z.id for z in sorted(zones, key=lambda z: z.number))

    def zone_one(self, diocese_id: str) -> str:
        """Zone n°1, where the diocese's control marker sits (SV 3.7.3, L450)."""
        return self.diocese_zones(diocese_id)[0]

    def half_of(self, diocese_id: str) -> str:
        return self.diocese(diocese_id).half

    def capital_zone(self, diocese_id: str) -> str | None:
        for z in self.diocese_zones(diocese_id):
            if self._zones[z].capital:
                return z
        return None

    def capital_zone_named(self, capital: str) -> str:
        """The zone of the capital called ``capital`` (``Treveri``): entry codes M/T/S/N."""
        for z in sorted(self._zones):
            if self._zones[z].capital == capital:
                return z
        raise KeyError(f"no capital named {capital!r}")

    def capitals(self) -> dict[str, str]:
        """Capital name -> zone, for the six starting capitals (SV 3.1.2, L190)."""
        return {self._zones[z].capital: z for z in sorted(self._zones) if self._zones[z].capital}

    def city_zones(self, diocese_id: str) -> tuple[str, ...]:
        return tuple(z for z in self.diocese_zones(diocese_id) if self._zones[z].city)

    def city_or_capital_zones(self) -> tuple[str, ...]:
        """Every zone holding a city or a capital (recovery SV 9.3, relocation 9.3.3)."""
        return tuple(sorted(z for z, v in self._zones.items() if v.city or v.capital))

    def control_zones(self, diocese_id: str) -> tuple[str, ...]:
        """The zones to hold to take the diocese: its capital zone, else its one or two
        city zones (SV 3.7.3, L452-456)."""
        capital = self.capital_zone(diocese_id)
        return (capital,) if capital else self.city_zones(diocese_id)

    def frontier_zones(self, diocese_id: str) -> tuple[str, ...]:
        """The diocese's zones adjacent to a zone outside the Empire, exempt zones
        included: where its RI deploy and come back (SV 3.3.2 L235, 9.3.1)."""
        return tuple(
            z for z in self.diocese_zones(diocese_id)
            if any(not self.in_empire(n) for n in self._neighbours[z])
        )

    def ri_zones(self, diocese_id: str) -> tuple[str, ...]:
        """Where an RI of the diocese may be placed: its frontier zones, or every zone
        of the diocese if it has none ("s'il y en a", L235)."""
        return self.frontier_zones(diocese_id) or self.diocese_zones(diocese_id)

    def dioceses_adjacent(self, d1: str, d2: str) -> bool:
        """Two dioceses touch when a zone of one borders a zone of the other; straits
        count (SV 3.6.3 C/, L389)."""
        if d1 == d2:
            return False
        ones = set(self.diocese_zones(d1))
        return any(n in ones for z in self.diocese_zones(d2) for n in self._neighbours[z])

    def adjacent_dioceses(self, diocese_id: str) -> tuple[str, ...]:
        return tuple(d for d in self.diocese_ids if self.dioceses_adjacent(diocese_id, d))

    # -- special places -----------------------------------------------------------------
    def rome_zone(self) -> str:
        return self._only(lambda z: z.rome, "Rome")

    def byzantium_zone(self) -> str:
        return self._only(lambda z: z.byzantium, "Byzantium")

    def ctesiphon_zone(self) -> str:
        return self._only(lambda z: z.ctesiphon, "Ctesiphon")

    def _only(self, test, what: str) -> str:
        found = sorted(z.id for z in self._zones.values() if test(z))
        if len(found) != 1:
            raise LookupError(f"the map must have exactly one {what} zone, found {found}")
        return found[0]

    # -- seas and ports (SV 3.4.2) -------------------------------------------------------
    @property
    def seas(self) -> tuple[str, ...]:
        return tuple(sorted(self._seas))

    def sea(self, sea_id: str):
        try:
            return self._seas[sea_id]
        except KeyError:
            raise KeyError(f"unknown sea {sea_id!r}") from None

    def sea_neighbours(self, sea_id: str) -> tuple[str, ...]:
        return tuple(sorted(self.sea(sea_id).adjacent))

    def coasts(self, sea_id: str) -> tuple[str, ...]:
        """Land zones a fleet in this sea zone may land in."""
        return tuple(sorted(self.sea(sea_id).coasts))

    def seas_of(self, zone_id: str) -> tuple[str, ...]:
        self.zone(zone_id)
        return tuple(s for s in self.seas if zone_id in self._seas[s].coasts)

    def navigable(self, sea_id: str) -> bool:
        """False for the seas forbidden to fleets (Oceanus Atlanticus, Fretum Gallicum,
        Mare Germanicum: SV L258)."""
        return self.sea(sea_id).navigable

    @property
    def port_ids(self) -> tuple[str, ...]:
        return tuple(sorted(self._ports))

    def port(self, port_id: str) -> Port:
        try:
            return self._ports[port_id]
        except KeyError:
            raise KeyError(f"unknown port {port_id!r}") from None

    def ports_in(self, zone_id: str) -> tuple[Port, ...]:
        self.zone(zone_id)
        return tuple(self._ports[p] for p in self.port_ids if self._ports[p].zone == zone_id)

    # -- peoples (SV 4.1, 4.3) -----------------------------------------------------------
    @property
    def people_ids(self) -> tuple[str, ...]:
        return tuple(sorted(self._peoples))

    def people(self, people_id: str):
        try:
            return self._peoples[people_id]
        except KeyError:
            raise KeyError(f"unknown people {people_id!r}") from None

    def people_origin_zones(self, people_id: str) -> tuple[str, ...]:
        return tuple(sorted(self.people(people_id).origin_zones))

    def people_band(self, people_id: str) -> str:
        """The diocese through which the people enters the Empire (SV 1.3.1, 4.3)."""
        return self.people(people_id).band

    def hops_from_origin(self, people_id: str, zone_id: str) -> int | None:
        """Hops to the nearest origin zone of the people (the 5-zone limit, SV 4.3 L527)."""
        found = [self.hops(o, zone_id) for o in self.people_origin_zones(people_id)]
        found = [h for h in found if h is not None]
        return min(found) if found else None


@lru_cache(maxsize=None)
def geography(slug: str = "semper-victor") -> Geography:
    """The one :class:`Geography` of a ruleset in this process."""
    return Geography(_data.load_map(slug), _data.load_peoples(slug))
