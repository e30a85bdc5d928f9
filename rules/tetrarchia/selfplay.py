"""Self-play for Tetrarchia through the rules contract alone (pure: no Django).

Each game draws its choices from a seeded ``random.Random`` and its dice from
``rules.dice.HmacDice``; it reports crashes (with the traceback and the state hash),
dead ends (no prompt and no outcome), endless loops (a step cap) and generated orders the
engine's own validation refuses. Two policies:

* ``random``: every order set is a random walk through the legal actions (each action
  drawn uniformly among those legal where the emperor stands, with a chance to stop);
* ``greedy``: a plain player: each emperor picks a frontier to win (the cheapest to reach
  and clean), puts down Revolt on the way, protects the frontier once its region is
  clean, attacks at good odds (exactly computed over the 36 rolls) and stands in the way
  of the army nearest Rome; still seeded, random among equals. It shows what the levels
  do to a player who tries.

Run ``python -m rules.tetrarchia.selfplay --games 1000 --levels 4211`` for the numbers.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import random
import sys
from dataclasses import dataclass

from rules.selfplay import play_game as generic_play
from rules.tetrarchia.barbarian import army_step
from rules.tetrarchia.chains import armies_connected, barbarian_support, emperors_connected, imperial_support
from rules.tetrarchia.roman import Illegal, check_action, legal_actions, perform
from rules.tetrarchia.state import REVOLT, UNREST, GameEnds, Table, disc_at, emperor_at, frontier_protected

SLUG = "tetrarchia"


@dataclass
class GameReport:
    seed: int
    level: str
    policy: str
    steps: int = 0
    rounds: int = 0
    result: str | None = None   # victory | defeat
    score: int | None = None    # the 10-point scale at the end (L392-398)
    reason: str = ""
    problem: str | None = None  # crash | dead_end | endless_loop
    detail: str = ""
    state_hash: str = ""
    refused_orders: int = 0
    seconds: float = 0.0
    final_hash: str = ""

    @property
    def ok(self) -> bool:
        return self.problem is None


def game_key(seed: int) -> bytes:
    return hashlib.sha256(f"cursus-tetrarchia-selfplay:{seed}".encode()).digest()


def play_game(seed: int, *, level: str = "4211", players: int = 1, policy: str = "random",
              options: dict | None = None, max_steps: int = 4000) -> GameReport:
    """One game through the generic self-play loop (:func:`rules.selfplay.play_game`),
    with this module's planner choosing the orders."""
    opts = dict(options or {}, level=level, players=players)
    played = generic_play(
        SLUG, seed, scenario="293", options=opts, max_steps=max_steps, key=game_key(seed),
        choose=lambda _rs, state, prompt, rng: choose_orders(state, prompt, rng, policy),
    )
    report = GameReport(seed=seed, level=level, policy=policy, steps=played.steps,
                        problem=played.problem, detail=played.detail, state_hash=played.state_hash,
                        refused_orders=played.refused_orders, seconds=played.seconds,
                        final_hash=played.final_hash)
    if played.final_state is not None:
        report.rounds = played.final_state["round"]
    if played.outcome is not None:
        report.result, report.reason = played.outcome["level"], played.outcome["detail"]["reason"]
        report.score = played.outcome["detail"]["ten_point_score"]["score"]
    return report


# -- choosing orders ------------------------------------------------------------------------


def choose_orders(state: dict, prompt, rng: random.Random, policy: str) -> dict:
    if policy == "greedy":
        from rules.tetrarchia import planner

        return planner.choose(None, state, prompt, rng)
    if prompt.kind == "fleets":
        zones = prompt.options["zones"]
        return {"fleets": [rng.choice(zones) for _ in range(prompt.options["count"])]}
    if prompt.kind != "roman_phase":
        return dict(prompt.default_orders)
    t = Table(copy.deepcopy(state))
    emperor = state["turn"]["emperor"]
    orders: dict = {"actions": []}
    if state["emperors"][emperor]["at"] is None:
        orders["enter"] = rng.choice(prompt.options["enter"])
        place = t.board.rome if orders["enter"] == "roma" else next(
            p for p in t.board.ids() if t.board.province(p).capital == emperor)
        t.st["emperors"][emperor]["at"] = place
        t.st["turn"]["passing"] = any(e != emperor and v["at"] == place for e, v in t.st["emperors"].items())
    opts = state["options"]
    if opts.get("imperivm") and emperor in ("diocletian", "maximian") and rng.random() < 0.2 \
            and t.st["emperors"][emperor]["discs"] > 1:
        orders["imperium"] = True
        t.st["emperors"][emperor]["discs"] -= 1
        t.st["turn"]["imperium"] = True
        if emperor == "maximian":
            t.st["turn"]["pi"] += 1
    pick = _random_pick if policy == "random" else _greedy_pick
    for _ in range(12):
        legal = legal_actions(t, emperor)
        if not legal:
            break
        if not t.st["turn"]["passing"] and rng.random() < (0.15 if policy == "random" else 0.0):
            break
        choice = pick(t, emperor, legal, rng)
        if choice is None:
            break
        action, cost = choice
        if t.st["turn"]["passing"] and action["act"] == "move" and emperor_at(t.st, action["to"]) is not None:
            continue
        orders["actions"].append(action)
        if action["act"] == "attack":
            break
        try:
            _c, plan = check_action(t, emperor, action)
            perform(t, emperor, action, cost, plan)
        except (Illegal, GameEnds):
            break
    return orders


