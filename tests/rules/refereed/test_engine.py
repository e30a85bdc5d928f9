"""The refereed ruleset (rules/refereed/), pure: turns of sealed orders and refereeing,
what each role sees, the master's rolls, publishing, corrections and the end."""

from __future__ import annotations

import pytest

from rules.base import canonical_json
from rules.dice import HmacDice, LoadedDice
from rules.registry import get_ruleset

RS = get_ruleset("refereed")
KEY = bytes(range(32))


def start(scenario="alea-iacta-est", **options):
    return RS.setup(scenario, options, HmacDice(KEY, 0))


def close_orders(state, texts=None):
    texts = texts or {}
    subs = {role: {"text": texts.get(role, f"orders of {role}")} for role in state["seats"]}
    state, events = RS.resolve(state, subs, HmacDice(KEY, 1))
    return state, events


def referee(state, text, dice=None):
    orders, errors = RS.parse_orders(text, state, "master")
    assert errors == [], errors
    assert RS.validate(state, "master", orders) == [], RS.validate(state, "master", orders)
    return RS.resolve(state, {"master": orders}, dice or HmacDice(KEY, 9))


def test_roles_scenarios_and_options():
    assert RS.roles("alea-iacta-est", {}) == ["cesarien", "republicain", "master"]
    assert RS.roles("open", {"players": 4}) == ["seat-1", "seat-2", "seat-3", "seat-4", "master"]
    assert RS.role_name("master") == {"en": "Game master", "fr": "Maître du jeu"}
    assert RS.role_name("seat-3") == {"en": "Seat 3", "fr": "Place 3"}
    ids = [s["id"] for s in RS.scenarios()]
    assert ids == ["open", "alea-iacta-est"]
    for option in RS.options():
        assert option["default"] in option["choices"]
        assert all(label["en"] and label["fr"] for label in option["choice_labels"].values())


def test_a_turn_is_sealed_orders_then_the_master():
    state = start()
    prompts = RS.prompts(state)
    assert [(p.role, p.kind) for p in prompts] == [("cesarien", "orders"), ("republicain", "orders")]
    assert RS.validate(state, "master", {}) != []  # not the master's turn
    state, events = close_orders(state, {"cesarien": "Rubicon", "republicain": "Brundisium"})
    sealed = [e for e in events if e.type == "orders_sealed"]
    assert {e.data["role"]: e.visible_to for e in sealed} == {"cesarien": ("cesarien", "master"),
                                                             "republicain": ("republicain", "master")}
    prompts = RS.prompts(state)
    assert [(p.role, p.kind) for p in prompts] == [("master", "referee")]
    assert prompts[0].context["orders"]["cesarien"]["text"] == "Rubicon"
    assert RS.validate(state, "cesarien", {"text": "late"})[0].code == "orders.not_now"


def test_views_hide_sealed_orders_and_private_results():
    state = start()
    state, _ = close_orders(state, {"cesarien": "Rubicon", "republicain": "Brundisium"})
    state, _ = referee(state, "roll private 1d6: spies\npublic: War.\nprivate cesarien: secret C\n"
                              "private republicain: secret R\npublish")
    cesar, repub, master, observer = (canonical_json(RS.view(state, r)) for r in ("cesarien", "republicain", "master", None))
    assert "Rubicon" in cesar and "Brundisium" not in cesar and "secret R" not in cesar and "spies" not in cesar
    assert "Brundisium" in repub and "Rubicon" not in repub and "secret C" not in repub
    assert all(word in master for word in ("Rubicon", "Brundisium", "secret C", "secret R", "spies"))
    assert not any(word in observer for word in ("Rubicon", "Brundisium", "secret C", "secret R", "spies"))
    assert "War." in observer
    furniture = RS.furniture(RS.view(state, "cesarien"), "cesarien")
    assert "secret R" not in canonical_json(furniture) and "secret C" in canonical_json(furniture)
    assert furniture["panels"][0]["id"] == "rules-note"


