"""The choices of each prompt of an Imperator-system title (``Prompt.choices`` and
``Prompt.context`` of the rules contract): the engine's legal options as questions a page,
an email or an API client offers as buttons, each answer with its order-set fragment and
its line of the text notation (``rules/imperator/orders.py``), and the facts a player needs
to decide (the battle's forces, their strength and the odds column; the die to beat).

Pure: it reads the state and the prompt's legal-option summary (``ImperatorRuleset.
prompt_options``) and never changes them. Names come from the data files
(``narration.name``), never ids.
"""

from __future__ import annotations

from itertools import combinations

from rules.base import Choice, Message, Question
from rules.imperator import battle as bt
from rules.imperator import combat
from rules.imperator import plays as plays_mod
from rules.imperator import state as st
from rules.imperator.movement import Ctx
from rules.imperator.narration import NBSP, name, stratagem_texts, zone_name
from rules.imperator.orders import format_play
from rules.imperator.review import default_orders as review_default_orders

LANGS = ("en", "fr")


def _fr(text: str) -> str:
    """French typography: a no-break space before : ; ! ?"""
    for mark in (":", ";", "!", "?"):
        text = text.replace(f" {mark}", f"{NBSP}{mark}")
    return text


def msg(fn) -> Message:
    """A message from ``fn(lang)`` for both languages (French typography applied)."""
    return Message(fn("en"), _fr(fn("fr")))


def _names(world, ids, lang: str) -> str:
    items = [name(world, i, lang) for i in ids]
    if not items:
        return "personne" if lang == "fr" else "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + (" et " if lang == "fr" else " and ") + items[-1]


def _tr(lang: str, en: str, fr: str) -> str:
    return en if lang == "en" else fr


# -- stratagems: names and help -------------------------------------------------------------------------
_stratagem_texts = stratagem_texts  # the title's names and help of its stratagems (narration)


def stratagem_text(state: dict, type_id: str, field: str = "name") -> dict:
    """``{"en", "fr"}`` of a stratagem counter's ``name``, ``when`` or ``effect`` (the
    title's ``stratagem_texts.yaml``); the id as words when the title has none."""
    record = _stratagem_texts(state.get("ruleset", "")).get(type_id) or {}
    value = record.get(field)
    if isinstance(value, dict):
        return {"en": str(value.get("en") or ""), "fr": str(value.get("fr") or value.get("en") or "")}
    if field != "name":
        return {"en": "", "fr": ""}
    words = str(type_id).replace("-", " ")
    return {"en": words, "fr": words}


def hand(state: dict, side: str) -> list[dict]:
    """The stratagems a side holds, with their names, when they can be played and what
    they do (the game page's hand, seen by its holder only)."""
    out = []
    for counter in sorted(state.get("hidden", {}).get("hands", {}).get(side, [])):
        t = plays_mod.counter_type(counter)
        out.append({"counter": counter, "type": t, "phase": plays_mod.spec(state, t).get("phase"),
                    "usable": plays_mod.usable_by(state, side, t),
                    "name": stratagem_text(state, t), "when": stratagem_text(state, t, "when"),
                    "effect": stratagem_text(state, t, "effect")})
    return out


def play_label(world, state: dict, play: dict) -> Message:
    """"Play Désertion in Thracia 3"."""
    t = play.get("stratagem")
    sname = stratagem_text(state, t)

    def text(lang):
        target = []
        if play.get("leader"):
            target.append(_tr(lang, "against ", "contre ") + name(world, play["leader"], lang))
        if play.get("zone"):
            target.append(_tr(lang, "in ", "en ") + zone_name(world, play["zone"], lang))
        if play.get("diocese"):
            target.append(_tr(lang, "on ", "sur ") + name(world, play["diocese"], lang))
        if play.get("peoples"):
            target.append(": " + _names(world, play["peoples"], lang))
        if play.get("nationality"):
            target.append(": " + name(world, play["nationality"], lang))
        head = _tr(lang, "Play ", "Jouer ") + sname[lang]
        return head + ((" " if not target[0].startswith(":") else "") + " ".join(target) if target else "")
    return msg(text)


