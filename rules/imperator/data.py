"""Loading and validating a ruleset's YAML data (map, peoples, leaders, units, scenarios).

The data of an SMC game (*Semper Victor* first) lives beside its rules as YAML, described
in ``rules/<slug>/data/SCHEMA.md``, so that a player who owns the printed game can correct
a value without touching Python. Every file is checked on load: a mistake raises
:class:`DataError` naming the file, the record id and the field.

Each loader is cached (one read per process and ruleset). Loaded records are frozen
dataclasses holding tuples and plain values; scenarios stay plain dicts (they are copied
into a game's JSON state). No Django here: ``rules/`` is a pure library.

Provenance (SCHEMA.md): every record carries ``status`` (``pinned`` with the rulebook
line in ``ref``, or ``reconstructed`` with the reason in ``ref``) and may list the fields
the text pins in ``pinned_fields``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from rules import yamlfiles

RULES_ROOT = Path(__file__).resolve().parent.parent

STATUSES = ("pinned", "reconstructed")
EMPIRE_KINDS = ("in", "out", "exempt")  # exempt: outside, but Empire for movement (SV 7.3)
EDGE_KINDS = ("land", "river", "strait")
GREAT_RIVERS = ("Rhenus", "Danuvius", "Tigris", "Euphrates")  # SV 7.2, L683
HALVES = ("west", "east")
STACKING_GROUPS = ("roman", "western", "eastern")  # SV 4.2.4, L503-507
PEOPLE_CLASSES = ("major", "minor", "ally")
LEADER_KINDS = ("roman", "dux", "non_roman")
RELIGIONS = ("sun", "cross")  # AR, SV 1.2 L71
ENTRY_CODES = ("M", "T", "S", "N", "C", "L")  # SV L1030-1031
UNIT_CATEGORIES = ("CO", "PC", "RI", "people")
SIDES = ("PRIMUS", "SECONDUS")

_KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


class DataError(ValueError):
    """A data file is wrong. The message names the file, the record id and the field."""

    def __init__(self, source: str, record: str | None, field: str | None, problem: str):
        self.source, self.record, self.field, self.problem = source, record, field, problem
        where = source
        if record is not None:
            where += f": {record}"
        if field is not None:
            where += f": field '{field}'"
        super().__init__(f"{where}: {problem}")


# ---------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Name:
    en: str
    fr: str


@dataclass(frozen=True)
class Provenance:
    status: str
    ref: str
    pinned_fields: tuple[tuple[str, str], ...] = ()

    def pinned(self, field: str) -> str | None:
        """The rulebook line pinning ``field``, or None (a ``pinned`` record pins all)."""
        for name, line in self.pinned_fields:
            if name == field:
                return line
        return self.ref if self.status == "pinned" else None


@dataclass(frozen=True)
class Diocese:
    id: str
    name: Name
    colour: str
    half: str
    provenance: Provenance


@dataclass(frozen=True)
class Zone:
    id: str
    name: Name
    diocese: str | None
    number: int | None
    people: str | None
    empire: str
    capital: str | None
    city: str | None
    byzantium: bool
    ctesiphon: bool
    rome: bool
    lon: float
    lat: float
    provinces: str | None
    provenance: Provenance


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    kind: str
    river: str | None
    strait: str | None
    provenance: Provenance

    @property
    def pair(self) -> tuple[str, str]:
        return (min(self.a, self.b), max(self.a, self.b))


@dataclass(frozen=True)
class Sea:
    id: str
    name: Name
    navigable: bool
    adjacent: tuple[str, ...]
    coasts: tuple[str, ...]
    provenance: Provenance


@dataclass(frozen=True)
class Port:
    id: str
    name: str
    zone: str
    sea: str
    fleet: str
    provenance: Provenance


@dataclass(frozen=True)
class MapData:
    source: str
    bounds: tuple[float, float, float, float]  # lon_min, lon_max, lat_min, lat_max
    dioceses: tuple[Diocese, ...]
    zones: tuple[Zone, ...]
    edges: tuple[Edge, ...]
    seas: tuple[Sea, ...]
    ports: tuple[Port, ...]


@dataclass(frozen=True)
class Nationality:
    id: str
    name: Name
    group: str
    provenance: Provenance


@dataclass(frozen=True)
class People:
    id: str
    name: str
    nationality: str
    people_class: str  # ``class`` in YAML: major | minor | ally
    origin_zones: tuple[str, ...]
    band: str
    provenance: Provenance


@dataclass(frozen=True)
class PeoplesData:
    source: str
    nationalities: tuple[Nationality, ...]
    peoples: tuple[People, ...]


@dataclass(frozen=True)
class LeaderEntry:
    year: int | None
    zone: str | None  # M/T/S/N/C/L or None (the scenario places him)


@dataclass(frozen=True)
class LeaderDeath:
    thresholds: tuple[tuple[int, int], ...]  # (year, k): dies in that year's D if d10 < k
    dies: int | None  # automatic death year ("Mort"); None: PdT or not subject
    no_test: bool  # PdT, "pas de test"


@dataclass(frozen=True)
class Leader:
    id: str
    name: Name
    kind: str
    people: str | None
    capital: str | None
    cc: int
    vs: int
    bt: int
    cp: int | None
    ar: str | None
    pm: int
    entry: LeaderEntry
    death: LeaderDeath | None
    leaves: int | None  # Persian kings: removed in phase F of that year (L482)
    father: str | None  # exceptions (1) and (2): enters only if this leader lives (L1045-1047)
    born: int | None  # (1): no entry if the father died before this year (L1045)
    notes: str | None
    provenance: Provenance


@dataclass(frozen=True)
class Face:
    pf: int
    qu: int
    bt: int


@dataclass(frozen=True)
class Unit:
    id: str
    name: str
    category: str
    diocese: str | None
    people: str | None
    capital: str | None
    full: Face
    weakened: Face
    pm: int
    provenance: Provenance


# ---------------------------------------------------------------------------------------
# Field readers: each raises DataError naming file, record and field
# ---------------------------------------------------------------------------------------


class _Reader:
    """Reads the fields of one record of one file."""

    def __init__(self, source: str, record: str, raw: Any):
        self.source, self.record = source, record
        if not isinstance(raw, dict):
            self.fail(None, f"expected a mapping, got {type(raw).__name__}")
        self.raw = raw

    def fail(self, field: str | None, problem: str):
        raise DataError(self.source, self.record, field, problem)

    def has(self, field: str) -> bool:
        return field in self.raw

    def value(self, field: str, default: Any = ...) -> Any:
        if field not in self.raw:
            if default is ...:
                self.fail(field, "missing")
            return default
        return self.raw[field]

    def text(self, field: str, *, optional: bool = False) -> str | None:
        v = self.value(field, None if optional else ...)
        if v is None and optional:
            return None
        if not isinstance(v, str) or not v.strip():
            self.fail(field, f"expected a non-empty string, got {v!r}")
        return v

    def ident(self, field: str, *, optional: bool = False) -> str | None:
        v = self.text(field, optional=optional)
        if v is not None and not _KEBAB.match(v):
            self.fail(field, f"{v!r} is not a lower-case kebab id")
        return v

    def choice(self, field: str, choices: tuple, *, optional: bool = False):
        v = self.value(field, None if optional else ...)
        if v is None and optional:
            return None
        if v not in choices:
            self.fail(field, f"{v!r} is not one of {', '.join(map(str, choices))}")
        return v

    def integer(self, field: str, *, optional: bool = False, minimum: int | None = 0) -> int | None:
        v = self.value(field, None if optional else ...)
        if v is None and optional:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(field, f"expected an integer, got {v!r}")
        if minimum is not None and v < minimum:
            self.fail(field, f"{v} is below {minimum}")
        return v

    def number(self, field: str) -> float:
        v = self.value(field)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            self.fail(field, f"expected a number, got {v!r}")
        return float(v)

    def flag(self, field: str, default: bool = False) -> bool:
        v = self.value(field, default)
        if not isinstance(v, bool):
            self.fail(field, f"expected true or false, got {v!r}")
        return v

    def ids(self, field: str) -> tuple[str, ...]:
        v = self.value(field)
        if not isinstance(v, list):
            self.fail(field, f"expected a list, got {v!r}")
        for item in v:
            if not isinstance(item, str) or not _KEBAB.match(item):
                self.fail(field, f"{item!r} is not a lower-case kebab id")
        if len(set(v)) != len(v):
            self.fail(field, "lists the same id twice")
        return tuple(v)

    def name(self, field: str = "name") -> Name:
        v = self.value(field)
        if isinstance(v, str) and v.strip():
            return Name(v, v)
        if not isinstance(v, dict) or set(v) != {"en", "fr"}:
            self.fail(field, f"expected a string or {{en, fr}}, got {v!r}")
        for lang in ("en", "fr"):
            if not isinstance(v[lang], str) or not v[lang].strip():
                self.fail(f"{field}.{lang}", "expected a non-empty string")
        return Name(v["en"], v["fr"])

    def _names_field(self, key: str) -> bool:
        """``pinned_fields`` may name a top-level field, ``id``, or a field of a nested
        mapping (``qu`` for ``full.qu``, or the dotted ``full.qu``)."""
        head, _, rest = key.partition(".")
        if key == "id" or (head in self.raw and not rest):
            return True
        if rest:
            return isinstance(self.raw.get(head), dict) and rest in self.raw[head]
        return any(isinstance(v, dict) and key in v
                   for k, v in self.raw.items() if k != "pinned_fields")

    def provenance(self) -> Provenance:
        status = self.choice("status", STATUSES)
        ref = self.value("ref", None)
        if not isinstance(ref, (str, int)) or not str(ref).strip():
            self.fail("ref", "missing: a pinned record cites its rulebook line, a "
                             "reconstructed one gives its reason")
        pinned = self.value("pinned_fields", None) or {}
        if not isinstance(pinned, dict):
            self.fail("pinned_fields", "expected a mapping field -> rulebook line")
        for key, line in pinned.items():
            if not isinstance(line, (str, int)) or not str(line).strip():
                self.fail(f"pinned_fields.{key}", "expected the rulebook line")
            if not self._names_field(str(key)):
                self.fail(f"pinned_fields.{key}", "names a field the record does not have")
        return Provenance(status, str(ref), tuple(sorted((str(k), str(v)) for k, v in pinned.items())))


def _records(source: str, raw: Any, key: str, *, required: bool = True) -> list:
    if not isinstance(raw, dict):
        raise DataError(source, None, None, "the file must hold a mapping at the top")
    if key not in raw:
        if required:
            raise DataError(source, None, key, "missing section")
        return []
    items = raw[key]
    if not isinstance(items, list):
        raise DataError(source, None, key, "expected a list of records")
    return items


def _unique(source: str, section: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise DataError(source, f"{section}[{i}]", "id", "duplicate id")
        seen.add(i)


def _record_label(section: str, raw: Any, index: int) -> str:
    rid = raw.get("id") if isinstance(raw, dict) else None
    return f"{section}[{rid if isinstance(rid, str) else '#' + str(index)}]"


# ---------------------------------------------------------------------------------------
# map.yaml
# ---------------------------------------------------------------------------------------


def parse_map(raw: Any, source: str = "map.yaml") -> MapData:
    """Validate a parsed ``map.yaml`` and build :class:`MapData` (SCHEMA.md, "map.yaml")."""
    bounds = _parse_bounds(raw, source)
    dioceses = tuple(_parse_diocese(source, r, i) for i, r in enumerate(_records(source, raw, "dioceses")))
    _unique(source, "dioceses", [d.id for d in dioceses])
    diocese_ids = {d.id for d in dioceses}
    zones = tuple(_parse_zone(source, r, i, diocese_ids, bounds)
                  for i, r in enumerate(_records(source, raw, "zones")))
    _unique(source, "zones", [z.id for z in zones])
    zone_ids = {z.id for z in zones}
    edges = tuple(_parse_edge(source, r, i, zone_ids) for i, r in enumerate(_records(source, raw, "edges")))
    _check_edge_pairs(source, edges)
    seas = tuple(_parse_sea(source, r, i, zone_ids) for i, r in enumerate(_records(source, raw, "seas")))
    _unique(source, "seas", [s.id for s in seas])
    _check_seas(source, seas, zone_ids)
    ports = tuple(_parse_port(source, r, i, zone_ids, {s.id: s for s in seas})
                  for i, r in enumerate(_records(source, raw, "ports", required=False)))
    _unique(source, "ports", [p.id for p in ports])
    _check_numbering(source, dioceses, zones)
    return MapData(source, bounds, dioceses, zones, edges, seas, ports)


def _parse_bounds(raw: Any, source: str) -> tuple[float, float, float, float]:
    if not isinstance(raw, dict) or "bounds" not in raw:
        raise DataError(source, None, "bounds", "missing section (lon/lat limits of the map)")
    r = _Reader(source, "bounds", raw["bounds"])
    b = (r.number("lon_min"), r.number("lon_max"), r.number("lat_min"), r.number("lat_max"))
    if b[0] >= b[1] or b[2] >= b[3]:
        r.fail(None, "minimum must be below maximum")
    return b


def _parse_diocese(source: str, raw: Any, index: int) -> Diocese:
    r = _Reader(source, _record_label("dioceses", raw, index), raw)
    colour = r.text("colour")
    if not _COLOUR.match(colour):
        r.fail("colour", f"{colour!r} is not a #rrggbb colour")
    return Diocese(r.ident("id"), r.name(), colour, r.choice("half", HALVES), r.provenance())


def _parse_zone(source, raw, index, diocese_ids, bounds) -> Zone:
    r = _Reader(source, _record_label("zones", raw, index), raw)
    zone = Zone(
        id=r.ident("id"), name=r.name(), diocese=r.ident("diocese", optional=True),
        number=r.integer("number", optional=True, minimum=1), people=r.ident("people", optional=True),
        empire=r.choice("empire", EMPIRE_KINDS), capital=r.text("capital", optional=True),
        city=r.text("city", optional=True), byzantium=r.flag("byzantium"),
        ctesiphon=r.flag("ctesiphon"), rome=r.flag("rome"), lon=r.number("lon"), lat=r.number("lat"),
        provinces=r.text("provinces", optional=True) if r.has("provinces") else None,
        provenance=r.provenance(),
    )
    if zone.empire == "in":
        if zone.diocese not in diocese_ids:
            r.fail("diocese", f"unknown diocese {zone.diocese!r} (an Empire zone needs its diocese)")
        if zone.number is None:
            r.fail("number", "an Empire zone needs its number in the diocese (SV 3.1.1, L186)")
        if zone.id != f"{zone.diocese}-{zone.number}":
            r.fail("id", f"an Empire zone is named <diocese>-<number>: expected "
                         f"'{zone.diocese}-{zone.number}'")
        if zone.people is not None:
            r.fail("people", "origin zones lie outside the Empire (SV 4.1, L468)")
    else:
        if zone.diocese is not None or zone.number is not None:
            r.fail("diocese", "a zone outside the Empire belongs to no diocese")
        if zone.capital or zone.city:
            r.fail("capital", "capitals and cities lie inside the Empire")
    if zone.capital and zone.city:
        r.fail("city", "a capital zone is not also a city (SCHEMA.md)")
    lon_min, lon_max, lat_min, lat_max = bounds
    if not lon_min <= zone.lon <= lon_max:
        r.fail("lon", f"{zone.lon} is outside the map ({lon_min}..{lon_max})")
    if not lat_min <= zone.lat <= lat_max:
        r.fail("lat", f"{zone.lat} is outside the map ({lat_min}..{lat_max})")
    return zone


def _parse_edge(source, raw, index, zone_ids) -> Edge:
    label = f"edges[#{index}]"
    if isinstance(raw, dict):
        label = f"edges[{raw.get('a')}~{raw.get('b')}]"
    r = _Reader(source, label, raw)
    a, b = r.ident("a"), r.ident("b")
    for field, z in (("a", a), ("b", b)):
        if z not in zone_ids:
            r.fail(field, f"unknown zone {z!r}")
    if a == b:
        r.fail("b", "an edge joins two different zones")
    kind = r.choice("kind", EDGE_KINDS)
    river = r.choice("river", GREAT_RIVERS) if kind == "river" else None
    if kind != "river" and r.has("river"):
        r.fail("river", "only a river edge names a great river")
    strait = r.text("strait", optional=True) if kind == "strait" else None
    return Edge(a, b, kind, river, strait, r.provenance())


def _check_edge_pairs(source: str, edges: tuple[Edge, ...]) -> None:
    seen: set[tuple[str, str]] = set()
    for e in edges:
        if e.pair in seen:
            raise DataError(source, f"edges[{e.a}~{e.b}]", "b", "the same two zones are joined twice")
        seen.add(e.pair)


def _parse_sea(source, raw, index, zone_ids) -> Sea:
    r = _Reader(source, _record_label("seas", raw, index), raw)
    sea = Sea(r.ident("id"), r.name(), r.flag("navigable"), r.ids("adjacent"), r.ids("coasts"), r.provenance())
    for z in sea.coasts:
        if z not in zone_ids:
            r.fail("coasts", f"unknown zone {z!r}")
    return sea


def _check_seas(source: str, seas: tuple[Sea, ...], zone_ids: set[str]) -> None:
    by_id = {s.id: s for s in seas}
    for sea in seas:
        for other in sea.adjacent:
            if other not in by_id:
                raise DataError(source, f"seas[{sea.id}]", "adjacent", f"unknown sea {other!r}")
            if other == sea.id:
                raise DataError(source, f"seas[{sea.id}]", "adjacent", "a sea is not its own neighbour")
            if sea.id not in by_id[other].adjacent:
                raise DataError(source, f"seas[{sea.id}]", "adjacent",
                                f"asymmetric: {other!r} does not list {sea.id!r} back")


def _parse_port(source, raw, index, zone_ids, seas) -> Port:
    r = _Reader(source, _record_label("ports", raw, index), raw)
    port = Port(r.ident("id"), r.text("name"), r.ident("zone"), r.ident("sea"), r.ident("fleet"), r.provenance())
    if port.zone not in zone_ids:
        r.fail("zone", f"unknown zone {port.zone!r}")
    if port.sea not in seas:
        r.fail("sea", f"unknown sea {port.sea!r}")
    if not seas[port.sea].navigable:
        r.fail("sea", f"{port.sea!r} is forbidden to fleets (SV L258)")
    if port.zone not in seas[port.sea].coasts:
        r.fail("zone", f"{port.zone!r} is not a coast of {port.sea!r}")
    return port


def _check_numbering(source: str, dioceses, zones) -> None:
    """Each diocese's zones are numbered 1..n with no gap; zone 1 holds control (L450)."""
    for d in dioceses:
        numbers = sorted(z.number for z in zones if z.diocese == d.id)
        if numbers != list(range(1, len(numbers) + 1)):
            raise DataError(source, f"dioceses[{d.id}]", "zones",
                            f"zones must be numbered 1..n without gaps, found {numbers}")


