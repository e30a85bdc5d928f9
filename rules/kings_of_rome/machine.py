"""The turn as a queue of tasks (``st["agenda"]``) that runs until a decision is needed.

A task is a small dict (``{"do": "battle", ...}``); its handler either finishes it (and may
put other tasks in front of the queue) or opens a decision (``st["pending"]``: who, what)
and puts itself back with what it needs to resume. ``resolve`` hands the submissions to
the pending task and runs the queue again, so every stop is a point where the state is
complete JSON and a prompt can go out.

The turn (§4.1): preparation, draws, offices, the political orders, the leaders rejoin
their troops, the Roman actions, the war expeditions, the end of the turn.
"""

from __future__ import annotations

from rules.base import RulesError
from rules.kings_of_rome import actions as act
from rules.kings_of_rome import cup, policies as pol
from rules.kings_of_rome.battle import fight, plan_for
from rules.kings_of_rome.data import CURIAE
from rules.kings_of_rome.draws import draw_phase
from rules.kings_of_rome.endturn import end_turn
from rules.kings_of_rome.forces import rejoin
from rules.kings_of_rome.offices import end_office, end_royal_appointees, start_turn_offices
from rules.kings_of_rome.politics import (
    apply_political, cycle_election_due, king_election_due, reveal_secret_general, run_elections,
)
from rules.kings_of_rome.roles import king_seat, senate_seat
from rules.kings_of_rome.state import (
    MAGISTRI, NONROMAN, ROMAN, GameOver, Table, king_key, leading_office, roles,
)
from rules.kings_of_rome.honours import triumph_claims
from rules.kings_of_rome.outcome import final_scores
from rules.kings_of_rome.trials import release_captives, should_try, triumph, triumph_votes, ignominia
from rules.kings_of_rome.orders import political_default, default_orders, validate
from rules.kings_of_rome.naval import fleet_allowance, ships_of, fleet_action, naval_battle
from rules.kings_of_rome.wars import (
    do_nr_action, after_battle, actions_of, expedition_forces, auto_action, compulsory, picene_forces,
)
from rules.kings_of_rome.politics import king_killed
from rules.kings_of_rome.state import nonroman_inside, nonroman_outside
from rules.kings_of_rome.roles import force_controller, nonroman_controller, pontifex_seat


def run(t: Table) -> None:
    st = t.st
    guard = 0
    while st["pending"] is None and st["result"] is None:
        guard += 1
        if guard > 20000:
            raise RulesError("the turn does not end (task loop)")
        if not st["agenda"]:
            if st.get("stop_when_idle"):
                return  # an adjudicator position (position.py) stops when its tasks are done
            raise RulesError("no task left and no decision pending")
        task = st["agenda"].pop(0)
        try:
            HANDLERS[task["do"]](t, task)
        except GameOver as over:
            finish(t, over.reason)


def push(t: Table, *tasks: dict) -> None:
    t.st["agenda"][0:0] = list(tasks)


def ask(t: Table, kind: str, roles_: list[str], task: dict, context: dict | None = None) -> None:
    """Open a decision for these seats at once; ``task`` resumes with their answers."""
    st = t.st
    st["serial_prompt"] = st.get("serial_prompt", 0) + 1
    st["pending"] = {"kind": kind, "roles": sorted(set(roles_), key=lambda r: roles(st).index(r)),
                     "key": f"{st['turn']}/{kind}/{st['serial_prompt']}", "context": context or {}}
    push(t, task)


def finish(t: Table, reason: str) -> None:
    st = t.st
    if t.opts["captivi"] == "end-of-game" or reason == "cup-empty":
        release_captives(t)
    st["result"] = {"reason": reason, "turn": st["turn"], **final_scores(st)}
    st["phase"] = "over"
    st["pending"] = None
    st["agenda"] = []
    t.emit("game_over", reason=reason, winner=st["result"]["winner"], ip=dict(st["ip"]))


# -- the turn ------------------------------------------------------------------------------------


def h_turn_start(t: Table, task: dict) -> None:
    st = t.st
    st["phase"] = "preparation"
    st["turn_state"] = {}
    if st["turn"] > 1:
        changes = cup.add_turn_chits(t, st["turn"])
        if changes["added"] or changes["removed"]:
            t.emit("cup_prepared", turn=st["turn"], added=len(changes["added"]), removed=changes["removed"])
    t.emit("turn", turn=st["turn"], year=t.T["game"]["first_year_bc"] - t.T["game"]["years_per_turn"] * (st["turn"] - 1))
    push(t, {"do": "draws"}, {"do": "offices"}, {"do": "political"}, {"do": "rejoin"}, {"do": "actions"},
         {"do": "expeditions"}, {"do": "end_turn"})


