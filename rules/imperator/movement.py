"""Land movement in E.1 (SV 3.2, 3.4.1, 4.2.4, 4.3, 7; UR the same sections): checking a
move, carrying it out, and the zones a stack can reach (the legal-option summary of an SMC
prompt).

A move is ``{"leaders": [...], "units": [...], "path": [start, z1, ..., zn],
"drop": {unit: zone}}``. The same step rules serve validation, evasion and retreat
destinations and the reachable-zone search, so the three never disagree.

The machinery is the family's (paths, PM, 7.1 contact, 7.3, stacking and command checks,
the search); the rules it asks are each title's (``world.title``): who is hostile and who
may fight whom, where each kind of unit may go with which leaders (UR 3.2 is not SV 3.2),
where a people may go, who may stack with whom and who commands whom.
"""

from __future__ import annotations

import bisect
import heapq
import operator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from rules.imperator import state as st
from rules.imperator.events import is_pinned
from rules.imperator.messages import error
from rules.imperator.world import World


def _data_kinds(world: World, state: dict) -> dict:
    """The ``kinds`` index for a context on ``state``: shared by every context on the same
    world when no piece of the state carries inline stats (an adjudicator case's
    position may), since each entry then comes from the world's data alone."""
    if any(map(_STATS, state["pieces"].values())):
        return {}
    return world.piece_kinds


_STATS = operator.methodcaller("get", "stats")  # a piece record's inline stats (an adjudicator case's)


@dataclass
class Ctx:
    """What movement rules read: the world, the (working) state, whose move it is, and
    the SMC's bookkeeping. ``by_zone`` is kept current as moves are carried out."""

    world: World
    state: dict
    side: str
    options: dict
    by_zone: dict = field(default_factory=dict)
    moved: set = field(default_factory=set)
    landed: set = field(default_factory=set)
    #: piece -> (people, stacking group), ("unit", piece) -> its ``unit_kind``, filled as
    #: pieces are asked about: they come from the data and never change (shared by the
    #: contexts of one world, see :func:`_data_kinds`)
    kinds: dict = field(default_factory=dict)
    #: facts about zones (whose pieces stand there), each worked out once, for a reader that
    #: changes nothing (see :meth:`read_only`); None: worked out at every question
    facts: dict | None = None
    #: a scratch position whose piece records are still the caller's until one moves (see
    #: :meth:`borrowing`): the ids of those already copied; None: the records are its own
    copied: set | None = None

    @classmethod
    def build(cls, world, state, side, current=None, by_zone: dict | None = None):
        """The context of ``side`` on ``state`` (the SMC ``current``'s moved and landed
        pieces). ``by_zone``: the zone index of ``state`` (``st.index_by_zone``), when the
        caller holds one that is up to date; the context then keeps it current."""
        current = current or {}
        eased = world.title.eased_rivers(state) if world.title is not None else None
        if eased:  # the year's rivers crossed at no extra PM (UR event 7): the map's variant
            world = world.with_rivers_eased(*eased)
        return cls(world, state, side, state.get("options", {}), st.index_by_zone(state) if by_zone is None else by_zone,
                   set(current.get("moved", [])), set(current.get("landed", [])), _data_kinds(world, state))

    def read_only(self) -> "Ctx":
        """The same context for a reader that never changes the state (the legal-option
        summary of a prompt): facts about zones are then remembered."""
        self.facts = {}
        return self

    def forget(self) -> None:
        """Drop the remembered facts when the reader is done. They hold the verdict
        functions of the search, which refer back to this context: without this, the
        context and every fact would wait for Python's cycle collector."""
        if self.facts is not None:
            self.facts.clear()

    def borrowing(self) -> "Ctx":
        """The same context on a scratch position whose ``pieces`` dict is a new dict of the
        caller's own records: :meth:`relocate`, the only writer of a piece record while
        moves are carried out, copies a record before its first change."""
        self.copied = set()
        return self

    def refresh(self):
        fresh = st.index_by_zone(self.state)
        self.by_zone.clear()
        self.by_zone.update(fresh)

    def relocate(self, pid: str, zone: str | None, aboard: str | None = None) -> None:
        """Move one piece and keep ``by_zone`` current without rebuilding it."""
        piece = self.state["pieces"][pid]
        if self.copied is not None and pid not in self.copied:
            piece = self.state["pieces"][pid] = dict(piece)  # flat records (see borrowing)
            self.copied.add(pid)
        if st.on_map(piece):
            ids = self.by_zone.get(piece["zone"], [])
            if pid in ids:
                ids.remove(pid)
            if not ids:
                self.by_zone.pop(piece["zone"], None)
        piece["zone"], piece["aboard"] = zone, aboard
        if st.on_map(piece):
            bisect.insort(self.by_zone.setdefault(zone, []), pid)

    def for_side(self, side: str) -> "Ctx":
        """The same working state seen from the other side (shares every index)."""
        return Ctx(self.world, self.state, side, self.options, self.by_zone, self.moved, self.landed, self.kinds,
                   copied=self.copied)

    def _kind(self, pid: str) -> tuple:
        kind = self.kinds.get(pid)
        if kind is None:
            people = st.people_of(self.world, self.state, pid)
            kind = self.kinds[pid] = (people, self.world.title.stacking_key(self.world, people))
        return kind

    def unit_kind(self, uid: str) -> tuple:
        """(category, diocese, people, half) of a unit (``st.unit_def``): fixed by its data."""
        kind = self.kinds.get(("unit", uid))
        if kind is None:
            u = st.unit_def(self.world, self.state, uid)
            kind = self.kinds[("unit", uid)] = (u["category"], u["diocese"], u["people"], u["half"])
        return kind

    def entry_kind(self, uid: str) -> tuple:
        """The unit's ``unit_kind`` as the title's entry rules read it (SV 3.2.1: the diocese
        of the RI and PC only)."""
        kind = self.kinds.get(("entry", uid))
        if kind is None:
            kind = self.kinds[("entry", uid)] = self.world.title.entry_kind(self.unit_kind(uid))
        return kind

    def people_of(self, pid: str) -> str | None:
        """``st.people_of``: the people of a non-Roman piece, None for Romans."""
        return self._kind(pid)[0]

    def stacking_group(self, pid: str):
        """``st.stacking_group``: the piece's stacking key (4.2.4, the title's)."""
        return self._kind(pid)[1]


