"""Triumphs and Ignominia (§5.4.7-§5.4.9, §6.5.10), captives (§6.3.4, §6.5.11, §7.2) and the
IP of victories and defeats (§5.5.3, §6.5.10, DECISIONS A-24)."""

from __future__ import annotations

from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.roles import inactive_seats, pontifex_seat, senate_seat
from rules.kings_of_rome.state import (
    TRIBUNES, Table, curiae_of, gain, king_curia, office_controller, office_curia, office_kind, put_leader, put_unit,
    roles, seat_of,
)
from rules.kings_of_rome.offices import end_office


def capture(t: Table, uid: str, by_office: str | None) -> None:
    """An enemy unit eliminated by Rome: kept as a captive of the Curia whose leader
    eliminated it (L1230-1236, L1643-1650); without a Roman leader it goes back to the cup."""
    curia = office_curia(t.st, by_office) if by_office else None
    if curia:
        put_unit(t, uid, f"captivi:{curia}")
        t.st["captivi"][curia].append(uid)
    else:
        lose_counter(t, uid)


def capture_leader(t: Table, lid: str, by_office: str | None) -> None:
    """A non-Roman leader eliminated by Rome (§9.1): a Captivi back is kept for 2 IP, a
    Roman back is sent to Rome, where the King may make him a General (DECISIONS D-18)."""
    lead = t.d.leaders[lid]
    curia = office_curia(t.st, by_office) if by_office else None
    if lead["back"] == "roman":
        put_leader(t, lid, "rome", side="roman")
        t.emit("leader_to_rome", leader=lid)
    elif curia:
        put_leader(t, lid, f"captivi:{curia}")
        t.st["captivi"][curia].append(lid)
    else:
        return_leader(t, lid)


def return_leader(t: Table, lid: str) -> None:
    """A leader out of play goes back to the cup, or to his war's reserve."""
    enters = t.d.leaders[lid]["enters"]
    if enters == "war":
        put_leader(t, lid, "reserve", side="nonroman")
    else:
        put_leader(t, lid, "cup", side="nonroman")


def lose_counter(t: Table, uid: str) -> None:
    """A military counter eliminated: back to the cup (L1209-1210), an invader's counter back
    to its people's reserve (their mix is fixed, L1869-1873)."""
    if t.d.units[uid]["kind"] == "invader":
        put_unit(t, uid, "reserve", "nonroman")
    else:
        put_unit(t, uid, "cup", "roman")


def release_captives(t: Table) -> None:
    """§7.2: captives become IP for the Curia that took them - 1 a unit, 2 a leader (A-39) -
    and go back to the cup (an invader's counter to its reserve)."""
    rw = t.T["rewards"]
    for curia in sorted(t.st["captivi"]):
        taken = t.st["captivi"][curia]
        if not taken:
            continue
        units = [x for x in taken if x in t.d.units]
        leaders = [x for x in taken if x in t.d.leaders]
        gain(t, curia, rw["captivi_unit"] * len(units) + rw["captivi_leader"] * len(leaders), "captivi",
             units=len(units), leaders=len(leaders))
        for uid in units:
            lose_counter(t, uid)
        for lid in leaders:
            return_leader(t, lid)
        t.st["captivi"][curia] = []


def victory_ip(t: Table, office: str | None, siege: bool = False) -> None:
    """A Roman victory: §5.5.3 for the King and the Magistri (the higher rank takes all),
    §6.5.10 for the other leaders (A-24); a siege pays only §5.5.3."""
    if office is None:
        return
    rw = t.T["rewards"]
    kind = office_kind(office)
    curia = office_curia(t.st, office)
    if curia is None:
        return
    cumulative = t.opts["royal_rewards"] == "cumulative"
    if kind in ("rex", "interrex"):
        amount = rw["king_siege"] if siege else rw["king_battle"] + (2 if cumulative else 0)
        gain(t, king_curia(t.st) or curia, amount, "siege-won" if siege else "battle-won", office=office)
    elif kind in ("mp", "me"):
        amount = rw["magister_siege"] if siege else rw["magister_battle"] + (rw["other_battle"] if cumulative else 0)
        gain(t, curia, amount, "siege-won" if siege else "battle-won", office=office)
    elif not siege:
        gain(t, curia, rw["other_battle"], "battle-won", office=office)


def defeat_ip(t: Table, office: str | None) -> None:
    if office is None:
        return
    rw = t.T["rewards"]
    curia = office_curia(t.st, office)
    if curia is None:
        return
    if office_kind(office) in ("rex", "interrex"):
        gain(t, king_curia(t.st) or curia, rw["king_defeat"], "battle-lost", office=office)
    else:
        gain(t, curia, rw["other_defeat"], "battle-lost", office=office)


# -- Triumph (§5.4.8) -----------------------------------------------------------------------------


def vote(t: Table, voter_role: str | None, tribune_curia: str) -> bool | None:
    """A standing vote, or None when the seat asked to be consulted."""
    if voter_role is None:
        return True
    choice = pol.get(t.st, voter_role, "triumph_vote")
    if choice == "ask":
        return None
    if choice == "accept":
        return True
    if choice == "reject":
        return False
    return tribune_curia in curiae_of(t.st, voter_role)