def h_draws(t: Table, task: dict) -> None:
    t.st["phase"] = "draws"
    draw_phase(t)


def h_offices(t: Table, task: dict) -> None:
    st = t.st
    st["phase"] = "offices"
    expiring: set[str] = set()
    king_due = king_election_due(st)
    cycle_due = cycle_election_due(st)
    if king_due:
        if st["offices"].get("rex"):
            expiring.add("rex")
        if st["offices"].get("interrex"):
            expiring.add("interrex")
        expiring.update(k for k in st["offices"] if k in MAGISTRI or k.startswith("gen-"))
    if cycle_due:
        expiring.update(k for k in ("pontifex", "senate") if k in st["offices"])
    if st["turn"] == 1:
        start_turn_offices(st, set())
        reveal_secret_general(t)
        return
    if not (king_due or cycle_due):
        start_turn_offices(st, set())
        return
    # the reigns end: the King, his Magistri and Generals, the Pontifex and the Senate head
    if "rex" in expiring:
        st["last_king_curia"] = st["offices"]["rex"]["curia"]
        end_office(t, "rex", "reign-ends")
    if "interrex" in expiring:
        end_office(t, "interrex", "king-to-be-elected")
    if king_due:
        end_royal_appointees(t, "new-king")
    for key in ("pontifex", "senate"):
        if key in expiring:
            end_office(t, key, "term-ends")
    start_turn_offices(st, set())
    ask(t, "candidates", roles(st), {"do": "elections"})


def h_elections(t: Table, task: dict) -> None:
    run_elections(t, task.get("answers") or {})


def political_seats(t: Table) -> list[str]:
    st = t.st
    seats = []
    ks, ss = king_seat(st), senate_seat(st)
    activated = st["turn_state"].get("activated", [])
    # a drawn Magister Equitum with no Magister Populi in office or drawn gives the King no
    # choice: his chit goes back to the cup (L874-879, A-23)
    magistri = [k for k in activated if k in MAGISTRI and (k != "me" or "mp" in st["offices"] or "mp" in activated)]
    if ks and (pol.get(st, ks, "political") == "ask" or magistri):
        seats.append(ks)
    if ss and (pol.get(st, ss, "political") == "ask" or any(k not in MAGISTRI for k in activated)):
        seats.append(ss)
    return seats


def h_political(t: Table, task: dict) -> None:
    st = t.st
    st["phase"] = "political"
    if "answers" not in task:
        seats = political_seats(t)
        if seats:
            ask(t, "political", seats, dict(task, answers=None))
            return
        task["answers"] = {}

    answers = task.get("answers") or {}
    filled = {}
    for role in sorted({r for r in (king_seat(st), senate_seat(st)) if r}):
        filled[role] = answers.get(role) if answers.get(role) is not None else political_default(st, role)
    apply_political(t, filled)


def h_rejoin(t: Table, task: dict) -> None:
    moves = rejoin(t)
    if moves:
        t.emit("rejoin", moves=moves)


