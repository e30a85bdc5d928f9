"""The tournament page caches its standings fragment (tournaments/web/fragments.py) under a
digest of what it shows: served again while nothing changed, rendered again after any
change (a result, a live VP, a new round, a replacement, a withdrawal, a game's status),
per language. The earlier rounds and the audit trail have their own pages. The Python
tables (tournaments/web/tables.py) show what the templates showed."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.template import engines
from django.urls import reverse
from django.utils import translation

from games.models import Game
from tournaments import selectors, services
from tournaments.models import AuditEntry, Entry, Pairing, Tournament
from tournaments.web import fragments, tables


@pytest.fixture
def cache(settings):
    """A cache of this test's own (the fragment keys hold ids every test database reuses)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "standings"}}
    from django.core.cache import cache

    cache.clear()
    return cache


@pytest.fixture
def tournament(make_player):
    organiser = make_player("arbiter")
    t = services.tournament_create(created_by=organiser, name="Ludi Romani", ruleset="semper-victor", scenario="305", rounds_planned=3)
    for name in ("aurelia", "marcus", "livia", "titus", "gaius"):
        services.entry_register(tournament=t, player=make_player(name))
    services.round_pair_next(tournament=t, by=organiser)
    return t


@pytest.fixture
def renders(monkeypatch):
    """How many times the fragment was rendered (not served from the cache)."""
    count = {"n": 0}
    real = fragments.render_standings

    def counting(**kwargs):
        count["n"] += 1
        return real(**kwargs)

    monkeypatch.setattr(fragments, "render_standings", counting)
    return count


def page(client, t, language="en") -> str:
    """The page's content (what follows the header, whose forms carry a fresh CSRF token)."""
    response = client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    return html[html.index('<main id="content">'):]


@pytest.mark.django_db
def test_served_from_the_cache_until_something_changes(client, cache, tournament, renders, make_player):
    t, organiser = tournament, tournament.created_by
    first = page(client, t)
    assert renders["n"] == 1 and "running" in first and "bye" in first
    assert page(client, t) == first and renders["n"] == 1  # nothing changed: served again

    pairing = Pairing.objects.filter(tournament=t, secundus__isnull=False).order_by("board").first()
    services.pairing_result_adjust(tournament=t, pairing_id=pairing.pk, by=organiser, winner="PRIMUS",
                                   level="decisive", scores={"PRIMUS": 21, "SECONDUS": 9}, reason="agreed")
    html = page(client, t)
    assert renders["n"] == 2 and "1–0 decisive (21–9 VP) · organiser" in html

    other = Pairing.objects.filter(tournament=t, secundus__isnull=False, result__isnull=True).first()
    Pairing.objects.filter(pk=other.pk).update(live_vp={"PRIMUS": 7, "SECONDUS": 3})  # a step opened
    assert "running: 7–3 VP" in page(client, t) and renders["n"] == 3

    Game.objects.filter(pk=other.game_id).update(status=Game.Status.ABORTED)
    page(client, t)
    assert renders["n"] == 4

    Entry.objects.filter(tournament=t, player__username="titus").update(status=Entry.Status.WITHDRAWN)
    page(client, t)
    assert renders["n"] == 5

    services.entry_replace(tournament=t, by=organiser, player=Entry.objects.get(tournament=t, player__username="gaius").player,
                           replacement=make_player("sextus"), reason="ill")
    html = page(client, t)
    assert renders["n"] == 6 and "sextus" in html and "gaius" not in html

    for p in Pairing.objects.filter(tournament=t, secundus__isnull=False, result__isnull=True):
        services.pairing_forfeit(tournament=t, pairing_id=p.pk, by=organiser, loser="SECONDUS", reason="silence")
    services.round_pair_next(tournament=t, by=organiser)
    html = page(client, t)
    assert renders["n"] == 8 - 1 and "Round 2" in html  # the forfeits and the new round: one render
    assert f'href="/tournaments/{t.pk}/rounds/1/"' in html
    assert page(client, t) == html and renders["n"] == 7

    Tournament.objects.filter(pk=t.pk).update(tiebreaks=["wins"])  # the scoring is in the key too
    page(client, t)
    assert renders["n"] == 8


