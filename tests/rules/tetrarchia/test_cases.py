"""The Tetrarchia adjudicator cases (``rules/tetrarchia/cases/*.yaml``) through the
project's generic runner ``rules.cases``."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.cases import load_cases, run_case

CASES = Path(__file__).resolve().parents[3] / "rules" / "tetrarchia" / "cases"
ALL = load_cases([CASES])


def test_the_suite_is_there():
    assert len(ALL) >= 100
    assert all(case["ruleset"] == "tetrarchia" for _path, case in ALL)
    ids = [case["id"] for _path, case in ALL]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("source,case", ALL, ids=[case["id"] for _p, case in ALL])
def test_case(source, case):
    result = run_case(case, str(source))
    assert result.passed, "\n".join(result.diffs)
