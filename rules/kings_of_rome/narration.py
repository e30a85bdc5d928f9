"""Every event told in English and French (``data.message``), with names, never ids: the
game page and the turn emails read like a chronicle."""

from __future__ import annotations

from rules.base import Message
from rules.kings_of_rome.data import data

OFFICES = {
    "rex": ("the King", "le Roi"), "interrex": ("the Interrex", "l'Interrex"), "pontifex": ("the Pontifex Maximus", "le Pontifex Maximus"),
    "senate": ("the head of the Senate", "le chef du Sénat"), "mp": ("the Magister Populi", "le Magister Populi"),
    "me": ("the Magister Equitum", "le Magister Equitum"), "tp1": ("a Tribunus Populi", "un Tribunus Populi"),
    "tp2": ("a Tribunus Populi", "un Tribunus Populi"), "tc": ("the Tribunus Celerum", "le Tribunus Celerum"),
    "sg": ("the General", "le Général"),
}
REASONS = {
    "secret-general": ("the secret General revealed", "le Général secret révélé"), "diarchy": ("the Diarchy's die", "le dé de la Diète"),
    "king-reroll": ("a reroll in the King's election", "une relance à l'élection du Roi"), "pontifex": ("the Pontifex's election", "l'élection du Pontifex"),
    "senate": ("the Senate's presidency", "la présidence du Sénat"), "senate-bid": ("a bid for the Senate", "une enchère pour le Sénat"),
    "secret-name": ("the Secret Name of Rome", "le Nom secret de Rome"), "magister": ("a Magister named", "un Magister nommé"),
    "magister-ex-officio": ("a Magister named ex officio", "un Magister nommé ex officio"), "general": ("a General named", "un Général nommé"),
    "tribune": ("a Tribune named", "un Tribun nommé"), "tribune-direct": ("a Tribune given directly", "un Tribun nommé directement"),
    "tribune-ex-officio": ("a Tribune named ex officio", "un Tribun nommé ex officio"), "consent": ("the People's refusal", "le refus du Peuple"),
    "recruit": ("recruits", "des recrues"), "promote": ("a promotion", "une promotion"), "garrison": ("a garrison raised", "une garnison renforcée"),
    "garrison-transfer": ("garrison points moved", "des points de garnison déplacés"), "intimidation": ("a city intimidated", "une ville intimidée"),
    "negotiation": ("a negotiation", "une négociation"), "siege-won": ("a siege won", "un siège réussi"), "battle-won": ("a battle won", "une bataille gagnée"),
    "battle-lost": ("a battle lost", "une bataille perdue"), "siege-abandoned": ("a siege given up", "un siège abandonné"),
    "spolia-won": ("the Spolia Opima", "les Spolia Opima"), "spolia-lost": ("a duel lost", "un duel perdu"),
    "triumph": ("a Triumph", "un Triomphe"), "triumph-refused": ("a Triumph refused", "un Triomphe refusé"),
    "ignominia": ("an Ignominia trial lost", "un procès en Ignominie perdu"), "ignominia-pay": ("the accusation", "l'accusation"),
    "captivi": ("captives released", "des captifs libérés"), "romanization": ("Romanization", "la Romanisation"),
    "prestige": ("Prestige", "le Prestige"), "naval-victory": ("a naval victory", "une victoire navale"),
}


def curia(c) -> tuple[str, str]:
    if c not in data().curiae:
        return str(c), str(c)
    n = data().curiae[c]["name"]
    return n["en"], n["fr"]


def gens(g) -> str:
    return data().gentes[g]["name"]["en"] if g in data().gentes else str(g)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def office(k) -> tuple[str, str]:
    if isinstance(k, str) and k.startswith("gen-"):
        return "a General", "un Général"
    return OFFICES.get(k, (str(k), str(k)))


def city(c) -> str:
    return data().cities[c]["name"]["en"] if c in data().cities else str(c)


def leader(lid) -> str:
    return data().leaders[lid]["name"]["en"] if lid in data().leaders else str(lid)


