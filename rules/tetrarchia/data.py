"""Loading and checking the Tetrarchia data files (``data/*.yaml``).

The files are meant to be corrected by owners of the printed game, so every problem is
reported with the file, the record and the field. The loaded objects are immutable and
cached: the engine never changes them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from rules import yamlfiles

DATA_DIR = Path(__file__).resolve().parent / "data"

REGION_IDS = ("italia", "hispania", "gallia", "illyricum", "graecia", "asia-minor", "africa")
OUTER_REGIONS = REGION_IDS[1:]  # numbered I..VI clockwise (L49-51)
EMPEROR_ORDER = ("diocletian", "galerius", "constantius", "maximian")  # L103-105
STATUSES = ("pinned", "reconstructed")


class DataError(ValueError):
    """A data file is missing, malformed or inconsistent."""


def read_yaml(path: Path) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            return yamlfiles.safe_load(fh)
    except FileNotFoundError:
        raise DataError(f"{path.name}: file not found") from None
    except yaml.YAMLError as exc:
        raise DataError(f"{path.name}: not valid YAML: {exc}") from None


def _need(record: dict, field: str, where: str, kinds=None):
    if not isinstance(record, dict) or field not in record:
        raise DataError(f"{where}: missing field {field!r}")
    value = record[field]
    if kinds is not None and not isinstance(value, kinds):
        raise DataError(f"{where}: field {field!r} has the wrong type ({type(value).__name__})")
    return value


def _provenance(record: dict, where: str) -> None:
    status = _need(record, "status", where, str)
    if status not in STATUSES:
        raise DataError(f"{where}: status must be pinned or reconstructed, not {status!r}")
    ref = _need(record, "ref", where, str)
    if not ref.strip():
        raise DataError(f"{where}: ref must say the rulebook line or the reason")


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    region: str
    number: int | None
    kind: str  # roman | frontier
    coast: str | None
    capital: str | None
    rome: bool
    next: str | None
    lon: float
    lat: float
    status: str
    ref: str

    @property
    def frontier(self) -> bool:
        return self.kind == "frontier"


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    kind: str  # normal | broken
    status: str
    ref: str

    @property
    def broken(self) -> bool:
        return self.kind == "broken"


@dataclass(frozen=True)
class Sea:
    id: str
    name: str
    adjacent: tuple[str, ...]
    lon: float
    lat: float
    status: str
    ref: str
    # The water it covers on the drawn map (drawing only): ({"body", "within"?}, ...).
    area: tuple = ()


class Board:
    """The map as a graph: provinces, links, sea zones and the barbarian arrows."""

    def __init__(self, regions: list[dict], provinces: list[Province], links: list[Link], seas: list[Sea]):
        self.regions = {r["id"]: r for r in regions}
        self.provinces = {p.id: p for p in provinces}
        self.links = {frozenset((l.a, l.b)): l for l in links}
        self.seas = {s.id: s for s in seas}
        nbrs: dict[str, list[str]] = {p.id: [] for p in provinces}
        for link in links:
            nbrs[link.a].append(link.b)
            nbrs[link.b].append(link.a)
        self._neighbours = {k: tuple(sorted(v)) for k, v in nbrs.items()}
        self._by_coord = {(self.region_number(p.region), p.number): p.id
                          for p in provinces if p.kind == "roman" and p.number is not None}
        self._frontier_of = {p.region: p.id for p in provinces if p.frontier}
        self.rome = next(p.id for p in provinces if p.rome)
        self._distance = self._distances_to(self.rome)
        self._hops: dict[str, dict[str, int]] | None = None

    # -- lookups ------------------------------------------------------------------------
    def ids(self) -> list[str]:
        return sorted(self.provinces)

    def roman_ids(self) -> list[str]:
        return sorted(p for p, v in self.provinces.items() if v.kind == "roman")

    def frontier_ids(self) -> list[str]:
        return [self._frontier_of[r] for r in OUTER_REGIONS]

    def province(self, pid: str) -> Province:
        return self.provinces[pid]

    def region_number(self, region: str) -> int:
        n = self.regions[region]["number"]
        return 0 if n is None else n

    def region_by_number(self, n: int) -> str:
        return OUTER_REGIONS[n - 1]

    def at_coordinates(self, region_number: int, number: int) -> str:
        """The province the two dice address (Roman die = region, normal die = number)."""
        return self._by_coord[(region_number, number)]

    def frontier_of(self, region: str) -> str:
        return self._frontier_of[region]

    def region_provinces(self, region: str) -> list[str]:
        return sorted(p.id for p in self.provinces.values() if p.region == region and p.kind == "roman")

    def neighbours(self, pid: str) -> tuple[str, ...]:
        return self._neighbours[pid]

    def link(self, a: str, b: str) -> Link | None:
        return self.links.get(frozenset((a, b)))

    def connected(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.links

    def coastal(self, pid: str, zone: str) -> bool:
        return self.provinces[pid].coast == zone

    def coast_of(self, zone: str) -> list[str]:
        return sorted(p.id for p in self.provinces.values() if p.coast == zone)

    def sea_adjacent(self, a: str, b: str) -> bool:
        return b in self.seas[a].adjacent

    def distance_to_rome(self, pid: str) -> int:
        """Provinces to cross along the barbarian arrows (L372-375 counts in provinces)."""
        steps, here = 0, pid
        while here != self.rome:
            here = self.provinces[here].next
            if here is None:
                return self._distance[pid]
            steps += 1
        return steps

    def graph_distance_to_rome(self, pid: str) -> int:
        return self._distance[pid]

    def hop_table(self) -> dict[str, dict[str, int]]:
        """Links to cross between every two connected provinces (breadth first, computed once
        per board), for the self-play players' plans."""
        if self._hops is None:
            self._hops = {pid: self._distances_to(pid) for pid in self.provinces}
        return self._hops

    def hops(self, a: str, b: str) -> int:
        """Links to cross from ``a`` to ``b`` (99: no way)."""
        return self.hop_table()[a].get(b, 99)

    def _distances_to(self, target: str) -> dict[str, int]:
        dist = {target: 0}
        queue = deque([target])
        while queue:
            here = queue.popleft()
            for nb in self._neighbours[here]:
                if nb not in dist:
                    dist[nb] = dist[here] + 1
                    queue.append(nb)
        return dist


