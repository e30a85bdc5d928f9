"""Ultimus Romanorum (the West's last century, 405-476): the ruleset registered as
``ultimus-romanorum``. The engine is the shared Imperator system (``rules/imperator``); this
package holds the title's data, its stratagem mix, its plug-in (``plugin.py`` and the
modules it brings), its options (the ambiguities decided in ``DECISIONS.md``) and its
adjudicator cases.
"""

from __future__ import annotations

from pathlib import Path

from rules.base import Message, Outcome, StateMigration, unchanged
from rules.imperator.engine import ImperatorRuleset, option, seat_of
from rules.registry import register
from rules.ultimus_romanorum import coverage as ur_coverage
from rules.ultimus_romanorum.plugin import TITLE

HERE = Path(__file__).resolve().parent

#: each option and its choices by name, for the new-game form
LABELS = {'rr_winner': (('Who wins an R/R result of the combat table', 'Qui gagne un résultat R/R de la table des combats'), {'diagonal': ('by the diagonal (row + column 7: the defender; 8: the attacker)', "selon la diagonale (ligne + colonne 7 : le défenseur ; 8 : l'attaquant)"),
    'defender': ('always the defender', 'toujours le défenseur'),
    'none': ('nobody: no retreat', 'personne : pas de retraite')}),
    'fraction_basis': (("What a winner's fraction counts", 'Ce que compte la fraction du vainqueur'), {'enemy_losses': ('the enemy units hit (the examples)', 'les unités ennemies touchées (les exemples)'),
    'own_units_capped': ('his own units (the wording)', 'ses propres unités (le texte)')}),
    'river_drm_scope': (('The -1 for crossing a great river or strait', 'Le -1 pour franchir un grand fleuve ou un détroit'), {'imperial_only': ('in battles of titled leaders only (as printed)', 'seulement entre chefs titrés (le texte)'),
    'all_battles': ('in every battle', 'dans toute bataille')}),
    'offempire_cap': (('The 2-PM limit outside the Empire', "La limite de 2 PM hors de l'Empire"), {'entered_zones': ('when every zone entered is outside', 'quand toutes les zones traversées sont hors Empire'),
    'consecutive_offempire_pm': ('to any third PM in a row outside', "à tout troisième PM d'affilée hors Empire")}),
    'stratagem_mix': (('The stratagem counters in the bowl', 'Les pions stratagèmes du bol'), {'reconstructed': ('the reconstructed counts', 'les nombres reconstitués'),
    'one_each': ('one of each type', 'un de chaque type')}),
    'city_vp': (('A town occupied by barbarians scores', 'Une ville occupée par les barbares rapporte'), {'replace': ('2 in all', '2 en tout'),
    'add': ('1 + 2', '1 + 2')}),
    'fleet_cargo': (('Who may board a fleet', 'Qui peut embarquer sur une flotte'), {'roman': ('Roman pieces only (3.4.2)', 'les pions romains seulement (3.4.2)'),
    'any': ('any piece of its side (the Genseric example)', "tout pion de son camp (l'exemple de Genséric)")}),
    'frozen_rivers': (('The frozen Rhenus and Danuvius (event 7)', 'Le Rhenus et le Danuvius gelés (événement 7)'), {'pm_and_drm': ('no extra PM and no river DRM', 'ni PM de plus ni modificateur de fleuve'),
    'pm_only': ('no extra PM; the river DRM stays', 'pas de PM de plus ; le modificateur de fleuve reste')}),
    'pacified_minor': (('A minor people pacified by arms', 'Un peuple mineur pacifié par les armes'), {'home': ('goes home at peace (9.4)', 'rentre en paix chez lui (9.4)'),
    'off_map': ('leaves the map until its next war (4.2.2)', "quitte la carte jusqu'à sa prochaine guerre (4.2.2)")})}