def _play_choice(world, state: dict, play: dict, k: int) -> Choice:
    t = play.get("stratagem")
    effect = stratagem_text(state, t, "effect")
    return Choice(id=f"play:{k}", label=play_label(world, state, play), text=format_play(play, world.title),
                  orders={"play": [play]}, detail=Message(effect["en"], effect["fr"]) if effect["en"] else None,
                  zones=tuple(z for z in (play.get("zone"),) if z),
                  pieces=tuple(p for p in (play.get("leader"),) if p))


def _plays_question(world, state: dict, plays: list[dict], label: Message) -> Question:
    return Question(id="play", label=label, mode="many",
                    choices=tuple(_play_choice(world, state, p, k) for k, p in enumerate(plays)),
                    help=msg(lambda l: _tr(l, "Each stratagem you pick is played; the others stay in your hand.",
                                           "Chaque stratagème choisi est joué ; les autres restent dans votre main.")))


def all_plays(world, state: dict, side: str, phase: str) -> list[dict]:
    """Every legal play of the side's hand in a phase (uprisings: every set of peoples
    of the printed size, at most 30 per counter), battle counters excluded."""
    out = []
    for play in plays_mod.legal_plays(world, state, side, phase, limit=400):
        t = play["stratagem"]
        if t in plays_mod.UPRISINGS:
            klass, n = plays_mod.UPRISINGS[t]
            eligible = world.title.uprising_eligible(world, state, side, klass)
            sets = list(combinations(eligible, min(n, len(eligible))))[:30]
            for peoples in sets:
                candidate = {"stratagem": t, "peoples": list(peoples)}
                if not plays_mod.problems(world, state, side, candidate, phase):
                    out.append(candidate)
        else:
            out.append(play)
    return out


# -- battles --------------------------------------------------------------------------------------------
def _force(world, state: dict, ctx: Ctx, zone: str, side: str) -> dict:
    leaders, units = bt.force(ctx, zone, side)
    fig = bt.figures(ctx, leaders, units)
    return {"side": side, "leaders": leaders, "units": units, "pf": fig.pf, "quality": fig.quality,
            "weakened": [u for u in units if state["pieces"][u].get("weakened")],
            "names": {lang: _names(world, leaders + units, lang) for lang in LANGS}}


def battle_context(world, state: dict, zone: str, attacker: str) -> dict:
    """The forces in a battle zone now, their strength (PF), average quality and the
    column the battle would be fought on (SV 8.3, 8.6.1), before die modifiers."""
    ctx = Ctx.build(world, state, attacker, state.get("current")).read_only()
    try:
        a = _force(world, state, ctx, zone, attacker)
        d = _force(world, state, ctx, zone, st.other(attacker))
    finally:
        ctx.forget()
    base = combat.ratio_column(a["pf"], d["pf"]) if d["pf"] else len(combat.COLUMNS) - 1
    shift = combat.quality_shift(a["quality"], d["quality"])
    column = combat.shifted_column(base, shift)
    return {"zone": zone, "zone_name": {lang: zone_name(world, zone, lang) for lang in LANGS},
            "attacker": a, "defender": d, "ratio": f"{a['pf']}/{d['pf']}",
            "base_column": combat.COLUMN_NAMES[base], "shift": shift, "column": combat.COLUMN_NAMES[column]}


def battle_sentence(world, battle: dict, lang: str) -> str:
    a, d = battle["attacker"], battle["defender"]
    zone = battle["zone_name"][lang]
    if lang == "en":
        return (f"Battle at {zone}: {a['side']} attacks with {a['names'][lang]} (strength {a['pf']}) "
                f"against {d['side']}'s {d['names'][lang]} (strength {d['pf']}); "
                f"odds {battle['ratio']}, column {battle['column']} before die modifiers.")
    return (f"Bataille en {zone} : {a['side']} attaque avec {a['names'][lang]} (force {a['pf']}) "
            f"contre {d['names'][lang]} de {d['side']} (force {d['pf']}) ; "
            f"rapport {battle['ratio']}, colonne {battle['column']} avant les modificateurs du dé.")