def people(p) -> tuple[str, str]:
    if p in data().peoples:
        n = data().peoples[p]["name"]
        return n["en"], n["fr"]
    return str(p), str(p)


def _m(en: str, fr: str) -> dict:
    return Message(en, fr).as_dict()


def narrate(kind: str, d: dict) -> dict | None:
    fn = STORIES.get(kind)
    if fn is None:
        return None
    try:
        return fn(d)
    except (KeyError, TypeError, ValueError):
        return None


def _ip(d):
    ce, cf = curia(d["curia"])
    re_, rf = REASONS.get(d.get("reason"), (d.get("reason"), d.get("reason")))
    s = f"{d['delta']:+d}"
    return _m(f"{ce}: {s} IP ({re_}), {d['total']} in all.", f"{cf} : {s} PI ({rf}), {d['total']} en tout.")


def _draw(d):
    who_en = "The King" if d["who"] == "king" else curia(d["who"])[0]
    who_fr = "Le Roi" if d["who"] == "king" else curia(d["who"])[1]
    side_en, side_fr = ("as Roman", "comme romain") if d.get("roman") else ("as non-Roman", "comme non romain")
    what = {"unit": ("a military unit", "une unité militaire"), "garrison": ("a garrison", "une garnison"),
            "leader": (f"the leader {leader(d['chit'])}", f"le chef {leader(d['chit'])}"),
            "war": ("a war", "une guerre"), "office": (f"the office {office(d.get('office'))[0]}", f"la fonction {office(d.get('office'))[1]}"),
            "omen": ("the Omens", "les Présages"), "end-of-actions": ("the End of Actions", "la Fin des actions"),
            "fleet": ("a Roman fleet", "une flotte romaine")}.get(d["kind"], (d["kind"], d["kind"]))
    return _m(f"{who_en} draws {what[0]} {side_en}.", f"{who_fr} pioche {what[1]} {side_fr}.")


def _elected(d):
    oe, of = office(d["office"])
    ce, cf = curia(d["curia"])
    return _m(f"{gens(d['gens'])} ({ce}) is elected {oe}.", f"{gens(d['gens'])} ({cf}) est élu {of}.")


def _appointed(d):
    oe, of = office(d["office"])
    ce, cf = curia(d["curia"])
    n = len(d.get("units") or [])
    return _m(f"{gens(d['gens'])} ({ce}) becomes {oe} with {n} unit(s).", f"{gens(d['gens'])} ({cf}) devient {of} avec {n} unité(s).")


def _battle(d):
    w = d.get("winner")
    we = {"roman": "Rome wins", "nonroman": "Rome's enemies win", None: "nobody wins"}[w]
    wf = {"roman": "Rome l'emporte", "nonroman": "les ennemis de Rome l'emportent", None: "personne ne l'emporte"}[w]
    tr = d.get("track") or {}
    return _m(f"Battle in {d['hex']}: {we} (tracks {tr.get('attacker')} / {tr.get('defender')}).",
              f"Bataille en {d['hex']} : {wf} (pistes {tr.get('attacker')} / {tr.get('defender')}).")


def _war(d):
    we, wf = people(data().tables["wars"][d["war"]]["people"])
    return _m(f"War: the {we} take the field under {leader(d['leader'])} at {d['hex']} with {len(d.get('units') or [])} unit(s).",
              f"Guerre : les {wf} entrent en campagne sous {leader(d['leader'])} en {d['hex']} avec {len(d.get('units') or [])} unité(s).")


