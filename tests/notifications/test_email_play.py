"""Email play end to end, with a real SMTP sink (aiosmtpd) for outgoing mail and the
inbound SMTP server of ``manage.py mailserver``: the turn email's one-click link, reply
by email (valid, invalid, refused tokens), confirmation by email."""

import re
from email.utils import parseaddr

import pytest

from games import links
from games.models import LinkUse, OrderSet, Step
from notifications.models import InboundMessage, Outbox
from tests.games.play import player_of, wait_until
from tests.notifications.mail import deliver_all, send_mail


def _text(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def _turn_mail(sink, player, step_number):
    found = sink.wait_for(
        lambda m: m["to"] == [player.email] and re.search(rf"(step|étape) {step_number}\b", str(m["message"]["Subject"])),
        timeout=30,
    )
    assert found, f"no turn email for {player} step {step_number}"
    return found[-1]["message"]


@pytest.mark.django_db
def test_the_turn_email_link_opens_the_order_page_without_a_login(
    started_game, smtp_sink, no_delivery, announced_inline, client, django_capture_on_commit_callbacks
):
    from notifications import services as notify

    step = started_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(started_game, role)
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=started_game, step=step)
    assert deliver_all() == ["sent"]
    message = _turn_mail(smtp_sink, player, step.number)
    # RFC 8058 one-click unsubscribe and the signed reply address.
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["List-Unsubscribe"].strip().startswith("<http://testserver/notifications/unsubscribe/")
    assert parseaddr(message["Reply-To"])[1].startswith("play+")
    link = re.search(r"http://testserver(/games/\d+/link/\S+/)", _text(message)).group(1)

    # Without the link, the game page wants a login.
    assert client.get(f"/games/{started_game.pk}/").status_code == 302
    response = client.get(link)
    assert response.status_code == 302 and response["Location"] == f"/games/{started_game.pk}/"
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert f"<strong>{role}</strong>".encode() in page.content
    with django_capture_on_commit_callbacks(execute=True):
        posted = client.post(f"/games/{started_game.pk}/", {"step": step.number, "text": "pass"}, follow=True)
    assert posted.status_code == 200
    order_set = OrderSet.objects.get(step=step, seat__role=role)
    assert order_set.source == "web"
    assert order_set.canonical_hash.encode() in posted.content
    # The receipt is emailed too.
    assert Outbox.objects.filter(kind="receipt", recipient=player).count() == 1
    deliver_all()
    receipts = smtp_sink.wait_for(lambda m: order_set.canonical_hash in _text(m["message"]), timeout=10)
    assert receipts and receipts[0]["to"] == [player.email]


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_reply_with_valid_orders_is_adjudicated_and_confirmed_by_email(
    smtp_sink, inbound_server, celery_app, celery_worker, depends_on_current_app, started_game, ruleset
):
    game = started_game
    step = game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(game, role)
    message = _turn_mail(smtp_sink, player, step.number)
    reply_to = parseaddr(message["Reply-To"])[1]
    prompt = next(p for p in step.prompts if p["role"] == role)
    orders_text = ruleset.format_orders(prompt["default_orders"]).strip() or "pass"
    assert orders_text in _text(message)  # the email shows how to write them
    body = (
        f"{orders_text}\n\n-- \n{player.username}, from my phone\n\n"
        f"On Sun, 22 Nov 2026, Cursus <cursus@localhost> wrote:\n> {orders_text}\n> garbage that would not parse\n"
    )
    send_mail(inbound_server.port, sender=player.email, to=reply_to, body=body)

    def resolved():
        return Step.objects.filter(pk=step.pk, status=Step.Status.RESOLVED).exists()

    wait_until(resolved, timeout=60)
    order_set = OrderSet.objects.get(step=step, seat__role=role)
    assert order_set.source == "email"
    confirmation = smtp_sink.wait_for(lambda m: order_set.canonical_hash in _text(m["message"]), timeout=30)
    assert confirmation and confirmation[0]["to"] == [player.email]
    confirmed = confirmation[0]["message"]
    assert confirmed["In-Reply-To"] and confirmed["Auto-Submitted"] == "auto-replied"
    assert InboundMessage.objects.get().result == "accepted"
    # The next step was opened by the worker and its player told by email.
    following = game.steps.get(number=step.number + 1)
    _turn_mail(smtp_sink, player_of(game, following.roles[0]), following.number)


