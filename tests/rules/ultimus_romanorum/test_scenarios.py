"""Ultimus Romanorum scenarios: each set-up against the rules that govern a set-up and against
the rulebook's worked examples it must reproduce (``shared/rulebooks/ultimus-romanorum.fr.txt``,
cited as Lnnn).
"""

from __future__ import annotations

import math

import pytest

from tests.rules.ultimus_romanorum.urdata import DATA, raw, ur_map

SCENARIOS = sorted(p.stem for p in (DATA / "scenarios").glob("*.yaml"))
STATUSES = ("war", "foederati", "revolted", "regnum")
ROMAN_KINDS = ("roman", "generic")


@pytest.fixture(scope="module")
def m():
    return ur_map()


@pytest.fixture(scope="module")
def leaders():
    return {r["id"]: r for r in raw("leaders.yaml")["leaders"]}


@pytest.fixture(scope="module")
def units():
    return {r["id"]: r for r in raw("units.yaml")["units"]}


def load(sid):
    return raw(f"scenarios/{sid}.yaml")


def status_of(s, people):
    return s["peoples"].get(people, "peace")


def side_of_unit(s, units, uid):
    """At the start (no usurpation yet): Roman units ROMAIN; Foederati ROMAIN (4.4.1, L654-660);
    every other people BARBARE (at peace, at war, revolted, Regnum); Armenia ROMAIN (L662)."""
    u = units[uid]
    if u["category"] != "people":
        return "ROMAIN"
    if u["people"] == "armenia" or status_of(s, u["people"]) == "foederati":
        return "ROMAIN"
    return "BARBARE"


def zone_units(s):
    found = {}
    for u in s["units"] + s["people_units"]:
        found.setdefault(u["zone"], []).append(u["id"])
    return found


def test_the_scenarios():
    """The campaign and at least two shorter scenarios (issue 19)."""
    assert SCENARIOS == ["405", "440", "463"]
    s = load("405")
    assert (s["first_year"], s["last_year"]) == (405, 476)
    for sid in ("440", "463"):
        t = load(sid)
        assert 405 <= t["first_year"] < t["last_year"] <= 476
        assert t["last_year"] - t["first_year"] < 71


@pytest.mark.parametrize("sid", SCENARIOS)
def test_references_exist_and_placed_once(sid, m, leaders, units):
    s = load(sid)
    assert s["id"] == sid and s["status"] in ("pinned", "reconstructed") and s["ref"].strip()
    seen = set()
    for section, known in (("leaders", {i for i, r in leaders.items() if r["kind"] in ROMAN_KINDS}),
                           ("people_leaders", {i for i, r in leaders.items() if r["kind"] == "non_roman"}),
                           ("units", {i for i, u in units.items() if u["category"] in ("LI", "CO", "PA")}),
                           ("people_units", {i for i, u in units.items() if u["category"] == "people"})):
        for p in s[section]:
            assert p["id"] in known, (section, p)
            assert p["id"] not in seen, p
            seen.add(p["id"])
            assert p["zone"] in m.zones, p
            if section == "leaders":
                assert p["side"] in ("ROMAIN", "BARBARE"), p
    for people, status in s["peoples"].items():
        assert people in m.peoples and status in STATUSES, (people, status)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_augusti_and_patrices(sid, m, leaders):
    """3.5.1 (L371-388): one Augustus Occidentalis and one Orientalis, historical, never (B)
    (L402); at most one Patrice per half, a historical leader of a half where ROMAIN has an
    Augustus; a Patrice gets buccellarii of the PF his CC gives (L274-278, L381-384)."""
    s = load(sid)
    placed = {p["id"]: p for p in s["leaders"]}
    assert set(s["augusti"]) == {"west", "east"}
    for half, lid in s["augusti"].items():
        rec = leaders[lid]
        assert rec["kind"] == "roman" and rec["origin"] != "B", lid
        assert placed[lid]["side"] == "ROMAIN"
    for half, lid in s["patrices"].items():
        assert half in s["augusti"] and leaders[lid]["kind"] == "roman", lid
        assert m.half_of(placed[lid]["zone"]) == half, lid
    table = raw("units.yaml")["buccellarii_by_cc"]
    guarded = {b["leader"]: b["unit"] for b in s["buccellarii"]}
    assert set(s["patrices"].values()) <= set(guarded)
    all_units = {u["id"]: u for u in raw("units.yaml")["units"]}
    for lid, uid in guarded.items():
        cc = leaders[lid]["cc"]
        (row,) = [r for r in table if r["cc_min"] <= cc <= r["cc_max"]]
        assert all_units[uid]["category"] == "BU" and all_units[uid]["full"]["pf"] == row["pf"], (lid, uid)
        assert lid in placed


@pytest.mark.parametrize("sid", SCENARIOS)
def test_roman_units_deploy_by_the_rules(sid, m, units):
    """3.3.2 (L301-309): LI and CO in a zone of their home diocese; PA at their Palatini table
    capital (L1693-1707) unless the scenario says otherwise (its source does); every Roman unit
    is placed or listed out of play with its reason; reinforcements only once due."""
    s = load(sid)
    placed = {u["id"]: u for u in s["units"]}
    out = {u["id"] for u in s["units_out"]}
    for uid, u in units.items():
        if u["category"] not in ("LI", "CO", "PA"):
            continue
        if u.get("reinforcement"):
            due = u["reinforcement"].get("year", 9999) <= s["first_year"] or (
                u["reinforcement"].get("with") == "valentinien-iii" and s["augusti"]["west"] != "honorius"
                and s["first_year"] > 424)
            assert (uid in placed) == due, uid
            continue
        assert (uid in placed) != (uid in out), uid
        if uid not in placed:
            continue
        zone = placed[uid]["zone"]
        if u["category"] in ("LI", "CO"):
            assert m.diocese_of(zone) == u["diocese"], (uid, zone)
        else:
            assert zone == m.place_zone(u["capital"]) or placed[uid].get("source"), (uid, zone)
    for u in s["units_out"]:
        assert u["why"].strip(), u


@pytest.mark.parametrize("sid", SCENARIOS)
def test_generic_roman_leaders(sid, m, leaders, units):
    """3.3.1 (L287-293): the five generic leaders deploy at the start of every scenario in their
    table zone, or, if BARBARE's non-Roman units hold it, in a free zone of their diocese."""
    s = load(sid)
    placed = {p["id"]: p["zone"] for p in s["leaders"]}
    held = {z for z, ids in zone_units(s).items() if any(side_of_unit(s, units, i) == "BARBARE" for i in ids)}
    for lid, rec in leaders.items():
        if rec["kind"] != "generic":
            continue
        zone = placed[lid]
        if rec["zone"] in held:
            assert m.diocese_of(zone) == m.diocese_of(rec["zone"]) and zone not in held, lid
        else:
            assert zone == rec["zone"], lid


@pytest.mark.parametrize("sid", SCENARIOS)
def test_who_is_in_play(sid, leaders):
    """The tables (L1609-1628, L1666-1686): a leader whose entry year has come is placed, listed
    absent with a reason, or waits behind a predecessor; none is placed before his year or after
    his Mort; one historical leader per people at a time (L1676)."""
    s = load(sid)
    first = s["first_year"]
    placed = {p["id"] for p in s["leaders"]} | {p["id"] for p in s["people_leaders"]}
    absent = {a["id"]: a["why"] for a in s["absent"]}
    assert not placed & set(absent)
    for lid, rec in leaders.items():
        year = rec["entry"]["year"]
        if year is None:
            continue
        dies = (rec.get("death") or {}).get("dies")
        if lid in placed:
            assert year <= first, lid
            assert dies is None or dies > first, lid
        elif year <= first:
            waiting, pred = False, rec.get("follows")
            while pred:
                if pred in placed:
                    waiting = True
                    break
                pred = leaders[pred].get("follows") if pred not in absent else None
            assert lid in absent or waiting, lid
    for lid, why in absent.items():
        assert why.strip(), lid
    per_people = {}
    for lid in placed:
        rec = leaders[lid]
        if rec["kind"] == "non_roman" and not rec.get("generic"):
            per_people.setdefault(rec["people"], []).append(lid)
    assert all(len(v) == 1 for v in per_people.values()), per_people


