"""Order sets: their JSON shape per prompt kind, validation, standing reactions, and the
line-based text notation used by reply-by-email.

JSON shapes (every kind may also carry ``reactions``, which replace the side's standing
reactions key by key and stay in force until replaced):

* ``smc``:     ``{"moves": [{"leaders", "units", "path", "drop", "then"}], "naval": [{"fleet", "embark", "to", "land"}]}``;
  ``then`` (optional, SV 3.6.3 D/): the zones a usurpation's stack goes on to after a
  successful rally in its last zone (text: ``move volusianus batavi: italia-1 > italia-2 then italia-3``)
* ``evasion``: ``{"evade": false}`` or ``{"evade": true, "to": [zones]}`` or ``{"evade": true, "groups": [{"leaders", "units", "to"}]}``
  (text: ``evade never``, ``evade to galliae-6 > galliae-7``, or one ``evade dux-d unit-e to galliae-7`` line per group)
* ``retreat``: ``{"retreat": [zones, in order of preference]}``
* ``losses``:  ``{"losses": [units]}``
* ``escape``:  ``{"escape": zone}``
* ``successor``: ``{"successor": leader or diocese}`` (SV 3.5.2 case 5 and case 4, 3.6.3 C/;
  text: ``choose crispus``, ``choose thracia``)
* ``battle_order``: ``{"battle_order": [zones]}``, the order the SMC's battles are fought in
  (2.E.2; the zones named first, in that order, the others after them in the zones' order;
  text: ``battles galliae-7 > galliae-5``); an SMC's order set may name it with its moves

Standing reactions (text: ``evade never|always``, ``evade to Z > Z`` (always, to these),
``evade prefer Z > Z`` (the destinations only), ``retreat Z > Z``, ``losses U U|auto``,
``escape [LEADER:] Z > Z``, each optionally ``at ZONE``; ``battles ask|auto``): ``{"evade": {"*"|zone: "always"|"never"}, "evade_to": {"*"|zone: [zones]},
"retreat": {"*"|zone: [zones]}, "losses": [units] | "auto", "escape": {"*"|leader: [zones]}, "battle_order": "ask"|"auto"}``.
"""

from __future__ import annotations

import copy
import re

from rules.base import Draft
from rules.imperator import battle as bt
from rules.imperator import state as st
from rules.imperator.messages import error
from rules.imperator.movement import Ctx, check_move, move_pieces
from rules.imperator.naval import carry_out_naval, check_naval

#: the fields of an order set per prompt kind, the family's; each title adds its own kinds
#: and fields (``kind_fields``)
KIND_FIELDS = {
    "smc": {"moves", "naval", "play", "battle_order", "reactions"},
    "geostrategy": {"play", "place", "reactions"},
    "initiative": {"play", "reactions"},
    "review": {"discard", "place", "reactions"},
    "stratagem": {"play", "reactions"},
    "evasion": {"evade", "to", "groups", "reactions"},
    "retreat": {"retreat", "reactions"},
    "losses": {"losses", "reactions"},
    "escape": {"escape", "reactions"},
    "successor": {"successor", "reactions"},
    "battle_order": {"battle_order", "reactions"},
    None: {"reactions"},
}
REACTION_KEYS = ("evade", "evade_to", "retreat", "losses", "escape", "successor", "stratagems", "initiative", "geostrategy", "ask",
                 "battle_order")
PLAY_PHASE = {"smc": "E", "geostrategy": "C", "initiative": "B", "stratagem": "E"}
_KIND_FIELDS: dict = {}


def kind_fields(title) -> dict:
    """The family's ``KIND_FIELDS`` with the title's kinds and fields added."""
    fields = _KIND_FIELDS.get(title.slug)
    if fields is None:
        fields = {kind: set(names) for kind, names in KIND_FIELDS.items()}
        for kind, names in sorted(title.kind_fields.items()):
            fields.setdefault(kind, {"reactions"}).update(names)
        _KIND_FIELDS[title.slug] = fields
    return fields


def reaction_keys(title) -> tuple:
    return REACTION_KEYS + tuple(title.reaction_keys)


