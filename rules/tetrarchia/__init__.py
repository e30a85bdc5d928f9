"""Tetrarchia (Miguel Marqués): the cooperative game of one to four emperors against the
revolts and barbarian armies of the late third century, registered as ``tetrarchia``.

A pure engine: the board and the numbers are data (``data/``), the rules are small
modules named after the rulebook's own parts (``roman``, ``barbarian``, ``combat``,
``chains``), and the ambiguities of the OCR text are decided in ``DECISIONS.md``.
"""

from __future__ import annotations

import copy

from dataclasses import replace

from rules.base import Event, Message, Ruleset, json_copy, only_answer
from rules.registry import register
from rules.tetrarchia import choices as choices_mod
from rules.tetrarchia import computer as computer_mod
from rules.tetrarchia import furniture as furniture_mod
from rules.tetrarchia import narration, notation, notation_help, schemas, turns
from rules.tetrarchia.data import board
from rules.tetrarchia.levels import all_levels, recommended
from rules.tetrarchia.options import OPTIONS, normalise, seats
from rules.tetrarchia.outcome import outcome as _outcome
from rules.tetrarchia.outcome import ten_point_score
from rules.tetrarchia.position import load_position as _load_position
from rules.tetrarchia.setup import SCENARIO, VERSION, setup as _setup, setup_with_events as _setup_with_events
from rules.tetrarchia.state import protected_frontiers


