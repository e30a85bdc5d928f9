"""The master's desk (games/web/desk.py): what each seat sent, the publishing form, the
correction, handing the master role over; seats never reach it."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import Game, OrderSet
from games.web.desk import compose
from tests.games.play import open_step


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


def submit(game, player, text):
    return services.order_submit(game=game, player=player, step=open_step(game).number, text=text,
                                 source=OrderSet.Source.WEB)


def adjudicate(game):
    assert services.step_adjudicate(game_id=game.pk, step_number=open_step(game).number) == "resolved"
    game.refresh_from_db()


def test_compose_writes_the_notation_from_the_fields():
    fields = [
        {"name": "rolls", "kind": "lines", "line": "{value}"},
        {"name": "public", "kind": "text", "line": "public: {value}"},
        {"name": "score-x", "kind": "line", "value": "3", "line": "score x = {value}"},
        {"name": "score-y", "kind": "line", "value": "1", "line": "score y = {value}"},
        {"name": "turn", "kind": "choice", "line": None},
        {"name": "note", "kind": "line", "line": "correct {turn}: {value}", "needs": "turn"},
        {"name": "publish", "kind": "check", "line": "publish"},
    ]
    text = compose(fields, {"rolls": "roll 1d6\n\nroll 2d6", "public": "A\nB", "score-x": "3", "score-y": "2\npublish",
                            "turn": "", "note": "ignored", "publish": "1"})
    assert text.splitlines() == ["roll 1d6", "roll 2d6", "public: A", "public: B", "score y = 2 publish", "publish"]
    assert compose(fields, {"turn": "2", "note": "oops"}) == "correct 2: oops"
    assert compose(fields, {}) == ""


@pytest.mark.django_db
def test_the_master_referees_a_turn_from_the_desk(aie_game, players, dispatched):
    game = aie_game
    master, caesar = client_of(players["master"]), client_of(players["cesarien"])
    assert caesar.get(f"/games/{game.pk}/desk/").status_code == 404
    page = master.get(f"/games/{game.pk}/desk/")
    assert page.status_code == 200 and "writing their orders" in page.content.decode()
    assert "Master&#x27;s desk" in master.get(f"/games/{game.pk}/").content.decode() or \
        "Master's desk" in master.get(f"/games/{game.pk}/").content.decode()
    assert "printed rules" in caesar.get(f"/games/{game.pk}/").content.decode()
    submit(game, players["cesarien"], "Caesar to Ariminum.")
    submit(game, players["republicain"], "Pompeius to Brundisium.")
    adjudicate(game)
    page = master.get(f"/games/{game.pk}/desk/").content.decode()
    assert "Caesar to Ariminum." in page and "Pompeius to Brundisium." in page
    assert "roll table alea-iacta-est/events: events" in page  # the events roll offered
    step = open_step(game).number
    response = master.post(f"/games/{game.pk}/desk/", {"action": "publish", "step": step,
                                                       "rolls": "roll table alea-iacta-est/events: events"})
    assert response.status_code == 302
    adjudicate(game)  # the worker's part (the step had all it waited for)
    assert game.state["rolls"][0]["table"] == "alea-iacta-est/events"
    # A bad instruction is refused with its line, in the master's language, nothing stored.
    step = open_step(game).number
    response = master.post(f"/games/{game.pk}/desk/", {"action": "publish", "step": step, "rolls": "roll 2x6"})
    assert response.status_code == 400 and "dice.syntax" in response.content.decode()
    response = master.post(f"/games/{game.pk}/desk/", {"action": "publish", "step": step, "public": "Ariminum falls.",
                                                       "private-republicain": "Your scouts saw him.",
                                                       "score-italia": "CÉSARIEN", "publish": "1"})
    assert response.status_code == 302
    adjudicate(game)
    assert game.state["turn"] == 2 and game.state["results"][0]["public"] == "Ariminum falls."
    assert [e["value"] for e in game.state["scoreboard"] if e["id"] == "italia"] == ["CÉSARIEN"]
    page = caesar.get(f"/games/{game.pk}/").content.decode()
    assert "Ariminum falls." in page and "Your scouts saw him." not in page and "Pompeius to Brundisium." not in page
    assert "Your scouts saw him." in client_of(players["republicain"]).get(f"/games/{game.pk}/").content.decode()

    # Turn 2, then a correction of turn 1 from the desk.
    submit(game, players["cesarien"], "Hold.")
    submit(game, players["republicain"], "Hold.")
    adjudicate(game)
    step = open_step(game).number
    response = master.post(f"/games/{game.pk}/desk/", {"action": "publish", "step": step, "correct-turn": "1",
                                                       "correct-note": "it was Pisaurum",
                                                       "correct-public": "Pisaurum falls."})
    assert response.status_code == 302
    adjudicate(game)
    page = caesar.get(f"/games/{game.pk}/").content.decode()
    assert "it was Pisaurum" in page and "Pisaurum falls." in page


@pytest.mark.django_db
def test_the_master_hands_his_role_over(aie_game, players, make_player, dispatched):
    game = aie_game
    heir = make_player("heir")
    master = client_of(players["master"])
    response = master.post(f"/games/{game.pk}/desk/", {"action": "handover", "to": "nobody-here"})
    assert response.status_code == 400 and "handover.unknown_account" in response.content.decode()
    response = master.post(f"/games/{game.pk}/desk/", {"action": "handover", "to": "caesar"})
    assert response.status_code == 400 and "handover.seated" in response.content.decode()
    response = master.post(f"/games/{game.pk}/desk/", {"action": "handover", "to": "HEIR", "reason": "holidays"})
    assert response.status_code == 302
    assert game.seats.get(role="master").player == heir
    assert master.get(f"/games/{game.pk}/desk/").status_code == 404
    assert client_of(heir).get(f"/games/{game.pk}/desk/").status_code == 200
    events = list(game.events.filter(type="seat_reassigned").values_list("data", flat=True))
    assert events and events[0]["by"] == "master" and events[0]["to"] == "heir"
    # A seat cannot hand itself over.
    caesar = client_of(players["cesarien"])
    assert caesar.post(f"/games/{game.pk}/desk/", {"action": "handover", "to": "heir"}).status_code == 404


@pytest.mark.django_db
def test_orders_as_they_come_only_with_the_option(make_player, dispatched):
    a, b, m = make_player("anna"), make_player("bruno"), make_player("mira")
    for reads, shown in (("live", True), ("closed", False)):
        game = services.game_create(ruleset="refereed", scenario="open", options={"players": 2, "master_reads": reads},
                                    created_by=m, role="master")
        services.game_join(game=game, player=a, role="seat-1")
        services.game_join(game=game, player=b, role="seat-2")
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        submit(game, a, "Anna's secret plan.")
        page = client_of(m).get(f"/games/{game.pk}/desk/").content.decode()
        assert ("Anna&#x27;s secret plan." in page) is shown, reads
        assert "secret plan" not in client_of(b).get(f"/games/{game.pk}/").content.decode()


@pytest.mark.django_db
def test_a_refereed_game_is_created_on_the_web(make_player):
    user = make_player("gm")
    web = client_of(user)
    page = web.get("/games/new/?ruleset=refereed").content.decode()
    assert 'value="alea-iacta-est"' in page and 'value="master"' in page
    response = web.post("/games/new/", {"ruleset": "refereed", "scenario": "alea-iacta-est", "role": "master",
                                        "option_players": "2", "option_master_reads": '"live"', "stand_in": "default", "step_hours": "72"})
    import re
    assert response.status_code == 302, re.findall(r'class="errorlist[^>]*>(.*?)</ul>|role="alert">(.*?)</', response.content.decode(), re.S)
    game = Game.objects.get(created_by=user)
    assert game.seats.get().role == "master" and game.options["master_reads"] == "live"


@pytest.mark.django_db
def test_the_tables_are_pages_every_player_reads(aie_game, players, client):
    index = client.get("/tables/").content.decode()
    assert "/tables/alea-iacta-est/combat/" in index
    events = client.get("/tables/alea-iacta-est/events/").content.decode()
    assert "Hiver Rigoureux" in events and "1d6+1d10" in events and "L16" in events
    combat = client.get("/tables/alea-iacta-est/combat/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1/3 et -" in combat and "E • R" in combat
    leaders = client.get("/tables/alea-iacta-est/roman-leaders/").content.decode()
    assert "Gnaeus Pompeius Magnus" in leaders
    assert client.get("/tables/alea-iacta-est/weather/").status_code == 404
    page = client_of(players["cesarien"]).get(f"/games/{aie_game.pk}/").content.decode()
    assert 'href="/tables/alea-iacta-est/events/"' in page  # the game page links its tables