def _fought(world, state: dict, lang: str) -> str:
    """What the battle in progress gave (results, winner), for the prompts after it."""
    b = (state.get("current") or {}).get("battle") or {}
    res = b.get("results") or []
    if not res:
        return ""
    winner = b.get("winner") or _tr(lang, "nobody", "personne")
    return _tr(lang, f" Result: attacker {res[0]}, defender {res[1]}; {winner} wins.",
               f" Résultat : attaquant {res[0]}, défenseur {res[1]} ; {winner} l'emporte.")


# -- each kind ------------------------------------------------------------------------------------------
def prompt_choices(world, state: dict, pending: dict, options: dict) -> tuple[list[Question], dict]:
    """``(questions, context)`` of the open prompt ``pending`` whose legal-option summary
    is ``options``."""
    kind = pending["kind"]
    side = pending["role"]
    data = pending.get("data") or {}
    fn = world.title.choice_builders.get(kind) or globals()[f"_{kind}"]
    return fn(world, state, side, data, options)


def yes_no(qid: str, label: Message, yes: tuple, no: tuple) -> Question:
    """A question of two answers: ``(id, label, text, orders)`` each."""
    return Question(id=qid, label=label, mode="one", min=1, max=1, choices=tuple(
        Choice(id=i, label=lab, text=text, orders=orders) for i, lab, text, orders in (yes, no)))


def _initiative(world, state, side, data, options):
    summary = msg(lambda l: _tr(
        l, f"You lost the initiative roll (die {data.get('roll')}, CP {data.get('cp')}): {data.get('winner')} has the initiative.",
        f"Vous avez perdu le jet d'initiative (dé {data.get('roll')}, CP {data.get('cp')}) : {data.get('winner')} a l'initiative."))
    choices = [Choice(id="keep", label=msg(lambda l: _tr(l, "Keep the result", "Garder le résultat")), text="pass",
                      orders={"play": []})]
    if options.get("plays"):
        effect = stratagem_text(state, "initiative", "effect")
        choices.insert(0, Choice(id="play", label=msg(lambda l: _tr(l, "Play your Initiative stratagem", "Jouer votre stratagème Initiative")),
                                 text="play initiative", orders={"play": [{"stratagem": "initiative"}]},
                                 detail=Message(effect["en"], effect["fr"])))
    q = Question(id="play", label=msg(lambda l: _tr(l, "Reverse the initiative?", "Renverser l'initiative ?")), mode="one",
                 min=1, max=1, choices=tuple(choices), default=("keep",))
    return [q], {"summary": summary.as_dict(), "roll": data.get("roll"), "cp": data.get("cp"), "winner": data.get("winner")}


def _geostrategy(world, state, side, data, options):
    questions = []
    plays = all_plays(world, state, side, "C")
    questions.append(_plays_question(world, state, plays, msg(lambda l: _tr(
        l, "Stratagems of phase C to play (uprisings, usurpations)", "Stratagèmes de la phase C à jouer (soulèvements, usurpations)"))))
    questions += world.title.geostrategy_questions(world, state, side, options)
    for lid, zones in sorted((options.get("place") or {}).items()):
        questions.append(_place_question(world, lid, zones, "place"))
    en, fr = world.title.geostrategy_summary
    summary = msg(lambda l: _tr(l, en.format(year=state["year"]), fr.format(year=state["year"])))
    return questions, {"summary": summary.as_dict()}


def _place_question(world, pid: str, zones: list, key: str) -> Question:
    return Question(id=f"place:{pid}", mode="one", min=0, max=1,
                    label=msg(lambda l: _tr(l, f"Where does {name(world, pid, l)} stand?", f"Où se place {name(world, pid, l)} ?")),
                    choices=tuple(Choice(id=z, label=msg(lambda l, z=z: zone_name(world, z, l)), text=f"place {pid} {z}",
                                         orders={key: {pid: z}}, zones=(z,), pieces=(pid,)) for z in zones))


