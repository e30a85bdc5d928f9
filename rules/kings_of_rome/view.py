"""What a seat may see (§2.4.3, issue 23 item 5): everything on the map and the tracks, but
never the cup's content (only its size), another seat's standing policies, the orders
waiting inside the turn (plans, a battle plan the other side has not answered), the secret
General before his reveal, nor the values of the garrison chits in the cup.

The turn's remaining tasks (``agenda``, machine.py) are shown as far as the seat may know
them (:func:`agenda_seen`): every task, in order, with the plans other seats wrote and
have not carried out yet (their armies' and fleets' actions, their expeditions' orders,
an attacker's battle plan) and the votes others cast by policy each replaced by
``"hidden"``, whatever they hold; a guess of the state (computer.py) puts the default
plans in their place. ``turn_state`` holds only public facts (what the draws, the
elections and the actions already did) and is shown whole.

The view also carries ``display``: the position as the platform's pages draw it (stacks per
hex and side, markers, counters, the IP track), in the generic shape of
``games/web/position.py``.
"""

from __future__ import annotations

from rules.base import json_copy
from rules.kings_of_rome.data import CURIAE
from rules.kings_of_rome.machine import plan_writer, side_controller
from rules.kings_of_rome.roles import pontifex_seat, senate_seat
from rules.kings_of_rome.state import NONROMAN, ROMAN, ROME, Table, curiae_of
from rules.kings_of_rome.state import unit_class, unit_virtus

HIDDEN = "hidden"


def view(st: dict, role: str | None) -> dict:
    v = json_copy(st)
    v["agenda"] = agenda_seen(st, role)
    v.pop("chit_values", None)
    v["cup"] = {"size": len(st["cup"])}
    for uid, rec in v["units"].items():
        if rec["at"] in ("cup", "stock", "drawn"):
            rec["at"] = HIDDEN
    for lid, rec in v["leaders"].items():
        if rec["at"] in ("cup", "secret", "drawn"):
            rec.update(at=HIDDEN, side=HIDDEN)
    for cid in list(v["chits"]):
        if v["chits"][cid] == "cup":
            v["chits"][cid] = HIDDEN
    sg = v["offices"].get("sg")
    if sg and sg.get("hidden"):
        v["offices"]["sg"] = {"hidden": True, "since": sg["since"]}
        v["leaders"][sg["leader"]] = {"at": HIDDEN, "side": HIDDEN}
    v["policies"] = {role: v["policies"][role]} if role in v["policies"] else {}
    pending = v.get("pending")
    if pending:  # the context names the battle, the Triumph or the Picene march: all public
        v["pending"] = {"kind": pending["kind"], "roles": list(pending["roles"]), "key": pending["key"],
                        "context": json_copy(pending.get("context") or {})}
    v["display"] = display(st)
    v["vp"] = {c: st["ip"][c] for c in CURIAE}
    v["role"] = role
    v["my_curiae"] = curiae_of(st, role) if role else []
    return v


def agenda_seen(st: dict, role: str | None) -> list[dict]:
    """The turn's remaining tasks as ``role`` may know them (see the module docstring).
    What is masked depends only on who wrote it, never on what it says, so two states that
    differ only in another seat's sealed plans show the same agenda."""
    out = []
    for task in st.get("agenda") or []:
        task = json_copy(task)
        do = task.get("do")
        if task.get("answers") is not None:  # answers are read as soon as they are given: never here at a prompt
            task["answers"] = HIDDEN
        if do in ("run", "exp_run"):
            shown = set()
            for entry in task.get("entries") or []:
                if plan_writer(st, do, entry) in (None, role):
                    shown.add(entry["id"])
                else:
                    entry["plan"] = HIDDEN
            if "first_round" in task:  # which armies had a plan at all: only one's own
                task["first_round"] = [e for e in task["first_round"] if e in shown]
        elif do == "battle":
            plans = task.get("plans") or {}
            writers = task.get("plan_by") or {}
            masked = {}
            for side in ("attacker", "defender"):
                writer = writers[side] if side in writers else side_controller(st, task.get(side))
                if side in plans and writer in (None, role):
                    masked[side] = plans[side]
                elif side in plans or writer not in (None, role):
                    masked[side] = HIDDEN
            task["plans"] = masked
        elif do == "triumph" and isinstance(task.get("votes"), dict):
            voters = {"senate": senate_seat(st), "pontifex": pontifex_seat(st)}
            task["votes"] = {office: vote if voters.get(office) == role else HIDDEN
                             for office, vote in sorted(task["votes"].items())}
        out.append(task)
    return out


