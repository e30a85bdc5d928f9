"""Semper Victor's greedy player (``Ruleset.policies()["greedy"]``): a heuristic that plays
the position as a careful beginner would, used by self-play statistics (``manage.py
selfplay --policy greedy``), by matches and by the computer's fast level (docs/computer.md).

It is not a search. An SMC (SV 2.E) is planned stack by stack from the prompt's legal
options, each move scored by what it does for the points of phase F (SV 10) and for the
army: hold one's own capitals with a leader and a unit (SV 3.7.3, the Augusti's 1 PV,
L837, L861), remove the markers scored against oneself (*Bagaudes*, *Persécution*,
*Hérésie*, L655-659; the *Coup d'état perse*, L629), win the battles one can win and avoid
the others (8.3), take the enemy's capitals, and march one's own non-Roman peoples into the
enemy's dioceses and capitals (10.2, L841, L847). Its stratagems are played only where they
score for it or hurt the enemy (a counter that would score for the other side is kept),
its nominations prepare the succession (3.5.2, note L342), a PRIMUS vetoes every candidate
he may (3.5.1, L296). The other prompts (evasion, losses, retreat, review, ...) are
answered by a one-step look-ahead over the legal answers scored by ``Ruleset.evaluate``.
"""

from __future__ import annotations

import random
from collections import deque

from rules.imperator import state as st
from rules.imperator.computer import side_of

#: Marker counters scored against the controller of the diocese where they stand (SV 6.3).
DIOCESE_MARKERS = ("bagaudes", "persecution", "heresie")
#: A battle is sought when our strength is at least this multiple of the enemy's (SV 8.3:
#: the 3/2 column and up favour the attacker).
ATTACK_RATIO = 1.5


def choose(ruleset, state: dict, prompt, rng: random.Random) -> dict:
    kind = prompt.kind
    if kind == "smc":
        return _smc(ruleset, state, prompt, rng)
    if kind == "veto":
        return {"veto": True}
    if kind == "nominations":
        return _nominations(ruleset, state, prompt)
    if kind in ("geostrategy", "initiative"):
        return _geostrategy(ruleset, state, prompt, rng)
    return _one_step(ruleset, state, prompt, rng)


# -- one-step look-ahead ------------------------------------------------------------------
def _one_step(ruleset, state: dict, prompt, rng: random.Random) -> dict:
    from rules.computer import one_step_policy

    return one_step_policy(ruleset)(ruleset, state, prompt, rng)


# -- phase D ------------------------------------------------------------------------------
def _nominations(ruleset, state: dict, prompt) -> dict:
    """Every candidate the limits allow, best political capacity first: a named successor
    avoids the usurpation of Secundus case 4 and PRIMUS's 3 PV without a Secundus Augustus."""
    world = ruleset.world
    orders: dict = {"nominate": []}
    candidates = sorted(prompt.options.get("candidates", []),
                        key=lambda c: (c.get("title") != "augustus", -(world.leaders.get(c["leader"], {}).get("cp") or 0),
                                       c["leader"]))
    for nom in candidates:
        trial = {"nominate": orders["nominate"] + [nom]}
        if not ruleset.validate(state, prompt.role, trial):
            orders = trial
    return orders


# -- phase C ------------------------------------------------------------------------------
def _geostrategy(ruleset, state: dict, prompt, rng: random.Random) -> dict:
    """Constantinople when offered (10 PV, SV 3.1.2); uprisings of peoples the enemy will
    not control; usurpations with a good chance (1d6 <= CP); the Initiative counter."""
    world = ruleset.world
    side = side_of(state, prompt.role)
    orders: dict = {"play": []}
    for play in prompt.options.get("plays", []):
        if not _good_play(world, state, side, play):
            continue
        trial = dict(orders, play=orders["play"] + [play])
        if not ruleset.validate(state, prompt.role, trial):
            orders = trial
    if prompt.options.get("constantinople"):
        orders["constantinople"] = True
    if prompt.options.get("place"):
        orders["place"] = {l: sorted(z)[0] for l, z in sorted(prompt.options["place"].items())}
    if ruleset.validate(state, prompt.role, orders):
        return dict(prompt.default_orders)
    return orders