def _review(world, state, side, data, options):
    default = review_default_orders(world, state, side)
    questions = []
    questions += world.title.review_questions(world, state, side, options, default)
    if "discard" in options:
        d = options["discard"]
        questions.append(Question(
            id="discard", mode="many", min=d["count"], max=d["count"],
            label=msg(lambda l: _tr(l, f"Stratagems to discard ({d['count']}: you may keep 5)",
                                    f"Stratagèmes à défausser ({d['count']} : vous pouvez en garder 5)")),
            choices=tuple(Choice(id=c, label=Message(**stratagem_text(state, plays_mod.counter_type(c))),
                                 text=f"discard {plays_mod.counter_type(c)}", orders={"discard": [c]}) for c in d["among"]),
            default=tuple(default.get("discard") or ())))
    for pid, zones in sorted((options.get("place") or {}).items()):
        questions.append(_place_question(world, pid, zones, "place"))
    summary = msg(lambda l: _tr(l, f"End of {state['year']}: the campaign review asks for your decisions.",
                                f"Fin de {state['year']} : la revue de campagne attend vos décisions."))
    return questions, {"summary": summary.as_dict()}


def _stratagem(world, state, side, data, options):
    zone = data.get("zone")
    battle = battle_context(world, state, zone, data.get("attacker")) if zone else None
    q = _plays_question(world, state, options.get("plays") or [], msg(lambda l: _tr(
        l, "Stratagems to play before this battle", "Stratagèmes à jouer avant cette bataille")))
    context = {"zone": zone, "battle": battle,
               "summary": msg(lambda l: battle_sentence(world, battle, l) if battle else "").as_dict()}
    return [q], context


def _successor(world, state, side, data, options):
    cands = options.get("candidates") or []
    role = data.get("role")
    q = Question(id="successor", mode="one", min=1, max=1,
                 label=msg(lambda l: _tr(l, "Your choice", "Votre choix")),
                 choices=tuple(Choice(id=c, label=msg(lambda l, c=c: name(world, c, l)), text=f"choose {c}",
                                      orders={"successor": c}, pieces=(c,) if c in state["pieces"] else ()) for c in cands),
                 default=tuple(cands[:1]))
    what = world.title.successor_roles.get(role, ("a general", "un général"))
    summary = msg(lambda l: _tr(l, f"A succession ({world.title.succession_ref}): choose {what[0]}.",
                                f"Une succession ({world.title.succession_ref}) : choisissez {what[1]}."))
    return [q], {"summary": summary.as_dict(), "role": role}


def _evasion(world, state, side, data, options):
    zone = data["zone"]
    attacker = st.other(side)
    battle = battle_context(world, state, zone, attacker)
    vs = data.get("best_vs") or 0
    wins = max(0, min(6, vs - 1))
    chance = msg(lambda l: _tr(l, f"A die below {vs} succeeds ({wins} in 6); a failed attempt fights the battle.",
                               f"Un dé inférieur à {vs} réussit ({wins} sur 6) ; une tentative ratée livre la bataille."))
    choices = [Choice(id="stand", label=msg(lambda l: _tr(l, "Stand and fight", "Rester et combattre")), text="evade never",
                      orders={"evade": False}, detail=msg(lambda l: battle_sentence(world, battle, l)))]
    dests = list(data.get("destinations") or [])
    if len(dests) > 1:
        choices.append(Choice(id="evade", label=msg(lambda l: _tr(l, "Evade (the rules pick the zone)", "Éviter (les règles choisissent la zone)")),
                              text="evade always", orders={"evade": True}, detail=chance))
    for z in dests:
        choices.append(Choice(id=f"to:{z}", label=msg(lambda l, z=z: _tr(l, f"Evade to {zone_name(world, z, l)}", f"Éviter vers {zone_name(world, z, l)}")),
                              text=f"evade to {z}", orders={"evade": True, "to": [z]}, detail=chance, zones=(z,)))
    q = Question(id="evade", mode="one", min=1, max=1, choices=tuple(choices), default=("stand",),
                 label=msg(lambda l: _tr(l, f"Evade the battle at {zone_name(world, zone, l)}?", f"Éviter la bataille en {zone_name(world, zone, l)} ?")),
                 help=msg(lambda l: _tr(l, "Your leaders take the units they command (SV 8.2).", "Vos chefs emmènent les unités qu'ils commandent (SV 8.2).")))
    summary = msg(lambda l: battle_sentence(world, battle, l) + " " + _tr(
        l, f"You may try to evade: a die below {vs}.", f"Vous pouvez tenter de l'éviter : un dé inférieur à {vs}."))
    return [q], {"summary": summary.as_dict(), "zone": zone, "battle": battle, "best_vs": vs, "chance": wins}


