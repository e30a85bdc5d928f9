"""What a page needs to draw an Imperator title's map (``Ruleset.board()``), computed
from the title's data (``map.yaml``): every land zone with its centre and a Voronoi cell
around it, the dioceses in their colours, the sea zones, rivers, straits, cities,
capitals and ports. Pure Python, deterministic, cached per data directory.

Coordinates are SVG user units of a ``width`` x ``height`` view box (an equirectangular
projection of the map's ``bounds``); the cells are clipped by the coastline sketch of
``rules.board_geometry`` when drawn (the seas are painted over them).
"""

from __future__ import annotations

from functools import lru_cache

from rules import board_geometry as geo
from rules import yamlfiles

#: Grey for zones outside the Empire (barbarian lands), by the ``empire`` field.
OUTSIDE_COLOUR = "#cfc6b0"
EXEMPT_COLOUR = "#ddd3bb"
#: Where each sea's name is written (lon, lat); the sea zones have no coordinates in
#: map.yaml, and the centroid of their coasts falls on land.
SEA_LABELS = {
    "mare-internum-occidentalis": (5.0, 38.6),
    "mare-ionium": (18.5, 36.5),
    "mare-adriaticum": (15.5, 43.0),
    "mare-aegaeum": (25.0, 38.5),
    "propontis": (28.0, 40.6),
    "pontus-euxinus": (34.0, 43.4),
    "mare-internum-orientalis": (30.0, 33.8),
    "oceanus-atlanticus": (-6.5, 46.3),
    "fretum-gallicum": (-3.0, 49.6),
    "mare-germanicum": (3.0, 55.5),
}
#: Radius of a zone's cell, in degrees of latitude: far from its neighbours, a zone ends here.
CELL_RADIUS_DEGREES = 4.2


def board(world) -> dict:
    return _board(str(world.data_dir), world)


@lru_cache(maxsize=8)
def _board(key: str, world) -> dict:
    b = (world.__dict__.get("bounds") or _bounds(world))
    proj = geo.Projection(b["lon_min"], b["lon_max"], b["lat_min"], b["lat_max"])
    sites = {zid: proj(z["lon"], z["lat"]) for zid, z in sorted(world.zones.items())}
    cells = geo.voronoi_cells(sites, proj.width, proj.height, CELL_RADIUS_DEGREES * proj.scale)
    port_of_zone: dict[str, list[str]] = {}
    for pid, port in sorted(world.ports.items()):
        port_of_zone.setdefault(port["zone"], []).append(pid)
    zones = []
    for zid in sorted(world.zones):
        z = world.zones[zid]
        diocese = z.get("diocese")
        if diocese:
            fill = world.dioceses[diocese]["colour"]
        else:
            fill = EXEMPT_COLOUR if z.get("empire") == "exempt" else OUTSIDE_COLOUR
        x, y = sites[zid]
        zones.append(
            {
                "id": zid,
                "name": dict(z["name"]) if isinstance(z["name"], dict) else {"en": z["name"], "fr": z["name"]},
                "x": x,
                "y": y,
                "polygon": cells[zid],
                "region": diocese,
                "fill": fill,
                "empire": z.get("empire"),
                "people": z.get("people"),
                "number": z.get("number"),
                "city": z.get("city"),
                "capital": z.get("capital"),
                "special": [k for k in ("byzantium", "ctesiphon", "rome") if z.get(k)],
                "ports": port_of_zone.get(zid, []),
                "neighbours": list(world.adjacency.get(zid, ())),
            }
        )
    regions = [
        {"id": did, "name": dict(d["name"]) if isinstance(d["name"], dict) else {"en": d["name"], "fr": d["name"]},
         "colour": d["colour"], "half": d.get("half")}
        for did, d in sorted(world.dioceses.items())
    ]
    seas = []
    for sid, s in sorted(world.seas.items()):
        coasts = [sites[c] for c in s.get("coasts") or [] if c in sites]
        x, y = proj(*SEA_LABELS[sid]) if sid in SEA_LABELS else geo.centroid(coasts)
        seas.append({"id": sid, "name": dict(s["name"]) if isinstance(s["name"], dict) else {"en": s["name"], "fr": s["name"]},
                     "x": x, "y": y, "navigable": bool(s.get("navigable")), "coasts": list(s.get("coasts") or []),
                     "adjacent": list(s.get("adjacent") or [])})
    ports = []
    for pid, p in sorted(world.ports.items()):
        zx, zy = sites[p["zone"]]
        ports.append({"id": pid, "name": p["name"], "zone": p["zone"], "sea": p["sea"], "fleet": p.get("fleet"),
                      "x": round(zx + 9, 1), "y": round(zy + 9, 1)})
    straits, links, river_names = [], [], set()
    seen = set()
    for (a, bb), edge in sorted(world.edges.items()):
        if (bb, a) in seen:
            continue
        seen.add((a, bb))
        kind = edge.get("kind", "land")
        links.append({"a": a, "b": bb, "kind": kind})
        if kind == "strait":
            straits.append({"a": a, "b": bb, "name": edge.get("strait") or "", "points": [list(sites[a]), list(sites[bb])]})
        if kind == "river" and edge.get("river"):
            river_names.add(edge["river"])
    return {
        "width": proj.width,
        "height": proj.height,
        "zones": zones,
        "regions": regions,
        "seas": seas,
        "ports": ports,
        "straits": straits,
        "links": links,
        "rivers": geo.rivers(proj, sorted(n for n in river_names if n in geo.RIVERS) or None),
        "water": geo.water(proj),
        "legend": {"region": {"en": "Diocese", "fr": "Diocèse"}},
    }


def _bounds(world) -> dict:
    with open(world.data_dir / "map.yaml", encoding="utf-8") as fh:
        raw = yamlfiles.safe_load(fh)
    if raw.get("bounds"):
        return raw["bounds"]
    lons = [z["lon"] for z in world.zones.values()]
    lats = [z["lat"] for z in world.zones.values()]
    return {"lon_min": min(lons) - 3, "lon_max": max(lons) + 3, "lat_min": min(lats) - 3, "lat_max": max(lats) + 3}