def _good_play(world, state: dict, side: str, play: dict) -> bool:
    t = play.get("stratagem", "")
    enemy = st.other(side)
    if t == "initiative":
        return True
    if t.startswith("usurpation"):
        cp = world.leaders.get(play.get("leader"), {}).get("cp") or 0
        return cp >= 4
    if t.startswith("soulevement"):
        peoples = play.get("peoples") or []
        return bool(peoples) and all(_controller(world, state, p) == side for p in peoples)
    if t.startswith("pacification") or t == "pax-romana":
        peoples = play.get("peoples") or [p for p, v in state["peoples"].items() if v.get("status") == "war"
                                          and (not play.get("nationality") or world.peoples[p].get("nationality") == play["nationality"])]
        return bool(peoples) and all(_controller(world, state, p) == enemy for p in peoples)
    if t in DIOCESE_MARKERS:
        return state["control"].get(world.diocese_of(play.get("zone"))) == enemy
    if t == "coup-d-etat-perse":
        return _controller(world, state, "persae") == enemy
    if t == "abandon":
        return state["control"].get(play.get("diocese")) == enemy
    if t == "assassinat":
        return state["pieces"].get(play.get("leader"), {}).get("side") == enemy
    if t in ("foyer-de-peste", "epidemie-de-peste", "desertion"):
        zone = play.get("zone")
        return _pf_in(world, state, zone, enemy) >= 8 and _pf_in(world, state, zone, side) == 0
    return False


def _controller(world, state: dict, people: str) -> str | None:
    """Who controls a people (SV 4.4.1): the side the state records, else the enemy of the
    side holding its band's diocese."""
    recorded = state["peoples"].get(people, {}).get("controller")
    if recorded in st.sides(state):
        return recorded
    band = world.peoples.get(people, {}).get("band")
    holder = state["control"].get(band)
    return st.other(holder) if holder in st.sides(state) else None


# -- phase E ------------------------------------------------------------------------------
def _pf(world, state: dict, ids) -> int:
    return sum(st.unit_def(world, state, i)["pf"] for i in ids if state["pieces"][i]["kind"] == "unit")


def _pf_in(world, state: dict, zone, side: str) -> int:
    if not zone:
        return 0
    return _pf(world, state, [i for i in st.pieces_in(state, zone) if state["pieces"][i]["side"] == side])


def _distances(world, targets) -> dict[str, int]:
    """Hops from the nearest target zone (breadth first on the land map)."""
    dist = {z: 0 for z in targets}
    queue = deque(sorted(targets))
    while queue:
        z = queue.popleft()
        for n in world.neighbours(z):
            if n not in dist:
                dist[n] = dist[z] + 1
                queue.append(n)
    return dist


def _smc(ruleset, state: dict, prompt, rng: random.Random) -> dict:
    world = ruleset.world
    side = side_of(state, prompt.role)
    enemy = st.other(side)
    opts = prompt.options
    plays = [p for p in opts.get("plays", []) if _good_play(world, state, side, p)]
    orders: dict = {"moves": [], "naval": []}
    if plays:
        trial = dict(orders, play=[plays[0]])
        if not ruleset.validate(state, prompt.role, trial):
            orders = trial
    reactions = _battle_reactions(world, state, side)
    if reactions:
        trial = dict(orders, reactions=reactions)
        if not ruleset.validate(state, prompt.role, trial):
            orders = trial
    draft = ruleset.draft(state, prompt.role, orders)
    plan = _Planner(world, state, side, enemy)
    scored = []
    for stack in opts.get("stacks", []):
        for zone, r in stack["reach"].items():
            value = plan.value(stack, zone)
            if value > 0.5:
                scored.append((value, rng.random(), stack, zone, r["path"]))
    for fleet in opts.get("fleets", []):  # a fleet's move competes with the land moves of its cargo
        for value, order, stack in plan.naval(fleet):
            scored.append((value, rng.random(), stack, order, None))
    scored.sort(key=lambda x: (-x[0], x[1]))
    used: set[str] = set()
    sailed: set[str] = set()
    for value, _, stack, zone, path in scored:
        pieces = set(stack["leaders"]) | set(stack["units"])
        if pieces & used:
            continue
        if path is None:  # a naval order
            if zone["fleet"] in sailed or draft.add("naval", zone):
                continue
            sailed.add(zone["fleet"])
            used |= pieces
            plan.left(stack)
            continue
        if plan.taken.get(zone) and plan.taken[zone] >= 2:
            continue
        move = {"leaders": list(stack["leaders"]), "units": list(stack["units"]), "path": list(path)}
        if not draft.add("moves", move):
            used |= pieces
            plan.taken[zone] = plan.taken.get(zone, 0) + 1
            plan.left(stack)
    for fleet in opts.get("fleets", []):  # an empty fleet at sea goes home, ready to embark
        home = [t for t in fleet["to"] if t in world.ports]
        if fleet["fleet"] not in sailed and not fleet["cargo"] and not fleet["embark"] and home:
            draft.add("naval", {"fleet": fleet["fleet"], "to": home[0]})
    return draft.orders


