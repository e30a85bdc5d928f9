"""The chronicle names things (issue 23, items 5-6; the developers' guide: "with names, never
ids"): in seeded three- and four-player games, every event a seat reads and every die's
purpose in the dice log is told in English and French with names: no seat, Curia, unit or
force id, no error code."""

from __future__ import annotations

import random
import re

import pytest

from rules.dice import HmacDice
from rules.kings_of_rome.selfplay import choose_orders
from rules.registry import get_ruleset

RS = get_ruleset("kings-of-rome")
IDS = re.compile(r"\b(latina-sabina|etrusca-volsca|latina|sabina|etrusca|volsca|u\d\d|f\d+|[a-z]+-(inf|cav)-\d+|"
                 r"classis-\d|gen-\d|rex|interrex|tp\d|sg|mp|me)\b|\([a-z_]+\.[a-z_]+\)")


def _play(players: int, seed: int, steps: int = 120):
    """A game's events and rolls, step by step, with the purposeful random player."""
    key = f"kor-narration-{players}-{seed}".encode().ljust(32, b"0")
    dice = HmacDice(key, 0)
    state, events = RS.setup_with_events("750", {"players": players}, dice)
    rolls = list(dice.rolls)
    rng = random.Random(seed)
    for n in range(1, steps):
        prompts = RS.prompts(state)
        if not prompts:
            break
        dice = HmacDice(key, n)
        state, more = RS.resolve(state, {p.role: choose_orders(RS, state, p, rng) for p in prompts}, dice)
        events += more
        rolls += dice.rolls
    return state, events, rolls


@pytest.fixture(scope="module")
def games():
    return [_play(3, 1, 50), _play(4, 2, 50)]


def test_every_event_is_told_with_names_in_both_languages(games):
    kinds = set()
    for _state, events, _rolls in games:
        for event in events:
            message = event.data.get("message")
            if message is None:
                continue
            kinds.add(event.type)
            for language in ("en", "fr"):
                text = message[language]
                assert not IDS.search(text), (event.type, language, text)
            assert message["en"] != message["fr"] or event.type in ("turn",), (event.type, message)
    # the games went far enough to tell what the email walk met: moves, battles, elections
    assert {"move", "battle_start", "battle", "allowance", "elected", "draw", "ip"} <= kinds, sorted(kinds)


def test_every_roll_says_what_it_was_for(games):
    seen = set()
    for _state, _events, rolls in games:
        for roll in rolls:
            why = RS.roll_purpose(roll.purpose)
            assert why is not None, roll.purpose
            seen.add(roll.purpose.removeprefix("pick:").split(":")[0])
            for language in ("en", "fr"):
                assert not IDS.search(why[language]), (roll.purpose, language, why[language])
    assert len(seen) > 10, sorted(seen)


def test_seats_are_named_by_their_curiae():
    assert RS.role_name("latina-sabina") == {"en": "Curia Latina and Curia Sabina", "fr": "Curie latine et Curie sabine"}
    for players in (2, 3, 4):
        for role in RS.roles("750", {"players": players}):
            name = RS.role_name(role)
            assert not IDS.search(name["en"]) and not IDS.search(name["fr"]), name
