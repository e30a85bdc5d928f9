"""Every clue the Kings of Rome rulebook gives about its map, as a test of the reconstructed
``data/map.yaml`` and ``data/cities.yaml``. Lines are those of
``shared/rulebooks/kings-of-rome-multiplayer.fr.txt`` ("L425" = line 425)."""

from __future__ import annotations

import pytest

from rules.kings_of_rome.data import data, distance, side

D = data()


def city_hex(cid: str) -> str:
    return D.cities[cid]["hex"]


@pytest.mark.parametrize("cid,hex_,line", [
    ("falerii", "4508", "L1821-1822"), ("capena", "4309", "L1839-1840"), ("rufrium", "2716", "L1857"),
    ("sena-gallica", "5324", "L1922"),
])
def test_the_hexes_the_rulebook_prints(cid, hex_, line):
    assert city_hex(cid) == hex_, line
    assert D.cities[cid]["status"] == "pinned"


def test_the_war_entries_the_rulebook_prints():
    """The Volsci enter at 3311 (L1776-1778), the Umbrians near the north edge at 5915
    (L2068-2070)."""
    assert D.map.boxes["box-volsci"]["entry"] == "3311"
    assert D.map.boxes["box-umbri"]["entry"] == "5915"


def test_the_king_starts_next_to_rome_in_open_country():
    """L425: the King starts at 3906; A-22 / MAP.md: Rome's own hex is next to it."""
    assert "3906" in D.map.neighbours(D.rome)
    assert "3906" not in D.city_at
    assert D.map.is_land("3906")


def test_the_north_edge_is_the_columns_side():
    """5915 is 'near the north side of the map' (L2070): the highest column numbers are the
    north-west; Sena Gallica on the Adriatic, Rufrium in Samnium to the south-east."""
    col = lambda h: int(h[:2])  # noqa: E731
    assert col("5915") > col(city_hex("perusia")) > col(D.rome) > col(city_hex("rufrium"))
    assert D.map.columns[1] - col("5915") <= 6


def test_the_sea_that_land_units_cannot_enter_and_the_coast_ships_sail():
    """L176-178: sea zones closed to land units; L1695-1698: ships on the lighter coastal
    sea hexes."""
    coast = [h for h in D.map.hexes() if D.map.is_coast_sea(h)]
    assert coast
    for h in coast:
        assert any(D.map.is_land(n) for n in D.map.neighbours(h))
        assert not D.map.is_land(h)


@pytest.mark.parametrize("cid", ["ostia", "antium", "cosa", "caieta", "cumae"])
def test_the_ports_the_text_names_are_on_the_coast(cid):
    """Ostia (L1707-1709), Antium (L1969), Cosa and Kaieta (L1910-1912), Cumae (L2030)."""
    assert D.cities[cid]["port"]
    assert D.map.coastal_land(city_hex(cid))


def test_vetulonia_is_no_port():
    """L1954-1955: the Vetulonia expedition rolls no ship die."""
    assert not D.cities["vetulonia"]["port"]


def test_the_t5_garrisons():
    """T5 (L437-L455, L510-L515): 28 garrisons of total value 42 by people."""
    by_people: dict[str, list[int]] = {}
    for cid, rec in D.cities.items():
        if rec["garrison"] and cid != "roma":
            by_people.setdefault(rec["peoples"][0], []).append(rec["garrison"])
    assert {p: (len(v), sum(v)) for p, v in by_people.items()} == {
        "volsci": (6, 7), "latini": (11, 18), "sabini": (4, 4), "etrusci": (7, 13)}
    assert D.cities["alba-longa"]["garrison"] == 3 and D.cities["velitrae"]["garrison"] == 2
    assert D.cities["tarquinii"]["garrison"] == 3 and D.cities["veii"]["garrison"] == 3


def test_rome_holds_a_value_3_garrison():
    assert D.cities["roma"]["garrison"] == 3  # L429-431


def test_oscan_cities_belong_to_osci_and_etruscans():
    """L144-147."""
    for cid, rec in D.cities.items():
        if "osci" in rec["peoples"]:
            assert "etrusci" in rec["peoples"], cid


def test_the_named_roads_exist():
    """L1104: the Salaria and the Tuscolana."""
    names = {r.get("name") for r in D.map.roads if r["kind"] == "road"}
    assert {"Via Salaria", "Via Tusculana"} <= names


def test_the_salaria_leads_to_asculum_through_reate():
    salaria = next(r for r in D.map.roads if r["id"] == "via-salaria")
    assert salaria["hexes"][0] == D.rome
    assert city_hex("reate") in salaria["hexes"] and salaria["hexes"][-1] == city_hex("asculum")


def test_road_crossings_are_fords():
    """L182-184: no bridges, but road crossings count as fords; so a major river never
    blocks a road."""
    for road in D.map.roads:
        for a, b in zip(road["hexes"], road["hexes"][1:]):
            if road["kind"] == "road":
                assert not D.map.blocks(a, b), (road["id"], a, b)


def test_the_tiber_parts_rome_from_veii():
    """Veii lies across the Tiber from Rome; a major river stops a move except where a road
    crosses it (L178-184)."""
    tiber = {s for r in D.map.rivers if r["id"] == "tiberis" for s in r["hexsides"]}
    assert side(D.rome, "4106") in tiber
    assert all(D.map.blocks(*s.split("/")) == (s not in D.map.road_sides) for s in tiber)
    # near Rome, Veii cannot be reached without crossing the Tiber
    seen, frontier = {D.rome}, [D.rome]
    while frontier:
        here = frontier.pop()
        for n in D.map.neighbours(here):
            if n not in seen and D.map.is_land(n) and side(here, n) not in tiber and distance(n, D.rome) <= 6:
                seen.add(n)
                frontier.append(n)
    assert city_hex("veii") not in seen and city_hex("fidenae") in seen


def test_capena_and_falerii_are_neighbours_north_of_rome():
    """L1844-1845: Capena may defend or besiege the cities next to it, Falerii included."""
    assert distance(city_hex("capena"), city_hex("falerii")) <= 2
    assert distance(D.rome, city_hex("capena")) < distance(D.rome, city_hex("falerii"))


def test_the_gauls_march_by_asculum():
    """L1955: Sena Gallica to Rome by Asculum: Asculum lies between them."""
    s, a = city_hex("sena-gallica"), city_hex("asculum")
    assert distance(s, a) < distance(s, D.rome)
    assert distance(a, D.rome) < distance(s, D.rome)


def test_every_city_on_land_one_a_hex():
    hexes = [rec["hex"] for rec in D.cities.values()]
    assert len(hexes) == len(set(hexes))
    for rec in D.cities.values():
        assert D.map.is_land(rec["hex"])


def test_war_start_cities_and_boxes_exist():
    for wid, war in D.tables["wars"].items():
        if war.get("start_city"):
            assert war["start_city"] in D.cities, wid
        else:
            assert war["start"] in D.map.boxes, wid


def test_a_city_that_ends_a_war_when_romanized_exists():
    """Falerii (L1835-1837), Capena (L1850-1852), Perusia (L2080-2081)."""
    for wid, city in (("falisci", "falerii"), ("capena", "capena"), ("umbri", "perusia")):
        assert D.tables["wars"][wid]["removed_if"] == city
