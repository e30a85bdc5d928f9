"""Issue 14, item 10: bidirectional control characters (U+202A-U+202E, U+2066-U+2069,
the direction marks) cannot disguise a name or an order. Order text and a tournament's
name holding one are refused at the input boundary, with the line or field; whatever
user text holds one anyway (stored before, or come another way) leaves every page,
feed, email and webhook without it. games/bidi.py, docs/security.md."""

import json

import pytest

from games import bidi, links
from games.models import OrderSet, Step
from notifications import services as notify
from notifications.models import InboundMessage, Outbox
from tests.games.play import player_of, prompted, wait_until
from tests.notifications.conftest import inbound_server, no_delivery  # noqa: F401 (fixtures)
from tests.notifications.mail import deliver_all, send_mail

RLO, PDF, RLI, PDI, RLM = "\u202e", "\u202c", "\u2067", "\u2069", "\u200f"


def test_every_control_is_named_removed_and_found_by_line():
    spoof = f"pass{RLO}{RLI}x{PDI}{PDF}{RLM}\u202a\u202b\u202d\u2066\u2068\u200e\u061c"
    assert bidi.neutralise(spoof) == "passx" and not bidi.has_bidi(bidi.neutralise(spoof))
    assert bidi.neutralise_bytes(f"é{spoof}ü".encode()) == "épassxü".encode()
    assert bidi.neutralise("Αθήνα, عربي, Paris") == "Αθήνα, عربي, Paris"  # letters are untouched
    [error] = bidi.text_errors(f"pass\nmarch 3 to {RLO}emor")
    assert error["code"] == "text.bidi_control" and error["path"] == "line:2"
    assert "U+202E (RLO)" in error["message"]["en"] and "ligne 2" in error["message"]["fr"]


@pytest.mark.django_db
def test_order_text_with_a_direction_override_is_refused_through_the_api_and_the_page(api_for, client, started_game):
    step, role, _ = prompted(started_game)
    player = player_of(started_game, role)
    response = api_for(player).post(f"/api/v1/games/{started_game.pk}/orders/",
                                    {"step": step.number, "text": f"{RLO}ssap"}, format="json")
    assert response.status_code == 422
    [error] = json.loads(response.content)["errors"]
    assert (error["code"], error["path"]) == ("text.bidi_control", "line:1") and error["message"]["fr"]
    # The page's check says it next to the line, and a post stores nothing.
    client.force_login(player)
    check = client.post(f"/games/{started_game.pk}/orders/check/", {"text": f"pass{RLO}", "step": step.number})
    assert check.status_code == 200 and "U+202E (RLO)" in check.content.decode()
    client.post(f"/games/{started_game.pk}/", {"step": step.number, "text": f"pass{RLO}"})
    assert not OrderSet.objects.filter(step=step).exists()


@pytest.mark.django_db(transaction=True)
def test_order_text_by_email_is_refused_and_the_reply_quotes_it_without_the_control(
    smtp_sink, inbound_server, no_delivery, started_game
):
    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(started_game, role)
    address = links.reply_address(seat=started_game.seats.get(role=role), step=step)
    send_mail(inbound_server.port, sender=player.email, to=address, body=f"pass {RLO}emor ot\n")
    wait_until(lambda: InboundMessage.objects.exists(), timeout=30)
    assert InboundMessage.objects.get().result == "invalid"
    deliver_all()
    replies = smtp_sink.wait_for(lambda m: m["to"] == [player.email] and m["message"]["In-Reply-To"], timeout=30)
    text = replies[-1]["message"].get_body(preferencelist=("plain",)).get_content()
    assert "text.bidi_control" in text and "pass emor ot" in text and RLO not in text
    assert not OrderSet.objects.exists()


@pytest.mark.django_db
def test_a_name_with_a_control_reads_in_its_true_order_in_the_email_and_on_the_page(
    started_game, client, no_delivery, smtp_sink, django_capture_on_commit_callbacks
):
    """A name that holds an override (stored before the sign-up's check, or from another
    way in) is shown without it: in the turn email to its owner and on the other
    player's game page."""
    step, role, _ = prompted(started_game)
    player = player_of(started_game, role)
    player.username = f"gaius{RLO}sulucrah"
    player.save(update_fields=["username"])
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=started_game, step=step)
    deliver_all()
    [mail] = smtp_sink.wait_for(lambda m: m["to"] == [player.email], timeout=10)
    body = mail["message"].get_body(preferencelist=("plain",)).get_content()
    html = mail["message"].get_body(preferencelist=("html",)).get_content()
    assert "gaiussulucrah" in body and "gaiussulucrah" in html
    assert not any(bidi.has_bidi(part) for part in (body, html, str(mail["message"]["Subject"])))
    assert all(not bidi.has_bidi(row.text_body + row.html_body + row.subject) for row in Outbox.objects.all())
    # The other player's game page lists the seats by name.
    other = started_game.seats.exclude(role=role).get().player
    client.force_login(other)
    page = client.get(f"/games/{started_game.pk}/").content.decode()
    assert "gaiussulucrah" in page and not bidi.has_bidi(page)
    assert not bidi.has_bidi(client.get(f"/games/{started_game.pk}/text/").content.decode())
    # A webhook's text goes the same way.
    notify.webhook_create(owner=player, kind="json", url="https://hooks.example.test/cursus")
    [row] = notify.outbox_webhooks(dedupe_key="bidi", user=player, game=started_game, step=step, kind="game",
                                   payload={"text": f"{player.username} moved"})
    assert row.payload["text"] == "gaiussulucrah moved" and row.text_body == "gaiussulucrah moved"


@pytest.mark.django_db
def test_a_sign_up_name_with_a_control_is_refused(client):
    response = client.post("/accounts/signup/", {"username": f"gaius{RLO}sulucrah", "email": "g@example.test",
                                                 "password1": "a-long-pass-phrase-1", "password2": "a-long-pass-phrase-1"})
    assert response.status_code == 400 and b"errorlist" in response.content
    from django.contrib.auth import get_user_model

    assert not get_user_model().objects.filter(email="g@example.test").exists()


@pytest.mark.django_db
def test_a_tournament_name_with_a_control_is_refused_and_a_stored_one_is_shown_without_it(api_for, make_player, client):
    organiser = make_player("arbiter")
    bad = api_for(organiser).post("/api/v1/tournaments/", {"name": f"Ludi {RLO}inamoR", "ruleset": "semper-victor",
                                                           "scenario": "305"}, format="json")
    assert bad.status_code == 422
    [error] = bad.json()["errors"]
    assert (error["code"], error["path"]) == ("text.bidi_control", "/name") and set(error["message"]) == {"en", "fr"}
    from tournaments import services as tournament_services
    from tournaments.models import Tournament

    tournament = tournament_services.tournament_create(created_by=organiser, name="Ludi Romani", ruleset="semper-victor",
                                                       scenario="305")
    Tournament.objects.filter(pk=tournament.pk).update(name=f"Ludi {RLO}inamoR")  # stored before the check
    for url in ("/tournaments/", f"/tournaments/{tournament.pk}/"):
        page = client.get(url).content.decode()
        assert "Ludi inamoR" in page and not bidi.has_bidi(page)
