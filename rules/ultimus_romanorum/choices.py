"""Ultimus Romanorum's questions of a prompt (``Prompt.choices``; the family's are
``rules/imperator/choices.py``): the Patrices of D and the standing settings for them and
for Papa."""

from __future__ import annotations

from rules.base import Choice, Question
from rules.imperator.choices import _tr, msg, setting
from rules.imperator.narration import name

GEOSTRATEGY_SUMMARY = ("Phase C of {year}: your uprisings, usurpations and other counters.",
                       "Phase C de {year} : vos soulèvements, usurpations et autres pions.")
GEOSTRATEGY_PASS = ("Pass unless a placement is open", "Passer sauf si un placement est possible")
SUCCESSOR_ROLES = {"augustus": ("the new Augustus", "le nouvel Augustus"),
                   "usurper": ("the western usurper (the Honorius case)", "l'usurpateur d'Occident (le cas d'Honorius)"),
                   "escort": ("the eastern leader who escorts Valentinien III (the Honorius case)",
                              "le chef d'Orient qui escorte Valentinien III (le cas d'Honorius)"),
                   "rex": ("the new Rex of the Regnum", "le nouveau Rex du Regnum")}
SUCCESSION_REF = "UR 3.5.2"


def _patrices(world, state, side, data, options):
    cands = options.get("candidates") or []
    choices = tuple(Choice(id=c, label=msg(lambda l, c=c: _tr(l, f"Name {name(world, c, l)} Patrice",
                                                                f"Nommer {name(world, c, l)} Patrice")),
                           text=f"patrice {c}", orders={"patrice": [c]}, pieces=(c,)) for c in cands)
    q = Question(id="patrice", mode="many", choices=choices,
                 label=msg(lambda l: _tr(l, "Patrices to name", "Patrices à nommer")),
                 help=msg(lambda l: _tr(l, "One per half of the Empire, where its Augustus reigns; a Roman Patrice gets a guard of buccellarii (UR 3.5.1).",
                                        "Un par moitié de l'Empire, là où règne son Augustus ; un Patrice romain reçoit une garde de buccellarii (UR 3.5.1).")))
    summary = msg(lambda l: _tr(l, f"Phase D of {state['year']}: you may name Patrices.",
                                f"Phase D de {state['year']} : vous pouvez nommer des Patrices."))
    return [q], {"summary": summary.as_dict()}


def geostrategy_questions(world, state, side, options) -> list[Question]:
    return []


def review_questions(world, state, side, options, default) -> list[Question]:
    return []


def standing_questions(world, state, side, r) -> list[Question]:
    out = []
    if side == "ROMAIN":
        out.append(setting("patrice", msg(lambda l: _tr(l, "In phase D (Patrices)", "En phase D (Patrices)")), None,
                           r.get("patrice") or "ask",
                           [("never", "Never name Patrices", "Ne jamais nommer de Patrices", "standing patrice never"),
                            ("ask", "Ask me", "Me demander", "standing patrice ask")]))
        out.append(setting("papa", msg(lambda l: _tr(l, "Papa, against BARBARE's points for Roma", "Papa, contre les points du BARBARE pour Roma")),
                           None, r.get("papa") or "always",
                           [("always", "Play it when it saves the points", "Le jouer quand il sauve les points", "standing papa always"),
                            ("never", "Keep it", "Le garder", "standing papa never")]))
        out.append(setting("refuge", msg(lambda l: _tr(l, "An Augustus attacked at Ravenna or Constantinopolis",
                                                       "Un Augustus attaqué à Ravenne ou Constantinople")),
                           msg(lambda l: _tr(l, "UR 8.2.2: he shelters in the city's box with a Palatini unit and his guard.",
                                             "UR 8.2.2 : il se réfugie dans la ville avec une unité palatine et sa garde.")),
                           r.get("refuge") or "always",
                           [("always", "Take refuge in the city", "Se réfugier dans la ville", "standing refuge always"),
                            ("never", "Stay and fight", "Rester combattre", "standing refuge never")]))
    return out


BUILDERS = {"patrices": _patrices}
