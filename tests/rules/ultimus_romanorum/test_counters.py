"""Ultimus Romanorum counters: leaders, units and the stratagem mix, against every clue of the
rulebook (``shared/rulebooks/ultimus-romanorum.fr.txt``, cited as Lnnn) and for consistency.

The two entry and death tables are transcribed here a second time, as printed (one string per
row), and parsed independently of the data files: a wrong year in ``leaders.yaml`` fails here.
"""

from __future__ import annotations

import math

import pytest
import yaml

from tests.rules.ultimus_romanorum.urdata import DATA, raw, ur_map

# -- the printed tables, row by row (L1559-1607, L1637-1664) -------------------------------
ROMAN_TABLE = """\
timasius Al/405 _ _ _ _ _ 406 407 408 409 410
aurelien C/405 _ _ _ 406 407 408 409 410 411 412
fravitta C/405 _ 406 407 408 409 410 411 412 413 414
anthemius C/405 _ 406 407 408 409 410 411 412 413 414
arcadius C/405 408 409 410 411 412 413 414 415 416 417
stilicon M/405 410 411 412 413 414 415 416 417 418 419
gerontius Lo/405 415 416 417 418 419 420 421 422 423 424
jovin A/405 415 416 417 418 419 420 421 422 423 424
constantin Lo/405 418 419 420 421 422 423 424 425 426 427
heraclien M/405 418 419 420 421 422 423 424 425 426 427
honorius M/405 420 421 422 423 424 425 426 427 428 429
constance M/405 420 421 422 423 424 425 426 427 428 429
sarus M/405 420 421 422 423 424 425 426 427 428 429
theodose-ii C/408 446 447 448 449 450 446 447 448 449 450
johannes R/409 430 431 432 433 434 435 436 437 438 439
procopius C/409 426 427 428 429 430 431 432 433 434 435
boniface R/413 431 432 433 434 435 436 437 438 439 440
marcien C/421 455 456 457 458 459 460 461 462 463 464
valentinien-iii C/424 458 459 460 461 462 463 464 465 466 467
aetius R/425 458 459 460 461 462 463 464 465 466 467
aspar C/425 464 465 466 467 468 469 470 471 472 473
cyrus C/430 445 446 447 448 449 450 451 452 453 454
avitus A/430 455 456 457 458 459 460 461 462 463 464
aegidius R/445 460 461 462 463 464 465 466 467 468 469
ricimer R/448 465 466 467 468 469 470 471 472 473 474
leon C/450 469 470 471 472 473 474 475 476 477 478
majorien R/450 465 466 467 468 469 470 471 472 473 474
marcellinus S/450 465 466 467 468 469 470 471 472 473 474
sidoine-apollinaire A/450 481 482 483 484 485 _ _ _ _ _
paul Lu/455 470 471 472 473 474 475 476 477 478 479
anagaste C/455 473 475 475 476 477 478 479 480 481 482
arbadur C/455 475 476 477 478 479 480 481 482 483 484
procope-anthemius C/455 475 476 477 478 479 480 481 482 483 484
olybrius Ro/455 463 464 465 466 467 468 469 470 471 472
libius-severus R/460 463 464 465 466 467 468 469 470 471 472
oreste R/460 PdT
basilicus C/460 PdT
zenon C/460 PdT
syagrius Lu/460 PdT
illus C/465 PdT
julius-nepos C/465 PdT
gondebaud R/470 PdT
odoacre R/473 PdT
glycerius R/473 PdT
romulus-augustule R/475 PdT
"""
BARBARIAN_TABLE = """\
persae yazdegard-i 405 415 416 417 418 419 420 421 422 423 424
persae varhan-v 415 435 436 437 438 439 440 441 442 443 444
persae yazdegard-ii 435 455 456 457 458 459 460 461 462 463 464
persae peroz 455 483 484 485 _ _ _ _ _ _ _
visigothi alaric-i 405 409 410 411 412 413 414 415 416 417 419
visigothi athaulf 410 415 416 417 418 419 420 421 422 423 424
visigothi wallia 415 418 419 420 421 422 423 424 425 426 427
visigothi theodoric-i 418 445 446 447 448 449 450 451 452 453 454
visigothi theodoric-ii 445 460 461 462 463 464 465 466 467 468 469
visigothi euric 460 483 484 485 _ _ _ _ _ _ _
vandali godegisel 405 407 408 409 410 411 412 413 414 415 416
vandali gunderic 407 420 421 422 423 424 425 426 427 428 429
vandali genseric 420 476 477 478 479 480 481 482 483 484 485
hunni ruga 405 430 431 432 433 434 435 436 437 438 439
hunni bleda 430 440 441 442 443 444 445 446 447 448 449
hunni attila 440 452 453 454 455 456 457 458 459 460 461
franci-salii clodion 430 445 446 447 448 449 450 451 452 453 454
franci-salii merovee 445 455 456 457 458 459 460 461 462 463 464
franci-salii childeric 455 475 476 477 478 479 480 481 482 483 484
franci-salii clovis 475 PdT
burgondi chiperic 437 460 461 462 463 464 465 466 467 468 469
burgondi gondioc 460 471 472 473 474 475 476 477 478 479 480
burgondi gondebaud-rex 470 PdT
"""
#: The two rows printed with a misprint (digest A22), and how the data reads them (notes field).
MISPRINTS = {
    "theodose-ii": ({441 + i: i + 1 for i in range(9)}, 450),
    "anagaste": ({473 + i: i + 1 for i in range(9)}, 482),
}


