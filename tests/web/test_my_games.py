"""My games (awaiting me first, deadlines), creating a game, inviting by email, joining."""

import re

import pytest
from django.core import mail

from games.models import Game
from tests.games.play import player_of, prompted


@pytest.mark.django_db
def test_my_games_lists_the_awaiting_game_first_with_its_deadline(en, started_game, make_player, ruleset):
    from games import services

    step, role, _ = prompted(started_game)
    player = player_of(started_game, role)
    other = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=player)
    en.force_login(player)
    page = en.get("/games/").content.decode()
    first, second = page.index(f"/games/{started_game.pk}/"), page.index(f"/games/{other.pk}/")
    assert first < second  # the game awaiting my orders comes first
    assert "Your orders are awaited" in page
    assert step.deadline.strftime("%Y-%m-%d %H:%M") in page


@pytest.mark.django_db
def test_create_a_game_with_options_deadline_and_invitations(en, make_player):
    creator = make_player("aurelia")
    en.force_login(creator)
    form = en.get("/games/new/?ruleset=semper-victor").content.decode()
    assert 'name="option_rr_winner"' in form and 'name="scenario"' in form
    response = en.post("/games/new/", {
        "ruleset": "semper-victor", "scenario": "305", "role": "SECONDUS", "step_hours": "48",
        "option_rr_winner": '"defender"', "option_fraction_basis": '"enemy_losses"', "option_river_drm_scope": '"imperial_only"',
        "option_offempire_cap": '"entered_zones"', "option_stratagem_mix": '"reconstructed"', "option_leaderless_side": '"immediate"',
        "option_constantinople_done": '"box_year"', "option_limitanei_deployment": '"scenario"',
        "invite": "marcus@example.test, livia@example.test",
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get()
    assert game.options["rr_winner"] == "defender" and game.step_hours == 48
    assert game.seats.get().role == "SECONDUS"
    assert sorted(m.to[0] for m in mail.outbox) == ["livia@example.test", "marcus@example.test"]
    assert re.search(r"http://testserver/games/invitations/\S+/", mail.outbox[0].body)


@pytest.mark.django_db
def test_a_bad_address_creates_nothing(en, make_player):
    en.force_login(make_player("aurelia"))
    response = en.post("/games/new/", {"ruleset": "semper-victor", "scenario": "305", "step_hours": "72", "invite": "not-an-address"})
    assert response.status_code == 400
    assert "Not an email address: not-an-address" in response.content.decode()
    assert not Game.objects.exists() and not mail.outbox


@pytest.mark.django_db
def test_an_invitation_link_leads_to_sign_up_then_to_the_seat(client, make_player, ruleset):
    from games.invitations import invitation_token
    from games import services

    creator = make_player("aurelia")
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=creator, role="PRIMUS")
    url = f"/games/invitations/{invitation_token(game=game, email='marcus@example.test')}/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "/accounts/signup/?email=marcus%40example.test" in page
    marcus = make_player("marcus")
    client.force_login(marcus)
    page = client.get(url).content.decode()
    assert f'action="/games/{game.pk}/join/"' in page
    client.post(f"/games/{game.pk}/join/")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.seats.get(player=marcus).role == "SECONDUS"
    assert client.get("/games/invitations/forged/").status_code == 400


@pytest.mark.django_db
def test_an_open_game_can_be_joined_from_my_games(en, make_player, ruleset):
    from games import services

    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=make_player("aurelia"))
    joiner = make_player("marcus")
    en.force_login(joiner)
    assert f'action="/games/{game.pk}/join/"' in en.get("/games/").content.decode()
    en.post(f"/games/{game.pk}/join/")
    assert game.seats.filter(player=joiner).exists()


@pytest.mark.django_db
def test_only_a_seated_player_may_invite(en, make_player, ruleset):
    from games import services

    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=make_player("aurelia"))
    en.force_login(make_player("stranger"))
    page = en.post(f"/games/{game.pk}/invite/", {"emails": "x@example.test"}, follow=True).content.decode()
    assert "invitation.not_seated" in page and not mail.outbox