#: Battle counters the greedy player keeps standing (SV 6.3, L619-627): each is played in
#: the first battle where it applies and only helps its holder there. *Fuite opportune*
#: (L605) is left out: it would take the force out of the first battle it applies to,
#: one it may be winning.
STANDING_BATTLE_COUNTERS = ("roma-victor", "furor-germanicus", "in-hoc-signo-vinces", "sol-invictus", "fleche-du-parthe")


def _battle_reactions(world, state: dict, side: str) -> dict:
    """The battle counters in hand, declared standing (SV 2.E: played when they apply), when
    the standing list does not already say so."""
    from rules.imperator import plays as plays_mod
    from rules.imperator.battle import reactions_of

    triggers = getattr(world.title, "battle_triggers", None) or {}
    held = sorted({plays_mod.counter_type(c) for c in state.get("hidden", {}).get("hands", {}).get(side, [])
                   if plays_mod.counter_type(c) in triggers and plays_mod.counter_type(c) in STANDING_BATTLE_COUNTERS
                   and plays_mod.usable_by(state, side, plays_mod.counter_type(c))})
    declared = sorted({p.get("stratagem") for p in reactions_of(state, side).get("stratagems") or [] if isinstance(p, dict)})
    if not held or held == declared:
        return {}
    return {"stratagems": [{"stratagem": t} for t in held]}


