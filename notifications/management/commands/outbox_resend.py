"""``python manage.py outbox_resend``: send notifications again. ``outbox_resend 12 15``
resends those rows; ``--given-up`` every row given up (the operators were told of each);
``--failed`` every failed row, given up or still retrying. Lists what it resent."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from notifications import services
from notifications.models import Outbox


class Command(BaseCommand):
    help = "Resend notifications (given-up or failed mail and webhooks)."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int)
        parser.add_argument("--given-up", action="store_true")
        parser.add_argument("--failed", action="store_true")

    def handle(self, *args, ids: list[int], given_up: bool, failed: bool, **options):
        rows = set(ids)
        if given_up:
            rows |= set(Outbox.objects.filter(status=Outbox.Status.FAILED, gave_up_at__isnull=False).values_list("pk", flat=True))
        if failed:
            rows |= set(Outbox.objects.filter(status=Outbox.Status.FAILED).values_list("pk", flat=True))
        if not rows and not (given_up or failed):
            raise CommandError("name outbox ids, or --given-up, or --failed")
        missing = sorted(rows - set(Outbox.objects.filter(pk__in=rows).values_list("pk", flat=True)))
        if missing:
            raise CommandError(f"no outbox row {', '.join(map(str, missing))}")
        for outbox_id in sorted(rows):
            row = services.outbox_resend(outbox_id=outbox_id, by="manage.py outbox_resend")
            self.stdout.write(f"outbox {outbox_id}: resent as {row.pk} to {row.address}")
        self.stdout.write(f"{len(rows)} resent")
