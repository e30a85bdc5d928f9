"""Substitutes, resignations and draws (issue 21, item 4; docs/together.md): an abandoned
seat (the ladder's last rung, or a resignation) is offered in the lobby with the position
as it stands and the others are told; the stand-in (default orders or a computer player)
plays it until a substitute takes it over; resignations and draws end a game with a
recorded result, and a game nobody is left in is aborted."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import selectors, services, substitutes
from games.models import Game, OrderSet, Seat, Step
from notifications.models import Outbox

KOR = "kings-of-rome"


def _kor(make_player, names=("livia", "tullus", "ancus"), **kwargs):
    players = [make_player(n) for n in names]
    scenario = str(services.ruleset_for(KOR).scenarios()[0]["id"])
    game = services.game_create(ruleset=KOR, scenario=scenario, options={"players": len(players)},
                                created_by=players[0], **kwargs)
    for player in players[1:]:
        services.game_join(game=game, player=player)
    game.refresh_from_db()
    return game, list(game.seats.select_related("player").order_by("position"))


@pytest.mark.django_db
def test_a_resigned_seat_is_offered_and_taken_over(make_player, api_for, no_delivery, django_capture_on_commit_callbacks):
    game, (a, b, c) = _kor(make_player)
    with django_capture_on_commit_callbacks(execute=True):
        resigned = api_for(b.player).post(f"/api/v1/games/{game.pk}/resign/")
    assert resigned.status_code == 200 and resigned.json()["status"] == "active"
    offered = [s for s in resigned.json()["seats"] if s["role"] == b.role][0]
    assert offered["status"] == "forfeited" and offered["offered"] is True
    # The others are told (and the lobby says where).
    told = Outbox.objects.filter(kind="game", subject__icontains="substitute")
    assert sorted(m.recipient.username for m in told) == sorted([a.player.username, c.player.username, b.player.username])
    assert "/games/lobby/" in told.first().text_body

    newcomer = make_player("numa")
    seats = api_for().get("/api/v1/lobby/seats/").json()
    assert [(s["game"], s["role"], s["joinable"]) for s in seats] == [(game.pk, b.role, False)]
    assert api_for(newcomer).get("/api/v1/lobby/seats/").json()[0]["joinable"] is True
    assert api_for(a.player).get("/api/v1/lobby/seats/").json() == []  # not my own game's seat
    refused = api_for(a.player).post(f"/api/v1/games/{game.pk}/take-over/", {"role": b.role}, format="json")
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "takeover.seated"
    with django_capture_on_commit_callbacks(execute=True):
        taken = api_for(newcomer).post(f"/api/v1/games/{game.pk}/take-over/", {"role": b.role}, format="json")
    assert taken.status_code == 200 and taken.json()["role"] == b.role
    seat = Seat.objects.get(pk=b.pk)
    assert seat.player == newcomer and seat.status == "playing" and seat.offered_at is None
    assert seat.entropy == b.entropy  # the dice do not change
    assert game.events.filter(type="seat_substituted").exists()
    assert api_for().get("/api/v1/lobby/seats/").json() == []
    again = api_for(make_player("servius")).post(f"/api/v1/games/{game.pk}/take-over/", {"role": b.role}, format="json")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "takeover.not_offered"
    step = game.steps.get(status=Step.Status.OPEN)
    if b.role in step.roles:  # the newcomer is asked for the open step: its turn email came
        assert Outbox.objects.filter(kind="turn", recipient=newcomer).exists()


@pytest.mark.django_db
def test_the_ladder_offers_a_forfeited_seat_of_a_game_that_goes_on(make_player, dispatched):
    game, seats = _kor(make_player, deadline_policy={"forfeit_after": 1, "civil_disorder_after": 0})
    step = game.steps.get(status=Step.Status.OPEN)
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    game.refresh_from_db()
    forfeited = [s for s in game.seats.all() if s.status == Seat.Status.FORFEITED]
    assert forfeited and all(s.offered_at is not None for s in forfeited)
    if len(forfeited) < len(seats) - 1:
        assert game.status == Game.Status.ACTIVE
        assert {row["role"] for row in substitutes.seats_offered()} == {s.role for s in forfeited}


@pytest.mark.django_db
def test_resigning_a_two_seat_game_gives_the_other_the_win(started_game, two_players, api_for, dispatched):
    aurelia, marcus = two_players
    response = api_for(marcus).post(f"/api/v1/games/{started_game.pk}/resign/")
    assert response.status_code == 200
    started_game.refresh_from_db()
    assert started_game.status == Game.Status.FINISHED
    assert started_game.outcome["winner"] == "PRIMUS" and started_game.outcome["level"] == "resignation"
    assert response.json()["dice_seed_revealed"] == started_game.dice_seed
    again = api_for(aurelia).post(f"/api/v1/games/{started_game.pk}/resign/")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "resign.not_running"


@pytest.mark.django_db
def test_a_game_nobody_is_left_in_is_aborted_with_its_result(make_player, dispatched):
    game, seats = _kor(make_player, names=("p1", "p2", "p3"))
    rs = services.ruleset_for(KOR)
    assert not rs.cooperative
    substitutes.seat_resign(game=game, player=seats[0].player)
    substitutes.seat_resign(game=game, player=seats[1].player)  # one left against nobody: it wins
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["winner"] == seats[2].role

    coop = services.game_create(ruleset="tetrarchia", scenario=str(services.ruleset_for("tetrarchia").scenarios()[0]["id"]),
                                options={"players": 2}, created_by=make_player("t1"))
    services.game_join(game=coop, player=make_player("t2"))
    first, second = coop.seats.order_by("position")
    substitutes.seat_resign(game=coop, player=first.player)  # cooperative: the seat is offered, the game goes on
    coop.refresh_from_db()
    assert coop.status == Game.Status.ACTIVE and coop.seats.get(pk=first.pk).offered_at is not None
    substitutes.seat_resign(game=coop, player=second.player)
    coop.refresh_from_db()
    assert coop.status == Game.Status.ABORTED
    assert coop.outcome == {"winner": None, "scores": {}, "level": "abandoned",
                            "detail": {"abandoned": sorted([first.role, second.role])}}
    assert coop.events.filter(type="game_aborted").exists() and coop.seed_revealed


@pytest.mark.django_db
def test_a_draw_offered_and_accepted_ends_the_game_drawn(started_game, two_players, api_for, dispatched, make_player):
    aurelia, marcus = two_players
    offered = api_for(aurelia).post(f"/api/v1/games/{started_game.pk}/draw/", {"accept": True}, format="json")
    assert offered.status_code == 200 and offered.json()["draw_offer"] == ["PRIMUS"]
    declined = api_for(marcus).post(f"/api/v1/games/{started_game.pk}/draw/", {"accept": False}, format="json")
    assert declined.json()["draw_offer"] == [] and declined.json()["status"] == "active"
    api_for(aurelia).post(f"/api/v1/games/{started_game.pk}/draw/", {"accept": True}, format="json")
    accepted = api_for(marcus).post(f"/api/v1/games/{started_game.pk}/draw/", {"accept": True}, format="json")
    assert accepted.json()["status"] == "finished" and accepted.json()["outcome"]["level"] == "draw"
    assert accepted.json()["outcome"]["winner"] is None

    coop = services.game_create(ruleset="tetrarchia", scenario=str(services.ruleset_for("tetrarchia").scenarios()[0]["id"]),
                                options={"players": 2}, created_by=make_player("t3"))
    services.game_join(game=coop, player=make_player("t4"))
    refused = api_for(coop.created_by).post(f"/api/v1/games/{coop.pk}/draw/", {"accept": True}, format="json")
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "draw.not_allowed"


@pytest.mark.django_db
def test_a_draw_offer_lapses_when_the_step_is_resolved(started_game, two_players, dispatched):
    aurelia, _ = two_players
    substitutes.draw_answer(game=started_game, player=aurelia, accept=True)
    step = started_game.steps.get(status=Step.Status.OPEN)
    services.step_adjudicate(game_id=started_game.pk, step_number=step.number, force=True)
    started_game.refresh_from_db()
    assert started_game.draw_offer == []


@pytest.mark.django_db
def test_a_computer_stands_in_for_an_abandoned_seat_and_the_replay_holds(make_player, dispatched):
    rs = services.ruleset_for("tetrarchia")
    game = services.game_create(ruleset="tetrarchia", scenario=str(rs.scenarios()[0]["id"]), options={"players": 2},
                                created_by=make_player("c1"), stand_in="computer")
    services.game_join(game=game, player=make_player("c2"))
    first, second = game.seats.order_by("position")
    substitutes.seat_resign(game=game, player=second.player)
    played = 0
    for _ in range(12):
        game.refresh_from_db()
        step = game.steps.filter(status=Step.Status.OPEN).first()
        if step is None:
            break
        services.step_adjudicate(game_id=game.pk, step_number=step.number, force=True)
        played = OrderSet.objects.filter(seat=second, source=OrderSet.Source.COMPUTER).count()
        if played >= 2:
            break
    assert played >= 1, "the computer played the abandoned seat"
    assert selectors.game_replay(game=Game.objects.get(pk=game.pk))["diverged_at"] is None


@pytest.mark.django_db
def test_a_deleted_accounts_seat_is_offered_and_its_together_data_exported_then_erased(make_player, dispatched):
    from games import press, spectators
    from games.models import Follow
    from operations import privacy

    game, (a, b, c) = _kor(make_player, names=("d1", "d2", "d3"), public=True)
    press.message_post(game=game, player=b.player, body="My last word.")
    watched, _ = _kor(make_player, names=("e1", "e2", "e3"), public=True)
    spectators.follow(game=watched, user=b.player)
    exported = privacy.export(user=b.player)
    assert [m["body"] for m in exported["messages"]] == ["My last word."] and exported["following"] == [watched.pk]
    privacy.account_delete(user=b.player)
    assert Seat.objects.get(pk=b.pk).offered_at is not None
    assert [(s["game"], s["role"]) for s in substitutes.seats_offered()] == [(game.pk, b.role)]
    assert not Follow.objects.filter(game=watched).exists()


@pytest.mark.django_db
def test_the_page_puts_resign_and_draw_below_the_orders_and_a_pending_draw_at_the_top(started_game, two_players, client):
    """Resigning is rare and final: its form sits below the map and the orders (under the
    seat's status), not above the map; a draw offered by the other seat is announced at the
    top, with a link down to the answer."""
    aurelia, marcus = two_players
    substitutes.draw_answer(game=started_game, player=marcus, accept=True)
    client.force_login(aurelia)  # she reads English
    page = client.get(f"/games/{started_game.pk}/").content.decode()
    offered, map_at, orders_at = page.index("A draw is offered by"), page.index('id="map-wrap"'), page.index('id="orders-')
    resign, accept = page.index('value="resign"'), page.index('value="draw"')
    assert offered < map_at, "the pending offer is told before the map"
    assert 'href="#seat-h"' in page[offered:map_at]
    assert orders_at < resign and orders_at < accept, "resign and draw come after the orders"
