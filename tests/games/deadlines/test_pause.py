"""Pause by unanimous request: no deadline runs and nothing resolves while paused;
resuming moves the open deadlines by the time the game stood still."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Event, Game, Step
from tests.games.play import player_of


@pytest.mark.django_db
def test_the_game_pauses_only_when_every_seat_asked(started_game, no_delivery, django_capture_on_commit_callbacks):
    game = started_game
    with django_capture_on_commit_callbacks(execute=True):
        services.pause_request(game=game, player=player_of(game, "PRIMUS"))
    game.refresh_from_db()
    assert game.paused_at is None
    with django_capture_on_commit_callbacks(execute=True):
        services.pause_request(game=game, player=player_of(game, "SECONDUS"))
    game.refresh_from_db()
    assert game.paused_at is not None
    assert Event.objects.filter(game=game, type="game_paused").count() == 1

    step = game.steps.get(status=Step.Status.OPEN)
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    # While paused: the sweep finds nothing due and adjudication refuses.
    assert services.steps_sweep()["due"] == []
    assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "paused"

    # Resume after "three hours": the deadline moves by that much.
    Game.objects.filter(pk=game.pk).update(paused_at=timezone.now() - timedelta(hours=3))
    step.refresh_from_db()
    base = step.base_deadline
    with django_capture_on_commit_callbacks(execute=True):
        services.pause_resume(game=game, player=player_of(game, "PRIMUS"))
    game.refresh_from_db()
    step.refresh_from_db()
    assert game.paused_at is None
    assert abs((step.base_deadline - base) - timedelta(hours=3)) < timedelta(seconds=5)
    assert step.deadline == step.base_deadline
    assert game.seats.filter(pause_requested_at__isnull=False).count() == 0
    from notifications.models import Outbox

    assert Outbox.objects.filter(kind="game", dedupe_key__contains=":paused:").count() == 2
    assert Outbox.objects.filter(kind="game", dedupe_key__contains=":resumed:").count() == 2


@pytest.mark.django_db
def test_a_request_can_be_withdrawn_before_the_pause(started_game, no_delivery):
    services.pause_request(game=started_game, player=player_of(started_game, "PRIMUS"))
    services.pause_resume(game=started_game, player=player_of(started_game, "PRIMUS"))
    services.pause_request(game=started_game, player=player_of(started_game, "SECONDUS"))
    started_game.refresh_from_db()
    assert started_game.paused_at is None
