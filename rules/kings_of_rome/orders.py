"""Prompts, their legal options, their default orders and the validation of order sets, one
prompt kind at a time. Every kind accepts a ``policy`` field (``policies.py``).

Kinds: ``candidates`` (election turns, every seat at once, sealed), ``political`` (the King's
and the Senate head's seats), ``actions`` (every seat commanding a Roman army, at once),
``battle`` (a side whose tactic policy says ask), ``triumph_vote`` (the Senate and the
Pontifex, sealed), ``expeditions`` (the seats running Rome's enemies).
"""

from __future__ import annotations

from rules.base import Message, Prompt
from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.data import CURIAE, data
from rules.kings_of_rome.messages import error
from rules.kings_of_rome.state import (
    MAGISTRI, NONROMAN, ROMAN, ROME, TRIBUNES, Table, curiae_of, force_of_office, king_curia, king_key,
    leading_office, office_kind, roles, sorted_forces,
)
from rules.kings_of_rome.offices import curia_can_take, eligible_gentes
from rules.kings_of_rome.politics import _default_magister_curia, cycle_election_due, king_election_due, magister_curiae
from rules.kings_of_rome.roles import force_controller, king_seat, nonroman_controller, senate_seat
from rules.kings_of_rome.movement import reachable, where, allowance_mp, check_path
from rules.kings_of_rome.state import nonroman_inside, nonroman_outside
from rules.kings_of_rome.actions import may_strike
from rules.kings_of_rome.naval import check_sail
from rules.kings_of_rome.battle import _may_withdraw, _walls_for, auto_tactic
from rules.kings_of_rome.wars import actions_of, check_nr_action, compulsory, expedition_forces, goal, targets_in_reach

FIDES_NATIONS = ("latini", "sabini", "etrusci", "volsci")
FIELDS = {
    "candidates": {"candidates", "bids"},
    "political": {"magistri", "general", "recruit", "secret_name", "consent", "fides", "tribunes", "promote",
                  "garrison", "transfer"},
    "actions": {"armies", "fleets"},
    "battle": {"tactic", "spolia", "withdraw", "leader", "front", "leader_box", "cavalry"},
    "triumph_vote": {"accept"},
    "expeditions": {"forces"},
}
KING_FIELDS = {"magistri", "general", "recruit", "secret_name", "consent"}
SENATE_FIELDS = {"tribunes", "promote", "garrison", "transfer"}
ACTS = ("move", "intimidate", "siege", "negotiate", "detach", "merge", "sail", "end")
TITLES = {
    "candidates": Message("Put up your candidates", "Présentez vos candidats"),
    "political": Message("Offices, Fides and Rome's defence", "Fonctions, Fides et défense de Rome"),
    "actions": Message("Orders for your armies", "Ordres pour vos armées"),
    "battle": Message("Battle: your tactic and deployment", "Bataille : votre tactique et votre déploiement"),
    "triumph_vote": Message("A Triumph is claimed: your vote", "Un Triomphe est revendiqué : votre vote"),
    "expeditions": Message("Orders for Rome's enemies", "Ordres pour les ennemis de Rome"),
}


def table(st: dict) -> Table:
    return Table(st)


# -- prompts ----------------------------------------------------------------------------------------


def prompts(st: dict) -> list[Prompt]:
    pending = st.get("pending")
    if st.get("result") is not None or not pending:
        return []
    out = []
    for role in pending["roles"]:
        out.append(Prompt(role=role, kind=pending["kind"], key=f"{pending['key']}/{role}",
                          options=options(st, role), default_orders=default_orders(st, role),
                          title=TITLES[pending["kind"]]))
    return out


def options(st: dict, role: str) -> dict:
    kind = st["pending"]["kind"]
    return OPTIONS[kind](table(st), role)


def default_orders(st: dict, role: str) -> dict:
    kind = st["pending"]["kind"]
    return DEFAULTS[kind](table(st), role)


# -- candidates ------------------------------------------------------------------------------------


def elections_now(st: dict) -> list[str]:
    out = []
    if king_election_due(st):
        out.append("rex")
    if cycle_election_due(st):
        out += ["pontifex", "senate"]
    return out


def _candidates_options(t: Table, role: str) -> dict:
    st = t.st
    return {"elections": elections_now(st),
            "curiae": {c: {"gentes": eligible_gentes(t, c), "ip": st["ip"][c]} for c in curiae_of(st, role)},
            "bid_max": t.T["elections"]["senate"]["bid_max"]}


