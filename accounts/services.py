"""Writes for people: sign up with email confirmation, the API token, language and time
zone. Keyword-only, one transaction each. (Invitations to a game are the game's:
``games/invitations.py``.)

No table of its own: a new account stays inactive until its owner opens the signed link
of the confirmation email (``django.core.signing``, salted, timed) (docs/web.md)."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from rest_framework.authtoken.models import Token

CONFIRM_SALT = "cursus.accounts.confirm"
CONFIRM_MAX_AGE = 3 * 24 * 3600


class AccountError(Exception):
    """A refused account action: ``code`` is stable, ``message`` is ``{en, fr}``."""

    def __init__(self, code: str, en: str, fr: str):
        super().__init__(en)
        self.code = code
        self.message = {"en": en, "fr": fr}


def _absolute(path: str) -> str:
    return settings.CURSUS_BASE_URL + path


def _safe_next(next_url: str | None) -> str:
    return next_url if next_url and next_url.startswith("/") and not next_url.startswith("//") else ""


@transaction.atomic
def user_sign_up(*, username: str, email: str, password: str, language: str = "en", next_url: str = ""):
    """An inactive account and its confirmation email (sent on commit)."""
    User = get_user_model()
    if User.objects.filter(email__iexact=email).exists():
        raise AccountError("account.email_taken", "An account already uses this email address.",
                           "Un compte utilise déjà cette adresse électronique.")
    user = User.objects.create_user(username=username, email=email, password=password, is_active=False)
    Token.objects.get_or_create(user=user)
    profile_update(user=user, language=language)
    token = signing.dumps({"u": user.pk, "n": _safe_next(next_url)}, salt=CONFIRM_SALT)
    link = _absolute(reverse("accounts:confirm", kwargs={"token": token}))
    transaction.on_commit(lambda: _send("accounts/email/confirm", user.email, language, {"user": user, "link": link}))
    return user


def _send(template: str, address: str, language: str, context: dict) -> None:
    with translation.override(language):
        subject = " ".join(render_to_string(template + "_subject.txt", context).split())
        body = render_to_string(template + ".txt", context)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address])


@transaction.atomic
def user_confirm_email(*, token: str):
    """Activate the account the signed token names; returns ``(user, next_url)``."""
    try:
        claim = signing.loads(token, salt=CONFIRM_SALT, max_age=CONFIRM_MAX_AGE)
    except signing.SignatureExpired:
        raise AccountError("account.confirm.expired", "This confirmation link has expired: sign up again.",
                           "Ce lien de confirmation a expiré : inscrivez-vous de nouveau.") from None
    except signing.BadSignature:
        raise AccountError("account.confirm.invalid", "This confirmation link is not valid.",
                           "Ce lien de confirmation n'est pas valide.") from None
    user = get_user_model().objects.select_for_update().filter(pk=claim.get("u")).first()
    if user is None:
        raise AccountError("account.confirm.invalid", "This confirmation link is not valid.",
                           "Ce lien de confirmation n'est pas valide.")
    if not user.is_active:
        user.is_active = True
        user.save(update_fields=["is_active"])
    return user, _safe_next(claim.get("n"))


@transaction.atomic
def api_token_rotate(*, user) -> Token:
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)


def api_token_for(*, user) -> Token:
    return Token.objects.get_or_create(user=user)[0]


def timezone_choices() -> list[str]:
    return sorted(zoneinfo.available_timezones())


@transaction.atomic
def profile_update(*, user, language: str | None = None, timezone: str | None = None):
    """The player's language and time zone (``notifications.Profile``)."""
    from notifications.models import Profile

    profile, _ = Profile.objects.get_or_create(user=user)
    fields = []
    if language is not None:
        if language not in dict(settings.LANGUAGES):
            raise AccountError("account.language.unknown", "Unknown language.", "Langue inconnue.")
        profile.language = language
        fields.append("language")
    if timezone is not None and hasattr(profile, "timezone"):
        if timezone not in zoneinfo.available_timezones():
            raise AccountError("account.timezone.unknown", "Unknown time zone.", "Fuseau horaire inconnu.")
        profile.timezone = timezone
        fields.append("timezone")
    if fields:
        profile.save(update_fields=fields)
    return profile
