"""The game state (a JSON dict) and the small helpers every phase uses.

State shape (see README.md): ``discs`` maps a province to ``"unrest"``, ``"revolt"`` or an
emperor id (his disc); ``armies`` is the sorted list of provinces holding a barbarian army;
``emperors[e]["at"]`` is a province or None (off the board); ``reserve`` counts the grey,
black discs and armies in the box; ``fleets`` counts fleets per sea zone.

During ``resolve`` the engine works on a deep copy through a :class:`Table` (the table the
game is played on): it owns the events and the dice, so a rule is a function of the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.base import Event
from rules.tetrarchia.data import EMPEROR_ORDER, Board, board, tables
from rules.tetrarchia.narration import narrate

UNREST, REVOLT = "unrest", "revolt"
ROMAN_DIE, NORMAL_DIE = "roman", "normal"


class GameEnds(Exception):
    """Raised the moment an end condition is met (L384-390: the game ends at once)."""

    def __init__(self, result: str, reason: str, **data):
        super().__init__(reason)
        self.result, self.reason, self.data = result, reason, data


@dataclass
class Table:
    st: dict
    dice: object = None
    events: list = field(default_factory=list)
    board: Board = field(default_factory=board)

    @property
    def tab(self) -> dict:
        return tables()

    @property
    def opts(self) -> dict:
        return self.st["options"]

    def emit(self, type_: str, **data) -> None:
        message = narrate(type_, data)
        if message is not None:
            data["message"] = message
        self.events.append(Event(type_, data))

    def roll(self, die: str, purpose: str) -> int:
        """A d6: the Roman die (I-VI) or the normal die (1-6), logged as an event."""
        value = self.dice.d6(f"{die}:{purpose}")
        self.emit("die", die=die, value=value, purpose=purpose)
        return value


# -- reading the board ---------------------------------------------------------------------


def disc_at(st: dict, pid: str) -> str | None:
    return st["discs"].get(pid)


def emperor_at(st: dict, pid: str) -> str | None:
    for e in EMPEROR_ORDER:
        if st["emperors"][e]["at"] == pid:
            return e
    return None


def emperors_at(st: dict, pid: str) -> list[str]:
    return [e for e in EMPEROR_ORDER if st["emperors"][e]["at"] == pid]


def army_at(st: dict, pid: str) -> bool:
    return pid in st["armies"]


def on_board(st: dict, emperor: str) -> bool:
    return st["emperors"][emperor]["at"] is not None


def drawn_disc_shows(st: dict, pid: str, brd: Board) -> bool:
    """A capital's drawn disc (or ROMA's joker) counts only while no disc covers it (L248-254)."""
    p = brd.province(pid)
    return (p.capital is not None or p.rome) and pid not in st["discs"]


def protected(st: dict, pid: str, brd: Board) -> bool:
    """An emperor disc, or an uncovered drawn one, protects against Unrest (L204-207, L311)."""
    d = disc_at(st, pid)
    return d in EMPEROR_ORDER or (d is None and drawn_disc_shows(st, pid, brd))


def counts_for(st: dict, pid: str, colours: tuple[str, ...], brd: Board) -> bool:
    """Does this province show a disc of one of these colours (for a support chain)?"""
    d = disc_at(st, pid)
    if d is not None:
        return d in colours
    p = brd.province(pid)
    return p.rome or (p.capital is not None and p.capital in colours)


def frontier_protected(st: dict, pid: str) -> bool:
    return disc_at(st, pid) in EMPEROR_ORDER


def protected_frontiers(st: dict, brd: Board) -> list[str]:
    return [f for f in brd.frontier_ids() if frontier_protected(st, f)]


def region_has_revolt(st: dict, region: str, brd: Board) -> bool:
    return any(disc_at(st, p) == REVOLT for p in brd.region_provinces(region))


def next_emperor(emperor: str) -> str:
    return EMPEROR_ORDER[(EMPEROR_ORDER.index(emperor) + 1) % 4]


def controller(st: dict, emperor: str) -> str:
    """The role that gives this emperor's orders (L93-101)."""
    for role in sorted(st["roles"]):
        if emperor in st["roles"][role]:
            return role
    raise KeyError(emperor)


# -- changing the board --------------------------------------------------------------------


def take_from_reserve(t: Table, kind: str, pid: str) -> None:
    """Take a grey or black disc from the box; an empty box loses the game (L386-388)."""
    if t.st["reserve"][kind] <= 0:
        raise GameEnds("defeat", f"no_{kind}_disc", province=pid)
    t.st["reserve"][kind] -= 1


def lift_disc(t: Table, pid: str) -> str | None:
    """Remove whatever disc lies here and give it back: grey and black discs to the box,
    an emperor disc to its owner (FAQ L753-755)."""
    d = t.st["discs"].pop(pid, None)
    if d in (UNREST, REVOLT):
        t.st["reserve"][d] += 1
    elif d is not None:
        t.st["emperors"][d]["discs"] += 1
    return d


def put_disc(t: Table, pid: str, kind: str) -> None:
    """Place a grey or black disc, replacing what lies there (a disc that changes is replaced,
    FAQ L747-749). The new disc is taken first: if the box is empty the game is lost."""
    current = disc_at(t.st, pid)
    if current == kind:
        return
    take_from_reserve(t, kind, pid)
    lift_disc(t, pid)
    t.st["discs"][pid] = kind


def remove_army(t: Table, pid: str) -> None:
    t.st["armies"] = sorted(a for a in t.st["armies"] if a != pid)
    t.st["reserve"]["armies"] += 1


def place_army(t: Table, pid: str) -> None:
    t.st["reserve"]["armies"] -= 1
    t.st["armies"] = sorted(t.st["armies"] + [pid])


def move_army(t: Table, src: str, dst: str) -> None:
    t.st["armies"] = sorted([a for a in t.st["armies"] if a != src] + [dst])


def remove_emperor(t: Table, emperor: str, why: str) -> None:
    at = t.st["emperors"][emperor]["at"]
    t.st["emperors"][emperor]["at"] = None
    t.emit("emperor_leaves", emperor=emperor, province=at, why=why)


def check_victory(t: Table) -> None:
    """All six frontiers protected: Roma Victrix (L384-385)."""
    if len(protected_frontiers(t.st, t.board)) == 6:
        raise GameEnds("victory", "six_frontiers")
