"""rules/kings_of_rome/DECISIONS.md against the digest (shared/digests/kings-of-rome.md, §7):
every ambiguity the digest lists has an entry, in the digest's order; every module, function,
data file and data key an entry cites as where the engine implements it exists; every game
option an entry names exists in options.py, with the choices it names."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
import yaml

from rules.kings_of_rome import options

HERE = Path(__file__).resolve()
REPO = HERE.parents[3]
PACKAGE = REPO / "rules" / "kings_of_rome"
DECISIONS = PACKAGE / "DECISIONS.md"
_CANDIDATES = [parent / "shared" for parent in HERE.parents[3:6]]
SHARED = next((p for p in _CANDIDATES if (p / "digests" / "kings-of-rome.md").exists()), None)
needs_digest = pytest.mark.skipif(SHARED is None, reason="the digests are not beside the repository")

ENTRY = re.compile(r"^### (A-\d\d) — ", re.M)
TICKED = re.compile(r"`([^`]+)`")


def text() -> str:
    return DECISIONS.read_text(encoding="utf-8")


def digest_ids() -> list[str]:
    """The ids of the digest's §7 table, in its order."""
    digest = (SHARED / "digests" / "kings-of-rome.md").read_text(encoding="utf-8")
    section = digest.split("\n## 7.", 1)[1].split("\n## 8.", 1)[0]
    return re.findall(r"^\| (A-\d\d) \|", section, re.M)


def entries() -> dict[str, str]:
    """Each A- entry's text, up to the next heading."""
    body = text()
    out = {}
    for m in ENTRY.finditer(body):
        end = body.find("\n#", m.end())
        out[m.group(1)] = body[m.start(): end if end != -1 else len(body)]
    return out


def bullets(entry: str, label: str) -> list[str]:
    """The text of the entry's bullets starting ``* <label>:``, with their continuation lines."""
    out = []
    for m in re.finditer(rf"^\* {label}:(.*(?:\n  .*)*)", entry, re.M):
        out.append(m.group(1))
    return out


def other_decisions() -> str:
    body = text()
    return body.split("## Other decisions cited by the code (D-)", 1)[1].split("\n## ", 1)[0]


def check_citation(token: str) -> str | None:
    """None when the cited thing exists, else what is wrong."""
    if ":" in token:  # data/tables.yaml: key.path
        path, key = (part.strip() for part in token.split(":", 1))
        target = PACKAGE / path
        if not target.exists():
            return f"{token}: no file {path}"
        node = yaml.safe_load(target.read_text(encoding="utf-8"))
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                return f"{token}: no key {key} in {path}"
            node = node[part]
        return None
    if token.endswith((".py", ".yaml", ".md")) or "/" in token:
        for base in (PACKAGE, REPO / "tests" / "rules" / "kings_of_rome"):
            if (base / token).exists():
                return None
        return f"{token}: no such file"
    m = re.fullmatch(r"([a-z_]+)\.([A-Za-z_]\w*)", token)
    if not m:
        return None  # a value or an id quoted in the text, not a citation
    try:
        module = importlib.import_module(f"rules.kings_of_rome.{m.group(1)}")
    except ImportError:
        return f"{token}: no module rules.kings_of_rome.{m.group(1)}"
    if not hasattr(module, m.group(2)):
        return f"{token}: no {m.group(2)} in rules.kings_of_rome.{m.group(1)}"
    return None


@needs_digest
def test_the_digest_lists_62_ambiguities():
    ids = digest_ids()
    assert len(ids) == 62 and len(set(ids)) == 62, ids


@needs_digest
def test_every_ambiguity_of_the_digest_has_an_entry_in_its_order():
    wanted = digest_ids()
    have = ENTRY.findall(text())
    missing = [a for a in wanted if a not in have]
    assert not missing, f"no entry in DECISIONS.md for {missing}"
    assert [a for a in have if a in wanted] == wanted, "the entries are not in the digest's order"
    assert not [a for a in have if a not in wanted], "an entry for an id the digest does not list"


def test_each_entry_is_there_once_and_gives_a_question_a_decision_and_where():
    have = ENTRY.findall(text())
    assert have, "DECISIONS.md has no A- entry"
    assert len(have) == len(set(have)), "an ambiguity has two entries"
    for aid, entry in entries().items():
        assert bullets(entry, "Question"), f"{aid}: no question"
        assert "**Decision:**" in entry, f"{aid}: no decision"
        assert bullets(entry, "Engine"), f"{aid}: does not say where the engine does it (or that it does not)"


def test_every_cited_module_function_file_and_key_exists():
    problems = []
    cited = 0
    for aid, entry in entries().items():
        for bullet in bullets(entry, "Engine"):
            for token in TICKED.findall(bullet):
                cited += 1
                problem = check_citation(token)
                if problem:
                    problems.append(f"{aid}: {problem}")
    for token in TICKED.findall(other_decisions()):
        cited += 1
        problem = check_citation(token)
        if problem:
            problems.append(f"D-: {problem}")
    assert cited > 100
    assert not problems, problems


def test_every_option_named_exists_with_its_choices():
    specs = {o["id"]: o for o in options.OPTIONS}
    named = set()
    for aid, entry in entries().items():
        for bullet in bullets(entry, "Option"):
            tokens = TICKED.findall(bullet)
            if not tokens:
                assert re.search(r"\bnone\b|does not exist|would be a new option", bullet), f"{aid}: {bullet!r}"
                continue
            oid, choices = tokens[0], tokens[1:]
            assert oid in specs, f"{aid}: no option {oid!r} in options.py"
            for choice in choices:
                assert choice in [str(c) for c in specs[oid]["choices"]], f"{aid}: {oid} has no choice {choice!r}"
            assert str(specs[oid]["default"]) in choices, f"{aid}: the default of {oid} is not the one named"
            named.add(oid)
    # every reading option of options.py (all but the player count and the winner rule) is
    # tied to the decision it switches
    assert set(specs) - {"players", "winner"} <= named, set(specs) - {"players", "winner"} - named
