"""Semper Victor's plug-in of the Imperator engine (``rules/imperator/plugin.py``): the
facts in which this title differs from its siblings, each with its rulebook line
(``../shared/rulebooks/semper-victor.fr.md``)."""

from __future__ import annotations

from rules.imperator.plugin import Title, register_title


class SemperVictorTitle(Title):
    slug = "semper-victor"
    sides = ("PRIMUS", "SECONDUS")  # SV 0.5

    # -- 1.3 combat units --------------------------------------------------------------------
    #: the Roman unit categories (SV 1.3.1): comitatenses, pseudo-comitatenses, ripenses
    roman_categories = ("CO", "PC", "RI")
    #: a unit record without a category (an adjudicator case's inline unit) is a CO
    default_category = "CO"

    def unit_pm(self, category: str) -> int:
        """SV 1.3.2 (L105): 3 PM, the comitatenses 4."""
        return 4 if category == "CO" else 3

    # -- 3.5, 3.6 emperors ---------------------------------------------------------------------
    def titled(self, state: dict, pid: str) -> str | None:
        """'augustus', 'caesar', 'usurpateur' or None (SV 3.5, 3.6)."""
        t = state["titles"]
        for side in self.sides:
            if pid in t["augusti"].get(side, []):
                return "augustus"
            if pid in t["caesars"].get(side, []):
                return "caesar"
            if pid in t["usurpers"].get(side, []):
                return "usurpateur"
        if pid in (t.get("primus_augustus"), t.get("secundus_augustus")):
            return "augustus"
        return None

    # -- 4 peoples ---------------------------------------------------------------------------
    def on_pax_romana_face(self, state: dict, people: str) -> bool:
        """A non-Roman leader is on his Pax Romana face unless his people is at war (SV 2.D
        note, L140)."""
        return state["peoples"].get(people, {}).get("status") != "war"


TITLE = register_title(SemperVictorTitle())
