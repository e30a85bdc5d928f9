"""What a page shows around an Imperator title's board (``Ruleset.furniture``): the stacks
with their names and strengths, the markers, the sides and their colours, the legend, the
facts of the turn by name, and the player's own panels (the stratagems in hand, the
standing reactions in force). Pure: it reads a ``view`` (what the role may see) and the
title's data; every word in English and French."""

from __future__ import annotations

from rules.imperator import choices as choices_mod
from rules.imperator import plays as plays_mod
from rules.imperator import state as st
from rules.imperator.narration import name, name_in

LANGS = ("en", "fr")
#: The colours of the two sides, in the order of the title's sides (SV: PRIMUS, SECONDUS).
SIDE_COLOURS = ("#7b1020", "#0d3f8f")
NEUTRAL = "#555555"
#: The turn's phases by name (SV 2, L109-174).
PHASES = {
    "A": ("Stratagems", "Stratagèmes"), "B": ("Initiative", "Initiative"), "C": ("Geostrategy", "Géostratégie"),
    "D": ("Administration", "Administration"), "E": ("Movements and battles", "Mouvements et combats"),
    "F": ("Campaign review", "Bilan de campagne"), "end": ("Game over", "Partie terminée"),
    "halted": ("Stopped", "Arrêtée"),
}
MARKERS = {
    "war": ("People at war (in its home zone)", "Peuple en guerre (dans sa zone d'origine)", "W", "#a00000"),
    "plague": ("Plague", "Peste", "P", "#4a7a1e"),
    "usurper": ("Usurper", "Usurpateur", "U", "#b8860b"),
    "fleet": ("Fleet in port", "Flotte au port", "F", "#1b4965"),
    "stratagem": ("Stratagem marker (Persecution, Heresy, Bagaudae, Persian coup)",
                  "Marqueur de stratagème (Persécution, Hérésie, Bagaudes, coup d'État perse)", "S", "#6a1b9a"),
    "battle": ("Battle in the last step", "Bataille à la dernière étape", "B", "#a00000"),
}


def _m(en: str, fr: str) -> dict:
    return {"en": en, "fr": choices_mod._fr(fr)}


def _names(world, ident) -> dict:
    return {lang: name(world, ident, lang) for lang in LANGS}


def side_colours(state: dict) -> dict:
    return dict(zip(st.sides(state), SIDE_COLOURS))


