"""French as a French player reads it (issue 16, item 13): the space before a colon (and
before ; ! ?), the dice log's reasons and the stratagems' names in French with their
accents, dates day first, and one place that sets the language: the header's switcher
saves it to the player's profile, which the emails follow."""

from __future__ import annotations

import html
import re

import pytest

from games import presentation
from tests.games.play import player_of
from tests.web.conftest import resolve_open_step
from tests.web.pages import iter_pages

#: A letter or a closing bracket right before ":" ";" "!" "?" followed by a space or the end
#: of the text: French sets a space there. (Times such as 14:00 and URLs have no letter before.)
TIGHT = re.compile(r"[A-Za-zÀ-ÿ)»\]][:;!?](?=\s|$)")


def _visible_text(page: str) -> str:
    page = re.sub(r"<(script|style|code|pre|textarea|svg)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", "\n", page)
    return html.unescape(page)


@pytest.mark.django_db
def test_french_pages_set_a_space_before_colons(client, started_game, make_player):
    tight = {}
    for name, page in iter_pages(client, game=started_game, player=player_of(started_game, "PRIMUS"),
                                 observer=make_player("watcher"), language="fr"):
        found = [line.strip() for line in _visible_text(page).splitlines() if TIGHT.search(line)]
        if found:
            tight[name] = found[:5]
    assert not tight, tight


@pytest.mark.django_db
def test_the_dice_log_says_why_each_die_was_rolled_in_french(started_game):
    from django.utils import translation

    resolve_open_step(started_game)
    rolls = [roll for event in started_game.events.filter(type="dice") for roll in event.data["rolls"]]
    assert rolls
    with translation.override("fr"):
        for roll in rolls:
            assert roll.get("why"), roll  # every purpose of the engine has its words
            text = presentation.roll_text(roll)
            assert roll["purpose"].split(" ")[0] not in text or roll["purpose"].split(" ")[0] in roll["why"]["fr"], text
    from rules import get_ruleset

    why = get_ruleset("tetrarchia").roll_purpose("roman:setup-army")
    with translation.override("fr"):
        assert presentation.roll_text({"sides": 6, "value": 4, "purpose": "roman:setup-army", "why": why}) == \
            "d6=4 (dé romain, une armée barbare initiale (sa région))"


def test_stratagem_names_keep_their_accents_in_the_log(ruleset):
    from rules.imperator import narration

    played = narration.narrate("stratagem_played", {"side": "PRIMUS", "stratagem": "desertion#2"}, ruleset.world)
    assert "Désertion" in played["fr"] and "desertion" not in played["fr"]
    assert "Desertion" in played["en"]


@pytest.mark.django_db
def test_dates_read_day_first_in_french_and_the_vacation_input_stays_iso(client, started_game):
    from datetime import timedelta

    from django.utils import timezone

    from games import services

    player = player_of(started_game, "PRIMUS")
    start = timezone.now().replace(microsecond=0) + timedelta(days=3)
    services.vacation_book(player=player, starts_at=start, ends_at=start + timedelta(days=2))
    client.force_login(player)
    client.cookies["django_language"] = "fr"
    page = client.get("/notifications/preferences/").content.decode()
    assert start.strftime("%d/%m/%Y") in page and start.strftime("%Y-%m-%d %H:%M") not in page
    assert re.search(r'type="datetime-local"[^>]*', page)
    client.cookies["django_language"] = "en"
    assert start.strftime("%Y-%m-%d") in client.get("/notifications/preferences/").content.decode()


@pytest.mark.django_db
def test_the_header_switcher_saves_the_language_to_the_profile(client, make_player):
    from notifications.services import profile_for

    player = make_player("aurelia")
    assert profile_for(user=player).language == "en"
    client.force_login(player)
    response = client.post("/accounts/language/", {"language": "fr", "next": "/games/"})
    assert response.status_code == 302 and response["Location"] == "/games/"
    assert profile_for(user=player).language == "fr"
    other_device = type(client)()
    other_device.force_login(player)
    assert "Mes parties" in other_device.get("/games/").content.decode()
    # a visitor's choice is the cookie's alone
    visitor = type(client)()
    assert visitor.post("/accounts/language/", {"language": "fr", "next": "/"}).status_code == 302
