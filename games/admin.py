"""Admin: read-mostly. Sealed order sets are not listed (an admin page is an endpoint)."""

from django.contrib import admin

from games.models import Game, Seat, Step


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("role", "player", "missed_deadlines", "joined_at")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset", "scenario", "status", "state_version", "created_at")
    list_filter = ("status", "ruleset")
    exclude = ("state", "setup_state", "dice_seed")
    readonly_fields = ("dice_commitment", "ruleset_version", "state_version", "outcome", "started_at", "finished_at")
    inlines = [SeatInline]


@admin.register(Step)
class StepAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "status", "deadline", "completed_at", "resolved_at")
    list_filter = ("status",)
    exclude = ("state_after",)
    readonly_fields = ("game", "number", "prompts", "status", "completed_at", "resolved_at", "state_after_hash")
