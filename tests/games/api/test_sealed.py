"""Sealed orders: another seat's order set, stratagem hand and standing reactions never
appear in any endpoint, page or email, for the other seat or for an observer."""

import json

import pytest

from games import services
from games.models import Event, Game, OrderSet
from notifications.models import Outbox
from rules.base import canonical_json
from tests.games.play import battle_orders, player_of, prompted

SECRET_REACTIONS = {"retreat": {"moesiae-1": ["moesiae-4"]}, "evade": {"moesiae-1": "never"}}


def play_a_few_steps(game, until=lambda: True):
    """PRIMUS gives standing reactions with its first order set; both sides play SMCs
    (attacks where possible) until a battle has been fought (and ``until()`` holds)."""
    reacted = False
    for _ in range(16):
        game.refresh_from_db()
        step, role, prompt = prompted(game)
        orders = battle_orders(prompt, game.state, role) or dict(prompt["default_orders"])
        if role == "PRIMUS" and not reacted:
            orders, reacted = {**orders, "reactions": SECRET_REACTIONS}, True
        services.order_submit(game=game, player=player_of(game, role), step=step.number, orders=orders)
        assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
        if reacted and Event.objects.filter(game=game, type="battle").exists() and until():
            break
    game.refresh_from_db()
    # A sealed order set of PRIMUS for the open step, not yet resolved.
    step, role, prompt = prompted(game)
    if role == "PRIMUS":
        services.order_submit(
            game=game, player=player_of(game, "PRIMUS"), step=step.number,
            orders={**prompt["default_orders"], "reactions": {"losses": "auto"}},
        )
    game.refresh_from_db()
    return game


def secrets_of(game: Game, role: str) -> list[str]:
    """Serialised fragments only ``role`` may ever see."""
    hidden = game.state["hidden"]
    found = [canonical_json(SECRET_REACTIONS)[1:-1]]  # the reactions' content
    found += [canonical_json(hidden["reactions"].get(role) or {"-": "-"})]
    if hidden["hands"][role]:
        found.append(canonical_json({"hand": hidden["hands"][role]})[1:-1])
    for order_set in OrderSet.objects.filter(seat__game=game, seat__role=role).select_related("step"):
        defaults = [p["default_orders"] for p in order_set.step.prompts]
        if order_set.orders not in defaults:  # the default order set is public knowledge
            # (and so is its hash: the other seat's receipt for the same defaults is equal)
            found.append(order_set.canonical_hash)
            found.append(canonical_json(order_set.orders))
    for event in Event.objects.filter(game=game).exclude(visible_to=None):
        if role in event.visible_to and len(event.visible_to) == 1:
            found.append(canonical_json(event.data))
    return found


def everything_seen_by(api, client, game) -> list[str]:
    """Walk every endpoint (and the game page) and return every body."""
    bodies = []
    for path in ("/api/v1/games/", f"/api/v1/games/{game.pk}/", "/api/v1/rulesets/"):
        bodies.append(api.get(path).content.decode())
    url = f"/api/v1/games/{game.pk}/events/?limit=3"
    while url:
        page = api.get(url)
        bodies.append(page.content.decode())
        url = page.json()["next"]
    for step in game.steps.filter(status="resolved"):
        bodies.append(api.get(f"/api/v1/games/{game.pk}/steps/{step.number}/").content.decode())
    if client is not None:
        bodies.append(client.get(f"/games/{game.pk}/").content.decode())
    return [json.dumps(json.loads(b), ensure_ascii=False, sort_keys=True, separators=(",", ":")) if b.startswith(("{", "[")) else b for b in bodies]


def compact(text: str) -> str:
    return text.replace("&quot;", '"').replace(" ", "")


@pytest.mark.django_db
def test_no_endpoint_shows_another_seats_orders_hand_or_reactions(started_game, api_for, make_player, client, ruleset):
    game = play_a_few_steps(started_game)
    assert game.state["hidden"]["reactions"]["PRIMUS"]  # the secret is in the state
    primus_secrets = secrets_of(game, "PRIMUS")
    observer = make_player("observer")
    type(game).objects.filter(pk=game.pk).update(public=True)  # the observer watches a public game

    for viewer in (player_of(game, "SECONDUS"), observer):
        client.force_login(viewer)
        seen = everything_seen_by(api_for(viewer), client, game)
        for body in seen:
            flat = compact(body)
            for secret in primus_secrets:
                assert compact(secret) not in flat, (viewer.username, secret)
        detail = api_for(viewer).get(f"/api/v1/games/{game.pk}/").json()
        assert detail["receipts"] == []
        if viewer == observer:
            assert detail["role"] is None and detail["prompts"] == []
            assert detail["view"] == ruleset.view(game.state, None)
            assert "hand" not in detail["view"]["stratagems"] and "reactions" not in detail["view"]
        else:
            assert detail["view"] == ruleset.view(game.state, "SECONDUS")
            assert detail["view"]["stratagems"]["hand"] == game.state["hidden"]["hands"]["SECONDUS"]
        private = {e.seq for e in Event.objects.filter(game=game).exclude(visible_to=None) if "PRIMUS" in e.visible_to}
        listed = {e["seq"] for e in api_for(viewer).get(f"/api/v1/games/{game.pk}/events/?limit=500").json()["results"]}
        assert private and not (private & listed)

    # PRIMUS itself sees its own secrets (the check above is not vacuous).
    client.force_login(player_of(game, "PRIMUS"))
    own = "".join(compact(b) for b in everything_seen_by(api_for(player_of(game, "PRIMUS")), client, game))
    assert compact(canonical_json(SECRET_REACTIONS)[1:-1]) in own
    assert compact(canonical_json({"hand": game.state["hidden"]["hands"]["PRIMUS"]})[1:-1]) in own


@pytest.mark.django_db(transaction=True)
def test_no_email_to_the_other_seat_shows_them(started_game, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    secundus = player_of(started_game, "SECONDUS")
    game = play_a_few_steps(started_game, until=lambda: Outbox.objects.filter(recipient=secundus, step__number__gt=1).exists())
    primus_secrets = secrets_of(game, "PRIMUS")
    mails = Outbox.objects.filter(recipient=secundus)
    assert mails.exists()
    for mail in mails:
        for body in (mail.subject, mail.text_body, mail.html_body):
            for secret in primus_secrets:
                assert compact(secret) not in compact(body)