def _printed(cells):
    """Columns <1 .. <9 and Mort of a printed row: {year: k} (the first k a year gets) and Mort."""
    if cells == ["PdT"]:
        return None, None, True
    thresholds = {}
    for k, cell in enumerate(cells[:9], start=1):
        if cell != "_":
            thresholds.setdefault(int(cell), k)
    mort = None if cells[9] == "_" else int(cells[9])
    return thresholds, mort, False


@pytest.fixture(scope="module")
def leaders():
    return {r["id"]: r for r in raw("leaders.yaml")["leaders"]}


@pytest.fixture(scope="module")
def units():
    return {r["id"]: r for r in raw("units.yaml")["units"]}


@pytest.fixture(scope="module")
def m():
    return ur_map()


def _death(rec):
    d = rec["death"]
    if d.get("no_test"):
        return None, None, True
    return {int(y): k for y, k in d["thresholds"].items()}, d["dies"], False


# -- the Roman table (L1552-1628) ----------------------------------------------------------


def test_forty_five_roman_leaders_as_printed(leaders):
    """L1559-1607: 45 rows, each leader's entry zone code and year, tests and Mort (or PdT) as
    printed; two misprinted rows read as the notes say (A22)."""
    rows = [line.split() for line in ROMAN_TABLE.splitlines()]
    assert len(rows) == 45
    assert sorted(i for i, r in leaders.items() if r["kind"] == "roman") == sorted(r[0] for r in rows)
    for lid, entry, *cells in rows:
        rec = leaders[lid]
        code, year = entry.split("/")
        assert (rec["entry"]["code"], rec["entry"]["year"]) == (code, int(year)), lid
        thresholds, mort, pdt = _printed(cells)
        if lid in MISPRINTS:
            thresholds, mort = MISPRINTS[lid]
            assert rec.get("notes"), lid
        assert _death(rec) == (thresholds, mort, pdt), lid


def test_honorius_example(leaders):
    """L1622-1623: a d10 of 6 leaves Honorius alive in 425 but kills him in 426."""
    thresholds, _, _ = _death(leaders["honorius"])
    assert not 6 < thresholds[425]
    assert 6 < thresholds[426]


def test_entry_codes_name_their_cities(leaders, m):
    """L1612-1615: M Mediolanum, Lo Londonium, Lu Lutecia, A Arelate, R Ravenna, Ro Roma,
    S Sirmium, C Constantinopolis, Al Alexandria: each code's zone holds that city."""
    codes = {c["code"]: c for c in raw("leaders.yaml")["entry_codes"]}
    expected = {"M": "Mediolanum", "Lo": "Londonium", "Lu": "Lutecia", "A": "Arelate", "R": "Ravenna",
                "Ro": "Roma", "S": "Sirmium", "C": "Constantinopolis", "Al": "Alexandria"}
    assert {c: r["city"] for c, r in codes.items()} == expected
    for code, city in expected.items():
        assert codes[code]["zone"] == m.place_zone(city), code
    for lid, rec in leaders.items():
        if rec["kind"] == "roman":
            assert rec["entry"]["code"] in codes, lid


