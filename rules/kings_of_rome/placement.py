"""Where non-Roman counters go when they enter play (§4.2, §9.1, L490-491, L518-519): a
drawn unit to its city, a leader to a city of his people, a garrison to a city of its colour,
units with nowhere to go to their people's assembly box."""

from __future__ import annotations

from rules.kings_of_rome.state import NONROMAN, Table, new_force, nonroman_inside, put_leader, put_unit


def city_force(t: Table, cid: str, people: str) -> str:
    hex_ = t.d.cities[cid]["hex"]
    for fid in nonroman_inside(t.st, hex_):
        return fid
    return new_force(t, NONROMAN, hex_, people=people, inside=True)


def live_cities(t: Table, people: str) -> list[str]:
    return [c for c in t.d.cities_of(people) if not t.st["cities"][c]["roman"] and t.st["cities"][c]["active"]]


def place_nonroman_unit(t: Table, uid: str) -> str:
    """A military unit drawn by an inactive player (§4.2): to the city its counter names,
    while it is not Roman; else to its people's city with the strongest garrison; else to its
    people's assembly box (L518-519, L254-256)."""
    rec = t.d.units[uid]
    people = rec["back"]["people"]
    home = rec["back"]["city"]
    if not t.st["cities"][home]["roman"] and t.st["cities"][home]["active"]:
        fid = city_force(t, home, people)
    else:
        live = live_cities(t, people)
        if not live:
            to_box(t, uid)
            return "box"
        best = max(live, key=lambda c: (t.st["cities"][c]["garrison"], -live.index(c)))
        fid = city_force(t, best, people)
    put_unit(t, uid, fid, NONROMAN)
    return t.st["forces"][fid]["hex"]


def to_box(t: Table, uid: str) -> None:
    people = t.d.units[uid]["back"]["people"] if t.d.units[uid]["kind"] == "double" else t.d.units[uid]["people"]
    box = t.d.peoples[people].get("box")
    if box:
        put_unit(t, uid, f"box:{box}", NONROMAN)
    else:
        put_unit(t, uid, "cup", "roman")


def place_nonroman_leader(t: Table, lid: str, prefer: str = "troops") -> str | None:
    """§9.1: a drawn leader goes to a city of his nationality, first one with troops and/or a
    garrison, then one with a garrison only (the strongest, §3.2.2, for the first General);
    with none, back to the cup."""
    people = t.d.leaders[lid]["people"]
    live = live_cities(t, people)

    def troops(c):
        return sum(len(t.st["forces"][f]["units"]) for f in nonroman_inside(t.st, t.d.cities[c]["hex"]))

    if prefer == "garrison":
        ranked = sorted(live, key=lambda c: (-t.st["cities"][c]["garrison"], -troops(c), c))
    else:
        ranked = sorted(live, key=lambda c: (-(troops(c) > 0), -troops(c), -t.st["cities"][c]["garrison"], c))
    ranked = [c for c in ranked if troops(c) > 0 or t.st["cities"][c]["garrison"] > 0] or ranked
    if not ranked:
        put_leader(t, lid, "cup", side=NONROMAN)
        return None
    city = ranked[0]
    fid = city_force(t, city, people)
    if t.st["forces"][fid].get("leader"):
        fid = new_force(t, NONROMAN, t.d.cities[city]["hex"], people=people, inside=True)
    put_leader(t, lid, fid, side=NONROMAN)
    return city


def place_nonroman_garrison(t: Table, people: str, value: int, choice: str) -> str | None:
    """A garrison drawn by an inactive player goes on a city of its colour (L490-491), the
    drawer's choice (policy ``garrison_city``); values add up to 3."""
    live = [c for c in live_cities(t, people) if t.st["cities"][c]["garrison"] < 3]
    if not live:
        return None
    key = (lambda c: (t.st["cities"][c]["garrison"], c)) if choice == "weakest" else (lambda c: (-t.st["cities"][c]["garrison"], c))
    city = sorted(live, key=key)[0]
    t.st["cities"][city]["garrison"] = min(3, t.st["cities"][city]["garrison"] + value)
    return city
