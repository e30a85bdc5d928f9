"""The events table of phase D (SV 2.D step 3, TABLES L948-975; UR 2.D, L1470-1548): 1d6 +
1d10 gives 1-15, and the event's effect lasts the rest of the year. Each title has its own
table (``world.title.event_table``: number -> English name, French name, effect); the
effects several tables share are here.

What an event leaves behind for the year lives in ``state["year_event"]``::

    {"year", "number", "name", "pinned": [piece ids that may not move],
     "sick": [Augusti who die if a lost battle drives them out, their BT ignored],
     "forced": {leader: capital zone he must reach (event 6)},
     "capitals": [capital zones of event 11], "extra_smc": bool (event 10)}

It is cleared in phase F. Everything here is a small function over the working state.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator.places import capital_zones, path_costs

GERMANIC = "germanic"


# -- reading the year's event --------------------------------------------------------------------
def current(state: dict) -> dict:
    ev = state.get("year_event") or {}
    return ev if ev.get("year") == state.get("year") else {}


def number(state: dict) -> int | None:
    return current(state).get("number")


def pm_malus(state: dict) -> int:
    """Event 2 (L955): every leader and unit has 1 PM less all year."""
    return 1 if number(state) == 2 else 0


def is_pinned(state: dict, pid: str) -> bool:
    """Events 1, 4, 6 and 11: the piece may not move of its own will this year."""
    ev = current(state)
    return pid in (ev.get("pinned") or ()) or pid in (ev.get("forced") or {})


def is_sick(state: dict, pid: str) -> bool:
    """Event 4 (and 1 for an Augustus in Rome): driven out by a lost battle, he dies;
    his BT does not count (L957, A76)."""
    return pid in (current(state).get("sick") or ())


def seas_closed(state: dict) -> bool:
    """Event 9 (L962): no naval move all year."""
    return number(state) == 9


# -- rolling and applying the event (D3) ------------------------------------------------------------
def roll_event(world, state: dict, dice, events: list) -> int:
    """SV 2.D (L142), UR 2.D (L175-176): one player rolls 1d6 + 1d10 (the d10 reads 0-9),
    1-15, and the title's table says what follows."""
    d6 = dice.d6("event d6")
    d10 = dice.d10("event d10")
    n = d6 + d10
    en, fr, apply = world.title.event_table[n]
    state["year_event"] = {"year": state["year"], "number": n, "name": en,
                           "pinned": [], "sick": [], "forced": {}, "capitals": [], "extra_smc": False}
    data = {"number": n, "name": {"en": en, "fr": fr}, "d6": d6, "d10": d10}
    apply(world, state, dice, data)
    events.append(Event("event", data))
    return n


def nothing(world, state, dice, data) -> None:
    """An event that only changes rules read later in the year."""


def harsh_winter(world, state, dice, data) -> None:
    """Event 7 (SV L960, UR L1510-1511; A23, UR A6): one SMC fewer; the split is made again."""
    total = max(0, state["smc"]["total"] - 1)
    _resplit(state, total)
    data["smc"] = {"total": total, "split": dict(state["smc"]["left"])}


def divine_peace(world, state, dice, data) -> None:
    """Event 8 (SV L961, UR L1512-1513): two SMC, one each, the initiative player first."""
    state["smc"]["total"] = 2
    state["smc"]["left"] = {side: 1 for side in st.sides(state)}
    data["smc"] = {"total": 2, "split": dict(state["smc"]["left"])}


def extra_smc(world, state, dice, data) -> None:
    """Event 10 (SV L963, UR L1519-1521; A23): the second side plays one more SMC once all
    the others are over."""
    state["year_event"]["extra_smc"] = True


def popular_anger(world, state, dice, data) -> None:
    """Event 11 (SV L964, UR L1522-1530; A21): 1d10, 0 every capital, even the west half, odd the east half;
    the pieces in those capital zones stay there all year."""
    d = dice.d10("event 11 capitals")
    half = None if d == 0 else ("west" if d % 2 == 0 else "east")
    zones = [z for z in capital_zones(world, state)
             if half is None or world.dioceses.get(world.diocese_of(z), {}).get("half") == half]
    pinned = [pid for z in zones for pid in st.pieces_in(state, z)]
    state["year_event"]["capitals"] = zones
    state["year_event"]["pinned"].extend(pinned)
    data.update(roll=d, half=half or "all", capitals=zones, pinned=sorted(pinned))


def weaken_dioceses(world, state: dict, dioceses, data) -> None:
    """SV event 13 (L966; A22), UR events 1 and 13 (L1481-1486, L1533-1536): every combat unit
    in these dioceses weakened; those already weakened leave play for the year (eliminated
    without PV, back through 9.3 / 9.4)."""
    weakened, removed = [], []
    for d in dioceses:
        for z in world.diocese_zones.get(d, ()):
            for pid in st.pieces_in(state, z):
                piece = state["pieces"][pid]
                if piece["kind"] != "unit":
                    continue
                if piece["weakened"]:
                    piece.update(eliminated=True, eliminated_year=state["year"], zone=None, aboard=None)
                    removed.append(pid)
                else:
                    piece["weakened"] = True
                    weakened.append(pid)
    data.update(weakened=sorted(weakened), removed=sorted(removed))


def _resplit(state: dict, total: int) -> None:
    half = total // 2
    left = {side: half for side in st.sides(state)}
    if total % 2:
        left[state["initiative"]] += 1
    state["smc"]["total"] = total
    state["smc"]["left"] = left


# -- helpers -------------------------------------------------------------------------------------------
def is_germanic(world, state: dict, pid: str) -> bool:
    people = st.people_of(world, state, pid)
    return bool(people) and world.peoples.get(people, {}).get("nationality") == GERMANIC


def nearest_friendly_capital(world, state: dict, lid: str, controls) -> str | None:
    """A75: the imperial capital its side controls (``controls(zone, side)``, the title's
    rule) nearest by path to the leader."""
    piece = state["pieces"][lid]
    costs = path_costs(world, piece["zone"])
    mine = [z for z in capital_zones(world, state) if controls(z, piece["side"])]
    mine = [z for z in mine if z in costs]
    return min(mine, key=lambda z: (costs[z], z)) if mine else None


def forced_march(world, state: dict, side: str, events: list) -> None:
    """Event 6 (A75): at the start of each of his side's SMCs an Augustus not yet in his
    capital goes towards it alone by the cheapest route, spending all his PM; once there he
    stays. A leader caught alone on the way is handled by the SMC (7.1)."""
    ev = current(state)
    for lid, target in sorted((ev.get("forced") or {}).items()):
        piece = state["pieces"].get(lid, {})
        if piece.get("side") != side or not st.on_map(piece) or piece["zone"] == target:
            continue
        costs = path_costs(world, target)
        pm = st.leader_def(world, state, lid)["pm"]
        zone, spent, path = piece["zone"], 0, [piece["zone"]]
        while zone != target:
            step = min((n for n in world.neighbours(zone) if n in costs),
                       key=lambda n: (costs[n] + world.step_cost(zone, n), n), default=None)
            if step is None or spent + world.step_cost(zone, step) > pm:
                break
            spent += world.step_cost(zone, step)
            zone = step
            path.append(zone)
        if len(path) > 1:
            piece["zone"] = zone
            events.append(Event("forced_march", {"leader": lid, "path": path, "target": target}))
