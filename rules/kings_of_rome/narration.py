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


def leader(lid, language: str = "en") -> str:
    return data().leaders[lid]["name"][language] if lid in data().leaders else str(lid)


def people(p) -> tuple[str, str]:
    if p in data().peoples:
        n = data().peoples[p]["name"]
        return n["en"], n["fr"]
    return str(p), str(p)


def place(hex_) -> tuple[str, str]:
    """A hex as a reader names it: its city, else its number ("Carsioli (3912)", "hex 3813")."""
    cid = data().city_at.get(hex_) if isinstance(hex_, str) else None
    if cid:
        return f"{city(cid)} ({hex_})", f"{city(cid)} ({hex_})"
    if hex_ == "rome":
        return "Rome", "Rome"
    return f"hex {hex_}", f"l'hexagone {hex_}"


def army(office_key=None, people_=None) -> tuple[str, str]:
    """Who acts: a Roman army by the office leading it ("the King's army"), a force of
    Rome's enemies by its people ("the Aequi"), else "an army"."""
    if office_key:
        en, fr = office(office_key)
        en = en.removeprefix("the ").removeprefix("a ")
        fr = fr.removeprefix("le ").removeprefix("l'").removeprefix("un ")
        return f"the {en}'s army", f"l'armée {'de l' + chr(39) if fr[:1] in 'AEIOU' else 'du '}{fr}"
    if people_:
        en, fr = people(people_)
        return f"the {en}", f"les {fr}"
    return "an army", "une armée"


#: Why an action planned earlier is skipped when its turn comes (the codes of ``skip_action``).
SKIPPED = {
    "exit.keeper": ("the King or a Magister must stay in Rome", "le Roi ou un Magister doit rester à Rome"),
    "exit.limit": ("no more armies may leave Rome this turn", "plus aucune armée ne peut quitter Rome ce tour-ci"),
    "exit.no_tribune": ("from turn 4 an army leaves Rome only with a Tribune's", "dès le tour 4 une armée ne quitte Rome qu'avec celle d'un Tribun"),
    "exit.not_allowed": ("it may not leave Rome this turn", "elle ne peut pas quitter Rome ce tour-ci"),
    "city.roman": ("the city is Roman already", "la ville est déjà romaine"),
    "move.empty": ("it has nowhere left to go", "elle n'a plus où aller"),
    "detach.magister": ("no subordinate office to detach", "pas de fonction subordonnée à détacher"),
    "merge.magister": ("no army to join there", "pas d'armée à rejoindre là"),
    "sail.no_fleet": ("no fleet is there to carry it", "aucune flotte n'est là pour la porter"),
    "sail.cargo": ("the fleet carries another army", "la flotte porte une autre armée"),
}


def skipped_reason(code) -> tuple[str, str]:
    if code in SKIPPED:
        return SKIPPED[code]
    from rules.kings_of_rome.messages import TEXTS

    if code in TEXTS and "{" not in "".join(TEXTS[code]):
        return tuple(text[:1].lower() + text[1:].rstrip(".").replace("(", "").replace(")", "") for text in TEXTS[code])
    return "it is no longer possible", "elle n'est plus possible"


def _skipped(d):
    ae, af = army(d.get("office"), d.get("people"))
    re_, rf = skipped_reason(d.get("reason"))
    return _m(f"{cap(ae)}: an action is skipped ({re_}).", f"{cap(af)} : une action est sautée ({rf}).")


def _move(d):
    ae, af = army(d.get("office"), d.get("people"))
    pe, pf = place(d["path"][-1])
    path = " > ".join(d["path"])
    many = not d.get("office") and bool(d.get("people"))  # "the Volsci march"
    return _m(f"{cap(ae)} march{'' if many else 'es'} to {pe} ({path}).", f"{cap(af)} marche{'nt' if many else ''} vers {pf} ({path}).")


TACTICS = {"attack": ("attack", "attaque"), "defence": ("defence", "défense")}


def _battle_sides(d) -> tuple[tuple[str, str], tuple[str, str]]:
    """(Rome's side, the enemy) as the event names them."""
    roman = army(d["roman_office"]) if d.get("roman_office") else ("a Roman army", "une armée romaine")
    return roman, army(None, d.get("people"))


