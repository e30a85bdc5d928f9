"""The choices of Tetrarchia's prompts (``Prompt.choices``, ``Prompt.context`` and
``Ruleset.choices`` of the rules contract, ``rules/base.py``): the fleets of the opening,
and an emperor's Roman phase as a running budget of PI.

An emperor's actions are a ``sequence``: each one changes where the next starts (he moved,
a fleet sailed, a disc was laid), so :func:`choices` plays the order set drafted so far on
a copy of the table (the same checks as validation, ``turns.play_orders``) and offers the
actions legal from there, each with its PI, while the budget lasts. Pure.
"""

from __future__ import annotations

import copy

from rules.base import Choice, Message, Question
from rules.tetrarchia import roman
from rules.tetrarchia.data import EMPEROR_ORDER, board, emperors
from rules.tetrarchia.roman import emperor_at_other
from rules.tetrarchia.state import Table, controller
from rules.tetrarchia.turns import entry_points, play_orders

NBSP = "\u00a0"
ROMAN = {0: "", 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}


def _fr(text: str) -> str:
    for mark in (":", ";", "!", "?"):
        text = text.replace(f" {mark}", f"{NBSP}{mark}")
    return text


def msg(en: str, fr: str) -> Message:
    return Message(en, _fr(fr))


def province_name(pid: str) -> str:
    """The printed name in title case (``MAVRETANIA TINGITANA`` reads Mavretania
    Tingitana), a sea zone's too."""
    brd = board()
    if pid in brd.provinces:
        return brd.province(pid).name.title()
    if pid in brd.seas:
        return brd.seas[pid].name.title()
    return str(pid)


def coordinates(pid: str) -> str:
    """The region-and-number the dice address (``II 4``), or ``""`` (frontiers, Italia)."""
    brd = board()
    p = brd.provinces.get(pid)
    if p is None or p.number is None:
        return ""
    n = brd.region_number(p.region)
    return f"{ROMAN.get(n, n)} {p.number}" if n else ""


def province_label(pid: str) -> str:
    """``Baetica (I 2)``."""
    coord = coordinates(pid)
    return f"{province_name(pid)} ({coord})" if coord else province_name(pid)


def emperor_name(eid: str, lang: str) -> str:
    e = emperors().get(eid)
    return (e.name_en if lang == "en" else e.name_fr) if e else str(eid)


def _pi(cost: int) -> Message:
    return msg(f"{cost} PI", f"{cost} PI")


# -- the opening fleets -----------------------------------------------------------------------------
def fleet_questions(st: dict, orders: dict | None) -> list[Question]:
    count = st["level"]["fleets"]
    placed = list((orders or {}).get("fleets") or [])
    left = max(0, count - len(placed))
    brd = board()
    choices = tuple(Choice(
        id=z, label=msg(f"A fleet in {province_name(z)}", f"Une flotte en {province_name(z)}"), text=f"fleets {z}",
        orders={"fleets": [z]}, cost=1, zones=(z,),
        detail=msg("Coasts: " + ", ".join(province_name(p) for p in brd.coast_of(z)),
                   "Côtes : " + ", ".join(province_name(p) for p in brd.coast_of(z))))
        for z in sorted(st["fleets"])) if left else ()
    return [Question(id="fleets", mode="sequence", min=count, max=count, choices=choices,
                     label=msg(f"Place {count} fleet{'s' if count != 1 else ''} (several may share a zone)",
                               f"Placez {count} flotte{'s' if count != 1 else ''} (plusieurs peuvent partager une zone)"),
                     help=msg("A fleet lets an emperor move between two provinces on its zone's coasts for 1 PI (L76-85).",
                              "Une flotte permet à un Empereur d'aller d'une province à l'autre des côtes de sa zone pour 1 PI (L76-85)."),
                     budget={"left": left, "unit": {"en": "fleets", "fr": "flottes"}})]


