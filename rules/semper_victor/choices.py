"""Semper Victor's questions of a prompt (``Prompt.choices``; the family's are
``rules/imperator/choices.py``): the co-emperors of D and PRIMUS's veto, the sacrifices and
the Protectores Domestici of F, the launch of Constantinople in C, and its standing
settings for the nominations and the veto."""

from __future__ import annotations

from dataclasses import replace

from rules.base import Choice, Question
from rules.imperator import state as st
from rules.imperator.choices import _place_question, _tr, msg, setting, yes_no
from rules.imperator.narration import name

GEOSTRATEGY_SUMMARY = ("Phase C of {year}: your uprisings, usurpations and Constantinople.",
                       "Phase C de {year} : vos soulèvements, usurpations et Constantinople.")
GEOSTRATEGY_PASS = ("Pass unless Constantinople or a placement is open", "Passer sauf si Constantinople ou un placement est possible")
SUCCESSOR_ROLES = {"augustus": ("the new Primus Augustus", "le nouveau Primus Augustus"),
                   "usurper": ("the usurper", "l'usurpateur"),
                   "diocese": ("the diocese the civil war spreads to", "le diocèse où s'étend la guerre civile")}
SUCCESSION_REF = "SV 3.5.2"


def _nominations(world, state, side, data, options):
    cands = options.get("candidates") or []

    def title(t, l):
        return {"augustus": "Augustus", "caesar": "Caesar"}.get(t, t)
    choices = tuple(Choice(id=f"{c['leader']}:{c['title']}",
                           label=msg(lambda l, c=c: _tr(l, f"Name {name(world, c['leader'], l)} {title(c['title'], l)}",
                                                          f"Nommer {name(world, c['leader'], l)} {title(c['title'], l)}")),
                           text=f"nominate {c['leader']} {c['title']}", orders={"nominate": [dict(c)]},
                           pieces=(c["leader"],)) for c in cands)
    q = Question(id="nominate", mode="many", choices=choices,
                 label=msg(lambda l: _tr(l, "Co-emperors to name", "Co-empereurs à nommer")),
                 help=msg(lambda l: _tr(l, "Pick none to name nobody. SECONDUS's nominations may be vetoed by PRIMUS (SV 3.5.1).",
                                        "N'en choisissez aucun pour ne nommer personne. PRIMUS peut opposer son veto aux nominations du SECONDUS (SV 3.5.1).")))
    vetoed = options.get("vetoed") or []
    summary = msg(lambda l: _tr(l, f"Phase D of {state['year']}: you may name co-emperors (Augustus, Caesars)."
                                   + (f" Vetoed this year: {', '.join(vetoed)}." if vetoed else ""),
                                f"Phase D de {state['year']} : vous pouvez nommer des co-empereurs (Augustus, Caesars)."
                                + (f" Veto cette année : {', '.join(vetoed)}." if vetoed else "")))
    return [q], {"summary": summary.as_dict(), "vetoed": vetoed}


def _veto(world, state, side, data, options):
    cand, t = data.get("candidate"), data.get("title")
    tname = {"augustus": "Augustus", "caesar": "Caesar"}.get(t, t)
    q = yes_no("veto", msg(lambda l: _tr(l, f"Veto {name(world, cand, l)} as {tname}?", f"Opposer votre veto à {name(world, cand, l)} comme {tname} ?")),
                ("accept", msg(lambda l: _tr(l, "Accept him", "L'accepter")), "accept", {"veto": False}),
                ("veto", msg(lambda l: _tr(l, "Veto him", "Opposer votre veto")), "veto", {"veto": True}))
    q = replace(q, default=("accept",))
    summary = msg(lambda l: _tr(l, f"SECONDUS names {name(world, cand, l)} {tname}: you may veto him once (SV 3.5.1).",
                                f"Le SECONDUS nomme {name(world, cand, l)} {tname} : vous pouvez opposer votre veto une fois (SV 3.5.1)."))
    return [q], {"summary": summary.as_dict(), "candidate": cand, "title": t}


