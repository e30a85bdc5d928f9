"""The board as inline SVG: ``Ruleset.board()`` (the map) and ``position.position()``
(the stacks and markers), drawn on the server so the page needs no build step and the
map is there without JavaScript. Every zone is a ``path`` with ``data-zone``; every
stack a focusable ``g`` with ``data-zone``/``data-side`` and a ``title`` (hover shows
it; ``static/cursus/map.js`` shows it on tap and drives order entry)."""

from __future__ import annotations

from typing import NamedTuple

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.presentation import message_text

NEUTRAL = "#555555"
BATTLE = {"symbol": "B", "colour": "#a00000"}
#: A counter's size in the board's units (about pixels on a desktop map): 20 or more.
COUNTER_W, COUNTER_H = 22, 18


def side_colour(side: str, pos: dict, board: dict | None = None) -> str:
    """The side's colour as its ruleset gives it (``Ruleset.furniture``, else its board)."""
    board = board or {}
    return (((pos.get("sides") or {}).get(side) or {}).get("colour") or (board.get("side_colours") or {}).get(side)
            or (board.get("emperor_colours") or {}).get(side) or NEUTRAL)


def _light(colour: str) -> bool:
    """Whether a #rrggbb colour wants dark ink on it."""
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    except (TypeError, ValueError):
        return False
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def marker_glyph(x: float, y: float, marker: dict, r: float = 7.0) -> str:
    """One marker as its ruleset describes it (``Ruleset.furniture``): a disc (or a square)
    in its colour with its letter, ringed in its ``ring`` colour, the ring dashed when
    ``dashed``: the map and its legend draw it alike."""
    colour = marker.get("colour") or BATTLE["colour"]
    ink = "#111" if _light(colour) else "#fff"
    ring = marker.get("ring") or ("#111" if _light(colour) else "#fff")
    dash = ' stroke-dasharray="2.2 1.6"' if marker.get("dashed") else ""
    paint = f'fill="{escape(colour)}" stroke="{escape(ring)}" stroke-width="{1.6 if marker.get("ring") else 1}"{dash}'
    if marker.get("shape") == "square":
        shape = f'<rect x="{round(x - r, 2)}" y="{round(y - r, 2)}" width="{2 * r}" height="{2 * r}" rx="1.5" {paint}/>'
    else:
        shape = f'<circle cx="{x}" cy="{y}" r="{r}" {paint}/>'
    return (shape + f'<text x="{x}" y="{round(y + r * 0.42, 2)}" text-anchor="middle" fill="{ink}">'
            f'{escape(marker.get("symbol") or "•")}</text>')


def marker_key(marker: dict) -> str:
    """A legend's key: the marker drawn as on the map, in a small SVG of its own."""
    return mark_safe(f'<svg class="marker-key" viewBox="0 0 18 18" width="18" height="18" aria-hidden="true">'
                     f'<g class="marker">{marker_glyph(9, 9, marker)}</g></svg>')


def _d(points) -> str:
    return "M" + " L".join(f"{x},{y}" for x, y in points) + " Z" if points else ""