def _battle_start(d):
    pe, pf = place(d["hex"])
    tac = d["tactics"]
    (re_, rf), (ne, nf) = _battle_sides(d)
    roman_attacks = d.get("roman_attacks", True)
    (ae, af), (de, df) = ((re_, rf), (ne, nf)) if roman_attacks else ((ne, nf), (re_, rf))
    many = not roman_attacks and bool(d.get("people"))  # "the Volsci attack"
    return _m(f"Battle at {pe}: {ae} attack{'' if many else 's'} {de}; tactic markers: attacker {TACTICS[tac['attacker']][0]}, "
              f"defender {TACTICS[tac['defender']][0]}.",
              f"Bataille à {pf} : {af} attaque{'nt' if many else ''} {df} ; marqueurs de tactique : "
              f"attaquant {TACTICS[tac['attacker']][1]}, défenseur {TACTICS[tac['defender']][1]}.")


SPOLIA = {"roman": ("the Roman leader wins the duel", "le chef romain gagne le duel"),
          "enemy": ("the enemy leader wins the duel", "le chef ennemi gagne le duel"),
          "both": ("both leaders fall", "les deux chefs tombent")}


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
            "leader": (f"the leader {leader(d['chit'])}", f"le chef {leader(d['chit'], 'fr')}"),
            "war": ("a war", "une guerre"), "office": (f"the chit of {office(d.get('office'))[0]}", f"le jeton {_de(office(d.get('office'))[1])}"),
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
    pe, pf = place(d["hex"])
    return _m(f"Battle at {pe}: {we} (tracks {tr.get('attacker')} / {tr.get('defender')}).",
              f"Bataille à {pf} : {wf} (pistes {tr.get('attacker')} / {tr.get('defender')}).")


def _war(d):
    we, wf = people(data().tables["wars"][d["war"]]["people"])
    pe, pf = place(d["hex"])
    return _m(f"War: the {we} take the field under {leader(d['leader'])} at {pe} with {len(d.get('units') or [])} unit(s).",
              f"Guerre : les {wf} entrent en campagne sous {leader(d['leader'], 'fr')} à {pf} avec {len(d.get('units') or [])} unité(s).")


ENDS = {"last-turn": ("the last turn is over", "le dernier tour est joué"), "cup-empty": ("the cup is empty", "la pioche est vide")}
ROUT = {"rome": ("back to Rome", "retour à Rome"), "walls": ("inside its walls", "dans ses murs")}


def seat(role) -> tuple[str, str]:
    """A seat by its Curiae ("Curia Latina and Curia Sabina")."""
    curiae = [c for c in str(role).split("-") if c in data().curiae]
    if not curiae:
        return str(role), str(role)
    return " and ".join(curia(c)[0] for c in curiae), " et ".join(curia(c)[1] for c in curiae)


