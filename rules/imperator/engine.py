"""The rules contract (``rules/base.py``) for an Imperator-system title.

A title subclasses :class:`ImperatorRuleset`, names its slug, version and data folder, and
lists its options; everything else is shared.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from rules.base import Event, Message, OrderError, Outcome, Prompt, Ruleset, RulesError, json_copy, only_answer
from rules.imperator import choices as choices_mod
from rules.imperator import computer as computer_mod
from rules.imperator import coverage as coverage_mod
from rules.imperator import emperors
from rules.imperator import furniture as furniture_mod
from rules.imperator import orders as orders_mod
from rules.imperator import plays as plays_mod
from rules.imperator import schemas
from rules.imperator import sequence
from rules.imperator import narration
from rules.imperator import notation_help
from rules.imperator import smc as smc_mod
from rules.imperator import state as st
from rules.imperator.events import is_pinned, seas_closed
from rules.imperator.movement import Ctx, commands_all, reachable
from rules.imperator.stratagems import build_bowl, stratagem_file
from rules.imperator.world import World, world_for

PROMPT_TITLES = {
    "smc": ("Your SMC: moves of E.1 (then battles are fought)", "Votre SMC : mouvements de E.1 (puis les batailles)"),
    "evasion": ("Attempt to evade the battle?", "Tenter d'éviter la bataille ?"),
    "retreat": ("Your force is beaten: where does it retreat?", "Votre force est battue : où fait-elle retraite ?"),
    "losses": ("You won: which units take the losses?", "Vous avez gagné : quelles unités subissent les pertes ?"),
    "escape": ("Your leader is alone with enemy units: where does he escape?", "Votre chef est seul avec des unités ennemies : où s'évade-t-il ?"),
    "initiative": ("You lost the initiative roll: play your Initiative stratagem?", "Vous avez perdu le jet d'initiative : jouer votre stratagème Initiative ?"),
    "geostrategy": ("Geostrategy: your stratagems and placements", "Géostratégie : vos stratagèmes et placements"),
    "review": ("End of the year: discards and placements", "Fin d'année : défausses et placements"),
    "stratagem": ("A battle is coming: play stratagems?", "Une bataille s'annonce : jouer des stratagèmes ?"),
    "battle_order": ("Your battles: in which order are they fought?", "Vos batailles : dans quel ordre sont-elles livrées ?"),
    "successor": ("A succession: choose a general (the diocese of a civil war, or the Usurpateur who takes the title)",
                  "Une succession : choisissez un général (le diocèse d'une guerre civile, ou l'usurpateur qui prend le titre)"),
}


def option(oid: str, choices, default, en: str, fr: str, label=None, choice_labels=None) -> dict:
    """A game option of a title (``Ruleset.options``): its id, its choices, the default and
    its help in English and French (the ambiguity it decides, from the title's DECISIONS);
    ``label`` (en, fr) names it and ``choice_labels`` {choice: (en, fr)} its choices on the
    new-game form."""
    out = {"id": oid, "choices": list(choices), "default": default, "help": {"en": en, "fr": fr}}
    if label:
        out["label"] = {"en": label[0], "fr": label[1]}
    if choice_labels:
        out["choice_labels"] = {str(c): {"en": choice_labels[c][0], "fr": choice_labels[c][1]} for c in choices}
    return out


#: the phase prompts every title of the family asks (``sequence.answer``)
PHASE_KINDS = ("initiative", "geostrategy", "review")


class ImperatorRuleset(Ruleset):
    """The shared engine. Subclasses set ``slug``, ``name``, ``version``, ``data_dir`` and
    ``OPTIONS``."""

    data_dir: Path = Path()
    OPTIONS: list[dict] = []
    #: the title's plug-in (``rules/imperator/plugin.py``)
    title = None
    #: the data follow ``rules/semper_victor/data/SCHEMA.md`` and go through the validating
    #: loader of ``rules/imperator/data.py``; a title with a schema of its own (UR's
    #: ``data/SCHEMA.md``) sets False and checks its files in its own tests
    sv_schema_data = True

    # -- data ---------------------------------------------------------------------------------
    @property
    def world(self) -> World:
        if self.sv_schema_data:
            _validate_data(self.slug)
        return world_for(str(self.data_dir), self.title)

    def _scenario(self, sid: str) -> dict:
        if not self.sv_schema_data:
            return self.world.scenario(sid)
        try:
            from rules.imperator import data as data_mod

            return data_mod.load_scenario(self.slug, sid)
        except ImportError:  # pragma: no cover - the loader ships with the data
            return self.world.scenario(sid)

    # -- setting up -----------------------------------------------------------------------------
    def scenarios(self) -> list[dict]:
        out = []
        for sid in self.world.scenario_ids():
            raw = self.world.scenario(sid)
            out.append({"id": str(raw["id"]), "title": raw.get("title", {}),
                        "years": [raw["first_year"], raw["last_year"]], "sources": raw.get("sources", [])})
        return out

    def options(self) -> list[dict]:
        return copy.deepcopy(self.OPTIONS)

    def full_options(self, options: dict | None) -> dict:
        chosen = {o["id"]: o["default"] for o in self.OPTIONS}
        for key, value in sorted((options or {}).items()):
            spec = next((o for o in self.OPTIONS if o["id"] == key), None)
            if spec is None or value not in spec["choices"]:
                raise RulesError(f"unknown option {key}={value!r}")
            chosen[key] = value
        return chosen

    def roles(self, scenario: str = "", options: dict | None = None) -> list[str]:
        return list(self.title.sides)

    def setup(self, scenario: str, options: dict | None, dice) -> dict:
        return self.setup_with_events(scenario, options, dice)[0]

    def setup_with_events(self, scenario: str, options: dict | None, dice) -> tuple[dict, list[Event]]:
        """``setup`` plus the events of the opening phases it runs (stratagem draws,
        initiative, war-entry draw, SMC count): an extension of the contract for a platform
        that wants them in the log."""
        opts = self.full_options(options)
        state = self.title.new_state(self.world, self._scenario(scenario), opts, ruleset=self.slug, version=self.version,
                                   bowl=build_bowl(stratagem_file(self.slug), opts.get("stratagem_mix", "reconstructed")))
        events: list[Event] = []
        self.title.opening(self.world, state)
        sequence.advance(self.world, state, dice, events)
        self._answer_forced(state, dice, events)
        narration.add_messages(events, self.world)  # every event reads for a player
        return state, events

    # -- playing --------------------------------------------------------------------------------
    def prompts(self, state: dict) -> list[Prompt]:
        pending = state.get("pending")
        if not pending or state.get("phase") == "end":
            return []
        kind = pending["kind"]
        options = self.prompt_options(state, pending)
        en, fr = self.title.prompt_titles.get(kind) or PROMPT_TITLES[kind]
        questions, context = choices_mod.prompt_choices(self.world, state, pending, options)
        return [Prompt(role=seat_of(state, pending["role"]), kind=kind, key=pending["key"], options=options,
                       default_orders=self.default_orders(state, pending), title=Message(en, fr),
                       choices=tuple(questions), context=context)]

    def choices(self, state: dict, role: str, orders: dict | None = None) -> list:
        """The prompt's questions; with a draft, the stratagems and nominations that no
        longer fit beside the ones picked (a counter held once, a title already given) are
        left out, the picked ones kept so that they can be taken back."""
        prompt = next((p for p in self.prompts(state) if p.role == role), None)
        if prompt is None:
            return []
        if not orders:
            return list(prompt.choices)
        side = side_of(state, role)
        out = []
        for q in prompt.choices:
            drafted = orders.get(q.id) if q.id in ("play", "nominate") else None
            if drafted and isinstance(drafted, list):
                def problems(items, field=q.id):
                    return {(e.code, e.path) for e in orders_mod.validate(self.world, state, side, {field: items})}
                known = problems(drafted)
                keep = tuple(c for c in q.choices if c.orders[q.id][0] in drafted
                             or problems(drafted + [c.orders[q.id][0]]) <= known)
                q = replace(q, choices=keep)
            out.append(q)
        return out

    def standing(self, state: dict, role: str) -> list:
        side = side_of(state, role)
        if side not in st.sides(state) or state.get("phase") == "end":
            return []
        return choices_mod.standing_questions(self.world, state, side)

    def _only_answer(self, state: dict, pending: dict):
        """``(orders, lines, questions)`` when the open prompt has one legal answer."""
        if pending["kind"] == "smc" and not _nothing_to_move(self.world, state, pending["role"]):
            return None  # cheap: an SMC with anything on the map is a decision (no reach search here)
        options = self.prompt_options(state, pending)
        questions, _ = choices_mod.prompt_choices(self.world, state, pending, options)
        found = only_answer(questions)
        return None if found is None else (*found, questions)

    def _answer_forced(self, s: dict, dice, events: list) -> None:
        """Answer every prompt that has one legal answer (``Prompt`` in rules/base.py), and
        log it for its player, until a real decision or the end."""
        for _ in range(1000):
            pending = s.get("pending")
            if not pending or s.get("phase") in ("end", "halted"):
                return
            found = self._only_answer(s, pending)
            if found is None:
                return
            orders, lines, questions = found
            seat = seat_of(s, pending["role"])
            en, fr = self.title.prompt_titles.get(pending["kind"]) or PROMPT_TITLES[pending["kind"]]
            picked = [c for q in questions for c in q.choices if c.text in lines]
            what_en = "; ".join(c.label.en for c in picked) or "nothing to decide"
            what_fr = "; ".join(c.label.fr for c in picked) or "rien à décider"
            events.append(Event("answered_by_rules", {
                "role": seat, "side": pending["role"], "kind": pending["kind"], "key": pending["key"],
                "text": "\n".join(lines) or "pass", "question": {"en": en, "fr": fr},
                "answer": {"en": what_en, "fr": what_fr}}, visible_to=(seat,)))
            self._answer(s, pending, orders, dice, events)
            sequence.advance(self.world, s, dice, events)
        raise RulesError("prompts with a single answer do not end")

    def default_orders(self, state: dict, pending: dict) -> dict:
        kind, data = pending["kind"], pending.get("data", {})
        if kind == "smc":
            return {"moves": [], "naval": []}
        if kind == "evasion":
            return {"evade": False}
        if kind == "retreat":
            return {"retreat": list(data.get("destinations", [])[:1])}
        if kind == "losses":
            return {"losses": list(data.get("default", []))}
        if kind == "escape":
            return {"escape": data["destinations"][0]}
        if kind == "battle_order":  # E.2: by default the engine's order, the zones' ids
            return {"battle_order": list(data["zones"])}
        if kind in ("initiative", "geostrategy", "stratagem"):
            return {"play": []}
        if kind in self.title.phase_kinds:
            return self.title.default_orders(self.world, state, pending)
        if kind == "successor":
            options = emperors.choice_options(self.world, state, state["successions"][0])
            return {"successor": options[0]} if options else {}
        if kind == "review":
            from rules.imperator.review import default_orders

            return default_orders(self.world, state, pending["role"])
        return {}

    def prompt_options(self, state: dict, pending: dict) -> dict:
        if pending["kind"] == "initiative":
            data = pending.get("data", {})
            plays = self.title.initiative_plays(self.world, state, pending["role"], "reversed_by" in data)
            return dict(copy.deepcopy(data), plays=plays)
        if pending["kind"] == "geostrategy":
            return self.title.geostrategy_choices(self.world, state, pending["role"])
        if pending["kind"] in self.title.phase_kinds:
            return self.title.prompt_options(self.world, state, pending)
        if pending["kind"] == "stratagem":
            role = pending["role"]
            battle = [{"stratagem": t} for t in sorted(self.title.battle_triggers)
                      if plays_mod.held(state, role, t) and plays_mod.usable_by(state, role, t)]
            return dict(copy.deepcopy(pending.get("data", {})),
                        plays=battle + plays_mod.legal_plays(self.world, state, role, "E"))
        if pending["kind"] == "successor":
            return dict(copy.deepcopy(pending.get("data", {})),
                        candidates=emperors.choice_options(self.world, state, state["successions"][0]))
        if pending["kind"] == "review":
            from rules.imperator.review import choices

            return choices(self.world, state, pending["role"])
        if pending["kind"] != "smc":
            return copy.deepcopy(pending.get("data", {}))
        out = smc_options(self.world, state, pending["role"])
        out["plays"] = plays_mod.legal_plays(self.world, state, pending["role"], "E")
        return out

    def prompt_kinds(self) -> list[str]:
        return schemas.prompt_kinds(self.title)

    def order_schema(self, kind: str) -> dict:
        return json_copy(schemas.order_schema(self.title, kind))

    def validate(self, state: dict, role: str, orders: dict) -> list:
        return orders_mod.validate(self.world, state, side_of(state, role), orders)

    def draft(self, state: dict, role: str, orders: dict):
        side, pending = side_of(state, role), state.get("pending")
        if pending and pending["kind"] == "smc" and pending["role"] == side:
            return orders_mod.SmcDraft(self, self.world, state, role, side, orders)
        return super().draft(state, role, orders)

    def resolve(self, state: dict, submissions: dict, dice) -> tuple[dict, list[Event]]:
        world = self.world
        s = st.copy_state(state)  # the only copy: everything below works on it
        events: list[Event] = []
        pending = s.get("pending")
        submissions = {side_of(s, seat): orders for seat, orders in submissions.items()}
        scratch: list = []  # the SMC's order set checked on a scratch copy of s (orders.SmcScratch)
        for role in sorted(submissions):
            orders = submissions[role]
            keep = scratch if pending and pending["kind"] == "smc" and role == pending["role"] else None
            problems = orders_mod.validate(world, s, role, orders, keep=keep)
            if problems:
                raise RulesError(f"{role}: " + "; ".join(f"{e.code} at {e.path}" for e in problems))
            if orders.get("reactions"):
                orders_mod.merge_reactions(s, role, orders["reactions"])  # hidden: no move reads them
        opened = None
        if pending:
            orders = submissions.get(pending["role"])
            if orders is None:
                orders = self.default_orders(s, pending)
            opened = self._answer(s, pending, orders, dice, events, scratch[0] if scratch else None)
        sequence.advance(world, s, dice, events, opened)
        self._answer_forced(s, dice, events)
        log = s.setdefault("log", {"steps": 0, "events": 0})
        log["steps"] += 1
        log["events"] += len(events)
        narration.add_messages(events, world)  # every event reads for a player
        return s, events

    def _answer(self, s: dict, pending: dict, orders: dict, dice, events: list, scratch=None):
        """Put the answer to the open prompt where the turn sequence finds it. An SMC's
        answer opens it: what its opening hands to its first run is returned (``smc.Opened``;
        ``scratch``: the position its order set was just checked on, see ``smc.start``)."""
        world = self.world
        if pending["kind"] == "smc":
            s["pending"] = None
            opened = smc_mod.start(world, s, orders, scratch)
            events.append(Event("smc_start", {"side": pending["role"], "serial": s["current"]["serial"],
                                              "year": s["year"]}))
            opened.logged = len(events)
            return opened
        elif pending["kind"] == "successor":  # SV 3.5.2
            s["pending"] = None
            emperors.answer_choice(world, s, orders, dice, events)
        elif pending["kind"] in PHASE_KINDS or pending["kind"] in world.title.phase_kinds:
            s["pending"] = None
            sequence.answer(world, s, pending, orders, dice, events)
        else:
            smc_mod.answer(s, orders)

    def view(self, state: dict, role: str | None) -> dict:
        role = side_of(state, role) if role in st.sides(state) else role
        v = {k: st.json_copy(val) for k, val in state.items() if k != "hidden"}  # shares nothing (Ruleset.view)
        hidden = state.get("hidden", {})
        v["stratagems"] = {
            "hand_sizes": {s: len(hidden.get("hands", {}).get(s, [])) for s in st.sides(state)},
            "bowl_size": len(hidden.get("bowl", [])),
        }
        if role in st.sides(state):
            v["stratagems"]["hand"] = st.json_copy(hidden.get("hands", {}).get(role, []))
            v["reactions"] = st.json_copy(hidden.get("reactions", {}).get(role, {}))
        cur = v.get("current")
        battle = (cur or {}).get("battle")
        if isinstance(battle, dict) and "ask" in battle:
            # The queue of sides to ask before the battle comes from each side's standing
            # "ask" reaction: a per-seat setting, so each side sees only itself in it.
            battle["ask"] = [side for side in battle["ask"] if side == role]
        if cur and role != cur.get("side"):  # orders not yet carried out stay sealed
            if cur.get("stage") in ("plays", "naval", "moves"):
                cur.pop("battle_order", None)  # the order of battles named with the moves
            if cur.get("stage") == "naval":
                cur["naval"], cur["moves"] = cur["naval"][:cur.get("next", 0)], []
            elif cur.get("stage") == "moves":
                cur["moves"] = cur["moves"][:cur.get("next", 0)]
        return v

    def furniture(self, view: dict, role: str | None) -> dict:
        side = side_of(view, role) if role else None
        return furniture_mod.furniture(self.world, view, side)

    def arrows(self, state: dict, role: str, orders: dict) -> list:
        return [list(m["path"]) for m in (orders or {}).get("moves") or []
                if isinstance(m, dict) and isinstance(m.get("path"), list) and len(m["path"]) > 1]

    def outcome(self, state: dict) -> Outcome | None:
        if state.get("phase") != "end":
            return None
        return outcome_from_vp({seat: state["vp"][side_of(state, seat)] for seat in st.sides(state)}, st.sides(state))

    def outcome_text(self, outcome: dict) -> list[dict]:
        return narration.outcome_lines(outcome) or super().outcome_text(outcome)

    def roll_purpose(self, purpose: str) -> dict | None:
        return narration.roll_purpose(self.world, purpose)

    def victory_levels(self) -> list[dict]:
        """SV 10.3 (L865-869): marginal, decisive (more than twice the loser's VP),
        definitive (more than five times), or a draw."""
        return [{"id": "marginal", "label": {"en": "marginal victory", "fr": "victoire marginale"}},
                {"id": "decisive", "label": {"en": "decisive victory", "fr": "victoire décisive"}},
                {"id": "definitive", "label": {"en": "definitive victory", "fr": "victoire définitive"}},
                {"id": "draw", "label": {"en": "draw", "fr": "partie nulle"}}]

    def result_from_scores(self, scores: dict) -> Outcome | None:
        """SV 10.3: the level the VP give (``outcome_from_vp``); None unless both seats
        have a score."""
        if set(scores) != {"PRIMUS", "SECONDUS"}:
            return None
        return outcome_from_vp(scores)

    # -- text -----------------------------------------------------------------------------------
    def parse_orders(self, text: str, state: dict, role: str):
        """The order set in the text notation, with every problem: reading errors and
        rule errors alike point at the line (``line:N``)."""
        lines: dict = {}
        role = side_of(state, role)
        orders, errors = orders_mod.parse(self.world, state, role, text, lines)
        if errors:
            return orders, errors
        problems = orders_mod.validate(self.world, state, role, orders)
        return orders, [OrderError(e.code, orders_mod.line_path(e.path, lines), e.message) for e in problems]

    def format_orders(self, orders: dict) -> str:
        return orders_mod.format_orders(orders, self.title)

    def notation(self) -> list:
        return notation_help.notation()

    # -- tests ----------------------------------------------------------------------------------
    def load_position(self, position: dict) -> dict:
        from rules.imperator.position import load_position

        return load_position(self, position)

    # -- self-play statistics -----------------------------------------------------------------
    def coverage(self) -> list[dict]:
        """The title's coverage table (``coverage.yaml`` beside its data folder)."""
        path = Path(self.data_dir).parent / "coverage.yaml"
        return copy.deepcopy(_coverage_table(str(path))) if path.exists() else []

    def tally(self, event) -> list[str]:
        return coverage_mod.tally(self.world, event)

    def measures(self, state: dict) -> dict:
        return coverage_mod.measures(state)

    # -- computer players (rules/computer/, rules/imperator/computer.py) ------------------------
    def determinise(self, view: dict, role: str, rng) -> dict:
        return computer_mod.determinise(self.slug, view, role, rng)

    def evaluate(self, state: dict, role: str) -> float:
        return computer_mod.evaluate(self.world, state, role, self.outcome(state))

    def awaiting(self, state: dict) -> list:
        return computer_mod.awaiting(state)


def _nothing_to_move(world: World, state: dict, side: str) -> bool:
    """No piece of the side on the map, no fleet of it at sea or in port and no stratagem
    in its hand: an SMC prompt then has one answer (pass) without a reach search."""
    if state["hidden"]["hands"].get(side):
        return False
    if any(p["side"] == side and st.on_map(p) for p in state["pieces"].values()):
        return False
    return not any(f.get("side") == side and not f.get("out_until") for f in state.get("fleets", {}).values())


def side_of(state: dict, seat: str) -> str:
    """The side a seat plays now: the players change sides in SV 5 (``state["seats"]``,
    seat -> side; absent until the first change)."""
    return (state.get("seats") or {}).get(seat, seat)


def seat_of(state: dict, side: str) -> str:
    for seat, s in sorted((state.get("seats") or {}).items()):
        if s == side:
            return seat
    return side


@lru_cache(maxsize=None)
def _coverage_table(path: str) -> list[dict]:
    return coverage_mod.load_table(path)


@lru_cache(maxsize=None)
def _validate_data(slug: str) -> None:
    """Load every data file once through the validating loader, so that a bad value
    fails with the file, record and field named (``rules/imperator/data.py``)."""
    from rules.imperator import data as data_mod

    data_mod.load_map(slug)
    data_mod.load_peoples(slug)
    data_mod.load_leaders(slug)
    data_mod.load_units(slug)


def outcome_from_vp(vp: dict, sides: tuple[str, str] = ("PRIMUS", "SECONDUS")) -> Outcome:
    """SV 10.3 (L865-869), A60; UR 10.3: the higher total wins; more than twice the loser's
    is decisive, more than five times definitive (any positive total against 0)."""
    first, second = sides
    p, s = vp[first], vp[second]
    if p == s:
        return Outcome(winner=None, scores=dict(vp), level="draw")
    winner, high, low = (first, p, s) if p > s else (second, s, p)
    if high > 5 * low:
        level = "definitive"
    elif high > 2 * low:
        level = "decisive"
    else:
        level = "marginal"
    return Outcome(winner=winner, scores=dict(vp), level=level)


def smc_options(world: World, state: dict, side: str) -> dict:
    """The legal-option summary of an SMC prompt: every stack that may move, with the zones
    it can reach this SMC (cost and one cheapest legal path), and the fleets.

    For each zone: the leaders of one people (or the Roman leaders) with the strongest
    units they may command up to their CC (``may_take`` lists every unit they could take
    instead; a different choice is checked by ``validate``), each leader alone, and each
    unit alone (one zone)."""
    ctx = Ctx.build(world, state, side, state.get("current")).read_only()
    searched: dict[tuple, dict] = {}  # a family of one leader and no unit is also that leader alone

    def reach(leaders: list, units: list, zone: str) -> dict:
        key = (tuple(leaders), tuple(units), zone)
        if key in searched:  # each stack its own copy
            return {to: {"cost": r["cost"], "path": list(r["path"])} for to, r in searched[key].items()}
        searched[key] = reachable(ctx, leaders, units, zone)
        return searched[key]

    stacks = []
    for zone in sorted(ctx.by_zone):
        ids = [i for i in ctx.by_zone[zone] if state["pieces"][i]["side"] == side]
        if not ids:
            continue
        leaders = st.leaders_of(state, ids)
        units = st.units_of(state, ids)
        families: dict[str | None, list[str]] = {}
        for l in leaders:
            families.setdefault(st.leader_def(world, state, l)["people"], []).append(l)
        bound = {u: world.title.bound_leader(state, u) for u in units} if world.title.bound_leader else {}
        for people, ls in sorted(families.items(), key=lambda kv: kv[0] or ""):
            commandable = [u for u in units if commands_all(ctx, ls, u)]
            cc = sum(st.leader_def(world, state, l)["cc"] for l in ls)
            guards = [u for u in commandable if bound.get(u) in ls]  # they go with their leader (UR 3.2.4)
            free = [u for u in commandable if bound.get(u) is None]
            chosen = guards + sorted(free, key=lambda u: (-st.unit_def(world, state, u)["pf"], u))[:max(0, cc - len(guards))]
            stacks.append({"zone": zone, "leaders": ls, "units": chosen, "cc": cc, "may_take": sorted(commandable),
                           "reach": reach(ls, chosen, zone)})
            for l in ls:
                own = [u for u in guards if bound[u] == l]
                stacks.append({"zone": zone, "leaders": [l], "units": own, "cc": st.leader_def(world, state, l)["cc"],
                               "reach": reach([l], own, zone)})
        for u in units:
            if bound.get(u) is not None:
                continue  # a bound unit never moves without its leader
            zones = reach([], [u], zone)
            if zones:
                stacks.append({"zone": zone, "leaders": [], "units": [u], "cc": 0, "reach": zones})
    ctx.forget()
    stacks = [s for s in stacks if s["reach"]]
    fleets = []
    for fid, fleet in sorted(state.get("fleets", {}).items()):
        if fleet.get("side") != side or fleet.get("out_until") or seas_closed(state):
            continue
        port = world.port_of_fleet(fid)
        at = fleet.get("at")
        if at in world.ports:
            moves = [world.ports[at]["sea"]]
            embark = [p for p in st.pieces_in(state, world.ports[at]["zone"])
                      if state["pieces"][p]["side"] == side
                      and (world.title.may_embark(world, state, p) if world.title.may_embark else st.people_of(world, state, p) is None)
                      and not is_pinned(state, p)]
            coasts_after = {moves[0]: list(world.sea_coasts.get(moves[0], ()))}
        else:
            moves = [n for n in world.sea_neighbours(at) if world.navigable(n)] + ([port["id"]] if port and port["sea"] == at else [])
            embark = [p for p in st.pieces_in(state, fleet["coast"]) if state["pieces"][p]["side"] == side
                      and (world.title.may_embark(world, state, p) if world.title.may_embark else st.people_of(world, state, p) is None)
                      and not is_pinned(state, p)] if fleet.get("coast") else []  # UR 6.3 Flotte, at its coast
            coasts_after = {m: ([world.ports[m]["zone"]] if m in world.ports else list(world.sea_coasts.get(m, ()))) for m in moves}
            coasts_after[at] = list(world.sea_coasts.get(at, ()))
        fleets.append({"fleet": fid, "at": at, "cargo": list(fleet.get("cargo", [])), "embark": embark,
                       "to": moves, "land": coasts_after})
    return {"side": side, "year": state["year"], "smc_left": dict(state["smc"]["left"]), "stacks": stacks, "fleets": fleets}