@pytest.mark.django_db
def test_each_language_has_its_fragment(client, cache, tournament, renders):
    english, french = page(client, tournament, "en"), page(client, tournament, "fr")
    assert "Standings" in english and "Classement" in french and "Classement" not in english
    assert renders["n"] == 2
    assert page(client, tournament, "fr") == french and renders["n"] == 2


@pytest.mark.django_db
def test_the_page_does_not_depend_on_the_cache(client, tournament, renders, monkeypatch):
    class Broken:
        def get(self, *args, **kwargs):
            raise ConnectionError("no Redis")

        set = get

    monkeypatch.setattr(fragments, "cache", Broken())
    assert "Standings" in page(client, tournament) and "Standings" in page(client, tournament)
    assert renders["n"] == 2


@pytest.mark.django_db
def test_the_version_and_the_digest_move_together(tournament):
    """PostgreSQL digests the rows itself (one query); elsewhere the rows are read and
    digested in Python. Both change with every change of what the page shows."""
    t = tournament

    def both():
        t.refresh_from_db()
        inputs = selectors.standings_inputs(tournament=t)
        return selectors.standings_version(tournament=t), selectors.standings_digest(tournament=t, inputs=inputs)

    before = both()
    assert (before[0] is None) == (connection.vendor != "postgresql")
    assert both() == before
    pairing = Pairing.objects.filter(tournament=t, secundus__isnull=False).first()
    changes = [
        lambda: Pairing.objects.filter(pk=pairing.pk).update(live_vp={"PRIMUS": 1, "SECONDUS": None}),
        lambda: Pairing.objects.filter(pk=pairing.pk).update(live_vp={"PRIMUS": None, "SECONDUS": 1}),
        lambda: Pairing.objects.filter(pk=pairing.pk).update(result={"winner": None, "level": "draw"}, result_source="organiser"),
        lambda: Pairing.objects.filter(pk=pairing.pk).update(result_source="forfeit"),
        lambda: Game.objects.filter(pk=pairing.game_id).update(status=Game.Status.FINISHED),
        lambda: Entry.objects.filter(pk=pairing.primus_id).update(status=Entry.Status.WITHDRAWN),
        lambda: type(pairing.primus.player).objects.filter(pk=pairing.primus.player_id).update(username="renamed"),
        lambda: Tournament.objects.filter(pk=t.pk).update(win_points=3),
    ]
    seen = {before}
    for change in changes:
        change()
        now = both()
        assert now[1] not in {d for _v, d in seen}
        if now[0] is not None:
            assert now[0] not in {v for v, _d in seen}
        seen.add(now)