def _retreat(world, state, side, data, options):
    zone = data["zone"]
    dests = list(data.get("destinations") or [])
    q = Question(id="retreat", mode="ranked", min=1, max=len(dests),
                 label=msg(lambda l: _tr(l, "Where does your force retreat? (best first)", "Où votre force fait-elle retraite ? (la meilleure d'abord)")),
                 help=msg(lambda l: _tr(l, "Pieces that cannot go to your first zone try the next (SV 8.4.1).",
                                        "Les pièces qui ne peuvent aller dans la première zone essaient la suivante (SV 8.4.1).")),
                 choices=tuple(Choice(id=z, label=msg(lambda l, z=z: zone_name(world, z, l)), text=f"retreat {z}",
                                      orders={"retreat": [z]}, zones=(z,)) for z in dests),
                 default=tuple(dests[:1]))
    pieces = list(data.get("leaders") or []) + list(data.get("units") or [])
    summary = msg(lambda l: _tr(l, f"You lost the battle at {zone_name(world, zone, l)}: {_names(world, pieces, l)} must retreat.",
                                f"Vous avez perdu la bataille en {zone_name(world, zone, l)} : {_names(world, pieces, l)} doivent faire retraite.")
                  + _fought(world, state, l))
    return [q], {"summary": summary.as_dict(), "zone": zone}


def _losses(world, state, side, data, options):
    zone, n, units = data["zone"], data["count"], list(data.get("units") or [])

    def detail(u):
        d = st.unit_def(world, state, u)
        weak = state["pieces"][u].get("weakened")
        return msg(lambda l: _tr(l, f"strength {d['pf']}" + (", weakened: eliminated if hit" if weak else ", weakened if hit"),
                                 f"force {d['pf']}" + (", affaiblie : éliminée si touchée" if weak else ", affaiblie si touchée")))
    q = Question(id="losses", mode="many", min=n, max=n,
                 label=msg(lambda l: _tr(l, f"Units that take the losses ({n})", f"Unités qui subissent les pertes ({n})")),
                 choices=tuple(Choice(id=u, label=msg(lambda l, u=u: name(world, u, l)), text=f"losses {u}",
                                      orders={"losses": [u]}, detail=detail(u), pieces=(u,)) for u in units),
                 default=tuple(data.get("default") or ()))
    summary = msg(lambda l: _tr(l, f"You won the battle at {zone_name(world, zone, l)} with the result {data.get('result')}: {n} of your units are hit.",
                                f"Vous avez gagné la bataille en {zone_name(world, zone, l)} avec le résultat {data.get('result')} : {n} de vos unités sont touchées.")
                  + _fought(world, state, l))
    return [q], {"summary": summary.as_dict(), "zone": zone, "count": n}


def _escape(world, state, side, data, options):
    lid, zone = data["leader"], data["zone"]
    dests = list(data.get("destinations") or [])
    q = Question(id="escape", mode="one", min=1, max=1,
                 label=msg(lambda l: _tr(l, f"Where does {name(world, lid, l)} escape?", f"Où {name(world, lid, l)} s'évade-t-il ?")),
                 choices=tuple(Choice(id=z, label=msg(lambda l, z=z: zone_name(world, z, l)), text=f"escape {z}",
                                      orders={"escape": z}, zones=(z,)) for z in dests),
                 default=tuple(dests[:1]))
    summary = msg(lambda l: _tr(l, f"{name(world, lid, l)} is alone with enemy units in {zone_name(world, zone, l)} and escapes (die {data.get('roll')}, SV 7.1).",
                                f"{name(world, lid, l)} est seul avec des unités ennemies en {zone_name(world, zone, l)} et s'évade (dé {data.get('roll')}, SV 7.1)."))
    return [q], {"summary": summary.as_dict(), "zone": zone, "leader": lid}


