"""``load_position`` for adjudicator cases (``../shared/design/adjudicator-cases.md``): a
whole state from a case's partial position, without running the set-up.

A position names what differs from an empty table::

    players: 3                 # the seats (2, 3, 4); options: {...} for the others
    turn: 6
    ip: {latina: 10}
    offices: {rex: {gens: romilia, curia: latina}, senate: {gens: fabia, curia: sabina}}
    forces:                    # Roman armies, free Roman units, non-Roman groups
      - {id: r1, side: roman, hex: "4107", offices: [rex], units: [u01, u02, u17]}
      - {id: e1, side: nonroman, hex: "4206", people: etrusci, leader: caelius-vibenna,
         units: [u30, u31], inside: false, war: null}
    cities: {veii: {garrison: 3}, alba-longa: {roman: true, garrison: 2}}
    pool: [u40, u41]
    cup: [u50, war-aequi]      # default: empty (a case draws only what it puts there)
    captivi: {latina: [u30]}
    sieges: {gabii: {force: r1, attempts: 1, surrender: true, bonus: true}}
    turn_state: {fides: etrusci, consent: true, allowance: {r1: 5}}
    policies: {latina-sabina: {tactic: attack}}
    custom: {units: {u01: {virtus: 4}}, gentes: {romilia: {astutia: 3}}}
    decision: actions          # the prompt to open: candidates, political, actions,
                               # expeditions, battle {attacker, defender}; or a task list
    battle: {attacker: r1, defender: e1, plans: {attacker: {tactic: attack}}}
    agenda: [{do: end_turn}]   # tasks to run on the first resolve when no decision is set

Also: ``options``, ``last_king_curia``, ``repeat_king_election``, ``secret_name_revealed``,
``leaders`` (id -> where), ``ships``, ``chits``, ``wars``, ``reign``, ``turn_offices``.
Units, leaders and chits named nowhere stay in the general stock, out of play, or out of
the cup. The state carries ``stop_when_idle``: once the decision and the tasks are done,
``machine.run`` stops instead of asking for the next task, and the end of a turn does not
start the next one unless it was the last (a case ends there).
"""

from __future__ import annotations

from rules.base import json_copy
from rules.kings_of_rome.data import CURIAE
from rules.kings_of_rome.setup import blank_state
from rules.kings_of_rome.state import NONROMAN, ROMAN, Table, put_leader, put_unit
from rules.kings_of_rome import cup, machine
from rules.kings_of_rome.offices import start_turn_offices
from rules.kings_of_rome.wars import expedition_forces
from rules.kings_of_rome.roles import force_controller, king_seat, nonroman_controller, senate_seat


