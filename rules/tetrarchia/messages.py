"""Every order error, in English and French, by stable code."""

from __future__ import annotations

from rules.base import Message, OrderError

TEXTS: dict[str, tuple[str, str]] = {
    "orders.shape": ("The order set must be an object with a list of actions.",
                     "L'ensemble d'ordres doit être un objet avec une liste d'actions."),
    "orders.not_your_turn": ("{role} does not give the orders of {emperor}, who acts now.",
                             "{role} ne donne pas les ordres de {emperor}, qui joue maintenant."),
    "orders.no_decision": ("No decision is awaited now.", "Aucune décision n'est attendue maintenant."),
    "orders.unknown_field": ("Unknown field {field}.", "Champ inconnu {field}."),
    "fleets.count": ("Place exactly {count} fleet(s).", "Placez exactement {count} flotte(s)."),
    "fleets.unknown_zone": ("{zone} is not a sea zone.", "{zone} n'est pas une zone maritime."),
    "enter.on_board": ("{emperor} is already on the board.", "{emperor} est déjà sur le plateau."),
    "enter.unknown": ("Return at roma or capital, not {where}.", "Revenez à roma ou capital, pas {where}."),
    "enter.capital_not_free": ("The capital {province} is not free of barbarians and discs.",
                               "La capitale {province} n'est pas libre de barbares et de disques."),
    "action.unknown": ("Unknown action {act}.", "Action inconnue {act}."),
    "action.shape": ("Each action is an object with an act.", "Chaque action est un objet avec un champ act."),
    "action.after_attack": ("An attack ends the order set: its dice decide what may follow.",
                            "Une attaque termine l'ensemble d'ordres : ses dés décident de la suite."),
    "action.must_move_on": ("{emperor} only passes through {province} (another emperor is there): the next action must be a move.",
                            "{emperor} ne fait que traverser {province} (un autre Empereur s'y trouve) : l'action suivante doit être un déplacement."),
    "pi.not_enough": ("{act} costs {cost} PI, only {pi} left.", "{act} coûte {cost} PI, il n'en reste que {pi}."),
    "province.unknown": ("{province} is not a province.", "{province} n'est pas une province."),
    "move.same_province": ("{emperor} is already in {province}.", "{emperor} est déjà à {province}."),
    "move.not_connected": ("No link from {src} to {dst}, and no fleet between them.",
                           "Aucun lien de {src} à {dst}, ni aucune flotte entre elles."),
    "move.no_fleet": ("No fleet allows sailing from {src} to {dst}.", "Aucune flotte ne permet d'aller de {src} à {dst}."),
    "move.no_link": ("No link from {src} to {dst}.", "Aucun lien de {src} à {dst}."),
    "move.army_there": ("A barbarian army holds {province}: attack it instead.",
                        "Une armée barbare occupe {province} : attaquez-la plutôt."),
    "move.by": ("by must be land or sea.", "by doit valoir land ou sea."),
    "move.ends_passing": ("{emperor} cannot stop in {province}: another emperor is there.",
                          "{emperor} ne peut pas s'arrêter à {province} : un autre Empereur s'y trouve."),
    "sail.unknown_zone": ("{zone} is not a sea zone.", "{zone} n'est pas une zone maritime."),
    "sail.no_fleet": ("No fleet in {zone}.", "Aucune flotte dans {zone}."),
    "sail.not_adjacent": ("{src} and {dst} are not adjacent zones.", "{src} et {dst} ne sont pas des zones adjacentes."),
    "sail.not_coastal": ("{emperor} must stand on the coast of {zone} to sail its fleet (option sail_reach).",
                         "{emperor} doit se trouver sur la côte de {zone} pour faire naviguer sa flotte (option sail_reach)."),
    "protect.no_disc_left": ("{emperor} has no disc left.", "{emperor} n'a plus de disque."),
    "protect.not_empty": ("{province} already holds a disc.", "{province} contient déjà un disque."),
    "protect.region_in_revolt": ("A frontier can be protected only while its region has no Revolt disc.",
                                 "Une frontière ne peut être protégée que si sa région n'a aucun disque de Révolte."),
    "subdue.nothing": ("{province} has no Unrest or Revolt disc.", "{province} n'a pas de disque d'Agitation ou de Révolte."),
    "subdue.not_revolt": ("Only a Revolt disc can be turned into Unrest.", "Seul un disque de Révolte peut devenir Agitation."),
    "subdue.no_grey_disc": ("No grey disc left in the box to turn Revolt into Unrest.",
                            "Plus de disque gris dans la réserve pour changer la Révolte en Agitation."),
    "subdue.how": ("how must be remove or reduce.", "how doit valoir remove ou reduce."),
    "attack.no_army": ("No barbarian army in {province}.", "Aucune armée barbare à {province}."),
    "attack.not_linked": ("{src} and {dst} are not linked (a fleet allows moving, not attacking).",
                          "{src} et {dst} ne sont pas reliées (une flotte permet le mouvement, pas l'attaque)."),
    "attack.bonus": ("Only Galerius under IMPERIVM may add a combat bonus.",
                     "Seul Galère, avec IMPERIVM, peut ajouter un bonus de combat."),
    "imperium.off": ("The IMPERIVM variant is not in play.", "La variante IMPERIVM n'est pas utilisée."),
    "imperium.not_this_emperor": ("{emperor} has no power to switch on for a turn.",
                                  "{emperor} n'a pas de pouvoir à activer pour un tour."),
    "imperium.no_disc": ("Using the power retires a disc, and {emperor} has none left.",
                         "Utiliser le pouvoir retire un disque, et {emperor} n'en a plus."),
    "imperium.already": ("The power is already in use this turn.", "Le pouvoir est déjà utilisé ce tour-ci."),
    "move_other.not_allowed": ("Only Diocletian, with his IMPERIVM power on, moves the other emperors.",
                               "Seul Dioclétien, son pouvoir IMPERIVM activé, déplace les autres Empereurs."),
    "move_other.unknown_emperor": ("{emperor} cannot be moved (unknown, himself, or off the board).",
                                   "{emperor} ne peut pas être déplacé (inconnu, lui-même, ou hors du plateau)."),
    "move_other.occupied": ("{province} already holds a figure.", "{province} contient déjà une figure."),
    "patres.off": ("The PATRES PATRIAE variant is not in play.", "La variante PATRES PATRIAE n'est pas utilisée."),
    "patres.not_this_emperor": ("Only Diocletian (taking from Galerius) and Constantius (giving to Maximian) move a PI.",
                                "Seuls Dioclétien (qui prend à Galère) et Constance (qui donne à Maximien) transfèrent un PI."),
    "patres.once": ("A PI moves once a turn, at its start.", "Un PI se transfère une fois par tour, au début."),
    "standing.unknown": ("Unknown standing choice {field} for {emperor}.", "Choix permanent inconnu {field} pour {emperor}."),
    "standing.not_yours": ("{role} does not control {emperor}.", "{role} ne contrôle pas {emperor}."),
    "notation.unknown_line": ("Cannot read: {text}", "Illisible : {text}"),
    "notation.arguments": ("{word}: {expected}", "{word} : {expected}"),
}


def _named(value, lang: str):
    """An emperor, a province or a sea zone by its name in ``lang`` (an error says
    "Galerius cannot stop in Apvlia", never its ids); anything else as it is."""
    from rules.tetrarchia.data import board, emperors

    if not isinstance(value, str):
        return value
    emperor = emperors().get(value)
    if emperor is not None:
        return emperor.name_en if lang == "en" else emperor.name_fr
    if value in board().provinces:
        return board().province(value).name.title()
    if value in board().seas:
        return board().seas[value].name.title()
    return value


def error(code: str, path: str, **args) -> OrderError:
    en, fr = TEXTS[code]
    named = {lang: {k: _named(v, lang) for k, v in args.items()} for lang in ("en", "fr")}
    return OrderError(code=code, path=path, message=Message(en.format(**named["en"]), fr.format(**named["fr"])))
