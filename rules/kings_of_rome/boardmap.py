"""The hex map as the pages draw it (``Ruleset.board()``): one zone a land or coastal-sea hex,
flat-topped, in the printed map's own orientation (CCRR, even columns half a hex lower),
with its terrain's colour, its city, Rome, the ports, the rivers along their hexsides and
the roads and tracks through the hex centres. Static and deterministic."""

from __future__ import annotations

import functools
import math

from rules.kings_of_rome.data import data, grid_neighbours, parse_hex
from rules.kings_of_rome.data import distance

R = 10.0  # hex radius in SVG units
FILL = {"clear": "#dfe9c4", "forest": "#9fbf86", "rough": "#cdb892", "lake": "#8fb7d8", "coast": "#b7d3ea", "sea": "#9cc0e0"}
PEOPLE_COLOURS = {"rome": "#8b1a1a", "rome-home": "#c04040"}


def centre(hid: str) -> tuple[float, float]:
    d = data()
    col, row = parse_hex(hid)
    c0, r0 = d.map.columns[0], d.map.rows[0]
    x = R + (col - c0) * 1.5 * R
    y = R * math.sqrt(3) / 2 + (row - r0) * math.sqrt(3) * R + (math.sqrt(3) / 2 * R if col % 2 == 0 else 0)
    return round(x, 1), round(y, 1)


def corners(hid: str) -> list[list[float]]:
    x, y = centre(hid)
    return [[round(x + R * math.cos(math.radians(60 * i)), 1), round(y + R * math.sin(math.radians(60 * i)), 1)]
            for i in range(6)]


def shared_edge(a: str, b: str) -> list[list[float]] | None:
    ca, cb = corners(a), corners(b)
    common = [p for p in ca if any(abs(p[0] - q[0]) < 0.2 and abs(p[1] - q[1]) < 0.2 for q in cb)]
    return common if len(common) == 2 else None


@functools.lru_cache(maxsize=1)
def board() -> dict:
    d = data()
    hexes = [h for h in d.map.hexes() if d.map.terrain[h] != "sea"]
    region_of = _regions(d)
    zones = []
    for h in hexes:
        x, y = centre(h)
        cid = d.city_at.get(h)
        city = d.cities[cid] if cid else None
        name = f"{h} {city['name']['en']}" if city else h
        zones.append({
            "id": h, "name": {"en": name, "fr": f"{h} {city['name']['fr']}" if city else h},
            "x": x, "y": y, "polygon": corners(h), "region": region_of.get(h), "fill": FILL[d.map.terrain[h]],
            "terrain": d.map.terrain[h], "empire": "in", "city": city["name"]["en"] if city else None,
            "capital": None, "major": bool(city and city["major"]), "special": ["rome"] if cid == "roma" else [],
            "ports": [cid] if city and city["port"] else [],
            "neighbours": [n for n in grid_neighbours(h) if n in d.map.terrain and d.map.terrain[n] != "sea"],
        })
    rivers = []
    for river in d.map.rivers:
        for s in river.get("hexsides") or []:
            a, _, b = str(s).partition("/")
            edge = shared_edge(a, b)
            if edge:
                rivers.append({"name": river["name"] + (" (major)" if river.get("major") else ""), "points": edge,
                               "major": bool(river.get("major"))})
    roads = []
    for road in d.map.roads:
        roads.append({"name": road.get("name") or road["id"], "kind": road["kind"],
                      "points": [list(centre(h)) for h in road["hexes"]]})
    ports = [{"id": cid, "name": rec["name"]["en"], "x": centre(rec["hex"])[0], "y": centre(rec["hex"])[1] + 4}
             for cid, rec in sorted(d.cities.items()) if rec["port"]]
    regions = [{"id": p, "name": rec["name"], "colour": rec["colour"]} for p, rec in sorted(d.peoples.items())]
    boxes = [{"id": b, "name": rec["name"], "entry": rec["entry"], "x": centre(rec["entry"])[0],
              "y": centre(rec["entry"])[1]} for b, rec in sorted(d.map.boxes.items())]
    width = round(R * 2 + (d.map.columns[1] - d.map.columns[0]) * 1.5 * R, 1)
    height = round((d.map.rows[1] - d.map.rows[0] + 1.5) * math.sqrt(3) * R, 1)
    colours = dict(PEOPLE_COLOURS)
    colours.update({p: rec["colour"] for p, rec in d.peoples.items()})
    return {"width": width, "height": height, "zones": zones, "regions": regions, "seas": [], "ports": ports,
            "straits": [], "rivers": rivers, "roads": roads, "links": [], "water": [], "boxes": boxes,
            "side_colours": colours, "hex": {"radius": R, "orientation": "flat", "shifted": "even"},
            "legend": {k: v for k, v in FILL.items()}}


def _regions(d) -> dict[str, str]:
    """Each land hex belongs to the people of the nearest city (within 4 hexes): the labels."""

    cities = sorted(d.cities.items())
    out = {}
    for h in d.map.hexes():
        if d.map.terrain[h] not in ("clear", "forest", "rough"):
            continue
        best = min(cities, key=lambda kv: (distance(h, kv[1]["hex"]), kv[0]))
        if distance(h, best[1]["hex"]) <= 4:
            out[h] = best[1]["peoples"][0]
    return out
