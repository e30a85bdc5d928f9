"""A refereed game: sealed free-text orders, a game master who rolls and publishes.

Each turn has two phases, each a step of the platform:

1. ``orders``: every seat is prompted (kind ``orders``) for a free text (and the ids of
   attachments the platform stored). When the step resolves, the orders go into the state,
   each seen by its author and the master only.
2. ``referee``: the master is prompted (kind ``referee``) as often as he likes: each of his
   order sets may roll dice (free expressions, on attached tables, a combat), attach
   tables, correct a published turn; one with ``publish`` publishes the turn's result (a
   public text, private texts per seat, scoreboard values, the private rolls he reveals)
   and opens the next turn's orders, or ends the game (``end``).

Every roll is a roll of the step's dice (rules/tables): derived from the committed seed and
checked after the game with docs/dice.md's verifier. A private roll's purpose starts with
``sealed:`` (``Refereed.roll_sealed``): the platform withholds its value from the dice log
until the game ends; the master sees it in his own event, the seats when he reveals it.
"""

from __future__ import annotations

from rules.base import Event, Message, OrderError, Outcome, Prompt, Question, Choice, RulesError, json_copy
from rules.refereed import presets
from rules.refereed.notation import fold
from rules.tables import expressions, library, rolling
from rules.tables.format import Table, TableError
from rules.tables.format import check as check_table
from rules.tables.format import own_id_problems

VERSION = "1"
MAX_TEXT = 20000
MAX_SCORE_TEXT = 60
MAX_SCORES = 60


# -- setting up -------------------------------------------------------------------------
def setup(scenario: str, options: dict) -> dict:
    preset = presets.PRESETS[scenario]
    players = int(options.get("players") or 2)
    seats = presets.seats(scenario, players)
    return {
        "version": VERSION,
        "scenario": scenario,
        "seats": seats,
        "master": presets.MASTER,
        "master_reads": options.get("master_reads") or "closed",
        "calendar": json_copy(preset["calendar"]),
        "tables": list(preset["tables"]),
        "scoreboard": json_copy(preset["scoreboard"]),
        "turn": 1,
        "phase": "orders",
        "round": 0,
        "orders": {},
        "history": [],
        "rolls": [],
        "results": [],
        "dead": [],
        "finished": None,
    }


def is_master(state: dict, role: str | None) -> bool:
    return role is not None and role == state["master"]


def turn_label(state: dict, turn: int | None = None) -> dict:
    return presets.turn_label(state.get("calendar"), state["turn"] if turn is None else turn)


# -- prompts ----------------------------------------------------------------------------
def prompts(state: dict) -> list[Prompt]:
    if state.get("finished"):
        return []
    label = turn_label(state)
    if state["phase"] == "orders":
        out = []
        for role in state["seats"]:
            out.append(Prompt(
                role=role, kind="orders", key=f"turn-{state['turn']}/orders", options={"turn": state["turn"]},
                default_orders={"text": ""},
                title=Message(f"Orders for {label['en']}", f"Ordres pour {label['fr']}"),
                context={"summary": {"en": f"{label['en']}: write your orders as free text; the game master reads them "
                                           "when the step closes, nobody else.",
                                     "fr": f"{label['fr']} : écrivez vos ordres en texte libre ; le maître du jeu les lit "
                                           "à la clôture de l'étape, personne d'autre."}}))
        return out
    questions = tuple(master_questions(state))
    return [Prompt(
        role=state["master"], kind="referee", key=f"turn-{state['turn']}/referee-{state['round']}",
        options={"turn": state["turn"], "tables": list(state["tables"]), "seats": list(state["seats"]),
                 "scoreboard": [entry["id"] for entry in state["scoreboard"]]},
        default_orders={},
        title=Message(f"Referee {label['en']}", f"Arbitrer {label['fr']}"),
        choices=questions,
        context={"summary": {"en": f"{label['en']}: every seat's orders are in. Roll what the rules ask, then publish "
                                   "the turn's result.",
                             "fr": f"{label['fr']} : les ordres de toutes les places sont arrivés. Lancez ce que "
                                   "demandent les règles, puis publiez le résultat du tour."},
                 "orders": {role: json_copy(state["orders"].get(role) or {"text": ""}) for role in state["seats"]},
                 "form": master_form(state)})]