# -- who is hostile to whom -------------------------------------------------------------------
def hostile(ctx: Ctx, pid: str, side: str) -> bool:
    """Is this piece an enemy of ``side``? Pieces of a people at peace are nobody's enemy."""
    p = ctx.state["pieces"][pid]
    if p.get("side") in (None, side):
        return False
    return ctx.world.title.people_active(ctx.state, ctx.world, ctx.people_of(pid))


def enemy_units_in(ctx: Ctx, zone: str, side: str) -> list[str]:
    """The units in ``zone`` hostile to ``side`` (a list the caller does not change)."""
    if ctx.facts is None:
        return _enemy_units_in(ctx, zone, side)
    key = ("enemy_units", zone, side)
    if key not in ctx.facts:
        ctx.facts[key] = _enemy_units_in(ctx, zone, side)
    return ctx.facts[key]


def _enemy_units_in(ctx: Ctx, zone: str, side: str) -> list[str]:
    return [i for i in ctx.by_zone.get(zone, []) if ctx.state["pieces"][i]["kind"] == "unit" and hostile(ctx, i, side)]


def side_pieces_in(ctx: Ctx, zone: str) -> list[str]:
    """The pieces of ``ctx.side`` in ``zone`` (a list the caller does not change)."""
    if ctx.facts is None:
        return _side_pieces_in(ctx, zone)
    key = ("side_pieces", zone, ctx.side)
    if key not in ctx.facts:
        ctx.facts[key] = _side_pieces_in(ctx, zone)
    return ctx.facts[key]


def _side_pieces_in(ctx: Ctx, zone: str) -> list[str]:
    return [i for i in ctx.by_zone.get(zone, []) if ctx.state["pieces"][i]["side"] == ctx.side]


def side_groups_in(ctx: Ctx, zone: str) -> frozenset:
    """The stacking groups (SV 4.2.4) of the pieces of ``ctx.side`` in ``zone``."""
    if ctx.facts is None:
        return frozenset(map(ctx.stacking_group, _side_pieces_in(ctx, zone)))
    key = ("side_groups", zone, ctx.side)
    if key not in ctx.facts:
        ctx.facts[key] = frozenset(map(ctx.stacking_group, side_pieces_in(ctx, zone)))
    return ctx.facts[key]


def can_fight(ctx: Ctx, a: str, b: str) -> bool:
    """May units ``a`` and ``b`` of opposite sides fight each other (the title's rule)."""
    return ctx.world.title.can_fight(ctx.world, ctx.people_of(a), ctx.people_of(b))


# -- the group that moves ----------------------------------------------------------------------
class Group(NamedTuple):
    leaders: tuple
    units: tuple
    has_leader: bool
    #: what the group's leaders may lead units into, in the title's terms (SV: a bool, an
    #: Augustus, Caesar or Usurpateur among them, SV 3.2.1; UR: the titles among them)
    command: object
    non_roman_leader_alone: bool


def make_group(ctx: Ctx, leaders, units) -> Group:
    command = ctx.world.title.command(ctx.state, leaders)
    nr_alone = bool(leaders) and not units and any(
        st.leader_def(ctx.world, ctx.state, l)["kind"] == "non_roman" for l in leaders)
    return Group(tuple(leaders), tuple(units), bool(leaders), command, nr_alone)


def group_shape(ctx: Ctx, group: Group) -> tuple:
    """All that :func:`entry_problems` and :func:`contact` read of a group but its ids
    (which only name pieces in messages): groups of one shape get the same verdicts.
    Whether a problem exists depends on which kinds of unit the group holds, not on how
    many or in what order; a unit's data matter only as far as ``entry_kind`` keeps them."""
    return (group.has_leader, group.command, group.non_roman_leader_alone,
            frozenset(map(ctx.entry_kind, group.units)), frozenset([ctx.people_of(l) for l in group.leaders]))


def people_name(world: World, people: str) -> str:
    name = world.peoples.get(people, {}).get("name", people)
    return name.get("en", people) if isinstance(name, dict) else str(name)


