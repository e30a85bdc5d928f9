"""Game options: the players, the level, the five variants (L400-501) and the readings of
the ambiguities decided in DECISIONS.md."""

from __future__ import annotations

from rules.tetrarchia.levels import NORMAL, all_levels


def _option(oid, choices, default, en, fr):
    label, choice_labels = LABELS[oid]
    return {"id": oid, "label": {"en": label[0], "fr": label[1]}, "choices": list(choices),
            "choice_labels": {str(c): {"en": choice_labels(c)[0], "fr": choice_labels(c)[1]} for c in choices},
            "default": default, "help": {"en": en, "fr": fr}}


def _on_off(choice):
    return ("on", "oui") if choice else ("off", "non")


def _level(code):
    discs, fleets, revolts, armies = (int(c) for c in str(code))
    return (f"{code}: {discs} discs per emperor, {fleets} fleets, {revolts} additional revolts, {armies} armies"
            + (" (normal)" if str(code) == NORMAL else ""),
            f"{code} : {discs} disques par Empereur, {fleets} flottes, {revolts} révoltes additionnelles, {armies} armées"
            + (" (normal)" if str(code) == NORMAL else ""))


#: Each option and each of its choices by name, for the new-game form.
LABELS = {
    "players": (("Players", "Joueurs"), lambda n: {
        1: ("1: one player commands the four emperors", "1 : un joueur commande les quatre Empereurs"),
        2: ("2: an Augustus and his Caesar each", "2 : un Auguste et son César chacun"),
        3: ("3: one emperor each, a Caesar shared", "3 : un Empereur chacun, un César partagé"),
        4: ("4: one emperor each", "4 : un Empereur chacun")}[n]),
    "level": (("Difficulty level", "Niveau de difficulté"), _level),
    "imperivm": (("Variant IMPERIVM (the emperors' powers)", "Variante IMPERIVM (les pouvoirs des Empereurs)"), _on_off),
    "mare_nostrvm": (("Variant MARE NOSTRVM (enlarged sea zones)", "Variante MARE NOSTRVM (zones maritimes élargies)"), _on_off),
    "diarchia": (("Variant DIARCHIA (each pair shares its discs)", "Variante DIARCHIA (chaque couple partage ses disques)"), _on_off),
    "patres_patriae": (("Variant PATRES PATRIAE (PI passed between emperors)", "Variante PATRES PATRIAE (PI passés entre Empereurs)"), _on_off),
    "le_grand": (("Variant LE GRAND (glory and the Great)", "Variante LE GRAND (la gloire et le Grand)"), _on_off),
    "shared_caesar": (("With 3 players, the shared Caesar", "À 3 joueurs, le César partagé"), lambda c: {
        "galerius": ("Galerius", "Galère"), "constantius": ("Constantius", "Constance")}[c]),
    "sail_reach": (("Which fleets an emperor may sail", "Quelles flottes un Empereur fait naviguer"), lambda c: {
        "anywhere": ("any fleet, wherever he stands", "n'importe quelle flotte, où qu'il soit"),
        "coastal": ("only from the coast of the fleet's zone", "seulement depuis la côte de la zone de la flotte")}[c]),
    "galerius_bonus": (("Galerius' +1 in battle (IMPERIVM)", "Le +1 de Galère au combat (IMPERIVM)"), lambda c: {
        "before_multiplier": ("added before the x2 multipliers", "ajouté avant les multiplicateurs x2"),
        "after_multiplier": ("added after the multipliers", "ajouté après les multiplicateurs")}[c]),
    "glory_in_defence": (("Under LE GRAND, glory from battles an army starts", "Avec LE GRAND, gloire des batailles lancées par une armée"), lambda c: {
        True: ("yes: every battle counts", "oui : toute bataille compte"),
        False: ("no: only the battles an emperor starts", "non : seulement celles d'un Empereur")}[c]),
}