def master_form(state: dict) -> list[dict]:
    """The master's publishing form, as fields that each write lines of the notation
    (``line``: ``{value}`` is the field's value, one line per line of a text; other
    ``{name}`` are other fields). The platform draws it on the master's page and writes
    the text it submits; nothing in it is a rule."""
    def m(en, fr):
        return {"en": en, "fr": fr}
    fields = [
        {"name": "rolls", "kind": "lines", "label": m("Rolls and other instructions", "Jets et autres instructions"),
         "help": m("One a line: roll 2d6+1: reason · roll private 1d10 · roll table <table> · combat <table> 5/2/1 vs 3/2/0 · attach <game>",
                   "Une par ligne : roll 2d6+1 : raison · roll private 1d10 · roll table <table> · combat <table> 5/2/1 vs 3/2/0 · attach <jeu>"),
         "line": "{value}"},
        {"name": "public", "kind": "text", "label": m("Public result (everyone reads it)", "Résultat public (tout le monde le lit)"),
         "line": "public: {value}"},
    ]
    for role in state["seats"]:
        name = presets.role_name(role)
        fields.append({"name": f"private-{role}", "kind": "text",
                       "label": m(f"Private text for {name['en']}", f"Texte privé pour {name['fr']}"),
                       "line": f"private {role}: {{value}}"})
    for entry in state["scoreboard"]:
        fields.append({"name": f"score-{entry['id']}", "kind": "line", "label": json_copy(entry["label"]),
                       "value": str(entry["value"]), "line": f"score {entry['id']} = {{value}}"})
    fields.append({"name": "score-new", "kind": "line", "label": m("New scoreboard value (name = value)", "Nouvelle valeur du tableau (nom = valeur)"),
                   "line": "score {value}"})
    fields.append({"name": "reveal", "kind": "check", "label": m("Reveal this turn's private rolls", "Révéler les jets privés du tour"),
                   "line": "reveal all"})
    published = [r["turn"] for r in state["results"]]
    if published:
        fields.append({"name": "correct-turn", "kind": "choice", "label": m("Correct a published turn", "Corriger un tour publié"),
                       "choices": [{"value": "", "label": m("(none)", "(aucun)")}] +
                                  [{"value": str(t), "label": turn_label(state, t)} for t in published], "line": None})
        fields.append({"name": "correct-note", "kind": "line", "label": m("Why (everyone reads it)", "Pourquoi (tout le monde le lit)"),
                       "line": "correct {correct-turn}: {value}", "needs": "correct-turn"})
        fields.append({"name": "correct-public", "kind": "text", "label": m("Corrected public result", "Résultat public corrigé"),
                       "line": "correct public: {value}", "needs": "correct-turn"})
    fields.append({"name": "end", "kind": "choice", "label": m("End the game with this result", "Terminer la partie avec ce résultat"),
                   "choices": [{"value": "", "label": m("(no, go on)", "(non, continuer)")}] +
                              [{"value": role, "label": m(f"{presets.role_name(role)['en']} wins", f"{presets.role_name(role)['fr']} l'emporte")}
                               for role in state["seats"]] + [{"value": "draw", "label": m("no winner", "pas de vainqueur")}],
                   "line": "end {value}: {end-note}"})
    fields.append({"name": "end-note", "kind": "line", "label": m("Why the game ends", "Pourquoi la partie se termine"), "line": None})
    fields.append({"name": "publish", "kind": "check", "label": m("Publish the turn's result (the next turn opens)", "Publier le résultat du tour (le tour suivant s'ouvre)"),
                   "line": "publish"})
    return fields


def master_questions(state: dict) -> list[Question]:
    """The rolls a preset offers each turn: the events roll (AIE: phase D, L5) until it
    was made this turn, and the death tests of the year's period for the leaders still
    alive (L32, L86)."""
    preset = presets.PRESETS.get(state["scenario"], {})
    out = []
    rolled = {(r.get("table"), r.get("key")) for r in state["rolls"] if r["turn"] == state["turn"]}
    events_table = preset.get("events_table")
    choices = []
    if events_table and events_table in state["tables"] and (events_table, None) not in rolled:
        choices.append(Choice(id="events", label=Message("Roll the events (1d6+1d10)", "Lancer les événements (1d6+1d10)"),
                              text=f"roll table {events_table}: events",
                              orders={"rolls": [{"table": events_table, "reason": "events"}]}))
    death_table = preset.get("death_table")
    year = presets.turn_year(state.get("calendar"), state["turn"])
    deaths = []
    if death_table and death_table in state["tables"] and year is not None:
        table = library.table(death_table)
        column = rolling.column_for_year(table, year)
        if column is not None:
            for row in table.rows:
                threshold = (row.get("cells") or {}).get(str(column["id"]))
                if threshold is None or row["key"] in state["dead"] or (death_table, row["key"]) in rolled:
                    continue
                deaths.append(Choice(
                    id=f"death:{row['key']}",
                    label=Message(f"Death test: {row['key']} (dies under {threshold})",
                                  f"Test de mort : {row['key']} (meurt sous {threshold})"),
                    text=f"roll table {death_table} for {row['key']} year {year}: death test",
                    orders={"rolls": [{"table": death_table, "key": row["key"], "year": year, "reason": "death test"}]}))
    sides = []
    if death_table and death_table in state["tables"] and "Caesar" in state["dead"]:
        # L80, L82: the "A" leaders enter after Caesar's death; a "?" side is drawn by a
        # die, even CÉSARIEN, odd RÉPUBLICAIN (the die is not named: 1d10, DECISIONS R9).
        reasons = {r["reason"] for r in state["rolls"]}
        for row in library.table(death_table).rows:
            cells = row.get("cells") or {}
            reason = f"side of {row['key']}"
            if cells.get("side") == "?" and reason not in reasons and row["key"] not in state["dead"]:
                sides.append(Choice(
                    id=f"side:{row['key']}",
                    label=Message(f"Side of {row['key']}: 1d10, even CÉSARIEN, odd RÉPUBLICAIN",
                                  f"Camp de {row['key']} : 1d10, pair CÉSARIEN, impair RÉPUBLICAIN"),
                    text=f"roll 1d10: {reason}", orders={"rolls": [{"dice": "1d10", "reason": reason}]}))
    if choices:
        out.append(Question(id="events", label=Message("Events of the turn", "Événements du tour"), mode="many",
                            choices=tuple(choices), max=1))
    if sides:
        out.append(Question(id="sides", label=Message("Sides of the leaders who enter after Caesar's death",
                                                      "Camps des chefs qui entrent après la mort de Caesar"),
                            mode="many", choices=tuple(sides)))
    if deaths:
        out.append(Question(id="deaths", label=Message("Leaders' death tests (phase D)", "Tests de mort des chefs (phase D)"),
                            mode="many", choices=tuple(deaths)))
    return out


