"""The text notation of an Imperator title explained to players (``Ruleset.notation``): every
order and standing reaction of ``orders.py``, with an example line each (the suite checks
that ``parse_orders`` reads every example). Names are the data files' ids; a unit may be
named without its category (``cornuti`` for ``co-cornuti``)."""

from __future__ import annotations


def _o(syntax: str, example: str, en: str, fr: str, when: str | None = None) -> dict:
    """``when``: the prompt kind whose answer the line is, where it reads only there."""
    out = {"syntax": syntax, "example": example, "explain": {"en": en, "fr": fr.replace(" :", "\u00a0:")}}
    if when:
        out["when"] = when
    return out


def _s(en: str, fr: str, *orders: dict) -> dict:
    return {"title": {"en": en, "fr": fr}, "orders": list(orders)}


NOTATION = [
    _s("General", "Généralités",
       _o("one order a line; # starts a comment", "pass   # nothing this time",
          "Lines may come in any order, in any case. 'pass' says you give no order. In a reply email, write above the quoted text.",
          "Les lignes viennent dans n'importe quel ordre, en majuscules ou minuscules. 'pass' dit que vous ne donnez aucun ordre. Dans une réponse par courriel, écrivez au-dessus du texte cité.")),
    _s("Your SMC (phase E): moves", "Votre SMC (phase E) : mouvements",
       _o("move PIECES: ZONE > ZONE > ...", "move constantin cornuti: galliae-6 > galliae-7",
          "A stack (its leaders and the units they take) along a path of adjacent zones, starting where it stands (SV 7).",
          "Une pile (ses chefs et les unités qu'ils emmènent) le long d'un chemin de zones adjacentes, depuis sa zone (SV 7)."),
       _o("move ...: PATH drop UNIT@ZONE", "move constantin cornuti bracchiates: galliae-6 > galliae-7 > galliae-5 drop bracchiates@galliae-7",
          "Leave a unit on the way.", "Laisser une unité en chemin."),
       _o("move ...: PATH then ZONE > ZONE", "move volusianus: italia-1 > italia-2 then italia-3",
          "A usurpation's stack goes on after a successful rally in its last zone (SV 3.6.3 D/).",
          "La pile d'une usurpation poursuit après un ralliement réussi dans sa dernière zone (SV 3.6.3 D/)."),
       _o("sail FLEET [embark PIECES] [to SEA] [land ZONE]", "sail occidentalis embark constantin cornuti to mare-internum-occidentalis land africa-2",
          "A fleet takes pieces aboard in its port, sails and lands them (SV 3.4).",
          "Une flotte embarque des pièces dans son port, navigue et les débarque (SV 3.4)."),
       _o("battles ZONE > ZONE", "battles galliae-7 > galliae-5",
          "The order of your battles, the first fought first; the others follow in the order of the zones. With your moves, or when asked (2.E.2).",
          "L'ordre de vos batailles, la première livrée d'abord ; les autres suivent dans l'ordre des zones. Avec vos mouvements, ou quand on vous le demande (2.E.2)."),
       _o("play STRATAGEM [TARGET]", "play desertion thracia-3",
          "A stratagem of phase E played at the start of your SMC: a zone, a leader (assassinat), a diocese (abandon), peoples or a nationality (SV 6).",
          "Un stratagème de la phase E joué au début de votre SMC : une zone, un chef (assassinat), un diocèse (abandon), des peuples ou une nationalité (SV 6).")),
    _s("Answers during a battle", "Réponses pendant une bataille",
       _o("evade never | evade always | evade to ZONE > ZONE", "evade to oriens-4",
          "Attacked, stand and fight, or try to evade (a die below your best leader's VS), to the zones given in order (SV 8.2).",
          "Attaqué, rester et combattre, ou tenter d'éviter (un dé inférieur à la VS de votre meilleur chef), vers les zones données dans l'ordre (SV 8.2)."),
       _o("evade PIECES to ZONE (a line per group)", "evade constantin cornuti to galliae-7",
          "Evade in separate groups.", "Éviter en groupes séparés.", when="evasion"),
       _o("retreat ZONE > ZONE", "retreat galliae-7 > galliae-5",
          "Beaten, where your force retreats, best first (a second 'retreat' line adds to the list) (SV 8.4.1).",
          "Battu, où votre force fait retraite, la meilleure d'abord (une seconde ligne 'retreat' s'ajoute à la liste) (SV 8.4.1)."),
       _o("losses UNIT UNIT", "losses cornuti bracchiates",
          "Victorious with losses to take, which units take them (SV 8.4.2).",
          "Vainqueur avec des pertes à subir, quelles unités les subissent (SV 8.4.2)."),
       _o("escape ZONE", "escape galliae-7", "A leader alone with enemy units escapes to this zone (SV 7.1).",
          "Un chef seul avec des unités ennemies s'évade vers cette zone (SV 7.1)."),
       _o("play STRATAGEM [at ZONE] [value N] [to ZONE > ZONE]", "play roma-victor at galliae-7",
          "A battle stratagem (Roma Victor, Furor Germanicus, In hoc signo, Sol invictus, Fuite opportune, La flèche du Parthe).",
          "Un stratagème de bataille (Roma Victor, Furor Germanicus, In hoc signo, Sol invictus, Fuite opportune, La flèche du Parthe).")),
    _s("The phases of the year", "Les phases de l'année",
       _o("play initiative", "play initiative", "Phase B, after losing the initiative roll: take it (SV 6.3).",
          "Phase B, après avoir perdu le jet d'initiative : la prendre (SV 6.3)."),
       _o("play soulevement-... PEOPLE PEOPLE | play usurpation-... LEADER", "play soulevement-mineur-1 franci",
          "Phase C: an uprising of peoples at peace, or an usurpation (SV 6.3).",
          "Phase C : un soulèvement de peuples en paix, ou une usurpation (SV 6.3)."),
       _o("build constantinople", "build constantinople", "Phase C: launch the building of Constantinople (SV 3.1.2).",
          "Phase C : lancer la construction de Constantinople (SV 3.1.2)."),
       _o("place LEADER ZONE", "place hormoz-ii persae-2", "Where a returning leader stands (SV 4.2.1).",
          "Où se place un chef qui revient (SV 4.2.1)."),
       _o("place UNIT ZONE", "place ri-galliae galliae-1", "Set-up: where one of your limitanei stands in its diocese (SV 3.3.2).",
          "Mise en place : où se tient une de vos unités de limitanei dans son diocèse (SV 3.3.2)."),
       _o("nominate LEADER augustus|caesar", "nominate crispus caesar", "Phase D: name a co-emperor (SV 3.5.1).",
          "Phase D : nommer un co-empereur (SV 3.5.1)."),
       _o("veto | accept", "veto", "PRIMUS, when SECONDUS names a co-emperor (SV 3.5.1).",
          "PRIMUS, quand le SECONDUS nomme un co-empereur (SV 3.5.1)."),
       _o("choose LEADER|DIOCESE", "choose crispus", "A succession: the general you choose, or the diocese of a civil war (SV 3.5.2, 3.6.3 C/).",
          "Une succession : le général choisi, ou le diocèse d'une guerre civile (SV 3.5.2, 3.6.3 C/)."),
       _o("sacrifice LEADER", "sacrifice licinius", "Phase F: an emperor given up for want of capitals (SV 2.F2).",
          "Phase F : un empereur sacrifié faute de capitales (SV 2.F2)."),
       _o("protectores LEADER", "protectores constantin", "Phase F: who the Protectores Domestici guard.",
          "Phase F : qui gardent les Protectores Domestici."),
       _o("discard STRATAGEM", "discard desertion", "Phase F: a stratagem given back beyond the five you may keep (SV 6).",
          "Phase F : un stratagème rendu au-delà des cinq que vous pouvez garder (SV 6).")),
    _s("Standing reactions (they hold until you change them)", "Réactions permanentes (elles valent jusqu'à ce que vous les changiez)",
       _o("standing evade always|never|ask [at ZONE]", "standing evade never", "Whether to evade when attacked, everywhere or in one zone.",
          "S'il faut éviter quand on est attaqué, partout ou dans une zone."),
       _o("standing evade prefer ZONE > ZONE", "standing evade prefer galliae-7 > galliae-5", "Where to evade to, when you do.",
          "Où éviter, quand vous évitez."),
       _o("standing retreat [at ZONE:] ZONE > ZONE", "standing retreat galliae-7 > galliae-5", "Where to retreat, best first.",
          "Où faire retraite, la meilleure d'abord."),
       _o("standing losses auto|ask|UNIT UNIT", "standing losses auto", "Which units take a winner's losses: the weakest first, ask me, or these first.",
          "Quelles unités subissent les pertes du vainqueur : les plus faibles d'abord, me demander, ou celles-ci d'abord."),
       _o("standing escape [LEADER:] ZONE > ZONE", "standing escape constantin: galliae-7", "Where a lone leader escapes.",
          "Où s'évade un chef seul."),
       _o("standing play STRATAGEM [at ZONE]", "standing play roma-victor", "A battle stratagem played in the first battle where it applies.",
          "Un stratagème de bataille joué dans la première bataille où il s'applique."),
       _o("standing ask battles|never", "standing ask battles", "Be asked before each battle you are in, to play stratagems.",
          "Être interrogé avant chaque bataille où vous êtes, pour jouer des stratagèmes."),
       _o("standing battles ask|auto", "standing battles auto",
          "Two battles or more whose order can matter: ask me their order, or fight them in the order of the zones.",
          "Plusieurs batailles dont l'ordre peut compter : me demander leur ordre, ou les livrer dans l'ordre des zones."),
       _o("standing initiative always|never|ask", "standing initiative always", "Play Initiative when you lose the roll.",
          "Jouer Initiative quand vous perdez le jet."),
       _o("standing geostrategy pass|ask", "standing geostrategy pass", "Pass phase C unless Constantinople or a placement is open.",
          "Passer la phase C sauf si Constantinople ou un placement est possible."),
       _o("standing nominate never|ask", "standing nominate never", "Never name co-emperors.", "Ne jamais nommer de co-empereurs."),
       _o("standing veto | standing accept | standing veto ask", "standing accept", "PRIMUS's answer to every nomination of SECONDUS.",
          "La réponse de PRIMUS à chaque nomination du SECONDUS."),
       _o("standing successor LEADER > LEADER", "standing successor crispus > constantin-ii", "The generals you would choose in a succession, in order.",
          "Les généraux que vous choisiriez lors d'une succession, dans l'ordre."),
       _o("standing protectores LEADER", "standing protectores constantin", "Who the Protectores Domestici guard from now on.",
          "Qui les Protectores Domestici gardent désormais.")),
]


def notation() -> list[dict]:
    return [dict(section, orders=[dict(o) for o in section["orders"]]) for section in NOTATION]
