"""The reconstruction choices made for balance (issue 18; data/NOTES.md, "Balance"): each
a value the rulebook leaves open, chosen from history, checked here so that a later edit
of the data has to face the reason."""

from __future__ import annotations

import pytest

from rules.imperator.geography import geography


@pytest.fixture(scope="module")
def geo():
    return geography("semper-victor")


def _peoples_next_to(geo, zone):
    return sorted(geo.zone(n).people for n in geo.neighbours(zone) if geo.zone(n).people)


def test_treveri_faces_the_franci_alone(geo):
    """L684 pins Franci -> Galliae 2 (Treveri) at 2 PM. Treveri's zone is Belgica I; Germania
    I, the Alamanni's and Burgondi's bank of the Rhine, is Galliae 3: no second major people
    stands one river away from the capital."""
    assert _peoples_next_to(geo, "galliae-2") == ["franci"]
    assert geo.zone("galliae-2").provinces == "Belgica I"
    assert "Germania I" in geo.zone("galliae-3").provinces


def test_alamanni_and_burgondi_still_enter_through_galliae(geo):
    """L525: the Alamanni enter the Empire through Galliae; the Burgondi (band Galliae) too."""
    for people in ("alamanni", "burgondi"):
        entries = [n for n in geo.neighbours(people) if geo.diocese_of(n) == "galliae"]
        assert entries == ["galliae-3"], people
    assert geo.move_cost("alamanni", "galliae-3") == 2  # the Rhenus
    assert geo.cheapest_cost("alamanni", "galliae-2") == 3  # one SMC with 3 PM, no longer 2


def test_every_capital_has_at_most_one_major_people_next_to_it(geo):
    majors = {"pictes", "franci", "alamanni", "visigothi", "persae"}
    for capital, zone in geo.capitals().items():
        assert len(set(_peoples_next_to(geo, zone)) & majors) <= 1, capital