# -- validating -------------------------------------------------------------------------
def _err(code: str, path: str, en: str, fr: str) -> OrderError:
    return OrderError(code, path, Message(en, fr))


def find_seat(state: dict, name) -> str | None:
    """A seat by its role or its name in either language, without case or accents."""
    wanted = fold(str(name))
    for role in state["seats"]:
        names = presets.role_name(role)
        if wanted in (fold(role), fold(names["en"]), fold(names["fr"])):
            return role
    return None


def find_score(state: dict, name) -> str | None:
    wanted = fold(str(name))
    for entry in state["scoreboard"]:
        if wanted in (fold(entry["id"]), fold(entry["label"]["en"]), fold(entry["label"]["fr"])):
            return entry["id"]
    return None


#: The most tables of its own a game may have (the master's, docs/refereed.md).
OWN_TABLES_MAX = 20


def own_tables(state: dict) -> dict:
    """The master's own tables in play: ``{id: mapping}`` (a state before them has none)."""
    return state.get("own_tables") or {}


def incoming_tables(orders: dict) -> dict:
    """The master's own tables an order set carries (the platform joins what he uploaded):
    ``{id: mapping}``."""
    out = {}
    for entry in orders.get("tables") or []:
        if isinstance(entry, dict) and isinstance(entry.get("id"), str) and isinstance(entry.get("table"), dict):
            out[entry["id"]] = entry["table"]
    return out


def table_for(state: dict, table_id: str, incoming: dict | None = None) -> Table:
    """A table by id: one of the master's own (arriving with this order set, or in play),
    else the library's (``TableError`` ``table.unknown``)."""
    raw = (incoming or {}).get(table_id) or own_tables(state).get(table_id)
    if raw is not None:
        return Table(raw)
    return library.table(table_id)


def own_table_problems(state: dict, orders: dict) -> list[OrderError]:
    """Every problem of the own tables an order set carries: each a table of the format
    (rules/tables/format.py, its errors at ``/tables/<i>/table/<path>``), under an id of
    its own (``<game>/<table>``, lower case, not the library's), at most
    :data:`OWN_TABLES_MAX` in the game."""
    errors: list[OrderError] = []
    ids = set(own_tables(state))
    for i, entry in enumerate(orders.get("tables") or []):
        path = f"/tables/{i}"
        raw = entry.get("table")
        try:
            problems = check_table(raw)
        except Exception:  # noqa: BLE001 - any JSON gets errors, never an exception
            problems = [TableError("table.not_mapping", "", "This is not a table.", "Ce n'est pas une table.")]
        errors += [p.as_order_error(f"{path}/table/{p.path}".rstrip("/")) for p in problems]
        ident = entry.get("id")
        if problems:
            continue
        if ident != raw.get("id"):
            errors.append(_err("table.id", f"{path}/id", f"The entry says {ident!r}, its table {raw.get('id')!r}.",
                               f"L'entrée indique {ident!r}, sa table {raw.get('id')!r}."))
            continue
        errors += [p.as_order_error(f"{path}/table/id") for p in own_id_problems(ident, library.ids())]
        ids.add(ident)
    if len(ids) > OWN_TABLES_MAX:
        errors.append(_err("table.too_many", "/tables", f"A game has at most {OWN_TABLES_MAX} tables of its own.",
                           f"Une partie a au plus {OWN_TABLES_MAX} tables à elle."))
    return errors


def resolve_tables(names) -> tuple[list[str], list[str]]:
    """Table ids from names that are ids or games of the library; and the unknown names."""
    found, unknown = [], []
    for name in names:
        if name in library.ids():
            found.append(name)
        elif library.of_game(name):
            found.extend(library.of_game(name))
        else:
            unknown.append(name)
    return found, unknown


def validate(state: dict, role: str, orders: dict) -> list[OrderError]:
    if state.get("finished"):
        return [_err("game.over", "", "The game is over.", "La partie est terminée.")]
    if role in state["seats"]:
        if state["phase"] != "orders":
            return [_err("orders.not_now", "", "Your orders for this turn are in; the master is refereeing it.",
                         "Vos ordres pour ce tour sont arrivés ; le maître du jeu l'arbitre.")]
        if not isinstance(orders, dict):
            return [_err("orders.shape", "", "The orders are an object with their text.",
                         "Les ordres sont un objet avec leur texte.")]
        text = orders.get("text")
        errors = []
        attached = orders.get("attachments", [])
        if not isinstance(attached, list) or not all(isinstance(a, dict) and isinstance(a.get("id"), str) for a in attached):
            errors.append(_err("orders.attachments", "/attachments", "Attachments are a list of files, each with its id.",
                               "Les pièces jointes sont une liste de fichiers, chacun avec son id."))
        if not isinstance(text, str):
            errors.append(_err("orders.text", "/text", "The orders are a text.", "Les ordres sont un texte."))
        elif len(text) > MAX_TEXT:
            errors.append(_err("orders.too_long", "/text", f"The orders are longer than {MAX_TEXT} characters.",
                               f"Les ordres dépassent {MAX_TEXT} caractères."))
        return errors
    if not is_master(state, role):
        return [_err("role.unknown", "", f"{role} has no seat in this game.", f"{role} n'a pas de place dans cette partie.")]
    if state["phase"] != "referee":
        return [_err("referee.not_now", "", "The seats are still writing their orders.",
                     "Les places écrivent encore leurs ordres.")]
    return validate_referee(state, orders)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _texts_shape(value) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _scores_shape(value) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and (isinstance(v, str) or _is_int(v))
                                           for k, v in value.items())


