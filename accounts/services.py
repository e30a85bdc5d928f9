"""Writes for people: sign up with email confirmation, the API token, language and time
zone, and invitations to a game by email. Keyword-only, one transaction each.

No table of its own: a new account stays inactive until its owner opens the signed link
of the confirmation email (``django.core.signing``, salted, timed), and an invitation is
a signed link naming the game and the address (docs/web.md), recorded as a
``games.models.Invitation`` (who invited whom, accepted or declined) so that a game by
invitation only seats its invitees alone and the sending of invitations is bounded."""

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
INVITE_SALT = "cursus.accounts.invite"
CONFIRM_MAX_AGE = 3 * 24 * 3600
INVITE_MAX_AGE = 30 * 24 * 3600


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


# -- invitations ------------------------------------------------------------------------


def invitation_token(*, game, email: str) -> str:
    return signing.dumps({"g": game.pk, "e": email.strip().lower()}, salt=INVITE_SALT)


def invitation_read(*, token: str) -> dict:
    """``{"game": Game, "email": str}`` or AccountError."""
    from games.models import Game

    try:
        claim = signing.loads(token, salt=INVITE_SALT, max_age=INVITE_MAX_AGE)
    except signing.SignatureExpired:
        raise AccountError("invitation.expired", "This invitation has expired.", "Cette invitation a expiré.") from None
    except signing.BadSignature:
        raise AccountError("invitation.invalid", "This invitation link is not valid.",
                           "Ce lien d'invitation n'est pas valide.") from None
    game = Game.objects.filter(pk=claim.get("g")).first()
    if game is None:
        raise AccountError("invitation.invalid", "This invitation link is not valid.",
                           "Ce lien d'invitation n'est pas valide.")
    return {"game": game, "email": claim.get("e", "")}


def invitation_limits() -> tuple[int, int]:
    """(addresses per request, invitations per inviter per 24 hours)."""
    return (int(getattr(settings, "INVITATIONS_PER_REQUEST", 10)), int(getattr(settings, "INVITATIONS_PER_DAY", 20)))


def invitation_send(*, game, inviter, emails: list[str], language: str) -> list[str]:
    """Email an invitation link to each address; returns the addresses sent to.

    Bounded so the server is no spam relay: at most ``INVITATIONS_PER_REQUEST`` addresses
    at once and ``INVITATIONS_PER_DAY`` invitations per inviter in any 24 hours; an address
    that declined an invitation is not written to again, and an address already invited
    to this game is not written to twice."""
    from datetime import timedelta

    from django.core.exceptions import ValidationError
    from django.core.validators import validate_email
    from django.utils import timezone

    from games.models import Game, Invitation

    if game.status != Game.Status.OPEN:
        raise AccountError("invitation.game_not_open", "Only a game that is still open takes invitations.",
                           "Seule une partie encore ouverte accepte des invitations.")
    if not game.seats.filter(player=inviter).exists():
        raise AccountError("invitation.not_seated", "Only a player of this game may invite.",
                           "Seul un joueur de cette partie peut inviter.")
    per_request, per_day = invitation_limits()
    clean = []
    for raw in emails:
        address = raw.strip()
        if not address:
            continue
        try:
            validate_email(address)
        except ValidationError:
            raise AccountError("invitation.bad_email", f"Not an email address: {address}",
                               f"Adresse électronique non valide : {address}") from None
        if address.lower() not in [a.lower() for a in clean]:
            clean.append(address)
    if not clean:
        raise AccountError("invitation.no_email", "Give at least one email address.",
                           "Donnez au moins une adresse électronique.")
    if len(clean) > per_request:
        raise AccountError("invitation.too_many_addresses", f"At most {per_request} addresses at a time.",
                           f"Au plus {per_request} adresses à la fois.")
    declined = set(Invitation.objects.filter(email__in=[a.lower() for a in clean], declined_at__isnull=False)
                   .values_list("email", flat=True))
    already = set(game.invitations.values_list("email", flat=True))
    fresh = [a for a in clean if a.lower() not in declined and a.lower() not in already]
    if not fresh:
        raise AccountError("invitation.nobody_to_invite",
                           "Every address given has declined invitations or is already invited to this game.",
                           "Chaque adresse donnée a refusé les invitations ou est déjà invitée à cette partie.")
    sent_today = Invitation.objects.filter(invited_by=inviter, created_at__gte=timezone.now() - timedelta(hours=24)).count()
    if sent_today + len(fresh) > per_day:
        raise AccountError("invitation.daily_limit",
                           f"You may send {per_day} invitations a day; {max(per_day - sent_today, 0)} are left today.",
                           f"Vous pouvez envoyer {per_day} invitations par jour ; il vous en reste {max(per_day - sent_today, 0)} aujourd'hui.")
    sent = []
    for address in fresh:
        link = _absolute(reverse("games-web:invitation", kwargs={"token": invitation_token(game=game, email=address)}))
        try:
            _send("games/email/invitation", address, language, {"game": game, "inviter": inviter, "link": link})
        except OSError as exc:  # smtplib errors are OSErrors: say so, the game stays open
            raise AccountError("invitation.mail_failed", f"The invitation to {address} could not be sent ({exc.__class__.__name__}); try again later.",
                               f"L'invitation à {address} n'a pas pu être envoyée ({exc.__class__.__name__}) ; réessayez plus tard.") from None
        Invitation.objects.create(game=game, email=address.lower(), invited_by=inviter)
        sent.append(address)
    return sent


def invitation_decline(*, token: str) -> None:
    """The owner of the address declines: no seat is kept for it, and nobody may invite the
    address again (the link was mailed to it, so whoever opens it speaks for it)."""
    from django.utils import timezone

    from games.models import Invitation

    claim = invitation_read(token=token)
    Invitation.objects.filter(game=claim["game"], email=claim["email"], declined_at__isnull=True).update(
        declined_at=timezone.now())