def _battle_order(world, state, side, data, options):
    """2.E.2: the phasing player's battles, each with its forces, ranked in the order they
    are fought (those left out follow in the engine's order)."""
    zones = list(data.get("zones") or [])
    battles = {z: battle_context(world, state, z, side) for z in zones}
    q = Question(id="battle_order", mode="ranked", min=1, max=len(zones),
                 label=msg(lambda l: _tr(l, "Your battles, the first fought first", "Vos batailles, la première livrée d'abord")),
                 help=msg(lambda l: _tr(l, "The battles you leave out are fought after, in the order of the zones (2.E.2).",
                                        "Les batailles que vous omettez sont livrées ensuite, dans l'ordre des zones (2.E.2).")),
                 choices=tuple(Choice(id=z, label=msg(lambda l, z=z: zone_name(world, z, l)), text=f"battles {z}",
                                      orders={"battle_order": [z]}, detail=msg(lambda l, z=z: battle_sentence(world, battles[z], l)),
                                      zones=(z,)) for z in zones),
                 default=tuple(zones))
    summary = msg(lambda l: _tr(l, f"You fight {len(zones)} battles in this SMC ({_names(world, zones, l)}): you choose their order (2.E.2).",
                                f"Vous livrez {len(zones)} batailles dans cette SMC ({_names(world, zones, l)}) : vous choisissez leur ordre (2.E.2)."))
    return [q], {"summary": summary.as_dict(), "zones": zones, "battles": [battles[z] for z in zones]}


#: Destinations named in a stack's explanation (the map has them all).
REACH_NAMED = 8


def _enemy_zones(state: dict, side: str) -> dict:
    """The zones where another side's units stand (a move there brings a battle, SV 8),
    each with the sides whose units they are."""
    out: dict = {}
    for p in (state.get("pieces") or {}).values():
        if p.get("side") not in (None, side) and p.get("kind") != "leader" and p.get("zone") and not p.get("eliminated"):
            out.setdefault(p["zone"], set()).add(p["side"])
    return out


def _reach_text(world, stack: dict, who: list, lang: str, enemy: dict | None = None) -> str:
    """Where a stack can go, those held by enemy units first (a battle), then nearest
    first, with the MP it costs and the path the notation writes to it (what an email
    reader needs to answer without the map)."""
    return _reach_texts(world, stack, who, enemy, (lang,))[0]


def _reach_message(world, stack: dict, who: list, enemy: dict) -> Message:
    """``msg`` of :func:`_reach_text`: both languages, the paths written once."""
    en, fr = _reach_texts(world, stack, who, enemy, LANGS)
    return Message(en, _fr(fr))


def _reach_texts(world, stack: dict, who: list, enemy: dict | None, langs: tuple) -> list[str]:
    """:func:`_reach_text` in each of ``langs``. The destinations are sorted on
    ``(not held by the enemy, cost, name)``; ties keep the order of ``reach`` (a stable
    sort), hence the index in each sort key."""
    reach = stack.get("reach") or {}
    enemy = enemy or {}
    head = f"move {' '.join(who)}:"
    out = []
    for lang in langs:
        near = sorted([(z not in enemy, r["cost"], zone_name(world, z, lang), k, z, r)
                       for k, (z, r) in enumerate(reach.items())])
        mp = "MP" if lang == "en" else "PM"
        # each destination with the path that the notation writes to it (SV 3.2: a move
        # names every zone it crosses), so that a reader without the map can write any of them
        parts = []
        for free, cost, named_zone, _, z, r in near[:REACH_NAMED]:
            if free:
                battle = ""
            else:
                whose = ", ".join(name(world, s, lang) for s in sorted(enemy[z]))
                battle = _tr(lang, f"; units of {whose}: a battle", f" ; unités de {whose} : une bataille")
            parts.append(f"{named_zone} ({cost} {mp}: {' > '.join(r['path'])}{battle})")
        named = ", ".join(parts)
        more = len(near) - REACH_NAMED
        if more > 0:
            named += _tr(lang, f" and {more} more (on the map)", f" et {more} de plus (sur la carte)")
        example = f"{head} {' > '.join(near[0][5]['path'])}" if near else ""
        out.append(_tr(lang, f"Can reach {named}. Write “{head}” and the path; for example: {example}",
                       f"Peut atteindre {named}. Écrivez « {head} » et le chemin ; par exemple : {example}"))
    return out


