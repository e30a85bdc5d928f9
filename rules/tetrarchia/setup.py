"""Setting up (*préparation*, L106-147): the level, the threats drawn by the dice, then the
fleets (a first prompt: placed where the players choose) and the emperors, who start off
the board and enter at Rome or their capital on their first turn."""

from __future__ import annotations

from rules.tetrarchia.data import EMPEROR_ORDER, board, tables
from rules.tetrarchia.levels import parse_level
from rules.tetrarchia.options import normalise, seats
from rules.tetrarchia.state import NORMAL_DIE, REVOLT, ROMAN_DIE, Table, army_at, disc_at, place_army, put_disc

VERSION = "0.1.0"
SCENARIO = "293"


def empty_state(options: dict) -> dict:
    opts = normalise(options)
    level = parse_level(opts["level"])
    supply = tables()["supply"]
    return {
        "ruleset": "tetrarchia",
        "version": VERSION,
        "scenario": SCENARIO,
        "options": opts,
        "level": level,
        "roles": seats(opts["players"], opts["shared_caesar"]),
        "discs": {},
        "armies": [],
        "reserve": {"unrest": supply["unrest"], "revolt": supply["revolt"], "armies": supply["armies"]},
        "fleets": {z: 0 for z in sorted(board().seas)},
        "emperors": {e: {"at": None, "discs": level["discs"], "retired": 0, "glory": 0} for e in EMPEROR_ORDER},
        "standing": {},
        "pi_next": {},
        "phase": "fleets",
        "round": 1,
        "turns_played": 0,
        "turn": None,
        "result": None,
    }


def occupied(st: dict, pid: str) -> bool:
    return disc_at(st, pid) is not None or army_at(st, pid)


def place_threats(t: Table) -> None:
    """L110-119: a Revolt disc in each outer region on a normal die above 1; then each
    additional revolt on the two dice and each initial army on the Roman die, rerolling a
    province already occupied."""
    st, brd = t.st, t.board
    above = t.tab["setup_revolt_above"]
    for region_number in range(1, 7):
        number = t.roll(NORMAL_DIE, "setup-revolt")
        while number <= above:
            number = t.roll(NORMAL_DIE, "setup-revolt")
        pid = brd.at_coordinates(region_number, number)
        put_disc(t, pid, REVOLT)
        t.emit("setup_revolt", province=pid)
    for _ in range(st["level"]["revolts"]):
        while True:
            pid = brd.at_coordinates(t.roll(ROMAN_DIE, "setup-extra-revolt"), t.roll(NORMAL_DIE, "setup-extra-revolt"))
            if not occupied(st, pid):
                break
        put_disc(t, pid, REVOLT)
        t.emit("setup_revolt", province=pid, additional=True)
    for _ in range(st["level"]["armies"]):
        while True:
            frontier = brd.frontier_of(brd.region_by_number(t.roll(ROMAN_DIE, "setup-army")))
            if not occupied(st, frontier):
                break
        place_army(t, frontier)
        t.emit("setup_army", province=frontier)


def setup(options: dict, dice) -> dict:
    return setup_with_events(options, dice)[0]


def setup_with_events(options: dict, dice) -> tuple[dict, list]:
    """The opening position and its events: the dice and where each opening Revolt disc
    and army went (L110-119), for the log."""
    t = Table(empty_state(options), dice)
    place_threats(t)
    return t.st, t.events


def default_fleet_zones(count: int) -> list[str]:
    """Spread the fleets: the centre first, then the two ends."""
    return ["internum", "atlanticum", "aegaeum"][:count] if count != 2 else ["atlanticum", "aegaeum"]
