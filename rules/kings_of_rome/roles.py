"""Who is active (§2.3, §3.1, DECISIONS A-09): a seat is active while one of its Curiae
holds a field command - King or Interrex, a Magister, a Tribune, the secret General - or
while it gives the orders of a General (the King's). The others are inactive: they run
Rome's enemies. A draw is Roman when its drawer is active, the King, the Pontifex's or the
Senate head's seat (§5.7)."""

from __future__ import annotations

from rules.kings_of_rome.state import (
    ROMAN, TRIBUNES, Table, curiae_of, king_key, leading_office, office_controller, roles, seat_of,
)


def commanding_seats(st: dict) -> set[str]:
    seats = set()
    for key, rec in sorted(st["offices"].items()):
        if not rec:
            continue
        if key in ("rex", "interrex", "mp", "me", "sg") or key in TRIBUNES or key.startswith("gen-"):
            seats.add(office_controller(st, key))
            if key == "sg" or key.startswith("gen-"):
                seats.add(seat_of(st, rec["curia"]) if key == "sg" else office_controller(st, key))
    return seats


def active(st: dict, role: str) -> bool:
    return role in commanding_seats(st)


def inactive_seats(st: dict) -> list[str]:
    act = commanding_seats(st)
    return [r for r in roles(st) if r not in act]


def draws_roman(st: dict, role: str) -> bool:
    if active(st, role):
        return True
    for key in ("pontifex", "senate"):
        rec = st["offices"].get(key)
        if rec and rec["curia"] in curiae_of(st, role):
            return True
    return False


def king_seat(st: dict) -> str | None:
    key = king_key(st)
    return office_controller(st, key) if key else None


def senate_seat(st: dict) -> str | None:
    rec = st["offices"].get("senate")
    return seat_of(st, rec["curia"]) if rec else None


def pontifex_seat(st: dict) -> str | None:
    rec = st["offices"].get("pontifex")
    return seat_of(st, rec["curia"]) if rec else None


def senate_or_king_seat(st: dict) -> str | None:
    """Who authorises the Fides: the head of the Senate, or the King before the Senate
    exists (turns 1-3, DECISIONS A-50)."""
    return senate_seat(st) or king_seat(st)


def lowest_ip_seat(t: Table, seats: list[str]) -> str | None:
    if not seats:
        return None
    return min(seats, key=lambda r: (sum(t.st["ip"][c] for c in curiae_of(t.st, r)), roles(t.st).index(r)))


# -- who runs Rome's enemies (L1243-1250, L1778-1784, L1989-1993) ----------------------------------


def force_controller(t: Table, fid: str) -> str | None:
    """The seat that gives a force its orders: a Roman army's leading office's, a non-Roman
    force's (None: nobody, the engine runs it)."""
    force = t.st["forces"][fid]
    if force["side"] == ROMAN:
        lead = leading_office(t, fid)
        return office_controller(t.st, lead) if lead else None
    return nonroman_controller(t, fid)


def nonroman_controller(t: Table, fid: str) -> str | None:
    force = t.st["forces"][fid]
    war = force.get("war")
    if war and war in t.st["wars"]:
        return t.st["wars"][war].get("controller")
    return controller_for_people(t, force.get("people"))


def controller_for_people(t: Table, people: str | None, exclude: tuple[str, ...] = ()) -> str | None:
    """An inactive seat, of the same nationality if there is one, else the one with the
    fewest IP; None when every seat is active (the engine then runs them, DECISIONS D-20)."""
    idle = [r for r in inactive_seats(t.st) if r not in exclude]
    curia = t.d.peoples[people]["curia"] if people in t.d.peoples else None
    if curia:
        own = seat_of(t.st, curia)
        if own in idle:
            return own
    return lowest_ip_seat(t, idle)


def war_controller(t: Table, war_id: str) -> str | None:
    spec = t.T["wars"][war_id]
    if spec.get("controller"):  # the Volsci war: the Curia Volsca's player, active or not
        return seat_of(t.st, spec["controller"])
    exclude = (seat_of(t.st, "etrusca"),) if war_id.startswith("etrusci") else ()
    return controller_for_people(t, spec["people"], exclude)
