"""Standing policies: the answers a seat gives in advance to the decisions taken after a die
(rerolls, reserves, fight or retreat, advance after a victory), to the votes it would rather
not be asked about, and to the placement of what it draws. A seat changes them with the
``policy`` field of any order set; they are hidden from every other seat (``view``). A
prompt goes out only where the policy says ``ask``.
"""

from __future__ import annotations

from rules.base import json_copy

#: key -> (default, allowed values or a type, help en, help fr)
SPEC: dict[str, tuple] = {
    "gentes": ({}, dict, "Your Gentes in the order you put them up for offices (by Curia); unlisted ones follow by Virtus.",
               "Vos Gentes dans l'ordre où vous les présentez aux fonctions (par Curie) ; les autres suivent par Virtus."),
    "king_reroll": (4, "ip", "Reroll your die in a King election (2 IP) when it loses and you keep at least this many IP; null: never.",
                    "Relancez votre dé à l'élection du Roi (2 PI) s'il perd et qu'il vous reste au moins ce nombre de PI ; null : jamais."),
    "secret_name": ("yes", ("yes", "no"), "As head of the Senate: let the King question the priests about the Secret Name.",
                    "Comme chef du Sénat : autoriser le Roi à interroger les prêtres sur le Nom secret."),
    "triumph_vote": ("own", ("own", "accept", "reject", "ask"),
                     "As head of the Senate or Pontifex: accept your own Tribunes' Triumphs and reject the others, accept all, reject all, or be asked.",
                     "Comme chef du Sénat ou Pontifex : accepter les Triomphes de vos Tribuns et refuser les autres, tout accepter, tout refuser, ou être consulté."),
    "prosecute": ("others", ("others", "always", "never"), "As head of the Senate: bring beaten Tribunes to an Ignominia trial.",
                  "Comme chef du Sénat : traduire les Tribuns vaincus en procès d'Ignominie."),
    "accuse": ("others", ("others", "never"), "As an accusing Curia: pay 1 IP for +1 against another seat's Tribune.",
               "Comme Curie accusatrice : payer 1 PI pour +1 contre le Tribun d'un autre joueur."),
    "roman_units": ("pool", ("pool", "army"), "Military units you draw as Roman go to Rome's pool, or to your army with room.",
                    "Les unités que vous piochez comme romaines vont au pool de Rome, ou à votre armée qui a de la place."),
    "garrison_draw": ("upgrade", ("upgrade", "return"), "A garrison you draw as Roman strengthens a Roman garrison, or goes back to the cup.",
                      "Une garnison piochée comme romaine renforce une garnison romaine, ou retourne dans la pioche."),
    "garrison_city": ("weakest", ("weakest", "strongest"), "A garrison you draw as non-Roman goes to the weakest or the strongest city of its people.",
                      "Une garnison piochée comme non romaine va dans la ville la plus faible ou la plus forte de son peuple."),
    "tactic": ("ask", ("attack", "defence", "ask"), "Your tactic marker in a battle your orders do not cover: attack, defence, or be asked.",
               "Votre marqueur de tactique dans une bataille que vos ordres ne couvrent pas : attaque, défense, ou être consulté."),
    "deploy": ("strongest", ("strongest", "weakest"),
               "Which units stand in the front line, and which horsemen pair off first in the vanguard: the strongest or the weakest first.",
               "Quelles unités en première ligne, et quels cavaliers s'apparient d'abord à l'avant-garde : les plus forts ou les plus faibles d'abord."),
    "leader_front": (True, bool, "Your leader stands in the front line (he may reroll with his Astutia but can be attacked).",
                     "Votre chef se place en première ligne (il peut relancer avec son Astutia mais peut être attaqué)."),
    "astutia": ("failed", ("failed", "never"), "Use Astutia to reroll a failed attack.", "Utiliser l'Astutia pour relancer une attaque ratée."),
    "reserve": ("always", ("always", "behind", "never"), "Refill the front from the reserve: always, only when your marker is behind, never.",
                "Regarnir le front depuis la réserve : toujours, seulement si votre marqueur est en retard, jamais."),
    "hunt_leader": (True, bool, "Reserve cavalry no box needs attacks an enemy leader in the front line.",
                    "La cavalerie de réserve dont aucune case n'a besoin attaque un chef ennemi en première ligne."),
    "press_on": (True, bool, "After winning the vanguard clash, go on to the pitched battle.",
                 "Après avoir gagné le choc des avant-gardes, poursuivre par la bataille rangée."),
    "vanguard_retreat": (False, bool, "After losing the vanguard clash with cavalry left, retreat rather than fight on.",
                         "Après avoir perdu le choc des avant-gardes avec de la cavalerie, battre en retraite plutôt que combattre."),
    "spolia": (False, bool, "Challenge the enemy leader to a duel (Spolia Opima) before your battles.",
               "Provoquer le chef ennemi en duel (Spolia Opima) avant vos batailles."),
    "withdraw": (True, bool, "Non-Roman armies you run withdraw inside friendly walls when they may (preventive retreat).",
                 "Les armées non romaines que vous dirigez se retirent dans des murs amis quand elles le peuvent (retraite préventive)."),
    "after_victory": ("siege", ("siege", "advance", "stay"), "After winning a battle: besiege a city in the hex, advance after the enemy, or stay.",
                      "Après une victoire : assiéger une ville de l'hexagone, poursuivre l'ennemi, ou rester."),
    "rout": ("walls", ("walls", "field"), "A beaten non-Roman army you run routs inside friendly walls in the hex, or into the field.",
             "Une armée non romaine vaincue que vous dirigez se replie dans des murs amis de l'hexagone, ou en campagne."),
    "siege_continue": (True, bool, "Go on with a failed siege (up to its third attempt).",
                       "Poursuivre un siège qui a échoué (jusqu'à sa troisième tentative)."),
    "claim_triumph": (True, bool, "Your Tribunes claim every Triumph they earn.", "Vos Tribuns revendiquent chaque Triomphe mérité."),
    "tribune_troops": ("rome", ("rome", "garrison", "stay"),
                       "When your Tribune's office ends, his infantry goes back to Rome, into a Roman garrison in its hex, or stays on the map.",
                       "À la fin de la fonction de votre Tribun, son infanterie rentre à Rome, renforce une garnison romaine de l'hexagone, ou reste sur la carte."),
    "expeditions": ("ask", ("ask", "auto"), "The war expeditions you run: give their orders yourself, or let them march toward Rome by themselves.",
                    "Les expéditions de guerre que vous dirigez : leur donner vos ordres, ou les laisser marcher seules vers Rome."),
    "political": ("ask", ("ask", "needed"), "As King or head of the Senate: be asked every turn, or only when a drawn chit needs a choice.",
                  "Comme Roi ou chef du Sénat : être consulté à chaque tour, ou seulement quand un jeton pioché exige un choix."),
}