# -- validation ---------------------------------------------------------------------------------------
def validate(world, state: dict, role: str, orders, *, keep: list | None = None) -> list:
    """Every problem of the order set ``orders`` of ``role`` against ``state`` (which is not
    changed). ``keep``: a list that receives the scratch position on which an SMC's naval
    and land moves were checked (:class:`SmcScratch`, with the zone index of ``state``
    before any move), for :func:`rules.imperator.smc.start` in the same ``resolve``."""
    if not isinstance(orders, dict):
        return [error("orders.bad_shape", "", what="The order set")]
    pending = state.get("pending")
    kind = pending["kind"] if pending and pending["role"] == role else None
    errors = []
    fields = kind_fields(world.title)
    for key in sorted(orders):
        if key not in fields[kind]:
            if kind is None and key in set().union(*fields.values()):
                errors.append(error("orders.not_expected", f"/{key}", role=role))
            else:
                errors.append(error("orders.unknown_field", f"/{key}", field=key))
    if "reactions" in orders:
        errors.extend(validate_reactions(world, state, orders["reactions"]))
    if errors:
        return errors
    if kind in PLAY_PHASE and "play" in orders:
        errors.extend(validate_plays(world, state, role, orders["play"], PLAY_PHASE[kind]))
    if kind == "geostrategy" and orders.get("place") is not None:
        allowed = (state.get("placements") or {}).get("leaders") or {}
        place = orders["place"]
        if not isinstance(place, dict):
            errors.append(error("orders.bad_shape", "/place", what="place"))
        else:
            for lid, zone in sorted(place.items()):
                if zone not in allowed.get(lid, []) or state["pieces"].get(lid, {}).get("side") != role:
                    errors.append(error("place.bad_zone", f"/place/{lid}", piece=lid, zone=zone))
    errors.extend(world.title.validate_orders(world, state, role, kind, orders))
    if kind == "review":
        from rules.imperator import review as review_mod
        for code, path, fmt in review_mod.problems(world, state, role, orders):
            errors.append(error(code, path, **fmt))
    if kind == "successor":  # SV 3.5.2 cases 5 and 4, 3.6.3 C/
        from rules.imperator import emperors

        options = emperors.choice_options(world, state, state["successions"][0])
        if orders.get("successor") not in options:
            errors.append(error("successor.not_eligible", "/successor", choice=orders.get("successor"),
                                options=", ".join(options)))
    if kind in ("smc", "battle_order") and "battle_order" in orders:
        errors.extend(_validate_battle_order(world, orders["battle_order"], pending, kind))
    if kind == "smc":
        errors.extend(validate_smc(world, state, role, orders, keep))
    elif kind == "evasion":
        errors.extend(_validate_evasion(world, state, role, orders, pending))
    elif kind == "retreat":
        zones = orders.get("retreat")
        if not isinstance(zones, list) or not zones:
            errors.append(error("retreat.empty", "/retreat"))
        else:
            for k, z in enumerate(zones):
                if z not in pending["data"]["destinations"]:
                    errors.append(error("retreat.bad_destination", f"/retreat/{k}", zone=z))
    elif kind == "losses":
        units = orders.get("losses")
        n = pending["data"]["count"]
        if not isinstance(units, list):
            errors.append(error("orders.bad_shape", "/losses", what="losses"))
        else:
            for k, u in enumerate(units):
                if u not in pending["data"]["units"]:
                    errors.append(error("losses.not_in_force", f"/losses/{k}", piece=u))
            if len(set(units)) != n:
                errors.append(error("losses.count", "/losses", n=n))
    elif kind == "escape":
        if orders.get("escape") not in pending["data"]["destinations"]:
            errors.append(error("escape.bad_destination", "/escape", zone=orders.get("escape")))
    return errors


def _validate_battle_order(world, zones, pending: dict, kind: str) -> list:
    """2.E.2: zones, each named once; in the answer to the battle-order prompt, zones where a
    battle is to be fought (with the moves, the battles are not known yet: a zone without one
    is passed over)."""
    if not isinstance(zones, list) or (kind == "battle_order" and not zones):
        return [error("orders.bad_shape", "/battle_order", what="battle_order")]
    battles = pending["data"]["zones"] if kind == "battle_order" else None
    errors, seen = [], set()
    for k, z in enumerate(zones):
        if z in seen:
            errors.append(error("battle_order.repeated", f"/battle_order/{k}", zone=z))
        elif not isinstance(z, str) or not world.is_zone(z) or (battles is not None and z not in battles):
            errors.append(error("battle_order.no_battle", f"/battle_order/{k}", zone=z))
        if isinstance(z, str):
            seen.add(z)
    return errors


def validate_smc(world, state: dict, role: str, orders: dict, keep: list | None = None) -> list:
    """Check the moves in order against a scratch copy on which each legal move is carried
    out, so that a later move sees the earlier ones (SV 3.4, 7). ``keep`` (see
    :func:`validate`) receives the scratch position when there was a move to check."""
    moves, naval = orders.get("moves", []), orders.get("naval", [])
    if not isinstance(moves, list):
        return [error("orders.bad_shape", "/moves", what="moves")]
    if not isinstance(naval, list):
        return [error("orders.bad_shape", "/naval", what="naval")]
    if not moves and not naval:
        return []  # nothing to check (and no scratch copy to make)
    scratch = SmcScratch(world, state, role, keep_index=keep is not None)
    errors = []
    for i, order in enumerate(naval):
        errors.extend(scratch.naval(order, i))
    for i, move in enumerate(moves):
        errors.extend(scratch.move(move, i))
    if keep is not None:
        keep.append(scratch)
    return errors