def render(board: dict | None, pos: dict, *, legal: set | None = None, element_id: str = "map", title: str = "") -> str:
    """The SVG markup (safe). ``legal``: zones to highlight (the engine's options).

    The map itself (zones, water, rivers, names, towns and ports) is drawn once per
    board, element id and language (:func:`_layers`); each call adds what the position
    changes: the legal zones, who controls each region, the markers and the stacks."""
    if not board:
        return ""
    legal = legal or set()
    title = title or _("Map of the game")
    layers = _layers(board, element_id)
    w, h = board["width"], board["height"]
    out = [
        f'<svg id="{element_id}" class="board{" labels-always" if board.get("labels") == "always" else ""}" viewBox="0 0 {w} {h}" '
        f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{element_id}-title">{escape(title)}</title>',
        f'<defs><marker id="{element_id}-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
        '<path d="M0,0 L10,5 L0,10 Z" fill="#c2185b"/></marker></defs>',
        f'<rect x="0" y="0" width="{w}" height="{h}" class="land-bg"/>',
        '<g class="zones">',
    ]
    out.extend(highlighted if zone_id in legal else plain for zone_id, plain, highlighted in layers.zones)
    out.append("</g>")
    out.append(layers.under_labels)
    # region names with their controller
    control = pos.get("control") or {}
    for region_id, label, cx, cy, markup in layers.regions:
        out.append(markup)
        owner = control.get(region_id)
        if owner:
            tip = _("%(region)s controlled by %(side)s") % {"region": label, "side": owner}
            out.append(
                f'<rect class="control" x="{cx - 5}" y="{cy + 3}" width="10" height="6" fill="{side_colour(owner, pos, board)}">'
                f'<title>{escape(tip)}</title></rect>'
            )
    out.append(layers.places)
    zones = layers.by_id
    # markers (on a zone, or on a sea a board plays as a zone)
    for zone_id, markers in sorted((pos.get("markers") or {}).items()):
        z = zones.get(zone_id) or layers.seas.get(zone_id)
        if not z:
            continue
        for k, marker in enumerate(markers):
            x, y = round(z["x"] - 8 * (len(markers) - 1) + 16 * k, 1), round(z["y"] - (16 if zone_id in zones else -12), 1)
            if marker.get("kind") == "battle" and not marker.get("colour"):
                marker = dict(marker, **BATTLE)
            out.append(
                f'<g class="marker marker-{escape(marker.get("kind") or "")}">{marker_glyph(x, y, marker)}'
                f'<title>{escape(marker["label"])}</title></g>'
            )
    # stacks: one counter per zone and side, fanned out when several sides share a zone
    per_zone: dict[str, list] = {}
    for stack in pos.get("stacks") or []:
        per_zone.setdefault(stack["zone"], []).append(stack)
    for zone_id, stacks in sorted(per_zone.items()):
        z = zones.get(zone_id)
        if not z:
            continue
        for k, stack in enumerate(stacks):
            w, h = COUNTER_W, COUNTER_H
            x = round(z["x"] + (k - (len(stacks) - 1) / 2) * (w + 2) - w / 2, 1)
            y = round(z["y"] - h / 2 + 2, 1)
            pieces = stack["leaders"] + stack["units"]
            weakened = any(p["weakened"] for p in pieces)
            usurper = any(p.get("usurper") for p in stack["leaders"])
            side_name = ((pos.get("sides") or {}).get(stack["side"]) or {}).get("name") or stack["side"]
            label = _("%(side)s in %(zone)s: %(pieces)s") % {
                "side": side_name, "zone": message_text(z["name"]), "pieces": stack["label"]}
            colour = side_colour(stack["side"], pos, board)
            ink = "#111" if _light(colour) else "#fff"
            # the stack's strength, else (a lone leader) his initial
            shown = str(stack["strength"]) if stack.get("strength") else (pieces[0]["name"][:1] if pieces else "")
            out.append(
                f'<g class="stack" tabindex="-1" role="button" data-zone="{escape(zone_id)}" data-side="{escape(stack["side"])}" '
                f'data-pieces="{escape(" ".join(p["id"] for p in pieces))}"{" data-own=" + chr(34) + "true" + chr(34) if stack.get("own") else ""} '
                f'data-label="{escape(label)}" aria-label="{escape(label)}">'
                f'<title>{escape(label)}</title>'
                f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="2" fill="{colour}"/>'
                + (f'<circle cx="{x + w - 3.5}" cy="{y + 3.5}" r="2.6" class="leader-dot"/>' if stack["leaders"] and stack["units"] else "")
                + (f'<line x1="{x + 1}" y1="{y + h - 1.5}" x2="{x + w - 1}" y2="{y + h - 1.5}" class="weakened"/>' if weakened else "")
                + (f'<rect x="{x - 1.5}" y="{y - 1.5}" width="{w + 3}" height="{h + 3}" rx="3" class="usurper-ring"/>' if usurper else "")
                + (f'<text x="{x + w / 2 - (2 if stack["leaders"] and stack["units"] else 0)}" y="{y + h / 2 + 4}" '
                   f'text-anchor="middle" fill="{ink}">{escape(shown)}</text>' if shown else "")
                + (f'<text class="count" x="{x + 2}" y="{y + h - 2.5}" fill="{ink}">{len(pieces)}</text>' if len(pieces) > 1 else "")
                + "</g>"
            )
    out.append('<g class="plan" aria-hidden="true"></g>')  # the planned moves, drawn by map.js
    out.append('<g class="costs" aria-hidden="true"></g>')  # the cost of each highlighted zone, by map.js
    out.append("</svg>")
    return mark_safe("".join(out))