def _smc(world, state, side, data, options):
    stacks = []
    enemy = _enemy_zones(state, side)
    for i, s in enumerate(options.get("stacks") or []):
        who = list(s.get("leaders") or []) + list(s.get("units") or [])
        zone = s["zone"]
        label = Message(f"{_names(world, who, 'en')} in {zone_name(world, zone, 'en')}",
                        _fr(f"{_names(world, who, 'fr')} en {zone_name(world, zone, 'fr')}"))  # msg, unrolled
        stacks.append(Choice(id=f"stack:{i}", label=label, text="", detail=_reach_message(world, s, who, enemy),
                             zones=(zone,), pieces=tuple(who)))
    for f in options.get("fleets") or []:
        stacks.append(Choice(id=f"fleet:{f['fleet']}", label=msg(lambda l, f=f: _tr(
            l, f"The fleet {name(world, f['fleet'], l)} at {zone_name(world, f['at'], l)}", f"La flotte {name(world, f['fleet'], l)} à {zone_name(world, f['at'], l)}")),
            text=""))
    moves = Question(id="moves", mode="board", choices=tuple(stacks),
                     label=msg(lambda l: _tr(l, "Moves", "Mouvements")),
                     help=msg(lambda l: _tr(l, "Pick a stack, what moves with it, then its destination; the battles follow the moves (SV 2.E).",
                                            "Choisissez une pile, ce qui part avec elle, puis sa destination ; les batailles suivent les mouvements (SV 2.E).")))
    plays = _plays_question(world, state, options.get("plays") or [], msg(lambda l: _tr(
        l, "Stratagems of phase E to play first", "Stratagèmes de la phase E à jouer d'abord")))
    left = options.get("smc_left") or {}
    counts = ", ".join(f"{s} {left.get(s, 0)}" for s in st.sides(state))
    summary = msg(lambda l: _tr(l, f"Your SMC in {state['year']}: move, then fight the battles (SMC left: {counts}).",
                                f"Votre SMC en {state['year']} : déplacez, puis livrez les batailles (SMC restantes : {counts})."))
    return [moves, plays], {"summary": summary.as_dict(), "smc_left": left}


# -- standing reactions ---------------------------------------------------------------------------------
#: The ``reactions`` value each standing setting writes (its id when absent).
_REACTION_VALUES = {"evade": lambda v: {"*": v}}


def setting(qid: str, label: Message, help_: Message | None, current: str | None, options: list[tuple],
            value=None) -> Question:
    """A standing reaction with a few settings: ``(id, label en, label fr, text)``;
    ``value(id)`` is what the setting writes in ``reactions`` (its id by default)."""
    value = value or _REACTION_VALUES.get(qid, lambda v: v)
    return Question(id=qid, mode="one", min=0, max=1, label=label, help=help_,
                    choices=tuple(Choice(id=i, label=Message(en, _fr(fr)), text=text, orders={"reactions": {qid: value(i)}})
                                  for i, en, fr, text in options),
                    default=(current,) if current else ())


