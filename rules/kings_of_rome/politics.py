"""The offices (§5): the Romulus era (secret General, Diarchy), the King's special Rogatio
and its paid reroll, Inauguratio and the Interrex, the Rogatio, the Pontifex, the head of
the Senate, the Secret Name of Rome, the Magistri, the Generals, the Tribunes and their
Praecepta, the Fides and the People's consent, recruitment and the Senate's upgrades."""

from __future__ import annotations

from rules.kings_of_rome import cup
from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.data import CURIAE
from rules.kings_of_rome.forces import office_army, take_office_out, take_units
from rules.kings_of_rome.offices import choose_gens, curia_can_take, end_office, end_royal_appointees, install
from rules.kings_of_rome.placement import place_nonroman_leader
from rules.kings_of_rome.roles import inactive_seats, king_seat, senate_seat
from rules.kings_of_rome.state import (
    MAGISTRI, ROMAN, ROME, TRIBUNES, Table, curiae_of, force_of_office, gain, king_curia, king_key, put_leader, put_unit,
    roles, seat_of,
)
from rules.kings_of_rome.forces import room

ELECTIVE = ("rex", "pontifex", "senate")


# -- Romulus (§5.1, §5.1.1, §3.2.2) ---------------------------------------------------------------


def reveal_secret_general(t: Table) -> None:
    st = t.st
    rec = st["offices"].get("sg")
    if not rec or not rec.get("hidden"):
        return
    rec.pop("hidden")
    lead = rec["leader"]
    t.emit("secret_general", leader=lead, curia=rec["curia"], controller=seat_of(st, rec["curia"]))
    gain(t, rec["curia"], t.T["setup"]["secret_general_ip"], "secret-general")  # L548-550
    if lead == "titus-tatius":
        diarchy(t)


def diarchy(t: Table) -> None:
    """Titus Tatius (§5.1.1): the King's player names a General of his Curia drawn at random,
    the Sabine Curia's owner a Sabine one; each excluded player rolls 1d6, a 1 gives 1 IP."""
    st = t.st
    kc = king_curia(st)
    named = []
    pick = sorted(g for g in t.d.gentes_of(kc) if not _gens_in_office(st, g))
    if pick:
        gens = t.pick(pick, "diarchy: the King's General")
        key = _next_general_key(st)
        install(t, key, kc, gens, diarchy=True)
        take_units(t, office_army(t, key), "inf", t.T["elections"]["general"]["inf"])
        take_units(t, office_army(t, key), "cav", t.T["elections"]["general"]["cav"])
        named.append(key)
    sab = choose_gens(t, "sabina")
    if sab:
        key = _next_general_key(st)
        install(t, key, "sabina", sab, diarchy=True)
        take_units(t, office_army(t, key), "inf", t.T["elections"]["general"]["inf"])
        take_units(t, office_army(t, key), "cav", t.T["elections"]["general"]["cav"])
        named.append(key)
    t.emit("diarchy", generals=named)
    takers = {seat_of(st, kc), seat_of(st, "sabina")}
    for role in roles(st):
        if role in takers:
            continue
        roll = t.d6(f"diarchy: {role}")
        won = roll == t.T["setup"]["diarchy_roll_bonus"]["face"]
        t.emit("diarchy_roll", role=role, roll=roll, won=won)
        if won:
            gain(t, curiae_of(st, role)[0], t.T["setup"]["diarchy_roll_bonus"]["ip"], "diarchy")


def _gens_in_office(st: dict, gens: str) -> bool:
    return any(rec and rec.get("gens") == gens for rec in st["offices"].values())


def _next_general_key(st: dict) -> str:
    n = 1
    while f"gen-{n}" in st["offices"]:
        n += 1
    return f"gen-{n}"


def first_general_after_election(t: Table, previous_curia: str | None) -> None:
    """§3.2.2: at the first royal election the secret General stays while the King is still
    Latin; if the royal Curia changes he turns non-Roman, goes to the city of his people with
    the strongest garrison, and his army stays where it is."""
    st = t.st
    rec = st["offices"].get("sg")
    if not rec:
        return
    if king_curia(st) == previous_curia == "latina":
        return
    lead = rec["leader"]
    take_office_out(t, "sg")
    del st["offices"]["sg"]
    place_nonroman_leader(t, lead, prefer="garrison")
    t.emit("secret_general_leaves", leader=lead)


