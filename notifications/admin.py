"""Admin of the notifications: the outbox (with a "resend" action), preferences,
webhooks, the inbound mail log. Signed links and reply tokens in stored bodies and
headers are shown masked: whoever reads the admin must not be able to act as a player."""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from notifications import services
from notifications.models import GameMute, InboundMessage, Outbox, Profile, Webhook
from notifications.selectors import mask_signed


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ("id", "recipient", "channel", "kind", "subject", "status", "attempts", "gave_up_at", "created_at", "sent_at")
    list_filter = ("status", "channel", "kind", ("gave_up_at", admin.EmptyFieldListFilter))
    search_fields = ("=id", "recipient__username", "address", "=game__id")
    fields = ("recipient", "address", "channel", "kind", "subject", "status", "attempts", "last_error", "created_at",
              "last_attempt_at", "sent_at", "gave_up_at", "not_before", "game", "step", "dedupe_key", "headers_masked",
              "text_masked")
    readonly_fields = fields
    actions = ["resend"]

    def has_add_permission(self, request):
        return False

    @admin.display(description=_("headers"))
    def headers_masked(self, outbox):
        return mask_signed(", ".join(f"{k}: {v}" for k, v in sorted((outbox.headers or {}).items())))

    @admin.display(description=_("text (signed links masked)"))
    def text_masked(self, outbox):
        return format_html("<pre style='white-space: pre-wrap'>{}</pre>", mask_signed(outbox.text_body))

    @admin.action(description=_("Resend the selected notifications"))
    def resend(self, request, queryset):
        done = [services.outbox_resend(outbox_id=row.pk, by=f"admin {request.user.get_username()}") for row in queryset]
        for row in done:
            self.log_change(request, row, "resent")
        self.message_user(request, _("%(n)d notification(s) queued again.") % {"n": len(done)}, messages.SUCCESS)


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "language", "timezone", "delivery", "email_enabled", "unsubscribed_all")
    search_fields = ("user__username", "user__email")
    exclude = ("feed_token",)


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "kind", "url", "game", "active", "failures", "last_error", "last_success_at")
    list_filter = ("kind", "active")
    exclude = ("secret",)


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "sender", "subject", "via", "result", "game", "received_at")
    list_filter = ("result", "via")
    readonly_fields = [f.name for f in InboundMessage._meta.fields]


admin.site.register(GameMute)
