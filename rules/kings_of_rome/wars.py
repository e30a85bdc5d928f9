"""Rome's enemies (§9): who runs them, the war chits and their forces, the war expeditions of
the inactive players (§6.0), non-Roman leaders and their armies (§9.1), their attacks on
Roman armies and cities, routs, the end of each war, the return of non-Roman leaders (§7.3).

An expedition's orders are checked against its war's rules (targets, 'toward Rome'); a
seat that prefers may leave them to :func:`auto_action`, which marches toward the war's goal
and strikes the first eligible target in reach.
"""

from __future__ import annotations

from rules.kings_of_rome import cup
from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.data import distance
from rules.kings_of_rome.movement import check_path, free_neighbour, hostile_in, land_path, path_toward, reachable
from rules.kings_of_rome.placement import city_force, live_cities, place_nonroman_unit, to_box
from rules.kings_of_rome.roles import inactive_seats, nonroman_controller, war_controller
from rules.kings_of_rome.state import (
    NONROMAN, ROMAN, ROME, Table, forces_at, king_key, leading_office, new_force, nonroman_inside, office_curia,
    put_leader, put_unit, roles, sorted_forces, unit_virtus,
)
from rules.kings_of_rome.trials import lose_counter, return_leader

RAIDS = ("aequi", "volsci", "piceni", "falisci", "capena", "umbri")
PICENE = "piceni"  # the war that acts inside the Roman actions phase (§9.5, A-54)


# -- war chits (§9.3-§9.14) -------------------------------------------------------------------------


def _reserve(t: Table, people: str, arm: str) -> list[str]:
    return sorted(u for u, rec in t.d.units.items()
                  if rec["kind"] == "invader" and rec["people"] == people and rec["arm"] == arm
                  and t.st["units"][u]["at"] == "reserve")


def _war_leader(t: Table, war_id: str, spec: dict) -> str | None:
    lead = spec["leader"]
    if isinstance(lead, str):
        return lead if t.st["leaders"][lead]["at"] in ("out", "reserve") else None
    if war_id == "etrusci-3" and t.st["leaders"]["porsenna"]["at"] in t.st["forces"]:
        return "porsenna"  # on the map: he moves to Vetulonia at once (L1915-1921)
    free = [x for x in lead if x != "porsenna" and t.st["leaders"][x]["at"] in ("out", "reserve")]
    if war_id == "etrusci-1" and len(free) == 2:
        roll = t.d6("Etruscan war: the leader")
        choice = "larth" if roll >= t.T["ship_tables"]["etruscan_leader"]["larth_from"] else "zilath"
        t.emit("etruscan_leader", roll=roll, leader=choice)
        return choice
    return free[0] if free else None


