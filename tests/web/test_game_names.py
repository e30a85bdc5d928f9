"""Games have a name (issue 16, items 10 and 14; games/naming.py): chosen at creation by
the web form or the API, or built from the ruleset, the scenario and the seat holders;
editable by the creator until the game starts; shown in every heading, email, My games,
the lobby and the tournament tables instead of "Game 12"."""

from __future__ import annotations

import re

import pytest


def _form_defaults(html: str) -> dict:
    """The values a form posts untouched: each input's value, each select's selected option."""
    form = html.split('method="post" action="/games/new/"')[1].split("</form>")[0]
    data = {m.group(1): m.group(2) for m in re.finditer(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', form)}
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', body) or re.search(r'<option value="([^"]*)"', body)
        data[name] = chosen.group(1).replace("&quot;", '"')
    data.pop("csrfmiddlewaretoken", None)
    return data


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)))


@pytest.mark.django_db
def test_a_game_without_a_chosen_name_is_named_after_its_ruleset_scenario_and_players(make_player):
    from games import services

    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    game = services.game_create(ruleset="semper-victor", scenario="305", options={}, created_by=aurelia, role="PRIMUS")
    assert game.name == "Semper Victor 305 · aurelia" and not game.name_chosen
    services.game_join(game=game, player=marcus, role="SECONDUS")
    game.refresh_from_db()
    assert game.name == "Semper Victor 305 · aurelia, marcus"


@pytest.mark.django_db
def test_the_creator_names_the_game_on_the_web_form_and_renames_it_until_it_starts(client, make_player):
    from games.models import Game

    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    client.cookies["django_language"] = "en"
    client.force_login(aurelia)
    form = _form_defaults(client.get("/games/new/?ruleset=semper-victor").content.decode())
    assert form["name"] == "" if "name" in form else True
    response = client.post("/games/new/", {**form, "name": "  The   Milvian   Bridge ", "scenario": "305", "role": "PRIMUS"})
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get(created_by=aurelia)
    assert game.name == "The Milvian Bridge" and game.name_chosen
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert re.search(r"<h1>The Milvian Bridge\b", page) and "<title>The Milvian Bridge · Cursus</title>" in page
    assert 'action="/games/%d/name/"' % game.pk in page  # the creator may rename it
    client.post(f"/games/{game.pk}/name/", {"name": "Ad Saxa Rubra"})
    game.refresh_from_db()
    assert game.name == "Ad Saxa Rubra"
    client.post(f"/games/{game.pk}/name/", {"name": ""})  # empty: back to the default
    game.refresh_from_db()
    assert (game.name, game.name_chosen) == ("Semper Victor 305 · aurelia", False)

    client.force_login(marcus)  # another player may not
    client.post(f"/games/{game.pk}/name/", {"name": "Mine"})
    game.refresh_from_db()
    assert game.name == "Semper Victor 305 · aurelia"
    client.post(f"/games/{game.pk}/join/", {"role": "SECONDUS"})
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.name == "Semper Victor 305 · aurelia, marcus"
    client.force_login(aurelia)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'action="/games/%d/name/"' % game.pk not in page  # started: no renaming
    response = client.post(f"/games/{game.pk}/name/", {"name": "Too late"}, follow=True)
    game.refresh_from_db()
    assert game.name == "Semper Victor 305 · aurelia, marcus"
    assert "only before it starts" in response.content.decode()


@pytest.mark.django_db
def test_the_api_takes_a_name_at_creation_refuses_a_bad_one_and_renames_before_the_start(make_player, api_for):
    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    api = api_for(aurelia)
    created = api.post("/api/v1/games/", {"ruleset": "semper-victor", "scenario": "305", "name": "Four emperors",
                                          "public": True}, format="json")
    assert created.status_code == 201 and created.json()["name"] == "Four emperors"
    game_id = created.json()["id"]
    too_long = api.post("/api/v1/games/", {"ruleset": "tetrarchia", "scenario": "293", "name": "x" * 101}, format="json")
    assert too_long.status_code == 422 and too_long.json()["errors"][0]["code"] == "name.too_long"
    assert too_long.json()["errors"][0]["path"] == "/name" and too_long.json()["errors"][0]["message"]["fr"]
    bidi = api.post("/api/v1/games/", {"ruleset": "tetrarchia", "scenario": "293", "name": "abc\u202edef"}, format="json")
    assert bidi.status_code == 422 and bidi.json()["errors"][0]["code"] == "text.bidi_control"
    assert api_for(marcus).patch(f"/api/v1/games/{game_id}/", {"name": "Mine"}, format="json").status_code == 403
    assert api_for().patch(f"/api/v1/games/{game_id}/", {"name": "Mine"}, format="json").status_code == 401
    renamed = api.patch(f"/api/v1/games/{game_id}/", {"name": "Diocletian's peace"}, format="json")
    assert renamed.status_code == 200 and renamed.json()["name"] == "Diocletian's peace"
    listed = api.get("/api/v1/games/").json()
    assert [g["name"] for g in listed if g["id"] == game_id] == ["Diocletian's peace"]
    lobby = api_for(marcus).get("/api/v1/lobby/").json()
    assert "Diocletian's peace" in [g["name"] for g in lobby["games"]]
    solo = api.post("/api/v1/games/", {"ruleset": "tetrarchia", "scenario": "293"}, format="json").json()
    assert solo["status"] == "active" and solo["name"] == "Tetrarchia 293 · aurelia"  # a solo game starts at once
    late = api.patch(f"/api/v1/games/{solo['id']}/", {"name": "Too late"}, format="json")
    assert late.status_code == 409 and late.json()["type"].endswith("/problems/not-renamable")


