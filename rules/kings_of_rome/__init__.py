"""Kings of Rome (Enrico Acerbi), the multiplayer rules: two to four players leading the
Curiae of early Rome from 750 BC, registered as ``kings-of-rome``.

A pure engine behind the rules contract: the map and the counters are data (``data/``,
reconstructed where the rulebook prints nothing, MAP.md), the rules are modules named
after the rulebook's parts (``politics``, ``actions``, ``battle``, ``wars``, ``endturn``),
the turn is a queue of tasks that stops at each decision (``machine``), and the
ambiguities are decided in DECISIONS.md.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from rules.base import Event, Message, Ruleset, StateMigration, json_copy, only_answer
from rules.kings_of_rome import choices as choices_mod
from rules.kings_of_rome import coverage as coverage_mod
from rules.kings_of_rome import computer as computer_mod
from rules.kings_of_rome import machine, narration, notation, orders, schemas
from rules.kings_of_rome.boardmap import board as _board
from rules.kings_of_rome.movement import shared_reach
from rules.kings_of_rome.options import OPTIONS, normalise, seats
from rules.kings_of_rome.outcome import outcome as _outcome
from rules.kings_of_rome.position import load_position as _load_position
from rules.kings_of_rome.selfplay import choose_orders
from rules.kings_of_rome.setup import SCENARIO, VERSION, setup as _setup
from rules.kings_of_rome.view import view as _view
from rules.registry import register


class KingsOfRome(Ruleset):
    slug = "kings-of-rome"
    name = Message("Kings of Rome", "Kings of Rome")
    version = VERSION
    min_players, max_players = 2, 4
    state_migrations = (
        StateMigration("0.1.0", "0.2.0", machine.record_writers, Message(
            "Kings of Rome 0.2.0 (issue 20): computer players can take a seat. Each seat's view now shows the turn's "
            "remaining tasks, with the plans other seats wrote and have not carried out yet hidden; the game records "
            "which seat wrote each plan waiting in the turn. Nothing changes in your game's rules or options.",
            "Kings of Rome 0.2.0 (ticket 20) : des joueurs ordinateur peuvent prendre un siège. La vue de chaque "
            "joueur montre désormais les tâches restantes du tour, les plans écrits par les autres joueurs et pas "
            "encore exécutés restant cachés ; la partie note quel joueur a écrit chaque plan en attente dans le tour. "
            "Rien ne change dans les règles ni les options de votre partie."),),
    )

    def scenarios(self):
        return [{"id": SCENARIO, "title": {"en": "From Romulus (750 BC)", "fr": "Depuis Romulus (750 av. J.-C.)"},
                 "years": "750-635 BC", "sources": ["rulebooks/kings-of-rome-multiplayer.fr.txt"]}]

    def options(self):
        return copy.deepcopy(OPTIONS)

    def roles(self, scenario, options):
        return list(seats(normalise(options)["players"]))

    def role_name(self, role):
        """A seat by the Curiae it leads (§3.1): ``latina-sabina`` is "Curia Latina and Curia
        Sabina" (« Curie latine et Curie sabine »)."""
        en, fr = narration.seat(role)
        return {"en": en, "fr": fr}

    def roll_purpose(self, purpose):
        return narration.roll_purpose(purpose)

    def fewer_seats(self, scenario, options, seats):
        """Two to four players (§3.1.1-§3.1.3): a game asked for more may start with the
        players it has, the Curiae shared among them as §3.1 shares them."""
        wanted = normalise(options)["players"]
        if not self.min_players <= seats < wanted:
            return None
        return {**options, "players": seats}

    def setup(self, scenario, options, dice):
        return self.setup_with_events(scenario, options, dice)[0]

    def setup_with_events(self, scenario, options, dice):
        if str(scenario) != SCENARIO:
            raise ValueError(f"unknown Kings of Rome scenario {scenario!r}")
        st = _setup(options, dice)
        st, events = machine.start(st, dice)
        return self._answer_forced(st, events, dice)

    # -- prompts, with their choices; a prompt with one answer is answered here ----------------
    def _raw_prompts(self, state):
        out = []
        with shared_reach(state):  # the options and the choices search each army's reach once
            for prompt in orders.prompts(state):
                questions = choices_mod.questions(state, prompt.role)
                out.append(replace(prompt, choices=tuple(questions), context=choices_mod.context(state, prompt.role)))
        return out

    def prompts(self, state):
        return [p for p in self._raw_prompts(state) if only_answer(list(p.choices)) is None]

    def choices(self, state, role, orders_=None):
        return choices_mod.questions(state, role, orders_)

    def standing(self, state, role):
        return choices_mod.standing(state, role)

    def prompt_kinds(self):
        return schemas.prompt_kinds()

    def order_schema(self, kind):
        return json_copy(schemas.order_schema(kind))

    def validate(self, state, role, orders_):
        return orders.validate(state, role, orders_)

    def resolve(self, state, submissions, dice):
        forced = self._forced(state)
        subs = dict(submissions)
        events = []
        for role, (found, lines, prompt) in sorted(forced.items()):
            subs.setdefault(role, found)
            events.append(self._forced_event(role, prompt, lines))
        state, more = machine.resolve(state, subs, dice)
        return self._answer_forced(state, events + more, dice)

    def _forced(self, state):
        out = {}
        for prompt in self._raw_prompts(state):
            found = only_answer(list(prompt.choices))
            if found is not None:
                answer = found[0] or prompt.default_orders
                if orders.validate(state, prompt.role, answer):
                    answer = prompt.default_orders
                out[prompt.role] = (answer, found[1], prompt)
        return out

    @staticmethod
    def _forced_event(role, prompt, lines):
        return Event("answered_by_rules", {
            "role": role, "kind": prompt.kind, "key": prompt.key, "text": "\n".join(lines) or "(none)",
            "message": {"en": f"{prompt.title.en}: nothing is left to decide, the turn goes on.",
                        "fr": f"{prompt.title.fr} : plus rien à décider, le tour continue."}}, visible_to=(role,))

    def _answer_forced(self, state, events, dice):
        """While every open prompt has a single answer, the engine gives it (rules/base.py)."""
        for _ in range(200):
            raw = self._raw_prompts(state)
            if not raw or any(only_answer(list(p.choices)) is None for p in raw):
                break
            forced = self._forced(state)
            for role, (_found, lines, prompt) in sorted(forced.items()):
                events.append(self._forced_event(role, prompt, lines))
            state, more = machine.resolve(state, {r: f[0] for r, f in forced.items()}, dice)
            events.extend(more)
        return state, events

    def view(self, state, role):
        return _view(state, role)

    def outcome(self, state):
        return _outcome(state)

    def result_from_scores(self, scores):
        """§8.0: the most IP wins; a shared first place goes to the King's seat (L1783),
        which scores alone do not say: None then."""
        if scores and list(scores.values()).count(max(scores.values())) > 1:
            return None
        return super().result_from_scores(scores)

    def parse_orders(self, text, state, role):
        return notation.parse_orders(text, state, role)

    def format_orders(self, orders_):
        return notation.format_orders(orders_)

    def board(self):
        return _board()

    def load_position(self, position):
        return _load_position(position)

    # -- self-play --------------------------------------------------------------------------
    def policies(self):
        return {"random": choose_orders, "purposeful": choose_orders}

    def coverage(self):
        return coverage_mod.coverage()

    # -- computer players (rules/computer/, docs/computer.md) --------------------------------
    def determinise(self, view, role, rng):
        return computer_mod.determinise(view, role, rng)

    def evaluate(self, state, role):
        return computer_mod.evaluate(state, role)

    def tally(self, event):
        return coverage_mod.tally(event)

    def measures(self, state):
        return coverage_mod.measures(state)


KINGS_OF_ROME = register(KingsOfRome())
