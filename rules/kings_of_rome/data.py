"""Loading and checking the Kings of Rome data files (``data/*.yaml``), and the hex map.

Every file is read once per process and checked: a wrong hex, an unknown city or people, a
road that jumps, a counter without its values raise :class:`DataError` saying which file,
which record and what is wrong, so that an owner correcting a reconstructed value learns at
once what broke. Nothing here knows the state of a game.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from rules import yamlfiles

DATA = Path(__file__).resolve().parent / "data"
CURIAE = ("latina", "sabina", "etrusca", "volsca")
TERRAIN = {".": "clear", "f": "forest", "r": "rough", "l": "lake", "~": "coast", "=": "sea"}
LAND = frozenset({"clear", "forest", "rough"})


class DataError(ValueError):
    pass


def _load(name: str) -> dict:
    with open(DATA / name, encoding="utf-8") as fh:
        data = yamlfiles.safe_load(fh)
    if not isinstance(data, dict):
        raise DataError(f"{name}: the file must hold a mapping")
    return data


def name_of(value) -> dict:
    """A printed name as ``{"en", "fr"}`` (a plain string is the same in both)."""
    if isinstance(value, dict):
        return {"en": str(value["en"]), "fr": str(value["fr"])}
    return {"en": str(value), "fr": str(value)}


# -- the hex grid ---------------------------------------------------------------------------


def parse_hex(hid: str) -> tuple[int, int]:
    return int(hid[:2]), int(hid[2:])


def hex_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def cube(hid: str) -> tuple[int, int, int]:
    col, row = parse_hex(hid)
    x = col
    z = row - (col + (col & 1)) // 2
    return x, -x - z, z


def distance(a: str, b: str) -> int:
    """Hexes between two hexes, the map's own metric (ZOC, 'toward Rome', nearest city)."""
    ax, ay, az = cube(a)
    bx, by, bz = cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def grid_neighbours(hid: str) -> list[str]:
    col, row = parse_hex(hid)
    if col % 2 == 0:  # even columns are drawn half a hex lower
        deltas = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
    else:
        deltas = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
    return [hex_id(col + dc, row + dr) for dc, dr in deltas]


def side(a: str, b: str) -> str:
    return f"{a}/{b}" if a < b else f"{b}/{a}"


@dataclass
class HexMap:
    terrain: dict[str, str]
    columns: tuple[int, int]
    rows: tuple[int, int]
    major_sides: dict[str, str] = field(default_factory=dict)   # hexside -> river id
    minor_sides: dict[str, str] = field(default_factory=dict)
    road_sides: dict[str, str] = field(default_factory=dict)    # hexside -> road id
    track_sides: dict[str, str] = field(default_factory=dict)
    fords: frozenset = frozenset()
    boxes: dict[str, dict] = field(default_factory=dict)
    rivers: list[dict] = field(default_factory=list)
    roads: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._neighbours = {h: tuple(n for n in grid_neighbours(h) if n in self.terrain) for h in sorted(self.terrain)}
        # for movement: (neighbour, what entering it costs: "road"|"track"|its terrain, a major river stops)
        self._adjacent = {}
        for h, ns in self._neighbours.items():
            out = []
            for n in ns:
                if self.terrain[n] not in LAND:
                    continue
                out.append((n, self.link(h, n) or self.terrain[n], self.blocks(h, n)))
            self._adjacent[h] = tuple(out)

    def adjacent_land(self, hid: str) -> tuple:
        return self._adjacent.get(hid, ())

    def hexes(self) -> list[str]:
        return sorted(self.terrain)

    def neighbours(self, hid: str) -> tuple[str, ...]:
        return self._neighbours.get(hid, ())

    def is_land(self, hid: str) -> bool:
        return self.terrain.get(hid) in LAND

    def is_coast_sea(self, hid: str) -> bool:
        return self.terrain.get(hid) == "coast"

    def coastal_land(self, hid: str) -> bool:
        return self.is_land(hid) and any(self.is_coast_sea(n) for n in self.neighbours(hid))

    def link(self, a: str, b: str) -> str | None:
        s = side(a, b)
        if s in self.road_sides:
            return "road"
        if s in self.track_sides:
            return "track"
        return None

    def blocks(self, a: str, b: str) -> bool:
        """A major river without a ford stops movement across this hexside (L178-184)."""
        s = side(a, b)
        return s in self.major_sides and s not in self.road_sides and s not in self.fords

    def step_cost(self, a: str, b: str, costs: dict) -> int | None:
        """Half MP to enter b from a (None: closed to land units)."""
        if not self.is_land(b):
            return None
        link = self.link(a, b)
        if link is not None:
            return costs[link]
        return costs[self.terrain[b]]


