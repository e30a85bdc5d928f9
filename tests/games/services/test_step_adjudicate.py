from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Event, Game, Step
from rules import dice as rules_dice
from rules.base import state_hash
from tests.games.play import player_of, prompted


def submit_default(game):
    step, role, prompt = prompted(game)
    services.order_submit(game=game, player=player_of(game, role), step=step.number, orders=prompt["default_orders"])
    return step, role, prompt


@pytest.mark.django_db
def test_an_incomplete_step_before_its_deadline_waits(started_game):
    step, _, _ = prompted(started_game)
    assert services.step_adjudicate(game_id=started_game.pk, step_number=step.number) == "waiting"
    started_game.refresh_from_db()
    assert started_game.state_version == 1
    step.refresh_from_db()
    assert step.status == Step.Status.OPEN


@pytest.mark.django_db
def test_a_complete_step_resolves_once_and_opens_the_next(started_game, ruleset):
    before = started_game.state
    step, role, prompt = submit_default(started_game)
    assert services.step_adjudicate(game_id=started_game.pk, step_number=step.number) == "resolved"
    assert services.step_adjudicate(game_id=started_game.pk, step_number=step.number) == "not-open"

    game = Game.objects.get(pk=started_game.pk)
    step.refresh_from_db()
    assert game.state_version == 2
    assert step.status == Step.Status.RESOLVED and step.resolved_at
    assert step.state_after == game.state and step.state_after_hash == state_hash(game.state)

    # Deterministic given the dice: the same key and step give the same state.
    key = rules_dice.mix_entropy(bytes.fromhex(game.dice_seed), list(game.seats.values_list("entropy", flat=True)))
    dice = rules_dice.HmacDice(key, step=step.number)
    expected_state, expected_events = ruleset.resolve(before, {role: prompt["default_orders"]}, dice)
    assert game.state == expected_state
    logged = Event.objects.filter(game=game, step=step)
    assert [e.type for e in logged if e.type not in ("orders_used", "dice", "step_resolved")] == [
        e.type for e in expected_events
    ]
    rolls = [dict(r.as_dict(), why=ruleset.roll_purpose(r.as_dict()["purpose"])) for r in dice.rolls]  # and why, in words
    assert logged.get(type="dice").data == {"step": step.number, "rolls": rolls}
    assert logged.get(type="step_resolved").data == {"step": step.number, "defaulted": []}
    own = logged.get(type="orders_used")
    assert own.visible_to == [role] and own.data["default"] is False

    if ruleset.outcome(game.state) is None:
        following = game.steps.get(number=step.number + 1)
        assert following.status == Step.Status.OPEN
        assert following.prompts == [p.as_dict() for p in ruleset.prompts(game.state)]


@pytest.mark.django_db
def test_past_the_deadline_default_orders_are_used_and_the_miss_is_counted(started_game):
    step, role, prompt = prompted(started_game)
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.step_adjudicate(game_id=started_game.pk, step_number=step.number) == "resolved"
    seat = started_game.seats.get(role=role)
    assert seat.missed_deadlines == 1
    missed = Event.objects.get(game=started_game, type="deadline_missed")
    assert missed.visible_to is None and missed.data == {"step": step.number, "role": role}
    assert Event.objects.get(game=started_game, type="step_resolved").data["defaulted"] == [role]
    used = Event.objects.get(game=started_game, type="orders_used")
    assert used.data["default"] is True and used.visible_to == [role]


@pytest.mark.django_db
def test_a_game_pinned_to_a_version_the_ruleset_cannot_continue_halts_and_says_so(started_game):
    """No silent freeze (issue 15): the game is halted, its log says why, nothing is
    resolved (tests/ops/test_upgrades.py carries a game over a release)."""
    step, _, _ = submit_default(started_game)
    Game.objects.filter(pk=started_game.pk).update(ruleset_version="0.0-older")
    assert services.step_adjudicate(game_id=started_game.pk, step_number=step.number) == "halted"
    step.refresh_from_db()
    assert step.status == Step.Status.OPEN
    game = Game.objects.get(pk=started_game.pk)
    assert game.halted_at is not None and game.halted_reason["code"] == "ruleset.no_migration"
    assert "0.0-older" in game.halted_reason["en"] and "0.0-older" in game.halted_reason["fr"]
    assert Event.objects.filter(game=game, type="game_halted").count() == 1
    assert services.step_adjudicate(game_id=started_game.pk, step_number=step.number) == "halted"
    assert Event.objects.filter(game=game, type="game_halted").count() == 1


@pytest.mark.django_db
def test_unknown_games_and_steps_are_ignored(started_game):
    assert services.step_adjudicate(game_id=10**9, step_number=1) == "no-such-game"
    assert services.step_adjudicate(game_id=started_game.pk, step_number=99) == "not-open"
