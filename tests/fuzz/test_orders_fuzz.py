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