def step_problems(ctx: Ctx, group: Group, frm: str, to: str, *, final: bool) -> list[tuple]:
    """Why this group may not step from ``frm`` into ``to`` (a list of (code, fmt)).
    ``final`` says the group ends its move (or evades/retreats) there.

    Three parts, which the reachable-zone search also asks one by one: entering the zone
    (:func:`entry_problems`), meeting enemy units there (:func:`contact`) and, when the
    group ends there, stacking (:func:`stacking_problems`)."""
    w = ctx.world
    entering_empire = w.in_empire(to) and not w.in_empire(frm)
    problems = entry_problems(ctx, group, to, entering_empire)
    met = contact(ctx, group, to)
    if met == "blocked":  # A47, L511
        problems.append(("move.stacking_group", {"zone": to}))
    elif met == "stop" and not final:  # SV 7.1
        problems.append(("move.must_stop_enemy", {"zone": to}))
    if final:
        problems.extend(stacking_problems(ctx, group, to))
    return _dedupe(problems)


def entry_problems(ctx: Ctx, group: Group, to: str, entering_empire: bool) -> list[tuple]:
    """Why this group may not enter ``to`` (SV 3.2, 3.4.1, 4.3), wherever it stops;
    ``entering_empire``: the step crosses into the Empire. Made of the problems of each
    unit (:func:`_unit_entry`), of each non-Roman people once (:func:`_people_step`) and of
    a non-Roman leader alone; :func:`may_enter_zone` asks the same parts."""
    w, title = ctx.world, ctx.world.title
    problems: list[tuple] = []
    stepped = set()  # peoples checked once: the same problems again would be dropped by _dedupe
    for uid in group.units:
        kind = ctx.unit_kind(uid)
        problems.extend(title.unit_entry(ctx, uid, kind, group.has_leader, group.command, to))
        if kind[0] not in title.roman_categories and kind[2] not in stepped:
            stepped.add(kind[2])
            problems.extend(title.people_step(ctx, kind[2], to, entering_empire))
    for lid in group.leaders:
        people = ctx.people_of(lid)
        if people and people not in stepped:
            stepped.add(people)
            problems.extend(title.people_step(ctx, people, to, entering_empire))
    if group.non_roman_leader_alone and w.in_empire(to):  # SV 4.3, L528
        problems.append(("move.barbarian_leader_alone", {}))
    return problems


def may_enter_zone(ctx: Ctx, group: Group, to: str, entering_empire: bool) -> bool:
    """``not entry_problems(...)``, each part's verdict remembered in a read-only context
    and shared by every group that holds that part (a unit kind with the group's leader
    and emperor flags, a people), since a part reads nothing else of the group."""
    facts = ctx.facts
    if facts is None:
        return not entry_problems(ctx, group, to, entering_empire)
    w = ctx.world
    if group.non_roman_leader_alone and w.in_empire(to):  # SV 4.3, L528
        return False
    peoples = set()
    for uid in group.units:
        kind = ctx.unit_kind(uid)
        key = ("unit_entry", ctx.entry_kind(uid), group.has_leader, group.command, to)
        verdict = facts.get(key)
        if verdict is None:
            verdict = facts[key] = not w.title.unit_entry(ctx, uid, kind, group.has_leader, group.command, to)
        if not verdict:
            return False
        if kind[0] not in ctx.world.title.roman_categories:
            peoples.add(kind[2])
    for lid in group.leaders:
        people = ctx.people_of(lid)
        if people:
            peoples.add(people)
    for people in peoples:
        key = ("people_step", people, to, entering_empire)
        verdict = facts.get(key)
        if verdict is None:
            verdict = facts[key] = not w.title.people_step(ctx, people, to, entering_empire)
        if not verdict:
            return False
    return True


def contact(ctx: Ctx, group: Group, to: str) -> str | None:
    """The group's units meet enemy units in ``to``: ``"stop"`` (SV 7.1), ``"blocked"``
    when one of its non-Roman units may not fight one of them (A47, L511), else None."""
    if not group.units:
        return None
    enemies = enemy_units_in(ctx, to, ctx.side)
    if not enemies:
        return None
    mine_non_roman = [u for u in group.units if ctx.people_of(u) is not None]
    if any(not can_fight(ctx, u, e) for u in mine_non_roman for e in enemies):
        return "blocked"
    return "stop"


def stacking_problems(ctx: Ctx, group: Group, zone: str) -> list[tuple]:
    """4.2.4 (the title's stacking rule) for the group ending its move in ``zone``, and the
    rebels' rule of the civil wars (SV 3.6.3 Remark 2, UR 3.6.5)."""
    code = stacking_code(ctx, group, side_pieces_in(ctx, zone))
    problems = [(code, {"zone": zone})] if code else []
    title = ctx.world.title
    if title.stop_problems is not None:  # where the title forbids ending (UR 4.3: the Hunni)
        problems.extend(title.stop_problems(ctx, frozenset(map(ctx.stacking_group, group.leaders + group.units)), zone))
    return problems


def stacking_code(ctx: Ctx, group: Group, there) -> str | None:
    """The stacking problem of the group joining ``there``, the pieces of its side in the
    zone (the zone matters through them only), or None."""
    moving = frozenset(map(ctx.stacking_group, group.leaders + group.units))
    mine = tuple(i for i in there if i not in group.leaders and i not in group.units)
    return _stacking_code(ctx, moving, group.leaders, mine)