def test_late_entries_follow_their_predecessor(leaders):
    """L1627-1628: Theodose II enters only after Arcadius's death and not before 408;
    Valentinien III only after Honorius's and not before 424."""
    assert (leaders["theodose-ii"]["follows"], leaders["theodose-ii"]["entry"]["year"]) == ("arcadius", 408)
    assert (leaders["valentinien-iii"]["follows"], leaders["valentinien-iii"]["entry"]["year"]) == ("honorius", 424)


def test_roman_leaders_half_follows_their_entry_zone(leaders, m):
    """L76-77: western and eastern Roman counters differ in colour; the data takes the colour
    from the entry zone."""
    codes = {c["code"]: c["zone"] for c in raw("leaders.yaml")["entry_codes"]}
    for lid, rec in leaders.items():
        if rec["kind"] == "roman":
            assert rec["half"] == m.half_of(codes[rec["entry"]["code"]]), lid
        if rec["kind"] == "generic":
            assert rec["half"] == m.half_of(rec["zone"]), lid


def test_five_generic_roman_leaders(leaders, m):
    """L1708-1714: Magister p. Thracias (Thracias 3), Magister p. Oriens (Oriens 9), Comes
    Africae (Africa 4), Dux Galliae (Galliae 3), Dux Britaniae (Britanniae 2); not subject to
    the death table (L288-289), never Augustus, Patrice or usurper (L297), so no CP."""
    generic = {i: r for i, r in leaders.items() if r["kind"] == "generic"}
    assert {r["zone"] for r in generic.values()} == {"thracia-3", "oriens-9", "africa-4", "galliae-3", "britanniae-2"}
    for lid, rec in generic.items():
        assert rec["death"] is None and rec["cp"] is None and rec["origin"] is None, lid
        assert m.in_empire(rec["zone"])


# -- the barbarian table (L1630-1686) ------------------------------------------------------


def test_twenty_three_barbarian_leaders_as_printed(leaders):
    """L1636-1664: 23 rows by people, entry year, tests and Mort (or PdT) as printed."""
    rows = [line.split() for line in BARBARIAN_TABLE.splitlines()]
    assert len(rows) == 23
    historical = {i: r for i, r in leaders.items() if r["kind"] == "non_roman" and not r.get("generic")}
    assert sorted(historical) == sorted(r[1] for r in rows)
    for people, lid, year, *cells in rows:
        rec = leaders[lid]
        assert rec["people"] == people, lid
        assert rec["entry"]["year"] == int(year), lid
        assert _death(rec) == _printed(cells), lid


def test_barbarian_successions(leaders):
    """L1674-1678: a leader enters at his predecessor's death, not before his year: within each
    people the table is one line of succession, so never two historical leaders at once."""
    rows = [line.split() for line in BARBARIAN_TABLE.splitlines()]
    previous = {}
    for people, lid, *_ in rows:
        assert leaders[lid]["follows"] == previous.get(people), lid
        previous[people] = lid


def test_attila(leaders):
    """L1352: +5 PV if Attila is killed in combat; L1682-1683: he has no successor; L866-867:
    his death frees the Ostrogothi and Gepidae."""
    attila = leaders["attila"]
    assert attila["vp_if_killed"] == 5
    assert attila["successor"] is False and attila["frees_vassals"] is True
    assert not any(r.get("follows") == "attila" for r in leaders.values())


def test_gondebaud_general_then_king(leaders):
    """L1604, L1664, L1684-1685: Gondebaud is a Roman general from 470 (R/470, PdT) and becomes
    king of the Burgondi at his father's death."""
    roman, king = leaders["gondebaud"], leaders["gondebaud-rex"]
    assert roman["same_person"] == "gondebaud-rex" and king["same_person"] == "gondebaud"
    assert king["follows"] == "gondioc" and king["people"] == "burgondi"
    assert (roman["cc"], roman["vs"], roman["bt"], roman["cp"]) == (king["cc"], king["vs"], king["bt"], king["cp"])


# -- counter values ------------------------------------------------------------------------