def default_policy() -> dict:
    return {key: json_copy(spec[0]) for key, spec in sorted(SPEC.items())}


def check(value, allowed) -> bool:
    if allowed is bool:
        return isinstance(value, bool)
    if allowed is dict:
        return isinstance(value, dict)
    if allowed == "ip":
        return value is None or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 200)
    return value in allowed


def problems(policy, gentes_of_seat: set[str], curiae: list[str]) -> list[tuple[str, str]]:
    """(path, key) of each wrong entry; an empty list when the policy can be merged."""
    if not isinstance(policy, dict):
        return [("", "policy")]
    out = []
    for key in sorted(policy):
        spec = SPEC.get(key)
        if spec is None or not check(policy[key], spec[1]):
            out.append((f"/{key}", key))
            continue
        if key == "gentes":
            for curia, ranked in sorted(policy[key].items()):
                if curia not in curiae or not isinstance(ranked, list) or not all(
                        isinstance(g, str) and g in gentes_of_seat for g in ranked):
                    out.append((f"/gentes/{curia}", "gentes"))
    return out


def merge(st: dict, role: str, policy: dict | None) -> None:
    if policy:
        st["policies"][role].update(json_copy(policy))


def get(st: dict, role: str | None, key: str):
    if role is None:
        return SPEC[key][0]
    return st["policies"].get(role, {}).get(key, SPEC[key][0])
