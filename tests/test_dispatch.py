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


def test_in_a_web_request_messages_leave_after_the_response(monkeypatch):
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
