"""Ultimus Romanorum (the West's last century, 405-476): the ruleset registered as
``ultimus-romanorum``. The engine is the shared Imperator system (``rules/imperator``); this
package holds the title's data, its stratagem mix, its plug-in (``plugin.py`` and the
modules it brings), its options (the ambiguities decided in ``DECISIONS.md``) and its
adjudicator cases.
"""

from __future__ import annotations

from pathlib import Path

from rules.base import Message, Outcome
from rules.imperator.engine import ImperatorRuleset, seat_of
from rules.registry import register
from rules.ultimus_romanorum.plugin import TITLE

HERE = Path(__file__).resolve().parent


def _option(oid, choices, default, en, fr):
    return {"id": oid, "choices": list(choices), "default": default, "help": {"en": en, "fr": fr}}


class UltimusRomanorum(ImperatorRuleset):
    slug = "ultimus-romanorum"
    name = Message("Ultimus Romanorum", "Ultimus Romanorum")
    version = "0.1.0"
    min_players = max_players = 2
    data_dir = HERE / "data"
    title = TITLE
    #: UR's data follow its own SCHEMA.md (checked by tests/rules/ultimus_romanorum)
    sv_schema_data = False
    OPTIONS = [
        _option("rr_winner", ("diagonal", "defender", "none"), "diagonal",
                "A1: who wins the 20 R/R cells of the combat table (the bold is lost). diagonal: die row + column 7 -> defender, 8 -> attacker; defender: always the defender; none: nobody retreats.",
                "A1 : qui gagne les 20 cases R/R de la table des combats (gras perdu). diagonal : ligne + colonne 7 -> défenseur, 8 -> attaquant ; defender : toujours le défenseur ; none : personne ne recule."),
        _option("fraction_basis", ("enemy_losses", "own_units_capped"), "enemy_losses",
                "A2: a winner's 1/4, 1/2, 3/4 counts the enemy units hit (the examples L1099-1105) or its own units (the wording L1429-1432).",
                "A2 : les 1/4, 1/2, 3/4 du vainqueur portent sur les unités ennemies touchées (exemples L1099-1105) ou sur ses propres unités (texte L1429-1432)."),
        _option("river_drm_scope", ("imperial_only", "all_battles"), "imperial_only",
                "A20: the -1 for an attacker crossing a great river or strait applies in battles with an Augustus, Patrice or Usurpateur on each side (as printed), or in every battle.",
                "A20 : le -1 de l'attaquant qui franchit un grand fleuve ou un détroit ne joue qu'entre forces ayant chacune un Augustus, Patrice ou Usurpateur (texte), ou dans toute bataille."),
        _option("offempire_cap", ("entered_zones", "consecutive_offempire_pm"), "entered_zones",
                "A18: the 2-PM limit of 7.3 applies when every zone entered is outside the Empire, or to any 3rd consecutive PM spent outside.",
                "A18 : la limite de 2 PM (7.3) s'applique quand toutes les zones traversées sont hors Empire, ou à tout 3e PM consécutif hors Empire."),
        _option("stratagem_mix", ("reconstructed", "one_each"), "reconstructed",
                "The stratagem counters in the bowl (the mix is not in the text): the reconstructed counts (stratagems.yaml), or one of each type.",
                "Les pions stratagèmes du bol (le mélange n'est pas dans le texte) : les nombres reconstitués (stratagems.yaml), ou un de chaque."),
        _option("city_vp", ("replace", "add"), "replace",
                "A30: a city or capital zone occupied by a people fighting Rome scores 2 for BARBARE in all (replace), or 1 + 2 (add).",
                "A30 : une zone de ville ou de capitale occupée par un peuple en guerre contre Rome rapporte 2 au BARBARE en tout (replace), ou 1 + 2 (add)."),
        _option("pacified_minor", ("home", "off_map"), "home",
                "A19: a minor people pacified by arms goes back to its origin zone at peace (9.4, L1257-1260), or leaves the map until it goes to war again (4.2.2).",
                "A19 : un peuple mineur pacifié par les armes retourne en paix dans sa zone d'origine (9.4, L1257-1260), ou quitte la carte jusqu'à sa prochaine guerre (4.2.2)."),
    ]

    def board(self):
        from rules.imperator.board import board; return board(self.world)  # noqa: E702 - drawing data

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
