"""Racing duplicate and conflicting submissions, then racing adjudications of the same
step, on real PostgreSQL row locks (threads, one connection each): nothing lost, nothing
doubled, each step adjudicated once, and the game equals an undisturbed replay of its log
(bench/replay.py). ``make soak`` does the same with 1,000 submissions over HTTP and 100
worker SIGKILLs (bench/faults.py)."""

from __future__ import annotations

import random

import pytest

from bench.replay import check_game
from games import errors, services
from games.models import Event, Game, OrderSet, Step
from rules.selfplay import random_orders
from tests.racing import race


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_racing_submissions_and_adjudications_lose_nothing_and_double_nothing(started_game, ruleset):
    game = started_game
    rng = random.Random(1)
    for _ in range(6):
        game.refresh_from_db()
        step = game.steps.get(status=Step.Status.OPEN)
        prompt = ruleset.prompts(game.state)[0]
        player = game.seats.get(role=prompt.role).player
        variants = [prompt.default_orders]
        for _ in range(6):
            orders = random_orders(ruleset, game.state, prompt, rng)
            if not ruleset.validate(game.state, prompt.role, orders) and orders not in variants:
                variants.append(orders)
        bodies = [variants[i % len(variants)] for i in range(8)]  # duplicates and conflicts

        def submit(orders):
            return lambda: services.order_submit(game=Game.objects.get(pk=game.pk), player=player,
                                                 step=step.number, orders=orders)

        receipts = race([submit(b) for b in bodies])
        assert all(not isinstance(r, Exception) for r in receipts), receipts
        stored = OrderSet.objects.get(step=step)
        assert stored.canonical_hash in {r.receipt for r in receipts}
        assert sum(1 for r in receipts if not r.replaced) == 1  # exactly one created, the rest replaced

        outcomes = race([lambda: services.step_adjudicate(game_id=game.pk, step_number=step.number)] * 4)
        assert sorted(outcomes) == ["not-open"] * 3 + ["resolved"], outcomes
        late = race([submit(bodies[0])])[0]
        assert isinstance(late, errors.StepNotOpen)
        used = Event.objects.get(game=game, type="orders_used", data__step=step.number)
        assert used.data["receipt"] == stored.canonical_hash

    game.refresh_from_db()
    assert check_game(game) == []
