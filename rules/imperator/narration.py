"""Player-facing sentences for the events of the Semper Victor engine.

``narrate(event_type, data, world)`` returns ``{"en": ..., "fr": ...}``: a table of small
formatters keyed by event type and a generic fallback that still reads as a sentence.
A message only uses the event's own data and the static names of the data files, so a
public event never tells anything hidden. Pure Python, no Django.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from rules import yamlfiles
from rules.base import Event

from rules.imperator.plugin import registered_titles as plugin_titles
from rules.imperator.world import World

NBSP = "\u00a0"

VP_REASONS = {
    "dioceses_held": ("dioceses held", "diocèses tenus"),
    "battle_won_35pf": ("a battle won with 35 PF or more", "une bataille gagnée avec 35 PF ou plus"),
    "enemy_leader_eliminated": ("an enemy leader eliminated", "un chef ennemi éliminé"),
    "primus_at_end": ("PRIMUS at the end of the game", "PRIMUS à la fin de la partie"),
    "constantinopolis": ("Constantinople built", "Constantinople bâtie"),
    "coup_d_etat_perse": ("a Persian coup d'État", "un coup d'État perse"),
}

CAUSES = {
    "battle": ("battle", "bataille"),
    "escape_roll": ("escape roll", "jet de fuite"),
    "assassinat": ("assassination", "assassinat"),
}

TITLES = {
    "augustus": ("Augustus", "Auguste"),
    "caesar": ("Caesar", "César"),
    "primus_augustus": ("Augustus of PRIMUS", "Auguste de PRIMUS"),
    "secundus_augustus": ("Augustus of SECONDUS", "Auguste de SECONDUS"),
}


# -- names ------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def stratagem_texts(slug: str) -> dict:
    """The title's ``stratagem_texts.yaml``: each stratagem's name, when and effect."""
    path = Path(__file__).resolve().parents[1] / slug.replace("-", "_") / "stratagem_texts.yaml"
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as fh:
        return (yamlfiles.safe_load(fh) or {}).get("stratagems") or {}


def _pick(value, lang: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en") or "")
    return "" if value is None else str(value)


def name(world, ident, lang: str) -> str:
    """The ``name`` of a leader, unit, zone, diocese, people, sea or port, else the id.
    A string id's name comes from the world's static data: it is worked out once per
    world and language (the prompts of an SMC ask for thousands)."""
    if type(ident) is str:
        cache = getattr(world, "_name_cache", None)  # {lang: {id: name}}
        if cache is not None:
            found = cache[lang].get(ident) if lang in cache else None
            if found is not None:
                return found
    if ident is None:
        return "—"
    if isinstance(ident, dict):
        return _pick(ident, lang)
    if not isinstance(ident, str):
        return str(ident)
    if not isinstance(world, World):
        return _name(world, ident, lang)
    cache = world.__dict__.setdefault("_name_cache", {})
    found = cache.setdefault(lang, {})[ident] = _name(world, ident, lang)
    return found


def _name(world, ident: str, lang: str) -> str:
    for table in ("leaders", "units", "zones", "dioceses", "peoples", "seas", "ports"):
        record = (getattr(world, table, None) or {}).get(ident) if world is not None else None
        if record and record.get("name"):
            return _pick(record["name"], lang) or ident
    if ident.startswith("stratagem:"):
        type_id = ident[len("stratagem:"):]
        title = getattr(world, "title", None)
        record = stratagem_texts(getattr(title, "slug", "") or "").get(type_id) or {}
        return _pick(record.get("name"), lang) or type_id.replace("-", " ")
    if ident.startswith("classis-"):  # fleets have no name field: Classis Occidentalis
        return ident.replace("-", " ").title()
    return ident


def name_in(world, table: str, ident, lang: str) -> str:
    """The name of ``ident`` read as an entry of ``table`` (``zones``, ``peoples``…) when
    it is one: a few ids are shared across tables (Ultimus Romanorum's ``persae-2`` is a
    Persian zone and a Persian unit, ``alamanni`` a zone and a people), and where the
    context says which is meant, :func:`name`'s first match would be the wrong one."""
    record = (getattr(world, table, None) or {}).get(ident) if type(ident) is str and world is not None else None
    if record and record.get("name"):
        return _pick(record["name"], lang) or ident
    return name(world, ident, lang)


def zone_name(world, ident, lang: str) -> str:
    return name_in(world, "zones", ident, lang)


class Namer:
    """``n`` of the narration functions: ``n(id)`` names any id; ``n.zone(id)`` and
    ``n.people(id)`` name it as a zone or a people where the event's field says so."""

    __slots__ = ("world", "lang")

    def __init__(self, world, lang: str) -> None:
        self.world, self.lang = world, lang

    def __call__(self, ident) -> str:
        return name(self.world, ident, self.lang)

    def zone(self, ident) -> str:
        return name_in(self.world, "zones", ident, self.lang)

    def people(self, ident) -> str:
        return name_in(self.world, "peoples", ident, self.lang)