# -- validation -----------------------------------------------------------------------------


def _province(raw: dict, i: int) -> Province:
    where = f"board.yaml provinces[{i}]"
    pid = _need(raw, "id", where, str)
    where = f"board.yaml province {pid!r}"
    _provenance(raw, where)
    kind = _need(raw, "kind", where, str)
    if kind not in ("roman", "frontier"):
        raise DataError(f"{where}: kind must be roman or frontier, not {kind!r}")
    region = _need(raw, "region", where, str)
    if region not in REGION_IDS:
        raise DataError(f"{where}: unknown region {region!r}")
    number = raw.get("number")
    if kind == "roman" and region != "italia":
        if not isinstance(number, int) or not 1 <= number <= 6:
            raise DataError(f"{where}: a province of an outer region needs a number 1-6 (L59-63)")
    elif number is not None:
        raise DataError(f"{where}: only the 36 provinces of the outer regions carry a number")
    for coord in ("lon", "lat"):
        if not isinstance(_need(raw, coord, where), (int, float)):
            raise DataError(f"{where}: {coord} must be a number")
    capital = raw.get("capital")
    if capital is not None and capital not in EMPEROR_ORDER:
        raise DataError(f"{where}: capital must be an emperor id, not {capital!r}")
    return Province(id=pid, name=_need(raw, "name", where, str), region=region, number=number,
                    kind=kind, coast=raw.get("coast"), capital=capital, rome=bool(raw.get("rome", False)),
                    next=raw.get("next"), lon=float(raw["lon"]), lat=float(raw["lat"]),
                    status=raw["status"], ref=raw["ref"])


