"""The opening position (§3.0-§3.2.1): the turn-1 cup, the secret General, the two Roman
armies and Rome's pool, the non-Roman garrisons of T5 and the IP track."""

from __future__ import annotations

from rules.kings_of_rome.data import CURIAE, data
from rules.kings_of_rome.options import normalise, seats
from rules.kings_of_rome.policies import default_policy
from rules.kings_of_rome.state import NONROMAN, ROMAN, Table, new_force, put_unit
from rules.kings_of_rome.cup import add_turn_chits

VERSION = "0.2.0"
SCENARIO = "750"


def blank_state(options: dict) -> dict:
    """Every counter in its box, no force on the map, the offices empty."""
    d = data()
    opts = normalise(options)
    seat_map = seats(opts["players"])
    st = {
        "ruleset": "kings-of-rome", "version": VERSION, "scenario": SCENARIO, "options": opts,
        "seats": seat_map, "seat_order": list(seat_map),
        "turn": 1, "last_turn": opts["last_turn"], "phase": "setup",
        "ip": {c: d.curiae[c]["ip"] for c in CURIAE},
        "offices": {}, "turn_offices": [],
        "units": {}, "leaders": {}, "cup": [], "pool": [], "forces": {}, "cities": {}, "ships": {},
        "chits": {}, "wars": {}, "captivi": {c: [] for c in CURIAE},
        "policies": {role: default_policy() for role in seat_map},
        "turn_state": {}, "reign": {"romanized_majors": []},
        "agenda": [], "pending": None, "result": None, "serial": 0,
    }
    for uid, rec in sorted(d.units.items()):
        st["units"][uid] = {"at": "stock" if rec["kind"] == "double" else "reserve",
                            "face": ROMAN if rec["kind"] == "double" else NONROMAN}
    for lid in sorted(d.leaders):
        st["leaders"][lid] = {"at": "out", "side": NONROMAN}
    for cid, rec in sorted(d.cities.items()):
        st["cities"][cid] = {"roman": False, "garrison": rec["garrison"], "romanized": None,
                             "active": rec["symbol"] == "star"}
    for cid in ("roma", "ostia"):
        st["cities"][cid].update(roman=True, active=True)
    for sid in sorted(d.ships):
        st["ships"][sid] = {"at": "out"}
    for gid in sorted(d.garrisons):
        st["chits"][gid] = "out"
    for cid in sorted(d.chits):
        st["chits"][cid] = "out"
    return st


def setup(options: dict, dice) -> dict:
    st = blank_state(options)
    t = Table(st, dice)
    d = t.d
    # the secret General (L324-333): one of six at random, hidden; the others into the cup
    pool = sorted(lid for lid, rec in d.leaders.items() if rec["enters"] == "secret")
    secret = t.pick(pool, "secret-general")
    for lid in pool:
        st["leaders"][lid]["at"] = "secret" if lid == secret else "cup"
        if lid != secret:
            st["cup"].append(lid)
    # Roman set-up (L422-431): two armies of 4 infantry + 1 cavalry, 3 infantry in Rome,
    # drawn at random from the counters
    def draw(arm: str, n: int, purpose: str) -> list[str]:
        got = []
        for _ in range(n):
            candidates = sorted(u for u, rec in st["units"].items()
                                if rec["at"] == "stock" and d.units[u]["arm"] == arm and d.units[u]["kind"] == "double")
            got.append(t.pick(candidates, purpose))
            st["units"][got[-1]]["at"] = "drawn"
        return got

    army = t.T["setup"]["army"]
    king_army = new_force(t, ROMAN, t.T["setup"]["king_hex"], offices=["rex"])
    for uid in draw("inf", army["inf"], "set-up: the King's army") + draw("cav", army["cav"], "set-up: the King's army"):
        st["units"][uid]["at"] = "stock"
        put_unit(t, uid, king_army, ROMAN)
    second = new_force(t, ROMAN, d.rome, offices=["sg"])
    for uid in draw("inf", army["inf"], "set-up: the General's army") + draw("cav", army["cav"], "set-up: the General's army"):
        st["units"][uid]["at"] = "stock"
        put_unit(t, uid, second, ROMAN)
    for uid in draw("inf", t.T["setup"]["rome"]["inf"], "set-up: Rome's pool"):
        st["units"][uid]["at"] = "stock"
        put_unit(t, uid, "pool", ROMAN)
    st["offices"]["rex"] = {"gens": "romilia", "curia": "latina", "since": 1}
    st["offices"]["sg"] = {"leader": secret, "curia": d.curiae_of_people(d.leaders[secret]["people"]), "since": 1,
                           "hidden": True}
    st["leaders"][secret].update(at=second, side=ROMAN)
    # the turn-1 cup (T1, L316-337)

    add_turn_chits(t, 1)
    st["agenda"] = [{"do": "turn_start"}]
    st["phase"] = "setup"
    return st