class SmcScratch:
    """A scratch copy of the position on which the naval moves, then the land moves, of an
    SMC order set are checked one by one, each legal one carried out (SV 3.4, 7).

    ``keep_index``: keep the zone index of the position before any move (``by_zone``, which
    the scratch context then does not change) for the SMC that ``resolve`` opens on that
    position (:func:`rules.imperator.smc.start`); ``current["at_port"]`` is also what the
    SMC records at its start."""

    def __init__(self, world, state: dict, role: str, keep_index: bool = False):
        scratch = {k: v for k, v in state.items() if k not in ("pieces", "fleets")}
        scratch["pieces"] = dict(state["pieces"])  # each record copied when it first moves (Ctx.borrowing)
        scratch["fleets"] = {fid: dict(f, cargo=list(f.get("cargo", []))) for fid, f in state["fleets"].items()}
        self.current = current = {"moved": [], "landed": [], "fleets_moved": [], "origins": {}, "crossed": {}}
        self.by_zone = None
        if keep_index:
            self.by_zone = st.index_by_zone(state)
            moving = {zone: list(ids) for zone, ids in self.by_zone.items()}  # Ctx.relocate changes the lists
            self.ctx = ctx = Ctx.build(world, scratch, role, current, by_zone=moving).borrowing()
        else:
            self.ctx = ctx = Ctx.build(world, scratch, role, current).borrowing()
        current["at_port"] = {pid: list(ctx.by_zone.get(port["zone"], [])) for pid, port in sorted(world.ports.items())}  # st.pieces_in
        current["at_port"].update({fid: list(ctx.by_zone.get(f["coast"], [])) for fid, f in sorted((scratch.get("fleets") or {}).items())
                                   if f.get("coast")})  # a temporary fleet still at its coast (UR 6.3 Flotte)

    def naval(self, order, index: int) -> list:
        problems = check_naval(self.ctx, order, index, self.current)
        if not problems:
            carry_out_naval(self.ctx, order, self.current)
        return problems

    def move(self, move, index: int) -> list:
        problems = check_move(self.ctx, move, index)
        if not problems:
            move_pieces(self.ctx, move)  # what carry_out changes that a later check reads
        return problems


class SmcDraft(Draft):
    """An SMC order set built one order at a time (:meth:`Ruleset.draft`): the rest of the
    set is checked once, then each naval or land move against a kept scratch position,
    which gives the verdicts of :func:`validate` on the whole set without checking the
    earlier moves again. A naval move after a land move (the naval moves are carried out
    first) and a set that is already refused fall back to checking the whole set."""

    def __init__(self, ruleset, world, state: dict, role: str, side: str, orders: dict):
        super().__init__(ruleset, state, role, orders)
        self.world, self.side = world, side
        self.refused = bool(validate(world, state, side, self.orders))
        self.scratch: SmcScratch | None = None

    def add(self, name: str, order) -> list:
        moves, naval = self.orders.get("moves", []), self.orders.get("naval", [])
        if self.refused or name not in ("moves", "naval") or (name == "naval" and moves):
            self.scratch = None  # the set changes in a way the scratch position cannot follow
            return super().add(name, order)
        if self.scratch is None:
            self.scratch = SmcScratch(self.world, self.state, self.side)
            for i, earlier in enumerate(naval):
                self.scratch.naval(earlier, i)
            for i, earlier in enumerate(moves):
                self.scratch.move(earlier, i)
        if name == "naval":
            problems = self.scratch.naval(order, len(naval))
        else:
            problems = self.scratch.move(order, len(moves))
        if not problems:
            self.orders = dict(self.orders, **{name: list(self.orders.get(name, [])) + [order]})
        return problems


def _validate_evasion(world, state, role, orders, pending) -> list:
    if not isinstance(orders.get("evade"), bool):
        return [error("orders.bad_shape", "/evade", what="evade")]
    data = pending["data"]
    errors = []
    for k, z in enumerate(orders.get("to") or []):
        if z not in data["destinations"]:
            errors.append(error("evade.bad_destination", f"/to/{k}", zone=z))
    groups = orders.get("groups")
    if groups:
        ctx = Ctx.build(world, state, role, state.get("current"))
        for code, path, fmt in bt.check_evasion_groups(ctx, data["zone"], groups, data["leaders"], data["units"], data["excluded"]):
            errors.append(error(code, path, **fmt))
    return errors