OPTIONS = [
    _option("players", (1, 2, 3, 4), 1,
            "Players (L87-101): 1 plays the four emperors; 2 an Augustus/Caesar pair each; 3 one each with a shared Caesar; 4 one each.",
            "Joueurs (L87-101) : 1 joue les quatre Empereurs ; 2 un couple Auguste/César chacun ; 3 un chacun et un César partagé ; 4 un chacun."),
    _option("level", tuple(lv["code"] for lv in all_levels()), NORMAL,
            "Difficulty (L121-138): emperor discs, fleets, additional revolts, initial armies. 4211 is normal, 4200 is recommended for a first game.",
            "Difficulté (L121-138) : disques d'Empereur, flottes, révoltes additionnelles, armées initiales. 4211 est normal, 4200 conseillé pour commencer."),
    _option("imperivm", (False, True), False,
            "Variant IMPERIVM (L431-441): a power per emperor, each use retires one of his discs.",
            "Variante IMPERIVM (L431-441) : un pouvoir par Empereur, chaque usage retire un de ses disques."),
    _option("mare_nostrvm", (False, True), False,
            "Variant MARE NOSTRVM (L442-444): fleets in two adjacent zones make one enlarged zone.",
            "Variante MARE NOSTRVM (L442-444) : des flottes dans deux zones adjacentes forment une zone élargie."),
    _option("diarchia", (False, True), False,
            "Variant DIARCHIA (L445-448): each Augustus/Caesar pair shares its discs for support.",
            "Variante DIARCHIA (L445-448) : chaque couple Auguste/César partage ses disques pour l'appui."),
    _option("patres_patriae", (False, True), False,
            "Variant PATRES PATRIAE (L450-453): Diocletian may take 1 PI from Galerius, Constantius may give 1 PI to Maximian.",
            "Variante PATRES PATRIAE (L450-453) : Dioclétien peut prendre 1 PI à Galère, Constance peut donner 1 PI à Maximien."),
    _option("le_grand", (False, True), False,
            "Variant LE GRAND (L455-501): glory discs for battles won; on a team victory one emperor may become the Great.",
            "Variante LE GRAND (L455-501) : disques de gloire pour les batailles gagnées ; en cas de victoire un Empereur peut devenir le Grand."),
    _option("shared_caesar", ("galerius", "constantius"), "galerius",
            "D2: with 3 players, the Caesar whose orders are shared; his Augustus' player has the last word and gives them (L97-99).",
            "D2 : à 3 joueurs, le César partagé ; le joueur de son Auguste a le dernier mot et donne ses ordres (L97-99)."),
    _option("sail_reach", ("anywhere", "coastal"), "anywhere",
            "D8: an emperor on the board sails any fleet (the text sets no place, L197-198), or only from the coast of the fleet's zone.",
            "D8 : un Empereur sur le plateau fait naviguer n'importe quelle flotte (le texte ne fixe pas de lieu, L197-198), ou seulement depuis la côte de sa zone."),
    _option("galerius_bonus", ("before_multiplier", "after_multiplier"), "before_multiplier",
            "D12: Galerius' +1 (IMPERIVM) joins die plus support before the x2 multipliers (the combat value of L256), or is added after them.",
            "D12 : le +1 de Galère (IMPERIVM) s'ajoute au dé plus appui avant les x2 (la valeur de combat de L256), ou après."),
    _option("glory_in_defence", (True, False), True,
            "D14: under LE GRAND, a battle an army starts also wins or costs glory (True), or only the battles an emperor starts (False).",
            "D14 : avec LE GRAND, une bataille lancée par une armée donne ou coûte aussi de la gloire (True), ou seulement celles d'un Empereur (False)."),
]


def defaults() -> dict:
    return {o["id"]: o["default"] for o in OPTIONS}


def normalise(options: dict | None) -> dict:
    """Defaults filled in; an unknown option or value is an error (``ValueError``)."""
    out = defaults()
    for key, value in sorted((options or {}).items()):
        spec = next((o for o in OPTIONS if o["id"] == key), None)
        if spec is None:
            raise ValueError(f"unknown Tetrarchia option {key!r}")
        if key == "level":
            value = str(value)
        if key == "players" and isinstance(value, str) and value.isdigit():
            value = int(value)
        if value not in spec["choices"]:
            raise ValueError(f"option {key!r} cannot be {value!r}; choose one of {spec['choices']}")
        out[key] = value
    return out


def seats(players: int, shared_caesar: str = "galerius") -> dict[str, list[str]]:
    """Which emperors each role commands, in the order of play (L93-101). With three
    players the shared Caesar is commanded by his Augustus' player, who has the last word."""
    if players == 1:
        return {"player-1": ["diocletian", "galerius", "constantius", "maximian"]}
    if players == 2:
        return {"player-1": ["diocletian", "galerius"], "player-2": ["constantius", "maximian"]}
    if players == 3:
        if shared_caesar == "galerius":
            return {"player-1": ["diocletian", "galerius"], "player-2": ["constantius"], "player-3": ["maximian"]}
        return {"player-1": ["diocletian"], "player-2": ["galerius"], "player-3": ["constantius", "maximian"]}
    return {"player-1": ["diocletian"], "player-2": ["galerius"], "player-3": ["constantius"], "player-4": ["maximian"]}
