"""What makes one Imperator-system title different from another: its ``Title`` plug-in.

The engine in ``rules/imperator/`` plays every title of the family (*Semper Victor*,
*Ultimus Romanorum*). Whatever the rulebooks share is engine code; whatever one title does
its own way is asked of the title's plug-in, an instance of a :class:`Title` subclass that
lives in the title's package (``rules/semper_victor/plugin.py``) together with the modules
it brings (its successions, its stratagem effects, its events table, its victory points).

A title is found two ways: ``world.title`` wherever the engine holds the title's
:class:`~rules.imperator.world.World`, and :func:`title_of` for the few readers that hold a
state only (every state names its ruleset). Each title registers itself when its package
is imported (:func:`register_title`).

The hooks are grouped by rulebook chapter below; each one says what the engine asks and
when. A hook a title does not need keeps the neutral answer given here.
"""

from __future__ import annotations

_BY_SLUG: dict[str, "Title"] = {}
#: every side of every registered title -> the other side of its title
OTHER: dict[str, str] = {}


class Title:
    """The plug-in of one title (subclassed in ``rules/<title>/plugin.py``)."""

    #: the ruleset's slug (``semper-victor``)
    slug: str = ""
    #: the two sides (camps), in the order the engine lists them: the first is the one a
    #: game starts with as its first seat (SV 0.5 PRIMUS, SECONDUS; UR 0.5 ROMAIN, BARBARE)
    sides: tuple[str, str] = ("", "")

    def __repr__(self) -> str:
        return f"<Title {self.slug}>"

    # -- 1.3 combat units --------------------------------------------------------------------
    #: the categories of Roman combat units (a unit of another category is a people's)
    roman_categories: tuple[str, ...] = ()
    #: the category of a unit whose record names none (an adjudicator case's inline unit)
    default_category: str = ""

    def unit_pm(self, category: str) -> int:
        """The movement points of a unit of this category (1.3.2)."""
        raise NotImplementedError

    # -- 3.5, 3.6 emperors ---------------------------------------------------------------------
    def titled(self, state: dict, pid: str) -> str | None:
        """The leader's imperial title in the title's own word ('augustus', 'usurpateur',
        ...), or None."""
        raise NotImplementedError

    # -- 4 peoples ---------------------------------------------------------------------------
    def on_pax_romana_face(self, state: dict, people: str) -> bool:
        """Whether the leaders of ``people`` stand on their Pax Romana face, out of play
        for the SMC count (2.D)."""
        raise NotImplementedError


    # -- 3.3 set-up ---------------------------------------------------------------------------
    def opening(self, world, state: dict) -> None:
        """At set-up only (an adjudicator case's position never comes here), after the
        scenario is laid out and before phase A: what the players decide first (SV 3.3.2:
        where the limitanei stand). Default: nothing."""

    # -- computer players (rules/computer/, rules/imperator/computer.py) -----------------------
    def projected_points(self, world, state: dict) -> dict[str, int]:
        """The victory points each side would score if this year's campaign review came
        now (a computer player's evaluation weighs them); a shallow copy, ``state``
        unchanged. Default: none."""
        return {}

    # -- 3.6.3 civil war ---------------------------------------------------------------------------
    #: ``fn(world, state, uid)``: whether a usurper rallies this enemy unit (3.6.3 A/ his zone,
    #: D/ a leaderless stack); None: Roman units only (SV 3.6.3). UR adds the Foederati.
    rallies = None

    # -- 3.4.2 fleets ------------------------------------------------------------------------------
    #: ``fn(world, state, pid)``: whether a piece may board its side's fleet; None: Roman pieces
    #: only (SV 3.4.2, UR 3.4.2 L349-350). UR's option ``fleet_cargo`` may open it (A14).
    may_embark = None

    # -- 3.4.1 moving together ------------------------------------------------------------------
    #: ``fn(state, uid)``: the leader a unit is bound to (it moves only with him, and he never
    #: leaves it behind: UR 3.2.4, the buccellarii), or None; None: no unit is bound (SV)
    bound_leader = None

    #: ``fn(world, state, uid)``: the PM a unit moves with this year, with or without a leader (the
    #: one-zone rule of a lone unit then does not hold), or None for its counter's PM and the
    #: usual rule; None: never (UR 6.2 Migration: 4 PM)
    free_pm = None
    #: ``fn(ctx, leaders, units, path, stops)``: the title's problems with a whole move, as
    #: (code, path under the move, fmt); None: none (UR 6.2 Migration: one end zone)
    move_problems = None

    #: ``fn(ctx, stacking_groups, zone)``: why pieces of these stacking groups (the title's
    #: ``stacking_key`` values) may not end a move, evasion or retreat in ``zone`` though they
    #: may pass through it, as (code, fmt); None: nowhere (UR 4.3 L643-644: the Hunni)
    stop_problems = None

    # -- 7.2 movement costs ----------------------------------------------------------------------
    def eased_rivers(self, state: dict) -> tuple[frozenset, bool] | None:
        """The great rivers crossed at no extra PM this year, and whether their crossing still
        counts as a river for the attacker's DRM: ``(names, keep_drm)`` or None (UR event 7,
        L1510-1511: the frozen Rhenus and Danuvius). Every movement context of the year reads
        the map's variant (``World.with_rivers_eased``). Default: none."""
        return None

    # -- 8 battles -------------------------------------------------------------------------------
    #: ``fn(world, state, pid)``: whether a leader's fall in a battle weighs on the SMC's other
    #: battles as a titled leader's does, so that their order matters (``battle.order_matters``);
    #: None: the titled leaders only (SV). UR adds a Regnum's Rex and Attila.
    weighty_leader = None

    def before_evasion(self, ctx, cur: dict, b: dict, events: list) -> bool:
        """Before the defender may evade (rules/imperator/smc.py): the title may take pieces
        out of the battle (UR 8.2.2: the refuge boxes). True when pieces left the zone; the
        stage may run again after a prompt, so the title remembers in ``b`` what it did.
        Default: nothing."""
        return False

    # -- the log (rules/imperator/narration.py) ------------------------------------------------
    #: sentences for the events only this title emits: event type -> ``fn(data, lang, name,
    #: names)`` returning the sentence in ``lang`` (the family's formatters come first)
    narrators: dict = {}


