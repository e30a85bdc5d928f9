"""Tetrarchia's text notation explained to players (``Ruleset.notation``): every line of
``notation.py`` with an example (the suite checks that ``parse_orders`` reads each one).
Provinces and sea zones by id or printed name, in any case, V or U alike."""

from __future__ import annotations


def _o(syntax: str, example: str, en: str, fr: str) -> dict:
    return {"syntax": syntax, "example": example, "explain": {"en": en, "fr": fr.replace(" :", "\u00a0:")}}


NOTATION = [
    {"title": {"en": "The opening", "fr": "La mise en place"}, "orders": [
        _o("fleets ZONE ZONE ...", "fleets internum aegaeum", "Where the level's fleets start, one sea zone per fleet (several may share one).",
           "Où commencent les flottes du niveau, une zone maritime par flotte (plusieurs peuvent partager une zone)."),
    ]},
    {"title": {"en": "An emperor's Roman phase (his PI, in the order written)", "fr": "La phase romaine d'un Empereur (ses PI, dans l'ordre écrit)"}, "orders": [
        _o("enter roma | enter capital", "enter capital", "Off the board: he enters at Rome (the default) or at his capital if it is free.",
           "Hors du plateau : il entre à Rome (par défaut) ou à sa capitale si elle est libre."),
        _o("move PROVINCE [by land|by sea]", "move lugdunensis", "To a linked province (1 PI, 2 by a broken link, +1 into a Revolt), or by a fleet's zone (1 PI).",
           "Vers une province reliée (1 PI, 2 par un lien brisé, +1 vers une Révolte), ou par la zone d'une flotte (1 PI)."),
        _o("sail ZONE [to] ZONE", "sail internum aegaeum", "A fleet to the next sea zone.", "Une flotte vers la zone maritime voisine."),
        _o("protect", "protect", "Lay one of his discs where he stands (a frontier costs more).", "Poser un de ses disques là où il se trouve (une frontière coûte plus)."),
        _o("subdue | subdue reduce", "subdue reduce", "Remove the disc where he stands, or turn a Revolt into Unrest.",
           "Retirer le disque où il se trouve, ou changer une Révolte en Agitation."),
        _o("attack PROVINCE [bonus N]", "attack narbonensis", "A barbarian army next to him; an attack ends the order set (Galerius under IMPERIVM: up to N discs of bonus).",
           "Une armée barbare voisine ; une attaque clôt les ordres (Galère sous IMPERIVM : jusqu'à N disques de bonus)."),
        _o("end", "end", "End the turn even if the attack is won with PI left.", "Finir le tour même si l'attaque est gagnée avec des PI restants."),
    ]},
    {"title": {"en": "Variants", "fr": "Variantes"}, "orders": [
        _o("imperium", "imperium", "IMPERIVM: switch on the emperor's power for this turn (retires one of his discs).",
           "IMPERIVM : activer le pouvoir de l'Empereur pour ce tour (retire un de ses disques)."),
        _o("move-other EMPEROR PROVINCE", "move-other galerius moesia-superior", "Diocletian under IMPERIVM moves another emperor with his PI.",
           "Dioclétien sous IMPERIVM déplace un autre Empereur avec ses PI."),
        _o("patres", "patres", "PATRES PATRIAE: Diocletian takes 1 PI from Galerius, Constantius gives 1 PI to Maximian.",
           "PATRES PATRIAE : Dioclétien prend 1 PI à Galère, Constance donne 1 PI à Maximien."),
        _o("standing constantius block on|off", "standing constantius block on", "Constantius stops an army that attacks him (IMPERIVM).",
           "Constance arrête une armée qui l'attaque (IMPERIVM)."),
        _o("standing galerius defend-bonus N", "standing galerius defend-bonus 1", "Galerius may spend up to N discs when an army attacks him (IMPERIVM).",
           "Galère peut dépenser jusqu'à N disques quand une armée l'attaque (IMPERIVM)."),
    ]},
]


def notation() -> list[dict]:
    return [dict(section, orders=[dict(o) for o in section["orders"]]) for section in NOTATION]