def _random_pick(t: Table, emperor: str, legal: list, rng: random.Random):
    if t.st["turn"]["passing"]:
        moves = [(a, c) for a, c in legal if a["act"] == "move" and emperor_at(t.st, a["to"]) is None]
        return rng.choice(moves) if moves else None
    return rng.choice(legal)


def win_chance(st: dict, brd, emperor: str, at: str, army: str) -> float:
    """The exact chance that the emperor wins a battle (36 rolls of the two dice)."""
    mine = imperial_support(st, brd, emperor, at)
    theirs = barbarian_support(st, brd, army)
    imp_mult = 2 ** emperors_connected(st, brd, army, besides=emperor)
    bar_mult = 2 ** armies_connected(st, brd, at, besides=army)
    wins = sum(1 for r in range(1, 7) for n in range(1, 7) if (r + mine) * imp_mult > (n + theirs) * bar_mult)
    return wins / 36


def _greedy_pick(t: Table, emperor: str, legal: list, rng: random.Random):
    """Score each legal action by a few plain priorities; ties broken at random: protect a
    frontier, attack at good odds (better odds needed far from Rome), put down Revolt,
    head for the army nearest Rome or for trouble."""
    st, brd = t.st, t.board
    at = st["emperors"][emperor]["at"]
    best, best_score = None, 0.0
    nearest = min(st["armies"], key=brd.distance_to_rome, default=None)
    targets = frontier_targets(st, brd)
    steps = _army_steps(t)
    for action, cost in legal:
        act = action["act"]
        score = 0.0
        if act == "protect":
            if brd.province(at).frontier:
                score = 100
            else:
                score = 12 if _threatened(st, brd, at) else 3
        elif act == "subdue":
            d = disc_at(st, at)
            score = (25 if d == REVOLT else 10 if d == UNREST else 0) - (8 if action["how"] == "reduce" else 0)
        elif act == "attack":
            odds = win_chance(st, brd, emperor, at, action["target"])
            urgency = max(0, 8 - brd.distance_to_rome(action["target"]))
            score = 60 * odds + 5 * urgency if odds >= 0.6 - 0.05 * urgency else 0
        elif act == "move":
            dst = action["to"]
            if emperor_at(st, dst) is not None:
                score = 0.5 if st["turn"]["passing"] else 0
            elif brd.province(dst).frontier and disc_at(st, dst) is None:
                region = brd.province(dst).region
                score = 45 if not _region_revolting(st, brd, region) and t.st["turn"]["pi"] - cost >= 2 else 0
            else:
                score = _move_value(t, emperor, at, dst, nearest, targets, steps) / cost
        elif act == "sail":
            score = 0.2
        score += rng.random() * 0.5
        if score > best_score:
            best, best_score = (action, cost), score
    if st["turn"]["passing"] and (best is None or best[0]["act"] != "move"):
        moves = [(a, c) for a, c in legal if a["act"] == "move" and emperor_at(st, a["to"]) is None]
        return rng.choice(moves) if moves else None
    return best if best_score >= 1 else None


def _army_steps(t: Table) -> dict[str, str]:
    """Where each army goes next: the province an emperor can block."""
    return {army_step(t, a): a for a in t.st["armies"]}


def frontier_targets(st: dict, brd) -> dict[str, str]:
    """Each emperor's frontier to pacify and protect: in the order of play, the unclaimed
    unprotected frontier cheapest to reach and to clean (a Revolt disc weighs 2 steps)."""
    free = [f for f in brd.frontier_ids() if not frontier_protected(st, f)]
    targets = {}
    for e in ("diocletian", "galerius", "constantius", "maximian"):
        at = st["emperors"][e]["at"] or brd.rome
        options = [f for f in free if f not in targets.values()]
        if not options:
            break
        targets[e] = min(options, key=lambda f, at=at: (_hops(brd, at, f) + _dirt(st, brd, f), f))
    return targets