# ---------------------------------------------------------------------------------------
# peoples.yaml
# ---------------------------------------------------------------------------------------


def parse_peoples(raw: Any, map_data: MapData, source: str = "peoples.yaml") -> PeoplesData:
    """Validate ``peoples.yaml`` against the map (origin zones, bands)."""
    nationalities = []
    for i, item in enumerate(_records(source, raw, "nationalities")):
        r = _Reader(source, _record_label("nationalities", item, i), item)
        nationalities.append(Nationality(r.ident("id"), r.name(), r.choice("group", STACKING_GROUPS),
                                         r.provenance()))
    _unique(source, "nationalities", [n.id for n in nationalities])
    nat_ids = {n.id for n in nationalities}
    zones = {z.id: z for z in map_data.zones}
    dioceses = {d.id for d in map_data.dioceses}
    peoples = []
    for i, item in enumerate(_records(source, raw, "peoples")):
        r = _Reader(source, _record_label("peoples", item, i), item)
        people = People(r.ident("id"), r.text("name"), r.ident("nationality"),
                        r.choice("class", PEOPLE_CLASSES), r.ids("origin_zones"), r.ident("band"),
                        r.provenance())
        if people.nationality not in nat_ids:
            r.fail("nationality", f"unknown nationality {people.nationality!r}")
        if people.band not in dioceses:
            r.fail("band", f"unknown diocese {people.band!r}")
        if not people.origin_zones:
            r.fail("origin_zones", "a people has one or more origin zones (SV 4.1, L468)")
        for z in people.origin_zones:
            if z not in zones:
                r.fail("origin_zones", f"unknown zone {z!r}")
            if zones[z].people != people.id:
                r.fail("origin_zones", f"zone {z!r} is marked people={zones[z].people!r} in the map")
        peoples.append(people)
    _unique(source, "peoples", [p.id for p in peoples])
    people_ids = {p.id for p in peoples}
    for z in sorted(zones.values(), key=lambda z: z.id):
        if z.people is not None and z.people not in people_ids:
            raise DataError(map_data.source, f"zones[{z.id}]", "people", f"unknown people {z.people!r}")
        if z.people is not None and z.id not in next(p for p in peoples if p.id == z.people).origin_zones:
            raise DataError(source, f"peoples[{z.people}]", "origin_zones",
                            f"misses zone {z.id!r}, which the map marks as theirs")
    return PeoplesData(source, tuple(nationalities), tuple(peoples))


