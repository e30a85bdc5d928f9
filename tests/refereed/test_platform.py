"""A refereed game on the platform: sealed orders, the master's steps, private rolls kept
out of the dice log, corrections, the end and the verifiable seed (issue 22)."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game, OrderSet, Step
from rules import dice as rules_dice
from tests.games.play import open_step


def submit(game, player, text):
    step = open_step(game)
    return services.order_submit(game=game, player=player, step=step.number, text=text, source=OrderSet.Source.WEB)


def adjudicate(game):
    step = open_step(game)
    assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    game.refresh_from_db()


@pytest.mark.django_db
def test_a_turn_orders_then_referee(aie_game, players, api_for, dispatched):
    game = aie_game
    assert game.status == Game.Status.ACTIVE
    step = open_step(game)
    assert sorted(p["role"] for p in step.prompts) == ["cesarien", "republicain"]
    submit(game, players["cesarien"], "Caesar crosses the Rubicon with the XIII Legio.")
    # The other seat sees nothing of it.
    body = api_for(players["republicain"]).get(f"/api/v1/games/{game.pk}/").json()
    assert "Rubicon" not in str(body)
    submit(game, players["republicain"], "Pompeius leaves Rome for Brundisium.")
    adjudicate(game)
    step = open_step(game)
    assert [p["role"] for p in step.prompts] == ["master"]
    master = api_for(players["master"]).get(f"/api/v1/games/{game.pk}/").json()
    assert "Rubicon" in str(master) and "Brundisium" in str(master)
    for role, other in (("cesarien", "Brundisium"), ("republicain", "Rubicon")):
        seen = api_for(players[role]).get(f"/api/v1/games/{game.pk}/").json()
        events = api_for(players[role]).get(f"/api/v1/games/{game.pk}/events/?limit=500").json()["results"]
        assert other not in str(seen) and other not in str(events), role

    # The master rolls the events (public) and a private die, then publishes.
    submit(game, players["master"], "roll table alea-iacta-est/events: events\nroll private 1d6: spies")
    adjudicate(game)
    events = api_for(players["cesarien"]).get(f"/api/v1/games/{game.pk}/events/?limit=500").json()["results"]
    dice = [e for e in events if e["type"] == "dice" and e["data"]["rolls"]]
    rolls = dice[-1]["data"]["rolls"]
    assert [r["purpose"] for r in rolls] == ["roll:R1", "roll:R1", "sealed:roll:R2"]
    assert rolls[2]["value"] is None and rolls[2]["sealed"] and rolls[0]["value"] is not None
    assert not any(e["type"] == "roll" and e["data"]["private"] for e in events)
    master_events = api_for(players["master"]).get(f"/api/v1/games/{game.pk}/events/?limit=500").json()["results"]
    assert any(e["type"] == "roll" and e["data"]["id"] == "R2" for e in master_events)

    submit(game, players["master"], "public: Caesar takes Ariminum.\nprivate republicain: Your spies see him.\n"
                                    "score italia = CÉSARIEN\npublish")
    adjudicate(game)
    assert game.state["turn"] == 2 and game.state["phase"] == "orders"
    seen = {role: str(api_for(players[role]).get(f"/api/v1/games/{game.pk}/events/?limit=500").json()["results"])
            for role in ("cesarien", "republicain")}
    assert "Caesar takes Ariminum" in seen["cesarien"] and "Your spies see him" not in seen["cesarien"]
    assert "Your spies see him" in seen["republicain"]
    assert "spies" not in seen["cesarien"]  # the private roll's reason

    # Correction of turn 1, seen by everyone.
    submit(game, players["cesarien"], "Hold.")
    submit(game, players["republicain"], "Hold.")
    adjudicate(game)
    submit(game, players["master"], "correct 1: the town was Pisaurum\ncorrect public: Caesar takes Pisaurum.\n"
                                    "public: A quiet year.\nreveal R2\nend cesarien: Caesar holds Italia\npublish")
    adjudicate(game)
    assert game.status == Game.Status.FINISHED
    body = api_for(players["republicain"]).get(f"/api/v1/games/{game.pk}/").json()
    events = api_for(players["republicain"]).get(f"/api/v1/games/{game.pk}/events/?limit=500").json()["results"]
    corrected = [e for e in events if e["type"] == "result_corrected"]
    assert corrected and corrected[0]["data"]["note"] == "the town was Pisaurum"
    seed = bytes.fromhex(body["dice_seed_revealed"])
    for event in (e for e in events if e["type"] == "dice"):
        assert all(r["value"] is not None for r in event["data"]["rolls"])
        assert rules_dice.verify_rolls(seed, body["dice_entropies"], event["data"]["step"], event["data"]["rolls"])
    assert body["outcome"]["winner"] == "cesarien"


@pytest.mark.django_db
def test_deadlines_and_the_ladder_run_as_for_any_game(aie_game, players, dispatched):
    """A seat that sends nothing by the deadline gives empty orders (the master reads that
    it sent none); a master who does nothing by his deadline refereed nothing: his step
    comes back, and each miss counts on his seat's ladder like anyone's."""
    from datetime import timedelta

    from django.utils import timezone

    game = aie_game
    submit(game, players["cesarien"], "Caesar marches.")
    step = open_step(game)
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    game.refresh_from_db()
    assert game.state["orders"]["republicain"] == {"text": ""}
    assert game.seats.get(role="republicain").missed_deadlines == 1
    used = [e for e in game.events.filter(type="orders_used") if e.data.get("default")]
    assert [e.visible_to for e in used] == [["republicain"]]
    master_step = open_step(game)
    assert [p["role"] for p in master_step.prompts] == ["master"]
    Step.objects.filter(pk=master_step.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.step_adjudicate(game_id=game.pk, step_number=master_step.number) == "resolved"
    game.refresh_from_db()
    assert game.state["phase"] == "referee" and game.state["round"] == 1
    assert game.seats.get(role="master").missed_deadlines == 1
    assert open_step(game).deadline > timezone.now()


@pytest.mark.django_db
def test_the_api_gives_open_orders_to_the_master_who_reads_them_as_they_come(make_player, api_for, dispatched):
    a, b, m = make_player("anna"), make_player("bruno"), make_player("mira")
    game = services.game_create(ruleset="refereed", scenario="open", options={"players": 2, "master_reads": "live"},
                                created_by=m, role="master")
    services.game_join(game=game, player=a, role="seat-1")
    services.game_join(game=game, player=b, role="seat-2")
    game.refresh_from_db()
    submit(game, a, "Anna's plan.")
    master = api_for(m).get(f"/api/v1/games/{game.pk}/").json()["open_orders"]
    assert [(o["role"], o["sent"], o["text"]) for o in master] == [("seat-1", True, "Anna's plan."), ("seat-2", False, "")]
    assert api_for(b).get(f"/api/v1/games/{game.pk}/").json()["open_orders"] == []
    assert "Anna's plan." not in str(api_for(b).get(f"/api/v1/games/{game.pk}/").json())


@pytest.mark.django_db
def test_the_master_hands_his_role_over_by_api(aie_game, players, make_player, api_for, dispatched):
    heir = make_player("heir")
    seat_try = api_for(players["cesarien"]).post(f"/api/v1/games/{aie_game.pk}/hand-over/", {"to": "heir"}, format="json")
    assert seat_try.status_code == 409 and seat_try.json()["errors"][0]["code"] == "handover.not_allowed"
    response = api_for(players["master"]).post(f"/api/v1/games/{aie_game.pk}/hand-over/", {"to": "heir", "reason": "away"},
                                               format="json")
    assert response.status_code == 200, response.content
    assert aie_game.seats.get(role="master").player == heir
    assert api_for(heir).get(f"/api/v1/games/{aie_game.pk}/").json()["role"] == "master"