# -- elections ------------------------------------------------------------------------------------


def king_election_due(st: dict) -> bool:
    first = 4
    return st["turn"] >= first and ((st["turn"] - first) % 3 == 0 or st.get("repeat_king_election", False))


def cycle_election_due(st: dict) -> bool:
    return st["turn"] >= 4 and (st["turn"] - 4) % 3 == 0


def _most_ip(st: dict, curiae: list[str]) -> str | None:
    best = max(st["ip"][c] for c in curiae)
    top = [c for c in curiae if st["ip"][c] == best]
    return top[0] if len(top) == 1 else None


def king_election(t: Table, candidates: dict[str, str], office: str = "rex") -> str | None:
    """The King's special Rogatio (§5.2.1): each Curia's candidate rolls 1d6, +1 for the
    Curia with the most IP, -1 for the outgoing King's; once a turn a Curia may pay 2 IP to
    reroll (standing policy ``king_reroll``); ties go to the most IP, then a reroll of the
    tied (A-12)."""
    st = t.st
    ts = st["turn_state"]
    runners = [c for c in CURIAE if candidates.get(c)]
    if not runners:
        return None
    most = _most_ip(st, list(CURIAE))
    outgoing = st.get("last_king_curia")
    el = t.T["elections"]["king"]
    mods = {c: (el["most_ip"] if c == most else 0) + (el["outgoing_curia"] if c == outgoing else 0) for c in runners}
    rolls = {}
    for c in runners:
        rolls[c] = t.d6(f"{office} election: {c}")
    totals = {c: rolls[c] + mods[c] for c in runners}
    t.emit("king_rolls", office=office, candidates={c: candidates[c] for c in runners}, rolls=dict(rolls),
           modifiers=dict(mods), totals=dict(totals))
    rerolled = ts.setdefault("rerolled", [])
    changed = True
    while changed:
        changed = False
        leader = _leader(st, totals)
        for c in sorted(runners, key=lambda c: (totals[c], CURIAE.index(c))):
            if c == leader or c in rerolled:
                continue
            threshold = pol.get(st, seat_of(st, c), "king_reroll")
            if threshold is None or st["ip"][c] - el["reroll_cost"] < threshold:
                continue
            rerolled.append(c)
            gain(t, c, -el["reroll_cost"], "king-reroll")
            roll = t.d6(f"{office} election reroll: {c}")
            totals[c] = roll + mods[c]
            t.emit("king_reroll", office=office, curia=c, roll=roll, total=totals[c])
            changed = True
            break
    winner = _leader(st, totals)
    while winner is None:  # still tied after IP: reroll the tied only
        top = max(totals.values())
        tied = [c for c in runners if totals[c] == top]
        for c in tied:
            totals[c] = t.d6(f"{office} election tie: {c}") + mods[c]
        for c in runners:
            if c not in tied:
                totals[c] = -99
        t.emit("election_tie", office=office, tied=tied, totals={c: totals[c] for c in tied})
        winner = _leader(st, totals)
    return winner


def _leader(st: dict, totals: dict[str, int]) -> str | None:
    top = max(totals.values())
    tied = [c for c in totals if totals[c] == top]
    if len(tied) == 1:
        return tied[0]
    best_ip = max(st["ip"][c] for c in tied)
    richest = [c for c in tied if st["ip"][c] == best_ip]
    return richest[0] if len(richest) == 1 else None


