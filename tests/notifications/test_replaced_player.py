"""Issue 14, item 3: a replaced player keeps nothing of the seat. A turn-email link, a
session that link opened, and a reply-to address name the player as well as the seat,
and die when the seat changes hands (the organiser's replacement, games.overrides)."""

import pytest

from games import links
from games.models import OrderSet, Step
from notifications.models import InboundMessage
from tests.games.play import player_of, prompted, wait_until
from tests.notifications.mail import send_mail


def _replace(game, role, substitute):
    from games.overrides import seat_reassign

    return seat_reassign(game=game, role=role, player=substitute)


@pytest.mark.django_db
def test_the_old_players_link_and_its_session_die_with_the_replacement(client, started_game, make_player):
    step, role, prompt = prompted(started_game)
    seat = started_game.seats.get(role=role)
    url = links.link_url(seat=seat, step=step).removeprefix("http://testserver")
    token = url.rstrip("/").rsplit("/", 1)[-1]
    page = client.get(url, follow=True).content.decode()  # the old player opens it: a session grant
    assert f'id="orders-{step.number}"' in page
    _replace(started_game, role, make_player("substitute"))
    with pytest.raises(links.LinkRefused) as refused:
        links.read_token(token, purpose=links.OPEN, game_id=started_game.pk)
    assert refused.value.code == "link.reassigned" and refused.value.message["fr"]
    # The session the link opened acts no more: no order form, and a post stores nothing.
    response = client.get(f"/games/{started_game.pk}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.post(f"/games/{started_game.pk}/", {"step": step.number, "text": "pass"})
    assert not OrderSet.objects.filter(step=step).exists()
    # A fresh link, made for the substitute, works.
    fresh = links.link_url(seat=started_game.seats.get(role=role), step=step).removeprefix("http://testserver")
    assert f'id="orders-{step.number}"' in client.get(fresh, follow=True).content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_old_players_reply_address_dies_with_the_replacement(
    smtp_sink, inbound_server, no_delivery, started_game, make_player
):
    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    old = player_of(started_game, role)
    token = links.reply_token(seat=started_game.seats.get(role=role), step=step)
    _replace(started_game, role, make_player("substitute"))
    before = InboundMessage.objects.count()
    send_mail(inbound_server.port, sender=old.email, to=f"play+{token}@play.cursus.test", body="pass\n")
    wait_until(lambda: InboundMessage.objects.count() > before, timeout=30)
    record = InboundMessage.objects.order_by("-id").first()
    assert record.result == InboundMessage.Result.REFUSED
    assert record.detail["error"]["code"] == "link.reassigned"
    assert not OrderSet.objects.filter(step=step).exists()
