"""Table talk (issue 21, item 2; docs/together.md): messages to every seat or privately
to some, by page, API and email (a reply to a message email posts a reply), kept at the
step they were sent and shown in the replay there; mutes; press locks; escaped,
size-limited, throttled, and never shown to anyone outside their recipients."""

from __future__ import annotations

import re
from email.utils import parseaddr

import pytest

from games import press, selectors, services
from games.models import TableMessage
from notifications.models import Outbox
from tests.notifications.mail import deliver_all, send_mail

KOR = "kings-of-rome"


def _kor_scenario() -> str:
    return str(services.ruleset_for(KOR).scenarios()[0]["id"])


@pytest.fixture
def three(make_player, dispatched):
    """A Kings of Rome game of three seats, started: (game, {role: player})."""
    players = [make_player("livia"), make_player("tullus", language="fr"), make_player("ancus")]
    game = services.game_create(ruleset=KOR, scenario=_kor_scenario(), options={"players": 3}, created_by=players[0])
    for player in players[1:]:
        services.game_join(game=game, player=player)
    game.refresh_from_db()
    return game, {seat.role: seat.player for seat in game.seats.select_related("player").order_by("position")}


def _roles(game):
    return list(game.seats.order_by("position").values_list("role", flat=True))


@pytest.mark.django_db
def test_a_private_message_reaches_its_recipients_only(three, api_for, make_player, no_delivery,
                                                       django_capture_on_commit_callbacks):
    game, by_role = three
    a, b, c = _roles(game)
    with django_capture_on_commit_callbacks(execute=True):
        posted = api_for(by_role[a]).post(f"/api/v1/games/{game.pk}/messages/",
                                          {"body": "Ally with me <script>alert(1)</script>", "to": [b]}, format="json")
    assert posted.status_code == 201, posted.json()
    assert posted.json()["private"] is True and posted.json()["to"] == [b] and posted.json()["author"] == a
    read = lambda role: api_for(by_role[role]).get(f"/api/v1/games/{game.pk}/messages/").json()["messages"]
    assert [m["body"] for m in read(b)] == ["Ally with me <script>alert(1)</script>"]  # plain text, as written
    assert len(read(a)) == 1 and read(c) == []
    # Spectators and strangers read no table talk at all.
    assert api_for(make_player("onlooker")).get(f"/api/v1/games/{game.pk}/messages/").status_code == 403
    # One email, to the recipient only; its HTML escapes the body.
    mails = list(Outbox.objects.filter(kind="press"))
    assert [m.recipient for m in mails] == [by_role[b]]
    assert "&lt;script&gt;" in mails[0].html_body and "<script>" not in mails[0].html_body
    assert "<script>alert(1)</script>" in mails[0].text_body
    assert mails[0].headers["Reply-To"].startswith("play+m")
    # The page shows it to its recipient, escaped, and never to the third seat.
    from django.test import Client

    for role, shown in ((b, True), (c, False)):
        client = Client()
        client.force_login(by_role[role])
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert ("Ally with me &lt;script&gt;" in page) is shown
        assert "<script>alert(1)</script>" not in page


@pytest.mark.django_db
def test_two_seat_games_keep_private_press_off_unless_enabled(started_game, api_for, ruleset, two_players, dispatched):
    aurelia, marcus = two_players
    refused = api_for(aurelia).post(f"/api/v1/games/{started_game.pk}/messages/", {"body": "hi", "to": ["SECONDUS"]},
                                    format="json")
    # To every other seat: a public message, allowed.
    assert refused.status_code == 201 and refused.json()["private"] is False
    enabled = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=aurelia, press_private=True)
    assert press.private_allowed(game=enabled)
    assert not press.private_allowed(game=started_game)


@pytest.mark.django_db
def test_bad_messages_are_refused_with_code_path_and_both_languages(three, api_for):
    game, by_role = three
    a, b, c = _roles(game)
    post = lambda body: api_for(by_role[a]).post(f"/api/v1/games/{game.pk}/messages/", body, format="json")
    too_long = post({"body": "x" * (press.MAX_LENGTH + 1)})
    assert too_long.status_code == 422 and too_long.json()["errors"][0]["code"] == "press.too_long"
    assert too_long.json()["errors"][0]["path"] == "/body" and too_long.json()["errors"][0]["message"]["fr"]
    assert post({"body": " \u200b\u202e "}).json()["errors"][0]["code"] == "press.empty"
    assert post({"body": "a\u0000b"}).status_code == 400  # refused before the service (DRF)
    unknown = post({"body": "hello", "to": [b, "nobody"]}).json()["errors"][0]
    assert unknown["code"] == "press.unknown_role" and unknown["path"] == "/to/1"
    cleaned = post({"body": "line\u202eone\u0007\r\ntwo"}).json()
    assert cleaned["body"] == "lineone\ntwo"


