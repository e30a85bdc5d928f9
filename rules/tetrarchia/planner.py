"""Tetrarchia's planning player (``Ruleset.policies()["greedy"]``): a careful player who
uses every kind of order, for self-play statistics, matches and the computer's fast level.

Each order set is planned for the whole turn, not one action at a time. From where the
emperor stands (or from ROMA and his capital when he enters) the planner lists *legs*: the
cheapest way, in PI, to a province (by land, by a fleet's zone, after sailing a fleet one
zone if that opens a shorter way, L175-200), then what to do there: nothing (stand in an
army's way, FAQ L695-701), Protect (L202-213, a frontier being the goal of the game),
Subdue by removing or reducing the disc (L215-221), both, or an Attack on an army next to
it (L223-280, the exact chance over the 36 rolls, with Galerius' +1 under IMPERIVM). Up to
three legs are chained in a small beam; every plan is played on a light copy of the table
and scored by :func:`evaluate`, the attack by its expected value over its three results.

The score reads what the barbarian phases to come will do (L282-384): the army that will
attack the emperor in its way, with the exact odds of that battle, how many advances each
army is from ROMA, the Unrest next to Revolt that the State of the Empire will turn, the
black discs left in the box, the emperors left standing on Revolt (expelled at once), the
regions still to clean before their frontier can be protected, the discs still needed for
the frontiers, and how far the emperors stand from the armies and the next frontier.

The variants' orders are used where they pay: Maximian's 7 PI and Diocletian's moving of
the others (IMPERIVM, each a disc retired, L431-441) when the plan with them is better by
more than the disc is worth; Galerius' +1 after the roll, offered in his attacks and as his
standing choice when he stands in an army's way; Constantius' block (his standing choice)
when he stands in an army's way at poor odds near Rome; PATRES PATRIAE (L450-453) when
Diocletian's extra PI or Constantius' spare PI are worth more than they cost the other.
"""

from __future__ import annotations

import heapq
import random
from functools import lru_cache

from rules.tetrarchia.chains import armies_connected, barbarian_support, emperors_connected, imperial_support
from rules.tetrarchia.data import EMPEROR_ORDER, board, tables
from rules.tetrarchia.roman import Illegal, fleet_zones
from rules.tetrarchia.state import REVOLT, UNREST, controller
from rules.tetrarchia.turns import default_orders, validate

# -- weights of the evaluation (tuned on self-play at 4200 and 4211; see README) -------------
W_FRONTIER = 90.0        # a protected frontier (six win)
W_REVOLT = 4.0           # a Revolt disc on the board
W_UNREST = 1.2           # an Unrest disc
W_TURNING = 2.5          # an Unrest disc next to Revolt (the State of the Empire turns it)
W_ITALIA = 5.0           # Revolt in ITALIA (next to ROMA; the +4 of the score)
W_REGION_DIRT = 2.0      # Revolt in a region whose frontier is still open
W_ARMY = 30.0            # an army on the board
W_ARMY_NEAR = 220.0      # divided by the advances it needs to reach ROMA
W_EXPELLED = 18.0        # an emperor left on a Revolt disc (expelled at once)
W_OFF_BOARD = 8.0        # an emperor off the board
W_DISC_PLACED = 1.5      # an emperor disc on a Roman province (protection, support)
W_DISC_SHORT = 35.0      # each disc short of what the open frontiers still need
W_CHASE = 2.0            # per link between an army and the nearest emperor
W_NEXT_FRONTIER = 10.0   # an emperor who can protect a clean frontier next turn
W_LOW_BOX = 12.0         # each black disc under five left in the box
W_IMPERIUM = 9.0         # a disc retired for an IMPERIVM power
W_PI_SPARE = 2.5         # a PI left to a later segment (after a won attack)

#: how many plans are carried on after the first and the second leg (a third leg at most)
BEAMS = (4, 2)


def choose(ruleset, state: dict, prompt, rng: random.Random) -> dict:
    """The policy's answer to any Tetrarchia prompt."""
    if prompt.kind == "fleets":
        return {"fleets": fleet_zones_for(state, prompt.options["count"])}
    if prompt.kind != "roman_phase":
        return dict(prompt.default_orders)
    return Planner(state, prompt.role, rng).orders()