def _stacking_code(ctx: Ctx, moving: frozenset, leaders: tuple, mine: tuple, theirs: frozenset | None = None) -> str | None:
    """``moving``: the stacking groups of the group, ``leaders`` its leaders; ``mine``: the
    other pieces of the side there, ``theirs`` their stacking groups if known."""
    s, title = ctx.state, ctx.world.title
    groups = moving | theirs if theirs is not None else moving.union(ctx.stacking_group(i) for i in mine)
    if title.stacking_clash(groups):
        return "move.stacking_group"
    if rebels_in_play(ctx):  # SV 3.6.3 Remark 2 (L401), UR 3.6.5 (L527-529)
        rebels = {_rebel(ctx, l) for l in list(leaders) + [i for i in mine if s["pieces"][i]["kind"] == "leader"]
                  if ctx.people_of(l) is None}
        if title.rebels_clash(rebels):
            return "move.usurper_stacking"
    return None


def rebels_in_play(ctx: Ctx) -> bool:
    """The title's ``rebels_matter`` of the context's state: whether stacking must read
    which Roman leaders are rebels (remembered in a read-only context)."""
    if ctx.facts is None:
        return ctx.world.title.rebels_matter(ctx.state)
    verdict = ctx.facts.get("rebels")
    if verdict is None:
        verdict = ctx.facts["rebels"] = ctx.world.title.rebels_matter(ctx.state)
    return verdict


def _rebel(ctx: Ctx, pid: str):
    """The title's ``rebel_key`` of a leader, worked out once for every leader in a
    read-only context."""
    title = ctx.world.title
    if ctx.facts is None:
        return title.rebel_key(ctx.state, pid)
    keys = ctx.facts.get("rebel_keys")
    if keys is None:
        s = ctx.state
        keys = ctx.facts["rebel_keys"] = {l: title.rebel_key(s, l) for l in s["pieces"] if s["pieces"][l]["kind"] == "leader"}
    return keys[pid]


def _dedupe(problems):
    seen, out = set(), []
    for code, fmt in problems:
        key = (code, tuple(sorted(fmt.items())))
        if key not in seen:
            seen.add(key)
            out.append((code, fmt))
    return out


def offempire_capped(world: World, steps: list[tuple[str, str]], mode: str) -> bool:
    """SV 7.3 (L689-695), A15. ``entered_zones``: capped when every zone entered lies
    outside the Empire (the seven eastern zones count as Empire) and the move costs more
    than 2 PM. ``consecutive_offempire_pm``: more than 2 PM in a row spent entering such
    zones."""
    if not steps:
        return False
    if mode == "consecutive_offempire_pm":
        run = 0
        for a, b in steps:
            if world.empire_for_movement(b):
                run = 0
            else:
                run += world.step_cost(a, b)
                if run > 2:
                    return True
        return False
    if any(world.empire_for_movement(b) for _, b in steps):
        return False
    return sum(world.step_cost(a, b) for a, b in steps) > 2


# -- checking one move ------------------------------------------------------------------------
def check_move(ctx: Ctx, move, index: int) -> list:
    """Every problem of move ``index`` against the current (working) state. Each stage
    stops the check when it fails, so later stages may trust what earlier ones checked."""
    base = f"/moves/{index}"
    if not isinstance(move, dict):
        return [error("orders.bad_shape", base, what=f"move {index}")]
    leaders, units = move.get("leaders") or [], move.get("units") or []
    path, drop = move.get("path") or [], move.get("drop") or {}
    if not (isinstance(leaders, list) and isinstance(units, list) and isinstance(path, list) and isinstance(drop, dict)):
        return [error("orders.bad_shape", base, what=f"move {index}")]
    for stage in (_check_shape, _check_pieces, _check_adjacency):
        errors = stage(ctx, base, leaders, units, path)
        if errors:
            return errors
    errors = _check_command(ctx, base, leaders, units, path)
    stops, drop_errors = _drop_stops(base, leaders, units, path, drop)
    if drop_errors:
        return errors + drop_errors
    if leaders and units and all(uid in stops for uid in units):
        errors.append(error("move.leader_beyond_last_unit", base + "/drop"))  # SV 3.4.1, L248
    errors += _check_bound(ctx, base, leaders, units, path, stops)
    if ctx.world.title.move_problems is not None:  # the title's rules of a whole move (UR 6.2 Migration)
        errors += [error(code, base + sub, **fmt) for code, sub, fmt in ctx.world.title.move_problems(ctx, leaders, units, path, stops)]
    errors += _check_steps(ctx, base, leaders, units, path, stops)
    if leaders or _free_movers(ctx, units):
        errors += _check_movement_points(ctx, base, leaders, units, path, stops)
    if move.get("then") is not None:
        errors += _check_then(ctx, base, leaders, path, move["then"])
    return _unique_errors(errors)


def civil_war_record(state: dict, side: str, leaders) -> tuple[str | None, dict | None]:
    """The usurpation a moving stack serves (SV 3.6.3 D/): (usurper, record) when one of
    ``leaders`` is a Usurpateur of ``side`` or one of his Guerre Civile leaders."""
    war = state.get("civil_war") or {}
    for u in sorted(war):
        rec = war[u]
        if rec["side"] == side and (u in leaders or any(l in rec["leaders"] for l in leaders)):
            return u, rec
    return None, None


def _check_then(ctx: Ctx, base, leaders, path, then) -> list:
    """SV 3.6.3 D/ (L393): ``then`` names where the stack goes on after a successful rally
    in its last zone; only a stack of the usurpation can rally. The PM, stacking and
    command of the continuation are checked when it happens (the rallied units are not
    known before the die)."""
    if not isinstance(then, list) or not all(isinstance(z, str) for z in then):
        return [error("orders.bad_shape", base + "/then", what="then")]
    errors = [error("move.path.unknown_zone", f"{base}/then/{k}", zone=z) for k, z in enumerate(then)
              if not ctx.world.is_zone(z)]
    if errors or not path:
        return errors
    chain = [path[-1]] + then
    errors += [error("move.path.not_adjacent", f"{base}/then/{k - 1}", a=chain[k - 1], b=chain[k])
               for k in range(1, len(chain)) if not ctx.world.adjacent(chain[k - 1], chain[k])]
    if civil_war_record(ctx.state, ctx.side, leaders)[1] is None:
        errors.append(error("move.then.no_rally", base + "/then"))
    return errors