def h_actions(t: Table, task: dict) -> None:
    st = t.st
    st["phase"] = "actions"
    ts = st["turn_state"]
    if ts.get("no_actions"):
        t.emit("no_actions")
        return
    if "answers" not in task:
        allowances = {}
        for fid in act.roman_armies(t):
            allowances[fid] = act.allowance(t, fid)
        ts["allowance"] = allowances

        ts["fleet_allowance"] = {sid: fleet_allowance(t, sid) for sid in ships_of(t, ROMAN)}
        seats = {force_controller(t, fid) for fid, n in allowances.items() if n > 0}
        if ts["fleet_allowance"] and king_seat(st):
            seats.add(king_seat(st))
        seats = sorted(seats - {None}, key=lambda r: roles(st).index(r))
        if not seats:
            return
        ask(t, "actions", seats, dict(task, answers=None))
        return
    answers = task.get("answers") or {}
    plans = {}
    for fid, n in sorted(ts.get("allowance", {}).items()):
        if fid not in st["forces"] or n <= 0:
            continue
        role = force_controller(t, fid)
        plans[fid] = list(((answers.get(role) or {}).get("armies") or {}).get(fid) or [])
    exits, refused = act.allowed_exits(t, plans)
    ts["exits"] = sorted(exits)
    ts["exit_refused"] = refused
    for fid, why in sorted(refused.items()):
        t.emit("exit_refused", force=fid, reason=why)
    order = [f for f in act.roman_armies(t) if f in plans]
    # "by": the seat that wrote the plan, which only it sees until it is carried out (view.py)
    entries = [{"id": f"r{i}", "force": fid, "plan": plans[fid], "left": ts["allowance"][fid], "side": ROMAN,
                "by": force_controller(t, fid)} for i, fid in enumerate(order)]
    for role, orders in sorted(answers.items()):
        for sid, fleet_plan in sorted(((orders or {}).get("fleets") or {}).items()):
            entries.append({"id": f"s-{sid}", "fleet": sid, "plan": list(fleet_plan), "left": ts.get("fleet_allowance", {}).get(sid, 0),
                            "side": ROMAN, "by": role})
    push(t, {"do": "run", "entries": entries, "cursor": 0})


def h_run(t: Table, task: dict) -> None:
    """One action of the next army in turn (round robin, highest rank first)."""
    entries = task["entries"]
    for entry in entries:
        for spawned in entry.pop("spawned", []) or []:
            entries.append({"id": f"{entry['id']}d{len(entries)}", "force": spawned["force"], "plan": [],
                            "left": spawned["left"], "side": entry["side"], "by": entry.get("by")})
    live = [e for e in entries if e["plan"] and e["left"] > 0 and (e.get("fleet") or e["force"] in t.st["forces"])]
    # §9.5: the Picentes march once every army has taken its first action of the phase
    if "first_round" not in task:
        task["first_round"] = [e["id"] for e in live]
    waiting = {e["id"] for e in live} & set(task["first_round"])
    if not waiting and not task.get("picene_checked"):
        task["picene_checked"] = True
        if picene_forces(t):
            push(t, {"do": "picene"}, task)
            return
    if not live:
        return
    cursor = task.get("cursor", 0) % len(entries)
    for step in range(len(entries)):
        entry = entries[(cursor + step) % len(entries)]
        if entry in live:
            break
    task["cursor"] = (entries.index(entry) + 1) % len(entries)
    action = entry["plan"].pop(0)
    entry["left"] -= 1
    if entry["id"] in task["first_round"]:
        task["first_round"].remove(entry["id"])
    if entry["side"] == ROMAN:
        if entry.get("fleet"):
            follow = fleet_action(t, entry, action)
        else:
            follow = act.do_action(t, entry, action)
    else:
        follow = do_nr_action(t, entry, action)
    push(t, *follow, task)


def battle_askers(t: Table, task: dict) -> list[str]:
    """The seats a battle must ask for their plan: a side whose tactic (given or standing)
    says ask, and that a seat commands."""
    plans = task.get("plans") or {}
    out = []
    for side in ("attacker", "defender"):
        fid = task[side]
        plan = plan_for(t, fid, plans.get(side))
        role = force_controller(t, fid)
        if plan["tactic"] == "ask" and role is not None:
            out.append(role)
    return out