def test_values_the_text_gives(leaders):
    """L127-128: Libius Severus CP 1, Leon I CP 4; L164-166: Libius Severus VS 1, Leon VS 3,
    Genseric VS 4; L1009: Constantin III moves with two units, L1014: Aetius with three,
    L359-363: Genseric with two (CC at least that)."""
    assert (leaders["libius-severus"]["cp"], leaders["libius-severus"]["vs"]) == (1, 1)
    assert (leaders["leon"]["cp"], leaders["leon"]["vs"]) == (4, 3)
    assert leaders["genseric"]["vs"] == 4
    assert leaders["constantin"]["cc"] >= 2
    assert leaders["aetius"]["cc"] >= 3
    assert leaders["genseric"]["cc"] >= 2


def test_the_463_examples(leaders):
    """L127-130: in 463 a roll of 3 is not below the lower Augustus CP (Libius Severus 1):
    BARBARE has the initiative. L164-166: ceil((1 + 3) / 2) + Genseric's 4 = 6 SMC."""
    ls, leon, gen = leaders["libius-severus"], leaders["leon"], leaders["genseric"]
    assert not 3 < min(ls["cp"], leon["cp"])
    assert math.ceil((ls["vs"] + leon["vs"]) / 2) + gen["vs"] == 6


def test_scales(leaders):
    """L86: every leader 4 PM; L274-278: CC 0 to 8; VS 1-4 (Genseric's 4 is the top of the
    examples); origins (T)/(B) on Roman leaders only (L71-74)."""
    for lid, rec in leaders.items():
        assert rec["pm"] == 4, lid
        assert 0 <= rec["cc"] <= 8 and 1 <= rec["vs"] <= 4 and 0 <= rec["bt"] <= 2, lid
        assert rec["cp"] is None or 1 <= rec["cp"] <= 6, lid
        if rec["kind"] != "roman":
            assert rec.get("origin") is None, lid
        else:
            assert rec["origin"] in (None, "T", "B"), lid
            assert rec["cp"] is not None, lid
        if rec["kind"] == "non_roman":
            assert rec["cp"] is not None, lid


def test_theodosian_family(leaders):
    """L403-412: the Theodosian (T) succeed first; the emperors of Theodosius's blood are T."""
    for lid in ("arcadius", "honorius", "theodose-ii", "valentinien-iii"):
        assert leaders[lid]["origin"] == "T", lid


def test_barbarian_born_generals_never_reign(leaders):
    """L402: a Roman leader of barbarian origin (B) can never succeed an Augustus; L826-829: a
    (B) usurper needs a stand-in of CP 1 or 2, so such leaders exist."""
    b = [lid for lid, r in leaders.items() if r.get("origin") == "B"]
    assert {"stilicon", "ricimer", "aspar", "odoacre"} <= set(b)
    assert any(r["kind"] == "roman" and r["origin"] is None and r["cp"] in (1, 2) for r in leaders.values())


def test_majors_have_leaders_minors_none(leaders, m):
    """L567-572: minor peoples have no leader counter, major peoples at least one; a people turns
    major when its first table leader enters (Franci Salii, Burgondi); L79-84: the seven peoples
    with leader counters."""
    with_leaders = {r["people"] for r in leaders.values() if r["kind"] == "non_roman"}
    majors = {p for p, r in m.peoples.items() if r["class"] == "major"}
    assert with_leaders == majors
    for p in ("franci-salii", "burgondi"):
        first = min(r["entry"]["year"] for r in leaders.values() if r.get("people") == p)
        assert m.peoples[p]["major_from"] == first, p
        assert not any(r.get("generic") for r in leaders.values() if r.get("people") == p), p
    assert any(r.get("generic") for r in leaders.values() if r.get("people") == "ostrogothi"), \
        "a major people (L863) with no king in the table"


# -- units -----------------------------------------------------------------------------------


