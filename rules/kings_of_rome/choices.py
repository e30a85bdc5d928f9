"""The choices of Kings of Rome's prompts (``Prompt.choices``, ``Prompt.context``,
``Ruleset.choices`` and ``Ruleset.standing`` of the rules contract): every legal answer as
a button with its label in English and French, its order-set fragment and its line of the
notation. Any set of picks the questions allow is a legal order set.

An army's actions are a ``sequence`` with its action allowance as the budget: each action
changes where the next starts, so :func:`choices` replays the plan drafted so far (as the
validation does) and offers the actions legal from there. Standing policies are offered as
``standing`` questions whose choices write ``policy`` lines. Pure.
"""

from __future__ import annotations

from rules.base import Choice, Message, Question, merge_orders
from rules.kings_of_rome import narration
from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.actions import may_strike
from rules.kings_of_rome.battle import _may_withdraw, _walls_for
from rules.kings_of_rome.data import CURIAE
from rules.kings_of_rome.movement import allowance_mp, check_path, hostile_hexes, reachable, where
from rules.kings_of_rome.naval import check_sail
from rules.kings_of_rome.offices import curia_can_take, eligible_gentes
from rules.kings_of_rome.orders import (
    FIDES_NATIONS, _battle_sides, default_orders, elections_now, my_armies, my_expeditions, my_fleets, royal_offices,
    table,
)
from rules.kings_of_rome.politics import magister_curiae
from rules.kings_of_rome.roles import king_seat, senate_seat
from rules.kings_of_rome.state import (
    MAGISTRI, ROMAN, TRIBUNES, Table, curiae_of, king_curia, leading_office, nonroman_inside, nonroman_outside,
    unit_virtus,
)
from rules.kings_of_rome.wars import actions_of, targets_in_reach

NBSP = "\u00a0"
OFFICE_NAMES = {"rex": ("King", "Roi"), "interrex": ("Interrex", "Interrex"), "pontifex": ("Pontifex Maximus", "Pontifex Maximus"),
                "senate": ("head of the Senate", "chef du Sénat"), "mp": ("Magister Populi", "Magister Populi"),
                "me": ("Magister Equitum", "Magister Equitum"), "tp1": ("Tribunus Populi", "Tribunus Populi"),
                "tp2": ("Tribunus Populi", "Tribunus Populi"), "tc": ("Tribunus Celerum", "Tribunus Celerum"),
                "sg": ("General", "Général")}
MAX_MOVES = 24


def msg(en: str, fr: str) -> Message:
    for mark in (":", ";", "!", "?"):
        fr = fr.replace(f" {mark}", f"{NBSP}{mark}")
    return Message(en, fr)


def office_name(key: str) -> tuple[str, str]:
    if key.startswith("gen-"):
        return "General", "Général"
    return OFFICE_NAMES.get(key, (key, key))


def curia_name(t: Table, c: str) -> tuple[str, str]:
    n = t.d.curiae[c]["name"]
    return n["en"], n["fr"]


def gens_name(t: Table, g: str) -> str:
    return t.d.gentes[g]["name"]["en"]


def city_name(t: Table, c: str) -> str:
    return t.d.cities[c]["name"]["en"]


def people_name(t: Table, p: str | None) -> tuple[str, str]:
    if p not in t.d.peoples:
        return "Rome's enemies", "les ennemis de Rome"
    n = t.d.peoples[p]["name"]
    return n["en"], n["fr"]


def place(t: Table, hex_: str) -> tuple[str, str]:
    cid = t.d.city_at.get(hex_)
    return (f"{city_name(t, cid)} ({hex_})", f"{city_name(t, cid)} ({hex_})") if cid else (f"hex {hex_}", f"l'hexagone {hex_}")


def army_label(t: Table, fid: str) -> tuple[str, str]:
    lead = leading_office(t, fid)
    return narration.army(lead) if lead else ("the free units", "les unités libres")


# -- prompts: questions and context by kind -----------------------------------------------------------


def questions(st: dict, role: str, orders: dict | None = None) -> list[Question]:
    pending = st.get("pending") or {}
    kind = pending.get("kind")
    if role not in pending.get("roles", []):
        return []
    t = table(st)
    return QUESTIONS[kind](t, role, orders or {})


def context(st: dict, role: str) -> dict:
    kind = st["pending"]["kind"]
    t = table(st)
    return CONTEXTS[kind](t, role)


def _one(qid: str, label: Message, choices: list[Choice], *, required: bool = True, default: tuple = (),
         help_: Message | None = None) -> Question:
    return Question(id=qid, label=label, mode="one", choices=tuple(choices), min=1 if required and choices else 0,
                    max=1, default=default, help=help_)


def _default_ids(q_choices: list[Choice], default_orders: dict) -> tuple[str, ...]:
    """The choices the default orders make (a choice whose fragment they contain)."""
    out = []
    for c in q_choices:
        if _contains(default_orders, c.orders):
            out.append(c.id)
    return tuple(out[:1])