def rogatio(t: Table, office: str, candidates: dict[str, str], bonus: dict[str, int] | None = None) -> str | None:
    """§5.2.3: the tokens are drawn at random; the first has the royal favour (1d6+2), the
    others roll 1d6; the highest wins, ties to the most IP, then the tied reroll (A-12)."""
    bonus = bonus or {}
    runners = [c for c in CURIAE if candidates.get(c)]
    if not runners:
        return None
    order = []
    left = list(runners)
    while left:
        c = t.pick(sorted(left), f"rogatio {office}: draw order")
        order.append(c)
        left.remove(c)
    totals, rolls = {}, {}
    for i, c in enumerate(order):
        rolls[c] = t.d6(f"rogatio {office}: {c}")
        totals[c] = rolls[c] + bonus.get(c, 0) + (t.T["elections"]["rogatio"]["royal_favour"] if i == 0 else 0)
    t.emit("rogatio", office=office, order=order, candidates={c: candidates[c] for c in order}, rolls=rolls,
           bonus={c: bonus.get(c, 0) for c in order}, totals=dict(totals))
    winner = _leader(t.st, totals)
    while winner is None:
        top = max(totals.values())
        tied = [c for c in order if totals[c] == top]
        for c in order:
            totals[c] = t.d6(f"rogatio {office} tie: {c}") + bonus.get(c, 0) if c in tied else -99
        t.emit("election_tie", office=office, tied=tied, totals={c: totals[c] for c in tied})
        winner = _leader(t.st, totals)
    return winner


def candidates_for(t: Table, office: str, submitted: dict, curiae: list[str]) -> dict[str, str]:
    """Each Curia's candidate: the one its seat submitted if still free, else its first free
    Gens; a Curia with two offices this turn or no free Gens does not run."""
    out = {}
    for c in curiae:
        wanted = ((submitted.get(seat_of(t.st, c)) or {}).get("candidates") or {}).get(c, {}).get(office)
        gens = choose_gens(t, c, wanted)
        if gens:
            out[c] = gens
    return out


def run_elections(t: Table, submitted: dict) -> None:
    """An election turn's elections in their order (§5.2.2): King, Inauguratio (and the
    Interrex), Pontifex, head of the Senate."""
    st = t.st
    if king_election_due(st):
        previous = st.get("last_king_curia")
        winner = king_election(t, candidates_for(t, "rex", submitted, list(CURIAE)))
        if winner:
            cands = candidates_for(t, "rex", submitted, [winner])
            install(t, "rex", winner, cands[winner])
            st["offices"].pop("interrex", None)
            st["repeat_king_election"] = False
            t.emit("elected", office="rex", curia=winner, gens=cands[winner])
            if not inauguratio(t, winner, previous):
                deposed = st["offices"].pop("rex")
                st["turn_offices"] = [x for x in st["turn_offices"] if x[0] != "rex"]
                st["turn_offices"].append(["deposed", deposed["gens"], deposed["curia"]])
                st["repeat_king_election"] = True
                inter = king_election(t, candidates_for(t, "rex", submitted, list(CURIAE)), office="interrex")
                if inter:
                    gens = candidates_for(t, "rex", submitted, [inter])[inter]
                    install(t, "interrex", inter, gens)
                    t.emit("elected", office="interrex", curia=inter, gens=gens)
            else:
                st["last_king_curia"] = winner
                st["reign"] = {"romanized_majors": [], "started": st["turn"]}
            if st["turn"] == 4:
                first_general_after_election(t, previous)
    if cycle_election_due(st):
        winner = rogatio(t, "pontifex", candidates_for(t, "pontifex", submitted, list(CURIAE)))
        if winner:
            gens = candidates_for(t, "pontifex", submitted, [winner])[winner]
            install(t, "pontifex", winner, gens)
            t.emit("elected", office="pontifex", curia=winner, gens=gens)
            gain(t, winner, t.T["elections"]["pontifex_ip"], "pontifex")
        senate_election(t, submitted)


def senate_participants(t: Table) -> tuple[str, list[str]]:
    """('name', [seat]) when one seat is inactive (it names the head, §5.4.1a), ('rogatio',
    Curiae) when several are (§5.4.1b, A-14), or every Curia when none is (§3.1.1)."""
    idle = inactive_seats(t.st)
    if len(idle) == 1:
        return "name", idle
    if not idle:
        return "rogatio", list(CURIAE)
    return "rogatio", [c for c in CURIAE if seat_of(t.st, c) in idle]