def load_position(position: dict) -> dict:
    pos = json_copy(position or {})
    options = dict(pos.get("options") or {})
    if "players" in pos:
        options["players"] = pos["players"]
    st = blank_state(options)
    if pos.get("custom"):
        st["custom"] = pos["custom"]
    t = Table(st)
    st["turn"] = int(pos.get("turn", 1))
    st["ip"].update(pos.get("ip") or {})
    st["policies"] = {r: dict(st["policies"][r], **((pos.get("policies") or {}).get(r) or {})) for r in st["policies"]}
    for key, rec in sorted((pos.get("offices") or {}).items()):
        rec = dict(rec)
        rec.setdefault("since", st["turn"])
        if "curia" not in rec:
            rec["curia"] = t.d.gentes[rec["gens"]]["curia"] if rec.get("gens") else \
                t.d.curiae_of_people(t.d.leaders[rec["leader"]]["people"])
        st["offices"][key] = rec
    if "last_king_curia" in pos:
        st["last_king_curia"] = pos["last_king_curia"]
    for uid in sorted(t.d.units):
        st["units"].setdefault(uid, {"at": "stock" if t.d.units[uid]["kind"] == "double" else "reserve",
                                     "face": ROMAN if t.d.units[uid]["kind"] == "double" else NONROMAN})
    for rec in pos.get("forces") or []:
        fid = rec["id"]
        force = {"id": fid, "side": rec.get("side", ROMAN), "hex": str(rec.get("hex", "rome")),
                 "offices": list(rec.get("offices") or []), "leader": None, "units": [],
                 "inside": bool(rec.get("inside", False)), "people": rec.get("people"), "war": rec.get("war"),
                 "rejoin": list(rec.get("rejoin") or [])}
        if rec.get("origin"):
            force["origin"] = rec["origin"]
        st["forces"][fid] = force
        face = ROMAN if force["side"] == ROMAN else NONROMAN
        for uid in rec.get("units") or []:
            put_unit(t, uid, fid, face)
        if rec.get("leader"):
            put_leader(t, rec["leader"], fid, side=face)
    for cid, rec in sorted((pos.get("cities") or {}).items()):
        st["cities"][cid].update(rec)
    for uid in pos.get("pool") or []:
        put_unit(t, uid, "pool", ROMAN)
    for chit in pos.get("cup") or []:
        cup.add(t, chit)
    for curia, taken in sorted((pos.get("captivi") or {}).items()):
        for x in taken:
            if x in t.d.units:
                put_unit(t, x, f"captivi:{curia}", NONROMAN)
            else:
                put_leader(t, x, f"captivi:{curia}")
            st["captivi"][curia].append(x)
    for lid, where in sorted((pos.get("leaders") or {}).items()):
        put_leader(t, lid, where)
    for sid, rec in sorted((pos.get("ships") or {}).items()):
        st["ships"][sid] = dict(rec)
    for chit, where in sorted((pos.get("chits") or {}).items()):
        st["chits"][chit] = where
    st["sieges"] = json_copy(pos.get("sieges") or {})
    for cid, rec in st["sieges"].items():
        rec.setdefault("attempts", 0)
        rec.setdefault("surrender", False)
        rec.setdefault("bonus", False)
        rec.setdefault("turn", st["turn"])
    st["wars"] = json_copy(pos.get("wars") or {})
    for war in st["wars"].values():
        for key, value in (("status", "active"), ("battles", 0), ("conquests", 0), ("sieges", 0), ("controller", None),
                           ("surplus", []), ("via_done", False), ("turn", st["turn"])):
            war.setdefault(key, value)
    st["turn_state"] = json_copy(pos.get("turn_state") or {})
    st["reign"] = json_copy(pos.get("reign") or {"romanized_majors": []})
    if pos.get("secret_name_revealed"):
        st["secret_name_revealed"] = True
    if pos.get("repeat_king_election"):
        st["repeat_king_election"] = True

    start_turn_offices(st, set())
    for row in pos.get("turn_offices") or []:
        st["turn_offices"].append(list(row))
    st["phase"] = pos.get("phase", "actions")
    st["stop_when_idle"] = True  # the case ends when its decision and tasks are done (machine.run)
    _open(t, pos)
    return st


def _open(t: Table, pos: dict) -> None:
    """Put the requested decision (or the tasks) at the head of the queue."""

    st = t.st
    decision = pos.get("decision")
    st["agenda"] = json_copy(pos.get("agenda") or [])
    tail = json_copy(pos.get("then") or [])
    if decision is None:
        st["pending"] = None
        st["agenda"] += tail
        return
    if decision == "battle":
        b = pos["battle"]
        task = {"do": "battle", "attacker": b["attacker"], "defender": b["defender"],
                "hex": st["forces"][b["defender"]]["hex"], "plans": b.get("plans") or {},
                "context": b.get("context") or {"origin": st["forces"][b["attacker"]].get("origin")}}
        st["agenda"] = tail
        st["pending"] = None
        askers = machine.battle_askers(t, task)
        if askers:
            machine.ask(t, "battle", askers, dict(task, answers=None),
                        context={"attacker": task["attacker"], "defender": task["defender"], "hex": task["hex"]})
        else:
            st["agenda"].insert(0, task)
        return
    if decision == "actions":
        ts = st["turn_state"]
        al = ts.setdefault("allowance", {})
        for fid, force in sorted(st["forces"].items()):
            if force["side"] == ROMAN and force["offices"]:
                al.setdefault(fid, 6)
        ts.setdefault("fleet_allowance", {})
        seats = sorted({force_controller(t, f) for f, n in al.items() if n > 0 and f in st["forces"]} - {None},
                       key=lambda r: st["seat_order"].index(r))
        machine.ask(t, "actions", seats, {"do": "actions", "answers": None})
        st["agenda"] += tail
        return
    if decision == "expeditions":
        seats = sorted({nonroman_controller(t, f) for f in expedition_forces(t)} - {None},
                       key=lambda r: st["seat_order"].index(r))
        machine.ask(t, "expeditions", seats, {"do": "expeditions", "answers": None})
        st["agenda"] += tail
        return
    if decision == "political":
        seats = [r for r in (king_seat(st), senate_seat(st)) if r]
        machine.ask(t, "political", seats, {"do": "political", "answers": None})
        st["agenda"] += tail
        return
    if decision == "candidates":
        machine.ask(t, "candidates", list(st["seat_order"]), {"do": "elections"})
        st["agenda"] += tail
        return
    raise ValueError(f"unknown decision {decision!r}")


_ = CURIAE
