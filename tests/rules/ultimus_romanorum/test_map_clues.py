"""Every geographic clue of the Ultimus Romanorum rulebook, as a test of the map data.

The printed map is not in the text (see ``rules/ultimus_romanorum/MAP.md``); what the text
says about it is checked here, each test citing its line of
``shared/rulebooks/ultimus-romanorum.fr.txt``. A corrected ``map.yaml`` must keep these green.
"""

from __future__ import annotations

import pytest

from tests.rules.ultimus_romanorum.urdata import EAST, WEST, ur_map


@pytest.fixture(scope="module")
def m():
    return ur_map()


# -- dioceses, capitals, cities (UR 3.1) -----------------------------------------------------


def test_twelve_dioceses_seven_west_five_east(m):
    """L233-236: 12 dioceses in two halves: Hispaniae, Britanniae, Viennensis, Galliae, Italia,
    Africa and Pannoniae in the West; Moesiae, Thracia, Asia, Pontica and Oriens in the East."""
    assert sorted(m.dioceses) == sorted(WEST + EAST)
    assert sorted(d for d, r in m.dioceses.items() if r["half"] == "west") == sorted(WEST)
    assert sorted(d for d, r in m.dioceses.items() if r["half"] == "east") == sorted(EAST)


def test_zones_of_each_diocese_are_numbered(m):
    """L237: the zones of each diocese bear a number; ids are <diocese>-<number>, 1..n."""
    for d in m.dioceses:
        numbers = sorted(m.zone(z)["number"] for z in m.diocese_zones(d))
        assert numbers == list(range(1, len(numbers) + 1)), d
        assert all(z == f"{d}-{m.zone(z)['number']}" for z in m.diocese_zones(d))


def test_six_imperial_capitals_four_west_two_east(m):
    """L240-242: six capitals at the start, Arelate, Mediolanum, Ravenna and Roma in the West,
    Constantinopolis and Antiochia in the East; L1360-1365: 'the two zones containing an
    imperial capital' of the East and 'the four zones' of the West (so each in its own zone)."""
    capitals = {r["capital"]: z for z, r in m.zones.items() if r.get("capital")}
    assert sorted(capitals) == sorted(["Arelate", "Mediolanum", "Ravenna", "Roma", "Constantinopolis", "Antiochia"])
    assert len(set(capitals.values())) == 6
    for name in ("Arelate", "Mediolanum", "Ravenna", "Roma"):
        assert m.half_of(capitals[name]) == "west", name
    for name in ("Constantinopolis", "Antiochia"):
        assert m.half_of(capitals[name]) == "east", name


def test_rome_is_italia_5(m):
    """L366: 'Rome (Italie 5)'; L1614: the zone of Roma; 10.2 scores the zone of Roma."""
    assert m.zone("italia-5")["capital"] == "Roma"
    assert [z for z, r in m.zones.items() if r.get("rome")] == ["italia-5"]


def test_entry_zones_of_the_roman_leader_table_exist(m):
    """L1612-1615: the entry codes name the zones of Mediolanum, Londonium, Lutecia, Arelate,
    Ravenna, Roma, Sirmium, Constantinopolis and Alexandria: each is on the map, once."""
    for name in ("Mediolanum", "Londonium", "Lutecia", "Arelate", "Ravenna", "Roma", "Sirmium",
                 "Constantinopolis", "Alexandria"):
        assert m.in_empire(m.place_zone(name)), name
    assert m.place_zone("Londonium") == "britanniae-2"
    assert m.diocese_of(m.place_zone("Lutecia")) == "galliae"
    assert m.diocese_of(m.place_zone("Sirmium")) == "pannoniae"
    assert m.diocese_of(m.place_zone("Alexandria")) == "oriens"


def test_generic_leader_zones_exist(m):
    """L1710-1714: Thracias 3, Oriens 9, Africa 4, Galliae 3, Britanniae 2."""
    for zid in ("thracia-3", "oriens-9", "africa-4", "galliae-3", "britanniae-2"):
        assert m.in_empire(zid), zid


def test_lutecia_and_treveri_are_cities_of_galliae_beside_galliae_4(m):
    """L717-719: in 476 the Franci Salii Regnum holds Lutecia and Treveri (a Regnum's capital is
    a city, L700-704) while limitanei remain in Galliae 4, another zone of the same diocese."""
    lutecia, treveri = m.place_zone("Lutecia"), m.place_zone("Treveri")
    assert m.zone(lutecia)["city"] and m.zone(treveri)["city"]
    assert {m.diocese_of(lutecia), m.diocese_of(treveri)} == {"galliae"}
    assert "galliae-4" not in (lutecia, treveri)