def validate_plays(world, state: dict, role: str, plays, phase: str) -> list:
    """Each play of the order set (SV 6): held, of the side and the phase, and legal."""
    from rules.imperator import plays as plays_mod

    if not isinstance(plays, list):
        return [error("orders.bad_shape", "/play", what="play")]
    errors, types = [], []
    for k, play in enumerate(plays):
        for code, path, fmt in plays_mod.problems(world, state, role, play, phase):
            errors.append(error(code, f"/play/{k}{path}", **fmt))
        if isinstance(play, dict):
            t = play.get("stratagem")
            if t in types and sum(1 for c in state["hidden"]["hands"].get(role, []) if c.split("#")[0] == t) < types.count(t) + 1:
                errors.append(error("stratagem.not_held", f"/play/{k}/stratagem", stratagem=t))
            types.append(t)
    return errors


def validate_reactions(world, state: dict, reactions) -> list:
    if not isinstance(reactions, dict):
        return [error("orders.bad_shape", "/reactions", what="reactions")]
    errors = []
    for key in sorted(reactions):
        value = reactions[key]
        base = f"/reactions/{key}"
        if key not in reaction_keys(world.title):
            errors.append(error("orders.unknown_field", base, field=key))
        elif key in world.title.reaction_keys:
            errors.extend(world.title.validate_reaction(world, state, key, value, base))
        elif key == "successor":
            if not isinstance(value, list) or not all(v in state["pieces"] for v in value):
                errors.append(error("reactions.bad_value", base, what=key, value=value))
        elif key == "battle_order":
            if value not in ("ask", "auto"):
                errors.append(error("reactions.bad_value", base, what=key, value=value))
        elif key == "ask":
            if value not in ("battles", "never"):
                errors.append(error("reactions.bad_value", base, what=key, value=value))
        elif key == "geostrategy":
            if value not in ("pass", "ask"):
                errors.append(error("reactions.bad_value", base, what=key, value=value))
        elif key == "initiative":
            if value not in ("always", "never", "ask"):
                errors.append(error("reactions.bad_value", base, what=key, value=value))
        elif key == "stratagems":
            if not isinstance(value, list) or not all(isinstance(v, dict) and isinstance(v.get("stratagem"), str) for v in value):
                errors.append(error("reactions.bad_value", base, what=key, value=value))
            else:
                from rules.imperator import plays as plays_mod
                for k, v in enumerate(value):
                    if "E" not in plays_mod.phases_of(plays_mod.spec(state, v["stratagem"])):
                        errors.append(error("stratagem.wrong_phase", f"{base}/{k}/stratagem", stratagem=v["stratagem"], phase="E"))
        elif key == "losses":
            if value not in ("auto", "ask") and not (isinstance(value, list) and all(v in state["pieces"] for v in value)):
                errors.append(error("reactions.bad_value", base, what=key, value=value))
        elif not isinstance(value, dict):
            errors.append(error("orders.bad_shape", base, what=key))
        else:
            for k in sorted(value):
                v = value[k]
                p = f"{base}/{k}"
                if key == "escape":
                    if k != "*" and k not in state["pieces"]:
                        errors.append(error("reactions.unknown_piece", p, piece=k))
                elif k != "*" and not world.is_zone(k):
                    errors.append(error("reactions.bad_zone", p, zone=k))
                if key == "evade":
                    if v not in ("always", "never", "ask"):
                        errors.append(error("reactions.bad_value", p, what=key, value=v))
                elif not isinstance(v, list) or not all(world.is_zone(z) for z in v):
                    errors.append(error("reactions.bad_value", p, what=key, value=v))
    return errors


def merge_reactions(state: dict, role: str, reactions: dict) -> None:
    sheet = state["hidden"]["reactions"].setdefault(role, {})
    for key in sorted(reactions):
        sheet[key] = copy.deepcopy(reactions[key])


# -- the text notation --------------------------------------------------------------------------------
ARROW = re.compile(r"\s*>\s*")