@pytest.mark.django_db
def test_mutes_hide_and_silence_a_seat(three, api_for, no_delivery, django_capture_on_commit_callbacks):
    game, by_role = three
    a, b, c = _roles(game)
    muted = api_for(by_role[c]).put(f"/api/v1/games/{game.pk}/messages/mutes/{a}/")
    assert muted.status_code == 200 and muted.json()["muted"] == [a]
    with django_capture_on_commit_callbacks(execute=True):
        api_for(by_role[a]).post(f"/api/v1/games/{game.pk}/messages/", {"body": "to all"}, format="json")
    assert sorted(m.recipient.username for m in Outbox.objects.filter(kind="press")) == [by_role[b].username]
    assert api_for(by_role[c]).get(f"/api/v1/games/{game.pk}/messages/").json()["messages"] == []
    api_for(by_role[c]).delete(f"/api/v1/games/{game.pk}/messages/mutes/{a}/")
    assert len(api_for(by_role[c]).get(f"/api/v1/games/{game.pk}/messages/").json()["messages"]) == 1


@pytest.mark.django_db
def test_organisers_lock_the_press(three, api_for):
    game, by_role = three
    a, b, c = _roles(game)
    assert api_for(by_role[b]).put(f"/api/v1/games/{game.pk}/press-lock/").status_code == 403  # not the creator
    assert api_for(by_role[a]).put(f"/api/v1/games/{game.pk}/press-lock/").status_code == 204
    refused = api_for(by_role[b]).post(f"/api/v1/games/{game.pk}/messages/", {"body": "psst"}, format="json")
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "press.locked"
    assert api_for(by_role[a]).delete(f"/api/v1/games/{game.pk}/press-lock/").status_code == 204
    assert api_for(by_role[b]).post(f"/api/v1/games/{game.pk}/messages/", {"body": "psst"}, format="json").status_code == 201


@pytest.mark.django_db
def test_posting_is_throttled(three, api_for, settings):
    game, by_role = three
    settings.CURSUS_THROTTLE_RATES = {"press": "2/min"}
    player = by_role[_roles(game)[1]]
    codes = [api_for(player).post(f"/api/v1/games/{game.pk}/messages/", {"body": f"n{i}"}, format="json").status_code
             for i in range(3)]
    assert codes == [201, 201, 429]


@pytest.mark.django_db
def test_messages_stay_at_their_step_in_the_replay(started_game, two_players, dispatched):
    aurelia, marcus = two_players
    step = started_game.steps.get(status="open").number
    press.message_post(game=started_game, player=aurelia, body="before the first move")
    services.step_adjudicate(game_id=started_game.pk, step_number=step, force=True)
    press.message_post(game=started_game, player=marcus, body="after it")
    replay = selectors.step_replay(game=started_game, number=step, role="SECONDUS")
    assert [m["body"] for m in replay["messages"]] == ["before the first move"]
    assert selectors.step_replay(game=started_game, number=step, role=None)["messages"] == []
    assert TableMessage.objects.get(body="after it").step_number == step + 1


@pytest.mark.django_db(transaction=True)
def test_a_reply_by_email_posts_a_reply_to_the_same_seats(three, smtp_sink, no_delivery, inbound_server):
    """The inbound mail server reads the reply in its own thread: committed rows only."""
    game, by_role = three
    a, b, c = _roles(game)
    press.message_post(game=game, player=by_role[a], body="Shall we share Etruria?", to=[b])
    deliver_all()
    mail = smtp_sink.wait_for(lambda m: m["to"] == [by_role[b].email])[-1]["message"]
    assert "Shall we share Etruria?" in mail.get_body(preferencelist=("plain",)).get_content()
    reply_to = parseaddr(mail["Reply-To"])[1]
    send_mail(inbound_server.port, sender=by_role[b].email, to=reply_to, subject="Re: " + str(mail["Subject"]),
              body="Agreed, from the river north.\n\nOn Monday, Cursus wrote:\n> Shall we share Etruria?")
    from tests.games.play import wait_until

    reply = wait_until(lambda: TableMessage.objects.filter(author_role=b).first(), timeout=30)
    assert reply.body == "Agreed, from the river north." and reply.source == "email"
    assert reply.recipients == [a] and reply.reply_to.body == "Shall we share Etruria?"
    assert press.messages_visible_to(game=game, role=c).count() == 0
    # The reply is told to the first author only.
    assert [m.recipient for m in Outbox.objects.filter(kind="press").order_by("pk")] == [by_role[b], by_role[a]]


