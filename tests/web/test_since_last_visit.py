"""'Since your last visit' is the account's, not the browser's (issue 16, item 9): the
newest event a seat's player was shown is stored on the seat, so a visit from another
browser, or from the email link, shows only what happened since, at the top of the page."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import overrides
from tests.games.play import player_of, prompted
from tests.web.conftest import resolve_open_step


def _since(html: str) -> list[str]:
    found = re.search(r'<section class="since".*?</section>', html, re.S)
    return re.findall(r"<li>(.*?)</li>", found.group(0), re.S) if found else []


def _browser(user) -> Client:
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_what_happened_since_the_last_visit_follows_the_account_across_browsers(started_game, make_player):
    game = started_game
    _step, role, _prompt = prompted(game)
    player = player_of(game, role)
    desk = _browser(player)
    first = desk.get(f"/games/{game.pk}/").content.decode()
    assert _since(first) == []  # a first visit: the whole log is new, nothing singled out
    seat = game.seats.get(role=role)
    assert seat.last_seen_seq == game.events.order_by("-seq").first().seq
    resolve_open_step(game)
    newest = list(game.events.order_by("seq").filter(seq__gt=seat.last_seen_seq).exclude(type="dice"))
    assert newest

    phone = _browser(player)  # another browser, a fresh session: the account remembers
    page = phone.get(f"/games/{game.pk}/").content.decode()
    items = _since(page)
    assert 0 < len(items) <= len(newest)
    assert any("Step 1 resolved." in item for item in items)
    assert page.index('class="since"') < page.index('id="map-h"')  # at the top, above the map
    assert _since(desk.get(f"/games/{game.pk}/").content.decode()) == []  # seen now, on every device
    # an observer has no "since"
    assert _since(_browser(make_player("watcher")).get(f"/games/{game.pk}/").content.decode()) == []


@pytest.mark.django_db
def test_a_new_player_of_the_seat_starts_afresh(started_game, make_player):
    game = started_game
    _step, role, _prompt = prompted(game)
    _browser(player_of(game, role)).get(f"/games/{game.pk}/")
    substitute = make_player("sextus")
    overrides.seat_reassign(game=game, role=role, player=substitute)
    assert game.seats.get(role=role).last_seen_seq is None
    resolve_open_step(game)
    assert _since(_browser(substitute).get(f"/games/{game.pk}/").content.decode()) == []  # his first visit