def senate_election(t: Table, submitted: dict) -> None:
    st = t.st
    how, who = senate_participants(t)
    if how == "name":
        role = who[0]
        options = candidates_for(t, "senate", submitted, curiae_of(st, role))
        if not options:
            return
        # the inactive player gives the office to the Gens he chose (L680-682): a Curia of his
        # for which he put up a Senate candidate comes first; else his strongest Gens
        put_up = ((submitted.get(role) or {}).get("candidates") or {})
        chosen = {c: g for c, g in options.items() if (put_up.get(c) or {}).get("senate") == g}
        pool_ = chosen or options
        curia = max(pool_, key=lambda c: (t.d.gentes[pool_[c]]["virtus"], -CURIAE.index(c)))
        gens = options[curia]
        t.emit("senate_named", role=role, curia=curia, gens=gens)
    else:
        cands = candidates_for(t, "senate", submitted, who)
        if not cands:
            return
        sen = t.T["elections"]["senate"]
        most = _most_ip(st, list(cands))
        bonus = {}
        for c in sorted(cands):
            bid = int(((submitted.get(seat_of(st, c)) or {}).get("bids") or {}).get(c, 0) or 0)
            bid = max(0, min(bid, sen["bid_max"], st["ip"][c]))
            if bid:
                gain(t, c, -bid * sen["bid_cost"], "senate-bid")
            bonus[c] = bid + (sen["most_ip"] if c == most else 0)
        curia = rogatio(t, "senate", cands, bonus)
        gens = cands[curia]
    install(t, "senate", curia, gens)
    t.emit("elected", office="senate", curia=curia, gens=gens)
    gain(t, curia, t.T["elections"]["senate"]["ip"], "senate")


def inauguratio(t: Table, winner: str, previous: str | None) -> bool:
    """§5.3.2: the auspices are favourable unless the Pontifex rolls 5-6 (+1 when the new
    King is of the last King's Curia). The server rolls even before a Pontifex exists (A-10)."""
    ins = t.T["elections"]["inauguratio"]
    roll = t.d6("inauguratio")
    mod = ins["same_curia"] if winner == previous else 0
    favourable = roll + mod < ins["unfavourable_from"]
    t.emit("inauguratio", roll=roll, modifier=mod, favourable=favourable, curia=winner)
    return favourable


# -- the Secret Name of Rome (§5.3.3, T7) -----------------------------------------------------------


def secret_name(t: Table) -> None:
    st = t.st
    if st.get("secret_name_revealed") or not st["offices"].get("pontifex") or not king_key(st):
        return
    ts = st["turn_state"]
    if ts.get("secret_name_asked"):
        return
    ts["secret_name_asked"] = True
    sen = senate_seat(st)
    if sen is not None and sen != king_seat(st) and pol.get(st, sen, "secret_name") != "yes":
        t.emit("secret_name_refused", role=sen)
        return
    a, b = t.d6("secret name"), t.d6("secret name")
    reading = t.T["secret_name"]["readings"][st["options"]["secret_name_table"]]
    result = reading[a + b]
    t.emit("secret_name", dice=[a, b], total=a + b, result=result,
           unreadable=(a + b) in t.T["secret_name"]["unreadable"])
    el = t.T["elections"]["secret_name"]
    kc = king_curia(st)
    if result == "revelation":
        st["secret_name_revealed"] = True
        if st["offices"].get("senate"):
            gain(t, st["offices"]["senate"]["curia"], el["revelation_senate"], "secret-name")
    elif result == "king":
        gain(t, kc, el["king_blamed"], "secret-name")
    else:
        gain(t, kc, el["senate_blamed_king"], "secret-name")


# -- appointments ------------------------------------------------------------------------------------


def magister_curiae(t: Table) -> list[str]:
    """Curiae the King may give a Magister to: not his own (L898-899), with room."""
    kc = king_curia(t.st)
    return [c for c in CURIAE if c != kc and curia_can_take(t, c)]