def triumph(t: Table, office: str, how: str, votes: dict[str, bool] | None = None) -> None:
    """The Tribune's seat asks the Senate and the Pontifex: both refuse, his Curia takes
    1d6/2 (rounded down, A-19) and theirs lose 1 each; both accept, 3 IP; a split is a crisis:
    Senate 1d6 + Pontifex 1d6 against his 2d6 +1 (siege) or +2 (battle), the highest total
    wins (a tie is the Tribune's loss, A-19)."""
    st = t.st
    tr = t.T["triumph"]
    curia = office_curia(st, office)
    votes = votes or {}
    s_vote = votes.get("senate")
    p_vote = votes.get("pontifex")
    t.emit("triumph_claim", office=office, curia=curia, how=how, senate=s_vote, pontifex=p_vote)
    if s_vote is False and p_vote is False:
        roll = t.d6("triumph: both refuse")
        gain(t, curia, roll // 2, "triumph-refused", roll=roll)
        for key in ("senate", "pontifex"):
            if st["offices"].get(key):
                gain(t, st["offices"][key]["curia"], tr["both_reject"][key], "triumph-refused")
    elif s_vote is not False and p_vote is not False:
        gain(t, curia, tr["both_accept"], "triumph")
    else:
        a, b = t.d6("triumph crisis: Senate"), t.d6("triumph crisis: Pontifex")
        c, d = t.d6("triumph crisis: Tribune"), t.d6("triumph crisis: Tribune")
        bonus = tr["crisis"]["battle" if how == "battle" else "siege"]
        won = c + d + bonus > a + b
        t.emit("triumph_crisis", office=office, against=[a, b], rolls=[c, d], bonus=bonus, won=won)
        if won:
            gain(t, curia, tr["crisis"]["won"], "triumph")


def triumph_votes(t: Table, office: str) -> tuple[dict, list[str]]:
    """The standing votes, and the seats that asked to be consulted."""
    st = t.st
    curia = office_curia(st, office)
    votes, ask = {}, []
    for key, seat in (("senate", senate_seat(st)), ("pontifex", pontifex_seat(st))):
        if not st["offices"].get(key):
            votes[key] = True  # an office not yet in play does not refuse (turns 1-3)
            continue
        v = vote(t, seat, curia)
        if v is None:
            ask.append(seat)
        else:
            votes[key] = v
    return votes, sorted(set(ask))


# -- Ignominia (§5.4.9, §6.5.10, DECISIONS A-21) ------------------------------------------------


def should_try(t: Table, office: str) -> bool:
    st = t.st
    if office not in TRIBUNES or office not in st["offices"]:
        return False
    sen = senate_seat(st)
    if sen is None:
        return False
    choice = pol.get(st, sen, "prosecute")
    if choice == "never":
        return False
    if choice == "always":
        return True
    return office_controller(st, office) != sen


def accusers(t: Table, office: str) -> list[str]:
    """Two Curiae other than the accused's, inactive players' first (L841-842, L1615-1617)."""
    st = t.st
    accused = office_curia(st, office)
    idle = inactive_seats(st)
    order = [c for r in idle for c in curiae_of(st, r)] + [c for r in roles(st) if r not in idle for c in curiae_of(st, r)]
    out = []
    for c in order:
        if c != accused and c not in out:
            out.append(c)
    return out[:2]


def ignominia(t: Table, office: str, lost: str) -> None:
    """The accusers each roll 1d6 and may pay 1 IP each for +1 (at most +2); the accused rolls
    2d6 -2 after a lost battle, -1 after a lost siege; the higher wins. Guilty: the office is
    lost (his troops stay where they are) and his Curia loses 3 IP."""
    st = t.st
    ig = t.T["ignominia"]
    curia = office_curia(st, office)
    accs = accusers(t, office)
    total, paid = 0, []
    for c in accs:
        total += t.d6(f"ignominia: accuser {c}")
        role = seat_of(st, c)
        if pol.get(st, role, "accuse") == "others" and office_controller(st, office) != role and st["ip"][c] >= ig["accuser_pay_max"]:
            gain(t, c, -ig["accuser_pay_max"], "ignominia-pay")
            paid.append(c)
    total += min(len(paid), ig["accusers_bonus_max"])
    a, b = t.d6("ignominia: accused"), t.d6("ignominia: accused")
    mod = ig["lost_battle"] if lost == "battle" else ig["lost_siege"] if lost == "siege" else 0
    defence = a + b + mod
    guilty = defence < total or (defence == total and t.opts["trial_tie"] == "guilty")
    t.emit("ignominia", office=office, curia=curia, accusers=accs, paid=paid, accusation=total, rolls=[a, b],
           modifier=mod, defence=defence, guilty=guilty)
    if guilty:
        gain(t, curia, ig["guilty"], "ignominia")
        end_office(t, office, "ignominia")
