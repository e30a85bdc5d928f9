"""What a computer player (rules/computer/, docs/computer.md) asks of Kings of Rome: a guess
of the hidden parts consistent with a seat's view, and how good a position is for a seat.

What a seat does not see (view.py): the content of the cup (only its size and which
markers are in it: the chits the view shows as ``hidden``), so which of the military
counters it cannot place are in the cup rather than in the general stock; the values the
garrison chits in the cup carry (a chit a Roman upgrade sent back carries the value it
replaced, L484-493); the secret General before his reveal; the other seats' standing
policies; and the plans they wrote that the turn has not carried out yet (view.agenda_seen).

:func:`determinise` fills them in: the leaders it cannot place are in the cup (one of the
six of the secret pool is the General while he is hidden, §3.2.2); of the military
counters it cannot place, as many as the cup's size leaves room for are drawn at random
into the cup, the rest stay in the stock; a garrison chit in the cup keeps its printed
value, or, one time in four, a lower one; the other seats play their default standing
policies, and their sealed plans are the defaults a seat gets when it gives none (no
action for an army or a fleet, ``auto`` for an expedition, the standing policies for a
battle, the standing vote for a Triumph).
"""

from __future__ import annotations

import math
import random

from rules.base import json_copy
from rules.kings_of_rome.outcome import final_scores, outcome
from rules.kings_of_rome.policies import default_policy
from rules.kings_of_rome.state import NONROMAN, ROMAN, Table, force_of_office, king_curia, roles, seat_of
from rules.kings_of_rome.trials import triumph_votes
from rules.kings_of_rome.view import HIDDEN

#: The parts of a seat's view that are not state (view.py).
VIEW_ONLY = ("display", "vp", "role", "my_curiae")
#: The chance that a garrison chit in the cup carries a lower value than its printed one
#: (it came back from a Roman upgrade): a prior, the view does not say.
RETURNED_LOWER = 0.25


def determinise(view: dict, role: str | None, rng: random.Random) -> dict:
    """A full state consistent with ``role``'s view (see the module docstring)."""
    st = {k: json_copy(v) for k, v in view.items() if k not in VIEW_ONLY}
    t = Table(st)
    d = t.d
    own = (view.get("policies") or {}).get(role) if role is not None else None
    st["policies"] = {r: json_copy(own) if r == role and own is not None else default_policy() for r in roles(st)}

    chits = sorted(c for c, where in st["chits"].items() if where == HIDDEN)
    for cid in chits:
        st["chits"][cid] = "cup"
    leaders = sorted(lid for lid, rec in st["leaders"].items() if rec.get("at") == HIDDEN)
    sg = st["offices"].get("sg")
    if sg and sg.get("hidden") and "leader" not in sg:
        pool = [lid for lid in leaders if d.leaders[lid]["enters"] == "secret"] or leaders
        secret = rng.choice(pool)
        leaders.remove(secret)
        st["offices"]["sg"] = {"leader": secret, "curia": d.curiae_of_people(d.leaders[secret]["people"]),
                               "since": sg.get("since", 1), "hidden": True}
        st["leaders"][secret] = {"at": force_of_office(st, "sg") or "secret", "side": ROMAN}
    for lid in leaders:
        st["leaders"][lid] = {"at": "cup", "side": NONROMAN}

    units = sorted(uid for uid, rec in st["units"].items() if rec["at"] == HIDDEN)
    size = int((view.get("cup") or {}).get("size", 0))
    room = max(0, size - len(chits) - len(leaders))
    forced = [u for u in units if st["units"][u]["face"] != ROMAN]  # the stock turns a counter Roman side up
    free = [u for u in units if u not in forced]
    rng.shuffle(free)
    in_cup = set(forced + free[: max(0, room - len(forced))])
    for uid in units:
        st["units"][uid]["at"] = "cup" if uid in in_cup else "stock"
    st["cup"] = sorted(chits + leaders + sorted(in_cup))

    values = {}
    for gid in chits:
        if gid in d.garrisons:
            printed = d.garrisons[gid]["value"]
            if printed > 1 and rng.random() < RETURNED_LOWER:
                values[gid] = rng.randint(1, printed - 1)
    st["chit_values"] = values

    st["agenda"] = [_task_guessed(t, task) for task in st.get("agenda") or []]
    return st


def _task_guessed(t: Table, task: dict) -> dict:
    """A task of the view's agenda with the defaults in place of what it masks."""
    if task.get("answers") == HIDDEN:
        task["answers"] = {}
    do = task.get("do")
    if do in ("run", "exp_run"):
        for entry in task.get("entries") or []:
            if entry.get("plan") == HIDDEN:
                entry["plan"] = [] if do == "run" else "auto"
    elif do == "battle":
        task["plans"] = {side: ({} if plan == HIDDEN else plan) for side, plan in sorted((task.get("plans") or {}).items())}
    elif do == "triumph" and isinstance(task.get("votes"), dict) and HIDDEN in task["votes"].values():
        standing, _asking = triumph_votes(t, task["office"]) if task.get("office") in t.st["offices"] else ({}, [])
        task["votes"] = {office: (standing.get(office, True) if vote == HIDDEN else vote)
                         for office, vote in sorted(task["votes"].items())}
    return task


# -- evaluation ------------------------------------------------------------------------------
#: The logistic scale, in IP, of a lead at the end of the game, and what each turn still to
#: play adds to it (a lead early is far less sure). The King's seat wins a tie (L1783): it
#: counts as half a point more.
SCALE, SCALE_PER_ROOT_TURN = 2.0, 1.5
KING_TIE = 0.5


def evaluate(st: dict, role: str) -> float:
    """The estimated chance that ``role`` wins: over the game, its score (§8.0: its best
    Curia's IP, or its Curiae's total under the ``winner`` option) against every other
    seat's, as a softmax whose temperature grows with the turns still to play. At the end:
    1 for the winner, 0 for the others; a first place the King does not settle is shared."""
    done = outcome(st)
    if done is not None:
        if done.winner is not None:
            return 1.0 if done.winner == role else 0.0
        scores = done.scores
        top = [r for r, s in scores.items() if s == max(scores.values())] if scores else []
        return 1.0 / len(top) if role in top else 0.0
    seats = roles(st)
    if role not in seats:
        return 0.5
    scores = dict(final_scores(st)["scores"])
    kc = king_curia(st)
    if kc:
        scores[seat_of(st, kc)] += KING_TIE
    left = max(0, st["last_turn"] - st["turn"])
    scale = SCALE + SCALE_PER_ROOT_TURN * math.sqrt(left)
    top = max(scores.values())
    weights = {r: math.exp((scores[r] - top) / scale) for r in seats}
    return weights[role] / sum(weights.values())
