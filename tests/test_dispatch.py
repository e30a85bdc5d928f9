"""Services ask for work by task name (games.dispatch), never by importing a tasks
module: every name must be a task the worker knows, and a message leaves only once the
transaction that asked for it commits."""

import pytest

from games import dispatch


def test_every_task_name_is_a_task_of_the_worker():
    from config.celery import app

    app.loader.import_default_modules()  # what a worker does when it starts (autodiscovery)
    assert set(dispatch.TASKS) <= set(app.tasks), sorted(set(dispatch.TASKS) - set(app.tasks))


@pytest.mark.django_db(transaction=True)
def test_a_message_leaves_after_the_commit_and_never_after_a_rollback(dispatched):
    from django.db import transaction

    with pytest.raises(RuntimeError):
        with transaction.atomic():
            dispatch.after_commit(dispatch.ADJUDICATE_STEP, 1, 2)
            raise RuntimeError("rolled back")
    assert dispatched.sent == []
    with transaction.atomic():
        dispatch.after_commit(dispatch.ADJUDICATE_STEP, 1, 2)
        assert dispatched.sent == []  # not yet: the rows it names are not committed
    assert dispatched.sent == [(dispatch.ADJUDICATE_STEP, (1, 2))]


def test_in_a_web_request_messages_leave_after_the_response(monkeypatch, django_db_blocker):
    """Held while the view runs, published together once the response has been sent
    (``request_finished``, which a WSGI server causes by closing the response)."""
    from django.core.signals import request_finished
    from django.http import HttpResponse

    published = []
    monkeypatch.setattr(dispatch, "publish", lambda messages: published.append(list(messages)))
    seen_in_view = []

    def view(request):
        dispatch.send(dispatch.ADJUDICATE_STEP, 1, 2)
        dispatch.send(dispatch.DELIVER_OUTBOX, 3)
        seen_in_view.append(list(published))
        return HttpResponse("ok")

    response = dispatch.PublishAfterResponse(view)(object())
    assert response.status_code == 200 and seen_in_view == [[]] and published == []
    # Django's own receiver of the signal (close_old_connections) may look at a connection
    # an earlier test of this process left open: let it, as a server's would.
    with django_db_blocker.unblock():
        request_finished.send(sender=None)
    assert published == [[(dispatch.ADJUDICATE_STEP, (1, 2)), (dispatch.DELIVER_OUTBOX, (3,))]]
    dispatch.send(dispatch.DELIVER_OUTBOX, 4)  # outside a request: at once
    assert published[-1] == [(dispatch.DELIVER_OUTBOX, (4,))]


@pytest.mark.django_db(transaction=True)
def test_a_submission_over_the_api_asks_for_its_adjudication_after_answering(started_game, api_for, monkeypatch):
    from tests.games.play import player_of, prompted

    published = []
    monkeypatch.setattr(dispatch, "publish", lambda messages: published.extend(messages))
    step, role, prompt = prompted(started_game)
    response = api_for(player_of(started_game, role)).post(
        f"/api/v1/games/{started_game.pk}/orders/", {"step": step.number, "orders": prompt["default_orders"]}, format="json"
    )
    assert response.status_code == 202
    assert [name for name, _args in published] == [dispatch.ADJUDICATE_STEP]
    assert published[0][1][:2] == (started_game.pk, step.number)


def test_a_message_written_into_redis_is_the_one_celery_writes():
    """With a Redis broker, games.dispatch writes the messages itself (all of a request's
    in one LPUSH, without Celery's producer); each must be what Celery's ``send_task``
    writes, key by key, but for the ids each message draws anew."""
    import base64
    import json
    import uuid

    import redis
    from celery import current_app

    app = current_app
    queue = f"cursus-dispatch-test-{uuid.uuid4().hex[:12]}"
    args = (41, 7, {"role": "PRIMUS", "receipt": "ab" * 32, "source": "api"})
    client = redis.Redis.from_url(app.conf.broker_url)
    try:
        with app.producer_or_acquire() as producer:
            app.send_task(dispatch.ADJUDICATE_STEP, args=args, producer=producer, queue=queue)
        client.lpush(queue, dispatch._message(app, dispatch.ADJUDICATE_STEP, args, queue))
        mine, celerys = (json.loads(client.lpop(queue)) for _ in range(2))
    finally:
        client.delete(queue)

    def without_ids(message):
        headers, properties = dict(message["headers"]), dict(message["properties"])
        assert headers["id"] == headers["root_id"] == properties["correlation_id"]
        for key in ("id", "root_id"):
            headers[key] = "<id>"
        properties["correlation_id"] = properties["delivery_tag"] = "<id>"
        body = json.loads(base64.b64decode(message["body"]))
        return {**message, "headers": headers, "properties": properties, "body": body}

    assert without_ids(mine) == without_ids(celerys)


def test_other_brokers_and_routing_go_through_celery():
    from celery import Celery

    assert dispatch._redis_route(Celery("t1", broker="memory://")) is None
    routed = Celery("t2", broker="redis://127.0.0.1:6379/0")
    routed.conf.task_routes = {dispatch.ADJUDICATE_STEP: {"queue": "elsewhere"}}
    assert dispatch._redis_route(routed) is None
    plain = Celery("t3", broker="redis://127.0.0.1:6379/0")
    plain.conf.task_default_queue = "cursus-somewhere"
    assert dispatch._redis_route(plain)[1] == "cursus-somewhere"
