"""``python manage.py mailserver``: the inbound SMTP server for reply-by-email
(docs/inbound-mail.md). Point the MX of CURSUS_INBOUND_DOMAIN (or a forward) at it."""

from __future__ import annotations

import signal
import threading

from django.conf import settings
from django.core.management.base import BaseCommand

from notifications.mailserver import inbound_controller, tls_context


class Command(BaseCommand):
    help = "Receive reply-by-email orders over SMTP (aiosmtpd)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=settings.CURSUS_MAILSERVER_HOST)
        parser.add_argument("--port", type=int, default=settings.CURSUS_MAILSERVER_PORT)

    def handle(self, *args, host: str, port: int, **options):
        controller = inbound_controller(host=host, port=port)
        controller.start()
        tls = " with STARTTLS" if tls_context() is not None else ""
        self.stdout.write(f"mailserver: listening on {host}:{port}{tls} for *@{settings.CURSUS_INBOUND_DOMAIN}")
        self.stdout.flush()
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        try:
            stop.wait()
        finally:
            controller.stop()
            self.stdout.write("mailserver: stopped")
