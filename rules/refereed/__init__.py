"""Refereed play (``refereed``): any game by mail with a game master (docs/refereed.md).

Any number of seats and a ``master`` role. Each turn the seats send sealed free-text
orders; the master reads them (when the step closes, or as they come when the game says
so: :meth:`Refereed.reads_open_orders`), rolls verifiable dice (free expressions, on
attached tables: rules/tables) and publishes the turn's result: a public text, private
texts per seat, scoreboard values, the private rolls he reveals. A published turn may be
corrected with a note everyone reads. The rules are the players' own: Cursus encodes none.

Scenarios: ``open`` (one to twelve seats) and presets of games the platform does not
encode (``alea-iacta-est``: rules/refereed/presets.py).
"""

from __future__ import annotations

from rules.base import Message, Ruleset, json_copy
from rules.refereed import engine, notation, presets, schemas
from rules.registry import register
from rules.tables import library


class Refereed(Ruleset):
    slug = "refereed"
    name = Message("Refereed game", "Partie arbitrée")
    version = engine.VERSION
    min_players, max_players = presets.MIN_SEATS + 1, presets.MAX_SEATS + 1
    hidden_information = True  # sealed orders, private results, private rolls
    secret_diplomacy = True
    #: The master publishes the end (``end``): the players do not agree draws among themselves.
    draws = False

    def scenarios(self):
        out = []
        for ident, preset in presets.PRESETS.items():
            out.append({"id": ident, "title": json_copy(preset["title"]), "years": preset["years"],
                        "sources": list(preset["sources"]), "note": json_copy(preset["note"])})
        return out

    def options(self):
        return [
            {"id": "players", "label": {"en": "Players (besides the master)", "fr": "Joueurs (outre le maître du jeu)"},
             "choices": list(range(presets.MIN_SEATS, presets.MAX_SEATS + 1)),
             "choice_labels": {str(n): {"en": str(n), "fr": str(n)} for n in range(presets.MIN_SEATS, presets.MAX_SEATS + 1)},
             "default": 2,
             "help": {"en": "How many seats send orders in the open scenario (a preset has its own sides).",
                      "fr": "Combien de places envoient des ordres dans le scénario ouvert (un préréglage a ses camps)."}},
            {"id": "master_reads", "label": {"en": "The master reads the orders", "fr": "Le maître du jeu lit les ordres"},
             "choices": ["closed", "live"],
             "choice_labels": {"closed": {"en": "when the step closes", "fr": "à la clôture de l'étape"},
                               "live": {"en": "as they come", "fr": "au fur et à mesure"}},
             "default": "closed",
             "help": {"en": "As they come: the master's page shows each seat's sealed orders as soon as they are sent "
                            "(the seats still never see each other's).",
                      "fr": "Au fur et à mesure : la page du maître montre les ordres scellés de chaque place dès leur "
                            "envoi (les places ne voient toujours pas ceux des autres)."}},
        ]

    def roles(self, scenario, options):
        players = int((options or {}).get("players") or 2)
        return presets.seats(str(scenario), players) + [presets.MASTER]

    def setup(self, scenario, options, dice):
        if str(scenario) not in presets.PRESETS:
            raise ValueError(f"unknown refereed scenario {scenario!r}")
        return engine.setup(str(scenario), options or {})

    def prompts(self, state):
        return engine.prompts(state)

    def prompt_kinds(self):
        return ["orders", "referee"]

    def order_schema(self, kind):
        return schemas.order_schema(kind)

    def validate(self, state, role, orders):
        return engine.validate(state, role, orders)

    def resolve(self, state, submissions, dice):
        return engine.resolve(state, submissions, dice)

    def view(self, state, role):
        return engine.view(state, role)

    def outcome(self, state):
        return engine.outcome(state)

    def role_name(self, role):
        return presets.role_name(role)

    def referee_roles(self, scenario, options):
        """The master referees: a tournament seats its game master there (docs/tournaments.md)."""
        return [presets.MASTER]

    def roll_sealed(self, purpose):
        """A private roll of the master (``sealed:roll:R3``) is withheld like a draw."""
        return super().roll_sealed(purpose) or str(purpose).startswith("sealed:")

    def reads_open_orders(self, state, role):
        """With the option "as they come", the master reads each seat's sealed orders of
        the open step as soon as they are stored."""
        return engine.is_master(state, role) and state.get("master_reads") == "live" and state["phase"] == "orders"

    def handover_roles(self, state):
        """The master may hand his role to another account (the game goes on)."""
        return [] if state.get("finished") else [state["master"]]

    def table_authors(self, state):
        """The master may give the game tables of his own (docs/refereed.md); they come into
        play with his next order set."""
        return [] if state.get("finished") else [state["master"]]

    def roll_purpose(self, purpose):
        ident = str(purpose).rpartition(":")[2]
        if str(purpose).startswith("sealed:"):
            return {"en": f"private roll {ident}", "fr": f"jet privé {ident}"}
        if str(purpose).startswith("roll:"):
            return {"en": f"roll {ident}", "fr": f"jet {ident}"}
        return None

    def outcome_text(self, outcome):
        winner = outcome.get("winner")
        note = (outcome.get("detail") or {}).get("note") or ""
        if winner:
            name = presets.role_name(winner)
            head = {"en": f"{name['en']} wins, as the game master published.", "fr": f"{name['fr']} l'emporte, selon le maître du jeu."}
        else:
            head = {"en": "No winner, as the game master published.", "fr": "Pas de vainqueur, selon le maître du jeu."}
        lines = [head]
        if note:
            lines.append({"en": note, "fr": note})
        return lines

    def parse_orders(self, text, state, role):
        if engine.is_master(state, role):
            return notation.parse_master(text)
        return {"text": str(text).strip()}, []

    def format_orders(self, orders):
        if "text" in orders:
            return orders.get("text") or ""
        return notation.format_master(orders)

    def notation(self):
        return schemas.notation_help()

    def furniture(self, view, role):
        from rules.refereed.furniture import furniture

        return furniture(view, role)

    def table_ids(self):
        return list(library.ids())


register(Refereed())
