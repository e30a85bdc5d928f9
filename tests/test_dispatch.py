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
