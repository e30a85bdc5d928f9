"""Tournaments of three- and four-player tables on real PostgreSQL: Kings of Rome (its
``players`` option set from the table size) in a Swiss and in a round robin, results
reported by the organiser and by the game's end, standings per place, pairwise Glicko-2
ratings; a refereed tournament whose game master is a named account; the errors of a
table size the ruleset cannot seat (issues 22 and 23)."""

from __future__ import annotations

import itertools
from collections import Counter
from decimal import Decimal

import pytest
from django.utils import translation

from games import overrides as game_overrides
from games import services as game_services
from games.models import Game, OrderSet, Seat
from rules.registry import get_ruleset
from tests.games.play import open_step
from tournaments import errors, glicko2, selectors, services
from tournaments.models import AuditEntry, Entry, Pairing, Rating, Tournament

KOR = "kings-of-rome"
SCENARIO = "750"


def kor_roles(players: int) -> list[str]:
    return get_ruleset(KOR).roles(SCENARIO, {"players": players})


def games_of(t, number):
    return list(Pairing.objects.filter(tournament=t, round__number=number, game__isnull=False).order_by("board"))


def byes_of(t, number):
    return [p.primus.player.username for p in Pairing.objects.filter(tournament=t, round__number=number, game__isnull=True)]


def assert_seated_as_paired(pairing):
    """The game's seats hold the pairing's players in the pairing's roles."""
    held = dict(Seat.objects.filter(game_id=pairing.game_id).values_list("role", "player_id"))
    entries = dict(Entry.objects.filter(pk__in=[e for _r, e in pairing.seats]).values_list("pk", "player_id"))
    for role, entry in pairing.seats:
        assert held[role] == entries[entry]
    assert pairing.primus_id == pairing.seats[0][1] and pairing.secundus_id == pairing.seats[1][1]


