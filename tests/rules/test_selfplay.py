"""Random legal self-play (rules/selfplay.py): no crash, no dead end, no endless loop, and
the same seed replays to the same state."""

from __future__ import annotations

from rules.selfplay import play_game, run_many, summary


def test_short_games_play_through():
    reports = run_many("semper-victor", 3, 11, max_years=4, check_json=True, check_text=True)
    assert all(r.ok for r in reports), summary(reports)
    assert all(r.refused_orders == 0 for r in reports), summary(reports)
    assert all(r.outcome is not None for r in reports)
    assert sum(r.battles for r in reports) > 0


def test_a_seed_replays_identically():
    a = play_game("semper-victor", 5, max_years=3)
    b = play_game("semper-victor", 5, max_years=3)
    assert a.ok and a.final_hash == b.final_hash and a.steps == b.steps


def test_every_option_setting_plays():
    options = {"rr_winner": "none", "fraction_basis": "own_units_capped", "river_drm_scope": "all_battles",
               "offempire_cap": "consecutive_offempire_pm", "stratagem_mix": "one_each", "leaderless_side": "phase_f"}
    report = play_game("semper-victor", 21, options=options, max_years=3)
    assert report.ok, summary([report])