class _Names:
    """Resolves the short names a player types: ids, or ids without their category
    prefix ('cornuti' for 'co-cornuti'), zones, fleets ('occidentalis')."""

    def __init__(self, world, state):
        self.world, self.state = world, state
        self.short: dict[str, list[str]] = {}
        for pid in sorted(state["pieces"]):
            self.short.setdefault(pid, []).append(pid)
            if "-" in pid and pid.split("-", 1)[0] in world.title.name_prefixes:
                self.short.setdefault(pid.split("-", 1)[1], []).append(pid)
        for fid in sorted(state.get("fleets", {})):
            self.short.setdefault(fid, []).append(fid)
            self.short.setdefault(fid.split("-")[-1], []).append(fid)

    def piece(self, name: str, line: int, errors: list) -> str | None:
        name = name.strip().lower()
        hits = self.short.get(name, [])
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            exact = [h for h in hits if h == name]
            if exact:
                return exact[0]
            errors.append(error("text.ambiguous_name", f"line:{line}", name=name, choices=", ".join(hits)))
            return None
        errors.append(error("text.unknown_name", f"line:{line}", name=name))
        return None

    def place(self, name: str, line: int, errors: list) -> str | None:
        name = name.strip().lower()
        if self.world.is_zone(name) or name in self.world.seas or name in self.world.ports:
            return name
        errors.append(error("text.unknown_name", f"line:{line}", name=name))
        return None


def parse(world, state: dict, role: str, text: str, lines: dict | None = None) -> tuple[dict, list]:
    """The order set written in ``text``. ``lines``, if given, is filled with the line of
    each part of the order set (``/moves/0``, ``/naval/1``, ``/reactions/evade``,
    ``/retreat`` …) so that validation errors can point at the line."""
    pending = state.get("pending")
    kind = pending["kind"] if pending and pending["role"] == role else None
    names = _Names(world, state)
    orders: dict = {"moves": [], "naval": []} if kind == "smc" else {}
    reactions: dict = {}
    errors: list = []
    lines = lines if lines is not None else {}
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        head = words[0].lower()
        standing = False
        if head == "standing" and len(words) > 1:
            standing, line = True, line.split(None, 1)[1]
            words = line.split()
            head = words[0].lower()
        rest = line[len(words[0]):].strip()
        if head == "pass":
            continue
        if head == "play":
            play = _parse_play(rest, n, names, errors, world.title)
            if play is None:
                continue
            if standing:
                lines[f"/reactions/stratagems"] = n
                reactions.setdefault("stratagems", []).append(play)
            else:
                lines[f"/play/{len(orders.setdefault('play', []))}"] = n
                orders["play"].append(play)
            continue
        if head == "place" and len(rest.split()) == 2:
            lid = names.piece(rest.split()[0], n, errors)
            orders.setdefault("place", {})[lid] = names.place(rest.split()[1], n, errors)
            lines[f"/place/{lid}"] = n
            continue
        if head == "discard":  # a repeated line adds to the list
            hand = list(state["hidden"]["hands"].get(role, []))
            picked = list(orders.get("discard") or [])
            for w in rest.split():
                c = next((c for c in hand if c.split("#")[0] == w.lower() and c not in picked), None)
                if c is None:
                    errors.append(error("text.unknown_name", f"line:{n}", name=w))
                else:
                    picked.append(c)
            orders["discard"] = picked
            lines[f"/{head}"] = n
            continue
        if world.title.parse_line(head, rest, line, n, standing, names, orders, reactions, lines, errors):
            continue
        if head == "choose" and rest:  # the answer to a successor prompt (SV 3.5.2)
            orders["successor"] = rest.strip().lower() if rest.strip().lower() in world.dioceses else names.piece(rest, n, errors)
            lines["/successor"] = n
            continue
        if head == "successor":
            reactions["successor"] = [p for p in (names.piece(w, n, errors) for w in re.split(r"[\s>]+", rest) if w) if p]
            lines["/reactions/successor"] = n
            continue
        if head == "battles":  # 2.E.2: the order of the battles (a repeated line adds to the list)
            if standing:
                if rest.lower() not in ("ask", "auto"):
                    errors.append(error("text.bad_syntax", f"line:{n}", line="standing battles " + rest))
                    continue
                reactions["battle_order"] = rest.lower()
                lines["/reactions/battle_order"] = n
                continue
            orders["battle_order"] = list(orders.get("battle_order") or []) + _zones(rest, n, names, errors)
            lines["/battle_order"] = n
            continue
        if head == "ask" and rest.lower() in ("battles", "never"):
            reactions["ask"] = rest.lower()
            lines["/reactions/ask"] = n
            continue
        if head == "geostrategy" and rest.lower() in ("pass", "ask"):
            reactions["geostrategy"] = rest.lower()
            lines["/reactions/geostrategy"] = n
            continue
        if head == "initiative" and rest.lower() in ("always", "never", "ask"):
            reactions["initiative"] = rest.lower()
            lines["/reactions/initiative"] = n
            continue
        if head == "move":
            move = _parse_move(rest, n, names, errors)
            if move is not None:
                lines[f"/moves/{len(orders.setdefault('moves', []))}"] = n
                orders["moves"].append(move)
        elif head == "sail":
            order = _parse_sail(rest, n, names, errors)
            if order is not None:
                lines[f"/naval/{len(orders.setdefault('naval', []))}"] = n
                orders["naval"].append(order)
        elif head in ("evade", "retreat", "losses", "escape"):
            before = {k: copy.deepcopy(v) for k, v in reactions.items()}
            decided = _parse_reaction(head, rest, n, names, errors, reactions,
                                      decision=(not standing and kind == _DECISION_KIND[head]))
            if decided is not None:
                if "groups" in decided and "groups" in orders:  # one line per evading group
                    decided = dict(decided, groups=orders["groups"] + decided["groups"])
                for key in ("retreat", "losses"):  # a repeated line adds to the list (retreat a, then retreat b)
                    if isinstance(decided.get(key), list) and isinstance(orders.get(key), list):
                        decided = dict(decided, **{key: orders[key] + decided[key]})
                orders.update(decided)
                for key in decided:
                    lines[f"/{key}"] = n
            for key in reactions:
                if reactions[key] != before.get(key):
                    lines[f"/reactions/{key}"] = n
        else:
            errors.append(error("text.unknown_command", f"line:{n}", word=head))
    if reactions:
        orders["reactions"] = reactions
    return orders, errors