STORIES = {
    "turn": lambda d: _m(f"Turn {d['turn']} ({d['year']} BC).", f"Tour {d['turn']} ({d['year']} av. J.-C.)."),
    "cup_prepared": lambda d: _m(f"The cup is prepared: {d['added']} chit(s) added.", f"La pioche est préparée : {d['added']} jeton(s) ajouté(s)."),
    "ip": _ip,
    "draw": _draw,
    "war": _war,
    "war_cancelled": lambda d: _m("A war chit finds no leader and is removed.", "Un jeton de guerre ne trouve pas de chef et est retiré."),
    "etruscan_leader": lambda d: _m(f"The Etruscans are led by {leader(d['leader'])} (die {d['roll']}).",
                                    f"Les Étrusques sont menés par {leader(d['leader'])} (dé {d['roll']})."),
    "secret_general": lambda d: _m(f"The secret General is {leader(d['leader'])} ({curia(d['curia'])[0]}).",
                                   f"Le Général secret est {leader(d['leader'])} ({curia(d['curia'])[1]})."),
    "secret_general_leaves": lambda d: _m(f"{leader(d['leader'])} leaves Rome's service.", f"{leader(d['leader'])} quitte le service de Rome."),
    "diarchy": lambda d: _m("Titus Tatius: a Diarchy; each King's side names a General.", "Titus Tatius : une Diète ; chaque côté nomme un Général."),
    "diarchy_roll": lambda d: _m(f"{d['role']} rolls {d['roll']} for the Diarchy.", f"{d['role']} obtient {d['roll']} pour la Diète."),
    "office_ends": lambda d: _m(f"{cap(office(d['office'])[0])} leaves office.", f"{cap(office(d['office'])[1])} quitte sa fonction."),
    "office_unfilled": lambda d: _m(f"Nobody could take {office(d['office'])[0]}: the chit goes back to the cup.",
                                    f"Personne n'a pu prendre {office(d['office'])[1]} : le jeton retourne dans la pioche."),
    "elected": _elected,
    "king_rolls": lambda d: _m("The King's election: " + ", ".join(f"{curia(c)[0]} {v}" for c, v in d["totals"].items()) + ".",
                               "L'élection du Roi : " + ", ".join(f"{curia(c)[1]} {v}" for c, v in d["totals"].items()) + "."),
    "king_reroll": lambda d: _m(f"{curia(d['curia'])[0]} pays for a reroll: {d['total']}.", f"{curia(d['curia'])[1]} paie une relance : {d['total']}."),
    "election_tie": lambda d: _m("A tie: the tied roll again.", "Égalité : les ex aequo relancent."),
    "rogatio": lambda d: _m(f"Rogatio for {office(d['office'])[0]}: " + ", ".join(f"{curia(c)[0]} {v}" for c, v in d["totals"].items()) + ".",
                            f"Rogatio pour {office(d['office'])[1]} : " + ", ".join(f"{curia(c)[1]} {v}" for c, v in d["totals"].items()) + "."),
    "inauguratio": lambda d: _m(f"Inauguratio: die {d['roll']}{'+1' if d['modifier'] else ''}, the auspices are {'favourable' if d['favourable'] else 'unfavourable'}.",
                                f"Inauguratio : dé {d['roll']}{'+1' if d['modifier'] else ''}, les auspices sont {'favorables' if d['favourable'] else 'défavorables'}."),
    "senate_named": lambda d: _m(f"{gens(d['gens'])} is named head of the Senate.", f"{gens(d['gens'])} est nommé chef du Sénat."),
    "secret_name": lambda d: _m(f"The Secret Name of Rome: {d['total']} - {d['result']}.", f"Le Nom secret de Rome : {d['total']} - {d['result']}."),
    "secret_name_refused": lambda d: _m("The Senate forbids the questioning of the priests.", "Le Sénat interdit l'interrogation des prêtres."),
    "appointed": _appointed,
    "consent": lambda d: _m(f"The People {'consent' if d['granted'] else 'refuse'} to the war (die {d['roll']}, {d['need']} needed).",
                            f"Le Peuple {'consent' if d['granted'] else 'refuse'} à la guerre (dé {d['roll']}, {d['need']} requis)."),
    "fides": lambda d: _m(f"Fides: Rome may make war on the {people(d['nation'])[0]} this turn.",
                          f"Fides : Rome peut faire la guerre aux {people(d['nation'])[1]} ce tour-ci."),
    "recruited": lambda d: _m(f"{len(d['units'])} unit(s) recruited for {office(d['office'])[0]}.",
                              f"{len(d['units'])} unité(s) recrutée(s) pour {office(d['office'])[1]}."),
    "promoted": lambda d: _m("A Roman unit is promoted one class.", "Une unité romaine gagne une classe."),
    "garrison": lambda d: _m(f"{city(d['city'])}'s garrison rises to {d['value']}.", f"La garnison de {city(d['city'])} passe à {d['value']}."),
    "garrison_transfer": lambda d: _m(f"{d['points']} garrison point(s) move from {city(d['source'])} to {city(d['dest'])}.",
                                      f"{d['points']} point(s) de garnison passent de {city(d['source'])} à {city(d['dest'])}."),
    "allowance": lambda d: _m(f"{cap(office(d['office'])[0])}'s army has {d['actions']} action(s).",
                              f"L'armée {office(d['office'])[1]} a {d['actions']} action(s)."),
    "exit_refused": lambda d: _m("An army may not leave Rome this turn.", "Une armée ne peut pas quitter Rome ce tour-ci."),
    "action_skipped": lambda d: _m(f"An action is not possible ({d['reason']}) and is skipped.", f"Une action est impossible ({d['reason']}) et est sautée."),
    "move": lambda d: _m(f"An army moves {' > '.join(d['path'])}.", f"Une armée se déplace {' > '.join(d['path'])}."),
    "picked_up": lambda d: _m(f"The army takes along {len(d['units'])} free unit(s).", f"L'armée emmène {len(d['units'])} unité(s) libre(s)."),
    "intimidation": lambda d: _m(f"Intimidation of {city(d['city'])}: {d['total']} against {d['against']}, {'success' if d['won'] else 'failure'}.",
                                 f"Intimidation de {city(d['city'])} : {d['total']} contre {d['against']}, {'réussite' if d['won'] else 'échec'}."),
    "romanized": lambda d: _m(f"{city(d['city'])} becomes Roman (garrison {d['garrison']}).", f"{city(d['city'])} devient romaine (garnison {d['garrison']})."),
    "siege": lambda d: _m(f"Siege of {city(d['city'])}, attempt {d['attempt']}: {'the city falls' if d['won'] else 'it holds'}.",
                          f"Siège de {city(d['city'])}, tentative {d['attempt']} : {'la ville tombe' if d['won'] else 'elle tient'}."),
    "siege_abandoned": lambda d: _m(f"The siege of {city(d['city'])} is given up.", f"Le siège de {city(d['city'])} est abandonné."),
    "returns_to_rome": lambda d: _m("An army marches back to Rome.", "Une armée rentre à Rome."),
    "negotiation": lambda d: _m(f"Negotiation with {city(d['city'])}: {'success' if d['won'] else 'failure'}.",
                                f"Négociation avec {city(d['city'])} : {'réussite' if d['won'] else 'échec'}."),
    "detached": lambda d: _m(f"{cap(office(d['office'])[0])} leaves the army with {len(d['units'])} unit(s).",
                             f"{cap(office(d['office'])[1])} quitte l'armée avec {len(d['units'])} unité(s)."),
    "merged": lambda d: _m("Two Roman armies join.", "Deux armées romaines se réunissent."),
    "battle_start": lambda d: _m(f"Battle in {d['hex']}: attacker {d['tactics']['attacker']}, defender {d['tactics']['defender']}.",
                                 f"Bataille en {d['hex']} : attaquant {'attaque' if d['tactics']['attacker'] == 'attack' else 'défense'}, "
                                 f"défenseur {'attaque' if d['tactics']['defender'] == 'attack' else 'défense'}."),
    "battle": _battle,
    "preventive_retreat": lambda d: _m(f"The enemy withdraws inside the walls of {city(d['city'])}.", f"L'ennemi se retire dans les murs de {city(d['city'])}."),
    "spolia": lambda d: _m(f"Spolia Opima: {d['outcome']}.", f"Spolia Opima : {d['outcome']}."),
    "roman_leader_falls": lambda d: _m(f"{cap(office(d['office'])[0])} falls in battle.", f"{cap(office(d['office'])[1])} tombe au combat."),
    "falls_back": lambda d: _m(f"A force falls back to {d['hex']}.", f"Une force se replie en {d['hex']}."),
    "advance": lambda d: _m(f"The victorious army follows the beaten enemy to {d['hex']}.",
                            f"L'armée victorieuse poursuit l'ennemi vaincu jusqu'en {d['hex']}."),
    "rout": lambda d: _m(f"The beaten army routs ({d['to']}).", f"L'armée vaincue est en déroute ({d['to']})."),
    "leader_to_rome": lambda d: _m(f"{leader(d['leader'])} is taken to Rome and may serve her.", f"{leader(d['leader'])} est emmené à Rome et peut la servir."),
    "triumph_claim": lambda d: _m(f"{cap(office(d['office'])[0])} claims a Triumph.", f"{cap(office(d['office'])[1])} revendique un Triomphe."),
    "triumph_crisis": lambda d: _m(f"A political crisis over the Triumph: {'granted' if d['won'] else 'denied'}.",
                                   f"Une crise politique sur le Triomphe : {'accordé' if d['won'] else 'refusé'}."),
    "ignominia": lambda d: _m(f"Ignominia trial of {office(d['office'])[0]}: {d['defence']} against {d['accusation']}, {'guilty' if d['guilty'] else 'acquitted'}.",
                              f"Procès en Ignominie de {office(d['office'])[1]} : {d['defence']} contre {d['accusation']}, {'coupable' if d['guilty'] else 'acquitté'}."),
    "army_forms": lambda d: _m(f"{leader(d['leader'])} leads his army out of the walls.", f"{leader(d['leader'])} sort ses troupes des murs."),
    "city_attacked": lambda d: _m(f"{city(d['city'])} is attacked: {'it falls' if d['won'] else 'it holds'}.", f"{city(d['city'])} est attaquée : {'elle tombe' if d['won'] else 'elle tient'}."),
    "city_falls": lambda d: _m(f"{city(d['city'])} is left undefended.", f"{city(d['city'])} est laissée sans défense."),
    "war_blocks": lambda d: _m("The invaders stop and block the way.", "Les envahisseurs s'arrêtent et bloquent le passage."),
    "war_ends": lambda d: _m("A war ends.", "Une guerre prend fin."),
    "faliscans_help": lambda d: _m(f"The Faliscans come to help {city(d['city'])}.", f"Les Falisques viennent au secours de {city(d['city'])}."),
    "sortie": lambda d: _m(f"The besieged of {city(d['city'])} sortie.", f"Les assiégés de {city(d['city'])} font une sortie."),
    "tribune_army_dissolved": lambda d: _m("A Tribune's army breaks up.", "L'armée d'un Tribun est dissoute."),
    "zoc_fall_back": lambda d: _m("A Roman army leaves an enemy zone of control.", "Une armée romaine quitte une zone de contrôle ennemie."),
    "rejoin": lambda d: _m("The leaders rejoin their troops.", "Les chefs rejoignent leurs troupes."),
    "no_actions": lambda d: _m("The End of Actions: no actions this turn.", "Fin des actions : pas d'actions ce tour-ci."),
    "game_over": lambda d: _m(f"The game ends ({d['reason']}).", f"La partie se termine ({d['reason']})."),
    "sail": lambda d: _m("Ships sail.", "Des navires prennent la mer."),
    "naval_battle": lambda d: _m(f"Naval battle in {d['hex']}: the {d['winner']} wins.", f"Bataille navale en {d['hex']} : victoire de {'l attaquant' if d['winner'] == 'attacker' else 'du défenseur'}."),
    "ship_sunk": lambda d: _m("A ship is sunk.", "Un navire est coulé."),
    "fleet": lambda d: _m("A Roman fleet is placed at Ostia.", "Une flotte romaine est placée à Ostie."),
}