@pytest.mark.django_db(transaction=True)
def test_a_reply_with_bad_orders_gets_line_numbered_errors_and_changes_nothing(
    smtp_sink, inbound_server, no_delivery, started_game
):
    game = started_game
    step = game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(game, role)
    seat = game.seats.get(role=role)
    address = links.reply_address(seat=seat, step=step)
    state_version = game.state_version
    send_mail(
        inbound_server.port,
        sender=player.email,
        to=address,
        body="pass\nmarch zzz to rome\n\n> quoted text is ignored\n",
    )
    wait_until(lambda: InboundMessage.objects.exists(), timeout=30)
    assert InboundMessage.objects.get().result == "invalid"
    deliver_all()
    replies = smtp_sink.wait_for(lambda m: m["to"] == [player.email], timeout=30)
    text = _text(replies[-1]["message"])
    french = player.username == "marcus"
    assert ("ligne 2" if french else "line 2") in text
    assert "march zzz to rome" in text and "text.unknown_command" in text
    assert "line 1" not in text and "ligne 1" not in text
    # Nothing changed: no order set, the token not spent, the game untouched.
    assert not OrderSet.objects.exists()
    assert not LinkUse.objects.exists()
    game.refresh_from_db()
    assert game.state_version == state_version
    # The same address still takes corrected orders.
    send_mail(inbound_server.port, sender=player.email, to=address, body="pass\n")
    wait_until(lambda: InboundMessage.objects.filter(result="accepted").exists(), timeout=30)
    assert OrderSet.objects.filter(step=step, seat=seat, source="email").exists()


@pytest.mark.django_db(transaction=True)
def test_tampered_expired_replayed_and_other_game_reply_tokens_are_refused(
    smtp_sink, inbound_server, no_delivery, started_game, two_players, ruleset
):
    from games import services

    game = started_game
    step = game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(game, role)
    seat = game.seats.get(role=role)
    domain = "play.cursus.test"
    token = links.reply_token(seat=seat, step=step)

    def send(local: str, body: str = "pass\n") -> dict:
        before = InboundMessage.objects.count()
        send_mail(inbound_server.port, sender=player.email, to=f"play+{local}@{domain}", body=body)
        wait_until(lambda: InboundMessage.objects.count() > before, timeout=30)
        return InboundMessage.objects.order_by("-id").first()

    # Tampered: one character of the signature changed.
    tampered = token[:-1] + ("a" if token[-1] != "a" else "b")
    assert send(tampered).detail["error"]["code"] == "link.tampered"
    # Another game's id put in a valid token: the signature no longer matches.
    parts = token.split("-")
    other_game = "-".join([str(game.pk + 1000)] + parts[1:])
    assert send(other_game).detail["error"]["code"] == "link.tampered"
    assert not OrderSet.objects.exists()
    # Valid once...
    assert send(token).result == "accepted"
    # ...replayed (the same token, another message): refused.
    assert send(token).detail["error"]["code"] == "link.used"
    # Expired: a fresh token for the step, after the step closed.
    fresh = links.reply_token(seat=seat, step=step)
    services.step_adjudicate(game_id=game.pk, step_number=step.number)
    assert Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED
    assert send(fresh).detail["error"]["code"] == "link.expired"
    assert OrderSet.objects.count() == 1
    # The known sender is told why, in their language; unknown senders are not answered.
    deliver_all()
    refusals = smtp_sink.wait_for(lambda m: m["to"] == [player.email] and "link." in _text(m["message"]), timeout=30)
    assert len(refusals) == 4
    before = Outbox.objects.count()
    send_mail(inbound_server.port, sender="stranger@elsewhere.test", to=f"play+{tampered}@{domain}", body="pass")
    wait_until(lambda: InboundMessage.objects.filter(sender="stranger@elsewhere.test").exists(), timeout=30)
    assert Outbox.objects.count() == before
    # Mail for another domain is refused at RCPT.
    import smtplib

    with pytest.raises(smtplib.SMTPRecipientsRefused):
        send_mail(inbound_server.port, sender=player.email, to="someone@elsewhere.test", body="pass")


