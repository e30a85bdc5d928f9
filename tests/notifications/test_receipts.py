"""The receipt of an order set says whether it may still change: by API, on the page,
in the receipt email and in the answer to emailed orders. The last order set a step
awaited closes it; no receipt of it says "you may send new ones" (issue 16, item 3)."""

from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from games import links, services
from games.models import Step
from notifications.models import Outbox
from tests.games.play import player_of, prompted

MAY_CHANGE = "Until the step closes you may send new ones"
FINAL = "They were the last the step awaited"


def _english(player):
    from notifications.services import profile_set_language

    profile_set_language(user=player, language="en")
    return player


def _pause(game):
    for seat in game.seats.all():
        services.pause_request(game=game, player=seat.player)
    game.refresh_from_db()
    assert game.paused_at is not None


@pytest.mark.django_db
def test_the_api_receipt_says_when_the_order_set_closed_the_step(api_for, started_game):
    step, role, prompt = prompted(started_game)
    api = api_for(player_of(started_game, role))
    body = api.post(f"/api/v1/games/{started_game.pk}/orders/", {"step": step.number, "orders": prompt["default_orders"]}, format="json").json()
    assert body["final"] is True  # the only seat the step awaited
    assert api.get(f"/api/v1/games/{started_game.pk}/").json()["receipts"][0]["final"] is True


@pytest.mark.django_db
def test_a_step_still_open_lets_the_receipt_say_it_may_change(api_for, started_game):
    _pause(started_game)  # nothing resolves while paused: the step stays open for changes
    step, role, prompt = prompted(started_game)
    api = api_for(player_of(started_game, role))
    body = api.post(f"/api/v1/games/{started_game.pk}/orders/", {"step": step.number, "orders": prompt["default_orders"]}, format="json").json()
    assert body["final"] is False
    assert api.get(f"/api/v1/games/{started_game.pk}/").json()["receipts"][0]["final"] is False


@pytest.mark.django_db
def test_the_page_does_not_offer_a_change_after_the_last_order_set(client, started_game, django_capture_on_commit_callbacks):
    client.cookies["django_language"] = "en"
    step, role, _ = prompted(started_game)
    client.force_login(player_of(started_game, role))
    with django_capture_on_commit_callbacks(execute=False):
        page = client.post(f"/games/{started_game.pk}/", {"step": step.number, "text": "pass"}, follow=True).content.decode()
    assert "you may change them" not in page
    assert "They were the last the step awaited: it closes and is resolved now." in page


@pytest.mark.django_db
def test_the_page_says_orders_may_change_while_the_step_is_open(client, started_game, django_capture_on_commit_callbacks):
    client.cookies["django_language"] = "en"
    _pause(started_game)
    step, role, _ = prompted(started_game)
    client.force_login(player_of(started_game, role))
    with django_capture_on_commit_callbacks(execute=False):
        page = client.post(f"/games/{started_game.pk}/", {"step": step.number, "text": "pass"}, follow=True).content.decode()
    assert "you may change them until the step closes" in page
    assert "They were the last the step awaited" not in page


@pytest.mark.django_db
def test_the_receipt_email_of_the_last_order_set_says_it_is_final(started_game, announced_inline, django_capture_on_commit_callbacks):
    step, role, prompt = prompted(started_game)
    player = _english(player_of(started_game, role))
    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"])
    mail = Outbox.objects.get(kind="receipt", recipient=player)
    assert FINAL in mail.text_body and MAY_CHANGE not in mail.text_body
    assert FINAL in mail.html_body and MAY_CHANGE not in mail.html_body


@pytest.mark.django_db
def test_the_receipt_email_of_a_step_still_open_says_it_may_change(started_game, announced_inline, django_capture_on_commit_callbacks):
    _pause(started_game)
    step, role, prompt = prompted(started_game)
    player = _english(player_of(started_game, role))
    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"])
    mail = Outbox.objects.get(kind="receipt", recipient=player)
    assert MAY_CHANGE in mail.text_body and FINAL not in mail.text_body


@pytest.mark.django_db
def test_the_answer_to_emailed_orders_that_closed_the_step_offers_no_change(started_game, settings, dispatched, django_capture_on_commit_callbacks):
    from notifications.inbound import process_message

    settings.CURSUS_INBOUND_DOMAIN = "play.cursus.test"
    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    seat = started_game.seats.get(role=role)
    _english(seat.player)
    message = EmailMessage()
    message["From"] = seat.player.email
    message["To"] = links.reply_address(seat=seat, step=step)
    message["Subject"] = "Re: orders"
    message["Message-ID"] = make_msgid(domain="example.test")
    message.set_content("pass\n")
    with django_capture_on_commit_callbacks(execute=True):
        result = process_message(message.as_bytes(), recipients=[message["To"]])
    assert result["result"] == "accepted"
    reply = Outbox.objects.get(kind="reply", recipient=seat.player)
    assert FINAL in reply.text_body and MAY_CHANGE not in reply.text_body
    assert "To change them" not in reply.text_body