def h_battle(t: Table, task: dict) -> None:
    st = t.st
    a, d = task["attacker"], task["defender"]
    if a not in st["forces"] or d not in st["forces"]:
        return
    if st["forces"][a]["hex"] != st["forces"][d]["hex"]:
        st["forces"][a]["hex"] = task["hex"]
    plans = task.get("plans") or {}
    if "answers" not in task:
        ask_roles = battle_askers(t, task)
        if ask_roles:
            ask(t, "battle", ask_roles, dict(task, answers=None), context={"attacker": a, "defender": d, "hex": task["hex"]})
            return
    answers = task.get("answers") or {}
    for side, fid in (("attacker", a), ("defender", d)):
        role = force_controller(t, fid)
        given = answers.get(role) if role else None
        if given:
            merged = dict(plans.get(side) or {})
            merged.update({k: v for k, v in given.items() if k != "policy"})
            if merged.get("tactic") == "ask":
                merged.pop("tactic")
            plans[side] = merged
        elif (plans.get(side) or {}).get("tactic") == "ask":
            plans[side] = dict(plans[side], tactic="auto")
    for side, fid in (("attacker", a), ("defender", d)):
        # nobody answered for a side whose marker was to be asked: the engine places it
        if plan_for(t, fid, plans.get(side))["tactic"] == "ask":
            plans[side] = dict(plans.get(side) or {}, tactic="auto")
    context = task.get("context") or {}
    king_in = {f: any(k in ("rex", "interrex") for k in st["forces"][f]["offices"]) for f in (a, d)}
    porsenna = any(st["forces"][f].get("leader") == "porsenna" for f in (a, d))
    roman = a if st["forces"][a]["side"] == ROMAN else d
    nonroman = d if roman == a else a
    beaten_tribunes = [k for k in st["forces"][roman]["offices"] if k in ("tp1", "tp2", "tc")]
    result = fight(t, a, d, task["hex"], plans, context)
    after_battle(t, nonroman, result)
    follow: list[dict] = []
    if porsenna and king_in[roman] and king_key(st):
        king_killed(t, king_key(st))  # L2004-2012: whatever the result
    if result.get("withdrew"):
        # the action turns into a siege at once (L1276-1280)
        if roman == a and roman in st["forces"]:
            entry = {"id": context.get("entry", "x"), "force": roman, "plan": [], "left": 1, "side": ROMAN}
            follow += act.siege(t, entry, result["siege"], {"act": "siege", "city": result["siege"]})
        push(t, *follow)
        return
    if result["winner"] == "roman" and roman in st["forces"]:
        role = force_controller(t, roman)
        if result.get("token"):
            follow += triumph_claims(t, roman, "battle")
        if roman in st["forces"] and st["forces"][roman]["hex"] != "rome":
            choice = pol.get(st, role, "after_victory")
            cid = t.d.city_at.get(task["hex"])
            # a victor whose leader fell has no office to lead a siege (its units wait for one)
            if choice == "siege" and cid and not st["cities"][cid]["roman"] and st["cities"][cid]["active"] \
                    and st["forces"][roman]["offices"]:
                if nonroman_inside(st, task["hex"]) or st["cities"][cid]["garrison"] > 0:
                    entry = {"id": context.get("entry", "x"), "force": roman, "plan": [], "left": 1, "side": ROMAN}
                    if any(st["forces"][f].get("leader") for f in nonroman_inside(st, task["hex"])):
                        follow += act.siege(t, entry, cid, {"act": "siege", "city": cid, "no_sortie": True})
                    else:
                        follow += act.intimidate(t, entry, cid)
            elif choice == "advance" and st["forces"][roman]["offices"]:
                follow += _advance(t, roman, nonroman, task, context)
        if context.get("then_siege") and roman in st["forces"]:
            entry = {"id": context.get("entry", "x"), "force": roman, "plan": [], "left": 1, "side": ROMAN}
            follow += act.siege(t, entry, context["then_siege"], {"act": "siege", "city": context["then_siege"], "no_sortie": True})
    elif result["winner"] == "nonroman":
        for key in beaten_tribunes:
            if should_try(t, key):
                follow.append({"do": "trial", "office": key, "lost": "battle"})
    push(t, *follow)


def _advance(t: Table, roman: str, routed: str, task: dict, context: dict) -> list[dict]:
    """§6.5.11a (L1679-1683): the victors, with their leader, follow the beaten enemy into the
    field hex it routed to - a continuation of the action, not a new one. The routed units
    cannot be attacked (L1676-1678); another enemy army standing there is given battle."""
    st = t.st
    if routed not in st["forces"]:
        return []
    gone = st["forces"][routed]
    dest = gone["hex"]
    if gone.get("inside") or dest == task["hex"] or dest not in t.d.map.neighbours(task["hex"]) or not t.d.map.is_land(dest):
        return []
    force = st["forces"][roman]
    force["origin"] = task["hex"]
    force["hex"] = dest
    t.emit("advance", force=roman, hex=dest, office=leading_office(t, roman))
    others = [f for f in nonroman_outside(st, dest) if f != routed and (st["forces"][f]["units"] or st["forces"][f].get("leader"))]
    if not others or act.may_strike(t, roman, st["forces"][others[0]].get("people"), hex_=dest):
        return []
    return [{"do": "battle", "attacker": roman, "defender": others[0], "hex": dest, "plans": {},
             "context": {"origin": task["hex"], "entry": context.get("entry", "x")}}]


