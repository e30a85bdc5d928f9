"""The outbox (one row per delivery) and each player's notification preferences."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    """A player's preferences: the language emails are written in."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")

    def __str__(self) -> str:
        return f"{self.user} ({self.language})"


class Outbox(models.Model):
    class Channel(models.TextChoices):
        EMAIL = "email", _("email")

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")

    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="outbox")
    address = models.CharField(max_length=254)
    channel = models.CharField(max_length=16, choices=Channel.choices, default=Channel.EMAIL)
    subject = models.CharField(max_length=255)
    text_body = models.TextField()
    html_body = models.TextField(blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    step = models.ForeignKey("games.Step", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # One row per thing to say: a re-run of the same notification finds this row and
    # never sends twice.
    dedupe_key = models.CharField(max_length=200, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "created_at"], name="outbox_status_idx")]
        verbose_name_plural = "outbox"

    def __str__(self) -> str:
        return f"{self.recipient} · {self.subject} ({self.status})"