def fleet_zones_for(state: dict, count: int) -> list[str]:
    """The zones whose coasts hold the most trouble (Revolt, armies' paths), the centre
    first on a tie: a fleet there is a short way to it (L140-143, D7)."""
    brd = board()
    weight = {}
    for zone in sorted(brd.seas):
        coast = brd.coast_of(zone)
        weight[zone] = sum(2 if state["discs"].get(p) == REVOLT else 0 for p in coast) + len(coast) / 10
        weight[zone] += sum(3 for a in state["armies"] for p in _path(a)[:4] if p in coast)
    order = sorted(brd.seas, key=lambda z: (-weight[z], z != "internum", z))
    return (order * 3)[:count]


# -- the board's fixed facts ---------------------------------------------------------------------


@lru_cache(maxsize=None)
def _path(pid: str) -> tuple[str, ...]:
    """The provinces an army here will enter, one an advance, ROMA last (L340-357)."""
    brd = board()
    out, here = [], pid
    for _ in range(40):
        if here == brd.rome:
            break
        nxt = brd.province(here).next
        if nxt is None:
            nxt = min(brd.neighbours(here), key=lambda p: (brd.graph_distance_to_rome(p), p))
        out.append(nxt)
        here = nxt
    return tuple(out)


class _Static:
    """The board's facts the planner reads thousands of times a decision, computed once."""

    def __init__(self):
        brd = board()
        costs = tables()["costs"]
        self.steps = {p: tuple((nb, costs["move_broken"] if brd.link(p, nb).broken else costs["move_normal"])
                               for nb in brd.neighbours(p)) for p in brd.ids()}
        self.nbrs = {p: brd.neighbours(p) for p in brd.ids()}
        self.coast = {p: brd.province(p).coast for p in brd.ids()}
        self.coast_of = {z: tuple(brd.coast_of(z)) for z in brd.seas}
        self.region = {p: brd.province(p).region for p in brd.ids()}
        self.region_provinces = {r: tuple(brd.region_provinces(r)) for r in brd.regions}
        self.frontiers = tuple(brd.frontier_ids())
        self.frontier_set = frozenset(self.frontiers)
        self.italia = frozenset(self.region_provinces["italia"])


@lru_cache(maxsize=None)
def static() -> _Static:
    return _Static()


@lru_cache(maxsize=None)
def _hops() -> dict:
    return board().hop_table()


def battle_odds(st: dict, emperor: str, at: str, army: str, bonus: int = 0) -> tuple[float, float, float]:
    """(win, tie, loss) for the emperor at ``at`` against the army at ``army``, over the 36
    rolls, whoever attacks (L256-264, L376-384); ``bonus``: Galerius' +1s he may spend."""
    brd = board()
    mine = imperial_support(st, brd, emperor, at)
    theirs = barbarian_support(st, brd, army)
    imp = 2 ** emperors_connected(st, brd, army, besides=emperor)
    bar = 2 ** armies_connected(st, brd, at, besides=army)
    return _odds(mine, theirs, imp, bar, bonus, st["options"].get("galerius_bonus") == "after_multiplier")


@lru_cache(maxsize=None)
def _odds(mine: int, theirs: int, imp: int, bar: int, bonus: int, after: bool) -> tuple[float, float, float]:
    win = tie = 0
    for r in range(1, 7):
        for n in range(1, 7):
            b = (n + theirs) * bar
            best = None
            for k in range(bonus + 1):
                v = (r + mine) * imp + k if after else (r + mine + k) * imp
                if v > b:
                    best = "w"
                    break
                if v == b and best is None:
                    best = "t"
            if best == "w":
                win += 1
            elif best == "t":
                tie += 1
    return win / 36, tie / 36, (36 - win - tie) / 36


# -- a light copy of the table -------------------------------------------------------------------


def light(state: dict) -> dict:
    return {"discs": dict(state["discs"]), "armies": list(state["armies"]), "fleets": dict(state["fleets"]),
            "options": state["options"], "reserve": dict(state["reserve"]),
            "emperors": {e: {"at": v["at"], "discs": v["discs"]} for e, v in state["emperors"].items()},
            "standing": state.get("standing", {}), "turn": state.get("turn"), "retired": 0, "spare": 0.0,
            "expected": 0.0}