def names(world, idents, lang: str) -> str:
    items = [name(world, i, lang) for i in (idents or [])]
    if not items:
        return "personne" if lang == "fr" else "nobody"
    if len(items) == 1:
        return items[0]
    last = " et " if lang == "fr" else " and "
    return ", ".join(items[:-1]) + last + items[-1]


def _both(fn):
    """Run ``fn(lang, n, ns)`` for both languages, with name helpers bound to the world."""
    def run(data, world):
        return {lang: fn(data, lang, *_namers(world, lang)) for lang in ("en", "fr")}
    return run


def _namers(world, lang: str) -> tuple:
    """``(n, ns)``: a :class:`Namer` and :func:`names` bound to the world and the language;
    a :class:`World` keeps its pair per language (``_namers``), made at the first event."""
    if not isinstance(world, World):
        return Namer(world, lang), (lambda i: names(world, i, lang))
    made = world.__dict__.setdefault("_namers", {})
    pair = made.get(lang)
    if pair is None:
        pair = made[lang] = (Namer(world, lang), (lambda i: names(world, i, lang)))
    return pair


def _fr(text: str) -> str:
    """French typography: a no-break space before : ; ! ?"""
    for mark in (":", ";", "!", "?"):
        text = text.replace(f" {mark}", f"{NBSP}{mark}")
    return text


def _yes(flag, lang, en=("yes", "no"), fr=("oui", "non")) -> str:
    return (en if lang == "en" else fr)[0 if flag else 1]


def _side(side, lang) -> str:
    if not side:
        return "personne" if lang == "fr" else "nobody"
    return str(side)


def _title(title, lang) -> str:
    pair = TITLES.get(title)
    return pair[0 if lang == "en" else 1] if pair else str(title).replace("_", " ")


def _pieces(d, ns) -> str:
    return ns([*(d.get("leaders") or []), *(d.get("units") or [])])


# -- the formatters ---------------------------------------------------------------------------
def _phase(d, lang, n, ns):
    if lang == "en":
        return f"Year {d.get('year')}, phase {d.get('phase')}."
    return f"Année {d.get('year')}, phase {d.get('phase')}."


def _initiative(d, lang, n, ns):
    if lang == "en":
        return f"{d.get('side')} has the initiative (die {d.get('roll')}, CP {d.get('cp')})."
    return f"{d.get('side')} a l'initiative (dé {d.get('roll')}, CP {d.get('cp')})."


def _initiative_reversed(d, lang, n, ns):
    if lang == "en":
        return f"The initiative is reversed: {d.get('side')} now has it."
    return f"L'initiative est renversée : {d.get('side')} l'a désormais."


def _per_side(counts: dict, unit: str = "") -> str:
    """"PRIMUS 3, SECONDUS 2" in the order of the title whose sides the keys are (SV's when
    there are none)."""
    order = next((t.sides for t in plugin_titles() if counts and set(counts) <= set(t.sides)), ("PRIMUS", "SECONDUS"))
    return ", ".join(f"{side} {counts.get(side, 0)}{unit}" for side in order)


def _smc_count(d, lang, n, ns):
    split = _per_side(d.get("split") or {})
    if lang == "en":
        return (f"{d.get('total')} SMC this year: {split} "
                f"(initiative {d.get('initiative')}).")
    return (f"{d.get('total')} SMC cette année : {split} "
            f"(initiative {d.get('initiative')}).")


def _smc_start(d, lang, n, ns):
    if lang == "en":
        return f"{d.get('side')} begins SMC {d.get('serial')} ({d.get('year')})."
    return f"{d.get('side')} commence la SMC {d.get('serial')} ({d.get('year')})."


def _smc_end(d, lang, n, ns):
    left = d.get("left") or {}
    if lang == "en":
        return (f"End of SMC {d.get('serial')} of {d.get('side')} "
                f"(left: {_per_side(left)}).")
    return (f"Fin de la SMC {d.get('serial')} de {d.get('side')} "
            f"(restent : {_per_side(left)}).")


def _event(d, lang, n, ns):
    title = _pick(d.get("name"), lang)
    if lang == "en":
        return f"Event of the year: {d.get('number')}, {title} (d6 {d.get('d6')} + d10 {d.get('d10')})."
    return f"Événement de l'année : {d.get('number')}, {title} (d6 {d.get('d6')} + d10 {d.get('d10')})."


def _war_entry_draw(d, lang, n, ns):
    drawn = d.get("drawn")
    if drawn == "decoy":
        return ("War entry draw: a decoy, no people goes to war." if lang == "en"
                else "Tirage d'entrée en guerre : un leurre, aucun peuple n'entre en guerre.")
    if d.get("entered_war"):
        if lang == "en":
            return f"War entry draw: {n(drawn)}; they go to war, controlled by {d.get('controller')}."
        return f"Tirage d'entrée en guerre : {n(drawn)} ; ce peuple entre en guerre, contrôlé par {d.get('controller')}."
    if lang == "en":
        return f"War entry draw: {n(drawn)}, already at war."
    return f"Tirage d'entrée en guerre : {n(drawn)}, déjà en guerre."