# -- an emperor's Roman phase ------------------------------------------------------------------------
#: The kinds of action, in the order a page lists them (``Choice.group``), L160-230.
GROUPS = {
    "move": msg("Move (1 PI a link, 2 across a broken one, 1 by fleet)", "Se déplacer (1 PI par lien, 2 par un lien brisé, 1 par flotte)"),
    "attack": msg("Attack a barbarian army", "Attaquer une armée barbare"),
    "hold": msg("In his province: protect or subdue", "Dans sa province : protéger ou soumettre"),
    "sail": msg("Sail a fleet to the next sea zone", "Déplacer une flotte vers la zone maritime voisine"),
    "move_other": msg("IMPERIVM: move another emperor", "IMPERIVM : déplacer un autre Empereur"),
}
GROUP_OF = {"move": "move", "attack": "attack", "protect": "hold", "subdue": "hold", "sail": "sail", "move_other": "move_other"}


def _action_choice(action: dict, cost: int, k: int, emperor: str, st: dict | None = None) -> Choice:
    from dataclasses import replace

    choice = _action_choice_of(action, cost, emperor)
    if action["act"] == "move" and st is not None and emperor_at_other(st, action["to"], emperor):
        # another emperor stands there: he may pass through, not stop (L175-193, FAQ L783-785)
        choice = replace(choice, detail=msg(f"{cost} PI; passing through only: another emperor is there, he must move on",
                                            f"{cost} PI ; en passant seulement : un autre Empereur y est, il doit repartir"))
    group = GROUP_OF.get(action["act"])
    pieces = (action["emperor"],) if action["act"] == "move_other" else (emperor,)
    return replace(choice, group=GROUPS.get(group), pieces=pieces)


def _action_choice_of(action: dict, cost: int, emperor: str) -> Choice:
    act = action["act"]
    pi = _pi(cost)
    if act == "move":
        to = action["to"]
        by = action.get("by")
        return Choice(id=f"move:{to}", label=msg(f"Move to {province_label(to)}", f"Aller en {province_label(to)}"),
                      text=f"move {to}" + (f" by {by}" if by else ""), orders={"actions": [action]}, cost=cost, detail=pi,
                      zones=(to,))
    if act == "attack":
        to, bonus = action["target"], action.get("bonus", 0)
        extra = (msg(f"{cost} PI; up to {bonus} discs of Galerius' bonus, only what the win needs (L436-437)",
                     f"{cost} PI ; jusqu'à {bonus} disques du bonus de Galère, seulement ce que la victoire demande (L436-437)")
                 if bonus else pi)
        return Choice(id=f"attack:{to}" + (f":{bonus}" if bonus else ""),
                      label=msg(f"Attack the army in {province_label(to)}" + (f" (bonus up to {bonus})" if bonus else ""),
                                f"Attaquer l'armée en {province_label(to)}" + (f" (bonus jusqu'à {bonus})" if bonus else "")),
                      text=f"attack {to}" + (f" bonus {bonus}" if bonus else ""), orders={"actions": [action]}, cost=cost,
                      detail=extra, zones=(to,))
    if act == "sail":
        src, dst = action["from"], action["to"]
        return Choice(id=f"sail:{src}:{dst}", label=msg(f"Sail a fleet from {province_name(src)} to {province_name(dst)}",
                                                        f"Déplacer une flotte de {province_name(src)} à {province_name(dst)}"),
                      text=f"sail {src} {dst}", orders={"actions": [action]}, cost=cost, detail=pi, zones=(dst,))
    if act == "protect":
        return Choice(id="protect", label=msg("Protect this province (lay one of his discs)", "Protéger cette province (poser un de ses disques)"),
                      text="protect", orders={"actions": [action]}, cost=cost, detail=pi)
    if act == "subdue":
        how = action.get("how", "remove")
        label = (msg("Subdue: remove the disc", "Soumettre : retirer le disque") if how == "remove"
                 else msg("Subdue: turn the Revolt into Unrest", "Soumettre : changer la Révolte en Agitation"))
        return Choice(id=f"subdue:{how}", label=label, text="subdue" + (" reduce" if how == "reduce" else ""),
                      orders={"actions": [action]}, cost=cost, detail=pi)
    other, to = action["emperor"], action["to"]
    return Choice(id=f"move_other:{other}:{to}",
                  label=msg(f"Move {emperor_name(other, 'en')} to {province_label(to)}", f"Déplacer {emperor_name(other, 'fr')} en {province_label(to)}"),
                  text=f"move-other {other} {to}", orders={"actions": [action]}, cost=cost, detail=pi, zones=(to,))