def _candidates_default(t: Table, role: str) -> dict:
    out = {}
    for c in curiae_of(t.st, role):
        free = eligible_gentes(t, c)
        out[c] = {office: free[i] for i, office in enumerate(elections_now(t.st)) if i < len(free)}
    return {"candidates": out}


def _validate_candidates(t: Table, role: str, orders: dict) -> list:
    st = t.st
    errors = []
    cands = orders.get("candidates") or {}
    if not isinstance(cands, dict):
        return [error("orders.type", "/candidates", field="candidates")]
    now = elections_now(st)
    for curia in sorted(cands):
        if curia not in curiae_of(st, role):
            errors.append(error("candidates.curia", f"/candidates/{curia}", curia=curia))
            continue
        offices = cands[curia]
        if not isinstance(offices, dict):
            errors.append(error("orders.type", f"/candidates/{curia}", field=curia))
            continue
        free = eligible_gentes(t, curia)
        seen = {}
        for office in sorted(offices):
            gens = offices[office]
            if office not in now:
                errors.append(error("candidates.office", f"/candidates/{curia}/{office}", office=office))
            elif gens not in free:
                errors.append(error("candidates.gens", f"/candidates/{curia}/{office}", gens=gens, office=office, curia=curia))
            seen[gens] = office
    bids = orders.get("bids") or {}
    if not isinstance(bids, dict):
        return errors + [error("orders.type", "/bids", field="bids")]
    top = t.T["elections"]["senate"]["bid_max"]
    for curia in sorted(bids):
        b = bids[curia]
        if curia not in curiae_of(st, role) or not isinstance(b, int) or isinstance(b, bool) or not 0 <= b <= top or b > st["ip"][curia]:
            errors.append(error("bids.value", f"/bids/{curia}", max=top, curia=curia))
    return errors


# -- political -------------------------------------------------------------------------------------


def _king_part(t: Table, role: str) -> bool:
    return king_seat(t.st) == role


def _senate_part(t: Table, role: str) -> bool:
    return senate_seat(t.st) == role


def _political_options(t: Table, role: str) -> dict:
    st = t.st
    ts = st["turn_state"]
    activated = ts.get("activated", [])
    out: dict = {"king": None, "senate": None}
    pool = {"inf": sum(1 for u in st["pool"] if t.d.units[u]["arm"] == "inf"),
            "cav": sum(1 for u in st["pool"] if t.d.units[u]["arm"] == "cav")}
    if _king_part(t, role):
        ex = [k for k in MAGISTRI if k not in st["offices"] and k not in activated and st["chits"].get(f"office-{k}") == "cup"]
        out["king"] = {"activated": [k for k in activated if k in MAGISTRI], "magister_curiae": magister_curiae(t),
                       "ex_officio": ex, "recruit_offices": royal_offices(st), "pool": pool,
                       "secret_name": bool(st["offices"].get("pontifex")) and not st.get("secret_name_revealed"),
                       "fides": st["offices"].get("senate") is None, "nations": list(FIDES_NATIONS), "ip": st["ip"][king_curia(st)]}
    if _senate_part(t, role):
        ex = [k for k in TRIBUNES if k not in st["offices"] and k not in activated and st["chits"].get(f"office-{k}") == "cup"]
        out["senate"] = {"activated": [k for k in activated if k in TRIBUNES], "ex_officio": ex,
                         "curiae": [c for c in CURIAE if curia_can_take(t, c)], "nations": list(FIDES_NATIONS),
                         "peoples": sorted(t.d.peoples), "pool": pool,
                         "roman_cities": sorted(c for c, rec in st["cities"].items() if rec["roman"]),
                         "ip": st["ip"][st["offices"]["senate"]["curia"]]}
    return out


def royal_offices(st: dict) -> list[str]:
    return [k for k in sorted(st["offices"]) if office_kind(k) in ("rex", "interrex", "mp", "me", "general")]