_DECISION_KIND = {"evade": "evasion", "retreat": "retreat", "losses": "losses", "escape": "escape"}
def _parse_play(rest: str, n: int, names: _Names, errors: list, title) -> dict | None:
    """``play TYPE [ARGS]`` (SV 6, UR 6): the counter's bare argument (a leader, a zone, a
    diocese, a nationality or peoples, as the title says of each type), and keyword
    arguments: ``at ZONE``, ``diocese D``, ``nationality N``, ``value N``, ``to Z > Z``
    (the battle counters) and the title's own keywords."""
    words = rest.split()
    if not words:
        errors.append(error("text.bad_syntax", f"line:{n}", line="play"))
        return None
    t, args = words[0].lower(), [w.lower() for w in words[1:] if w != ">"]
    play: dict = {"stratagem": t}
    extra = title.play_keywords
    keywords = ("at", "diocese", "value", "to", "nationality") + tuple(sorted(extra))
    bare = title.play_bare_field(t)
    k = 0
    while k < len(args):
        w = args[k]
        if w in keywords and k + 1 < len(args):
            if w == "at":
                play["zone"] = names.place(args[k + 1], n, errors)
            elif w == "diocese":
                play["diocese"] = args[k + 1]
            elif w == "value":
                play["value"] = int(args[k + 1]) if args[k + 1].isdigit() else args[k + 1]
            elif w == "nationality":
                play["nationality"] = args[k + 1]
            elif w == "to":
                play["to"] = [names.place(z, n, errors) for z in args[k + 1:]]
                break
            else:
                field, how = extra[w]
                value = args[k + 1]
                play[field] = names.piece(value, n, errors) if how == "piece" else \
                    names.place(value, n, errors) if how == "place" else value
            k += 2
            continue
        if bare == "leader":
            play["leader"] = names.piece(w, n, errors)
        elif bare == "zone":
            play["zone"] = names.place(w, n, errors)
        elif bare in ("diocese", "nationality", "people"):
            play[bare] = w
        else:
            play.setdefault("peoples", []).append(w)
        k += 1
    for key, value in sorted(title.play_defaults(t).items()):
        play.setdefault(key, value)
    return play


def format_play(play: dict, title) -> str:
    parts = ["play", str(play.get("stratagem"))]
    t = str(play.get("stratagem"))
    bare = title.play_bare_field(t)
    for key in ("leader",):
        if play.get(key):
            parts.append(play[key])
    if play.get("zone"):
        parts += ([play["zone"]] if bare == "zone" else ["at", play["zone"]])
    if play.get("diocese"):
        parts += ([play["diocese"]] if bare == "diocese" else ["diocese", play["diocese"]])
    if play.get("nationality"):
        parts.append(play["nationality"])
    if play.get("people"):
        parts.append(play["people"])
    parts += list(play.get("peoples") or [])
    for word, (field, _how) in sorted(title.play_keywords.items()):
        if play.get(field) is not None:
            parts += [word, str(play[field])]
    if play.get("value") is not None:
        parts += ["value", str(play["value"])]
    if play.get("to"):
        parts += ["to", " > ".join(play["to"])]
    return " ".join(parts)