PALATINI = {
    # L1693-1707: (name, capital, half)
    "pa-comites-seniores": ("Comites Seniores", "Mediolanum", "west"),
    "pa-comites-alani": ("Comites Alani", "Mediolanum", "west"),
    "pa-victores": ("Victores", "Mediolanum", "west"),
    "pa-scolae-occidentis": ("Scolae", "Ravenna", "west"),
    "pa-domestici-pedites-occidentis": ("Domestici Pedites", "Ravenna", "west"),
    "pa-divitenses": ("Divitenses", "Arelate", "west"),
    "pa-felices-iuniores": ("Felices Iuniores", "Arelate", "west"),
    "pa-placidi-felices": ("Placidi Felices", "Ravenna", "west"),
    "pa-scolae-orientis": ("Scolae", "Constantinopolis", "east"),
    "pa-sagittarii-iuniores": ("Sagittarii Iuniores", "Constantinopolis", "east"),
    "pa-domestici-equites": ("Domestici Equites", "Constantinopolis", "east"),
    "pa-domestici-pedites-orientis": ("Domestici Pedites", "Constantinopolis", "east"),
    "pa-constantiani": ("Constantiani", "Constantinopolis", "east"),
    "pa-felices-theodosiani": ("Felices Theodosiani", "Constantinopolis", "east"),
    "pa-isauri": ("Isauri", "Constantinopolis", "east"),
    "pa-defensores": ("Defensores", "Constantinopolis", "east"),
    "pa-equites-arcades": ("Equites Arcades", "Antiochia", "east"),
    "pa-comites-clibanarii": ("Comites Clibanarii", "Antiochia", "east"),
    "pa-felices-honoriani": ("Felices Honoriani", "Antiochia", "east"),
    "pa-excubitores": ("Excubitores", "Constantinopolis", "east"),
}


def test_the_twenty_palatini(units):
    """L1689-1707: the Palatini table, by capital, and its two reinforcements."""
    pa = {i: (u["name"], u["capital"], u["half"]) for i, u in units.items() if u["category"] == "PA"}
    assert pa == PALATINI
    assert units["pa-excubitores"]["reinforcement"]["year"] == 460
    assert units["pa-placidi-felices"]["reinforcement"]["with"] == "valentinien-iii"


def test_qualities_of_the_example(units):
    """L1131-1134: CO Galliae (1) and (1), PA Comites Alani (3), PA Comites Seniores (2): an
    average quality of 7 / 4 = 1.75, rounded down to 1."""
    force = [units["co-galliae-1"], units["co-galliae-2"], units["pa-comites-alani"], units["pa-comites-seniores"]]
    assert [u["full"]["qu"] for u in force] == [1, 1, 3, 2]
    assert sum(u["full"]["qu"] for u in force) // len(force) == 1
    assert all(u["full"]["qu"] == 1 for u in units.values() if u["category"] == "CO" and u["diocese"] == "galliae")


def test_movement_points(units):
    """L110-112 (A12): units 3 PM, palatini and buccellarii 4."""
    for uid, u in units.items():
        assert u["pm"] == (4 if u["category"] in ("PA", "BU") else 3), uid


def test_bands_and_halves(units, m):
    """L106-108: LI and CO carry their home diocese's band; PA and BU none."""
    for uid, u in units.items():
        if u["category"] in ("LI", "CO"):
            assert u["diocese"] in m.dioceses, uid
            assert u["half"] == m.dioceses[u["diocese"]]["half"], uid
        else:
            assert u["diocese"] is None, uid
        if u["category"] == "PA":
            assert m.half_of(m.place_zone(u["capital"])) == u["half"], uid
        if u["category"] == "people":
            assert u["people"] in m.peoples, uid
        else:
            assert u["people"] is None, uid


def test_every_diocese_has_limitanei_and_comitatenses(units, m):
    """9.3.1 (L1164-1188) rebuilds each diocese's LI and CO; L717-719 leaves several LI in
    Galliae 4."""
    for d in m.dioceses:
        assert any(u["category"] == "LI" and u["diocese"] == d for u in units.values()), d
        assert any(u["category"] == "CO" and u["diocese"] == d for u in units.values()), d
    assert sum(u["category"] == "LI" and u["diocese"] == "galliae" for u in units.values()) >= 2


def test_two_units_can_leave_britannia(units):
    """L1009-1013: Constantin III leaves Britanniae 1 northwards with two units, and LI never
    leave the Empire (L337-338): Britannia has at least two CO."""
    assert sum(u["category"] == "CO" and u["diocese"] == "britanniae" for u in units.values()) >= 2


