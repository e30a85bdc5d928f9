"""Drawing helpers shared by the rulesets' ``board()``: a projection of longitude and
latitude onto SVG units, Voronoi cells computed by clipping half-planes (pure Python),
and a coarse hand-drawn outline of the seas of the late Roman world.

No Django, no third-party geometry: a cell is the bounding box clipped by the
perpendicular bisector between its site and every other site, then by a disc (a
polygon) around its site, so that a zone far from its neighbours does not swallow
half a continent. Seas are drawn over the cells, so coasts come from the outline below.
The outline is a coarse sketch (one point every hundred kilometres or so), drawn for
this project from general geography; it is decoration, never a rule.
"""

from __future__ import annotations

import math

Point = tuple[float, float]


class Projection:
    """Equirectangular, scaled by cos(mid-latitude) so shapes look right at Roman latitudes."""

    def __init__(self, lon_min: float, lon_max: float, lat_min: float, lat_max: float, width: float = 1000.0):
        self.lon_min, self.lon_max, self.lat_min, self.lat_max = lon_min, lon_max, lat_min, lat_max
        self.k = math.cos(math.radians((lat_min + lat_max) / 2))
        self.scale = width / ((lon_max - lon_min) * self.k)
        self.width = round(width, 1)
        self.height = round((lat_max - lat_min) * self.scale, 1)

    def __call__(self, lon: float, lat: float) -> Point:
        return (round((lon - self.lon_min) * self.k * self.scale, 1), round((self.lat_max - lat) * self.scale, 1))

    def line(self, points) -> list[list[float]]:
        return [list(self(lon, lat)) for lon, lat in points]


def _clip(polygon: list[Point], a: float, b: float, c: float) -> list[Point]:
    """Keep the part of a convex polygon where a*x + b*y <= c (Sutherland-Hodgman, one edge)."""
    result: list[Point] = []
    n = len(polygon)
    for i in range(n):
        p, q = polygon[i], polygon[(i + 1) % n]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            result.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            result.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return result


def disc(centre: Point, radius: float, sides: int = 20) -> list[Point]:
    return [
        (centre[0] + radius * math.cos(2 * math.pi * i / sides), centre[1] + radius * math.sin(2 * math.pi * i / sides))
        for i in range(sides)
    ]


def voronoi_cells(sites: dict[str, Point], width: float, height: float, radius: float) -> dict[str, list[list[float]]]:
    """Each site's Voronoi cell inside the box and a disc of ``radius`` around it, in
    site-id order (deterministic)."""
    cells: dict[str, list[list[float]]] = {}
    ids = sorted(sites)
    for sid in ids:
        sx, sy = sites[sid]
        polygon: list[Point] = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
        for oid in ids:
            if oid == sid:
                continue
            ox, oy = sites[oid]
            if (ox, oy) == (sx, sy) or abs(ox - sx) > 2 * radius or abs(oy - sy) > 2 * radius:
                continue
            # points closer to s than to o: (o - s) . p <= (|o|^2 - |s|^2) / 2
            a, b = ox - sx, oy - sy
            polygon = _clip(polygon, a, b, (ox * ox + oy * oy - sx * sx - sy * sy) / 2)
            if not polygon:
                break
        ring = disc((sx, sy), radius)
        for i in range(len(ring)):
            p, q = ring[i], ring[(i + 1) % len(ring)]
            # keep the side of edge p->q that holds the centre
            a, b = q[1] - p[1], p[0] - q[0]
            c = a * p[0] + b * p[1]
            if a * sx + b * sy > c:
                a, b, c = -a, -b, -c
            polygon = _clip(polygon, a, b, c)
        cells[sid] = [[round(x, 1), round(y, 1)] for x, y in polygon]
    return cells


def centroid(points) -> Point:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (round(sum(xs) / len(xs), 1), round(sum(ys) / len(ys), 1)) if points else (0.0, 0.0)


# -- the seas (longitude, latitude), a coarse outline ------------------------------------------------

