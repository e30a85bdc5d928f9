"""A turn email of an Ultimus Romanorum game: the decision by name and the one-click link,
through the contract alone (the same templates as every title); a seat's reply by email,
adjudicated by the worker."""

from __future__ import annotations

import re

import pytest

from games import services
from games.models import Step
from tests.games.play import player_of


@pytest.fixture
def ur_game(two_players, monkeypatch):
    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(40, 72)))
    aurelia, marcus = two_players
    game = services.game_create(ruleset="ultimus-romanorum", scenario="463", options={}, created_by=aurelia,
                                role="ROMAIN", entropy="a")
    services.game_join(game=game, player=marcus, role="BARBARE", entropy="m")
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_the_turn_email_of_a_ur_game_names_the_decision(ur_game, smtp_sink, no_delivery, django_capture_on_commit_callbacks):
    from notifications import services as notify
    from tests.notifications.mail import deliver_all

    step = ur_game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    player = player_of(ur_game, role)
    with django_capture_on_commit_callbacks(execute=True):
        notify.notify_step_opened(game=ur_game, step=step)
    assert "sent" in deliver_all()
    found = smtp_sink.wait_for(lambda m: m["to"] == [player.email], timeout=30)
    message = found[-1]["message"]
    body = message.get_body(preferencelist=("plain",)).get_content()
    assert re.search(r"http://testserver/games/\d+/link/", body)
    prompt = next(p for p in step.prompts if p["role"] == role)
    assert prompt["title"]["en"] in body or prompt["title"]["fr"] in body


def _text(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_ur_seat_answers_its_turn_email_by_reply_and_the_worker_adjudicates_it(
    smtp_sink, inbound_server, celery_app, celery_worker, depends_on_current_app, ur_game
):
    """UR 2: a seat of an Ultimus Romanorum game answers its turn email with a line copied
    from the email (the title's own text notation), quoted history and signature below; the
    inbound server hands it to the worker, which validates it with the UR ruleset, resolves
    the step, opens the next one and confirms by email."""
    import copy
    from email.utils import parseaddr

    from games.models import OrderSet
    from notifications import services as notify
    from notifications.models import InboundMessage
    from rules import get_ruleset
    from tests.games.play import wait_until
    from tests.notifications.mail import deliver_all, send_mail

    game = ur_game
    step = game.steps.get(status=Step.Status.OPEN)
    notify.notify_step_opened(game=game, step=step)
    deliver_all()
    ruleset = get_ruleset("ultimus-romanorum")
    replies = []
    for prompt in step.prompts:  # every seat the step waits for answers by email
        role = prompt["role"]
        player = player_of(game, role)
        found = smtp_sink.wait_for(lambda m, p=player: m["to"] == [p.email], timeout=30)
        assert found, f"no turn email for {role}"
        message = found[-1]["message"]
        body = _text(message)
        lines = [c["text"] for q in prompt.get("choices") or [] for c in q["choices"]]
        parsed = [(line, *ruleset.parse_orders(line + "\n", copy.deepcopy(game.state), role)) for line in lines]
        # the first answer that decides something (in this seeded game: ROMAIN's "play initiative", UR 2.B)
        line, orders, problems = next(p for p in parsed if p[1])
        assert line in body and not problems  # the email shows the line to write, and it is valid
        reply_to = parseaddr(message["Reply-To"])[1]
        send_mail(inbound_server.port, sender=player.email, to=reply_to,
                  body=f"{line}\n\n-- \n{player.username}\n\n> {line}\n> quoted text that would not parse\n")
        replies.append((role, player, orders))

    def resolved():
        return Step.objects.filter(pk=step.pk, status=Step.Status.RESOLVED).exists()

    wait_until(resolved, timeout=90)
    for role, player, orders in replies:
        order_set = OrderSet.objects.get(step=step, seat__role=role)
        assert order_set.source == "email"
        assert order_set.orders == orders  # what the UR notation made of the reply
        confirmation = smtp_sink.wait_for(lambda m, h=order_set.canonical_hash: h in _text(m["message"]), timeout=30)
        assert confirmation and confirmation[0]["to"] == [player.email]
    assert set(InboundMessage.objects.values_list("result", flat=True)) == {"accepted"}
    game.refresh_from_db()
    following = game.steps.get(number=step.number + 1)  # the worker opened the next step
    assert following.status == Step.Status.OPEN and game.state["ruleset"] == "ultimus-romanorum"
    for role, _player, orders in replies:  # what the counters played did (UR 2.B: the initiative)
        if any(p.get("stratagem") == "initiative" for p in orders.get("play") or []):
            assert game.state["initiative"] == role