def continuation_problems(ctx: Ctx, move: dict, onward: dict, index: int) -> list:
    """SV 3.6.3 D/ (L393): the stack, with the units it has just rallied, goes on from the
    rally zone within the PM it has left. ``onward`` is that second leg as a move; it is
    checked like any move (its pieces count as not yet moved), and each piece that made
    the first leg pays both legs out of its PM (SV 7.2)."""
    w, s = ctx.world, ctx.state
    pieces = list(onward["leaders"]) + list(onward["units"])
    was_moved = {p for p in pieces if p in ctx.moved}
    ctx.moved.difference_update(was_moved)
    try:
        errors = check_move(ctx, dict(onward, then=None), index)
    finally:
        ctx.moved.update(was_moved)
    first = sum(w.step_cost(move["path"][k - 1], move["path"][k]) for k in range(1, len(move["path"])))
    second = sum(w.step_cost(onward["path"][k - 1], onward["path"][k]) for k in range(1, len(onward["path"])))
    for pid in sorted(was_moved):
        pm = piece_pm(ctx, pid)
        if first + second > pm:
            errors.append(error("move.over_pm", f"/moves/{index}/then", piece=pid, cost=first + second, pm=pm))
    return _unique_errors(errors)


def _check_shape(ctx: Ctx, base, leaders, units, path) -> list:
    errors = []
    if not leaders and not units:
        errors.append(error("move.empty", base))
    if len(path) < 2:
        errors.append(error("move.path.too_short", base + "/path"))
    for k, z in enumerate(path):
        if not ctx.world.is_zone(z):
            errors.append(error("move.path.unknown_zone", f"{base}/path/{k}", zone=z))
    return errors


def _check_pieces(ctx: Ctx, base, leaders, units, path) -> list:
    """The pieces exist, are the player's, stand together in the start zone and have not
    moved (or landed) in this SMC."""
    errors, seen, start = [], set(), path[0]
    for key, ids in (("leaders", leaders), ("units", units)):
        for k, pid in enumerate(ids):
            p = f"{base}/{key}/{k}"
            piece = ctx.state["pieces"].get(pid)
            if piece is None or piece["kind"] != key[:-1]:
                errors.append(error("move.piece.unknown", p, piece=pid))
                continue
            if pid in seen:
                errors.append(error("move.piece.twice", p, piece=pid))
            seen.add(pid)
            if piece.get("side") != ctx.side:
                errors.append(error("move.piece.not_yours", p, piece=pid, role=ctx.side))
            elif not st.on_map(piece):
                errors.append(error("move.piece.not_on_map", p, piece=pid))
            elif piece["zone"] != start:
                errors.append(error("move.piece.not_in_start_zone", p, piece=pid, zone=start))
            elif pid in ctx.landed:
                errors.append(error("move.piece.landed", p, piece=pid))  # SV 3.4.2, L262
            elif is_pinned(ctx.state, pid):
                errors.append(error("move.pinned_by_event", p, piece=pid))  # events 1, 4, 6, 11
            elif pid in ctx.moved:
                errors.append(error("move.piece.already_moved", p, piece=pid))
    return errors


def _check_adjacency(ctx: Ctx, base, leaders, units, path) -> list:
    return [error("move.path.not_adjacent", f"{base}/path/{k}", a=path[k - 1], b=path[k])
            for k in range(1, len(path)) if not ctx.world.adjacent(path[k - 1], path[k])]  # SV 7.2


def _check_command(ctx: Ctx, base, leaders, units, path) -> list:
    """SV 3.4.1 and 4.3: at most CC units (A81: leaders moving together pool their CC), of
    a kind the leaders may lead; a unit without leader moves one zone."""
    errors = []
    cc = sum(st.leader_def(ctx.world, ctx.state, l)["cc"] for l in leaders)
    if leaders and len(units) > cc:
        errors.append(error("move.over_cc", base + "/units", n=len(units), cc=cc))
    for k, uid in enumerate(units):
        lid = next((l for l in leaders if not _commands(ctx, l, uid)), None)
        if lid:
            errors.append(error("move.leader_cannot_command", f"{base}/units/{k}", leader=lid, piece=uid))
    if not leaders and len(path) > 2 and not _free_movers(ctx, units):
        errors.append(error("move.lone_unit_one_zone", base + "/path/2"))
    return errors


def _free_movers(ctx: Ctx, units) -> bool:
    """Every unit of a leaderless move has its own PM this year (the title's ``free_pm``:
    UR 6.2 Migration, "4 PM, with or without a leader"), so the one-zone rule does not hold."""
    free_pm = ctx.world.title.free_pm
    return bool(units) and free_pm is not None and all(free_pm(ctx.world, ctx.state, u) is not None for u in units)


