"""The master's own tables (games/game_tables.py): uploaded by the desk and the API,
checked with the line of each problem, read by every seat, rolled on like the library's
once they come into play with the master's next orders."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games import game_tables, services
from games.errors import OrdersInvalid
from games.models import Event, GameTable, OrderSet
from tests.games.play import open_step
from tests.rules.refereed.test_engine import WEATHER

#: The same with a gap (no row for 6) and a row without its French: two problems, each on its line.
BROKEN = WEATHER.replace("  - roll: {from: 3}\n    result: {en: Fair, fr: Beau temps}\n",
                         "  - roll: {from: 3, to: 5}\n    result: {en: Fair}\n")


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


def close_orders(game, players):
    step = open_step(game).number
    for role in ("cesarien", "republicain"):
        services.order_submit(game=game, player=players[role], step=step, text=f"orders of {role}", source="web")
    assert services.step_adjudicate(game_id=game.pk, step_number=step) == "resolved"
    game.refresh_from_db()
    return open_step(game).number


@pytest.mark.django_db
def test_the_master_uploads_a_table_by_the_api_and_every_seat_reads_it(aie_game, players, api_for, make_player):
    game = aie_game
    master, caesar = api_for(players["master"]), api_for(players["cesarien"])
    url = f"/api/v1/games/{game.pk}/tables/"

    refused = master.post(url, {"yaml": BROKEN}, format="json")
    assert refused.status_code == 422 and refused["Content-Type"].startswith("application/problem+json")
    problems = refused.json()["errors"]
    assert [(p["code"], p["path"], p["line"]) for p in problems] == [("table.result", "rows/1/result", 10),
                                                                      ("table.roll_gap", "rows", 6)]
    assert all(p["message"]["en"] and p["message"]["fr"] and p["message"]["en"] != p["message"]["fr"] for p in problems)
    syntax = master.post(url, {"yaml": "format: cursus-table/1\nrows: [1,\n"}, format="json").json()["errors"]
    assert [(p["code"], p["line"]) for p in syntax] == [("table.yaml", 3)]
    taken = master.post(url, {"yaml": WEATHER.replace("my-game/weather", "alea-iacta-est/events")}, format="json")
    assert [(p["code"], p["path"], p["line"]) for p in taken.json()["errors"]] == [("table.id_taken", "id", 2)]
    assert not GameTable.objects.exists()

    # A seat that is not the master may not; nor a stranger (who does not see the game).
    seat = caesar.post(url, {"yaml": WEATHER}, format="json")
    assert seat.status_code == 403 and seat.json()["errors"][0]["code"] == "table.not_author"
    assert api_for(make_player("stranger")).post(url, {"yaml": WEATHER}, format="json").status_code == 404

    made = master.post(url, {"yaml": WEATHER}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["id"] == "my-game/weather" and made.json()["table"]["title"]["fr"] == "Météo"
    assert master.post(url, {"yaml": WEATHER}, format="json").status_code == 200  # the same again: nothing new
    multipart = master.post(url, {"file": SimpleUploadedFile("w.yaml", WEATHER.replace("Rain", "Storm").encode())},
                            format="multipart")
    assert multipart.status_code == 201 and multipart.json()["table"]["rows"][0]["result"]["en"] == "Storm"
    assert GameTable.objects.count() == 1
    logged = Event.objects.filter(game=game, type="table_uploaded").order_by("seq")
    assert [e.visible_to for e in logged] == [None, None] and logged[1].data["replaced"] is True

    for role in ("cesarien", "republicain", "master"):
        listed = api_for(players[role]).get(url).json()
        assert [(t["id"], t["title"]["en"]) for t in listed] == [("my-game/weather", "Weather")]
        one = api_for(players[role]).get(f"{url}my-game/weather/").json()
        assert "Storm" in one["yaml"] and one["table"]["kind"] == "roll"
    assert api_for(players["master"]).get(f"{url}my-game/nothing/").status_code == 404
    assert api_for(make_player("other")).get(url).status_code == 404


@pytest.mark.django_db
def test_an_uploaded_table_comes_into_play_with_the_masters_next_orders(aie_game, players):
    game = aie_game
    game_tables.table_upload(game=game, player=players["master"], text=WEATHER)
    step = close_orders(game, players)
    # A roll on it by name, in the notation, as on a table of the library.
    services.order_submit(game=game, player=players["master"], step=step, text="roll table my-game/weather: the sky",
                          source="web")
    carried = OrderSet.objects.get(step__game=game, step__number=step).orders
    assert [t["id"] for t in carried["tables"]] == ["my-game/weather"]
    assert services.step_adjudicate(game_id=game.pk, step_number=step) == "resolved"
    game.refresh_from_db()
    roll = Event.objects.get(game=game, type="roll")
    assert roll.visible_to is None and roll.data["result"]["row"]["result"]["en"] in ("Rain", "Fair")
    assert Event.objects.filter(game=game, type="table_added", visible_to__isnull=True).count() == 1
    assert "my-game/weather" in game.state["tables"]

    # In play: the next order set carries it no more; a new version is carried once.
    step = open_step(game).number
    services.order_submit(game=game, player=players["master"], step=step, text="roll table my-game/weather", source="web")
    assert "tables" not in OrderSet.objects.get(step__game=game, step__number=step).orders
    game_tables.table_upload(game=game, player=players["master"], text=WEATHER.replace("Rain", "Storm"))
    services.order_submit(game=game, player=players["master"], step=step, text="roll table my-game/weather", source="web")
    assert OrderSet.objects.get(step__game=game, step__number=step).orders["tables"][0]["table"]["rows"][0]["result"]["en"] \
        == "Storm"
    assert services.step_adjudicate(game_id=game.pk, step_number=step) == "resolved"
    game.refresh_from_db()
    assert game.state["own_tables"]["my-game/weather"]["rows"][0]["result"]["en"] == "Storm"

    # Tables come by upload only: an order set that writes them is refused.
    step = open_step(game).number
    with pytest.raises(OrdersInvalid) as caught:
        services.order_submit(game=game, player=players["master"], step=step,
                              orders={"tables": [{"id": "x/y", "sha256": "", "table": {}}]})
    assert caught.value.errors[0]["code"] == "tables.uploaded_only"


@pytest.mark.django_db
def test_the_desk_uploads_a_table_and_the_game_page_lists_it_for_every_seat(aie_game, players, make_player):
    game = aie_game
    master = client_of(players["master"])
    close_orders(game, players)  # the master's desk is his while he referees
    desk = master.get(f"/games/{game.pk}/desk/").content.decode()
    assert 'name="table_yaml"' in desk and 'name="table_file"' in desk
    refused = master.post(f"/games/{game.pk}/desk/", {"action": "table", "table_yaml": BROKEN})
    page = refused.content.decode()
    assert refused.status_code == 400 and "line 10" in page and "table.result" in page and "table.roll_gap" in page
    assert "Beau temps" not in page and "{en: Fair}" in page  # the text written is kept to correct
    french = client_of(players["master"])
    french.cookies["django_language"] = "fr"
    assert "ligne 10" in french.post(f"/games/{game.pk}/desk/", {"action": "table", "table_yaml": BROKEN},
                                     HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    ok = master.post(f"/games/{game.pk}/desk/", {"action": "table",
                                                 "table_file": SimpleUploadedFile("weather.yaml", WEATHER.encode())})
    assert ok.status_code == 302 and GameTable.objects.filter(game=game, table_id="my-game/weather").exists()
    # A seat has no desk, and cannot give tables through it.
    caesar = client_of(players["cesarien"])
    assert caesar.post(f"/games/{game.pk}/desk/", {"action": "table", "table_yaml": WEATHER}).status_code == 404

    for role in ("cesarien", "republicain", "master"):
        reader = client_of(players[role])
        page = reader.get(f"/games/{game.pk}/").content.decode()
        title, fair = ("Météo", "Beau temps") if role == "republicain" else ("Weather", "Fair")  # Pompeius reads French
        assert f"/games/{game.pk}/tables/my-game/weather/" in page and title in page
        assert f"/games/{game.pk}/tables/my-game/weather/" in reader.get(f"/games/{game.pk}/text/").content.decode()
        table = reader.get(f"/games/{game.pk}/tables/my-game/weather/")
        assert table.status_code == 200 and fair in table.content.decode()
    assert client_of(make_player("stranger")).get(f"/games/{game.pk}/tables/my-game/weather/").status_code == 404
    assert master.get(f"/games/{game.pk}/tables/my-game/other/").status_code == 404
