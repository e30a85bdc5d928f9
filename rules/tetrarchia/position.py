"""A full state from an adjudicator case's partial position (no setup is run).

    options: {players: 1, imperivm: true, ...}   # level: "4211" by default
    phase: roman              # roman (default) | barbarian | fleets
    active: maximian          # whose turn it is (default diocletian)
    pi: 6                     # PI left this turn (default 6)
    emperors: {maximian: germania-superior, constantius: {at: aquitania, discs: 2, glory: 1}}
    discs: {narbonensis: revolt, lugdunensis: constantius, etruria: maximian}
    armies: [narbonensis]
    fleets: {internum: 1}
    reserve: {unrest: 21, revolt: 14, armies: 2}   # default: the box minus what is on the board
    standing: {constantius: {block: true}}
    pi_next: {galerius: -1}

An emperor's disc supply defaults to the level's count minus his discs on the board.
"""

from __future__ import annotations

from rules.tetrarchia.data import EMPEROR_ORDER, board, tables
from rules.tetrarchia.setup import empty_state
from rules.tetrarchia.state import REVOLT, UNREST
from rules.tetrarchia.turns import start_turn


class PositionError(ValueError):
    pass


def load_position(position: dict) -> dict:
    brd = board()
    options = dict(position.get("options") or {})
    if "level" in position:
        options["level"] = str(position["level"])
    st = empty_state(options)
    for pid, kind in sorted((position.get("discs") or {}).items()):
        if pid not in brd.provinces:
            raise PositionError(f"unknown province {pid!r}")
        if kind not in (UNREST, REVOLT) and kind not in EMPEROR_ORDER:
            raise PositionError(f"{pid}: a disc is unrest, revolt or an emperor id, not {kind!r}")
        st["discs"][pid] = kind
    armies = sorted(position.get("armies") or [])
    for pid in armies:
        if pid not in brd.provinces:
            raise PositionError(f"unknown province {pid!r}")
    st["armies"] = armies
    supply = tables()["supply"]
    on_board = {k: sum(1 for d in st["discs"].values() if d == k) for k in (UNREST, REVOLT)}
    st["reserve"] = {"unrest": supply["unrest"] - on_board[UNREST], "revolt": supply["revolt"] - on_board[REVOLT],
                     "armies": supply["armies"] - len(armies)}
    st["reserve"].update(position.get("reserve") or {})
    for zone in sorted(st["fleets"]):
        st["fleets"][zone] = int((position.get("fleets") or {}).get(zone, 0))
    for e in EMPEROR_ORDER:
        placed = sum(1 for d in st["discs"].values() if d == e)
        st["emperors"][e]["discs"] = max(0, st["level"]["discs"] - placed)
    for e, spec in sorted((position.get("emperors") or {}).items()):
        if e not in EMPEROR_ORDER:
            raise PositionError(f"unknown emperor {e!r}")
        if not isinstance(spec, dict):
            spec = {"at": spec}
        if spec.get("at") is not None and spec["at"] not in brd.provinces:
            raise PositionError(f"{e}: unknown province {spec['at']!r}")
        st["emperors"][e].update(spec)
    st["standing"] = dict(position.get("standing") or {})
    st["pi_next"] = dict(position.get("pi_next") or {})
    phase = position.get("phase", "roman")
    if phase == "fleets":
        return st
    start_turn(st, position.get("active", EMPEROR_ORDER[0]))
    if "pi" in position:
        st["turn"]["pi"] = int(position["pi"])
    st["turn"].update(position.get("turn") or {})
    st["phase"] = phase
    st["round"] = int(position.get("round", 1))
    return st