MEDITERRANEAN = [
    (-5.6, 36.0), (-4.4, 36.7), (-2.0, 36.8), (-0.5, 38.3), (0.2, 39.5), (0.9, 41.0), (2.2, 41.4), (3.2, 42.2),
    (3.1, 43.1), (4.0, 43.5), (5.4, 43.3), (7.3, 43.7), (8.9, 44.4), (10.2, 43.9), (10.5, 42.9), (11.8, 42.1),
    (12.3, 41.7), (13.6, 41.2), (14.2, 40.8), (15.6, 40.0), (16.0, 39.3), (15.65, 38.1), (16.06, 37.92),
    (16.6, 38.4), (17.2, 39.0), (16.6, 39.7), (17.2, 40.45), (18.0, 40.1), (18.35, 39.8), (18.5, 40.15),
    (18.0, 40.6), (16.9, 41.1), (15.9, 41.6), (16.1, 41.9), (14.7, 42.1), (13.9, 42.9), (13.6, 43.5),
    (12.6, 44.1), (12.3, 44.9), (12.4, 45.4), (13.7, 45.7), (13.6, 45.1), (13.9, 44.8), (14.5, 45.3),
    (15.2, 44.3), (15.9, 43.5), (16.4, 43.5), (17.4, 43.0), (18.1, 42.6), (19.0, 42.1), (19.5, 41.8),
    (19.4, 40.9), (19.4, 40.4), (20.0, 39.7), (20.7, 38.9), (21.1, 38.3),
    (21.3, 37.6), (21.7, 36.8), (22.4, 36.4), (23.0, 36.5), (23.2, 37.3), (22.8, 37.6), (23.4, 37.9),
    (24.0, 37.7), (24.1, 38.2), (23.0, 38.9), (22.9, 39.4), (22.6, 40.0), (22.9, 40.6), (23.9, 40.3),
    (24.4, 40.9), (25.9, 40.8), (26.6, 40.6), (26.2, 40.05), (26.1, 39.5), (26.8, 39.3), (26.9, 38.5),
    (27.3, 37.9), (27.4, 37.0), (28.0, 36.7), (29.1, 36.6), (30.5, 36.3), (30.7, 36.9), (32.0, 36.5),
    (33.5, 36.2), (34.6, 36.8), (36.2, 36.6), (35.8, 36.0), (35.9, 35.5), (35.8, 34.4), (35.5, 33.9),
    (35.2, 33.0), (34.9, 32.5), (34.5, 31.5), (32.3, 31.2), (31.0, 31.6), (29.9, 31.2), (28.0, 31.1),
    (25.2, 31.6), (24.0, 32.1), (22.3, 32.9), (21.0, 32.9), (20.1, 32.1), (19.6, 30.6), (18.5, 30.4),
    (16.5, 31.2), (15.2, 32.3), (13.2, 32.9), (11.5, 33.2), (10.5, 33.8), (10.1, 34.3), (11.1, 35.2),
    (10.6, 35.8), (11.0, 36.9), (10.2, 36.8), (9.8, 37.3), (8.6, 36.9), (7.8, 36.9), (5.1, 36.7),
    (3.0, 36.8), (1.3, 36.5), (-0.6, 35.7), (-2.1, 35.1), (-3.0, 35.2), (-5.3, 35.9),
]
ISLANDS = {
    "sicilia": [(12.4, 37.8), (13.3, 38.2), (15.6, 38.3), (15.1, 37.5), (15.2, 36.7), (14.3, 37.0), (12.6, 37.6)],
    "sardinia": [(8.4, 39.0), (8.6, 40.8), (9.8, 41.2), (9.6, 40.1), (9.6, 39.1), (8.9, 38.9)],
    "corsica": [(8.6, 41.4), (8.6, 42.4), (9.4, 43.0), (9.5, 42.2), (9.2, 41.4)],
    "creta": [(23.5, 35.3), (24.3, 35.6), (26.3, 35.3), (26.0, 35.0), (24.8, 34.9), (23.6, 35.2)],
    "cyprus": [(32.3, 35.0), (33.0, 35.4), (34.6, 35.7), (34.0, 35.0), (33.0, 34.6), (32.4, 34.8)],
    "britannia": [
        (-5.7, 50.05), (-4.2, 50.35), (-3.0, 50.7), (-1.3, 50.8), (0.3, 50.8), (1.4, 51.2), (0.6, 51.5),
        (1.6, 52.1), (1.75, 52.5), (1.3, 52.9), (0.3, 52.9), (0.1, 53.5), (-0.4, 54.1), (-1.2, 54.6),
        (-1.6, 55.6), (-2.9, 56.1), (-2.5, 56.6), (-2.1, 57.1), (-1.8, 57.6), (-3.5, 57.7), (-3.0, 58.6),
        (-5.0, 58.6), (-5.8, 57.5), (-5.6, 56.5), (-5.6, 55.3), (-4.9, 55.7), (-5.1, 55.0), (-4.9, 54.7),
        (-3.6, 54.9), (-3.4, 54.5), (-3.0, 53.9), (-3.0, 53.4), (-4.6, 53.3), (-4.1, 52.9), (-4.1, 52.5),
        (-5.1, 51.9), (-5.3, 51.7), (-4.3, 51.6), (-3.2, 51.4), (-2.7, 51.5), (-3.3, 51.2), (-4.2, 51.2),
        (-5.0, 50.6),
    ],
    "hibernia": [
        (-6.0, 52.2), (-6.1, 53.3), (-6.0, 54.0), (-5.5, 54.6), (-6.1, 55.2), (-7.3, 55.4), (-8.3, 55.1),
        (-8.7, 54.3), (-10.0, 54.2), (-9.9, 53.5), (-9.0, 53.2), (-9.9, 52.1), (-10.4, 51.9), (-9.8, 51.5),
        (-8.5, 51.7), (-7.0, 52.1),
    ],
}
ATLANTIC = [
    (-12.0, 28.6), (-9.8, 29.5), (-9.6, 30.4), (-9.8, 31.5), (-8.5, 33.2), (-6.8, 34.0), (-6.2, 35.5), (-5.9, 35.8),
    (-5.3, 35.9), (-5.6, 36.0), (-6.3, 36.5), (-7.4, 37.2), (-8.9, 37.0), (-8.8, 38.5), (-9.5, 38.7), (-8.9, 40.2),
    (-8.7, 41.2), (-8.9, 42.2), (-9.3, 43.0), (-8.3, 43.5), (-7.0, 43.6), (-5.8, 43.6), (-3.8, 43.5),
    (-1.8, 43.4), (-1.3, 44.6), (-1.2, 46.0), (-2.2, 47.1), (-3.0, 47.5), (-4.5, 47.9), (-4.7, 48.4),
    (-3.5, 48.8), (-2.0, 48.6), (-1.6, 49.7), (-1.1, 49.4), (0.1, 49.5), (1.5, 50.1), (1.6, 50.7),
    (1.9, 51.0), (2.5, 51.1), (3.6, 51.4), (4.1, 52.0), (4.7, 52.9), (5.5, 53.3), (7.0, 53.5), (8.5, 53.6),
    (8.9, 54.0), (8.6, 55.0), (8.1, 55.5), (8.2, 56.6), (8.6, 57.1), (10.5, 57.6), (10.6, 57.75), (11.9, 57.7),
    (11.0, 58.9), (10.5, 59.4), (9.5, 58.9), (8.0, 58.1), (7.0, 58.0), (5.6, 58.7), (5.0, 61.0), (-12.0, 61.0),
]
BALTIC = [
    (10.6, 57.75), (10.3, 56.5), (10.6, 56.0), (9.9, 55.7), (10.0, 55.0), (10.9, 54.4), (12.1, 54.2), (13.8, 54.1),
    (14.6, 53.9), (16.5, 54.5), (18.6, 54.4), (19.9, 54.6), (21.1, 55.7), (21.0, 56.8), (21.6, 57.5), (22.6, 57.7),
    (24.1, 57.0), (24.4, 58.3), (23.5, 58.8), (24.7, 59.4), (28.0, 59.5), (30.2, 59.9), (28.0, 60.5), (22.9, 60.0),
    (21.4, 60.8), (21.3, 61.0), (17.2, 61.0), (17.3, 60.6), (18.7, 60.0), (18.9, 59.3), (16.9, 58.4), (16.5, 57.0),
    (16.4, 56.7), (15.6, 56.2), (14.2, 55.4), (12.9, 55.4), (12.6, 56.0), (12.4, 56.9), (11.9, 57.7),
]
BLACK_SEA = [
    (29.1, 41.2), (28.0, 41.9), (27.9, 42.5), (27.9, 43.2), (28.6, 43.8), (28.65, 44.2), (29.6, 45.2), (30.2, 45.8),
    (30.7, 46.5), (31.9, 46.6), (33.0, 46.1), (33.6, 45.9), (32.5, 45.4), (33.5, 44.5), (34.4, 44.5), (35.2, 44.8),
    (36.5, 45.3), (37.3, 44.9), (37.8, 44.6), (39.0, 44.0), (39.7, 43.6), (41.6, 42.0), (41.7, 41.6), (40.5, 41.0),
    (39.7, 41.0), (37.9, 41.0), (36.3, 41.3), (35.2, 42.0), (33.5, 42.0), (32.3, 41.7), (31.0, 41.2), (29.9, 41.2),
]
AZOV = [(35.0, 45.3), (35.0, 46.0), (36.0, 46.8), (37.5, 47.1), (39.3, 47.1), (38.3, 46.5), (38.0, 46.0), (37.5, 45.5), (36.6, 45.4)]
PROPONTIS = [(26.2, 40.05), (26.7, 40.45), (27.5, 40.95), (28.9, 41.0), (29.1, 41.2), (29.9, 40.75), (29.0, 40.35), (27.5, 40.35), (26.5, 40.0)]
CASPIAN = [(46.7, 44.5), (47.5, 42.9), (48.6, 41.8), (49.5, 40.5), (49.9, 40.4), (49.0, 39.0), (48.9, 38.4), (49.5, 37.5),
           (50.3, 37.1), (51.5, 36.8), (52.0, 36.8), (52.0, 46.6), (51.0, 47.0), (49.0, 46.4), (47.6, 45.7), (47.0, 45.0)]