def roman_questions(st: dict, orders: dict | None) -> tuple[list[Question], dict]:
    """The questions of the Roman phase after ``orders`` (drafted so far) and the facts
    where that leaves the emperor."""
    orders = dict(orders or {})
    emperor = st["turn"]["emperor"]
    t = Table(copy.deepcopy(st))
    brd = t.board
    questions: list[Question] = []
    off_board = st["emperors"][emperor]["at"] is None
    if off_board:
        points = entry_points(st, brd, emperor)
        capital = next(p for p in brd.ids() if brd.province(p).capital == emperor)
        labels = {"roma": msg("Enter at Rome", "Entrer à Rome"),
                  "capital": msg(f"Enter at his capital, {province_name(capital)}", f"Entrer à sa capitale, {province_name(capital)}")}
        questions.append(Question(id="enter", mode="one", min=1, max=1, label=msg("Where does he enter?", "Où entre-t-il ?"),
                                  choices=tuple(Choice(id=p, label=labels[p], text=f"enter {p}", orders={"enter": p},
                                                       zones=(brd.rome if p == "roma" else capital,), pieces=(emperor,))
                                                for p in points),
                                  default=("roma",)))
    drafted = {"actions": list(orders.get("actions") or [])}
    for key in ("enter", "imperium", "patres"):
        if orders.get(key):
            drafted[key] = orders[key]
    play_orders(t, controller(st, emperor), drafted, live=False)
    turn = t.st["turn"]
    opts = st["options"]
    powers = []
    if opts.get("imperivm") and emperor in ("diocletian", "maximian") and (turn["imperium"] or (not st["turn"]["imperium"]
                                                                                                  and st["emperors"][emperor]["discs"] > 0)):
        what = (msg("IMPERIVM: he may move the other emperors with his PI this turn (retires one of his discs, L434)",
                    "IMPERIVM : il peut déplacer les autres Empereurs avec ses PI ce tour (retire un de ses disques, L434)")
                if emperor == "diocletian" else
                msg("IMPERIVM: 7 PI this turn instead of 6 (retires one of his discs, L441)",
                    "IMPERIVM : 7 PI ce tour au lieu de 6 (retire un de ses disques, L441)"))
        powers.append(Choice(id="imperium", label=msg("Use IMPERIVM", "Utiliser IMPERIVM"), text="imperium",
                             orders={"imperium": True}, detail=what))
    if opts.get("patres_patriae") and emperor in ("diocletian", "constantius") and st["turn"]["segment"] == 0 \
            and not st["turn"]["patres"]:
        what = (msg("PATRES PATRIAE: take 1 PI from Galerius' next turn (L450-453)", "PATRES PATRIAE : prendre 1 PI au prochain tour de Galère (L450-453)")
                if emperor == "diocletian" else
                msg("PATRES PATRIAE: give 1 PI to Maximian's next turn (L450-453)", "PATRES PATRIAE : donner 1 PI au prochain tour de Maximien (L450-453)"))
        powers.append(Choice(id="patres", label=msg("Use PATRES PATRIAE", "Utiliser PATRES PATRIAE"), text="patres",
                             orders={"patres": True}, detail=what))
    if powers:
        questions.append(Question(id="powers", mode="many", max=len(powers), choices=tuple(powers),
                                  label=msg("Powers of the variants", "Pouvoirs des variantes")))
    attacked = any(a.get("act") == "attack" for a in drafted["actions"])
    actions = []
    if not attacked:
        galerius_discs = t.st["emperors"]["galerius"]["discs"] if emperor == "galerius" and opts.get("imperivm") else 0
        for k, (action, cost) in enumerate(roman.legal_actions(t, emperor)):
            actions.append(_action_choice(action, cost, k, emperor, t.st))
            if action["act"] == "attack" and galerius_discs:
                actions.append(_action_choice(dict(action, bonus=galerius_discs), cost, k, emperor))
        order = list(GROUPS)  # listed kind by kind (Choice.group), each kind in the engine's order
        actions.sort(key=lambda c: order.index(GROUP_OF.get(c.id.split(":")[0], "move")))
    pi = turn["pi"]
    at = t.st["emperors"][emperor]["at"]
    questions.append(Question(
        id="actions", mode="sequence", choices=tuple(actions), min=1 if turn["passing"] and actions else 0,
        label=msg(f"Actions of {emperor_name(emperor, 'en')}", f"Actions de {emperor_name(emperor, 'fr')}"),
        help=msg("One after another, in the order picked; an attack ends the list (its dice decide what follows).",
                 "L'une après l'autre, dans l'ordre choisi ; une attaque clôt la liste (ses dés décident de la suite)."),
        budget={"left": pi, "unit": {"en": "PI", "fr": "PI"}}))
    if attacked or any(a.cost is not None and a.id.startswith("attack") for a in actions):
        questions.append(Question(id="end", mode="many", max=1, label=msg("After a won attack", "Après une attaque gagnée"),
                                  choices=(Choice(id="end", label=msg("End the turn, even with PI left", "Finir le tour, même avec des PI restants"),
                                                  text="end", orders={"end": True}),)))
    facts = {"emperor": emperor, "at": at, "pi": pi, "passing": turn["passing"], "round": st["round"],
             "segment": st["turn"]["segment"], "discs": t.st["emperors"][emperor]["discs"]}
    return questions, facts


