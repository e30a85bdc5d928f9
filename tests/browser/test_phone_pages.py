"""At a phone's width (390 px) no page scrolls sideways (issue 16, item 11): My games, a
game and its text view, preferences, the account and token pages, the notation, the
tournament pages and the organiser console, the home page for a visitor."""

from __future__ import annotations

import pytest

from tests.browser.test_stack_clicks import _context
from tests.games.play import player_of
from tournaments import services as tournaments
from tournaments.models import Pairing

pytestmark = [pytest.mark.browser]


@pytest.mark.django_db(transaction=True)
def test_no_page_scrolls_sideways_on_a_phone(chromium, live_server, started_game, make_player, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "phone"}}
    organiser = make_player("arbiter")
    t = tournaments.tournament_create(created_by=organiser, name="Ludi Romani Constantiniani", ruleset="semper-victor",
                                      scenario="305", rounds_planned=2)
    for name in ("livia", "titus", "gaius", "sextus"):
        tournaments.entry_register(tournament=t, player=make_player(name))
    tournaments.round_pair_next(tournament=t, by=organiser)
    game = started_game
    player = player_of(game, "PRIMUS")
    pages = {
        player: ["/games/", f"/games/{game.pk}/", f"/games/{game.pk}/text/", "/notifications/preferences/",
                 "/accounts/settings/", "/accounts/token/", "/rules/semper-victor/notation/", "/games/new/?ruleset=semper-victor",
                 f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/rounds/1/", f"/tournaments/{t.pk}/audit/", "/tournaments/",
                 f"/tournaments/players/{Pairing.objects.filter(tournament=t).first().primus.player.username}/"],
        organiser: [f"/tournaments/{t.pk}/console/"],
        None: ["/"],
    }
    wide = {}
    for user, urls in pages.items():
        if user is None:
            ctx = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="fr-FR")
        else:
            ctx = _context(chromium, live_server, user, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        for url in urls:
            page.goto(live_server.url + url)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                wide[url] = width
        ctx.close()
    assert not wide, wide