PERSIAN_GULF = [(48.0, 29.4), (48.6, 28.0), (49.6, 27.0), (50.2, 26.2), (50.8, 25.5), (51.6, 25.3), (52.0, 24.3), (52.0, 27.4),
                (50.8, 28.9), (50.1, 30.1), (48.9, 30.4), (48.5, 29.9)]
RED_SEA = [(32.55, 29.95), (32.7, 29.0), (33.6, 27.3), (34.2, 26.1), (35.3, 24.0), (38.0, 24.0), (37.5, 24.5), (36.5, 26.0),
           (35.2, 28.0), (34.95, 29.5), (34.4, 28.3), (34.25, 27.75), (33.6, 28.3), (33.0, 29.0)]

WATER = {
    "mediterranean": MEDITERRANEAN, "atlantic": ATLANTIC, "baltic": BALTIC, "black-sea": BLACK_SEA, "azov": AZOV,
    "propontis": PROPONTIS, "caspian": CASPIAN, "persian-gulf": PERSIAN_GULF, "red-sea": RED_SEA,
}
#: Which islands are holes in which water body (drawn with the even-odd rule).
HOLES = {"mediterranean": ["sicilia", "sardinia", "corsica", "creta", "cyprus"], "atlantic": ["britannia", "hibernia"]}

