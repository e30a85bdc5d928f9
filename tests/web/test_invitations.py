"""Issue 14, item 1: a seat meant for an invitee is taken with that invitation only; open
games take anybody. Item 2 (invitations): bounded per request and per day, and never to an
address that declined."""

import json
import re

import pytest
from django.core import mail

from games.models import Game, Invitation


def _create_for_invitee(en, creator, invitee_email="marcus@example.test"):
    en.force_login(creator)
    from rules.registry import get_ruleset

    options = {f"option_{o['id']}": json.dumps(o["default"]) for o in get_ruleset("semper-victor").options()}
    response = en.post("/games/new/", {"ruleset": "semper-victor", "scenario": "305", "role": "PRIMUS",
                                       "step_hours": "72", "invite": invitee_email, **options})
    assert response.status_code == 302
    game = Game.objects.get()
    link = re.search(r"http://testserver(/games/invitations/\S+/)", mail.outbox[-1].body).group(1)
    return game, link


@pytest.mark.django_db
def test_a_stranger_cannot_take_the_invited_seat_by_the_api(en, make_player, api_for):
    game, _ = _create_for_invitee(en, make_player("aurelia"))
    assert game.invite_only
    stranger = make_player("mallory")
    response = api_for(stranger).post(f"/api/v1/games/{game.pk}/join/", {}, format="json")
    assert response.status_code == 403, response.content
    body = json.loads(response.content)
    assert body["type"].endswith("/problems/not-invited")
    assert body["errors"][0]["message"]["fr"]
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and not game.seats.filter(player=stranger).exists()
    # The invitee (the account with the invited address) may.
    marcus = make_player("marcus")
    assert api_for(marcus).post(f"/api/v1/games/{game.pk}/join/", {}, format="json").status_code == 201
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert Invitation.objects.get(game=game).accepted_by == marcus


@pytest.mark.django_db
def test_a_logged_in_stranger_with_the_link_sees_no_join_button(en, client, make_player):
    game, link = _create_for_invitee(en, make_player("aurelia"))
    client.force_login(make_player("mallory"))
    page = client.get(link, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'action="/games/{game.pk}/join/"' not in page
    assert "only that address" in page
    assert f'action="/games/{game.pk}/join/"' not in client.get(f"/games/{game.pk}/").content.decode()
    assert f"/games/{game.pk}/" not in client.get("/games/").content.decode()  # not among open games
    client.post(f"/games/{game.pk}/join/")
    assert game.seats.count() == 1
    client.force_login(make_player("marcus"))
    assert f'action="/games/{game.pk}/join/"' in client.get(link).content.decode()


@pytest.mark.django_db
def test_an_open_game_still_takes_anybody(api_for, make_player, ruleset):
    from games import services

    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=make_player("aurelia"))
    assert not game.invite_only
    assert api_for(make_player("anyone")).post(f"/api/v1/games/{game.pk}/join/", {}, format="json").status_code == 201


@pytest.mark.django_db
def test_invitations_are_bounded_per_request_and_per_day(make_player, ruleset, settings):
    from games.invitations import InvitationError, invitation_send
    from games import services

    settings.INVITATIONS_PER_REQUEST, settings.INVITATIONS_PER_DAY = 10, 20
    creator = make_player("aurelia")
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=creator)
    with pytest.raises(InvitationError) as refused:
        invitation_send(game=game, inviter=creator, emails=[f"x{i}@example.test" for i in range(40)], language="en")
    assert refused.value.code == "invitation.too_many_addresses" and not mail.outbox
    for batch in range(2):
        invitation_send(game=game, inviter=creator, emails=[f"b{batch}-{i}@example.test" for i in range(10)], language="en")
    assert len(mail.outbox) == 20
    other = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=creator)
    with pytest.raises(InvitationError) as refused:
        invitation_send(game=other, inviter=creator, emails=["late@example.test"], language="en")
    assert refused.value.code == "invitation.daily_limit" and len(mail.outbox) == 20
    with pytest.raises(InvitationError) as refused:  # the same address twice to one game: once
        invitation_send(game=game, inviter=creator, emails=["b0-1@example.test"], language="en")
    assert refused.value.code == "invitation.nobody_to_invite"


@pytest.mark.django_db
def test_a_declined_address_is_not_invited_again(en, client, make_player, ruleset):
    from games.invitations import InvitationError, invitation_send
    from games import services

    game, link = _create_for_invitee(en, make_player("aurelia"), "shy@example.test")
    client.post(link, {"decline": "1"})
    assert Invitation.objects.get(game=game).declined_at is not None
    other_creator = make_player("livia")
    other = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=other_creator)
    sent_before = len(mail.outbox)
    with pytest.raises(InvitationError) as refused:
        invitation_send(game=other, inviter=other_creator, emails=["shy@example.test"], language="en")
    assert refused.value.code == "invitation.nobody_to_invite" and len(mail.outbox) == sent_before