def roman_context(st: dict, facts: dict) -> dict:
    emperor, at, pi = facts["emperor"], facts["at"], facts["pi"]
    where_en = f"at {province_label(at)}" if at else "off the board"
    where_fr = f"en {province_label(at)}" if at else "hors du plateau"
    passing = (msg(" He only passes through: he must move on.", " Il ne fait que passer : il doit repartir.") if facts["passing"]
               else msg("", ""))
    summary = msg(f"Round {st['round']}: {emperor_name(emperor, 'en')} {where_en}, {pi} PI, {facts['discs']} discs in hand." + passing.en,
                  f"Tour {st['round']} : {emperor_name(emperor, 'fr')} {where_fr}, {pi} PI, {facts['discs']} disques en main." + passing.fr)
    return {"summary": summary.as_dict(), "zone": at, **facts}


def choices(st: dict, role: str, orders: dict | None = None) -> list[Question]:
    if st.get("result") is not None:
        return []
    if st["phase"] == "fleets":
        return fleet_questions(st, orders) if role == controller(st, EMPEROR_ORDER[0]) else []
    if st["phase"] != "roman" or role != controller(st, st["turn"]["emperor"]):
        return []
    return roman_questions(st, orders)[0]


def standing_questions(st: dict, role: str) -> list[Question]:
    """The standing choices of the IMPERIVM powers that act in the barbarian phase, for the
    role commanding Constantius or Galerius (DECISIONS.md D11)."""
    if not st["options"].get("imperivm") or st.get("result") is not None or st["phase"] != "roman":
        return []
    if role != controller(st, st["turn"]["emperor"]):
        return []  # set with the role's own order sets (an order set carries them)
    mine = st["roles"].get(role, [])
    standing = st.get("standing") or {}
    out = []
    if "constantius" in mine:
        on = bool(standing.get("constantius", {}).get("block"))
        out.append(Question(
            id="constantius-block", mode="one", min=0, max=1, default=("on" if on else "off",),
            label=msg("Constantius' IMPERIVM: when an army attacks him", "IMPERIVM de Constance : quand une armée l'attaque"),
            help=msg("He stops it, retiring one of his discs (L439-440).", "Il l'arrête en retirant un de ses disques (L439-440)."),
            choices=(Choice(id="on", label=msg("Block it", "La bloquer"), text="standing constantius block on",
                            orders={"standing": {"constantius": {"block": True}}}),
                     Choice(id="off", label=msg("Let the battle happen", "Laisser la bataille avoir lieu"), text="standing constantius block off",
                            orders={"standing": {"constantius": {"block": False}}}))))
    if "galerius" in mine:
        current = int(standing.get("galerius", {}).get("defend_bonus", 0))
        most = max(current, st["emperors"]["galerius"]["discs"])
        out.append(Question(
            id="galerius-defend-bonus", mode="one", min=0, max=1, default=(str(current),),
            label=msg("Galerius' IMPERIVM: when an army attacks him", "IMPERIVM de Galère : quand une armée l'attaque"),
            help=msg("Up to this many discs add +1 each, only what the win needs (L436-437).",
                     "Jusqu'à ce nombre de disques ajoutent +1 chacun, seulement ce que la victoire demande (L436-437)."),
            choices=tuple(Choice(id=str(n), label=msg(f"Up to {n} disc{'s' if n != 1 else ''}", f"Jusqu'à {n} disque{'s' if n != 1 else ''}"),
                                 text=f"standing galerius defend-bonus {n}", orders={"standing": {"galerius": {"defend_bonus": n}}})
                          for n in range(0, most + 1))))
    return out