def test_rolls_are_the_step_dice_and_private_ones_are_sealed():
    state, _ = close_orders(start())
    dice = HmacDice(KEY, 5)
    state, events = referee(state, "roll 2d6+1: test\nroll private 1d10: hidden", dice)
    assert [r.purpose for r in dice.rolls] == ["roll:R1", "roll:R1", "sealed:roll:R2"]
    assert RS.roll_sealed("sealed:roll:R2") and RS.roll_sealed("pick:x") and not RS.roll_sealed("roll:R1")
    rolls = [e for e in events if e.type == "roll"]
    assert rolls[0].visible_to is None and rolls[1].visible_to == ("master",)
    assert state["rolls"][0]["result"]["total"] == dice.rolls[0].value + dice.rolls[1].value + 1
    assert RS.prompts(state)[0].key.endswith("referee-1")  # no publish: the master goes on
    assert [r["id"] for r in RS.view(state, "cesarien")["rolls"]] == ["R1"]
    state, events = referee(state, "reveal R2\npublish")
    assert [e.type for e in events][:1] == ["roll_revealed"]
    assert [r["id"] for r in RS.view(state, "cesarien")["rolls"]] == ["R1", "R2"]


def test_the_events_roll_is_offered_each_turn_until_made():
    state, _ = close_orders(start())
    questions = RS.prompts(state)[0].choices
    events = [q for q in questions if q.id == "events"][0]
    choice = events.choices[0]
    assert choice.orders == {"rolls": [{"table": "alea-iacta-est/events", "reason": "events"}]}
    assert RS.parse_orders(choice.text, state, "master")[0] == choice.orders
    state, out = referee(state, choice.text, LoadedDice([2, 5]))
    assert state["rolls"][0]["result"]["row"]["name"] == "Hiver Rigoureux"
    assert not [q for q in RS.prompts(state)[0].choices if q.id == "events"]
    state, _ = referee(state, "publish")
    state, _ = close_orders(state)
    assert [q for q in RS.prompts(state)[0].choices if q.id == "events"]  # a new turn, offered again


def test_death_tests_by_period_and_the_dead_are_not_tested_again():
    state = start()
    state["turn"] = 7  # 43 BC, the first year with death tests (L34, L86)
    state, _ = close_orders(state)
    assert RS.view(state, None)["turn_label"] == {"en": "43 BC", "fr": "-43 (av. J.-C.)"}
    deaths = [q for q in RS.prompts(state)[0].choices if q.id == "deaths"][0]
    keys = [c.id for c in deaths.choices]
    assert keys == ["death:Ahenobarbus", "death:Caesar", "death:Cato", "death:Hirtius", "death:Labienus", "death:Pompeius"]
    caesar = [c for c in deaths.choices if c.id == "death:Caesar"][0]
    state, events = referee(state, caesar.text, LoadedDice([1]))
    assert state["dead"] == ["Caesar"]
    assert "dies" in [e for e in events if e.type == "roll"][0].data["message"]["en"]
    state, _ = referee(state, "publish")
    state, _ = close_orders(state)
    deaths = [q for q in RS.prompts(state)[0].choices if q.id == "deaths"][0]
    assert "death:Caesar" not in [c.id for c in deaths.choices]
    state["turn"] = 1
    assert not [q for q in RS.prompts(state)[0].choices if q.id == "deaths"]  # 49 BC: none


@pytest.mark.parametrize("text,code,path", [
    ("roll 2x6", "dice.syntax", "/rolls/0/dice"),
    ("roll table alea-iacta-est/weather", "table.not_attached", "/rolls/0/table"),
    ("roll table alea-iacta-est/roman-leaders for Nero year -40", "table.no_key", "/rolls/0/key"),
    ("combat alea-iacta-est/combat 5/1 vs 3/1 modifiers z", "combat.modifier", "/rolls/0/modifiers/z"),
    ("public: hello", "referee.publish_missing", "/public"),
    ("private nobody: hi\npublish", "private.seat", "/private/nobody"),
    ("attach chess", "table.unknown", "/attach/0"),
    ("correct 3: no such turn", "correct.turn", "/correct/turn"),
    ("end nobody: x\npublish", "end.winner", "/end/winner"),
    ("reveal R9\npublish", "roll.unknown", "/reveal/0"),
])
def test_the_master_is_told_what_is_wrong(text, code, path):
    state, _ = close_orders(start())
    orders, errors = RS.parse_orders(text, state, "master")
    assert errors == []
    found = RS.validate(state, "master", orders)
    assert (code, path) in [(e.code, e.path) for e in found]
    assert all(e.message.en and e.message.fr for e in found)