# ---------------------------------------------------------------------------------------
# leaders.yaml
# ---------------------------------------------------------------------------------------


def parse_leaders(raw: Any, map_data: MapData, peoples: PeoplesData,
                  source: str = "leaders.yaml") -> tuple[Leader, ...]:
    capitals = {z.capital for z in map_data.zones if z.capital}
    people_ids = {p.id for p in peoples.peoples}
    leaders = tuple(_parse_leader(source, item, i, capitals, people_ids)
                    for i, item in enumerate(_records(source, raw, "leaders")))
    _unique(source, "leaders", [ld.id for ld in leaders])
    ids = {ld.id for ld in leaders}
    for ld in leaders:
        if ld.father is not None and ld.father not in ids:
            raise DataError(source, f"leaders[{ld.id}]", "father", f"unknown leader {ld.father!r}")
    return leaders


def _parse_leader(source, raw, index, capitals, people_ids) -> Leader:
    r = _Reader(source, _record_label("leaders", raw, index), raw)
    kind = r.choice("kind", LEADER_KINDS)
    people = r.ident("people", optional=True)
    capital = r.text("capital", optional=True)
    if kind == "non_roman" and people not in people_ids:
        r.fail("people", f"a non-Roman leader needs a known people, got {people!r}")
    if kind != "non_roman" and people is not None:
        r.fail("people", "only non-Roman leaders belong to a people")
    if kind == "dux" and capital not in capitals:
        r.fail("capital", f"a Dux bears the name of an imperial capital (SV 3.3.1), got {capital!r}")
    cp = r.integer("cp", optional=True)
    ar = r.choice("ar", RELIGIONS, optional=True)
    if kind == "non_roman" and (cp is not None or ar is not None):
        r.fail("cp", "CP and AR are for Roman leaders only (SV 1.2, L68)")
    if kind != "non_roman" and cp is None:
        r.fail("cp", "every Roman leader has a CP (SV 1.2, L68-70)")
    return Leader(
        id=r.ident("id"), name=r.name(), kind=kind, people=people, capital=capital,
        cc=r.integer("cc"), vs=r.integer("vs"), bt=r.integer("bt"), cp=cp, ar=ar,
        pm=r.integer("pm", minimum=1), entry=_parse_entry(r), death=_parse_death(r),
        leaves=r.integer("leaves", optional=True) if r.has("leaves") else None,
        father=r.ident("father", optional=True) if r.has("father") else None,
        born=r.integer("born", optional=True) if r.has("born") else None,
        notes=r.text("notes", optional=True) if r.has("notes") else None, provenance=r.provenance(),
    )