def political_default(st: dict, role: str) -> dict:
    """No orders received: the drawn offices are given (a Magister to the King's own seat if
    it can, else to the poorest Curia; a Tribune directly, defending Rome), the King asks the
    People's consent, nothing else is spent."""

    t = table(st)
    ts = st["turn_state"]
    activated = ts.get("activated", [])
    out: dict = {}
    if _king_part(t, role):
        mags = []
        options = magister_curiae(t)
        for key in [k for k in activated if k in MAGISTRI]:
            if key == "me" and "mp" not in st["offices"] and not any(m["office"] == "mp" for m in mags):
                continue  # no Magister Populi in play: the chit goes back to the cup (L874-879)
            if options:
                choice = _default_magister_curia(t, options)
                mags.append({"office": key, "curia": choice})
                if sum(1 for m in mags if m["curia"] == choice) + len([x for x in st["turn_offices"] if x[2] == choice]) >= 2:
                    options = [c for c in options if c != choice]
        out.update(magistri=mags, consent=True)
    if _senate_part(t, role):
        tribunes = []
        for key in [k for k in activated if k in TRIBUNES]:
            cands = [c for c in CURIAE if curia_can_take(t, c)]
            if cands:
                mine = [c for c in cands if c in curiae_of(st, role)]
                payer = st["offices"]["senate"]["curia"]
                direct = bool(mine) and st["ip"][payer] >= len(tribunes) + 1
                order = {"office": key, "how": "direct" if direct else "rogatio", "praeceptum": {"defend": True}}
                if direct:
                    order["curia"] = mine[0]  # a Rogatio names no Curia (the notation writes none)
                tribunes.append(order)
        out["tribunes"] = tribunes
    return out


def _validate_political(t: Table, role: str, orders: dict) -> list:
    st = t.st
    ts = st["turn_state"]
    errors = []
    king, senate = _king_part(t, role), _senate_part(t, role)
    activated = list(ts.get("activated", []))
    for field in sorted(orders):
        if field in KING_FIELDS and not king:
            errors.append(error("political.not_king", f"/{field}", field=field))
        if field in SENATE_FIELDS and not senate:
            errors.append(error("political.not_senate", f"/{field}", field=field))
    fides_from = senate if st["offices"].get("senate") else king
    if "fides" in orders and not fides_from:
        errors.append(error("political.not_senate", "/fides", field="fides"))
    nation = None
    fides = orders.get("fides")
    if fides is not None:
        if not isinstance(fides, dict) or fides.get("nation") not in FIDES_NATIONS + (None,):
            errors.append(error("fides.nation", "/fides"))
        else:
            nation = fides.get("nation")
            city = fides.get("city")
            if city is not None and (city not in t.d.cities or
                                     t.d.peoples[t.d.cities[city]["peoples"][0]]["nation"] != nation):
                errors.append(error("fides.city", "/fides/city", city=city))
    kc = king_curia(st)
    named = set()
    ex_count = 0
    cost = 0
    for i, order in enumerate(orders.get("magistri") or [] if isinstance(orders.get("magistri") or [], list) else []):
        path = f"/magistri/{i}"
        if not isinstance(order, dict):
            errors.append(error("orders.type", path, field="magistri"))
            continue
        key, curia = order.get("office"), order.get("curia")
        if key not in MAGISTRI or key in st["offices"] or key in named:
            errors.append(error("magister.office", path + "/office", office=key))
            continue
        if curia not in CURIAE or curia == kc or not curia_can_take(t, curia):
            errors.append(error("magister.curia", path + "/curia", curia=curia))
        if key not in activated:
            ex_count += 1
            cost += t.T["elections"]["magister"]["ex_officio_cost"]
            if ex_count > 1 or st["chits"].get(f"office-{key}") != "cup":
                errors.append(error("magister.ex_officio", path))
        if key == "me" and "mp" not in st["offices"] and "mp" not in named:
            errors.append(error("magister.equitum", path))
        named.add(key)
    if not isinstance(orders.get("magistri") or [], list):
        errors.append(error("orders.type", "/magistri", field="magistri"))
    for field in ("general", "secret_name", "consent"):
        if field in orders and not isinstance(orders[field], bool):
            errors.append(error("orders.type", f"/{field}", field=field))
    if orders.get("general"):
        cost += t.T["elections"]["general"]["cost"]
    rec_list = orders.get("recruit") or []
    if not isinstance(rec_list, list):
        errors.append(error("orders.type", "/recruit", field="recruit"))
        rec_list = []
    for i, order in enumerate(rec_list):
        path = f"/recruit/{i}"
        if not isinstance(order, dict) or (order.get("office") not in royal_offices(st) and order.get("office") not in named):
            errors.append(error("recruit.office", path + "/office", office=(order or {}).get("office") if isinstance(order, dict) else order))
            continue
        for arm in ("inf", "cav"):
            n = order.get(arm, 0)
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 6:
                errors.append(error("recruit.count", f"{path}/{arm}"))
    if king and kc and cost > st["ip"][kc]:
        errors.append(error("ip.not_enough", "/magistri", curia=kc, ip=st["ip"][kc], need=cost))
    # the Senate's Tribunes
    t_named = set()
    t_cost = 0
    trib = orders.get("tribunes") or []
    if not isinstance(trib, list):
        errors.append(error("orders.type", "/tribunes", field="tribunes"))
        trib = []
    for i, order in enumerate(trib):
        path = f"/tribunes/{i}"
        if not isinstance(order, dict):
            errors.append(error("orders.type", path, field="tribunes"))
            continue
        key = order.get("office")
        if key not in TRIBUNES or key in st["offices"] or key in t_named:
            errors.append(error("tribune.office", path + "/office", office=key))
            continue
        how = order.get("how", "direct")
        curia = order.get("curia")
        if key in activated:
            if how not in ("direct", "rogatio"):
                errors.append(error("tribune.how", path + "/how"))
            if how == "direct":
                t_cost += t.T["elections"]["tribune"]["direct_cost"]
        else:
            t_cost += t.T["elections"]["tribune"]["ex_officio_cost"]
            if st["chits"].get(f"office-{key}") != "cup":
                errors.append(error("tribune.ex_officio", path, office=key))
        if how != "rogatio" or key not in activated:
            if curia not in CURIAE or not curia_can_take(t, curia):
                errors.append(error("tribune.curia", path + "/curia", curia=curia))
        if key == "tc" and not any(k in st["offices"] or k in t_named for k in ("tp1", "tp2")):
            errors.append(error("tribune.celerum", path))
        pr = order.get("praeceptum")
        errors += _check_praeceptum(t, pr, nation, path + "/praeceptum")
        join = order.get("join")
        if join is not None and join not in royal_offices(st):
            errors.append(error("recruit.office", path + "/join", office=join))
        t_named.add(key)
    if senate:
        sc = st["offices"]["senate"]["curia"]
        for i, uid in enumerate(orders.get("promote") or [] if isinstance(orders.get("promote") or [], list) else []):
            loc = st["units"].get(uid, {}).get("at") if isinstance(uid, str) else None
            if loc not in st["forces"] or st["forces"][loc]["side"] != ROMAN:
                errors.append(error("unit.unknown", f"/promote/{i}", unit=uid))
            t_cost += 1
        for i, cid in enumerate(orders.get("garrison") or [] if isinstance(orders.get("garrison") or [], list) else []):
            if not isinstance(cid, str) or cid not in st["cities"] or not st["cities"][cid]["roman"]:
                errors.append(error("city.unknown", f"/garrison/{i}", city=cid))
            t_cost += 1
        for i, move in enumerate(orders.get("transfer") or [] if isinstance(orders.get("transfer") or [], list) else []):
            ok = isinstance(move, dict) and all(isinstance(move.get(k), str) and move.get(k) in st["cities"]
                                                and st["cities"][move[k]]["roman"] for k in ("from", "to"))
            if not ok:
                errors.append(error("city.unknown", f"/transfer/{i}", city=(move or {}).get("from") if isinstance(move, dict) else move))
        if t_cost > st["ip"][sc]:
            errors.append(error("ip.not_enough", "/tribunes", curia=sc, ip=st["ip"][sc], need=t_cost))
    return errors