def furniture(world, view: dict, role_side: str | None) -> dict:
    sides = st.sides(view)
    colours = side_colours(view)
    usurpers = set()
    for side_list in ((view.get("titles") or {}).get("usurpers") or {}).values():
        usurpers.update(side_list or [])
    titles = view.get("titles") or {}
    augusti = {a for s in (titles.get("augusti") or {}).values() for a in s or []}
    caesars = {c for s in (titles.get("caesars") or {}).values() for c in s or []}
    stacks: dict[tuple, dict] = {}
    for pid in sorted(view.get("pieces") or {}):
        piece = view["pieces"][pid]
        zone = piece.get("zone")
        if not zone or piece.get("eliminated") or piece.get("aboard"):
            continue
        side = piece.get("side") or "—"
        stack = stacks.setdefault((zone, side), {"zone": zone, "side": side, "pieces": [], "strength": 0})
        if piece.get("kind") == "leader":
            d = st.leader_def(world, view, pid)
            title = ("Augustus" if pid in augusti else "Caesar" if pid in caesars else None)
            marks = [m for m in (title, "usurper" if pid in usurpers else None) if m]
            extra = f"VS {d.get('vs')}, CC {d.get('cc')}" + (f", CP {d['cp']}" if d.get("cp") is not None else "")
            label = {lang: name(world, pid, lang) + (f" ({', '.join(marks)})" if marks else "") + f" [{extra}]" for lang in LANGS}
            stack["pieces"].append({"id": pid, "kind": "leader", "name": _names(world, pid), "label": label,
                                    "weakened": False, "usurper": pid in usurpers, "strength": None})
        else:
            d = st.unit_def(world, view, pid)
            weak = bool(piece.get("weakened"))
            label = {"en": f"{name(world, pid, 'en')} [PF {d['pf']}" + (", weakened]" if weak else "]"),
                     "fr": f"{name(world, pid, 'fr')} [PF {d['pf']}" + (", affaiblie]" if weak else "]")}
            stack["pieces"].append({"id": pid, "kind": "unit", "name": _names(world, pid), "label": label,
                                    "weakened": weak, "usurper": False, "strength": d["pf"]})
            stack["strength"] += d["pf"]
    markers: dict[str, list] = {}

    def mark(zone, kind, label=None):
        en, fr, symbol, colour = MARKERS[kind]
        markers.setdefault(zone, []).append({"kind": kind, "symbol": symbol, "colour": colour,
                                             "label": label or {"en": en, "fr": choices_mod._fr(fr)}})
    for pid, status in sorted((view.get("peoples") or {}).items()):
        zones = (world.peoples.get(pid) or {}).get("origin_zones") or []
        if (status or {}).get("status") == "war" and zones:
            mark(zones[0], "war", {lang: ("At war: " if lang == "en" else "En guerre : ") + name(world, pid, lang) for lang in LANGS})
    plague = view.get("plague") or {}
    if plague.get("year") == view.get("year"):
        for zone in list(plague.get("centre") or []) + list(plague.get("ring") or []):
            mark(zone, "plague")
    for leader in sorted(usurpers):
        piece = (view.get("pieces") or {}).get(leader) or {}
        if piece.get("zone"):
            mark(piece["zone"], "usurper", {lang: ("Usurper: " if lang == "en" else "Usurpateur : ") + name(world, leader, lang)
                                            for lang in LANGS})
    for fid, fleet in sorted((view.get("fleets") or {}).items()):
        port = world.ports.get(fleet.get("at"))
        if port:
            mark(port["zone"], "fleet", {lang: f"{name(world, fid, lang)} ({fleet.get('side') or '—'})" for lang in LANGS})
    for t, m in sorted((view.get("markers") or {}).items()):
        if m.get("zone"):
            sname = choices_mod.stratagem_text(view, t)
            mark(m["zone"], "stratagem", {lang: sname[lang] for lang in LANGS})
    legend = [{"kind": "side", "key": s, "colour": colours[s], "label": {"en": s, "fr": s}} for s in sides]
    legend += [{"kind": "marker", "key": k, "symbol": v[2], "colour": v[3], "label": _m(v[0], v[1])} for k, v in MARKERS.items()]
    legend += [
        {"kind": "symbol", "key": "leader", "label": _m("Yellow dot on a counter: a leader; the number: the stack's strength (PF)",
                                                       "Point jaune sur un pion : un chef ; le nombre : la force de la pile (PF)")},
        {"kind": "symbol", "key": "weakened", "label": _m("Yellow stripe: weakened units", "Bande jaune : unités affaiblies")},
        {"kind": "symbol", "key": "places", "label": _m("Square: capital; dot: city; triangle: port; dashed line: strait; blue line: great river",
                                                       "Carré : capitale ; point : ville ; triangle : port ; tirets : détroit ; ligne bleue : grand fleuve")},
    ]
    return {
        "stacks": sorted(stacks.values(), key=lambda s: (s["zone"], s["side"])),
        "markers": markers,
        "control": dict(view.get("control") or {}),
        "sides": {s: {"name": {"en": s, "fr": s}, "colour": colours[s]} for s in sides},
        "legend": legend,
        "phase": phase_name(view),
        "facts": _facts(view, sides),
        "panels": _panels(world, view, role_side),
        # What standing reactions are, in this game's terms (SV 5.1.3 evasion, 5.4 retreat, 6 stratagems).
        "standing_help": _m("They answer for you during the other side's moves until you change them; they are sent with these orders.",
                            "Elles répondent pour vous pendant les mouvements de l'autre camp jusqu'à ce que vous les changiez ; "
                            "elles partent avec ces ordres."),
        "scores": {s: view["vp"][s] for s in sides if isinstance((view.get("vp") or {}).get(s), int)},
    }