def _contains(big, small) -> bool:
    if isinstance(small, dict):
        return isinstance(big, dict) and all(k in big and _contains(big[k], v) for k, v in small.items())
    if isinstance(small, list):
        return isinstance(big, list) and all(any(_contains(b, s) for b in big) for s in small)
    return big == small


# candidates -----------------------------------------------------------------------------------------


def _candidates(t: Table, role: str, orders: dict) -> list[Question]:
    st = t.st
    defaults = default_orders(st, role)
    out = []
    for curia in curiae_of(st, role):
        cen, cfr = curia_name(t, curia)
        free = eligible_gentes(t, curia)
        for office in elections_now(st):
            oen, ofr = office_name(office)
            choices = [Choice(id=f"{curia}:{office}:{g}",
                              label=msg(f"{gens_name(t, g)} for {oen}", f"{gens_name(t, g)} pour {ofr}"),
                              text=f"candidate {curia} {office} {g}", orders={"candidates": {curia: {office: g}}},
                              detail=msg(f"Virtus {t.d.gentes[g]['virtus']}, Astutia {t.d.gentes[g]['astutia']}",
                                         f"Virtus {t.d.gentes[g]['virtus']}, Astutia {t.d.gentes[g]['astutia']}"))
                       for g in free]
            out.append(_one(f"candidate:{curia}:{office}", msg(f"{cen}: your candidate for {oen}", f"{cfr} : votre candidat pour {ofr}"),
                            choices, default=_default_ids(choices, defaults),
                            help_=msg("The candidates stay secret until the election (§5.2.3); a Gens already elected this turn makes way for the next.",
                                      "Les candidats restent secrets jusqu'à l'élection (§5.2.3) ; une Gens déjà élue ce tour cède la place à la suivante.")))
        if "senate" in elections_now(st):
            top = min(t.T["elections"]["senate"]["bid_max"], st["ip"][curia])
            choices = [Choice(id=f"bid:{curia}:{n}", label=msg(f"Bid {n} IP for the Senate", f"Miser {n} PI pour le Sénat"),
                              text=f"bid {curia} {n}", orders={"bids": {curia: n}}) for n in range(top + 1)]
            out.append(_one(f"bid:{curia}", msg(f"{cen}: IP bid if the Senate goes to a Rogatio (§5.4.1)",
                                                f"{cfr} : enchère si le Sénat va à une Rogatio (§5.4.1)"),
                            choices, default=(f"bid:{curia}:0",)))
    return out


def _candidates_context(t: Table, role: str) -> dict:
    offices = ", ".join(office_name(o)[0] for o in elections_now(t.st))
    offices_fr = ", ".join(office_name(o)[1] for o in elections_now(t.st))
    return {"summary": msg(f"Turn {t.st['turn']}: elections ({offices}). Put up one Gens a Curia for each.",
                           f"Tour {t.st['turn']} : élections ({offices_fr}). Présentez une Gens par Curie pour chacune.").as_dict(),
            "ip": dict(t.st["ip"])}


# political -----------------------------------------------------------------------------------------


def _praecepta(t: Table) -> list[tuple[dict, str, str, str]]:
    """(praeceptum, id, English, French) a Tribune may be given whatever the Fides."""
    out = [({"defend": True}, "defend", "defend Rome", "défendre Rome"),
           ({"fides": True}, "fides", "attack the Fides nation", "attaquer la nation de la Fides")]
    present = sorted({f.get("people") for f in t.st["forces"].values() if f["side"] != ROMAN and f.get("people")
                      and t.d.peoples[f["people"]]["nation"] is None})
    for p in present:
        en, fr = people_name(t, p)
        out.append(({"people": p}, f"people-{p}", f"attack the {en}", f"attaquer les {fr}"))
    return out