_ROLL_FIELDS = {"dice": str, "table": str, "combat": str, "key": str, "column": str, "year": int, "modifier": int,
                "extra": int, "reason": str, "private": bool, "attacker": dict, "defender": dict, "modifiers": list}


def referee_shape(orders) -> list[OrderError]:
    """What the order schema guarantees, checked again so that any JSON at all gets
    errors rather than an exception (the engine may be called without the platform)."""
    def bad(path, what_en, what_fr):
        return [_err("referee.shape", path, f"{path or 'The order set'} must be {what_en}.",
                     f"{path or 'Le jeu d’ordres'} doit être {what_fr}.")]
    if not isinstance(orders, dict):
        return bad("", "an object", "un objet")
    rolls = orders.get("rolls", [])
    if not isinstance(rolls, list) or not all(isinstance(r, dict) for r in rolls):
        return bad("/rolls", "a list of rolls", "une liste de jets")
    for i, roll in enumerate(rolls):
        for field, value in roll.items():
            kind = _ROLL_FIELDS.get(field)
            ok = kind is not None and (_is_int(value) if kind is int else isinstance(value, kind))
            if ok and field == "modifiers":
                ok = all(isinstance(m, str) for m in value)
            if not ok:
                return bad(f"/rolls/{i}/{field}", "of the right kind", "du bon type")
    checks = {
        "attach": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
        "public": lambda v: isinstance(v, str),
        "private": _texts_shape,
        "scores": _scores_shape,
        "reveal": lambda v: v == "all" or (isinstance(v, list) and all(isinstance(x, str) for x in v)),
        "publish": lambda v: isinstance(v, bool),
        "tables": lambda v: isinstance(v, list) and all(
            isinstance(t, dict) and isinstance(t.get("id"), str) and isinstance(t.get("sha256", ""), str)
            and isinstance(t.get("table"), dict) for t in v),
        "correct": lambda v: isinstance(v, dict) and _is_int(v.get("turn")) and isinstance(v.get("note", ""), str)
        and isinstance(v.get("public", ""), str) and _texts_shape(v.get("private", {})) and _scores_shape(v.get("scores", {})),
        "end": lambda v: isinstance(v, dict) and (v.get("winner") is None or isinstance(v.get("winner"), str))
        and isinstance(v.get("note", ""), str),
    }
    for field, check in checks.items():
        if field in orders and not check(orders[field]):
            return bad(f"/{field}", "of the right kind", "du bon type")
    return []