def test_carthago_a_city_in_africa_4(m):
    """L360: Africa 4 holds the port of Carthago; L1336-1338: Carthago was the Vandal Regnum's
    capital, so a city (L700-704)."""
    assert m.zone("africa-4")["city"] == "Carthago"


# -- ports, seas, fleets, refuges (UR 3.4.2, 8.2.2) ------------------------------------------


def test_two_fleets_and_their_ports(m):
    """L341-342: classis occidentalis at Carthago, classis orientalis at Constantinopolis;
    L360: Carthago is in Africa 4."""
    ports = {p["fleet"]: p for p in m.ports.values()}
    assert sorted(ports) == ["classis-occidentalis", "classis-orientalis"]
    assert ports["classis-occidentalis"]["zone"] == "africa-4"
    assert ports["classis-occidentalis"]["name"] == "Carthago"
    assert ports["classis-orientalis"]["zone"] == m.zone_with("capital", "Constantinopolis")


def test_fleets_stay_in_the_internum_mare_and_the_pontus(m):
    """L351-352: fleets may not leave the Internum Mare and the Pontus Euxinus: the Mare
    Oceanus, the Britannicum Mare and the Germanicum Mare are forbidden to them."""
    forbidden = sorted(s for s in m.seas if not m.navigable(s))
    assert forbidden == ["britannicum-mare", "germanicum-mare", "mare-oceanus"]
    assert m.navigable("pontus-euxinus")
    assert m.navigable("mare-internum-occidentalis")


def test_ports_open_on_navigable_seas(m):
    """L353: fleets move only in sea zones and zones with a port: each port's sea is
    navigable and its zone is a coast of that sea."""
    for p in m.ports.values():
        assert m.navigable(p["sea"]), p["id"]
        assert p["zone"] in m.coasts(p["sea"]), p["id"]


def test_genseric_sails_from_carthago_to_italia_4_then_marches_on_rome(m):
    """L358-367: Genseric's fleet leaves the Carthago box for the Mare Internum Occidentalis
    (one naval move), lands him in Italia 4, and he may then march on Rome (Italie 5); the
    fleet goes back to the Carthago box (one move)."""
    carthago = m.ports["carthago"]
    assert carthago["sea"] == "mare-internum-occidentalis"
    assert "italia-4" in m.coasts("mare-internum-occidentalis")
    assert "africa-4" in m.coasts("mare-internum-occidentalis")
    assert m.cheapest_cost("italia-4", "italia-5") <= 3, "two Vandali units can reach Rome in an SMC"


def test_coastal_zones_for_the_flotte_stratagem(m):
    """L933-936: a Flotte may be placed on any coastal zone and sails like the other two:
    both halves have coastal zones on navigable seas, and both ports' zones are coastal."""
    for half in ("west", "east"):
        assert any(m.half_of(z) == half and any(z in m.coasts(s) for s in m.seas if m.navigable(s))
                   for z in m.zones), half
    for p in m.ports.values():
        assert m.coastal(p["zone"])


def test_ravenna_and_constantinopolis_refuge_boxes(m):
    """L1050-1066, L1245-1253: the Augustus Occidentalis may shelter in the Ravenna box of the
    zone of Ravenna, the Augustus Orientalis in the Constantinopolis box."""
    assert sorted(m.refuges) == ["constantinopolis", "ravenna"]
    assert m.refuges["ravenna"]["zone"] == m.zone_with("capital", "Ravenna")
    assert m.refuges["ravenna"]["augustus"] == "occidentalis"
    assert m.refuges["constantinopolis"]["zone"] == m.zone_with("capital", "Constantinopolis")
    assert m.refuges["constantinopolis"]["augustus"] == "orientalis"


# -- movement costs (UR 7.2, 7.3) -------------------------------------------------------------


def test_four_great_rivers_only(m):
    """L989-994: the Rhenus, Danuvius, Tigris and Euphrates cost +1 PM; other rivers (the
    Nilus) are decoration."""
    rivers = {e["river"] for e in m.map["edges"] if e["kind"] == "river"}
    assert rivers == {"Rhenus", "Danuvius", "Tigris", "Euphrates"}


def test_ostrogothi_to_thracia_1_costs_two(m):
    """L992: moving from the Ostrogothi zone to Thracia 1 costs 2 PM (a great river)."""
    assert m.adjacent("ostrogothi", "thracia-1")
    assert m.move_cost("ostrogothi", "thracia-1") == 2
    assert m.edge("ostrogothi", "thracia-1")["kind"] == "river"


