"""Every geographic clue of the Semper Victor rulebook, as a test of the map data.

The printed map is not in the text (see ``rules/semper_victor/MAP.md``); what the text
says about it is checked here, each test citing its line of
``shared/rulebooks/semper-victor.fr.md``. A corrected ``map.yaml`` must keep these green.
"""

from __future__ import annotations

import pytest

from rules.imperator.geography import geography

SLUG = "semper-victor"


@pytest.fixture(scope="module")
def geo():
    return geography(SLUG)


# -- movement costs (SV 7.2, 7.3) -----------------------------------------------------------


def test_franci_to_galliae_2_costs_two(geo):
    """L684: moving from the Franci zone to Galliae 2 (Treveri) costs 2 PM (a great river)."""
    assert geo.adjacent("franci", "galliae-2")
    assert geo.move_cost("franci", "galliae-2") == 2
    assert geo.edge("franci", "galliae-2").river == "Rhenus"


def test_treveri_is_galliae_2(geo):
    """L684: the map labels Galliae 2 'Treveri'; L190: Treveri is an imperial capital."""
    assert geo.zone("galliae-2").capital == "Treveri"


def test_gepides_vandales_quades_pannoniae_2_costs_four(geo):
    """L695: Galère goes Gepides -> Vandales (1st PM) -> Quades (2nd) -> Pannoniae 2 (3rd
    and 4th PM, because of the Danuvius)."""
    path = ["gepides", "vandales", "quades", "pannoniae-2"]
    assert [geo.move_cost(a, b) for a, b in zip(path, path[1:])] == [1, 1, 2]
    assert geo.path_cost(path) == 4
    assert geo.edge("quades", "pannoniae-2").river == "Danuvius"


def test_gepides_path_leaves_the_empire_zones(geo):
    """L695: the first three zones of Galère's path are outside the Empire, the last inside."""
    assert [geo.in_empire(z) for z in ("gepides", "vandales", "quades", "pannoniae-2")] == [
        False, False, False, True]


def test_three_pictes_zones_in_a_row_north_of_britanniae_1(geo):
    """L693: from Britanniae 1 (Eburacum), Constance Chlore moves two zones north (2 PM,
    all outside the Empire) and would need a third PM for the northernmost of the three
    Pictes zones."""
    assert geo.people_origin_zones("pictes") == ("pictes-1", "pictes-2", "pictes-3")
    path = ["britanniae-1", "pictes-1", "pictes-2", "pictes-3"]
    assert geo.path_cost(path[:3]) == 2
    assert geo.path_cost(path) == 3
    assert geo.hops("britanniae-1", "pictes-3") == 3
    lats = [geo.zone(z).lat for z in path]
    assert lats == sorted(lats), "each step goes north"
    assert not any(geo.counts_as_empire_for_movement(z) for z in path[1:])


def test_eburacum_is_britanniae_1(geo):
    """L693: the map labels Britanniae 1 'Eburacum'."""
    assert geo.zone("britanniae-1").city == "Eburacum"


def test_italia_4_to_italia_6_is_two_pm_and_not_adjacent(geo):
    """L262: Maxence and two PC move from Italia 4 to Italia 6 for 2 PM."""
    assert not geo.adjacent("italia-4", "italia-6")
    assert geo.cheapest_cost("italia-4", "italia-6") == 2


def test_misenum_in_italia_6_on_the_western_sea(geo):
    """L256, L262: the Misenum port box is in Italia 6 and opens on the Mare Internum
    Occidentalis (box -> open sea is one naval move)."""
    port = geo.port("misenum")
    assert port.zone == "italia-6"
    assert port.sea == "mare-internum-occidentalis"
    assert port.fleet == "classis-occidentalis"
    assert [p.id for p in geo.ports_in("italia-6")] == ["misenum"]


def test_carthago_is_africa_4_on_the_western_sea(geo):
    """L262: the fleet lands Maxence in the zone of Carthago (Africa 4) from the Mare
    Internum Occidentalis."""
    assert geo.zone("africa-4").city == "Carthago"
    assert "africa-4" in geo.coasts("mare-internum-occidentalis")
    assert geo.navigable("mare-internum-occidentalis")


def test_cyzicus_is_the_eastern_fleet_port(geo):
    """L256, L789: the classis orientalis has its port at Cyzicus, on a navigable sea."""
    port = geo.port("cyzicus")
    assert port.fleet == "classis-orientalis"
    assert geo.navigable(port.sea)
    assert geo.in_empire(port.zone)


def test_forbidden_and_allowed_seas(geo):
    """L258: fleets stay in the Mare Internum and the Pontus Euxinus; the Oceanus
    Atlanticus, Fretum Gallicum and Mare Germanicum are forbidden."""
    for sea in ("oceanus-atlanticus", "fretum-gallicum", "mare-germanicum"):
        assert not geo.navigable(sea)
    assert geo.navigable("pontus-euxinus")


