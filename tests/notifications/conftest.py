import pytest

from tests.games.deadlines.conftest import game_with_policy  # noqa: F401

from tests.helpers import free_port


@pytest.fixture
def no_delivery(dispatched):
    """Outbox rows are written but not handed to a worker; ``deliver_all()`` sends them.
    Returns the outbox ids handed over (no message reaches a broker: ``dispatched``)."""
    from games import dispatch

    queued = []
    dispatched.inline[dispatch.DELIVER_OUTBOX] = queued.append
    return queued


@pytest.fixture
def inbound_server(settings):
    """``manage.py mailserver``'s SMTP server on a free port, for the inbound domain."""
    from notifications.mailserver import inbound_controller

    settings.CURSUS_INBOUND_DOMAIN = "play.cursus.test"
    port = free_port()
    controller = inbound_controller(host="127.0.0.1", port=port)
    controller.start()
    controller.port = port
    try:
        yield controller
    finally:
        controller.stop()