@pytest.mark.parametrize("sid", SCENARIOS)
def test_peoples_on_the_map(sid, m, units):
    """4.2.2 (L587-595): a major people's units are always on the map, a minor people's only at
    war (or federated, revolted, a Regnum); Armenia's unit always, in Armenia (L665); at peace,
    a people stays in its origin zones (L590-591, L632-634); at war, within 5 zones of them
    (L646-649) unless Foederati or revolted; Foederati stand inside the Empire (L677-683)."""
    s = load(sid)
    placed = {u["id"]: u["zone"] for u in s["people_units"]}
    for pid, p in m.peoples.items():
        mine = [i for i, u in units.items() if u.get("people") == pid]
        status = status_of(s, pid)
        major = p["class"] == "major" and p.get("major_from", 0) <= s["first_year"]
        if pid == "armenia":
            assert [placed.get(i) for i in mine] == ["armenia"]
            continue
        if major or status != "peace":
            assert all(i in placed for i in mine), (pid, status)
        else:
            assert not any(i in placed for i in mine), (pid, status)
        for i in mine:
            if i not in placed:
                continue
            zone = placed[i]
            if status == "peace":
                assert zone in p["origin_zones"], (i, zone)
            if status == "foederati":
                assert m.in_empire(zone), (i, zone)
            if status == "war" and p["origin_zones"]:
                assert m.hops_from(p["origin_zones"])[zone] <= 5, (i, zone)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_non_roman_leaders_stand_on_their_people(sid, leaders):
    """L1667-1668, L584-585: a barbarian leader is placed on a unit of his people; he never
    stands alone inside the Empire (L651-652)."""
    s = load(sid)
    zones = {}
    for u in s["people_units"]:
        zones.setdefault(u["id"].rsplit("-", 1)[0], set()).add(u["zone"])
    for p in s["people_leaders"]:
        people = leaders[p["id"]]["people"]
        assert p["zone"] in zones.get(people, set()), p


@pytest.mark.parametrize("sid", SCENARIOS)
def test_no_battle_and_no_forbidden_stack_at_the_start(sid, m, units):
    """8.1 (L1021-1024): enemy units in one zone must fight; a set-up starts with none. 4.2.4
    (L603-611): no forbidden stack."""
    s = load(sid)
    bans = m.peoples_file["stacking_bans"]
    for zone, ids in zone_units(s).items():
        assert len({side_of_unit(s, units, i) for i in ids}) == 1, (zone, ids)
        tags = set()
        for i in ids:
            if units[i]["category"] == "people":
                tags |= {units[i]["people"], m.peoples[units[i]["people"]]["nationality"]}
        for b in bans:
            assert not (tags & set(b["a"]) and tags & set(b["b"])), (zone, ids)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_regna_alliances_fleets(sid, m, leaders):
    """4.5.3 (L697-704): a Regnum is one of the five Rex peoples, its capital a city it holds
    with a unit and its Rex; 6.2 (L857-862): an alliance joins a major and a minor people of the
    same status; 3.4.2 (L346-348): a fleet belongs to whoever holds its port's zone."""
    s = load(sid)
    by_zone = {}
    for u in s["people_units"]:
        by_zone.setdefault(u["zone"], set()).add(u["id"].rsplit("-", 1)[0])
    for pid, r in s["regna"].items():
        assert m.peoples[pid]["rex"] and status_of(s, pid) == "regnum", pid
        assert m.zone(r["capital"])["city"] and pid in by_zone.get(r["capital"], set()), pid
        rex = next(p for p in s["people_leaders"] if p["id"] == r["rex"])
        assert rex["zone"] == r["capital"] and leaders[r["rex"]]["people"] == pid
    for major, minors in s["alliances"].items():
        assert m.peoples[major]["class"] == "major"
        for minor in minors:
            assert m.peoples[minor]["class"] == "minor" and status_of(s, minor) == status_of(s, major)
    for port in m.ports.values():
        held_by_barbare = any(status_of(s, p) != "foederati" for p in by_zone.get(port["zone"], set()))
        assert s["fleets"][port["fleet"]] == ("BARBARE" if held_by_barbare else "ROMAIN"), port["id"]