STORIES = {
    "turn": lambda d: _m(f"Turn {d['turn']} ({d['year']} BC).", f"Tour {d['turn']} ({d['year']} av. J.-C.)."),
    "cup_prepared": lambda d: _m(f"The cup is prepared: {d['added']} chit(s) added.", f"La pioche est préparée : {d['added']} jeton(s) ajouté(s)."),
    "ip": _ip,
    "draw": _draw,
    "war": _war,
    "war_cancelled": lambda d: _m("A war chit finds no leader and is removed.", "Un jeton de guerre ne trouve pas de chef et est retiré."),
    "etruscan_leader": lambda d: _m(f"The Etruscans are led by {leader(d['leader'])} (die {d['roll']}).",
                                    f"Les Étrusques sont menés par {leader(d['leader'], 'fr')} (dé {d['roll']})."),
    "secret_general": lambda d: _m(f"The secret General is {leader(d['leader'])} ({curia(d['curia'])[0]}).",
                                   f"Le Général secret est {leader(d['leader'], 'fr')} ({curia(d['curia'])[1]})."),
    "secret_general_leaves": lambda d: _m(f"{leader(d['leader'])} leaves Rome's service.", f"{leader(d['leader'], 'fr')} quitte le service de Rome."),
    "diarchy": lambda d: _m("Titus Tatius: a Diarchy; each King's side names a General.", "Titus Tatius : une Diète ; chaque côté nomme un Général."),
    "diarchy_roll": lambda d: _m(f"The Diarchy's die for {seat(d['role'])[0]}: {d['roll']}.",
                                 f"Le dé de la Diète pour {seat(d['role'])[1]} : {d['roll']}."),
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
    "consent": lambda d: _m(f"The People {'consent to' if d['granted'] else 'refuse'} the war (die {d['roll']}, {d['need']} needed).",
                            f"Le Peuple {'consent à' if d['granted'] else 'refuse'} la guerre (dé {d['roll']}, {d['need']} requis)."),
    "fides": lambda d: _m(f"Fides: Rome may make war on the {people(d['nation'])[0]} this turn.",
                          f"Fides : Rome peut faire la guerre aux {people(d['nation'])[1]} ce tour-ci."),
    "recruited": lambda d: _m(f"{len(d['units'])} unit(s) recruited for {office(d['office'])[0]}.",
                              f"{len(d['units'])} unité(s) recrutée(s) pour {office(d['office'])[1]}."),
    "promoted": lambda d: _m("A Roman unit is promoted one class.", "Une unité romaine gagne une classe."),
    "garrison": lambda d: _m(f"{city(d['city'])}'s garrison rises to {d['value']}.", f"La garnison de {city(d['city'])} passe à {d['value']}."),
    "garrison_transfer": lambda d: _m(f"{d['points']} garrison point(s) move from {city(d['source'])} to {city(d['dest'])}.",
                                      f"{d['points']} point(s) de garnison passent de {city(d['source'])} à {city(d['dest'])}."),
    "allowance": lambda d: _m(f"{cap(army(d['office'])[0])} has {d['actions']} action(s).",
                              f"{cap(army(d['office'])[1])} a {d['actions']} action(s)."),
    "exit_refused": lambda d: _m("An army may not leave Rome this turn.", "Une armée ne peut pas quitter Rome ce tour-ci."),
    "action_skipped": _skipped,
    "move": _move,
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
    "battle_start": _battle_start,
    "battle": _battle,
    "preventive_retreat": lambda d: _m(f"The enemy withdraws inside the walls of {city(d['city'])}.", f"L'ennemi se retire dans les murs de {city(d['city'])}."),
    "spolia": lambda d: _m(f"Spolia Opima: {SPOLIA[d['outcome']][0]}.", f"Spolia Opima : {SPOLIA[d['outcome']][1]}."),
    "roman_leader_falls": lambda d: _m(f"{cap(office(d['office'])[0])} falls in battle.", f"{cap(office(d['office'])[1])} tombe au combat."),
    "falls_back": lambda d: _m(f"A force falls back to {place(d['hex'])[0]}.", f"Une force se replie vers {place(d['hex'])[1]}."),
    "advance": lambda d: _m(f"The victorious army follows the beaten enemy to {place(d['hex'])[0]}.",
                            f"L'armée victorieuse poursuit l'ennemi vaincu jusqu'à {place(d['hex'])[1]}."),
    "rout": lambda d: _m(f"The beaten army routs ({ROUT.get(d['to'], place(d['to']))[0]}).",
                         f"L'armée vaincue est en déroute ({ROUT.get(d['to'], place(d['to']))[1]})."),
    "leader_to_rome": lambda d: _m(f"{leader(d['leader'])} is taken to Rome and may serve her.", f"{leader(d['leader'], 'fr')} est emmené à Rome et peut la servir."),
    "triumph_claim": lambda d: _m(f"{cap(office(d['office'])[0])} claims a Triumph.", f"{cap(office(d['office'])[1])} revendique un Triomphe."),
    "triumph_crisis": lambda d: _m(f"A political crisis over the Triumph: {'granted' if d['won'] else 'denied'}.",
                                   f"Une crise politique sur le Triomphe : {'accordé' if d['won'] else 'refusé'}."),
    "ignominia": lambda d: _m(f"Ignominia trial of {office(d['office'])[0]}: {d['defence']} against {d['accusation']}, {'guilty' if d['guilty'] else 'acquitted'}.",
                              f"Procès en Ignominie de {office(d['office'])[1]} : {d['defence']} contre {d['accusation']}, {'coupable' if d['guilty'] else 'acquitté'}."),
    "army_forms": lambda d: _m(f"{leader(d['leader'])} leads his army out of the walls.", f"{leader(d['leader'], 'fr')} sort ses troupes des murs."),
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
    "game_over": lambda d: _m(f"The game ends ({ENDS.get(d['reason'], (d['reason'], d['reason']))[0]}).",
                              f"La partie se termine ({ENDS.get(d['reason'], (d['reason'], d['reason']))[1]})."),
    "sail": lambda d: _m("Ships sail.", "Des navires prennent la mer."),
    "naval_battle": lambda d: _m(f"Naval battle at {place(d['hex'])[0]}: the {'attacker' if d['winner'] == 'attacker' else 'defender'} wins.",
                                 f"Bataille navale à {place(d['hex'])[1]} : victoire de {'l' + chr(39) + 'attaquant' if d['winner'] == 'attacker' else 'du défenseur'}."),
    "ship_sunk": lambda d: _m("A ship is sunk.", "Un navire est coulé."),
    "fleet": lambda d: _m("A Roman fleet is placed at Ostia.", "Une flotte romaine est placée à Ostie."),
}


