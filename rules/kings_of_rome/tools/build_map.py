"""Build the first draft of the Kings of Rome hex map from general geography.

    python -m rules.kings_of_rome.tools.build_map [--check]

The rulebook prints no map; it gives seven hex numbers (3906, 3311, 4508, 4309, 2716, 5324,
5915) and many place names. The hex numbers are CCRR (column, row): the columns grow
toward the north-west along the peninsula and the rows toward the Adriatic, so the printed
map lies on its side (MAP.md). This script fits an affine map from kilometres to (column,
row) on the pinned cities, lays a hex grid over central Italy, and writes
``data/map.yaml`` (terrain, rivers, roads and tracks, boxes) and ``data/cities.yaml``.

Those two files are the source of truth: an owner of the printed map corrects them by
hand. Running this script again overwrites such corrections; ``--check`` only reports
how the current files differ from a fresh draft.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from rules.kings_of_rome.tools import geography as geo
from rules.kings_of_rome.tools import places

DATA = Path(__file__).resolve().parent.parent / "data"
LAT0, LON0 = 41.892, 12.484
COLS = range(17, 65)
ROWS = range(1, 29)
ROOT3 = math.sqrt(3)

#: The hexes the rulebook prints, with the place each one holds (the fit's anchors). Rome's
#: hex is reconstructed: next to the King's start 3906 (L425), where the fit puts it.
ANCHORS = {"roma": "4006", "falerii": "4508", "capena": "4309", "rufrium": "2716", "sena-gallica": "5324"}


def km(lon: float, lat: float) -> tuple[float, float]:
    return (lon - LON0) * 111.32 * math.cos(math.radians(LAT0)), (lat - LAT0) * 110.6


def hex_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def parse(hid: str) -> tuple[int, int]:
    return int(hid[:2]), int(hid[2:])


def centre(col: int, row: int) -> tuple[float, float]:
    """Layout units: flat-topped hexes in columns, even columns half a hex down; one row = 1."""
    return col * ROOT3 / 2, row + (0.5 if col % 2 == 0 else 0.0)


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    if col % 2 == 0:  # shifted down
        deltas = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
    else:
        deltas = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
    return [(col + dc, row + dr) for dc, dr in deltas]


def _solve(rows: list[list[float]], ys: list[float]) -> list[float]:
    n = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(n)] + [sum(r[i] * y for r, y in zip(rows, ys))] for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda k: abs(a[k][i]))
        a[i], a[p] = a[p], a[i]
        for j in range(n):
            if j != i:
                f = a[j][i] / a[i][i]
                a[j] = [x - f * y for x, y in zip(a[j], a[i])]
    return [a[i][n] / a[i][i] for i in range(n)]


class Fit:
    """km -> (column, layout row) by least squares on the anchors, and back."""

    def __init__(self) -> None:
        where = {c[0]: (c[2], c[3]) for c in places.CITIES}
        rows, cols, ys = [], [], []
        for city, hid in ANCHORS.items():
            x, y = km(*where[city])
            c, r = parse(hid)
            rows.append([x, y, 1.0])
            cols.append(float(c))
            ys.append(centre(c, r)[1])
        self.col = _solve(rows, cols)
        self.row = _solve(rows, ys)
        det = self.col[0] * self.row[1] - self.col[1] * self.row[0]
        self.inverse = (det,)

    def layout(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = km(lon, lat)
        c = self.col[0] * x + self.col[1] * y + self.col[2]
        r = self.row[0] * x + self.row[1] * y + self.row[2]
        return c * ROOT3 / 2, r

    def geo(self, col: int, row: int) -> tuple[float, float]:
        """Longitude and latitude of a hex centre."""
        cx, cy = centre(col, row)
        c, r = cx / (ROOT3 / 2), cy
        a, b, e = self.col
        d, f, g = self.row
        det = a * f - b * d
        x = ((c - e) * f - b * (r - g)) / det
        y = (a * (r - g) - d * (c - e)) / det
        return LON0 + x / (111.32 * math.cos(math.radians(LAT0))), LAT0 + y / 110.6


def inside(point, polygon) -> bool:
    x, y = point
    result = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def _cross(p, q, r, s) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0


def build() -> tuple[dict, dict]:
    fit = Fit()
    terrain: dict[tuple[int, int], str] = {}
    for col in COLS:
        for row in ROWS:
            lon, lat = fit.geo(col, row)
            if not inside((lon, lat), geo.LAND):
                terrain[(col, row)] = "="
                continue
            t = "."
            for _name, poly in geo.ROUGH:
                if inside((lon, lat), poly):
                    t = "r"
            for _name, poly in geo.FOREST:
                if inside((lon, lat), poly):
                    t = "f"
            x, y = km(lon, lat)
            for _name, llon, llat, radius in geo.LAKES:
                lx, ly = km(llon, llat)
                if math.hypot(x - lx, y - ly) < radius:
                    t = "l"
            terrain[(col, row)] = t
    land = {h for h, t in terrain.items() if t not in "=~"}
    for h, t in list(terrain.items()):
        if t == "=" and any(n in land for n in neighbours(*h)):
            terrain[h] = "~"
    coastal = {h for h in land if any(terrain.get(n) in ("~",) for n in neighbours(*h))}

    # cities: the anchors where the text puts them, every other one on the nearest free hex
    taken: dict[tuple[int, int], str] = {parse("3906"): "(the King's start, L425: open country)"}
    city_hex: dict[str, tuple[int, int]] = {}
    for cid, _name, lon, lat, _peoples, _sym, _major, port, _g, pinned, _note in places.CITIES:
        if pinned or cid in ANCHORS:
            h = parse(pinned or ANCHORS[cid])
            taken[h] = cid
            city_hex[cid] = h
            terrain[h] = "." if terrain[h] in "=~l" else terrain[h]
    for cid, _name, lon, lat, _peoples, _sym, _major, port, _g, pinned, _note in places.CITIES:
        if cid in city_hex:
            continue
        px, py = fit.layout(lon, lat)
        candidates = sorted(
            (h for h in land if h not in taken and terrain[h] != "l" and (not port or h in coastal)),
            key=lambda h: (math.hypot(centre(*h)[0] - px, centre(*h)[1] - py), h))
        h = candidates[0]
        taken[h] = cid
        city_hex[cid] = h

    # rivers: a hexside between two land hexes is a river hexside when the river crosses the
    # segment between their centres
    rivers = []
    for rid, name, major, line in geo.RIVERS:
        pts = [fit.layout(lon, lat) for lon, lat in line]
        sides = set()
        for a in sorted(land):
            for b in neighbours(*a):
                if b not in land or b <= a:
                    continue
                ca, cb = centre(*a), centre(*b)
                if any(_cross(ca, cb, pts[i], pts[i + 1]) for i in range(len(pts) - 1)):
                    sides.add((a, b))
        rivers.append({"id": rid, "name": name, "major": major,
                       "hexsides": [f"{hex_id(*a)}/{hex_id(*b)}" for a, b in sorted(sides)]})

    # roads and tracks: the shortest land path between consecutive places, kept close to the
    # straight line
    roads = []
    for rid, name, kind, stops in places.ROUTES:
        path: list[tuple[int, int]] = []
        for a, b in zip(stops, stops[1:]):
            leg = _path(city_hex[a], city_hex[b], land, terrain)
            path.extend(leg if not path else leg[1:])
        roads.append({"id": rid, "name": name, "kind": kind, "hexes": [hex_id(*h) for h in path]})

    boxes = []
    for bid, name, people, where, pinned, note in places.BOXES:
        if pinned:
            h = parse(pinned)
        else:
            px, py = fit.layout(*where)
            h = min((h for h in land if terrain[h] != "l"),
                    key=lambda h: (math.hypot(centre(*h)[0] - px, centre(*h)[1] - py), h))
        boxes.append({"id": bid, "name": name, "people": people, "entry": hex_id(*h),
                      "status": "pinned" if pinned else "reconstructed", "ref": note})

    grid = {}
    for row in ROWS:
        grid[f"{row:02d}"] = "".join(terrain[(col, row)] for col in COLS)
    cities = []
    for cid, name, lon, lat, peoples, symbol, major, port, garrison, pinned, note in places.CITIES:
        h = city_hex[cid]
        status = "pinned" if pinned else "reconstructed"
        cities.append({"id": cid, "name": name, "hex": hex_id(*h), "peoples": peoples, "symbol": symbol,
                       "major": major, "port": port, "garrison": garrison, "status": status, "ref": note,
                       "lon": lon, "lat": lat})
    return ({"grid": grid, "rivers": rivers, "roads": roads, "boxes": boxes, "fit": fit}, {"cities": cities})


def _path(a, b, land, terrain):
    """A shortest land path from a to b (breadth first), ties broken toward the straight line."""
    import heapq

    ca, cb = centre(*a), centre(*b)
    dx, dy = cb[0] - ca[0], cb[1] - ca[1]
    norm = math.hypot(dx, dy) or 1.0

    def off(h):
        p = centre(*h)
        return abs((p[0] - ca[0]) * dy - (p[1] - ca[1]) * dx) / norm

    start = (0, 0.0, a)
    queue = [start]
    best = {a: (0, 0.0)}
    came = {a: None}
    while queue:
        steps, dev, h = heapq.heappop(queue)
        if h == b:
            break
        if best.get(h, (1e9,)) < (steps, dev):
            continue
        for n in neighbours(*h):
            if n not in land or terrain.get(n) == "l":
                continue
            cost = (steps + 1, dev + off(n))
            if cost < best.get(n, (1e9, 1e9)):
                best[n] = cost
                came[n] = h
                heapq.heappush(queue, (cost[0], cost[1], n))
    path = [b]
    while came[path[-1]] is not None:
        path.append(came[path[-1]])
    return path[::-1]


HEADER_MAP = """\
# Kings of Rome: the hex map. Checked on load by rules/kings_of_rome/data.py; every clue of the
# rulebook is a test (tests/rules/kings_of_rome/test_map_clues.py). See MAP.md.
#
# The rulebook (shared/rulebooks/kings-of-rome-multiplayer.fr.txt, "L<n>" = line n) prints no
# map. Pinned: the hex numbers it gives (3906 L425, 3311 L1778, 4508 L1822, 4309 L1840,
# 2716 L1857, 5324 L1922, 5915 L2070). Everything else is RECONSTRUCTED from general
# geography by rules/kings_of_rome/tools/build_map.py (a first draft): an owner of the printed
# map corrects this file by hand (the script would overwrite such corrections).
#
# Hex ids are CCRR: column CC, row RR. Flat-topped hexes in columns; even columns are drawn
# half a hex lower. Columns grow toward the north-west along the peninsula, rows toward the
# Adriatic: the map lies on its side (north-west to the right, the Tyrrhenian at the top).
#
# terrain: one string a row, one character a hex from column 17 to column 64:
#   .  clear ("piste/terrain (vert)", 1 MP, L1133)      f  forest (2 MP, L1134)
#   r  rough ("terrain accidenté", 2 MP, L1134)          l  lake (closed to land units, L178)
#   ~  coastal sea ("hexagones de mer plus clairs", ships move there, L1695-1698)
#   =  open sea (closed to land units and ships, L176-178, L1695-1698)
# rivers: hexsides "AAAA/BBBB"; a major river stops movement unless a road crosses it there
#   (no bridges: road crossings are fords, L178-184); minor rivers have no effect.
# roads: "road" = main road (1/2 MP a hex along it, L1135); "track" = dotted track (1 MP a hex
#   along it whatever the terrain, L1133); hexes in order along the way.
# fords: extra fords on major rivers (hexsides), beyond the road crossings.
# boxes: off-map areas (L186-189) with the hex their arrow enters; war forces start on it.
"""

HEADER_CITIES = """\
# Kings of Rome: the cities. Checked on load by rules/kings_of_rome/data.py; clue tests in
# tests/rules/kings_of_rome/test_map_clues.py. See MAP.md.
#
#   hex      CCRR (data/map.yaml); status pinned (the text gives the hex) or reconstructed
#            (the hex nearest the city's real place, lon/lat, that no other city holds)
#   peoples  the people(s) owning the city: the star's colour first (L202-206); an Oscan city
#            belongs to both the Osci and the Etruscans (L144-147)
#   symbol   star, or etruscan/greek/samnite/gallic: cities with their own symbol, which come
#            into play with their war chit (L207-210)
#   major    printed in a larger font (Prestige, L1758-1764) - reconstructed for every city
#   port     a port symbol (L147-149)
#   garrison the set-up garrison (T5, L437-L455 and L510-L515; Rome L429-431); 0 = none
"""


def write(map_data: dict, city_data: dict) -> None:

    fit = map_data["fit"]
    out = {
        "layout": {"columns": [COLS.start, COLS.stop - 1], "rows": [ROWS.start, ROWS.stop - 1],
                   "shifted": "even", "king_start": "3906"},
        "fit": {"lon0": LON0, "lat0": LAT0, "column": [round(v, 6) for v in fit.col],
                "row": [round(v, 6) for v in fit.row], "anchors": ANCHORS,
                "note": "column, layout row (row + 0.5 in even columns) = a*x + b*y + c, x/y km east/north of Rome"},
        "rivers": map_data["rivers"],
        "roads": map_data["roads"],
        "fords": [],
        "boxes": map_data["boxes"],
    }
    with open(DATA / "map.yaml", "w", encoding="utf-8") as fh:
        fh.write(HEADER_MAP + "\n")
        head = _dump({k: out[k] for k in ("layout", "fit")})
        fh.write(head)
        fh.write("terrain:  # row: columns 17..64\n")
        for row, line in map_data["grid"].items():
            fh.write(f'  "{row}": "{line}"\n')
        fh.write(_dump({k: out[k] for k in ("rivers", "roads", "fords", "boxes")}))
    with open(DATA / "cities.yaml", "w", encoding="utf-8") as fh:
        fh.write(HEADER_CITIES + "\n")
        fh.write(_dump(city_data))


def _dump(data) -> str:
    import yaml

    class Flow(yaml.SafeDumper):
        pass

    def represent_list(dumper, value):
        flow = all(not isinstance(v, (dict, list)) for v in value)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)

    def represent_dict(dumper, value):
        flow = all(not isinstance(v, (dict, list)) for v in value.values()) and len(value) <= 14 and "terrain" not in value
        return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=flow and len(value) > 3)

    Flow.add_representer(list, represent_list)
    Flow.add_representer(dict, represent_dict)
    return yaml.dump(data, Dumper=Flow, sort_keys=False, allow_unicode=True, width=160)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--show", action="store_true", help="print the terrain with the cities")
    args = parser.parse_args(argv)
    map_data, city_data = build()
    if args.show:
        where = {c["hex"]: c["id"] for c in city_data["cities"]}
        for row, line in map_data["grid"].items():
            chars = []
            for i, ch in enumerate(line):
                hid = hex_id(COLS.start + i, int(row))
                chars.append("*" if hid in where else ch)
            print(row, "".join(chars))
        for c in city_data["cities"]:
            print(c["hex"], c["id"])
        return 0
    if args.check:
        found = differences(map_data, city_data)
        print("\n".join(found) if found else "the data files are the draft")
        return 0
    write(map_data, city_data)
    return 0


def differences(map_data: dict, city_data: dict) -> list[str]:
    """How ``data/map.yaml`` and ``data/cities.yaml`` differ from a fresh draft (an owner's
    corrections, or a change of the draft): terrain by hex, cities by hex and values,
    rivers, roads and boxes by id."""
    import yaml

    with open(DATA / "map.yaml", encoding="utf-8") as fh:
        current = yaml.safe_load(fh)
    with open(DATA / "cities.yaml", encoding="utf-8") as fh:
        cities = {c["id"]: c for c in yaml.safe_load(fh)["cities"]}
    out = []
    for row, line in map_data["grid"].items():
        have = current["terrain"].get(row, "")
        for i, ch in enumerate(line):
            if i >= len(have) or have[i] != ch:
                out.append(f"terrain {hex_id(COLS.start + i, int(row))}: draft {ch!r}, file {have[i:i + 1]!r}")
    for city in city_data["cities"]:
        mine = cities.pop(city["id"], None)
        if mine is None:
            out.append(f"city {city['id']}: not in the file")
            continue
        for key in ("hex", "peoples", "symbol", "major", "port", "garrison"):
            if mine.get(key) != city[key]:
                out.append(f"city {city['id']} {key}: draft {city[key]!r}, file {mine.get(key)!r}")
    out += [f"city {cid}: not in the draft" for cid in sorted(cities)]
    for key, field in (("rivers", "hexsides"), ("roads", "hexes"), ("boxes", "entry")):
        have = {r["id"]: r for r in current.get(key) or []}
        for rec in map_data[key]:
            mine = have.pop(rec["id"], None)
            if mine is None or mine.get(field) != rec[field]:
                out.append(f"{key} {rec['id']}: {field} differ")
        out += [f"{key} {rid}: not in the draft" for rid in sorted(have)]
    if current.get("fords"):
        out.append(f"fords: {len(current['fords'])} beyond the draft's none")
    return out


if __name__ == "__main__":
    sys.exit(main())
