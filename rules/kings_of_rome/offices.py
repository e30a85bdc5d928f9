"""The offices a turn holds (L246-247, L571-572, DECISIONS A-15): one office a Gens, two a
Curia; choosing a Curia's Gens (the seat's standing order of preference); putting a holder
in office and ending an office (its holder leaves the map, its chit goes back to the cup)."""

from __future__ import annotations

from rules.kings_of_rome import cup
from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.forces import take_office_out
from rules.kings_of_rome.state import MAGISTRI, Table, seat_of


def start_turn_offices(st: dict, expiring: set[str]) -> None:
    st["turn_offices"] = [[key, rec["gens"], rec["curia"]] for key, rec in sorted(st["offices"].items())
                          if rec and rec.get("gens") and key not in expiring]


def curia_count(st: dict, curia: str) -> int:
    return sum(1 for _k, _g, c in st["turn_offices"] if c == curia)


def gens_busy(st: dict, gens: str) -> bool:
    return any(g == gens for _k, g, _c in st["turn_offices"])


def curia_can_take(t: Table, curia: str) -> bool:
    return curia_count(t.st, curia) < t.T["elections"]["offices_per_curia"] and bool(eligible_gentes(t, curia))


def eligible_gentes(t: Table, curia: str) -> list[str]:
    """Free Gentes of a Curia in its seat's order of preference (policy ``gentes``), then by
    Virtus, Astutia and the data's order."""
    st = t.st
    role = seat_of(st, curia)
    ranked = list(pol.get(st, role, "gentes").get(curia) or [])
    natural = sorted(t.d.gentes_of(curia), key=lambda g: (-t.d.gentes[g]["virtus"], -t.d.gentes[g]["astutia"],
                                                          t.d.gentes_of(curia).index(g)))
    order = [g for g in ranked if g in natural] + [g for g in natural if g not in ranked]
    return [g for g in order if not gens_busy(st, g)]


def choose_gens(t: Table, curia: str, wanted: str | None = None) -> str | None:
    free = eligible_gentes(t, curia)
    if curia_count(t.st, curia) >= t.T["elections"]["offices_per_curia"] or not free:
        return None
    return wanted if wanted in free else free[0]


def install(t: Table, key: str, curia: str, gens: str, **extra) -> None:
    rec = {"gens": gens, "curia": curia, "since": t.st["turn"]}
    rec.update(extra)
    t.st["offices"][key] = rec
    t.st["turn_offices"].append([key, gens, curia])


def end_office(t: Table, key: str, reason: str) -> None:
    """An office ends: its holder leaves the map (his troops stay as free Roman units on the
    map, or go to the pool in Rome) and its chit goes back to the cup (L293-294)."""
    rec = t.st["offices"].pop(key, None)
    if rec is None:
        return
    take_office_out(t, key)
    chit = {"mp": "office-mp", "me": "office-me", "tp1": "office-tp1", "tp2": "office-tp2", "tc": "office-tc"}.get(key)
    if chit and t.st["chits"].get(chit) == "in-play":
        cup.add(t, chit)
    t.emit("office_ends", office=key, curia=rec["curia"], gens=rec.get("gens"), leader=rec.get("leader"), reason=reason)


def end_royal_appointees(t: Table, reason: str) -> None:
    """The Magistri and Generals last as long as the King who named them (L895-897)."""
    for key in sorted(t.st["offices"]):
        if key in MAGISTRI or key.startswith("gen-"):
            end_office(t, key, reason)
