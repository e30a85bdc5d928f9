"""The chit draws of the electoral phase (§4.2): one for the King, one for each Curia (the
King's included), in that order (DECISIONS A-08); what each drawn chit does. A draw is
Roman or not by its drawer (§5.7); where a drawn counter goes follows the drawer's standing
policies (``roman_units``, ``garrison_draw``, ``garrison_city``)."""

from __future__ import annotations

from rules.kings_of_rome import cup
from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.data import CURIAE
from rules.kings_of_rome.forces import room
from rules.kings_of_rome.roles import active, draws_roman, force_controller, king_seat, pontifex_seat
from rules.kings_of_rome.state import (
    MAGISTRI, ROMAN, Table, king_key, put_unit, seat_of, sorted_forces,
)
from rules.kings_of_rome.placement import place_nonroman_garrison, place_nonroman_leader, place_nonroman_unit
from rules.kings_of_rome.wars import start_war
from rules.kings_of_rome.naval import place_roman_fleet


def draw_phase(t: Table) -> None:
    st = t.st
    order = []
    ks = king_seat(st)
    if ks:
        order.append(("king", ks))
    order += [(c, seat_of(st, c)) for c in CURIAE]
    for who, role in order:
        roman = who == "king" or draws_roman(st, role)
        chit = cup.draw(t, role, f"draw: {who}")
        apply_chit(t, chit, role, roman, who)


def apply_chit(t: Table, chit: str, role: str, roman: bool, who: str) -> None:
    st = t.st
    ts = st["turn_state"]
    kind = cup.kind_of(t, chit)
    info: dict = {}
    if kind == "unit":
        if roman:
            dest = "pool"
            if pol.get(st, role, "roman_units") == "army":
                arm = t.d.units[chit]["arm"]
                for fid in sorted_forces(st):
                    force = st["forces"][fid]
                    if force["side"] == ROMAN and force["offices"] and force_controller(t, fid) == role:
                        ri, rc = room(t, fid)
                        if (arm == "inf" and ri) or (arm == "cav" and rc):
                            dest = fid
                            break
            put_unit(t, chit, dest, ROMAN)
            info["to"] = dest if dest == "pool" else st["forces"][dest]["hex"]
        else:
            st["units"][chit]["at"] = "drawn"
            info["to"] = place_nonroman_unit(t, chit)
    elif kind == "garrison":
        info.update(_garrison(t, chit, role, roman))
    elif kind == "leader":
        st["leaders"][chit]["at"] = "drawn"
        info["city"] = place_nonroman_leader(t, chit)  # always non-Roman (L503-504)
        roman = False
    elif kind == "office":
        key = t.d.chits[chit]["office"]
        ok = True
        if key == "me" and "mp" not in st["offices"] and "mp" not in ts.get("activated", []):
            ok = False  # L875-879
        if key == "tc" and not any(k in st["offices"] or k in ts.get("activated", []) for k in ("tp1", "tp2")):
            ok = False  # L934-938
        if key in MAGISTRI and not king_key(st):
            ok = False
        if ok:
            ts.setdefault("activated", []).append(key)
        else:
            cup.add(t, chit)
        info.update(office=key, activated=ok)
    elif kind == "war":
        war = t.d.chits[chit]["war"]
        info["war"] = war
        t.emit("draw", drawer=role, who=who, roman=roman, chit=chit, kind=kind, **info)
        start_war(t, war, role)
        return
    elif kind == "omen":
        # Good Omens for an active drawer or the Pontifex's Curia, else Bad (§9.9)
        good = active(st, role) or role == pontifex_seat(st) or who == "king"
        ts["omen"] = "good" if good else "bad"
        info["omen"] = ts["omen"]
    elif kind == "end-of-actions":
        if ts.get("omen"):
            ts["no_actions"] = True  # §9.10
            info["effect"] = "no-actions"
        else:
            cup.add(t, chit)
            info["effect"] = "back-to-cup"
    elif kind == "fleet":
        place_roman_fleet(t, t.d.chits[chit]["ship"])
    t.emit("draw", drawer=role, who=who, roman=roman, chit=chit, kind=kind, **info)


def _garrison(t: Table, gid: str, role: str, roman: bool) -> dict:
    """L484-493: a Roman drawer replaces a weaker Roman garrison (the old one to the cup),
    makes a value 2 from two value 1s, or puts it back; an inactive drawer puts it on a city
    of its colour."""
    st = t.st
    value = st.setdefault("chit_values", {}).get(gid, t.d.garrisons[gid]["value"])
    people = t.d.garrisons[gid]["people"]
    if roman:
        if pol.get(st, role, "garrison_draw") == "upgrade":
            romans = sorted((c for c, rec in st["cities"].items() if rec["roman"] and c != "roma"),
                            key=lambda c: (st["cities"][c]["garrison"], c))
            weaker = [c for c in romans if st["cities"][c]["garrison"] < value]
            if weaker:
                city = weaker[0]
                old = st["cities"][city]["garrison"]
                st["cities"][city]["garrison"] = value
                if old > 0:
                    st["chit_values"][gid] = old
                    cup.add(t, gid)
                else:
                    st["chits"][gid] = "map"
                return {"option": "replace", "city": city, "value": value, "old": old}
            ones = [c for c in romans if st["cities"][c]["garrison"] == 1]
            if value == 1 and ones:
                st["cities"][ones[0]]["garrison"] = 2
                st["chits"][gid] = "map"
                return {"option": "combine", "city": ones[0], "value": 2}
        cup.add(t, gid)
        return {"option": "return", "value": value}

    city = place_nonroman_garrison(t, people, value, pol.get(st, role, "garrison_city"))
    if city is None:
        cup.add(t, gid)
        return {"option": "return", "value": value}
    st["chits"][gid] = "map"
    return {"option": "place", "city": city, "value": value}


def end_of_turn_chits(t: Table) -> None:
    """Omens and the End of Actions go back to the cup at the end of the turn (L1897-1898,
    L1904-1908)."""
    for chit in ("omen", "finis"):
        if t.st["chits"].get(chit) == "in-play":
            cup.add(t, chit)