def _move(d, lang, n, ns):
    path = " > ".join(n.zone(z) for z in (d.get("path") or []))
    cost = d.get("cost")
    drops = sorted((d.get("drop") or {}).items())
    if lang == "en":
        text = f"{d.get('side')} moves {_pieces(d, ns)}: {path}"
        if drops:  # the units dropped off on the way (the order's "drop")
            text += ", dropping off " + ", ".join(f"{n(unit)} in {n.zone(zone)}" for unit, zone in drops)
        text += f" ({cost} MP)." if cost is not None else "."
        if d.get("after_rally"):
            text += " (after a rally)"
    else:
        text = f"{d.get('side')} déplace {_pieces(d, ns)} : {path}"
        if drops:
            text += ", en laissant " + ", ".join(f"{n(unit)} en {n.zone(zone)}" for unit, zone in drops)
        text += f" ({cost} PM)." if cost is not None else "."
        if d.get("after_rally"):
            text += " (après un ralliement)"
    return text


def _move_cancelled(d, lang, n, ns):
    move = d.get("move") or d.get("naval") or {}
    what = _pieces(move, ns) if (move.get("leaders") or move.get("units")) else n(move.get("fleet"))
    if lang == "en":
        return f"A move of {d.get('side')} is cancelled ({what})."
    return f"Un mouvement de {d.get('side')} est annulé ({what})."


def _naval_move(d, lang, n, ns):
    emb = d.get("embark") or []
    if lang == "en":
        text = f"{d.get('side')} sails the fleet {n(d.get('fleet'))} from {n.zone(d.get('from'))} to {n.zone(d.get('to'))}"
        if emb:
            text += f" carrying {ns(emb)}"
        if d.get("land"):
            text += f", landing in {n(d.get('land'))}"
    else:
        text = f"{d.get('side')} fait naviguer la flotte {n(d.get('fleet'))} de {n.zone(d.get('from'))} à {n.zone(d.get('to'))}"
        if emb:
            text += f" avec {ns(emb)}"
        if d.get("land"):
            text += f", débarquement en {n(d.get('land'))}"
    return text + "."


def _battle(d, lang, n, ns):
    forces = d.get("forces") or {}
    att, dfn = forces.get("attacker") or {}, forces.get("defender") or {}
    res = d.get("result") or {}
    winner = _side(d.get("winner"), lang)
    if lang == "en":
        return (f"Battle in {n.zone(d.get('zone'))}: {d.get('attacker')} ({_pieces(att, ns)}) attacks "
                f"{d.get('defender')} ({_pieces(dfn, ns)}), strength {d.get('ratio')}, column {d.get('column')}; "
                f"die {d.get('roll')}, modified {d.get('modified')}: results attacker {res.get('attacker')}, "
                f"defender {res.get('defender')}; {winner} wins.")
    return (f"Bataille en {n.zone(d.get('zone'))} : {d.get('attacker')} ({_pieces(att, ns)}) attaque "
            f"{d.get('defender')} ({_pieces(dfn, ns)}), rapport {d.get('ratio')}, colonne {d.get('column')} ; "
            f"dé {d.get('roll')}, modifié {d.get('modified')} : résultats attaquant {res.get('attacker')}, "
            f"défenseur {res.get('defender')} ; {winner} l'emporte.")


def _battle_end(d, lang, n, ns):
    losses = d.get("losses") or {}
    parts = []
    for side in sorted(losses):
        hit = losses[side] or {}
        if hit:
            lost = ", ".join(f"{n(u)} ({_state_word(v, lang)})" for u, v in sorted(hit.items()))
            parts.append(f"{side} : {lost}" if lang == "fr" else f"{side}: {lost}")
    retreats = d.get("retreats") or {}
    winner = _side(d.get("winner"), lang)
    if lang == "en":
        text = f"The battle in {n.zone(d.get('zone'))} is over: {winner} wins"
        text += f"; losses {'; '.join(parts)}" if parts else "; no losses"
        if retreats:
            text += "; retreats " + ", ".join(f"{n(p)} to {n.zone(z)}" for p, z in sorted(retreats.items()))
        if d.get("leaders_eliminated"):
            text += f"; leaders eliminated: {ns(d['leaders_eliminated'])}"
    else:
        text = f"La bataille en {n.zone(d.get('zone'))} est terminée : {winner} l'emporte"
        text += f" ; pertes {' ; '.join(parts)}" if parts else " ; aucune perte"
        if retreats:
            text += " ; retraites " + ", ".join(f"{n(p)} vers {n.zone(z)}" for p, z in sorted(retreats.items()))
        if d.get("leaders_eliminated"):
            text += f" ; chefs éliminés : {ns(d['leaders_eliminated'])}"
    return text + "."


def _state_word(value, lang) -> str:
    words = {"weakened": ("weakened", "affaiblie"), "eliminated": ("eliminated", "éliminée"),
             "dies": ("dies", "meurt"), "spared": ("spared", "épargné")}
    pair = words.get(value)
    return pair[0 if lang == "en" else 1] if pair else str(value)


def _vp(d, lang, n, ns):
    pts = d.get("points") or 0
    pair = VP_REASONS.get(d.get("reason"))
    reason = pair[0 if lang == "en" else 1] if pair else str(d.get("reason")).replace("_", " ")
    if lang == "en":
        return f"{d.get('side')}: {pts:+d} victory points ({reason}), {d.get('total')} in all."
    return f"{d.get('side')} : {pts:+d} points de victoire ({reason}), {d.get('total')} au total."


