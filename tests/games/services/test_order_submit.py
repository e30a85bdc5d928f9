import threading

import pytest
from django.db import connections

from games import errors, services
from games.models import Event, OrderSet, Step
from rules.base import orders_hash
from tests.games.play import other_role, player_of, prompted


@pytest.fixture(autouse=True, params=["function", "statements"])
def store_path(request, monkeypatch):
    """Every test here runs twice: the write in one call of the PostgreSQL function
    ``cursus_order_store``, and the same steps as separate statements (SQLite's path),
    which must behave alike (games/submission.py)."""
    from games import submission

    monkeypatch.setattr(submission, "USE_FUNCTION", request.param == "function")
    return request.param


@pytest.mark.django_db
def test_submission_is_stored_sealed_with_its_receipt(started_game):
    step, role, prompt = prompted(started_game)
    orders = prompt["default_orders"]
    receipt = services.order_submit(game=started_game, player=player_of(started_game, role), step=step.number, orders=orders)
    assert receipt.receipt == orders_hash(orders)
    assert receipt.step == step.number and receipt.replaced is False
    stored = OrderSet.objects.get(step=step)
    assert stored.orders == orders and stored.canonical_hash == receipt.receipt and stored.source == "api"


@pytest.mark.django_db
def test_a_newer_submission_replaces_the_older(started_game, monkeypatch):
    step, role, prompt = prompted(started_game)
    player = player_of(started_game, role)
    first = services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"])
    reactions = {"reactions": {"losses": "auto"}}
    second = services.order_submit(
        game=started_game, player=player, step=step.number, orders={**prompt["default_orders"], **reactions}
    )
    assert second.replaced is True and second.receipt != first.receipt
    assert OrderSet.objects.filter(step=step).count() == 1
    assert OrderSet.objects.get(step=step).canonical_hash == second.receipt


@pytest.mark.django_db
def test_text_notation_is_parsed(started_game, ruleset):
    step, role, prompt = prompted(started_game)
    text = ruleset.format_orders(prompt["default_orders"])
    receipt = services.order_submit(
        game=started_game, player=player_of(started_game, role), step=step.number, text=text, source="email"
    )
    stored = OrderSet.objects.get(step=step)
    assert stored.source == "email"
    assert receipt.receipt == orders_hash(stored.orders)


@pytest.mark.django_db
def test_invalid_orders_list_every_error_in_both_languages_and_store_nothing(started_game):
    step, role, _ = prompted(started_game)
    with pytest.raises(errors.OrdersInvalid) as caught:
        services.order_submit(
            game=started_game, player=player_of(started_game, role), step=step.number, orders={"bogus": 1, "nonsense": 2}
        )
    problems = caught.value.errors
    assert sorted(p["path"] for p in problems) == ["/bogus", "/nonsense"]
    for problem in problems:
        assert problem["code"] and problem["message"]["en"] and problem["message"]["fr"]
    assert not OrderSet.objects.exists()


@pytest.mark.django_db
def test_unparseable_text_is_refused(started_game):
    step, role, _ = prompted(started_game)
    with pytest.raises(errors.OrdersInvalid) as caught:
        services.order_submit(
            game=started_game, player=player_of(started_game, role), step=step.number, text="%%% not an order %%%"
        )
    assert caught.value.errors and all(e["message"]["fr"] for e in caught.value.errors)
    assert not OrderSet.objects.exists()


@pytest.mark.django_db
def test_only_a_prompted_seat_of_an_open_step_may_submit(started_game, make_player):
    step, role, prompt = prompted(started_game)
    orders = prompt["default_orders"]
    with pytest.raises(errors.NotSeated):
        services.order_submit(game=started_game, player=make_player(), step=step.number, orders=orders)
    if other_role(started_game, role) not in step.roles:
        with pytest.raises(errors.NotPrompted):
            services.order_submit(
                game=started_game, player=player_of(started_game, other_role(started_game, role)), step=step.number, orders=orders
            )
    with pytest.raises(errors.StepNotOpen):
        services.order_submit(game=started_game, player=player_of(started_game, role), step=step.number + 5, orders=orders)
    assert not OrderSet.objects.exists()


