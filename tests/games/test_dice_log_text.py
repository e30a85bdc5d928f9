"""The dice log in words (games.presentation): a run of sealed draws for one purpose is told
once with its count, never as a row of question marks; open rolls and single draws keep their
own text; the French reads alike."""

from django.utils import translation

from games.presentation import event_text


def _dice(*rolls):
    return {"type": "dice", "data": {"rolls": list(rolls)}}


CUP = {"en": "the cup, turn 1: military units", "fr": "la pioche, tour 1 : unités militaires"}


def test_a_run_of_sealed_draws_is_told_once_with_its_count():
    rolls = [{"sides": 56 - k, "value": None, "purpose": "pick:cup-1", "why": CUP} for k in range(3)]
    rolls += [{"sides": 6, "value": 4, "purpose": "king", "why": {"en": "the King's roll", "fr": "le jet du Roi"}},
              {"sides": 52, "value": None, "purpose": "pick:draw-king", "why": {"en": "draw: king", "fr": "tirage : roi"}}]
    with translation.override("en"):
        text = event_text(_dice(*rolls))
    assert text == ("Dice: 3 draws kept secret until the seed is revealed (the cup, turn 1: military units), "
                    "d6=4 (the King's roll), draw ? of 52 (draw: king)")
    with translation.override("fr"):
        assert event_text(_dice(*rolls)).startswith("Dés : 3 tirages gardés secrets jusqu'à la révélation de la graine (la pioche")


def test_revealed_draws_keep_their_values():
    rolls = [{"sides": 56, "value": 12, "purpose": "pick:cup-1", "why": CUP}, {"sides": 55, "value": 3, "purpose": "pick:cup-1", "why": CUP}]
    with translation.override("en"):
        assert event_text(_dice(*rolls)) == ("Dice: draw 12 of 56 (the cup, turn 1: military units), "
                                             "draw 3 of 55 (the cup, turn 1: military units)")