def _parse_entry(r: _Reader) -> LeaderEntry:
    raw = r.value("entry")
    sub = _Reader(r.source, f"{r.record}.entry", raw)
    return LeaderEntry(sub.integer("year", optional=True), sub.choice("zone", ENTRY_CODES, optional=True))


def _parse_death(r: _Reader) -> LeaderDeath | None:
    raw = r.value("death", None)
    if raw is None:
        return None
    sub = _Reader(r.source, f"{r.record}.death", raw)
    thresholds = sub.value("thresholds", None) or {}
    if not isinstance(thresholds, dict):
        sub.fail("thresholds", "expected a mapping year -> k")
    pairs = []
    for year, k in thresholds.items():
        try:
            year_n = int(year)
        except (TypeError, ValueError):
            sub.fail("thresholds", f"{year!r} is not a year")
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 9:
            sub.fail(f"thresholds.{year}", f"expected 1..9 (d10 < k dies), got {k!r}")
        pairs.append((year_n, k))
    no_test = sub.flag("no_test", False)
    dies = sub.integer("dies", optional=True)
    if no_test and (pairs or dies is not None):
        sub.fail("no_test", "a PdT leader has no death years")
    return LeaderDeath(tuple(sorted(pairs)), dies, no_test)


# ---------------------------------------------------------------------------------------
# units.yaml
# ---------------------------------------------------------------------------------------


