"""What a page shows around the Tetrarchia board (``Ruleset.furniture``): the emperors and
the barbarian armies, the discs (each emperor's in his colour, Revolt and Unrest plainly
apart), the legend, the turn by name, and the panels a Tetrarchia player reads: the level
and the variants, which emperors each seat commands and where they stand, and the
supplies. Pure; every word in English and French."""

from __future__ import annotations

from rules.tetrarchia.boardmap import EMPEROR_COLOURS
from rules.tetrarchia.choices import _fr, emperor_name, province_label, province_name
from rules.tetrarchia.data import EMPEROR_ORDER, emperors

LANGS = ("en", "fr")
ARMY = "barbari"
ARMY_COLOUR = "#222222"
REVOLT_COLOUR = "#111111"
UNREST_COLOUR = "#9e9e9e"
#: How each marker is drawn (``Ruleset.furniture``'s markers: colour, symbol per language,
#: shape, ring colour, dashed ring): Revolt and Unrest differ in colour, letter and ring.
REVOLT = {"kind": "revolt", "symbol": {"en": "R", "fr": "R"}, "colour": REVOLT_COLOUR, "shape": "disc", "ring": "#e53935"}
UNREST = {"kind": "unrest", "symbol": {"en": "U", "fr": "A"}, "colour": UNREST_COLOUR, "shape": "disc", "ring": "#111111",
          "dashed": True}
PROTECTED = {"kind": "protected", "symbol": {"en": "✓", "fr": "✓"}, "colour": "#05571f", "shape": "square"}
FLEET = {"kind": "fleet", "colour": "#0d3b66", "shape": "square", "ring": "#ffffff"}
VARIANTS = {
    "imperivm": ("IMPERIVM: a power for each emperor", "IMPERIVM : un pouvoir par Empereur"),
    "mare_nostrvm": ("MARE NOSTRVM: fleets of adjacent zones join", "MARE NOSTRVM : les flottes de zones voisines s'unissent"),
    "diarchia": ("DIARCHIA: each pair shares its discs for support", "DIARCHIA : chaque couple partage ses disques pour l'appui"),
    "patres_patriae": ("PATRES PATRIAE: PI passed between partners", "PATRES PATRIAE : des PI passent entre partenaires"),
    "le_grand": ("LE GRAND: glory, and one emperor may become the Great", "LE GRAND : la gloire, et un Empereur peut devenir le Grand"),
}
LEVEL_ROWS = (("discs", "emperor discs each", "disques par Empereur"), ("fleets", "fleets", "flottes"),
              ("revolts", "additional revolts", "révoltes additionnelles"), ("armies", "initial armies", "armées initiales"))


def _m(en: str, fr: str) -> dict:
    return {"en": en, "fr": _fr(fr)}


def colour_of(eid: str) -> str:
    e = emperors().get(eid)
    return EMPEROR_COLOURS.get(e.colour, "#555555") if e else "#555555"


def _emperor(eid: str) -> dict:
    return {lang: emperor_name(eid, lang) for lang in LANGS}


def phase_name(view: dict) -> dict:
    if view.get("result"):
        return _m("Game over", "Partie terminée")
    if view.get("phase") == "fleets":
        return _m("Setting up: the fleets", "Mise en place : les flottes")
    turn = view.get("turn") or {}
    e = turn.get("emperor")
    if not e:
        return _m(str(view.get("phase")), str(view.get("phase")))
    return {"en": f"Roman phase of {emperor_name(e, 'en')}", "fr": f"Phase romaine de {emperor_name(e, 'fr')}"}