# -- what a die was rolled for, in words (Ruleset.roll_purpose) -----------------------------------------


def unit(uid) -> tuple[str, str]:
    """A unit as the dice log names it: its people and arm for an invader's ("Aequi
    infantry 1"), its arm and class for a double-sided counter ("infantry I")."""
    rec = data().units.get(uid)
    if rec is None:
        return str(uid), str(uid)
    arm_en, arm_fr = ("cavalry", "cavalerie") if rec["arm"] == "cav" else ("infantry", "infanterie")
    if rec.get("people") in data().peoples:
        pe, pf = people(rec["people"])
        n = str(uid).rpartition("-")[2]
        return f"{pe} {arm_en} {n}", f"{arm_fr} {n} des {pf}"
    klass = f" {rec['class']}" if rec.get("class") else ""
    return f"{arm_en}{klass}", f"{arm_fr}{klass}"


def _who(key) -> tuple[str, str]:
    """An office, a Curia, a seat, a ship, a leader or a unit, by its name."""
    if key == "king":
        return "the King", "le Roi"
    if key in data().curiae:
        return curia(key)
    if isinstance(key, str) and (key in OFFICES or key.startswith("gen-")):
        return office(key)
    if key in data().ships:
        n = data().ships[key]["name"]
        return n["en"], n["fr"]
    if key in data().units:
        return unit(key)
    if key in data().leaders:
        return leader(key), leader(key, "fr")
    if key in data().cities:
        return city(key), city(key)
    if isinstance(key, str) and "-" in key and all(c in data().curiae for c in key.split("-")):
        return seat(key)
    return str(key), str(key)


def _war_people(war) -> tuple[str, str]:
    rec = data().tables["wars"].get(war)
    return people(rec["people"]) if rec else (str(war), str(war))


_FIXED = {
    "inauguratio": ("the Inauguratio", "l'Inauguratio"), "secret name": ("the Secret Name of Rome", "le Nom secret de Rome"),
    "consent": ("the People's consent", "le consentement du Peuple"), "secret-general": ("the secret General", "le Général secret"),
    "spolia opima: Roman": ("Spolia Opima, the Roman leader", "Spolia Opima, le chef romain"),
    "spolia opima: enemy": ("Spolia Opima, the enemy leader", "Spolia Opima, le chef ennemi"),
    "diarchy: the King's General": ("the Diarchy, the King's General", "la Diète, le Général du Roi"),
    "triumph: both refuse": ("a Triumph both refuse", "un Triomphe que les deux refusent"),
    "triumph crisis: Senate": ("the Triumph's crisis, the Senate", "la crise du Triomphe, le Sénat"),
    "triumph crisis: Pontifex": ("the Triumph's crisis, the Pontifex", "la crise du Triomphe, le Pontifex"),
    "triumph crisis: Tribune": ("the Triumph's crisis, a Tribune", "la crise du Triomphe, un Tribun"),
    "ignominia: accused": ("an Ignominia trial, the accused", "un procès en Ignominie, l'accusé"),
    "Etruscan war: the leader": ("the Etruscan war's leader", "le chef de la guerre étrusque"),
    "set-up: the King's army": ("the set-up, the King's army", "la mise en place, l'armée du Roi"),
    "set-up: the General's army": ("the set-up, the General's army", "la mise en place, l'armée du Général"),
    "set-up: Rome's pool": ("the set-up, Rome's pool", "la mise en place, le pool de Rome"),
}
_CITY_ACTS = {"intimidation": ("the intimidation of", "l'intimidation de"), "surrender": ("the surrender of", "la reddition de"),
              "siege roll": ("the siege of", "le siège de"), "negotiation": ("the negotiation with", "la négociation avec"),
              "attack on": ("the attack on", "l'attaque de")}
_WAR_ROLLS = {"infantry": ("infantry", "infanterie"), "cavalry": ("cavalry", "cavalerie"), "ships": ("ships", "navires")}
_BATTLE_ROLLS = {"battle": ("battle", "bataille"), "vanguard": ("vanguard", "avant-garde"),
                 "naval battle": ("naval battle", "bataille navale")}


def _de(fr: str) -> str:
    """French "de" before a name with its article: du Roi, de l'Interrex, des Èques."""
    if fr.startswith("le "):
        return "du " + fr[3:]
    if fr.startswith("les "):
        return "des " + fr[4:]
    if fr.startswith("un "):
        return "d'" + fr
    return "de " + fr


