"""Support chains (*chaînes d'appui*, L229-233 and the FAQ example L655-713).

A chain is a group of provinces showing a counting disc, each linked to the next. A
figure takes the chain its own province belongs to; standing on a province that does not
count, it takes the largest chain among its neighbours: only one chain counts (L708-713).
Combat is not marked with the asterisk of the barbarian phase, so every link, broken or
not, joins a chain (DECISIONS.md D5: the FAQ says the numbers are the same in both phases,
L696-698).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.tetrarchia.data import Board, emperors
from rules.tetrarchia.state import REVOLT, counts_for, disc_at


def component(brd: Board, start: str, counts: Callable[[str], bool]) -> set[str]:
    seen, stack = {start}, [start]
    while stack:
        here = stack.pop()
        for nb in brd.neighbours(here):
            if nb not in seen and counts(nb):
                seen.add(nb)
                stack.append(nb)
    return seen


def chain_length(brd: Board, at: str, counts: Callable[[str], bool]) -> int:
    if counts(at):
        return len(component(brd, at, counts))
    return max((len(component(brd, nb, counts)) for nb in brd.neighbours(at) if counts(nb)), default=0)


def support_colours(emperor: str, diarchia: bool) -> tuple[str, ...]:
    """His own colour; under DIARCHIA his Augustus/Caesar partner's too (L445-448)."""
    if diarchia:
        return tuple(sorted((emperor, emperors()[emperor].partner)))
    return (emperor,)


def imperial_support(st: dict, brd: Board, emperor: str, at: str) -> int:
    colours = support_colours(emperor, st["options"].get("diarchia", False))
    return chain_length(brd, at, lambda p: counts_for(st, p, colours, brd))


def barbarian_support(st: dict, brd: Board, at: str) -> int:
    return chain_length(brd, at, lambda p: disc_at(st, p) == REVOLT)


def emperors_connected(st: dict, brd: Board, at: str, besides: str | None) -> int:
    """Emperors on the board linked directly to ``at`` (L260-261), ``besides`` excluded."""
    return sum(1 for nb in brd.neighbours(at)
               for e, v in sorted(st["emperors"].items()) if v["at"] == nb and e != besides)


def armies_connected(st: dict, brd: Board, at: str, besides: str | None) -> int:
    """Barbarian armies linked directly to ``at`` (L263-264), the one at ``besides`` excluded."""
    return sum(1 for nb in brd.neighbours(at) if nb in st["armies"] and nb != besides)