def parse_units(raw: Any, map_data: MapData, peoples: PeoplesData,
                source: str = "units.yaml") -> tuple[Unit, ...]:
    capitals = {z.capital for z in map_data.zones if z.capital}
    dioceses = {d.id for d in map_data.dioceses}
    people_ids = {p.id for p in peoples.peoples}
    units = tuple(_parse_unit(source, item, i, capitals, dioceses, people_ids)
                  for i, item in enumerate(_records(source, raw, "units")))
    _unique(source, "units", [u.id for u in units])
    return units


def _parse_face(r: _Reader, field: str) -> Face:
    sub = _Reader(r.source, f"{r.record}.{field}", r.value(field))
    return Face(sub.integer("pf", minimum=1), sub.integer("qu"), sub.integer("bt"))


def _parse_unit(source, raw, index, capitals, dioceses, people_ids) -> Unit:
    r = _Reader(source, _record_label("units", raw, index), raw)
    category = r.choice("category", UNIT_CATEGORIES)
    diocese = r.ident("diocese", optional=True)
    people = r.ident("people", optional=True)
    capital = r.text("capital", optional=True)
    if category in ("RI", "PC") and diocese not in dioceses:
        r.fail("diocese", f"limitanei need their home diocese (SV 1.3.1), got {diocese!r}")
    if category == "CO" and capital not in capitals:
        r.fail("capital", f"a CO deploys at an imperial capital (deployment table), got {capital!r}")
    if category == "people" and people not in people_ids:
        r.fail("people", f"unknown people {people!r}")
    if category != "people" and people is not None:
        r.fail("people", "only non-Roman units belong to a people")
    unit = Unit(r.ident("id"), r.text("name"), category, diocese, people, capital,
                _parse_face(r, "full"), _parse_face(r, "weakened"), r.integer("pm", minimum=1),
                r.provenance())
    if unit.weakened.pf > unit.full.pf:
        r.fail("weakened", "the weakened face is never stronger than the full one")
    return unit


