"""Semper Victor (Imperator II, Vae Victis n°56-57): the ruleset registered as
``semper-victor``. The engine is the shared Imperator system (``rules/imperator``); this
package holds the title's data, its stratagem mix, its options (the ambiguities decided in
``DECISIONS.md``) and its adjudicator cases.
"""

from __future__ import annotations

from pathlib import Path

from rules.base import Message, StateMigration, unchanged
from rules.imperator.engine import ImperatorRuleset
from rules.registry import register
from rules.semper_victor.plugin import TITLE

HERE = Path(__file__).resolve().parent


def _option(oid, choices, default, en, fr):
    label, choice_labels = LABELS[oid]
    return {"id": oid, "label": {"en": label[0], "fr": label[1]}, "choices": list(choices),
            "choice_labels": {str(c): {"en": choice_labels[c][0], "fr": choice_labels[c][1]} for c in choices},
            "default": default, "help": {"en": en, "fr": fr}}


#: Each option and each of its choices by name, for the new-game form (the help below says
#: why the option exists, with the rulebook's lines).
LABELS = {
    "rr_winner": (("Who wins an R/R result of the Battle Table", "Qui gagne un résultat R/R de la Table de Bataille"), {
        "diagonal": ("by the diagonal: die row plus column 7, the defender; 8, the attacker", "selon la diagonale : ligne du dé plus colonne 7, le défenseur ; 8, l'attaquant"),
        "defender": ("always the defender", "toujours le défenseur"),
        "none": ("nobody: no side retreats", "personne : aucun camp ne recule")}),
    "fraction_basis": (("What a winner's 1/4, 1/2, 3/4 losses count", "Sur quoi portent les pertes 1/4, 1/2, 3/4 du vainqueur"), {
        "enemy_losses": ("the enemy units hit (as the book's examples)", "les unités ennemies touchées (comme les exemples du livret)"),
        "own_units_capped": ("the winner's own units (as the rule's wording)", "les propres unités du vainqueur (selon le texte de la règle)")}),
    "river_drm_scope": (("The -1 for attacking across a great river or strait", "Le -1 pour attaquer à travers un grand fleuve ou un détroit"), {
        "imperial_only": ("only between titled Roman forces (as printed)", "seulement entre forces romaines titrées (texte imprimé)"),
        "all_battles": ("in every battle", "dans toute bataille")}),
    "offempire_cap": (("The 2-MP limit outside the Empire", "La limite de 2 PM hors de l'Empire"), {
        "entered_zones": ("when every zone entered is outside the Empire", "quand toutes les zones traversées sont hors Empire"),
        "consecutive_offempire_pm": ("from the 3rd consecutive MP spent outside", "dès le 3e PM consécutif dépensé hors Empire")}),
    "stratagem_mix": (("The stratagem counters in the bowl", "Les pions stratagèmes du bol"), {
        "reconstructed": ("the reconstructed counts", "les nombres reconstitués"),
        "one_each": ("one of each type", "un de chaque type")}),
    "limitanei_deployment": (("Where the limitanei stand at set-up", "Où se tiennent les limitanei à la mise en place"), {
        "scenario": ("where the scenario places them", "là où le scénario les place"),
        "choose": ("each player places his own, PRIMUS first", "chaque joueur place les siens, PRIMUS d'abord")}),
    "leaderless_side": (("When a leaderless Roman unit takes its diocese's side", "Quand une unité romaine sans chef prend le camp de son diocèse"), {
        "immediate": ("at once", "immédiatement"),
        "phase_f": ("in phase F only", "seulement en phase F")}),
    "constantinople_done": (("When Constantinople is built", "Quand Constantinople est achevée"), {
        "box_year": ("in phase F of the year printed on its box", "en phase F de l'année inscrite sur sa case"),
        "year_before": ("in the phase F that moves the Turn marker onto its box", "en phase F où le marqueur Tour atteint sa case")}),
}


