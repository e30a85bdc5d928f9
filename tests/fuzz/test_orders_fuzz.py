"""Hypothesis fuzzing of order sets (JSON and text notation) against both engines: no
crash, and every refusal has a code, a path and a message in both languages. Small here;
``make soak`` runs the same properties with many more examples (bench/soak.py)."""

import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.fuzz import engine_orders as fz

EXAMPLES = int(os.environ.get("CURSUS_FUZZ_EXAMPLES", "25"))
fuzz = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("slug", fz.SLUGS)
@fuzz
@given(index=st.integers(0, 1000), orders=fz.json_values)
def test_arbitrary_json_never_crashes_and_every_refusal_has_a_code_and_a_path(slug, index, orders):
    fz.check_json_orders(slug, index, orders)


@pytest.mark.parametrize("slug", fz.SLUGS)
@fuzz
@given(index=st.integers(0, 1000), seed=st.integers(0, 2**32), damage=st.integers(0, 3))
def test_damaged_legal_orders_never_crash(slug, index, seed, damage):
    fz.check_json_orders(slug, index, fz.structured(slug, index, seed, damage))


@pytest.mark.parametrize("slug", fz.SLUGS)
@fuzz
@given(index=st.integers(0, 1000), text=st.text(max_size=200))
def test_arbitrary_text_never_crashes(slug, index, text):
    fz.check_text(slug, index, text)


@pytest.mark.parametrize("slug", fz.SLUGS)
@fuzz
@given(index=st.integers(0, 1000), seed=st.integers(0, 2**32), damage=st.integers(0, 3))
def test_garbled_notation_never_crashes(slug, index, seed, damage):
    fz.check_text(slug, index, fz.formatted_text(slug, index, seed, damage))


def test_a_line_of_commas_is_refused_not_a_crash():
    """Found by make soak: a line of bare commas crashed Tetrarchia's parser."""
    fz.check_text("tetrarchia", 0, ",")
    fz.check_text("tetrarchia", 0, "move,\n,,,\n")


# Type confusion from each ruleset's own order-set schemas, for every registered ruleset and
# every prompt kind it declares (issue 14: {"naval": [{"fleet": [1], "to": {}}]} was a 500).
SLUG_KINDS = fz.slug_kinds()


@pytest.mark.parametrize(("slug", "kind"), SLUG_KINDS)
@fuzz
@given(seed=st.integers(0, 2**32), damage=st.integers(1, 3))
def test_type_confused_orders_are_refused_by_shape_or_engine_never_a_crash(slug, kind, seed, damage):
    fz.check_kind(slug, kind, fz.confused(slug, kind, seed, damage))


@pytest.mark.parametrize(("slug", "kind"), SLUG_KINDS)
@fuzz
@given(seed=st.integers(0, 2**32))
def test_orders_of_the_right_shape_pass_the_shape_check_and_never_crash_the_engine(slug, kind, seed):
    from games.order_shapes import shape_errors
    from rules.registry import get_ruleset

    orders = fz.conforming(slug, kind, seed)
    assert shape_errors(get_ruleset(slug), kind, orders) == [], orders
    fz.check_kind(slug, kind, orders)


@pytest.mark.parametrize("orders", [
    {"moves": [], "naval": [{"fleet": [1], "to": {}}]},
    {"moves": [], "naval": [{"fleet": "x", "to": []}]},
    {"moves": [], "naval": [{"fleet": "x", "embark": [[]]}]},
    {"moves": [], "naval": [{"fleet": "x", "embark": [{}]}]},
    {"moves": [{"leaders": [[]], "path": ["x"]}]},
    {"moves": [{"leaders": [{}], "path": ["x"]}]},
    {"moves": [], "reactions": {"protectores": ["x"]}},
])
def test_the_reported_crashing_order_sets_are_refused_by_their_shape(orders):
    """The order sets of issue 14 that raised TypeError in the engine (a 500)."""
    from games.order_shapes import shape_errors
    from rules.registry import get_ruleset

    problems = shape_errors(get_ruleset("semper-victor"), "smc", orders)
    assert problems and all(p["code"] == "orders.wrong_type" for p in problems), problems


def test_an_evasion_group_naming_no_piece_is_refused_not_a_crash():
    """Found by make soak (right-shaped order sets, 300 examples a property): a leader id
    that is no piece made the evasion check raise KeyError instead of refusing it."""
    orders = {"evade": False, "groups": [{"leaders": ["soulevement-majeur-1#1"], "to": "thracia-3"},
                                          {"leaders": ["ruleset"], "to": "galliae-4", "units": ["severe"]},
                                          {"leaders": ["oriens-4"], "to": "co-heruli"}]}
    fz.check_kind("semper-victor", "evasion", orders)