def _check_praeceptum(t: Table, pr, nation: str | None, path: str) -> list:
    if not isinstance(pr, dict) or len(pr) != 1 or not (
            pr.get("defend") is True or pr.get("fides") is True or pr.get("people") in t.d.peoples or pr.get("city") in t.d.cities):
        return [error("praeceptum.shape", path)]
    if pr.get("fides"):
        return []  # whatever nation the turn's Fides names
    people = pr.get("people") or (t.d.cities[pr["city"]]["peoples"][0] if pr.get("city") in t.d.cities else None)
    if people and t.d.peoples[people]["nation"] and t.d.peoples[people]["nation"] != nation:
        return [error("praeceptum.fides", path, people=people)]
    return []


# -- actions ---------------------------------------------------------------------------------------


def my_armies(t: Table, role: str) -> list[str]:
    al = t.st["turn_state"].get("allowance", {})
    return [f for f in sorted_forces(t.st) if f in al and al[f] > 0 and force_controller(t, f) == role]


def my_fleets(t: Table, role: str) -> list[str]:
    if king_seat(t.st) != role:
        return []
    return sorted(s for s, n in t.st["turn_state"].get("fleet_allowance", {}).items() if n > 0)


def army_targets(t: Table, fid: str) -> tuple[list[str], list[dict]]:
    """Where the army can go in one action, and what it can strike there."""
    st = t.st
    reach = reachable(t, fid)
    here = where(t, fid)
    targets = []
    interesting = _interesting_hexes(t, NONROMAN)
    for hex_ in sorted(h for h in interesting if h == here or h in reach):
        for enemy in nonroman_outside(st, hex_):
            if st["forces"][enemy]["units"] or st["forces"][enemy].get("leader"):
                targets.append({"act": "move", "to": hex_, "force": enemy, "people": st["forces"][enemy].get("people")})
        cid = t.d.city_at.get(hex_)
        if cid and not st["cities"][cid]["roman"] and st["cities"][cid]["active"]:
            inside = nonroman_inside(st, hex_)
            leader = any(st["forces"][f].get("leader") for f in inside)
            if leader or cid in (st.get("sieges") or {}):
                targets.append({"act": "siege", "to": hex_, "city": cid})
            else:
                targets.append({"act": "intimidate", "to": hex_, "city": cid})
                if st["cities"][cid]["garrison"] > 0:
                    targets.append({"act": "negotiate", "to": hex_, "city": cid})
    return list(reach), targets