@pytest.mark.django_db
def test_the_last_submission_enqueues_adjudication_on_commit(started_game, dispatched, django_capture_on_commit_callbacks):
    from games import dispatch

    step, role, prompt = prompted(started_game)
    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(game=started_game, player=player_of(started_game, role), step=step.number, orders=prompt["default_orders"])
    # One message: the adjudication, carrying the order set to announce after it.
    stored = OrderSet.objects.get(step=step)
    assert dispatched.sent == [
        (dispatch.ADJUDICATE_STEP, (started_game.pk, step.number, {"role": role, "receipt": stored.canonical_hash, "source": "api"}))
    ]
    step.refresh_from_db()
    assert step.completed_at is not None and step.status == Step.Status.OPEN


@pytest.mark.django_db
def test_a_submission_that_leaves_the_step_waiting_only_announces_its_order_set(
    started_game, dispatched, django_capture_on_commit_callbacks
):
    from games import dispatch

    step, role, prompt = prompted(started_game)
    # A step with two prompted seats: the first of them to submit leaves it waiting.
    other = other_role(started_game, role)
    step.prompts = step.prompts + [{**step.prompts[0], "role": other}]
    step.save(update_fields=["prompts"])
    with django_capture_on_commit_callbacks(execute=True):
        receipt = services.order_submit(
            game=started_game, player=player_of(started_game, role), step=step.number, orders=prompt["default_orders"]
        )
    assert dispatched.of(dispatch.ADJUDICATE_STEP) == []
    assert dispatched.of(dispatch.ANNOUNCE_ORDERS) == [
        (started_game.pk, step.number, {"role": role, "receipt": receipt.receipt, "source": "api"})
    ]
    step.refresh_from_db()
    assert step.completed_at is None


@pytest.mark.django_db
def test_the_adjudication_a_submission_enqueued_announces_it_after_resolving(started_game, dispatched):
    """The worker's side: adjudicate first (the next player's turn comes first), then the
    order set's announcement writes the submitter's receipt email."""
    from games import tasks
    from notifications.models import Outbox

    step, role, prompt = prompted(started_game)
    receipt = services.order_submit(
        game=started_game, player=player_of(started_game, role), step=step.number, orders=prompt["default_orders"]
    )
    assert not Outbox.objects.filter(kind="receipt").exists()  # nothing rendered by the request
    stored = {"role": role, "receipt": receipt.receipt, "source": "api"}
    assert tasks.adjudicate_step(started_game.pk, step.number, stored) == "resolved"
    step.refresh_from_db()
    assert step.status == Step.Status.RESOLVED
    (email,) = Outbox.objects.filter(kind="receipt")
    assert email.recipient == player_of(started_game, role) and receipt.receipt in email.text_body
    # Redelivered (a worker killed after the commit): nothing twice.
    assert tasks.adjudicate_step(started_game.pk, step.number, stored) != "resolved"
    assert Outbox.objects.filter(kind="receipt").count() == 1


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_racing_duplicate_submissions_store_one_order_set_and_resolve_once(started_game, dispatched):
    """Threads submit the same order set at once (a double-clicked button, a retried
    request) and then race to adjudicate: the row lock lets one store and one resolve."""
    # The adjudications the submissions ask for are recorded (``dispatched``); the threads
    # below adjudicate themselves.
    step, role, prompt = prompted(started_game)
    player = player_of(started_game, role)
    barrier = threading.Barrier(6)
    receipts, results, failures = [], [], []

    def submit():
        try:
            barrier.wait()
            receipts.append(
                services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"])
            )
        except Exception as exc:  # noqa: BLE001
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert len({r.receipt for r in receipts}) == 1
    assert sorted(r.replaced for r in receipts) == [False] + [True] * 5  # exactly one created it
    assert OrderSet.objects.filter(step=step).count() == 1

    barrier = threading.Barrier(4)

    def adjudicate():
        try:
            barrier.wait()
            results.append(services.step_adjudicate(game_id=started_game.pk, step_number=step.number))
        except Exception as exc:  # noqa: BLE001
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=adjudicate) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert sorted(results) == ["not-open"] * 3 + ["resolved"]
    started_game.refresh_from_db()
    assert started_game.state_version == 2  # setup, then one resolution
    assert Event.objects.filter(game=started_game, type="step_resolved").count() == 1
    assert Step.objects.filter(game=started_game, number=step.number + 1).count() == 1


# -- issue 17: one read, then one write that checks nothing moved in between -----------------


def _moved_between(monkeypatch, move):
    """Run ``move()`` once, between the submission's read and its write."""
    from games import submission

    read, moved = submission.read, []

    def read_then_move(**kwargs):
        snapshot = read(**kwargs)
        if not moved:
            moved.append(True)
            move()
        return snapshot

    monkeypatch.setattr(submission, "read", read_then_move)
    return moved