# ---------------------------------------------------------------------------------------
# scenarios/<id>.yaml
# ---------------------------------------------------------------------------------------


def parse_scenario(raw: Any, map_data: MapData, peoples: PeoplesData, leaders: tuple[Leader, ...],
                   units: tuple[Unit, ...], source: str = "scenario.yaml") -> dict:
    """Validate a scenario and return it as a plain dict (copied into a game's state)."""
    r = _Reader(source, "scenario", raw)
    r.text("id")
    r.name("title")
    first, last = r.integer("first_year"), r.integer("last_year")
    if last < first:
        r.fail("last_year", "ends before it starts")
    r.provenance()
    zones = {z.id for z in map_data.zones}
    leader_ids = {ld.id for ld in leaders}
    people_ids = {p.id for p in peoples.peoples}
    if r.value("primus_augustus") not in leader_ids:
        r.fail("primus_augustus", "unknown leader (there is always a Primus Augustus, L282)")
    secundus = r.value("secundus_augustus", None)
    if secundus is not None and secundus not in leader_ids:
        r.fail("secundus_augustus", f"unknown leader {secundus!r}")
    for title in ("augusti", "caesars"):
        table = r.value(title)
        if not isinstance(table, dict) or set(table) - set(SIDES):
            r.fail(title, "expected {PRIMUS: [...], SECONDUS: [...]}")
        for side in sorted(table):
            if not isinstance(table[side], list) or len(table[side]) > 2:
                r.fail(f"{title}.{side}", "a list of at most 2 leaders per side (SV 3.5.1)")
            for lid in table[side]:
                if lid not in leader_ids:
                    r.fail(f"{title}.{side}", f"unknown leader {lid!r}")
    control = r.value("control")
    if not isinstance(control, dict) or set(control) != {d.id for d in map_data.dioceses}:
        r.fail("control", "must give the side of every diocese, and only dioceses (SV 3.7.3)")
    for d in sorted(control):
        if control[d] not in SIDES:
            r.fail(f"control.{d}", f"{control[d]!r} is not PRIMUS or SECONDUS")
    fleets = r.value("fleets", None) or {}
    fleet_ids = {p.fleet for p in map_data.ports}
    if not isinstance(fleets, dict):
        r.fail("fleets", "expected {fleet: side}")
    for fleet in sorted(fleets):
        if fleet not in fleet_ids:
            r.fail("fleets", f"unknown fleet {fleet!r}")
        if fleets[fleet] not in SIDES:
            r.fail(f"fleets.{fleet}", f"{fleets[fleet]!r} is not PRIMUS or SECONDUS")
    for p in r.value("peoples_at_war"):
        if p not in people_ids:
            r.fail("peoples_at_war", f"unknown people {p!r}")
    roman_ids = {ld.id for ld in leaders if ld.kind != "non_roman"}
    people_leader_ids = {ld.id for ld in leaders if ld.kind == "non_roman"}
    _check_placements(r, "leaders", roman_ids, zones, with_side=True)
    if r.has("people_leaders"):
        _check_placements(r, "people_leaders", people_leader_ids, zones, with_side=False)
    _check_placements(r, "units", {u.id for u in units if u.category != "people"}, zones,
                      with_side=False)
    _check_placements(r, "people_units", {u.id for u in units if u.category == "people"}, zones,
                      with_side=False)
    return raw


