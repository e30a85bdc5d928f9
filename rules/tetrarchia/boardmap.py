"""What a page needs to draw the Tetrarchia board (``Ruleset.board()``): the 43
provinces with their centres and Voronoi cells, the seven regions in colours, the three
sea zones, the links (normal or broken), the emperors' capitals and Rome. Pure Python,
from ``data/board.yaml``; the same shape as ``rules.imperator.board``.
"""

from __future__ import annotations

from functools import lru_cache

from rules import board_geometry as geo
from rules.tetrarchia.data import board as load_board
from rules.tetrarchia.data import emperors as load_emperors

#: Region colours, chosen for drawing (the printed board is not in the text).
REGION_COLOURS = {
    "italia": "#9b2335",
    "hispania": "#c8a03c",
    "gallia": "#8a5a2b",
    "illyricum": "#4f7942",
    "graecia": "#2e8b87",
    "asia-minor": "#c0587e",
    "africa": "#d9a441",
}
FRONTIER_COLOUR = "#cfc6b0"
#: Each sea zone's colour: its name, its box and the waves on its coasts.
SEA_COLOURS = {"atlanticum": "#0d3b66", "internum": "#005f73", "aegaeum": "#5a189a"}
EMPEROR_COLOURS = {"green": "#2e7d32", "yellow": "#f9a825", "red": "#c62828", "blue": "#1565c0"}
BOUNDS = {"lon_min": -12.0, "lon_max": 44.0, "lat_min": 27.0, "lat_max": 56.0}
CELL_RADIUS_DEGREES = 4.0


def _name(value) -> dict:
    return dict(value) if isinstance(value, dict) else {"en": str(value), "fr": str(value)}


@lru_cache(maxsize=1)
def board() -> dict:
    data = load_board()
    emperors = load_emperors()
    proj = geo.Projection(BOUNDS["lon_min"], BOUNDS["lon_max"], BOUNDS["lat_min"], BOUNDS["lat_max"])
    sites = {pid: proj(p.lon, p.lat) for pid, p in sorted(data.provinces.items())}
    cells = geo.voronoi_cells(sites, proj.width, proj.height, CELL_RADIUS_DEGREES * proj.scale)
    zones = []
    for pid in sorted(data.provinces):
        p = data.provinces[pid]
        x, y = sites[pid]
        capital = None
        if p.capital:
            emperor = emperors.get(p.capital)
            capital = {"en": emperor.name_en, "fr": emperor.name_fr} if emperor is not None else _name(p.capital)
        zones.append(
            {
                "id": pid,
                "name": _name(p.name),
                "x": x,
                "y": y,
                "polygon": cells[pid],
                "region": p.region,
                "fill": FRONTIER_COLOUR if p.frontier else REGION_COLOURS.get(p.region, "#bbbbbb"),
                "empire": "out" if p.frontier else "in",
                "people": None,
                "number": p.number,
                "city": None,
                "capital": capital["en"] if capital else None,
                "capital_name": capital,
                "capital_of": p.capital,
                "special": ["rome"] if p.rome else [],
                "ports": [],
                "coast": p.coast,
                "next": p.next,
                "neighbours": list(data.neighbours(pid)),
                "label": _label(data, p),
            }
        )
    regions = [
        {"id": rid, "name": _name(r["name"]), "colour": REGION_COLOURS.get(rid, "#bbbbbb"), "number": r.get("number")}
        for rid, r in sorted(data.regions.items())
    ]
    seas = []
    for sid, s in sorted(data.seas.items()):
        x, y = proj(s.lon, s.lat)
        # a sea zone is played like a province (fleets stand and sail there): "zone"
        # its water drawn in its colour and outlined, so the sea zones and their borders read
        seas.append({"id": sid, "name": _name(s.name), "x": x, "y": y, "navigable": True, "zone": True,
                     "colour": SEA_COLOURS.get(sid, "#1b4965"), "coasts": data.coast_of(sid), "adjacent": list(s.adjacent),
                     "area": geo.sea_area(proj, s.area) if s.area else ""})
    links = [{"a": l.a, "b": l.b, "kind": l.kind} for _, l in sorted(data.links.items(), key=lambda kv: sorted(kv[0]))]
    arrows = [{"a": pid, "b": data.provinces[pid].next, "points": [list(sites[pid]), list(sites[data.provinces[pid].next])]}
              for pid in sorted(data.provinces) if data.provinces[pid].next]
    return {
        "width": proj.width,
        "height": proj.height,
        "zones": zones,
        "regions": regions,
        "seas": seas,
        "ports": [],
        "straits": [],
        "links": links,
        "arrows": arrows,
        "rivers": geo.rivers(proj, ["Rhenus", "Danuvius", "Nilus", "Euphrates", "Tigris"]),
        "water": geo.water(proj),
        "emperor_colours": {eid: EMPEROR_COLOURS.get(getattr(e, "colour", ""), "#444") for eid, e in sorted(emperors.items())},
        "legend": {"region": {"en": "Region", "fr": "Région"}},
        "labels": "always",
    }


ROMAN_NUMERALS = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}


def _label(data, p) -> dict:
    """The printed name, readable, with the coordinates the dice use (region by the Roman
    die, number by the normal die): ``Baetica (I 2)``; a frontier says so."""
    name = p.name.title()
    if p.frontier:
        return {"en": f"{name} (frontier)", "fr": f"{name} (frontière)"}
    n = data.region_number(p.region)
    if p.number is None or not n:
        return {"en": name, "fr": name}
    return {"en": f"{name} ({ROMAN_NUMERALS.get(n, n)} {p.number})", "fr": f"{name} ({ROMAN_NUMERALS.get(n, n)} {p.number})"}