def test_straits_cost_one_more(m):
    """L996: crossing a strait (marked on the map) costs 1 PM more."""
    straits = [e for e in m.map["edges"] if e["kind"] == "strait" and "extra_pm" not in e]
    assert straits, "the map marks straits"
    assert all(m.move_cost(e["a"], e["b"]) == 2 for e in straits)


def test_crossings_to_britannia_without_a_fleet_cost_two_more(m):
    """L996-1000: Galliae 7 or Saxones <-> Britanniae 2 and Scoti <-> Britanniae 3 are strait
    crossings that need no fleet but cost 2 PM more (3 PM the step)."""
    for a, b in (("galliae-7", "britanniae-2"), ("saxones", "britanniae-2"), ("scoti", "britanniae-3")):
        assert m.adjacent(a, b), (a, b)
        assert m.edge(a, b)["kind"] == "strait"
        assert m.move_cost(a, b) == m.move_cost(b, a) == 3
    plus_two = sorted((min(e["a"], e["b"]), max(e["a"], e["b"])) for e in m.map["edges"] if e.get("extra_pm"))
    assert plus_two == [("britanniae-2", "galliae-7"), ("britanniae-2", "saxones"), ("britanniae-3", "scoti")]


def test_britanniae_touches_galliae_across_a_strait(m):
    """L480-481: a diocese can be adjacent to another across a strait: Britanniae is adjacent to
    Galliae."""
    links = [(a, b) for a in m.diocese_zones("britanniae") for b in m.diocese_zones("galliae") if m.adjacent(a, b)]
    assert links and all(m.edge(a, b)["kind"] == "strait" for a, b in links)


def test_the_eight_eastern_zones(m):
    """L1005-1007: the 8 eastern zones outside the Empire, Persae, Armenia and Iberia, count as
    Empire zones for 7.3; no other zone does."""
    exempt = sorted(z for z, r in m.zones.items() if r["empire"] == "exempt")
    assert len(exempt) == 8
    assert {m.zone(z)["people"] for z in exempt} == {"persae", "armenia", "iberia"}
    assert sorted(m.origin_zones("persae") + m.origin_zones("armenia") + m.origin_zones("iberia")) == exempt


def test_britanniae_1_two_zones_north_then_the_northernmost_pictes_zone(m):
    """L1009-1013: from Britanniae 1, Constantin III and two units move two zones north (2 PM
    outside the Empire) and must stop; the northernmost of the three Pictes zones needs a third
    PM."""
    assert m.origin_zones("picti") == ["pictes-1", "pictes-2", "pictes-3"]
    path = ["britanniae-1", "pictes-1", "pictes-2", "pictes-3"]
    assert m.path_cost(path[:3]) == 2
    assert m.path_cost(path) == 3
    assert m.hops_from(["britanniae-1"])["pictes-3"] == 3
    lats = [m.zone(z)["lat"] for z in path]
    assert lats == sorted(lats), "each step goes north"
    assert not any(m.empire_for_movement(z) for z in path[1:])
    northernmost = max(m.origin_zones("picti"), key=lambda z: m.zone(z)["lat"])
    assert northernmost == "pictes-3"


def test_aetius_alamani_franci_saxones_galliae_1(m):
    """L1014-1018: Aetius goes Alamani -> Franci (1st PM) -> Saxones (2nd PM) -> Galliae 1 (3rd
    and 4th PM, because of the Rhenus); the first three zones are outside the Empire."""
    path = ["alamanni", "franci-orientales", "saxones", "galliae-1"]
    assert [m.move_cost(a, b) for a, b in zip(path, path[1:])] == [1, 1, 2]
    assert m.edge("saxones", "galliae-1")["river"] == "Rhenus"
    assert [m.in_empire(z) for z in path] == [False, False, False, True]
    assert m.zone("alamanni")["name"]["fr"] == "Alamani"
    assert m.zone("franci-orientales")["name"]["fr"].startswith("Franci")


def test_constantin_iii_from_britanniae_2_lands_in_galliae_1(m):
    """L555-557: in 407 Constantin III proclaimed in Britanniae 2 lands in Galliae 1 (no fleet
    may sail the Britannicum Mare, L352): the crossing and the march fit a leader's 4 PM."""
    assert m.cheapest_cost("britanniae-2", "galliae-1") <= 4
    assert "galliae-5" in m.zones and m.diocese_of("galliae-5") == "galliae"


# -- peoples and their zones (UR 3.2.2, 4.1, 4.3, 4.4.2) --------------------------------------


def test_western_co_may_enter_alamani_but_not_gepidae(m):
    """L257-260: CO may leave the Empire only to a zone adjacent to their half: a western CO
    may go to the Alamani zone but not to the Gepidae zone."""
    west_zones = {z for z in m.zones if m.half_of(z) == "west"}
    assert set(m.neighbours("alamanni")) & west_zones
    assert not set(m.neighbours("gepidae")) & west_zones


