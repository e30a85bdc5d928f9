"""Registration and its gates, round robin in pools with byes, results from the engine,
ratings, and the console's errors (tournaments/services.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.models import Event, Game, Step
from tournaments import errors, glicko2, selectors, services
from tournaments.models import AuditEntry, Entry, Pairing, Rating, Tournament


def make_tournament(organiser, **kwargs):
    defaults = {"name": "Ludi", "ruleset": "semper-victor", "scenario": "305"}
    return services.tournament_create(created_by=organiser, **{**defaults, **kwargs})


@pytest.mark.django_db
def test_invitation_only(make_player):
    organiser, guest, stranger = make_player(), make_player(), make_player()
    tournament = make_tournament(organiser, registration=Tournament.Registration.INVITATION)
    with pytest.raises(errors.NotOrganiser):
        services.tournament_invite(tournament=tournament, by=guest, players=[guest])
    services.tournament_invite(tournament=tournament, by=organiser, players=[guest])
    assert services.entry_register(tournament=tournament, player=guest).player == guest
    with pytest.raises(errors.NotEligible) as refused:
        services.entry_register(tournament=tournament, player=stranger)
    message = refused.value.errors[0]["message"]
    assert message["en"] == "This tournament is by invitation only."
    assert message["fr"] and message["fr"] != message["en"]


@pytest.mark.django_db
def test_the_entry_gate_checks_rating_and_reliability(make_player, started_game):
    organiser = make_player()
    tournament = make_tournament(organiser, registration=Tournament.Registration.GATED, min_rating=1400, min_reliability=0.75)
    # The player prompted at step 1 misses its deadline: reliability 0 of 1 step.
    step = started_game.steps.get(number=1)
    late = started_game.seats.get(role=step.roles[0]).player
    other = started_game.seats.exclude(role=step.roles[0]).get().player
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    from games.services import step_adjudicate

    assert step_adjudicate(game_id=started_game.pk, step_number=1) == "resolved"
    assert selectors.reliability_of(player=late) == {"reliability": 0.0, "steps": 1, "missed": 1, "window": 50}
    assert selectors.reliability_of(player=other)["reliability"] is None  # no decided step yet
    with pytest.raises(errors.NotEligible) as refused:
        services.entry_register(tournament=tournament, player=late)
    assert refused.value.errors[0]["path"] == "/reliability"
    services.entry_register(tournament=tournament, player=other)
    low = make_player()
    Rating.objects.create(player=low, ruleset="semper-victor", rating=1350)
    with pytest.raises(errors.NotEligible) as refused:
        services.entry_register(tournament=tournament, player=low)
    assert refused.value.errors[0]["path"] == "/rating"


@pytest.mark.django_db
def test_reliability_counts_submitted_steps(make_player, started_game):
    from games.services import order_submit, step_adjudicate

    prompt = started_game.steps.get(number=1).prompts[0]
    player = started_game.seats.get(role=prompt["role"]).player
    order_submit(game=started_game, player=player, step=1, orders=prompt["default_orders"])
    step_adjudicate(game_id=started_game.pk, step_number=1)
    assert selectors.reliability_of(player=player) == {"reliability": 1.0, "steps": 1, "missed": 0, "window": 50}


@pytest.mark.django_db
def test_tournament_settings_are_validated(make_player):
    organiser = make_player()
    with pytest.raises(errors.InvalidTournament) as bad:
        make_tournament(organiser, tiebreaks=["sonneborn_berger", "coin_toss"])
    assert bad.value.errors[0]["path"] == "/tiebreaks/1"
    with pytest.raises(errors.InvalidTournament) as bad:
        make_tournament(organiser, ruleset="tetrarchia", scenario="293")
    assert bad.value.errors[0]["path"] == "/scenario"  # one player: nothing to pair
    with pytest.raises(errors.InvalidTournament) as bad:
        make_tournament(organiser, scoring={"win": 3, "elegance": 1})
    assert bad.value.errors[0]["path"] == "/scoring/elegance"
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_round_robin_in_pools_with_byes(make_player):
    organiser = make_player()
    players = [make_player() for _ in range(7)]
    tournament = make_tournament(organiser, system=Tournament.System.ROUND_ROBIN, pool_size=4, rounds_planned=3, rated=False)
    for player in players:
        services.entry_register(tournament=tournament, player=player)
    met, byes = set(), []
    for number in (1, 2, 3):
        services.round_pair_next(tournament=tournament, by=organiser)
        pairings = list(Pairing.objects.filter(round__tournament=tournament, round__number=number))
        for p in pairings:
            if p.secundus_id is None:
                byes.append(p.primus_id)
                assert p.game_id is None and p.result["level"] == "bye"
            else:
                assert frozenset((p.primus_id, p.secundus_id)) not in met
                met.add(frozenset((p.primus_id, p.secundus_id)))
                assert p.primus.pool == p.secundus.pool
                assert p.game.seats.get(role="PRIMUS").player == p.primus.player
    pools = sorted(Entry.objects.filter(tournament=tournament).values_list("pool", flat=True))
    assert pools == [1, 1, 1, 2, 2, 2, 2]  # snake seeding: seeds 1, 4, 5 and 2, 3, 6, 7
    assert len(byes) == 3 and len(set(byes)) == 3  # the pool of 3 sits one out each round
    assert len(met) == 6 + 3  # a pool of 4 plays all 6 pairs, the pool of 3 all 3
    with pytest.raises(errors.PairingError):
        services.round_pair_next(tournament=tournament, by=organiser)
    rows = selectors.standings(tournament=tournament)["rows"]
    assert sum(r["byes"] for r in rows) == 3 and {r["points"] for r in rows if r["byes"]} == {"2"}


@pytest.mark.django_db
def test_swiss_waits_for_results(make_player):
    organiser = make_player()
    tournament = make_tournament(organiser, rounds_planned=2)
    for _ in range(4):
        services.entry_register(tournament=tournament, player=make_player())
    services.round_pair_next(tournament=tournament, by=organiser)
    with pytest.raises(errors.RegistrationClosed):
        services.entry_register(tournament=tournament, player=make_player())
    with pytest.raises(errors.PairingError):
        services.round_pair_next(tournament=tournament, by=organiser)
    assert tournament.rounds.count() == 1


@pytest.mark.django_db
def test_an_engine_result_counts_and_is_rated_once(make_player, django_capture_on_commit_callbacks):
    organiser, a, b = make_player(), make_player(), make_player()
    tournament = make_tournament(organiser)
    services.entry_register(tournament=tournament, player=a)
    services.entry_register(tournament=tournament, player=b)
    services.round_pair_next(tournament=tournament, by=organiser)
    pairing = Pairing.objects.get(tournament=tournament)
    assert pairing.live_vp == {"PRIMUS": 0, "SECONDUS": 0}
    # The game ends as step_adjudicate ends one (status, outcome) and game_finished is
    # sent on commit: the receiver takes the engine's result.
    outcome = {"winner": "SECONDUS", "scores": {"PRIMUS": 4, "SECONDUS": 25}, "level": "definitive", "detail": {}}
    with django_capture_on_commit_callbacks(execute=True):
        Game.objects.filter(pk=pairing.game_id).update(status=Game.Status.FINISHED, outcome=outcome)
        from games.signals import game_finished

        game_finished.send(sender=Game, game_id=pairing.game_id)
    pairing.refresh_from_db()
    assert pairing.result_source == Pairing.ResultSource.ENGINE and pairing.result["level"] == "definitive"
    primus, secundus = pairing.primus.player, pairing.secundus.player
    expected = glicko2.update(glicko2.Rating(), [(glicko2.Rating(), 1.0)])
    rated = Rating.objects.get(player=secundus)
    assert rated.rating == pytest.approx(expected.rating) and rated.games == 1
    assert Rating.objects.get(player=primus).rating == pytest.approx(3000 - expected.rating)
    services.pairing_refresh_from_game(game_id=pairing.game_id)  # again: nothing changes
    assert Rating.objects.get(player=secundus).games == 1
    row = selectors.standings(tournament=tournament)["rows"][0]
    assert row["player"] == secundus.username and row["points"] == "3"  # 2 + 1 definitive
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING  # 5 rounds planned


@pytest.mark.django_db
def test_console_errors_leave_nothing_half_written(make_player):
    organiser, a, b, outsider = make_player(), make_player(), make_player(), make_player()
    tournament = make_tournament(organiser)
    services.entry_register(tournament=tournament, player=a)
    services.entry_register(tournament=tournament, player=b)
    services.round_pair_next(tournament=tournament, by=organiser)
    pairing = Pairing.objects.get(tournament=tournament)
    with pytest.raises(errors.NotOrganiser):
        services.pairing_forfeit(tournament=tournament, pairing_id=pairing.pk, by=outsider, loser="PRIMUS")
    with pytest.raises(errors.InvalidOverride) as bad:
        services.pairing_result_adjust(tournament=tournament, pairing_id=pairing.pk, by=organiser, winner=None, level="decisive")
    assert bad.value.errors[0]["path"] == "/level"
    with translation.override("fr"):
        with pytest.raises(errors.InvalidOverride) as bad:
            services.pairing_forfeit(tournament=tournament, pairing_id=pairing.pk, by=organiser, loser="TERTIUS")
    assert bad.value.errors[0]["message"]["fr"] != bad.value.errors[0]["message"]["en"]
    pairing.refresh_from_db()
    assert pairing.result is None and pairing.game.status == Game.Status.ACTIVE
    assert AuditEntry.objects.filter(tournament=tournament).exclude(action=AuditEntry.Action.ROUND_PAIRED).count() == 0
    # A correction after a forfeit is an adjustment, recorded with what it replaced.
    services.pairing_forfeit(tournament=tournament, pairing_id=pairing.pk, by=organiser, loser="PRIMUS", reason="silence")
    services.pairing_result_adjust(
        tournament=tournament, pairing_id=pairing.pk, by=organiser, winner="PRIMUS", level="marginal",
        scores={"PRIMUS": 11, "SECONDUS": 9}, reason="orders were lost in the post",
    )
    last = AuditEntry.objects.filter(tournament=tournament).last()
    assert last.action == AuditEntry.Action.RESULT_ADJUSTED
    assert last.data["before"]["level"] == "forfeit" and last.data["after"]["winner"] == "PRIMUS"
    assert Game.objects.get(pk=pairing.game_id).status == Game.Status.FINISHED
    assert Event.objects.filter(game_id=pairing.game_id, type="game_finished").count() == 1


@pytest.mark.django_db
def test_the_deadline_policy_is_handed_to_the_games(make_player):
    organiser, a, b = make_player(), make_player(), make_player()
    tournament = make_tournament(organiser, step_hours=96, deadline_policy={"civil_disorder_after": 2, "reminders": [12]})
    services.entry_register(tournament=tournament, player=a)
    services.entry_register(tournament=tournament, player=b)
    services.round_pair_next(tournament=tournament, by=organiser)
    game = Pairing.objects.get(tournament=tournament).game
    assert game.step_hours == 96
    assert game.deadline_policy["civil_disorder_after"] == 2 and game.deadline_policy["reminders"] == [12]
    with pytest.raises(errors.InvalidTournament) as bad:
        make_tournament(organiser, deadline_policy={"sundial": True})
    assert bad.value.errors[0]["path"] == "/deadline_policy"


@pytest.mark.django_db
def test_pairing_a_round_tells_every_prompted_player(make_player, django_capture_on_commit_callbacks):
    from notifications.models import Outbox
    from tournaments.signals import tournament_paired

    organiser = make_player()
    players = [make_player() for _ in range(6)]
    tournament = make_tournament(organiser)
    for player in players:
        services.entry_register(tournament=tournament, player=player)
    heard = []
    tournament_paired.connect(
        lambda sender, signal, **kw: heard.append(kw), weak=False, dispatch_uid="test-heard"
    )
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.round_pair_next(tournament=tournament, by=organiser)
    finally:
        tournament_paired.disconnect(dispatch_uid="test-heard")
    assert heard == [{"tournament_id": tournament.pk, "round_number": 1}]
    games = list(Pairing.objects.filter(tournament=tournament).values_list("game_id", flat=True))
    assert len(games) == 3
    for game_id in games:
        step = Step.objects.get(game_id=game_id, number=1)
        prompted = {Game.objects.get(pk=game_id).seats.get(role=role).player_id for role in step.roles}
        assert set(Outbox.objects.filter(game_id=game_id).values_list("recipient_id", flat=True)) >= prompted


@pytest.mark.django_db
def test_a_forfeit_by_the_deadline_ladder_counts_but_is_not_rated(make_player):
    organiser, a, b = make_player(), make_player(), make_player()
    tournament = make_tournament(organiser)
    services.entry_register(tournament=tournament, player=a)
    services.entry_register(tournament=tournament, player=b)
    services.round_pair_next(tournament=tournament, by=organiser)
    pairing = Pairing.objects.get(tournament=tournament)
    outcome = {"winner": "PRIMUS", "scores": {"PRIMUS": 0, "SECONDUS": 0}, "level": "forfeit", "detail": {"forfeited": ["SECONDUS"]}}
    Game.objects.filter(pk=pairing.game_id).update(status=Game.Status.FINISHED, outcome=outcome)
    services.pairing_refresh_from_game(game_id=pairing.game_id)
    pairing.refresh_from_db()
    assert pairing.result["level"] == "forfeit" and pairing.rated_at is None
    assert not Rating.objects.exists()
    assert selectors.standings(tournament=tournament)["rows"][0]["points"] == "2"
