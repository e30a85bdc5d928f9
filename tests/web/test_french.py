"""Every page in French and English: the strings each page asks gettext for that the
French catalogue lacks, listed per page (none allowed)."""

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from tests.web.pages import iter_pages, render_all


@pytest.fixture
def misses(monkeypatch):
    """Record every message asked for while French is active that has no French entry."""
    found: list[str] = []
    translation.gettext("warm up")  # Trans binds its functions on first use
    catalog = trans_real.translation("fr")._catalog

    translated = {v for part in catalog._catalogs for v in part.values() if isinstance(v, str)}

    def known(message) -> bool:
        # an entry of the catalogue, a string already in French, or no words at all
        return message in catalog or str(message) in translated or not any(c.isalpha() for c in str(message))

    real_gettext, real_pgettext, real_ngettext = translation._trans.gettext, translation._trans.pgettext, translation._trans.ngettext

    def gettext(message):
        if (translation.get_language() or "").startswith("fr") and not known(message):
            found.append(str(message))
        return real_gettext(message)

    def pgettext(context, message):
        if (translation.get_language() or "").startswith("fr") and f"{context}\x04{message}" not in catalog and not known(message):
            found.append(str(message))
        return real_pgettext(context, message)

    def ngettext(singular, plural, number):
        if (translation.get_language() or "").startswith("fr") and (singular, 0) not in catalog and not known(singular):
            found.append(str(singular))
        return real_ngettext(singular, plural, number)

    monkeypatch.setattr(translation._trans, "gettext", gettext)
    monkeypatch.setattr(translation._trans, "pgettext", pgettext)
    monkeypatch.setattr(translation._trans, "ngettext", ngettext)
    return found


@pytest.mark.django_db
def test_every_page_in_french_has_no_untranslated_string(client, started_game, make_player, misses):
    from tests.games.play import player_of, prompted

    step, role, _ = prompted(started_game)
    per_page, pages, seen = {}, {}, 0
    for name, html in iter_pages(client, game=started_game, player=player_of(started_game, role), observer=make_player("watcher"), language="fr"):
        pages[name] = html
        if misses[seen:]:
            per_page[name] = sorted(set(misses[seen:]))
        seen = len(misses)
    assert len(pages) >= 18
    assert per_page == {}, "untranslated strings, per page: " + repr(per_page)
    for name, html in pages.items():
        if name != "order check (fragment)":
            assert '<html lang="fr">' in html, name
    assert "Vos décisions" in pages["game (player)"] and "Carte" in pages["game (player)"]


@pytest.mark.django_db
def test_every_page_in_english_speaks_english(client, started_game, make_player):
    from tests.games.play import player_of, prompted

    step, role, _ = prompted(started_game)
    pages = render_all(client, game=started_game, player=player_of(started_game, role), observer=make_player("watcher"), language="en")
    for name, html in pages.items():
        if name != "order check (fragment)":
            assert '<html lang="en">' in html, name
    assert "Your decisions" in pages["game (player)"] and "Event log" in pages["game (player)"]