#: the game options: the ambiguities of DECISIONS.md that owners of the printed game may read
#: otherwise, and the stratagem mix
UR_OPTIONS = [option(*row, *LABELS[row[0]]) for row in (
    ('rr_winner', ('diagonal', 'defender', 'none'), 'diagonal', 'A1: who wins the 20 R/R cells of the combat table (the bold is lost). diagonal: die row + column 7 -> defender, 8 -> attacker; defender: always the defender; none: nobody retreats.', 'A1 : qui gagne les 20 cases R/R de la table des combats (gras perdu). diagonal : ligne + colonne 7 -> défenseur, 8 -> attaquant ; defender : toujours le défenseur ; none : personne ne recule.'),
    ('fraction_basis', ('enemy_losses', 'own_units_capped'), 'enemy_losses', "A2: a winner's 1/4, 1/2, 3/4 counts the enemy units hit (the examples L1099-1105) or its own units (the wording L1429-1432).", 'A2 : les 1/4, 1/2, 3/4 du vainqueur portent sur les unités ennemies touchées (exemples L1099-1105) ou sur ses propres unités (texte L1429-1432).'),
    ('river_drm_scope', ('imperial_only', 'all_battles'), 'imperial_only', 'A20: the -1 for an attacker crossing a great river or strait applies in battles with an Augustus, Patrice or Usurpateur on each side (as printed), or in every battle.', "A20 : le -1 de l'attaquant qui franchit un grand fleuve ou un détroit ne joue qu'entre forces ayant chacune un Augustus, Patrice ou Usurpateur (texte), ou dans toute bataille."),
    ('offempire_cap', ('entered_zones', 'consecutive_offempire_pm'), 'entered_zones', 'A18: the 2-PM limit of 7.3 applies when every zone entered is outside the Empire, or to any 3rd consecutive PM spent outside.', "A18 : la limite de 2 PM (7.3) s'applique quand toutes les zones traversées sont hors Empire, ou à tout 3e PM consécutif hors Empire."),
    ('stratagem_mix', ('reconstructed', 'one_each'), 'reconstructed', 'The stratagem counters in the bowl (the mix is not in the text): the reconstructed counts (stratagems.yaml), or one of each type.', "Les pions stratagèmes du bol (le mélange n'est pas dans le texte) : les nombres reconstitués (stratagems.yaml), ou un de chaque."),
    ('city_vp', ('replace', 'add'), 'replace', 'A30: a city or capital zone occupied by a people fighting Rome scores 2 for BARBARE in all (replace), or 1 + 2 (add).', 'A30 : une zone de ville ou de capitale occupée par un peuple en guerre contre Rome rapporte 2 au BARBARE en tout (replace), ou 1 + 2 (add).'),
    ('fleet_cargo', ('roman', 'any'), 'roman', "A14: a fleet carries Roman pieces only (3.4.2, L349-350), or any piece of its side (the Genseric example, L358-367, sails Vandali).", "A14 : une flotte ne transporte que des pions romains (3.4.2, L349-350), ou tout pion de son camp (l'exemple de Genséric, L358-367, embarque des Vandales)."),
    ('frozen_rivers', ('pm_and_drm', 'pm_only'), 'pm_and_drm', "A20: in the year of event 7 (L1510-1511) the Rhenus and Danuvius are crossed 'without malus': neither the +1 PM nor the attacker's river DRM g (default), or only without the +1 PM.", "A20 : l'année de l'événement 7 (L1510-1511), le Rhenus et le Danuvius se franchissent « sans malus » : ni le +1 PM ni le modificateur g de l'attaquant (défaut), ou seulement sans le +1 PM."),
    ('pacified_minor', ('home', 'off_map'), 'home', 'A19: a minor people pacified by arms goes back to its origin zone at peace (9.4, L1257-1260), or leaves the map until it goes to war again (4.2.2).', "A19 : un peuple mineur pacifié par les armes retourne en paix dans sa zone d'origine (9.4, L1257-1260), ou quitte la carte jusqu'à sa prochaine guerre (4.2.2)."),
)]