def name_magister(t: Table, key: str, curia: str, ex_officio: bool) -> bool:
    st = t.st
    if key in st["offices"] or curia == king_curia(st) or not curia_can_take(t, curia):
        return False
    el = t.T["elections"]["magister"]
    kc = king_curia(st)
    if key == "me" and "mp" not in st["offices"]:
        return False  # the Equitum needs a Magister Populi in office, drawn or ex officio
    if ex_officio:
        if st["turn_state"].get("magister_ex_officio") or st["ip"][kc] < el["ex_officio_cost"]:
            return False
        st["turn_state"]["magister_ex_officio"] = key
        gain(t, kc, -el["ex_officio_cost"], "magister-ex-officio")
        cup.take(t, f"office-{key}")
    gens = choose_gens(t, curia)
    install(t, key, curia, gens, named_by=st["offices"][king_key(st)]["gens"])
    fid = office_army(t, key)
    got = take_units(t, fid, "cav" if key == "me" else None, el["units"], ("pool", "stock"))
    t.emit("appointed", office=key, curia=curia, gens=gens, units=got, ex_officio=ex_officio)
    gain(t, curia, el["populi_ip"] if key == "mp" else el["equitum_ip"], "magister")
    return True


def name_general(t: Table) -> bool:
    """§5.5.4: the King, at home on the Rome map, names a General of his Curia (D-17) when 4
    infantry wait in Rome; 2 IP; no Curia gains IP."""
    st = t.st
    kk = king_key(st)
    kc = king_curia(st)
    el = t.T["elections"]["general"]
    fid = force_of_office(st, kk)
    at_home = fid is None or st["forces"][fid]["hex"] == ROME
    infantry = [u for u in st["pool"] if t.d.units[u]["arm"] == "inf"]
    if not at_home or len(infantry) < el["inf"] or st["ip"][kc] < el["cost"] or not curia_can_take(t, kc):
        return False
    gens = choose_gens(t, kc)
    key = _next_general_key(st)
    gain(t, kc, -el["cost"], "general")
    install(t, key, kc, gens, named_by=st["offices"][kk]["gens"])
    army = office_army(t, key)
    got = take_units(t, army, "inf", el["inf"]) + take_units(t, army, "cav", el["cav"])
    t.emit("appointed", office=key, curia=kc, gens=gens, units=got, ex_officio=False)
    return True


def name_tribune(t: Table, key: str, how: str, curia: str | None, praeceptum: dict, join: str | None) -> bool:
    """§5.4.3-§5.4.5: a drawn Tribune is given directly (1 IP from the Senate's Curia) or by a
    Rogatio with +1 for the Senate's Curia; ex officio costs 2 IP. His Curia gains 1 IP; he
    takes 2 units from Rome's pool (A-17), cavalry for the Celerum."""
    st = t.st
    el = t.T["elections"]["tribune"]
    sen = st["offices"].get("senate") or {}
    payer = sen.get("curia") or king_curia(st)
    if key in st["offices"]:
        return False
    if key == "tc" and not any(k in st["offices"] for k in ("tp1", "tp2")):
        return False  # the Celerum needs a Tribunus Populi in play (L934-938, A-27)
    if how == "ex_officio":
        if st["ip"][payer] < el["ex_officio_cost"] or st["chits"].get(f"office-{key}") != "cup":
            return False
    if how == "rogatio" or (curia is not None and not curia_can_take(t, curia)):
        cands = {c: g for c, g in ((c, choose_gens(t, c)) for c in CURIAE) if g}
        if not cands:
            return False
        curia = rogatio(t, key, cands, {payer: el["rogatio_senate_bonus"]} if how != "ex_officio" else {})
        how_used = "rogatio"
    else:
        if curia is None or not curia_can_take(t, curia):
            return False
        how_used = how
    if how == "ex_officio":
        gain(t, payer, -el["ex_officio_cost"], "tribune-ex-officio")
        cup.take(t, f"office-{key}")
    elif how_used == "direct":
        if st["ip"][payer] < el["direct_cost"]:
            return False
        gain(t, payer, -el["direct_cost"], "tribune-direct")
    gens = choose_gens(t, curia)
    install(t, key, curia, gens, praeceptum=praeceptum)
    army = office_army(t, key)
    got = take_units(t, army, "cav" if key == "tc" else None, el["units"])
    if len(got) < 2 and join and force_of_office(st, join) is not None:
        # no troops: he joins the King's or a Magister's army as a subordinate (L748-756)
        for uid in got:
            put_unit(t, uid, "pool", ROMAN)
        take_office_out(t, key)
        st["forces"][force_of_office(st, join)]["offices"].append(key)
        got = []
    t.emit("appointed", office=key, curia=curia, gens=gens, units=got, how=how_used, praeceptum=praeceptum)
    gain(t, curia, el["ip"], "tribune")
    return True