def _interesting_hexes(t: Table, side: str) -> set[str]:
    """Hexes holding a force of ``side`` or a city: where an army may strike."""
    out = {f["hex"] for f in t.st["forces"].values() if f["side"] == side}
    out.update(rec["hex"] for rec in t.d.cities.values())
    return out


def _actions_options(t: Table, role: str) -> dict:
    st = t.st
    armies = {}
    for fid in my_armies(t, role):
        force = st["forces"][fid]
        reach, targets = army_targets(t, fid)
        armies[fid] = {"office": leading_office(t, fid), "offices": list(force["offices"]), "hex": force["hex"],
                       "actions": st["turn_state"]["allowance"][fid], "mp": allowance_mp(t, fid) / 2,
                       "units": list(force["units"]), "reach": reach, "targets": targets,
                       "may_leave": force["hex"] != ROME or True}
    fleets = {sid: {"hex": st["ships"][sid]["at"], "actions": st["turn_state"]["fleet_allowance"][sid]}
              for sid in my_fleets(t, role)}
    return {"armies": armies, "fleets": fleets, "fides": st["turn_state"].get("fides"),
            "consent": st["turn_state"].get("consent")}


def _actions_default(t: Table, role: str) -> dict:
    return {"armies": {}}


def _validate_plan(t: Table, fid: str, plan, path: str, left: int) -> list:
    st = t.st
    if not isinstance(plan, list):
        return [error("orders.type", path, field="plan")]
    errors = []
    if len(plan) > left:
        errors.append(error("plan.too_long", path, force=fid, left=left, count=len(plan)))
    position = where(t, fid)
    blind = False  # after a battle or a siege, later positions are unknown
    for i, action in enumerate(plan):
        apath = f"{path}/{i}"
        if not isinstance(action, dict) or action.get("act") not in ACTS:
            errors.append(error("action.unknown", apath, act=action.get("act") if isinstance(action, dict) else action))
            continue
        act = action["act"]
        unknown = set(action) - {"act", "path", "to", "city", "battle", "surrender", "target", "office", "units",
                                 "force", "fleet", "land"}
        for field in sorted(unknown):
            errors.append(error("orders.unknown_field", f"{apath}/{field}", field=field, kind=act))
        if "battle" in action:
            errors += _validate_battle_plan(t, fid, action["battle"], f"{apath}/battle")
        if act in ("move", "intimidate", "siege", "negotiate"):
            route = action.get("path")
            to = action.get("to")
            if route is not None and (not isinstance(route, list) or not all(isinstance(h, str) for h in route)):
                errors.append(error("orders.type", f"{apath}/path", field="path"))
                continue
            if to is not None and not isinstance(to, str):
                errors.append(error("orders.type", f"{apath}/to", field="to"))
                continue
            for h in (route or []) + ([to] if to else []):
                if h not in t.d.map.terrain:
                    errors.append(error("move.unknown_hex", f"{apath}/path", hex=h))
            if any(e.code == "move.unknown_hex" for e in errors):
                continue
            dest = position
            if not blind and route:
                problem, _c, j = check_path(t, fid, route, start=position)
                if problem:
                    bad = (route[1:] if route and route[0] == position else route)
                    errors.append(error(problem, f"{apath}/path/{j}", hex=bad[j] if j < len(bad) else route[-1]))
                    continue
                dest = route[-1]
            elif not blind and to:
                if to != position and to not in reachable(t, fid, start=position):
                    errors.append(error("move.too_far", f"{apath}/to", hex=to))
                    continue
                dest = to
            elif route:
                dest = route[-1]
            elif to:
                dest = to
            if act == "move" and (route or to):
                if not blind and dest == position:
                    errors.append(error("move.empty", apath))
                    continue
                enemies = nonroman_outside(st, dest)
                if enemies and not blind:
                    code = may_strike(t, fid, st["forces"][enemies[0]].get("people"), hex_=dest)
                    if code:
                        errors.append(error(code, apath, people=st["forces"][enemies[0]].get("people")))
                    blind = True
            elif act == "move":
                errors.append(error("move.empty", apath))
            if act in ("intimidate", "siege", "negotiate"):
                cid = action.get("city")
                if cid not in t.d.cities:
                    errors.append(error("city.target", f"{apath}/city", city=cid, act=act))
                    continue
                if not blind and t.d.cities[cid]["hex"] != dest:
                    errors.append(error("city.not_here", f"{apath}/city", city=cid))
                    continue
                if not blind:
                    code = may_strike(t, fid, t.d.cities[cid]["peoples"][0], city=cid)
                    if code:
                        errors.append(error(code, apath, people=t.d.cities[cid]["peoples"][0]))
                    city = st["cities"][cid]
                    if city["roman"] or not city["active"]:
                        errors.append(error("city.target", f"{apath}/city", city=cid, act=act))
                    elif act == "intimidate" and city["garrison"] == 0 and not any(
                            t.d.units[u]["arm"] == "inf" for u in st["forces"][fid]["units"]):
                        errors.append(error("city.target", f"{apath}/city", city=cid, act=act))
                    elif act == "negotiate" and city["garrison"] == 0:
                        errors.append(error("city.target", f"{apath}/city", city=cid, act=act))
                for field in ("surrender", "target"):
                    if field in action and action[field] not in ("garrison", "leader"):
                        errors.append(error("orders.type", f"{apath}/{field}", field=field))
                blind = blind or act == "siege"
            position = dest
        elif act == "detach":
            units = action.get("units")
            if not isinstance(action.get("office"), str) or not isinstance(units, list) or len(units) < 2:
                errors.append(error("detach.invalid", apath))
        elif act == "merge":
            if not isinstance(action.get("force"), str):
                errors.append(error("merge.invalid", apath))
        elif act == "sail":
            sid = action.get("fleet")
            route = action.get("path")
            if not isinstance(sid, str) or sid not in st["ships"] or not isinstance(route, list) or \
                    not all(isinstance(h, str) and h in t.d.map.terrain for h in route):
                errors.append(error("sail.invalid", apath))
                continue
            if not blind:
                if st["ships"][sid].get("at") != position:
                    errors.append(error("sail.invalid", apath))
                    continue
                problem, landing = check_sail(t, position, route, ROMAN)
                if problem:
                    errors.append(error("sail.invalid", apath))
                    continue
                position = landing or position
    return errors