@pytest.mark.django_db
def test_folded_press_goes_into_the_turn_email(three, no_delivery, django_capture_on_commit_callbacks):
    from notifications import services as notify

    game, by_role = three
    a, b, c = _roles(game)
    notify.profile_update(user=by_role[b], press_delivery="folded")
    with django_capture_on_commit_callbacks(execute=True):
        press.message_post(game=game, player=by_role[a], body="Meet me at the Tiber.")
    mails = {m.recipient.username: m for m in Outbox.objects.filter(kind="press")}
    assert mails[by_role[b].username].status == "skipped" and mails[by_role[c].username].status == "pending"
    step = game.steps.get(status="open")
    turn = notify.notify(notify.TURN, game=game, step=step)
    folded = [m for m in turn if m.recipient == by_role[b]]
    if folded:  # b is prompted in this step: its turn email carries the message
        assert "Meet me at the Tiber." in folded[0].text_body
    # whatever the step, the digest of a folded reader carries it too
    digest = notify.press_digest_lines(user=by_role[b], since=None)
    assert [line["body"] for line in digest] == ["Meet me at the Tiber."]
    assert notify.press_digest_lines(user=by_role[c], since=None) == []  # c takes them one by one


@pytest.mark.django_db
def test_a_tournament_games_press_is_locked_by_its_organisers_not_its_first_player(make_player, api_for, client):
    from tournaments import services as tournament_services
    from tournaments.models import Pairing
    from tests.tournaments.test_services import make_tournament

    organiser, a, b = make_player("org"), make_player("ta"), make_player("tb")
    tournament = make_tournament(organiser)
    tournament_services.entry_register(tournament=tournament, player=a)
    tournament_services.entry_register(tournament=tournament, player=b)
    tournament_services.round_pair_next(tournament=tournament, by=organiser)
    game = Pairing.objects.get(tournament=tournament).game
    assert game.public  # a tournament's games are anyone's to watch
    assert client.get(f"/games/{game.pk}/").status_code == 200
    assert api_for(game.created_by).put(f"/api/v1/games/{game.pk}/press-lock/").status_code == 403
    assert api_for(organiser).put(f"/api/v1/games/{game.pk}/press-lock/").status_code == 204
    game.refresh_from_db()
    assert game.press_locked_at is not None


@pytest.mark.django_db
def test_an_organiser_locks_a_whole_tournaments_table_talk(make_player, api_for, dispatched,
                                                           django_capture_on_commit_callbacks):
    from games import substitutes
    from tournaments import services as tournament_services
    from tournaments.models import Pairing
    from tests.tournaments.test_services import make_tournament

    organiser, a = make_player("org2"), make_player("ua")
    players = [a] + [make_player(f"u{i}") for i in range(3)]
    tournament = make_tournament(organiser, rounds_planned=2)
    for player in players:
        tournament_services.entry_register(tournament=tournament, player=player)
    tournament_services.round_pair_next(tournament=tournament, by=organiser)
    games = [p.game for p in Pairing.objects.filter(tournament=tournament).select_related("game").order_by("board")]
    assert api_for(a).put(f"/api/v1/tournaments/{tournament.pk}/press-lock/").status_code == 403
    locked = api_for(organiser).put(f"/api/v1/tournaments/{tournament.pk}/press-lock/")
    assert locked.status_code == 200 and sorted(locked.json()["games"]) == sorted(g.pk for g in games)
    game = next(g for g in games if g.seats.filter(player=a).exists())
    refused = api_for(a).post(f"/api/v1/games/{game.pk}/messages/", {"body": "psst"}, format="json")
    assert refused.json()["errors"][0]["code"] == "press.locked"
    assert game.events.filter(type="press_locked", data__by="org2").exists()
    # The next round's games start locked.
    with django_capture_on_commit_callbacks(execute=True):  # the tournament records the results
        for g in games:
            substitutes.seat_resign(game=g, player=g.seats.get(role="SECONDUS").player)
    tournament_services.round_pair_next(tournament=tournament, by=organiser)
    latest = [p.game for p in Pairing.objects.filter(tournament=tournament, round__number=2).select_related("game")]
    assert latest and all(g.press_locked_at is not None for g in latest)
    opened = api_for(organiser).delete(f"/api/v1/tournaments/{tournament.pk}/press-lock/").json()
    assert sorted(opened["games"]) == sorted(g.pk for g in latest)


@pytest.mark.django_db
def test_the_text_only_view_carries_the_table_talk(three, client):
    game, by_role = three
    a, b, c = _roles(game)
    press.message_post(game=game, player=by_role[a], body="Plain words for every reader.")
    client.force_login(by_role[b])
    page = client.get(f"/games/{game.pk}/text/").content.decode()
    assert "Plain words for every reader." in page and 'id="talk-body"' in page
    posted = client.post(f"/games/{game.pk}/talk/", {"action": "post", "body": "And mine, privately.", "to": [a]})
    assert posted.status_code == 302 and posted["Location"].endswith("#talk")
    assert press.messages_visible_to(game=game, role=c).count() == 1  # the private one is not c's