def consent(t: Table) -> None:
    """§5.4.6: the King rolls for the People's consent to the Fides war: 4-6, 5-6 against the
    Etruscans and Osci; a refusal costs the King's Curia 1 IP and leaves the war to the
    Tribunes."""
    st = t.st
    ts = st["turn_state"]
    nation = ts.get("fides")
    if not nation or not king_key(st):
        return
    need = t.d.peoples[nation]["consent"]
    roll = t.d6("consent")
    ts["consent"] = roll >= need
    t.emit("consent", nation=nation, roll=roll, need=need, granted=ts["consent"])
    if not ts["consent"]:
        gain(t, king_curia(st), t.T["elections"]["consent"]["refused_king"], "consent")


def recruit(t: Table, key: str, inf: int, cav: int) -> list[str]:
    """§5.8.1: the King's Curia pays 1 IP an infantry, 2 a cavalry, units from Rome's pool
    into an army of the King, a Magister or a General, within its room."""

    st = t.st
    kc = king_curia(st)
    fid = force_of_office(st, key)
    if fid is None:
        fid = office_army(t, key)
    got = []
    for arm, n, price in (("inf", inf, 1), ("cav", cav, 2)):
        for _ in range(n):
            ri, rc = room(t, fid)
            if (arm == "inf" and ri <= 0) or (arm == "cav" and rc <= 0) or st["ip"][kc] < price:
                break
            taken = take_units(t, fid, arm, 1)
            if not taken:
                break
            gain(t, kc, -price, "recruit")
            got += taken
    if got:
        t.emit("recruited", office=key, units=got)
    return got


def promote(t: Table, uid: str) -> bool:
    """§5.8.1a: 1 IP, a Roman unit on the map swaps with a pool counter one class better."""
    st = t.st
    payer = (st["offices"].get("senate") or {}).get("curia")
    loc = st["units"][uid]["at"]
    if not payer or st["ip"][payer] < 1 or loc not in st["forces"] or st["forces"][loc]["side"] != ROMAN:
        return False
    klass = t.d.units[uid]["class"]
    better = {"II": "I", "III": "II", "IV": "III", "V": "IV"}.get(klass)
    arm = t.d.units[uid]["arm"]
    swap = [u for u in st["pool"] if t.d.units[u]["arm"] == arm and t.d.units[u]["class"] == better]
    if not better or not swap:
        return False
    gain(t, payer, -1, "promote")
    put_unit(t, swap[0], loc, ROMAN)
    put_unit(t, uid, "pool", ROMAN)
    t.emit("promoted", unit=uid, by=swap[0])
    return True


def reinforce_garrison(t: Table, cid: str) -> bool:
    st = t.st
    payer = (st["offices"].get("senate") or {}).get("curia")
    city = st["cities"].get(cid)
    if not payer or not city or not city["roman"] or city["garrison"] >= 3 or st["ip"][payer] < 1:
        return False
    gain(t, payer, -1, "garrison")
    city["garrison"] += 1
    t.emit("garrison", city=cid, value=city["garrison"], why="senate")
    return True


def transfer_garrison(t: Table, source: str, dest: str, points: int) -> bool:
    st = t.st
    payer = (st["offices"].get("senate") or {}).get("curia")
    a, b = st["cities"].get(source), st["cities"].get(dest)
    if not payer or not a or not b or not a["roman"] or not b["roman"] or source == dest:
        return False
    points = min(points, a["garrison"], 3 - b["garrison"], st["ip"][payer])
    if points <= 0:
        return False
    gain(t, payer, -points, "garrison-transfer")
    a["garrison"] -= points
    b["garrison"] += points
    t.emit("garrison_transfer", source=source, dest=dest, points=points)
    return True


