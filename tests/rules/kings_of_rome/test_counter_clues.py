"""The counters, Gentes, leaders, chits and tables against what the rulebook says of them."""

from __future__ import annotations

from rules.kings_of_rome.data import CURIAE, data

D = data()
T = D.tables


def test_the_four_curiae_their_colours_and_starting_ip():
    """L217-225, L432-434."""
    assert [c for c in D.curiae] == list(CURIAE)
    assert {c: D.curiae[c]["colour"] for c in CURIAE} == {"latina": "grey", "sabina": "yellow", "etrusca": "green", "volsca": "violet"}
    assert {c: D.curiae[c]["ip"] for c in CURIAE} == {"latina": 7, "sabina": 5, "etrusca": 5, "volsca": 5}


def test_each_curia_has_gentes_enough_for_its_offices_and_all_are_equal():
    for c in CURIAE:
        gentes = D.gentes_of(c)
        assert len(gentes) >= 3  # two offices a turn and a candidate more (L571-572)
        assert sum(D.gentes[g]["virtus"] for g in gentes) == 12
        assert sum(D.gentes[g]["astutia"] for g in gentes) == 9
        assert all(1 <= D.gentes[g]["astutia"] <= 3 for g in gentes)  # 1 to 3 rerolls (L1519-1521)


def test_the_first_king_is_a_latin_gens():
    assert D.gentes["romilia"]["curia"] == "latina"  # L339-340


def test_the_secret_general_pool():
    """L324-328: Mamilius, Egerius, Publius Valerius, Arunth, Spurinna, Titus Tatius."""
    pool = {lid for lid, rec in D.leaders.items() if rec["enters"] == "secret"}
    assert pool == {"mamilius", "egerius", "publius-valerius", "arunth", "spurinna", "titus-tatius"}


def test_leaders_added_to_the_cup_by_turn():
    """T2: the Vibennae and Mastarna at 4 (L394-395), Metius Fufetius at 8 (L398-399),
    Porsenna's chit at 20 (L415)."""
    assert {lid for lid, rec in D.leaders.items() if rec["enters"] == 4} == {"caelius-vibenna", "avle-vibenna", "mastarna"}
    assert {lid for lid, rec in D.leaders.items() if rec["enters"] == 8} == {"metius-fufetius"}
    assert {lid for lid, rec in D.leaders.items() if rec["enters"] == 20} == {"porsenna"}


def test_a_surrender_is_possible_against_every_leader():
    """L1176-1178: a 1d6 must 'double' the besieged leader's Virtus: at most 3."""
    assert all(rec["virtus"] <= 3 for rec in D.leaders.values())


def test_the_military_counters():
    units = [u for u in D.units.values() if u["kind"] == "double"]
    cav = [u for u in units if u["arm"] == "cav"]
    assert all(u["class"] == "I" for u in cav)  # the Equites are always class I (L1347-1348)
    assert {u["back"]["people"] for u in units} == {"latini", "sabini", "etrusci", "volsci"}  # L517-522
    # the cup's schedule (30 + 10 + 10 + 10), the Roman set-up (13), 5 Roman cavalry (L410-411)
    assert len(units) >= 30 + 10 + 10 + 10 + 13 + 5
    assert len(cav) >= 2 + 5
    for u in units:
        assert u["back"]["city"] in D.cities and u["back"]["people"] in D.cities[u["back"]["city"]]["peoples"]


def test_the_chits_of_the_cup_by_turn():
    """T1 and T2: the five wars of turn 1 and the Magistri (L334-337), the Tribunes at 4
    (L397), the Samnite war at 11, the Omens, End of Actions, the Gallic and first Etruscan
    wars at 13, the Greek and second Etruscan wars and the fleets at 16, the third Etruscan
    and the Umbrian wars at 20."""
    by_turn: dict[int, set] = {}
    for cid, rec in D.chits.items():
        by_turn.setdefault(rec["enters"], set()).add(cid)
    assert by_turn[1] == {"war-aequi", "war-volsci", "war-piceni", "war-falisci", "war-capena", "office-mp", "office-me"}
    assert by_turn[4] == {"office-tp1", "office-tp2", "office-tc"}
    assert by_turn[11] == {"war-samnites"}
    assert by_turn[13] == {"omen", "finis", "war-galli", "war-etrusci-1"}
    assert by_turn[16] == {"war-graeci", "war-etrusci-2", "fleet-1", "fleet-2"}
    assert by_turn[20] == {"war-etrusci-3", "war-umbri"}
    assert sum(1 for g in D.garrisons.values() if g["enters"] == 1) == 10  # L320-322
    assert sum(1 for g in D.garrisons.values() if g["enters"] == 4) == 5   # L395-396


def test_the_ship_values_of_t17():
    assert sorted(s["virtus"] for s in D.ships.values() if s["people"] == "etrusci") == [2, 3, 4, 5]
    assert sorted(s["virtus"] for s in D.ships.values() if s["people"] == "graeci") == [3, 5]


def test_t9_command_capacity():
    cap = T["capacity"]
    assert cap["rex"] == cap["mp"] == cap["general"] == cap["nonroman"] == [4, 2]
    assert cap["me"] == [0, 6] and cap["tp"] == [4, 0] and cap["tc"] == [0, 4]


def test_t7_has_eleven_rows_of_three_results():
    """L709-736: 4 Revelations, 3 'the King is blamed', 4 'the Senate is blamed'."""
    for name, reading in T["secret_name"]["readings"].items():
        results = [reading[n] for n in range(2, 13)]
        assert results.count("revelation") == 4, name
        assert results.count("king") == 3, name
        assert results.count("senate") == 4, name
    # the rows the dump prints beside their number agree in every reading
    for n, result in ((6, "senate"), (7, "revelation"), (8, "senate"), (9, "senate"), (10, "senate")):
        assert all(r[n] == result for r in T["secret_name"]["readings"].values())


def test_the_invader_mixes_hold_the_forces_the_text_names():
    count = lambda people, arm: sum(1 for u in D.units.values() if u["kind"] == "invader" and u["people"] == people and u["arm"] == arm)  # noqa: E731
    assert count("aequi", "inf") == 4  # L1753
    assert count("volsci", "inf") == 4  # L1774
    assert count("piceni", "inf") == 3  # L1808-1809
    assert count("umbri", "inf") == 3 and count("umbri", "cav") == 1  # L2068-2069
    assert count("samnites", "inf") >= 4 and count("samnites", "cav") >= 2  # an army of 2 + 4 (L1863-1865)
