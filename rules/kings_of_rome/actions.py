"""The actions phase of the Roman armies (§5.8.2, §6.0-§6.4, §6.6): action allowances, the
armies that leave Rome, the Fides and the Praecepta, and the actions themselves - move,
intimidation, siege (surrender, siege rolls, sorties), negotiation, detaching and merging
commands, sailing.

Each seat gives a plan of actions for each army it commands (``machine.py``); the plans run
one action at a time, army after army in order of rank (the King's first, §6.0, DECISIONS
A-30). An action that is no longer legal when its turn comes is skipped with an event.
"""

from __future__ import annotations

from rules.kings_of_rome.forces import pick_up
from rules.kings_of_rome.movement import allowance_mp, check_path, free_neighbour, leave_rome, where
from rules.kings_of_rome.state import (
    MAGISTRI, ROMAN, ROME, TRIBUNES, Table, gain, holder_stats, king_key, leading_office, new_force, nonroman_inside,
    nonroman_outside, office_curia, office_kind, put_unit, rank, skip_action, sorted_forces, unit_virtus,
)
from rules.kings_of_rome.trials import capture, capture_leader, lose_counter, victory_ip
from rules.kings_of_rome.data import distance
from rules.kings_of_rome.naval import sail
from rules.kings_of_rome.movement import reachable
from rules.kings_of_rome.wars import faliscan_help, sortie_force
from rules.kings_of_rome.placement import to_box
from rules.kings_of_rome.honours import triumph_claims
from rules.kings_of_rome.trials import return_leader, should_try

ROYAL = ("rex", "interrex", "mp", "me", "general")

def royal(key: str) -> bool:
    return office_kind(key) in ROYAL


def roman_armies(t: Table) -> list[str]:
    """Roman forces with a leader, highest rank first (§6.0: the King's army acts first)."""
    armies = [fid for fid in sorted_forces(t.st) if t.st["forces"][fid]["side"] == ROMAN and t.st["forces"][fid]["offices"]]
    return sorted(armies, key=lambda f: (-rank(t, leading_office(t, f)), leading_office(t, f)))


def omen_die(t: Table, *, allowance: bool = False) -> int:
    """Good or Bad Omens on a die of the actions phase (§9.9, L1893-1896, DECISIONS A-29):
    always on the allowance die; on the other dice of the Roman actions (intimidation,
    siege, surrender, negotiation) only under the option ``omen_dice=action-dice`` (the
    default; ``allowance-die`` keeps the omen on the allowance die alone, as the battle
    dice of ``battle.omen`` do)."""
    if not allowance and t.opts["omen_dice"] != "action-dice":
        return 0
    o = t.st["turn_state"].get("omen")
    return t.T["omens"]["good"] if o == "good" else t.T["omens"]["bad"] if o == "bad" else 0


