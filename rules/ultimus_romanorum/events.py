"""Ultimus Romanorum's events table (UR 2.D step 3, TABLES L1470-1548) and the die
modifiers its events give a battle; the effects it shares with Semper Victor are
``rules/imperator/events.py``'s (the PM malus, the SMC changes, closed seas, the popular
anger, units weakened in dioceses, the forced march)."""

from __future__ import annotations

from rules.imperator import events as ev
from rules.imperator import state as st
from rules.ultimus_romanorum.halves import HALVES, augustus_of, patrice_of, zone_controller
from rules.ultimus_romanorum.peoples import leaders_of, set_status, units_of

#: English and French names of the fifteen events (our wording of L1473-1541).
EVENT_NAMES = dict(enumerate((
    ("Famine in the West", "Famine en Occident"), ("Disastrous weather", "Année au climat désastreux"),
    ("Roman discouragement", "Découragement romain"), ("The Augustus falls ill", "Maladie de l'Augustus"),
    ("Germanic warlike vigour", "Vigueur guerrière germanique"), ("Political unrest", "Agitation politique"),
    ("Harsh winter", "Hiver rigoureux"), ("Divine peace", "Influence pacifique divine"),
    ("Dangerous seas", "Mers dangereuses"), ("Supplies fail the Roman troops", "Difficultés de ravitaillement des troupes romaines"),
    ("Popular anger", "Vindicte populaire"), ("Donative to the Palatini", "Donation aux Palatini"),
    ("Plague in the East", "Peste en Orient"), ("Persian fickleness", "Versatilité perse"),
    ("Hunnic fickleness", "Versatilité hunnique")), start=1))


def _famine_west(world, state, dice, data) -> None:
    """Event 1 (L1481-1486; A21): every combat unit in Galliae, Viennensis and Hispaniae
    weakened, those already weakened out of play for the year; leaders spared."""
    ev.weaken_dioceses(world, state, ("galliae", "viennensis", "hispaniae"), data)


def _augustus_ill(world, state, dice, data) -> None:
    """Event 4 (L1487-1495): 1d6, even the Augustus Occidentalis, odd the Orientalis; he
    stays in his zone all year, dies if a lost battle drives him out, his BT does not count."""
    d = dice.d6("event 4 augustus")
    half = "west" if d % 2 == 0 else "east"
    a = augustus_of(state, half)
    data.update(roll=d, half=half)
    if a and st.on_map(state["pieces"][a]):
        state["year_event"]["sick"].append(a)
        state["year_event"]["pinned"].append(a)
        data["sick"] = [a]


def _political_unrest(world, state, dice, data) -> None:
    """Event 6 (L1496-1506; A75 of the family): both Augusti, and a Patrice of better CP
    than his Augustus, go by the most direct route to the nearest imperial capital their
    side controls and stay there."""
    forced = state["year_event"]["forced"]
    for half in HALVES:
        a = augustus_of(state, half)
        who = [a] if a else []
        p = patrice_of(state, half)
        if p and a and (st.leader_def(world, state, p)["cp"] or 0) > (st.leader_def(world, state, a)["cp"] or 0):
            who.append(p)
        for lid in who:
            if not st.on_map(state["pieces"][lid]):
                continue
            target = ev.nearest_friendly_capital(world, state, lid, lambda z, side: zone_controller(world, state, z) == side)
            if target:
                forced[lid] = target
    data["forced"] = dict(sorted(forced.items()))


def _harsh_winter(world, state, dice, data) -> None:
    """Event 7 (L1507-1511): one SMC fewer; the Rhenus and Danuvius are frozen for the rest
    of the year (``eased_rivers``; DECISIONS A20)."""
    ev.harsh_winter(world, state, dice, data)
    data["frozen"] = list(FROZEN_RIVERS)


#: the great rivers event 7 freezes (L1510-1511); the Tigris and Euphrates keep their +1 PM
FROZEN_RIVERS = ("Danuvius", "Rhenus")