@dataclass
class Data:
    map: HexMap
    cities: dict[str, dict]
    city_at: dict[str, str]
    peoples: dict[str, dict]
    curiae: dict[str, dict]
    gentes: dict[str, dict]
    leaders: dict[str, dict]
    units: dict[str, dict]
    ships: dict[str, dict]
    garrisons: dict[str, dict]
    chits: dict[str, dict]
    tables: dict
    rome: str

    def gentes_of(self, curia: str) -> list[str]:
        return [g for g, rec in self.gentes.items() if rec["curia"] == curia]

    def curiae_of_people(self, people: str) -> str | None:
        return self.peoples[people]["curia"]

    def cities_of(self, people: str) -> list[str]:
        return sorted(c for c, rec in self.cities.items() if people in rec["peoples"])


def _check_map(raw: dict) -> HexMap:
    lay = raw.get("layout") or {}
    cols, rows = lay.get("columns"), lay.get("rows")
    if not (isinstance(cols, list) and isinstance(rows, list) and len(cols) == 2 and len(rows) == 2):
        raise DataError("map.yaml layout: columns and rows must be [first, last]")
    terrain: dict[str, str] = {}
    grid = raw.get("terrain") or {}
    width = cols[1] - cols[0] + 1
    for row in range(rows[0], rows[1] + 1):
        line = grid.get(f"{row:02d}")
        if not isinstance(line, str) or len(line) != width:
            raise DataError(f"map.yaml terrain row {row:02d}: expected {width} characters, got {line!r}")
        for i, ch in enumerate(line):
            if ch not in TERRAIN:
                raise DataError(f"map.yaml terrain row {row:02d} column {cols[0] + i}: unknown terrain {ch!r}")
            terrain[hex_id(cols[0] + i, row)] = TERRAIN[ch]

    def sides_of(record: dict, where: str) -> list[str]:
        out = []
        for s in record.get("hexsides") or []:
            a, _, b = str(s).partition("/")
            if a not in terrain or b not in terrain or b not in grid_neighbours(a):
                raise DataError(f"map.yaml {where}: hexside {s!r} is not between two adjacent hexes of the map")
            out.append(side(a, b))
        return out

    major, minor = {}, {}
    for river in raw.get("rivers") or []:
        for s in sides_of(river, f"river {river.get('id')}"):
            (major if river.get("major") else minor)[s] = river["id"]
    road_sides, track_sides = {}, {}
    for road in raw.get("roads") or []:
        hexes = [str(h) for h in road.get("hexes") or []]
        if road.get("kind") not in ("road", "track") or len(hexes) < 2:
            raise DataError(f"map.yaml road {road.get('id')}: kind road|track and at least two hexes")
        for a, b in zip(hexes, hexes[1:]):
            if a not in terrain or b not in grid_neighbours(a):
                raise DataError(f"map.yaml road {road.get('id')}: {a} and {b} are not adjacent")
            if terrain[a] not in LAND or terrain.get(b) not in LAND:
                raise DataError(f"map.yaml road {road.get('id')}: {a}-{b} leaves the land")
            s = side(a, b)
            if road["kind"] == "road":
                road_sides.setdefault(s, road["id"])
            else:
                track_sides.setdefault(s, road["id"])
    fords = frozenset(sides_of({"hexsides": raw.get("fords") or []}, "fords"))
    boxes = {}
    for box in raw.get("boxes") or []:
        entry = str(box.get("entry"))
        if terrain.get(entry) not in LAND:
            raise DataError(f"map.yaml box {box.get('id')}: entry {entry} is not a land hex")
        boxes[box["id"]] = dict(box, entry=entry)
    return HexMap(terrain=terrain, columns=(cols[0], cols[1]), rows=(rows[0], rows[1]), major_sides=major,
                  minor_sides=minor, road_sides=road_sides, track_sides=track_sides, fords=fords, boxes=boxes,
                  rivers=list(raw.get("rivers") or []), roads=list(raw.get("roads") or []))


