import html

import pytest

from games.models import OrderSet
from tests.games.play import other_role, player_of, prompted


@pytest.mark.django_db
def test_the_game_page_needs_a_login(client, started_game):
    response = client.get(f"/games/{started_game.pk}/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_login_with_django_auth_views(client, make_player):
    make_player("aurelia")
    response = client.post("/accounts/login/", {"username": "aurelia", "password": "pw-aurelia"})
    assert response.status_code == 302
    assert client.get("/games/").status_code == 200


@pytest.mark.django_db
def test_the_page_shows_my_prompt_the_summary_and_the_log(client, started_game, ruleset):
    step, role, prompt = prompted(started_game)
    client.force_login(player_of(started_game, role))
    client.cookies["django_language"] = "en"  # the switcher's choice wins over the profile's language
    page = client.get(f"/games/{started_game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html.escape(prompt["title"]["en"]) in page
    assert "Event log" in page and "The game starts" in page
    assert started_game.dice_commitment in page
    assert f'<span class="k">Year</span><span class="v">{started_game.state["year"]} (' in page
    assert "Your turn" in page and html.escape(prompt["context"]["summary"]["en"]) in page  # the prompt bar
    for question in prompt["choices"]:  # the choices as buttons, each with the line it writes
        for choice in question["choices"]:
            assert f'value="{question["id"]}|{choice["id"]}"' in page and html.escape(choice["text"]) in page


@pytest.mark.django_db
def test_the_page_speaks_french(client, started_game):
    step, role, prompt = prompted(started_game)
    client.force_login(player_of(started_game, role))
    client.cookies["django_language"] = "fr"
    page = client.get(f"/games/{started_game.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert html.escape(prompt["title"]["fr"]) in page
    assert "Journal des événements" in page and "Vos décisions" in page


@pytest.mark.django_db
def test_orders_in_text_notation_from_the_page(client, started_game, ruleset):
    step, role, prompt = prompted(started_game)
    client.force_login(player_of(started_game, role))
    text = ruleset.format_orders(prompt["default_orders"])
    response = client.post(f"/games/{started_game.pk}/", {"step": step.number, "text": text or " "})
    assert response.status_code == 302
    stored = OrderSet.objects.get()
    assert stored.source == "web"
    page = client.get(f"/games/{started_game.pk}/").content.decode()
    assert stored.canonical_hash in page


@pytest.mark.django_db
def test_invalid_text_shows_the_errors_and_stores_nothing(client, started_game):
    step, role, _ = prompted(started_game)
    client.force_login(player_of(started_game, role))
    response = client.post(f"/games/{started_game.pk}/", {"step": step.number, "text": "%%% nonsense %%%"})
    assert response.status_code == 400
    assert 'class="problem" role="alert"' in response.content.decode()  # next to its line
    assert not OrderSet.objects.exists()


@pytest.mark.django_db
def test_the_other_seat_sees_no_prompt(client, started_game):
    step, role, _ = prompted(started_game)
    client.force_login(player_of(started_game, other_role(started_game, role)))
    client.cookies["django_language"] = "en"  # the switcher's choice wins over the profile's language
    page = client.get(f"/games/{started_game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Nothing is asked of you right now." in page