def copy_light(s: dict) -> dict:
    return {**s, "discs": dict(s["discs"]), "armies": list(s["armies"]), "fleets": dict(s["fleets"]),
            "reserve": dict(s["reserve"]), "emperors": {e: dict(v) for e, v in s["emperors"].items()}}


def _region_clean(s: dict, region: str) -> bool:
    discs = s["discs"]
    return not any(discs.get(p) == REVOLT for p in static().region_provinces[region])


def reach(s: dict, emperor: str, start: str, pi: int, allow_sail: bool = True) -> dict[str, tuple[int, list]]:
    """The cheapest way to every province within ``pi``: ``{province: (cost, actions)}``.
    Provinces of other emperors may be crossed, not stopped in (L190-193); armies block."""
    brd, costs = board(), tables()["costs"]
    best = _dijkstra(s, brd, costs, emperor, start, pi, [])
    if allow_sail and pi >= 2:
        for src, n in sorted(s["fleets"].items()):
            if n <= 0:
                continue
            for dst in brd.seas[src].adjacent:
                sailed = dict(s["fleets"])
                sailed[src] -= 1
                sailed[dst] = sailed.get(dst, 0) + 1
                trial = {**s, "fleets": sailed}
                way = _dijkstra(trial, brd, costs, emperor, start, pi - costs["sail"],
                                [{"act": "sail", "from": src, "to": dst}], base=costs["sail"])
                for p, (c, acts) in way.items():
                    if p not in best or c < best[p][0]:
                        best[p] = (c, acts)
    return best


def _dijkstra(s, brd, costs, emperor, start, pi, prefix, base=0):
    sx = static()
    groups = fleet_zones(s, brd)
    sea_reach = {}
    for g in groups:
        ports = tuple(p for z in sorted(g) for p in sx.coast_of[z])
        for z in g:
            sea_reach[z] = ports
    others = {v["at"] for e, v in s["emperors"].items() if e != emperor and v["at"]}
    armies = set(s["armies"])
    discs = s["discs"]
    limit = pi + base
    fleet, revolt_extra = costs["move_fleet"], costs["into_revolt"]
    dist = {start: base}
    acts = {start: list(prefix)}
    heap = [(base, start)]
    while heap:
        c, here = heapq.heappop(heap)
        if c > dist.get(here, 99):
            continue
        steps = [(nb, step, "land") for nb, step in sx.steps[here]]
        zone = sx.coast[here]
        if zone is not None and zone in sea_reach:
            steps += [(p, fleet, "sea") for p in sea_reach[zone] if p != here]
        for nb, step, by in steps:
            if nb in armies:
                continue
            cost = c + step + (revolt_extra if discs.get(nb) == REVOLT else 0)
            if cost > limit or cost >= dist.get(nb, 99):
                continue
            dist[nb] = cost
            acts[nb] = acts[here] + [{"act": "move", "to": nb, "by": by}]
            heapq.heappush(heap, (cost, nb))
    return {p: (c, acts[p]) for p, c in dist.items() if p not in others or (p == start and start not in others)}


# -- the evaluation ------------------------------------------------------------------------------