def apply_political(t: Table, orders_by_role: dict) -> None:
    """The political orders of the King's and the Senate head's seats, in the order of
    §5.2.2 (Magistri before Tribunes), then the Secret Name, Fides and consent, recruitment
    and the Senate's upgrades."""
    st = t.st
    ts = st["turn_state"]
    ks, ss = king_seat(st), senate_seat(st)
    king = orders_by_role.get(ks) or {}
    senate = orders_by_role.get(ss) or {} if ss else {}
    activated = list(ts.get("activated", []))
    # Magistri: the drawn chits first, then at most one ex officio
    for order in king.get("magistri") or []:
        key = order.get("office")
        ok = name_magister(t, key, order.get("curia"), ex_officio=key not in activated)
        if ok and key in activated:
            activated.remove(key)
    for key in sorted((k for k in activated if k in MAGISTRI), key=MAGISTRI.index):
        # a drawn Magister the King did not give (or could not): the first Curia that can;
        # the Populi first, so that a drawn Equitum finds him in office
        options = magister_curiae(t)
        if not (options and name_magister(t, key, _default_magister_curia(t, options), ex_officio=False)):
            cup.add(t, f"office-{key}")
            t.emit("office_unfilled", office=key)
        activated.remove(key)
    if king.get("general"):
        name_general(t)
    if king.get("secret_name"):
        secret_name(t)
    # the Senate (or the King in the Romulus era) names the Fides nation
    fides_orders = senate if ss else king
    nation = (fides_orders.get("fides") or {}).get("nation") if isinstance(fides_orders.get("fides"), dict) else None
    ts["fides"] = nation
    ts["fides_city"] = (fides_orders.get("fides") or {}).get("city") if nation else None
    if nation:
        t.emit("fides", nation=nation, city=ts["fides_city"])
    # Tribunes (from turn 4, named by the head of the Senate)
    if ss:
        for order in senate.get("tribunes") or []:
            key = order.get("office")
            how = order.get("how") or "direct"
            if key not in activated:
                how = "ex_officio"
            done = name_tribune(t, key, how, order.get("curia"), order.get("praeceptum") or {"defend": True},
                               order.get("join"))
            if done and key in activated:
                activated.remove(key)
        for key in [k for k in activated if k in TRIBUNES]:
            cands = [c for c in CURIAE if curia_can_take(t, c)]
            if not (cands and name_tribune(t, key, "rogatio", None, {"defend": True}, None)):
                cup.add(t, f"office-{key}")
                t.emit("office_unfilled", office=key)
            activated.remove(key)
    ts["activated"] = activated
    if nation and king.get("consent", True):
        consent(t)
    for order in king.get("recruit") or []:
        recruit(t, order.get("office"), int(order.get("inf", 0) or 0), int(order.get("cav", 0) or 0))
    if ss:
        for uid in senate.get("promote") or []:
            promote(t, uid)
        for cid in senate.get("garrison") or []:
            reinforce_garrison(t, cid)
        for move in senate.get("transfer") or []:
            transfer_garrison(t, move.get("from"), move.get("to"), int(move.get("points", 1) or 1))


def _default_magister_curia(t: Table, options: list[str]) -> str:
    """The King's choice when he gave none: a Curia of his own seat if he holds one (2-3
    players), else the one with the fewest IP."""
    ks = king_seat(t.st)
    mine = [c for c in options if c in curiae_of(t.st, ks)]
    if mine:
        return mine[0]
    return min(options, key=lambda c: (t.st["ip"][c], CURIAE.index(c)))


def leader_out(t: Table, lid: str) -> None:
    put_leader(t, lid, "out")


def king_killed(t: Table, key: str) -> None:
    """The King dies (Porsenna's battle, L2008-2012, or in battle): an exceptional election
    of an Interrex at once; the royal election is held again next turn."""
    st = t.st
    end_office(t, key, "killed")
    end_royal_appointees(t, "king-killed")
    st["repeat_king_election"] = True
    inter = king_election(t, candidates_for(t, "rex", {}, list(CURIAE)), office="interrex")
    if inter:
        gens = candidates_for(t, "rex", {}, [inter])[inter]
        install(t, "interrex", inter, gens)
        t.emit("elected", office="interrex", curia=inter, gens=gens)
