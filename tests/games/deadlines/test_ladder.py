"""The missed-turn ladder, configured per game: excused extensions, then the default
order set, then civil disorder after N misses in a row, then forfeit; each rung is an
event and an email to every seat."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Event, Game, Seat, Step
from notifications.models import Outbox
from tests.games.play import player_of

POLICY = {"excused_extensions": 1, "extension_hours": 24, "civil_disorder_after": 2, "forfeit_after": 3, "step_hours": 48}


def _expire(step: Step) -> None:
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() - timedelta(seconds=1))


@pytest.mark.django_db
def test_a_seat_that_never_answers_walks_the_ladder_to_forfeit(
    game_with_policy, no_delivery, django_capture_on_commit_callbacks
):
    game = game_with_policy(POLICY)
    absent = "SECONDUS"
    present = "PRIMUS"
    rungs: list[str] = []
    outcomes: list[str] = []
    for _ in range(60):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        step = game.steps.get(status=Step.Status.OPEN)
        with django_capture_on_commit_callbacks(execute=True):
            if present in step.roles and not step.order_sets.filter(seat__role=present).exists():
                prompt = next(p for p in step.prompts if p["role"] == present)
                services.order_submit(
                    game=game, player=player_of(game, present), step=step.number, orders=prompt["default_orders"]
                )
            step.refresh_from_db()
            if step.status == Step.Status.OPEN:
                result = services.step_adjudicate(game_id=game.pk, step_number=step.number)
                if result == "waiting":
                    _expire(step)
                    result = services.step_adjudicate(game_id=game.pk, step_number=step.number)
                outcomes.append(result)
        seat = game.seats.get(role=absent)
        for event in Event.objects.filter(game=game, type__in=["deadline_extended", "seat_civil_disorder", "seat_forfeited"]).order_by("seq"):
            key = f"{event.type}:{event.seq}"
            if key not in rungs:
                rungs.append(key)
    game.refresh_from_db()
    seat = game.seats.get(role=absent)
    kinds = [r.split(":")[0] for r in rungs]
    # The rungs in order: one excused extension, civil disorder, forfeit.
    assert kinds == ["deadline_extended", "seat_civil_disorder", "seat_forfeited"]
    assert outcomes.count("extended") == 1
    assert seat.status == Seat.Status.FORFEITED and seat.excuses_used == 1 and seat.missed_in_a_row == 3
    assert game.seats.get(role=present).missed_deadlines == 0
    # The last seat standing wins by forfeit.
    assert game.status == Game.Status.FINISHED
    assert game.outcome["winner"] == present and game.outcome["level"] == "forfeit"
    # Every rung was told to every seat.
    for rung in ("extended", "defaulted", "civil_disorder", "forfeited"):
        recipients = set(Outbox.objects.filter(kind="ladder", dedupe_key__contains=f":{absent}:{rung}:").values_list("recipient__username", flat=True))
        assert recipients == {"aurelia", "marcus"}, rung
    extended = Outbox.objects.filter(kind="ladder", dedupe_key__contains=":extended:", recipient__username="marcus").first()
    assert "prolongée" in extended.text_body  # marcus reads French
    # The "game is over" email says who won and why in words, never a raw event (issue 16, item 14).
    from notifications import services as notify

    notify.notify_game_finished(game=game)
    for username, language, words in (("aurelia", "en", "PRIMUS wins: every other seat forfeited (SECONDUS)."),
                                      ("marcus", "fr", "PRIMUS l’emporte : tous les autres sièges ont déclaré forfait (SECONDUS).")):
        body = Outbox.objects.get(kind="finished", recipient__username=username).text_body
        assert words in body, body
        assert "{" not in body and "seat_forfeited" not in body and "'role'" not in body


@pytest.mark.django_db
def test_an_excused_extension_moves_the_deadline_and_a_return_resets_the_ladder(
    game_with_policy, no_delivery, django_capture_on_commit_callbacks
):
    game = game_with_policy(POLICY)
    step = game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    _expire(step)
    before = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "extended"
    step.refresh_from_db()
    assert step.status == Step.Status.OPEN and step.extensions == 1
    assert step.deadline > before + timedelta(hours=23)
    # The excuse is spent: the next miss uses the default orders and counts.
    _expire(step)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    seat = game.seats.get(role=role)
    assert seat.missed_in_a_row == 1 and seat.missed_deadlines == 1 and seat.status == Seat.Status.PLAYING
    # Submitting again starts the ladder from the bottom.
    game.refresh_from_db()
    while True:
        step = game.steps.get(status=Step.Status.OPEN)
        prompt = step.prompts[0]
        services.order_submit(game=game, player=player_of(game, prompt["role"]), step=step.number, orders=prompt["default_orders"])
        if prompt["role"] == role:
            break
        services.step_adjudicate(game_id=game.pk, step_number=step.number)
    assert game.seats.get(role=role).missed_in_a_row == 0


@pytest.mark.django_db
def test_by_default_a_missed_deadline_uses_the_default_orders_at_once(started_game, no_delivery):
    step = started_game.steps.get(status=Step.Status.OPEN)
    _expire(step)
    assert services.step_adjudicate(game_id=started_game.pk, step_number=step.number) == "resolved"
    assert not Event.objects.filter(game=started_game, type="deadline_extended").exists()