class SemperVictor(ImperatorRuleset):
    slug = "semper-victor"
    name = Message("Semper Victor", "Semper Victor")
    version = "0.5.0"
    state_migrations = (
        StateMigration("0.3.0", "0.4.0", unchanged, Message(
            "Semper Victor 0.4.0 (issue 18): units and peoples at the book's scale, 1 PF for about 1,000 men "
            "(L34), so that battles of 35 PF and more happen; Treveri's zone is Belgica I and Germania I belongs "
            "to Galliae 3, so the Alamanni and the Burgondi cross the Rhine into Galliae 3 and no longer into "
            "Treveri's zone; a double usurpation follows 3.6.5 (the Usurpateur with the higher CP takes the "
            "title). The stratagem mix of your game does not change.",
            "Semper Victor 0.4.0 (ticket 18) : unités et peuples à l'échelle du livre, 1 PF pour environ 1 000 "
            "hommes (L34), pour que les batailles de 35 PF et plus aient lieu ; la zone de Treveri est la "
            "Belgica I et la Germania I appartient à Galliae 3 : les Alamanni et les Burgondi passent le Rhin "
            "vers Galliae 3 et non plus vers la zone de Treveri ; une double usurpation suit 3.6.5 "
            "(l'Usurpateur de plus haute CP prend le titre). Le mélange de stratagèmes de votre partie ne "
            "change pas.")),
        StateMigration("0.4.0", "0.5.0", unchanged, Message(
            "Semper Victor 0.5.0: the player whose SMC it is chooses the order of his battles (2.E.2, L156): "
            "when two or more are fought and their order can matter (a titled leader in one of them, or two "
            "battles within three zones) he is asked, unless he named it with his moves ('battles ZONE > "
            "ZONE') or set 'standing battles auto'; the battles he leaves out follow in zone order, as before. "
            "Your game's options do not change.",
            "Semper Victor 0.5.0 : le joueur dont c'est la SMC choisit l'ordre de ses batailles (2.E.2, L156) : "
            "quand il en livre plusieurs et que leur ordre peut compter (un chef titré dans l'une d'elles, ou deux "
            "batailles à trois zones au plus l'une de l'autre), on le lui demande, sauf s'il l'a donné avec ses "
            "mouvements (« battles ZONE > ZONE ») ou a choisi « standing battles auto » ; celles qu'il omet "
            "suivent dans l'ordre des zones, comme avant. Les options de votre partie ne changent pas.")),
    )
    min_players = max_players = 2
    data_dir = HERE / "data"
    title = TITLE
    OPTIONS = [
        _option("rr_winner", ("diagonal", "defender", "none"), "diagonal",
                "A1: who wins the 20 R/R cells of the Battle Table (bold lost). diagonal: die row + column 7 -> defender, 8 -> attacker; defender: always the defender; none: nobody retreats.",
                "A1 : qui gagne les 20 cases R/R de la Table de Bataille (gras perdu). diagonal : ligne + colonne 7 -> défenseur, 8 -> attaquant ; defender : toujours le défenseur ; none : personne ne recule."),
        _option("fraction_basis", ("enemy_losses", "own_units_capped"), "enemy_losses",
                "A2: a winner's 1/4, 1/2, 3/4 counts the enemy units hit (the examples L743, L747) or its own units (the wording L741).",
                "A2 : les 1/4, 1/2, 3/4 du vainqueur portent sur les unités ennemies touchées (exemples L743, L747) ou sur ses propres unités (texte L741)."),
        _option("river_drm_scope", ("imperial_only", "all_battles"), "imperial_only",
                "A17: the -1 for an attacker crossing a great river or strait applies in battles between titled Roman forces only (as printed), or in every battle.",
                "A17 : le -1 de l'attaquant qui franchit un grand fleuve ou un détroit ne joue qu'entre forces romaines avec Augustus/Caesar/Usurpateur (texte), ou dans toute bataille."),
        _option("offempire_cap", ("entered_zones", "consecutive_offempire_pm"), "entered_zones",
                "A15: the 2-PM limit of 7.3 applies when every zone entered is outside the Empire, or to any 3rd consecutive PM spent outside.",
                "A15 : la limite de 2 PM (7.3) s'applique quand toutes les zones traversées sont hors Empire, ou à tout 3e PM consécutif hors Empire."),
        _option("stratagem_mix", ("one_each", "reconstructed"), "one_each",
                "The stratagem counters in the bowl: one of each type, as the exhaustive list of SV 6 (L581) prints them, or a reconstructed mix with the common counters doubled (the counts are not in the text).",
                "Les pions stratagèmes du bol : un de chaque type, comme la liste exhaustive de SV 6 (L581) les donne, ou un mélange reconstitué où les pions courants sont doublés (les nombres ne sont pas dans le texte)."),
        _option("limitanei_deployment", ("scenario", "choose"), "scenario",
                "SV 3.3.2 (L233): the limitanei stand where the scenario file puts them, or each player places his own (RI by the frontier) before the first year, PRIMUS first.",
                "SV 3.3.2 (L233) : les limitanei restent où le fichier du scénario les met, ou chaque joueur place les siens (RI sur la frontière) avant la première année, PRIMUS d'abord."),
        _option("leaderless_side", ("immediate", "phase_f"), "immediate",
                "A48: a leaderless Roman unit takes the side of the diocese it stands in at once, or only in phase F.",
                "A48 : une unité romaine sans chef prend le camp du diocèse où elle se trouve immédiatement, ou seulement en phase F."),
        _option("constantinople_done", ("box_year", "year_before"), "box_year",
                "A13: Constantinople is built in the F of the year printed on its box (321 -> F 327), or in the F that moves the Turn marker onto the box (F 326).",
                "A13 : Constantinople est achevée en phase F de l'année de sa case (321 -> F 327), ou en phase F où le marqueur Tour atteint la case (F 326)."),
    ]

    def policies(self):
        """The greedy player (rules/semper_victor/greedy.py), for self-play, matches and the
        computer's fast level."""
        from rules.semper_victor import greedy

        return {"greedy": greedy.choose}

    def board(self):
        from rules.imperator.board import board; return board(self.world)  # noqa: E702 - drawing data (issue 5)


RULESET = register(SemperVictor())