class Tetrarchia(Ruleset):
    slug = "tetrarchia"
    name = Message("Tetrarchia", "Tetrarchia")
    version = VERSION
    min_players, max_players = 1, 4
    hidden_information = False  # every role sees the whole table (view)
    cooperative = True  # every role wins or loses together (outcome.py)

    def scenarios(self):
        return [{"id": SCENARIO, "title": {"en": "The First Tetrarchy (AD 293)", "fr": "La première Tétrarchie (293)"},
                 "years": "293-305", "sources": ["rulebooks/tetrarchia.fr.txt"],
                 "levels": all_levels(), "recommended": recommended()}]

    def options(self):
        return copy.deepcopy(OPTIONS)

    def roles(self, scenario, options):
        opts = normalise(options)
        return sorted(seats(opts["players"], opts["shared_caesar"]))

    def fewer_seats(self, scenario, options, seats):
        """One to four emperors' players (L93-101): a game asked for more may start with
        the players it has, the emperors shared among them as the rules share them."""
        wanted = normalise(options)["players"]
        if not self.min_players <= seats < wanted:
            return None
        return {**options, "players": seats}

    def setup(self, scenario, options, dice):
        if str(scenario) != SCENARIO:
            raise ValueError(f"unknown Tetrarchia scenario {scenario!r}")
        return _setup(options, dice)

    def setup_with_events(self, scenario, options, dice):
        if str(scenario) != SCENARIO:
            raise ValueError(f"unknown Tetrarchia scenario {scenario!r}")
        return _setup_with_events(options, dice)

    def prompts(self, state):
        out = []
        for prompt in turns.prompts(state):
            if prompt.kind == "fleets":
                questions, context = choices_mod.fleet_questions(state, None), choices_mod.fleets_context(state)
            elif prompt.kind == "roman_phase":
                questions, facts = choices_mod.roman_questions(state, None)
                context = choices_mod.roman_context(state, facts)
            else:
                questions, context = [], {}
            out.append(replace(prompt, choices=tuple(questions), context=context))
        return out

    def choices(self, state, role, orders=None):
        return choices_mod.choices(state, role, orders)

    def standing(self, state, role):
        return choices_mod.standing_questions(state, role)

    def prompt_kinds(self):
        return schemas.prompt_kinds()

    def order_schema(self, kind):
        return json_copy(schemas.order_schema(kind))

    def furniture(self, view, role):
        return furniture_mod.furniture(view, role)

    def arrows(self, state, role, orders):
        return choices_mod.arrows(state, orders)

    def validate(self, state, role, orders):
        return turns.validate(state, role, orders)

    def resolve(self, state, submissions, dice):
        state, events = turns.resolve(state, submissions, dice)
        for _ in range(100):  # a prompt with one legal answer is answered here (rules/base.py, Prompt)
            prompts = turns.prompts(state)
            if len(prompts) != 1:
                break
            found = only_answer(self.choices(state, prompts[0].role))
            if found is None:
                break
            orders, lines = found
            role = prompts[0].role
            events.append(Event("answered_by_rules", {
                "role": role, "kind": prompts[0].kind, "key": prompts[0].key, "text": "\n".join(lines) or "end",
                "message": {"en": f"{prompts[0].title.en}: nothing is left to decide, the turn goes on.",
                            "fr": f"{prompts[0].title.fr} : plus rien à décider, le tour continue."}},
                visible_to=(role,)))
            state, more = turns.resolve(state, {role: orders or turns.default_orders(state)}, dice)
            events.extend(more)
        return state, events

    def view(self, state, role):
        """Tetrarchia hides nothing: every role sees the whole table, with the derived
        counts a page needs."""
        v = json_copy(state)  # shares nothing (Ruleset.view)
        v["protected_frontiers"] = protected_frontiers(state, board())
        v["score"] = ten_point_score(state)["score"]
        return v

    def outcome(self, state):
        return _outcome(state)

    def role_name(self, role):
        """``player-2`` is "Player 2" (« Joueur 2 »)."""
        number = str(role).rpartition("-")[2]
        if not number.isdigit():
            return super().role_name(role)
        return {"en": f"Player {number}", "fr": f"Joueur {number}"}

    def role_title(self, role, options):
        """"Player 1 (Diocletian, Galerius)": the emperors the seat commands (L93-101)."""
        name = self.role_name(role)
        opts = normalise(options)
        commanded = seats(opts["players"], opts["shared_caesar"]).get(str(role)) or []
        if not commanded:
            return name
        return {lang: f"{name[lang]} ({', '.join(choices_mod.emperor_name(e, lang) for e in commanded)})" for lang in ("en", "fr")}

    def roll_purpose(self, purpose):
        return narration.roll_purpose(purpose)

    def outcome_text(self, outcome):
        return narration.outcome_lines(outcome) or super().outcome_text(outcome)

    def victory_levels(self):
        """The players win or lose together against the game (rules/tetrarchia/outcome.py)."""
        return [{"id": "victory", "label": {"en": "victory", "fr": "victoire"}},
                {"id": "defeat", "label": {"en": "defeat", "fr": "défaite"}}]

    def result_from_scores(self, scores):
        """None: a cooperative game is won or lost against the game, not on its ten-point
        score, so scores alone give no result."""
        return None

    def parse_orders(self, text, state, role):
        return notation.parse_orders(text, state, role)

    def format_orders(self, orders):
        return notation.format_orders(orders)

    def notation(self):
        return notation_help.notation()

    def board(self):
        from rules.tetrarchia.boardmap import board; return board()  # noqa: E702 - drawing data (issue 5)

    def load_position(self, position):
        return _load_position(position)

    # -- self-play statistics (rules/selfplay.py, rules/tetrarchia/coverage.py) ---------------------
    def coverage(self):
        from rules.tetrarchia.coverage import coverage; return coverage()  # noqa: E702

    def tally(self, event):
        from rules.tetrarchia.coverage import tally; return tally(event)  # noqa: E702

    def measures(self, state):
        from rules.tetrarchia.coverage import measures; return measures(state)  # noqa: E702

    # -- computer players (rules/computer/, rules/tetrarchia/computer.py) -------------------------
    def policies(self):
        """``greedy``: the planning player (planner.py), also the computer's fast level;
        ``simple``: the first one-action-at-a-time heuristic, kept for comparison;
        ``random``: a random walk through the legal actions."""
        from rules.tetrarchia import planner
        from rules.tetrarchia.selfplay import choose_orders

        return {"greedy": planner.choose,
                "simple": lambda _rs, state, prompt, rng: choose_orders(state, prompt, rng, "simple"),
                "random": lambda _rs, state, prompt, rng: choose_orders(state, prompt, rng, "random")}

    def determinise(self, view, role, rng):
        return computer_mod.determinise(view)

    def evaluate(self, state, role):
        return computer_mod.evaluate(state)

    def awaiting(self, state):
        return computer_mod.awaiting(state)


TETRARCHIA = register(Tetrarchia())
