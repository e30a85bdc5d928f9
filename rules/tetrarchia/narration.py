"""Every event told in English and French (``data["message"]``), so the game page and the
emails read it without knowing the game (``games/presentation.py`` shows an engine
event's own message)."""

from __future__ import annotations

from rules.tetrarchia.data import board, emperors

EFFECTS = {
    "protected": ("protected, nothing happens", "protégée, rien ne se passe"),
    "unrest": ("an Unrest disc", "un disque d'Agitation"),
    "revolt": ("Unrest turns to Revolt", "l'Agitation devient Révolte"),
    "uprising": ("already in Revolt: an uprising", "déjà en Révolte : un soulèvement"),
}
WHY = {"revolt": ("stands on a Revolt disc", "se trouve sur un disque de Révolte"),
       "defeat": ("is defeated", "est vaincu")}
BLOCKED_BY = {"army": ("another army", "une autre armée"), "broken_link": ("the broken link", "le lien brisé"),
              "constantius": ("Constantius' power", "le pouvoir de Constance")}
REASONS = {"six_frontiers": ("the six frontiers are protected. Roma Victrix!", "les six frontières sont protégées. Roma Victrix !"),
           "rome_taken": ("a barbarian army enters Rome. The Empire is lost!", "une armée barbare entre dans Rome. L'Empire est perdu !"),
           "no_unrest_disc": ("no Unrest disc is left to place. The Empire is lost!", "plus de disque d'Agitation à placer. L'Empire est perdu !"),
           "no_revolt_disc": ("no Revolt disc is left to place. The Empire is lost!", "plus de disque de Révolte à placer. L'Empire est perdu !")}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}


def _p(pid) -> str:
    if pid is None:
        return "-"
    brd = board()
    if pid in brd.provinces:
        return brd.province(pid).name
    if pid in brd.seas:
        return brd.seas[pid].name
    return str(pid)


def _e(eid, lang: str) -> str:
    e = emperors().get(eid)
    return (e.name_en if lang == "en" else e.name_fr) if e else str(eid)


def _the_disc(d, lang: str) -> str:
    """"the Revolt disc", "Galerius' disc"; « le disque de Révolte », « le disque de Galère »."""
    if d == "unrest":
        return "the Unrest disc" if lang == "en" else "le disque d'Agitation"
    if d == "revolt":
        return "the Revolt disc" if lang == "en" else "le disque de Révolte"
    return f"{_e(d, lang)}'s disc" if lang == "en" else f"le disque de {_e(d, lang)}"


def _disc(d, lang: str) -> str:
    if d is None:
        return "no disc" if lang == "en" else "aucun disque"
    if d == "unrest":
        return "Unrest" if lang == "en" else "Agitation"
    if d == "revolt":
        return "Revolt" if lang == "en" else "Révolte"
    return (f"{_e(d, lang)}'s disc" if lang == "en" else f"disque de {_e(d, lang)}")