@pytest.mark.django_db
def test_a_step_resolved_between_the_read_and_the_write_stores_nothing(started_game, dispatched, monkeypatch):
    """The adjudication commits while the submission checks its orders: the write finds the
    position moved, the submission reads again and is refused; no order set slips into
    the resolved step."""
    step, role, prompt = prompted(started_game)
    player = player_of(started_game, role)
    services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"])
    first = OrderSet.objects.get(step=step)
    moved = _moved_between(monkeypatch, lambda: services.step_adjudicate(game_id=started_game.pk, step_number=step.number))
    other = {**prompt["default_orders"], "reactions": {"losses": "auto"}} if prompt["kind"] == "smc" else prompt["default_orders"]
    with pytest.raises(errors.StepNotOpen):
        services.order_submit(game=started_game, player=player, step=step.number, orders=other)
    assert moved
    step.refresh_from_db()
    assert step.status == Step.Status.RESOLVED
    assert OrderSet.objects.get(step=step).submitted_at == first.submitted_at  # untouched
    used = Event.objects.get(game=started_game, type="orders_used", data__step=step.number)
    assert used.data["receipt"] == first.canonical_hash


@pytest.mark.django_db
def test_a_seat_given_to_another_player_between_the_read_and_the_write_refuses_the_first(
        started_game, make_player, dispatched, monkeypatch):
    from games import overrides

    step, role, prompt = prompted(started_game)
    player, newcomer = player_of(started_game, role), make_player("replacement")
    _moved_between(monkeypatch, lambda: overrides.seat_reassign(game=started_game, role=role, player=newcomer))
    with pytest.raises(errors.NotSeated):
        services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"])
    assert not OrderSet.objects.exists()
    receipt = services.order_submit(game=started_game, player=newcomer, step=step.number, orders=prompt["default_orders"])
    assert OrderSet.objects.get(step=step).canonical_hash == receipt.receipt


@pytest.mark.django_db
def test_a_seat_back_from_civil_disorder_plays_again_and_says_so(started_game, dispatched):
    step, role, prompt = prompted(started_game)
    seat = started_game.seats.get(role=role)
    seat.status, seat.missed_in_a_row = "civil_disorder", 2
    seat.save(update_fields=["status", "missed_in_a_row"])
    services.order_submit(game=started_game, player=seat.player, step=step.number, orders=prompt["default_orders"])
    seat.refresh_from_db()
    assert (seat.status, seat.missed_in_a_row) == ("playing", 0)
    returned = Event.objects.get(game=started_game, type="seat_returned")
    assert returned.data == {"role": role, "step": step.number} and returned.step_id == step.pk
    assert returned.seq == Event.objects.filter(game=started_game).order_by("-seq").values_list("seq", flat=True)[0]
    assert returned.audience == Event.PUBLIC
    step.refresh_from_db()
    assert step.completed_at is not None


@pytest.mark.django_db
def test_a_paused_game_takes_orders_but_waits(started_game, dispatched, django_capture_on_commit_callbacks):
    from django.utils import timezone

    from games import dispatch
    from games.models import Game

    step, role, prompt = prompted(started_game)
    Game.objects.filter(pk=started_game.pk).update(paused_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(game=started_game, player=player_of(started_game, role), step=step.number,
                              orders=prompt["default_orders"])
    step.refresh_from_db()
    assert step.completed_at is None and OrderSet.objects.filter(step=step).exists()
    assert dispatched.of(dispatch.ADJUDICATE_STEP) == [] and len(dispatched.of(dispatch.ANNOUNCE_ORDERS)) == 1


@pytest.mark.django_db
def test_the_stored_answer_of_an_idempotency_key_comes_back_without_a_second_write(started_game, dispatched):
    from games.idempotency import IdempotencyKeyReused

    step, role, prompt = prompted(started_game)
    player = player_of(started_game, role)
    first = services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"],
                                  idempotency=("k", "f1"))
    assert isinstance(first, services.Receipt)
    stored = OrderSet.objects.get(step=step)
    again = services.order_submit(game=started_game, player=player, step=step.number, orders={"bogus": 1},
                                  idempotency=("k", "f1"))
    assert again == services.Replayed(202, {"receipt": first.receipt, "step": step.number, "replaced": False,
                                          "final": first.final})
    assert OrderSet.objects.get(step=step).submitted_at == stored.submitted_at
    with pytest.raises(IdempotencyKeyReused):
        services.order_submit(game=started_game, player=player, step=step.number, orders=prompt["default_orders"],
                              idempotency=("k", "f2"))
