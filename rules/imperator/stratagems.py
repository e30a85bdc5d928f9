"""Stratagem counters: the bowl, the draw of phase A and the hands (SV 2.A, 6; L113-114,
L575-579). Playing them is ``plays.py``; here the counters circulate so that hands,
hidden information and the hand limit work.

The mix in the bowl is not in the text: ``rules/<title>/stratagems.yaml`` holds a
reconstructed one, and the option ``stratagem_mix`` chooses it or one counter of each type.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rules import yamlfiles
from rules.base import Event
from rules.imperator.plugin import title_of

HAND_LIMIT = 5  # SV 6, L579


@lru_cache(maxsize=None)
def stratagem_types(path: str) -> tuple[dict, ...]:
    with open(path, encoding="utf-8") as fh:
        raw = yamlfiles.safe_load(fh)
    return tuple(raw["stratagems"])


def build_bowl(path: Path, mix: str) -> list[str]:
    """Counter ids in the bowl at the start: ``type`` or ``type#n`` for the n-th copy."""
    bowl = []
    for t in stratagem_types(str(path)):
        count = 1 if mix == "one_each" else int(t.get("count", 1))
        for n in range(1, count + 1):
            bowl.append(t["id"] if count == 1 else f"{t['id']}#{n}")
    return sorted(bowl)


def counter_type(counter: str) -> str:
    return counter.split("#", 1)[0]


def stratagem_file(slug: str) -> Path:
    return Path(__file__).resolve().parents[1] / slug.replace("-", "_") / "stratagems.yaml"


def _types_by_id(state: dict) -> dict:
    return _types_for_slug(state.get("ruleset", ""))


@lru_cache(maxsize=None)
def _types_for_slug(slug: str) -> dict:
    path = stratagem_file(slug)
    return {t["id"]: t for t in stratagem_types(str(path))} if path.exists() else {}


def in_bowl_now(state: dict, counter: str) -> bool:
    """Persécution leaves the bowl from 340 (L655); Hérésie waits for the turn after
    Constantin's death (L657)."""
    t = _types_by_id(state).get(counter_type(counter), {})
    if t.get("until") and state["year"] > t["until"]:
        return False
    if t.get("after_death_of"):  # Hérésie: from the turn after Constantin's death (L657)
        died = state["pieces"].get(t["after_death_of"], {}).get("died")
        return died is not None and died < state["year"]
    return True


def draw_stratagems(state: dict, dice, events: list) -> None:
    """Each player draws one counter at random, initiative order not mattering (SV 2.A)."""
    hidden = state["hidden"]
    for side in title_of(state).sides:
        available = sorted(c for c in hidden["bowl"] if in_bowl_now(state, c))
        if not available:
            continue
        counter = dice.pick(available, f"stratagem {side}")
        hidden["bowl"].remove(counter)
        hidden["hands"][side].append(counter)
        events.append(Event("stratagem_drawn", {"side": side, "hand_size": len(hidden["hands"][side])}))
        events.append(Event("stratagem_drawn_private", {"side": side, "stratagem": counter}, visible_to=(side,)))


def stratagems_at_phase_f(state: dict, events: list) -> None:
    """F5 (L172, L577-579): counters a side cannot use go back to the bowl; at most 5 kept.
    The holder's choice of discards is open; here the oldest go first."""
    hidden = state["hidden"]
    types = _types_by_id(state)
    for side in title_of(state).sides:
        hand = hidden["hands"][side]
        keep, back = [], []
        for c in hand:
            owner = types.get(counter_type(c), {}).get("side", "mixed")
            (back if owner not in ("mixed", side) else keep).append(c)
        while len(keep) > HAND_LIMIT:
            back.append(keep.pop(0))
        hidden["hands"][side] = keep
        hidden["bowl"] = sorted(hidden["bowl"] + back)
        if back:
            events.append(Event("stratagems_returned", {"side": side, "count": len(back)}))