def fleets_context(st: dict) -> dict:
    n = st["level"]["fleets"]
    summary = msg(f"Level {st['level']['code']}: place your {n} fleet{'s' if n != 1 else ''} before Diocletian's first turn.",
                  f"Niveau {st['level']['code']} : placez vos {n} flotte{'s' if n != 1 else ''} avant le premier tour de Dioclétien.")
    return {"summary": summary.as_dict(), "count": n}



def arrows(st: dict, orders: dict | None) -> list[list[str]]:
    """What an order set plans, as paths of zones: the emperor's path (his moves in order,
    from where he stands or enters), another emperor moved, each fleet sailed from one sea
    zone to the next (L78-80), and in the opening each fleet placed (a path of one sea
    zone: the page draws an arrow coming into it)."""
    if not isinstance(orders, dict):
        return []
    if st.get("phase") == "fleets":
        return [[sea] for sea in orders.get("fleets") or [] if isinstance(sea, str) and sea in board().seas]
    if st.get("phase") != "roman":
        return []
    emperor = st["turn"]["emperor"]
    at = st["emperors"][emperor]["at"]
    if at is None:
        at = board().rome if orders.get("enter", "roma") == "roma" else next(
            (p for p in board().ids() if board().province(p).capital == emperor), None)
    path, out = [at] if at else [], []
    for action in orders.get("actions") or []:
        if not isinstance(action, dict):
            continue
        if action.get("act") in ("move", "attack") and isinstance(action.get("to") or action.get("target"), str):
            path.append(action.get("to") or action.get("target"))
        elif action.get("act") == "move_other" and isinstance(action.get("to"), str):
            other_at = st["emperors"].get(action.get("emperor"), {}).get("at")
            if other_at:
                out.append([other_at, action["to"]])
        elif action.get("act") == "sail" and isinstance(action.get("from"), str) and isinstance(action.get("to"), str):
            out.append([action["from"], action["to"]])
    if len(path) > 1:
        out.insert(0, path)
    return out
