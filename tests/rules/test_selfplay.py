"""Random legal self-play (rules/selfplay.py): no crash, no dead end, no endless loop, and
the same seed replays to the same state."""

from __future__ import annotations

from rules.selfplay import play_game, random_orders, run_many, summary


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


def test_each_game_replays_from_its_log_to_the_same_hash():
    report = play_game("semper-victor", 8, scenario="306", check_replay=True)
    assert report.ok, report.detail
    assert report.steps > 0


def test_a_tampered_log_is_caught_by_the_replay():
    """The replay check can fail: the same log with other dice does not reach the same state."""
    from rules.selfplay import replay_log
    from rules.dice import HmacDice
    from rules.registry import get_ruleset

    ruleset = get_ruleset("semper-victor")
    key = b"k" * 32
    opening = ruleset.setup("306", {}, HmacDice(key, 0))
    state, log = opening, []
    for number in range(1, 40):
        prompts = ruleset.prompts(state)
        if not prompts:
            break
        submissions = {p.role: p.default_orders for p in prompts}
        log.append(submissions)
        state, _ = ruleset.resolve(state, submissions, HmacDice(key, number))
    from rules.base import RulesError, state_hash

    assert replay_log(ruleset, opening, log, key) == state_hash(state)
    # Other dice: the logged orders stop fitting (refused) or lead elsewhere.
    try:
        other = replay_log(ruleset, opening, log, b"x" * 32)
    except RulesError:
        other = None
    assert other != state_hash(state)


def test_a_time_budget_stops_starting_new_games():
    """``minutes``: no game starts once the budget is spent (a busy machine's run stops in
    time); the first always plays, so a budget of 0 plays one."""
    reports = run_many("semper-victor", 5, 11, max_years=1, minutes=0)
    assert len(reports) == 1 and reports[0].ok
    assert len(run_many("semper-victor", 2, 11, max_years=1, minutes=60)) == 2


def test_games_played_in_several_processes_report_as_in_one():
    """``jobs``: the games are shared between processes and come back in seed order, each
    the same game as in one process (its seed alone decides it), so the statistics are the
    same; a ``choose`` that does not pickle (a closure) still reaches the workers."""
    asked = []

    def choose(rs, state, prompt, rng):  # a closure: it could not be sent to a process
        asked.append(prompt.kind)
        return random_orders(rs, state, prompt, rng)

    one = run_many("semper-victor", 3, 21, max_years=1, stats=True, keep_states=False, choose=choose)
    assert asked  # the closure played the games in this process
    many = run_many("semper-victor", 3, 21, max_years=1, stats=True, keep_states=False, choose=choose, jobs=2)
    assert [r.seed for r in many] == [21, 22, 23]
    assert [(r.final_hash, r.outcome, r.steps, r.counts, r.prompts) for r in many] == \
        [(r.final_hash, r.outcome, r.steps, r.counts, r.prompts) for r in one]
    assert all(r.ok and r.final_state is None for r in many)
    assert [r.seed for r in run_many("semper-victor", 4, 21, max_years=1, minutes=0, jobs=2)] == [21]


def test_the_processes_run_no_after_fork_hook_of_the_parent(tmp_path):
    """The games' processes are bare forks: a library's ``multiprocessing`` after-fork hook
    does not run in them (kombu's closed the broker connections a Django process inherits,
    and hung on the parent's socket: the suite stopped there once)."""
    import multiprocessing.util

    marker = tmp_path / "hook-ran"

    class Resource:
        pass

    resource = Resource()
    multiprocessing.util.register_after_fork(resource, lambda _r: marker.write_text("ran"))
    reports = run_many("semper-victor", 2, 21, max_years=1, jobs=2)
    assert [r.seed for r in reports] == [21, 22] and all(r.ok for r in reports)
    assert not marker.exists()