def _evasion(d, lang, n, ns):
    if not d.get("attempted"):
        if lang == "en":
            return f"{d.get('side')} does not try to evade in {n.zone(d.get('zone'))}."
        return f"{d.get('side')} ne tente pas d'esquive en {n.zone(d.get('zone'))}."
    groups = d.get("groups") or []
    where = ", ".join(f"{_pieces(g, ns)} {'to' if lang == 'en' else 'vers'} {n.zone(g.get('to'))}" for g in groups)
    if lang == "en":
        text = (f"{d.get('side')} tries to evade in {n.zone(d.get('zone'))} (die {d.get('roll')}, "
                f"against {d.get('best_vs')}): {'success' if d.get('success') else 'failure'}")
    else:
        text = (f"{d.get('side')} tente une esquive en {n.zone(d.get('zone'))} (dé {d.get('roll')}, "
                f"contre {d.get('best_vs')}) : {'réussite' if d.get('success') else 'échec'}")
    return text + (f" ({where})." if where and d.get("success") else ".")


def _escape(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('leader'))} ({d.get('side')}) escapes from {n.zone(d.get('from'))} to {n.zone(d.get('to'))} (die {d.get('roll')})."
    return f"{n(d.get('leader'))} ({d.get('side')}) s'échappe depuis {n.zone(d.get('from'))} vers {n.zone(d.get('to'))} (dé {d.get('roll')})."


def _leader_eliminated(d, lang, n, ns):
    pair = CAUSES.get(d.get("cause"))
    cause = pair[0 if lang == "en" else 1] if pair else str(d.get("cause") or "").replace("_", " ")
    if lang == "en":
        text = f"{n(d.get('leader'))} ({_side(d.get('side'), lang)}) is eliminated ({cause}"
    else:
        text = f"{n(d.get('leader'))} ({_side(d.get('side'), lang)}) est éliminé ({cause}"
    if d.get("zone"):
        text += f", {n.zone(d['zone'])}"
    if d.get("roll") is not None:
        text += f", {'die' if lang == 'en' else 'dé'} {d['roll']}"
    return text + ")."


def _death_test(d, lang, n, ns):
    if lang == "en":
        return (f"Death test for {n(d.get('leader'))}: die {d.get('roll')}, below {d.get('below')} dies: "
                f"{'he dies' if d.get('dies') else 'he lives'}.")
    return (f"Test de mort pour {n(d.get('leader'))} : dé {d.get('roll')}, meurt sous {d.get('below')} : "
            f"{'il meurt' if d.get('dies') else 'il survit'}.")


def _natural_death(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('leader'))} ({_side(d.get('side'), lang)}) dies a natural death."
    return f"{n(d.get('leader'))} ({_side(d.get('side'), lang)}) meurt de mort naturelle."


def _succession(d, lang, n, ns):
    title = _title(d.get("title"), lang)
    if lang == "en":
        return f"Succession as {title}: {n(d.get('heir'))} succeeds {n(d.get('dead'))}."
    return f"Succession d'{title} : {n(d.get('heir'))} succède à {n(d.get('dead'))}."


def _loyalty_test(d, lang, n, ns):
    if lang == "en":
        return (f"Loyalty test for {n(d.get('leader'))}: die {d.get('roll')} against CP {d.get('cp')}: "
                f"{'he defects' if d.get('defects') else 'he stays loyal'}.")
    return (f"Test de loyauté pour {n(d.get('leader'))} : dé {d.get('roll')} contre CP {d.get('cp')} : "
            f"{'il fait défection' if d.get('defects') else 'il reste loyal'}.")


def _nomination(d, lang, n, ns):
    if lang == "en":
        return f"{d.get('side')} nominates {n(d.get('leader'))} as {_title(d.get('title'), lang)}."
    return f"{d.get('side')} nomme {n(d.get('leader'))} {_title(d.get('title'), lang)}."


def _veto(d, lang, n, ns):
    if lang == "en":
        return f"PRIMUS vetoes {n(d.get('leader'))} as {_title(d.get('title'), lang)}."
    return f"PRIMUS oppose son veto à {n(d.get('leader'))} comme {_title(d.get('title'), lang)}."


def _leader_enters(d, lang, n, ns):
    side = f" ({d['side']})" if d.get("side") else ""
    if lang == "en":
        return f"{n(d.get('leader'))}{side} enters the game in {n.zone(d.get('zone'))}."
    return f"{n(d.get('leader'))}{side} entre en jeu en {n.zone(d.get('zone'))}."


def _leader_placed(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('leader'))} is placed in {n.zone(d.get('zone'))}."
    return f"{n(d.get('leader'))} est placé en {n.zone(d.get('zone'))}."


def _piece_placed(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('piece'))} is placed in {n.zone(d.get('zone'))}."
    return f"{n(d.get('piece'))} est placé en {n.zone(d.get('zone'))}."