def validate_referee(state: dict, orders: dict) -> list[OrderError]:
    shape = referee_shape(orders)
    if shape:
        return shape
    errors: list[OrderError] = []
    attached, unknown = resolve_tables(orders.get("attach") or [])
    for i, name in enumerate(orders.get("attach") or []):
        if name in unknown:
            errors.append(_err("table.unknown", f"/attach/{i}", f"No table or game {name!r} in the library: "
                               f"{', '.join(library.games() + list(library.ids()))}.",
                               f"Pas de table ni de jeu {name!r} dans la bibliothèque : "
                               f"{', '.join(library.games() + list(library.ids()))}."))
    own_errors = own_table_problems(state, orders)
    errors += own_errors
    incoming = incoming_tables(orders) if not own_errors else {}
    tables = set(state["tables"]) | set(attached) | set(incoming)
    for i, roll in enumerate(orders.get("rolls") or []):
        path = f"/rolls/{i}"
        kinds = [k for k in ("dice", "table", "combat") if k in roll]
        if len(kinds) != 1:
            errors.append(_err("roll.kind", path, "A roll is one of: dice (an expression), table, combat.",
                               "Un jet est l'un de : dice (une expression), table, combat."))
            continue
        if "dice" in roll:
            try:
                expressions.parse(roll["dice"], f"{path}/dice")
            except expressions.ExpressionError as exc:
                errors.append(exc.as_order_error())
            continue
        table_id = roll.get("table") or roll.get("combat")
        if table_id not in tables:
            errors.append(_err("table.not_attached", f"{path}/{kinds[0]}",
                               f"The table {table_id!r} is not attached to this game: "
                               f"{', '.join(sorted(tables)) or 'none'} (attach it first).",
                               f"La table {table_id!r} n'est pas jointe à cette partie : "
                               f"{', '.join(sorted(tables)) or 'aucune'} (joignez-la d'abord)."))
            continue
        table = table_for(state, table_id, incoming)
        if "combat" in roll:
            try:
                rolling.combat(table, _NoDice(), "check", attacker=roll.get("attacker"), defender=roll.get("defender"),
                               modifiers=roll.get("modifiers") or (), extra=roll.get("extra", 0))
            except TableError as exc:
                errors.append(exc.as_order_error(f"{path}/{exc.path}"))
            except _Checked:
                pass
            continue
        try:
            rolling.roll_on(table, _NoDice(), "check", key=roll.get("key"), column=roll.get("column"),
                            year=roll.get("year"), modifier=roll.get("modifier", 0))
        except TableError as exc:
            errors.append(exc.as_order_error(f"{path}/{exc.path}"))
        except _Checked:
            pass
    publishing = bool(orders.get("publish"))
    for field in ("public", "private", "scores", "reveal", "end"):
        if field in orders and not publishing:
            errors.append(_err("referee.publish_missing", f"/{field}",
                               "Texts, scores, reveals and the end go with publish (add the line publish).",
                               "Les textes, scores, révélations et la fin vont avec publier (ajoutez la ligne publier)."))
            break
    errors += _check_texts(state, orders, "")
    reveal = orders.get("reveal")
    if isinstance(reveal, list):
        known = {r["id"] for r in state["rolls"]}
        for i, ident in enumerate(reveal):
            if ident not in known:
                errors.append(_err("roll.unknown", f"/reveal/{i}", f"There is no roll {ident} yet.",
                                   f"Il n'y a pas encore de jet {ident}."))
    end = orders.get("end")
    if end is not None and end.get("winner") is not None and find_seat(state, end["winner"]) is None:
        errors.append(_err("end.winner", "/end/winner", f"{end['winner']!r} is not a seat of this game: "
                           f"{', '.join(state['seats'])} (or draw).",
                           f"{end['winner']!r} n'est pas une place de cette partie : {', '.join(state['seats'])} (ou nulle)."))
    correction = orders.get("correct")
    if correction is not None:
        turns = [r["turn"] for r in state["results"]]
        if correction.get("turn") not in turns:
            errors.append(_err("correct.turn", "/correct/turn", f"No published turn {correction.get('turn')} to "
                               f"correct (published: {', '.join(map(str, turns)) or 'none'}).",
                               f"Pas de tour publié {correction.get('turn')} à corriger (publiés : "
                               f"{', '.join(map(str, turns)) or 'aucun'})."))
        if not str(correction.get("note") or "").strip():
            errors.append(_err("correct.note", "/correct/note", "A correction says why (its note, which everyone reads).",
                               "Une correction dit pourquoi (sa note, que tout le monde lit)."))
        errors += _check_texts(state, correction, "/correct")
    return errors


def _check_texts(state: dict, part: dict, prefix: str) -> list[OrderError]:
    errors = []
    if len(str(part.get("public") or "")) > MAX_TEXT:
        errors.append(_err("text.too_long", f"{prefix}/public", f"The text is longer than {MAX_TEXT} characters.",
                           f"Le texte dépasse {MAX_TEXT} caractères."))
    for name, text in (part.get("private") or {}).items():
        if find_seat(state, name) is None:
            errors.append(_err("private.seat", f"{prefix}/private/{name}", f"{name!r} is not a seat of this game: "
                               f"{', '.join(state['seats'])}.",
                               f"{name!r} n'est pas une place de cette partie : {', '.join(state['seats'])}."))
        if len(str(text)) > MAX_TEXT:
            errors.append(_err("text.too_long", f"{prefix}/private/{name}", f"The text is longer than {MAX_TEXT} characters.",
                               f"Le texte dépasse {MAX_TEXT} caractères."))
    scores = part.get("scores") or {}
    new = [name for name in scores if find_score(state, name) is None]
    if len(state["scoreboard"]) + len(new) > MAX_SCORES:
        errors.append(_err("score.too_many", f"{prefix}/scores", f"At most {MAX_SCORES} scoreboard values.",
                           f"Au plus {MAX_SCORES} valeurs au tableau des scores."))
    for name, value in scores.items():
        if isinstance(value, str) and len(value) > MAX_SCORE_TEXT:
            errors.append(_err("score.too_long", f"{prefix}/scores/{name}", f"A scoreboard value is at most "
                               f"{MAX_SCORE_TEXT} characters.", f"Une valeur du tableau a au plus {MAX_SCORE_TEXT} caractères."))
        if prefix and find_score(state, name) is None:
            errors.append(_err("score.unknown", f"{prefix}/scores/{name}", f"No scoreboard value {name!r} to correct.",
                               f"Pas de valeur {name!r} au tableau à corriger."))
    return errors


class _Checked(Exception):
    """Raised by :class:`_NoDice` when a look-up reaches its first die: its arguments passed."""


class _NoDice:
    rolls: list = []

    def roll(self, sides, purpose=""):
        raise _Checked


# -- resolving --------------------------------------------------------------------------
def resolve(state: dict, submissions: dict, dice) -> tuple[dict, list[Event]]:
    state = json_copy(state)
    if state.get("finished"):
        raise RulesError("the game is over")
    if state["phase"] == "orders":
        return _close_orders(state, submissions)
    orders = submissions.get(state["master"]) or {}
    return _referee(state, orders, dice)