def _tell(kind: str, d: dict, lang: str) -> str | None:
    en = lang == "en"
    E = lambda key="emperor": _e(d.get(key), lang)  # noqa: E731
    if kind == "die":
        die = ("Roman die" if en else "dé romain") if d["die"] == "roman" else ("normal die" if en else "dé normal")
        value = ROMAN[d["value"]] if d["die"] == "roman" else d["value"]
        return f"{die}{':' if en else ' :'} {value} ({d['purpose']})"
    if kind == "enter":
        return f"{E()} {'enters at' if en else 'revient à'} {_p(d['province'])}."
    if kind == "move":
        how = ("by fleet" if en else "par la flotte") if d["by"] == "sea" else ("by land" if en else "par terre")
        return f"{E()} {'moves' if en else 'se déplace'} {_p(d['from'])} > {_p(d['to'])} {how} ({d['cost']} PI)."
    if kind == "move_other":
        return (f"{E('by_emperor')} moves {E()} {_p(d['from'])} > {_p(d['to'])} ({d['cost']} PI)." if en else
                f"{E('by_emperor')} déplace {E()} {_p(d['from'])} > {_p(d['to'])} ({d['cost']} PI).")
    if kind == "sail":
        return (f"{E()} sails a fleet from {_p(d['from'])} to {_p(d['to'])} ({d['cost']} PI)." if en else
                f"{E()} fait naviguer une flotte de {_p(d['from'])} à {_p(d['to'])} ({d['cost']} PI).")
    if kind == "protect":
        return f"{E()} {'protects' if en else 'protège'} {_p(d['province'])} ({d['cost']} PI)."
    if kind == "subdue":
        if d["how"] == "reduce":
            return (f"{E()} turns the Revolt of {_p(d['province'])} into Unrest ({d['cost']} PI)." if en else
                    f"{E()} change la Révolte de {_p(d['province'])} en Agitation ({d['cost']} PI).")
        return (f"{E()} removes the {_disc(d['disc'], lang)} disc of {_p(d['province'])} ({d['cost']} PI)." if en else
                f"{E()} retire le disque d'{_disc(d['disc'], lang)} de {_p(d['province'])} ({d['cost']} PI).")
    if kind == "attack":
        return (f"{E()} attacks the army in {_p(d['target'])} from {_p(d['from'])} ({d['cost']} PI)." if en else
                f"{E()} attaque l'armée de {_p(d['target'])} depuis {_p(d['from'])} ({d['cost']} PI).")
    if kind == "battle":
        imp = f"({d['roman_die']} + {d['imperial_support']}" + (f" + {d['bonus']}" if d.get("bonus") else "") + f") x{d['imperial_multiplier']} = {d['imperial']}"
        bar = f"({d['normal_die']} + {d['barbarian_support']}) x{d['barbarian_multiplier']} = {d['barbarian']}"
        who = {"emperor": E(), "army": ("the army" if en else "l'armée"), "tie": ("nobody, a tie" if en else "personne, égalité")}[d["winner"]]
        return (f"Battle at {_p(d['army_at'])}: {E()} {imp} against the army {bar}: {who} wins." if en else
                f"Bataille à {_p(d['army_at'])} : {E()} {imp} contre l'armée {bar} : victoire de {who}.")
    if kind == "army_destroyed":
        text = (f"The army in {_p(d['province'])} is destroyed" if en else f"L'armée de {_p(d['province'])} est détruite")
        removed = d.get("disc_removed")
        if d.get("moved_in"):
            text += (f": {E('moved_in')} moves in" if en else f" : {E('moved_in')} y entre")
            if removed:
                text += (f" and removes {_the_disc(removed, lang)}" if en else f" et retire {_the_disc(removed, lang)}")
        elif removed:
            text += (f"; {_the_disc(removed, lang)} there is removed" if en else f"\u00a0; {_the_disc(removed, lang)} y est retiré")
        return text + "."
    if kind == "disc_removed":
        return f"{_disc(d['disc'], lang)} {'leaves' if en else 'quitte'} {_p(d['province'])}."
    if kind == "emperor_leaves":
        why = WHY[d["why"]][0 if en else 1]
        return (f"{E()} {why} and leaves the board ({_p(d['province'])})." if en else
                f"{E()} {why} et quitte le plateau ({_p(d['province'])}).")
    if kind == "roman_phase_continues":
        return (f"{E()} has {d['pi']} PI left: his orders continue." if en else
                f"{E()} a encore {d['pi']} PI : ses ordres continuent.")
    if kind == "roman_phase_ends":
        return (f"End of the Roman phase of {E()} ({d['pi_unused']} PI unused)." if en else
                f"Fin de la phase romaine de {E()} ({d['pi_unused']} PI non utilisés).")
    if kind == "barbarian_phase":
        return f"{'Barbarian phase of' if en else 'Phase barbare de'} {E()}."
    if kind == "unrest_to_revolt":
        return (f"The Unrest of {_p(d['province'])} joins the Revolt of {_p(d['next_to'])}." if en else
                f"L'Agitation de {_p(d['province'])} rejoint la Révolte de {_p(d['next_to'])}.")
    if kind == "broken_link":
        state = ("holds" if d["connected"] else "cuts") if en else ("relie" if d["connected"] else "coupe")
        return f"{'Broken link' if en else 'Lien brisé'} {_p(d['a'])}-{_p(d['b'])}{':' if en else ' :'} {d['roll']}, {state}."
    if kind == "province_rolled":
        return f"{'The dice name' if en else 'Les dés désignent'} {ROMAN[d['region']]}-{d['number']} {_p(d['province'])}."
    if kind == "result":
        return f"{_p(d['province'])}{':' if en else ' :'} {EFFECTS[d['effect']][0 if en else 1]}."
    if kind == "uprising":
        names = ", ".join(_p(p) for p in d["revolts"]) or "-"
        return (f"Uprising from {_p(d['province'])}: Revolt in {names}." if en else
                f"Soulèvement depuis {_p(d['province'])} : Révolte à {names}.")
    if kind == "echo":
        if d.get("army_arrives"):
            return (f"Echo: a barbarian army appears in {_p(d['army_arrives'])}." if en else
                    f"Écho : une armée barbare apparaît en {_p(d['army_arrives'])}.")
        return (f"Echo: the frontier of region {ROMAN[d['region']]} is occupied; the result falls on {_p(d['province'])}." if en else
                f"Écho : la frontière de la région {ROMAN[d['region']]} est occupée ; le résultat tombe sur {_p(d['province'])}.")
    if kind == "army_advances":
        return f"{'An army advances' if en else 'Une armée avance'} {_p(d['src'])} > {_p(d['to'])}."
    if kind == "army_blocked":
        by = BLOCKED_BY[d["by"]][0 if en else 1]
        return (f"The army in {_p(d['province'])} is stopped by {by}." if en else
                f"L'armée de {_p(d['province'])} est arrêtée par {by}.")
    if kind == "devastation":
        text = f"{_p(d['province'])} {'is devastated: Revolt' if en else 'est dévastée : Révolte'}"
        before = d.get("disc_before")
        if before in emperors():
            text += (f"; {_e(before, 'en')}'s disc goes back to him" if en else f" ; le disque de {_e(before, 'fr')} lui revient")
        elif before == "unrest":
            text += ("; the Unrest disc goes back to the box" if en else " ; le disque d'Agitation retourne dans la boîte")
        return text + "."
    if kind == "bonus_unused":
        if d.get("power") == "block_army":
            return (f"Constantius' standing block is not used: he has no disc left to retire ({_p(d.get('province'))})." if en else
                    f"Le blocage permanent de Constance n'est pas utilisé : il n'a plus de disque à retirer ({_p(d.get('province'))}).")
        why = ({"no_discs": "he has no disc left", "no_difference": "no bonus would have changed the battle"} if en else
               {"no_discs": "il n'a plus de disque", "no_difference": "aucun bonus n'aurait changé la bataille"})[d.get("why", "no_difference")]
        what = ("standing bonus" if d.get("standing") else "bonus") if en else ("bonus permanent" if d.get("standing") else "bonus")
        return (f"Galerius' {what} is not used: {why}." if en else f"Le {what} de Galère n'est pas utilisé : {why}.")
    if kind == "turn_starts":
        return (f"Round {d['round']}: turn of {E()} ({d['pi']} PI)." if en else
                f"Tour de table {d['round']} : tour de {E()} ({d['pi']} PI).")
    if kind == "fleets_placed":
        fleets = ", ".join(f"{_p(z)} {n}" for z, n in sorted(d["fleets"].items()) if n)
        return f"{'Fleets:' if en else 'Flottes :'} {fleets}."
    if kind == "imperium":
        return f"IMPERIVM{':' if en else ' :'} {E()} ({d['power']})."
    if kind == "pi_transfer":
        return (f"PATRES PATRIAE: 1 PI from {E('giver')} to {E('receiver')}." if en else
                f"PATRES PATRIAE : 1 PI de {E('giver')} à {E('receiver')}.")
    if kind == "glory":
        return (f"LE GRAND: {E()} {'wins' if d['change'] > 0 else 'loses'} a glory disc ({d['glory']})." if en else
                f"LE GRAND : {E()} {'gagne' if d['change'] > 0 else 'perd'} un disque de gloire ({d['glory']}).")
    if kind == "setup_revolt":
        extra = (" (an additional revolt of the level)" if en else " (une révolte supplémentaire du niveau)") if d.get("additional") else ""
        return (f"Opening revolt: a Revolt disc in {_p(d['province'])}{extra}." if en else
                f"Révolte initiale : un disque de Révolte en {_p(d['province'])}{extra}.")
    if kind == "setup_army":
        return (f"Opening threat: a barbarian army at the frontier {_p(d['province'])}." if en else
                f"Menace initiale : une armée barbare à la frontière {_p(d['province'])}.")
    if kind == "game_over":
        return REASONS[d["reason"]][0 if en else 1]
    return None