def furniture(view: dict, role: str | None) -> dict:
    stacks = []
    for eid in EMPEROR_ORDER:
        where = ((view.get("emperors") or {}).get(eid) or {}).get("at")
        if where:
            label = {lang: f"{emperor_name(eid, lang)}" for lang in LANGS}
            stacks.append({"zone": where, "side": eid, "strength": None,
                           "pieces": [{"id": eid, "kind": "leader", "name": _emperor(eid), "label": label,
                                       "weakened": False, "usurper": False, "strength": None}]})
    for zone in view.get("armies") or []:
        stacks.append({"zone": zone, "side": ARMY, "strength": None,
                       "pieces": [{"id": f"army-{zone}", "kind": "unit", "name": _m("Barbarian army", "Armée barbare"),
                                   "label": _m(f"Barbarian army in {province_name(zone)}", f"Armée barbare en {province_name(zone)}"),
                                   "weakened": False, "usurper": False, "strength": None}]})
    markers: dict[str, list] = {}
    for zone, disc in sorted((view.get("discs") or {}).items()):
        where = {lang: province_name(zone) for lang in LANGS}
        if disc == "revolt":  # a solid black disc ringed in red (L60-62)
            m = dict(REVOLT, label=_m(f"Revolt disc in {where['en']}", f"Disque de Révolte en {where['fr']}"))
        elif disc == "unrest":  # a grey disc with a dashed ring: plainly not a Revolt
            m = dict(UNREST, label=_m(f"Unrest disc in {where['en']}", f"Disque d'Agitation en {where['fr']}"))
        else:
            m = {"kind": "emperor-disc", "symbol": {lang: emperor_name(disc, lang)[0] for lang in LANGS}, "colour": colour_of(disc),
                 "shape": "disc", "ring": "#ffffff",
                 "label": {lang: (f"{where[lang]} protected by a disc of {emperor_name(disc, lang)}" if lang == "en"
                                  else f"{where[lang]} protégée par un disque de {emperor_name(disc, lang)}") for lang in LANGS}}
        markers.setdefault(zone, []).append(m)
    for zone in view.get("protected_frontiers") or []:
        markers.setdefault(zone, []).append(dict(PROTECTED, label=_m(f"Frontier protected: {province_name(zone)}",
                                                                     f"Frontière protégée : {province_name(zone)}")))
    for sea, count in sorted((view.get("fleets") or {}).items()):
        if count:
            markers.setdefault(sea, []).append(dict(FLEET, symbol=str(count), label=_m(
                f"{count} Roman fleet{'s' if count != 1 else ''} in {province_name(sea)}",
                f"{count} flotte{'s' if count != 1 else ''} romaine{'s' if count != 1 else ''} en {province_name(sea)}")))
    sides = {eid: {"name": _emperor(eid), "colour": colour_of(eid)} for eid in EMPEROR_ORDER}
    sides[ARMY] = {"name": _m("Barbarians", "Barbares"), "colour": ARMY_COLOUR}
    legend = [{"kind": "side", "key": eid, "colour": colour_of(eid), "label": _emperor(eid)} for eid in EMPEROR_ORDER]
    legend += [
        {"kind": "side", "key": ARMY, "colour": ARMY_COLOUR, "label": _m("Barbarian army", "Armée barbare")},
        dict(REVOLT, kind="marker", key="revolt", label=_m("Revolt disc (black, red ring)", "Disque de Révolte (noir, cerclé de rouge)")),
        dict(UNREST, kind="marker", key="unrest", label=_m("Unrest disc (grey, dashed ring)", "Disque d'Agitation (gris, cercle pointillé)")),
        {"kind": "marker", "key": "emperor-disc", "symbol": {lang: emperor_name("diocletian", lang)[0] for lang in LANGS},
         "colour": colour_of("diocletian"), "shape": "disc", "ring": "#ffffff",
         "label": _m("An emperor's disc, in his colour and with his initial: the province is protected",
                     "Disque d'un Empereur, à sa couleur et à son initiale : la province est protégée")},
        dict(PROTECTED, kind="marker", key="protected", label=_m("Frontier protected", "Frontière protégée")),
        dict(FLEET, kind="marker", key="fleet", symbol={"en": "2", "fr": "2"},
             label=_m("Roman fleets in a sea zone (how many)", "Flottes romaines dans une zone maritime (combien)")),
        {"kind": "glyph", "key": "coast", "symbol": "≈", "colour": "#005f73",
         "label": _m("Coast of a sea zone, in the sea's colour (its fleets reach it)", "Côte d'une zone maritime, à la couleur de la mer (ses flottes l'atteignent)")},
        {"kind": "line", "key": "path", "colour": "#555555", "label": _m("The barbarians' path towards Rome", "Le chemin des barbares vers Rome")},
        {"kind": "line", "key": "broken", "colour": "#a00000", "dashed": True, "label": _m("Broken link (2 PI)", "Lien brisé (2 PI)")},
        {"kind": "symbol", "key": "coordinates", "label": _m("(II 4): the region (Roman die) and the number (normal die) the dice address",
                                                            "(II 4) : la région (dé romain) et le numéro (dé normal) que désignent les dés")},
    ]
    turn = view.get("turn") or {}
    facts = [{"label": _m("Round", "Tour"), "value": str(view.get("round"))},
             {"label": _m("Now", "En cours"), "value": phase_name(view)}]
    if turn.get("emperor") and not view.get("result"):
        facts.append({"label": _m("PI left", "PI restants"), "value": str(turn.get("pi"))})
    facts.append({"label": _m("Score (out of 10)", "Score (sur 10)"), "value": str(view.get("score"))})
    facts.append({"label": _m("Frontiers protected", "Frontières protégées"), "value": f"{len(view.get('protected_frontiers') or [])} / 6"})
    own = list((view.get("roles") or {}).get(role) or []) if role else []  # the emperors the reader commands
    return {"stacks": stacks, "markers": markers, "control": {}, "sides": sides, "legend": legend, "own_sides": own,
            "phase": phase_name(view), "facts": facts, "panels": _panels(view), "scores": {},
            # The IMPERIVM powers that act in the barbarian phase (L436-440; DECISIONS.md D11): no
            # opponent here, the barbarians move by the dice.
            "standing_help": {"en": "They answer for your emperors when the barbarians attack them in the barbarian phase, "
                                    "until you change them; they are sent with these orders.",
                              "fr": "Elles répondent pour vos empereurs quand les barbares les attaquent pendant la phase "
                                    "barbare, jusqu'à ce que vous les changiez ; elles partent avec ces ordres."}}