def _validate_actions(t: Table, role: str, orders: dict) -> list:
    st = t.st
    errors = []
    armies = orders.get("armies") or {}
    if not isinstance(armies, dict):
        return [error("orders.type", "/armies", field="armies")]
    mine = my_armies(t, role)
    for fid in sorted(armies):
        if fid not in mine:
            errors.append(error("army.unknown", f"/armies/{fid}", force=fid))
            continue
        errors += _validate_plan(t, fid, armies[fid], f"/armies/{fid}", st["turn_state"]["allowance"][fid])
    fleets = orders.get("fleets") or {}
    if not isinstance(fleets, dict):
        return errors + [error("orders.type", "/fleets", field="fleets")]
    for sid in sorted(fleets):
        if sid not in my_fleets(t, role) or not isinstance(fleets[sid], list):
            errors.append(error("fleet.unknown", f"/fleets/{sid}", fleet=sid))
            continue
        for i, action in enumerate(fleets[sid]):
            if not isinstance(action, dict) or action.get("act") != "sail" or not isinstance(action.get("path"), list):
                errors.append(error("sail.invalid", f"/fleets/{sid}/{i}"))
    return errors


# -- battle ---------------------------------------------------------------------------------------


def _battle_sides(t: Table, role: str) -> list[tuple[str, str, str]]:
    ctx = t.st["pending"]["context"]
    out = []
    for side in ("attacker", "defender"):
        fid = ctx[side]
        if fid in t.st["forces"] and force_controller(t, fid) == role:
            out.append((side, fid, ctx["defender" if side == "attacker" else "attacker"]))
    return out


