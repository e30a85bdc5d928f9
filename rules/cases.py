"""The adjudicator-case runner (``../shared/design/adjudicator-cases.md``): pure Python.

A case is a partial position, order sets (JSON or the text notation), loaded dice and what
must follow: events (a subsequence, each a subset match), values at dotted paths of
``view(state, None)``, validation error codes, and the prompts left open; and what must
*not* follow: events that must be absent (``absent_events``), and, inside any expected
value, an empty mapping (``{}`` matches only an empty mapping), ``{$exactly: value}`` (no
key more than listed, at any depth) and ``{$absent: true}`` (the key must not be there).
The format is ``docs/adjudicator-cases.md``. Cases live in
``rules/<slug>/cases/*.yaml``; ``python manage.py adjudicate_cases`` and the test suite run
them. ``python -m rules.cases [PATH ...]`` runs them without Django.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from rules import yamlfiles
from rules.dice import DiceExhausted, LoadedDice
from rules.registry import KNOWN_SLUGS, get_ruleset

RULES_ROOT = Path(__file__).resolve().parent


@dataclass
class CaseResult:
    id: str
    title: str
    source: str
    passed: bool
    diffs: list[str] = field(default_factory=list)


def case_files(paths=None) -> list[Path]:
    """Every case file under the given files or folders (all rulesets when none)."""
    if not paths:
        paths = [RULES_ROOT / slug.replace("-", "_") / "cases" for slug in KNOWN_SLUGS]
        paths = [p for p in paths if p.is_dir()]
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(p.glob("*.yaml")))
        elif p.exists():
            files.append(p)
        else:
            raise FileNotFoundError(f"no case file or folder {p}")
    return files


def load_cases(paths=None) -> list[tuple[Path, dict]]:
    out = []
    for path in case_files(paths):
        with open(path, encoding="utf-8") as fh:
            raw = yamlfiles.safe_load(fh) or []
        for case in raw if isinstance(raw, list) else [raw]:
            case.setdefault("ruleset", _slug_of(path))
            out.append((path, case))
    return out


def _slug_of(path: Path) -> str:
    for parent in path.resolve().parents:
        if parent.parent == RULES_ROOT:
            return parent.name.replace("_", "-")
    return "semper-victor"


def run_case(case: dict, source: str = "") -> CaseResult:
    result = CaseResult(case.get("id", "?"), case.get("title", ""), source, True)
    diffs = result.diffs
    try:
        _run(case, diffs)
    except DiceExhausted as exc:
        diffs.append(f"case error: {exc}")
    except Exception as exc:  # noqa: BLE001 - a case reports the crash as its failure
        import traceback

        diffs.append("crash: " + "".join(traceback.format_exception(exc)).strip())
    result.passed = not diffs
    return result


def _run(case: dict, diffs: list[str]) -> None:
    ruleset = get_ruleset(case["ruleset"])
    position = dict(case.get("position") or {})
    if "scenario" in case and "scenario" not in position:
        position["scenario"] = case["scenario"]
    state = ruleset.load_position(position)
    dice = LoadedDice(case.get("dice") or [])
    expect = case.get("expect") or {}
    steps = case.get("steps") or [{"orders": case.get("orders") or {}}]
    events = []
    codes: list[str] = []
    for step in steps:
        submissions = {}
        step_codes = []
        for role in ruleset.roles(state.get("scenario", ""), state.get("options", {})):
            orders = (step.get("orders") or {}).get(role)
            if orders is None:
                continue
            if isinstance(orders, str):
                orders, problems = ruleset.parse_orders(orders, state, role)
            else:
                problems = ruleset.validate(state, role, orders)
            step_codes.extend(p.code for p in problems)
            submissions[role] = orders
        codes.extend(step_codes)
        if step_codes:
            if "errors" not in expect:
                diffs.append(f"unexpected order errors: {step_codes}")
            break
        state, new_events = ruleset.resolve(state, submissions, dice)
        events.extend(e.as_dict() for e in new_events)
    if "errors" in expect and list(expect["errors"]) != codes:
        diffs.append(f"errors: expected {list(expect['errors'])}, got {codes}")
    if expect.get("events"):
        _match_events(expect["events"], events, diffs)
    for unwanted in expect.get("absent_events") or []:
        _absent_event(unwanted, events, diffs)
    view = ruleset.view(state, None)
    for path, wanted in (expect.get("state") or {}).items():
        got = _dig(view, path)
        if not (_matches(wanted, got) if _is_marker(wanted) else got == wanted):
            diffs.append(f"state {path}: expected {wanted!r}, got {got!r}")
    if "prompts" in expect:
        got = [p.as_dict() for p in ruleset.prompts(state)]
        wanted = expect["prompts"] or []
        if len(got) != len(wanted) or not all(_subset(w, g) for w, g in zip(wanted, got)):
            diffs.append(f"prompts: expected {wanted}, got {[{'role': p['role'], 'kind': p['kind'], 'options': p['options']} for p in got]}")
    if "outcome" in expect:
        outcome = ruleset.outcome(state)
        got = outcome.as_dict() if outcome else None
        if not _subset(expect["outcome"], got) if expect["outcome"] is not None else got is not None:
            diffs.append(f"outcome: expected {expect['outcome']}, got {got}")
    if dice.remaining and not expect.get("unused_dice_ok"):
        diffs.append(f"case error: {dice.remaining} loaded dice were not used")


def _match_events(wanted: list, events: list[dict], diffs: list[str]) -> None:
    """Each wanted event must match a later event than the previous one (subset match on
    ``type`` and ``data``)."""
    position = 0
    for w in wanted:
        w_type = w.get("type")
        w_data = {k: v for k, v in w.items() if k != "type"}
        for i in range(position, len(events)):
            e = events[i]
            if (w_type is None or e["type"] == w_type) and _keys_match(w_data, e["data"]):
                position = i + 1
                break
        else:
            nearby = [e for e in events if e["type"] == w_type]
            diffs.append(f"event not found (in order): {w}\n    events of that type: {nearby}")
            return


def _absent_event(unwanted: dict, events: list[dict], diffs: list[str]) -> None:
    """A negative expectation: no event may match ``unwanted`` (same matching as ``events``)."""
    w_type = unwanted.get("type")
    w_data = {k: v for k, v in unwanted.items() if k != "type"}
    found = [e for e in events if (w_type is None or e["type"] == w_type) and _keys_match(w_data, e["data"])]
    if found:
        diffs.append(f"event that must not happen: {unwanted}\n    happened: {found}")


EXACTLY, ABSENT = "$exactly", "$absent"


def _is_marker(wanted) -> bool:
    return isinstance(wanted, dict) and len(wanted) == 1 and (EXACTLY in wanted or ABSENT in wanted)


def _matches(wanted, got) -> bool:
    """A marker's verdict: ``{$exactly: v}`` is plain equality (no key more, at any depth)."""
    if EXACTLY in wanted:
        return got == wanted[EXACTLY]
    return got is None  # {$absent: true} at a state path: nothing there