def _dirt(st: dict, brd, frontier: str) -> int:
    """What cleaning the frontier's region would cost in PI (Revolt 2, Unrest 1)."""
    region = brd.province(frontier).region
    return sum(2 if disc_at(st, p) == REVOLT else 1 if disc_at(st, p) == UNREST else 0
               for p in brd.region_provinces(region))


def _move_value(t: Table, emperor: str, at: str, dst: str, nearest: str | None,
                targets: dict[str, str], blocked: dict[str, str]) -> float:
    """Standing in an army's way with fair odds blocks it (the FAQ's CISALPINA advice);
    otherwise head for trouble in the region whose frontier he means to protect, and for
    the army nearest Rome."""
    st, brd = t.st, t.board
    value = 1.0
    target = targets.get(emperor)
    if target is not None:
        region = brd.province(target).region
        dirty = [p for p in brd.region_provinces(region) if disc_at(st, p) == REVOLT]
        goal = min(dirty, key=lambda p: (_hops(brd, at, p), p)) if dirty else target
        if _hops(brd, dst, goal) < _hops(brd, at, goal):
            value += 5
    if dst in blocked and disc_at(st, dst) != REVOLT:
        army = blocked[dst]
        saved = st["emperors"][emperor]["at"]
        st["emperors"][emperor]["at"] = dst
        odds = win_chance(st, brd, emperor, dst, army)
        st["emperors"][emperor]["at"] = saved
        urgency = max(0, 8 - brd.distance_to_rome(army))
        if odds >= 0.45 - 0.03 * urgency:
            value += 20 * odds + 3 * urgency
    if disc_at(st, dst) == REVOLT:
        value += 6
    elif disc_at(st, dst) == UNREST:
        value += 3
    if nearest is not None and brd.distance_to_rome(nearest) <= 5 and _hops(brd, dst, nearest) < _hops(brd, at, nearest):
        value += 4
    return value


def _hops(brd, a: str, b: str) -> int:
    return brd.hops(a, b)


def _threatened(st, brd, pid) -> bool:
    return any(disc_at(st, n) == REVOLT or n in st["armies"] for n in brd.neighbours(pid))


def _region_revolting(st, brd, region) -> bool:
    return any(disc_at(st, p) == REVOLT for p in brd.region_provinces(region))


# -- many games --------------------------------------------------------------------------------


def run(levels: list[str], games: int, seed: int = 0, policy: str = "random", players: int = 1,
        options: dict | None = None, progress=None) -> dict[str, list[GameReport]]:
    out = {}
    for level in levels:
        reports = []
        for i in range(games):
            reports.append(play_game(seed + i, level=level, policy=policy, players=players, options=options))
            if progress:
                progress(level, i + 1, games)
        out[level] = reports
    return out


def summary(results: dict[str, list[GameReport]]) -> str:
    lines = []
    for level, reports in results.items():
        n = len(reports)
        wins = sum(1 for r in reports if r.result == "victory")
        bad = [r for r in reports if not r.ok]
        reasons: dict[str, int] = {}
        for r in reports:
            if r.reason:
                reasons[r.reason] = reasons.get(r.reason, 0) + 1
        rounds = sorted(r.rounds for r in reports if r.ok) or [0]
        scores = [r.score for r in reports if r.score is not None] or [0]
        secs = sum(r.seconds for r in reports)
        lines.append(f"level {level} [{reports[0].policy if reports else ''}]: {n} games, {wins} victories "
                     f"({100 * wins / max(n, 1):.1f}%), problems {len(bad)}, refused orders "
                     f"{sum(r.refused_orders for r in reports)}, rounds median {rounds[len(rounds) // 2]} "
                     f"mean {sum(rounds) / len(rounds):.2f}, mean 10-point score {sum(scores) / len(scores):.2f}, "
                     f"ends {dict(sorted(reasons.items()))}, {secs:.1f}s")
        for r in bad[:5]:
            lines.append(f"  seed {r.seed}: {r.problem} state {r.state_hash}\n{r.detail}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Tetrarchia self-play")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default="5300,4200,4211,3122")
    parser.add_argument("--policy", default="random", choices=("random", "simple", "greedy"))
    parser.add_argument("--players", type=int, default=1)
    args = parser.parse_args(argv)
    results = run(args.levels.split(","), args.games, args.seed, args.policy, args.players)
    print(summary(results))
    return 1 if any(not r.ok for rs in results.values() for r in rs) else 0


if __name__ == "__main__":
    sys.exit(main())
