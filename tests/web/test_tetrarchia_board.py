"""What a Tetrarchia player reads on the board (issue 16, item 17) and the order builder's
contract on the page (item 16): discs in their emperors' colours with Revolt and Unrest
plainly apart, fleets in their sea zones, the sea zones a target like a province, the
coasts, the printed names with the dice coordinates, barbarian paths as arrows, the
legend drawn as the map draws it, and each emperor's pieces and costs on his choices."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
from games.web import mapsvg
from games.web.choices import annotate
from games.web.position import position

ROOT = Path(__file__).resolve().parents[2]
POSITION = {
    "options": {"players": 2, "imperivm": True},
    "active": "galerius",
    "emperors": {"diocletian": "thracia", "galerius": {"at": "moesia-inferior", "discs": 3}},
    "discs": {"narbonensis": "revolt", "lugdunensis": "unrest", "etruria": "diocletian", "dacia": "galerius"},
    "armies": ["sarmatia"],
    "fleets": {"internum": 2, "aegaeum": 1},
}


@pytest.fixture(scope="module")
def drawn():
    rs = rules.get_ruleset("tetrarchia")
    state = rs.load_position(POSITION)
    pos = position(rs, rs.view(state, "player-1"), role="player-1", lang="en")
    return rs, state, pos, str(mapsvg.render(rs.board(), pos))


def _marker(svg: str, kind: str) -> str:
    found = re.search(rf'<g class="marker marker-{kind}">(.*?)</g>', svg)
    assert found, f"no {kind} marker"
    return found.group(1)


def test_revolt_unrest_and_emperor_discs_are_drawn_apart_in_their_colours(drawn):
    _rs, _state, _pos, svg = drawn
    revolt, unrest, disc = _marker(svg, "revolt"), _marker(svg, "unrest"), _marker(svg, "emperor-disc")
    assert 'fill="#111111"' in revolt and 'stroke="#e53935"' in revolt and ">R<" in revolt
    assert 'fill="#9e9e9e"' in unrest and "stroke-dasharray" in unrest and ">U<" in unrest
    colours = {re.search(r'fill="(#[0-9a-f]{6})"', m).group(1) for m in re.findall(r'<g class="marker marker-emperor-disc">(.*?)</g>', svg)}
    assert colours == {"#2e7d32", "#f9a825"}  # Diocletian green, Galerius yellow (their printed colours)
    assert "Revolt disc in Narbonensis" in svg and "Unrest disc in Lvgdvnensis" in svg
    # and no rule of the stylesheet paints over a marker's own colour (it did: every disc white)
    css = (ROOT / "static" / "cursus" / "cursus.css").read_text(encoding="utf-8")
    for selector, body in re.findall(r"([^{}]*\.marker[^{}]*)\{([^}]*)\}", css):
        if "svg.board" in selector:
            assert not re.search(r"(^|;)\s*(fill|stroke)\s*:", body), (selector, body)


def test_fleets_stand_in_their_sea_zones_and_a_sea_zone_is_a_target(drawn):
    rs, _state, _pos, svg = drawn
    assert re.search(r'<g class="marker marker-fleet">.*?>2</text><title>2 Roman fleets in Mare Internvm</title>', svg)
    for sea in rs.board()["seas"]:
        assert f'class="zone sea-zone" data-zone="{sea["id"]}"' in svg
    # each coast of a sea zone carries a wave in the sea's colour, named
    assert svg.count('class="coast"') == sum(len(sea["coasts"]) for sea in rs.board()["seas"])
    assert "Coast of MARE AEGAEVM" in svg or "Coast of Mare Aegaevm" in svg


def test_printed_names_coordinates_frontiers_and_barbarian_paths(drawn):
    _rs, _state, _pos, svg = drawn
    assert ">Baetica (I 2)<" in svg and ">Sarmatia (frontier)<" in svg
    assert svg.count('class="arrow"') >= 6 and 'marker-end="url(#map-path)"' in svg  # paths: arrows
    assert 'class="link-broken"' in svg  # links: dotted lines, no arrow head


def test_stacks_name_their_pieces_and_the_readers_own_emperors(drawn):
    _rs, _state, _pos, svg = drawn
    galerius = re.search(r'<g class="stack"[^>]*data-zone="moesia-inferior"[^>]*>', svg).group(0)
    assert 'data-pieces="galerius"' in galerius and 'data-own="true"' in galerius
    army = re.search(r'<g class="stack"[^>]*data-zone="sarmatia"[^>]*>', svg).group(0)
    assert "data-own" not in army


def test_the_legend_draws_each_marker_as_the_map_does(drawn):
    from django.template.loader import render_to_string

    rs, _state, pos, _svg = drawn
    html = render_to_string("games/_legend.html", {"pos": pos, "board": rs.board(), "lang": "en"})
    assert html.count('<svg class="marker-key"') >= 4
    assert 'fill="#111111"' in html and 'fill="#9e9e9e"' in html
    assert "Barbarian army" in html and "Broken link (2 PI)" in html
    assert "class=\"glyph-key\"" in html and "≈" in html  # the coasts as the map marks them


def test_the_actions_of_an_emperor_carry_him_their_zones_their_cost_and_their_kind(drawn):
    rs, state, _pos, _svg = drawn
    questions = [q.as_dict() for q in rs.choices(state, "player-1")]
    actions = next(q for q in questions if q["id"] == "actions")
    assert actions["budget"]["left"] == 6 and "PI left" not in actions["label"]["en"]
    moves = [c for c in actions["choices"] if c["id"].startswith("move:")]
    assert moves and all(c["pieces"] == ["galerius"] and c["zones"] and c["cost"] for c in moves)
    attack = next(c for c in actions["choices"] if c["id"].startswith("attack:sarmatia"))
    assert attack["zones"] == ["sarmatia"] and attack["group"]["en"].startswith("Attack")
    groups = [g["label"]["en"] for g in annotate([actions], "")[0]["groups"]]
    assert len(groups) == len(set(groups)) >= 3  # each kind listed once, together
    fleets = rs.choices(rs.setup("293", {}, __import__("rules.dice", fromlist=["x"]).HmacDice(b"k" * 32, step=0)), "player-1")
    assert all(c.zones == (c.id,) for c in fleets[0].choices)  # a click on a sea zone places a fleet


def _inside(d: str, point) -> bool:
    """Whether ``point`` lies inside path data ``d`` of closed rings (even-odd)."""
    x, y = point
    inside = False
    for ring in re.findall(r"M([^Z]+)Z", d):
        pts = [tuple(map(float, p.split(","))) for p in ring.replace("L", " ").split()]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def test_each_sea_zone_is_drawn_with_its_water_and_its_borders(drawn):
    """Issue 16, item 17: the three sea zones are drawn (their water tinted and outlined
    in their colours, so the borders between them show), each over the waters its coasts
    face: the Ionian and the Syrtes are the Internum's, the Aegean, the Levant and the
    Black Sea the Aegaeum's, the Bay of Biscay the Atlanticum's."""
    from rules import board_geometry as geo
    from rules.tetrarchia import boardmap

    rs, _state, _pos, svg = drawn
    board = rs.board()
    proj = geo.Projection(**{k: v for k, v in boardmap.BOUNDS.items()})
    areas = {sea["id"]: sea["area"] for sea in board["seas"]}
    for sea in board["seas"]:
        assert f'class="sea-area" data-sea="{sea["id"]}" fill-rule="evenodd" fill="{sea["colour"]}" stroke="{sea["colour"]}"' in svg
    samples = {"atlanticum": [(-6.0, 45.5), (-11.0, 40.0), (3.0, 53.5)],
               "internum": [(5.0, 38.5), (18.0, 36.0), (17.0, 42.5), (15.0, 33.0)],
               "aegaeum": [(25.0, 39.0), (32.0, 33.5), (34.0, 43.0), (24.5, 34.0)]}
    for sea_id, points in samples.items():
        for lon, lat in points:
            at = proj(lon, lat)
            owners = [sid for sid in ("atlanticum", "internum", "aegaeum") if _inside(areas[sid], at)]
            # drawn in order, a later sea over an earlier one: the last that holds it shows
            assert owners and owners[-1] == sea_id, (lon, lat, owners)
    for land in [(10.0, 45.0), (2.0, 47.0), (35.0, 39.0), (14.0, 37.5)]:  # the Po, Gaul, Anatolia, Sicily
        assert not any(_inside(d, proj(*land)) for d in areas.values()), land
    # every coast faces its own sea: a point of water near each coastal province's centre
    for zone in board["zones"]:
        if zone.get("coast"):
            assert areas[zone["coast"]]


def test_planned_fleets_are_drawn_as_arrows_before_resolution():
    """Issue 16, item 5 (the planned moves drawn as arrows), for Tetrarchia's fleets: the
    opening's placement (a path of one sea zone: an arrow into it) and a fleet sailed."""
    from rules.dice import HmacDice

    rs = rules.get_ruleset("tetrarchia")
    opening = rs.setup("293", {}, HmacDice(b"k" * 32, step=0))
    assert opening["phase"] == "fleets"
    orders, problems = rs.parse_orders("fleets internum aegaeum", opening, "player-1")
    assert not problems
    assert rs.arrows(opening, "player-1", orders) == [["internum"], ["aegaeum"]]
    state = rs.load_position(POSITION)
    sailed = rs.arrows(state, "player-1", {"actions": [{"act": "sail", "from": "internum", "to": "atlanticum"}]})
    assert ["internum", "atlanticum"] in sailed
    js = (ROOT / "static" / "cursus" / "map.js").read_text(encoding="utf-8")
    assert "pts.length === 1" in js  # the page draws a path of one zone as an arrow into it
