"""The events table of phase D (SV 2.D step 3, TABLES L948-975): 1d6 + 1d10 gives 1-15,
and the event's effect lasts the rest of the year.

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
from rules.imperator.peoples import pacify, set_at_war
from rules.imperator.places import capital_zones, path_costs

#: English and French names of the fifteen events (our wording; SV L954-971).
EVENT_NAMES = {
    1: ("Unhealthiness in Rome", "Insalubrité à Rome"),
    2: ("Disastrous weather", "Année au climat désastreux"),
    3: ("Roman discouragement", "Découragement romain"),
    4: ("The Primus Augustus falls ill", "Maladie du Primus Augustus"),
    5: ("Germanic warlike vigour", "Vigueur guerrière germanique"),
    6: ("Political unrest", "Agitation politique"),
    7: ("Harsh winter", "Hiver rigoureux"),
    8: ("Divine peace", "Influence pacifique divine"),
    9: ("Dangerous seas", "Mers dangereuses"),
    10: ("The Primus Augustus is unpopular", "Impopularité du Primus Augustus"),
    11: ("Popular anger", "Vindicta populaire"),
    12: ("Donative to the comitatus", "Donation aux comitatus"),
    13: ("Plague in the East", "Peste en Orient"),
    14: ("Persian fickleness", "Versatilité perse"),
    15: ("Famine in Germania", "Famine en Germania"),
}
PLAGUE_DIOCESE = "oriens"  # SV L966: "Diocèse d'Orient" (A22)
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
    """SV 2.D (L142): one player rolls 1d6 + 1d10 (the d10 reads 0-9), 1-15."""
    d6 = dice.d6("event d6")
    d10 = dice.d10("event d10")
    n = d6 + d10
    en, fr = EVENT_NAMES[n]
    state["year_event"] = {"year": state["year"], "number": n, "name": en,
                           "pinned": [], "sick": [], "forced": {}, "capitals": [], "extra_smc": False}
    data = {"number": n, "name": {"en": en, "fr": fr}, "d6": d6, "d10": d10}
    APPLY[n](world, state, dice, data)
    events.append(Event("event", data))
    return n


def _nothing(world, state, dice, data) -> None:
    """Events 2, 3, 5, 9 and 12 only change rules read later in the year."""


def _unhealthy_rome(world, state, dice, data) -> None:
    """Event 1 (L954; A20): every combat unit in Rome's zone weakened (already weakened
    ones stay so); every Augustus there is taken ill as in event 4."""
    rome = next((z for z in sorted(world.zones) if world.zones[z].get("rome")), None)
    data["zone"] = rome
    ev = state["year_event"]
    weakened = []
    for pid in st.pieces_in(state, rome) if rome else []:
        piece = state["pieces"][pid]
        if piece["kind"] == "unit" and not piece["weakened"]:
            piece["weakened"] = True
            weakened.append(pid)
        elif piece["kind"] == "leader" and st.titled(state, pid) == "augustus":
            ev["sick"].append(pid)
            ev["pinned"].append(pid)
    data["weakened"] = weakened
    data["sick"] = list(ev["sick"])


def _primus_ill(world, state, dice, data) -> None:
    """Event 4 (L957): the Primus Augustus stays in his zone all year."""
    primus = state["titles"].get("primus_augustus")
    if primus and st.on_map(state["pieces"].get(primus, {})):
        state["year_event"]["sick"].append(primus)
        state["year_event"]["pinned"].append(primus)
        data["sick"] = [primus]


def _political_unrest(world, state, dice, data) -> None:
    """Event 6 (L959; A75): the Primus and Secundus Augustus go by the most direct route to
    the nearest imperial capital of a diocese their side holds, and stay there."""
    forced = state["year_event"]["forced"]
    for key in ("primus_augustus", "secundus_augustus"):
        lid = state["titles"].get(key)
        if not lid or not st.on_map(state["pieces"].get(lid, {})):
            continue
        target = nearest_friendly_capital(world, state, lid)
        if target:
            forced[lid] = target
    data["forced"] = dict(sorted(forced.items()))


def _harsh_winter(world, state, dice, data) -> None:
    """Event 7 (L960; A23): one SMC fewer; the split is made again."""
    total = max(0, state["smc"]["total"] - 1)
    _resplit(state, total)
    data["smc"] = {"total": total, "split": dict(state["smc"]["left"])}


def _divine_peace(world, state, dice, data) -> None:
    """Event 8 (L961): two SMC, one each, the initiative player first."""
    state["smc"]["total"] = 2
    state["smc"]["left"] = {"PRIMUS": 1, "SECONDUS": 1}
    data["smc"] = {"total": 2, "split": dict(state["smc"]["left"])}


def _unpopular_primus(world, state, dice, data) -> None:
    """Event 10 (L963; A23): SECONDUS plays one more SMC once all the others are over."""
    state["year_event"]["extra_smc"] = True


def _popular_anger(world, state, dice, data) -> None:
    """Event 11 (L964; A21): 1d10, 0 every capital, even the west half, odd the east half;
    the pieces in those capital zones stay there all year."""
    d = dice.d10("event 11 capitals")
    half = None if d == 0 else ("west" if d % 2 == 0 else "east")
    zones = [z for z in capital_zones(world, state)
             if half is None or world.dioceses.get(world.diocese_of(z), {}).get("half") == half]
    pinned = [pid for z in zones for pid in st.pieces_in(state, z)]
    state["year_event"]["capitals"] = zones
    state["year_event"]["pinned"].extend(pinned)
    data.update(roll=d, half=half or "all", capitals=zones, pinned=sorted(pinned))


def _plague_east(world, state, dice, data) -> None:
    """Event 13 (L966; A22): every combat unit in Oriens weakened; those already weakened
    leave play for the year (eliminated without PV, back through 9.3 / 9.4)."""
    weakened, removed = [], []
    for z in world.diocese_zones.get(PLAGUE_DIOCESE, ()):
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


def _persian_fickleness(world, state, dice, data) -> None:
    """Event 14 (L970): the Persae at peace go to war, at war they are pacified (not by arms:
    no five-year lock)."""
    people = "persae"
    if people not in state["peoples"]:
        return
    if state["peoples"][people]["status"] == "war":
        pacify(world, state, people, by_arms=False)
        data["persae"] = "pacified"
    else:
        set_at_war(world, state, people)
        data["persae"] = "war"


def _famine_germania(world, state, dice, data) -> None:
    """Event 15 (L971; A19): every unit of a Germanic people on the map is weakened."""
    weakened = []
    for pid in sorted(state["pieces"]):
        piece = state["pieces"][pid]
        if piece["kind"] == "unit" and st.on_map(piece) and not piece["weakened"] and is_germanic(world, state, pid):
            piece["weakened"] = True
            weakened.append(pid)
    data["weakened"] = weakened


APPLY = {1: _unhealthy_rome, 2: _nothing, 3: _nothing, 4: _primus_ill, 5: _nothing, 6: _political_unrest,
         7: _harsh_winter, 8: _divine_peace, 9: _nothing, 10: _unpopular_primus, 11: _popular_anger,
         12: _nothing, 13: _plague_east, 14: _persian_fickleness, 15: _famine_germania}


def _resplit(state: dict, total: int) -> None:
    half = total // 2
    left = {"PRIMUS": half, "SECONDUS": half}
    if total % 2:
        left[state["initiative"]] += 1
    state["smc"]["total"] = total
    state["smc"]["left"] = left


# -- helpers -------------------------------------------------------------------------------------------
def is_germanic(world, state: dict, pid: str) -> bool:
    people = st.people_of(world, state, pid)
    return bool(people) and world.peoples.get(people, {}).get("nationality") == GERMANIC


def nearest_friendly_capital(world, state: dict, lid: str) -> str | None:
    """A75: the imperial capital of a diocese held by the leader's side nearest by path."""
    piece = state["pieces"][lid]
    costs = path_costs(world, piece["zone"])
    mine = [z for z in capital_zones(world, state) if state["control"].get(world.diocese_of(z)) == piece["side"]]
    mine = [z for z in mine if z in costs]
    return min(mine, key=lambda z: (costs[z], z)) if mine else None