def _close_orders(state: dict, submissions: dict) -> tuple[dict, list[Event]]:
    events = []
    label = turn_label(state)
    for role in state["seats"]:
        orders = submissions.get(role) or {"text": ""}
        kept = {"text": str(orders.get("text") or "")}
        if orders.get("attachments"):
            kept["attachments"] = json_copy(orders["attachments"])
        state["orders"][role] = kept
        name = presets.role_name(role)
        files = ", ".join(str(a.get("name") or a.get("id")) for a in kept.get("attachments", []) if isinstance(a, dict))
        events.append(Event("orders_sealed", {
            "turn": state["turn"], "role": role, "text": kept["text"], "attachments": kept.get("attachments", []),
            "message": {"en": f"{label['en']}, orders of {name['en']}: {kept['text'] or '(none)'}"
                              + (f" (files attached: {files})" if files else ""),
                        "fr": f"{label['fr']}, ordres de {name['fr']} : {kept['text'] or '(aucun)'}"
                              + (f" (fichiers joints : {files})" if files else "")}},
            visible_to=(role, state["master"])))
    state["phase"] = "referee"
    state["round"] = 0
    events.append(Event("orders_closed", {"turn": state["turn"], "message": {
        "en": f"{label['en']}: every seat's orders are in the master's hands.",
        "fr": f"{label['fr']} : les ordres de toutes les places sont entre les mains du maître du jeu."}}))
    return state, events


def _roll_summary(record: dict) -> dict:
    result = record["result"]
    reason_en = f" ({record['reason']})" if record.get("reason") else ""
    head = f"{record['id']}"
    if record["kind"] == "dice":
        faces = ", ".join(str(f["value"]) for f in result["dice"])
        return {"en": f"{head}: {result['expression']} = {result['total']} [{faces}]{reason_en}",
                "fr": f"{head} : {result['expression']} = {result['total']} [{faces}]{reason_en}"}
    if record["kind"] == "table" and "row" in result:
        row = result["row"]
        name = f" {row['name']}:" if row.get("name") else ""
        name_fr = f" {row['name']} :" if row.get("name") else ""
        faces = ", ".join(str(f["value"]) for f in result["roll"]["dice"])
        return {"en": f"{head}: {result['title']['en']}, {result['roll']['expression']} = {result['total']} [{faces}] → "
                      f"{row['roll']}{name} {row['result']['en']}{reason_en}",
                "fr": f"{head} : {result['title']['fr']}, {result['roll']['expression']} = {result['total']} [{faces}] → "
                      f"{row['roll']}{name_fr} {row['result']['fr']}{reason_en}"}
    if record["kind"] == "table" and "key" in result:
        column = result["column_label"]
        if not result["tested"]:
            return {"en": f"{head}: {result['title']['en']}, {result['key']}, {column['en']}: {result['outcome']['en']}{reason_en}",
                    "fr": f"{head} : {result['title']['fr']}, {result['key']}, {column['fr']} : {result['outcome']['fr']}{reason_en}"}
        total = result["roll"]["total"]
        return {"en": f"{head}: {result['title']['en']}, {result['key']}, {column['en']}: {result['roll']['expression']} = "
                      f"{total}, under {result['threshold']}? {result['outcome']['en']}{reason_en}",
                "fr": f"{head} : {result['title']['fr']}, {result['key']}, {column['fr']} : {result['roll']['expression']} = "
                      f"{total}, sous {result['threshold']} ? {result['outcome']['fr']}{reason_en}"}
    # a grid: a column's cell, or a combat
    words_en = " / ".join(w["en"] for w in result["result_words"])
    words_fr = " / ".join(w["fr"] for w in result["result_words"])
    cell = " • ".join(result["result"])
    where_en = where_fr = ""
    if "base_column" in result:
        a, d = result["attacker"], result["defender"]
        where_en = f"{a['strength']} against {d['strength']}, column {result['base_column']}"
        where_fr = f"{a['strength']} contre {d['strength']}, colonne {result['base_column']}"
        if result["shift"]:
            where_en += f" shifted {result['shift']:+d} to {result['column']}"
            where_fr += f" décalée de {result['shift']:+d} en {result['column']}"
    else:
        where_en = f"column {result['column']}"
        where_fr = f"colonne {result['column']}"
    modifier = f" {result['modifier']:+d} = {result['modified']}" if result["modifier"] else ""
    return {"en": f"{head}: {result['title']['en']}, {where_en}; {result['roll']['expression']} = "
                  f"{result['roll']['total']}{modifier}, row {result['row']['roll']}: {cell} ({words_en}){reason_en}",
            "fr": f"{head} : {result['title']['fr']}, {where_fr} ; {result['roll']['expression']} = "
                  f"{result['roll']['total']}{modifier}, ligne {result['row']['roll']} : {cell} ({words_fr}){reason_en}"}