def eased_rivers(state: dict) -> tuple[frozenset, bool] | None:
    """Event 7 (L1510-1511, "le passage du Rhenus et du Danuvius se fait sans malus"; A20):
    in its year the two rivers cost no extra PM, and by default an attacker who crossed one
    has no river DRM g either (the malus of crossing is both); the option ``frozen_rivers:
    pm_only`` keeps DRM g."""
    if ev.number(state) != 7:
        return None
    return frozenset(FROZEN_RIVERS), state.get("options", {}).get("frozen_rivers", "pm_and_drm") == "pm_only"


def _plague_east(world, state, dice, data) -> None:
    """Event 13 (L1531-1536): as event 1, in the diocese Oriens."""
    ev.weaken_dioceses(world, state, ("oriens",), data)


def _fickle(people: str):
    def apply(world, state, dice, data) -> None:
        """Events 14, 15 (L1537-1541): at peace, the people goes to war at once; at war, it is
        pacified at once (its units home, not by arms)."""
        if people not in state["peoples"]:
            return
        if state["peoples"][people]["status"] == "war":
            set_status(world, state, people, "peace")
            origins = list(world.peoples.get(people, {}).get("origin_zones") or [])
            for pid in units_of(world, state, people) + leaders_of(world, state, people):
                piece = state["pieces"][pid]
                if st.on_map(piece) and origins and piece["zone"] not in origins:
                    piece["zone"] = origins[0]
            data[people] = "pacified"
        elif state["peoples"][people]["status"] == "peace":
            set_status(world, state, people, "war")
            data[people] = "war"
    return apply


#: number -> (English name, French name, effect) (L1470-1541)
TABLE = {n: (EVENT_NAMES[n][0], EVENT_NAMES[n][1], apply) for n, apply in (
    (1, _famine_west), (2, ev.nothing), (3, ev.nothing), (4, _augustus_ill), (5, ev.nothing), (6, _political_unrest),
    (7, _harsh_winter), (8, ev.divine_peace), (9, ev.nothing), (10, ev.extra_smc), (11, ev.popular_anger),
    (12, ev.nothing), (13, _plague_east), (14, _fickle("persae")), (15, _fickle("hunni")))}


def battle_modifiers(world, state: dict, attacker_units: list[str], defender_units: list[str]) -> list[tuple[str, int]]:
    """The die modifiers of the year's event, as seen by the attacker (L1544-1548: a bonus
    to the defender is a malus to the attacker's die): 3 the Romans -1 against non-Romans,
    5 +1 to the player with a Germanic unit, 12 ROMAIN +1 with Palatini against
    non-Romans."""
    n = ev.number(state)
    if n not in (3, 5, 12):
        return []

    def roman(units):
        return any(st.people_of(world, state, u) is None for u in units)

    def non_roman(units):
        return any(st.people_of(world, state, u) is not None for u in units)

    a, d = attacker_units, defender_units
    if n == 3:
        if roman(a) and not non_roman(a) and non_roman(d):
            return [("event3:roman_discouragement", -1)]
        if roman(d) and not non_roman(d) and non_roman(a):
            return [("event3:roman_discouragement", +1)]
    elif n == 5:  # the player in charge of the Germanic units (both may be: they cancel)
        ga = any(ev.is_germanic(world, state, u) for u in a)
        gd = any(ev.is_germanic(world, state, u) for u in d)
        if ga != gd:
            return [("event5:germanic_vigour", +1 if ga else -1)]
    elif n == 12:
        def palatini(units):
            return any(st.unit_def(world, state, u)["category"] == "PA" for u in units)
        if palatini(a) and non_roman(d) and state["pieces"][a[0]]["side"] == "ROMAIN":
            return [("event12:palatini_donative", +1)]
        if palatini(d) and non_roman(a) and state["pieces"][d[0]]["side"] == "ROMAIN":
            return [("event12:palatini_donative", -1)]
    return []