def _seat(role: str, lang: str) -> str:
    """``player-2``: "Player 2", « Joueur 2 » (the seat's name, Ruleset.role_name)."""
    number = str(role).rpartition("-")[2]
    return (f"Player {number}" if lang == "en" else f"Joueur {number}") if number.isdigit() else str(role)


def _panels(view: dict) -> list[dict]:
    level = view.get("level") or {}
    opts = view.get("options") or {}
    items = [{"label": _m("Level", "Niveau"),
              "detail": {lang: f"{level.get('code')}" + (": " if lang == "en" else "\u00a0: ") + ", ".join(f"{level.get(k)} {en if lang == 'en' else fr}" for k, en, fr in LEVEL_ROWS)
                         for lang in LANGS}}]
    on = [v for k, v in VARIANTS.items() if opts.get(k)]
    items.append({"label": _m("Variants", "Variantes"),
                  "detail": {"en": "; ".join(v[0] for v in on) or "none", "fr": _fr(" ; ".join(v[1] for v in on)) or "aucune"}})
    game = {"id": "game", "private": False, "title": _m("Level and variants", "Niveau et variantes"), "items": items}
    turn = view.get("turn") or {}
    rows = []
    for role, commanded in sorted((view.get("roles") or {}).items()):
        for eid in commanded:
            e = (view.get("emperors") or {}).get(eid) or {}
            where = {lang: province_label(e["at"]) if e.get("at") else ("off the board" if lang == "en" else "hors du plateau") for lang in LANGS}
            active = turn.get("emperor") == eid and not view.get("result")
            glory = f", glory {e.get('glory', 0)}" if opts.get("le_grand") else ""
            gloire = f", gloire {e.get('glory', 0)}" if opts.get("le_grand") else ""
            rows.append({"label": {lang: emperor_name(eid, lang) + (" ★" if active else "") for lang in LANGS},
                         "colour": colour_of(eid),
                         "detail": {"en": f"{_seat(role, 'en')}; {where['en']}; {e.get('discs', 0)} discs in hand, {e.get('retired', 0)} retired{glory}"
                                          + ("; acting now" if active else ""),
                                    "fr": _fr(f"{_seat(role, 'fr')} ; {where['fr']} ; {e.get('discs', 0)} disques en main, {e.get('retired', 0)} retirés{gloire}"
                                              + (" ; joue maintenant" if active else ""))}})
    reserve = view.get("reserve") or {}
    fleets = view.get("fleets") or {}
    supplies = [
        {"label": _m("Unrest discs left", "Disques d'Agitation restants"), "detail": str(reserve.get("unrest"))},
        {"label": _m("Revolt discs left", "Disques de Révolte restants"), "detail": str(reserve.get("revolt"))},
        {"label": _m("Barbarian armies left", "Armées barbares restantes"), "detail": str(reserve.get("armies"))},
        {"label": _m("Fleets", "Flottes"), "detail": {lang: ", ".join(f"{province_name(z)} {n}" for z, n in sorted(fleets.items())) for lang in LANGS}},
    ]
    return [game,
            {"id": "emperors", "private": False, "title": _m("The emperors", "Les Empereurs"), "items": rows},
            {"id": "supplies", "private": False, "title": _m("Supplies", "Réserves"), "items": supplies}]
