"""Ultimus Romanorum's own problem codes, in English and French, added to the family's
table (``rules/imperator/messages.py``) when the title is imported. A code of the family
is never redefined here."""

from __future__ import annotations

from rules.imperator.messages import TEXTS

UR_TEXTS = {
    "move.li_leaves_diocese": ("{piece}: limitanei never leave their diocese nor the Empire (UR 3.2.1).",
                               "{piece} : les limitanei ne quittent jamais leur diocèse ni l'Empire (UR 3.2.1)."),
    "move.co_leaves_half": ("{piece}: comitatenses never leave their half of the Empire (UR 3.2.2).",
                            "{piece} : les comitatenses ne quittent jamais leur moitié de l'Empire (UR 3.2.2)."),
    "move.co_needs_leader": ("{piece}: comitatenses leave their diocese only with an Augustus, a Patrice or a Usurpateur (UR 3.2.2).",
                             "{piece} : les comitatenses ne quittent leur diocèse qu'avec un Augustus, un Patrice ou un Usurpateur (UR 3.2.2)."),
    "move.outside_needs_augustus": ("{piece} needs an Augustus or a Patrice to go there (UR 3.2.2, 3.2.3, 3.4.1).",
                                    "{piece} a besoin d'un Augustus ou d'un Patrice pour aller là (UR 3.2.2, 3.2.3, 3.4.1)."),
    "move.co_far_from_half": ("{piece}: outside the Empire, comitatenses go only next to their half (UR 3.2.2).",
                              "{piece} : hors de l'Empire, les comitatenses ne vont qu'à côté de leur moitié (UR 3.2.2)."),
    "move.foederati_stay_inside": ("The {people}, Foederati, never leave the Empire (UR 4.5.1).",
                                   "Les {people}, Foederati, ne quittent jamais l'Empire (UR 4.5.1)."),
    "move.hunni_no_stop": ("The Hunni may cross {zone}, the origin zone of the {people} at peace with Rome, but not stop there (UR 4.3).",
                           "Les Hunni peuvent traverser {zone}, zone d'origine des {people} en paix avec Rome, mais pas s'y arrêter (UR 4.3)."),
    "move.migration_together": ("The {people} migrate as one: {piece} cannot be left behind (UR 6.2 Migration).",
                                "Les {people} migrent ensemble : {piece} ne peut pas rester en arrière (UR 6.2 Migration)."),
    "move.migration_one_zone": ("The {people} migrate as one: every unit that moves ends in one zone, {zone} (UR 6.2 Migration).",
                                "Les {people} migrent ensemble : toutes les unités qui bougent finissent dans une seule zone, {zone} (UR 6.2 Migration)."),
    "stratagem.not_enough_vp": ("ROMAIN has too few VP to pay this tribute to {people} (UR 6.1).",
                                "ROMAIN n'a pas assez de PV pour payer ce tribut aux {people} (UR 6.1)."),
    "stratagem.bad_effect": ("Choose the Augusta's effect: initiative, assassinat, usurpation or concile (UR 6.1); got {effect}.",
                             "Choisissez l'effet de l'Augusta : initiative, assassinat, usurpation ou concile (UR 6.1) ; reçu {effect}."),
    "stratagem.wrong_half": ("{piece} does not stand in the half this counter covers (UR 3.6.2).",
                             "{piece} ne se trouve pas dans la moitié que couvre ce pion (UR 3.6.2)."),
    "stratagem.augustus_present": ("{piece} stands with an Augustus: no usurpation there (UR 3.6.2).",
                                   "{piece} se trouve avec un Augustus : pas d'usurpation là (UR 3.6.2)."),
    "stratagem.too_many_usurpers": ("Two usurpations are already under way, or one in this half (UR 3.6.1, 3.6.5).",
                                    "Deux usurpations sont déjà en cours, ou une dans cette moitié (UR 3.6.1, 3.6.5)."),
    "stratagem.stand_in": ("A usurper of barbarian birth needs a Roman leader of CP 1 or 2 to reign for him (UR 6.2); got {piece}.",
                           "Un usurpateur d'origine barbare doit désigner un chef romain de CP 1 ou 2 qui régnera à sa place (UR 6.2) ; reçu {piece}."),
    "patrice.not_eligible": ("{piece} cannot be named Patrice (UR 3.5.1).", "{piece} ne peut pas être nommé Patrice (UR 3.5.1)."),
    "patrice.one_per_half": ("{piece}: one Patrice per half of the Empire (UR 3.5.1).",
                             "{piece} : un Patrice par moitié de l'Empire (UR 3.5.1)."),
}

for _code, _texts in UR_TEXTS.items():
    if TEXTS.setdefault(_code, _texts) != _texts:
        raise ValueError(f"problem code {_code} is the family's already")
