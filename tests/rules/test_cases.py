"""Every adjudicator case of every ruleset (rules/<slug>/cases/*.yaml), one test per case."""

from __future__ import annotations

import pytest

from rules.cases import load_cases, run_case

CASES = load_cases()


def test_there_are_cases():
    assert len(CASES) >= 100


def test_case_ids_are_unique():
    ids = [case["id"] for _, case in CASES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("source,case", CASES, ids=[case["id"] for _, case in CASES])
def test_case(source, case):
    result = run_case(case, str(source))
    assert result.passed, f"{result.id} — {result.title}\n" + "\n".join(result.diffs)