class _Planner:
    """The value of moving one stack to one zone this SMC (see the module docstring)."""

    def __init__(self, world, state: dict, side: str, enemy: str):
        self.world, self.state, self.side, self.enemy = world, state, side, enemy
        self.by_zone = st.index_by_zone(state)
        self.taken: dict[str, int] = {}
        capitals = [z for z in world.zones if world.zones[z].get("capital")]
        self.my_capitals = {z for z in capitals if state["control"].get(world.diocese_of(z)) == side}
        self.enemy_capitals = {z for z in capitals if state["control"].get(world.diocese_of(z)) == enemy}
        self.enemy_control = {z for d, s in state["control"].items() if s == enemy for z in world.control_zones(d)}
        self.emperors = {t for t in (state["titles"].get("primus_augustus"), state["titles"].get("secundus_augustus")) if t}
        self.markers = {}
        for t, m in (state.get("markers") or {}).items():
            zone = m.get("zone")
            if t in DIOCESE_MARKERS and zone and state["control"].get(world.diocese_of(zone)) == side:
                self.markers[zone] = t
        self.coup = (state.get("markers") or {}).get("coup-d-etat-perse", {}).get("zone") \
            if _controller(world, state, "persae") == side else None
        threats = {z for z, ids in self.by_zone.items() if world.diocese_of(z)
                   and state["control"].get(world.diocese_of(z)) == side
                   and any(state["pieces"][i]["side"] == enemy and state["pieces"][i]["kind"] == "unit" for i in ids)}
        self.threats = threats
        self.to_enemy = _distances(world, self.enemy_capitals | self.enemy_control) if self.enemy_capitals or self.enemy_control else {}
        enemy_dioceses = [z for z in world.zones if world.diocese_of(z) and state["control"].get(world.diocese_of(z)) == enemy]
        self.to_enemy_land = _distances(world, enemy_dioceses) if enemy_dioceses else {}
        self.ports = self._ports()

    def _ports(self) -> dict[str, float]:
        """The port zones of this side's fleets in their port box, each with what a landing on
        a coast of the port's sea would be worth (SV 3.4.2: embark, sail out and land in one
        SMC): an enemy capital, an enemy zone, a marker to lift, a threatened zone of ours,
        far enough by land (three zones or more) for the sea to be the short way; or a coast
        three zones or more nearer the enemy than the port."""
        w, s = self.world, self.state
        out = {}
        for fid, fleet in sorted((s.get("fleets") or {}).items()):
            at = fleet.get("at")
            if fleet.get("side") != self.side or fleet.get("out_until") or at not in w.ports:
                continue
            port_zone, sea = w.ports[at]["zone"], w.ports[at]["sea"]
            if not w.navigable(sea):
                continue
            near = _distances(w, [port_zone])
            best = 0.0
            reach = [(c, 1.0) for c in w.sea_coasts.get(sea, ())]
            reach += [(c, 0.6) for n in w.sea_neighbours(sea) if w.navigable(n) for c in w.sea_coasts.get(n, ())]
            for coast, factor in reach:
                if near.get(coast, 99) < 3:
                    continue
                worth = (5.0 if coast in self.enemy_capitals else 3.0 if coast in self.enemy_control else 0.0)
                worth = max(worth, 6.0 if coast in self.markers else 0.0, 4.0 if coast in self.threats else 0.0)
                gain = self.to_enemy.get(port_zone, 99) - self.to_enemy.get(coast, 99)
                if 3 <= gain < 50:  # the sea as the short way towards the enemy
                    worth = max(worth, gain)
                best = max(best, factor * worth)
            if best:
                out[port_zone] = best
        return out

    def pieces(self, zone, side) -> list[str]:
        return [i for i in self.by_zone.get(zone, []) if self.state["pieces"][i]["side"] == side]

    def left(self, stack) -> None:
        """The stack has gone: its old zone no longer holds it."""
        gone = set(stack["leaders"]) | set(stack["units"])
        self.by_zone[stack["zone"]] = [i for i in self.by_zone.get(stack["zone"], []) if i not in gone]

    def _roman(self, stack) -> bool:
        return all(st.people_of(self.world, self.state, i) is None for i in stack["leaders"] + stack["units"])

    def value(self, stack, zone: str) -> float:
        w, s = self.world, self.state
        leaders, units = stack["leaders"], stack["units"]
        mine = _pf(w, s, units)
        if not units:
            return self._lone_leader(stack, zone)
        enemy_pf = _pf(w, s, self.pieces(zone, self.enemy))
        value = 0.0
        if enemy_pf:
            if mine < ATTACK_RATIO * enemy_pf or not leaders:
                return -5.0
            value += 3.0 + 0.2 * enemy_pf + (4.0 if zone in self.threats else 0.0)
        if not self._roman(stack):  # one's own people, at war: into the enemy's dioceses
            return value + self._people(stack, zone)
        origin = stack["zone"]
        # leaving a capital of one's own empty
        if origin in self.my_capitals and leaders:
            others = [i for i in self.pieces(origin, self.side) if i not in leaders and i not in units]
            if not st.leaders_of(s, others) or not st.units_of(s, others):
                value -= 4.0 + (2.0 if set(leaders) & self.emperors else 0.0)
        if leaders and zone in self.my_capitals and not (st.leaders_of(s, self.pieces(zone, self.side))
                                                          and st.units_of(s, self.pieces(zone, self.side))):
            value += 4.0 + (2.0 if set(leaders) & self.emperors else 0.0)
        if leaders and zone in self.markers and self._may_lift(self.markers[zone], leaders):
            value += 6.0
        if leaders and zone in self.enemy_control and mine >= ATTACK_RATIO * enemy_pf:
            value += 5.0
        if zone in self.threats and not enemy_pf:
            value += 1.0
        if leaders and not enemy_pf and origin not in self.my_capitals and len(units) >= 2:
            here, there = self.to_enemy.get(origin, 99), self.to_enemy.get(zone, 99)
            value += 0.5 * max(0, here - there)
        if leaders and not enemy_pf and zone in self.ports and origin not in self.ports:  # to a fleet's port, to sail
            value += 0.8 * self.ports[zone]
        return value

    def naval(self, fleet: dict) -> list[tuple[float, dict, dict]]:
        """The fleet's possible moves this SMC (SV 3.4.2, L256-262), each ``(value, order,
        stack carried)``: from its port, a leader and up to two units carried to a coast of
        the port's sea (valued as a land move from the port there); at sea with cargo, landed
        on a coast it reaches. Only landings worth more than a plain march."""
        w, s = self.world, self.state
        out = []
        if fleet["embark"]:
            leaders = st.leaders_of(s, fleet["embark"])
            units = sorted(st.units_of(s, fleet["embark"]), key=lambda u: (-st.unit_def(w, s, u)["pf"], u))[:2]
            if leaders and units:
                port_zone = s["pieces"][leaders[0]]["zone"]
                stack = {"zone": port_zone, "leaders": leaders[:1], "units": units}
                for sea in fleet["to"]:
                    for coast in fleet["land"].get(sea, []):
                        value = self.value(stack, coast) if coast != port_zone else 0.0
                        if value >= 2.0:
                            out.append((value, {"fleet": fleet["fleet"], "embark": leaders[:1] + units, "to": sea,
                                                "land": coast}, stack))
                    # two SMCs: out to the port's sea now, landed on a coast of the next sea after
                    far = [c for n in w.sea_neighbours(sea) if w.navigable(n) for c in w.sea_coasts.get(n, ())
                           if c not in fleet["land"].get(sea, [])]
                    best = max(((self.value(stack, c), c) for c in far), default=(0.0, None))
                    if best[0] >= 3.0:
                        out.append((0.6 * best[0], {"fleet": fleet["fleet"], "embark": leaders[:1] + units, "to": sea},
                                    stack))
        elif fleet["cargo"]:
            cargo = list(fleet["cargo"])
            stack = {"zone": fleet["at"], "leaders": st.leaders_of(s, cargo), "units": st.units_of(s, cargo)}
            for sea, coasts in fleet["land"].items():
                for coast in coasts:
                    order = {"fleet": fleet["fleet"], "land": coast}
                    if sea != fleet["at"]:
                        order["to"] = sea
                    out.append((max(0.6, self.value(stack, coast)), order, stack))
        return out

    def _lone_leader(self, stack, zone: str) -> float:
        """A leader alone: to a capital of his side without one, or to a marker he lifts
        with a unit already there."""
        s = self.state
        if self.pieces(zone, self.enemy):
            return -5.0
        here = self.pieces(zone, self.side)
        value = 0.0
        if stack["zone"] in self.my_capitals and set(stack["leaders"]) & self.emperors:
            return -3.0
        if st.units_of(s, here) and not st.leaders_of(s, here):
            if zone in self.my_capitals:
                value += 4.0 + (2.0 if set(stack["leaders"]) & self.emperors else 0.0)
            if zone in self.markers and self._may_lift(self.markers[zone], stack["leaders"]):
                value += 6.0
        return value

    def _may_lift(self, marker: str, leaders) -> bool:
        ars = [self.world.leaders.get(l, {}).get("ar") for l in leaders]
        if marker == "persecution":
            return any(a != "cross" for a in ars)
        if marker == "heresie":
            return any(a != "sun" for a in ars)
        return True

    def _people(self, stack, zone: str) -> float:
        w, s = self.world, self.state
        value = 0.0
        people = {st.people_of(w, s, i) for i in stack["units"]}
        if self.coup and "persae" in people:
            kings = [l for l in stack["leaders"] if st.leader_def(w, s, l)["people"] == "persae"]
            if zone == self.coup and kings and len(stack["units"]) >= 3:
                return 8.0
        diocese = w.diocese_of(zone)
        if diocese and s["control"].get(diocese) == self.enemy:
            value += 1.0 * len(stack["units"]) + (3.0 if zone in self.enemy_capitals else 0.0)
        here, there = self.to_enemy_land.get(stack["zone"], 99), self.to_enemy_land.get(zone, 99)
        value += 0.4 * max(0, here - there)
        return value
