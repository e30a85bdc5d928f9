"""A draw offered to the computer (issue 20; docs/computer.md, "Draws"): a computer seat
weighs it on its seat's view and accepts only when it is clearly behind (its estimate of
its chance of winning at most ``rules.computer.DRAW_ACCEPT_AT``), as a player would: a
decline takes the offer off the table, an acceptance by the last seat ends the game drawn.
Before, the computer never answered, so a practice game could not be drawn at all."""

from __future__ import annotations

import pytest

from rules import computer
from rules.base import json_copy
from rules.imperator.engine import side_of
from rules.registry import get_ruleset
from rules.selfplay import play_game, random_orders

from games import computers, dispatch, substitutes
from games.models import Event, Game

SV = "semper-victor"


def _with_lead(state: dict, seat: str, lead: int) -> dict:
    """``state`` with ``seat``'s side ``lead`` victory points ahead (behind if negative)."""
    out = json_copy(state)
    side = side_of(out, seat)
    enemy = next(s for s in out["vp"] if s != side)
    out["vp"][side], out["vp"][enemy] = max(0, lead), max(0, -lead)
    return out


def _mid_game() -> dict:
    """A 306 position some twenty decisions in (a seeded random game)."""
    seen = []

    def choose(rs, state, prompt, rng):
        seen.append(json_copy(state))
        return random_orders(rs, state, prompt, rng)
    play_game(SV, 7, scenario="306", max_years=3, choose=choose)
    return seen[20]


def test_the_computer_accepts_only_when_clearly_behind():
    ruleset = get_ruleset(SV)
    state = _mid_game()
    assert not ruleset.outcome(state)
    for seat in ("PRIMUS", "SECONDUS"):
        behind = _with_lead(state, seat, -60)
        ahead = _with_lead(state, seat, 60)
        assert ruleset.evaluate(behind, seat) <= computer.DRAW_ACCEPT_AT < ruleset.evaluate(ahead, seat)
        no = computer.answer_draw(ruleset, ruleset.view(ahead, seat), seat, seed=1)
        yes = computer.answer_draw(ruleset, ruleset.view(behind, seat), seat, seed=1)
        assert (no.accept, yes.accept) == (False, True)
        assert yes.value <= computer.DRAW_ACCEPT_AT < no.value and yes.samples == computer.DRAW_SAMPLES
        # Its answer is its seat's: the same view and seed give the same answer.
        assert computer.answer_draw(ruleset, ruleset.view(behind, seat), seat, seed=1) == yes


def test_with_more_seats_the_threshold_is_a_share_of_the_fair_chance():
    """Kings of Rome for four: at the even start each seat's chance is about ¼, under 0.4;
    the computer declines there (its threshold is 0.4 × 2 / 4 = 0.2) and accepts once far
    behind."""
    from rules.dice import HmacDice

    ruleset = get_ruleset("kings-of-rome")
    state = ruleset.setup("750", {"players": 4}, HmacDice(b"draw-key-00000000000000000000000", 0))
    seat = "volsca"
    start = computer.answer_draw(ruleset, ruleset.view(state, seat), seat, seed=1, seats=4)
    assert start.value < computer.DRAW_ACCEPT_AT and not start.accept
    assert computer.answer_draw(ruleset, ruleset.view(state, seat), seat, seed=1).accept  # as if two seats
    behind = json_copy(state)
    behind["ip"] = {c: (0 if c == seat else 20) for c in behind["ip"]}
    late = computer.answer_draw(ruleset, ruleset.view(behind, seat), seat, seed=1, seats=4)
    assert late.value <= computer.DRAW_ACCEPT_AT * 2 / 4 and late.accept


def test_a_view_that_is_not_the_seats_is_refused():
    ruleset = get_ruleset(SV)
    state = _mid_game()
    with pytest.raises(computer.ComputerError):
        computer.answer_draw(ruleset, state, "PRIMUS")  # the state itself, hidden parts and all


@pytest.mark.django_db
def test_a_practice_game_is_drawn_when_the_computer_is_behind(make_player, dispatched,
                                                             django_capture_on_commit_callbacks):
    player = make_player("aurelia")
    with django_capture_on_commit_callbacks(execute=True):
        game = computers.practice_create(player=player, ruleset=SV, scenario="306", role="PRIMUS")
    dispatched.sent.clear()

    # Ahead: the computer declines, and the offer is gone for everyone.
    Game.objects.filter(pk=game.pk).update(state=_with_lead(game.state, "SECONDUS", 60))
    with django_capture_on_commit_callbacks(execute=True):
        substitutes.draw_answer(game=game, player=player, accept=True)
    assert dispatched.of(dispatch.COMPUTER_DRAW) == [(game.pk,)]
    with django_capture_on_commit_callbacks(execute=True):
        assert computers.computer_draw_answers(game_id=game.pk) == [("SECONDUS", False)]
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.draw_offer == []
    assert Event.objects.filter(game=game, type="draw_declined", data__role="SECONDUS").exists()
    assert computers.computer_draw_answers(game_id=game.pk) == []  # no offer on the table: nothing to answer

    # Far behind: it accepts, and the game ends drawn.
    Game.objects.filter(pk=game.pk).update(state=_with_lead(game.state, "SECONDUS", -60))
    dispatched.sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        substitutes.draw_answer(game=game, player=player, accept=True)
        assert computers.computer_draw_answers(game_id=game.pk) == [("SECONDUS", True)]
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["level"] == "draw"
    assert game.outcome["detail"]["agreed"] == ["PRIMUS", "SECONDUS"]


@pytest.mark.django_db
def test_a_computer_seat_never_asks_itself(make_player, dispatched, django_capture_on_commit_callbacks):
    """Only a human's offer or acceptance sends the task (the computer's own answer does not)."""
    player = make_player("aurelia")
    with django_capture_on_commit_callbacks(execute=True):
        game = computers.practice_create(player=player, ruleset=SV, scenario="306", role="PRIMUS")
    bot = game.seats.get(role="SECONDUS").player
    dispatched.sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        substitutes.draw_answer(game=game, player=bot, accept=True)
    assert dispatched.of(dispatch.COMPUTER_DRAW) == []