def piece_pm(ctx: Ctx, pid: str) -> int:
    """The PM a piece moves with now: its counter's (SV 1.2, 1.3), or what the title gives it
    this year (``free_pm``)."""
    w, s = ctx.world, ctx.state
    if s["pieces"][pid]["kind"] == "leader":
        return st.leader_def(w, s, pid)["pm"]
    free = w.title.free_pm(w, s, pid) if w.title.free_pm is not None else None
    return free if free is not None else st.unit_def(w, s, pid)["pm"]


def _check_bound(ctx: Ctx, base, leaders, units, path, stops) -> list:
    """A unit bound to its leader (the title's ``bound_leader``: UR 3.2.4, the buccellarii)
    moves only with him, all the way, and he never leaves it behind in the start zone."""
    bound_leader = ctx.world.title.bound_leader
    if bound_leader is None:
        return []
    errors = []
    for k, uid in enumerate(units):
        lid = bound_leader(ctx.state, uid)
        if lid is None:
            continue
        if lid not in leaders:
            errors.append(error("move.bound_unit_without_leader", f"{base}/units/{k}", piece=uid, leader=lid))
        elif uid in stops:
            errors.append(error("move.bound_unit_dropped", f"{base}/drop/{uid}", piece=uid, leader=lid))
    for uid in st.units_of(ctx.state, ctx.by_zone.get(path[0], [])) if path else []:
        lid = bound_leader(ctx.state, uid)
        if lid in leaders and uid not in units:
            errors.append(error("move.bound_unit_left", base + "/units", piece=uid, leader=lid))
    return errors


def _drop_stops(base, leaders, units, path, drop) -> tuple[dict, list]:
    """{unit: index in the path where it is dropped off} (SV 3.4.1, L248)."""
    stops, errors = {}, []
    for uid, zone in sorted(drop.items()):
        if uid not in units:
            errors.append(error("move.drop.not_unit" if uid in leaders else "move.drop.not_in_move", f"{base}/drop/{uid}", piece=uid))
        elif zone not in path[1:-1]:
            errors.append(error("move.drop.not_on_path", f"{base}/drop/{uid}", zone=zone))
        else:
            stops[uid] = path.index(zone, 1)
    return stops, errors


def _check_steps(ctx: Ctx, base, leaders, units, path, stops) -> list:
    """Each step, with the group shrinking at each drop-off (SV 3.2, 3.4.1, 4.2.4, 4.3, 7.1)."""
    errors, last, group = [], len(path) - 1, None
    for k in range(1, len(path)):
        moving = [u for u in units if stops.get(u, last) >= k]
        if group is None or list(group.units) != moving:  # the same group until a drop-off
            group = make_group(ctx, leaders, moving)
        for code, fmt in step_problems(ctx, group, path[k - 1], path[k], final=(k == last)):
            errors.append(error(code, f"{base}/path/{k}", **fmt))
        dropped = [u for u in units if stops.get(u) == k]
        if dropped and k != last:
            for code, fmt in stacking_problems(ctx, make_group(ctx, [], dropped), path[k]):
                errors.append(error(code, f"{base}/path/{k}", **fmt))
    return errors


def _check_movement_points(ctx: Ctx, base, leaders, units, path, stops) -> list:
    """Each piece over its own part of the path: its PM (SV 7.2) and the off-Empire cap
    (SV 7.3, A15)."""
    w, s, errors, last = ctx.world, ctx.state, [], len(path) - 1
    mode = ctx.options.get("offempire_cap", "entered_zones")
    for pid in list(leaders) + list(units):
        end = stops.get(pid, last)
        steps = [(path[k - 1], path[k]) for k in range(1, end + 1)]
        cost = sum(w.step_cost(a, b) for a, b in steps)
        pm = piece_pm(ctx, pid)
        if cost > pm:
            errors.append(error("move.over_pm", f"{base}/path/{end}", piece=pid, cost=cost, pm=pm))
        if offempire_capped(w, steps, mode):
            errors.append(error("move.offempire_2pm", f"{base}/path/{end}"))
    return errors


def _unique_errors(errors):
    seen, out = set(), []
    for e in errors:
        key = (e.code, e.path)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out


def _commands(ctx: Ctx, leader: str, unit: str) -> bool:
    """May ``leader`` lead ``unit`` (the title's rule: SV 4.3 L517, UR 4.3, 4.5.1)."""
    return ctx.world.title.commands(ctx, leader, unit)


# -- carrying out a checked move --------------------------------------------------------------
def move_pieces(ctx: Ctx, move: dict) -> None:
    """What :func:`carry_out` changes that checking a later move reads: each piece where it
    ends (its drop-off zone, else the last of the path) and moved (SV 3.4.1, L248); the
    scratch position of a validation needs no more (``orders.SmcScratch``)."""
    path = move["path"]
    drop = move.get("drop") or {}
    last = len(path) - 1
    for pid in list(move.get("leaders") or []) + list(move.get("units") or []):
        ctx.relocate(pid, path[path.index(drop[pid], 1) if pid in drop else last])
        ctx.moved.add(pid)