def test_burgondi_next_to_alamani(m):
    """L638-639: the Burgondi may not enter the Alamani zone unless the Alamani are at war too
    (so the two zones touch)."""
    (burgondi,) = m.origin_zones("burgondi")
    assert m.adjacent(burgondi, "alamanni")


def test_mauri_have_an_unnamed_zone_immediately_west(m):
    """L640-642: zones bearing no people's name are open; the Mauri unit may enter the zone
    immediately west of its origin zone."""
    (mauri,) = m.origin_zones("mauri")
    west = [n for n in m.neighbours(mauri) if n in m.unnamed_outside]
    assert west
    assert all(m.zone(n)["lon"] < m.zone(mauri)["lon"] for n in west)


def test_foederati_at_start_have_no_origin_zone(m):
    """L575-577: the Visigothi, Franci Salii and Ghassanides are Foederati inside the Empire at
    the start and have no origin zone."""
    for people in ("visigothi", "franci-salii", "ghassanides"):
        assert m.origin_zones(people) == [], people


def test_other_peoples_have_origin_zones_outside_the_empire(m):
    """L573-574: each people has one or more origin zones, bearing its name, outside the
    Empire (the three Foederati above excepted, and the Bagaudes, whom their stratagem places
    inside the Empire, L868-871)."""
    for pid in sorted(m.peoples):
        if pid in ("visigothi", "franci-salii", "ghassanides", "bagaudes"):
            continue
        zones = m.origin_zones(pid)
        assert zones, pid
        for z in zones:
            assert not m.in_empire(z), (pid, z)
            assert m.zone(z)["people"] == pid, (pid, z)


def test_bagaudes_rise_in_the_gauls_and_spain(m):
    """L868-869: the Bagaudes stratagem goes on a zone of Galliae, Viennensis or Hispaniae."""
    assert sorted(m.peoples["bagaudes"]["spawn_dioceses"]) == ["galliae", "hispaniae", "viennensis"]


def test_armenia_is_one_zone_next_to_the_empire(m):
    """L665-673: 'the Armenia zone' (one zone); Roman units may enter Armenia (so it touches
    the Empire); the Armenia unit may move to a zone adjacent to it."""
    assert m.origin_zones("armenia") == ["armenia"]
    assert any(m.in_empire(n) for n in m.neighbours("armenia"))


def test_armenia_between_iberia_and_persia(m):
    """L668-673: the Armenia unit may leave its zone, to an adjacent one, only when the Iberia or
    Persae are at war, and it does not come back while a Persae unit holds Armenia: Armenia
    touches Iberia and the Persian zones."""
    assert m.adjacent("armenia", "iberia")
    assert any(m.adjacent("armenia", z) for z in m.origin_zones("persae"))


def test_hunni_reach_galliae_5(m):
    """L1303-1306: in 455 the Hunni crush the Visigothi in Galliae 5: a people at war may not go
    more than 5 zones from its origin zones (L646-649, and the Hunni cannot be Foederati,
    L789-790), so Galliae 5 lies within 5 zones of a Hunni origin zone."""
    assert m.hops_from(m.origin_zones("hunni"))["galliae-5"] <= 5


def test_viennensis_1_adjacent_to_galliae_5(m):
    """L1304-1306: the crushed Visigothi are placed in Viennensis 1, 'the only free adjacent
    zone' to Galliae 5."""
    assert m.adjacent("galliae-5", "viennensis-1")


def test_africa_3_next_to_africa_4(m):
    """L1336-1340: the Vandali destroyed in Africa 4 are placed in Africa 3, the nearest zone
    empty of combat units."""
    assert m.adjacent("africa-3", "africa-4")


def test_every_people_at_war_can_reach_the_empire(m):
    """L596-602, L646-649: a people at war enters the Empire but never goes more than 5 zones
    from its origin zones: every people with origin zones has an Empire zone within 5."""
    for pid in sorted(m.peoples):
        zones = m.origin_zones(pid)
        if not zones:
            continue
        reach = m.hops_from(zones)
        assert any(m.in_empire(z) and d <= 5 for z, d in reach.items()), pid


def test_concile_zone_in_asia(m):
    """L893-895: the Concile Oecumenique marker goes on a zone of Asia."""
    assert m.diocese_zones("asia")


def test_event_dioceses_exist(m):
    """L1482-1484 (famine in Galliae, Viennensis and Hispania), L1533 (plague in Oriens)."""
    for d in ("galliae", "viennensis", "hispaniae", "oriens"):
        assert m.diocese_zones(d), d
