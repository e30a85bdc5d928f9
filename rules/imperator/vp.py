"""Victory points (SV 10): the one way a rule scores, with its event in the log."""

from __future__ import annotations

from rules.base import Event


def add_vp(state: dict, side: str, points: int, reason: str, events: list, **extra) -> None:
    """``points`` to ``side`` for ``reason`` (nothing for 0), logged as a ``vp`` event."""
    if not points:
        return
    state["vp"][side] += points
    events.append(Event("vp", {"side": side, "points": points, "reason": reason, "total": state["vp"][side], **extra}))