def _referee(state: dict, orders: dict, dice) -> tuple[dict, list[Event]]:
    events: list[Event] = []
    master = state["master"]
    label = turn_label(state)
    for ident, raw in sorted(incoming_tables(orders).items()):
        before = own_tables(state).get(ident)
        if before == raw:
            continue
        state["own_tables"] = {**own_tables(state), ident: json_copy(raw)}
        if ident not in state["tables"]:
            state["tables"] = sorted(set(state["tables"]) | {ident})
        title = raw["title"]
        events.append(Event("table_added", {"table": ident, "replaced": before is not None, "message": {
            "en": (f"The master's table {title['en']} ({ident}) is " + ("replaced by a new version." if before else "in play.")),
            "fr": (f"La table du maître du jeu {title['fr']} ({ident}) est "
                   + ("remplacée par une nouvelle version." if before else "en jeu."))}}))
    attached, _ = resolve_tables(orders.get("attach") or [])
    new = [t for t in attached if t not in state["tables"]]
    if new:
        state["tables"] = sorted(set(state["tables"]) | set(new))
        events.append(Event("tables_attached", {"tables": new, "message": {
            "en": "Tables attached: " + ", ".join(library.table(t).title["en"] + f" ({t})" for t in new) + ".",
            "fr": "Tables jointes : " + ", ".join(library.table(t).title["fr"] + f" ({t})" for t in new) + "."}}))
    for roll in orders.get("rolls") or []:
        number = len(state["rolls"]) + 1
        ident = f"R{number}"
        private = bool(roll.get("private"))
        purpose = ("sealed:" if private else "") + f"roll:{ident}"
        try:
            if "dice" in roll:
                kind, result = "dice", expressions.roll(roll["dice"], dice, purpose)
            elif "table" in roll:
                kind = "table"
                result = rolling.roll_on(table_for(state, roll["table"]), dice, purpose, key=roll.get("key"),
                                         column=roll.get("column"), year=roll.get("year"),
                                         modifier=roll.get("modifier", 0))
            else:
                kind = "combat"
                result = rolling.combat(table_for(state, roll["combat"]), dice, purpose, attacker=roll["attacker"],
                                        defender=roll["defender"], modifiers=roll.get("modifiers") or (),
                                        extra=roll.get("extra", 0))
        except (expressions.ExpressionError, TableError) as exc:
            raise RulesError(f"roll {ident}: {exc}") from exc
        record = {"id": ident, "turn": state["turn"], "kind": kind, "reason": str(roll.get("reason") or ""),
                  "private": private, "published": not private, "table": roll.get("table") or roll.get("combat"),
                  "key": roll.get("key"), "purpose": purpose, "result": result}
        record["summary"] = _roll_summary(record)
        state["rolls"].append(record)
        if kind == "table" and result.get("tested") and result.get("hit") and \
                roll.get("table") == presets.PRESETS.get(state["scenario"], {}).get("death_table"):
            state["dead"] = sorted(set(state["dead"]) | {result["key"]})
        events.append(Event("roll", {"id": ident, "turn": state["turn"], "private": private, "purpose": purpose,
                                     "result": json_copy(result), "reason": record["reason"],
                                     "message": {"en": ("Private roll " if private else "Roll ") + record["summary"]["en"],
                                                 "fr": ("Jet privé " if private else "Jet ") + record["summary"]["fr"]}},
                            visible_to=(master,) if private else None))
    correction = orders.get("correct")
    if correction:
        events += _correct(state, correction)
    if orders.get("publish"):
        events += _publish(state, orders, label)
    else:
        state["round"] += 1
    return state, events


def _set_scores(state: dict, scores: dict) -> dict:
    changed = {}
    for name, value in scores.items():
        ident = find_score(state, name)
        if ident is None:
            ident = str(name).strip()
            state["scoreboard"].append({"id": ident, "label": {"en": ident, "fr": ident}, "value": value})
        else:
            for entry in state["scoreboard"]:
                if entry["id"] == ident:
                    entry["value"] = value
        changed[ident] = value
    return changed


def _score_text(state: dict, changed: dict, language: str) -> str:
    labels = {entry["id"]: entry["label"][language] for entry in state["scoreboard"]}
    return ", ".join(f"{labels.get(k, k)} {v}" for k, v in changed.items())


def _publish(state: dict, orders: dict, label: dict) -> list[Event]:
    events: list[Event] = []
    master = state["master"]
    turn = state["turn"]
    reveal = orders.get("reveal")
    revealed = []
    for record in state["rolls"]:
        if record["published"]:
            continue
        if reveal == "all" and record["turn"] == turn or isinstance(reveal, list) and record["id"] in reveal:
            record["published"] = True
            revealed.append(record["id"])
            events.append(Event("roll_revealed", {"id": record["id"], "turn": record["turn"], "result": json_copy(record["result"]),
                                                  "message": {"en": "Revealed roll " + record["summary"]["en"],
                                                              "fr": "Jet révélé " + record["summary"]["fr"]}}))
    changed = _set_scores(state, orders.get("scores") or {})
    private = {find_seat(state, name): str(text) for name, text in (orders.get("private") or {}).items()}
    public = str(orders.get("public") or "")
    result = {"turn": turn, "label": label, "public": public, "private": private, "scores": changed,
              "rolls": [r["id"] for r in state["rolls"] if r["turn"] == turn], "revealed": revealed,
              "orders": json_copy(state["orders"]), "corrections": []}
    state["results"].append(result)
    state["history"].append({"turn": turn, "orders": json_copy(state["orders"])})
    scores_en = _score_text(state, changed, "en")
    scores_fr = _score_text(state, changed, "fr")
    events.append(Event("result_published", {
        "turn": turn, "public": public, "scores": changed, "revealed": revealed,
        "message": {"en": f"{label['en']}, result: {public or '(no public text)'}" + (f" Scoreboard: {scores_en}." if changed else ""),
                    "fr": f"{label['fr']}, résultat : {public or '(pas de texte public)'}" + (f" Tableau : {scores_fr}." if changed else "")}}))
    for role in sorted(private):
        events.append(Event("private_result", {
            "turn": turn, "role": role, "text": private[role],
            "message": {"en": f"{label['en']}, for {presets.role_name(role)['en']} only: {private[role]}",
                        "fr": f"{label['fr']}, pour {presets.role_name(role)['fr']} seulement : {private[role]}"}},
            visible_to=(role, master)))
    end = orders.get("end")
    if end is not None:
        winner = find_seat(state, end["winner"]) if end.get("winner") else None
        state["finished"] = {"winner": winner, "note": str(end.get("note") or ""), "turn": turn}
        state["orders"] = {}
        return events
    state["turn"] += 1
    state["phase"] = "orders"
    state["round"] = 0
    state["orders"] = {}
    return events


