"""``python manage.py fetchmail``: poll an IMAP mailbox for reply-by-email orders
(docs/inbound-mail.md). Each message goes to ``process_message`` and is then deleted
from the mailbox; ``--every N`` keeps polling every N seconds."""

from __future__ import annotations

import imaplib
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from notifications.inbound import process_message


def fetch_once(*, host: str, port: int, user: str, password: str, ssl: bool, folder: str) -> list[dict]:
    client = imaplib.IMAP4_SSL(host, port) if ssl else imaplib.IMAP4(host, port)
    results = []
    try:
        client.login(user, password)
        client.select(folder)
        status, data = client.search(None, "ALL")
        if status != "OK":
            raise CommandError(f"IMAP search failed: {status}")
        for number in data[0].split():
            status, parts = client.fetch(number, "(RFC822)")
            if status != "OK":
                continue
            raw = next((p[1] for p in parts if isinstance(p, tuple)), None)
            if raw is None:
                continue
            # process_message is idempotent per Message-ID: a crash before the delete
            # below only means the message is seen (and skipped) again.
            results.append(process_message(raw, via="imap"))
            client.store(number, "+FLAGS", "\\Deleted")
        client.expunge()
    finally:
        try:
            client.logout()
        except Exception:  # noqa: BLE001
            pass
    return results


class Command(BaseCommand):
    help = "Fetch reply-by-email orders from an IMAP mailbox."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=int, default=0, help="poll every N seconds (default: once)")

    def handle(self, *args, every: int = 0, **options):
        if not settings.CURSUS_IMAP_HOST:
            raise CommandError("set CURSUS_IMAP_HOST, CURSUS_IMAP_USER and CURSUS_IMAP_PASSWORD")
        while True:
            results = fetch_once(
                host=settings.CURSUS_IMAP_HOST,
                port=settings.CURSUS_IMAP_PORT,
                user=settings.CURSUS_IMAP_USER,
                password=settings.CURSUS_IMAP_PASSWORD,
                ssl=settings.CURSUS_IMAP_SSL,
                folder=settings.CURSUS_IMAP_FOLDER,
            )
            self.stdout.write(f"fetchmail: {len(results)} message(s): " + ", ".join(r["result"] for r in results))
            if not every:
                return
            time.sleep(every)