# -- origin zones and peoples (SV 4.3, 4.4) ------------------------------------------------


def test_quades_adjacent_to_marcomanni(geo):
    """L521: the Quades could enter the Marcomanni zone if the Marcomanni were at war."""
    assert geo.adjacent("quades", "marcomanni")


def test_mauri_have_an_unnamed_zone_immediately_west(geo):
    """L523: the Mauri unit may enter the zone immediately west of its origin zone, which
    bears no people's name."""
    (mauri,) = geo.people_origin_zones("mauri")
    west = [n for n in geo.neighbours(mauri) if geo.is_unnamed_zone(n)]
    assert west, "an unnamed off-Empire zone borders the Mauri"
    assert all(geo.zone(n).lon < geo.zone(mauri).lon for n in west)


def test_alamanni_and_franci_band_is_galliae(geo):
    """L525 (Alemanni enter only through Galliae), L544 (Franci follow Galliae)."""
    assert geo.people_band("alamanni") == "galliae"
    assert geo.people_band("franci") == "galliae"
    for people in ("alamanni", "franci"):
        (origin,) = geo.people_origin_zones(people)
        assert any(geo.diocese_of(n) == "galliae" for n in geo.neighbours(origin))


def test_armenia_is_one_zone_controlled_with_oriens(geo):
    """L552: Armenia's units follow the controller of Oriens; L554: 'the Armenia zone'
    (one zone), which Roman units may enter (so it touches the Empire)."""
    assert geo.people_origin_zones("armenia") == ("armenia",)
    assert geo.people_band("armenia") == "oriens"
    assert geo.people("armenia").people_class == "ally"
    assert any(geo.in_empire(n) for n in geo.neighbours("armenia"))


def test_armenia_touches_iberia_and_persae(geo):
    """L554: Armenia's units may move to a zone adjacent to Armenia when Iberia or the
    Persae are at war: the zone borders both."""
    peoples = {geo.zone(n).people for n in geo.neighbours("armenia")}
    assert {"iberia", "persae"} <= peoples


def test_seven_exempt_eastern_zones(geo):
    """L691: the 7 eastern zones outside the Empire, Persae, Armenia and Iberia, count as
    Empire for movement."""
    exempt = [z for z in geo.zone_ids if geo.zone(z).empire == "exempt"]
    assert len(exempt) == 7
    assert {geo.zone(z).people for z in exempt} == {"persae", "armenia", "iberia"}
    for people in ("persae", "armenia", "iberia"):
        assert all(geo.zone(z).empire == "exempt" for z in geo.people_origin_zones(people))
    assert all(geo.counts_as_empire_for_movement(z) and not geo.in_empire(z) for z in exempt)


def test_ctesiphon_in_a_persae_zone(geo):
    """L629: Ctesiphon is drawn in a zone; it is Persian."""
    assert geo.zone(geo.ctesiphon_zone()).people == "persae"


def test_eighteen_peoples_each_with_origin_zones_outside(geo):
    """L50-58: 18 non-Roman peoples; L468: each has one or more origin zones outside the
    Empire, bearing its name."""
    assert len(geo.people_ids) == 18
    for people in geo.people_ids:
        zones = geo.people_origin_zones(people)
        assert zones and not any(geo.in_empire(z) for z in zones)


# -- dioceses, capitals, cities (SV 3.1, 3.7.3) --------------------------------------------


def test_twelve_dioceses_each_with_a_zone_1(geo):
    """L184: 12 dioceses; L186: zones numbered; L450: the control marker is in zone n°1."""
    assert geo.diocese_ids == tuple(sorted([
        "hispaniae", "britanniae", "viennensis", "galliae", "italia", "africa",
        "pannoniae", "moesiae", "thracia", "asia", "pontica", "oriens"]))
    for d in geo.diocese_ids:
        assert geo.zone_one(d) == f"{d}-1"
        assert geo.zone(geo.zone_one(d)).number == 1


def test_britanniae_has_exactly_three_zones(geo):
    """L795: the PC of Britanniae may come back anywhere, 'zone 1, 2 or 3'."""
    assert geo.diocese_zones("britanniae") == ("britanniae-1", "britanniae-2", "britanniae-3")


def test_britanniae_adjacent_to_galliae_across_a_strait(geo):
    """L389: Britanniae is adjacent to Galliae, through a strait; L685: +1 PM."""
    assert geo.dioceses_adjacent("britanniae", "galliae")
    crossings = [(a, b) for a in geo.diocese_zones("britanniae") for b in geo.neighbours(a)
                 if geo.diocese_of(b) == "galliae"]
    assert crossings
    for a, b in crossings:
        assert geo.edge(a, b).kind == "strait"
        assert geo.move_cost(a, b) == 2