def battle_modifiers(world, state: dict, attacker_units: list[str], defender_units: list[str]) -> list[tuple[str, int]]:
    """The die modifiers the year's event adds to a battle, as seen by the attacker
    (SV L973-975: a bonus to the defender is a malus to the attacker's die)."""
    n = number(state)
    if n not in (3, 5, 12, 15):
        return []

    def roman_only(units):
        return bool(units) and all(st.people_of(world, state, u) is None for u in units)

    def enemies_of_rome(units):
        return any((p := st.people_of(world, state, u)) is not None and not st.is_ally_people(world, p) for u in units)

    def germanic(units):
        return any(is_germanic(world, state, u) for u in units)

    mods: list[tuple[str, int]] = []
    a, d = attacker_units, defender_units
    if n == 3:  # Roman discouragement: the Romans -1 against non-Romans
        if roman_only(a) and enemies_of_rome(d):
            mods.append(("event3:roman_discouragement", -1))
        elif roman_only(d) and enemies_of_rome(a):
            mods.append(("event3:roman_discouragement", +1))
    elif n == 5:  # Germanic vigour: +2 to the side with Germanic units (A19: only one side can)
        if germanic(a) and not germanic(d):
            mods.append(("event5:germanic_vigour", +2))
        elif germanic(d) and not germanic(a):
            mods.append(("event5:germanic_vigour", -2))
    elif n == 12:  # donative: Romans with comitatenses +1 against non-Romans
        def has_co(units):
            return any(st.unit_def(world, state, u)["category"] == "CO" for u in units)
        if has_co(a) and roman_only(a) and enemies_of_rome(d):
            mods.append(("event12:donative", +1))
        elif has_co(d) and roman_only(d) and enemies_of_rome(a):
            mods.append(("event12:donative", -1))
    elif n == 15:  # famine: the side in charge of the Germanic units -1
        if germanic(a) and not germanic(d):
            mods.append(("event15:famine", -1))
        elif germanic(d) and not germanic(a):
            mods.append(("event15:famine", +1))
    return mods


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
