"""Semper Victor's events table (SV 2.D step 3, TABLES L948-975) and the die modifiers its
events give a battle; the effects it shares with its siblings are
``rules/imperator/events.py``'s."""

from __future__ import annotations

from rules.imperator import events as ev
from rules.imperator import state as st
from rules.imperator.peoples import pacify, set_at_war

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
        target = ev.nearest_friendly_capital(world, state, lid, lambda z, side: state["control"].get(world.diocese_of(z)) == side)
        if target:
            forced[lid] = target
    data["forced"] = dict(sorted(forced.items()))


def _plague_east(world, state, dice, data) -> None:
    """Event 13 (L966; A22): every combat unit in Oriens weakened; those already weakened
    leave play for the year (eliminated without PV, back through 9.3 / 9.4)."""
    ev.weaken_dioceses(world, state, ("oriens",), data)  # "Diocèse d'Orient" (A22)


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
        if piece["kind"] == "unit" and st.on_map(piece) and not piece["weakened"] and ev.is_germanic(world, state, pid):
            piece["weakened"] = True
            weakened.append(pid)
    data["weakened"] = weakened


#: number -> (English name, French name, effect) (SV L954-971)
TABLE = {n: (EVENT_NAMES[n][0], EVENT_NAMES[n][1], apply) for n, apply in (
    (1, _unhealthy_rome), (2, ev.nothing), (3, ev.nothing), (4, _primus_ill), (5, ev.nothing), (6, _political_unrest),
    (7, ev.harsh_winter), (8, ev.divine_peace), (9, ev.nothing), (10, ev.extra_smc), (11, ev.popular_anger),
    (12, ev.nothing), (13, _plague_east), (14, _persian_fickleness), (15, _famine_germania))}


def battle_modifiers(world, state: dict, attacker_units: list[str], defender_units: list[str]) -> list[tuple[str, int]]:
    """The die modifiers the year's event adds to a battle, as seen by the attacker
    (SV L973-975: a bonus to the defender is a malus to the attacker's die)."""
    n = ev.number(state)
    if n not in (3, 5, 12, 15):
        return []

    def roman_only(units):
        return bool(units) and all(st.people_of(world, state, u) is None for u in units)

    def enemies_of_rome(units):
        return any((p := st.people_of(world, state, u)) is not None and not st.is_ally_people(world, p) for u in units)

    def germanic(units):
        return any(ev.is_germanic(world, state, u) for u in units)

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
