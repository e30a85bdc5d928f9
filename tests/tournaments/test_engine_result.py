"""A tournament game played to its end by the engine: the short Semper Victor scenario
(306-312) with every step answered by the default orders, adjudicated by a real Celery
worker. The pairing follows the game's VP while it runs, takes the engine's outcome as
its result when it ends, and the game is rated."""

from __future__ import annotations

import pytest

from games import services as game_services
from games.models import Game, Step
from tests.games.play import wait_until
from tournaments import services
from tournaments.models import Pairing, Rating, Tournament

SHORT = "306"


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_game_the_engine_ends_scores_and_rates_itself(make_player, ruleset, celery_app, celery_worker, depends_on_current_app):
    organiser, a, b = make_player(), make_player(), make_player()
    tournament = services.tournament_create(created_by=organiser, name="Brevis", ruleset="semper-victor", scenario=SHORT, rounds_planned=1)
    services.entry_register(tournament=tournament, player=a)
    services.entry_register(tournament=tournament, player=b)
    services.round_pair_next(tournament=tournament, by=organiser)
    pairing = Pairing.objects.get(tournament=tournament)
    game_id = pairing.game_id
    seen_vp = set()
    for _ in range(400):
        game = Game.objects.get(pk=game_id)
        if game.status == Game.Status.FINISHED:
            break
        step = Step.objects.filter(game_id=game_id, status=Step.Status.OPEN).first()
        if step is None:  # between two steps: the worker is writing the next one
            wait_until(lambda: Step.objects.filter(game_id=game_id, status=Step.Status.OPEN).exists()
                       or Game.objects.get(pk=game_id).status == Game.Status.FINISHED, timeout=60)
            continue
        for prompt in step.prompts:
            player = game.seats.get(role=prompt["role"]).player
            game_services.order_submit(game=game, player=player, step=step.number, orders=prompt["default_orders"])
        wait_until(lambda: Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED, timeout=60)
        live = Pairing.objects.get(pk=pairing.pk).live_vp
        if live:
            seen_vp.add((live["PRIMUS"], live["SECONDUS"]))
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.FINISHED, "the 306 scenario did not end within 400 steps"
    wait_until(lambda: Pairing.objects.get(pk=pairing.pk).rated_at is not None, timeout=30)
    pairing.refresh_from_db()
    assert pairing.result_source == Pairing.ResultSource.ENGINE
    assert pairing.result == {"winner": game.outcome["winner"], "level": game.outcome["level"], "scores": game.outcome["scores"]}
    assert len(seen_vp) > 1  # the live VP moved as the game went on
    assert pairing.live_vp == {role: game.outcome["scores"][role] for role in ("PRIMUS", "SECONDUS")}
    assert Rating.objects.filter(ruleset="semper-victor", games=1).count() == 2
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED
