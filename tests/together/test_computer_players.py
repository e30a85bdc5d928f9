"""Computer players at the table (issue 20; docs/computer.md, "Where it plays"): practice
games against the computer by the API and the web page, marked and never rated, the
computer answering as soon as each step opens; seats of an open game filled by computer
players at its creator's request; and honesty on the platform's side: the computer is
handed its seat's view, so nothing sealed or hidden of another seat changes what it plays.

The worker's tasks run as the worker runs them: each message the code sends
(``games.dispatch.send``, recorded by the ``dispatched`` fixture) is handed to the same
service the task calls, after the commit that sent it."""

from __future__ import annotations

import pytest
from django.db import transaction

from games import computers, dispatch, services
from games.models import Event, Game, OrderSet, Seat, Step
from tests.games.play import battle_orders

SV = "semper-victor"
SHORTEST = "306"  # the shortest Semper Victor scenario (306-312)


class Worker:
    """Runs the recorded messages as the worker would, after their commit, until none is
    left (a step opened by an adjudication sends the computer's message, and so on)."""

    def __init__(self, dispatched, capture):
        self.dispatched, self.capture = dispatched, capture
        self.ran: list[str] = []
        self.before_computer = None  # a test's look at a step before its computer answers

    def run(self) -> None:
        for _ in range(10_000):
            pending = [(n, a) for n, a in self.dispatched.sent if n != dispatch.DELIVER_OUTBOX]
            self.dispatched.sent.clear()
            if not pending:
                return
            for name, args in pending:
                self.ran.append(name)
                with self.capture(execute=True):
                    if name == dispatch.COMPUTER_PLAY:
                        if self.before_computer is not None:
                            self.before_computer(*args)
                        computers.computer_seats_play(game_id=args[0], step_number=args[1])
                    elif name == dispatch.ADJUDICATE_STEP:
                        services.step_adjudicate(game_id=args[0], step_number=args[1])
                        if len(args) > 2 and args[2]:
                            services.announce_orders(game_id=args[0], step_number=args[1], stored=args[2])
                    elif name == dispatch.ANNOUNCE_ORDERS:
                        services.announce_orders(game_id=args[0], step_number=args[1], stored=args[2])
        raise AssertionError("the worker never ran out of messages")


@pytest.fixture
def worker(dispatched, django_capture_on_commit_callbacks):
    return Worker(dispatched, django_capture_on_commit_callbacks)


def _play_to_the_end(worker, capture, submit, view, max_steps=2000):
    """The person's side of a practice game: whenever a prompt awaits them, an order set
    (an attack when a stack can reach the enemy, else the defaults); the computer's
    side answers in the worker. Returns how many order sets the person sent."""
    sent = 0
    for _ in range(max_steps):
        worker.run()
        me = view()
        if me["status"] != Game.Status.ACTIVE:
            return sent
        assert me["prompts"], "the game waits for nobody: the computer did not answer"
        prompt = me["prompts"][0]
        orders = battle_orders(prompt, me["view"], me["role"]) or prompt["default_orders"]
        with capture(execute=True):
            submit(prompt["step"], orders)
        sent += 1
    raise AssertionError(f"no result after {max_steps} order sets")


def _check_finished_practice(game_id: int, human: str) -> None:
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.FINISHED and game.outcome["level"]
    assert game.practice
    computer_seat = game.seats.exclude(role=human).get()
    assert computer_seat.computer == "fast" and not computer_seat.player.is_active
    played = OrderSet.objects.filter(seat=computer_seat, source=OrderSet.Source.COMPUTER).count()
    assert played and not game.seats.get(role=human).missed_deadlines
    # Every order set the computer sent is logged for its seat only, with what it cost,
    # and none fell back to the defaults.
    logged = Event.objects.filter(game=game, type="computer_orders")
    assert logged.count() == played
    assert all(e.visible_to == [computer_seat.role] and e.data["decision"]["fallback"] is False for e in logged)
    # The stored order sets and the game's dice replay the game to the same position.
    from games import selectors

    assert selectors.game_replay(game=game)["diverged_at"] is None


@pytest.mark.django_db
def test_a_practice_game_plays_to_its_end_by_the_api(make_player, api_for, worker, django_capture_on_commit_callbacks):
    player = make_player("aurelia")
    api = api_for(player)
    levels = {r["slug"]: r["computer_levels"] for r in api.get("/api/v1/rulesets/").json()}
    assert [level["id"] for level in levels[SV]] == ["fast", "strong"] and levels["refereed"] == []
    with django_capture_on_commit_callbacks(execute=True):
        created = api.post("/api/v1/games/practice/", {"ruleset": SV, "scenario": SHORTEST, "role": "SECONDUS",
                                                        "level": "fast"}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["practice"] is True and body["status"] == "active" and body["role"] == "SECONDUS"
    seats = {s["role"]: s for s in body["seats"]}
    assert seats["PRIMUS"]["computer"] == "fast" and seats["SECONDUS"]["computer"] is None
    assert seats["PRIMUS"]["player"].startswith("computer ")
    game_id = body["id"]

    def submit(step, orders):
        answer = api.post(f"/api/v1/games/{game_id}/orders/", {"step": step, "orders": orders}, format="json")
        assert answer.status_code == 202, answer.content

    _play_to_the_end(worker, django_capture_on_commit_callbacks, submit,
                     lambda: api.get(f"/api/v1/games/{game_id}/").json())
    _check_finished_practice(game_id, "SECONDUS")
    assert dispatch.COMPUTER_PLAY in worker.ran
    # The computer answered each step as it opened: no deadline passed, none was needed.
    assert not Event.objects.filter(game_id=game_id, type="deadline_missed").exists()


@pytest.mark.django_db
def test_a_kings_of_rome_practice_game_plays_to_its_end(make_player, api_for, client, worker,
                                                        django_capture_on_commit_callbacks):
    """A ruleset with hidden information of another kind (the cup's content, the plans
    other seats wrote and the turn has not carried out): the computer plays its seat from
    guesses of them (rules/kings_of_rome/computer.py). Two players, the shortest game the
    options allow (12 turns); the person sends the default orders; the game ends, the
    computer never fell back to the defaults, and the stored order sets replay it."""
    kor = "kings-of-rome"
    player = make_player("tanaquil")
    api = api_for(player)
    levels = {r["slug"]: r["computer_levels"] for r in api.get("/api/v1/rulesets/").json()}
    assert [level["id"] for level in levels[kor]] == ["fast", "strong"]
    client.force_login(player)
    client.cookies["django_language"] = "en"
    page = client.get(f"/games/new/?ruleset={kor}").content.decode()
    assert "Play against the computer" in page and 'action="/games/practice/"' in page
    with django_capture_on_commit_callbacks(execute=True):
        created = api.post("/api/v1/games/practice/", {
            "ruleset": kor, "scenario": str(services.ruleset_for(kor).scenarios()[0]["id"]),
            "options": {"players": 2, "last_turn": 12}, "role": "etrusca-volsca", "level": "fast"}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["practice"] is True and body["status"] == "active"
    assert {s["role"]: s["computer"] for s in body["seats"]} == {"latina-sabina": "fast", "etrusca-volsca": None}
    game_id = body["id"]

    def submit(step, orders):
        answer = api.post(f"/api/v1/games/{game_id}/orders/", {"step": step, "orders": orders}, format="json")
        assert answer.status_code == 202, answer.content

    sent = _play_to_the_end(worker, django_capture_on_commit_callbacks, submit,
                            lambda: api.get(f"/api/v1/games/{game_id}/").json())
    assert sent
    _check_finished_practice(game_id, "etrusca-volsca")
    game = Game.objects.get(pk=game_id)
    assert game.outcome["detail"]["turn"] == 12


@pytest.mark.django_db
def test_a_practice_game_plays_to_its_end_by_the_web_page(make_player, client, worker,
                                                           django_capture_on_commit_callbacks):
    import re

    player = make_player("marcus")
    client.force_login(player)
    client.cookies["django_language"] = "en"
    page = client.get(f"/games/new/?ruleset={SV}").content.decode()
    assert "Play against the computer" in page and 'action="/games/practice/"' in page
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post("/games/practice/", {"ruleset": SV, "scenario": SHORTEST, "role": "PRIMUS",
                                                   "level": "fast"})
    assert started.status_code == 302, started.content.decode()[:500]
    game = Game.objects.get(created_by=player)
    assert started["Location"] == f"/games/{game.pk}/"
    shown = client.get(f"/games/{game.pk}/").content.decode()
    assert "Practice game against the computer: never rated" in shown and "Computer (fast)" in shown
    listing = client.get("/games/").content.decode()
    assert re.search(rf'/games/{game.pk}/">{re.escape(game.name)}</a> <span class="badge">Practice</span>', listing)  # by its name
    client.cookies["django_language"] = "fr"
    assert "Partie d'entraînement contre l'ordinateur" in client.get(f"/games/{game.pk}/").content.decode()
    client.cookies["django_language"] = "en"

    def submit(step, orders):
        # The page's order form: the text notation, as a player types it.
        text = services.ruleset_for(SV).format_orders(orders)
        answer = client.post(f"/games/{game.pk}/", {"step": step, "text": text})
        assert answer.status_code in (200, 302), answer.content.decode()[:1000]

    def view():
        from games import selectors

        return selectors.game_view_for(game=Game.objects.get(pk=game.pk), player=player)

    _play_to_the_end(worker, django_capture_on_commit_callbacks, submit, view)
    _check_finished_practice(game.pk, "PRIMUS")
    assert OrderSet.objects.filter(seat__game=game, seat__role="PRIMUS", source=OrderSet.Source.WEB).exists()
    assert "The game is over." in client.get(f"/games/{game.pk}/").content.decode()


@pytest.mark.django_db
def test_practice_games_are_never_rated(make_player, worker, django_capture_on_commit_callbacks):
    """Ratings and reliability skip practice games: the tournaments' rating step ignores a
    pairing whose game is practice, and a practice game's misses count for nothing."""
    from tournaments import selectors as tournament_selectors
    from tournaments import services as tournaments
    from tournaments.models import Pairing, Rating

    organiser, a, b = make_player(), make_player(), make_player()
    tournament = tournaments.tournament_create(created_by=organiser, name="Ludi", ruleset=SV, scenario=SHORTEST)
    tournaments.entry_register(tournament=tournament, player=a)
    tournaments.entry_register(tournament=tournament, player=b)
    tournaments.round_pair_next(tournament=tournament, by=organiser)
    pairing = Pairing.objects.get(tournament=tournament)
    Game.objects.filter(pk=pairing.game_id).update(practice=True)
    tournaments.pairing_result_adjust(tournament=tournament, pairing_id=pairing.pk, by=organiser, winner="PRIMUS",
                                      level="marginal", scores={"PRIMUS": 12, "SECONDUS": 10}, reason="test")
    pairing.refresh_from_db()
    assert pairing.result["winner"] == "PRIMUS"
    assert pairing.rated_at is None
    assert not Rating.objects.filter(player__in=[a, b], games__gt=0).exists()

    # Reliability: a practice game's missed deadline is not counted.
    with django_capture_on_commit_callbacks(execute=True):
        game = computers.practice_create(player=a, ruleset=SV, scenario=SHORTEST, role="PRIMUS")
    worker.run()
    step = game.steps.get(status=Step.Status.OPEN)
    Step.objects.filter(pk=step.pk).update(deadline=step.opened_at)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    assert Event.objects.filter(game=game, type="deadline_missed", data__role="PRIMUS").exists()
    assert tournament_selectors.reliability_of(player=a)["missed"] == 0


@pytest.mark.django_db
def test_the_creator_fills_open_seats_with_computer_players(make_player, api_for, client, worker,
                                                            django_capture_on_commit_callbacks):
    """Tetrarchia for three: the creator and one player, the third seat the computer's
    (by the API); refused to another player, at an unknown level, on a taken seat."""
    creator, friend, stranger = make_player("livia"), make_player("tullus"), make_player("ancus")
    rs = services.ruleset_for("tetrarchia")
    created = api_for(creator).post("/api/v1/games/", {"ruleset": "tetrarchia", "scenario": str(rs.scenarios()[0]["id"]),
                                                        "options": {"players": 3}}, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert api_for(friend).post(f"/api/v1/games/{game_id}/join/", {}, format="json").status_code == 201
    url = f"/api/v1/games/{game_id}/computer-seats/"
    refused = api_for(stranger).post(url, {"level": "fast"}, format="json")
    assert refused.status_code == 403 and refused.json()["errors"][0]["code"] == "computer.not_creator"
    bad = api_for(creator).post(url, {"level": "genius"}, format="json")
    assert bad.status_code == 422 and bad.json()["errors"][0]["code"] == "computer.level"
    assert "fr" in bad.json()["errors"][0]["message"]
    taken = api_for(creator).post(url, {"roles": [Seat.objects.get(game_id=game_id, player=friend).role]},
                                  format="json")
    assert taken.status_code == 409 and taken.json()["errors"][0]["code"] == "computer.seat_taken"
    with django_capture_on_commit_callbacks(execute=True):
        filled = api_for(creator).post(url, {"level": "strong"}, format="json")
    assert filled.status_code == 200, filled.content
    body = filled.json()
    assert body["status"] == "active" and body["practice"] is False
    assert [s["computer"] for s in body["seats"]] == [None, None, "strong"]
    worker.run()  # the computer seat answers whatever the first step asks of it
    game = Game.objects.get(pk=game_id)
    assert game.events.filter(type="seat_computer_taken", data__level="strong").exists()

    # The page offers the same to the creator of an open game, and only to them.
    other = api_for(creator).post("/api/v1/games/", {"ruleset": "tetrarchia", "scenario": str(rs.scenarios()[0]["id"]),
                                                      "options": {"players": 4}}, format="json").json()["id"]
    client.force_login(stranger)
    client.cookies["django_language"] = "en"
    assert "Fill the free seats with computer players" not in client.get(f"/games/{other}/").content.decode()
    client.force_login(creator)
    assert "Fill the free seats with computer players" in client.get(f"/games/{other}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/games/{other}/computer-seats/", {"level": "fast"})
    assert answer.status_code == 302
    seats = list(Seat.objects.filter(game_id=other).order_by("position"))
    assert [s.computer for s in seats] == ["", "fast", "fast", "fast"]
    assert len({s.player_id for s in seats}) == 4  # one computer account per seat
    assert Game.objects.get(pk=other).status == Game.Status.ACTIVE


@pytest.mark.django_db
def test_the_computer_is_handed_its_seats_view_only(make_player, worker, django_capture_on_commit_callbacks):
    """The platform hands the computer its seat's view: changing what that seat cannot see
    (the other side's stratagem hand and standing reactions, in the stored position, and
    the other seat's sealed order set) changes nothing it plays; and a full position is
    not a view (the computer refuses it, so a platform that passed the state would only
    ever store fallbacks)."""
    from rules import computer
    from rules.base import json_copy

    player = make_player("aurelia")
    rs = services.ruleset_for(SV)
    checked = []

    def check(game_id, step_number):
        game = Game.objects.get(pk=game_id)
        step = game.steps.filter(number=step_number, status=Step.Status.OPEN).first()
        enemy = (game.state.get("seats") or {}).get("PRIMUS", "PRIMUS")
        if step is None or "SECONDUS" not in step.roles or not game.state["hidden"]["hands"].get(enemy):
            return
        human = next((p for p in step.prompts if p["role"] == "PRIMUS"), None)
        outcomes = []
        for variant in range(2):
            sid = transaction.savepoint()
            if variant:
                state = json_copy(game.state)
                hand, bowl = state["hidden"]["hands"][enemy], state["hidden"]["bowl"]
                n = min(len(hand), len(bowl))
                state["hidden"]["hands"][enemy] = sorted(bowl[:n] + hand[n:])
                state["hidden"]["bowl"] = sorted(bowl[n:] + hand[:n])
                state["hidden"]["reactions"][enemy] = {"evade": {"*": "always"}, "losses": "auto"}
                assert state["hidden"] != game.state["hidden"]
                assert canonical(rs.view(state, "SECONDUS")) == canonical(rs.view(game.state, "SECONDUS"))
                Game.objects.filter(pk=game.pk).update(state=state)
            if human is not None:  # the other seat's sealed orders, different each time
                orders = human["default_orders"] if variant else (
                    battle_orders(human, rs.view(game.state, "PRIMUS"), "PRIMUS") or human["default_orders"])
                OrderSet.objects.create(step=step, seat=game.seats.get(role="PRIMUS"), orders=orders,
                                        canonical_hash=str(variant), source=OrderSet.Source.API,
                                        submitted_at=step.opened_at)
            assert computers.computer_seats_play(game_id=game.pk, step_number=step.number) == ["SECONDUS"]
            mine = OrderSet.objects.get(step=step, seat__role="SECONDUS")
            logged = Event.objects.filter(game=game, type="computer_orders").latest("seq")
            outcomes.append((mine.orders, logged.data["decision"]["fallback"]))
            transaction.savepoint_rollback(sid)
        assert outcomes[0] == outcomes[1] and outcomes[0][1] is False, outcomes
        checked.append(step_number)

    worker.before_computer = check
    with django_capture_on_commit_callbacks(execute=True):
        game = computers.practice_create(player=player, ruleset=SV, scenario="305", role="PRIMUS", level="fast")
    for _ in range(60):
        worker.run()
        if len(checked) >= 3:
            break
        game.refresh_from_db()
        step = game.steps.get(status=Step.Status.OPEN)
        mine = next((p for p in step.prompts if p["role"] == "PRIMUS"), None)
        with django_capture_on_commit_callbacks(execute=True):
            services.order_submit(game=game, player=player, step=step.number, orders=mine["default_orders"])
    assert checked, "no step asked the computer while the other side held stratagems"
    # A full position is refused: only a view is an answer's input.
    with pytest.raises(computer.ComputerError):
        computer.decide(rs, game.state, "SECONDUS", level="fast")


def canonical(value) -> str:
    from rules.base import canonical_json

    return canonical_json(value)


@pytest.mark.django_db
def test_the_sweep_asks_again_a_computer_whose_message_was_lost(make_player, worker, dispatched,
                                                                django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    player = make_player("aurelia")
    # Who nominates first in 306 follows the game's dice (a seed of its own per game): take
    # a game whose first step asks the computer (SECONDUS), as half of them do.
    for _attempt in range(40):
        with django_capture_on_commit_callbacks(execute=True):
            game = computers.practice_create(player=player, ruleset=SV, scenario=SHORTEST, role="PRIMUS")
        step = game.steps.get(status=Step.Status.OPEN)
        if step.roles == ["SECONDUS"]:
            break
        dispatched.sent.clear()
    assert step.roles == ["SECONDUS"]
    assert dispatched.of(dispatch.COMPUTER_PLAY) == [(game.pk, step.number)]
    dispatched.sent.clear()  # the message is lost
    assert computers.computer_steps_stalled() == []  # not stalled yet
    Step.objects.filter(pk=step.pk).update(opened_at=timezone.now() - timedelta(minutes=5))
    assert computers.computer_steps_stalled() == [(game.pk, step.number)]
    worker.run()
    assert OrderSet.objects.filter(step=step, seat__role="SECONDUS", source=OrderSet.Source.COMPUTER).exists()
    assert computers.computer_steps_stalled() == []  # answered: nothing to ask again


@pytest.mark.django_db
def test_a_practice_game_pauses_when_its_player_asks(make_player, dispatched, django_capture_on_commit_callbacks):
    """The computer never asks for a pause: the people of the game decide alone."""
    player = make_player("aurelia")
    with django_capture_on_commit_callbacks(execute=True):
        game = computers.practice_create(player=player, ruleset=SV, scenario=SHORTEST, role="PRIMUS")
    with django_capture_on_commit_callbacks(execute=True):
        services.pause_request(game=game, player=player)
    game.refresh_from_db()
    assert game.paused_at is not None
    assert computers.computer_seats_play(game_id=game.pk, step_number=1) == []  # nothing moves while paused