def test_peoples_units_the_examples_need(units, m):
    """L359-360: Genseric with the two Vandali units; L555-557: leaderless Franci Salii units in
    Galliae 1 and one more in Galliae 5; L665, L668: the one Armenia unit; L870: the one
    Bagaudes unit; every people has units."""
    count = {p: sum(u.get("people") == p for u in units.values()) for p in m.peoples}
    assert all(n >= 1 for n in count.values()), count
    assert count["vandali"] >= 2
    assert count["franci-salii"] >= 3
    assert count["armenia"] == 1 and count["bagaudes"] == 1


def test_faces(units):
    """L91-95: a full face and a weaker reduced face."""
    for uid, u in units.items():
        assert u["full"]["pf"] >= 1 and 1 <= u["weakened"]["pf"] <= u["full"]["pf"], uid
        assert u["weakened"]["qu"] <= u["full"]["qu"] and u["weakened"]["bt"] <= u["full"]["bt"], uid


def test_buccellarii(units):
    """L274-278: a leader of CC 1-4 gets 2 PF of buccellarii, 5-6 gets 3, 7-8 gets 4, CC 0 none:
    a counter of each strength exists."""
    table = raw("units.yaml")["buccellarii_by_cc"]
    assert [(r["cc_min"], r["cc_max"], r["pf"]) for r in table] == [(1, 4, 2), (5, 6, 3), (7, 8, 4)]
    strengths = {u["full"]["pf"] for u in units.values() if u["category"] == "BU"}
    assert strengths == {2, 3, 4}


def test_the_book_scale(units):
    """L35 (1 PF ~ 1,000 men), L1074-1076 (a 55 PF army attacks 37 PF), L1348-1350 (a battle of
    25 PF or more earns a VP): a western praesental army and Alaric's Visigothi meet in a battle
    above the VP threshold, and two Vandali units on a fleet (L358-366) are a real host."""
    italy = sum(u["full"]["pf"] for u in units.values() if u["category"] == "PA" and u["capital"] in ("Mediolanum", "Ravenna"))
    goths = sum(u["full"]["pf"] for u in units.values() if u.get("people") == "visigothi")
    vandal_pair = sorted((u["full"]["pf"] for u in units.values() if u.get("people") == "vandali"), reverse=True)[:2]
    assert italy + goths >= 25
    assert goths >= 20 and italy >= 18
    assert sum(vandal_pair) >= 10
    roman = sum(u["full"]["pf"] for u in units.values() if u["category"] in ("LI", "CO", "PA"))
    assert 250 <= roman <= 400, "the Notitia's field armies and garrisons, at about 1,000 men a PF"


# -- the stratagem mix -----------------------------------------------------------------------


def test_thirty_one_stratagem_types():
    """L783-943: 7 ROMAIN, 12 BARBARE and 12 mixed types; 18 can be played in phase E (6
    ROMAIN with the two Augustae, 3 BARBARE, 9 mixed); Papa once (L813), the three-majors
    uprising once per scenario (L841-843)."""
    with open(DATA.parent / "stratagems.yaml", encoding="utf-8") as fh:
        mix = yaml.safe_load(fh)
    types = {s["id"]: s for s in mix["stratagems"]}
    assert len(types) == 31
    by_side = {side: sorted(i for i, s in types.items() if s["side"] == side) for side in ("ROMAIN", "BARBARE", "mixed")}
    assert [len(by_side[s]) for s in ("ROMAIN", "BARBARE", "mixed")] == [7, 12, 12]

    def phases(s):
        return s["phase"] if isinstance(s["phase"], list) else [s["phase"]]

    in_e = {side: sum("E" in phases(types[i]) for i in ids) for side, ids in by_side.items()}
    assert in_e == {"ROMAIN": 6, "BARBARE": 3, "mixed": 9}
    assert phases(types["augusta-orientalis"]) == ["C", "E"] == phases(types["augusta-occidentalis"])
    assert phases(types["initiative"]) == ["B"] and phases(types["papa"]) == ["F"]
    assert sorted(i for i, s in types.items() if s.get("once")) == ["papa", "soulevement-majeur-3"]
    assert all(s["count"] >= 1 for s in types.values())