@pytest.mark.parametrize("text,code", [
    ("dance", "notation.unknown"), ("roll", "notation.no_dice"), ("roll table", "notation.table"),
    ("combat x 5 vs 3", "notation.combat"), ("private: hi", "notation.private"), ("score italia", "notation.score"),
    ("reveal", "notation.reveal"), ("correct soon", "notation.correct"), ("end", "notation.end"),
    ("roll table alea-iacta-est/events sideways", "notation.table_words"),
])
def test_notation_errors_name_the_line(text, code):
    state, _ = close_orders(start())
    _, errors = RS.parse_orders("publish\n" + text, state, "master")
    assert [(e.code, e.path) for e in errors] == [(code, "line:2")]
    assert errors[0].message.fr.startswith("Ligne 2")


def test_notation_round_trip_and_french_keywords():
    state, _ = close_orders(start())
    text = ("roll private 2d6+1: spies\nroll table alea-iacta-est/roman-leaders for M. Antonius year -40 modifier 1\n"
            "combat alea-iacta-est/combat 55/3/2 vs 37/3/1 modifiers b,f extra 2: Pharsalus\nattach alea-iacta-est\n"
            "public: one\npublic: two\nprivate CÉSARIEN: to you\nscore italia = CÉSARIEN\nscore vp = 3\nreveal all\n"
            "correct 1: why\ncorrect public: fixed\ncorrect score vp = 4\npublish\nend draw: tired")
    orders, errors = RS.parse_orders(text, state, "master")
    assert errors == []
    assert orders["public"] == "one\ntwo" and orders["scores"] == {"italia": "CÉSARIEN", "vp": 3}
    assert orders["rolls"][1] == {"table": "alea-iacta-est/roman-leaders", "key": "M. Antonius", "year": -40, "modifier": 1}
    assert orders["end"] == {"winner": None, "note": "tired"}
    again, errors = RS.parse_orders(RS.format_orders(orders), state, "master")
    assert errors == [] and again == orders
    french, errors = RS.parse_orders("lance 1d6\nprivé républicain : à toi\npublier", state, "master")
    assert errors == [] and french == {"rolls": [{"dice": "1d6"}], "private": {"républicain": "à toi"}, "publish": True}
    assert RS.validate(state, "master", french) == []


def test_a_seat_writes_free_text():
    state = start()
    orders, errors = RS.parse_orders("  March!\nAnd hold.  ", state, "cesarien")
    assert orders == {"text": "March!\nAnd hold."} and errors == []
    assert RS.validate(state, "cesarien", {"text": "x" * 20001})[0].code == "orders.too_long"


def test_corrections_keep_an_audit_everyone_reads():
    state, _ = close_orders(start())
    state, _ = referee(state, "public: Caesar takes Ariminum.\nprivate republicain: old\nscore italia = C\npublish")
    state, _ = close_orders(state)
    state, events = referee(state, "correct 1: it was Pisaurum\ncorrect public: Caesar takes Pisaurum.\n"
                                   "correct private republicain: new\ncorrect score italia = R")
    kinds = {e.type: e for e in events}
    assert kinds["result_corrected"].visible_to is None and kinds["result_corrected"].data["note"] == "it was Pisaurum"
    assert kinds["private_result"].visible_to == ("republicain", "master")
    view = RS.view(state, "cesarien")
    assert view["results"][0]["public"] == "Caesar takes Pisaurum."
    assert view["results"][0]["corrections"][0]["note"] == "it was Pisaurum"
    assert view["results"][0]["private"] == {}
    assert RS.view(state, "republicain")["results"][0]["private"] == {"republicain": "new"}
    assert [e["value"] for e in state["scoreboard"] if e["id"] == "italia"] == ["R"]


def test_attaching_tables_and_the_end():
    state, _ = close_orders(start("open", players=3))
    assert state["tables"] == []
    state, events = referee(state, "attach alea-iacta-est\nroll table alea-iacta-est/events")
    assert "alea-iacta-est/combat" in state["tables"] and events[0].type == "tables_attached"
    state, _ = referee(state, "public: over\nend Seat 2: most points\npublish")
    outcome = RS.outcome(state)
    assert outcome.winner == "seat-2" and outcome.level == "victory"
    assert RS.prompts(state) == []
    assert RS.outcome_text(outcome.as_dict())[0]["en"].startswith("Seat 2 wins")


def test_the_master_reads_as_they_come_only_when_the_game_says():
    closed = start()
    assert not RS.reads_open_orders(closed, "master")
    live = start(master_reads="live")
    assert RS.reads_open_orders(live, "master")
    assert not RS.reads_open_orders(live, "cesarien")
    live, _ = close_orders(live)
    assert not RS.reads_open_orders(live, "master")  # the step is the master's now