def phase_name(view: dict) -> dict:
    phase = view.get("phase")
    en, fr = PHASES.get(phase, (str(phase), str(phase)))
    if phase in ("A", "B", "C", "D", "E", "F"):
        return {"en": f"{phase}, {en}", "fr": f"{phase}, {fr}"}
    return {"en": en, "fr": fr}


def _facts(view: dict, sides) -> list[dict]:
    out = []
    if view.get("year") is not None:
        last = view.get("last_year")
        out.append({"label": _m("Year", "Année"), "value": f"{view['year']}" + (f" ({view.get('first_year')}–{last})" if last else "")})
    out.append({"label": _m("Phase", "Phase"), "value": phase_name(view)})
    if view.get("initiative"):
        out.append({"label": _m("Initiative", "Initiative"), "value": view["initiative"]})
    if view.get("active"):
        out.append({"label": _m("SMC being played by", "SMC jouée par"), "value": view["active"]})
    smc = view.get("smc") or {}
    if smc.get("total"):
        left = smc.get("left") or {}
        out.append({"label": _m("SMC this year", "SMC de l'année"),
                    "value": {"en": f"{smc.get('played', 0)} played of {smc['total']}; left: " + ", ".join(f"{s} {left.get(s, 0)}" for s in sides),
                              "fr": f"{smc.get('played', 0)} jouées sur {smc['total']} ; restent : " + ", ".join(f"{s} {left.get(s, 0)}" for s in sides)}})
    hands = (view.get("stratagems") or {}).get("hand_sizes") or {}
    if hands:
        out.append({"label": _m("Stratagems in hand", "Stratagèmes en main"), "value": ", ".join(f"{s} {hands.get(s, 0)}" for s in sides)})
    vp = view.get("vp") or {}
    out.append({"label": _m("Victory points", "Points de victoire"), "value": ", ".join(f"{s} {vp.get(s, 0)}" for s in sides)})
    return out


def _panels(world, view: dict, side: str | None) -> list[dict]:
    if side not in st.sides(view):
        return []
    hand = (view.get("stratagems") or {}).get("hand") or []
    state = {"ruleset": view.get("ruleset"), "hidden": {"hands": {side: hand}, "reactions": {side: view.get("reactions") or {}}},
             "year": view.get("year"), "pieces": view.get("pieces") or {}}
    items = []
    for counter in choices_mod.hand(state, side):
        usable = "" if counter["usable"] else {"en": " (not yours to play: it goes back to the bowl in F)",
                                               "fr": " (pas jouable par vous : il retourne au bol en F)"}
        items.append({"label": counter["name"],
                      "detail": {lang: counter["when"][lang] + ". " + counter["effect"][lang] + (usable[lang] if usable else "")
                                 for lang in LANGS}})
    panels = [{"id": "hand", "private": True, "title": _m("Your stratagems (seen by you alone)", "Vos stratagèmes (vus de vous seul)"),
               "items": items, "empty": _m("You hold no stratagem.", "Vous ne tenez aucun stratagème.")}]
    standing = []
    for q in choices_mod.standing_questions(world, state, side):
        picked = [c.label.as_dict() for c in q.choices if c.id in q.default]
        standing.append({"label": q.label.as_dict(),
                         "detail": {lang: ", ".join(p[lang] for p in picked) or ("—") for lang in LANGS}})
    reactions = view.get("reactions") or {}
    for key, en, fr in (("retreat", "Retreat preferences", "Préférences de retraite"),
                        ("evade_to", "Evasion preferences", "Préférences d'évitement"),
                        ("escape", "Escape preferences", "Préférences de fuite")):
        for where, zones in sorted((reactions.get(key) or {}).items()):
            at = {"en": "everywhere", "fr": "partout"} if where == "*" else _names(world, where)
            standing.append({"label": {"en": f"{en} ({at['en']})", "fr": f"{fr} ({at['fr']})"},
                             "detail": {lang: " > ".join(name_in(world, "zones", z, lang) for z in zones or []) for lang in LANGS}})
    panels.append({"id": "standing", "private": True,
                   "title": _m("Your standing reactions (seen by you alone)", "Vos réactions permanentes (vues de vous seul)"),
                   "items": standing, "empty": _m("None.", "Aucune.")})
    return panels