def build_board(raw: dict) -> Board:
    if not isinstance(raw, dict):
        raise DataError("board.yaml: the top level must be a mapping")
    regions = _need(raw, "regions", "board.yaml", list)
    for i, r in enumerate(regions):
        _need(r, "id", f"board.yaml regions[{i}]", str)
        _provenance(r, f"board.yaml region {r['id']!r}")
    if sorted(r["id"] for r in regions) != sorted(REGION_IDS):
        raise DataError(f"board.yaml: the regions must be exactly {', '.join(REGION_IDS)} (L47-51)")
    seas = []
    for i, s in enumerate(_need(raw, "seas", "board.yaml", list)):
        where = f"board.yaml seas[{i}]"
        sid = _need(s, "id", where, str)
        _provenance(s, f"board.yaml sea {sid!r}")
        area = s.get("area") or []
        if not isinstance(area, list) or not all(isinstance(a, dict) and isinstance(a.get("body"), str) for a in area):
            raise DataError(f"{where}: area is a list of {{body, within?}}")
        seas.append(Sea(sid, _need(s, "name", where, str), tuple(_need(s, "adjacent", where, list)),
                        float(s.get("lon", 0)), float(s.get("lat", 0)), s["status"], s["ref"],
                        tuple({"body": a["body"], "within": [tuple(map(float, pt)) for pt in a.get("within") or []]}
                              for a in area)))
    sea_ids = {s.id for s in seas}
    if len(seas) != 3:
        raise DataError("board.yaml: there are exactly 3 sea zones (L78-80)")
    for s in seas:
        for other in s.adjacent:
            if other not in sea_ids:
                raise DataError(f"board.yaml sea {s.id!r}: unknown adjacent zone {other!r}")
            if s.id not in next(x for x in seas if x.id == other).adjacent:
                raise DataError(f"board.yaml sea {s.id!r}: adjacency with {other!r} is not mutual")
    provinces = [_province(p, i) for i, p in enumerate(_need(raw, "provinces", "board.yaml", list))]
    ids = [p.id for p in provinces]
    if len(set(ids)) != len(ids):
        dup = sorted({x for x in ids if ids.count(x) > 1})
        raise DataError(f"board.yaml: duplicate province ids {dup}")
    known = set(ids)
    for p in provinces:
        where = f"board.yaml province {p.id!r}"
        if p.coast is not None and p.coast not in sea_ids:
            raise DataError(f"{where}: unknown sea zone {p.coast!r}")
        if p.next is not None and p.next not in known:
            raise DataError(f"{where}: next {p.next!r} is not a province")
        if p.frontier and p.coast is not None:
            raise DataError(f"{where}: a frontier province has no coast")
    roman = [p for p in provinces if p.kind == "roman"]
    if len(roman) != 42:
        raise DataError(f"board.yaml: {len(roman)} Roman provinces, the board has 42 (L47)")
    for region in REGION_IDS:
        in_region = [p for p in roman if p.region == region]
        if len(in_region) != 6:
            raise DataError(f"board.yaml: region {region!r} has {len(in_region)} provinces, not 6 (L47-48)")
        if region != "italia":
            numbers = sorted(p.number for p in in_region)
            if numbers != [1, 2, 3, 4, 5, 6]:
                raise DataError(f"board.yaml: region {region!r} numbers {numbers}, not 1-6 (L59-63)")
            frontiers = [p for p in provinces if p.frontier and p.region == region]
            if len(frontiers) != 1:
                raise DataError(f"board.yaml: region {region!r} needs exactly one frontier province (L65-69)")
    if sum(1 for p in provinces if p.rome) != 1:
        raise DataError("board.yaml: exactly one province is ROMA (rome: true)")
    capitals = sorted(p.capital for p in provinces if p.capital)
    if capitals != sorted(EMPEROR_ORDER):
        raise DataError(f"board.yaml: each emperor needs exactly one capital, found {capitals} (L71-72)")
    links = []
    seen = set()
    for i, l in enumerate(_need(raw, "links", "board.yaml", list)):
        where = f"board.yaml links[{i}]"
        a, b = _need(l, "a", where, str), _need(l, "b", where, str)
        where = f"board.yaml link {a}-{b}"
        _provenance(l, where)
        for end in (a, b):
            if end not in known:
                raise DataError(f"{where}: {end!r} is not a province")
        if a == b:
            raise DataError(f"{where}: a link joins two different provinces")
        key = frozenset((a, b))
        if key in seen:
            raise DataError(f"{where}: listed twice")
        seen.add(key)
        kind = _need(l, "kind", where, str)
        if kind not in ("normal", "broken"):
            raise DataError(f"{where}: kind must be normal or broken, not {kind!r}")
        links.append(Link(a, b, kind, l["status"], l["ref"]))
    for p in provinces:
        if p.next is not None and frozenset((p.id, p.next)) not in seen:
            raise DataError(f"board.yaml province {p.id!r}: its arrow to {p.next!r} follows no link")
    board = Board(regions, provinces, links, seas)
    for p in provinces:
        if len(board.neighbours(p.id)) == 0:
            raise DataError(f"board.yaml province {p.id!r}: no link")
        if p.frontier:
            path, here = [], p.id
            while here is not None and here not in path:
                path.append(here)
                here = board.province(here).next
            if path[-1] != board.rome:
                raise DataError(f"board.yaml: the arrows from {p.id!r} do not reach ROMA ({' > '.join(path)})")
    return board