def _limitanei_deployed(d, lang, n, ns):
    placed = d.get("placed") or {}
    if lang == "en":
        where = "; ".join(f"{n(u)} in {n.zone(z)}" for u, z in sorted(placed.items())) or "as the scenario places them"
        return f"{d.get('side')} deploys his limitanei: {where}."
    where = " ; ".join(f"{n(u)} en {n.zone(z)}" for u, z in sorted(placed.items())) or "comme le scénario les place"
    return f"{d.get('side')} déploie ses limitanei : {where}."


def _leader_leaves(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('leader'))} leaves the game."
    return f"{n(d.get('leader'))} quitte le jeu."


def _fleet_lost(d, lang, n, ns):
    if lang == "en":
        return f"The fleet {n(d.get('fleet'))} is lost; it returns in {d.get('returns')}."
    return f"La flotte {n(d.get('fleet'))} est perdue ; elle revient en {d.get('returns')}."


def _fleet_returns(d, lang, n, ns):
    if lang == "en":
        return f"The fleet {n(d.get('fleet'))} returns to {_side(d.get('side'), lang)}."
    return f"La flotte {n(d.get('fleet'))} revient à {_side(d.get('side'), lang)}."


def _forced_march(d, lang, n, ns):
    path = " > ".join(n.zone(z) for z in (d.get("path") or []))
    if lang == "en":
        return f"{n(d.get('leader'))} is forced to march to {n.zone(d.get('target'))}: {path}."
    return f"{n(d.get('leader'))} est contraint de marcher sur {n.zone(d.get('target'))} : {path}."


def _game_end(d, lang, n, ns):
    vp = d.get("vp") or {}
    if lang == "en":
        return f"The game ends in {d.get('year')}: {_per_side(vp, ' VP')}."
    return f"La partie se termine en {d.get('year')} : {_per_side(vp, ' PV')}."


def _plague(d, lang, n, ns):
    roll = d.get("roll")
    die = "" if roll is None else (f" (die {roll})" if lang == "en" else f" (dé {roll})")
    if lang == "en":
        return f"Plague: {n(d.get('piece'))}{die}, {_state_word(d.get('effect'), lang)}."
    return f"Peste : {n(d.get('piece'))}{die}, {_state_word(d.get('effect'), lang)}."


def _stratagem_name(d, n) -> str:
    """A stratagem counter by its printed name (the title's ``stratagem_texts.yaml``, with
    its accents: « Désertion »), or its id as words when the title names none."""
    return n("stratagem:" + str(d.get("stratagem")).split("#", 1)[0])


def _stratagem_drawn(d, lang, n, ns):
    if lang == "en":
        return f"{d.get('side')} draws a stratagem ({d.get('hand_size')} in hand)."
    return f"{d.get('side')} tire un stratagème ({d.get('hand_size')} en main)."


def _stratagem_drawn_private(d, lang, n, ns):
    strat = _stratagem_name(d, n)
    if lang == "en":
        return f"You draw the stratagem {strat}."
    return f"Vous tirez le stratagème {strat}."


def _stratagem_played(d, lang, n, ns):
    strat = _stratagem_name(d, n)
    if lang == "en":
        text = f"{d.get('side')} plays the stratagem {strat}"
        if d.get("zone"):
            text += f" in {n.zone(d['zone'])}"
        if d.get("hit"):
            text += ": " + ", ".join(f"{n(u)} {_state_word(v, lang)}" for u, v in sorted(d["hit"].items()))
    else:
        text = f"{d.get('side')} joue le stratagème {strat}"
        if d.get("zone"):
            text += f" en {n.zone(d['zone'])}"
        if d.get("hit"):
            text += " : " + ", ".join(f"{n(u)} {_state_word(v, lang)}" for u, v in sorted(d["hit"].items()))
    return text + "."


def _stratagems_returned(d, lang, n, ns):
    if lang == "en":
        return f"{d.get('side')} returns {d.get('count')} stratagem{'s' if d.get('count') != 1 else ''}."
    return f"{d.get('side')} rend {d.get('count')} stratagème{'s' if d.get('count') != 1 else ''}."


def _people_adjusted(d, lang, n, ns):
    ret, rec = d.get("returned") or [], d.get("recovered") or []
    if lang == "en":
        return f"Adjustments of the {n.people(d.get('people'))}: back {ns(ret)}; recovered {ns(rec)}."
    return f"Ajustements des {n.people(d.get('people'))} : retour de {ns(ret)} ; rétablis {ns(rec)}."


def _people_pacified(d, lang, n, ns):
    if lang == "en":
        return f"The {n.people(d.get('people'))} are pacified by arms until {d.get('until')}."
    return f"Les {n.people(d.get('people'))} sont pacifiés par les armes jusqu'en {d.get('until')}."


def _roman_adjustments(d, lang, n, ns):
    rep, rec, home = d.get("replaced") or [], d.get("recovered") or [], d.get("sent_home") or []
    if lang == "en":
        return f"Roman adjustments: replaced {ns(rep)}; recovered {ns(rec)}; sent home {ns(home)}."
    return f"Ajustements romains : remplacées {ns(rep)} ; rétablies {ns(rec)} ; renvoyées chez elles {ns(home)}."