def test_britanniae_ri_comes_back_next_to_the_pictes(geo):
    """L795 with L693 and L235: the RI of Britanniae returns to a zone next to outside the
    Empire; it is blocked when Britanniae 1 is occupied, so zone 1 is the only one."""
    assert geo.frontier_zones("britanniae") == ("britanniae-1",)


def test_six_capitals_each_in_its_own_diocese(geo):
    """L190: six starting capitals; L454: six dioceses have one each."""
    capitals = geo.capitals()
    assert sorted(capitals) == sorted(
        ["Treveri", "Arelate", "Mediolanum", "Sirmium", "Nicomedia", "Antiochia"])
    dioceses = [geo.diocese_of(z) for z in capitals.values()]
    assert len(set(dioceses)) == 6
    for d in dioceses:
        assert geo.capital_zone(d) in capitals.values()


def test_capitals_in_their_historical_dioceses(geo):
    """L684 pins Treveri in Galliae; the other five follow the late-Roman dioceses."""
    expected = {"Treveri": "galliae", "Arelate": "viennensis", "Mediolanum": "italia",
                "Sirmium": "pannoniae", "Nicomedia": "pontica", "Antiochia": "oriens"}
    assert {name: geo.diocese_of(z) for name, z in geo.capitals().items()} == expected


def test_dioceses_without_capital_have_one_or_two_cities(geo):
    """L452-456: a diocese is taken by its capital zone, or its one city, or both of its
    two cities."""
    for d in geo.diocese_ids:
        if geo.capital_zone(d) is None:
            assert 1 <= len(geo.city_zones(d)) <= 2, d
            assert geo.control_zones(d) == geo.city_zones(d)
        else:
            assert geo.control_zones(d) == (geo.capital_zone(d),)


def test_persecution_dioceses_have_a_city_or_capital(geo):
    """L655-657: Persécution and Hérésie go on a city or capital of Italia, Africa, Moesiae,
    Thracia, Asia, Pontica or Oriens."""
    for d in ("italia", "africa", "moesiae", "thracia", "asia", "pontica", "oriens"):
        assert geo.city_zones(d) or geo.capital_zone(d), d


def test_byzantium_in_thracia_3(geo):
    """L198: Constantinopolis is built in zone n°3 of Thracia, where Byzantium stands."""
    assert geo.byzantium_zone() == "thracia-3"
    assert geo.zone("thracia-3").city == "Byzantium"


def test_rome_zone_is_in_italia(geo):
    """L954 (event 1): the zone of Rome; L190: Rome is not an imperial capital."""
    zone = geo.zone(geo.rome_zone())
    assert zone.diocese == "italia"
    assert zone.capital is None


def test_capital_entry_codes_resolve(geo):
    """L1030: entry codes M, T, S, N are the zones of Mediolanum, Treveri, Sirmium and
    Nicomedia."""
    for name in ("Mediolanum", "Treveri", "Sirmium", "Nicomedia"):
        assert geo.zone(geo.capital_zone_named(name)).capital == name


def test_some_dioceses_have_no_frontier_zone(geo):
    """L235: RI deploy next to outside the Empire 'if the diocese has such a zone': some
    have, some may not."""
    with_frontier = [d for d in geo.diocese_ids if geo.frontier_zones(d)]
    assert with_frontier
    assert all(geo.ri_zones(d) for d in geo.diocese_ids)


def test_viennensis_touches_hispaniae_and_italia_which_do_not_touch(geo):
    """L426: Alexander's usurpation reaches Hispaniae from Viennensis; Maxence could have
    chosen Viennensis from Italia; Hispaniae is not adjacent to Italia."""
    assert geo.dioceses_adjacent("viennensis", "hispaniae")
    assert geo.dioceses_adjacent("viennensis", "italia")
    assert not geo.dioceses_adjacent("hispaniae", "italia")


def test_west_and_east_halves_both_hold_capitals(geo):
    """L964 (event 11): capitals of the west half or of the east half of the map."""
    halves = {geo.half_of(geo.diocese_of(z)) for z in geo.capitals().values()}
    assert halves == {"west", "east"}


def test_great_rivers_are_the_four(geo):
    """L683: only the Rhenus, Danuvius, Tigris and Euphrates cost +1 PM; the others are
    decorative."""
    rivers = {geo.edge(a, b).river for a in geo.zone_ids for b in geo.neighbours(a)
              if geo.edge(a, b).kind == "river"}
    assert rivers == {"Rhenus", "Danuvius", "Tigris", "Euphrates"}