@lru_cache(maxsize=1)
def board() -> Board:
    return build_board(read_yaml(DATA_DIR / "board.yaml"))


@dataclass(frozen=True)
class Emperor:
    id: str
    name_en: str
    name_fr: str
    colour: str
    title: str
    half: str
    partner: str
    power: str


def build_emperors(raw: dict) -> dict[str, Emperor]:
    records = _need(raw, "emperors", "emperors.yaml", list)
    out = {}
    for i, r in enumerate(records):
        where = f"emperors.yaml emperors[{i}]"
        eid = _need(r, "id", where, str)
        where = f"emperors.yaml emperor {eid!r}"
        _provenance(r, where)
        name = _need(r, "name", where, dict)
        out[eid] = Emperor(eid, _need(name, "en", where, str), _need(name, "fr", where, str),
                           _need(r, "colour", where, str), _need(r, "title", where, str),
                           _need(r, "half", where, str), _need(r, "partner", where, str),
                           _need(r, "power", where, str))
    if tuple(out) != EMPEROR_ORDER:
        raise DataError(f"emperors.yaml: the emperors must be listed in the order of play {EMPEROR_ORDER} (L103-105)")
    for e in out.values():
        if out.get(e.partner) is None or out[e.partner].partner != e.id:
            raise DataError(f"emperors.yaml emperor {e.id!r}: partner {e.partner!r} is not mutual")
    return out


@lru_cache(maxsize=1)
def emperors() -> dict[str, Emperor]:
    return build_emperors(read_yaml(DATA_DIR / "emperors.yaml"))


def build_tables(raw: dict) -> dict:
    if not isinstance(raw, dict):
        raise DataError("tables.yaml: the top level must be a mapping")
    for section, fields in {
        "supply": ("unrest", "revolt", "armies", "fleets", "emperor_discs"),
        "costs": ("move_normal", "move_broken", "move_fleet", "into_revolt", "sail", "protect",
                  "protect_frontier", "subdue_unrest", "subdue_revolt", "revolt_to_unrest"),
        "score": ("per_frontier", "italia_free", "per_unprotected_frontier", "per_army",
                  "per_region_in_rebellion", "rebellion_above_pi"),
    }.items():
        block = _need(raw, section, "tables.yaml", dict)
        for f in fields:
            _need(block, f, f"tables.yaml {section}", int)
    for f in ("pi_per_turn", "broken_link_connects_from", "setup_revolt_above", "combat_multiplier",
              "imperium_seven_pi", "glory_margin"):
        _need(raw, f, "tables.yaml", int)
    diff = _need(raw, "difficulty", "tables.yaml", dict)
    for f in ("discs", "fleets", "revolts", "armies"):
        col = _need(diff, f, "tables.yaml difficulty", list)
        if len(col) != 3 or not all(isinstance(x, int) for x in col):
            raise DataError(f"tables.yaml difficulty {f}: three whole numbers, low to high difficulty (L127-131)")
    if max(diff["discs"]) > raw["supply"]["emperor_discs"]:
        raise DataError("tables.yaml: a level cannot use more emperor discs than the box holds")
    if max(diff["fleets"]) > raw["supply"]["fleets"]:
        raise DataError("tables.yaml: a level cannot use more fleets than the box holds")
    if not 1 <= raw["broken_link_connects_from"] <= 6:
        raise DataError("tables.yaml broken_link_connects_from: a face of a d6")
    return raw


@lru_cache(maxsize=1)
def tables() -> dict:
    return build_tables(read_yaml(DATA_DIR / "tables.yaml"))