def h_triumph(t: Table, task: dict) -> None:
    st = t.st
    key = task["office"]
    if key not in st["offices"]:
        return
    votes, asking = triumph_votes(t, key)
    if "answers" not in task and asking:
        ask(t, "triumph_vote", asking, dict(task, answers=None, votes=votes), context={"office": key, "how": task["how"]})
        return
    votes = dict(task.get("votes") or votes)
    for role, orders in sorted((task.get("answers") or {}).items()):
        accept = bool((orders or {}).get("accept", True))

        if role == senate_seat(st) and "senate" not in votes:
            votes["senate"] = accept
        if role == pontifex_seat(st) and "pontifex" not in votes:
            votes["pontifex"] = accept
    votes.setdefault("senate", True)
    votes.setdefault("pontifex", True)
    triumph(t, key, task["how"], votes)


def h_trial(t: Table, task: dict) -> None:
    if task["office"] in t.st["offices"]:
        ignominia(t, task["office"], task["lost"])


def h_naval_battle(t: Table, task: dict) -> None:
    push(t, *naval_battle(t, task))


def h_expeditions(t: Table, task: dict) -> None:
    st = t.st
    st["phase"] = "expeditions"
    forces = expedition_forces(t)
    if not forces:
        return
    if "answers" not in task:
        seats = sorted({nonroman_controller(t, f) for f in forces} - {None}, key=lambda r: roles(st).index(r))
        seats = [r for r in seats if pol.get(st, r, "expeditions") == "ask"]
        if seats:
            ask(t, "expeditions", seats, dict(task, answers=None))
            return
    push(t, {"do": "exp_run", "entries": _expedition_entries(t, forces, task.get("answers") or {}), "cursor": 0})


def h_picene(t: Table, task: dict) -> None:
    """§9.5 (L1810-1812, A-54): the Picene force acts at the end of the first round of Roman
    actions, not in the expeditions phase: its seat gives its orders then (one expeditions
    prompt for it alone) unless its ``expeditions`` policy is ``auto``."""
    st = t.st
    ts = st["turn_state"]
    ts["picene_now"] = True
    forces = expedition_forces(t)
    if not forces:
        ts.pop("picene_now", None)
        ts["picene_done"] = True
        return
    if "answers" not in task:
        seats = sorted({nonroman_controller(t, f) for f in forces} - {None}, key=lambda r: roles(st).index(r))
        seats = [r for r in seats if pol.get(st, r, "expeditions") == "ask"]
        if seats:
            ask(t, "expeditions", seats, dict(task, answers=None), context={"picene": True})
            return
    entries = _expedition_entries(t, forces, task.get("answers") or {}, prefix="p")
    ts.pop("picene_now", None)
    ts["picene_done"] = True
    push(t, {"do": "exp_run", "entries": entries, "cursor": 0})


def _expedition_entries(t: Table, forces: list[str], answers: dict, prefix: str = "n") -> list[dict]:
    entries = []
    for i, fid in enumerate(forces):
        role = nonroman_controller(t, fid)
        given = ((answers.get(role) or {}).get("forces") or {}).get(fid) if role else None
        plan = "auto" if given in (None, "auto") else list(given)
        entries.append({"id": f"{prefix}{i}", "force": fid, "plan": plan, "left": actions_of(t, fid), "side": NONROMAN,
                        "by": role})
    return entries


def h_exp_run(t: Table, task: dict) -> None:
    st = t.st
    entries = task["entries"]
    live = []
    for e in entries:
        if e["left"] <= 0 or e["force"] not in st["forces"]:
            continue
        war = st["forces"][e["force"]].get("war")
        if war and st["wars"].get(war, {}).get("status") != "active":
            continue
        if not war and len(st["forces"][e["force"]]["units"]) < 2:
            continue  # a leader's army needs two units or more (§9.1 L1736-1740): beaten, it acts no more
        if e["plan"] == "auto" or e["plan"]:
            live.append(e)
        elif compulsory(t, e["force"]) and not e.get("acted"):
            e["plan"] = "auto"  # §9.1: it must strike; its seat's orders did not
            live.append(e)
    if not live:
        return
    cursor = task.get("cursor", 0) % len(entries)
    entry = next(entries[(cursor + k) % len(entries)] for k in range(len(entries)) if entries[(cursor + k) % len(entries)] in live)
    task["cursor"] = (entries.index(entry) + 1) % len(entries)
    if entry["plan"] == "auto":
        action = auto_action(t, entry["force"])
        if action is None:
            entry["left"] = 0
            push(t, task)
            return
    else:
        action = entry["plan"].pop(0)
    entry["left"] -= 1
    entry["acted"] = True
    follow = do_nr_action(t, entry, action)
    push(t, *follow, task)