RIVERS = {
    "Rhenus": [(4.2, 51.95), (5.9, 51.85), (6.8, 51.4), (7.0, 50.9), (7.6, 50.35), (8.3, 50.0), (8.45, 49.0),
               (7.75, 48.6), (7.6, 47.6), (8.6, 47.6), (9.5, 47.5)],
    "Danuvius": [(8.5, 48.0), (9.9, 48.4), (12.1, 49.0), (13.4, 48.6), (14.3, 48.3), (16.4, 48.2), (17.1, 48.1),
                 (18.9, 47.8), (19.0, 47.5), (18.9, 46.0), (19.2, 45.4), (20.4, 44.8), (22.0, 44.6), (22.9, 43.8),
                 (24.0, 43.7), (25.95, 43.85), (27.3, 44.1), (28.0, 45.0), (28.2, 45.4), (29.6, 45.2)],
    "Euphrates": [(39.5, 39.7), (38.5, 38.7), (38.5, 37.5), (38.0, 36.8), (38.3, 35.9), (39.0, 35.9), (40.7, 34.75),
                  (41.9, 34.4), (43.0, 33.6), (44.4, 32.5), (45.8, 31.3), (47.4, 31.0), (47.9, 30.5), (48.5, 29.9)],
    "Tigris": [(40.2, 37.9), (41.5, 37.3), (42.2, 37.3), (43.1, 36.35), (43.7, 34.6), (44.4, 33.3), (44.6, 33.1),
               (45.8, 32.5), (47.4, 31.0)],
    "Nilus": [(31.0, 31.6), (31.1, 30.1), (31.2, 29.0), (30.8, 28.0), (31.2, 27.2), (32.7, 25.7), (32.9, 24.0)],
}