@pytest.mark.parametrize("orders,path", [
    ([], ""), ({"rolls": 5}, "/rolls"), ({"rolls": [None]}, "/rolls"), ({"rolls": [{"dice": 6}]}, "/rolls/0/dice"),
    ({"rolls": [{"table": "x", "year": True}]}, "/rolls/0/year"), ({"rolls": [{"combat": "x", "modifiers": [1]}]},
                                                                     "/rolls/0/modifiers"),
    ({"attach": [5]}, "/attach"), ({"private": []}, "/private"), ({"scores": {"x": 1.5}}, "/scores"),
    ({"reveal": 5}, "/reveal"), ({"publish": "yes"}, "/publish"), ({"correct": 5}, "/correct"),
    ({"end": {"winner": 3}}, "/end"),
])
def test_any_json_gets_errors_never_an_exception(orders, path):
    state, _ = close_orders(start())
    found = RS.validate(state, "master", orders)
    assert [(e.code, e.path) for e in found] == [("referee.shape", path)]
    assert RS.validate(start(), "cesarien", {"text": "x", "attachments": "nope"})[0].code == "orders.attachments"
    assert RS.validate(start(), "cesarien", [])[0].code == "orders.shape"


def test_after_caesar_dies_the_sides_of_the_question_mark_leaders_are_offered():
    state = start()
    state["turn"] = 7  # 43 BC
    state, _ = close_orders(state)
    assert not [q for q in RS.prompts(state)[0].choices if q.id == "sides"]
    state, _ = referee(state, "roll table alea-iacta-est/roman-leaders for Caesar year -43: death test", LoadedDice([0]))
    assert state["dead"] == ["Caesar"]
    sides = [q for q in RS.prompts(state)[0].choices if q.id == "sides"][0]
    assert [c.id for c in sides.choices] == ["side:Pansa", "side:Salvidienus"]  # L58, L65: "?" and entry A
    pansa = sides.choices[0]
    state, _ = referee(state, pansa.text, LoadedDice([4]))
    assert state["rolls"][-1]["result"]["total"] == 4
    sides = [q for q in RS.prompts(state)[0].choices if q.id == "sides"][0]
    assert [c.id for c in sides.choices] == ["side:Salvidienus"]


def test_the_master_may_reply_pass():
    state, _ = close_orders(start())
    assert RS.parse_orders("pass", state, "master") == ({}, [])
    assert RS.parse_orders("Rien\n", state, "master") == ({}, [])
    assert RS.validate(state, "master", {}) == []


# -- the master's own tables -------------------------------------------------------------
WEATHER = """format: cursus-table/1
id: my-game/weather
title: {en: Weather, fr: Météo}
kind: roll
dice: 1d6
rows:
  - roll: {to: 2}
    result: {en: Rain, fr: Pluie}
  - roll: {from: 3}
    result: {en: Fair, fr: Beau temps}
"""


def test_the_masters_own_table_comes_with_his_orders_and_is_rolled_like_the_librarys():
    from rules.tables.format import read_text

    raw, problems = read_text(WEATHER)
    assert problems == []
    state, _ = close_orders(start())
    carried = {"tables": [{"id": "my-game/weather", "sha256": "x", "table": raw}],
               "rolls": [{"table": "my-game/weather", "reason": "weather"}]}
    assert RS.validate(state, "master", carried) == []
    # Without it, the roll names a table the game does not have.
    assert RS.validate(state, "master", {"rolls": carried["rolls"]})[0].code == "table.not_attached"
    state, events = RS.resolve(state, {"master": carried}, HmacDice(KEY, 9))
    added = next(e for e in events if e.type == "table_added")
    assert added.visible_to is None and "Weather (my-game/weather) is in play" in added.data["message"]["en"]
    roll = next(e for e in events if e.type == "roll")
    assert roll.data["result"]["row"]["result"]["en"] in ("Rain", "Fair")
    assert "my-game/weather" in state["tables"] and state["own_tables"]["my-game/weather"] == raw
    for role in ("cesarien", "republicain", "master", None):
        assert RS.view(state, role)["own_tables"] == {"my-game/weather": {"title": raw["title"], "kind": "roll"}}
    # In play now: a later order set rolls on it by name, and the text notation reads it.
    orders, errors = RS.parse_orders("roll table my-game/weather: the next day", state, "master")
    assert errors == [] and RS.validate(state, "master", orders) == []
    panel = next(p for p in RS.furniture(RS.view(state, "cesarien"), "cesarien")["panels"] if p["id"] == "tables")
    assert any(item["label"]["fr"] == "Météo" and "href" not in item for item in panel["items"])
    # The same version again changes nothing; a new one replaces it and says so.
    state2, events = RS.resolve(state, {"master": {"tables": carried["tables"]}}, HmacDice(KEY, 10))
    assert not [e for e in events if e.type == "table_added"]
    changed = {**raw, "title": {"en": "Weather 2", "fr": "Météo 2"}}
    state2, events = RS.resolve(state, {"master": {"tables": [{"id": "my-game/weather", "sha256": "y", "table": changed}]}},
                                HmacDice(KEY, 10))
    assert next(e for e in events if e.type == "table_added").data["replaced"] is True
    assert state2["own_tables"]["my-game/weather"]["title"]["en"] == "Weather 2"


