"""Standings and tie-breaks against a table worked out by hand (tournaments/standings.py).

Six players, three rounds, scoring 2/1/0 with +0.5 for a decisive and +1 for a definitive
victory, tie-breaks Sonneborn-Berger, head to head, VP difference.

    round 1: A-B A wins decisive 30-12  | C-D draw 20-20   | E-F F wins marginal 15-18
    round 2: A-C C wins marginal 25-30  | B-E B wins definitive 40-5 | D-F D wins marginal 22-21
    round 3: A-D A wins marginal 28-20  | B-F draw 16-16   | C-E E wins marginal 18-19

Points:  A 2.5+0+2 = 4.5   B 0+3+1 = 4   C 1+2+0 = 3   D 1+2+0 = 3   E 0+0+2 = 2   F 2+0+1 = 3
SB (wins: opponent's points, draws: half):
  C: drew D (3/2) + beat A (4.5)           = 6
  D: drew C (3/2) + beat F (3)             = 4.5
  F: beat E (2) + drew B (4/2)             = 4
C, D and F are tied on 3 points and SB separates them: C (6), D (4.5), F (4).
VP difference: A 30-12 + 25-30 + 28-20 = +21; B 12-30 + 40-5 + 16-16 = +17; C +4; D -7;
F +2; E -37.
"""

from decimal import Decimal

from tournaments.standings import GameRow, Scoring, compute

A, B, C, D, E, F = range(1, 7)
NAMES = [(A, "A"), (B, "B"), (C, "C"), (D, "D"), (E, "E"), (F, "F")]


def result(winner, level, p, s):
    return {"winner": winner, "level": level, "scores": {"PRIMUS": p, "SECONDUS": s}}


GAMES = [
    GameRow(1, 1, A, B, result("PRIMUS", "decisive", 30, 12)),
    GameRow(1, 2, C, D, result(None, "draw", 20, 20)),
    GameRow(1, 3, E, F, result("SECONDUS", "marginal", 15, 18)),
    GameRow(2, 1, A, C, result("SECONDUS", "marginal", 25, 30)),
    GameRow(2, 2, B, E, result("PRIMUS", "definitive", 40, 5)),
    GameRow(2, 3, D, F, result("PRIMUS", "marginal", 22, 21)),
    GameRow(3, 1, A, D, result("PRIMUS", "marginal", 28, 20)),
    GameRow(3, 2, B, F, result(None, "draw", 16, 16)),
    GameRow(3, 3, C, E, result("SECONDUS", "marginal", 18, 19)),
]


def test_points_and_sonneborn_berger_match_the_hand_table():
    rows = compute(NAMES, GAMES, Scoring())
    table = [(r.name, r.rank, r.points, r.sonneborn_berger, r.vp_difference) for r in rows]
    assert table == [
        ("A", 1, Decimal("4.5"), Decimal("2") * 0 + Decimal("4") + Decimal("3"), 21),  # beat B (4), beat D (3)
        ("B", 2, Decimal("4"), Decimal("2") + Decimal("1.5"), 17),  # beat E (2), drew F (3/2)
        ("C", 3, Decimal("3"), Decimal("6"), 4),  # 20-20, 30-25, 18-19: 0 + 5 - 1
        ("D", 4, Decimal("3"), Decimal("4.5"), -7),  # 20-20, 22-21, 20-28
        ("F", 5, Decimal("3"), Decimal("4"), 2),  # 18-15, 21-22, 16-16: 3 - 1 + 0
        ("E", 6, Decimal("2"), Decimal("0") + Decimal("0") + Decimal("3"), -37),  # beat C (3); 15-18, 5-40, 19-18
    ]
    assert [(r.wins, r.draws, r.losses) for r in rows] == [(2, 0, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 0, 2)]


def test_head_to_head_then_vp_break_a_tie_sonneborn_berger_cannot():
    # C, D and F tied on points; with head to head first: C-D drew (1 each), D beat F
    # (D 2), F met neither C... so D 3, C 1, F 0.
    rows = compute(NAMES, GAMES, Scoring(tiebreaks=("head_to_head", "vp_difference")))
    tied = [(r.name, r.rank, r.head_to_head) for r in rows if r.points == 3]
    assert tied == [("D", 3, Decimal("3")), ("C", 4, Decimal("1")), ("F", 5, Decimal("0"))]


def test_players_tied_after_every_tie_break_share_the_rank():
    rows = compute([(1, "x"), (2, "y")], [GameRow(1, 1, 1, 2, result(None, "draw", 10, 10))], Scoring())
    assert [(r.name, r.rank, r.shared) for r in rows] == [("x", 1, True), ("y", 1, True)]


def test_bye_and_running_game():
    rows = compute(
        [(1, "x"), (2, "y"), (3, "z")],
        [GameRow(1, 1, 1, None, None), GameRow(1, 2, 2, 3, None, live_vp={"PRIMUS": 7, "SECONDUS": 3}, running=True, game_id=9)],
        Scoring(),
    )
    by_name = {r.name: r for r in rows}
    assert by_name["x"].points == 2 and by_name["x"].byes == 1 and by_name["x"].rank == 1
    assert by_name["y"].running == [{"round": 1, "board": 2, "game": 9, "role": "PRIMUS", "opponent": 3, "vp": 7, "opponent_vp": 3}]
    assert by_name["y"].points == 0 and by_name["z"].rank == 2 and by_name["z"].shared
