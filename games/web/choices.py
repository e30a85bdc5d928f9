"""A prompt's choices on the page (``Prompt.choices``, ``Ruleset.choices``): which are
picked in the typed text, and what a click on one writes into it.

The text notation stays the order set: a choice is picked when its line is in the text,
and picking one writes that line (``static/cursus/map.js`` does the same in the browser;
this module serves a browser without JavaScript and marks the choices of the page). Lines
are compared without case, comments or repeated spaces. Pure functions of the text and the
questions (their ``as_dict`` form)."""

from __future__ import annotations

import re

_SPACES = re.compile(r"\s+")


def norm(line: str) -> str:
    """A line as compared: no comment, lower case, single spaces."""
    return _SPACES.sub(" ", line.split("#", 1)[0]).strip().lower()


def _lines(text: str) -> list[str]:
    return [line for line in (text or "").splitlines()]


def _without(lines: list[str], drop: set[str]) -> list[str]:
    return [line for line in lines if norm(line) not in drop]


def apply(text: str, question: dict, choice: dict) -> str:
    """The text after a click on ``choice`` of ``question``.

    ``one``: its line replaces the line of any other answer to the question (a click on
    the picked answer of an optional question takes it back); ``many`` and ``ranked``: its
    line is added, or taken away when it is there (a ranked answer goes last);
    ``sequence``: its line is added at the end. A lone ``pass`` line goes when anything
    is written."""
    line = choice.get("text") or ""
    if not line:
        return text
    lines = _lines(text)
    present = {norm(x) for x in lines}
    mine = norm(line)
    mode = question.get("mode")
    if mode == "one":
        others = {norm(c.get("text") or "") for c in question.get("choices") or []}
        was = mine in present
        lines = _without(lines, others)
        if not (was and not question.get("min")):
            lines.append(line)
    elif mode in ("many", "ranked"):
        if mine in present:
            lines = _without(lines, {mine})
        else:
            lines.append(line)
    elif mode == "sequence":
        lines.append(line)
    else:
        return text
    kept = [x for x in lines if norm(x) != "pass" or len([y for y in lines if norm(y)]) == 1]
    return "\n".join(x for x in kept if x.strip()) + "\n"


def find(questions: list[dict], question_id: str, choice_id: str) -> tuple[dict, dict] | None:
    for q in questions:
        if q.get("id") == question_id:
            for c in q.get("choices") or []:
                if c.get("id") == choice_id:
                    return q, c
    return None


def annotate(questions: list[dict], text: str) -> list[dict]:
    """The questions with each choice's ``picked`` (its line is in the text) and, for a
    ranked question, its ``rank`` (1 for the first line written)."""
    written = [norm(x) for x in _lines(text) if norm(x)]
    out = []
    for q in questions:
        q = dict(q)
        choices = []
        for c in q.get("choices") or []:
            c = dict(c)
            line = norm(c.get("text") or "")
            c["picked"] = bool(line) and line in written and q.get("mode") != "sequence"
            if c["picked"] and q.get("mode") == "ranked":
                ranked = [x for x in written if x in {norm(y.get("text") or "") for y in q.get("choices") or []}]
                c["rank"] = ranked.index(line) + 1
            choices.append(c)
        q["choices"] = choices
        q["answered"] = any(c["picked"] for c in choices)
        q["groups"] = groups(choices)
        out.append(q)
    return out


def groups(choices: list[dict]) -> list[dict]:
    """The choices under their ``group`` (``Choice.group``), groups in the order they first
    come: ``[{"label": message or None, "choices": [...]}]``; one group without a label
    when none has one."""
    out: list[dict] = []
    for c in choices:
        label = c.get("group")
        if not out or out[-1]["label"] != label:
            out.append({"label": label, "choices": []})
        out[-1]["choices"].append(c)
    return out