def _control_change(d, lang, n, ns):
    if lang == "en":
        return f"The diocese {n(d.get('diocese'))} passes from {_side(d.get('from'), lang)} to {_side(d.get('to'), lang)}."
    return f"Le diocèse {n(d.get('diocese'))} passe de {_side(d.get('from'), lang)} à {_side(d.get('to'), lang)}."


def _usurpation(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('usurper'))} is proclaimed usurper by {d.get('side')}; rallied: {ns(d.get('rallied'))}."
    return f"{n(d.get('usurper'))} est proclamé usurpateur par {d.get('side')} ; ralliés : {ns(d.get('rallied'))}."


def _rally(d, lang, n, ns):
    ok = d.get("success")
    if lang == "en":
        return (f"Rally in {n.zone(d.get('zone'))} for {n(d.get('usurper'))}: die {d.get('roll')} against CP {d.get('cp')}, "
                f"{'success' if ok else 'failure'} ({ns(d.get('units'))}).")
    return (f"Ralliement en {n.zone(d.get('zone'))} pour {n(d.get('usurper'))} : dé {d.get('roll')} contre CP {d.get('cp')}, "
            f"{'réussite' if ok else 'échec'} ({ns(d.get('units'))}).")


def _civil_war_spread(d, lang, n, ns):
    ok = d.get("success")
    if lang == "en":
        return (f"Civil war in {n(d.get('diocese'))} for {n(d.get('usurper'))}: die {d.get('roll')}, "
                f"modifier {d.get('modifier')}: {'it spreads' if ok else 'it does not spread'}.")
    return (f"Guerre civile en {n(d.get('diocese'))} pour {n(d.get('usurper'))} : dé {d.get('roll')}, "
            f"modificateur {d.get('modifier')} : {'elle s’étend' if ok else 'elle ne s’étend pas'}.")


def _pax_romana(d, lang, n, ns):
    return (f"Pax Romana in {d.get('year')}." if lang == "en" else f"Pax Romana en {d.get('year')}.")


def _change_of_sides(d, lang, n, ns):
    vp = d.get("vp") or {}
    if lang == "en":
        return (f"Change of sides ({d.get('cause')}): {n(d.get('primus_augustus'))} is Augustus of PRIMUS, "
                f"{n(d.get('secundus_augustus'))} Augustus of SECONDUS; VP PRIMUS {vp.get('PRIMUS', 0)}, "
                f"SECONDUS {vp.get('SECONDUS', 0)}.")
    return (f"Changement de camp ({d.get('cause')}) : {n(d.get('primus_augustus'))} est Auguste de PRIMUS, "
            f"{n(d.get('secundus_augustus'))} Auguste de SECONDUS ; PV PRIMUS {vp.get('PRIMUS', 0)}, "
            f"SECONDUS {vp.get('SECONDUS', 0)}.")


def _constantinople_started(d, lang, n, ns):
    if lang == "en":
        return f"Work on Constantinople begins in {d.get('year')} (box {d.get('box')}, due in {d.get('due')})."
    return f"Les travaux de Constantinople commencent en {d.get('year')} (case {d.get('box')}, achèvement en {d.get('due')})."


def _constantinople_interrupted(d, lang, n, ns):
    if lang == "en":
        return f"Work on Constantinople is interrupted by {n(d.get('by'))}."
    return f"Les travaux de Constantinople sont interrompus par {n(d.get('by'))}."


def _constantinople_built(d, lang, n, ns):
    if lang == "en":
        return f"Constantinople is built in {n.zone(d.get('zone'))} ({d.get('year')})."
    return f"Constantinople est bâtie en {n.zone(d.get('zone'))} ({d.get('year')})."


def _usurpation_succeeds(d, lang, n, ns):
    back = ", ".join(n(u) for u in d.get("back_in_ranks") or [])
    if lang == "en":
        text = f"The usurpation of {n(d.get('usurper'))} against {d.get('against')} succeeds."
        if d.get("won_battle"):
            text += f" The victory is {n(d.get('won_battle'))}'s, the title goes to the higher political capacity."
        return text + (f" {back} goes back to the ranks." if back else "")
    text = f"L'usurpation de {n(d.get('usurper'))} contre {d.get('against')} réussit."
    if d.get("won_battle"):
        text += f" La victoire est celle de {n(d.get('won_battle'))}, le titre va à la plus grande capacité politique."
    return text + (f" {back} rentre dans le rang." if back else "")


def _usurpation_continues(d, lang, n, ns):
    if lang == "en":
        return (f"{n(d.get('usurper'))} is dead, but the double usurpation goes on under "
                f"{n(d.get('survivor'))}, who keeps his followers.")
    return (f"{n(d.get('usurper'))} est mort, mais la double usurpation continue sous "
            f"{n(d.get('survivor'))}, qui garde ses partisans.")


def _usurpation_fails(d, lang, n, ns):
    if lang == "en":
        return f"The usurpation of {n(d.get('usurper'))} fails."
    return f"L'usurpation de {n(d.get('usurper'))} échoue."