# -- the worked examples each scenario must reproduce ---------------------------------------


def test_405_foederati_at_the_start():
    """L575-577: the Visigothi, Franci Salii and Ghassanides are Foederati inside the Empire at
    the start of the game."""
    s = load("405")
    for p in ("visigothi", "franci-salii", "ghassanides"):
        assert s["peoples"][p] == "foederati", p


def test_405_sets_up_the_407_example():
    """L555-557: Constantin III, proclaimed in Britanniae 2, finds leaderless Franci Salii in
    Galliae 1 and one Franci Salii unit in Galliae 5 with Roman units; L1009: he has units to
    take with him."""
    s = load("405")
    at = {}
    for u in s["units"] + s["people_units"]:
        at.setdefault(u["zone"], []).append(u["id"])
    assert sum(i.startswith("franci-salii") for i in at["galliae-1"]) >= 2
    assert [i for i in at["galliae-5"] if i.startswith("franci-salii")] == ["franci-salii-3"]
    assert any(i.startswith(("co-", "li-", "pa-")) for i in at["galliae-5"])
    assert not any(p["zone"] == "galliae-1" for p in s["people_leaders"]), "leaderless (L556)"
    assert next(p for p in s["leaders"] if p["id"] == "constantin")["zone"] == "britanniae-2"
    assert sum(i.startswith("co-britanniae") for i in at["britanniae-2"]) >= 2


def test_405_leaders_at_their_table_codes(leaders):
    """L1612-1615: the leaders of 405 stand in the zone of their table code."""
    s = load("405")
    codes = {c["code"]: c["zone"] for c in raw("leaders.yaml")["entry_codes"]}
    for p in s["leaders"]:
        rec = leaders[p["id"]]
        if rec["kind"] == "roman":
            assert rec["entry"]["year"] == 405 and p["zone"] == codes[rec["entry"]["code"]], p["id"]


def test_463_reproduces_the_initiative_and_smc_examples(leaders, m):
    """L127-130 and L164-174: in 463 the Augusti are Libius Severus (CP 1, VS 1) and Leon I
    (CP 4, VS 3); a roll of 3 gives BARBARE the initiative; BARBARE's best leader in play is
    Genseric (VS 4), a leader on his Pax Romana face not counting (L161-162): 2 + 4 = 6 SMC."""
    s = load("463")
    west, east = leaders[s["augusti"]["west"]], leaders[s["augusti"]["east"]]
    assert (s["augusti"]["west"], s["augusti"]["east"]) == ("libius-severus", "leon")
    assert not 3 < min(west["cp"], east["cp"])
    in_play = []
    for p in s["people_leaders"]:
        people = leaders[p["id"]]["people"]
        status = status_of(s, people)
        if status in ("war", "revolted", "regnum"):  # BARBARE's, off their Pax Romana face
            in_play.append(leaders[p["id"]])
    best = max(in_play, key=lambda r: r["vs"])
    assert best["id"] == "genseric" and best["vs"] == 4
    assert math.ceil((west["vs"] + east["vs"]) / 2) + best["vs"] == 6


def test_463_vandal_regnum_at_carthago():
    """L1336-1340: the Vandali Regnum has Carthago (Africa 4) for capital, the Alani its allies."""
    s = load("463")
    assert s["regna"]["vandali"]["capital"] == "africa-4"
    assert s["alliances"]["vandali"] == ["alani"]
    assert set(s["freed_vassals"]) == {"ostrogothi", "gepidae"}
