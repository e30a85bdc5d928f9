"""The public tournament pages in a real browser: the standings page (its cached fragment),
a round's page and the audit trail, in English and French, with axe-core: no serious or
critical violation, and every link between them leads where it says."""

from __future__ import annotations

import pytest

from tests.browser.conftest import run_axe, serious
from tournaments import services
from tournaments.models import Pairing

pytestmark = [pytest.mark.browser]


@pytest.mark.django_db(transaction=True)
def test_tournament_pages_are_accessible_and_linked(chromium, live_server, make_player, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "browser"}}
    organiser = make_player("arbiter")
    t = services.tournament_create(created_by=organiser, name="Ludi Romani", ruleset="semper-victor", scenario="305", rounds_planned=2)
    for name in ("aurelia", "marcus", "livia", "titus", "gaius"):
        services.entry_register(tournament=t, player=make_player(name))
    services.round_pair_next(tournament=t, by=organiser)
    for p in Pairing.objects.filter(tournament=t, secundus__isnull=False):
        services.pairing_forfeit(tournament=t, pairing_id=p.pk, by=organiser, loser="SECONDUS", reason="no orders")
    services.round_pair_next(tournament=t, by=organiser)

    found = {}
    for locale in ("en-GB", "fr-FR"):
        context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
        page = context.new_page()
        page.goto(f"{live_server.url}/tournaments/{t.pk}/")
        assert page.locator("#standings tbody tr").count() == 5
        found[f"standings {locale}"] = serious(run_axe(page))
        page.click(f'a[href="/tournaments/{t.pk}/rounds/1/"]')
        page.wait_for_url(f"**/tournaments/{t.pk}/rounds/1/")
        assert page.locator("table.round tr").count() == 1 + 3  # the header, two boards and a bye
        found[f"round {locale}"] = serious(run_axe(page))
        page.goto(f"{live_server.url}/tournaments/{t.pk}/")
        page.click(f'a[href="/tournaments/{t.pk}/audit/"]')
        page.wait_for_url(f"**/tournaments/{t.pk}/audit/")
        assert page.locator("#audit tr.audit-forfeit").count() == 2
        found[f"audit {locale}"] = serious(run_axe(page))
        context.close()
    assert not any(found.values()), found
