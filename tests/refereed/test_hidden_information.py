"""Hidden information in a refereed game (issue 22): walking every GET endpoint and page
of the URLconf as each seat, the master and an observer, and reading every email written,
no seat sees another seat's sealed orders, private results, attachments or the master's
unrevealed rolls; the master does not read the open step's orders before it closes
(without the option); nobody sees the seed or a sealed roll's value before the end."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games import attachments, services
from games.models import Game, OrderSet
from notifications.models import Outbox
from tests.audit.walk import body_json, dicts_where, every_path
from tests.games.play import open_step

SECRETS = {
    # marker: the roles that may read it
    "CAESAR-ORDERS-T1": {"cesarien", "master"},
    "POMPEY-ORDERS-T1": {"republicain", "master"},
    "PRIVATE-FOR-CAESAR": {"cesarien", "master"},
    "PRIVATE-FOR-POMPEY": {"republicain", "master"},
    "HIDDEN-ROLL-REASON": {"master"},
    "CAESAR-SEALED-T2": {"cesarien"},  # the open step: not even the master yet
    "caesar-t2.vlog": {"cesarien"},
}


def sealed_values(value) -> list:
    """Dice rolls of a sealed purpose whose value is shown."""
    return dicts_where(value, lambda d: str(d.get("purpose", "")).startswith(("sealed:", "pick:"))
                       and d.get("value") is not None and "sides" in d)


def play(game, players, captured):
    def submit(role, text):
        with captured(execute=True):
            return services.order_submit(game=game, player=players[role], step=open_step(game).number, text=text,
                                         source=OrderSet.Source.WEB)

    def adjudicate():
        with captured(execute=True):
            assert services.step_adjudicate(game_id=game.pk, step_number=open_step(game).number) == "resolved"
        game.refresh_from_db()

    submit("cesarien", "Caesar marches. CAESAR-ORDERS-T1")
    submit("republicain", "Pompeius flees. POMPEY-ORDERS-T1")
    adjudicate()
    submit("master", "roll table alea-iacta-est/events: events\nroll private 1d6: HIDDEN-ROLL-REASON")
    adjudicate()
    submit("master", "public: The year 49 ends.\nprivate cesarien: PRIVATE-FOR-CAESAR\n"
                     "private republicain: PRIVATE-FOR-POMPEY\npublish")
    adjudicate()
    attachments.store(game=game, player=players["cesarien"], name="caesar-t2.vlog", content_type="text/plain",
                      data=b"a log")
    receipt = submit("cesarien", "CAESAR-SEALED-T2").receipt
    return receipt


@pytest.mark.django_db
def test_no_endpoint_page_or_email_shows_a_seat_what_it_may_not_see(aie_game, players, make_player, client, api_for,
                                                                   django_capture_on_commit_callbacks, announced_inline):
    game = aie_game
    sealed_receipt = play(game, players, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.state["turn"] == 2
    token = OrderSet.objects.get(step=open_step(game), seat__role="cesarien").orders["attachments"][0]["id"]
    secrets = dict(SECRETS, **{token: {"cesarien"}, sealed_receipt: {"cesarien"}, "caesar-t2.vlog": {"cesarien"}})
    Game.objects.filter(pk=game.pk).update(public=True)
    viewers = dict(players)
    viewers[None] = make_player("spectator")
    resolved = list(game.steps.filter(status="resolved").values_list("number", flat=True))
    paths, _unfilled = every_path(game_id=game.pk, step_numbers=resolved + [resolved[-1] + 1])
    paths.append(f"/games/{game.pk}/attachments/{token}/")
    paths.append(f"/api/v1/games/{game.pk}/orders/attachments/{token}/")  # the API serves the file to the same readers
    leaks, walked, seen = [], 0, {}
    for role, user in viewers.items():
        web = client.__class__(raise_request_exception=False)
        web.force_login(user)
        api = api_for(user)
        api.raise_request_exception = False
        for path in paths:
            agent = api if path.startswith("/api/") else web
            response = agent.get(path)
            walked += 1
            if response.status_code >= 500 and not (path == "/api/v1/health/" and response.status_code == 503):
                leaks.append(f"{path} as {role}: server error {response.status_code}")
                continue
            # A problem document names the path asked for (its instance): what the client
            # sent is no leak, so it is taken out before looking for secrets.
            text = response.content.decode(errors="replace").replace(path, "")
            where = f"{path} as {role or 'observer'} ({response.status_code})"
            if game.dice_seed in text:
                leaks.append(f"{where}: the seed")
            for marker, allowed in secrets.items():
                if marker in text:
                    seen.setdefault(marker, set()).add(role)
                    if role not in allowed:
                        leaks.append(f"{where}: {marker}")
            data = body_json(response)
            if data is not None and sealed_values(data):
                leaks.append(f"{where}: a sealed roll's value")
    assert walked > 40
    assert not leaks, "\n".join(sorted(set(leaks)))
    # The walk did reach what each may see (the test can fail).
    for marker in ("CAESAR-ORDERS-T1", "PRIVATE-FOR-POMPEY", "HIDDEN-ROLL-REASON", "CAESAR-SEALED-T2", "caesar-t2.vlog"):
        assert seen.get(marker), marker
    assert "master" in seen["CAESAR-ORDERS-T1"] and "cesarien" in seen["CAESAR-ORDERS-T1"]

    # Every email written so far, by its recipient's seat.
    role_of = {seat.player_id: seat.role for seat in game.seats.all()}
    mails = list(Outbox.objects.filter(channel=Outbox.Channel.EMAIL))
    assert {m.kind for m in mails} >= {"turn", "receipt"} and len(mails) >= 6
    for mail in mails:
        role = role_of.get(mail.recipient_id)
        body = "\n".join((mail.subject, mail.text_body, mail.html_body, json.dumps(mail.payload or {})))
        assert game.dice_seed not in body
        for marker, allowed in secrets.items():
            assert not (marker in body and role not in allowed), f"{mail.kind} to {role}: {marker}"
    master_mail = "\n".join(m.text_body for m in mails if role_of.get(m.recipient_id) == "master")
    assert "CAESAR-ORDERS-T1" in master_mail and "POMPEY-ORDERS-T1" in master_mail  # he reads them by email
    pompey_mail = "\n".join(m.text_body for m in mails if role_of.get(m.recipient_id) == "republicain")
    assert "PRIVATE-FOR-POMPEY" in pompey_mail and re.search(r"49", pompey_mail)


@pytest.mark.django_db
def test_french_pages_of_a_refereed_game_set_a_space_before_colons(aie_game, players, django_capture_on_commit_callbacks,
                                                                  dispatched, client):
    from tests.web.test_french_typography import TIGHT, _visible_text

    play(aie_game, players, django_capture_on_commit_callbacks)
    pompey = players["republicain"]  # a French player
    client.force_login(pompey)
    for path in (f"/games/{aie_game.pk}/", f"/games/{aie_game.pk}/text/"):
        page = client.get(path, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        tight = [line.strip() for line in _visible_text(page).splitlines() if TIGHT.search(line)]
        assert not tight, (path, tight[:5])
    client.force_login(players["master"])
    from notifications.services import profile_set_language

    profile_set_language(user=players["master"], language="fr")
    page = client.get(f"/games/{aie_game.pk}/desk/").content.decode()
    assert "Bureau du maître du jeu" in page
    tight = [line.strip() for line in _visible_text(page).splitlines() if TIGHT.search(line)]
    assert not tight, tight[:5]
