"""Every order-error code of the Imperator engine with its English and French sentence.

Codes are stable (clients and adjudicator cases match on them); the sentences may change.
"""

from __future__ import annotations

from rules.base import Message, OrderError

TEXTS: dict[str, tuple[str, str]] = {
    # order-set shape
    "orders.not_expected": ("No orders are expected from {role} now.", "Aucun ordre n'est attendu de {role} maintenant."),
    "orders.bad_shape": ("{what} has the wrong shape.", "{what} n'a pas la bonne forme."),
    "orders.unknown_field": ("Unknown field {field}.", "Champ inconnu : {field}."),
    "text.unknown_command": ("Unknown command: {word}.", "Commande inconnue : {word}."),
    "text.bad_syntax": ("Cannot read this line: {line}", "Ligne illisible : {line}"),
    "text.unknown_name": ("No piece, zone or fleet is called {name}.", "Aucun pion, zone ni flotte ne s'appelle {name}."),
    "text.ambiguous_name": ("{name} could mean {choices}.", "{name} peut désigner {choices}."),
    # moves (SV 3.4, 4.3, 7)
    "move.empty": ("This move names no piece.", "Ce mouvement ne désigne aucun pion."),
    "move.piece.unknown": ("{piece} is not a piece of this game.", "{piece} n'est pas un pion de cette partie."),
    "move.piece.not_yours": ("{piece} does not belong to {role}.", "{piece} n'appartient pas à {role}."),
    "move.piece.not_on_map": ("{piece} is not on the map.", "{piece} n'est pas sur la carte."),
    "move.piece.not_in_start_zone": ("{piece} is not in {zone}.", "{piece} n'est pas en {zone}."),
    "move.piece.already_moved": ("{piece} has already moved in this SMC.", "{piece} a déjà bougé pendant cette SMC."),
    "move.piece.landed": ("{piece} landed from a fleet in this SMC and cannot move again (SV 3.4.2).", "{piece} a débarqué pendant cette SMC et ne peut plus bouger (SV 3.4.2)."),
    "move.piece.twice": ("{piece} is named twice.", "{piece} est nommé deux fois."),
    "move.path.too_short": ("A path needs the start zone and at least one more zone.", "Un trajet comprend la zone de départ et au moins une autre zone."),
    "move.path.unknown_zone": ("{zone} is not a land zone.", "{zone} n'est pas une zone terrestre."),
    "move.path.not_adjacent": ("{a} and {b} are not adjacent (SV 7.2).", "{a} et {b} ne sont pas adjacentes (SV 7.2)."),
    "move.over_cc": ("{n} units exceed the command capacity {cc} (SV 3.4.1).", "{n} unités dépassent la capacité de commandement {cc} (SV 3.4.1)."),
    "move.over_pm": ("{piece} would spend {cost} PM, more than its {pm} (SV 7.2).", "{piece} dépenserait {cost} PM, plus que ses {pm} (SV 7.2)."),
    "move.lone_unit_one_zone": ("A unit without a leader moves one zone only (SV 3.4.1).", "Une unité sans chef ne se déplace que d'une zone (SV 3.4.1)."),
    "move.offempire_2pm": ("A move made entirely outside the Empire may not spend more than 2 PM (SV 7.3).", "Un mouvement entièrement hors de l'Empire ne peut dépasser 2 PM (SV 7.3)."),
    "move.must_stop_enemy": ("Units must stop on entering {zone}, which holds enemy combat units (SV 7.1).", "Les unités doivent s'arrêter en entrant en {zone}, occupée par des unités ennemies (SV 7.1)."),
    "move.ri_leaves_diocese": ("{piece} (ripenses) may never leave its diocese (SV 3.2.1).", "{piece} (ripenses) ne quitte jamais son diocèse (SV 3.2.1)."),
    "move.pc_needs_emperor": ("{piece} (pseudo-comitatenses) leaves its diocese only with an Augustus, Caesar or Usurpateur (SV 3.2.1).", "{piece} (pseudo-comitatenses) ne quitte son diocèse qu'avec un Augustus, un Caesar ou un Usurpateur (SV 3.2.1)."),
    "move.co_outside_needs_leader": ("{piece} (comitatenses) goes outside the Empire only with a leader (SV 3.2.2).", "{piece} (comitatenses) ne sort de l'Empire qu'avec un chef (SV 3.2.2)."),
    "move.origin_zone_not_at_war": ("{zone} is the home of the {people}, who are not at war (SV 3.4.1, 4.3).", "{zone} est la zone d'origine des {people}, qui ne sont pas en guerre (SV 3.4.1, 4.3)."),
    "move.origin_zone_needs_leader": ("{piece} enters a people's home zone only with {leader} (SV 3.4.1).", "{piece} n'entre dans une zone d'origine qu'avec {leader} (SV 3.4.1)."),
    "move.people_at_peace": ("The {people} are at peace: their pieces stay in their home zones (SV 4.3).", "Les {people} sont en paix : leurs pions restent dans leurs zones d'origine (SV 4.3)."),
    "move.wrong_entry_diocese": ("The {people} enter the Empire only through {diocese} (SV 4.3).", "Les {people} n'entrent dans l'Empire que par {diocese} (SV 4.3)."),
    "move.beyond_5_zones": ("{zone} is more than 5 zones from the home of the {people} (SV 4.3).", "{zone} est à plus de 5 zones de l'origine des {people} (SV 4.3)."),
    "move.barbarian_leader_alone": ("A non-Roman leader never moves alone inside the Empire (SV 4.3).", "Un chef non romain ne se déplace jamais seul dans l'Empire (SV 4.3)."),
    "move.armenia_bound": ("Armenian units leave Armenia only when Iberia or the Persae are at war, and only next to Armenia (SV 4.4.2).", "Les unités d'Armenia ne quittent l'Armenia que si Iberia ou les Persae sont en guerre, et seulement vers une zone adjacente (SV 4.4.2)."),
    "move.stacking_group": ("{zone} would mix pieces that may not stack together (SV 4.2.4).", "{zone} réunirait des pions qui ne peuvent s'empiler (SV 4.2.4)."),
    "move.leader_cannot_command": ("{leader} cannot command {piece} (SV 4.3).", "{leader} ne peut commander {piece} (SV 4.3)."),
    "move.drop.not_in_move": ("{piece} is dropped but does not move.", "{piece} est laissé en route mais ne se déplace pas."),
    "move.drop.not_on_path": ("{zone} is not a zone the stack enters.", "{zone} n'est pas une zone traversée."),
    "move.drop.not_unit": ("Only units are dropped off on the way.", "Seules les unités sont laissées en route."),
    "move.leader_beyond_last_unit": ("A leader may not go on past the last unit still with him (SV 3.4.1).", "Un chef ne peut aller plus loin que la dernière unité qui l'accompagne (SV 3.4.1)."),
    # naval (SV 3.4.2)
    "naval.unknown_fleet": ("{fleet} is not a fleet.", "{fleet} n'est pas une flotte."),
    "naval.not_controlled": ("{fleet} is not controlled by {role} this turn.", "{fleet} n'est pas contrôlée par {role} ce tour-ci."),
    "naval.fleet_out": ("{fleet} is out of play.", "{fleet} est hors jeu."),
    "naval.already_moved": ("{fleet} has already moved in this SMC.", "{fleet} a déjà bougé pendant cette SMC."),
    "naval.not_adjacent": ("{fleet} moves one sea zone per SMC: {to} is not next to it.", "{fleet} se déplace d'une zone navale par SMC : {to} n'est pas adjacente."),
    "naval.forbidden_sea": ("Fleets may not enter {to} (SV 3.4.2).", "Les flottes ne peuvent entrer en {to} (SV 3.4.2)."),
    "naval.cargo_over_2": ("A fleet carries at most 2 combat units (SV 3.4.2).", "Une flotte transporte au plus 2 unités de combat (SV 3.4.2)."),
    "naval.not_at_port_at_smc_start": ("{piece} was not in the port's land zone at the start of the SMC (SV 3.4.2).", "{piece} n'était pas dans la zone du port au début de la SMC (SV 3.4.2)."),
    "naval.non_roman_cargo": ("Fleets carry Roman pieces only (SV 3.4.2).", "Les flottes ne transportent que des pions romains (SV 3.4.2)."),
    "naval.embark_not_in_port": ("Pieces embark only while the fleet is in its port box.", "On n'embarque que lorsque la flotte est dans la case de son port."),
    "naval.bad_landing": ("{zone} is not a coast of the fleet's sea zone.", "{zone} n'est pas une côte de la zone navale de la flotte."),
    "naval.nothing_to_land": ("The fleet carries nothing to land.", "La flotte ne transporte rien à débarquer."),
    # decisions in an SMC
    "evade.bad_destination": ("{zone} is not a legal evasion zone (SV 8.2).", "{zone} n'est pas une zone d'évasion permise (SV 8.2)."),
    "evade.over_cc": ("An evading leader takes at most his CC in units (SV 8.2).", "Un chef qui s'évade emmène au plus sa CC en unités (SV 8.2)."),
    "evade.piece_not_in_battle": ("{piece} is not in this battle.", "{piece} ne participe pas à cette bataille."),
    "evade.group_without_leader": ("Each evading group needs a leader (SV 8.2).", "Chaque groupe qui s'évade a besoin d'un chef (SV 8.2)."),
    "retreat.bad_destination": ("{zone} is not a legal retreat zone (SV 8.4.1).", "{zone} n'est pas une zone de retraite permise (SV 8.4.1)."),
    "retreat.empty": ("Name at least one retreat zone.", "Indiquez au moins une zone de retraite."),
    "losses.not_in_force": ("{piece} is not a unit of the winning force.", "{piece} n'est pas une unité de la force victorieuse."),
    "losses.count": ("Name exactly {n} units to weaken.", "Indiquez exactement {n} unités à affaiblir."),
    "escape.bad_destination": ("{zone} is not a zone next to the leader free of enemy units (SV 7.1).", "{zone} n'est pas une zone adjacente libre d'unités ennemies (SV 7.1)."),
    "reactions.bad_zone": ("{zone} is not a land zone.", "{zone} n'est pas une zone terrestre."),
    "reactions.bad_value": ("{what}: {value} is not allowed.", "{what} : {value} n'est pas permis."),
    "reactions.unknown_piece": ("{piece} is not a piece of this game.", "{piece} n'est pas un pion de cette partie."),
}


def error(code: str, path: str, **fmt) -> OrderError:
    en, fr = TEXTS[code]
    return OrderError(code, path, Message(en.format(**fmt), fr.format(**fmt)))