@functools.lru_cache(maxsize=1)
def data() -> Data:
    hexmap = _check_map(_load("map.yaml"))
    peoples = {}
    for p in _load("peoples.yaml").get("peoples") or []:
        peoples[p["id"]] = dict(p, name=name_of(p["name"]))
    for pid, p in peoples.items():
        if p.get("box") and p["box"] not in hexmap.boxes:
            raise DataError(f"peoples.yaml {pid}: unknown box {p['box']}")
    cities, city_at = {}, {}
    for c in _load("cities.yaml").get("cities") or []:
        cid, hid = c["id"], str(c["hex"])
        if hexmap.terrain.get(hid) not in LAND:
            raise DataError(f"cities.yaml {cid}: hex {hid} is not a land hex")
        if hid in city_at:
            raise DataError(f"cities.yaml {cid}: hex {hid} already holds {city_at[hid]}")
        for people in c["peoples"]:
            if people not in peoples:
                raise DataError(f"cities.yaml {cid}: unknown people {people}")
        if c.get("port") and not hexmap.coastal_land(hid):
            raise DataError(f"cities.yaml {cid}: a port must touch a coastal sea hex")
        if c.get("garrison") not in (0, 1, 2, 3):
            raise DataError(f"cities.yaml {cid}: garrison must be 0-3")
        cities[cid] = dict(c, hex=hid, name=name_of(c["name"]))
        city_at[hid] = cid
    counters = _load("counters.yaml")
    curiae = {c["id"]: dict(c, name=name_of(c["name"])) for c in counters.get("curiae") or []}
    if tuple(curiae) != CURIAE:
        raise DataError(f"counters.yaml curiae: expected {CURIAE}")
    gentes = {}
    for g in counters.get("gentes") or []:
        if g["curia"] not in curiae or not (1 <= g["virtus"] <= 6 and 0 <= g["astutia"] <= 3):
            raise DataError(f"counters.yaml gens {g.get('id')}: unknown curia or Virtus/Astutia out of range")
        gentes[g["id"]] = dict(g, name=name_of(g["name"]))
    leaders = {}
    for lead in counters.get("leaders") or []:
        if lead["people"] not in peoples or lead["back"] not in ("roman", "captivi"):
            raise DataError(f"counters.yaml leader {lead.get('id')}: unknown people or back")
        leaders[lead["id"]] = dict(lead, name=name_of(lead["name"]))
    units = {}
    for u in _load("units.yaml").get("units") or []:
        back = u.get("back") or {}
        if u.get("arm") not in ("inf", "cav") or u.get("class") not in ("I", "II", "III", "IV", "V"):
            raise DataError(f"units.yaml {u.get('id')}: arm inf|cav and class I-V")
        if u["arm"] == "cav" and u["class"] != "I":
            raise DataError(f"units.yaml {u['id']}: the Equites are always class I (L1347-1348)")
        if back.get("people") not in peoples or back.get("city") not in cities:
            raise DataError(f"units.yaml {u['id']}: the back needs a known people and city")
        units[u["id"]] = dict(u, kind="double")
    for inv in counters.get("invaders") or []:
        people = inv["people"]
        for arm, key in (("inf", "infantry"), ("cav", "cavalry")):
            for i in range(1, int(inv[key]) + 1):
                uid = f"{people}-{arm}-{i}"
                units[uid] = {"id": uid, "arm": arm, "kind": "invader", "people": people,
                              "virtus": inv["virtus"][arm], "class": None}
    ships = {s["id"]: dict(s, name=name_of(s["name"])) for s in counters.get("ships") or []}
    garrisons = {g["id"]: dict(g) for g in counters.get("garrisons") or []}
    chits = {c["id"]: dict(c) for c in counters.get("chits") or []}
    tables = _load("tables.yaml")
    for wid, war in tables["wars"].items():
        for key in ("start_city",):
            if war.get(key) and war[key] not in cities:
                raise DataError(f"tables.yaml war {wid}: unknown city {war[key]}")
        if war.get("start") and war["start"] not in hexmap.boxes:
            raise DataError(f"tables.yaml war {wid}: unknown box {war['start']}")
    rome = cities["roma"]["hex"]
    return Data(map=hexmap, cities=cities, city_at=city_at, peoples=peoples, curiae=curiae, gentes=gentes,
                leaders=leaders, units=units, ships=ships, garrisons=garrisons, chits=chits, tables=tables, rome=rome)


def tables() -> dict:
    return data().tables
