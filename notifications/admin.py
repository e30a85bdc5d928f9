from django.contrib import admin

from notifications.models import GameMute, InboundMessage, Outbox, Profile, Webhook


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ("id", "recipient", "channel", "kind", "subject", "status", "attempts", "created_at", "sent_at")
    list_filter = ("status", "channel", "kind")
    readonly_fields = [f.name for f in Outbox._meta.fields]


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "language", "timezone", "delivery", "email_enabled", "unsubscribed_all")


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "kind", "url", "game", "active", "failures", "last_error", "last_success_at")
    list_filter = ("kind", "active")


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "sender", "subject", "via", "result", "game", "received_at")
    list_filter = ("result", "via")
    readonly_fields = [f.name for f in InboundMessage._meta.fields]


admin.site.register(GameMute)
