"""Every Semper Victor event carries a player-facing ``message: {en, fr}``."""

from __future__ import annotations

import random
import re

import pytest

from rules.dice import HmacDice
from rules.imperator.narration import FORMATTERS, narrate
from rules.registry import get_ruleset
from rules.selfplay import game_seed, random_orders

NBSP = "\u00a0"
RAW = re.compile(r"[{}]|\[\s*'|'\s*:")  # a raw dict / list repr


@pytest.fixture(scope="module")
def ruleset():
    return get_ruleset("semper-victor")


def play(ruleset, scenario: str, seed: int, years: int = 4) -> list:
    rng = random.Random(seed)
    key = game_seed(seed)
    state, events = ruleset.setup_with_events(scenario, {}, HmacDice(key, 0))
    state["last_year"] = min(state["last_year"], state["first_year"] + years - 1)
    collected = list(events)
    for step in range(1, 3000):
        prompts = ruleset.prompts(state)
        if not prompts:
            break
        submissions = {}
        for prompt in prompts:
            orders = random_orders(ruleset, state, prompt, rng)
            if ruleset.validate(state, prompt.role, orders):
                orders = prompt.default_orders
            submissions[prompt.role] = orders
        state, events = ruleset.resolve(state, submissions, HmacDice(key, step))
        collected.extend(events)
    return collected


@pytest.fixture(scope="module")
def played(ruleset):
    events = []
    for scenario in ("306", "316"):
        for seed in (1, 2, 3):
            events.extend(play(ruleset, scenario, seed))
    return events


def test_every_event_has_a_message(played):
    assert len(played) > 100
    kinds = set()
    for event in played:
        message = event.data.get("message")
        assert isinstance(message, dict), event
        for lang in ("en", "fr"):
            text = message.get(lang)
            assert isinstance(text, str) and text.strip(), (event.type, message)
            assert not RAW.search(text), (event.type, text)
        kinds.add(event.type)
    assert {"phase", "move", "battle", "vp", "initiative", "smc_count", "war_entry_draw", "event"} <= kinds


def test_every_emitted_type_has_its_own_formatter(played):
    assert {e.type for e in played} <= set(FORMATTERS)


def test_public_messages_use_only_their_own_data(played, ruleset):
    # the message is a function of the event's own data: narrating it again gives the same
    for event in played:
        data = {k: v for k, v in event.data.items() if k != "message"}
        assert narrate(event.type, data, ruleset.world) == event.data["message"]


def test_messages_keep_the_data(ruleset):
    key = game_seed(7)
    _, events = ruleset.setup_with_events("306", {}, HmacDice(key, 0))
    for event in events:
        assert set(event.data) - {"message"}, event  # the existing keys are still there


def fr(text: str) -> str:
    return text.replace(" :", NBSP + ":").replace(" ;", NBSP + ";")


@pytest.mark.parametrize(
    ("kind", "data", "en", "french"),
    [
        ("phase", {"year": 306, "phase": "A"}, "Year 306, phase A.", "Année 306, phase A."),
        ("initiative", {"roll": 1, "cp": 4, "side": "PRIMUS"},
         "PRIMUS has the initiative (die 1, CP 4).", "PRIMUS a l'initiative (dé 1, CP 4)."),
        ("smc_count", {"total": 7, "split": {"PRIMUS": 4, "SECONDUS": 3}, "initiative": "PRIMUS"},
         "7 SMC this year: PRIMUS 4, SECONDUS 3 (initiative PRIMUS).",
         "7 SMC cette année : PRIMUS 4, SECONDUS 3 (initiative PRIMUS)."),
        ("war_entry_draw", {"drawn": "pictes", "entered_war": "pictes", "controller": "PRIMUS"},
         "War entry draw: Pictes; they go to war, controlled by PRIMUS.",
         "Tirage d'entrée en guerre : Pictes ; ce peuple entre en guerre, contrôlé par PRIMUS."),
        ("war_entry_draw", {"drawn": "decoy", "entered_war": None},
         "War entry draw: a decoy, no people goes to war.",
         "Tirage d'entrée en guerre : un leurre, aucun peuple n'entre en guerre."),
        ("event", {"number": 6, "name": {"en": "Political unrest", "fr": "Agitation politique"}, "d6": 3, "d10": 3},
         "Event of the year: 6, Political unrest (d6 3 + d10 3).",
         "Événement de l'année : 6, Agitation politique (d6 3 + d10 3)."),
        ("vp", {"side": "PRIMUS", "points": 2, "reason": "dioceses_held", "total": 2, "dioceses": 6},
         "PRIMUS: +2 victory points (dioceses held), 2 in all.",
         "PRIMUS : +2 points de victoire (diocèses tenus), 2 au total."),
        ("move", {"side": "PRIMUS", "leaders": ["diocletien"], "units": [],
                  "path": ["pannoniae-6", "italia-2", "italia-1"], "drop": {}, "cost": 2},
         "PRIMUS moves Diocletian: Pannoniae 6 (Salona) > Italia 2 (Aquileia) > Italia 1 (Mediolanum) (2 MP).",
         "PRIMUS déplace Dioclétien : Pannoniae 6 (Salona) > Italia 2 (Aquileia) > Italia 1 (Mediolanum) (2 PM)."),
        ("battle", {"zone": "galliae-4", "attacker": "PRIMUS", "defender": "SECONDUS",
                    "forces": {"attacker": {"leaders": [], "units": ["franci-3"]},
                               "defender": {"leaders": ["constantin"], "units": ["co-armatures-seniores"]}},
                    "ratio": "3/2", "column": "1/1", "roll": 3, "modified": 2,
                    "result": {"attacker": "A", "defender": "3/4"}, "winner": "SECONDUS"},
         "Battle in Galliae 4 (Lugdunum): PRIMUS (Franci) attacks SECONDUS (Constantine and Armatures Seniores), "
         "strength 3/2, column 1/1; die 3, modified 2: results attacker A, defender 3/4; SECONDUS wins.",
         "Bataille en Galliae 4 (Lugdunum) : PRIMUS (Franci) attaque SECONDUS (Constantin et Armatures Seniores), "
         "rapport 3/2, colonne 1/1 ; dé 3, modifié 2 : résultats attaquant A, défenseur 3/4 ; SECONDUS l'emporte."),
    ],
)
def test_exact_sentences(ruleset, kind, data, en, french):
    message = narrate(kind, data, ruleset.world)
    assert message == {"en": en, "fr": fr(french)}


def test_fallback_reads_as_a_sentence(ruleset):
    message = narrate("something_new", {"zone": "italia-1", "roll": 4, "ok": True}, ruleset.world)
    assert message["en"] == "Something new: ok yes; roll 4; zone Italia 1 (Mediolanum)."
    assert message["fr"] == f"Something new{NBSP}: ok oui{NBSP}; roll 4{NBSP}; zone Italia 1 (Mediolanum)."