class UltimusRomanorum(ImperatorRuleset):
    """The contract for Ultimus Romanorum: the family's engine with this title's plug-in."""

    title, slug, version = TITLE, TITLE.slug, "0.3.0"
    name = Message("Ultimus Romanorum", "Ultimus Romanorum")
    state_migrations = (
        StateMigration("0.1.0", "0.2.0", unchanged, Message(
            "Ultimus Romanorum 0.2.0 (issue 19): the rules left open are played. In a year of event 7 the "
            "Rhenus and Danuvius are frozen (no extra PM, no river modifier); buccellarii move only with their "
            "leader; the Flotte counter loads at its coast; the Hunni do not stop in another people's origin "
            "zone; a Migration people moves 4 PM and ends in one zone; a dead Rex is succeeded; an Augustus "
            "who cannot be replaced gives BARBARE a Rex counter and his throne is filled once an eligible "
            "leader enters; the Honorius case names an escort; revolted Foederati crushed outside a battle "
            "come back as Foederati. Your game's options do not change (the new option frozen_rivers takes "
            "its default).",
            "Ultimus Romanorum 0.2.0 (ticket 19) : les règles restées ouvertes sont jouées. L'année de "
            "l'événement 7, le Rhenus et le Danuvius sont gelés (ni PM de plus ni modificateur de fleuve) ; les "
            "buccellarii ne se déplacent qu'avec leur chef ; le pion Flotte embarque sur sa côte ; les Hunni ne "
            "s'arrêtent pas dans la zone d'origine d'un autre peuple ; un peuple en Migration a 4 PM et finit "
            "dans une seule zone ; un Rex mort a un successeur ; un Augustus qui ne peut être remplacé donne "
            "un pion Rex au BARBARE et son trône est pourvu dès qu'un chef éligible entre en jeu ; le cas "
            "d'Honorius désigne une escorte ; des Foederati révoltés écrasés hors bataille reviennent Foederati. "
            "Les options de votre partie ne changent pas (la nouvelle option frozen_rivers prend sa valeur "
            "par défaut)."),),
        StateMigration("0.2.0", "0.3.0", unchanged, Message(
            "Ultimus Romanorum 0.3.0 (issue 19): the player whose SMC it is chooses the order of his battles "
            "(2.E.2): when two or more are fought and their order can matter he is asked, unless he named it with "
            "his moves ('battles ZONE > ZONE') or set 'standing battles auto'. A buccellarii unit evades only "
            "with its leader, and the refuge of Ravenna or Constantinopolis no longer parts one from him. A "
            "Patrice may succeed an Augustus (and be named usurper in the Honorius case). A people's status is "
            "told only when it changes. Your game's options do not change.",
            "Ultimus Romanorum 0.3.0 (ticket 19) : le joueur dont c'est la SMC choisit l'ordre de ses batailles "
            "(2.E.2) : quand il en livre plusieurs et que leur ordre peut compter, on le lui demande, sauf s'il "
            "l'a donné avec ses mouvements (« battles ZONE > ZONE ») ou a choisi « standing battles auto ». Une "
            "unité de buccellarii n'évite qu'avec son chef, et le refuge de Ravenna ou de Constantinopolis ne l'en "
            "sépare plus. Un Patrice peut succéder à un Augustus (et être désigné usurpateur dans le cas "
            "d'Honorius). Le statut d'un peuple n'est annoncé que lorsqu'il change. Les options de votre partie "
            "ne changent pas."),),
    )
    min_players = max_players = 2
    #: UR's data follow their own SCHEMA.md (checked by tests/rules/ultimus_romanorum)
    data_dir, sv_schema_data = HERE / "data", False
    OPTIONS = UR_OPTIONS

    def board(self):
        from rules.imperator.board import board; return board(self.world)  # noqa: E702 - drawing data

    def outcome_text(self, outcome: dict) -> list[dict]:
        """3.5.1 (L372-373): a game ended because no Augustus is left says so; otherwise the
        family's words for 10.3."""
        if (outcome.get("detail") or {}).get("reason") == "no_augustus":
            winner = outcome.get("winner")
            return [{"en": f"{winner} wins: no Augustus is left in play, and the Empire falls (UR 3.5.1).",
                     "fr": f"{winner} l'emporte\u00a0: plus aucun Augustus n'est en jeu, l'Empire tombe (UR 3.5.1)."}]
        return super().outcome_text(outcome)

    def tally(self, event) -> list[str]:
        """The family's coverage keys and UR's own (``coverage.py``, ``coverage.yaml``)."""
        return super().tally(event) + ur_coverage.tally(event)

    def outcome(self, state: dict):
        """10.3, and 3.5.1 (L372-373): with no Augustus left the game ends at once in
        ROMAIN's defeat (definitive)."""
        sudden = state.get("sudden_end")
        if state.get("phase") == "end" and sudden:
            loser = sudden["loser"]
            winner = next(s for s in TITLE.sides if s != loser)
            scores = {seat_of(state, side): state["vp"][side] for side in TITLE.sides}
            return Outcome(winner=seat_of(state, winner), scores=scores, level="definitive", detail={"reason": sudden["reason"]})
        return super().outcome(state)


RULESET = register(UltimusRomanorum())