def _correct(state: dict, correction: dict) -> list[Event]:
    events = []
    master = state["master"]
    result = next(r for r in state["results"] if r["turn"] == correction["turn"])
    label = result["label"]
    note = str(correction.get("note") or "")
    before = {"public": result["public"], "private": json_copy(result["private"]), "scores": json_copy(result["scores"])}
    if correction.get("public") is not None:
        result["public"] = str(correction["public"])
    private_changed = []
    for name, text in (correction.get("private") or {}).items():
        role = find_seat(state, name)
        result["private"][role] = str(text)
        private_changed.append(role)
    changed = {}
    if correction.get("scores"):
        changed = _set_scores(state, correction["scores"])
        result["scores"].update(changed)
    result["corrections"].append({"note": note, "public": correction.get("public") is not None,
                                  "private": sorted(private_changed), "scores": changed,
                                  "before_public": before["public"]})
    text_en = f" Now: {result['public']}" if correction.get("public") is not None else ""
    text_fr = f" Désormais : {result['public']}" if correction.get("public") is not None else ""
    scores_en = f" Scoreboard: {_score_text(state, changed, 'en')}." if changed else ""
    scores_fr = f" Tableau : {_score_text(state, changed, 'fr')}." if changed else ""
    events.append(Event("result_corrected", {
        "turn": result["turn"], "note": note, "public": result["public"], "scores": changed,
        "private_corrected": sorted(private_changed),
        "message": {"en": f"The master corrected {label['en']}: {note}.{text_en}{scores_en}",
                    "fr": f"Le maître du jeu a corrigé {label['fr']} : {note}.{text_fr}{scores_fr}"}}))
    for role in sorted(private_changed):
        events.append(Event("private_result", {
            "turn": result["turn"], "role": role, "text": result["private"][role], "corrected": True,
            "message": {"en": f"{label['en']}, corrected, for {presets.role_name(role)['en']} only: {result['private'][role]}",
                        "fr": f"{label['fr']}, corrigé, pour {presets.role_name(role)['fr']} seulement : {result['private'][role]}"}},
            visible_to=(role, master)))
    return events


# -- what each role sees ----------------------------------------------------------------
def view(state: dict, role: str | None) -> dict:
    master = is_master(state, role)
    seat = role if role in state["seats"] else None
    out = {
        "scenario": state["scenario"],
        "seats": list(state["seats"]),
        "master": state["master"],
        "turn": state["turn"],
        "turn_label": turn_label(state),
        "phase": state["phase"],
        "calendar": json_copy(state.get("calendar")),
        "tables": list(state["tables"]),
        "own_tables": {ident: {"title": json_copy(raw["title"]), "kind": raw["kind"]}
                       for ident, raw in sorted(own_tables(state).items())},
        "scoreboard": json_copy(state["scoreboard"]),
        "dead": list(state["dead"]),
        "finished": json_copy(state.get("finished")),
        "note": json_copy(presets.PRESETS[state["scenario"]]["note"]),
        "master_reads": state.get("master_reads", "closed"),
    }
    out["rolls"] = [json_copy(r) for r in state["rolls"] if master or r["published"]]
    results = []
    for result in state["results"]:
        shown = {"turn": result["turn"], "label": json_copy(result["label"]), "public": result["public"],
                 "scores": json_copy(result["scores"]), "revealed": list(result["revealed"]),
                 "corrections": [{"note": c["note"], "public": c["public"], "scores": json_copy(c["scores"]),
                                  "private": [r for r in c["private"] if master or r == seat]} for c in result["corrections"]]}
        if master:
            shown["private"] = json_copy(result["private"])
            shown["orders"] = json_copy(result["orders"])
        elif seat is not None:
            shown["private"] = {seat: result["private"][seat]} if seat in result["private"] else {}
            shown["orders"] = {seat: json_copy(result["orders"][seat])} if seat in result["orders"] else {}
        else:
            shown["private"], shown["orders"] = {}, {}
        results.append(shown)
    out["results"] = results
    if master:
        out["orders"] = json_copy(state["orders"])
    elif seat is not None and seat in state["orders"]:
        out["orders"] = {seat: json_copy(state["orders"][seat])}
    else:
        out["orders"] = {}
    return out


def outcome(state: dict) -> Outcome | None:
    finished = state.get("finished")
    if not finished:
        return None
    return Outcome(winner=finished["winner"], scores={}, level="victory" if finished["winner"] else "draw",
                   detail={"note": finished["note"], "turn": finished["turn"]})