class Layers(NamedTuple):
    """The parts of the map that no position changes, as markup."""

    zones: tuple  # (zone id, its path, its path highlighted as a legal destination)
    under_labels: str  # water, rivers, straits, arrows, broken links, sea names
    regions: tuple  # (region id, upper-case name, x, y, its label)
    places: str  # capitals, cities, zone centres, Rome, ports
    by_id: dict  # zone id -> the board's zone
    seas: dict  # sea id -> the board's sea (its label's place)


#: (id of the board, element id, language) -> (the board, its Layers). The board is kept
#: with its layers, so its id cannot be taken by another dict while the entry lives.
_LAYERS: dict[tuple, tuple[dict, Layers]] = {}


def _layers(board: dict, element_id: str) -> Layers:
    key = (id(board), element_id, get_language())
    hit = _LAYERS.get(key)
    if hit is None or hit[0] is not board:
        hit = _LAYERS[key] = (board, _draw_layers(board, element_id))
    return hit[1]


def _draw_layers(board: dict, element_id: str) -> Layers:
    zones = {z["id"]: z for z in board["zones"]}
    paths = []
    for z in board["zones"]:
        name = message_text(z["name"])
        base = f"zone empire-{z.get('empire') or 'in'}"
        rest = (f'data-zone="{escape(z["id"])}" data-name="{escape(name)}" data-x="{z["x"]}" data-y="{z["y"]}" d="{_d(z["polygon"])}" '
                f'fill="{escape(z["fill"])}"><title>{escape(name)}</title></path>')
        start = f'<path id="{element_id}-zone-{escape(z["id"])}" class="'
        paths.append((z["id"], f'{start}{base}" {rest}', f'{start}{base} legal" {rest}'))
    out = []
    for body in board.get("water") or []:
        out.append(f'<path class="water" fill-rule="evenodd" d="{body["d"]}"/>')
    for sea in board.get("seas") or []:  # a sea zone's water, tinted and outlined in its colour
        if sea.get("area"):
            colour = escape(sea.get("colour") or "#1b4965")
            out.append(f'<path class="sea-area" data-sea="{escape(sea["id"])}" fill-rule="evenodd" fill="{colour}" '
                       f'stroke="{colour}" d="{sea["area"]}"/>')
    for road in board.get("roads") or []:  # roads and tracks through the zone centres (a hex map)
        pts = " ".join(f"{x},{y}" for x, y in road["points"])
        kind = "track" if road.get("kind") == "track" else "road"
        out.append(f'<polyline class="{kind}" points="{pts}"><title>{escape(road["name"])}</title></polyline>')
    for river in board.get("rivers") or []:
        pts = " ".join(f"{x},{y}" for x, y in river["points"])
        major = " river-major" if river.get("major") else ""
        out.append(f'<polyline class="river{major}" points="{pts}"><title>{escape(river["name"])}</title></polyline>')
    for strait in board.get("straits") or []:
        (x1, y1), (x2, y2) = strait["points"]
        out.append(f'<line class="strait" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"><title>{escape(strait["name"])}</title></line>')
    if board.get("arrows"):
        out.append(f'<defs><marker id="{element_id}-path" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" '
                   'orient="auto"><path d="M0,0 L10,5 L0,10 Z" fill="#555"/></marker></defs>')
    for arrow in board.get("arrows") or []:
        (x1, y1), (x2, y2) = arrow["points"]
        # stop short of the next centre, where its counters stand
        dx, dy = x2 - x1, y2 - y1
        length = max((dx * dx + dy * dy) ** 0.5, 1)
        ex, ey = round(x2 - dx * 14 / length, 1), round(y2 - dy * 14 / length, 1)
        sx, sy = round(x1 + dx * 10 / length, 1), round(y1 + dy * 10 / length, 1)
        out.append(f'<line class="arrow" x1="{sx}" y1="{sy}" x2="{ex}" y2="{ey}" marker-end="url(#{element_id}-path)"/>')
    if board.get("arrows") or (board.get("links") and not board.get("straits")):
        for link in board.get("links") or []:
            if link["kind"] == "broken" and link["a"] in zones and link["b"] in zones:
                a, b = zones[link["a"]], zones[link["b"]]
                out.append(f'<line class="link-broken" x1="{a["x"]}" y1="{a["y"]}" x2="{b["x"]}" y2="{b["y"]}"/>')
    for sea in board.get("seas") or []:
        cls = "sea-label" + ("" if sea.get("navigable", True) else " sea-closed")
        name = message_text(sea["name"])
        if sea.get("zone"):  # a sea the game plays as a zone (fleets): a target like a province
            w = max(60, 6.2 * len(name))
            coasts = ", ".join(message_text(zones[c]["name"]) for c in sea.get("coasts") or [] if c in zones)
            tip = _("%(sea)s; its coasts: %(coasts)s") % {"sea": name, "coasts": coasts} if coasts else name
            out.append(f'<path id="{element_id}-zone-{escape(sea["id"])}" class="zone sea-zone" data-zone="{escape(sea["id"])}" '
                       f'data-name="{escape(name)}" data-x="{sea["x"]}" data-y="{sea["y"]}" stroke="{escape(sea.get("colour") or "#1b4965")}" '
                       f'd="{_d(_box(sea["x"], sea["y"] - 3.5, w, 15))}"><title>{escape(tip)}</title></path>')
            cls += " sea-zone-label"
        ink = f' style="fill: {escape(sea["colour"])}"' if sea.get("zone") and sea.get("colour") else ""
        out.append(f'<text class="{cls}" x="{sea["x"]}" y="{sea["y"]}" text-anchor="middle"{ink}>{escape(name)}</text>')
    regions = []
    for region in board.get("regions") or []:
        members = [z for z in board["zones"] if z.get("region") == region["id"]]
        if not members:
            continue
        cx = round(sum(z["x"] for z in members) / len(members), 1)
        cy = round(sum(z["y"] for z in members) / len(members), 1)
        label = message_text(region["name"]).upper()
        regions.append((region["id"], label, cx, cy,
                        f'<text class="region-label" x="{cx}" y="{cy}" text-anchor="middle">{escape(label)}</text>'))
    places = []
    seas = {sea["id"]: sea for sea in board.get("seas") or []}
    for z in board["zones"]:
        x, y = z["x"], z["y"]
        sea = seas.get(z.get("coast") or "")
        if sea and sea.get("zone"):  # the coast of a sea zone: a wave in the sea's colour
            tip = _("Coast of %(sea)s") % {"sea": message_text(sea["name"])}
            places.append(f'<text class="coast" x="{round(x - 9, 1)}" y="{round(y + 3, 1)}" text-anchor="middle" '
                          f'fill="{escape(sea.get("colour") or "#1b4965")}">≈<title>{escape(tip)}</title></text>')
        places.append(f'<text class="zone-label" x="{x}" y="{round(y + 17, 1)}" text-anchor="middle">'
                      f'{escape(message_text(z.get("label") or z["name"]))}</text>')
        if z.get("capital"):
            tip = _("Capital: %(name)s") % {"name": z["capital"]}
            places.append(f'<rect class="capital" x="{x - 3}" y="{y - 3}" width="6" height="6"><title>{escape(tip)}</title></rect>')
        elif z.get("city"):
            tip = _("City: %(name)s") % {"name": z["city"]}
            places.append(f'<circle class="city" cx="{x}" cy="{y}" r="2.6"><title>{escape(tip)}</title></circle>')
        else:
            places.append(f'<circle class="centre" cx="{x}" cy="{y}" r="1.2"/>')
        if "rome" in (z.get("special") or []):
            places.append(f'<circle class="rome" cx="{x}" cy="{y}" r="5"/>')
    for port in board.get("ports") or []:
        tip = _("Port: %(name)s") % {"name": port["name"]}
        places.append(f'<path class="port" d="M{port["x"]},{port["y"] - 3} L{port["x"] + 3},{port["y"] + 3} L{port["x"] - 3},{port["y"] + 3} Z"><title>{escape(tip)}</title></path>')
    return Layers(tuple(paths), "".join(out), tuple(regions), "".join(places), zones, seas)


def _box(cx: float, cy: float, w: float, h: float) -> list:
    return [(round(cx - w / 2, 1), round(cy - h / 2, 1)), (round(cx + w / 2, 1), round(cy - h / 2, 1)),
            (round(cx + w / 2, 1), round(cy + h / 2, 1)), (round(cx - w / 2, 1), round(cy + h / 2, 1))]