def geostrategy_questions(world, state, side, options) -> list[Question]:
    if not options.get("constantinople"):
        return []
    return [Question(id="constantinople", label=msg(lambda l: _tr(l, "Constantinople", "Constantinople")), mode="many",
                     max=1, choices=(Choice(id="build", label=msg(lambda l: _tr(l, "Launch the building of Constantinople",
                                                                                  "Lancer la construction de Constantinople")),
                                            text="build constantinople", orders={"constantinople": True}),))]


def review_questions(world, state, side, options, default) -> list[Question]:
    questions = []
    if "sacrifice" in options:
        s = options["sacrifice"]
        questions.append(Question(
            id="sacrifice", mode="many", min=s["count"], max=s["count"],
            label=msg(lambda l: _tr(l, f"Emperors to sacrifice ({s['count']})", f"Empereurs à sacrifier ({s['count']})")),
            help=msg(lambda l: _tr(l, "You hold more emperors than imperial capitals (SV 2.F2).",
                                   "Vous avez plus d'empereurs que de capitales impériales (SV 2.F2).")),
            choices=tuple(Choice(id=p, label=msg(lambda l, p=p: name(world, p, l)), text=f"sacrifice {p}",
                                 orders={"sacrifice": [p]}, pieces=(p,)) for p in s["among"]),
            default=tuple(default.get("sacrifice") or ())))
    if "protectores" in options:
        among = options["protectores"]["among"]
        questions.append(Question(
            id="protectores", mode="one", min=1, max=1,
            label=msg(lambda l: _tr(l, "Who do the Protectores Domestici guard?", "Qui les Protectores Domestici gardent-ils ?")),
            choices=tuple(Choice(id=p, label=msg(lambda l, p=p: name(world, p, l)), text=f"protectores {p}",
                                 orders={"protectores": p}, pieces=(p,)) for p in among),
            default=tuple(x for x in (default.get("protectores"),) if x)))
    return questions


def standing_questions(world, state, side, r) -> list[Question]:
    out = [setting("nominate", msg(lambda l: _tr(l, "In phase D (co-emperors)", "En phase D (co-empereurs)")), None,
                   r.get("nominate") or "ask",
                   [("never", "Never name co-emperors", "Ne jamais nommer de co-empereurs", "standing nominate never"),
                    ("ask", "Ask me", "Me demander", "standing nominate ask")])]
    if side == st.sides(state)[0]:  # the first side answers the other's nominations (SV 3.5.1)
        out.append(setting("veto", msg(lambda l: _tr(l, "When SECONDUS names a co-emperor", "Quand le SECONDUS nomme un co-empereur")), None,
                           {"always": "veto", "never": "accept"}.get(r.get("veto") or "", "ask"),
                           [("veto", "Always veto", "Toujours opposer son veto", "standing veto"),
                            ("accept", "Always accept", "Toujours accepter", "standing accept"),
                            ("ask", "Ask me", "Me demander", "standing veto ask")],
                           value=lambda v: {"veto": "always", "accept": "never"}.get(v, v)))
    return out


def _deploy(world, state, side, data, options):
    """SV 3.3.2 (L233): a question per limitanei unit, its zones (L235: an RI by the frontier)."""
    questions = [_place_question(world, uid, zones, "place") for uid, zones in sorted((options.get("place") or {}).items())]
    summary = msg(lambda l: _tr(l, f"Set-up of {state['year']}: place your limitanei in their dioceses (a unit left out keeps the scenario's zone).",
                                f"Mise en place de {state['year']} : placez vos limitanei dans leurs diocèses (une unité omise garde la zone du scénario)."))
    return questions, {"summary": summary.as_dict()}


BUILDERS = {"deploy": _deploy, "nominations": _nominations, "veto": _veto}
