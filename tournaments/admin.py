"""Admin: read-mostly. Overrides go through the organiser console so they are audited."""

from django.contrib import admin

from tournaments.models import AuditEntry, Entry, Pairing, Rating, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    fields = ("player", "status", "seed_rating", "pool")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "ruleset", "scenario", "system", "table_size", "status", "created_at")
    list_filter = ("status", "system", "ruleset")
    inlines = [EntryInline]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("id", "tournament", "round", "board", "primus", "secundus", "game", "result_source")
    readonly_fields = ("tournament", "round", "board", "primus", "secundus", "seats", "game", "result", "result_source", "live_vp",
                       "rated_at")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("id", "tournament", "actor", "action", "created_at")
    readonly_fields = ("tournament", "actor", "action", "pairing", "reason", "data", "created_at")

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("player", "ruleset", "rating", "rd", "volatility", "games")
    list_filter = ("ruleset",)