def _zones(text: str, n: int, names: _Names, errors: list) -> list[str]:
    out = []
    for part in ARROW.split(text.strip()):
        if part:
            z = names.place(part, n, errors)
            if z:
                out.append(z)
    return out


def _parse_move(rest: str, n: int, names: _Names, errors: list):
    if ":" not in rest:
        errors.append(error("text.bad_syntax", f"line:{n}", line="move " + rest))
        return None
    who, where = rest.split(":", 1)
    then = None
    if " then " in f" {where} ":  # SV 3.6.3 D/ (L393): where the stack goes on after a rally
        where, _, then_text = f" {where} ".partition(" then ")
        then = _zones(then_text, n, names, errors)
    drops = {}
    if " drop " in f" {where} ":
        where, _, drop_text = f" {where} ".partition(" drop ")
        for item in drop_text.split():
            if "@" not in item:
                errors.append(error("text.bad_syntax", f"line:{n}", line=item))
                continue
            u, z = item.split("@", 1)
            pid, zone = names.piece(u, n, errors), names.place(z, n, errors)
            if pid and zone:
                drops[pid] = zone
    leaders, units = [], []
    for name in who.split():
        pid = names.piece(name, n, errors)
        if pid:
            (leaders if names.state["pieces"][pid]["kind"] == "leader" else units).append(pid)
    path = _zones(where, n, names, errors)
    move = {"leaders": leaders, "units": units, "path": path}
    if drops:
        move["drop"] = drops
    if then is not None:
        move["then"] = then
    return move


def _parse_sail(rest: str, n: int, names: _Names, errors: list):
    words = rest.replace(":", " ").split()
    if not words:
        errors.append(error("text.bad_syntax", f"line:{n}", line="sail"))
        return None
    fleet = names.piece(words[0], n, errors)
    order: dict = {"fleet": fleet}
    mode = None
    for w in words[1:]:
        lw = w.lower()
        if lw in ("embark", "to", "land"):
            mode = lw
            continue
        if mode == "embark":
            pid = names.piece(w, n, errors)
            if pid:
                order.setdefault("embark", []).append(pid)
        elif mode in ("to", "land"):
            place = names.place(w, n, errors)
            if place:
                order[mode] = place
        else:
            errors.append(error("text.bad_syntax", f"line:{n}", line="sail " + rest))
    return order if fleet else None


def _parse_reaction(head, rest, n, names, errors, reactions, *, decision: bool):
    """Returns the decision fields when the line answers the open prompt, else records a
    standing reaction."""
    at = None
    if head in ("evade", "retreat") and rest.lower().startswith("at "):
        spec = rest[3:]
        if head == "retreat":
            zone_text, _, rest = spec.partition(":")
        else:
            zone_text, _, rest = spec.strip().partition(" ")
        at = names.place(zone_text, n, errors)
        decision = False
    if head == "evade":
        words = rest.split(None, 1)
        word = words[0].lower() if words else ""
        key = at or "*"
        if word in ("never", "always"):
            if decision:
                return {"evade": word == "always"}
            reactions.setdefault("evade", {})[key] = word
        elif word == "ask" and not decision:  # no standing answer: ask me
            reactions.setdefault("evade", {})[key] = word
        elif word == "to":
            zones = _zones(words[1] if len(words) > 1 else "", n, names, errors)
            if decision:
                return {"evade": True, "to": zones}
            reactions.setdefault("evade", {})[key] = "always"
            reactions.setdefault("evade_to", {})[key] = zones
        elif word == "prefer" and not decision:  # the destinations only, "always" or not
            reactions.setdefault("evade_to", {})[key] = _zones(words[1] if len(words) > 1 else "", n, names, errors)
        elif decision and " to " in f" {rest} ":
            who, _, where = f" {rest} ".partition(" to ")
            pieces = [p for p in (names.piece(w, n, errors) for w in who.split()) if p]
            zone = names.place(where, n, errors)
            group = {"leaders": [p for p in pieces if names.state["pieces"][p]["kind"] == "leader"],
                     "units": [p for p in pieces if names.state["pieces"][p]["kind"] == "unit"], "to": zone}
            return {"evade": True, "groups": [group]}
        else:
            errors.append(error("text.bad_syntax", f"line:{n}", line="evade " + rest))
        return None
    if head == "retreat":
        zones = _zones(rest, n, names, errors)
        if decision:
            return {"retreat": zones}
        reactions.setdefault("retreat", {})[at or "*"] = zones
        return None
    if head == "losses":
        if rest.strip().lower() in ("auto", "ask"):
            if decision:
                return None
            reactions["losses"] = rest.strip().lower()
            return None
        units = [u for u in (names.piece(w, n, errors) for w in rest.split()) if u]
        if decision:
            return {"losses": units}
        reactions["losses"] = units
        return None
    if head == "escape":
        who, sep, where = rest.partition(":")
        if sep:
            leader = names.piece(who, n, errors)
            reactions.setdefault("escape", {})[leader or "*"] = _zones(where, n, names, errors)
            return None
        zones = _zones(rest, n, names, errors)
        if decision:
            return {"escape": zones[0] if zones else None}
        reactions.setdefault("escape", {})["*"] = zones
    return None


