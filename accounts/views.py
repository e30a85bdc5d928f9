"""Accounts: sign up (with email confirmation), the API token, language and time zone.
Log in, log out, password change and reset are Django's own views (config/urls.py) with
our templates (templates/registration/)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.forms import SettingsForm, SignUpForm
from games.presentation import message_text


def _language(request) -> str:
    return (getattr(request, "LANGUAGE_CODE", None) or translation.get_language() or "en")[:2]


@require_http_methods(["GET", "POST"])
def sign_up(request):
    if request.user.is_authenticated:
        return redirect("games-web:list")
    initial = {"email": request.GET.get("email", ""), "next": request.GET.get("next", "")}
    form = SignUpForm(request.POST or None, initial=initial)
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            user = services.user_sign_up(
                username=form.cleaned_data["username"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password1"],
                language=_language(request),
                next_url=form.cleaned_data.get("next") or "",
            )
        except services.AccountError as exc:
            error = {"code": exc.code, "message": message_text(exc.message)}
        else:
            return render(request, "accounts/sign_up_done.html", {"email": user.email})
    return render(request, "accounts/sign_up.html", {"form": form, "error": error}, status=400 if error or form.errors else 200)


@require_http_methods(["GET"])
def confirm(request, token: str):
    try:
        user, next_url = services.user_confirm_email(token=token)
    except services.AccountError as exc:
        return render(request, "accounts/confirm_failed.html", {"error": {"code": exc.code, "message": message_text(exc.message)}}, status=400)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, _("Your email address is confirmed. Welcome!"))
    return HttpResponseRedirect(next_url or "/games/")


@login_required
@require_http_methods(["GET", "POST"])
def api_token(request):
    if request.method == "POST":
        services.api_token_rotate(user=request.user)
        messages.success(request, _("A new API token replaces the old one."))
        return redirect("accounts:token")
    return render(request, "accounts/token.html", {"token": services.api_token_for(user=request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def settings_view(request):
    from notifications.models import Profile

    profile, _created = Profile.objects.get_or_create(user=request.user)
    with_timezone = hasattr(profile, "timezone")
    initial = {"language": profile.language, "timezone": getattr(profile, "timezone", "UTC")}
    form = SettingsForm(request.POST or None, initial=initial, with_timezone=with_timezone)
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            services.profile_update(
                user=request.user, language=form.cleaned_data["language"], timezone=form.cleaned_data.get("timezone")
            )
        except services.AccountError as exc:
            error = {"code": exc.code, "message": message_text(exc.message)}
        else:
            language = form.cleaned_data["language"]
            translation.activate(language)
            messages.success(request, _("Your settings are saved."))
            response = redirect("accounts:settings")
            from django.conf import settings as dj

            response.set_cookie(dj.LANGUAGE_COOKIE_NAME, language, samesite="Lax")
            return response
    return render(request, "accounts/settings.html", {"form": form, "error": error}, status=400 if error or form.errors else 200)
