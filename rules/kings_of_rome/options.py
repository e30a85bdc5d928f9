"""Game options: the number of players, the length of the game, and the readings of the
ambiguities decided in DECISIONS.md where an owner of the printed game may want the other."""

from __future__ import annotations

from rules.kings_of_rome.data import CURIAE


def _option(oid, choices, default, en, fr):
    return {"id": oid, "choices": list(choices), "default": default, "help": {"en": en, "fr": fr}}


OPTIONS = [
    _option("players", (2, 3, 4), 3,
            "Players (§3.1): 2 (Latina+Sabina against Etrusca+Volsca), 3 (the King holds Latina+Sabina), 4 (a Curia each).",
            "Joueurs (§3.1) : 2 (Latina+Sabina contre Etrusca+Volsca), 3 (le Roi tient Latina+Sabina), 4 (une Curie chacun)."),
    _option("last_turn", (12, 15, 18, 21, 24, 27, 30), 24,
            "The last turn (§8.0 prints none; the publisher's 24 by default, A-53).",
            "Le dernier tour (§8.0 n'en donne pas ; 24 selon l'éditeur par défaut, A-53)."),
    _option("secret_name_table", ("file-order", "digest"), "file-order",
            "A-02: the reading of the Secret Name table's unreadable rows 2-5 (T7).",
            "A-02 : la lecture des lignes 2 à 5 illisibles de la table du Nom secret (T7)."),
    _option("preventive_retreat", ("equal-or-larger", "equal-or-smaller"), "equal-or-larger",
            "A-40: an enemy of Rome may withdraw inside its walls when its army is at least as large as Rome's (as printed) or at most as large.",
            "A-40 : un ennemi de Rome peut se retirer dans ses murs si son armée est au moins aussi grande que celle de Rome (texte) ou au plus aussi grande."),
    _option("siege_garrison_bonus", ("once", "each-roll"), "once",
            "A-37: the garrison's +1 (max 3) before the siege roll is given once a siege, or before every siege roll.",
            "A-37 : le +1 de la garnison (max 3) avant le jet de siège est donné une fois par siège, ou avant chaque jet."),
    _option("winner", ("best-curia", "seat-total"), "best-curia",
            "§8.0: the seat of the Curia with the most IP wins (as printed), or the seat whose Curiae hold the most IP together.",
            "§8.0 : gagne le joueur de la Curie qui a le plus de PI (texte), ou celui dont les Curies ont le plus de PI ensemble."),
    _option("royal_rewards", ("by-rank", "cumulative"), "by-rank",
            "A-24: a King's or Magister's victory pays §5.5.3 (and §6.5.10 pays the others), or both schedules add up.",
            "A-24 : une victoire du Roi ou d'un Magister rapporte §5.5.3 (et §6.5.10 les autres), ou les deux barèmes s'ajoutent."),
    _option("omen_dice", ("action-dice", "allowance-die"), "action-dice",
            "A-29: the omens change every die the active Roman players roll in the actions phase, or only the action-allowance die.",
            "A-29 : les présages modifient tous les dés des joueurs romains actifs pendant la phase d'actions, ou seulement le dé de capacité d'action."),
    _option("captivi", ("end-of-turn", "end-of-game"), "end-of-turn",
            "A-39: captives turn into IP at the end of the turn (§7.2) or of the game (§6.3.4).",
            "A-39 : les captifs deviennent des PI à la fin du tour (§7.2) ou de la partie (§6.3.4)."),
    _option("trial_tie", ("acquitted", "guilty"), "acquitted",
            "A-21: an Ignominia trial whose totals tie acquits the accused, or finds him guilty.",
            "A-21 : un procès en Ignominie à égalité acquitte l'accusé, ou le condamne."),
    _option("battle_tie", ("no-winner", "defender"), "no-winner",
            "A-44: battle-track markers equally close to 0 leave no winner, or give the battle to the defender.",
            "A-44 : des marqueurs de bataille à égale distance de 0 ne donnent pas de vainqueur, ou donnent la bataille au défenseur."),
]


def defaults() -> dict:
    return {o["id"]: o["default"] for o in OPTIONS}


def normalise(options: dict | None) -> dict:
    """Defaults filled in; an unknown option or value is an error (``ValueError``)."""
    out = defaults()
    for key, value in sorted((options or {}).items()):
        spec = next((o for o in OPTIONS if o["id"] == key), None)
        if spec is None:
            raise ValueError(f"unknown Kings of Rome option {key!r}")
        if isinstance(value, str) and value.isdigit() and all(isinstance(c, int) for c in spec["choices"]):
            value = int(value)
        if value not in spec["choices"]:
            raise ValueError(f"option {key!r} cannot be {value!r}; choose one of {spec['choices']}")
        out[key] = value
    return out


def seats(players: int) -> dict[str, list[str]]:
    """Which Curiae each seat holds (§3.1.1-§3.1.3). The seat holding Latina is the first
    King's (L339-340, L346-347, L362-363, L378-380)."""
    if players == 2:
        return {"latina-sabina": ["latina", "sabina"], "etrusca-volsca": ["etrusca", "volsca"]}
    if players == 3:
        return {"latina-sabina": ["latina", "sabina"], "etrusca": ["etrusca"], "volsca": ["volsca"]}
    return {c: [c] for c in CURIAE}
