"""Every clue the Tetrarchia rulebook gives about the board, as a test of ``board.yaml``.

The printed board is not in the text (the OCR lost the picture); the reconstruction in
``rules/tetrarchia/data/board.yaml`` must keep every line cited here true. Lines are those
of ``shared/rulebooks/tetrarchia.fr.txt`` ("L62" = line 62).
"""

from __future__ import annotations

import pytest

from rules.tetrarchia.chains import barbarian_support, emperors_connected, imperial_support
from rules.tetrarchia.data import OUTER_REGIONS, board
from rules.tetrarchia.position import load_position
from rules.tetrarchia.roman import attack_cost
from rules.tetrarchia.data import tables


@pytest.fixture(scope="module")
def brd():
    return board()


COSTS = tables()["costs"]


# -- the board as a whole (L43-85) -------------------------------------------------------------


def test_42_roman_provinces_in_7_regions_of_6(brd):
    """L47-48: 42 provinces grouped in 7 regions of 6."""
    assert len(brd.roman_ids()) == 42
    for region in brd.regions:
        assert len(brd.region_provinces(region)) == 6


def test_regions_numbered_clockwise(brd):
    """L48-51: ITALIA in the centre, I HISPANIA, II GALLIA, III ILLYRICVM, IV GRAECIA,
    V ASIA MINOR, VI AFRICA."""
    assert brd.regions["italia"]["number"] is None
    assert [brd.regions[r]["number"] for r in OUTER_REGIONS] == [1, 2, 3, 4, 5, 6]
    assert [brd.regions[r]["name"] for r in OUTER_REGIONS] == [
        "HISPANIA", "GALLIA", "ILLYRICVM", "GRAECIA", "ASIA MINOR", "AFRICA"]


def test_belgica_is_gallia_1(brd):
    """L62-63: the coordinates of BELGICA are II-1."""
    assert brd.at_coordinates(2, 1) == "belgica"


def test_outer_provinces_carry_numbers_1_to_6(brd):
    """L59-63: each province of an outer region is numbered 1-6 in its region, so the two
    dice address all 36 of them (L164-166, L284-285)."""
    seen = {brd.at_coordinates(r, n) for r in range(1, 7) for n in range(1, 7)}
    assert len(seen) == 36
    assert not seen & set(brd.region_provinces("italia"))


def test_one_frontier_per_outer_region(brd):
    """L65-69: each outer region has a seventh, non-Roman province beyond the frontier."""
    frontiers = brd.frontier_ids()
    assert len(frontiers) == 6
    assert [brd.province(f).region for f in frontiers] == list(OUTER_REGIONS)
    assert all(brd.province(f).kind == "frontier" for f in frontiers)


def test_britannia_is_a_frontier_without_coast(brd):
    """FAQ L849-851: BRITANNIA has no coast; as a frontier it must be hard to reach."""
    p = brd.province("britannia")
    assert p.frontier and p.coast is None


def test_rome_and_four_capitals(brd):
    """L71-74: the capitals carry their emperor's disc; ROMA carries the four-colour symbol."""
    assert brd.rome == "roma"
    capitals = sorted(p.capital for p in brd.provinces.values() if p.capital)
    assert capitals == ["constantius", "diocletian", "galerius", "maximian"]


def test_three_sea_zones_west_to_east(brd):
    """L78-80, FAQ L846-847: three zones, MARE ATLANTICVM, INTERNVM and AEGAEVM, west to east."""
    assert sorted(brd.seas) == ["aegaeum", "atlanticum", "internum"]
    assert brd.sea_adjacent("atlanticum", "internum") and brd.sea_adjacent("internum", "aegaeum")
    assert not brd.sea_adjacent("atlanticum", "aegaeum")
    assert brd.seas["atlanticum"].lon < brd.seas["internum"].lon < brd.seas["aegaeum"].lon


def test_black_sea_coast_is_aegaeum(brd):
    """FAQ L846-847: the Black Sea is part of MARE AEGAEVM (Moesia Inferior and Bithynia)."""
    assert brd.province("moesia-inferior").coast == "aegaeum"
    assert brd.province("bithynia").coast == "aegaeum"


def test_coastal_provinces_exist_on_every_zone(brd):
    """L82-85: a fleet lets emperors move between two coastal provinces of its zone."""
    for zone in brd.seas:
        assert len(brd.coast_of(zone)) >= 2


def test_broken_links_exist(brd):
    """L53-57: some links are broken (mountains, rivers, straits)."""
    assert any(l.broken for l in brd.links.values())
    assert any(not l.broken for l in brd.links.values())