def _political(t: Table, role: str, orders: dict) -> list[Question]:
    st = t.st
    ts = st["turn_state"]
    activated = ts.get("activated", [])
    out = []
    king = king_seat(st) == role
    senate = senate_seat(st) == role
    if king:
        kc = king_curia(st)
        ip = st["ip"][kc]
        spend = 0
        mp_named = "mp" in st["offices"] or "mp" in activated
        for key in [k for k in activated if k in MAGISTRI]:
            if key == "me" and not mp_named:
                continue
            en, fr = office_name(key)
            options = magister_curiae(t)
            choices = [Choice(id=f"{key}:{c}", label=msg(f"{en} to the {curia_name(t, c)[0]}", f"{fr} à la {curia_name(t, c)[1]}"),
                              text=f"magister {key} {c}", orders={"magistri": [{"office": key, "curia": c}]},
                              detail=msg(f"that Curia gains {t.T['elections']['magister']['populi_ip' if key == 'mp' else 'equitum_ip']} IP",
                                         f"cette Curie gagne {t.T['elections']['magister']['populi_ip' if key == 'mp' else 'equitum_ip']} PI"))
                       for c in options]
            if choices:
                out.append(_one(f"magister:{key}", msg(f"The {en} was drawn: to which Curia?", f"Le {fr} a été pioché : à quelle Curie ?"), choices))
        ex = [k for k in MAGISTRI if k not in st["offices"] and k not in activated and st["chits"].get(f"office-{k}") == "cup"
              and (k == "mp" or "mp" in st["offices"])]
        cost = t.T["elections"]["magister"]["ex_officio_cost"]
        if ex and ip >= cost:
            choices = []
            for key in ex:
                en, fr = office_name(key)
                for c in magister_curiae(t):
                    choices.append(Choice(id=f"ex:{key}:{c}", label=msg(f"Name a {en} ex officio from the {curia_name(t, c)[0]}",
                                                                       f"Nommer un {fr} ex officio de la {curia_name(t, c)[1]}"),
                                          text=f"magister {key} {c}", orders={"magistri": [{"office": key, "curia": c}]},
                                          cost=cost, detail=msg(f"{cost} IP from your Curia", f"{cost} PI de votre Curie")))
            if choices:
                spend += cost
                out.append(_one("magister:ex-officio", msg("A Magister ex officio (one a turn, §5.5.1)?", "Un Magister ex officio (un par tour, §5.5.1) ?"),
                                choices, required=False))
        gcost = t.T["elections"]["general"]["cost"]
        if ip >= spend + gcost:
            out.append(_one("general", msg("Name a General (2 IP, 4 infantry in Rome, §5.5.4)?", "Nommer un Général (2 PI, 4 fantassins à Rome, §5.5.4) ?"),
                            [Choice(id="general:yes", label=msg("Name a General", "Nommer un Général"), text="general", orders={"general": True}, cost=gcost),
                             Choice(id="general:no", label=msg("No General", "Pas de Général"), text="general no", orders={"general": False})],
                            default=("general:no",)))
        if st["offices"].get("pontifex") and not st.get("secret_name_revealed"):
            out.append(_one("secret-name", msg("Question the priests on the Secret Name of Rome (§5.3.3)?", "Interroger les prêtres sur le Nom secret de Rome (§5.3.3) ?"),
                            [Choice(id="secret:yes", label=msg("Ask", "Demander"), text="secret-name", orders={"secret_name": True}),
                             Choice(id="secret:no", label=msg("Do not ask", "Ne pas demander"), text="secret-name no", orders={"secret_name": False})],
                            default=("secret:no",)))
        out.append(_one("consent", msg("Ask the People's consent to the Fides war (§5.4.6)?", "Demander le consentement du Peuple à la guerre de la Fides (§5.4.6) ?"),
                        [Choice(id="consent:yes", label=msg("Ask the People", "Demander au Peuple"), text="consent yes", orders={"consent": True},
                                detail=msg("4-6 on a die (5-6 against Etruscans and Osci); a refusal costs 1 IP",
                                           "4-6 au dé (5-6 contre Étrusques et Osques) ; un refus coûte 1 PI")),
                         Choice(id="consent:no", label=msg("Leave the war to the Tribunes", "Laisser la guerre aux Tribuns"),
                                text="consent no", orders={"consent": False})],
                        default=("consent:yes",)))
        if st["offices"].get("senate") is None:
            out.append(_fides_question(t))
        pool_inf = sum(1 for u in st["pool"] if t.d.units[u]["arm"] == "inf")
        offices = royal_offices(st)
        budget = ip - spend - gcost
        if pool_inf and offices and budget >= 1:
            choices = [Choice(id=f"recruit:{k}", label=msg(f"Recruit an infantry unit for the {office_name(k)[0]}",
                                                           f"Recruter une infanterie pour le {office_name(k)[1]}"),
                              text=f"recruit {k} 1 0", orders={"recruit": [{"office": k, "inf": 1, "cav": 0}]}, cost=1)
                       for k in offices]
            drafted = sum(int(r.get("inf", 0)) + 2 * int(r.get("cav", 0)) for r in orders.get("recruit") or [])
            left = max(0, min(budget, pool_inf) - drafted)
            out.append(Question(id="recruit", label=msg("Recruits from Rome's pool (1 IP an infantry, §5.8.1)", "Recrues du pool de Rome (1 PI par fantassin, §5.8.1)"),
                                mode="sequence", choices=tuple(choices) if left > 0 else (), min=0,
                                budget={"left": left, "unit": {"en": "IP", "fr": "PI"}}))
    if senate:
        out += _senate_questions(t, role)
    return out