def start_war(t: Table, war_id: str, drawer: str) -> None:
    st = t.st
    spec = t.T["wars"][war_id]
    people = spec["people"]
    leader = _war_leader(t, war_id, spec)
    if leader is None:
        st["chits"][f"war-{war_id}"] = "removed"
        t.emit("war_cancelled", war=war_id)
        return
    if spec.get("start_city"):
        start = t.d.cities[spec["start_city"]]["hex"]
    else:
        start = t.d.map.boxes[spec["start"]]["entry"]
    for kind in ("etruscan", "greek", "samnite", "gallic"):  # their cities come into play (L207-210)
        if people == {"etruscan": "etrusci", "greek": "graeci", "samnite": "samnites", "gallic": "galli"}[kind]:
            for cid, rec in sorted(t.d.cities.items()):
                if rec["symbol"] == kind:
                    st["cities"][cid]["active"] = True
    fid = new_force(t, NONROMAN, start, people=people, war=war_id)
    if st["leaders"][leader]["at"] in st["forces"]:
        old = st["leaders"][leader]["at"]
        st["forces"][old]["leader"] = None
    put_leader(t, leader, fid, side=NONROMAN)
    surplus: list[str] = []
    if "force" in spec:
        for arm in ("inf", "cav"):
            for uid in _reserve(t, people, arm)[: spec["force"].get(arm, 0)]:
                put_unit(t, uid, fid, NONROMAN)
        rolls = None
    else:
        dice = spec["dice"]
        inf_roll, cav_roll = t.d6(f"{war_id}: infantry"), t.d6(f"{war_id}: cavalry")
        n_inf = max(0, inf_roll + dice["inf"])
        n_cav = max(0, cav_roll + dice["cav"])
        rolls = {"infantry": inf_roll, "cavalry": cav_roll}
        inf = _reserve(t, people, "inf")[:n_inf]
        cav = _reserve(t, people, "cav")[:n_cav]
        limit = spec.get("porsenna_units") if leader == "porsenna" else spec.get("max_units")
        army_max = spec.get("army_max")
        if limit:  # at most 3 units (Porsenna 5), cavalry never more than infantry (L1963-1966)
            n_cav = min(len(cav), limit // 2)
            n_inf = min(len(inf), limit - n_cav)
            n_cav = min(n_cav, n_inf)
            take_inf, take_cav = inf[:n_inf], cav[:n_cav]
        elif army_max:
            take_inf, take_cav = inf[: army_max["inf"]], cav[: army_max["cav"]]
        else:
            take_inf, take_cav = inf, cav
        for uid in take_inf + take_cav:
            put_unit(t, uid, fid, NONROMAN)
        surplus = [u for u in inf + cav if u not in take_inf + take_cav]
        _place_surplus(t, war_id, people, surplus)
        if dice.get("ships"):
            ship_roll = t.d6(f"{war_id}: ships")
            rolls["ships"] = ship_roll
            ships = t.T["ship_tables"][dice["ships"]][ship_roll]
            sea = next((n for n in t.d.map.neighbours(start) if t.d.map.is_coast_sea(n)), None)
            for sid in ships:
                if st["ships"][sid]["at"] in ("out", "reserve") and sea:
                    st["ships"][sid] = {"at": sea, "war": war_id, "side": NONROMAN}
    controller = war_controller(t, war_id)
    st["wars"][war_id] = {"force": fid, "controller": controller, "status": "active", "turn": st["turn"],
                          "battles": 0, "conquests": 0, "sieges": 0, "drawer": drawer, "surplus": surplus,
                          "via_done": False}
    t.emit("war", war=war_id, leader=leader, hex=start, units=list(st["forces"][fid]["units"]), controller=controller,
           rolls=rolls, surplus=surplus)


def _place_surplus(t: Table, war_id: str, people: str, surplus: list[str]) -> None:
    """The rest of an invader's roll (L1866-1868, L1935-1936, L1980-1984, L2050-2052): one
    a city with its people's symbol (Samnites), a Gallic or Greek city, Etruscan coastal cities
    first (they turn into garrisons when the event ends)."""
    cities = [c for c in t.d.cities_of(people) if not t.st["cities"][c]["roman"]]
    if war_id.startswith("etrusci"):
        cities = sorted(cities, key=lambda c: (not t.d.map.coastal_land(t.d.cities[c]["hex"]), c))
    if not cities:
        for uid in surplus:
            put_unit(t, uid, "reserve", NONROMAN)
        return
    for i, uid in enumerate(surplus):
        city = cities[i % len(cities)]
        fid = city_force(t, city, people)
        put_unit(t, uid, fid, NONROMAN)


# -- targets -----------------------------------------------------------------------------------------


def war_of(t: Table, fid: str) -> tuple[str | None, dict]:
    war = t.st["forces"][fid].get("war")
    return war, (t.T["wars"].get(war) or {}) if war else {}


def eligible_army(t: Table, fid: str, target: str) -> bool:
    st = t.st
    force = st["forces"][target]
    if force["side"] != ROMAN or not (force["units"] or force["offices"]) or force["hex"] == ROME:
        return False
    if target in st["turn_state"].get("struck", {}).get(fid, []):
        return False  # one battle against an army a turn (DECISIONS D-22)
    war, spec = war_of(t, fid)
    if war is None:
        return True
    if not spec["targets"]["armies"]:
        # the Samnites besiege a Roman city only when Rome has no troops on the map (L1878-1880)
        return False
    if war == "volsci":
        lead = leading_office(t, target)
        if lead and office_curia(st, lead) == "volsca":
            return False
    if war == "capena" and distance(force["hex"], t.d.cities["capena"]["hex"]) > 1:
        return False
    return True


def eligible_city(t: Table, fid: str, cid: str) -> bool:
    st = t.st
    city = st["cities"][cid]
    rec = t.d.cities[cid]
    if not city["active"]:
        return False
    if not city["roman"] and city["garrison"] == 0:
        return False  # nothing to take: already undefended
    if cid in st["turn_state"].get("struck", {}).get(fid, []):
        return False  # one attack a city a turn (DECISIONS D-22)
    people = st["forces"][fid].get("people")
    if people in rec["peoples"] and not city["roman"]:
        return False  # its own people's city
    others = [f for f in nonroman_inside(st, rec["hex"]) if st["forces"][f]["units"] or st["forces"][f].get("leader")]
    if others and not city["roman"]:
        return False  # non-Roman armies never fight each other (§9.0)
    war, spec = war_of(t, fid)
    if war is None:
        return city["roman"]
    if any(p in rec["peoples"] for p in spec.get("never") or []):
        return False
    if war == "samnites":
        roman_troops = any(f["side"] == ROMAN and f["units"] and f["hex"] != ROME for f in st["forces"].values())
        return city["roman"] and not roman_troops
    if war == "capena" and distance(rec["hex"], t.d.cities["capena"]["hex"]) > 1:
        return False
    for target in spec["targets"]["cities"]:
        if target == "roman" and city["roman"]:
            return True
        if target in rec["peoples"]:
            return True
        if target == cid:
            return True
    # the raids strike cities Rome besieges on their way: the Aequi the Latin ones (L1761),
    # the Volsci and the Faliscans any but the Latin ones (L1786-1788, L1822-1824), the
    # Picentes all of them (L1814-1815) (DECISIONS D-26)
    besieged = spec["targets"].get("besieged")
    if besieged and st.get("sieges", {}).get(cid):
        return besieged == "any" or any(p in rec["peoples"] for p in besieged)
    return False


def goal(t: Table, fid: str) -> str:
    """Where an expedition marches: Rome (by Asculum for the Gauls, L1955); the Etruscans to
    the nearest of Ostia, Antium and Rome; the Faliscans and Capenates stay at home."""
    war, spec = war_of(t, fid)
    st = t.st
    here = st["forces"][fid]["hex"]
    if war == "galli" and not st["wars"][war].get("via_done"):
        return t.d.cities["asculum"]["hex"]
    if war and war.startswith("etrusci"):
        aims = [t.d.cities[c]["hex"] for c in ("ostia", "antium", "roma")]
        return min(aims, key=lambda h: (distance(here, h), h))
    if war in ("falisci", "capena"):
        return t.d.cities[spec["start_city"]]["hex"]
    return t.d.rome


def range_limit(t: Table, fid: str) -> int | None:
    war, spec = war_of(t, fid)
    if war == "capena":
        return 1
    if war == "falisci":
        return 2
    return None


# -- expedition actions ------------------------------------------------------------------------


def expedition_forces(t: Table) -> list[str]:
    """Forces that act in the expeditions phase: every active war force, and every
    non-Roman leader with two units or more (§9.1). The Picene force acts at the end of the
    first round of Roman actions (§9.5, L1810-1812, DECISIONS A-54): while it does, it alone
    (``turn_state.picene_now``); once it has, not again this turn (``picene_done``)."""
    out = _expedition_forces(t)
    ts = t.st["turn_state"]
    picene = [f for f in out if t.st["forces"][f].get("war") == PICENE]
    if ts.get("picene_now"):
        return picene
    if ts.get("picene_done"):
        return [f for f in out if f not in picene]
    return out


def picene_forces(t: Table) -> list[str]:
    """The Picene war's force, when it is on the map and has not acted this turn."""
    if t.st["turn_state"].get("picene_done"):
        return []
    return [f for f in _expedition_forces(t) if t.st["forces"][f].get("war") == PICENE]


def _expedition_forces(t: Table) -> list[str]:
    st = t.st
    out = []
    for fid in sorted_forces(st):
        force = st["forces"][fid]
        if force["side"] != NONROMAN or force["hex"] not in t.d.map.terrain:
            continue
        war = force.get("war")
        if war:
            if st["wars"].get(war, {}).get("status") == "active" and (force.get("leader") or force["units"]) and \
                    st["wars"][war]["force"] == fid:
                out.append(fid)
        elif force.get("leader") and len(force["units"]) >= 2:
            out.append(fid)
    return out


def actions_of(t: Table, fid: str) -> int:
    war = t.st["forces"][fid].get("war")
    base = t.T["allowance"]["expedition"]
    if war and war.startswith("etrusci"):
        base += t.T["allowance"]["etruscan_bonus"]
    return base


def compulsory(t: Table, fid: str) -> bool:
    """§9.1: a leader's army must strike when Rome attacked a city of its people this turn."""
    force = t.st["forces"][fid]
    return not force.get("war") and force.get("people") in t.st["turn_state"].get("attacked_peoples", [])


def targets_in_reach(t: Table, fid: str) -> list[tuple[int, str, str, list[str]]]:
    """(cost, kind 'army'|'city', target, path) for every eligible target this action can reach."""
    st = t.st
    force = st["forces"][fid]
    here = force["hex"]
    limit = range_limit(t, fid)
    reach = reachable(t, fid)
    out = []
    interesting = {f["hex"] for f in st["forces"].values() if f["side"] == ROMAN}
    interesting.update(rec["hex"] for rec in t.d.cities.values())
    for hex_ in sorted(h for h in interesting if h == here or h in reach):
        cost, path = (0, []) if hex_ == here else reach[hex_]
        if limit is not None and distance(hex_, goal(t, fid)) > limit:
            continue
        for target in forces_at(st, hex_, ROMAN):
            if eligible_army(t, fid, target):
                out.append((cost, "army", target, path))
        cid = t.d.city_at.get(hex_)
        if cid and eligible_city(t, fid, cid) and not forces_at(st, hex_, ROMAN):
            out.append((cost, "city", cid, path))
    return sorted(out, key=lambda x: (0 if x[1] == "army" else 1, x[0], x[2]))


def auto_action(t: Table, fid: str) -> dict | None:
    force = t.st["forces"][fid]
    if force.get("war") is None and not compulsory(t, fid) and force.get("inside"):
        return None  # a leader's army forms only when it must (D-21)
    targets = targets_in_reach(t, fid)
    if targets:
        _cost, kind, target, path = targets[0]
        if kind == "army":
            return {"act": "move", "path": path or [force["hex"]], "target": target}
        return {"act": "attack", "path": path, "city": target}
    if force.get("war") is None:
        return None
    dest = goal(t, fid)
    if force["hex"] == dest:
        return None
    path = path_toward(t, fid, dest)
    if not path:
        return None
    return {"act": "move", "path": path}


def check_nr_action(t: Table, fid: str, action: dict) -> str | None:
    """An expedition's order against its war's rules; None when it may run."""
    st = t.st
    force = st["forces"][fid]
    act = action.get("act")
    if act == "end":
        return None
    path = [str(h) for h in action.get("path") or []]
    here = force["hex"]
    problem, _c, _i = check_path(t, fid, path) if path and path != [here] else (None, 0, 0)
    if problem:
        return problem
    dest = path[-1] if path else here
    limit = range_limit(t, fid)
    if limit is not None and distance(dest, goal(t, fid)) > limit:
        return "expedition.range"
    if act == "attack":
        cid = action.get("city")
        if cid not in t.d.cities or t.d.cities[cid]["hex"] != dest or not eligible_city(t, fid, cid):
            return "expedition.target"
        return None
    if act != "move":
        return "action.unknown"
    armies = [f for f in forces_at(st, dest, ROMAN) if st["forces"][f]["units"] or st["forces"][f]["offices"]]
    if armies:
        return None if any(eligible_army(t, fid, a) for a in armies) else "expedition.target"
    if force.get("war") and not limit:
        g = goal(t, fid)
        if distance(dest, g) >= distance(here, g):
            return "expedition.toward_rome"
    return None


def do_nr_action(t: Table, entry: dict, action: dict) -> list[dict]:
    st = t.st
    fid = entry["force"]
    if fid not in st["forces"]:
        entry["plan"] = []
        return []
    force = st["forces"][fid]
    code = check_nr_action(t, fid, action)
    if code:
        t.emit("action_skipped", force=fid, action=action, reason=code, office=None, people=st["forces"][fid].get("people"))
        return []
    act = action.get("act")
    if act == "end":
        entry["plan"] = []
        return []
    path = [str(h) for h in action.get("path") or []]
    if force.get("inside"):
        force["inside"] = False
        t.emit("army_forms", force=fid, leader=force.get("leader"), hex=force["hex"])
    if path and path[-1] != force["hex"]:
        start = force["hex"]
        force["origin"] = start
        force["hex"] = path[-1]
        t.emit("move", force=fid, side=NONROMAN, path=[start] + [h for h in path if h != start], office=None,
               people=st["forces"][fid].get("people"))
    war = force.get("war")
    if war == "galli" and distance(force["hex"], t.d.cities["asculum"]["hex"]) <= 1:
        st["wars"][war]["via_done"] = True
    dest = force["hex"]
    if act == "attack":
        st["turn_state"].setdefault("struck", {}).setdefault(fid, []).append(action["city"])
        return attack_city(t, fid, action["city"])
    armies = [f for f in forces_at(st, dest, ROMAN) if (st["forces"][f]["units"] or st["forces"][f]["offices"])
              and eligible_army(t, fid, f)]
    if armies:
        target = action.get("target") if action.get("target") in armies else armies[0]
        st["turn_state"].setdefault("struck", {}).setdefault(fid, []).append(target)
        return [{"do": "battle", "attacker": fid, "defender": target, "hex": dest, "plans": {},
                 "context": {"origin": force.get("origin"), "entry": entry["id"]}}]
    return []


def attack_city(t: Table, fid: str, cid: str) -> list[dict]:
    """A non-Roman force strikes a city: 1d6 over the garrison's value takes it (as an
    intimidation, §6.2, DECISIONS D-22); Rome is besieged (2x the garrison, one point a
    success) and never falls. The raiders leave the city undefended (L1765-1766)."""
    st = t.st
    force = st["forces"][fid]
    city = st["cities"][cid]
    war = force.get("war")
    roll = t.d6(f"attack on {cid}")
    if cid == "roma":
        won = city["garrison"] > 0 and roll >= 2 * city["garrison"]
        if won:
            city["garrison"] -= 1
        t.emit("city_attacked", force=fid, city=cid, roll=roll, against=city["garrison"], won=won)
        if war:
            st["wars"][war]["sieges"] += 1
        return []
    automatic = war == "galli" and "sabini" in t.d.cities[cid]["peoples"]  # L1956-1958
    won = automatic or city["garrison"] == 0 or roll > city["garrison"]
    t.emit("city_attacked", force=fid, city=cid, roll=roll, against=city["garrison"], won=won, automatic=automatic)
    if war:
        st["wars"][war]["sieges"] += 1
    if won:
        was_roman = city["roman"]
        city.update(garrison=0)
        if was_roman:
            city.update(roman=False, romanized=None)
            for f in forces_at(st, t.d.cities[cid]["hex"], ROMAN):
                if not st["forces"][f]["offices"]:
                    for u in list(st["forces"][f]["units"]):
                        lose_counter(t, u)
                    del st["forces"][f]
        if war:
            st["wars"][war]["conquests"] += 1
        t.emit("city_falls", city=cid, force=fid, was_roman=was_roman)
    else:
        back = free_neighbour(t, force["hex"], NONROMAN, toward=None)
        if back:
            force["hex"] = back
    check_stop(t, war)
    return []


def check_stop(t: Table, war: str | None) -> None:
    """Invaders stop after their battle or their conquests and block the way (L1880-1882,
    L1964-1966, L2062-2064)."""
    if not war or war not in t.st["wars"]:
        return
    rec = t.st["wars"][war]
    stop = t.T["wars"][war].get("stop") or {}
    done = (stop.get("battles") and rec["battles"] >= stop["battles"]) or \
        (stop.get("conquests") and rec["conquests"] >= stop["conquests"]) or \
        (stop.get("sieges") and rec["sieges"] >= stop["sieges"])
    if done and rec["status"] == "active":
        rec["status"] = "blocking"
        t.emit("war_blocks", war=war, force=rec["force"])


def after_battle(t: Table, fid: str | None, result: dict) -> None:
    if fid is None or fid not in t.st["forces"]:
        return
    war = t.st["forces"][fid].get("war")
    if war and war in t.st["wars"]:
        t.st["wars"][war]["battles"] += 1
        check_stop(t, war)


# -- battles' aftermath for non-Romans --------------------------------------------------------------


def rout_nonroman(t: Table, fid: str, hex_: str) -> None:
    """A beaten enemy of Rome falls back inside friendly walls in the hex (policy ``rout``),
    else to the nearest friendly city, else to an adjacent hex (§6.5.10-§6.5.11)."""
    st = t.st
    force = st["forces"].get(fid)
    if not force:
        return
    people = force.get("people")
    role = nonroman_controller(t, fid)
    cid = t.d.city_at.get(hex_)
    if not force["units"] and not force.get("leader"):
        del st["forces"][fid]
        return
    if force.get("war") and force["war"] in st["wars"] and st["wars"][force["war"]]["force"] == fid:
        back = free_neighbour(t, hex_, NONROMAN)
        if back:
            force["hex"] = back
        t.emit("rout", force=fid, to=force["hex"])
        return
    if cid and people in t.d.cities[cid]["peoples"] and not st["cities"][cid]["roman"] and pol.get(st, role, "rout") == "walls":
        force["inside"] = True
        t.emit("rout", force=fid, to="walls")
        return
    live = live_cities(t, people) if people else []
    if live:
        dest = min(live, key=lambda c: (distance(hex_, t.d.cities[c]["hex"]), c))
        force["hex"] = t.d.cities[dest]["hex"]
        force["inside"] = True
        t.emit("rout", force=fid, to=force["hex"])
        return
    back = free_neighbour(t, hex_, NONROMAN)
    if back:
        force["hex"] = back
    t.emit("rout", force=fid, to=force["hex"])


def faliscan_help(t: Table, cid: str, roman: str) -> str | None:
    """§9.6: while the Faliscan war is on, the Faliscans attack Romans besieging a city with a
    green star, before the siege itself."""
    st = t.st
    war = st["wars"].get("falisci")
    if not war or war["status"] != "active" or "etrusci" not in t.d.cities[cid]["peoples"]:
        return None
    fid = war["force"]
    if fid not in st["forces"] or st["turn_state"].get("faliscans_helped", {}).get(cid) == st["turn"]:
        return None
    st["turn_state"].setdefault("faliscans_helped", {})[cid] = st["turn"]
    st["forces"][fid]["origin"] = st["forces"][fid]["hex"]
    st["forces"][fid]["hex"] = st["forces"][roman]["hex"]
    t.emit("faliscans_help", city=cid, force=fid)
    return fid


def sortie_force(t: Table, cid: str, roman: str) -> str | None:
    """§6.3.6: a leader inside with at least as many units as the besiegers comes out."""
    st = t.st
    for fid in nonroman_inside(st, t.d.cities[cid]["hex"]):
        force = st["forces"][fid]
        if force.get("leader") and len(force["units"]) >= len(st["forces"][roman]["units"]):
            force["inside"] = False
            t.emit("sortie", force=fid, city=cid)
            return fid
    return None


# -- end of the turn -----------------------------------------------------------------------------------


def end_of_turn(t: Table) -> None:
    """Raids go home (their chit back to the cup, or out when its city is Romanized), the
    Etruscan expeditions end and their units turn into garrisons, invaders that stopped keep
    blocking the way (§9)."""
    st = t.st
    for war_id in sorted(st["wars"]):
        rec = st["wars"][war_id]
        spec = t.T["wars"][war_id]
        fid = rec["force"]
        if war_id in RAIDS:
            if war_id == "umbri" and fid in st["forces"] and st["forces"][fid].get("inside") and \
                    any(w.startswith("etrusci") and st["wars"][w]["status"] == "active" for w in st["wars"]):
                rec["status"] = "dormant"  # allied with the Etruscans, they stay in an Etruscan city (L2072-2079)
                continue
            _disband(t, fid)
            gone = spec.get("removed_if") and st["cities"][spec["removed_if"]]["roman"]
            st["chits"][f"war-{war_id}"] = "removed" if gone else "cup"
            if not gone:
                cup.add(t, f"war-{war_id}")
            t.emit("war_ends", war=war_id, returns=not gone)
            del st["wars"][war_id]
        elif war_id.startswith("etrusci"):
            _etruscans_settle(t, war_id, fid)
            st["chits"][f"war-{war_id}"] = "removed"
            t.emit("war_ends", war=war_id, returns=False)
            del st["wars"][war_id]
        else:
            st["chits"][f"war-{war_id}"] = "removed"
            if fid not in st["forces"]:
                t.emit("war_ends", war=war_id, returns=False)
                del st["wars"][war_id]


def _disband(t: Table, fid: str) -> None:
    st = t.st
    force = st["forces"].pop(fid, None)
    if not force:
        return
    for uid in force["units"]:
        st["units"][uid]["at"] = "reserve"
    if force.get("leader"):
        st["leaders"][force["leader"]]["at"] = "loose"
        return_leader(t, force["leader"])


def _etruscans_settle(t: Table, war_id: str, fid: str) -> None:
    """L1980-1987, L1996-1998: at the end of the event the Etruscan units left on the map
    become garrisons of Etruscan cities (coastal first); their leader goes home."""
    st = t.st
    units = []
    if fid in st["forces"]:
        units += st["forces"][fid]["units"]
    for uid in sorted(st["wars"][war_id].get("surplus") or []):
        loc = st["units"][uid]["at"]
        if loc in st["forces"] and uid not in units:
            units.append(uid)
    cities = sorted([c for c in t.d.cities_of("etrusci") if not st["cities"][c]["roman"] and st["cities"][c]["active"]],
                    key=lambda c: (not t.d.map.coastal_land(t.d.cities[c]["hex"]), c))
    for i, uid in enumerate(units):
        if cities:
            city = cities[i % len(cities)]
            st["cities"][city]["garrison"] = min(3, st["cities"][city]["garrison"] + 1)
        put_unit(t, uid, "removed", NONROMAN)
    if fid in st["forces"]:
        lead = st["forces"][fid].get("leader")
        del st["forces"][fid]
        if lead:
            st["leaders"][lead]["at"] = "loose"
            return_leader(t, lead)
    for f in sorted_forces(st):
        if st["forces"][f]["side"] == NONROMAN and not st["forces"][f]["units"] and not st["forces"][f].get("leader"):
            del st["forces"][f]


def leaders_go_home(t: Table) -> None:
    """§7.3: every non-Roman leader on the map goes to a friendly city with troops or a
    garrison (the nearest), else back to the cup."""
    st = t.st
    for fid in sorted_forces(st):
        force = st["forces"].get(fid)
        if not force or force["side"] != NONROMAN or not force.get("leader") or force.get("war"):
            continue
        if force["hex"] not in t.d.map.terrain:
            continue
        people = force.get("people")
        live = [c for c in live_cities(t, people) if st["cities"][c]["garrison"] > 0
                or any(st["forces"][f]["units"] for f in nonroman_inside(st, t.d.cities[c]["hex"]))]
        if not live:
            lead = force["leader"]
            return_leader(t, lead)
            if force["units"]:
                for uid in list(force["units"]):
                    to_box(t, uid)
            st["forces"].pop(fid, None)
            continue
        dest = min(live, key=lambda c: (distance(force["hex"], t.d.cities[c]["hex"]), c))
        force["hex"] = t.d.cities[dest]["hex"]
        force["inside"] = True
    # units waiting in a box go to a living city of their people (DECISIONS D-23)
    for uid in sorted(st["units"]):
        loc = st["units"][uid]["at"]
        if not loc.startswith("box:") or t.d.units[uid]["kind"] != "double":
            continue
        people = t.d.units[uid]["back"]["people"]
        if live_cities(t, people):
            st["units"][uid]["at"] = "loose"
            place_nonroman_unit(t, uid)
    # non-Roman groups sharing a city merge inside its walls
    for cid in sorted(t.d.cities):
        inside = nonroman_inside(st, t.d.cities[cid]["hex"])
        if len(inside) > 1:
            keep = inside[0]
            for other in inside[1:]:
                if st["forces"][other].get("war"):
                    continue
                for uid in list(st["forces"][other]["units"]):
                    put_unit(t, uid, keep, NONROMAN)
                lead = st["forces"][other].get("leader")
                if lead and not st["forces"][keep].get("leader"):
                    put_leader(t, lead, keep)
                if not st["forces"][other]["units"] and not st["forces"][other].get("leader"):
                    del st["forces"][other]


def hostile_here(t: Table, hex_: str) -> bool:
    return hostile_in(t, hex_, ROMAN)


def first_inactive(t: Table) -> str | None:
    idle = inactive_seats(t.st)
    return idle[0] if idle else (roles(t.st)[0] if roles(t.st) else None)


def nearest_path(t: Table, a: str, b: str) -> list[str] | None:
    return land_path(t, a, b)


def king_in(t: Table, fid: str) -> bool:
    key = king_key(t.st)
    return key is not None and key in t.st["forces"][fid]["offices"]


def virtus(t: Table, uid: str) -> int:
    return unit_virtus(t, uid)
