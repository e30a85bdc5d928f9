"""The game state (a JSON dict) and the helpers every phase uses.

During ``resolve`` the engine works on a deep copy through a :class:`Table`: it owns the
events and the dice, so a rule is a function of the table. The state's shape is described
in README.md ("State"). Ids are strings; every collection iterated here is sorted or a list.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.base import Event, RulesError
from rules.kings_of_rome.data import CURIAE, Data, data
from rules.kings_of_rome.narration import narrate

ROMAN, NONROMAN = "roman", "nonroman"
ROME = "rome"  # the Rome mini-map (L165-166): the pool, the office boxes, leaders at home

#: Office keys, highest rank first. "sg" is the secret General of turns 1-3 (a leader
#: counter); "gen-N" the Generals a King names (Gentes of his Curia, DECISIONS D-17).
FIELD_OFFICES = ("rex", "interrex", "mp", "me", "tp1", "tp2", "tc")
TRIBUNES = ("tp1", "tp2", "tc")
MAGISTRI = ("mp", "me")


def office_kind(key: str) -> str:
    if key.startswith("gen-") or key == "sg":
        return "general"
    if key in ("tp1", "tp2"):
        return "tp"
    return key


class GameOver(Exception):
    """Raised when the game stops at once (the cup is empty when a draw is due, §8.0)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass
class Table:
    st: dict
    dice: object = None
    events: list = field(default_factory=list)
    d: Data = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.d is None:
            custom = self.st.get("custom") if isinstance(self.st, dict) else None
            self.d = with_custom(custom) if custom else data()

    @property
    def T(self) -> dict:  # noqa: N802 - the tables, as the rulebook names them
        return self.d.tables

    @property
    def opts(self) -> dict:
        return self.st["options"]

    def emit(self, type_: str, visible_to: tuple[str, ...] | None = None, **data_) -> None:
        message = narrate(type_, data_)
        if message is not None:
            data_["message"] = message
        self.events.append(Event(type_, data_, visible_to))

    def d6(self, purpose: str) -> int:
        if self.dice is None:
            raise RulesError(f"a die is needed ({purpose}) but none was given")
        return self.dice.d6(purpose)

    def pick(self, items: list, purpose: str):
        return self.dice.pick(items, purpose)

    def new_id(self, prefix: str) -> str:
        self.st["serial"] = self.st.get("serial", 0) + 1
        return f"{prefix}{self.st['serial']}"


_CUSTOM: dict[str, Data] = {}


def with_custom(custom: dict) -> Data:
    """The data with an adjudicator case's inline values (counters, Gentes, leaders whose
    numbers a case pins so that it does not depend on the reconstructed ones)."""
    import copy
    import json

    key = json.dumps(custom, sort_keys=True)
    if key not in _CUSTOM:
        base = data()
        d = copy.copy(base)
        d.units = dict(base.units)
        d.gentes = dict(base.gentes)
        d.leaders = dict(base.leaders)
        for uid, rec in sorted((custom.get("units") or {}).items()):
            merged = dict(base.units.get(uid) or {"id": uid, "kind": "double", "class": "III", "arm": "inf", "virtus": 3,
                                                 "back": {"people": "latini", "city": "gabii", "virtus": 2}})
            merged.update(rec)
            if "people" in rec and merged.get("kind") == "double" and "back" not in rec:
                merged["kind"] = "invader"
            d.units[uid] = merged
        for gid, rec in sorted((custom.get("gentes") or {}).items()):
            d.gentes[gid] = dict(base.gentes[gid], **rec)
        for lid, rec in sorted((custom.get("leaders") or {}).items()):
            d.leaders[lid] = dict(base.leaders[lid], **rec)
        _CUSTOM[key] = d
    return _CUSTOM[key]


# -- seats and curiae ----------------------------------------------------------------------------


def seat_of(st: dict, curia: str) -> str:
    for role in sorted(st["seats"]):
        if curia in st["seats"][role]:
            return role
    raise KeyError(curia)


def curiae_of(st: dict, role: str) -> list[str]:
    return [c for c in CURIAE if c in st["seats"].get(role, [])]


def roles(st: dict) -> list[str]:
    return list(st["seat_order"])


