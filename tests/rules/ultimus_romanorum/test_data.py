"""Ultimus Romanorum data files: the shared loader's checks and the data's own consistency.

``rules/imperator/data.py`` validates what the two titles share (zones, edges, seas, ports);
the checks below cover the rest: UR's additions (SCHEMA.md), cross-file references, and the
shape of the map.
"""

from __future__ import annotations

import math
import re

import pytest

from rules.imperator import data
from tests.rules.ultimus_romanorum.urdata import DATA, EAST, WEST, raw, ur_map

RIVERS = {"Rhenus", "Danuvius", "Tigris", "Euphrates"}
LINE = re.compile(r"L\d+")


@pytest.fixture(scope="module")
def m():
    return ur_map()


def _provenance_records():
    mp, pe = raw("map.yaml"), raw("peoples.yaml")
    for section in ("dioceses", "zones", "edges", "seas", "ports", "refuges"):
        for r in mp[section]:
            yield f"map.yaml {section}", r
    for section in ("nationalities", "stacking_bans", "peoples"):
        for r in pe[section]:
            yield f"peoples.yaml {section}", r
    le, un = raw("leaders.yaml"), raw("units.yaml")
    for section in ("entry_codes", "leaders"):
        for r in le[section]:
            yield f"leaders.yaml {section}", r
    for section in ("units", "buccellarii_by_cc"):
        for r in un[section]:
            yield f"units.yaml {section}", r


# -- the shared loader -----------------------------------------------------------------------


def test_the_shared_loader_accepts_the_map():
    """rules/imperator/data.py: ids, numbering, edges between known zones, seas symmetric,
    ports on a coast of a navigable sea, coordinates inside the bounds."""
    parsed = data.parse_map(data.read_yaml(DATA / "map.yaml"), "map.yaml")
    assert len(parsed.zones) == len(raw("map.yaml")["zones"])


# -- provenance ------------------------------------------------------------------------------


def test_every_record_has_status_and_ref():
    for where, r in _provenance_records():
        assert r.get("status") in ("pinned", "reconstructed"), (where, r)
        assert str(r.get("ref") or "").strip(), (where, r)


def test_pinned_records_and_fields_cite_a_line():
    for where, r in _provenance_records():
        if r["status"] == "pinned":
            assert LINE.search(str(r["ref"])), (where, r)
        for field, line in (r.get("pinned_fields") or {}).items():
            assert LINE.search(str(line)), (where, r.get("id"), field)
            head, _, tail = field.partition(".")
            named = field == "id" or (field in r if not tail else isinstance(r.get(head), dict) and tail in r[head])
            named = named or any(isinstance(v, dict) and field in v for v in r.values())
            assert named, (where, r.get("id"), field)


def test_cited_lines_exist_in_the_rulebook():
    """Every Lnnn cited by the data is a line of the rulebook (1717 lines)."""
    for where, r in _provenance_records():
        texts = [str(r.get("ref"))] + [str(v) for v in (r.get("pinned_fields") or {}).values()]
        for text in texts:
            for n in re.findall(r"L(\d+)", text):
                assert 1 <= int(n) <= 1717, (where, r.get("id"), n)


# -- the map's shape -------------------------------------------------------------------------


def test_edges_join_known_zones_once_and_symmetrically(m):
    seen = set()
    for e in m.map["edges"]:
        assert e["a"] in m.zones and e["b"] in m.zones and e["a"] != e["b"], e
        pair = tuple(sorted((e["a"], e["b"])))
        assert pair not in seen, pair
        seen.add(pair)
    for z in m.zones:
        assert all(z in m.adj[n] for n in m.adj[z]), z


def test_edge_kinds(m):
    for e in m.map["edges"]:
        assert e["kind"] in ("land", "river", "strait"), e
        assert (e["kind"] == "river") == ("river" in e), e
        if e["kind"] == "river":
            assert e["river"] in RIVERS, e
        if "extra_pm" in e:
            assert e["kind"] == "strait" and e["extra_pm"] == 2, e


def test_every_zone_reachable_by_land(m):
    start = sorted(m.zones)[0]
    assert set(m.hops_from([start])) == set(m.zones)


def test_every_diocese_is_contiguous(m):
    for d in m.dioceses:
        zones = set(m.diocese_zones(d))
        seen, todo = set(), [f"{d}-1"]
        while todo:
            z = todo.pop()
            if z in seen:
                continue
            seen.add(z)
            todo.extend(n for n in m.neighbours(z) if n in zones)
        assert seen == zones, d


def test_empire_fields(m):
    for z, r in m.zones.items():
        assert r["empire"] in ("in", "out", "exempt"), z
        if r["empire"] == "in":
            assert r["diocese"] in m.dioceses and r["people"] is None, z
        else:
            assert r["diocese"] is None and r["number"] is None, z
            assert not r.get("capital") and not r.get("city"), z
        assert not (r.get("capital") and r.get("city")), z


def test_zone_names_in_both_languages(m):
    for z, r in m.zones.items():
        assert r["name"]["en"].strip() and r["name"]["fr"].strip(), z


def test_coordinates_inside_the_bounds_and_distinct(m):
    b = m.map["bounds"]
    points = set()
    for z, r in m.zones.items():
        assert b["lon_min"] <= r["lon"] <= b["lon_max"] and b["lat_min"] <= r["lat"] <= b["lat_max"], z
        assert (r["lon"], r["lat"]) not in points, z
        points.add((r["lon"], r["lat"]))
    for s, r in m.seas.items():
        assert b["lon_min"] <= r["lon"] <= b["lon_max"] and b["lat_min"] <= r["lat"] <= b["lat_max"], s