def _fides_question(t: Table) -> Question:
    choices = [Choice(id=f"fides:{n}", label=msg(f"War on the {people_name(t, n)[0]}", f"Guerre aux {people_name(t, n)[1]}"),
                      text=f"fides {n}", orders={"fides": {"nation": n}}) for n in FIDES_NATIONS]
    choices.append(Choice(id="fides:none", label=msg("No war on a Curia's people", "Pas de guerre contre le peuple d'une Curie"),
                          text="fides none", orders={"fides": {"nation": None}}))
    return _one("fides", msg("Fides: the one nation Rome may make war on this turn (§5.4.6)", "Fides : la seule nation à qui Rome peut faire la guerre ce tour (§5.4.6)"),
                choices, default=("fides:none",))


def _senate_questions(t: Table, role: str) -> list[Question]:
    st = t.st
    activated = st["turn_state"].get("activated", [])
    ip = st["ip"][st["offices"]["senate"]["curia"]]
    out = [_fides_question(t)]
    curiae = [c for c in CURIAE if curia_can_take(t, c)]
    praecepta = _praecepta(t)
    drawn = [k for k in activated if k in TRIBUNES]
    spend = 0
    for key in drawn:
        en, fr = office_name(key)
        choices = []
        for pr, pid, pen, pfr in praecepta:
            choices.append(Choice(id=f"{key}:rogatio:{pid}", label=msg(f"{en} by a Rogatio (+1 for your Curia), to {pen}",
                                                                      f"{fr} par une Rogatio (+1 pour votre Curie), pour {pfr}"),
                                  text=f"tribune {key} rogatio {_pr_text(pr)}",
                                  orders={"tribunes": [{"office": key, "how": "rogatio", "praeceptum": pr}]}))
            if ip >= len(drawn):
                for c in curiae:
                    choices.append(Choice(id=f"{key}:direct:{c}:{pid}",
                                          label=msg(f"{en} to the {curia_name(t, c)[0]} (1 IP), to {pen}", f"{fr} à la {curia_name(t, c)[1]} (1 PI), pour {pfr}"),
                                          text=f"tribune {key} direct {c} {_pr_text(pr)}", cost=1,
                                          orders={"tribunes": [{"office": key, "how": "direct", "curia": c, "praeceptum": pr}]}))
        out.append(_one(f"tribune:{key}", msg(f"The {en} was drawn: how is he named, and his Praeceptum?",
                                              f"Le {fr} a été pioché : comment est-il nommé, et son Praeceptum ?"), choices))
        spend += 1
    tp_in_play = any(k in st["offices"] or k in activated for k in ("tp1", "tp2"))
    cost = t.T["elections"]["tribune"]["ex_officio_cost"]
    for key in TRIBUNES:
        if key in st["offices"] or key in activated or st["chits"].get(f"office-{key}") != "cup":
            continue
        if key == "tc" and not tp_in_play:
            continue
        if ip < spend + cost:
            break
        en, fr = office_name(key)
        choices = [Choice(id=f"ex:{key}:{c}:{pid}", label=msg(f"Name a {en} from the {curia_name(t, c)[0]} ex officio (2 IP), to {pen}",
                                                              f"Nommer un {fr} de la {curia_name(t, c)[1]} ex officio (2 PI), pour {pfr}"),
                          text=f"tribune {key} {c} {_pr_text(pr)}", cost=cost,
                          orders={"tribunes": [{"office": key, "curia": c, "praeceptum": pr}]})
                   for c in curiae for pr, pid, pen, pfr in praecepta[:2]]
        if choices:
            nth = (" (a second one)", " (un second)") if key == "tp2" else ("", "")
            out.append(_one(f"tribune-ex:{key}", msg(f"A {en}{nth[0]} ex officio (§5.4.4)? From turn 4 an army leaves Rome only with a Tribune's.",
                                                     f"Un {fr}{nth[1]} ex officio (§5.4.4) ? Dès le tour 4 une armée ne quitte Rome qu'avec celle d'un Tribun."),
                            choices, required=False))
            spend += cost
    return out


def _pr_text(pr: dict) -> str:
    if pr.get("defend"):
        return "defend"
    if pr.get("fides"):
        return "fides"
    if pr.get("city"):
        return f"city {pr['city']}"
    return f"people {pr['people']}"


def _political_context(t: Table, role: str) -> dict:
    st = t.st
    parts_en, parts_fr = [], []
    if king_seat(st) == role:
        parts_en.append("as King")
        parts_fr.append("comme Roi")
    if senate_seat(st) == role:
        parts_en.append("as head of the Senate")
        parts_fr.append("comme chef du Sénat")
    return {"summary": msg(f"Turn {st['turn']}: your orders {' and '.join(parts_en)}.",
                           f"Tour {st['turn']} : vos ordres {' et '.join(parts_fr)}.").as_dict(),
            "activated": list(st["turn_state"].get("activated", [])), "ip": dict(st["ip"]),
            "zone": t.d.rome}


# actions -------------------------------------------------------------------------------------------