def carry_out(ctx: Ctx, move: dict, current: dict) -> dict:
    """Move the pieces (as :func:`move_pieces`); record where attackers came from and river
    crossings (for 8.2 and DRM f). Returns the move event's data."""
    w, s = ctx.world, ctx.state
    path = move["path"]
    leaders, units = list(move.get("leaders") or []), list(move.get("units") or [])
    drop = move.get("drop") or {}
    last = len(path) - 1
    for pid in leaders + units:
        end = path.index(drop[pid], 1) if pid in drop else last
        ctx.relocate(pid, path[end])
        ctx.moved.add(pid)
        if s["pieces"][pid]["kind"] == "unit":
            zone, came_from = path[end], path[end - 1]
            origins = current.setdefault("origins", {}).setdefault(zone, [])
            if came_from not in origins:
                origins.append(came_from)
                origins.sort()
            if w.edge_kind(came_from, zone) in ("river", "strait"):
                current.setdefault("crossed", {})[zone] = True
    current["moved"] = sorted(ctx.moved)
    cost = sum(w.step_cost(path[k - 1], path[k]) for k in range(1, last + 1))
    data = {"side": ctx.side, "leaders": leaders, "units": units, "path": list(path),
            "drop": dict(sorted(drop.items())), "cost": cost}
    base = getattr(w, "base", None)  # the year's map variant (World.with_rivers_eased)
    if base is not None and cost < sum(base.step_cost(path[k - 1], path[k]) for k in range(1, last + 1)):
        data["eased"] = True  # a river crossed at no extra PM (UR event 7)
    return data


# -- destinations of a force leaving a zone (evasion 8.2, retreat 8.4.1, escape 7.1) ----------
def leave_zone_destinations(ctx: Ctx, group: Group, zone: str, exclude=()) -> list[str]:
    """Adjacent zones (straits included, whatever the PM cost) this group may go to, free
    of enemy combat units, respecting stacking and movement limits (SV 8.2, L711-719)."""
    out = []
    for n in ctx.world.neighbours(zone):
        if n in exclude or enemy_units_in(ctx, n, ctx.side):
            continue
        if step_problems(ctx, group, zone, n, final=True):
            continue
        out.append(n)
    return out


def escape_destinations(ctx: Ctx, leader: str, zone: str) -> list[str]:
    """A lone leader caught: any adjacent zone free of enemy units (SV 7.1, L677)."""
    return [n for n in ctx.world.neighbours(zone) if not enemy_units_in(ctx, n, ctx.side)]


# -- what a stack can reach (prompt options) ----------------------------------------------------
def reachable(ctx: Ctx, leaders, units, start: str) -> dict[str, dict]:
    """Zones this group can end in this SMC, with the cheapest legal path and its cost."""
    w = ctx.world
    if any(is_pinned(ctx.state, p) for p in list(leaders) + list(units)):
        return {}  # events 1, 4, 6, 11: it stays where it is
    group = make_group(ctx, leaders, units)
    may_enter, fits, met, opens, enters = _step_verdicts(ctx, group)
    if not leaders and not _free_movers(ctx, units):  # SV 3.4.1: a lone unit moves one zone whatever the cost
        out = {}
        for n in w.neighbours(start):
            if fits(n) and may_enter(start, n):
                out[n] = {"cost": w.step_cost(start, n), "path": [start, n]}
        return out
    pm = min(piece_pm(ctx, p) for p in list(leaders) + list(units))
    mode = ctx.options.get("offempire_cap", "entered_zones")
    search = _open_search(w, start, pm, mode)
    key = (start, pm, mode)
    if key not in opens:  # every step asked enters a zone taken, so "meets no enemy" also rules out "blocked"
        opens[key] = all(enters(to, entering) for to, entering in search.entries) and not any(map(met, search.zones))
    ends = search.ends if opens[key] else _ends(w, _search(w, start, pm, mode, may_enter, met), mode)
    # every step of a path taken passed may_enter, so ending there asks only for stacking
    return {zone: {"cost": cost, "path": list(path)} for zone, cost, path in ends if fits(zone)}


class OpenSearch(NamedTuple):
    """:func:`_search` of a start zone and allowance for a group that may take every step
    and meets no enemy (a fact of the map)."""

    entries: tuple  #: (zone, entering the Empire) of every step asked, once each
    zones: tuple  #: every zone taken, once each
    ends: tuple  #: (zone, cost, path) of each zone's cheapest uncapped entry, by zone (see :func:`_ends`)


def _ends(world: World, taken, mode: str) -> tuple:
    """``(zone, cost, path)``: the first entry of a search (``taken``) to each zone that is
    not capped (SV 7.3, A15), in the order of zone ids. The search takes the cheapest
    first, so it is the zone's cheapest legal path; whether the group may stop there
    depends on the zone only."""
    first: dict[str, tuple] = {}
    if mode == "entered_zones":
        # offempire_capped read off the entry itself: ``touched`` says a zone entered counts
        # as Empire, and ``cost`` is the sum of the path's step costs
        for cost, zone, touched, path in taken:
            if zone not in first and (touched or cost <= 2):
                first[zone] = (zone, cost, path)
    else:
        for cost, zone, _, path in taken:
            if zone not in first and not offempire_capped(world, list(zip(path, path[1:])), mode):
                first[zone] = (zone, cost, path)
    return tuple(first[zone] for zone in sorted(first))


