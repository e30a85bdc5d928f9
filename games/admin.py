"""Admin: the operators' tool. Games are searched by id, player and status, read only
(ruleset, scenario, options, state and status are never edited by hand), with their
recent log; every change goes through an operator action (resolve the open step now,
extend the deadline, reassign a seat, end the game, carry it over to the installed
ruleset version), which calls the same services as the tournament console
(``games.overrides``) with the operator's note in the game's log and in the admin's
history. None counts as a player's missed deadline. Sealed order sets are not shown."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from games import errors, overrides, services
from games.models import Event, Game, Seat, Step
from games.presentation import event_text


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("role", "player", "status", "missed_deadlines", "missed_in_a_row", "joined_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class HaltedFilter(admin.SimpleListFilter):
    title = _("halted")
    parameter_name = "halted"

    def lookups(self, request, model_admin):
        return [("yes", _("cannot go on")), ("no", _("going on"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(halted_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(halted_at__isnull=True)
        return queryset


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset", "ruleset_version", "scenario", "status", "players", "halted", "state_version", "created_at")
    list_filter = ("status", "ruleset", "ruleset_version", HaltedFilter)
    # "=id" finds a game by its number; a username or an email finds a player's games.
    search_fields = ("=id", "seats__player__username", "seats__player__email")
    fields = (
        "operator_actions", "ruleset", "ruleset_version", "scenario", "options", "status", "halted_reason", "halted_at",
        "paused_at", "deadline_policy", "open_steps", "dice_commitment", "state_version", "outcome",
        "created_by", "created_at", "started_at", "finished_at", "recent_events",
    )
    readonly_fields = fields
    inlines = [SeatInline]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("state", "setup_state").prefetch_related("seats__player")

    def has_add_permission(self, request):
        return False  # games are created by players (or tournaments), never by hand

    def has_delete_permission(self, request, obj=None):
        return False  # ending a game is an operator action, recorded in its log

    @admin.display(description=_("players"))
    def players(self, game):
        return ", ".join(f"{seat.role}: {seat.player.get_username()}" for seat in game.seats.all())

    @admin.display(description=_("halted"), boolean=True)
    def halted(self, game):
        return game.halted_at is not None

    @admin.display(description=_("open steps"))
    def open_steps(self, game):
        rows = game.steps.filter(status=Step.Status.OPEN).order_by("number")
        return format_html_join(
            "", "<div>{} {}: {} {} · {}</div>",
            ((_("step"), s.number, _("deadline"), s.deadline.strftime("%Y-%m-%d %H:%M UTC"),
              (_("failed %(n)s times: %(e)s") % {"n": s.failures, "e": s.last_error[:200]}) if s.failures else _("no failure"))
             for s in rows),
        ) or "—"

    @admin.display(description=_("recent events (read only)"))
    def recent_events(self, game):
        events = list(game.events.order_by("-seq")[:40])
        return format_html_join(
            "", "<div>#{} {} · {}</div>",
            ((e.seq, e.type, event_text({"type": e.type, "data": e.data})) for e in events),
        ) or "—"

    @admin.display(description=_("operator actions"))
    def operator_actions(self, game):
        if game.pk is None:
            return "—"
        return format_html('<a class="button" href="{}">{}</a>', reverse("admin:games_game_operate", args=[game.pk]),
                           _("Resolve now, extend, reassign, end, upgrade…"))

    def get_urls(self):
        return [
            path("<int:game_id>/operate/", self.admin_site.admin_view(self.operate_view), name="games_game_operate"),
            *super().get_urls(),
        ]

    def operate_view(self, request, game_id: int):
        if not self.has_change_permission(request):
            from django.core.exceptions import PermissionDenied

            raise PermissionDenied
        game = get_object_or_404(Game.objects.defer("state", "setup_state"), pk=game_id)
        form = OperateForm(request.POST or None, game=game)
        if request.method == "POST" and form.is_valid():
            try:
                done = form.carry_out(operator=request.user)
            except errors.GameError as exc:
                form.add_error(None, str(exc.detail))
            else:
                self.log_change(request, game, f"{form.cleaned_data['action']}: {done} — {form.cleaned_data['note']}")
                self.message_user(request, done, messages.SUCCESS)
                return redirect("admin:games_game_change", game.pk)
        context = {**self.admin_site.each_context(request), "game": game, "form": form, "opts": self.model._meta,
                   "title": _("Operator actions on game %(id)s") % {"id": game.pk}}
        return render(request, "admin/games/game/operate.html", context)


class OperateForm(forms.Form):
    ACTIONS = [
        ("resolve", _("Resolve the open step now (default orders for seats still awaited; no missed deadline counted)")),
        ("extend", _("Extend the open deadline by some hours")),
        ("reassign", _("Give a seat to another player")),
        ("end", _("End the game with a decided result")),
        ("upgrade", _("Carry the game over to the installed ruleset version (or resume it)")),
    ]
    action = forms.ChoiceField(label=_("action"), choices=ACTIONS, widget=forms.RadioSelect)
    hours = forms.IntegerField(label=_("hours (extend)"), min_value=1, max_value=24 * 60, required=False)
    role = forms.ChoiceField(label=_("seat (reassign)"), required=False)
    username = forms.CharField(label=_("new player's username (reassign)"), required=False)
    winner = forms.ChoiceField(label=_("winner (end; empty: a draw)"), required=False)
    note = forms.CharField(label=_("note for the game's log (required)"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500)

    def __init__(self, *args, game: Game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        roles = [(r, r) for r in game.seats.order_by("position").values_list("role", flat=True)]
        self.fields["role"].choices = [("", "—"), *roles]
        self.fields["winner"].choices = [("", "—"), *roles]

    def clean(self):
        data = super().clean()
        action = data.get("action")
        if action == "extend" and not data.get("hours"):
            self.add_error("hours", _("How many hours?"))
        if action == "reassign":
            if not data.get("role"):
                self.add_error("role", _("Which seat?"))
            user = get_user_model().objects.filter(username=data.get("username") or "").first()
            if user is None:
                self.add_error("username", _("No player has this username."))
            data["player"] = user
        return data

    def carry_out(self, *, operator) -> str:
        data, game = self.cleaned_data, self.game
        by = f"operator {operator.get_username()}"
        note = data["note"]
        if data["action"] == "resolve":
            result = overrides.step_resolve_now(game=game, reason=note, by=by)
            return _("Open step: %(result)s.") % {"result": result}
        if data["action"] == "extend":
            steps = overrides.step_deadline_extend(game=game, hours=data["hours"], reason=note, by=by)
            return _("Deadline of step %(steps)s moved by %(hours)s hours.") % {
                "steps": ", ".join(str(s.number) for s in steps), "hours": data["hours"]}
        if data["action"] == "reassign":
            seat = overrides.seat_reassign(game=game, role=data["role"], player=data["player"], reason=note, by=by)
            return _("Seat %(role)s given to %(player)s.") % {"role": seat.role, "player": data["player"].get_username()}
        if data["action"] == "end":
            winner = data.get("winner") or None
            outcome = {"winner": winner, "scores": {}, "level": "decision" if winner else "draw",
                       "detail": {"decided_by": by, "at": timezone.now().isoformat()}}
            overrides.game_end_by_decision(game=game, outcome=outcome, reason=note, by=by)
            return _("The game is over (winner: %(winner)s).") % {"winner": winner or "—"}
        result = services.game_upgrade(game=game)
        return _("Ruleset version: %(status)s (%(from)s -> %(to)s).") % {
            "status": result["status"], "from": result.get("from"), "to": result.get("to")}


@admin.register(Step)
class StepAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "status", "deadline", "completed_at", "resolved_at", "failures")
    list_filter = ("status",)
    search_fields = ("=game__id",)
    exclude = ("state_after",)
    readonly_fields = ("game", "number", "prompts", "status", "opened_at", "deadline", "base_deadline", "completed_at",
                       "resolved_at", "state_after_hash", "failures", "last_error", "last_error_at", "extensions", "reminders_sent")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """The append-only log, read only. Events seen by some seats only show to whom."""

    list_display = ("game", "seq", "type", "audience", "created_at")
    list_filter = ("type",)
    search_fields = ("=game__id", "type")
    readonly_fields = ("game", "step", "seq", "type", "data", "visible_to", "audience", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