# -- barbarian paths (L340-357) ----------------------------------------------------------------


def test_frontier_advances_to_province_1(brd):
    """L346-347: from beyond the frontier an army advances to province 1 of its region."""
    for region in OUTER_REGIONS:
        f = brd.frontier_of(region)
        assert brd.province(f).next == brd.at_coordinates(brd.region_number(region), 1)


def _path(brd, start):
    path, here = [start], start
    while here != brd.rome:
        here = brd.province(here).next
        path.append(here)
    return path


@pytest.mark.parametrize("region,skip_from", [("hispania", 3), ("illyricum", 3), ("graecia", 3), ("africa", 4)])
def test_some_regions_pass_from_3_or_4_to_6(brd, region, skip_from):
    """L349-352: in HISPANIA, ILLYRICVM, GRAECIA and AFRICA the path passes from 3 or 4 to 6."""
    n = brd.region_number(region)
    numbers = [brd.province(p).number for p in _path(brd, brd.frontier_of(region))[1:] if brd.province(p).region == region]
    assert numbers == list(range(1, skip_from + 1)) + [6]


@pytest.mark.parametrize("region", ["gallia", "asia-minor"])
def test_other_regions_follow_1_to_6(brd, region):
    """L349-350: elsewhere the army follows the sequence 1-6."""
    numbers = [brd.province(p).number for p in _path(brd, brd.frontier_of(region))[1:] if brd.province(p).region == region]
    assert numbers == [1, 2, 3, 4, 5, 6]


def test_every_path_reaches_rome(brd):
    """L290, L340-344: the armies advance toward Rome."""
    for f in brd.frontier_ids():
        assert _path(brd, f)[-1] == "roma"


def test_from_province_6_the_shortest_way_to_rome(brd):
    """L354-355: from province 6, the shortest path to Rome."""
    for region in OUTER_REGIONS:
        six = brd.at_coordinates(brd.region_number(region), 6)
        assert len(_path(brd, six)) - 1 == brd.graph_distance_to_rome(six)


def test_hispania_reaches_rome_through_narbonensis(brd):
    """L355-356: from HISPANIA through NARBONENSIS."""
    path = _path(brd, brd.at_coordinates(1, 6))
    assert path[1] == "narbonensis"
    assert brd.province("narbonensis").region != "hispania"


def test_asia_minor_reaches_rome_through_thracia_macedonia_epirus(brd):
    """L356-357: from ASIA MINOR through THRACIA, MACEDONIA, EPIRVS."""
    path = _path(brd, brd.at_coordinates(5, 6))
    assert path[1:4] == ["thracia", "macedonia", "epirus"]


# -- the FAQ's worked attack example (L655-713, L721-736) ---------------------------------------


def test_germania_superior_to_narbonensis_is_a_normal_link(brd):
    """L728-733: the attack from GERMANIA SVPERIOR on NARBONENSIS costs 1 for a normal
    link, +1 for the revolt."""
    assert brd.link("germania-superior", "narbonensis").kind == "normal"


def test_cisalpina_to_narbonensis_crosses_the_alps(brd):
    """L663-667: from CISALPINA the attack across the Alps costs 3 PI (2 broken + 1 revolt);
    L695-701: the army's next link is broken (blocked one time in two)."""
    assert brd.link("cisalpina", "narbonensis").kind == "broken"
    assert brd.province("narbonensis").next == "cisalpina"


def test_blue_chain_cisalpina_etruria_roma(brd):
    """L658-660: CISALPINA-ETRVRIA-ROMA is a chain, and GERMANIA SVPERIOR touches it."""
    assert brd.connected("cisalpina", "etruria") and brd.connected("etruria", "roma")
    assert brd.connected("germania-superior", "cisalpina")


def test_lugdunensis_touches_narbonensis(brd):
    """L703-705: Diocletian at LVGDVNENSIS would be connected to the army at NARBONENSIS."""
    assert brd.connected("lugdunensis", "narbonensis")


def test_tarraconensis_is_the_hispanic_link_of_the_chain(brd):
    """L690-693: subduing TARRACONENSIS cuts the army off from its support: it is the only
    Hispanic province touching NARBONENSIS."""
    hispanic = [p for p in brd.neighbours("narbonensis") if brd.province(p).region == "hispania"]
    assert hispanic == ["tarraconensis"]