def gain(t: Table, curia: str, amount: int, reason: str, **context) -> int:
    """IP for a Curia (negative: a loss). The track has no box below 0: a loss stops there."""
    if amount == 0:
        return 0
    before = t.st["ip"][curia]
    after = max(0, before + amount)
    t.st["ip"][curia] = after
    t.emit("ip", curia=curia, delta=after - before, total=after, reason=reason, **context)
    return after - before


def can_pay(st: dict, curia: str, amount: int) -> bool:
    return st["ip"][curia] >= amount


# -- offices --------------------------------------------------------------------------------------


def office(st: dict, key: str) -> dict | None:
    return st["offices"].get(key)


def king_key(st: dict) -> str | None:
    if st["offices"].get("rex"):
        return "rex"
    if st["offices"].get("interrex"):
        return "interrex"
    return None


def king_curia(st: dict) -> str | None:
    key = king_key(st)
    return st["offices"][key]["curia"] if key else None


def office_curia(st: dict, key: str) -> str | None:
    rec = st["offices"].get(key)
    return rec["curia"] if rec else None


def holder_stats(t: Table, key: str) -> tuple[int, int]:
    """(Virtus, Astutia) of whoever holds the office: a Gens pawn or a leader counter."""
    rec = t.st["offices"][key]
    if rec.get("gens"):
        g = t.d.gentes[rec["gens"]]
        return g["virtus"], g["astutia"]
    lead = t.d.leaders[rec["leader"]]
    return lead["virtus"], lead["astutia"]


def office_controller(st: dict, key: str) -> str | None:
    """The seat that gives the office's orders: Generals the King's (L924-925), everyone
    else his Curia's (L262-265)."""
    rec = st["offices"].get(key)
    if not rec:
        return None
    if key.startswith("gen-"):
        kc = king_curia(st)
        return seat_of(st, kc) if kc else seat_of(st, rec["curia"])
    return seat_of(st, rec["curia"])


def holder_name(t: Table, key: str) -> str:
    rec = t.st["offices"][key]
    if rec.get("gens"):
        return t.d.gentes[rec["gens"]]["name"]["en"]
    return t.d.leaders[rec["leader"]]["name"]["en"]


def offices_held_by_curia(st: dict, curia: str) -> list[str]:
    return sorted(k for k, rec in st["offices"].items() if rec and rec.get("gens") and rec["curia"] == curia)


def rank(t: Table, key: str) -> int:
    return t.T["rank"][office_kind(key)]


# -- counters ------------------------------------------------------------------------------------


def unit_arm(t: Table, uid: str) -> str:
    return t.d.units[uid]["arm"]


def unit_side(st: dict, uid: str) -> str:
    return st["units"][uid]["face"]


def unit_virtus(t: Table, uid: str) -> int:
    rec = t.d.units[uid]
    if rec["kind"] == "invader":
        return rec["virtus"]
    return rec["virtus"] if t.st["units"][uid]["face"] == ROMAN else rec["back"]["virtus"]


def unit_class(t: Table, uid: str) -> str | None:
    rec = t.d.units[uid]
    if rec["kind"] == "invader" or t.st["units"][uid]["face"] != ROMAN:
        return None
    return rec["class"]


def unit_people(t: Table, uid: str) -> str:
    """The people of the face up: 'romani' for a Roman face."""
    rec = t.d.units[uid]
    if rec["kind"] == "invader":
        return rec["people"]
    return "romani" if t.st["units"][uid]["face"] == ROMAN else rec["back"]["people"]


def back_people(t: Table, uid: str) -> str:
    rec = t.d.units[uid]
    return rec["people"] if rec["kind"] == "invader" else rec["back"]["people"]


def unit_name(t: Table, uid: str) -> str:
    rec = t.d.units[uid]
    if rec["kind"] == "invader":
        return f"{t.d.peoples[rec['people']]['name']['en']} {'cavalry' if rec['arm'] == 'cav' else 'infantry'} {uid.rsplit('-', 1)[-1]}"
    if t.st["units"][uid]["face"] == ROMAN:
        return f"{'Equites' if rec['arm'] == 'cav' else 'Class ' + rec['class']} ({uid})"
    return f"{t.d.cities[rec['back']['city']]['name']['en']} {'cavalry' if rec['arm'] == 'cav' else 'infantry'} ({uid})"


# -- forces: Roman armies, free Roman units, non-Roman groups -------------------------------------


