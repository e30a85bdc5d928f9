"""The engine's fast map indexes (rules/imperator/world.py) agree with the data helper's
validated map graph (rules/imperator/geography.py) on every question both can answer."""

from __future__ import annotations

import pytest

from rules import get_ruleset
from rules.imperator.geography import geography

SLUG = "semper-victor"


@pytest.fixture(scope="module")
def world():
    return get_ruleset(SLUG).world


@pytest.fixture(scope="module")
def geo():
    return geography(SLUG)


def test_zones_and_edges(world, geo):
    assert sorted(world.zones) == list(geo.zone_ids)
    for z in geo.zone_ids:
        assert world.neighbours(z) == geo.neighbours(z), z
        assert world.in_empire(z) == geo.in_empire(z), z
        assert world.empire_for_movement(z) == geo.counts_as_empire_for_movement(z), z
        assert world.diocese_of(z) == geo.diocese_of(z), z
        for n in geo.neighbours(z):
            assert world.step_cost(z, n) == geo.move_cost(z, n), (z, n)


def test_dioceses(world, geo):
    for d in geo.diocese_ids:
        assert sorted(world.diocese_zones[d]) == sorted(geo.diocese_zones(d))
        assert world.control_zones(d) == geo.control_zones(d), d


def test_peoples(world, geo):
    for p in geo.people_ids:
        for o in geo.people_origin_zones(p):
            assert world.people_of_zone(o) == p
        hops = world.hops_from_origin(p)
        for z in geo.zone_ids:
            assert hops.get(z) == geo.hops_from_origin(p, z), (p, z)


def test_seas_and_ports(world, geo):
    for s in geo.seas:
        assert world.sea_neighbours(s) == tuple(sorted(geo.sea_neighbours(s)))
        assert world.sea_coasts[s] == tuple(sorted(geo.coasts(s)))
        assert world.navigable(s) == geo.navigable(s)
    for pid in geo.port_ids:
        port = geo.port(pid)
        assert world.port_of_fleet(port.fleet)["zone"] == port.zone