def test_neighbours_are_near(m):
    """A drawing check: the board draws each zone as a cell of radius 4.2 degrees around its
    centre (rules/imperator/board.py), so two adjacent zones lie at most twice that apart."""
    for e in m.map["edges"]:
        a, b = m.zone(e["a"]), m.zone(e["b"])
        dx = (a["lon"] - b["lon"]) * math.cos(math.radians((a["lat"] + b["lat"]) / 2))
        assert math.hypot(dx, a["lat"] - b["lat"]) <= 8.4, (e["a"], e["b"])


def test_seas(m):
    for s, r in m.seas.items():
        for other in r["adjacent"]:
            assert other in m.seas and s in m.seas[other]["adjacent"], (s, other)
        for z in r["coasts"]:
            assert z in m.zones, (s, z)
    navigable = [s for s in m.seas if m.navigable(s)]
    seen, todo = set(), [m.ports["carthago"]["sea"]]
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        todo.extend(n for n in m.seas[s]["adjacent"] if m.navigable(n))
    assert seen == set(navigable), "a fleet can sail every navigable sea"


def test_refuges_sit_on_their_capitals(m):
    for r in m.refuges.values():
        assert m.zone(r["zone"]).get("capital") == r["name"], r


# -- peoples ---------------------------------------------------------------------------------


def test_twenty_four_peoples_by_nationality(m):
    """L55-62: 24 peoples in 6 non-Roman nationalities."""
    by_nat = {}
    for p in m.peoples.values():
        by_nat.setdefault(p["nationality"], []).append(p["id"])
    assert len(m.peoples) == 24
    assert sorted(by_nat["iranian"]) == ["alani", "iberia", "persae"]
    assert len(by_nat["germanic"]) == 11
    assert sorted(by_nat["celtic"]) == ["bagaudes", "picti", "scoti"]
    assert by_nat["thraco-phrygian"] == ["armenia"]
    assert len(by_nat["hamito-semitic"]) == 5
    assert by_nat["hunnic"] == ["hunni"]


def test_origin_zones_agree_both_ways(m):
    nats = {n["id"] for n in m.peoples_file["nationalities"]}
    for pid, p in m.peoples.items():
        assert p["nationality"] in nats, pid
        for z in p["origin_zones"]:
            assert m.zone(z)["people"] == pid, (pid, z)
    for z, r in m.zones.items():
        if r.get("people"):
            assert z in m.peoples[r["people"]]["origin_zones"], z


def test_majors_are_the_seven_with_leader_counters(m):
    """L79-84: leader counters exist for the Persae and Hunni (Pax Romana back) and the
    Burgondi, Franci Salii, Ostrogothi, Vandali and Visigothi (Rex back): these are the majors
    (L567-569); Armenia is ROMAIN's ally (L661-673)."""
    majors = sorted(p for p, r in m.peoples.items() if r["class"] == "major")
    assert majors == ["burgondi", "franci-salii", "hunni", "ostrogothi", "persae", "vandali", "visigothi"]
    assert sorted(p for p, r in m.peoples.items() if r["rex"]) == [
        "burgondi", "franci-salii", "ostrogothi", "vandali", "visigothi"]
    assert sorted(p for p, r in m.peoples.items() if r["leader_back"] == "pax_romana") == ["hunni", "persae"]
    assert [p for p, r in m.peoples.items() if r["class"] == "ally"] == ["armenia"]


def test_who_cannot_be_federated_and_the_hunni_vassals(m):
    """L786-790: the Bagaudes, Hunni and Persae cannot be federated; L863-867: the Ostrogothi
    (major) and Gepidae (minor) are the Hunni's."""
    assert sorted(p for p, r in m.peoples.items() if not r["federable"]) == ["armenia", "bagaudes", "hunni", "persae"]
    assert sorted(p for p, r in m.peoples.items() if r.get("vassal_of") == "hunni") == ["gepidae", "ostrogothi"]
    assert m.peoples["gepidae"]["class"] == "minor" and m.peoples["ostrogothi"]["class"] == "major"


def test_minor_then_major(m):
    """L570-572: the Franci Salii start minor and turn major when their first table leader
    enters (Clodion, 430, L1657); the Burgondi likewise with Chipéric (437, L1662)."""
    assert m.peoples["franci-salii"]["major_from"] == 430
    assert m.peoples["burgondi"]["major_from"] == 437


def test_stacking_bans_name_known_ids(m):
    """L603-611."""
    known = {n["id"] for n in m.peoples_file["nationalities"]} | set(m.peoples)
    for ban in m.peoples_file["stacking_bans"]:
        for side in ("a", "b"):
            assert set(ban[side]) <= known, ban


def test_stacking_example(m):
    """L610-611: Franci, Visigothi, Hunni and Alani may stack; Persae may not stack with
    Visigothi or with Alani."""
    def tags(pid):
        return {pid, m.peoples[pid]["nationality"]}

    def banned(p, q):
        return any((tags(p) & set(b["a"]) and tags(q) & set(b["b"])) or (tags(q) & set(b["a"]) and tags(p) & set(b["b"]))
                   for b in m.peoples_file["stacking_bans"])

    together = ["franci-salii", "visigothi", "hunni", "alani"]
    assert not any(banned(p, q) for p in together for q in together)
    assert banned("persae", "visigothi") and banned("persae", "alani")
    assert banned("saxones", "picti") and banned("mauri", "hunni")


def test_no_django_under_the_ruleset():
    root = data.RULES_ROOT / "ultimus_romanorum"
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, path
