"""Random legal self-play through the rules contract alone (no Django).

Plays order sets drawn at random from each prompt's legal-option summary (a seeded
``random.Random`` for the choices, ``HmacDice`` for the dice) and reports what a fuzzer
looks for: crashes (with the traceback and the hash of the state that crashed), dead ends
(no prompt but no outcome), endless loops (a step cap) and generated orders that the
engine's own validation refuses (the option summary and validation disagree).

With ``stats`` it also counts, per game, what the ruleset's ``tally`` says each event
shows (the rules, events, stratagems and victory-point sources that fired), and
:func:`statistics` turns a scenario's games into a report: winners by starting seat,
victory levels, the coverage table with the rules that never fired listed as warnings
(unless the ruleset's ``coverage`` gives the reason beside them), the points by source,
and how often the players are asked: prompts per seat per turn (each one turn email),
by seat and by kind, and prompts of kind ``battle`` per battle. The set-up's own events
count too. :func:`stats_markdown` writes it as the table kept in each ruleset's README.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from rules.base import RulesError, state_hash
from rules.dice import HmacDice
from rules.registry import get_ruleset


@dataclass
class GameReport:
    seed: int
    steps: int = 0
    years: int = 0
    outcome: dict | None = None
    problem: str | None = None  # crash | dead_end | endless_loop | non_json_state | replay_differs
    detail: str = ""
    state_hash: str = ""
    refused_orders: int = 0
    seconds: float = 0.0
    final_hash: str = ""
    events: int = 0
    battles: int = 0
    final_state: dict | None = field(default=None, repr=False)
    counts: Counter = field(default_factory=Counter, repr=False)  # coverage keys (stats only)
    vp: dict = field(default_factory=dict, repr=False)  # {reason: {side: points}} (stats only)
    measures: dict = field(default_factory=dict, repr=False)  # the ruleset's numbers for the game
    roles: list = field(default_factory=list, repr=False)  # the game's seats (stats only)
    prompts: Counter = field(default_factory=Counter, repr=False)  # prompts sent, by seat (stats only)
    prompt_kinds: Counter = field(default_factory=Counter, repr=False)  # prompts sent, by kind (stats only)

    @property
    def ok(self) -> bool:
        return self.problem is None


def game_seed(seed: int) -> bytes:
    return hashlib.sha256(f"cursus-selfplay:{seed}".encode()).digest()


def play_game(slug: str, seed: int, *, scenario: str | None = None, options: dict | None = None,
              max_steps: int = 5000, max_years: int | None = None, check_json: bool = False,
              check_text: bool = False, choose=None, key: bytes | None = None,
              check_replay: bool = False, stats: bool = False) -> GameReport:
    """One game. ``check_json`` also checks that every state survives a JSON round trip
    unchanged (no tuple, set or non-string key slipped in); ``check_text`` that every
    random order set survives ``format_orders`` then ``parse_orders``. ``choose(ruleset,
    state, prompt, rng) -> orders`` is the player (random legal orders by default; a
    ruleset may bring a planner); ``key`` the dice key (derived from ``seed`` by default).
    ``check_replay`` keeps the log (every step's submissions) and, at the end, replays it
    from the opening position with the same dice: the final state hash must be the same.
    ``choose`` may also be a mapping role -> player (each seat its own policy). ``stats``
    fills ``counts``, ``vp``, ``measures`` and the prompts sent by seat and by kind (see
    :func:`statistics`)."""
    ruleset = get_ruleset(slug)
    players = choose if isinstance(choose, dict) else None
    choose = (lambda rs, st, prompt, r: (players.get(prompt.role) or random_orders)(rs, st, prompt, r)) if players \
        else (choose or random_orders)
    rng = random.Random(seed)
    key = key or game_seed(seed)
    report = GameReport(seed=seed)
    start = time.perf_counter()
    state = None
    try:
        scenario = scenario or ruleset.scenarios()[0]["id"]
        if stats:  # what the set-up already ran (an opening draw, a reveal) counts as well
            state, opening_events = ruleset.setup_with_events(scenario, options or {}, HmacDice(key, 0))
            _count(ruleset, opening_events, report)
        else:
            state = ruleset.setup(scenario, options or {}, HmacDice(key, 0))
        if max_years:  # a shorter game: a harness knob, not a rule
            state["last_year"] = min(state["last_year"], state["first_year"] + max_years - 1)
        opening = copy.deepcopy(state) if check_replay else None
        if stats:
            report.roles = list(ruleset.roles(scenario, options or {}))
        log: list[dict] = []
        first_year = state.get("year")
        step = 0
        while True:
            prompts = ruleset.prompts(state)
            if not prompts:
                outcome = ruleset.outcome(state)
                if outcome is None:
                    report.problem, report.detail = "dead_end", "no prompt and no outcome"
                    report.state_hash = state_hash(state)
                else:
                    report.outcome = outcome.as_dict()
                break
            step += 1
            if step > max_steps:
                report.problem, report.detail = "endless_loop", f"more than {max_steps} steps"
                report.state_hash = state_hash(state)
                break
            submissions = {}
            for prompt in prompts:
                if stats:  # each prompt is one turn email to its seat (docs/architecture.md, TURN)
                    report.prompts[prompt.role] += 1
                    report.prompt_kinds[prompt.kind] += 1
                if ruleset.validate(state, prompt.role, prompt.default_orders):
                    raise AssertionError(f"the default orders of prompt {prompt.key} are refused")
                orders = choose(ruleset, state, prompt, rng)
                if check_text:
                    parsed, problems = ruleset.parse_orders(ruleset.format_orders(orders), state, prompt.role)
                    if problems or _normal(parsed) != _normal(orders):
                        raise AssertionError(f"text round trip changed {orders} into {parsed} ({problems})")
                if ruleset.validate(state, prompt.role, orders):
                    report.refused_orders += 1
                    orders = prompt.default_orders
                submissions[prompt.role] = orders
            if check_replay:
                log.append(copy.deepcopy(submissions))
            state, events = ruleset.resolve(state, submissions, HmacDice(key, step))
            if check_json and json.loads(json.dumps(state)) != state:
                report.problem, report.detail = "non_json_state", f"step {step}"
                report.state_hash = state_hash(state)
                break
            report.events += len(events)
            report.battles += sum(1 for e in events if e.type == "battle")
            if stats:
                _count(ruleset, events, report)
        report.steps = step
        if first_year is not None:
            report.years = state["year"] - first_year + 1
        report.final_hash = state_hash(state)
        report.final_state = state
        if stats and report.outcome is not None:
            report.measures = dict(ruleset.measures(state))
        if check_replay and report.problem is None:
            try:
                replayed = replay_log(ruleset, opening, log, key)
            except RulesError as refused:  # the log no longer fits the replayed position
                replayed = f"refused ({refused})"
            if replayed != report.final_hash:
                report.problem = "replay_differs"
                report.detail = f"replaying {len(log)} steps gave {replayed}, not {report.final_hash}"
    except Exception:  # noqa: BLE001 - a fuzzer reports every crash
        report.problem = "crash"
        report.detail = traceback.format_exc()
        report.state_hash = state_hash(state) if state is not None else ""
    report.seconds = time.perf_counter() - start
    return report


def _count(ruleset, events, report: GameReport) -> None:
    for event in events:
        report.counts.update(ruleset.tally(event))
        if event.type == "vp" and event.data.get("points"):
            reason, side = event.data.get("reason", "?"), event.data.get("side", "?")
            report.vp.setdefault(reason, Counter())[side] += event.data["points"]


def replay_log(ruleset, opening: dict, log: list[dict], key: bytes) -> str:
    """The state hash reached by resolving every logged step again from the opening
    position, with the same dice (step n rolls with ``HmacDice(key, n)``)."""
    state = copy.deepcopy(opening)
    for number, submissions in enumerate(log, start=1):
        state, _events = ruleset.resolve(state, submissions, HmacDice(key, number))
    return state_hash(state)


def _normal(orders: dict) -> dict:
    """Order sets compared without empty lists (the text has no way to say 'no moves'), and
    discarded counters by type (two copies of a counter are the same counter: the text names
    the type, ``discard usurpation-occident``)."""
    out = {k: v for k, v in orders.items() if v not in ([], {}, None)}
    if isinstance(out.get("discard"), list):
        out["discard"] = sorted(str(c).split("#")[0] for c in out["discard"])
    return out


def random_orders(ruleset, state: dict, prompt, rng: random.Random) -> dict:
    own = ruleset.policies().get("random")  # a ruleset may bring its own random legal player
    if own is not None and own is not random_orders:
        return own(ruleset, state, prompt, rng)
    kind, opts = prompt.kind, prompt.options
    if kind == "smc":
        return _random_smc(ruleset, state, prompt, rng)
    if kind == "evasion":
        if rng.random() < 0.5:
            return {"evade": False}
        dests = list(opts.get("destinations", []))
        rng.shuffle(dests)
        return {"evade": True, "to": dests[: rng.randint(1, len(dests))]}
    if kind == "retreat":
        dests = list(opts.get("destinations", []))
        rng.shuffle(dests)
        return {"retreat": dests or list(prompt.default_orders.get("retreat", []))}
    if kind == "losses":
        units = list(opts.get("units", []))
        return {"losses": rng.sample(units, opts.get("count", 0))}
    if kind == "escape":
        return {"escape": rng.choice(opts["destinations"])}
    if kind == "battle_order":  # Imperator 2.E.2: some battles first, in a random order
        zones = list(opts.get("zones", []))
        rng.shuffle(zones)
        return {"battle_order": zones[: rng.randint(1, len(zones))]}
    if kind == "nominations":
        orders = {"nominate": []}
        for nom in rng.sample(opts.get("candidates", []), min(2, len(opts.get("candidates", [])))):
            trial = {"nominate": orders["nominate"] + [nom]}
            if rng.random() < 0.5 and not ruleset.validate(state, prompt.role, trial):
                orders = trial
        return orders
    if kind == "veto":
        return {"veto": rng.random() < 0.5}
    if kind == "patrices":  # UR 3.5.1: name some of the candidates, one per half at most
        orders = {"patrice": []}
        for pid in opts.get("candidates", []):
            trial = {"patrice": orders["patrice"] + [pid]}
            if rng.random() < 0.5 and not ruleset.validate(state, prompt.role, trial):
                orders = trial
        return orders
    if kind == "deploy":  # Semper Victor 3.3.2: limitanei placed at set-up
        return {"place": {u: rng.choice(z) for u, z in sorted((opts.get("place") or {}).items()) if rng.random() < 0.5}}
    if kind == "review":
        orders = dict(prompt.default_orders)
        if "sacrifice" in opts:
            orders["sacrifice"] = rng.sample(opts["sacrifice"]["among"], opts["sacrifice"]["count"])
        if "discard" in opts:
            orders["discard"] = rng.sample(opts["discard"]["among"], opts["discard"]["count"])
        if "protectores" in opts:
            orders["protectores"] = rng.choice(opts["protectores"]["among"])
        if opts.get("place") and rng.random() < 0.5:
            orders["place"] = {p: rng.choice(z) for p, z in sorted(opts["place"].items())}
        return orders
    if kind == "stratagem":
        plays = list(opts.get("plays", []))
        return {"play": [rng.choice(plays)]} if plays and rng.random() < 0.5 else {"play": []}
    if kind in ("initiative", "geostrategy"):
        orders = {"play": []}
        for play in opts.get("plays", []):
            trial = dict(orders, play=orders["play"] + [play])
            if rng.random() < 0.5 and not ruleset.validate(state, prompt.role, trial):
                orders = trial
        if opts.get("constantinople") and rng.random() < 0.5:
            orders["constantinople"] = True
        if opts.get("place"):
            orders["place"] = {l: rng.choice(z) for l, z in sorted(opts["place"].items())}
        return orders
    return dict(prompt.default_orders)


def _random_smc(ruleset, state: dict, prompt, rng: random.Random) -> dict:
    opts = prompt.options
    orders: dict = {"moves": [], "naval": []}
    if rng.random() < 0.3:
        zones = sorted({z for stack in opts.get("stacks", []) for z in stack["reach"]})
        orders["reactions"] = _random_reactions(rng, state, zones, _battle_stratagems(ruleset))
    plays = list(opts.get("plays", []))
    if plays and rng.random() < 0.3:
        trial = dict(orders, play=[rng.choice(plays)])
        if not ruleset.validate(state, prompt.role, trial):
            orders = trial
    draft = ruleset.draft(state, prompt.role, orders)  # each order checked once, against the ones kept
    for fleet in opts.get("fleets", []):
        if rng.random() < 0.3:
            order = {"fleet": fleet["fleet"]}
            if fleet["embark"] and rng.random() < 0.7:
                order["embark"] = rng.sample(fleet["embark"], min(len(fleet["embark"]), rng.randint(1, 3)))
            if fleet["to"] and rng.random() < 0.8:
                order["to"] = rng.choice(fleet["to"])
            coasts = fleet["land"].get(order.get("to", fleet["at"]), [])
            if coasts and (order.get("embark") or fleet["cargo"]) and rng.random() < 0.6:
                order["land"] = rng.choice(coasts)
            draft.add("naval", order)
    stacks = list(opts.get("stacks", []))
    rng.shuffle(stacks)
    used: set[str] = set()
    budget = rng.randint(0, max(1, len(stacks) // 3))
    for stack in stacks:
        if budget <= 0:
            break
        pieces = set(stack["leaders"]) | set(stack["units"])
        if pieces & used:
            continue
        zone = rng.choice(sorted(stack["reach"]))
        path = stack["reach"][zone]["path"]
        move = {"leaders": list(stack["leaders"]), "units": list(stack["units"]), "path": list(path)}
        if stack["leaders"] and stack["units"] and len(path) > 2 and len(stack["units"]) > 1 and rng.random() < 0.2:
            move["drop"] = {stack["units"][-1]: path[1]}
        if not draft.add("moves", move):
            used |= pieces
            budget -= 1
    return draft.orders


def _battle_stratagems(ruleset) -> list[str]:
    """The counters a standing reaction may hold for a battle: the title's battle triggers
    (an Imperator title), else Semper Victor's list."""
    triggers = getattr(getattr(ruleset, "title", None), "battle_triggers", None)
    return list(triggers) if triggers else _BATTLE_STRATAGEMS


def _random_reactions(rng: random.Random, state: dict, zones: list[str], battle_stratagems=None) -> dict:
    """A random standing-reaction sheet, so that the engine's reaction paths are played."""
    reactions: dict = {}
    if rng.random() < 0.5:
        reactions["evade"] = {"*": rng.choice(["always", "never"])}
    if zones and rng.random() < 0.3:
        reactions["evade_to"] = {"*": rng.sample(zones, min(3, len(zones)))}
    if zones and rng.random() < 0.4:
        reactions["retreat"] = {"*": rng.sample(zones, min(4, len(zones)))}
    if zones and rng.random() < 0.4:
        reactions["escape"] = {"*": rng.sample(zones, min(4, len(zones)))}
    if rng.random() < 0.5:
        reactions["losses"] = "auto"
    if rng.random() < 0.1:
        reactions["ask"] = rng.choice(["battles", "never"])
    if rng.random() < 0.5:  # battle stratagems, standing (whether held or not: unheld ones never fire)
        pool = battle_stratagems or _BATTLE_STRATAGEMS
        reactions["stratagems"] = [{"stratagem": t} for t in rng.sample(pool, rng.randint(1, min(3, len(pool))))]
    return reactions


_BATTLE_STRATAGEMS = ["fuite-opportune", "roma-victor", "furor-germanicus", "in-hoc-signo-vinces", "sol-invictus",
                      "fleche-du-parthe"]


def run_many(slug: str, games: int, seed: int, *, progress=None, keep_states: bool = True,
             minutes: float | None = None, jobs: int = 1, seeds=None, **kwargs) -> list[GameReport]:
    """Play ``games`` games from ``seed`` on; with ``minutes``, start no new game once that
    long has passed (the game under way ends; at least one is played), so that a run on a
    busy machine stops in time with the games it finished. ``jobs`` > 1 plays them in that
    many processes; the reports come back in seed order either way (each game depends on
    its seed alone), so the statistics are the same as one process's. ``seeds``: play these
    seeds instead of ``games`` from ``seed`` (a run that goes on where one stopped)."""
    seeds = list(range(seed, seed + games) if seeds is None else seeds)
    if jobs > 1 and len(seeds) > 1:
        return _run_parallel(slug, seeds, progress, keep_states, minutes, jobs, kwargs)
    reports = []
    started = time.monotonic()
    for i, game in enumerate(seeds):
        if minutes is not None and reports and time.monotonic() - started >= minutes * 60:
            break
        reports.append(play_game(slug, game, **kwargs))
        if not keep_states:
            reports[-1].final_state = None
        if progress:
            progress(i + 1, len(seeds), reports[-1])
    return reports


def _run_parallel(slug, seeds, progress, keep_states, minutes, jobs, kwargs) -> list[GameReport]:
    """``seeds`` shared between ``jobs`` forked children (the k-th seed to child k mod ``jobs``),
    each writing its pickled reports to a pipe as it finishes them.

    Plain ``os.fork``, not ``multiprocessing``: a forked child inherits the arguments (a
    ``choose`` may be a closure, which would not pickle), and no library's after-fork hook
    runs in it (kombu's closes its inherited broker connections, which blocks on the
    parent's socket inside a Django process that has used Celery). A child leaves by
    ``os._exit``, so no exit handler of the parent's runs twice."""
    import os
    import pickle
    import selectors
    import struct

    started = time.monotonic()
    shares = [seeds[k::jobs] for k in range(jobs) if seeds[k::jobs]]
    children = {}
    for share in shares:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child
            code = 0
            try:
                os.close(read)
                with os.fdopen(write, "wb") as out:
                    for n, seed in enumerate(share):
                        if minutes is not None and (seed != seeds[0] or n) and \
                                time.monotonic() - started >= minutes * 60:
                            break  # past the time limit: not started
                        report = play_game(slug, seed, **kwargs)
                        if not keep_states:
                            report.final_state = None
                        data = pickle.dumps(report)
                        out.write(struct.pack("!Q", len(data)) + data)
                        out.flush()
            except BaseException:  # noqa: BLE001 - told to the parent by the exit code
                traceback.print_exc()
                code = 1
            finally:
                os._exit(code)
        os.close(write)
        children[read] = (pid, bytearray())
    reports = []
    with selectors.DefaultSelector() as selector:
        for fd in children:
            selector.register(fd, selectors.EVENT_READ)
        open_fds = set(children)
        while open_fds:
            for key, _ in selector.select():
                fd = key.fd
                chunk = os.read(fd, 1 << 16)
                buffer = children[fd][1]
                if not chunk:
                    selector.unregister(fd)
                    os.close(fd)
                    open_fds.discard(fd)
                    continue
                buffer += chunk
                while len(buffer) >= 8:
                    size = struct.unpack("!Q", buffer[:8])[0]
                    if len(buffer) < 8 + size:
                        break
                    report = pickle.loads(bytes(buffer[8:8 + size]))
                    del buffer[:8 + size]
                    reports.append(report)
                    if progress:
                        progress(len(reports), len(seeds), report)
    failed = [pid for pid, _ in children.values() if os.waitpid(pid, 0)[1] != 0]
    if failed:
        raise RuntimeError(f"self-play: {len(failed)} of {len(children)} processes failed (their traceback is above)")
    return sorted(reports, key=lambda r: r.seed)


#: The fields of a game's report kept in a reports file (``selfplay --reports``): all but
#: the final state.
_SAVED = ("seed", "steps", "years", "outcome", "problem", "detail", "state_hash", "refused_orders", "seconds",
          "final_hash", "events", "battles", "counts", "vp", "measures", "roles", "prompts", "prompt_kinds")


def report_json(report: GameReport) -> dict:
    """One game's report as JSON (a line of a reports file), without its final state."""
    return {k: (dict(v) if isinstance(v, Counter) else v) for k in _SAVED for v in [getattr(report, k)]}


def report_from_json(data: dict) -> GameReport:
    report = GameReport(seed=int(data["seed"]))
    for k in _SAVED:
        if k in data and k != "seed":
            value = data[k]
            setattr(report, k, Counter(value) if k in ("counts", "prompts", "prompt_kinds") else value)
    return report


def progress_bar(stream=sys.stderr):
    def show(done: int, total: int, report: GameReport) -> None:
        width = 30
        filled = int(width * done / total)
        mark = "." if report.ok else "!"
        stream.write(f"\r[{'#' * filled}{' ' * (width - filled)}] {done}/{total} {mark}")
        if done == total:
            stream.write("\n")
        stream.flush()
    return show


def summary(reports: list[GameReport]) -> str:
    lines = []
    for r in reports:
        status = "ok" if r.ok else r.problem.upper()
        outcome = ""
        if r.outcome:
            outcome = f"{r.outcome['winner'] or 'draw'} {r.outcome['level']} {r.outcome['scores']}"
        lines.append(f"game seed={r.seed}: {status} steps={r.steps} years={r.years} battles={r.battles} "
                     f"refused={r.refused_orders} {r.seconds:.1f}s {outcome}")
        if not r.ok:
            lines.append(f"  state {r.state_hash}\n  {r.detail}")
    bad = sum(1 for r in reports if not r.ok)
    lines.append(f"{len(reports) - bad} games ok, {bad} with problems")
    return "\n".join(lines)


# -- statistics (``manage.py selfplay --stats``) ------------------------------------------------
def statistics(slug: str, reports: list[GameReport], *, scenario: str | None = None, policy: str = "random",
               options: dict | None = None, seed: int | None = None) -> dict:
    """What a scenario's games show, as JSON: how the games ended (winner by starting seat,
    victory levels, reasons), how often each rule of the ruleset's coverage table fired
    (games where it fired at least once, and times in all), the victory points by source and
    side, the ruleset's measures averaged, and ``warnings``: every coverage key that never
    fired, with the ruleset's written reason when it has one (``rare``)."""
    ruleset = get_ruleset(slug)
    finished = [r for r in reports if r.ok and r.outcome]
    n = len(finished) or 1
    winners: Counter = Counter()
    levels: Counter = Counter()
    reasons: Counter = Counter()
    for r in finished:
        winners[r.outcome.get("winner") or "none"] += 1
        levels[f"{r.outcome.get('winner') or 'none'} {r.outcome.get('level')}"] += 1
        reason = (r.outcome.get("detail") or {}).get("reason")
        if reason:
            reasons[str(reason)] += 1
    counts: Counter = Counter()
    games_with: Counter = Counter()
    for r in finished:
        counts.update(r.counts)
        games_with.update(set(r.counts))
    vp: dict = {}
    for r in finished:
        for reason, by_side in r.vp.items():
            for side, points in by_side.items():
                vp.setdefault(reason, Counter())[side] += points
    measures: dict = {}
    for r in finished:
        for k, v in r.measures.items():
            measures.setdefault(k, []).append(v)
    table = ruleset.coverage()
    known = {row["key"] for row in table}
    coverage = []
    for row in table:
        coverage.append({**row, "games": games_with.get(row["key"], 0), "count": counts.get(row["key"], 0)})
    for key in sorted(set(counts) - known):  # a key the table does not list yet
        coverage.append({"key": key, "section": "", "label": key, "games": games_with[key], "count": counts[key]})
    warnings = [{"key": row["key"], "section": row.get("section", ""), "label": row.get("label", row["key"]),
                 "reason": row.get("rare")} for row in coverage if not row["count"]]
    prompts = _prompt_figures(ruleset, finished)
    return {
        "ruleset": slug, "scenario": scenario, "policy": policy, "options": options or {}, "seed": seed,
        "games": len(reports), "finished": len(finished),
        "problems": dict(Counter(r.problem for r in reports if not r.ok)),
        "winners": {k: {"games": v, "share": round(v / n, 4)} for k, v in sorted(winners.items())},
        "levels": dict(sorted(levels.items())), "end_reasons": dict(sorted(reasons.items())),
        "measures": {k: {"mean": round(sum(v) / len(v), 2), "min": min(v), "max": max(v)} for k, v in sorted(measures.items())},
        "vp": {k: {s: v[s] for s in sorted(v)} for k, v in sorted(vp.items())},
        "coverage": coverage,
        "warnings": warnings,
        **({"prompts": prompts} if prompts else {}),
    }


def _prompt_figures(ruleset, finished: list[GameReport]) -> dict:
    """How often the players are asked, over the finished games that counted their prompts:
    prompts per seat per turn (all seats together, each seat, each kind), the emails that
    makes (one turn email per prompt, as the platform sends them, plus the game-over email
    to every seat), and the prompts of kind ``battle`` (a battle's own decisions, where a
    ruleset has such a prompt) per battle. A turn is the
    ruleset's ``turns`` measure, else the game's years. Ratios of totals: a long game weighs
    more than a short one."""
    games = [r for r in finished if r.roles]
    if not games:
        return {}
    try:  # the kinds that belong to a battle: a ruleset's own ``battle`` prompt, if it has one
        battle_kinds = {"battle"} & set(ruleset.prompt_kinds())
    except NotImplementedError:
        battle_kinds = set()
    seat_turns = 0.0
    by_seat: Counter = Counter()
    turns_of_seat: Counter = Counter()
    by_kind: Counter = Counter()
    sent = battle_prompts = battles = finished_emails = 0
    worst = 0.0
    for r in games:
        turns = float(r.measures.get("turns") or r.years or 1)
        seat_turns += turns * len(r.roles)
        for role in r.roles:
            by_seat[role] += r.prompts.get(role, 0)
            turns_of_seat[role] += turns
            worst = max(worst, r.prompts.get(role, 0) / turns)
        by_kind.update(r.prompt_kinds)
        sent += sum(r.prompts.values())
        battle_prompts += sum(n for kind, n in r.prompt_kinds.items() if kind in battle_kinds)
        battles += r.battles
        finished_emails += len(r.roles)
    return {
        "games": len(games),
        "turn": "turns" if any("turns" in r.measures for r in games) else "years",
        "per_seat_per_turn": round(sent / seat_turns, 3),
        "emails_per_seat_per_turn": round((sent + finished_emails) / seat_turns, 3),
        "worst_seat_game_per_turn": round(worst, 3),
        "by_seat": {role: round(by_seat[role] / turns_of_seat[role], 3) for role in sorted(turns_of_seat)},
        "by_kind": {kind: round(n / seat_turns, 3) for kind, n in sorted(by_kind.items())},
        "battle_kinds": sorted(battle_kinds),
        "battles_per_game": round(battles / len(games), 2),
        "battle_prompts_per_battle": round(battle_prompts / battles, 3) if battles and battle_kinds else None,
    }


def refresh_reasons(ruleset, stats: dict) -> dict:
    """A saved report with the reasons (``rare``) of its never-fired rules read again from
    the ruleset's coverage table, and every label and section with them (the counts are the
    report's own)."""
    table = {row["key"]: row for row in ruleset.coverage()}
    out = dict(stats)
    out["coverage"] = [{**row, **{k: table[row["key"]][k] for k in ("section", "label", "rare") if k in table.get(row["key"], {})}}
                       for row in stats["coverage"]]
    out["warnings"] = [{"key": w["key"], "section": table.get(w["key"], {}).get("section", w.get("section", "")),
                        "label": table.get(w["key"], {}).get("label", w.get("label", w["key"])),
                        "reason": table.get(w["key"], {}).get("rare")} for w in stats["warnings"]]
    return out


def stats_markdown(stats: dict) -> str:
    """The report of :func:`statistics` as Markdown tables (what a README keeps)."""
    n = stats["finished"] or 1
    out = [f"**{stats['ruleset']} {stats['scenario'] or ''}**, {stats['games']} games "
           f"(seeds {stats['seed']}-{(stats['seed'] or 0) + stats['games'] - 1}, policy `{stats['policy']}`"
           + (f", options `{json.dumps(stats['options'], sort_keys=True)}`" if stats["options"] else "") + "); "
           + (f"problems: {stats['problems']}" if stats["problems"] else "no crash, dead end or endless loop") + ".", ""]
    out += ["| winner (seat) | games | share |", "|---|---:|---:|"]
    out += [f"| {k} | {v['games']} | {100 * v['share']:.1f} % |" for k, v in stats["winners"].items()]
    out += ["", "| winner and level | games |", "|---|---:|"]
    out += [f"| {k} | {v} |" for k, v in stats["levels"].items()]
    if stats["end_reasons"]:
        out += ["", "| how the game ended | games |", "|---|---:|"]
        out += [f"| {k} | {v} |" for k, v in stats["end_reasons"].items()]
    if stats["measures"]:
        out += ["", "| measure | mean | min | max |", "|---|---:|---:|---:|"]
        out += [f"| {k} | {v['mean']} | {v['min']} | {v['max']} |" for k, v in stats["measures"].items()]
    if stats.get("prompts"):
        pr = stats["prompts"]
        unit = pr["turn"][:-1]
        out += ["", f"| prompts (what the players are asked, {pr['games']} games) | per seat per {unit} |", "|---|---:|",
                f"| all seats | {pr['per_seat_per_turn']:.2f} |"]
        out += [f"| seat {role} | {v:.2f} |" for role, v in pr["by_seat"].items()]
        out += [f"| kind `{kind}` | {v:.2f} |" for kind, v in pr["by_kind"].items()]
        out += [f"| emails: one turn email a prompt, and the game-over email | {pr['emails_per_seat_per_turn']:.2f} |",
                f"| the most asked seat of any game | {pr['worst_seat_game_per_turn']:.2f} |"]
        if pr["battle_prompts_per_battle"] is not None:
            out += ["", f"Battles: {pr['battles_per_game']} a game; prompts of kind "
                    + ", ".join(f"`{k}`" for k in pr["battle_kinds"])
                    + f" per battle: {pr['battle_prompts_per_battle']:.3f}."]
    if stats["vp"]:
        sides = sorted({s for v in stats["vp"].values() for s in v})
        out += ["", "| victory points by source (mean a game) | " + " | ".join(sides) + " |",
                "|---|" + "---:|" * len(sides)]
        out += [f"| {k} | " + " | ".join(f"{v.get(s, 0) / n:.1f}" for s in sides) + " |" for k, v in stats["vp"].items()]
    out += ["", "| section | rule | games | times |", "|---|---|---:|---:|"]
    for row in stats["coverage"]:
        games = f"{100 * row['games'] / n:.1f} %" if row["count"] else "**never**"
        out.append(f"| {row.get('section', '')} | {row.get('label', row['key'])} | {games} | {row['count']} |")
    if stats["warnings"]:
        out += ["", "Never fired:", ""]
        for w in stats["warnings"]:
            out.append(f"* {w['section']} {w['label']}: " + (w["reason"] or "**WARNING: no reason given**"))
    return "\n".join(out)


def replace_block(text: str, name: str, body: str) -> str:
    """``text`` with the lines between ``<!-- stats:NAME -->`` and ``<!-- /stats:NAME -->``
    replaced by ``body`` (the markers are appended when absent)."""
    start, end = f"<!-- stats:{name} -->", f"<!-- /stats:{name} -->"
    block = f"{start}\n{body.rstrip()}\n{end}"
    if start in text and end in text:
        head, rest = text.split(start, 1)
        return head + block + rest.split(end, 1)[1]
    return text.rstrip("\n") + "\n\n" + block + "\n"
