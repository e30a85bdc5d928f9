"""Issue 14, item 2: rate limits everywhere a client can knock, on the real Redis cache
(games/throttles.py, django-axes): log-ins with a lock-out that cannot keep a player out,
API tokens, sign-ups, password resets, invitations, order submissions, inbound mail. Each
test sets the rates it tests (the suite's own are out of reach: config/settings/test.py)."""

from __future__ import annotations

import json
import threading
import time
from datetime import timedelta

import pytest
from django.core import mail

PASSWORD = "pw-aurelia"


def _rates(settings, **rates):
    settings.CURSUS_THROTTLE_RATES = {**settings.CURSUS_THROTTLE_RATES, **rates}


def _login(client, username, password, address):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.mark.django_db
def test_wrong_passwords_lock_the_name_for_that_address_only_and_not_for_good(client, make_player, settings):
    from django.test import Client

    settings.AXES_FAILURE_LIMIT = 5
    settings.AXES_COOLOFF_TIME = timedelta(seconds=2)
    make_player("aurelia")
    attacker = "10.14.2.1"
    answers = [_login(client, "aurelia", "wrong", attacker).status_code for _ in range(30)]
    assert answers[:4] == [200] * 4 and set(answers[5:]) == {429}, answers  # refused, then locked out
    locked = _login(Client(), "aurelia", PASSWORD, attacker)
    assert locked.status_code == 429 and "locked" in locked.content.decode()
    # The player, from her own address, is not locked out by the attacker's failures.
    player = Client()
    response = _login(player, "aurelia", PASSWORD, "10.14.2.99")
    assert response.status_code == 302 and "_auth_user_id" in player.session
    # And the lock-out ends by itself.
    time.sleep(2.2)
    assert _login(Client(), "aurelia", PASSWORD, attacker).status_code == 302


@pytest.mark.django_db
def test_spraying_names_from_one_address_is_throttled(client, make_player, settings):
    _rates(settings, login="10/hour")
    answers = [_login(client, f"name{i}", "wrong", "10.14.2.2").status_code for i in range(12)]
    assert answers[:10] == [200] * 10 and answers[10:] == [429, 429]
    assert "Retry-After" in _login(client, "name0", "wrong", "10.14.2.2")


@pytest.mark.django_db
def test_wrong_api_tokens_are_throttled_per_address(api_for, make_player, settings):
    from rest_framework.test import APIClient

    _rates(settings, token_failure="10/min")
    player = make_player("tokenowner")
    guesser = APIClient()
    guesser.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    answers = [guesser.get("/api/v1/games/", REMOTE_ADDR="10.14.2.3").status_code for _ in range(60)]
    assert answers[:10] == [401] * 10 and set(answers[10:]) == {429}
    response = guesser.get("/api/v1/games/", REMOTE_ADDR="10.14.2.3")
    assert json.loads(response.content)["type"].endswith("/problems/throttled") and int(response["Retry-After"]) >= 1
    # The right token from that address waits too; from another address it works.
    assert api_for(player).get("/api/v1/games/", REMOTE_ADDR="10.14.2.3").status_code == 429
    assert api_for(player).get("/api/v1/games/", REMOTE_ADDR="10.14.2.4").status_code == 200


@pytest.mark.django_db
def test_sign_ups_are_throttled_per_address(client, settings):
    _rates(settings, signup="3/hour")
    answers = []
    for i in range(5):
        answers.append(client.post("/accounts/signup/", {
            "username": f"new{i}", "email": f"new{i}@example.test", "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9"}, REMOTE_ADDR="10.14.2.5").status_code)
    from django.contrib.auth import get_user_model

    assert answers[3:] == [429, 429], answers
    assert get_user_model().objects.filter(username__startswith="new").count() == 3


@pytest.mark.django_db
def test_password_resets_are_throttled_per_address_and_per_email(client, make_player, settings):
    from django.test import Client

    _rates(settings, mail_out="2/hour")
    make_player("victim")
    answers = [client.post("/accounts/password_reset/", {"email": "victim@example.test"}, REMOTE_ADDR="10.14.2.6").status_code
               for _ in range(4)]
    assert answers == [302, 302, 429, 429] and len(mail.outbox) == 2
    # Another address cannot flood the same inbox either.
    assert Client().post("/accounts/password_reset/", {"email": "victim@example.test"}, REMOTE_ADDR="10.14.2.7").status_code == 429
    assert len(mail.outbox) == 2


@pytest.mark.django_db
def test_order_submissions_are_throttled_per_player(api_for, started_game, settings):
    from tests.games.play import player_of, prompted

    _rates(settings, orders="3/min")
    step, role, prompt = prompted(started_game)
    api = api_for(player_of(started_game, role))
    url = f"/api/v1/games/{started_game.pk}/orders/"
    answers = [api.post(url, {"step": step.number, "orders": prompt["default_orders"]}, format="json").status_code
               for _ in range(5)]
    assert answers == [202, 202, 202, 429, 429]


@pytest.mark.django_db
def test_invitation_requests_are_throttled_per_user(client, make_player, ruleset, settings):
    from games import services

    _rates(settings, invitations="2/hour")
    creator = make_player("inviter")
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=creator)
    client.force_login(creator)
    for i in range(4):
        client.post(f"/games/{game.pk}/invite/", {"emails": f"friend{i}@example.test"})
    assert len(mail.outbox) == 2