def evaluate(s: dict, acting: str | None = None) -> float:
    """How good the table is once the emperor's Roman phase ends (higher is better)."""
    sx = static()
    discs = s["discs"]
    frontiers = [f for f in sx.frontiers if discs.get(f) in EMPEROR_ORDER]
    if len(frontiers) == 6:
        return 10000.0
    value = W_FRONTIER * len(frontiers)
    revolts = [p for p, d in discs.items() if d == REVOLT]
    unrest = [p for p, d in discs.items() if d == UNREST]
    rset = set(revolts)
    value -= W_REVOLT * len(revolts) + W_UNREST * len(unrest)
    turning = sum(1 for u in unrest if any(nb in rset for nb in sx.nbrs[u]))
    value -= W_TURNING * turning
    left = s["reserve"]["revolt"] - turning
    if left < 5:
        value -= W_LOW_BOX * (5 - left)
    value -= W_ITALIA * sum(1 for p in revolts if p in sx.italia)
    open_regions = {sx.region[f] for f in sx.frontiers if f not in frontiers}
    value -= W_REGION_DIRT * sum(1 for p in revolts if sx.region[p] in open_regions)
    placed = sum(1 for p, d in discs.items() if d in EMPEROR_ORDER and p not in sx.frontier_set)
    value += W_DISC_PLACED * placed
    supply = sum(v["discs"] for v in s["emperors"].values())
    need = 6 - len(frontiers)
    short = need - supply  # there is no taking a disc back (FAQ L750-755): keep enough for the frontiers
    if short > 0:
        value -= W_DISC_SHORT * short
    value -= W_IMPERIUM * s.get("retired", 0)
    value += W_PI_SPARE * s.get("spare", 0.0)
    # emperors on Revolt leave at the State of the Empire (L296-303)
    positions = {}
    for e, v in s["emperors"].items():
        at = v["at"]
        if at is None:
            value -= W_OFF_BOARD
        elif discs.get(at) == REVOLT:
            value -= W_EXPELLED
        else:
            positions[e] = at
    hops = _hops()
    # the armies
    for a in s["armies"]:
        path = _path(a)
        steps = len(path)
        value -= W_ARMY
        danger = W_ARMY_NEAR / max(1, steps)
        nxt = path[0] if path else None
        blocker = next((e for e, p in positions.items() if p == nxt), None)
        if blocker is not None:
            bonus = 0
            if blocker == "galerius" and s["options"].get("imperivm"):
                bonus = min(2, max(0, s["emperors"]["galerius"]["discs"] - 1))
            win, tie, loss = battle_odds(s, blocker, nxt, a, bonus)
            if blocker == "constantius" and s["options"].get("imperivm") and s["emperors"]["constantius"]["discs"] > 1 \
                    and loss > 0.4:
                win, tie, loss = 0.0, 1.0, 0.0  # he blocks (his standing choice)
            # a win removes the army and its Revolt disc; a loss costs the emperor and a step
            value += win * (W_ARMY + danger + W_REVOLT) - loss * (W_OFF_BOARD + 6 + W_ARMY_NEAR / max(1, steps - 1) - danger)
        if positions:
            near = min(hops[a].get(p, 20) for p in positions.values())
            value -= W_CHASE * near * (2.0 if steps <= 5 else 1.0)
        value -= danger
    # the next frontier: an emperor within reach of a clean, open frontier
    for f in sx.frontiers:
        if f in frontiers:
            continue
        region = sx.region[f]
        if not _region_clean(s, region):
            continue
        if any(hops[p].get(f, 9) <= 2 for p in positions.values()):
            value += W_NEXT_FRONTIER
    value += s.get("expected", 0.0)
    return value


# -- the plans -----------------------------------------------------------------------------------