def _battle_options(t: Table, role: str) -> dict:
    st = t.st
    sides = _battle_sides(t, role)
    if not sides:
        return {}
    side, fid, enemy = sides[0]
    force = st["forces"][fid]
    e = st["forces"][enemy]
    roman = force["side"] == ROMAN
    return {"side": side, "force": fid, "hex": force["hex"], "roman": roman,
            "leaders": list(force["offices"]) if roman else ([force["leader"]] if force.get("leader") else []),
            "units": list(force["units"]),
            "enemy": {"force": enemy, "units": list(e["units"]), "leader": e.get("leader") or leading_office(t, enemy),
                      "people": e.get("people")},
            "withdraw": (not roman and side == "defender" and _walls_for(t, fid, force["hex"]) and _may_withdraw(t, fid, enemy)),
            "spolia": roman and bool(force["offices"]) and bool(e.get("leader")),
            "tactics": ["attack", "defence"], "boxes": ["right", "centre", "left", "reserve"]}


def _battle_default(t: Table, role: str) -> dict:
    sides = _battle_sides(t, role)
    if not sides:
        return {}
    _side, fid, enemy = sides[0]
    return {"tactic": auto_tactic(t, fid, enemy)}


def _validate_battle_plan(t: Table, fid: str, plan, path: str, need_tactic: bool = False) -> list:
    if not isinstance(plan, dict):
        return [error("orders.type", path, field="battle")]
    errors = []
    force = t.st["forces"].get(fid) or {}
    for field in sorted(set(plan) - FIELDS["battle"] - {"policy"}):
        errors.append(error("orders.unknown_field", f"{path}/{field}", field=field, kind="battle"))
    tactic = plan.get("tactic")
    allowed = ("attack", "defence") if need_tactic else ("attack", "defence", "ask")
    if (tactic is not None or need_tactic) and tactic not in allowed:
        errors.append(error("battle.tactic", f"{path}/tactic"))
    for field in ("spolia", "withdraw"):
        if field in plan and not isinstance(plan[field], bool):
            errors.append(error("orders.type", f"{path}/{field}", field=field))
    if "leader" in plan:
        leaders = list(force.get("offices") or []) + ([force["leader"]] if force.get("leader") else [])
        if plan["leader"] not in leaders:
            errors.append(error("battle.leader", f"{path}/leader", leader=plan["leader"]))
    if "front" in plan and (not isinstance(plan["front"], list) or not all(u in (force.get("units") or []) for u in plan["front"])):
        errors.append(error("battle.front", f"{path}/front"))
    if "cavalry" in plan:
        cav = plan["cavalry"]
        if not isinstance(cav, list) or len(set(map(str, cav))) != len(cav) or not all(
                u in (force.get("units") or []) and t.d.units[u]["arm"] == "cav" for u in cav):
            errors.append(error("battle.cavalry", f"{path}/cavalry"))
    if "leader_box" in plan and plan["leader_box"] not in ("right", "centre", "left", "reserve"):
        errors.append(error("battle.box", f"{path}/leader_box"))
    return errors


def _validate_battle(t: Table, role: str, orders: dict) -> list:
    sides = _battle_sides(t, role)
    if not sides:
        return [error("orders.no_decision", "", role=role)]
    return _validate_battle_plan(t, sides[0][1], {k: v for k, v in orders.items() if k != "policy"}, "", need_tactic=True)


# -- triumph votes ---------------------------------------------------------------------------------


def _triumph_options(t: Table, role: str) -> dict:
    ctx = t.st["pending"]["context"]
    rec = t.st["offices"].get(ctx["office"]) or {}
    return {"office": ctx["office"], "curia": rec.get("curia"), "gens": rec.get("gens"), "how": ctx["how"]}


def _triumph_default(t: Table, role: str) -> dict:
    ctx = t.st["pending"]["context"]
    rec = t.st["offices"].get(ctx["office"]) or {}
    return {"accept": rec.get("curia") in curiae_of(t.st, role)}


def _validate_triumph(t: Table, role: str, orders: dict) -> list:
    if "accept" in orders and not isinstance(orders["accept"], bool):
        return [error("triumph.accept", "/accept")]
    return []


# -- expeditions -----------------------------------------------------------------------------------


def my_expeditions(t: Table, role: str) -> list[str]:
    return [f for f in expedition_forces(t) if nonroman_controller(t, f) == role]


