"""``Ruleset.board()``: what a page needs to draw each ruleset's board."""

import json

import pytest

import rules
from rules.base import Ruleset


def inside(point, polygon) -> bool:
    x, y = point
    result = False
    for i in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[i], polygon[i - 1]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            result = not result
    return result


@pytest.mark.parametrize("slug", ["semper-victor", "tetrarchia", "kings-of-rome", "ultimus-romanorum"])
def test_every_zone_has_a_cell_around_its_centre_and_in_no_other_cell(slug):
    board = rules.get_ruleset(slug).board()
    assert board["width"] > 0 and board["height"] > 0
    cells = {z["id"]: z["polygon"] for z in board["zones"]}
    for zone in board["zones"]:
        assert len(zone["polygon"]) >= 3, zone["id"]
        assert inside((zone["x"], zone["y"]), zone["polygon"]), zone["id"]
        assert 0 <= zone["x"] <= board["width"] and 0 <= zone["y"] <= board["height"]
        others = [zid for zid, cell in cells.items() if zid != zone["id"] and inside((zone["x"], zone["y"]), cell)]
        assert others == [], (zone["id"], others)
        assert zone["fill"].startswith("#")


def test_semper_victor_board_follows_its_map_data():
    rs = rules.get_ruleset("semper-victor")
    board = rs.board()
    world = rs.world
    assert {z["id"] for z in board["zones"]} == set(world.zones)
    assert {r["id"]: r["colour"] for r in board["regions"]} == {d: world.dioceses[d]["colour"] for d in world.dioceses}
    assert {s["id"] for s in board["seas"]} == set(world.seas)
    assert {p["id"] for p in board["ports"]} == set(world.ports)
    straits = {frozenset((s["a"], s["b"])) for s in board["straits"]}
    assert straits == {frozenset(k) for k, e in world.edges.items() if e.get("kind") == "strait"}
    capitals = {z["id"] for z in board["zones"] if z["capital"]}
    assert capitals == {zid for zid, z in world.zones.items() if z.get("capital")}
    assert {r["name"] for r in board["rivers"]} >= {"Rhenus", "Danuvius"}
    # Britannia lies north-west of Italia, Oriens south-east of Thracia: the projection is right.
    by_id = {z["id"]: z for z in board["zones"]}
    assert by_id["britanniae-1"]["x"] < by_id["italia-1"]["x"] and by_id["britanniae-1"]["y"] < by_id["italia-1"]["y"]
    assert by_id["oriens-1"]["x"] > by_id["thracia-3"]["x"] and by_id["oriens-1"]["y"] > by_id["thracia-3"]["y"]


def test_tetrarchia_board_follows_its_data():
    from rules.tetrarchia.data import board as data

    board = rules.get_ruleset("tetrarchia").board()
    assert {z["id"] for z in board["zones"]} == set(data().provinces)
    assert {r["id"] for r in board["regions"]} == set(data().regions)
    assert [z["id"] for z in board["zones"] if "rome" in z["special"]] == ["roma"]
    assert {frozenset((l["a"], l["b"])) for l in board["links"]} == set(data().links)


@pytest.mark.parametrize("slug", ["semper-victor", "tetrarchia", "kings-of-rome", "ultimus-romanorum"])
def test_the_board_is_json_and_deterministic(slug):
    from rules.imperator import board as imperator_board
    from rules.kings_of_rome import boardmap as kor_board
    from rules.tetrarchia import boardmap as tetrarchia_board

    rs = rules.get_ruleset(slug)
    first = json.dumps(rs.board(), sort_keys=True)
    imperator_board._board.cache_clear()
    tetrarchia_board.board.cache_clear()
    kor_board.board.cache_clear()
    assert first == json.dumps(rs.board(), sort_keys=True)  # computed again, the same


def test_a_ruleset_without_a_board_says_none():
    assert Ruleset().board() is None