def new_force(t: Table, side: str, hex_: str, **extra) -> str:
    fid = t.new_id("f")
    force = {"id": fid, "side": side, "hex": hex_, "offices": [], "leader": None, "units": [],
             "inside": False, "people": None, "war": None}
    force.update(extra)
    t.st["forces"][fid] = force
    return fid


def forces_at(st: dict, hex_: str, side: str | None = None) -> list[str]:
    found = [fid for fid, f in st["forces"].items() if f["hex"] == hex_ and (side is None or f["side"] == side)]
    return sorted(found, key=_fid_key)


def _fid_key(fid: str):
    return (len(fid), fid)


def sorted_forces(st: dict) -> list[str]:
    return sorted(st["forces"], key=_fid_key)


def put_unit(t: Table, uid: str, where: str, face: str | None = None) -> None:
    """Move a counter: to a force (its id), the Rome pool ('pool'), the cup ('cup'), the
    general stock ('stock'), its people's reserve ('reserve'), a box ('box:ID'), a Curia's
    captives ('captivi:CURIA') or out of the game ('removed')."""
    st = t.st
    rec = st["units"][uid]
    old = rec["at"]
    if old in st["forces"]:
        st["forces"][old]["units"] = [u for u in st["forces"][old]["units"] if u != uid]
    elif old == "pool":
        st["pool"] = [u for u in st["pool"] if u != uid]
    elif old == "cup":
        st["cup"] = [c for c in st["cup"] if c != uid]
    rec["at"] = where
    if face is not None:
        rec["face"] = face
    if where in st["forces"]:
        st["forces"][where]["units"].append(uid)
    elif where == "pool":
        st["pool"].append(uid)
        rec["face"] = ROMAN
    elif where == "cup":
        st["cup"].append(uid)
        st["cup"].sort()
    elif where in ("stock", "reserve"):
        if t.d.units[uid]["kind"] == "double" and where == "stock":
            rec["face"] = ROMAN


def put_leader(t: Table, lid: str, where: str, side: str | None = None) -> None:
    st = t.st
    rec = st["leaders"][lid]
    old = rec["at"]
    if old in st["forces"] and st["forces"][old].get("leader") == lid:
        st["forces"][old]["leader"] = None
    if old == "cup":
        st["cup"] = [c for c in st["cup"] if c != lid]
    rec["at"] = where
    if side is not None:
        rec["side"] = side
    if where in st["forces"]:
        st["forces"][where]["leader"] = lid
    elif where == "cup":
        st["cup"].append(lid)
        st["cup"].sort()


def drop_empty(t: Table, fid: str) -> None:
    """A force with no unit and no leader left is removed."""
    force = t.st["forces"].get(fid)
    if force and not force["units"] and not force["offices"] and not force.get("leader"):
        del t.st["forces"][fid]


def force_of_office(st: dict, key: str) -> str | None:
    for fid in sorted_forces(st):
        if key in st["forces"][fid]["offices"]:
            return fid
    return None


def leading_office(t: Table, fid: str) -> str | None:
    offices = t.st["forces"][fid]["offices"]
    if not offices:
        return None
    return sorted(offices, key=lambda k: (-rank(t, k), k))[0]


def counters_in(t: Table, fid: str) -> int:
    force = t.st["forces"][fid]
    return len(force["units"]) + len(force["offices"]) + (1 if force.get("leader") else 0)


# -- cities ------------------------------------------------------------------------------------


def city_roman(st: dict, cid: str) -> bool:
    return st["cities"][cid]["roman"]


def city_people(t: Table, cid: str) -> str:
    return t.d.cities[cid]["peoples"][0]


def nonroman_inside(st: dict, hex_: str) -> list[str]:
    return [fid for fid in forces_at(st, hex_, NONROMAN) if st["forces"][fid]["inside"]]


def nonroman_outside(st: dict, hex_: str) -> list[str]:
    return [fid for fid in forces_at(st, hex_, NONROMAN) if not st["forces"][fid]["inside"]]


def skip_action(t: Table, fid: str, action: dict, code: str) -> None:
    """An action no longer possible when its turn comes is skipped, and said so."""
    force = t.st["forces"].get(fid) or {}
    roman = force.get("side") == ROMAN
    t.emit("action_skipped", force=fid, action=action, reason=code,
           office=leading_office(t, fid) if roman and fid in t.st["forces"] else None, people=None if roman else force.get("people"))