def _check_placements(r: _Reader, field: str, known: set[str], zones: set[str], *, with_side: bool):
    items = r.value(field)
    if not isinstance(items, list):
        r.fail(field, "expected a list")
    seen: set[str] = set()
    for i, item in enumerate(items):
        sub = _Reader(r.source, f"{r.record}.{field}[{item.get('id') if isinstance(item, dict) else i}]", item)
        pid = sub.ident("id")
        if pid not in known:
            sub.fail("id", f"unknown {field.rstrip('s').replace('_', ' ')} {pid!r}")
        if pid in seen:
            sub.fail("id", "placed twice")
        seen.add(pid)
        if sub.ident("zone") not in zones:
            sub.fail("zone", f"unknown zone {item['zone']!r}")
        if with_side:
            sub.choice("side", SIDES)
        elif sub.has("side"):
            sub.choice("side", SIDES)


# ---------------------------------------------------------------------------------------
# Loading from disk, cached per process
# ---------------------------------------------------------------------------------------


def data_dir(slug: str) -> Path:
    """``rules/<package>/data`` for a ruleset slug (``semper-victor`` -> ``semper_victor``)."""
    return RULES_ROOT / slug.replace("-", "_") / "data"


def read_yaml(path: Path) -> Any:
    """``yaml.safe_load`` of one file; a syntax error becomes a :class:`DataError`."""
    try:
        with open(path, encoding="utf-8") as handle:
            return yamlfiles.safe_load(handle)
    except FileNotFoundError:
        raise DataError(str(path), None, None, "file not found") from None
    except yaml.YAMLError as exc:
        raise DataError(str(path), None, None, f"not valid YAML: {exc}") from None


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(RULES_ROOT.parent))
    except ValueError:
        return str(path)


