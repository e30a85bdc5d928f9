from django.contrib import admin

from notifications.models import Outbox, Profile


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ("id", "recipient", "subject", "status", "attempts", "created_at", "sent_at")
    list_filter = ("status",)
    readonly_fields = [f.name for f in Outbox._meta.fields]


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "language")