def _sacrifice(d, lang, n, ns):
    if lang == "en":
        return f"{d.get('side')} sacrifices {n(d.get('leader'))} (capitals held: {ns(d.get('capitals'))})."
    return f"{d.get('side')} sacrifie {n(d.get('leader'))} (capitales tenues : {ns(d.get('capitals'))})."


def _marker_removed(d, lang, n, ns):
    strat = _stratagem_name(d, n)
    if lang == "en":
        return f"The marker of the stratagem {strat} is removed."
    return f"Le marqueur du stratagème {strat} est retiré."


def _answered_by_rules(d, lang, n, ns):
    """A prompt with one legal answer, answered by the rules (rules/base.py, Prompt)."""
    question, answer = _pick(d.get("question"), lang), _pick(d.get("answer"), lang)
    if lang == "en":
        return f"{question} Only one answer was possible, given for you: {answer}."
    return f"{question} Une seule réponse était possible, donnée pour vous : {answer}."


def _stratagem_cancelled(d, lang, n, ns):
    strat = _stratagem_name(d, n)
    if lang == "en":
        return f"The stratagem {strat} of {d.get('side')} is cancelled."
    return f"Le stratagème {strat} de {d.get('side')} est annulé."


def _stratagems_cancel(d, lang, n, ns):
    if lang == "en":
        return f"The stratagems cancel each other out in {n.zone(d.get('zone'))}."
    return f"Les stratagèmes s'annulent en {n.zone(d.get('zone'))}."


def _pax_romana_interrupted(d, lang, n, ns):
    if lang == "en":
        return f"The Pax Romana of {d.get('year')} is interrupted: {n(d.get('dead'))} is dead."
    return f"La Pax Romana de {d.get('year')} est interrompue : {n(d.get('dead'))} est mort."


FORMATTERS = {
    "change_of_sides": _change_of_sides,
    "constantinople_started": _constantinople_started,
    "constantinople_interrupted": _constantinople_interrupted,
    "constantinople_built": _constantinople_built,
    "usurpation_succeeds": _usurpation_succeeds,
    "usurpation_fails": _usurpation_fails,
    "usurpation_continues": _usurpation_continues,
    "sacrifice": _sacrifice,
    "marker_removed": _marker_removed,
    "stratagem_cancelled": _stratagem_cancelled,
    "answered_by_rules": _answered_by_rules,
    "stratagems_cancel": _stratagems_cancel,
    "pax_romana_interrupted": _pax_romana_interrupted,
    "phase": _phase,
    "initiative": _initiative,
    "initiative_reversed": _initiative_reversed,
    "smc_count": _smc_count,
    "smc_start": _smc_start,
    "smc_end": _smc_end,
    "event": _event,
    "war_entry_draw": _war_entry_draw,
    "move": _move,
    "move_cancelled": _move_cancelled,
    "naval_move": _naval_move,
    "battle": _battle,
    "battle_end": _battle_end,
    "vp": _vp,
    "evasion": _evasion,
    "escape": _escape,
    "leader_eliminated": _leader_eliminated,
    "death_test": _death_test,
    "natural_death": _natural_death,
    "succession": _succession,
    "loyalty_test": _loyalty_test,
    "nomination": _nomination,
    "veto": _veto,
    "leader_enters": _leader_enters,
    "leader_placed": _leader_placed,
    "piece_placed": _piece_placed,
    "limitanei_deployed": _limitanei_deployed,
    "leader_leaves": _leader_leaves,
    "fleet_lost": _fleet_lost,
    "fleet_returns": _fleet_returns,
    "forced_march": _forced_march,
    "game_end": _game_end,
    "plague": _plague,
    "stratagem_drawn": _stratagem_drawn,
    "stratagem_drawn_private": _stratagem_drawn_private,
    "stratagem_played": _stratagem_played,
    "stratagems_returned": _stratagems_returned,
    "people_adjusted": _people_adjusted,
    "people_pacified": _people_pacified,
    "roman_adjustments": _roman_adjustments,
    "control_change": _control_change,
    "usurpation": _usurpation,
    "rally": _rally,
    "civil_war_spread": _civil_war_spread,
    "pax_romana": _pax_romana,
}


# -- the fallback -----------------------------------------------------------------------------
def _flat(value, world, lang) -> str:
    """A value as words: no braces, no quotes."""
    if isinstance(value, dict):
        if set(value) <= {"en", "fr"} and value:
            return _pick(value, lang)
        return ", ".join(f"{str(k).replace('_', ' ')} {_flat(v, world, lang)}" for k, v in sorted(value.items(), key=lambda kv: str(kv[0])))
    if isinstance(value, (list, tuple)):
        return ", ".join(_flat(v, world, lang) for v in value) or "—"
    if isinstance(value, bool):
        return _yes(value, lang)
    if isinstance(value, str):
        return name(world, value, lang)
    return "—" if value is None else str(value)


def _fallback(event_type, data, world) -> dict:
    out = {}
    label = str(event_type).replace("_", " ")
    label = label[:1].upper() + label[1:]
    for lang in ("en", "fr"):
        parts = [f"{str(k).replace('_', ' ')} {_flat(v, world, lang)}" for k, v in sorted(data.items()) if k != "message"]
        sep, join = (" : ", " ; ") if lang == "fr" else (": ", "; ")
        out[lang] = label + (sep + join.join(parts) if parts else "") + "."
    return out