@lru_cache(maxsize=None)
def load_map(slug: str = "semper-victor") -> MapData:
    path = data_dir(slug) / "map.yaml"
    return parse_map(read_yaml(path), _display(path))


@lru_cache(maxsize=None)
def load_peoples(slug: str = "semper-victor") -> PeoplesData:
    path = data_dir(slug) / "peoples.yaml"
    return parse_peoples(read_yaml(path), load_map(slug), _display(path))


@lru_cache(maxsize=None)
def load_leaders(slug: str = "semper-victor") -> tuple[Leader, ...]:
    path = data_dir(slug) / "leaders.yaml"
    return parse_leaders(read_yaml(path), load_map(slug), load_peoples(slug), _display(path))


@lru_cache(maxsize=None)
def load_units(slug: str = "semper-victor") -> tuple[Unit, ...]:
    path = data_dir(slug) / "units.yaml"
    return parse_units(read_yaml(path), load_map(slug), load_peoples(slug), _display(path))


def scenario_ids(slug: str = "semper-victor") -> list[str]:
    """Every scenario file's id, sorted."""
    return sorted(p.stem for p in (data_dir(slug) / "scenarios").glob("*.yaml"))


@lru_cache(maxsize=None)
def _load_scenario_cached(slug: str, scenario_id: str) -> str:
    path = data_dir(slug) / "scenarios" / f"{scenario_id}.yaml"
    raw = read_yaml(path)
    parse_scenario(raw, load_map(slug), load_peoples(slug), load_leaders(slug), load_units(slug),
                   _display(path))
    return json.dumps(raw, sort_keys=True)


def load_scenario(slug: str, scenario_id: str) -> dict:
    """A validated scenario as a fresh plain dict (callers may change their copy)."""
    return json.loads(_load_scenario_cached(slug, scenario_id))


def clear_caches() -> None:
    """Forget every loaded file (tests that edit data; a long-lived process never needs it)."""
    for fn in (load_map, load_peoples, load_leaders, load_units, _load_scenario_cached):
        fn.cache_clear()