def line_path(path: str, lines: dict) -> str:
    """``/moves/1/path/2`` -> ``line:N`` of the line that wrote move 1."""
    best = None
    for prefix, n in lines.items():
        if (path == prefix or path.startswith(prefix + "/")) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, n)
    return f"line:{best[1]}" if best else "line:1"


def format_orders(orders: dict, title) -> str:
    lines = []
    for move in orders.get("naval") or []:
        parts = [f"sail {move.get('fleet')}"]
        if move.get("embark"):
            parts.append("embark " + " ".join(move["embark"]))
        if move.get("to"):
            parts.append("to " + move["to"])
        if move.get("land"):
            parts.append("land " + move["land"])
        lines.append(" ".join(parts))
    for move in orders.get("moves") or []:
        who = " ".join(list(move.get("leaders") or []) + list(move.get("units") or []))
        line = f"move {who}: " + " > ".join(move.get("path") or [])
        if move.get("drop"):
            line += " drop " + " ".join(f"{u}@{z}" for u, z in sorted(move["drop"].items()))
        if move.get("then"):
            line += " then " + " > ".join(move["then"])
        lines.append(line)
    if "evade" in orders:
        if not orders["evade"]:
            lines.append("evade never")
        elif orders.get("groups"):
            for g in orders["groups"]:
                lines.append("evade " + " ".join(list(g.get("leaders") or []) + list(g.get("units") or [])) + f" to {g.get('to')}")
        elif orders.get("to"):
            lines.append("evade to " + " > ".join(orders["to"]))
        else:
            lines.append("evade always")
    if "retreat" in orders:
        lines.append("retreat " + " > ".join(orders["retreat"]))
    if "losses" in orders:
        lines.append("losses " + " ".join(orders["losses"]))
    if "escape" in orders:
        lines.append(f"escape {orders['escape']}")
    if orders.get("battle_order"):
        lines.append("battles " + " > ".join(orders["battle_order"]))
    for play in orders.get("play") or []:
        lines.append(format_play(play, title))
    for lid, zone in sorted((orders.get("place") or {}).items()):
        lines.append(f"place {lid} {zone}")
    lines += title.format_lines(orders, "after_place")
    if orders.get("discard"):
        lines.append("discard " + " ".join(c.split("#")[0] for c in orders["discard"]))
    lines += title.format_lines(orders, "after_discard")
    if orders.get("successor"):
        lines.append(f"choose {orders['successor']}")
    reactions = orders.get("reactions") or {}
    for play in reactions.get("stratagems") or []:
        lines.append("standing " + format_play(play, title))
    if reactions.get("successor") is not None:
        lines.append("standing successor " + " > ".join(reactions["successor"]))
    if reactions.get("initiative"):
        lines.append(f"standing initiative {reactions['initiative']}")
    lines += title.format_lines(orders, "standing_after_initiative")
    if reactions.get("ask"):
        lines.append(f"standing ask {reactions['ask']}")
    if reactions.get("battle_order"):
        lines.append(f"standing battles {reactions['battle_order']}")
    if reactions.get("geostrategy"):
        lines.append(f"standing geostrategy {reactions['geostrategy']}")
    lines += title.format_lines(orders, "standing_after_geostrategy")
    for key, value in sorted((reactions.get("evade") or {}).items()):
        lines.append(f"standing evade {value}" if key == "*" else f"standing evade at {key} {value}")
    for key, value in sorted((reactions.get("evade_to") or {}).items()):
        target = "" if key == "*" else f"at {key} "
        lines.append(f"standing evade {target}prefer " + " > ".join(value))
    for key, value in sorted((reactions.get("retreat") or {}).items()):
        target = "" if key == "*" else f"at {key}: "
        lines.append(f"standing retreat {target}" + " > ".join(value))
    if "losses" in reactions:
        v = reactions["losses"]
        lines.append("standing losses " + (v if v in ("auto", "ask") else " ".join(v)))
    for key, value in sorted((reactions.get("escape") or {}).items()):
        lines.append(("standing escape " if key == "*" else f"standing escape {key}: ") + " > ".join(value))
    if not lines:
        lines.append("pass")
    return "\n".join(lines) + "\n"
