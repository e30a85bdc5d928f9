"""The whole turn loop over the API with a real Celery worker (a thread consuming from
Redis), a real SMTP sink, and the real Semper Victor ruleset."""

import re

import pytest

import rules

from games.models import Game
from tests.games.play import battle_orders, wait_until


def detail(api, game_id):
    return api.get(f"/api/v1/games/{game_id}/").json()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_two_players_play_smcs_and_the_worker_resolves_a_battle(
    api_for, two_players, smtp_sink, celery_app, celery_worker, depends_on_current_app, client, monkeypatch
):
    # A fixed seed and fixed entropies make the game (and so the test) reproducible; the
    # rolls still come from the HMAC dice and the real engine.
    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(32)))
    aurelia, marcus = two_players  # marcus reads his email and pages in French
    api = {"PRIMUS": api_for(marcus), "SECONDUS": api_for(aurelia)}
    game_id = (
        api["PRIMUS"]
        .post("/api/v1/games/", {"ruleset": "semper-victor", "scenario": "305", "role": "PRIMUS", "entropy": "alea"}, format="json")
        .json()["id"]
    )
    assert api["SECONDUS"].post(f"/api/v1/games/{game_id}/join/", {"role": "SECONDUS", "entropy": "iacta est"}, format="json").status_code == 201

    def prompted_role():
        return next((r for r in ("PRIMUS", "SECONDUS") if detail(api[r], game_id)["prompts"]), None)

    def mails_for(player, step_number):
        pattern = re.compile(rf"(step|étape) {step_number}\b")
        return smtp_sink.wait_for(
            lambda m: m["to"] == [player.email] and pattern.search(str(m["message"]["Subject"])), timeout=30
        )

    player_for = {"PRIMUS": marcus, "SECONDUS": aurelia}
    # Step 1: the year opens with the phase decisions (initiative stratagem, geostrategy,
    # nominations…): one player is prompted and told so by email.
    first_role = prompted_role()
    first_kinds = [p["kind"] for p in detail(api[first_role], game_id)["prompts"]]
    assert len(first_kinds) == 1 and first_kinds[0] in {"initiative", "geostrategy", "nominations", "smc"}
    assert len(mails_for(player_for[first_role], 1)) == 1

    # Whoever is prompted submits: an attack when one of their stacks can reach enemy
    # units, else the default order set. The worker resolves each step. Play until a
    # battle has been fought and the other player is prompted next.
    battle = None
    for _ in range(30):
        role = prompted_role()
        mine = detail(api[role], game_id)
        prompt = mine["prompts"][0]
        game = Game.objects.get(pk=game_id)
        orders = battle_orders(prompt, game.state, role) or prompt["default_orders"]
        response = api[role].post(
            f"/api/v1/games/{game_id}/orders/", {"step": prompt["step"], "orders": orders}, format="json"
        )
        assert response.status_code == 202, response.content
        wait_until(lambda: detail(api[role], game_id)["state_version"] > mine["state_version"], timeout=60)
        events = api[role].get(f"/api/v1/games/{game_id}/events/?limit=500").json()["results"]
        battles = [e for e in events if e["type"] == "battle" and e["step"] == prompt["step"]]
        if battles and prompted_role() != role:
            battle = battles[0]
            break
    assert battle is not None, "no battle followed by the other player's turn within 30 steps"

    other = "PRIMUS" if role == "SECONDUS" else "SECONDUS"
    # Battle events carry their die; the step's dice event lists every roll.
    assert isinstance(battle["data"]["roll"], int)
    assert {battle["data"]["attacker"], battle["data"]["defender"]} == {"PRIMUS", "SECONDUS"}
    events = api[other].get(f"/api/v1/games/{game_id}/events/?limit=500").json()["results"]
    dice = next(e for e in events if e["type"] == "dice" and e["step"] == battle["step"])
    assert any(r["purpose"].startswith("battle") and r["value"] == battle["data"]["roll"] for r in dice["data"]["rolls"])

    # The other player's prompt is open...
    theirs = detail(api[other], game_id)["prompts"]
    step_number = theirs[0]["step"]
    assert step_number == battle["step"] + 1
    # ... and their email arrives, in their language, with the battle, its die and a link.
    player = player_for[other]
    mails = mails_for(player, step_number)
    assert len(mails) == 1
    message = mails[0]["message"]
    text = message.get_body(preferencelist=("plain",)).get_content()
    if player is marcus:
        assert "étape" in message["Subject"] and "Ce qui s’est passé" in text and "Bataille" in text
    else:
        assert "step" in message["Subject"] and "What happened" in text and "Battle" in text
    zone = next(z for z in rules.get_ruleset("semper-victor").board()["zones"] if z["id"] == battle["data"]["zone"])
    assert zone["name"]["fr" if player is marcus else "en"] in text  # the battle's zone by its name, not its id
    assert re.search(r"d6=%d" % battle["data"]["roll"], text)
    link = re.search(r"(http://testserver/games/\d+/)", text).group(1)
    assert link == f"http://testserver/games/{game_id}/"

    # The link lands on the game page, which shows the decision awaited.
    client.force_login(player)
    language = "fr" if player is marcus else "en"
    page = client.get(link.removeprefix("http://testserver"), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    assert theirs[0]["title"][language] in page.content.decode()