def plug(cls: type, module=None, *names: str, hooks: dict | None = None, **values) -> type:
    """Bind a title's hooks in one call: the functions ``names`` of ``module`` under their own
    names, each function of ``hooks`` under its key (all as static methods), and ``values`` as
    they are (tables, constants). Returns ``cls``."""
    for name in names:
        setattr(cls, name, staticmethod(getattr(module, name)))
    for name, fn in (hooks or {}).items():
        setattr(cls, name, staticmethod(fn))
    for name, value in values.items():
        setattr(cls, name, value)
    return cls


def register_title(title: Title) -> Title:
    """Make ``title`` known by its slug (and its sides known to :func:`other`)."""
    known = _BY_SLUG.get(title.slug)
    if known is not None and known is not title:
        raise ValueError(f"title {title.slug!r} is registered twice")
    first, second = title.sides
    for side, rival in ((first, second), (second, first)):
        if OTHER.get(side, rival) != rival:
            raise ValueError(f"side {side!r} of {title.slug!r} is another title's side already")
        OTHER[side] = rival
    _BY_SLUG[title.slug] = title
    return title


def registered_titles() -> list["Title"]:
    """Every registered title, by slug."""
    return [_BY_SLUG[slug] for slug in sorted(_BY_SLUG)]


def title_of(state: dict) -> Title:
    """The title a state is a game of (its ``ruleset``; the title's package registered it
    when it was imported, as it is before any of its states exists)."""
    try:
        return _BY_SLUG[state["ruleset"]]
    except KeyError:
        raise LookupError(f"no Imperator title is registered as {state.get('ruleset')!r}") from None
