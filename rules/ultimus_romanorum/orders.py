"""Ultimus Romanorum's order sets (the family's are ``rules/imperator/orders.py``): its
prompt kind ``patrices`` (D4, UR 3.5.1), its fields (``patrice``: the leaders named), its
play arguments (``people``, ``effect`` of an Augusta, ``stand_in`` of a (B) usurper), its
standing reactions (``patrice``: never / ask; ``papa``: never / always) and their lines
(``patrice LEADER``, ``standing patrice never|ask``, ``standing papa never|always``,
``standing refuge never|always``: the Augustus into the Ravenna or Constantinopolis box).
"""

from __future__ import annotations

from rules.imperator.messages import error
from rules.schema_parts import ident, idents
from rules.ultimus_romanorum import emperors
from rules.ultimus_romanorum.halves import half_of_zone

KIND_FIELDS = {"patrices": {"patrice", "reactions"}}
REACTION_KEYS = ("patrice", "papa", "refuge")
#: the id prefixes a player may leave out when he names a unit (``comites-alani``)
NAME_PREFIXES = ("li", "co", "pa", "bu")
PROMPT_TITLES = {
    "geostrategy": ("Geostrategy: uprisings, usurpations and your other counters", "Géostratégie : soulèvements, usurpations et vos autres pions"),
    "patrices": ("Name Patrices?", "Nommer des Patrices ?"),
    "review": ("End of the year: discards and placements", "Fin d'année : défausses et placements"),
}
SCHEMA_FIELDS = {"patrice": idents("the leaders named Patrice (UR 3.5.1)")}
REACTION_SCHEMAS = {"patrice": {"enum": ["never", "ask"]}, "papa": {"enum": ["never", "always"]},
                    "refuge": {"enum": ["never", "always"]}}
PLAY_SCHEMA_FIELDS = {
    "people": ident("the people a counter aims at (treaties, tribute, Rex, Migration, Rébellion)"),
    "effect": {"enum": ["initiative", "assassinat", "usurpation", "concile"]},
    "stand_in": ident("the CP 1-2 leader who reigns for a (B) usurper (UR 6.2)"),
}
PLAY_KEYWORDS = {"effect": ("effect", "word"), "stand-in": ("stand_in", "piece"), "king": ("leader", "piece")}
_LEADER_PLAYS = ("assassinat", "buccellarii", "usurpation-occident", "usurpation-orient")
_ZONE_PLAYS = ("foyer-de-peste", "epidemie-de-peste", "desertion", "bagaudes", "concile-oecumenique", "flotte",
               "germanophobia")
_PEOPLE_PLAYS = ("traite-federation-mineur", "traite-federation-majeur", "tribut", "migration", "rebellion", "rex")


def validate(world, state: dict, role: str, kind: str | None, orders: dict) -> list:
    errors = []
    if kind == "patrices":
        named = orders.get("patrice", [])
        if not isinstance(named, list):
            return [error("orders.bad_shape", "/patrice", what="patrice")]
        allowed = emperors.patrice_candidates(world, state)
        halves = []
        for k, pid in enumerate(named):
            if pid not in allowed:
                errors.append(error("patrice.not_eligible", f"/patrice/{k}", piece=pid))
                continue
            half = half_of_zone(world, state["pieces"][pid]["zone"])
            if half in halves:
                errors.append(error("patrice.one_per_half", f"/patrice/{k}", piece=pid))
            halves.append(half)
    return errors


def validate_reaction(world, state: dict, key: str, value, base: str) -> list:
    allowed = ("never", "ask") if key == "patrice" else ("never", "always")
    return [] if value in allowed else [error("reactions.bad_value", base, what=key, value=value)]


def default_orders(world, state: dict, pending: dict) -> dict:
    return {"patrice": []}


def prompt_options(world, state: dict, pending: dict) -> dict:
    return {"candidates": emperors.patrice_candidates(world, state)}


def play_bare_field(t: str) -> str:
    if t in _LEADER_PLAYS:
        return "leader"
    if t in _ZONE_PLAYS:
        return "zone"
    if t in _PEOPLE_PLAYS:
        return "people"
    return "peoples"


def play_defaults(t: str) -> dict:
    return {"peoples": []} if t.startswith("soulevement") else {}


def parse_line(head, rest, line, n, standing, names, orders, reactions, lines, errors) -> bool:
    """One line of UR's own in the text notation; False if it is not one."""
    if head == "patrice" and standing:
        if rest.lower() in ("never", "ask"):
            reactions["patrice"] = rest.lower()
            lines["/reactions/patrice"] = n
        else:
            errors.append(error("text.bad_syntax", f"line:{n}", line=line))
        return True
    if head == "patrice":  # a repeated line adds to the list
        orders.setdefault("patrice", []).extend(p for p in (names.piece(w, n, errors) for w in rest.split()) if p)
        lines["/patrice"] = n
        return True
    if head in ("papa", "refuge") and standing:
        if rest.lower() in ("never", "always"):
            reactions[head] = rest.lower()
            lines[f"/reactions/{head}"] = n
        else:
            errors.append(error("text.bad_syntax", f"line:{n}", line=line))
        return True
    return False


def format_lines(orders: dict, slot: str) -> list[str]:
    out = []
    if slot == "after_discard" and orders.get("patrice"):
        out.append("patrice " + " ".join(orders["patrice"]))
    elif slot == "standing_after_geostrategy":
        reactions = orders.get("reactions") or {}
        if reactions.get("patrice"):
            out.append(f"standing patrice {reactions['patrice']}")
        for key in ("papa", "refuge"):
            if reactions.get(key):
                out.append(f"standing {key} {reactions[key]}")
    return out