def _expeditions_options(t: Table, role: str) -> dict:
    st = t.st
    out = {}
    for fid in my_expeditions(t, role):
        force = st["forces"][fid]
        out[fid] = {"war": force.get("war"), "people": force.get("people"), "leader": force.get("leader"),
                    "hex": force["hex"], "actions": actions_of(t, fid), "goal": goal(t, fid),
                    "units": list(force["units"]), "compulsory": compulsory(t, fid),
                    "reach": sorted(reachable(t, fid)),
                    "targets": [{"kind": k, "target": tg, "path": p} for _c, k, tg, p in targets_in_reach(t, fid)]}
    return {"forces": out}


def _expeditions_default(t: Table, role: str) -> dict:
    return {"forces": {f: "auto" for f in my_expeditions(t, role)}}


def _validate_expeditions(t: Table, role: str, orders: dict) -> list:
    forces = orders.get("forces") or {}
    if not isinstance(forces, dict):
        return [error("orders.type", "/forces", field="forces")]
    errors = []
    mine = my_expeditions(t, role)
    for fid in sorted(forces):
        plan = forces[fid]
        if fid not in mine:
            errors.append(error("expedition.force", f"/forces/{fid}", force=fid))
            continue
        if plan == "auto":
            continue
        if not isinstance(plan, list):
            errors.append(error("orders.type", f"/forces/{fid}", field=fid))
            continue
        if len(plan) > actions_of(t, fid):
            errors.append(error("plan.too_long", f"/forces/{fid}", force=fid, left=actions_of(t, fid), count=len(plan)))
        for i, action in enumerate(plan):
            if not isinstance(action, dict) or action.get("act") not in ("move", "attack", "end"):
                errors.append(error("action.unknown", f"/forces/{fid}/{i}", act=action.get("act") if isinstance(action, dict) else action))
                continue
            route = action.get("path")
            if route is not None and (not isinstance(route, list) or not all(isinstance(h, str) and h in t.d.map.terrain for h in route)):
                errors.append(error("orders.type", f"/forces/{fid}/{i}/path", field="path"))
                continue
            if i == 0:
                code = check_nr_action(t, fid, action)
                if code:
                    errors.append(error(code if code in _KNOWN else "expedition.target", f"/forces/{fid}/{i}",
                                        hex=(route or ["?"])[-1], people="", act=action.get("act")))
    return errors


_KNOWN = {"move.not_adjacent", "move.not_land", "move.too_far", "move.river_stops", "move.enemy_stops",
          "expedition.target", "expedition.toward_rome", "expedition.range", "action.unknown"}


OPTIONS = {"candidates": _candidates_options, "political": _political_options, "actions": _actions_options,
           "battle": _battle_options, "triumph_vote": _triumph_options, "expeditions": _expeditions_options}
DEFAULTS = {"candidates": _candidates_default, "political": lambda t, r: political_default(t.st, r),
            "actions": _actions_default, "battle": _battle_default, "triumph_vote": _triumph_default,
            "expeditions": _expeditions_default}
VALIDATORS = {"candidates": _validate_candidates, "political": _validate_political, "actions": _validate_actions,
              "battle": _validate_battle, "triumph_vote": _validate_triumph, "expeditions": _validate_expeditions}


def validate(st: dict, role: str, orders) -> list:
    pending = st.get("pending")
    if st.get("result") is not None or not pending or role not in pending["roles"]:
        return [error("orders.no_decision", "", role=role)]
    if not isinstance(orders, dict):
        return [error("orders.shape", "")]
    kind = pending["kind"]
    errors = []
    for field in sorted(orders):
        if field != "policy" and field not in FIELDS[kind]:
            errors.append(error("orders.unknown_field", f"/{field}", field=field, kind=kind))
    if "policy" in orders:
        gentes = {g for c in curiae_of(st, role) for g in data().gentes_of(c)}
        for path, key in pol.problems(orders["policy"], gentes, curiae_of(st, role)):
            errors.append(error("policy.invalid", "/policy" + path, key=key))
    t = table(st)
    try:
        errors += VALIDATORS[kind](t, role, orders)
    except (TypeError, KeyError, AttributeError, ValueError) as exc:  # a malformed value the checks above missed
        errors.append(error("orders.type", "", field=type(exc).__name__))
    return errors


def all_roles(st: dict) -> list[str]:
    return roles(st)


def unused(*_a) -> None:
    return None


_ = (NONROMAN, king_key, force_of_office)