def test_pannonia_superior_between_rhaetia_the_blue_chain_and_dalmatia(brd):
    """L708-713: from PANNONIA SVPERIOR against RHAETIA, Maximian touches the blue chain on
    one side and DALMATIA on the other, two separate chains."""
    assert brd.connected("pannonia-superior", "rhaetia")
    assert brd.connected("pannonia-superior", "dalmatia")
    assert brd.connected("pannonia-superior", "cisalpina")
    assert not any(brd.connected("dalmatia", p) for p in ("cisalpina", "etruria", "roma"))


def _faq_position(**extra):
    hispania = {p: "revolt" for p in board().region_provinces("hispania")}
    return load_position({
        "active": "maximian",
        "emperors": {"maximian": "germania-superior", "constantius": "aquitania"},
        "discs": {**hispania, "narbonensis": "revolt", "etruria": "maximian", "lugdunensis": "constantius",
                  "dalmatia": "maximian", **extra},
        "armies": ["narbonensis"],
    })


def test_faq_numbers(brd):
    """L655-677: the army adds +7 (a chain of 7 Revolt discs), Maximian +3 (CISALPINA-ETRVRIA-
    ROMA, Rome counting for every colour), Constantius linked to the army doubles it; the
    attack costs 2 PI from GERMANIA SVPERIOR, 3 from CISALPINA."""
    st = _faq_position()
    assert barbarian_support(st, brd, "narbonensis") == 7
    assert imperial_support(st, brd, "maximian", "germania-superior") == 3
    assert imperial_support(st, brd, "maximian", "cisalpina") == 3
    assert emperors_connected(st, brd, "narbonensis", besides="maximian") == 1
    assert attack_cost(st, brd, "germania-superior", "narbonensis", COSTS) == 2
    assert attack_cost(st, brd, "cisalpina", "narbonensis", COSTS) == 3


def test_faq_constantius_gets_one_from_lugdunensis(brd):
    """L685-688: Constantius attacking instead has +1 from LVGDVNENSIS, so no other red
    disc, not even his uncovered capital, joins that chain."""
    st = _faq_position()
    assert imperial_support(st, brd, "constantius", "aquitania") == 1


def test_faq_subduing_tarraconensis_leaves_die_plus_one(brd):
    """L690-693: with TARRACONENSIS subdued the army is worth die + 1."""
    st = _faq_position()
    del st["discs"]["tarraconensis"]
    assert barbarian_support(st, brd, "narbonensis") == 1


def test_faq_only_one_chain_counts(brd):
    """L708-713: from PANNONIA SVPERIOR Maximian touches 3 and 1: his support is +3, not +4."""
    st = _faq_position()
    assert imperial_support(st, brd, "maximian", "pannonia-superior") == 3


def test_faq_multipliers_x4_and_x8(brd):
    """L703-706: Diocletian at LVGDVNENSIS makes x4; Galerius at CISALPINA makes x8."""
    st = _faq_position()
    st["emperors"]["diocletian"]["at"] = "lugdunensis"
    assert emperors_connected(st, brd, "narbonensis", besides="maximian") == 2
    st["emperors"]["galerius"]["at"] = "cisalpina"
    assert emperors_connected(st, brd, "narbonensis", besides="maximian") == 3


def test_a_place_for_constantius_next_to_the_army_and_lugdunensis(brd):
    """L669-671, L685-686: Constantius stands linked to the army at NARBONENSIS and draws
    +1 from LVGDVNENSIS, so some province touches both (AQVITANIA here)."""
    both = set(brd.neighbours("narbonensis")) & set(brd.neighbours("lugdunensis"))
    assert "aquitania" in both


def test_hispania_holds_together_as_one_chain(brd):
    """L655-656, L690-693: the army's 7 = NARBONENSIS + the six devastated provinces of
    HISPANIA, one chain: the six are linked among themselves."""
    hispania = set(brd.region_provinces("hispania"))
    start = "tarraconensis"
    seen, stack = {start}, [start]
    while stack:
        here = stack.pop()
        for nb in brd.neighbours(here):
            if nb in hispania and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    assert seen == hispania


def test_constantius_can_follow_the_faq_advice_in_one_turn(brd):
    """L690-693: from AQVITANIA, Constantius can reach TARRACONENSIS, turn its Revolt to
    Unrest and attack NARBONENSIS within 6 PI."""
    st = _faq_position()
    move = (COSTS["move_broken"] if brd.link("aquitania", "tarraconensis").broken else COSTS["move_normal"]) + COSTS["into_revolt"]
    st["discs"]["tarraconensis"] = "unrest"
    assert move + COSTS["revolt_to_unrest"] + attack_cost(st, brd, "tarraconensis", "narbonensis", COSTS) <= 6