def _keys_match(wanted: dict, got: dict) -> bool:
    """An event's expectation: the keys it lists (none listed: any event of the type)."""
    return not wanted or _subset(wanted, got)


def _subset(wanted, got) -> bool:
    """``wanted`` matches ``got``: a mapping checks only the keys it lists, except an empty
    mapping (only ``{}`` matches it: "nothing") and the markers ``{$exactly: v}`` (``got ==
    v``) and ``{$absent: true}`` (the key is not there); a list matches item by item."""
    if isinstance(wanted, dict):
        if _is_marker(wanted):
            return _matches(wanted, got)
        if not wanted:
            return got == {}
        if not isinstance(got, dict):
            return False
        for k, v in wanted.items():
            if isinstance(v, dict) and ABSENT in v and len(v) == 1:
                if v[ABSENT] and k in got:
                    return False
                continue
            if k not in got or not _subset(v, got[k]):
                return False
        return True
    if isinstance(wanted, list):
        return isinstance(got, list) and len(wanted) == len(got) and all(_subset(a, b) for a, b in zip(wanted, got))
    return wanted == got


def _dig(value, path: str):
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and part.lstrip("-").isdigit():
            index = int(part)
            value = value[index] if -len(value) <= index < len(value) else None
        else:
            return None
    return value


def run_all(paths=None, out=sys.stdout) -> tuple[int, int]:
    passed = failed = 0
    for source, case in load_cases(paths):
        result = run_case(case, str(source))
        if result.passed:
            passed += 1
            out.write(f"PASS {result.id} — {result.title}\n")
        else:
            failed += 1
            out.write(f"FAIL {result.id} — {result.title}\n")
            for d in result.diffs:
                out.write("    " + d.replace("\n", "\n    ") + "\n")
    out.write(f"{passed} passed, {failed} failed\n")
    return passed, failed


def main(argv=None) -> int:
    _, failed = run_all(argv or None)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