def allowance(t: Table, fid: str) -> int:
    """§5.8.2: royal armies the King's Virtus + 1d6/2 rounded up + the best leader's Virtus
    (max 10); the Tribunes' armies the Senate head's Virtus + 1d6/2 rounded down + the
    Pontifex's (max 8). Omens: ±1 on the die, and Bad Omens take one action (§9.9, A-29)."""
    st = t.st
    al = t.T["allowance"]
    lead = leading_office(t, fid)
    mod = omen_die(t, allowance=True)
    if royal(lead):
        kk = king_key(st)
        kv = holder_stats(t, kk)[0] if kk else 0
        best = max(holder_stats(t, k)[0] for k in st["forces"][fid]["offices"])
        roll = t.d6(f"actions: {lead}")
        n = min(al["royal_cap"], kv + (max(0, roll + mod) + 1) // 2 + best)
        parts = {"king": kv, "die": roll, "best": best}
    else:
        sv = holder_stats(t, "senate")[0] if st["offices"].get("senate") else 0
        pv = holder_stats(t, "pontifex")[0] if st["offices"].get("pontifex") else 0
        roll = t.d6(f"actions: {lead}")
        n = min(al["tribal_cap"], sv + max(0, roll + mod) // 2 + pv)
        parts = {"senate": sv, "die": roll, "pontifex": pv}
    if st["turn_state"].get("omen") == "bad":
        n += t.T["omens"]["bad_actions"]
    n = max(0, n)
    t.emit("allowance", force=fid, office=lead, actions=n, **parts)
    return n


# -- may this army strike that people? (Fides §5.4.6, Praecepta §5.4.5) ---------------------------


def nation_of(t: Table, people: str | None) -> str | None:
    if people is None:
        return None
    return t.d.peoples[people]["nation"]


def may_strike(t: Table, fid: str, people: str | None, city: str | None = None, hex_: str | None = None) -> str | None:
    """None when the army may open hostilities against that people (and city), else an error
    code. Royal armies need the Fides and the People's consent against a Curia's people;
    Tribunes only ever strike their Praeceptum."""
    st = t.st
    ts = st["turn_state"]
    lead = leading_office(t, fid)
    nation = nation_of(t, people)
    if lead in TRIBUNES:
        pr = (st["offices"].get(lead) or {}).get("praeceptum") or {}
        if pr.get("defend"):
            if city is not None or hex_ is None or distance(hex_, t.d.rome) > 3:
                return "praeceptum.defend_rome"
        elif pr.get("fides"):
            if nation is None or nation != ts.get("fides"):
                return "praeceptum.other_people"
        elif pr.get("city"):
            if city != pr["city"] and (hex_ is None or t.d.city_at.get(hex_) != pr["city"]):
                return "praeceptum.other_city"
        elif pr.get("people"):
            if nation_of(t, pr["people"]) != nation and pr["people"] != people:
                return "praeceptum.other_people"
        if nation is not None and nation != ts.get("fides"):
            return "fides.not_authorised"
        return None
    if nation is None:
        return None  # peoples not linked to a Curia, invaders: no Fides needed (L758-762)
    if nation != ts.get("fides"):
        return "fides.not_authorised"
    if not ts.get("consent"):
        return "fides.no_consent"
    return None


# -- leaving Rome (§5.7.1) -----------------------------------------------------------------------


def plan_leaves_rome(t: Table, fid: str, plan: list) -> bool:
    return t.st["forces"][fid]["hex"] == ROME and bool(plan) and plan[0].get("act") in (
        "move", "intimidate", "siege", "negotiate", "sail")


def allowed_exits(t: Table, plans: dict[str, list]) -> tuple[set[str], dict[str, str]]:
    """At most three armies leave Rome a turn; from turn 4 one of them must be a Tribune's
    with a Praeceptum, or none leaves (L974-987); the King or a Magister stays in Rome
    (L880-884). Returns the armies that may leave and why the others may not."""
    st = t.st
    wanting = [fid for fid in roman_armies(t) if plan_leaves_rome(t, fid, plans.get(fid) or [])]
    refused: dict[str, str] = {}
    if st["turn"] >= t.T["game"]["first_election"]:
        tribunes = [f for f in wanting if leading_office(t, f) in TRIBUNES]
        if wanting and not tribunes:
            return set(), {f: "exit.no_tribune" for f in wanting}
        ordered = tribunes[:1] + [f for f in wanting if f not in tribunes[:1]]
    else:
        ordered = wanting
    allowed = ordered[: t.T["allowance"]["max_exits"]]
    for f in ordered[t.T["allowance"]["max_exits"]:]:
        refused[f] = "exit.limit"

    def keeper(f: str) -> bool:
        return any(k in ("rex", "interrex") + MAGISTRI for k in st["forces"][f]["offices"])

    def someone_home(leaving: list[str]) -> bool:
        return any(keeper(f) and st["forces"][f]["hex"] == ROME and f not in leaving for f in roman_armies(t))

    # the King or one Magister always stays in Rome: drop the lowest keepers' exits until one
    # stays, when one can
    if not someone_home(allowed) and any(keeper(f) and st["forces"][f]["hex"] == ROME for f in roman_armies(t)):
        for f in reversed(list(allowed)):
            if keeper(f):
                allowed.remove(f)
                refused[f] = "exit.keeper"
                if someone_home(allowed):
                    break
    return set(allowed), refused


def volsci_hold(t: Table, fid: str) -> bool:
    """§9.4: while the Volsci war is on, Roman armies led by a Volsca Gens stay in place."""
    war = t.st["wars"].get("volsci")
    if not war or war.get("status") != "active":
        return False
    lead = leading_office(t, fid)
    return office_curia(t.st, lead) == "volsca"


# -- executing one action ---------------------------------------------------------------------------


def skip(t: Table, fid: str, action: dict, code: str) -> None:
    skip_action(t, fid, action, code)


def do_action(t: Table, entry: dict, action: dict) -> list[dict]:
    """Run one action of a Roman army. Returns the tasks to run before its next action
    (battles, triumphs, trials)."""
    fid = entry["force"]
    st = t.st
    if fid not in st["forces"] or not st["forces"][fid]["offices"]:
        entry["plan"] = []
        return []
    act = action.get("act")
    if volsci_hold(t, fid) and act in ("move", "intimidate", "siege", "negotiate", "sail"):
        skip(t, fid, action, "volsci.hold")
        return []
    if st["forces"][fid]["hex"] == ROME and act in ("move", "intimidate", "siege", "negotiate", "sail"):
        if fid not in st["turn_state"].get("exits", []):
            skip(t, fid, action, st["turn_state"].get("exit_refused", {}).get(fid, "exit.not_allowed"))
            entry["plan"] = []
            return []
    if act == "move":
        return do_move(t, entry, action)
    if act in ("intimidate", "siege", "negotiate"):
        moved = _move_to(t, entry, action)
        if moved is None:
            return []
        city = action.get("city")
        if t.d.cities.get(city, {}).get("hex") != st["forces"][fid]["hex"]:
            skip(t, fid, action, "city.not_here")
            return []
        if act == "intimidate":
            return intimidate(t, entry, city)
        if act == "siege":
            return siege(t, entry, city, action)
        return negotiate(t, entry, city)
    if act == "detach":
        return detach(t, entry, action)
    if act == "merge":
        return merge(t, entry, action)
    if act == "sail":
        return sail(t, entry, action)
    if act == "end":
        entry["plan"] = []
        return []
    skip(t, fid, action, "action.unknown")
    return []


def route(t: Table, fid: str, action: dict) -> list[str]:
    """The action's path: as given, or the cheapest way to its ``to`` hex."""
    if action.get("path"):
        return [str(h) for h in action["path"]]
    to = action.get("to")
    if not to or to == where(t, fid):
        return []

    reach = reachable(t, fid)
    return [where(t, fid)] + reach.path(to) if to in reach else [str(to)]


def _move_to(t: Table, entry: dict, action: dict) -> str | None:
    """The move an action starts with (L1141-1143: reaching the target is part of it)."""
    fid = entry["force"]
    path = route(t, fid, action)
    if not path:
        if t.st["forces"][fid]["hex"] == ROME:
            leave_rome(t, fid)
        return where(t, fid)
    problem, _cost, _i = check_path(t, fid, path)
    if problem:
        skip(t, fid, action, problem)
        return None
    _walk(t, fid, path)
    return t.st["forces"][fid]["hex"]


def _walk(t: Table, fid: str, path: list[str]) -> None:
    force = t.st["forces"][fid]
    start = where(t, fid)
    leave_rome(t, fid)
    steps = path[1:] if path and path[0] == start else path
    if not steps:
        return
    _abandon_sieges(t, fid)
    force["origin"] = start
    force["hex"] = steps[-1]
    t.emit("move", force=fid, side=force["side"], path=[start] + steps, office=leading_office(t, fid) if force["side"] == ROMAN else None)


def do_move(t: Table, entry: dict, action: dict) -> list[dict]:
    fid = entry["force"]
    st = t.st
    path = route(t, fid, action)
    problem, _cost, _i = check_path(t, fid, path)
    if problem or not path:
        skip(t, fid, action, problem or "move.empty")
        return []
    dest = path[-1]
    enemies = [f for f in nonroman_outside(st, dest) if st["forces"][f]["units"] or st["forces"][f].get("leader")]
    if enemies:
        people = st["forces"][enemies[0]].get("people")
        code = may_strike(t, fid, people, hex_=dest)
        if code:
            skip(t, fid, action, code)
            return []
    _walk(t, fid, path)
    picked = pick_up(t, fid)
    if picked:
        t.emit("picked_up", force=fid, units=picked)
    if enemies:
        st["turn_state"].setdefault("attacked_peoples", []).append(st["forces"][enemies[0]].get("people"))
        return [{"do": "battle", "attacker": fid, "defender": enemies[0], "hex": dest,
                 "plans": {"attacker": action.get("battle") or {}}, "plan_by": {"attacker": entry.get("by")},
                 "context": {"origin": st["forces"][fid].get("origin"), "entry": entry["id"]}}]
    return []


# -- intimidation (§6.2) ---------------------------------------------------------------------------


def _city_defenders(t: Table, cid: str) -> tuple[list[str], str | None]:
    """(units inside the walls, a leader inside or None)."""
    hex_ = t.d.cities[cid]["hex"]
    units, leader = [], None
    for f in nonroman_inside(t.st, hex_):
        units += t.st["forces"][f]["units"]
        leader = leader or t.st["forces"][f].get("leader")
    return sorted(units, key=lambda u: (-unit_virtus(t, u), u)), leader


def romanize(t: Table, cid: str, value: int, by_office: str | None, how: str) -> None:
    st = t.st
    city = st["cities"][cid]
    city.update(roman=True, garrison=max(0, min(3, value)), romanized=st["turn"], active=True)
    st["turn_state"].setdefault("romanized", []).append(cid)
    if t.d.cities[cid]["major"]:
        st["reign"].setdefault("romanized_majors", []).append(cid)
    for f in nonroman_inside(st, t.d.cities[cid]["hex"]):
        if not st["forces"][f]["units"] and not st["forces"][f].get("leader"):
            del st["forces"][f]
    t.emit("romanized", city=cid, garrison=city["garrison"], how=how, office=by_office)


def intimidate(t: Table, entry: dict, cid: str) -> list[dict]:
    st = t.st
    fid = entry["force"]
    force = st["forces"][fid]
    city = st["cities"][cid]
    lead = leading_office(t, fid)
    if city["roman"]:
        skip(t, fid, {"act": "intimidate", "city": cid}, "city.roman")
        return []
    units, leader = _city_defenders(t, cid)
    if leader:
        skip(t, fid, {"act": "intimidate", "city": cid}, "intimidate.leader_inside")
        return []
    code = may_strike(t, fid, t.d.cities[cid]["peoples"][0], city=cid)
    if code:
        skip(t, fid, {"act": "intimidate", "city": cid}, code)
        return []
    st["turn_state"].setdefault("attacked_peoples", []).append(t.d.cities[cid]["peoples"][0])
    if city["garrison"] == 0 and not units:
        # §6.2.1: undefended, it gives in; an infantry unit becomes a value-1 Roman garrison
        inf = [u for u in force["units"] if t.d.units[u]["arm"] == "inf"]
        if not inf:
            skip(t, fid, {"act": "intimidate", "city": cid}, "intimidate.no_infantry")
            return []
        put_unit(t, inf[-1], "pool", ROMAN)
        romanize(t, cid, 1, lead, "undefended")
        return []
    strongest = max([city["garrison"]] + [unit_virtus(t, u) for u in units])
    roll = t.d6(f"intimidation: {cid}")
    total = roll + omen_die(t)
    won = total > strongest
    king = any(k in ("rex", "interrex") for k in force["offices"])
    killed = []
    if won:
        for _ in range(t.T["intimidation"]["king_kills"] if king else 1):
            if units:
                uid = units.pop(0)
                capture(t, uid, lead)
                killed.append(uid)
            elif city["garrison"] > 0:
                killed.append("garrison")
                value = city["garrison"]
                romanize(t, cid, value, lead, "intimidation")
                gain(t, office_curia(st, lead), t.T["rewards"]["intimidation"], "intimidation", city=cid)
                break
    t.emit("intimidation", force=fid, city=cid, roll=roll, total=total, against=strongest, won=won, king=king, killed=killed)
    _clean_city(t, cid)
    units, _ = _city_defenders(t, cid)
    if not st["cities"][cid]["roman"]:
        back = free_neighbour(t, force["hex"], ROMAN, toward=t.d.rome, avoid=None)
        if back:
            force["hex"] = back
            t.emit("falls_back", force=fid, hex=back)
    return []


def _clean_city(t: Table, cid: str) -> None:
    for f in nonroman_inside(t.st, t.d.cities[cid]["hex"]):
        force = t.st["forces"][f]
        if not force["units"] and not force.get("leader"):
            del t.st["forces"][f]


# -- siege (§6.3) ---------------------------------------------------------------------------------


def siege(t: Table, entry: dict, cid: str, action: dict) -> list[dict]:
    st = t.st
    fid = entry["force"]
    force = st["forces"][fid]
    city = st["cities"][cid]
    lead = leading_office(t, fid)
    if city["roman"]:
        skip(t, fid, action, "city.roman")
        return []
    units, leader = _city_defenders(t, cid)
    record = st.setdefault("sieges", {}).get(cid)
    if record and record["force"] != fid:
        record = None
    if not leader and not record:
        skip(t, fid, action, "siege.no_leader_inside")
        return []
    code = may_strike(t, fid, t.d.cities[cid]["peoples"][0], city=cid)
    if code:
        skip(t, fid, action, code)
        return []
    st["turn_state"].setdefault("attacked_peoples", []).append(t.d.cities[cid]["peoples"][0])
    tasks = []
    # the Faliscans come to the help of a green-star city first (§9.6)

    helper = None if action.get("no_sortie") else faliscan_help(t, cid, fid)
    if helper:
        return [{"do": "battle", "attacker": helper, "defender": fid, "hex": force["hex"], "plans": {},
                 "context": {"origin": st["forces"][helper]["hex"], "entry": entry["id"], "then_siege": cid}}]
    # a sortie when the besieged are at least as many as the besiegers (§6.3.6)
    out = None if action.get("no_sortie") else sortie_force(t, cid, fid)
    if out:
        return [{"do": "battle", "attacker": out, "defender": fid, "hex": force["hex"], "plans": {},
                 "context": {"origin": force["hex"], "entry": entry["id"], "sortie": True}}]
    if record is None:
        record = st["sieges"][cid] = {"force": fid, "attempts": 0, "surrender": False, "bonus": False, "turn": st["turn"]}
    record["attempts"] += 1
    record["last_turn"] = st["turn"]
    king = any(k in ("rex", "interrex") for k in force["offices"])
    leader_virtus = t.d.leaders[leader]["virtus"] if leader else None
    log = []
    won = False
    # §6.3.2 immediate surrender: once a siege, a second roll with the King
    if not record["surrender"]:
        record["surrender"] = True
        target = action.get("surrender") or _best_target(city["garrison"], leader_virtus, surrender=True)
        need = 2 * (city["garrison"] if target == "garrison" else (leader_virtus or 99))
        for attempt in range(2 if king else 1):
            roll = t.d6(f"surrender: {cid}")
            total = roll + omen_die(t)
            ok = need > 0 and total >= need
            log.append({"roll": "surrender", "target": target, "die": roll, "total": total, "need": need, "won": ok})
            if ok:
                won = True
                break
        if won:
            for uid in list(units):
                lose_counter(t, uid)
            if leader:
                return_leader(t, leader)
            romanize(t, cid, city["garrison"] or 1, lead, "surrender")
            _clean_city(t, cid)
            st["sieges"].pop(cid, None)
            t.emit("siege", force=fid, city=cid, attempt=record["attempts"], log=log, won=True, how="surrender")
            victory_ip(t, lead, siege=True)
            return tasks + triumph_claims(t, fid, "siege")
    # §6.3.3 the siege roll: the garrison +1 (max 3) first
    give = t.opts["siege_garrison_bonus"] == "each-roll" or not record["bonus"]
    if give and city["garrison"] > 0:
        city["garrison"] = min(t.T["siege"]["garrison_bonus_max"], city["garrison"] + 1)
        record["bonus"] = True
    target = action.get("target") or _best_target(city["garrison"], leader_virtus, surrender=False)
    for attempt in range(2 if king else 1):
        roll = t.d6(f"siege roll: {cid}")
        total = roll + omen_die(t)
        if target == "garrison":
            ok = city["garrison"] > 0 and total >= 2 * city["garrison"]
        else:
            ok = leader_virtus is not None and total > leader_virtus
        log.append({"roll": "siege", "target": target, "die": roll, "total": total, "won": ok})
        if ok:
            won = True
            break
    if won:
        # the besieged lose one unit: troops first, then the leader, the garrison last
        units, leader = _city_defenders(t, cid)
        if units:
            capture(t, units[0], lead)
            log.append({"lost": units[0]})
        elif leader and city["garrison"] > 0:
            capture_leader(t, leader, lead)
            log.append({"lost": leader})
        elif leader:
            return_leader(t, leader)  # the last one, with no garrison: back to the cup (L1235-1241)
            log.append({"lost": leader})
        else:
            log.append({"lost": "garrison"})
            romanize(t, cid, city["garrison"] or 1, lead, "siege")
        _clean_city(t, cid)
    taken = st["cities"][cid]["roman"]
    t.emit("siege", force=fid, city=cid, attempt=record["attempts"], log=log, won=taken, how="siege")
    if taken:
        st["sieges"].pop(cid, None)
        victory_ip(t, lead, siege=True)
        return tasks + triumph_claims(t, fid, "siege")
    if record["attempts"] >= t.T["siege"]["attempts"]:
        return tasks + abandon_siege(t, cid, "third-failure")
    return tasks


def _best_target(garrison: int, leader_virtus: int | None, surrender: bool) -> str:
    """The attacker's choice before the roll: the easier one."""
    g_need = 2 * garrison if garrison > 0 else 99
    l_need = (2 * leader_virtus if surrender else leader_virtus + 1) if leader_virtus is not None else 99
    return "garrison" if g_need <= l_need else "leader"


def abandon_siege(t: Table, cid: str, why: str) -> list[dict]:
    """§6.3.5: the besieging army's leader loses 1 IP at once, a Tribune may be tried."""
    st = t.st
    record = st.get("sieges", {}).pop(cid, None)
    if not record:
        return []
    fid = record["force"]
    lead = leading_office(t, fid) if fid in st["forces"] else None
    t.emit("siege_abandoned", city=cid, force=fid, reason=why, office=lead)
    if lead:
        gain(t, office_curia(st, lead), t.T["rewards"]["siege_abandoned"], "siege-abandoned")

        if should_try(t, lead):
            return [{"do": "trial", "office": lead, "lost": "siege"}]
    return []


def _abandon_sieges(t: Table, fid: str) -> None:
    for cid, record in sorted((t.st.get("sieges") or {}).items()):
        if record["force"] == fid:
            for task in abandon_siege(t, cid, "moved-away"):
                t.st["agenda"].insert(0, task)


# -- negotiation (§6.4) -----------------------------------------------------------------------


def negotiate(t: Table, entry: dict, cid: str) -> list[dict]:
    st = t.st
    fid = entry["force"]
    lead = leading_office(t, fid)
    city = st["cities"][cid]
    units, leader = _city_defenders(t, cid)
    curia = office_curia(st, lead)
    rw = t.T["rewards"]
    if city["roman"] or city["garrison"] == 0 or leader:
        skip(t, fid, {"act": "negotiate", "city": cid}, "negotiate.target")
        return []
    if st["ip"][curia] < rw["negotiation_cost"]:
        skip(t, fid, {"act": "negotiate", "city": cid}, "ip.not_enough")
        return []
    code = may_strike(t, fid, t.d.cities[cid]["peoples"][0], city=cid)
    if code:
        skip(t, fid, {"act": "negotiate", "city": cid}, code)
        return []
    gain(t, curia, -rw["negotiation_cost"], "negotiation")
    dice = max(1, holder_stats(t, lead)[1])
    rolls = [t.d6(f"negotiation: {cid}") for _ in range(dice)]
    won = any(r + omen_die(t) > city["garrison"] for r in rolls)
    t.emit("negotiation", force=fid, city=cid, rolls=rolls, against=city["garrison"], won=won)
    if won:
        for uid in units:
            to_box(t, uid)
        romanize(t, cid, city["garrison"], lead, "negotiation")
        _clean_city(t, cid)
        gain(t, curia, rw["negotiation_refund"], "negotiation")
        return []

    if should_try(t, lead):
        return [{"do": "trial", "office": lead, "lost": "siege"}]
    return []


# -- commands that part or join (§6.1, §5.5) -----------------------------------------------------------


def detach(t: Table, entry: dict, action: dict) -> list[dict]:
    st = t.st
    fid = entry["force"]
    force = st["forces"][fid]
    key = action.get("office")
    units = [u for u in action.get("units") or [] if u in force["units"]]
    lead = leading_office(t, fid)
    if key not in force["offices"] or key == lead or len(units) < 2:
        skip(t, fid, action, "detach.invalid")
        return []
    if key in MAGISTRI and lead not in ("rex", "interrex"):
        skip(t, fid, action, "detach.magister")
        return []
    new = new_force(t, ROMAN, force["hex"], offices=[key])
    force["offices"].remove(key)
    for u in units:
        put_unit(t, u, new, ROMAN)
    t.emit("detached", force=fid, new=new, office=key, units=units)
    ts = st["turn_state"]
    ts.setdefault("exits", [])
    if force["hex"] == ROME and fid in ts["exits"]:
        ts["exits"].append(new)
    entry.setdefault("spawned", []).append({"force": new, "left": entry["left"] - 1})
    return []


def merge(t: Table, entry: dict, action: dict) -> list[dict]:
    st = t.st
    fid = entry["force"]
    other = action.get("force")
    force = st["forces"][fid]
    target = st["forces"].get(other)
    if not target or target["side"] != ROMAN or target["hex"] != force["hex"] or other == fid:
        skip(t, fid, action, "merge.invalid")
        return []
    if any(k in MAGISTRI for k in force["offices"]) and leading_office(t, other) not in ("rex", "interrex") \
            and not any(k in ("rex", "interrex") for k in force["offices"]):
        skip(t, fid, action, "merge.magister")
        return []
    target["offices"] += force["offices"]
    for u in list(force["units"]):
        put_unit(t, u, other, ROMAN)
    force["offices"] = []
    del st["forces"][fid]
    entry["plan"] = []
    t.emit("merged", force=fid, into=other)
    return []


def free_neighbour_of(t: Table, hex_: str) -> str | None:
    return free_neighbour(t, hex_, ROMAN, toward=t.d.rome)


def mp_left(t: Table, fid: str) -> int:
    return allowance_mp(t, fid)
