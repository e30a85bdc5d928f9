"""The fixtures of the notifications tests this package shares."""

from tests.notifications.conftest import inbound_server, no_delivery  # noqa: F401
