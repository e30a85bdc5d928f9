"""The outbox (one row per delivery), each player's notification preferences, their
webhooks, per-game unsubscriptions and the inbound mail log."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def new_feed_token() -> str:
    return secrets.token_urlsafe(24)


class Profile(models.Model):
    """A player's preferences: language, time zone, channels, quiet hours, immediate
    emails or one daily digest, and the private calendar feed token."""

    class Delivery(models.TextChoices):
        IMMEDIATE = "immediate", _("an email for each turn")
        DIGEST = "digest", _("one daily digest")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    timezone = models.CharField(_("time zone"), max_length=64, default="UTC")
    email_enabled = models.BooleanField(_("email"), default=True)
    webhooks_enabled = models.BooleanField(_("webhooks"), default=True)
    delivery = models.CharField(_("turn emails"), max_length=16, choices=Delivery.choices, default=Delivery.IMMEDIATE)

    class PressDelivery(models.TextChoices):
        EACH = "each", _("an email for each message")
        FOLDED = "folded", _("folded into the turn emails and the daily digest")

    # Table talk (games/press.py): an email per message, or gathered in the next turn email
    # (and the daily digest).
    press_delivery = models.CharField(_("table talk"), max_length=16, choices=PressDelivery.choices,
                                      default=PressDelivery.EACH)
    # The local hour (player's time zone) the daily digest is sent.
    digest_hour = models.PositiveSmallIntegerField(_("digest hour"), default=7)
    # No email between these local times (start > end spans midnight); held until the end.
    quiet_start = models.TimeField(_("quiet hours from"), null=True, blank=True)
    quiet_end = models.TimeField(_("quiet hours until"), null=True, blank=True)
    # RFC 8058 one-click unsubscribe from every game's email.
    unsubscribed_all = models.BooleanField(_("unsubscribed from all games"), default=False)
    # The secret of the private calendar feed (/notifications/calendar/<token>.ics).
    # Set on first use (notifications.services.profile_for).
    feed_token = models.CharField(max_length=64, unique=True, null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.user} ({self.language})"


class GameMute(models.Model):
    """A player unsubscribed from one game's email (RFC 8058 one-click, per game)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="gamemute_unique")]


class Webhook(models.Model):
    """A player's webhook, for all their games or one: Discord, Slack, or generic JSON
    signed with HMAC-SHA-256 (``X-Cursus-Signature: sha256=<hex>``)."""

    class Kind(models.TextChoices):
        DISCORD = "discord", "Discord"
        SLACK = "slack", "Slack"
        JSON = "json", _("generic JSON (signed)")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    url = models.URLField(_("URL"), max_length=500)
    secret = models.CharField(max_length=64, default=new_feed_token)
    active = models.BooleanField(default=True)
    # The visible error state: consecutive failures and the last error.
    failures = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.kind} {self.url}"


class Outbox(models.Model):
    class Channel(models.TextChoices):
        EMAIL = "email", _("email")
        WEBHOOK = "webhook", _("webhook")

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")
        # Not sent, on purpose: the player chose a digest, muted the game or the channel.
        SKIPPED = "skipped", _("skipped")

    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="outbox")
    address = models.CharField(max_length=500)
    channel = models.CharField(max_length=16, choices=Channel.choices, default=Channel.EMAIL)
    # What it says: turn, reminder, receipt, ladder, digest, reply, ...
    kind = models.CharField(max_length=32, blank=True)
    subject = models.CharField(max_length=255)
    text_body = models.TextField()
    html_body = models.TextField(blank=True)
    # Extra email headers (Reply-To, List-Unsubscribe, ...).
    headers = models.JSONField(default=dict, blank=True)
    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, null=True, blank=True, related_name="deliveries")
    # The JSON body posted to a webhook.
    payload = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    # Held until then (quiet hours).
    not_before = models.DateTimeField(null=True, blank=True)
    # The deadline a turn email or a reminder speaks of: checked again when the row is
    # released (services.outbox_stale), so a moved deadline's stale reminder is dropped.
    deadline = models.DateTimeField(null=True, blank=True)
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
    # Set when delivery was given up (notifications.services.outbox_deliver): the
    # operators were told; ``outbox_resend`` clears it.
    gave_up_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "created_at"], name="outbox_status_idx")]
        verbose_name_plural = "outbox"

    def __str__(self) -> str:
        return f"{self.recipient} · {self.subject} ({self.status})"


class InboundMessage(models.Model):
    """Every message that reached ``process_message``, once per Message-ID (a message
    fetched twice, or posted twice by a provider, is processed once)."""

    class Result(models.TextChoices):
        ACCEPTED = "accepted", _("accepted")
        INVALID = "invalid", _("invalid orders")
        REFUSED = "refused", _("refused")
        IGNORED = "ignored", _("ignored")

    message_id = models.CharField(max_length=255, unique=True)
    sender = models.CharField(max_length=254, blank=True)
    subject = models.CharField(max_length=255, blank=True)
    via = models.CharField(max_length=16)
    result = models.CharField(max_length=16, choices=Result.choices)
    detail = models.JSONField(default=dict, blank=True)
    game = models.ForeignKey("games.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    received_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