@pytest.mark.django_db
def test_rounds_and_audit_have_their_own_pages(client, tournament, make_player):
    t, organiser = tournament, tournament.created_by
    for p in Pairing.objects.filter(tournament=t, secundus__isnull=False):
        services.pairing_forfeit(tournament=t, pairing_id=p.pk, by=organiser, loser="PRIMUS", reason=f"silence {p.board}")
    services.round_pair_next(tournament=t, by=organiser)
    main = page(client, t)
    assert "Round 2" in main and "silence" not in main
    first = client.get(f"/tournaments/{t.pk}/rounds/1/").content.decode()
    assert "Round 1" in first and "1–0" not in first and "0–1 " in first and "· forfeit" in first
    assert 'aria-current="page">1<' in first and f'href="/tournaments/{t.pk}/rounds/2/"' in first
    assert client.get(f"/tournaments/{t.pk}/rounds/9/").status_code == 404
    french = client.get(f"/tournaments/{t.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Ronde 1" in french and "Retour au classement" in french

    trail = client.get(f"/tournaments/{t.pk}/audit/").content.decode()
    assert "silence 1" in trail and "Forfeit adjudicated" in trail and "Round paired" in trail
    assert trail.count('class="audit-') == AuditEntry.objects.filter(tournament=t).count()
    assert "Page 1 of" not in trail  # one page


@pytest.mark.django_db
def test_the_audit_trail_is_paginated(client, tournament):
    t = tournament
    AuditEntry.objects.bulk_create(
        AuditEntry(tournament=t, actor=t.created_by, action=AuditEntry.Action.DEADLINE_EXTENDED, reason=f"reason-{i:03d}")
        for i in range(selectors.AUDIT_PAGE_SIZE + 10)
    )
    total = AuditEntry.objects.filter(tournament=t).count()
    first = client.get(f"/tournaments/{t.pk}/audit/").content.decode()
    assert first.count('class="audit-') == selectors.AUDIT_PAGE_SIZE
    assert "Page 1 of 2" in first and 'href="?page=2" rel="next"' in first and "reason-000" in first
    last = client.get(f"/tournaments/{t.pk}/audit/?page=2").content.decode()
    assert last.count('class="audit-') == total - selectors.AUDIT_PAGE_SIZE and "reason-109" in last
    assert 'href="?page=1" rel="prev"' in last
    beyond = client.get(f"/tournaments/{t.pk}/audit/?page=99").content.decode()
    assert beyond.count('class="audit-') == total - selectors.AUDIT_PAGE_SIZE and "Page 2 of 2" in beyond
    french = client.get(f"/tournaments/{t.pk}/audit/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Page 1 sur 2" in french and "Entrées suivantes" in french and "Journal des décisions" in french


# What templates/tournaments/_result.html showed, the template tables.result_text replaces.
OLD_RESULT = (
    '{% load i18n %}{% if p.secundus is None %}{% translate "bye" %}{% elif p.result %}{% if p.result.winner == "PRIMUS" %}1–0'
    '{% elif p.result.winner == "SECONDUS" %}0–1{% else %}½–½{% endif %} {{ p.result.level }}{% if p.result.scores.PRIMUS is not None %}'
    ' ({{ p.result.scores.PRIMUS }}–{{ p.result.scores.SECONDUS }} {% translate "VP" %}){% endif %}'
    '{% if p.result_source != "engine" %} · {{ p.result_source }}{% endif %}{% else %}{% translate "running" %}'
    '{% if p.live_vp %}: {{ p.live_vp.PRIMUS }}–{{ p.live_vp.SECONDUS }} {% translate "VP" %}{% endif %}{% endif %}'
)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(
    "pairing",
    [
        {"secundus": None, "result": {"winner": "PRIMUS"}, "result_source": "bye", "live_vp": None},
        {"secundus": "b", "result": {"winner": "PRIMUS", "level": "decisive", "scores": {"PRIMUS": 20, "SECONDUS": 9}},
         "result_source": "engine", "live_vp": None},
        {"secundus": "b", "result": {"winner": "SECONDUS", "level": "marginal", "scores": {"PRIMUS": 3}},
         "result_source": "organiser", "live_vp": None},
        {"secundus": "b", "result": {"winner": None, "level": "draw"}, "result_source": "forfeit", "live_vp": None},
        {"secundus": "b", "result": {"winner": None, "level": None, "scores": {}}, "result_source": "", "live_vp": {"PRIMUS": 1}},
        {"secundus": "b", "result": None, "result_source": "", "live_vp": {"PRIMUS": 4, "SECONDUS": None}},
        {"secundus": "b", "result": None, "result_source": "", "live_vp": {"SECONDUS": 2}},
        {"secundus": "b", "result": None, "result_source": "", "live_vp": None},
        {"secundus": "b", "result": {}, "result_source": "", "live_vp": {}},
    ],
)
def test_result_text_is_what_the_template_showed(pairing, language):
    with translation.override(language):
        old = engines["django"].from_string(OLD_RESULT).render({"p": pairing})
        assert tables.result_text(pairing) == old


@pytest.mark.django_db
def test_the_tables_escape_and_link_like_the_templates(make_player):
    tricky = make_player("o'brien+<b>@x")
    url = reverse("tournaments-web:player", args=[tricky.username])
    body = tables.standings_body([{
        "rank": 1, "shared": True, "player": tricky.username, "points": "2", "played": 1, "wins": 1, "draws": 0,
        "losses": 0, "byes": 0, "sonneborn_berger": "0", "head_to_head": "", "vp_for": 3, "vp_against": 1,
        "vp_difference": 2, "running": [{"round": 2, "opponent": "<i>x</i>", "vp": 1, "opponent_vp": None}],
    }])
    expected_link = engines["django"].from_string("{% url 'tournaments-web:player' name %}").render({"name": tricky.username})
    assert f'<a href="{expected_link}">o&#x27;brien+&lt;b&gt;@x</a>' in body and url.replace("'", "&#x27;") == expected_link
    assert "<td>1=</td>" in body and "R2 vs &lt;i&gt;x&lt;/i&gt; 1-" in body and "<i>" not in body
    with translation.override("en"):
        rows = tables.pairings_body([{"board": 3, "primus": "a&b", "secundus": None, "game": None, "result": None,
                                      "result_source": "bye", "live_vp": None},
                                     {"board": 4, "primus": "c", "secundus": "d", "game": 12345, "result": None,
                                      "result_source": "", "live_vp": None}])
    assert "<td>a&amp;b</td><td>—</td><td></td><td>bye</td>" in rows
    assert f'<a href="{reverse("games-web:detail", args=[12345])}">12345</a>' in rows
    assert re.search(r"<td>running</td></tr>", rows)


@pytest.mark.django_db(transaction=True)
def test_a_miss_reads_the_version_and_the_rows_in_one_snapshot(client, cache, tournament):
    """Outside a test transaction (as in production), a miss reads the version again with
    the rows in one REPEATABLE READ transaction; a hit reads only the version."""
    if connection.vendor != "postgresql":
        pytest.skip("the version query and the snapshot are PostgreSQL's")
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as miss:
        page(client, tournament)
    sql = [q["sql"] for q in miss.captured_queries]
    begin = sql.index("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
    inside = sql[begin:sql.index("COMMIT")]
    assert sum("md5(" in s for s in inside) == 1 and any("tournaments_entry" in s for s in inside)
    assert any("tournaments_pairing" in s and "md5(" not in s for s in inside)
    with CaptureQueriesContext(connection) as hit:
        page(client, tournament)
    sql = [q["sql"] for q in hit.captured_queries]
    assert sum("md5(" in s for s in sql) == 1 and not any("REPEATABLE READ" in s for s in sql)
    assert not any("tournaments_pairing" in s and "md5(" not in s for s in sql)


@pytest.mark.django_db
def test_a_changed_game_has_its_standings_rendered_before_a_reader_asks(
    client, cache, tournament, renders, dispatched, django_capture_on_commit_callbacks
):
    """The worker that refreshes a pairing (a step opened, a game ended) queues the render
    of the fragment in every language; readers then find it in the cache."""
    from games import dispatch
    from tournaments import tasks

    pairing = Pairing.objects.filter(tournament=tournament, secundus__isnull=False).order_by("board").first()
    with django_capture_on_commit_callbacks(execute=True):
        services.pairing_refresh_from_game(game_id=pairing.game_id)
    assert dispatched.of(dispatch.WARM_STANDINGS) == [(tournament.pk,)]
    assert tasks.warm_standings(tournament.pk) == ["en", "fr"]  # what the worker does
    assert renders["n"] == 2
    assert tasks.warm_standings(tournament.pk) == []  # nothing changed since: nothing rendered
    english, french = page(client, tournament, "en"), page(client, tournament, "fr")
    assert "Standings" in english and "Classement" in french
    assert renders["n"] == 2  # both readers were served from the cache

    Pairing.objects.filter(pk=pairing.pk).update(live_vp={"PRIMUS": 4, "SECONDUS": 2})
    assert tasks.warm_standings(tournament.pk) == ["en", "fr"] and renders["n"] == 4
    assert "running: 4–2 VP" in page(client, tournament) and renders["n"] == 4
    assert tasks.warm_standings(0) == []  # a tournament deleted since
