"""The end of the turn (§7.0): map conflicts and zones of control, the end of the Tribunes'
offices and their armies (§7.1, §5.7.1), the release of captives (§7.2), the return of the
non-Roman leaders (§7.3), Romanization (§7.4, T15), Prestige (§7.5), every leader home
(§5.0), the wars' end, and the end of the game (§8.0)."""

from __future__ import annotations

from rules.kings_of_rome import policies as pol
from rules.kings_of_rome.actions import abandon_siege
from rules.kings_of_rome.data import CURIAE, distance
from rules.kings_of_rome.draws import end_of_turn_chits
from rules.kings_of_rome.forces import send_leaders_home
from rules.kings_of_rome.movement import hostile_in, zoc_hexes
from rules.kings_of_rome.politics import end_office
from rules.kings_of_rome.state import (
    ROMAN, ROME, TRIBUNES, Table, force_of_office, gain, king_curia, office_controller, put_unit, sorted_forces,
)
from rules.kings_of_rome.trials import release_captives
from rules.kings_of_rome.wars import end_of_turn as wars_end, leaders_go_home


def end_turn(t: Table) -> list[dict]:
    """Everything of §7 in order; returns the tasks it leaves (trials of abandoned sieges)."""
    st = t.st
    tasks: list[dict] = []
    # sieges not carried on this turn are given up (three consecutive turns, A-38)
    for cid, record in sorted((st.get("sieges") or {}).items()):
        if record.get("last_turn", record.get("turn")) < st["turn"] and record["force"] in st["forces"]:
            tasks += abandon_siege(t, cid, "not-continued")
        elif record["force"] not in st["forces"]:
            st["sieges"].pop(cid, None)
    # I. the Tribunes' offices end; their armies break up (§7.1, §5.7.1)
    for key in TRIBUNES:
        if key not in st["offices"]:
            continue
        role = office_controller(st, key)
        fid = force_of_office(st, key)
        choice = pol.get(st, role, "tribune_troops")
        if fid is not None:
            force = st["forces"][fid]
            alone = force["offices"] == [key]
            if alone:
                _dissolve(t, fid, choice)
        end_office(t, key, "end-of-turn")
    _zoc(t)
    # II. captives (§7.2)
    if t.opts["captivi"] == "end-of-turn":
        release_captives(t)
    # III. non-Roman leaders (§7.3)
    leaders_go_home(t)
    # IV. Romanization (§7.4)
    romanization(t)
    # V. Prestige at the end of a reign (§7.5, A-52)
    nxt = st["turn"] + 1
    reign_ends = (nxt >= 4 and (nxt - 4) % 3 == 0) or st["turn"] >= st["last_turn"]
    if reign_ends:
        majors = st["reign"].get("romanized_majors") or []
        kc = king_curia(st)
        if majors and kc:
            gain(t, kc, t.T["rewards"]["prestige"], "prestige", cities=list(majors))
        st["reign"]["romanized_majors"] = []
    # every leader goes home (§5.0); the wars end or carry on; omens back to the cup
    send_leaders_home(t)
    wars_end(t)
    end_of_turn_chits(t)
    return tasks


def _dissolve(t: Table, fid: str, choice: str) -> None:
    """The Tribune's player sends the infantry back to Rome or turns it into the garrison of
    the Roman city it stands in; the cavalry always goes home (L981-992)."""
    st = t.st
    force = st["forces"][fid]
    cid = t.d.city_at.get(force["hex"]) if force["hex"] != ROME else None
    for uid in list(force["units"]):
        arm = t.d.units[uid]["arm"]
        if arm == "inf" and choice == "garrison" and cid and st["cities"][cid]["roman"] and st["cities"][cid]["garrison"] < 3:
            st["cities"][cid]["garrison"] += 1
            put_unit(t, uid, "cup", ROMAN)
        elif arm == "inf" and choice == "stay" and force["hex"] != ROME:
            continue
        else:
            put_unit(t, uid, "pool", ROMAN)
    if force["units"]:
        force["offices"] = []
        force["rejoin"] = []
    t.emit("tribune_army_dissolved", force=fid, choice=choice)


def _zoc(t: Table) -> None:
    """No Roman unit stays in a zone of control, save besiegers (§7.1, A-34): it falls back to
    the nearest hex out of every zone and free of enemies (toward Rome on ties), or to Rome."""
    st = t.st
    zoc = zoc_hexes(t)
    besiegers = {rec["force"] for rec in (st.get("sieges") or {}).values()}
    for fid in sorted_forces(st):
        force = st["forces"].get(fid)
        if not force or force["side"] != ROMAN or force["hex"] == ROME or force["hex"] not in zoc or fid in besiegers:
            continue
        cid = t.d.city_at.get(force["hex"])
        if cid and st["cities"][cid]["roman"]:
            continue  # inside a Roman city's walls
        options = [h for h in t.d.map.hexes() if t.d.map.is_land(h) and h not in zoc
                   and distance(h, force["hex"]) <= 3 and not hostile_in(t, h, ROMAN)]
        if options:
            dest = min(options, key=lambda h: (distance(h, force["hex"]), distance(h, t.d.rome), h))
            force["hex"] = dest
        else:
            for uid in list(force["units"]):
                put_unit(t, uid, "pool", ROMAN)
            force["hex"] = ROME
            if not force["offices"]:
                del st["forces"][fid]
        t.emit("zoc_fall_back", force=fid, hex=force["hex"] if fid in st["forces"] else ROME)


def romanization(t: Table) -> None:
    """T15: one IP a city Romanized this turn, shared: 1 the King's; 2 the Pontifex's and the
    Senate's; 3 King, Pontifex, Senate; 4 one a Curia; 5+ one a Curia and the rest the King's.
    An office not yet in play gives its share to the King's Curia (A-51)."""
    st = t.st
    n = len(set(st["turn_state"].get("romanized", [])))
    if n == 0:
        return
    kc = king_curia(st) or "latina"
    table = t.T["romanization"]
    shares: dict[str, int] = {}
    if n >= 4:
        for c in CURIAE:
            shares[c] = 1
        shares[kc] += n - 4
    else:
        for who in table[n]:
            curia = kc if who == "king" else (st["offices"].get(who) or {}).get("curia") or kc
            shares[curia] = shares.get(curia, 0) + 1
    for curia in CURIAE:
        if shares.get(curia):
            gain(t, curia, shares[curia], "romanization", cities=n)
