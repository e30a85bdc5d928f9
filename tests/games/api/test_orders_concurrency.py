"""Issue 17: the submission's own path under races, over HTTP, on real PostgreSQL row locks
(threads, one connection each). Its read takes no lock; its write locks the game and
checks that nothing moved (games/submission.py). Racing submissions store one order set,
a submission racing the adjudication never slips into a resolved step, and an
Idempotency-Key used by racing requests writes once."""

from __future__ import annotations


import pytest
from rest_framework.test import APIClient

from games import services
from games.models import Event, IdempotencyKey, OrderSet, Step
from tests.games.play import player_of, prompted
from tests.racing import race


def _poster(user, url, body, **headers):
    def post():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {user.auth_token.key}")
        response = client.post(url, body, format="json", **headers)
        return response.status_code, response.json(), response.get("Idempotent-Replayed")
    return post


def _variants(game, prompt, ruleset, n: int) -> list[dict]:
    import random

    from rules.selfplay import random_orders

    rng, found = random.Random(17), [prompt["default_orders"]]
    for _ in range(n * 4):
        orders = random_orders(ruleset, game.state, ruleset.prompts(game.state)[0], rng)
        if not ruleset.validate(game.state, prompt["role"], orders) and orders not in found:
            found.append(orders)
        if len(found) == n:
            break
    return found


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_racing_submissions_over_http_store_one_order_set(started_game, ruleset, dispatched):
    game = started_game
    step, role, prompt = prompted(game)
    url = f"/api/v1/games/{game.pk}/orders/"
    bodies = [{"step": step.number, "orders": o} for o in _variants(game, prompt, ruleset, 4)]
    answers = race([_poster(player_of(game, role), url, bodies[i % len(bodies)]) for i in range(8)])
    assert all(not isinstance(a, Exception) and a[0] == 202 for a in answers), answers
    assert sorted(a[1]["replaced"] for a in answers) == [False] + [True] * 7  # exactly one created it
    stored = OrderSet.objects.get(step=step)
    assert stored.canonical_hash in {a[1]["receipt"] for a in answers}


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_a_submission_racing_the_adjudication_is_used_or_refused_never_lost(started_game, ruleset, dispatched):
    """The step is complete; its player sends another order set while the worker resolves
    it. Either the new set is stored first and the adjudication uses it, or the
    adjudication comes first and the submission is refused (409): the order set the step
    was resolved with is always the one stored, and none is stored after."""
    game = started_game
    outcomes = set()
    for _ in range(4):
        game.refresh_from_db()
        step, role, prompt = prompted(game)
        player = player_of(game, role)
        first, second = (_variants(game, prompt, ruleset, 2) + [prompt["default_orders"]])[:2]
        services.order_submit(game=game, player=player, step=step.number, orders=first)
        url = f"/api/v1/games/{game.pk}/orders/"
        submitted, adjudicated = race([
            _poster(player, url, {"step": step.number, "orders": second}),
            lambda: services.step_adjudicate(game_id=game.pk, step_number=step.number),
        ])
        assert adjudicated == "resolved", adjudicated
        assert submitted[0] in (202, 409), submitted
        outcomes.add(submitted[0])
        step.refresh_from_db()
        assert step.status == Step.Status.RESOLVED
        stored = OrderSet.objects.get(step=step)
        used = Event.objects.get(game=game, type="orders_used", data__step=step.number)
        assert used.data["receipt"] == stored.canonical_hash
        if submitted[0] == 202:
            assert stored.canonical_hash == submitted[1]["receipt"]
        else:
            assert submitted[1]["type"].endswith("/step-not-open")
    assert outcomes  # which of the two won each round is the scheduler's business


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_racing_requests_with_one_idempotency_key_write_once(started_game, dispatched):
    game = started_game
    step, role, prompt = prompted(game)
    player = player_of(game, role)
    url = f"/api/v1/games/{game.pk}/orders/"
    body = {"step": step.number, "orders": prompt["default_orders"]}
    answers = race([_poster(player, url, body, HTTP_IDEMPOTENCY_KEY="race-1") for _ in range(6)])
    assert all(not isinstance(a, Exception) and a[0] == 202 for a in answers), answers
    assert len({a[1]["receipt"] for a in answers}) == 1
    assert [a[2] for a in answers].count(None) == 1  # one wrote, five were answered from the store
    assert all(a[1]["replaced"] is False for a in answers)  # the first request's answer, every time
    assert IdempotencyKey.objects.filter(user=player, key="race-1").count() == 1
    assert OrderSet.objects.filter(step=step).count() == 1


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_one_idempotency_key_racing_on_two_games_writes_one_of_them(two_players, ruleset, dispatched, monkeypatch):
    """Two games, two locks: the key's unique constraint decides, the loser's write is
    undone whole and it answers as the winner did (the same key with another path is
    another request: 422)."""
    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(100, 132)))
    aurelia, marcus = two_players
    games = []
    for _ in range(2):
        game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=aurelia,
                                    role="PRIMUS", entropy="a")
        services.game_join(game=game, player=marcus, role="SECONDUS", entropy="m")
        game.refresh_from_db()
        games.append(game)
    step, role, prompt = prompted(games[0])
    player = player_of(games[0], role)
    answers = race([
        _poster(player, f"/api/v1/games/{g.pk}/orders/", {"step": step.number, "orders": prompt["default_orders"]},
                HTTP_IDEMPOTENCY_KEY="two-games")
        for g in games if prompted(g)[1] == role
    ])
    codes = sorted(a[0] for a in answers)
    assert codes in ([202], [202, 422]), answers
    assert IdempotencyKey.objects.filter(user=player, key="two-games").count() == 1
    assert OrderSet.objects.filter(step__game__in=games).count() == 1
