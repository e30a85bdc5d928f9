"""The scenarios of a refereed game: an open one (any number of seats) and the presets of
games the platform does not encode, with their sides, calendar, scoreboard and tables.

A preset gives no rule: the players' printed rules are the rules, the master applies them.
Alea Iacta Est (Frédéric Bey, Imperator series IV, 49-29 BC): sides CÉSARIEN and
RÉPUBLICAIN (tables sheet L82), one turn a year from 49 BC (digest section 9: "the turn =
a year"), its five tables attached (rules/tables/library/alea-iacta-est/), the events roll
offered each turn (phase D, L5) and the Roman leaders' death tests of the year's period
(phase D, L32, L86).
"""

from __future__ import annotations

from rules.tables import library

MASTER = "master"
OPEN = "open"
AIE = "alea-iacta-est"

MIN_SEATS, MAX_SEATS = 1, 12

AIE_REGIONS = ("Roma", "Italia", "Asia", "Gallia", "Africa", "Graecia", "Sicilia", "Hispania")

PRESETS = {
    OPEN: {
        "title": {"en": "Refereed game (any rules, any number of players)",
                  "fr": "Partie arbitrée (toute règle, tout nombre de joueurs)"},
        "years": "",
        "sources": [],
        "seats": None,  # from the players option
        "calendar": None,
        "tables": [],
        "scoreboard": [],
        "note": {"en": "The rules are those the players agreed on; the game master reads the sealed orders, "
                       "rolls the dice and publishes what happens.",
                 "fr": "Les règles sont celles dont les joueurs sont convenus ; le maître du jeu lit les ordres "
                       "scellés, lance les dés et publie ce qui arrive."},
    },
    AIE: {
        "title": {"en": "Alea Iacta Est, refereed (49 BC)", "fr": "Alea Iacta Est, arbitré (49 av. J.-C.)"},
        "years": "49-29 BC",
        "sources": ["rulebooks/alea-iacta-est-tables.fr.txt"],
        "seats": ["cesarien", "republicain"],
        "calendar": {"start": -49, "end": -29},
        "tables": list(library.of_game("alea-iacta-est")),
        "scoreboard": [{"id": region.lower(), "label": {"en": f"{region} held by", "fr": f"{region} tenue par"},
                        "value": "—"} for region in AIE_REGIONS],
        "events_table": "alea-iacta-est/events",
        "death_table": "alea-iacta-est/roman-leaders",
        "note": {"en": "The rules are the players' own printed rules of Alea Iacta Est (Frédéric Bey), applied by "
                       "the game master: Cursus does not encode them. It keeps the orders sealed, rolls the dice "
                       "on the game's tables (verifiable once the game ends) and publishes the master's results.",
                 "fr": "Les règles sont celles, imprimées, d'Alea Iacta Est (Frédéric Bey) que possèdent les "
                       "joueurs, appliquées par le maître du jeu : Cursus ne les code pas. Il garde les ordres "
                       "scellés, lance les dés sur les tables du jeu (vérifiables à la fin de la partie) et publie "
                       "les résultats du maître."},
    },
}

ROLE_NAMES = {
    MASTER: {"en": "Game master", "fr": "Maître du jeu"},
    "cesarien": {"en": "CÉSARIEN", "fr": "CÉSARIEN"},
    "republicain": {"en": "RÉPUBLICAIN", "fr": "RÉPUBLICAIN"},
}


def seats(scenario: str, players: int) -> list[str]:
    preset = PRESETS[scenario]
    if preset["seats"] is not None:
        return list(preset["seats"])
    return [f"seat-{n}" for n in range(1, players + 1)]


def role_name(role: str) -> dict:
    if role in ROLE_NAMES:
        return dict(ROLE_NAMES[role])
    number = str(role).rpartition("-")[2]
    if str(role).startswith("seat-") and number.isdigit():
        return {"en": f"Seat {number}", "fr": f"Place {number}"}
    return {"en": str(role), "fr": str(role)}


def turn_label(calendar: dict | None, turn: int) -> dict:
    """``Turn 3``, or the year of a calendar (one turn a year): ``47 BC`` (« -47 »)."""
    if not calendar:
        return {"en": f"Turn {turn}", "fr": f"Tour {turn}"}
    year = calendar["start"] + turn - 1
    if year < 0:
        return {"en": f"{-year} BC", "fr": f"{year} (av. J.-C.)"}
    return {"en": f"AD {year}", "fr": f"{year} apr. J.-C."}


def turn_year(calendar: dict | None, turn: int) -> int | None:
    return None if not calendar else calendar["start"] + turn - 1