def water(projection: Projection) -> list[dict]:
    """The seas as SVG path data (islands as holes), projected."""
    result = []
    for wid in sorted(WATER):
        rings = [WATER[wid]] + [ISLANDS[i] for i in HOLES.get(wid, [])]
        d = " ".join("M" + " L".join(f"{x},{y}" for x, y in (projection(lon, lat) for lon, lat in ring)) + " Z" for ring in rings)
        result.append({"id": wid, "d": d})
    return result


def clip_to_convex(ring: list[Point], convex: list[Point]) -> list[Point]:
    """The part of a polygon (any shape) inside a convex polygon (either winding):
    Sutherland-Hodgman, one edge of ``convex`` at a time. A concave ring cut in two comes
    back as one ring joined along the cut, which fills right."""
    area2 = sum(convex[i][0] * convex[(i + 1) % len(convex)][1] - convex[(i + 1) % len(convex)][0] * convex[i][1]
                for i in range(len(convex)))
    sign = 1 if area2 > 0 else -1  # inside is left of each edge (counter-clockwise) or right of it
    out = list(ring)
    for i in range(len(convex)):
        (x1, y1), (x2, y2) = convex[i], convex[(i + 1) % len(convex)]
        # inside: sign * cross(edge, p - start) >= 0  <=>  a*x + b*y <= c
        a, b = sign * (y2 - y1), -sign * (x2 - x1)
        out = _clip(out, a, b, a * x1 + b * y1)
        if not out:
            break
    return out


def sea_area(projection: Projection, parts) -> str:
    """SVG path data of the water a sea zone covers: each ``{"body", "within"?}`` part is a
    water body (with its islands as holes), cut to the ``within`` polygon (lon/lat) when
    given, projected (even-odd fill)."""
    rings = []
    for part in parts:
        body = part["body"]
        for ring in [WATER[body]] + [ISLANDS[i] for i in HOLES.get(body, [])]:
            if part.get("within"):
                ring = clip_to_convex(list(ring), list(part["within"]))
            if len(ring) >= 3:
                rings.append(ring)
    return " ".join("M" + " L".join(f"{x},{y}" for x, y in (projection(lon, lat) for lon, lat in ring)) + " Z"
                    for ring in rings)


def rivers(projection: Projection, names=None) -> list[dict]:
    return [{"name": name, "points": projection.line(RIVERS[name])} for name in sorted(names or RIVERS)]