def plan_end(t: Table, fid: str, plan: list) -> tuple[str | None, bool]:
    """Where the drafted plan leaves the army, and whether it can still be followed (after a
    battle or a siege the position is unknown)."""
    st = t.st
    pos = where(t, fid)
    for action in plan:
        act = action.get("act")
        if act in ("move", "intimidate", "siege", "negotiate"):
            dest = action.get("to") or ((action.get("path") or [pos])[-1])
            if act == "move" and nonroman_outside(st, dest):
                return None, False
            if act == "siege":
                return None, False
            pos = dest
        elif act in ("detach", "merge", "end", "sail"):
            return None, False
    return pos, True


def _army_choices(t: Table, fid: str, pos: str) -> list[Choice]:
    st = t.st
    force = st["forces"][fid]
    reach = reachable(t, fid, start=pos)
    stop = hostile_hexes(t, ROMAN)
    out: list[Choice] = []
    interesting = {f["hex"] for f in st["forces"].values() if f["side"] != ROMAN}
    interesting.update(rec["hex"] for rec in t.d.cities.values())
    has_inf = any(t.d.units[u]["arm"] == "inf" for u in force["units"])
    for hex_ in sorted(h for h in interesting if h in reach):
        pen, pfr = place(t, hex_)
        for enemy in nonroman_outside(st, hex_):
            e = st["forces"][enemy]
            if not (e["units"] or e.get("leader")) or may_strike(t, fid, e.get("people"), hex_=hex_):
                continue
            en, fr = people_name(t, e.get("people"))
            for tactic, ten, tfr in (("attack", "attack", "attaque"), ("defence", "defence", "défense")):
                out.append(Choice(id=f"battle:{hex_}:{enemy}:{tactic}", label=msg(f"Attack the {en} at {pen} ({ten} marker)",
                                                                          f"Attaquer les {fr} à {pfr} (marqueur {tfr})"),
                                  text=f"army {fid} move to {hex_} battle {tactic}",
                                  orders={"armies": {fid: [{"act": "move", "to": hex_, "battle": {"tactic": tactic}}]}},
                                  zones=(hex_,), pieces=tuple(e["units"])))
        cid = t.d.city_at.get(hex_)
        if not cid:
            continue
        city = st["cities"][cid]
        if city["roman"] or not city["active"] or may_strike(t, fid, t.d.cities[cid]["peoples"][0], city=cid):
            continue
        leader_inside = any(st["forces"][f].get("leader") for f in nonroman_inside(st, hex_))
        if leader_inside or cid in (st.get("sieges") or {}):
            out.append(Choice(id=f"siege:{cid}", label=msg(f"Besiege {city_name(t, cid)}", f"Assiéger {city_name(t, cid)}"),
                              text=f"army {fid} siege {cid} to {hex_}", orders={"armies": {fid: [{"act": "siege", "city": cid, "to": hex_}]}},
                              zones=(hex_,)))
        elif city["garrison"] > 0 or has_inf:
            out.append(Choice(id=f"intimidate:{cid}", label=msg(f"Intimidate {city_name(t, cid)} (garrison {city['garrison']})",
                                                               f"Intimider {city_name(t, cid)} (garnison {city['garrison']})"),
                              text=f"army {fid} intimidate {cid} to {hex_}", orders={"armies": {fid: [{"act": "intimidate", "city": cid, "to": hex_}]}},
                              zones=(hex_,)))
            if city["garrison"] > 0:
                out.append(Choice(id=f"negotiate:{cid}", label=msg(f"Negotiate with {city_name(t, cid)} (2 IP)", f"Négocier avec {city_name(t, cid)} (2 PI)"),
                                  text=f"army {fid} negotiate {cid} to {hex_}", orders={"armies": {fid: [{"act": "negotiate", "city": cid, "to": hex_}]}},
                                  zones=(hex_,)))
    quiet = [h for h in reach if h not in stop and h != pos]
    cities = [h for h in quiet if h in t.d.city_at]
    others = sorted(set(quiet) - set(cities), key=lambda h: (-reach.cost(h), h))[: MAX_MOVES - min(len(cities), MAX_MOVES // 2)]
    for hex_ in sorted(set(cities[: MAX_MOVES // 2]) | set(others)):
        pen, pfr = place(t, hex_)
        out.append(Choice(id=f"move:{hex_}", label=msg(f"March to {pen}", f"Marcher vers {pfr}"), text=f"army {fid} move to {hex_}",
                          orders={"armies": {fid: [{"act": "move", "to": hex_}]}}, zones=(hex_,)))
    out.append(Choice(id="end", label=msg("Stop here", "S'arrêter ici"), text=f"army {fid} end",
                      orders={"armies": {fid: [{"act": "end"}]}}))
    return out


def _actions(t: Table, role: str, orders: dict) -> list[Question]:
    st = t.st
    out = []
    for fid in my_armies(t, role):
        plan = list(((orders or {}).get("armies") or {}).get(fid) or [])
        left = st["turn_state"]["allowance"][fid] - len(plan)
        pos, open_ = plan_end(t, fid, plan)
        # Every action spends one of the allowance, as the budget says: the choices carry
        # no cost, so the map does not print "1 action" beside each of dozens of hexes.
        choices = _army_choices(t, fid, pos) if open_ and left > 0 and st["forces"][fid]["units"] else []
        en, fr = army_label(t, fid)
        out.append(Question(id=f"army:{fid}", mode="sequence", choices=tuple(choices), min=0,
                            label=msg(f"Actions of {en} at {place(t, st['forces'][fid]['hex'] if st['forces'][fid]['hex'] != 'rome' else t.d.rome)[0]}",
                                      f"Actions de {fr} à {place(t, st['forces'][fid]['hex'] if st['forces'][fid]['hex'] != 'rome' else t.d.rome)[1]}"),
                            budget={"left": max(0, left), "unit": {"en": "actions", "fr": "actions"},
                                    "unit_one": {"en": "action", "fr": "action"}},
                            help=msg("One action each: a march, or a march that ends in an attack; a battle or a siege ends the plan (§6).",
                                     "Une action chacune : une marche, ou une marche qui finit par une attaque ; une bataille ou un siège termine le plan (§6).")))
    for sid in my_fleets(t, role):
        plan = list(((orders or {}).get("fleets") or {}).get(sid) or [])
        left = st["turn_state"]["fleet_allowance"][sid] - len(plan)
        here = st["ships"][sid]["at"]
        for a in plan:
            here = (a.get("path") or [here])[-1]
        choices = []
        if left > 0:
            for n in t.d.map.neighbours(here):
                if t.d.map.is_coast_sea(n):
                    choices.append(Choice(id=f"sail:{n}", label=msg(f"Sail to the sea at {n}", f"Naviguer vers la mer en {n}"),
                                          text=f"fleet {sid} sail {n}", orders={"fleets": {sid: [{"act": "sail", "path": [n]}]}},
                                          zones=(n,)))
        name = t.d.ships[sid]["name"]
        out.append(Question(id=f"fleet:{sid}", mode="sequence", choices=tuple(choices), min=0,
                            label=msg(f"Voyages of {name['en']}", f"Voyages de la {name['fr']}"),
                            budget={"left": max(0, left), "unit": {"en": "actions", "fr": "actions"},
                                    "unit_one": {"en": "action", "fr": "action"}}))
    return out


def _actions_context(t: Table, role: str) -> dict:
    st = t.st
    armies = my_armies(t, role)
    first = st["forces"][armies[0]]["hex"] if armies else t.d.rome
    ts = st["turn_state"]
    fides = ts.get("fides")
    fen, ffr = people_name(t, fides) if fides else ("nobody", "personne")
    return {"summary": msg(f"Turn {st['turn']}: orders for {len(armies)} {'army' if len(armies) == 1 else 'armies'}. Fides: war on the {fen}" +
                           (", with the People's consent." if ts.get("consent") else "."),
                           f"Tour {st['turn']} : ordres pour {len(armies)} {'armée' if len(armies) == 1 else 'armées'}. Fides : guerre aux {ffr}" +
                           (", avec le consentement du Peuple." if ts.get("consent") else ".")).as_dict(),
            "zone": first if first != "rome" else t.d.rome,
            "armies": {f: {"hex": st["forces"][f]["hex"], "actions": ts["allowance"][f], "mp": allowance_mp(t, f) / 2,
                           "units": len(st["forces"][f]["units"])} for f in armies}}


# battle -------------------------------------------------------------------------------------------


def _battle(t: Table, role: str, orders: dict) -> list[Question]:
    sides = _battle_sides(t, role)
    if not sides:
        return []
    side, fid, enemy = sides[0]
    st = t.st
    force = st["forces"][fid]
    roman = force["side"] == ROMAN
    out = [_one("tactic", msg("Your tactic marker, placed face down (§6.5.3)", "Votre marqueur de tactique, face cachée (§6.5.3)"),
                [Choice(id="attack", label=msg("Attack", "Attaque"), text="tactic attack", orders={"tactic": "attack"},
                        detail=msg("attack against attack: straight to the pitched battle", "attaque contre attaque : directement la bataille rangée")),
                 Choice(id="defence", label=msg("Defence", "Défense"), text="tactic defence", orders={"tactic": "defence"},
                        detail=msg("defence against defence: the cavalry alone clash, nobody wins", "défense contre défense : seule la cavalerie s'affronte, pas de vainqueur"))],
                default=(default_orders(st, role).get("tactic", "defence"),))]
    if not roman and side == "defender" and _walls_for(t, fid, force["hex"]) and _may_withdraw(t, fid, enemy):
        out.append(_one("withdraw", msg("Withdraw inside the walls (preventive retreat, §6.5.1)?", "Se retirer dans les murs (retraite préventive, §6.5.1) ?"),
                        [Choice(id="withdraw", label=msg("Withdraw: it becomes a siege", "Se retirer : ce sera un siège"), text="withdraw", orders={"withdraw": True}),
                         Choice(id="stand", label=msg("Give battle", "Livrer bataille"), text="withdraw no", orders={"withdraw": False})],
                        default=("stand",)))
    if roman and force["offices"] and st["forces"][enemy].get("leader"):
        out.append(_one("spolia", msg("Challenge the enemy leader to a duel (Spolia Opima, §6.5.3)?", "Provoquer le chef ennemi en duel (Spolia Opima, §6.5.3) ?"),
                        [Choice(id="duel", label=msg("Duel", "Duel"), text="spolia", orders={"spolia": True},
                                detail=msg("won: +3 IP and the battle; lost: the King's Curia -3 IP", "gagné : +3 PI et la bataille ; perdu : la Curie du Roi -3 PI")),
                         Choice(id="no-duel", label=msg("No duel", "Pas de duel"), text="spolia no", orders={"spolia": False})],
                        default=("no-duel",)))
    mine = [u for u in force["units"] if t.d.units[u]["arm"] == "cav"]
    if len(mine) > 1 and any(t.d.units[u]["arm"] == "cav" for u in st["forces"][enemy]["units"]):
        # the player pairs his horsemen for the vanguard; unranked ones follow his deploy policy
        ranked = sorted(mine, key=lambda u: (-unit_virtus(t, u), u))
        out.append(Question(id="cavalry", mode="ranked", min=0, max=len(mine),
                            label=msg("Your horsemen in the order they pair off in the vanguard, the first against "
                                      "the enemy's first; the last are the surplus that stands aside (§6.5.4)",
                                      "Vos cavaliers dans l'ordre où ils s'apparient à l'avant-garde, le premier contre "
                                      "le premier de l'ennemi ; les derniers sont le surplus qui se retire (§6.5.4)"),
                            choices=tuple(Choice(id=u, label=_horseman(t, u), text=f"cavalry {u}", orders={"cavalry": [u]},
                                                 pieces=(u,)) for u in ranked)))
    out.append(_one("leader-box", msg("Where your leader stands (§6.5.6)", "Où se tient votre chef (§6.5.6)"),
                    [Choice(id=b, label=msg(en, fr), text=f"leader-box {b}", orders={"leader_box": b})
                     for b, en, fr in (("centre", "In the front line, centre (Astutia rerolls)", "En première ligne, au centre (relances d'Astutia)"),
                                       ("right", "In the front line, right wing", "En première ligne, aile droite"),
                                       ("left", "In the front line, left wing", "En première ligne, aile gauche"),
                                       ("reserve", "In the reserve (safe from cavalry)", "En réserve (à l'abri de la cavalerie)"))],
                    required=False))
    return out


def _horseman(t: Table, uid: str) -> Message:
    rec = t.d.units[uid]
    v = unit_virtus(t, uid)
    if t.st["units"][uid]["face"] == ROMAN and rec["kind"] != "invader":
        return msg(f"Equites {uid}, Virtus {v}", f"Equites {uid}, Virtus {v}")
    if rec["kind"] == "invader":
        people = t.d.peoples[rec["people"]]["name"]
        return msg(f"{people['en']} horsemen {uid}, Virtus {v}", f"Cavaliers {uid} ({people['fr']}), Virtus {v}")
    city = t.d.cities[rec["back"]["city"]]["name"]
    return msg(f"Horsemen of {city['en']} {uid}, Virtus {v}", f"Cavaliers de {city['fr']} {uid}, Virtus {v}")


def _battle_context(t: Table, role: str) -> dict:
    sides = _battle_sides(t, role)
    if not sides:
        return {"summary": msg("A battle.", "Une bataille.").as_dict()}
    side, fid, enemy = sides[0]
    st = t.st
    hex_ = st["forces"][fid]["hex"]
    pen, pfr = place(t, hex_)
    e = st["forces"][enemy]
    (me, mf), (ee, ef) = _force_name(t, fid), _force_name(t, enemy)
    return {"summary": msg(f"Battle at {pen}: you are the {side}, {me} ({len(st['forces'][fid]['units'])} units) against {ee} ({len(e['units'])} units).",
                           f"Bataille à {pfr} : vous êtes {'l’attaquant' if side == 'attacker' else 'le défenseur'}, {mf} ({len(st['forces'][fid]['units'])} unités) "
                           f"contre {ef} ({len(e['units'])} unités).").as_dict(),
            "zone": hex_, "battle": {"you": {"force": fid, "units": list(st["forces"][fid]["units"])},
                                     "enemy": {"force": enemy, "units": list(e["units"])}}}


def _force_name(t: Table, fid: str) -> tuple[str, str]:
    """A Roman army by its office ("the King's army"), a force of Rome's enemies by its people."""
    force = t.st["forces"][fid]
    if force["side"] == ROMAN:
        return army_label(t, fid)
    en, fr = people_name(t, force.get("people"))
    return f"the {en}", f"les {fr}"


# triumph votes, expeditions -------------------------------------------------------------------------


def _triumph(t: Table, role: str, orders: dict) -> list[Question]:
    return [_one("vote", msg("A Tribune claims a Triumph: your vote (§5.4.8)", "Un Tribun revendique un Triomphe : votre vote (§5.4.8)"),
                 [Choice(id="accept", label=msg("Accept", "Accepter"), text="accept", orders={"accept": True}),
                  Choice(id="refuse", label=msg("Refuse", "Refuser"), text="refuse", orders={"accept": False})],
                 default=("accept",) if default_orders(t.st, role).get("accept") else ("refuse",))]


def _triumph_context(t: Table, role: str) -> dict:
    ctx = t.st["pending"]["context"]
    en, fr = office_name(ctx["office"])
    return {"summary": msg(f"The {en} claims a Triumph after a {ctx['how']}.", f"Le {fr} revendique un Triomphe après un(e) {ctx['how']}.").as_dict()}


def _expeditions(t: Table, role: str, orders: dict) -> list[Question]:
    st = t.st
    out = []
    for fid in my_expeditions(t, role):
        force = st["forces"][fid]
        pen, pfr = people_name(t, force.get("people"))
        choices = [Choice(id="auto", label=msg("March on by itself (toward its goal, striking what it meets)",
                                               "Marcher seule (vers son but, en frappant ce qu'elle rencontre)"),
                          text=f"force {fid} auto", orders={"forces": {fid: "auto"}})]
        for _cost, kind, target, path in targets_in_reach(t, fid)[:12]:
            if kind == "army":
                action = {"act": "move", "path": path or [force["hex"]], "target": target}
                ae, af = army_label(t, target)
                label = msg(f"Strike {ae} at {place(t, st['forces'][target]['hex'])[0]}", f"Frapper {af} à {place(t, st['forces'][target]['hex'])[1]}")
                text = f"force {fid} move {' '.join(action['path'])} target {target}"
            else:
                action = {"act": "attack", "path": path, "city": target}
                label = msg(f"Attack {city_name(t, target)}", f"Attaquer {city_name(t, target)}")
                text = f"force {fid} attack {target} path {' '.join(path)}".rstrip()
            choices.append(Choice(id=f"{kind}:{target}", label=label, text=text, orders={"forces": {fid: [action]}}))
        out.append(_one(f"force:{fid}", msg(f"The {pen} (actions {actions_of(t, fid)})", f"Les {pfr} (actions {actions_of(t, fid)})"),
                        choices, default=("auto",)))
    return out


def _expeditions_context(t: Table, role: str) -> dict:
    forces = my_expeditions(t, role)
    zone = t.st["forces"][forces[0]]["hex"] if forces else t.d.rome
    return {"summary": msg(f"Turn {t.st['turn']}: you run {len(forces)} of Rome's enemies this turn.",
                           f"Tour {t.st['turn']} : vous dirigez {len(forces)} ennemi(s) de Rome ce tour-ci.").as_dict(), "zone": zone}


QUESTIONS = {"candidates": _candidates, "political": _political, "actions": _actions, "battle": _battle,
             "triumph_vote": _triumph, "expeditions": _expeditions}
CONTEXTS = {"candidates": _candidates_context, "political": _political_context, "actions": _actions_context,
            "battle": _battle_context, "triumph_vote": _triumph_context, "expeditions": _expeditions_context}


# -- standing policies as questions ---------------------------------------------------------------------

STANDING_VALUES = {"king_reroll": [None, 2, 4, 6, 8]}


def standing(st: dict, role: str) -> list[Question]:
    out = []
    current = st["policies"].get(role) or {}
    for key, (default, allowed, en, fr) in sorted(pol.SPEC.items()):
        if allowed is dict:
            continue
        values = [True, False] if allowed is bool else STANDING_VALUES.get(key) or list(allowed)
        choices = []
        for v in values:
            shown = {True: "yes", False: "no", None: "none"}.get(v, str(v)) if not isinstance(v, int) or isinstance(v, bool) else str(v)
            choices.append(Choice(id=f"{key}:{shown}", label=msg(f"{key.replace('_', ' ')}: {shown}", f"{key.replace('_', ' ')} : {shown}"),
                                  text=f"policy {key} {shown}", orders={"policy": {key: v}}))
        now = current.get(key, default)
        now_shown = {True: "yes", False: "no", None: "none"}.get(now, str(now)) if not isinstance(now, int) or isinstance(now, bool) else str(now)
        out.append(Question(id=f"policy:{key}", label=msg(en, fr), mode="one", choices=tuple(choices), min=0, max=1,
                            default=(f"{key}:{now_shown}",)))
    return out


def merged(fragments: list[dict]) -> dict:
    return merge_orders(fragments)


_ = (check_path, check_sail, leading_office)
