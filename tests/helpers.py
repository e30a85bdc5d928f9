"""Helpers shared by tests (imported by the root conftest and by tests)."""

from __future__ import annotations

import socket
import threading
import time
from email import message_from_bytes, policy


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SmtpSink:
    """Collects every message an aiosmtpd server on 127.0.0.1 receives."""

    def __init__(self) -> None:
        self.messages = []
        self.lock = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        message = message_from_bytes(envelope.content, policy=policy.default)
        with self.lock:
            self.messages.append({"to": list(envelope.rcpt_tos), "message": message})
            self.lock.notify_all()
        return "250 OK"

    def wait_for(self, predicate, timeout: float = 30.0):
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                found = [m for m in self.messages if predicate(m)]
                if found:
                    return found
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return []
                self.lock.wait(remaining)