def test_the_masters_own_tables_are_checked():
    from rules.tables.format import read_text

    raw, _ = read_text(WEATHER)
    state, _ = close_orders(start())

    def codes(entries):
        return [(e.code, e.path) for e in RS.validate(state, "master", {"tables": entries})]

    gap = {**raw, "rows": raw["rows"][:1]}
    assert codes([{"id": "my-game/weather", "sha256": "", "table": gap}]) == [("table.roll_gap", "/tables/0/table/rows")]
    assert codes([{"id": "other/id", "sha256": "", "table": raw}]) == [("table.id", "/tables/0/id")]
    taken = {**raw, "id": "alea-iacta-est/events"}
    assert codes([{"id": "alea-iacta-est/events", "sha256": "", "table": taken}]) == \
        [("table.id_taken", "/tables/0/table/id")]
    upper = {**raw, "id": "My/Weather"}
    assert codes([{"id": "My/Weather", "sha256": "", "table": upper}]) == [("table.id", "/tables/0/table/id")]
    assert codes([{"id": "x/y", "sha256": "", "table": {"rows": "no"}}])[0][1].startswith("/tables/0/table")
    many = [{"id": f"t/n{i}", "sha256": "", "table": {**raw, "id": f"t/n{i}"}} for i in range(21)]
    assert ("table.too_many", "/tables") in codes(many)
    assert RS.validate(state, "master", {"tables": "x"})[0].code == "referee.shape"


def test_a_table_written_by_a_player_is_read_with_the_line_of_each_problem():
    from rules.tables.format import TEXT_MAX_BYTES, read_text

    bad = WEATHER.replace("  - roll: {from: 3}\n    result: {en: Fair, fr: Beau temps}\n",
                          "  - roll: {from: 4}\n    result: {en: Fair}\n")
    _, problems = read_text(bad)
    assert [(p.code, p.path, p.line) for p in problems] == [("table.result", "rows/1/result", 10),
                                                             ("table.roll_gap", "rows", 6)]
    assert all(p.message.en and p.message.fr for p in problems)
    _, problems = read_text("format: cursus-table/1\nrows: [1,\n")
    assert [(p.code, p.line) for p in problems] == [("table.yaml", 3)]
    _, problems = read_text("a: &x [1, 2]\nb: [*x, *x]\n")
    assert [(p.code, p.line) for p in problems] == [("table.yaml_alias", 1)]
    _, problems = read_text(WEATHER + "notes: 2020-01-01\n")
    assert [(p.code, p.path, p.line) for p in problems] == [("table.value", "notes", 11)]
    _, problems = read_text("x" * (TEXT_MAX_BYTES + 1))
    assert [p.code for p in problems] == ["table.too_large"]
    assert [p.code for p in read_text("   \n")[1]] == ["table.empty"]
    assert [p.code for p in read_text("- a\n- b\n")[1]] == ["table.not_mapping"]
    raw, problems = read_text(WEATHER.replace("kind: roll", "kind: list\ncolumns: [{id: 1, label: One}]")
                              .replace("dice: 1d6\n", "").replace("  - roll: {to: 2}\n    result: {en: Rain, fr: Pluie}\n",
                                                                  "  - key: a\n    cells: {1: 3}\n")
                              .replace("  - roll: {from: 3}\n    result: {en: Fair, fr: Beau temps}\n", ""))
    assert problems == [] and raw["rows"][0]["cells"] == {"1": 3}  # names are texts, as JSON keeps them
