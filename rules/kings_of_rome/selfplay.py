"""Self-play for Kings of Rome: a random but purposeful player (``choose_orders``) that gives
legal orders from each prompt's options - candidates, appointments, Tribunes and their
Praecepta, armies marching on the cities and armies of the Fides nation, expeditions,
battle plans - and now and then changes its standing policies, so that every rule path is
played. ``python -m rules.kings_of_rome.selfplay`` plays many games and prints the numbers
docs/benchmarks.md reports: who wins, which rules fire, prompts per turn, seat and battle.

It only reads the state through the engine's own helpers; it never changes it.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time

from rules.base import state_hash
from rules.dice import HmacDice
from rules.kings_of_rome.data import CURIAE, data
from rules.kings_of_rome.orders import _validate_plan, table
from rules.kings_of_rome.actions import may_strike
from rules.kings_of_rome.movement import reachable, where, hostile_hexes, hostile_in
from rules.kings_of_rome.state import nonroman_inside, nonroman_outside
from rules.registry import get_ruleset
from rules.selfplay import play_game

POLICY_CHOICES = {
    "king_reroll": [None, 2, 4, 8],
    "secret_name": ["yes", "no"],
    "triumph_vote": ["own", "accept", "reject", "ask"],
    "prosecute": ["others", "always", "never"],
    "accuse": ["others", "never"],
    "roman_units": ["pool", "army"],
    "garrison_draw": ["upgrade", "return"],
    "garrison_city": ["weakest", "strongest"],
    "tactic": ["attack", "defence", "ask", "ask"],
    "deploy": ["strongest", "weakest"],
    "leader_front": [True, False],
    "astutia": ["failed", "never"],
    "reserve": ["always", "behind", "never"],
    "hunt_leader": [True, False],
    "press_on": [True, False],
    "vanguard_retreat": [False, True],
    "spolia": [False, False, True],
    "withdraw": [True, False],
    "after_victory": ["siege", "advance", "stay"],
    "rout": ["walls", "field"],
    "siege_continue": [True, False],
    "claim_triumph": [True, False],
    "tribune_troops": ["rome", "garrison", "stay"],
    "expeditions": ["ask", "auto", "auto"],
    "political": ["ask", "needed"],
}


def random_policy(rng: random.Random) -> dict:
    out = {}
    for key in sorted(POLICY_CHOICES):
        if rng.random() < 0.15:
            out[key] = rng.choice(POLICY_CHOICES[key])
    return out


def choose_orders(ruleset, state: dict, prompt, rng: random.Random) -> dict:
    kind = prompt.kind
    fn = CHOOSERS.get(kind)
    orders = fn(ruleset, state, prompt, rng) if fn else dict(prompt.default_orders)
    if rng.random() < 0.1:
        orders = dict(orders, policy=random_policy(rng))
    if ruleset.validate(state, prompt.role, orders):
        orders.pop("policy", None)
        if ruleset.validate(state, prompt.role, orders):
            return dict(prompt.default_orders)
    return orders


def _candidates(ruleset, state, prompt, rng):
    opts = prompt.options
    out = {}
    for curia, info in sorted(opts["curiae"].items()):
        free = list(info["gentes"])
        rng.shuffle(free)
        out[curia] = {office: free[i] for i, office in enumerate(opts["elections"]) if i < len(free)}
    bids = {c: rng.randint(0, min(opts["bid_max"], info["ip"])) for c, info in sorted(opts["curiae"].items()) if rng.random() < 0.4}
    return {"candidates": out, **({"bids": bids} if bids else {})}


def _political(ruleset, state, prompt, rng):
    opts = prompt.options
    out: dict = {}
    king, senate = opts.get("king"), opts.get("senate")
    nation = None
    if senate or (king and king.get("fides")):
        nations = (senate or king)["nations"]
        nation = rng.choice(nations) if rng.random() < 0.85 else None
        out["fides"] = {"nation": nation}
    if king:
        mags = []
        curiae = list(king["magister_curiae"])
        for key in king["activated"]:
            if key == "me" and "mp" not in state["offices"] and not any(m["office"] == "mp" for m in mags):
                continue
            if curiae:
                mags.append({"office": key, "curia": rng.choice(curiae)})
        if king["ex_officio"] and curiae and rng.random() < 0.3 and king["ip"] >= 4:
            key = rng.choice(king["ex_officio"])
            if key == "mp" or "mp" in state["offices"] or any(m["office"] == "mp" for m in mags):
                mags.append({"office": key, "curia": rng.choice(curiae)})
        out["magistri"] = mags
        out["consent"] = rng.random() < 0.85
        if rng.random() < 0.25:
            out["general"] = True
        if king["secret_name"] and rng.random() < 0.4:
            out["secret_name"] = True
        if king["recruit_offices"] and rng.random() < 0.4 and king["pool"]["inf"] + king["pool"]["cav"]:
            out["recruit"] = [{"office": rng.choice(king["recruit_offices"]), "inf": rng.randint(0, 2), "cav": rng.randint(0, 1)}]
    if senate:
        tribunes = []
        curiae = list(senate["curiae"])
        peoples = [p for p in sorted(data().peoples) if data().peoples[p]["nation"] in (None, nation)]
        named = set()
        for key in senate["activated"]:
            if not curiae:
                break
            how = rng.choice(["direct", "rogatio"])
            order = {"office": key, "how": how, "praeceptum": _praeceptum(rng, peoples, nation)}
            if how == "direct":
                order["curia"] = rng.choice(curiae)
            tribunes.append(order)
            named.add(key)
        budget = senate["ip"] - sum(1 for o in tribunes if o["how"] == "direct")
        for key in senate["ex_officio"]:
            if key == "tc" and not (named & {"tp1", "tp2"}) and not (set(state["offices"]) & {"tp1", "tp2"}):
                continue
            if curiae and budget >= 2 and rng.random() < 0.55:
                tribunes.append({"office": key, "curia": rng.choice(curiae), "praeceptum": _praeceptum(rng, peoples, nation)})
                named.add(key)
                budget -= 2
        out["tribunes"] = tribunes
        if senate["roman_cities"] and rng.random() < 0.15 and budget >= 3:
            out["garrison"] = [rng.choice(senate["roman_cities"])]
    return out


def _praeceptum(rng, peoples, nation):
    r = rng.random()
    if r < 0.25:
        return {"defend": True}
    if nation and r < 0.8:
        return {"people": nation}
    return {"people": rng.choice(peoples)}


def _actions(ruleset, state, prompt, rng):
    t = table(state)
    armies = {}
    for fid, info in sorted(prompt.options["armies"].items()):
        if rng.random() < 0.15:
            continue
        plan = _plan(t, fid, info, rng)
        while plan and _validate_plan(t, fid, plan, "", info["actions"]):
            plan.pop()
        if plan:
            armies[fid] = plan
    out = {"armies": armies}
    fleets = {}
    for sid, info in sorted(prompt.options.get("fleets", {}).items()):
        path = _sea_walk(t, info["hex"], rng)
        if path:
            fleets[sid] = [{"act": "sail", "path": path}]
    if fleets:
        out["fleets"] = fleets
    return out


def _sea_walk(t, start, rng):
    here, path = start, []
    for _ in range(rng.randint(1, 8)):
        seas = [n for n in t.d.map.neighbours(here) if t.d.map.is_coast_sea(n) and n not in path]
        if not seas:
            break
        here = rng.choice(sorted(seas))
        path.append(here)
    return path


def _plan(t, fid, info, rng):
    st = t.st
    plan = []
    pos = where(t, fid)
    struck = set()
    steps = rng.randint(1, max(1, min(info["actions"], 5)))
    for _ in range(steps):
        reach = reachable(t, fid, start=pos)
        targets = _targets_from(t, fid, pos, reach)
        ok = [x for x in targets if may_strike(t, fid, x.get("people"), city=x.get("city"),
                                                 hex_=x["to"]) is None and x.get("city") not in struck and x["to"] != pos]
        if ok and rng.random() < 0.7:
            x = rng.choice(ok)
            action = {"act": x["act"], "to": x["to"]}
            if x.get("city"):
                action["city"] = x["city"]
            if x["act"] == "move" and rng.random() < 0.5:
                action["battle"] = {"tactic": rng.choice(["attack", "defence", "ask"])}
                if rng.random() < 0.15:
                    action["battle"]["spolia"] = True
            plan.append(action)
            struck.add(x.get("city"))
            if x["act"] in ("move", "siege"):
                break
            pos = x["to"]
            continue
        if not reach:
            break

        stop = hostile_hexes(t, "roman")
        quiet = [h for h in reach if h not in stop]
        if not quiet:
            break
        if rng.random() < 0.3 and st["forces"][fid]["offices"] and len(st["forces"][fid]["offices"]) > 1 and \
                len(st["forces"][fid]["units"]) >= 4:
            sub = [k for k in st["forces"][fid]["offices"] if k != info["office"]]
            plan.append({"act": "detach", "office": rng.choice(sub), "units": st["forces"][fid]["units"][-2:]})
            continue
        dest = rng.choice(quiet)
        plan.append({"act": "move", "to": dest})
        pos = dest
    return plan


def _hostile(t, h):
    return hostile_in(t, h, "roman")


def _targets_from(t, fid, pos, reach):
    st = t.st
    interesting = {f["hex"] for f in st["forces"].values() if f["side"] == "nonroman"}
    interesting.update(rec["hex"] for rec in t.d.cities.values())
    out = []
    for hex_ in sorted(h for h in interesting if h == pos or h in reach):
        for enemy in nonroman_outside(st, hex_):
            if st["forces"][enemy]["units"] or st["forces"][enemy].get("leader"):
                out.append({"act": "move", "to": hex_, "people": st["forces"][enemy].get("people")})
        cid = t.d.city_at.get(hex_)
        if cid and not st["cities"][cid]["roman"] and st["cities"][cid]["active"]:
            people = t.d.cities[cid]["peoples"][0]
            leader = any(st["forces"][f].get("leader") for f in nonroman_inside(st, hex_))
            if leader:
                out.append({"act": "siege", "to": hex_, "city": cid, "people": people})
            else:
                out.append({"act": "intimidate", "to": hex_, "city": cid, "people": people})
                if st["cities"][cid]["garrison"] > 0:
                    out.append({"act": "negotiate", "to": hex_, "city": cid, "people": people})
    return out


def _battle(ruleset, state, prompt, rng):
    opts = prompt.options
    out = {"tactic": rng.choice(["attack", "defence"])}
    if opts.get("withdraw") and rng.random() < 0.5:
        out["withdraw"] = True
    if opts.get("spolia") and rng.random() < 0.2:
        out["spolia"] = True
    if rng.random() < 0.3:
        out["leader_box"] = rng.choice(opts["boxes"])
    return out


def _triumph(ruleset, state, prompt, rng):
    return {"accept": rng.random() < 0.5}


def _expeditions(ruleset, state, prompt, rng):
    forces = {}
    for fid, info in sorted(prompt.options["forces"].items()):
        if rng.random() < 0.7 or not info["targets"]:
            forces[fid] = "auto"
            continue
        x = rng.choice(info["targets"])
        if x["kind"] == "army":
            forces[fid] = [{"act": "move", "path": x["path"] or [info["hex"]], "target": x["target"]}]
        else:
            forces[fid] = [{"act": "attack", "path": x["path"], "city": x["target"]}]
    return {"forces": forces}


CHOOSERS = {"candidates": _candidates, "political": _political, "actions": _actions, "battle": _battle,
            "triumph_vote": _triumph, "expeditions": _expeditions}


# -- many games, and the numbers ------------------------------------------------------------------


def play(players: int, seed: int, check_replay: bool = True, options: dict | None = None) -> dict:
    report = play_game("kings-of-rome", seed, options=dict(options or {}, players=players), choose=choose_orders,
                       check_replay=check_replay, check_json=False)
    return report


def stats(players: int, games: int, seed: int, check_replay: bool) -> dict:
    """Play games with the purposeful player and count what happened."""
    rs = get_ruleset("kings-of-rome")
    wins = collections.Counter()
    events = collections.Counter()
    problems = []
    prompts_turn_seat = []
    battle_prompts = battles = 0
    steps_total = 0
    started = time.perf_counter()
    for i in range(games):
        rng = random.Random(seed + i)
        key = (f"kor-stats:{seed + i}").encode().ljust(32, b"-")
        st, _ev = rs.setup_with_events("750", {"players": players}, HmacDice(key, 0))
        per_turn_seat = collections.Counter()
        step = 0
        log = []
        opening = st
        try:
            while rs.prompts(st):
                step += 1
                subs = {}
                for p in rs.prompts(st):
                    per_turn_seat[(st["turn"], p.role)] += 1
                    if p.kind == "battle":
                        battle_prompts += 1
                    subs[p.role] = choose_orders(rs, st, p, rng)
                log.append(subs)
                st, ev = rs.resolve(st, subs, HmacDice(key, step))
                for e in ev:
                    events[e.type] += 1
                    if e.type == "battle":
                        battles += 1
                if step > 3000:
                    raise RuntimeError("step cap")
            out = rs.outcome(st)
            wins[out.winner or "draw"] += 1
            if check_replay:
                replay = opening
                for n, subs in enumerate(log, start=1):
                    replay, _ = rs.resolve(replay, subs, HmacDice(key, n))
                if state_hash(replay) != state_hash(st):
                    problems.append((seed + i, "replay differs"))
        except Exception:  # noqa: BLE001 - report every crash with its seed
            import traceback

            problems.append((seed + i, traceback.format_exc()))
        steps_total += step
        turns = st["turn"]
        for role in rs.roles("750", {"players": players}):
            total = sum(n for (tn, r), n in per_turn_seat.items() if r == role)
            prompts_turn_seat.append(total / max(1, turns))
    return {"players": players, "games": games, "wins": dict(wins), "events": dict(events), "problems": problems,
            "prompts_per_turn_per_seat": sum(prompts_turn_seat) / max(1, len(prompts_turn_seat)),
            "battles": battles, "battle_prompts": battle_prompts, "steps": steps_total,
            "seconds": time.perf_counter() - started}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Kings of Rome self-play statistics")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-replay", action="store_true")
    args = parser.parse_args(argv)
    bad = 0
    for players in args.players:
        s = stats(players, args.games, args.seed, not args.no_replay)
        bad += len(s["problems"])
        print(f"{players} players, {s['games']} games, {s['seconds']:.0f}s: wins {s['wins']}")
        print(f"  prompts per turn per seat {s['prompts_per_turn_per_seat']:.2f}; battles {s['battles']}, "
              f"battle prompts {s['battle_prompts']} ({s['battle_prompts'] / max(1, s['battles']):.2f} a battle)")
        top = sorted(s["events"].items(), key=lambda kv: -kv[1])
        print("  events: " + ", ".join(f"{k} {v}" for k, v in top))
        for seed, problem in s["problems"][:5]:
            print(f"  PROBLEM seed {seed}: {problem}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())


_ = CURIAE