def h_end_turn(t: Table, task: dict) -> None:
    st = t.st
    st["phase"] = "end"
    follow = end_turn(t)
    if follow:
        push(t, *follow, {"do": "next_turn"})
        return
    h_next_turn(t, task)


def h_next_turn(t: Table, task: dict) -> None:
    st = t.st
    if st["turn"] >= st["last_turn"]:
        finish(t, "last-turn")
        return
    if st.get("stop_when_idle"):
        return  # an adjudicator position (position.py) ends with its turn
    st["turn"] += 1
    push(t, {"do": "turn_start"})


HANDLERS = {
    "turn_start": h_turn_start, "draws": h_draws, "offices": h_offices, "elections": h_elections,
    "political": h_political, "rejoin": h_rejoin, "actions": h_actions, "run": h_run, "battle": h_battle,
    "triumph": h_triumph, "trial": h_trial, "naval_battle": h_naval_battle, "expeditions": h_expeditions,
    "exp_run": h_exp_run, "picene": h_picene, "end_turn": h_end_turn, "next_turn": h_next_turn,
}


# -- who wrote a plan waiting in the queue (view.py shows it to that seat only) ------------------------


def plan_writer(st: dict, do: str, entry: dict) -> str | None:
    """The seat that wrote an entry's plan (``run``, ``exp_run``): recorded in ``by`` since
    0.2.0; for a state of 0.1.0, the seat that commands it now (what ``h_actions`` and
    ``_expedition_entries`` asked). None: the engine runs it."""
    if "by" in entry:
        return entry["by"]
    t = Table(st)
    if entry.get("fleet"):
        return king_seat(st)
    if entry.get("force") not in st["forces"]:
        return None
    return nonroman_controller(t, entry["force"]) if do == "exp_run" else force_controller(t, entry["force"])


def side_controller(st: dict, fid: str | None) -> str | None:
    if not fid or fid not in st["forces"]:
        return None
    return force_controller(Table(st), fid)


def record_writers(st: dict) -> dict:
    """The 0.1.0 -> 0.2.0 migration: the writer of each plan waiting in the queue recorded
    (``by`` in the entries, ``plan_by`` for a battle plan), as 0.2.0 records them."""
    for task in st.get("agenda") or []:
        if task.get("do") in ("run", "exp_run"):
            for entry in task.get("entries") or []:
                entry["by"] = plan_writer(st, task["do"], entry)
        elif task.get("do") == "battle" and task.get("plans") and "plan_by" not in task:
            task["plan_by"] = {side: side_controller(st, task.get(side)) for side in sorted(task["plans"])}
    st["version"] = "0.2.0"
    return st


# -- the contract's entry points ----------------------------------------------------------------------


def resolve(st: dict, submissions: dict, dice) -> tuple[dict, list]:
    from rules.base import json_copy

    if st.get("result") is not None:
        raise RulesError("the game is over")
    t = Table(json_copy(st), dice)
    st = t.st
    pending = st["pending"]
    if pending is None:
        if not st["agenda"]:
            raise RulesError("no decision is pending")
        run(t)  # a case's position that starts between decisions
        return st, t.events
    answers = {}
    for role in pending["roles"]:
        orders = submissions.get(role)
        if orders is None:
            orders = default_orders(st, role)
        problems = validate(st, role, orders)
        if problems:
            raise RulesError(f"invalid orders from {role}: {[p.code for p in problems]}")
        pol.merge(st, role, orders.get("policy"))
        answers[role] = orders
    st["pending"] = None
    task = st["agenda"].pop(0)
    task["answers"] = answers
    st["agenda"].insert(0, task)
    run(t)
    return st, t.events


def start(st: dict, dice) -> tuple[dict, list]:
    """Run the set-up's first tasks up to the first decision (the opening draws, the secret
    General's reveal)."""
    t = Table(st, dice)
    run(t)
    return t.st, t.events


def all_curiae() -> tuple[str, ...]:
    return CURIAE


def king_office(st: dict) -> str | None:
    return king_key(st)


def leading(t: Table, fid: str) -> str | None:
    return leading_office(t, fid)