@pytest.mark.django_db(transaction=True)
def test_the_same_message_is_processed_once(inbound_server, no_delivery, started_game):
    step = started_game.steps.get(status=Step.Status.OPEN)
    seat = started_game.seats.get(role=step.roles[0])
    address = links.reply_address(seat=seat, step=step)
    for _ in range(2):
        send_mail(inbound_server.port, sender=seat.player.email, to=address, body="pass\n", message_id="<same@example.test>")
    wait_until(lambda: InboundMessage.objects.exists(), timeout=30)
    import time

    time.sleep(0.5)
    assert InboundMessage.objects.count() == 1 and OrderSet.objects.count() == 1
    assert LinkUse.objects.count() == 1


@pytest.mark.django_db
def test_tampered_expired_replayed_and_other_game_links_are_refused(
    started_game, two_players, ruleset, no_delivery, client, monkeypatch
):
    from games import services

    game = started_game
    step = game.steps.get(status=Step.Status.OPEN)
    seat = game.seats.get(role=step.roles[0])
    other = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=two_players[0], role="PRIMUS")
    url = links.link_url(seat=seat, step=step).removeprefix("http://testserver")
    token = url.rstrip("/").rsplit("/", 1)[1]

    tampered = url.replace(token, token[:-2] + ("AA" if not token.endswith("AA") else "BB"))
    response = client.get(tampered)
    assert response.status_code == 403 and b"link.tampered" in response.content
    assert client.get(f"/games/{game.pk}/").status_code == 302  # no seat granted

    response = client.get(f"/games/{other.pk}/link/{token}/")
    assert response.status_code == 403 and b"link.other_game" in response.content

    assert client.get(url).status_code == 302
    assert client.get(f"/games/{game.pk}/").status_code == 200
    # The grant is for this game only.
    assert client.get(f"/games/{other.pk}/").status_code == 302

    # An acting link (ask for a pause): GET shows a confirmation and changes nothing;
    # POST acts once; a replay is refused.
    pause = links.link_url(seat=seat, step=step, purpose=links.PAUSE).removeprefix("http://testserver")
    assert client.get(pause).status_code == 200
    assert not game.seats.filter(pause_requested_at__isnull=False).exists()
    assert client.post(pause).status_code == 200
    assert game.seats.filter(pk=seat.pk, pause_requested_at__isnull=False).exists()
    response = client.post(pause)
    assert response.status_code == 403 and b"link.used" in response.content
    # An open link cannot be used as an acting one.
    response = client.post(url.replace("/link/", "/pause/"))
    assert response.status_code == 403 and b"link.tampered" in response.content

    # Expired: once the step closes, the link and the session's grant stop working.
    services.pause_resume(game=game, player=seat.player)
    from games.models import Step as StepModel

    prompt = step.prompts[0]
    services.order_submit(game=game, player=seat.player, step=step.number, orders=prompt["default_orders"])
    assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    assert StepModel.objects.get(pk=step.pk).status == "resolved"
    response = client.get(url)
    assert response.status_code == 410 and b"link.expired" in response.content
    assert client.get(f"/games/{game.pk}/").status_code == 302


@pytest.mark.django_db
def test_the_turn_email_offers_every_choice_with_its_notation_line(
    started_game, smtp_sink, no_delivery, announced_inline, django_capture_on_commit_callbacks
):
    """A player who has never seen the notation answers from the email alone: the decision
    in words, each legal answer with the line to write, the state by name (no raw value),
    and a link to the notation page; a line copied from it is a valid answer."""
    import copy

    from notifications import services as notify
    from rules import get_ruleset

    step = started_game.steps.get(status=Step.Status.OPEN)
    prompt = step.prompts[0]
    player = player_of(started_game, prompt["role"])
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=started_game, step=step)
    deliver_all()
    text = _text(_turn_mail(smtp_sink, player, step.number))
    lang = player.profile.language or "en"
    assert prompt["context"]["summary"][lang] in text
    assert "None" not in text and ("Phase: " if lang == "en" else "Phase\u00a0: ") in text
    assert f"/rules/{started_game.ruleset}/notation/" in text
    lines = []
    for question in prompt["choices"]:
        assert question["label"][lang] in text
        for choice in question["choices"]:
            assert choice["label"][lang] in text and f"      {choice['text']}" in text
            lines.append(choice["text"])
    rs = get_ruleset(started_game.ruleset)
    orders, problems = rs.parse_orders(lines[0] + "\n", copy.deepcopy(started_game.state), prompt["role"])
    assert not problems, problems