def _search(world: World, start: str, pm: int, mode: str, may_enter, met, asked: list | None = None):
    """The cheapest paths out of ``start`` within ``pm``: every entry taken from the heap
    but the start, ``(cost, zone, touched, path)``, cheapest first (``touched``: a zone
    entered counts as Empire, SV 7.3). ``may_enter(frm, to)`` says a step may be taken,
    ``met(zone)`` that the group stops there (SV 7.1); ``asked`` collects the steps asked."""
    by_cost = mode != "entered_zones"  # A15: the consecutive count needs the cost too
    steps_from, for_movement = world.steps_from, world.empire_for_movement
    pop, push = heapq.heappop, heapq.heappush
    heap = [(0, start, False, (start,))]
    seen = set()
    while heap:
        cost, zone, touched, path = entry = pop(heap)
        key = (zone, touched, cost if by_cost else 0)
        if key in seen:
            continue
        seen.add(key)
        if zone != start:
            yield entry
            if met(zone):
                continue  # SV 7.1: stop on entering enemy units
        for n, step in steps_from(zone):
            c = cost + step
            if c > pm or n in path:
                continue
            t = touched or for_movement(n)
            if (n, t, c if by_cost else 0) in seen:
                continue  # already searched from there at no greater cost
            if asked is not None:
                asked.append((zone, n))
            if may_enter(zone, n):
                push(heap, (c, n, t, path + (n,)))


@lru_cache(maxsize=None)
def _open_search(world: World, start: str, pm: int, mode: str) -> OpenSearch:
    """The search of a group that may take every step and meets no enemy. A group whose
    verdicts are the same on every step asked and every zone taken makes exactly this
    search."""
    asked: list[tuple] = []
    taken = tuple(_search(world, start, pm, mode, lambda frm, to: True, lambda zone: None, asked))
    entries = dict.fromkeys((to, world.in_empire(to) and not world.in_empire(frm)) for frm, to in asked)
    return OpenSearch(tuple(entries), tuple(dict.fromkeys(zone for _, zone, _, _ in taken)), _ends(world, taken, mode))


def _step_verdicts(ctx: Ctx, group: Group):
    """:func:`step_problems` as the reachable-zone search asks it, each part worked out once
    per zone (the state does not change during a search):

    * ``may_enter(frm, to)``: ``step_problems(final=False)`` has no problem but having to
      stop there (SV 7.1);
    * ``fits(to)``: the group may end there as far as stacking goes, so that
      ``step_problems(final=True)`` has no problem when ``fits(to) and may_enter(frm, to)``;
    * ``met(to)``: :func:`contact` (None when the group meets no enemy unit there);
    * ``opens``: ``(start, pm, mode)`` -> the group's search out of ``start`` is the open
      search (:func:`_open_search`), filled by :func:`reachable`;
    * ``enters(to, entering_empire)``: :func:`may_enter_zone`, the entry part of
      ``may_enter``.

    In a read-only context all but ``fits`` are shared by the groups of
    one shape, and ``fits`` by the groups of one set of stacking groups (and of leaders,
    where rebels may be)."""
    shared = ctx.facts if ctx.facts is not None else {}
    key = ("verdicts", ctx.side, group_shape(ctx, group))
    entering = shared.get(key)
    if entering is None:
        entering = shared[key] = _entry_verdicts(ctx, group)
    moving = frozenset(map(ctx.stacking_group, group.leaders + group.units))
    leaders = group.leaders if rebels_in_play(ctx) else None  # the leaders matter only where rebels may be
    key = ("fits", ctx.side, moving, leaders)
    fits = shared.get(key)
    if fits is None:
        fits = shared[key] = _fits_verdict(ctx, moving, group.leaders)
    return (entering[0], fits, *entering[1:])


def _entry_verdicts(ctx: Ctx, group: Group) -> tuple:
    """``(may_enter, met, opens, enters)`` of :func:`_step_verdicts`, asked of ``group`` (any group
    of its shape gets the same answers)."""
    w = ctx.world
    steps: dict[tuple, bool] = {}  # (frm, to) -> may_enter
    entries: dict[tuple, bool] = {}  # (to, entering the Empire) -> no entry problem
    contacts: dict[str, str | None] = {}  # to -> met
    opens: dict[tuple, bool] = {}

    def met(to: str) -> str | None:
        if to not in contacts:
            contacts[to] = contact(ctx, group, to)
        return contacts[to]

    def enters(to: str, entering_empire: bool) -> bool:
        verdict = entries.get((to, entering_empire))
        if verdict is None:
            verdict = entries[(to, entering_empire)] = may_enter_zone(ctx, group, to, entering_empire)
        return verdict

    def may_enter(frm: str, to: str) -> bool:
        verdict = steps.get((frm, to))
        if verdict is None:
            verdict = steps[(frm, to)] = enters(to, w.in_empire(to) and not w.in_empire(frm)) and met(to) != "blocked"
        return verdict

    return may_enter, met, opens, enters


def _fits_verdict(ctx: Ctx, moving: frozenset, leaders: tuple):
    """``fits`` of :func:`_step_verdicts` for a group of these stacking groups and leaders.
    Its pieces all stand in its start zone, which no path enters again, so the side's
    pieces in a zone where it may end are never its own."""
    ends: dict[str, bool] = {}  # zone -> no stacking problem
    stop_problems = ctx.world.title.stop_problems

    def fits(to: str) -> bool:
        verdict = ends.get(to)
        if verdict is None:
            mine = side_pieces_in(ctx, to)
            verdict = ends[to] = _stacking_code(ctx, moving, leaders, mine, side_groups_in(ctx, to)) is None \
                and not (stop_problems and stop_problems(ctx, moving, to))  # stacking_problems
        return verdict

    return fits


def commands_all(ctx: Ctx, leaders, unit: str) -> bool:
    """Every leader of the stack may lead ``unit`` (SV 4.3, L517)."""
    return all(_commands(ctx, l, unit) for l in leaders)
