"""Accounts: sign up (with email confirmation), the API token, language and time zone.
Log in, log out, password change and reset are Django's own views (config/urls.py) with
our templates (templates/registration/); log-in and password reset are rate limited here
(games/throttles.py) and log-in has django-axes' lock-out (docs/security.md)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS
from django.forms.utils import ErrorDict
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.forms import SettingsForm, SignUpForm
from games import throttles
from games.presentation import message_text


def _too_many(response, wait: int):
    response.status_code = 429
    response["Retry-After"] = str(wait)
    return response


def _refused_login(request, message: str, wait: int):
    # Unbound (a bound form would check the password again): the name kept, the reason shown.
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    form._errors = ErrorDict({NON_FIELD_ERRORS: form.error_class([message], error_class="nonfield")})
    return _too_many(render(request, "registration/login.html", {"form": form, "next": request.POST.get("next", "")}), wait)


class LoginView(auth_views.LoginView):
    """Django's log-in, counted per address ("login" scope): spraying user names from one
    address is refused for a while (django-axes locks each name per address)."""

    def post(self, request, *args, **kwargs):
        wait = throttles.hit("login", request)
        if wait is not None:
            return _refused_login(request, _("Too many log-in attempts from your address: try again in %(minutes)s minutes.")
                                  % {"minutes": max(1, wait // 60)}, wait)
        return super().post(request, *args, **kwargs)


def locked_out(request, original_response=None, credentials=None):
    """django-axes' answer to a locked-out (name, address): the log-in page, 429."""
    from django.conf import settings as dj

    minutes = max(1, int(dj.AXES_COOLOFF_TIME.total_seconds() // 60))
    return _refused_login(request, _("Too many failed log-ins for this name from your address: it is locked for "
                                     "%(minutes)s minutes. From another address, or after that, you may log in; "
                                     "or reset your password.") % {"minutes": minutes}, minutes * 60)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, which sends an email: counted per address and per email
    address ("mail_out"), so it cannot flood an inbox."""

    def post(self, request, *args, **kwargs):
        email = (request.POST.get("email") or "").strip()
        wait = throttles.hit("mail_out", request) or (throttles.hit("mail_out", ident=f"email:{email}") if email else None)
        if wait is not None:
            form = self.get_form()
            form.is_valid()
            form.add_error(None, _("Too many password reset requests: try again in %(minutes)s minutes.")
                           % {"minutes": max(1, wait // 60)})
            return _too_many(self.render_to_response(self.get_context_data(form=form)), wait)
        return super().post(request, *args, **kwargs)


def _language(request) -> str:
    return (getattr(request, "LANGUAGE_CODE", None) or translation.get_language() or "en")[:2]


@require_http_methods(["GET", "POST"])
def sign_up(request):
    if request.user.is_authenticated:
        return redirect("games-web:list")
    initial = {"email": request.GET.get("email", ""), "next": request.GET.get("next", "")}
    form = SignUpForm(request.POST or None, initial=initial)
    error = None
    wait = throttles.hit("signup", request) if request.method == "POST" else None
    if wait is not None:  # each sign-up sends a confirmation email
        error = {"code": "account.throttled",
                 "message": _("Too many sign-ups from your address: try again in %(minutes)s minutes.")
                 % {"minutes": max(1, wait // 60)}}
        return _too_many(render(request, "accounts/sign_up.html", {"form": form, "error": error}), wait)
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


@require_http_methods(["POST"])
def language(request):
    """The language switcher in the header, the one place a player chooses the language:
    Django's ``set_language`` (the cookie, for a visitor), and for a signed-in player their
    profile too, which every page and email then follows."""
    from django.conf import settings
    from django.views.i18n import set_language

    response = set_language(request)
    code = request.POST.get("language")
    if request.user.is_authenticated and code in dict(settings.LANGUAGES):
        services.profile_update(user=request.user, language=code)
    return response