def standing_questions(world, state: dict, side: str) -> list[Question]:
    """The standing reactions a side may set (``reactions`` of an order set, ``standing``
    lines of the notation), each with the setting in force as its default."""
    r = bt.reactions_of(state, side)
    evade = (r.get("evade") or {}).get("*") if isinstance(r.get("evade"), dict) else None
    losses = r.get("losses")
    out = [
        setting("evade", msg(lambda l: _tr(l, "When you are attacked and may evade", "Quand vous êtes attaqué et pouvez éviter")),
                 msg(lambda l: _tr(l, "SV 8.2: a die below your best leader's VS.", "SV 8.2 : un dé inférieur à la VS de votre meilleur chef.")),
                 evade or "ask",
                 [("always", "Always try to evade", "Toujours tenter d'éviter", "standing evade always"),
                  ("never", "Always stand and fight", "Toujours rester et combattre", "standing evade never"),
                  ("ask", "Ask me each time", "Me demander à chaque fois", "standing evade ask")]),
        setting("losses", msg(lambda l: _tr(l, "When you win and must take losses", "Quand vous gagnez et devez subir des pertes")), None,
                 "auto" if losses == "auto" else ("ask" if not losses or losses == "ask" else None),
                 [("auto", "The weakest units first, without asking", "Les unités les plus faibles d'abord, sans demander", "standing losses auto"),
                  ("ask", "Ask me each time", "Me demander à chaque fois", "standing losses ask")]),
        setting("ask", msg(lambda l: _tr(l, "Before each battle you are in", "Avant chaque bataille où vous êtes")),
                 msg(lambda l: _tr(l, "To play stratagems at that moment (SV 2.E).", "Pour jouer des stratagèmes à ce moment (SV 2.E).")),
                 r.get("ask") or "never",
                 [("battles", "Ask me which stratagems to play", "Me demander quels stratagèmes jouer", "standing ask battles"),
                  ("never", "Do not ask", "Ne pas demander", "standing ask never")]),
        setting("battle_order", msg(lambda l: _tr(l, "When you fight two battles or more whose order can matter",
                                                  "Quand vous livrez plusieurs batailles dont l'ordre peut compter")),
                msg(lambda l: _tr(l, "2.E.2: you fight your battles one after the other, in the order you choose; you may also name it with your moves ('battles ZONE > ZONE').",
                                  "2.E.2 : vous livrez vos batailles l'une après l'autre, dans l'ordre de votre choix ; vous pouvez aussi le donner avec vos mouvements (« battles ZONE > ZONE »).")),
                r.get("battle_order") or "ask",
                [("ask", "Ask me the order", "Me demander l'ordre", "standing battles ask"),
                 ("auto", "In the order of the zones, without asking", "Dans l'ordre des zones, sans demander", "standing battles auto")]),
        setting("initiative", msg(lambda l: _tr(l, "When you lose the initiative roll and hold Initiative", "Quand vous perdez le jet d'initiative et tenez Initiative")), None,
                 r.get("initiative") or "ask",
                 [("always", "Always play it", "Toujours le jouer", "standing initiative always"),
                  ("never", "Never play it", "Ne jamais le jouer", "standing initiative never"),
                  ("ask", "Ask me", "Me demander", "standing initiative ask")]),
        setting("geostrategy", msg(lambda l: _tr(l, "In phase C (uprisings, usurpations)", "En phase C (soulèvements, usurpations)")), None,
                 r.get("geostrategy") or "ask",
                 [("pass", *world.title.geostrategy_pass_label, "standing geostrategy pass"),
                  ("ask", "Ask me each year", "Me demander chaque année", "standing geostrategy ask")]),
    ]
    out += world.title.standing_questions(world, state, side, r)
    held = sorted({plays_mod.counter_type(c) for c in state.get("hidden", {}).get("hands", {}).get(side, [])
                   if plays_mod.counter_type(c) in world.title.battle_triggers
                   and plays_mod.usable_by(state, side, plays_mod.counter_type(c))})
    declared = {p.get("stratagem") for p in r.get("stratagems") or [] if isinstance(p, dict)}
    if held:
        out.append(Question(
            id="stratagems", mode="many", label=msg(lambda l: _tr(l, "Battle stratagems to play whenever they apply", "Stratagèmes de bataille à jouer dès qu'ils s'appliquent")),
            help=msg(lambda l: _tr(l, "Played in the first battle where they apply (SV 6.3).", "Joués dans la première bataille où ils s'appliquent (SV 6.3).")),
            choices=tuple(Choice(id=t, label=Message(**stratagem_text(state, t)), text=f"standing play {t}",
                                 orders={"reactions": {"stratagems": [{"stratagem": t}]}},
                                 detail=Message(**stratagem_text(state, t, "when"))) for t in held),
            default=tuple(t for t in held if t in declared)))
    return out