@pytest.mark.django_db
def test_a_three_player_kings_of_rome_swiss(make_player, api_for, client):
    organiser = make_player("praetor")
    api = api_for(organiser)
    response = api.post("/api/v1/tournaments/", {"name": "Ludi Romani", "ruleset": KOR, "scenario": SCENARIO,
                                                 "table_size": 3, "rounds_planned": 2}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    roles = kor_roles(3)
    assert body["table_size"] == 3 and body["options"]["players"] == 3 and body["referee"] is None
    assert [seat["role"] for seat in body["seats"]] == roles and not any(seat["referee"] for seat in body["seats"])
    assert body["scoring"]["place_points"] == ["2", "1", "0"] and body["scoring"]["bye"] == "2"
    t = Tournament.objects.get(pk=body["id"])
    players = [make_player(f"civis{i}") for i in range(7)]
    for player in players:
        assert api_for(player).post(f"/api/v1/tournaments/{t.pk}/register/").status_code == 201

    # Round 1: seven players, two tables of three by seed and one bye.
    assert api.post(f"/api/v1/tournaments/{t.pk}/rounds/").status_code == 201
    tables = games_of(t, 1)
    assert len(tables) == 2 and len(byes_of(t, 1)) == 1
    for pairing in tables:
        assert [role for role, _e in pairing.seats] == roles
        assert pairing.game.status == Game.Status.ACTIVE and pairing.game.options["players"] == 3
        assert_seated_as_paired(pairing)
    rounds = api.get(f"/api/v1/tournaments/{t.pk}/rounds/").json()["rounds"]
    assert [s["role"] for s in rounds[0]["pairings"][0]["seats"]] == roles

    # Results. Board 1 by the scores (the rules give the winner); a wrong winner is refused.
    one, two = tables
    scores = dict(zip(roles, (4, 9, 6)))
    with pytest.raises(errors.LevelMismatch) as refused:
        services.pairing_result_adjust(tournament=t, pairing_id=one.pk, by=organiser, winner=roles[0], level="victory",
                                       scores=scores)
    assert refused.value.errors[0]["path"] == "/level" and roles[1] in refused.value.errors[0]["message"]["en"]
    assert refused.value.errors[0]["message"]["fr"].startswith("Selon les règles")
    services.pairing_result_adjust(tournament=t, pairing_id=one.pk, by=organiser, winner=roles[1], level="victory",
                                   scores=scores)
    one.refresh_from_db()
    assert one.result["places"] == {roles[1]: 1, roles[2]: 2, roles[0]: 3}
    # Board 2: a tie for first that the King settles (§8.0), which the scores alone do not
    # say: the organiser gives the places with an override and a reason.
    tied = dict(zip(roles, (7, 7, 3)))
    with pytest.raises(errors.LevelUnchecked):
        services.pairing_result_adjust(tournament=t, pairing_id=two.pk, by=organiser, winner=roles[0], level="victory",
                                       scores=tied)
    with pytest.raises(errors.InvalidOverride) as refused:
        services.pairing_result_adjust(tournament=t, pairing_id=two.pk, by=organiser, winner=roles[0], level="victory",
                                       scores=tied, places={roles[0]: 1, roles[1]: 1, roles[2]: 3}, override=True,
                                       reason="the King's seat")
    assert refused.value.errors[0]["path"] == "/places"  # the winner stands alone first
    services.pairing_result_adjust(tournament=t, pairing_id=two.pk, by=organiser, winner=roles[0], level="victory",
                                   scores=tied, places={roles[0]: 1, roles[1]: 2, roles[2]: 3}, override=True,
                                   reason="the King's seat wins the tie")
    assert AuditEntry.objects.filter(tournament=t, action="result_overridden").count() == 1

    # Standings: 2, 1, 0 per place; the bye is worth a first place.
    rows = {row["player"]: row for row in selectors.standings(tournament=t)["rows"]}
    names = {role: Entry.objects.get(pk=e).player.username for role, e in one.seats}
    names2 = {role: Entry.objects.get(pk=e).player.username for role, e in two.seats}
    assert rows[names[roles[1]]]["points"] == "2" and rows[names[roles[1]]]["places"] == [1, 0, 0]
    assert rows[names[roles[2]]]["points"] == "1" and rows[names[roles[0]]]["points"] == "0"
    assert rows[names[roles[1]]]["vp_for"] == 9 and rows[names[roles[1]]]["vp_difference"] == 3
    assert rows[names2[roles[0]]]["points"] == "2" and rows[names2[roles[1]]]["points"] == "1"
    assert rows[byes_of(t, 1)[0]]["points"] == "2" and rows[byes_of(t, 1)[0]]["byes"] == 1
    csv = client.get(f"/tournaments/{t.pk}/standings.csv").content.decode().splitlines()
    assert csv[0].split(",")[:9] == ["rank", "player", "points", "played", "wins", "draws", "losses", "byes", "places"]

    # Ratings: each game is a rating period of two pairwise results.
    fresh = glicko2.Rating()
    winner = Rating.objects.get(player__username=names[roles[1]], ruleset=KOR)
    expected = glicko2.update(fresh, [(fresh, 1.0), (fresh, 1.0)])
    assert winner.games == 1 and winner.rating == pytest.approx(expected.rating) and winner.rd == pytest.approx(expected.rd)
    middle = Rating.objects.get(player__username=names[roles[2]], ruleset=KOR)
    assert middle.rating == pytest.approx(glicko2.update(fresh, [(fresh, 0.0), (fresh, 1.0)]).rating)
    assert Rating.objects.filter(ruleset=KOR).count() == 6  # the bye is not rated
    # The player's page says how a table is rated, in both languages.
    profile = client.get(f"/tournaments/players/{names[roles[1]]}/").content.decode()
    assert "counts as one result against each other player of the table" in profile
    profile = client.get(f"/tournaments/players/{names[roles[1]]}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "compte comme un résultat contre chacun des autres joueurs de la table" in profile

    # Round 2: grouped by score, the round-1 bye seated, nobody meets anyone twice where
    # it can be avoided, nobody keeps their seat.
    services.round_pair_next(tournament=t, by=organiser)
    second = games_of(t, 2)
    assert len(second) == 2 and byes_of(t, 2) != byes_of(t, 1)
    assert byes_of(t, 1)[0] in {Entry.objects.get(pk=e).player.username for p in second for _r, e in p.seats}
    top = {Entry.objects.get(pk=e).player.username for _r, e in second[0].seats}
    assert top == {names[roles[1]], names2[roles[0]], byes_of(t, 1)[0]}  # the three on 2 points
    before = {e: i for p in tables for i, (_r, e) in enumerate(p.seats)}
    for pairing in second:
        assert_seated_as_paired(pairing)
        for seat, (_role, entry) in enumerate(pairing.seats):
            assert before.get(entry) != seat

    # The pages: every seat a column, in English and French.
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    for name in get_ruleset(KOR).roles(SCENARIO, {"players": 3}):
        assert f"<th>{get_ruleset(KOR).role_name(name)['en']}</th>" in page
    assert "Tables of 3 players" in page and "Points per place at a table, first place first: 2, 1, 0" in page
    french = client.get(f"/tournaments/{t.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"1 {names[roles[1]]} (9) · 2 {names[roles[2]]} (6) · 3 {names[roles[0]]} (4)" in french
    assert "Rangs" in client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()


@pytest.mark.django_db
def test_a_four_player_kings_of_rome_round_robin_ended_by_its_games(make_player, django_capture_on_commit_callbacks):
    organiser = make_player("consul")
    t = services.tournament_create(created_by=organiser, name="Quattuor", ruleset=KOR, scenario=SCENARIO, table_size=4,
                                   system=Tournament.System.ROUND_ROBIN, pool_size=5, rounds_planned=4,
                                   place_points=[5, 3, 1, 0])
    assert t.options["players"] == 4 and t.bye_points == Decimal("5")
    players = [make_player(f"gens{i}") for i in range(5)]
    for player in players:
        services.entry_register(tournament=t, player=player)
    roles = kor_roles(4)
    seats_held, met, byes = {p.username: Counter() for p in players}, Counter(), []
    for number in range(1, 5):
        services.round_pair_next(tournament=t, by=organiser)
        (pairing,) = games_of(t, number)
        assert [role for role, _e in pairing.seats] == roles
        assert_seated_as_paired(pairing)
        byes += byes_of(t, number)
        names = [Entry.objects.get(pk=e).player.username for _r, e in pairing.seats]
        for seat, name in enumerate(names):
            seats_held[name][seat] += 1
        met.update(frozenset(pair) for pair in itertools.combinations(names, 2))
        # The game ends (as the engine or an operator ends it): the outcome is the game's,
        # the places the ruleset's (Ruleset.placings): the winner, then by score.
        outcome = {"winner": roles[number % 4], "level": "victory", "detail": {},
                   "scores": {role: (20 if role == roles[number % 4] else 10 + i) for i, role in enumerate(roles)}}
        with django_capture_on_commit_callbacks(execute=True):
            game_overrides.game_end_by_decision(game=Game.objects.get(pk=pairing.game_id), outcome=outcome, reason="test")
        pairing.refresh_from_db()
        assert pairing.result_source == Pairing.ResultSource.ENGINE and pairing.rated_at is not None
        ranked = sorted(roles, key=lambda r: -outcome["scores"][r])
        assert pairing.result["places"] == {role: ranked.index(role) + 1 for role in roles}
    # Five players, one table of four a round: each sits out once in five rounds, never
    # twice in four; everyone meets everyone; seats spread.
    assert len(byes) == 4 and len(set(byes)) == 4
    assert len(met) == 10
    for name, held in seats_held.items():
        assert max(held.values()) <= 2 and sum(held.values()) == (4 if name not in byes else 3)
    # Standings: 5, 3, 1, 0 per place and 5 per bye.
    data = selectors.standings(tournament=t)
    assert data["table_size"] == 4 and data["place_points"] == ["5", "3", "1", "0"]
    total = sum(Decimal(row["points"]) for row in data["rows"])
    assert total == 4 * (5 + 3 + 1 + 0) + 4 * 5
    for row in data["rows"]:
        assert row["played"] == sum(row["places"]) and row["pool"] == 1
    # Ratings: every player rated once per game they played, never the byes.
    for player in players:
        played = next(row["played"] for row in data["rows"] if row["player"] == player.username)
        assert Rating.objects.get(player=player, ruleset=KOR).games == played
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.FINISHED


@pytest.mark.django_db
def test_a_refereed_tournament_seats_its_game_master(make_player, api_for, django_capture_on_commit_callbacks):
    organiser, master = make_player("ludimagister"), make_player("arbiter")
    response = api_for(organiser).post("/api/v1/tournaments/", {
        "name": "Per litteras", "ruleset": "refereed", "scenario": "open", "table_size": 3, "referee": "arbiter",
        "rounds_planned": 1}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["referee"] == "arbiter" and body["options"]["players"] == 3
    assert [(s["role"], s["referee"]) for s in body["seats"]] == [("seat-1", False), ("seat-2", False), ("seat-3", False),
                                                                 ("master", True)]
    t = Tournament.objects.get(pk=body["id"])
    with pytest.raises(errors.NotEligible):
        services.entry_register(tournament=t, player=master)
    players = [make_player(f"scriba{i}") for i in range(3)]
    for player in players:
        services.entry_register(tournament=t, player=player)
    services.round_pair_next(tournament=t, by=organiser)
    (pairing,) = games_of(t, 1)
    game = pairing.game
    assert_seated_as_paired(pairing)
    assert game.seats.get(role="master").player == master and game.created_by == master
    by_role = {s.role: s.player for s in game.seats.all()}
    for role in ("seat-1", "seat-2", "seat-3"):
        step = open_step(game)
        game_services.order_submit(game=game, player=by_role[role], step=step.number, text=f"{role} marches.",
                                   source=OrderSet.Source.WEB)
    assert game_services.step_adjudicate(game_id=game.pk, step_number=open_step(game).number) == "resolved"
    step = open_step(game)
    assert [p["role"] for p in step.prompts] == ["master"]
    game_services.order_submit(game=game, player=master, step=step.number, source=OrderSet.Source.WEB,
                               text="public: The second seat holds the field.\nend seat-2: holds the field\npublish")
    with django_capture_on_commit_callbacks(execute=True):
        assert game_services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    pairing.refresh_from_db()
    assert pairing.result_source == Pairing.ResultSource.ENGINE
    assert pairing.result["winner"] == "seat-2"
    assert pairing.result["places"] == {"seat-2": 1, "seat-1": 2, "seat-3": 2}  # the master published no score
    rows = {row["player"]: row for row in selectors.standings(tournament=t)["rows"]}
    assert rows[by_role["seat-2"].username]["points"] == "2"
    assert rows[by_role["seat-1"].username]["points"] == rows[by_role["seat-3"].username]["points"] == "0.5"
    assert not Rating.objects.filter(player=master).exists()  # the master is never rated
    assert Rating.objects.filter(ruleset="refereed").count() == 3
    # A forfeit at a table of three: the forfeiting seat last, the others share the first.
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.FINISHED


@pytest.mark.django_db
def test_a_forfeit_and_a_withdrawal_at_a_table_of_three(make_player):
    organiser = make_player()
    t = services.tournament_create(created_by=organiser, name="Tres", ruleset=KOR, scenario=SCENARIO, rounds_planned=2)
    players = [make_player() for _ in range(3)]
    for player in players:
        services.entry_register(tournament=t, player=player)
    services.round_pair_next(tournament=t, by=organiser)
    (pairing,) = games_of(t, 1)
    roles = [role for role, _e in pairing.seats]
    with pytest.raises(errors.InvalidOverride) as refused:
        services.pairing_forfeit(tournament=t, pairing_id=pairing.pk, by=organiser, loser="PRIMUS")
    assert refused.value.errors[0]["path"] == "/loser" and roles[0] in refused.value.errors[0]["message"]["en"]
    services.pairing_forfeit(tournament=t, pairing_id=pairing.pk, by=organiser, loser=roles[2], reason="silent")
    pairing.refresh_from_db()
    assert pairing.result["places"] == {roles[0]: 1, roles[1]: 1, roles[2]: 3} and pairing.rated_at is None
    assert Game.objects.get(pk=pairing.game_id).status == Game.Status.FINISHED
    points = sorted(row["points"] for row in selectors.standings(tournament=t)["rows"])
    assert points == ["0", "1.5", "1.5"]  # 2 and 1 shared by the two first
    # The forfeiting player withdraws: the next round cannot seat a table of three.
    services.entry_withdraw(tournament=t, by=organiser, player=Entry.objects.get(pk=pairing.seats[2][1]).player)
    with pytest.raises(errors.PairingError) as refused:
        services.round_pair_next(tournament=t, by=organiser)
    assert "at least 3" in refused.value.errors[0]["message"]["en"]


@pytest.mark.django_db
def test_a_table_size_the_ruleset_cannot_seat_is_a_clear_error(make_player, api_for):
    organiser = make_player()
    api = api_for(organiser)
    url = "/api/v1/tournaments/"
    response = api.post(url, {"name": "V", "ruleset": KOR, "scenario": SCENARIO, "table_size": 5}, format="json",
                        HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 422 and response["Content-Type"].startswith("application/problem+json")
    error = response.json()["errors"][0]
    assert error["code"] == "tournament.table-size" and error["path"] == "/table_size"
    assert error["message"]["en"] == "Kings of Rome cannot seat 5 players at a table with these options: it seats 2, 3, 4."
    assert error["message"]["fr"] == "Kings of Rome ne peut asseoir 5 joueurs à une table avec ces options : il en assoit 2, 3, 4."
    # An option the organiser set is kept: three players seat three.
    error = api.post(url, {"name": "V", "ruleset": KOR, "scenario": SCENARIO, "table_size": 4, "options": {"players": 3}},
                     format="json").json()["errors"][0]
    assert error["path"] == "/table_size" and error["message"]["en"].endswith("it seats 3.")
    error = api.post(url, {"name": "V", "ruleset": "semper-victor", "scenario": "305", "table_size": 3},
                     format="json").json()["errors"][0]
    assert error["message"]["en"] == "Semper Victor cannot seat 3 players at a table with these options: it seats 2."
    error = api.post(url, {"name": "V", "ruleset": KOR, "scenario": SCENARIO, "place_points": [3, 2]},
                     format="json").json()["errors"][0]
    assert error["path"] == "/place_points"
    error = api.post(url, {"name": "V", "ruleset": KOR, "scenario": SCENARIO, "place_points": [1, 2, 0]},
                     format="json").json()["errors"][0]
    assert error["path"] == "/place_points" and "never scores more" in error["message"]["en"]
    error = api.post(url, {"name": "V", "ruleset": "refereed", "scenario": "open", "referee": "nobody"},
                     format="json").json()["errors"][0]
    assert error["path"] == "/referee"
    error = api.post(url, {"name": "V", "ruleset": KOR, "scenario": SCENARIO, "referee": organiser.username},
                     format="json").json()["errors"][0]
    assert error["path"] == "/referee"  # no game master in Kings of Rome
    assert not Tournament.objects.exists()
    with translation.override("fr"):
        assert str(errors.TableSizeUnseatable.title) == "Ce jeu ne peut asseoir autant de joueurs à une table."
    # Two players of Kings of Rome pair with colours, as every two-seat game.
    t = services.tournament_create(created_by=organiser, name="Duo", ruleset=KOR, scenario=SCENARIO, table_size=2)
    assert t.options["players"] == 2 and t.table_size == 2


@pytest.mark.django_db
def test_the_new_tournament_page_takes_a_table_size(make_player, client):
    organiser = make_player("aedilis")
    make_player("arbiter")
    client.force_login(organiser)
    page = client.get("/tournaments/new/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Joueurs par table" in page and 'value="kings-of-rome|750"' in page
    assert 'value="tetrarchia|' not in page  # a cooperative game makes no tournament
    form = {"name": "Reges", "game": "kings-of-rome|750", "table_size": "5", "system": "swiss", "rounds_planned": "3",
            "pool_size": "8", "rated": "on"}
    page = client.post("/tournaments/new/", form, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "tournament.table-size" in page and "il en assoit 2, 3, 4" in page
    assert not Tournament.objects.exists()
    response = client.post("/tournaments/new/", {**form, "table_size": "4", "place_points": "3 2 1 0"})
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert (t.table_size, t.options["players"], t.place_points, t.referee) == (4, 4, ["3", "2", "1", "0"], None)
    response = client.post("/tournaments/new/", {**form, "game": "refereed|alea-iacta-est", "table_size": "",
                                                 "referee": "arbiter"})
    assert response.status_code == 302
    t = Tournament.objects.get(ruleset="refereed")
    assert t.table_size == 2 and t.referee.username == "arbiter"
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Game master of every game: arbiter." in page
    assert "<th>CÉSARIEN</th><th>RÉPUBLICAIN</th>" not in page  # no round yet


@pytest.mark.django_db
def test_the_console_sets_a_tables_scores_and_places(make_player, client):
    organiser = make_player("tribunus")
    t = services.tournament_create(created_by=organiser, name="Tres", ruleset=KOR, scenario=SCENARIO, rounds_planned=1)
    for _ in range(3):
        services.entry_register(tournament=t, player=make_player())
    services.round_pair_next(tournament=t, by=organiser)
    (pairing,) = games_of(t, 1)
    roles = [role for role, _e in pairing.seats]
    client.force_login(organiser)
    page = client.get(f"/tournaments/{t.pk}/console/").content.decode()
    assert page.count('name="score_') == 3 and 'name="places"' in page and 'name="primus_vp"' not in page
    form = {"form": "pairing", "action": "result", "pairing": pairing.pk, "winner": roles[0], "level": "victory",
            "score_1": 8, "score_2": 8, "score_3": 2, "places": "1 1 3", "override": "on", "reason": "the King"}
    page = client.post(f"/tournaments/{t.pk}/console/", form, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Le vainqueur est seul à la première place." in page  # refused, nothing written
    pairing.refresh_from_db()
    assert pairing.result is None
    assert client.post(f"/tournaments/{t.pk}/console/", {**form, "places": "1 2 3"}).status_code == 302
    pairing.refresh_from_db()
    assert pairing.result == {"winner": roles[0], "level": "victory", "scores": dict(zip(roles, (8, 8, 2))),
                              "places": dict(zip(roles, (1, 2, 3)))}
    page = client.get(f"/tournaments/{t.pk}/console/").content.decode()
    names = [Entry.objects.get(pk=e).player.username for _r, e in pairing.seats]
    assert "".join(f"<td>{n}</td>" for n in names) in page


def report_by_scores(t, organiser, pairing, scores_in_seat_order):
    """The organiser reports a table's result from its scores (distinct scores: the rules
    give the winner, the places follow)."""
    roles = [role for role, _e in pairing.seats]
    scores = dict(zip(roles, scores_in_seat_order))
    winner = max(scores, key=scores.get)
    services.pairing_result_adjust(tournament=t, pairing_id=pairing.pk, by=organiser, winner=winner, level="victory",
                                   scores=scores)


def table_names(pairing):
    return [Entry.objects.get(pk=e).player.username for _r, e in pairing.seats]


@pytest.mark.django_db
def test_a_three_player_round_robin_and_a_four_player_swiss(make_player):
    organiser = make_player("censor")
    # Three players a table, a pool of six, three rounds: two tables a round, each player
    # in each seat once, no pair at one table more than twice.
    rr = services.tournament_create(created_by=organiser, name="Tres", ruleset=KOR, scenario=SCENARIO, table_size=3,
                                    system=Tournament.System.ROUND_ROBIN, pool_size=6, rounds_planned=3)
    for i in range(6):
        services.entry_register(tournament=rr, player=make_player(f"rr{i}"))
    seats, met = {}, Counter()
    for number in (1, 2, 3):
        services.round_pair_next(tournament=rr, by=organiser)
        tables = games_of(rr, number)
        assert len(tables) == 2 and not byes_of(rr, number)
        for index, pairing in enumerate(tables):
            assert_seated_as_paired(pairing)
            names = table_names(pairing)
            for seat, name in enumerate(names):
                seats.setdefault(name, []).append(seat)
            met.update(frozenset(pair) for pair in itertools.combinations(names, 2))
            report_by_scores(rr, organiser, pairing, (3 + index, 9, 5))
    assert all(sorted(held) == [0, 1, 2] for held in seats.values())
    assert max(met.values()) == 2
    rows = selectors.standings(tournament=rr)["rows"]
    assert sum(Decimal(row["points"]) for row in rows) == 6 * (2 + 1 + 0)
    assert all(row["played"] == 3 and sum(row["places"]) == 3 for row in rows)
    assert Rating.objects.filter(ruleset=KOR, games=3).count() == 6

    # Four players a table, eight players, Swiss: round 2 must repeat four meetings (each
    # new table holds two of each round-1 table) and no more; round 1's winners together.
    swiss = services.tournament_create(created_by=organiser, name="Quattuor", ruleset=KOR, scenario=SCENARIO,
                                       table_size=4, rounds_planned=2)
    for i in range(8):
        services.entry_register(tournament=swiss, player=make_player(f"sw{i}"))
    services.round_pair_next(tournament=swiss, by=organiser)
    first = games_of(swiss, 1)
    assert [len(p.seats) for p in first] == [4, 4] and not byes_of(swiss, 1)
    winners = set()
    for pairing in first:
        report_by_scores(swiss, organiser, pairing, (4, 12, 7, 1))
        winners.add(table_names(pairing)[1])
    services.round_pair_next(tournament=swiss, by=organiser)
    second = games_of(swiss, 2)
    before = [set(table_names(p)) for p in first]
    repeats = sum(1 for p in second for a, b in itertools.combinations(table_names(p), 2)
                  if any({a, b} <= table for table in before))
    assert repeats == 4
    assert winners <= set(table_names(second[0]))
    seat_before = {name: seat for p in first for seat, name in enumerate(table_names(p))}
    for pairing in second:
        assert_seated_as_paired(pairing)
        for seat, name in enumerate(table_names(pairing)):
            assert seat_before[name] != seat


@pytest.mark.django_db
def test_a_withdrawal_in_a_round_robin_of_tables_gives_the_table_byes(make_player):
    from tournaments.pairing import round_robin_tables

    organiser = make_player("quaestor")
    t = services.tournament_create(created_by=organiser, name="Quinque", ruleset=KOR, scenario=SCENARIO, table_size=4,
                                   system=Tournament.System.ROUND_ROBIN, pool_size=5, rounds_planned=3, rated=False)
    for i in range(5):
        services.entry_register(tournament=t, player=make_player(f"q{i}"))
    services.round_pair_next(tournament=t, by=organiser)
    roster = list(Entry.objects.filter(tournament=t).order_by("-seed_rating", "id").values_list("pk", flat=True))
    due = round_robin_tables(roster, 4, 2).tables[0]  # round 2's table, dealt from the pool alone
    leaving = Entry.objects.get(pk=due[0])
    services.entry_withdraw(tournament=t, by=organiser, player=leaving.player, reason="moved away")
    services.round_pair_next(tournament=t, by=organiser)
    assert not games_of(t, 2)  # the table cannot sit without them: the three others have byes
    assert sorted(byes_of(t, 2)) == sorted(Entry.objects.get(pk=e).player.username for e in roster if e != leaving.pk)
    rows = {row["player"]: row for row in selectors.standings(tournament=t)["rows"]}
    assert rows[leaving.player.username]["byes"] == byes_of(t, 1).count(leaving.player.username)  # none since


@pytest.mark.django_db
def test_a_table_a_computer_sat_in_is_not_rated(make_player):
    organiser = make_player("pontifex")
    t = services.tournament_create(created_by=organiser, name="Machina", ruleset=KOR, scenario=SCENARIO, rounds_planned=1)
    for _ in range(3):
        services.entry_register(tournament=t, player=make_player())
    services.round_pair_next(tournament=t, by=organiser)
    (pairing,) = games_of(t, 1)
    roles = [role for role, _e in pairing.seats]
    # A computer player holds one seat for good (as games/computers.py seats one).
    Seat.objects.filter(game_id=pairing.game_id, role=roles[2]).update(computer="fast")
    report_by_scores(t, organiser, pairing, (3, 9, 5))
    pairing.refresh_from_db()
    assert pairing.result["places"] == {roles[1]: 1, roles[2]: 2, roles[0]: 3}
    assert pairing.rated_at is None and not Rating.objects.filter(ruleset=KOR).exists()