class Planner:
    def __init__(self, state: dict, role: str, rng: random.Random):
        self.state, self.role, self.rng = state, role, rng
        self.emperor = state["turn"]["emperor"]
        self.brd = board()
        self.costs = tables()["costs"]
        self.opts = state["options"]

    # the order set
    def orders(self) -> dict:
        st, emperor = self.state, self.emperor
        base = light(st)
        starts = []
        if st["emperors"][emperor]["at"] is None:
            capital = next(p for p in self.brd.ids() if self.brd.province(p).capital == emperor)
            starts.append(("roma", self.brd.rome))
            if capital not in st["armies"] and capital not in st["discs"]:
                starts.append(("capital", capital))
        else:
            starts.append((None, st["emperors"][emperor]["at"]))
        pi = st["turn"]["pi"]
        variants = [({}, 0, 0)]
        if self.opts.get("imperivm") and emperor == "maximian" and not st["turn"]["imperium"] \
                and st["emperors"][emperor]["discs"] > 1:
            variants.append(({"imperium": True}, tables()["imperium_seven_pi"] - tables()["pi_per_turn"], 1))
        if self.opts.get("imperivm") and emperor == "diocletian" and not st["turn"]["imperium"] \
                and st["emperors"][emperor]["discs"] > 1:
            variants.append(({"imperium": True}, 0, 1))
        if self.opts.get("patres_patriae") and st["turn"]["segment"] == 0 and not st["turn"]["patres"]:
            if emperor == "diocletian":
                variants.append(({"patres": True}, 1, 0))
            elif emperor == "constantius" and pi > 1:
                variants.append(({"patres": True}, -1, 0))
        plans = []
        for enter, at in starts:
            for flags, extra, retired in variants:
                s = copy_light(base)
                s["emperors"][emperor]["at"] = at
                s["retired"] = retired
                if retired:
                    s["emperors"][emperor]["discs"] -= 1
                if flags.get("patres"):  # the other's PI next turn, about 4 points each
                    s["expected"] = -4.0 if emperor == "diocletian" else 4.0
                passing = any(v["at"] == at for e, v in s["emperors"].items() if e != emperor)
                moves_others = emperor == "diocletian" and bool(flags.get("imperium") or st["turn"]["imperium"])
                value, actions = self.search(s, at, pi + extra, passing, moves_others)
                plans.append((value, len(plans), enter, flags, actions))
        plans.sort(key=lambda p: (-p[0], p[1]))
        standing = self.standing()
        for _value, _n, enter, flags, actions in plans:
            orders: dict = {"actions": actions}
            if enter:
                orders["enter"] = enter
            orders.update(flags)
            if standing:
                orders["standing"] = standing
            if not validate(st, self.role, orders):  # a plan the engine refuses is a planner's slip
                return orders
        return default_orders(st)

    def standing(self) -> dict:
        """Galerius' +1 in defence and Constantius' block, set by their player whenever he
        gives orders (DECISIONS.md D11)."""
        st = self.state
        if not self.opts.get("imperivm"):
            return {}
        out = {}
        if controller(st, "galerius") == self.role:
            discs = st["emperors"]["galerius"]["discs"]
            want = min(2, max(0, discs - 1))
            if st["standing"].get("galerius", {}).get("defend_bonus") != want:
                out["galerius"] = {"defend_bonus": want}
        if controller(st, "constantius") == self.role:
            want = st["emperors"]["constantius"]["discs"] > 1
            if st["standing"].get("constantius", {}).get("block") != want:
                out["constantius"] = {"block": want}
        return out

    def search(self, s: dict, at: str, pi: int, passing: bool, moves_others: bool):
        """The best plan of up to ``LEGS`` legs: (value, actions)."""
        emperor = self.emperor
        root = (evaluate(s, emperor) if not passing else -1e9, s, at, pi, [], passing)
        best = (root[0], [])
        frontier = [root]
        for _leg in range(len(BEAMS) + 1):
            children = []
            for value, cur, here, left, acts, pas in frontier:
                for child in self.legs(cur, here, left, acts, pas, moves_others and _leg == 0):
                    cv, cs, chere, cleft, cacts, cpas, final = child
                    if not cpas and cv > best[0] + 1e-9:
                        best = (cv, cacts)
                    if not final and cleft > 0:
                        children.append(child[:6])
            if not children:
                break
            if _leg >= len(BEAMS):
                break
            children.sort(key=lambda c: -c[0])
            frontier = children[:BEAMS[_leg]]
        return best

    def legs(self, s, here, pi, acts, passing, moves_others):
        """Every next leg from ``here``: (value, state, at, pi left, actions, passing, final)."""
        emperor = self.emperor
        out = []
        ways = reach(s, emperor, here, pi, allow_sail=not passing)  # passing through: a move first (L190-193)
        for dst, (cost, path) in ways.items():
            if dst == here and (passing or path):
                continue
            s1 = copy_light(s)
            for a in path:
                if a["act"] == "sail":
                    s1["fleets"][a["from"]] -= 1
                    s1["fleets"][a["to"]] = s1["fleets"].get(a["to"], 0) + 1
            s1["emperors"][emperor]["at"] = dst
            left = pi - cost
            base_acts = acts + path
            for ops in self._site_ops(s1, dst, left):
                s2, spent, ops_acts = ops
                left2 = left - spent
                if not path and not ops_acts:
                    continue
                out.append((evaluate(s2, emperor), s2, dst, left2, base_acts + ops_acts, False, False))
                for army in self.brd.neighbours(dst):
                    if army in s2["armies"]:
                        res = self._attack(s2, dst, army, left2, base_acts + ops_acts)
                        if res is not None:
                            out.append(res)
        if moves_others:
            out += self._move_others(s, here, pi, acts)
        return out

    def _site_ops(self, s, at, pi):
        """What to do where the emperor stops: nothing, Subdue (remove or reduce), Protect,
        or Subdue then Protect."""
        emperor = self.emperor
        out = [(s, 0, [])]
        d = s["discs"].get(at)
        prov = self.brd.province(at)
        subs = []
        if d == REVOLT:
            if pi >= self.costs["subdue_revolt"]:
                subs.append(("remove", self.costs["subdue_revolt"], None))
            if pi >= self.costs["revolt_to_unrest"] and s["reserve"][UNREST] > 0:
                subs.append(("reduce", self.costs["revolt_to_unrest"], UNREST))
        elif d == UNREST and pi >= self.costs["subdue_unrest"]:
            subs.append(("remove", self.costs["subdue_unrest"], None))
        for how, cost, leaves in subs:
            s1 = copy_light(s)
            s1["discs"].pop(at, None)
            s1["reserve"][d] += 1
            if leaves:
                s1["discs"][at] = leaves
                s1["reserve"][leaves] -= 1
            out.append((s1, cost, [{"act": "subdue", "how": how}]))
        for s1, spent, acts in list(out):
            if s1["discs"].get(at) is not None or s1["emperors"][emperor]["discs"] <= 0:
                continue
            cost = self.costs["protect_frontier"] if prov.frontier else self.costs["protect"]
            if prov.frontier and not _region_clean(s1, prov.region):
                continue
            if spent + cost > pi:
                continue
            s2 = copy_light(s1)
            s2["discs"][at] = emperor
            s2["emperors"][emperor]["discs"] -= 1
            out.append((s2, spent + cost, acts + [{"act": "protect"}]))
        return out

    def _attack(self, s, at, army, pi, acts):
        link = self.brd.link(at, army)
        cost = self.costs["move_broken"] if link.broken else self.costs["move_normal"]
        if s["discs"].get(army) == REVOLT:
            cost += self.costs["into_revolt"]
        if cost > pi:
            return None
        emperor = self.emperor
        bonus = 0
        if emperor == "galerius" and self.opts.get("imperivm"):
            bonus = min(3, max(0, s["emperors"]["galerius"]["discs"] - 1))
        win, tie, loss = battle_odds(s, emperor, at, army, bonus)
        left = pi - cost
        won = copy_light(s)
        won["armies"].remove(army)
        lifted = won["discs"].pop(army, None)
        if lifted in (UNREST, REVOLT):
            won["reserve"][lifted] += 1
        elif lifted is not None:
            won["emperors"][lifted]["discs"] += 1
        won["emperors"][emperor]["at"] = army
        won["spare"] = won.get("spare", 0.0) + left
        if bonus:
            won["retired"] = won.get("retired", 0) + 0.5  # a +1 is often needed, rarely more
        lost = copy_light(s)
        lost["emperors"][emperor]["at"] = None
        mine = lost["discs"].get(at)
        if mine in EMPEROR_ORDER:
            del lost["discs"][at]
            lost["emperors"][mine]["discs"] += 1
        value = win * evaluate(won, emperor) + tie * evaluate(s, emperor) + loss * evaluate(lost, emperor)
        action = {"act": "attack", "target": army}
        if bonus:
            action["bonus"] = bonus
        return (value, s, at, 0, acts + [action], False, True)

    def _move_others(self, s, here, pi, acts):
        """Diocletian's IMPERIVM power: another emperor moved one step with his PI (L434)."""
        out = []
        for other in EMPEROR_ORDER:
            if other == self.emperor:
                continue
            oat = s["emperors"][other]["at"]
            if oat is None:
                continue
            occupied = {v["at"] for v in s["emperors"].values() if v["at"]}
            for dst in self.brd.neighbours(oat):
                if dst in s["armies"] or dst in occupied:
                    continue
                link = self.brd.link(oat, dst)
                cost = (self.costs["move_broken"] if link.broken else self.costs["move_normal"]) \
                    + (self.costs["into_revolt"] if s["discs"].get(dst) == REVOLT else 0)
                if cost > pi:
                    continue
                s1 = copy_light(s)
                s1["emperors"][other]["at"] = dst
                out.append((evaluate(s1, self.emperor), s1, here, pi - cost,
                            acts + [{"act": "move_other", "emperor": other, "to": dst, "by": "land"}], False, False))
        return out


__all__ = ["choose", "evaluate", "battle_odds", "Planner", "Illegal"]
