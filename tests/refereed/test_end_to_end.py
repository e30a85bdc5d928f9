"""Issue 22, done when: from a clean clone, a three-account refereed game of Alea Iacta Est
plays several steps by email and on the web, the master rolling on its tables, and a
player recomputes a roll after the seed is revealed with docs/dice.md's verifier.

Real mail both ways: the outgoing SMTP sink and the inbound SMTP server of ``manage.py
mailserver``; the adjudications a worker would run are run here, in order."""

from __future__ import annotations

import hashlib
import re
from email.utils import parseaddr

import pytest
from django.test import Client

from games import services
from games.models import Game, OrderSet, Step
from rules import dice as rules_dice
from rules.tables import expressions, library
from tests.games.play import wait_until
from tests.notifications.mail import deliver_all, send_mail


def _text(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


@pytest.mark.django_db(transaction=True)
def test_a_refereed_game_of_alea_iacta_est_by_email_and_web(smtp_sink, inbound_server, no_delivery, api_for,
                                                           make_player):
    caesar, pompey, referee = make_player("caesar"), make_player("pompey", language="fr"), make_player("referee")
    created = api_for(referee).post("/api/v1/games/", {"ruleset": "refereed", "scenario": "alea-iacta-est",
                                                       "role": "master"}, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    commitment = created.json()["dice_commitment"]
    assert api_for(caesar).post(f"/api/v1/games/{game_id}/join/", {"role": "cesarien", "entropy": "alea"},
                                format="json").status_code == 201
    assert api_for(pompey).post(f"/api/v1/games/{game_id}/join/", {"role": "republicain"},
                                format="json").status_code == 201
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.ACTIVE
    web = {}
    for user in (caesar, pompey, referee):
        web[user.username] = Client()
        web[user.username].force_login(user)

    def open_step():
        return game.steps.get(status=Step.Status.OPEN)

    def worker():
        """What the worker does after the orders: resolve the complete step, send the mail."""
        step = open_step()
        if step.completed_at is not None or not [r for r in step.roles
                                                 if not OrderSet.objects.filter(step=step, seat__role=r).exists()]:
            assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
        game.refresh_from_db()
        deliver_all()

    def turn_mail(user, number):
        found = smtp_sink.wait_for(lambda m: m["to"] == [user.email] and re.search(
            rf"(step|étape) {number}\b", str(m["message"]["Subject"])), timeout=30)
        assert found, f"no turn email for {user} step {number}"
        return found[-1]["message"]

    def reply(user, text):
        step = open_step()
        message = turn_mail(user, step.number)
        send_mail(inbound_server.port, sender=user.email, to=parseaddr(message["Reply-To"])[1],
                  body=f"{text}\n\nOn Sat, Cursus wrote:\n> quoted\n")
        wait_until(lambda: OrderSet.objects.filter(step=step, seat__player=user).exists(), timeout=30)
        return message

    def web_orders(user, text):
        step = open_step()
        response = web[user.username].post(f"/games/{game.pk}/", {"step": step.number, "text": text})
        assert response.status_code == 302, response.content.decode()[:2000]

    def desk(fields):
        step = open_step()
        response = web["referee"].post(f"/games/{game.pk}/desk/", {"action": "publish", "step": step.number, **fields})
        assert response.status_code == 302, response.content.decode()[:3000]

    deliver_all()
    # -- 49 BC: Caesar by email, Pompeius on the web -------------------------------------
    reply(caesar, "XIII Legio crosses the Rubicon towards Ariminum.")
    web_orders(pompey, "Pompeius quitte Rome pour Brundisium.")
    worker()
    master_mail = _text(turn_mail(referee, open_step().number))
    assert "Rubicon" in master_mail and "Brundisium" in master_mail  # the master reads both by email
    # The master rolls the events by email (the choice offered), and a private die.
    reply(referee, "roll table alea-iacta-est/events: events\nroll private 1d6: what the spies report")
    worker()
    # He fights a battle and publishes from his desk.
    desk({"rolls": "combat alea-iacta-est/combat 12/3/1 vs 6/2/0 modifiers f: Corfinium"})
    worker()
    assert "Corfinium" in web["referee"].get(f"/games/{game.pk}/desk/").content.decode()  # he reads it, then writes
    desk({"public": "Caesar takes Ariminum; Corfinium falls.", "private-republicain": "Your spies saw the XIII.",
          "score-italia": "CÉSARIEN", "reveal": "1", "publish": "1"})
    worker()
    assert game.state["turn"] == 2 and game.state["phase"] == "orders"
    combat = [r for r in game.state["rolls"] if r["kind"] == "combat"][0]["result"]
    assert combat["base_column"] == "2/1" and combat["shift"] == 1 and combat["column"] == "3/1"

    # -- 48 BC: both seats by email; the master by email, a death test on the leaders' table
    caesar_mail = _text(turn_mail(caesar, open_step().number))
    assert "Ariminum" in caesar_mail and "Your spies saw the XIII." not in caesar_mail and "Brundisium" not in caesar_mail
    pompey_mail = _text(turn_mail(pompey, open_step().number))
    assert "Your spies saw the XIII." in pompey_mail and "Rubicon" not in pompey_mail
    reply(caesar, "Caesar marches to Hispania.")
    reply(pompey, "Pompeius passe en Graecia.")
    worker()
    reply(referee, "roll table alea-iacta-est/roman-leaders for Pompeius year -43: death test\n"
                   "public: Caesar in Hispania, Pompeius in Graecia.\nscore graecia = RÉPUBLICAIN\npublish")
    worker()
    assert game.state["turn"] == 3

    # -- 47 BC: the end, published by the master on the web ---------------------------------
    web_orders(caesar, "Caesar sails to Dyrrachium.")
    reply(pompey, "Pompeius attend à Pharsale.")
    worker()
    desk({"public": "Pharsalus: Caesar wins.", "end": "cesarien", "end-note": "Caesar holds Roma and Italia",
          "publish": "1"})
    worker()
    assert game.status == Game.Status.FINISHED

    # -- a player checks the rolls once the seed is revealed ---------------------------------
    api = api_for(pompey)
    body = api.get(f"/api/v1/games/{game_id}/").json()
    assert body["outcome"]["winner"] == "cesarien"
    seed = bytes.fromhex(body["dice_seed_revealed"])
    assert hashlib.sha256(seed).hexdigest() == commitment == body["dice_commitment"]
    events = api.get(f"/api/v1/games/{game_id}/events/?limit=500").json()["results"]
    dice = [e for e in events if e["type"] == "dice" and e["data"]["rolls"]]
    for event in dice:
        assert rules_dice.verify_rolls(seed, body["dice_entropies"], event["data"]["step"], event["data"]["rolls"])
    # The events roll, R1: its two dice in the log, their total, the row of the table.
    faces = [r["value"] for e in dice for r in e["data"]["rolls"] if r["purpose"] == "roll:R1"]
    total = expressions.total_of("1d6+1d10", faces)
    row = library.table("alea-iacta-est/events").row_for_roll(total)[1]
    published = [e for e in events if e["type"] == "roll" and e["data"]["id"] == "R1"][0]["data"]["result"]
    assert published["total"] == total and published["row"]["name"] == row["name"]
    # The private roll, R2, sealed during the game, now shown and checked like the others.
    private = [r for e in dice for r in e["data"]["rolls"] if r["purpose"] == "sealed:roll:R2"]
    assert len(private) == 1 and private[0]["value"] is not None
    # Every email a seat received kept the other seat's orders out.
    for message in smtp_sink.messages:
        text = _text(message["message"])
        if message["to"] == [caesar.email]:
            assert "Brundisium" not in text and "Graecia." not in text.split("Pompeius in Graecia")[0][-20:]
            assert "Your spies saw the XIII." not in text
        if message["to"] == [pompey.email]:
            assert "Rubicon towards" not in text and "Dyrrachium" not in text