def narrate(event_type: str, data: dict, world) -> dict:
    """``{"en", "fr"}`` for one event, from its own data and the static names only."""
    data = data or {}
    fmt = FORMATTERS.get(event_type) or (getattr(getattr(world, "title", None), "narrators", None) or {}).get(event_type)
    message = None
    if fmt is not None:
        try:
            message = _both(fmt)(data, world)
        except Exception:  # noqa: BLE001 - a message must never break a turn
            message = None
    if not message or not all(message.get(k) for k in ("en", "fr")):
        message = _fallback(event_type, data, world)
    message["fr"] = _fr(message["fr"])
    return message


def add_messages(events: list, world) -> None:
    """Give every event ``data["message"]`` unless it has one already. The other keys are
    kept as they are; the data dict is copied, never changed in place (it may be shared
    with the state)."""
    for i, event in enumerate(events):
        data = event.data
        if isinstance(data, dict) and not isinstance(data.get("message"), dict):
            message = narrate(event.type, data, world)
            if type(event) is Event:  # built directly: dataclasses.replace reads the fields' list each time
                events[i] = Event(event.type, {**data, "message": message}, event.visible_to)
            else:
                events[i] = replace(event, data={**data, "message": message})


# -- the end (SV 10.3) ------------------------------------------------------------------------
LEVELS = {
    "marginal": ("a marginal victory", "une victoire marginale",
                 "more points than the other side", "plus de points que l'autre camp"),
    "decisive": ("a decisive victory", "une victoire décisive",
                 "more than twice the other side's points", "plus du double des points de l'autre camp"),
    "definitive": ("a definitive victory", "une victoire définitive",
                   "more than five times the other side's points", "plus du quintuple des points de l'autre camp"),
}


def outcome_lines(outcome: dict) -> list[dict]:
    """Who won, at which level of victory and why (SV 10.3, L865-869: the victory points
    compared at the end), then each side's points."""
    winner, level, scores = outcome.get("winner"), outcome.get("level"), outcome.get("scores") or {}
    if winner and level in LEVELS and len(scores) == 2:
        loser = next(role for role in scores if role != winner)
        en, fr, why_en, why_fr = LEVELS[level]
        high, low = scores[winner], scores[loser]
        head = {"en": f"{winner} wins {en}: {high} victory points to {low} for {loser}, {why_en}.",
                "fr": f"{winner} remporte {fr}{NBSP}: {high} points de victoire contre {low} pour {loser}, {why_fr}."}
    elif level == "draw":
        shown = " – ".join(str(v) for v in scores.values())
        head = {"en": f"A draw: both sides end with the same victory points ({shown}).",
                "fr": f"Match nul{NBSP}: les deux camps finissent avec les mêmes points de victoire ({shown})."}
    else:
        return []
    points = ", ".join(f"{role} {scores[role]}" for role in sorted(scores))
    return [head, {"en": f"Victory points at the end: {points}.", "fr": f"Points de victoire à la fin{NBSP}: {points}."}]


# -- what a die was rolled for (the dice log) ---------------------------------------------------
PURPOSES = {  # the first words of a roll's purpose -> (English, French), "{}" the name that follows
    "battle": ("battle in {}", "bataille en {}"),
    "evasion": ("evasion from {}", "esquive depuis {}"),
    "rally": ("rally in {}", "ralliement en {}"),
    "loyalty": ("loyalty of {}", "loyauté de {}"),
    "usurpation": ("usurpation by {}", "usurpation par {}"),
    "entry": ("entry of {}", "entrée de {}"),
    "initiative": ("initiative", "initiative"),
    "event d6": ("event (d6)", "événement (d6)"),
    "event d10": ("event (d10)", "événement (d10)"),
    "event 11 capitals": ("event 11: the capitals", "événement 11 : les capitales"),
    "plague": ("plague in {}", "peste en {}"),
    "escape": ("escape of {}", "fuite de {}"),
    "death": ("death of {}", "mort de {}"),
    "civil war": ("civil war, {}", "guerre civile, {}"),
    "assassinat": ("assassination of {}", "assassinat de {}"),
    "war entry": ("a people entering the war", "un peuple entre en guerre"),
    "stratagem": ("a stratagem for {}", "un stratagème pour {}"),
}


def roll_purpose(world, purpose: str) -> dict | None:
    """A roll's purpose (``"battle thracia-1"``, ``"pick:stratagem PRIMUS"``) in words with
    the game's names; None for a purpose this table does not know."""
    text = purpose[5:] if purpose.startswith("pick:") else purpose
    for key in sorted(PURPOSES, key=len, reverse=True):
        if text == key or text.startswith(key + " "):
            rest = text[len(key):].strip()
            en, fr = PURPOSES[key]
            return {"en": en.format(name(world, rest, "en")) if "{}" in en else en,
                    "fr": (fr.format(name(world, rest, "fr")) if "{}" in fr else fr).replace(" : ", NBSP + ": ")}
    return None
