"""Semper Victor data files: the loader's checks and the data's own consistency."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from rules.imperator import data
from rules.imperator.data import DataError
from rules.imperator.geography import Geography, geography

SLUG = "semper-victor"
DATA = data.data_dir(SLUG)


@pytest.fixture(scope="module")
def raw_map():
    return data.read_yaml(DATA / "map.yaml")


@pytest.fixture(scope="module")
def geo():
    return geography(SLUG)


@pytest.fixture(scope="module")
def scenario():
    return data.load_scenario(SLUG, "305")


def _rejects(raw, *expected, parse=None):
    parse = parse or (lambda r: data.parse_map(r, "map.yaml"))
    with pytest.raises(DataError) as err:
        parse(raw)
    message = str(err.value)
    for part in expected:
        assert part in message, message
    return message


# -- the loader rejects bad data with a clear message ------------------------------------


def test_unknown_zone_in_an_edge(raw_map):
    raw = copy.deepcopy(raw_map)
    raw["edges"][0]["b"] = "atlantis-1"
    _rejects(raw, "map.yaml", "edges[", "field 'b'", "unknown zone 'atlantis-1'")


def test_duplicate_zone_id(raw_map):
    raw = copy.deepcopy(raw_map)
    raw["zones"].append(copy.deepcopy(raw["zones"][0]))
    _rejects(raw, "zones[britanniae-1]", "duplicate id")


def test_missing_status(raw_map):
    raw = copy.deepcopy(raw_map)
    del raw["zones"][3]["status"]
    _rejects(raw, f"zones[{raw['zones'][3]['id']}]", "field 'status'", "missing")


def test_missing_ref(raw_map):
    raw = copy.deepcopy(raw_map)
    del raw["edges"][5]["ref"]
    _rejects(raw, "field 'ref'", "missing")


def test_asymmetric_sea_adjacency(raw_map):
    raw = copy.deepcopy(raw_map)
    sea = next(s for s in raw["seas"] if s["id"] == "propontis")
    sea["adjacent"] = [s for s in sea["adjacent"] if s != "pontus-euxinus"]
    _rejects(raw, "seas[pontus-euxinus]", "asymmetric")


def test_unknown_river(raw_map):
    raw = copy.deepcopy(raw_map)
    edge = next(e for e in raw["edges"] if e["kind"] == "river")
    edge["river"] = "Nilus"
    _rejects(raw, "field 'river'", "Nilus")


def test_edge_listed_twice(raw_map):
    raw = copy.deepcopy(raw_map)
    e = copy.deepcopy(raw["edges"][0])
    e["a"], e["b"] = e["b"], e["a"]
    raw["edges"].append(e)
    _rejects(raw, "joined twice")


def test_zone_outside_the_bounds(raw_map):
    raw = copy.deepcopy(raw_map)
    raw["zones"][0]["lat"] = 75.0
    _rejects(raw, "zones[britanniae-1]", "field 'lat'", "outside the map")


def test_gap_in_diocese_numbering(raw_map):
    raw = copy.deepcopy(raw_map)
    zone = next(z for z in raw["zones"] if z["id"] == "britanniae-3")
    zone["id"], zone["number"] = "britanniae-4", 4
    for e in raw["edges"]:
        for end in ("a", "b"):
            if e[end] == "britanniae-3":
                e[end] = "britanniae-4"
    for s in raw["seas"]:
        s["coasts"] = ["britanniae-4" if c == "britanniae-3" else c for c in s["coasts"]]
    _rejects(raw, "dioceses[britanniae]", "numbered 1..n")


def test_port_on_a_forbidden_sea(raw_map):
    raw = copy.deepcopy(raw_map)
    raw["ports"][0]["sea"] = "mare-germanicum"
    _rejects(raw, "ports[misenum]", "forbidden")


def test_pinned_fields_must_name_a_field(raw_map):
    raw = copy.deepcopy(raw_map)
    raw["zones"][1]["pinned_fields"] = {"colour": "L1"}
    _rejects(raw, "pinned_fields.colour")


def test_people_with_unknown_origin_zone(raw_map):
    raw = data.read_yaml(DATA / "peoples.yaml")
    raw = copy.deepcopy(raw)
    raw["peoples"][0]["origin_zones"] = ["nowhere"]
    _rejects(raw, "peoples.yaml", "origin_zones", "unknown zone 'nowhere'",
             parse=lambda r: data.parse_peoples(r, data.load_map(SLUG), "peoples.yaml"))


def test_leader_with_bad_death_threshold():
    raw = copy.deepcopy(data.read_yaml(DATA / "leaders.yaml"))
    raw["leaders"][0]["death"]["thresholds"][305] = 12
    _rejects(raw, "leaders[constance-chlore].death", "thresholds.305",
             parse=lambda r: data.parse_leaders(r, data.load_map(SLUG), data.load_peoples(SLUG),
                                                "leaders.yaml"))


def test_scenario_must_control_every_diocese():
    raw = copy.deepcopy(data.read_yaml(DATA / "scenarios" / "305.yaml"))
    del raw["control"]["oriens"]
    _rejects(raw, "305.yaml", "control",
             parse=lambda r: data.parse_scenario(r, data.load_map(SLUG), data.load_peoples(SLUG),
                                                 data.load_leaders(SLUG), data.load_units(SLUG),
                                                 "305.yaml"))


def test_bad_yaml_names_the_file(tmp_path):
    path = tmp_path / "map.yaml"
    path.write_text("zones: [\n")
    with pytest.raises(DataError, match="map.yaml.*not valid YAML"):
        data.read_yaml(path)


def test_loads_are_cached():
    assert data.load_map(SLUG) is data.load_map(SLUG)
    assert geography(SLUG) is geography(SLUG)


# -- provenance ----------------------------------------------------------------------------


def _all_records():
    m = data.load_map(SLUG)
    p = data.load_peoples(SLUG)
    records = [*m.dioceses, *m.zones, *m.edges, *m.seas, *m.ports, *p.nationalities,
               *p.peoples, *data.load_leaders(SLUG), *data.load_units(SLUG)]
    return records


def test_every_record_has_status_and_ref():
    for record in _all_records():
        prov = record.provenance
        assert prov.status in ("pinned", "reconstructed"), record
        assert prov.ref.strip(), record


def test_pinned_records_cite_a_line():
    for record in _all_records():
        prov = record.provenance
        if prov.status == "pinned":
            assert "L" in prov.ref, record
        for _, line in prov.pinned_fields:
            assert "L" in line, record


# -- counts ------------------------------------------------------------------------------


def test_forty_roman_leaders_and_four_dux():
    leaders = data.load_leaders(SLUG)
    assert sum(ld.kind == "roman" for ld in leaders) == 40
    dux = [ld for ld in leaders if ld.kind == "dux"]
    assert len(dux) == 4
    assert len({ld.capital for ld in dux}) == 4


def test_at_least_27_comitatenses():
    units = data.load_units(SLUG)
    assert sum(u.category == "CO" for u in units) >= 27


def test_one_ri_per_diocese_and_pc(geo):
    """L795 (Britanniae: one RI, a PC), L262 (two PC Italia)."""
    units = data.load_units(SLUG)
    for d in geo.diocese_ids:
        assert sum(u.category == "RI" and u.diocese == d for u in units) == 1
        assert sum(u.category == "PC" and u.diocese == d for u in units) >= 1
    assert sum(u.category == "PC" and u.diocese == "italia" for u in units) >= 2


def test_movement_points():
    """L83: leaders 4 PM; L105: units 3 PM, CO 4 PM."""
    assert all(ld.pm == 4 for ld in data.load_leaders(SLUG))
    for u in data.load_units(SLUG):
        assert u.pm == (4 if u.category == "CO" else 3), u.id


def test_values_the_text_gives():
    """L140 (Constantin VS 4, the Pictes leader VS 1), L693 (Constance Chlore CC >= 5),
    L695 (Galère CC >= 3), L262 (Maxence CC >= 2), L769 (QU of RI Galliae, Cornuti,
    Gentiles Seniores)."""
    leaders = {ld.id: ld for ld in data.load_leaders(SLUG)}
    assert leaders["constantin"].vs == 4
    assert [ld.vs for ld in leaders.values() if ld.people == "pictes"] == [1]
    assert leaders["constance-chlore"].cc >= 5
    assert leaders["galere"].cc >= 3
    assert leaders["maxence"].cc >= 2
    units = {u.id: u for u in data.load_units(SLUG)}
    assert units["ri-galliae"].full.qu == 1
    assert units["co-cornuti"].full.qu == 3
    assert units["co-gentiles-seniores"].full.qu == 4


def test_the_book_scale():
    """L34 (1 PF ~ 1,000 men), L725 (55 PF attack 37 PF), L832 (a battle of 35 PF or more
    earns a PV), against the armies of 305-363 (NOTES.md): the comitatenses are an empire's
    field armies, an emperor's stack can fight a battle past the 35 PF line, the peoples are
    the size of their hosts, and a weakened face is about half the full one."""
    units = {u.id: u for u in data.load_units(SLUG)}
    leaders = {ld.id: ld for ld in data.load_leaders(SLUG)}
    co = sorted((u.full.pf for u in units.values() if u.category == "CO"), reverse=True)
    limitanei = sum(u.full.pf for u in units.values() if u.category in ("RI", "PC"))
    assert 110 <= sum(co) <= 170, "Diocletian's and Constantine's comitatus, some 100,000-150,000"
    assert 200 <= sum(co) + limitanei <= 300, "the field armies and the frontier armies that could take the field"
    biggest_stack = sum(co[: leaders["constantin"].cc])
    assert biggest_stack >= 25, "Constantin with a full comitatus"
    assert 2 * biggest_stack >= 55 >= 37, "two emperors meeting fight the battle of L725"
    by_capital = {}
    for u in units.values():
        if u.category == "CO":
            by_capital[u.capital] = by_capital.get(u.capital, 0) + u.full.pf
    assert by_capital["Nicomedia"] + by_capital["Mediolanum"] >= 55, "the East's and Italy's armies meet above L832's line"
    people = {}
    for u in units.values():
        if u.people:
            people[u.people] = people.get(u.people, 0) + u.full.pf
    assert people["alamanni"] >= 20, "35,000 at Argentoratum (357) with their allies"
    assert people["persae"] >= 35, "Shapur II's armies"
    assert people["visigothi"] + people["ostrogothi"] >= 25, "the Gothi of 4.1"
    for u in units.values():
        assert u.weakened.pf == (u.full.pf + 1) // 2, u.id
        assert u.weakened.qu <= u.full.qu and u.weakened.bt == 0, u.id


def test_death_table_rows_are_well_formed():
    """L1037: d10 < k dies in that year; Mort follows the last listed year; PdT: no test."""
    for ld in data.load_leaders(SLUG):
        if ld.kind != "roman":
            assert ld.death is None
            continue
        if ld.death.no_test:
            assert ld.death.dies is None
            continue
        years = [y for y, _ in ld.death.thresholds]
        ks = [k for _, k in ld.death.thresholds]
        assert ks == list(range(10 - len(ks), 10)), ld.id
        assert years == list(range(years[0], years[0] + len(years))), ld.id
        assert ld.death.dies == years[-1] + 1, ld.id


def test_persian_kings_dates():
    """L482-484: Hormoz II 305 to F of 309; Sapor II from 320; Ardashir II from 355."""
    leaders = {ld.id: ld for ld in data.load_leaders(SLUG)}
    assert (leaders["hormoz-ii"].entry.year, leaders["hormoz-ii"].leaves) == (305, 309)
    assert (leaders["sapor-ii"].entry.year, leaders["sapor-ii"].leaves) == (320, None)
    assert (leaders["ardashir-ii"].entry.year, leaders["ardashir-ii"].leaves) == (355, None)


def test_majors_have_leaders_and_minors_none(geo):
    """L466: a major people has at least one leader; a minor one has none."""
    leaders = data.load_leaders(SLUG)
    for people in geo.people_ids:
        count = sum(ld.people == people for ld in leaders)
        if geo.people(people).people_class == "major":
            assert count >= 1, people
        else:
            assert count == 0, people
    assert sum(geo.people(p).people_class == "major" for p in geo.people_ids) == 5


def test_stacking_groups():
    """L503-507: Romans with Thraco-Phrygians; Celts with Germans; Iranians with
    Hamito-Semites."""
    groups = {n.id: n.group for n in data.load_peoples(SLUG).nationalities}
    assert groups["roman"] == groups["thraco-phrygian"]
    assert groups["celtic"] == groups["germanic"]
    assert groups["iranian"] == groups["hamito-semitic"]
    assert len(set(groups.values())) == 3


# -- the map's shape ---------------------------------------------------------------------


def test_every_zone_reachable_by_land(geo):
    start = geo.zone_ids[0]
    assert set(geo.distances_from(start)) == set(geo.zone_ids)


def test_every_diocese_is_contiguous(geo):
    for d in geo.diocese_ids:
        zones = set(geo.diocese_zones(d))
        seen, todo = set(), [geo.zone_one(d)]
        while todo:
            z = todo.pop()
            if z in seen:
                continue
            seen.add(z)
            todo.extend(n for n in geo.neighbours(z) if n in zones)
        assert seen == zones, d


def test_coordinates_inside_the_bounds(geo):
    lon_min, lon_max, lat_min, lat_max = geo.map_data.bounds
    for z in geo.zone_ids:
        zone = geo.zone(z)
        assert lon_min <= zone.lon <= lon_max and lat_min <= zone.lat <= lat_max, z


def test_seas_are_symmetric_and_connected(geo):
    for sea in geo.seas:
        for other in geo.sea_neighbours(sea):
            assert sea in geo.sea_neighbours(other)
    navigable = [s for s in geo.seas if geo.navigable(s)]
    seen, todo = set(), [geo.port("misenum").sea]
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        todo.extend(n for n in geo.sea_neighbours(s) if geo.navigable(n))
    assert seen == set(navigable)


def test_every_zone_has_a_name_in_both_languages(geo):
    for z in geo.zone_ids:
        name = geo.zone(z).name
        assert name.en and name.fr


def test_neighbours_sorted_and_symmetric(geo):
    for z in geo.zone_ids:
        ns = geo.neighbours(z)
        assert list(ns) == sorted(ns)
        assert all(z in geo.neighbours(n) for n in ns)


def test_peoples_reach_the_empire_within_five_zones(geo):
    """L524-527: each people enters through its band diocese, within 5 zones of an origin."""
    for people in geo.people_ids:
        band = geo.diocese_zones(geo.people_band(people))
        assert any((geo.hops_from_origin(people, z) or 99) <= 5 for z in band), people


def test_geography_can_be_built_from_data():
    g = Geography(data.load_map(SLUG), data.load_peoples(SLUG))
    assert g.zone_ids == geography(SLUG).zone_ids


# -- the 305 scenario --------------------------------------------------------------------


def test_scenario_ids():
    assert "305" in data.scenario_ids(SLUG)


def test_every_co_at_its_capital(geo, scenario):
    placed = {u["id"]: u["zone"] for u in scenario["units"]}
    for unit in data.load_units(SLUG):
        if unit.category == "CO":
            assert placed[unit.id] == geo.capital_zone_named(unit.capital), unit.id


def test_every_limitanei_in_its_diocese_and_ri_on_the_frontier(geo, scenario):
    """L233-235: limitanei in their diocese; RI next to outside the Empire if possible."""
    units = {u.id: u for u in data.load_units(SLUG)}
    placed = {u["id"]: u["zone"] for u in scenario["units"]}
    for uid, unit in units.items():
        if unit.category in ("RI", "PC"):
            assert geo.diocese_of(placed[uid]) == unit.diocese, uid
        if unit.category == "RI":
            assert placed[uid] in geo.ri_zones(unit.diocese), uid


def test_every_roman_unit_placed(scenario):
    placed = {u["id"] for u in scenario["units"]}
    roman = {u.id for u in data.load_units(SLUG) if u.category != "people"}
    assert placed == roman


def test_the_ten_leaders_of_305_and_the_dux(geo, scenario):
    """L982-991: ten leaders enter in 305; L223: each Dux in his capital."""
    leaders = {ld.id: ld for ld in data.load_leaders(SLUG)}
    placed = {p["id"]: p for p in scenario["leaders"]}
    in_305 = {i for i, ld in leaders.items() if ld.kind == "roman" and ld.entry.year == 305}
    assert len(in_305) == 10
    assert in_305 | {i for i, ld in leaders.items() if ld.kind == "dux"} == set(placed)
    for i, ld in leaders.items():
        if ld.kind == "dux":
            zone = placed[i]["zone"]
            assert zone == geo.capital_zone_named(ld.capital)
            assert placed[i]["side"] == scenario["control"][geo.diocese_of(zone)]


def test_emperors_of_305(scenario):
    """L281, L288: Galère Primus and Constance Chlore Secundus Augustus (scenario 6)."""
    assert scenario["primus_augustus"] == "galere"
    assert scenario["secundus_augustus"] == "constance-chlore"
    sides = {p["id"]: p["side"] for p in scenario["leaders"]}
    for side in ("PRIMUS", "SECONDUS"):
        for lid in scenario["augusti"][side] + scenario["caesars"][side]:
            assert sides[lid] == side


def test_emperors_within_the_capitals_held(geo, scenario):
    """SV 3.5.1: per side, Augusti + Caesars <= dioceses with a capital it controls."""
    for side in ("PRIMUS", "SECONDUS"):
        held = sum(1 for d, s in scenario["control"].items() if s == side and geo.capital_zone(d))
        assert len(scenario["augusti"][side]) + len(scenario["caesars"][side]) <= held


def test_major_peoples_on_the_map_in_their_origin_zones(geo, scenario):
    """L499: major peoples' units and leaders always on the map; L552: Armenia too."""
    units = {u.id: u for u in data.load_units(SLUG)}
    placed = {u["id"]: u["zone"] for u in scenario["people_units"]}
    for uid, zone in placed.items():
        assert zone in geo.people_origin_zones(units[uid].people)
    on_map = {units[uid].people for uid in placed}
    majors = {p for p in geo.people_ids if geo.people(p).people_class in ("major", "ally")}
    assert on_map == majors
    leaders = {ld.id: ld for ld in data.load_leaders(SLUG)}
    for p in scenario["people_leaders"]:
        assert p["zone"] in geo.people_origin_zones(leaders[p["id"]].people)


def test_no_django_under_rules():
    root = Path(data.RULES_ROOT)
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, path