@pytest.mark.django_db
def test_my_games_the_lobby_and_the_emails_call_the_game_by_its_name(client, make_player, django_capture_on_commit_callbacks):
    from games import services
    from notifications import services as notify
    from notifications.models import Outbox

    aurelia, marcus, livia = make_player("aurelia", language="fr"), make_player("marcus", language="fr"), make_player("livia")
    game = services.game_create(ruleset="semper-victor", scenario="305", options={}, created_by=aurelia, role="PRIMUS",
                                name="Ludi Romani")
    other = services.game_create(ruleset="semper-victor", scenario="306", options={}, created_by=livia, role="PRIMUS")
    client.cookies["django_language"] = "en"
    client.force_login(marcus)
    lobby = _text(client.get("/games/lobby/").content.decode())
    assert "Ludi Romani" in lobby and "Semper Victor 306 · livia" in lobby and f"Game {game.pk}" not in lobby
    services.game_join(game=game, player=marcus, role="SECONDUS")
    game.refresh_from_db()
    mine = _text(client.get("/games/").content.decode())
    assert "Ludi Romani" in mine and f"Game {game.pk}" not in mine
    assert "Semper Victor 306 · livia" in mine  # a game to join, by its name
    with django_capture_on_commit_callbacks(execute=False):
        notify.notify_step_opened(game=game, step=game.steps.get(status="open"))
    mails = list(Outbox.objects.filter(kind="turn", game=game))
    assert mails
    for mail in mails:  # in French (both players)
        assert mail.subject.startswith("[Cursus] Ludi Romani, étape ") and f"Partie {game.pk}" not in mail.subject
        assert "« Ludi Romani »" in mail.text_body and "Ludi Romani" in mail.html_body
    assert other.name == "Semper Victor 306 · livia"


@pytest.mark.django_db
def test_tournament_round_tables_and_standings_name_the_games(client, make_player, settings):
    from tournaments import services as tournaments
    from tournaments.models import Pairing

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "game-names"}}
    organiser = make_player("arbiter")
    t = tournaments.tournament_create(created_by=organiser, name="Ludi Romani", ruleset="semper-victor", scenario="305", rounds_planned=1)
    for name in ("aurelia", "marcus"):
        tournaments.entry_register(tournament=t, player=make_player(name))
    tournaments.round_pair_next(tournament=t, by=organiser)
    pairing = Pairing.objects.get(tournament=t, game__isnull=False)
    name = pairing.game.name
    assert name.startswith("Semper Victor 305 · ")
    client.cookies["django_language"] = "en"
    for url in (f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/rounds/1/"):
        page = client.get(url).content.decode()
        table = page.split('<table class="round">')[1].split("</table>")[0]
        assert f'>{name}</a>' in table, (url, table)
        assert f'>{pairing.game.pk}</a>' not in table


@pytest.mark.django_db
def test_a_deleted_account_leaves_the_names_of_its_games(make_player):
    from games import services
    from operations import privacy

    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    game = services.game_create(ruleset="semper-victor", scenario="305", options={}, created_by=aurelia, role="PRIMUS")
    services.game_join(game=game, player=marcus, role="SECONDUS")
    open_game = services.game_create(ruleset="semper-victor", scenario="316", options={}, created_by=aurelia, role="PRIMUS")
    privacy.account_delete(user=aurelia)
    game.refresh_from_db()
    open_game.refresh_from_db()
    assert game.name.startswith("Semper Victor 305 · deleted-") and game.name.endswith(", marcus")
    assert "aurelia" not in open_game.name  # its seat was given up