def narrate(kind: str, data: dict) -> dict | None:
    try:
        en, fr = _tell(kind, data, "en"), _tell(kind, data, "fr")
    except (KeyError, TypeError):
        return None
    if en is None or fr is None:
        return None
    return {"en": en, "fr": fr}


# -- the end (L382-398) -----------------------------------------------------------------------
SCORE_PARTS = (  # (key of ten_point_score's parts, English, French)
    ("frontiers", "protected frontiers", "frontières protégées"),
    ("italia", "ITALIA without a Revolt disc", "ITALIA sans disque de Révolte"),
    ("unprotected_frontiers", "unprotected frontiers", "frontières non protégées"),
    ("armies", "barbarian armies on the board", "armées barbares sur le plateau"),
    ("regions_in_rebellion", "regions in rebellion (more than 6 PI to subdue)", "régions en rébellion (plus de 6 PI pour les soumettre)"),
)


def _region(rid: str) -> str:
    region = board().regions.get(rid) or {}
    return str(region.get("name") or rid)


def outcome_lines(outcome: dict) -> list[dict]:
    """The emperors' victory or defeat and its reason (L382-391), then the optional score
    out of 10 with each of its parts (L392-398) and, with LE GRAND, the rivalry's end."""
    detail = outcome.get("detail") or {}
    reason = REASONS.get(detail.get("reason"))
    if reason is None:
        return []
    victory = detail.get("result") == "victory"
    head = {"en": ("Victory of the emperors: " if victory else "Defeat of the emperors: ") + reason[0],
            "fr": ("Victoire des empereurs\u00a0: " if victory else "Défaite des empereurs\u00a0: ") + reason[1]}
    lines = [head]
    when = {"en": f"The game ended in round {detail.get('round')}, after {detail.get('turns_played')} emperors' turns, at level {detail.get('level')}.",
            "fr": f"La partie s'est achevée au tour de jeu {detail.get('round')}, après {detail.get('turns_played')} tours d'empereurs, au niveau {detail.get('level')}."}
    if detail.get("round") is not None:
        lines.append(when)
    score = detail.get("ten_point_score") or {}
    parts = score.get("parts") or {}
    if parts:
        shown_en, shown_fr = [], []
        for key, en, fr in SCORE_PARTS:
            value = parts.get(key)
            if value:
                shown_en.append(f"{value:+d} {en}")
                shown_fr.append(f"{value:+d} {fr}")
        rebels = ", ".join(_region(r) for r in score.get("regions_in_rebellion") or [])
        lines.append({"en": f"Score out of 10: {score.get('score')} (" + "; ".join(shown_en or ["nothing counted"]) + ")."
                            + (f" Regions in rebellion: {rebels}." if rebels else ""),
                      "fr": f"Score sur 10\u00a0: {score.get('score')} (" + "\u00a0; ".join(shown_fr or ["rien ne compte"]) + ")."
                            + (f" Régions en rébellion\u00a0: {rebels}." if rebels else "")})
    grand = detail.get("le_grand") or {}
    if grand:
        if grand.get("the_great"):
            lines.append({"en": f"LE GRAND: {_e(grand['the_great'], 'en')} becomes the Great.",
                          "fr": f"LE GRAND\u00a0: {_e(grand['the_great'], 'fr')} devient le Grand."})
        elif grand.get("tetrarchy_preserved"):
            lines.append({"en": "LE GRAND: the Tetrarchy is preserved.", "fr": "LE GRAND\u00a0: la Tétrarchie est préservée."})
    return lines


# -- what a die was rolled for (the dice log) ---------------------------------------------------
DICE = {"roman": ("Roman die", "dé romain"), "normal": ("normal die", "dé normal")}
PURPOSES = {
    "setup-revolt": ("an opening Revolt disc (its province)", "un disque de Révolte initial (sa province)"),
    "setup-extra-revolt": ("an additional opening revolt", "une révolte initiale supplémentaire"),
    "setup-army": ("an opening barbarian army (its region)", "une armée barbare initiale (sa région)"),
    "battle": ("a battle", "une bataille"),
    "echo": ("an echo", "un écho"),
    "province": ("the province the barbarians strike", "la province que frappent les barbares"),
    "broken-link": ("a broken link", "un lien brisé"),
}


def roll_purpose(purpose: str) -> dict | None:
    """``"normal:setup-revolt"`` -> "normal die, an opening Revolt disc (its province)"."""
    die, _, what = purpose.partition(":")
    what = what.split(":", 1)[0]
    if die not in DICE or what not in PURPOSES:
        return None
    return {"en": f"{DICE[die][0]}, {PURPOSES[what][0]}", "fr": f"{DICE[die][1]}, {PURPOSES[what][1]}"}
