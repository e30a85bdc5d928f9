"""The rules contract: what every ruleset offers, as pure functions over JSON state.

The platform (``games/``) knows a title only through this class. State is a plain
JSON-serialisable ``dict``; functions never mutate their input state (they return a new
one). Dice come in as an object (``rules.dice``), never from a global ``random``.

See ``docs/architecture.md`` ("The rules contract").
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

JSON = dict[str, Any]

_CONTAINERS = (dict, list)
_SCALARS = frozenset({str, int, float, bool, type(None)})


def json_copy(value):
    """A deep copy of JSON data (dicts, lists, scalars), several times faster than
    ``copy.deepcopy`` (and than ``dataclasses.asdict``): an imperator ``resolve``
    makes exactly one per call, ``Prompt.as_dict`` one of its options. Scalars are shared; a
    dict or list of scalars only (a piece, most of a state) is copied in one go."""
    if isinstance(value, dict):
        if type(value) is dict and _SCALARS.issuperset(map(type, value.values())):
            return dict(value)
        return {k: (json_copy(v) if isinstance(v, _CONTAINERS) else v) for k, v in value.items()}
    if isinstance(value, list):
        if type(value) is list and _SCALARS.issuperset(map(type, value)):
            return list(value)
        return [(json_copy(v) if isinstance(v, _CONTAINERS) else v) for v in value]
    return value


@dataclass(frozen=True)
class Message:
    """A user-facing sentence in both languages the product speaks."""

    en: str
    fr: str

    def as_dict(self) -> JSON:
        return {"en": self.en, "fr": self.fr}


@dataclass(frozen=True)
class OrderError:
    """One problem with an order set.

    ``code`` is stable and machine-readable (``move.path.not_adjacent``); ``path`` is a
    JSON-pointer-like path into the order set (``/moves/0/path/2``) or, for text
    notation, ``line:N``; ``message`` says what and where in English and French.
    """

    code: str
    path: str
    message: Message

    def as_dict(self) -> JSON:
        return {"code": self.code, "path": self.path, "message": self.message.as_dict()}


@dataclass(frozen=True)
class Choice:
    """One legal answer, or one part of an answer, to a :class:`Question`.

    ``id`` is stable within its question (``stand``, ``evade:persae-1``); ``label`` is what
    a button says ("Evade to Persae 1") and ``detail`` why one would pick it (its cost, its
    odds, what it does). ``orders`` is the answer as a fragment of the order-set JSON and
    ``text`` the same answer as one line of the text notation (``evade to persae-1``), so
    a client that picks choices writes the notation a player could have typed: see
    :func:`merge_orders` for how the fragments of several choices add up. ``cost`` is what
    the choice spends of its question's ``budget`` (Tetrarchia's PI). ``zones`` and
    ``pieces`` are the board zones and the pieces it concerns: a map highlights them, and
    a click on one of them picks the choice (a click on a piece shows the zones of its
    choices, with their cost). ``group`` names the kind of answer a page lists it under
    when a question offers several kinds ("Move", "Attack"); choices of one group are
    given together.
    """

    id: str
    label: Message
    text: str
    orders: JSON = field(default_factory=dict)
    detail: Message | None = None
    cost: int | None = None
    zones: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()
    group: Message | None = None

    def as_dict(self) -> JSON:
        return {"id": self.id, "label": self.label.as_dict(), "text": self.text, "orders": json_copy(self.orders),
                "detail": self.detail.as_dict() if self.detail else None, "cost": self.cost,
                "zones": list(self.zones), "pieces": list(self.pieces),
                "group": self.group.as_dict() if self.group else None}


#: How the choices of a question are picked (``Question.mode``).
QUESTION_MODES = ("one", "many", "ranked", "sequence", "board")


@dataclass(frozen=True)
class Question:
    """One thing a prompt asks, with every legal answer the engine offers.

    ``mode`` says how its ``choices`` are picked:

    * ``one``: exactly one (radio buttons: evade or stand; accept or veto);
    * ``many``: any set of them, each at most once, between ``min`` and ``max`` (the
      stratagems to play, the units that take the losses);
    * ``ranked``: several, in the order of preference (retreat zones, best first);
    * ``sequence``: one after another, repeats allowed, while ``budget`` lasts (an
      emperor's actions and their PI); after each pick the engine offers the next
      choices (:meth:`Ruleset.choices` with the order set drafted so far);
    * ``board``: built on the map, each choice a starting point (a stack to move, from the
      prompt's ``options``); its choices carry no ``orders`` of their own.

    ``default`` lists the ids of the choices the prompt's ``default_orders`` make;
    ``budget`` is ``{"left": N, "unit": {"en","fr"}}`` when the choices cost something
    (and ``"unit_one"``, the unit's singular, where it differs: "1 action left").
    For a ``sequence``, ``min`` and ``budget`` count from the order set drafted so far
    (what is still needed, what is left); for the other modes ``min`` and ``max`` count
    the picks of the whole answer.
    """

    id: str
    label: Message
    mode: str
    choices: tuple[Choice, ...] = ()
    min: int = 0
    max: int | None = None
    help: Message | None = None
    default: tuple[str, ...] = ()
    budget: JSON | None = None

    def as_dict(self) -> JSON:
        return {"id": self.id, "label": self.label.as_dict(), "mode": self.mode,
                "choices": [c.as_dict() for c in self.choices], "min": self.min, "max": self.max,
                "help": self.help.as_dict() if self.help else None, "default": list(self.default),
                "budget": json_copy(self.budget) if self.budget is not None else None}


@dataclass(frozen=True)
class Prompt:
    """One decision the engine waits for: who must submit what now.

    ``key`` names the decision point inside the engine (stable while the decision is
    open, e.g. ``"305/E/smc-3"``); the platform turns each open set of prompts into a
    numbered ``Step``. ``options`` summarises the legal choices (enough for a client to
    build an order form); ``default_orders`` is the order set used when nothing arrives
    before the deadline ("no moves received").

    ``choices`` are the same legal options as questions a page, an email or an API client
    offers as buttons (:class:`Question`), each answer with its order-set fragment and its
    line of the text notation. ``context`` is what a player needs to decide, as data and
    in words: ``summary`` (``{"en","fr"}``: one sentence naming the decision and what is at
    stake, "Battle at Oriens 5: ..."), ``zone`` (the board zone it concerns, where a map
    opens), and per kind the facts behind it (a battle's ``battle`` with each side's
    leaders, units and strength and the odds column; a budget; a candidate).

    A prompt whose questions leave one legal answer (:func:`only_answer`) is never
    returned: the engine answers it itself and logs an ``answered_by_rules`` event
    (``role``, ``kind``, ``text``, ``message``), visible to that role alone.
    """

    role: str
    kind: str
    key: str
    options: JSON = field(default_factory=dict)
    default_orders: JSON = field(default_factory=dict)
    title: Message | None = None
    choices: tuple[Question, ...] = ()
    context: JSON = field(default_factory=dict)

    def as_dict(self) -> JSON:
        return {"role": self.role, "kind": self.kind, "key": self.key, "options": json_copy(self.options),
                "default_orders": json_copy(self.default_orders),
                "title": self.title.as_dict() if self.title else None,
                "choices": [q.as_dict() for q in self.choices], "context": json_copy(self.context)}


def merge_orders(fragments) -> JSON:
    """The order set several picked choices make: their ``orders`` fragments merged in the
    order picked; a key holding a dict merges key by key, a list is extended, anything
    else is replaced. Pure; the fragments are not changed."""
    out: JSON = {}
    for fragment in fragments:
        _merge_into(out, fragment)
    return out


def _merge_into(target: JSON, fragment: JSON) -> None:
    for key, value in fragment.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge_into(target[key], value)
        elif isinstance(value, list) and isinstance(target.get(key), list):
            target[key].extend(json_copy(value))
        else:
            target[key] = json_copy(value)


def only_answer(questions) -> tuple[JSON, list[str]] | None:
    """``(orders, text lines)`` when the questions leave exactly one legal answer, else
    ``None``. A question is answered one way only when it is ``one`` with a single choice,
    offers nothing and may be left empty (``min`` 0), or is ``many`` and must take every
    choice it offers. A ``board`` or ``sequence`` question with choices is a real
    decision."""
    picked: list[Choice] = []
    for q in questions:
        n = len(q.choices)
        if n == 0 and q.min == 0:
            continue
        if q.mode == "one" and n == 1:
            picked.append(q.choices[0])
        elif q.mode == "many" and n and q.min >= n:
            picked.extend(q.choices)
        else:
            return None
    return merge_orders(c.orders for c in picked), [c.text for c in picked if c.text]


@dataclass(frozen=True)
class Event:
    """One entry of the append-only log.

    ``visible_to`` is ``None`` for a public event, else the tuple of roles that may see
    it (a stratagem drawn is seen by its drawer only). ``data`` is JSON.
    """

    type: str
    data: JSON = field(default_factory=dict)
    visible_to: tuple[str, ...] | None = None

    def as_dict(self) -> JSON:
        return {
            "type": self.type,
            "data": self.data,
            "visible_to": list(self.visible_to) if self.visible_to is not None else None,
        }

    def visible_for(self, role: str | None) -> bool:
        return self.visible_to is None or (role is not None and role in self.visible_to)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended (``outcome()`` returns ``None`` while it goes on)."""

    winner: str | None  # a role, or None for a draw
    scores: dict[str, int]
    level: str  # e.g. "marginal", "decisive", "definitive" (SV 10.3), "draw"
    detail: JSON = field(default_factory=dict)

    def as_dict(self) -> JSON:
        return asdict(self)


class RulesError(Exception):
    """Raised by ``resolve`` when the submissions cannot be adjudicated (a bug or an
    unvalidated order set); the platform rolls the whole step back."""


def unchanged(state: JSON) -> JSON:
    """The migration of a release whose rules changed but whose state kept its shape."""
    return state


@dataclass(frozen=True)
class StateMigration:
    """How a release carries on the running games of an earlier version of its ruleset.

    A game pins the ruleset version it started with (``Ruleset.version``). A release that
    bumps the version declares, for each earlier version it continues, one migration:
    ``migrate`` turns a state of ``from_version`` into a state of ``to_version`` (a pure
    function of the state; :func:`unchanged` when only the rules' code changed), and
    ``note`` tells the players what the new version changes for their game. Migrations
    chain: 0.3.0 -> 0.3.1 -> 0.4.0 carries a 0.3.0 game to 0.4.0. A version no chain
    leads from cannot go on: the platform halts its games and says so (docs/operations.md).
    """

    from_version: str
    to_version: str
    migrate: Callable[[JSON], JSON]
    note: Message


class UpgradeImpossible(Exception):
    """No chain of :class:`StateMigration` leads from a game's version to the installed
    one; ``message`` says why in both languages."""

    def __init__(self, message: Message):
        super().__init__(message.en)
        self.message = message


def placings_by_score(winner: str | None, scores: JSON, roles: list[str]) -> list[list[str]]:
    """The default finishing order of ``roles`` (``Ruleset.placings``), as groups sharing a
    place, first place first: the winner alone first (no winner: the roles of the highest
    score share it), then the others by score, equal scores sharing a place, roles without
    a score last together."""
    groups: list[list[str]] = []
    rest = list(roles)
    if winner in rest:
        groups.append([winner])
        rest.remove(winner)
    scored = [r for r in rest if isinstance(scores.get(r), (int, float)) and not isinstance(scores.get(r), bool)]
    for value in sorted({scores[r] for r in scored}, reverse=True):
        groups.append([r for r in scored if scores[r] == value])
    unscored = [r for r in rest if r not in scored]
    if unscored:
        groups.append(unscored)
    return groups


class Ruleset:
    """Base class of a ruleset. Subclasses fill in every method; the base raises.

    Class attributes: ``slug`` (``semper-victor``), ``name`` (a :class:`Message`),
    ``version`` (a string a game pins when it starts), ``min_players``/``max_players``.
    """

    slug: str = ""
    name: Message = Message("", "")
    version: str = ""
    #: Whether a seat's view leaves out something the engine needs (a hand, a cup, orders
    #: still sealed). A computer player can sit in such a ruleset only once it overrides
    #: :meth:`determinise` (``rules.computer.available``).
    hidden_information: bool = True
    #: Every role wins or loses together against the game (Tetrarchia): a match has no
    #: opponent, one player holds every role (``rules.computer.match``).
    cooperative: bool = False
    #: The earlier versions this release continues (see :class:`StateMigration`). A
    #: ruleset that bumps ``version`` adds one entry from the version it replaces.
    state_migrations: tuple[StateMigration, ...] = ()
    #: Players together (docs/together.md). Secret diplomacy: seats may write to some
    #: seats only (the platform still keeps it off in a two-seat game unless the game
    #: enables it). A player may resign. Draws: the players may agree one (default: a
    #: game with opponents, not a cooperative one; see :meth:`allows_draw`).
    secret_diplomacy: bool = True
    resignation: bool = True
    draws: bool | None = None

    def allows_draw(self) -> bool:
        """Whether the players may end the game by agreeing a draw."""
        return (not self.cooperative) if self.draws is None else bool(self.draws)

    def fewer_seats(self, scenario: str, options: JSON, seats: int) -> JSON | None:
        """The options of the same game played by ``seats`` seats, when the ruleset lets
        a game gathering players start with fewer seats than it asked for (its creator
        starts it from the lobby); None: it cannot (the default)."""
        return None

    # -- crossing releases -------------------------------------------------------------
    def upgrade_path(self, from_version: str) -> list[StateMigration]:
        """The migrations that carry a state of ``from_version`` to ``self.version``, in
        order (none when it is the installed version); :class:`UpgradeImpossible` when no
        chain of declared migrations leads there."""
        by_source: dict[str, StateMigration] = {}
        for migration in self.state_migrations:
            by_source.setdefault(migration.from_version, migration)
        path: list[StateMigration] = []
        version = from_version
        while version != self.version:
            migration = by_source.get(version)
            if migration is None or len(path) > len(self.state_migrations):
                raise UpgradeImpossible(
                    Message(
                        f"{self.name.en} {self.version} cannot continue games of version {from_version}: "
                        "no state migration leads from it.",
                        f"{self.name.fr} {self.version} ne peut pas poursuivre les parties de la version "
                        f"{from_version} : aucune migration d'état n'y mène.",
                    )
                )
            path.append(migration)
            version = migration.to_version
        return path

    def upgrade_state(self, state: JSON, from_version: str) -> tuple[JSON, list[Message]]:
        """``state`` (of ``from_version``) carried to ``self.version`` along
        :meth:`upgrade_path`, with the note of each migration applied."""
        notes = []
        for migration in self.upgrade_path(from_version):
            state = migration.migrate(json_copy(state))
            notes.append(migration.note)
        return state, notes

    # -- setting up -------------------------------------------------------------------
    def scenarios(self) -> list[JSON]:
        """Every scenario: ``{"id", "title": {"en","fr"}, "years", "sources"}``."""
        raise NotImplementedError

    def options(self) -> list[JSON]:
        """Game options (rulebook ambiguities decided in DECISIONS.md and other knobs):
        ``{"id", "label": {"en","fr"}, "choices", "choice_labels": {str(value): {"en","fr"}},
        "default", "help": {"en","fr"}}``: a page shows the labels, never the ids."""
        raise NotImplementedError

    def roles(self, scenario: str, options: JSON) -> list[str]:
        raise NotImplementedError

    def setup(self, scenario: str, options: JSON, dice) -> JSON:
        raise NotImplementedError

    def setup_with_events(self, scenario: str, options: JSON, dice) -> tuple[JSON, list[Event]]:
        """``setup`` and the events of whatever it already ran (opening draws, rolls…), for
        the log. A ruleset whose setup runs phases overrides this; the default has none."""
        return self.setup(scenario, options, dice), []

    # -- playing ----------------------------------------------------------------------
    def prompts(self, state: JSON) -> list[Prompt]:
        raise NotImplementedError

    def choices(self, state: JSON, role: str, orders: JSON | None = None) -> list[Question]:
        """The questions of ``role``'s open prompt (:attr:`Prompt.choices`), after the
        order set ``orders`` drafted so far (``None``: nothing yet). A ruleset whose
        answers change with what was already picked (a ``sequence`` with a budget: each
        move changes where the next one starts) overrides this; the default is the
        prompt's own questions, or none when ``role`` is not prompted."""
        for prompt in self.prompts(state):
            if prompt.role == role:
                return list(prompt.choices)
        return []

    def standing(self, state: JSON, role: str) -> list[Question]:
        """The standing reactions ``role`` may set now (answers given in advance, that the
        engine applies during the other players' steps), as questions whose choices write
        ``standing`` lines of the notation and the ``reactions`` (or equivalent) part of an
        order set. ``default`` holds what is in force. None by default."""
        return []

    def validate(self, state: JSON, role: str, orders: JSON) -> list[OrderError]:
        raise NotImplementedError

    def resolve(self, state: JSON, submissions: dict[str, JSON], dice) -> tuple[JSON, list[Event]]:
        raise NotImplementedError

    # -- the shape of an order set ------------------------------------------------------
    def prompt_kinds(self) -> list[str]:
        """Every ``Prompt.kind`` this ruleset may ask, sorted."""
        raise NotImplementedError

    def order_schema(self, kind: str) -> JSON:
        """The JSON Schema (draft 2020-12) of an order set answering a prompt of ``kind``:
        its shape and types (objects closed with ``additionalProperties: false``, lists and
        strings bounded), not its legality, which ``validate`` judges against the position.
        The platform checks every submitted order set against it before ``validate`` sees
        it, and publishes it in the API's schema; ``validate`` may therefore trust the
        shape of what it is given. Pure and constant for a version of the ruleset."""
        raise NotImplementedError

    def draft(self, state: JSON, role: str, orders: JSON) -> "Draft":
        """An order set of ``role`` built one order at a time from ``orders`` (see
        :class:`Draft`). The default checks the whole set again at each addition; a
        ruleset may keep a scratch position instead, with the same verdicts."""
        return Draft(self, state, role, orders)

    def view(self, state: JSON, role: str | None) -> JSON:
        """What ``role`` (None: an observer) may see of ``state``: a new dict that shares
        nothing with ``state``, so a caller may keep or change it without copying first."""
        raise NotImplementedError

    def outcome(self, state: JSON) -> Outcome | None:
        raise NotImplementedError

    def referee_roles(self, scenario: str, options: JSON) -> list[str]:
        """The roles of :meth:`roles` that referee the game rather than play it (a game
        master): they take no place in the result and are never rated. A tournament
        seats its players in the other roles and its game master in these. None by
        default."""
        return []

    def placings(self, outcome: Outcome, roles: list[str]) -> list[list[str]]:
        """The finishing order of a finished game's playing ``roles`` (every role but the
        referees), as groups of roles sharing a place, first place first: what a
        tournament scores a table of three or more by. Default, from ``outcome``: the
        winner alone first (no winner: the roles of the highest score share it), then the
        others by score, equal scores sharing a place, roles without a score last
        together. A ruleset whose rules rank the others otherwise overrides it."""
        return placings_by_score(outcome.winner, outcome.scores or {}, roles)

    def role_name(self, role: str) -> JSON:
        """A seat by the name its players call it (``{"en","fr"}``) for the pages and the
        emails: the role itself by default (``PRIMUS``)."""
        return {"en": role, "fr": role}

    def role_title(self, role: str, options: JSON) -> JSON:
        """A seat named with what it commands in a game of these options, wherever a page
        or an email names it (the seat list, who is awaited, the log): Tetrarchia's
        "Player 1 (Diocletian, Galerius)". By default its name (``role_name``)."""
        return self.role_name(role)

    def roll_purpose(self, purpose: str) -> JSON | None:
        """What a die was rolled for, in words (``{"en","fr"}``) for the dice log: the
        purpose an engine gave the roll (``"battle thracia-1"``) read with the game's
        names (``"battle in Thracia 1"``). None: the log shows the purpose as it is."""
        return None

    def roll_sealed(self, purpose: str) -> bool:
        """Whether the value of a roll with this purpose is withheld from every output of
        the dice log while the game goes on (docs/dice.md): a counter drawn from a bowl
        (``pick:``), by default; a ruleset may seal more (a game master's private roll).
        The seed's reveal at the end shows them all."""
        return str(purpose).startswith("pick:")

    def reads_open_orders(self, state: JSON, role: str) -> bool:
        """Whether ``role`` may read the other seats' sealed order sets of the open step
        before it closes (a game master who reads orders as they come). The platform
        honours it on the master's pages and API; never by default."""
        return False

    def handover_roles(self, state: JSON) -> list[str]:
        """The roles whose player may hand the seat to another account themselves (a game
        master passing the game on); none by default (a seat changes hands through the
        substitutes or an organiser)."""
        return []

    def table_authors(self, state: JSON) -> list[str]:
        """The roles whose player may give the game dice tables of their own (a game
        master's, in the format of rules/tables): the platform keeps what they upload
        and joins it to their order sets of a kind whose order schema has a ``tables``
        list, where the engine takes it into the position; none by default."""
        return []

    def outcome_text(self, outcome: JSON) -> list[JSON]:
        """How the game ended, in the game's terms, for the page and the emails: a list
        of ``{"en","fr"}`` sentences, the first saying who won and why (the headline), the
        others the facts behind it (points, a score's breakdown). ``outcome`` is an
        ``Outcome.as_dict()``. The default reads the winner, the level and the scores."""
        winner, level, scores = outcome.get("winner"), outcome.get("level") or "", outcome.get("scores") or {}
        if winner:
            head = Message(f"{winner} wins ({level}).", f"{winner} l'emporte ({level}).")
        else:
            head = Message(f"No winner ({level}).", f"Pas de vainqueur ({level}).")
        lines = [head.as_dict()]
        if scores:
            shown = ", ".join(f"{role} {scores[role]}" for role in sorted(scores))
            lines.append(Message(f"Scores: {shown}.", f"Scores : {shown}.").as_dict())
        return lines

    # -- results from scores (an organiser's adjusted result is checked against it) ----
    def victory_levels(self) -> list[JSON]:
        """The levels :meth:`outcome` gives a finished game, ``[{"id", "label": {"en",
        "fr"}}]``, a draw included. Default: ``victory`` and ``draw``."""
        return [{"id": "victory", "label": {"en": "victory", "fr": "victoire"}},
                {"id": "draw", "label": {"en": "draw", "fr": "partie nulle"}}]

    def result_from_scores(self, scores: dict[str, int]) -> Outcome | None:
        """The result the rules give a game that ends on ``scores`` (points by role), so
        that a result set by hand (a tournament organiser's adjustment) can be checked
        against the ruleset's own definition of its levels. Pure. Default: the one
        highest score wins (``victory``), a shared highest score is a ``draw``; None
        without scores."""
        if not scores:
            return None
        best = max(scores.values())
        leaders = [role for role, score in scores.items() if score == best]
        if len(leaders) > 1:
            return Outcome(winner=None, scores=dict(scores), level="draw")
        return Outcome(winner=leaders[0], scores=dict(scores), level="victory")

    # -- text notation (reply-by-email, the accessible page) ---------------------------
    def parse_orders(self, text: str, state: JSON, role: str) -> tuple[JSON, list[OrderError]]:
        raise NotImplementedError

    def format_orders(self, orders: JSON) -> str:
        raise NotImplementedError

    def notation(self) -> list[JSON]:
        """The text notation for players (a page per ruleset, the emails' hints): sections
        ``{"title": {"en","fr"}, "orders": [{"syntax", "example", "explain": {"en","fr"}}]}``
        covering every order and reaction, each example a line ``parse_orders`` reads."""
        return []

    # -- drawing (web pages) ----------------------------------------------------------
    def board(self) -> JSON | None:
        """What a page needs to draw this ruleset's board, or ``None`` (no map: the
        page shows the text view only). A JSON dict in SVG user units:
        ``width``/``height`` of the view box; ``zones`` (id, name {en,fr}, x/y centre,
        ``polygon`` [[x, y], ...], ``region``, ``fill``, ``empire`` in/out/exempt,
        ``city``, ``capital``, ``ports``, ``neighbours``); ``regions`` (dioceses or
        regions: id, name, colour); ``seas`` (id, name, x/y label, navigable, coasts);
        ``ports``; ``straits`` and ``rivers`` (polylines); ``links`` (adjacency with its
        kind); ``water`` (SVG path data of the seas, painted over the cells). Static:
        the position comes from ``view()``. Pure and deterministic."""
        return None

    def furniture(self, view: JSON, role: str | None) -> JSON:
        """What a page shows around the board for ``view`` (what ``role`` may see; None:
        an observer), so that the platform draws any ruleset without knowing it. Pure;
        every text ``{"en","fr"}`` (a plain string when it needs no translation):

        * ``stacks``: ``[{"zone", "side", "strength", "pieces": [{"id", "kind" (leader|
          unit), "name", "label" (name and values, for a tooltip), "weakened",
          "usurper", "strength"}]}]``, one per zone and side;
        * ``markers``: ``{zone: [{"kind", "symbol" (one letter, or one per language),
          "colour", "label", "shape"? (disc|square), "ring"? (its outline's colour),
          "dashed"? (a dashed outline)}]}``; a zone may be a sea the board plays as a zone;
        * ``control``: ``{region: side}``; ``sides``: ``{side: {"name", "colour"}}``;
        * ``own_sides``: the sides ``role`` commands, when they are not named after it (a
          page opens the map on them); default ``[role]``;
        * ``legend``: ``[{"kind": side|marker|line|glyph|symbol, "key", "label", "colour"?, "symbol"?,
          "shape"?, "ring"?, "dashed"?}]``, drawn as the map draws them;
        * ``phase``: where the game stands, by name; ``facts``: ``[{"label", "value"}]``
          (year, phase, initiative, points...), never a raw value;
        * ``panels``: ``[{"id", "title", "private", "items": [{"label", "detail", "href"?}], "empty"?}]``
          (``href``: a path on the site the label links to, such as a dice table's page)
          (the stratagems in hand and the standing reactions of ``role`` — ``private``:
          shown to that role only —, a cooperative game's supplies...);
        * ``scores``: ``{side: points}``;
        * ``standing_help``: what the standing reactions do, in the game's terms (whose
          moves they answer; a cooperative game has no other side), shown above them.

        The default reads an engine that draws its own position in ``view["display"]``
        (``stacks`` with ``leaders``/``units``, ``markers``, ``control``, ``counters``);
        else it draws nothing."""
        display = view.get("display") if isinstance(view, dict) else None
        if not isinstance(display, dict):
            return {"stacks": [], "markers": {}, "control": {}, "sides": {}, "legend": [], "phase": {"en": "", "fr": ""},
                    "facts": [], "panels": [], "scores": {}}
        stacks = []
        for s in display.get("stacks") or []:
            pieces = [dict(p, kind="leader") for p in s.get("leaders") or []] + [dict(p, kind="unit") for p in s.get("units") or []]
            stacks.append({"zone": s["zone"], "side": s["side"], "strength": s.get("strength"),
                           "pieces": [dict(p, name=p.get("name") or str(p.get("id")), label=p.get("label") or p.get("name") or str(p.get("id")))
                                      for p in pieces]})
        facts = []
        for item in display.get("counters") or []:
            label, value = (item["label"], item["value"]) if isinstance(item, dict) else item
            facts.append({"label": label, "value": value})
        return {"stacks": stacks, "markers": json_copy(display.get("markers") or {}), "control": dict(display.get("control") or {}),
                "sides": json_copy(display.get("sides") or {}), "legend": json_copy(display.get("legend") or []),
                "phase": display.get("phase") or {"en": "", "fr": ""}, "facts": facts, "panels": [],
                "scores": dict(display.get("vp") or {})}

    def arrows(self, state: JSON, role: str, orders: JSON) -> list[list[str]]:
        """The paths of the moves an order set plans, each a list of board zones from
        where a piece stands to where it goes (a page draws them as arrows); a path of one
        zone is a piece placed there (an arrow into it). None by default."""
        return []

    # -- tests ------------------------------------------------------------------------
    def load_position(self, position: JSON) -> JSON:
        """A full state from an adjudicator case's partial ``position`` (no setup run)."""
        raise NotImplementedError

    # -- self-play statistics (rules/selfplay.py, ``manage.py selfplay --stats``) -------------
    def coverage(self) -> list[JSON]:
        """The rules a self-play report counts: ``{"key", "section", "label", "rare"?}`` in
        reading order. ``rare`` is the written reason why a rule may never fire in a
        thousand games (the report lists the others as warnings). Default: none."""
        return []

    def tally(self, event: Event) -> list[str]:
        """The coverage keys an event shows firing (a key may come more than once)."""
        return []

    def measures(self, state: JSON) -> dict[str, float]:
        """Numbers a self-play report averages over finished games (length, sizes…)."""
        return {}

    def policies(self) -> dict[str, Any]:
        """Automatic players for self-play, by name: ``choose(ruleset, state, prompt, rng)
        -> orders``. ``random`` (random legal orders) is always available."""
        return {}

    # -- computer players (rules/computer/, docs/computer.md) --------------------------------
    def determinise(self, view: JSON, role: str, rng) -> JSON:
        """A full state consistent with ``view`` (what ``role`` sees, from :meth:`view`):
        everything visible unchanged, every hidden part (the other hands, the bowl, orders
        still sealed) filled with a sample drawn with ``rng`` (a ``random.Random``) from
        what ``role`` cannot rule out. A computer player looks ahead on such samples,
        never on the real state. ``prompts``, ``choices``, ``validate`` and ``resolve``
        must work on it, and give ``role`` the prompt the real state gives it.

        Default: the view itself — right for a ruleset whose seat view hides nothing and
        adds nothing the engine trips on. A ruleset with hidden information overrides it
        (tests/rules/test_computer_contract.py checks every registered ruleset)."""
        return json_copy(view)

    def evaluate(self, state: JSON, role: str) -> float:
        """How good ``state`` is for ``role``, as an estimated chance of winning between 0
        and 1: what a computer player's look-ahead compares at the end of its horizon.
        Pure; cheap (it runs thousands of times a decision). Default: 1, 0 or 0.5 once the
        game is over (a win, a loss, anything else), else 0.5 (no opinion)."""
        outcome = self.outcome(state)
        if outcome is None:
            return 0.5
        if outcome.winner == role:
            return 1.0
        return 0.0 if outcome.winner is not None else 0.5

    def awaiting(self, state: JSON) -> list[tuple[str, str]]:
        """``(role, kind)`` of every prompt ``state`` waits for, without working out their
        options (a look-ahead stops on it before it pays for a prompt). Default: read
        from :meth:`prompts`."""
        return [(p.role, p.kind) for p in self.prompts(state)]

    def candidates(self, state: JSON, role: str, prompt: Prompt, rng) -> list[JSON]:
        """Plausible answers of ``role`` to ``prompt``, each a whole order set, for a
        look-ahead to compare (the ruleset's own ideas: several plans a player would
        consider). Answers that fail :meth:`validate` are dropped. Default: none; the
        computer player then builds answers from the prompt's choices and the
        :meth:`policies`."""
        return []


class Draft:
    """An order set built one order at a time, as an order form or a self-play player
    builds it: :meth:`add` appends one order to a list field (``moves``) if the order set
    stays valid, and answers what :meth:`Ruleset.validate` answers for the set with it."""

    def __init__(self, ruleset: Ruleset, state: JSON, role: str, orders: JSON):
        self.ruleset, self.state, self.role = ruleset, state, role
        self.orders = dict(orders)

    def add(self, name: str, order: Any) -> list[OrderError]:
        """The problems of the order set with ``order`` appended to ``orders[name]``; when
        there are none the order is kept (``orders`` is then a new dict)."""
        trial = dict(self.orders, **{name: list(self.orders.get(name, [])) + [order]})
        problems = self.ruleset.validate(self.state, self.role, trial)
        if not problems:
            self.orders = trial
        return problems


def canonical_json(value: Any) -> str:
    """The one serialisation used for hashes: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: JSON) -> str:
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()


def orders_hash(orders: JSON) -> str:
    return hashlib.sha256(canonical_json(orders).encode()).hexdigest()


def coverage_rows(rules) -> list[JSON]:
    """``Ruleset.coverage()``'s answer from a table of ``(key, section, label, rare)`` rows
    (``rare``: the reason a rule may never fire, or a false value)."""
    out = []
    for key, section, label, rare in rules:
        row = {"key": key, "section": section, "label": label}
        if rare:
            row["rare"] = rare
        out.append(row)
    return out