@pytest.mark.django_db
def test_inbound_mail_is_throttled_per_sender(started_game, settings):
    from email.message import EmailMessage

    from notifications.inbound import process_message
    from notifications.models import InboundMessage

    _rates(settings, inbound="2/hour")
    results = []
    for i in range(4):
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = "flood@example.test", "play+x@play.cursus.test", "hi"
        message["Message-ID"] = f"<flood-{i}@example.test>"
        message.set_content("pass")
        results.append(process_message(message.as_bytes()))
    reasons = [r.detail.get("reason") for r in InboundMessage.objects.order_by("id")]
    assert reasons[2:] == ["throttled", "throttled"] and reasons[:2] == ["no-token", "no-token"]
    assert not mail.outbox  # nothing answered


@pytest.mark.django_db
def test_a_limit_holds_under_32_concurrent_clients(settings):
    """DRF's throttle reads then writes its log: 32 requests at once overrun it. Under the
    per-key Redis lock exactly the rate gets through."""
    from games import throttles

    _rates(settings, orders="20/min")
    allowed, barrier = [], threading.Barrier(32)

    def client():
        barrier.wait()
        allowed.append(throttles.hit("orders", ident="user:concurrency-test") is None)

    threads = [threading.Thread(target=client) for _ in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(allowed) == 20, sum(allowed)


def test_the_limits_script_counts_gates_and_waits_as_drf_does(settings):
    """games/throttles.py keeps DRF's sliding log in Redis, one script for several logs:
    ``count`` records a request that has room, ``peek`` only looks, a full ``gate`` stops
    there (nothing after it counted); the wait is DRF's: the window left on the oldest
    request divided by the requests available."""
    import uuid

    from games import throttles

    tag = uuid.uuid4().hex
    a, b, g = (throttles.log_key("test", f"{name}:{tag}") for name in ("a", "b", "g"))
    now = 1_000_000.0
    assert throttles._run([(a, 2, 60, "count")], now) == [None]
    assert throttles._run([(a, 2, 60, "count")], now + 10) == [None]
    assert throttles._run([(a, 2, 60, "peek")], now + 20) == [pytest.approx(40.0)]  # full: the oldest frees in 40 s
    assert throttles._run([(a, 2, 60, "count")], now + 61) == [None]  # the first has left the window
    assert throttles._run([(a, 2, 60, "count")], now + 62) == [pytest.approx(8.0)]  # refused, not counted
    # A full gate stops the script: b is neither counted nor looked at.
    assert throttles._run([(g, 1, 60, "count")], now) == [None]
    assert throttles._run([(g, 1, 60, "gate"), (b, 5, 60, "count")], now + 1) == [pytest.approx(59.0)]
    assert throttles._run([(b, 5, 60, "peek")], now + 2) == [None]
    # An open gate lets the rest through, each counted while it has room.
    c = throttles.log_key("test", f"c:{tag}")
    assert throttles._run([(b, 1, 60, "gate"), (c, 1, 60, "count"), (c, 1, 60, "count")], now + 3) == \
        [None, None, pytest.approx(60.0)]

def test_wrong_tokens_sent_at_once_are_told_so_at_most_the_rate(settings, monkeypatch, rf):
    """Found by make soak: 32 wrong tokens at once all passed the "blocked?" check before
    any was counted, and 13 were answered 401 against a limit of 10. A wrong token counted
    past the limit is now answered 429 like the ones after it."""
    from rest_framework import exceptions
    from rest_framework.authentication import TokenAuthentication

    from games.api.authentication import ThrottledTokenAuthentication

    _rates(settings, token_failure="10/min")
    barrier = threading.Barrier(32)

    def slow_lookup(self, key):
        barrier.wait()  # every request is past the check before the first is counted
        raise exceptions.AuthenticationFailed("Invalid token.")

    monkeypatch.setattr(TokenAuthentication, "authenticate_credentials", slow_lookup)
    answers = []

    def client(n):
        request = rf.get("/api/v1/games/", HTTP_AUTHORIZATION=f"Token {n:040x}", REMOTE_ADDR="10.9.8.7")
        try:
            ThrottledTokenAuthentication().authenticate(request)
        except exceptions.Throttled:
            answers.append(429)
        except exceptions.AuthenticationFailed:
            answers.append(401)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [401] * 10 + [429] * 22


@pytest.mark.django_db
def test_a_reply_from_another_sender_is_answered_to_the_seats_player_only(started_game):
    """A reply address is a capability; the From header is not trusted: orders sent from
    another address are the seat's (once), and what answers them goes to the seat's
    player's own address, never to the sender (docs/security.md)."""
    from email.message import EmailMessage

    from games import links
    from games.models import OrderSet, Step
    from notifications.inbound import process_message
    from notifications.models import Outbox

    step = started_game.steps.get(status=Step.Status.OPEN)
    seat = started_game.seats.get(role=step.roles[0])
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "forger@elsewhere.test", links.reply_address(seat=seat, step=step), "re"
    message["Message-ID"] = "<forged-1@elsewhere.test>"
    message.set_content("pass")
    before = set(Outbox.objects.values_list("pk", flat=True))
    assert process_message(message.as_bytes())["result"] == "accepted"
    assert OrderSet.objects.filter(step=step, seat=seat).count() == 1
    answers = Outbox.objects.exclude(pk__in=before).filter(channel="email")
    assert answers.exists() and set(answers.values_list("address", flat=True)) == {seat.player.email}
