"""Pages of the notifications app: the development outbox (staff), a player's
notification preferences (with webhooks and vacations), RFC 8058 one-click unsubscribe
and the private calendar feed. Views are thin: a form, one service call."""

from __future__ import annotations

from zoneinfo import available_timezones

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from games import errors as game_errors
from games import services as game_services
from games.models import Game
from notifications import calendar, selectors, services
from notifications.errors import WebhookInvalid
from notifications.models import Profile, Webhook


@staff_member_required
def outbox_list(request):
    return render(request, "notifications/outbox_list.html", {"emails": selectors.outbox_recent()})


class PreferencesForm(forms.ModelForm):
    timezone = forms.ChoiceField(label=_("time zone"), choices=[])
    digest_hour = forms.IntegerField(label=_("digest hour"), min_value=0, max_value=23)

    class Meta:
        model = Profile
        fields = list(services.PREFERENCE_FIELDS)
        widgets = {"quiet_start": forms.TimeInput(attrs={"type": "time"}), "quiet_end": forms.TimeInput(attrs={"type": "time"})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["timezone"].choices = [(z, z) for z in sorted(available_timezones())]
        # A form of an older page without the table-talk choice keeps the player's.
        self.fields["press_delivery"].required = False

    def clean_press_delivery(self):
        return self.cleaned_data.get("press_delivery") or self.instance.press_delivery or Profile.PressDelivery.EACH


class WebhookForm(forms.Form):
    kind = forms.ChoiceField(label=_("kind"), choices=Webhook.Kind.choices)
    url = forms.URLField(label=_("URL"), max_length=500, assume_scheme="https")
    game = forms.IntegerField(label=_("game (empty: all my games)"), required=False, min_value=1)


class VacationForm(forms.Form):
    # A datetime-local input shows the date as the reader's browser writes it (French:
    # day first) and sends ISO 8601, whatever the page's language: its value must be ISO
    # too, not the active language's format (which the browser would refuse).
    starts_at = forms.DateTimeField(label=_("starts"), input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"))
    ends_at = forms.DateTimeField(label=_("ends"), input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
                                  widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"))


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request):
    user = request.user
    profile = services.profile_for(user=user)
    form = PreferencesForm(instance=profile, prefix="prefs")
    webhook_form = WebhookForm(prefix="hook")
    vacation_form = VacationForm(prefix="vacation")
    problems: list[dict] = []
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "preferences":
            form = PreferencesForm(request.POST, instance=Profile.objects.get(pk=profile.pk), prefix="prefs")
            if form.is_valid():
                services.profile_update(user=user, **{f: form.cleaned_data[f] for f in PreferencesForm.Meta.fields})
                messages.success(request, _("Preferences saved."))
                return redirect("notify:preferences")
        elif action == "webhook":
            webhook_form = WebhookForm(request.POST, prefix="hook")
            if webhook_form.is_valid():
                game = Game.objects.filter(pk=webhook_form.cleaned_data["game"]).first() if webhook_form.cleaned_data["game"] else None
                try:
                    services.webhook_create(owner=user, kind=webhook_form.cleaned_data["kind"], url=webhook_form.cleaned_data["url"], game=game)
                except WebhookInvalid as exc:
                    webhook_form.add_error(None, str(exc))
                else:
                    messages.success(request, _("Webhook added."))
                    return redirect("notify:preferences")
        elif action == "webhook-delete":
            services.webhook_delete(owner=user, webhook_id=int(request.POST.get("webhook") or 0))
            return redirect("notify:preferences")
        elif action == "vacation":
            vacation_form = VacationForm(request.POST, prefix="vacation")
            if vacation_form.is_valid():
                try:
                    game_services.vacation_book(player=user, **vacation_form.cleaned_data)
                except game_errors.VacationInvalid as exc:
                    problems = exc.errors
                else:
                    messages.success(request, _("Vacation booked."))
                    return redirect("notify:preferences")
        elif action == "vacation-cancel":
            vacation = user.vacations.filter(pk=int(request.POST.get("vacation") or 0)).first()
            if vacation is not None:
                try:
                    game_services.vacation_cancel(vacation=vacation)
                except game_errors.VacationInvalid as exc:
                    problems = exc.errors
    context = {
        "form": form,
        "webhook_form": webhook_form,
        "vacation_form": vacation_form,
        "problems": problems,
        "webhooks": selectors.webhooks_of(user=user).select_related("game"),
        "vacations": user.vacations.filter(cancelled_at__isnull=True).order_by("starts_at"),
        "feed_url": services.feed_url(user=user),
        "lang": (getattr(request, "LANGUAGE_CODE", "en") or "en")[:2],
    }
    return render(request, "notifications/preferences.html", context)


@csrf_exempt  # RFC 8058: mail clients POST "List-Unsubscribe=One-Click" without a session
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    """GET shows a confirmation; POST (the button, or a mail client's one-click POST)
    unsubscribes. The signed token names the player and the game (or every game)."""
    try:
        user_id, game_id = services.read_unsubscribe_token(token)
    except signing.BadSignature:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    game = Game.objects.filter(pk=game_id).first() if game_id else None
    if request.method == "GET":
        return render(request, "notifications/unsubscribe.html", {"game": game, "all": game_id is None})
    services.unsubscribe(token=token)
    return render(request, "notifications/unsubscribe.html", {"game": game, "all": game_id is None, "done": True})


def calendar_feed(request, token: str):
    """The private .ics feed of a player's open deadlines."""
    profile = Profile.objects.filter(feed_token=token).select_related("user").first() if token else None
    if profile is None:
        return HttpResponse(status=404)
    response = HttpResponse(calendar.feed(user=profile.user), content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, max-age=300"
    return response
