"""The Kings of Rome adjudicator cases (rules/kings_of_rome/cases, issue 23 item 7) keep their
shape: at least 200 cases, each citing its section and rulebook lines, every IP source of the
rules (the reasons an ``ip`` event can carry, T14 of the digest) expected by some case, and
rules that forbid something checked by error codes or by events that must not happen. The
cases themselves run in tests/rules/test_cases.py."""

from __future__ import annotations

import re
from pathlib import Path

from rules.cases import load_cases
from rules.kings_of_rome.narration import REASONS

FOLDER = Path(__file__).resolve().parents[3] / "rules" / "kings_of_rome" / "cases"
CASES = [case for _, case in load_cases([FOLDER])]


def test_at_least_two_hundred_cases():
    assert len(CASES) >= 200
    assert all(case["ruleset"] == "kings-of-rome" for case in CASES)


def test_every_case_cites_section_and_lines():
    missing = [case["id"] for case in CASES
               if not re.search(r"L\d+", case.get("ref", "")) or not re.search(r"§\d|T\d", case.get("ref", ""))]
    assert missing == []


def test_every_ip_source_has_a_case():
    seen = {e["reason"] for case in CASES for e in (case.get("expect") or {}).get("events") or []
            if e.get("type") == "ip" and "reason" in e}
    assert sorted(set(REASONS) - seen) == []


def test_negative_cases_are_many():
    negative = [case for case in CASES if (case.get("expect") or {}).get("errors")
                or (case.get("expect") or {}).get("absent_events")]
    assert len(negative) >= 60