def roll_purpose(purpose: str) -> dict | None:
    """``"battle: u25 on aequi-inf-1"`` -> "battle: infantry I strikes Aequi infantry 1", with
    names for the ids the engine wrote (offices, Curiae, seats, units, cities), in English
    and French. None for a purpose it does not know (the log shows it as it is)."""
    import re

    text = str(purpose).removeprefix("pick:")
    if text in _FIXED:
        en, fr = _FIXED[text]
        return {"en": en, "fr": fr}
    m = re.fullmatch(r"(battle|vanguard|naval battle): (\S+) on (\S+?)( \(Astutia\))?", text)
    if m:
        (be, bf), (ae, af), (te, tf) = _BATTLE_ROLLS[m.group(1)], _who(m.group(2)), _who(m.group(3))
        extra = (", an Astutia reroll", ", relance d'Astutia") if m.group(4) else ("", "")
        return {"en": f"{be}: {ae} strikes {te}{extra[0]}", "fr": f"{bf} : {af} frappe {tf}{extra[1]}"}
    m = re.fullmatch(r"(retreat volley|retreat volley reply|reserve cavalry on the leader): (\S+)", text)
    if m:
        what = {"retreat volley": ("a volley at the retreat", "une volée à la retraite"),
                "retreat volley reply": ("the answer to the volley", "la riposte à la volée"),
                "reserve cavalry on the leader": ("the reserve cavalry on the leader", "la cavalerie de réserve sur le chef")}[m.group(1)]
        we, wf = _who(m.group(2))
        return {"en": f"{what[0]}: {we}", "fr": f"{what[1]} : {wf}"}
    m = re.fullmatch(r"actions: (\S+)", text)
    if m:
        key = m.group(1)
        if key in data().ships:
            ne, nf = _who(key)
            return {"en": f"the actions of {ne}", "fr": f"les actions de la {nf}"}
        ae, af = army(key)
        return {"en": f"the actions of {ae}", "fr": f"les actions de {af}"}
    m = re.fullmatch(r"(intimidation|surrender|siege roll|negotiation|attack on):? (\S+)", text)
    if m:
        ce, cf = _CITY_ACTS[m.group(1)]
        return {"en": f"{ce} {city(m.group(2))}", "fr": f"{cf} {city(m.group(2))}"}
    m = re.fullmatch(r"(\w+) election( reroll| tie)?: (\S+)", text)
    if m:
        (oe, of), (ce, cf) = office(m.group(1)), _who(m.group(3))
        how = {" reroll": (", a reroll", ", une relance"), " tie": (", a tie", ", une égalité"), None: ("", "")}[m.group(2)]
        return {"en": f"the election of {oe}{how[0]}: {ce}", "fr": f"l'élection {_de(of)}{how[1]} : {cf}"}
    m = re.fullmatch(r"rogatio (\w+)( tie)?: (.+)", text)
    if m:
        oe, of = office(m.group(1))
        if m.group(3) == "draw order":
            return {"en": f"the Rogatio for {oe}: the order of the Curiae", "fr": f"la Rogatio pour {of} : l'ordre des Curies"}
        ce, cf = _who(m.group(3))
        tie = (", a tie", ", une égalité") if m.group(2) else ("", "")
        return {"en": f"the Rogatio for {oe}{tie[0]}: {ce}", "fr": f"la Rogatio pour {of}{tie[1]} : {cf}"}
    m = re.fullmatch(r"(draw|diarchy|ignominia: accuser):? (\S+)", text)
    if m:
        we, wf = _who(m.group(2))
        what = {"draw": ("a draw from the cup", "une pioche"), "diarchy": ("the Diarchy", "la Diète"),
                "ignominia: accuser": ("an Ignominia trial, the accuser", "un procès en Ignominie, l'accusateur")}[m.group(1)]
        return {"en": f"{what[0]}: {we}", "fr": f"{what[1]} : {wf}"}
    m = re.fullmatch(r"cup, turn (\d+): (military units|Roman cavalry)", text)
    if m:
        what = ("military units", "des unités militaires") if m.group(2) == "military units" else ("Roman cavalry", "de la cavalerie romaine")
        return {"en": f"the cup of turn {m.group(1)}: {what[0]}", "fr": f"la pioche du tour {m.group(1)} : {what[1]}"}
    m = re.fullmatch(r"(\S+): (infantry|cavalry|ships)", text)
    if m and m.group(1) in data().tables["wars"]:
        (pe, pf), (we, wf) = _war_people(m.group(1)), _WAR_ROLLS[m.group(2)]
        return {"en": f"the war of the {pe}: {we}", "fr": f"la guerre des {pf} : {wf}"}
    return None