OFFICE_NAMES = {"rex": ("King", "Roi"), "interrex": ("Interrex", "Interrex"), "pontifex": ("Pontifex Maximus", "Pontifex Maximus"),
                "senate": ("Head of the Senate", "Chef du Sénat"), "mp": ("Magister Populi", "Magister Populi"),
                "me": ("Magister Equitum", "Magister Equitum"), "tp1": ("Tribunus Populi", "Tribunus Populi"),
                "tp2": ("Tribunus Populi", "Tribunus Populi"), "tc": ("Tribunus Celerum", "Tribunus Celerum"),
                "sg": ("General", "Général")}


def office_label(key: str) -> dict:
    en, fr = ("General", "Général") if key.startswith("gen-") else OFFICE_NAMES.get(key, (key, key))
    return {"en": en, "fr": fr}


def _both(en: str, fr: str) -> dict:
    return {"en": en, "fr": fr}


def display(st: dict) -> dict:
    """Stacks (one per hex and side), markers, counters, the Rome display (offices, pool,
    garrison) and the IP track, for the pages (labels in English and French)."""
    t = Table(st)
    d = t.d
    stacks = []
    for fid in sorted(st["forces"], key=lambda f: (len(f), f)):
        force = st["forces"][fid]
        hex_ = d.rome if force["hex"] == ROME else force["hex"]
        if hex_ not in d.map.terrain:
            continue
        leaders = []
        if force["side"] == ROMAN:
            for key in force["offices"]:
                rec = st["offices"].get(key) or {}
                label = office_label(key)
                if rec.get("hidden"):
                    name = label
                elif rec.get("gens"):
                    g = d.gentes[rec["gens"]]["name"]["en"]
                    name = _both(f"{label['en']} ({g})", f"{label['fr']} ({g})")
                elif rec.get("leader"):
                    n = d.leaders[rec["leader"]]["name"]
                    name = _both(f"{label['en']} ({n['en']})", f"{label['fr']} ({n['fr']})")
                else:
                    name = label
                leaders.append({"id": key, "name": name, "weakened": False, "usurper": False})
            side = "rome" if force["hex"] != ROME else "rome-home"
        else:
            if force.get("leader"):
                leaders.append({"id": force["leader"], "name": dict(d.leaders[force["leader"]]["name"]), "weakened": False,
                                "usurper": False})
            side = force.get("people") or NONROMAN
        units = [{"id": u, "name": _unit_label(t, u), "weakened": False, "usurper": False} for u in force["units"]]
        names_en = [p["name"]["en"] if isinstance(p["name"], dict) else p["name"] for p in leaders + units]
        names_fr = [p["name"]["fr"] if isinstance(p["name"], dict) else p["name"] for p in leaders + units]
        walls = force.get("inside")
        label = _both(", ".join(names_en) + (" (inside the walls)" if walls else ""),
                      ", ".join(names_fr) + (" (dans les murs)" if walls else ""))
        stacks.append({"zone": hex_, "side": side, "leaders": leaders, "units": units, "label": label, "force": fid})
    markers: dict[str, list] = {}
    for cid, city in sorted(st["cities"].items()):
        hex_ = d.cities[cid]["hex"]
        name = d.cities[cid]["name"]
        if city["roman"]:
            markers.setdefault(hex_, []).append({"kind": "roman", "label": _both(f"{name['en']}: Roman, garrison {city['garrison']}",
                                                                                 f"{name['fr']} : romaine, garnison {city['garrison']}")})
        elif city["garrison"]:
            markers.setdefault(hex_, []).append({"kind": "garrison", "label": _both(f"{name['en']}: garrison {city['garrison']}",
                                                                                    f"{name['fr']} : garnison {city['garrison']}")})
    for cid, rec in sorted((st.get("sieges") or {}).items()):
        markers.setdefault(d.cities[cid]["hex"], []).append(
            {"kind": "siege", "label": _both(f"Siege, attempt {rec['attempts']} of 3", f"Siège, tentative {rec['attempts']} sur 3")})
    for sid, ship in sorted(st["ships"].items()):
        if ship["at"] in d.map.terrain:
            markers.setdefault(ship["at"], []).append({"kind": "fleet", "label": dict(d.ships[sid]["name"])})
    offices = {}
    for key, rec in sorted(st["offices"].items()):
        if not rec or rec.get("hidden"):
            continue
        who = d.gentes[rec["gens"]]["name"]["en"] if rec.get("gens") else d.leaders[rec["leader"]]["name"]["en"]
        offices[key] = {"title": office_label(key), "holder": who, "curia": rec["curia"], "since": rec.get("since")}
    year = 750 - 5 * (st["turn"] - 1)
    counters = [{"label": _both("Turn", "Tour"), "value": f"{st['turn']} / {st['last_turn']}"},
                {"label": _both("Year", "Année"), "value": _both(f"{year} BC", f"{year} av. J.-C.")},
                {"label": _both("Phase", "Phase"), "value": st["phase"]},
                {"label": _both("Chits in the cup", "Jetons dans la pioche"), "value": len(st["cup"])}]
    for key in ("rex", "interrex", "pontifex", "senate", "mp", "me", "tp1", "tp2", "tc"):
        if key in offices:
            o = offices[key]
            c = d.curiae[o["curia"]]["name"]
            counters.append({"label": o["title"], "value": _both(f"{o['holder']} ({c['en']})", f"{o['holder']} ({c['fr']})")})
    for c in CURIAE:
        counters.append({"label": _both(f"IP {d.curiae[c]['name']['en']}", f"PI {d.curiae[c]['name']['fr']}"), "value": st["ip"][c]})
    ts = st.get("turn_state") or {}
    if ts.get("fides"):
        p = d.peoples[ts["fides"]]["name"]
        counters.append({"label": _both("Fides", "Fides"), "value": _both(f"war on the {p['en']}", f"guerre aux {p['fr']}")})
    if ts.get("omen"):
        counters.append({"label": _both("Omens", "Présages"), "value": _both(ts["omen"], "bons" if ts["omen"] == "good" else "mauvais")})
    pool = {"inf": sum(1 for u in st["pool"] if d.units[u]["arm"] == "inf"),
            "cav": sum(1 for u in st["pool"] if d.units[u]["arm"] == "cav")}
    counters.append({"label": _both("Rome's pool", "Pool de Rome"),
                     "value": _both(f"{pool['inf']} infantry, {pool['cav']} cavalry; garrison {st['cities']['roma']['garrison']}",
                                    f"{pool['inf']} fantassins, {pool['cav']} cavaliers ; garnison {st['cities']['roma']['garrison']}")})
    return {"stacks": stacks, "markers": markers, "control": {}, "counters": counters,
            "vp": {c: st["ip"][c] for c in CURIAE}, "offices": offices, "pool": pool,
            "rome_garrison": st["cities"]["roma"]["garrison"]}


def _unit_label(t: Table, uid: str) -> str:
    rec = t.d.units[uid]
    arm = "cav" if rec["arm"] == "cav" else "inf"
    klass = unit_class(t, uid)
    return f"{arm}{'-' + klass if klass else ''}/{unit_virtus(t, uid)}"
