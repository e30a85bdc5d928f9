"""Invitations to a game by email: a signed link naming the game and the address
(``django.core.signing``, salted, timed), recorded as a ``games.models.Invitation`` (who
invited whom, accepted or declined) so that a game by invitation only seats its invitees
alone and the sending of invitations is bounded. Sent at once, so the page that asked can
say whether it went (docs/web.md). The person invited may not have an account yet: the
link leads to sign-up, then to the seat."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from games.models import Game, Invitation

# The salt links were signed with when invitations lived in ``accounts``: links already
# sent stay valid.
INVITE_SALT = "cursus.accounts.invite"
INVITE_MAX_AGE = 30 * 24 * 3600


class InvitationError(Exception):
    """A refused invitation: ``code`` is stable, ``message`` is ``{en, fr}``."""

    def __init__(self, code: str, en: str, fr: str):
        super().__init__(en)
        self.code = code
        self.message = {"en": en, "fr": fr}


def _send(template: str, address: str, language: str, context: dict) -> None:
    with translation.override(language):
        subject = " ".join(render_to_string(template + "_subject.txt", context).split())
        body = render_to_string(template + ".txt", context)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address])


def invitation_token(*, game, email: str) -> str:
    return signing.dumps({"g": game.pk, "e": email.strip().lower()}, salt=INVITE_SALT)


def invitation_read(*, token: str) -> dict:
    """``{"game": Game, "email": str}``, or InvitationError."""
    try:
        claim = signing.loads(token, salt=INVITE_SALT, max_age=INVITE_MAX_AGE)
    except signing.SignatureExpired:
        raise InvitationError("invitation.expired", "This invitation has expired.", "Cette invitation a expiré.") from None
    except signing.BadSignature:
        raise InvitationError("invitation.invalid", "This invitation link is not valid.",
                              "Ce lien d'invitation n'est pas valide.") from None
    game = Game.objects.filter(pk=claim.get("g")).first()
    if game is None:
        raise InvitationError("invitation.invalid", "This invitation link is not valid.",
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
    if game.status != Game.Status.OPEN:
        raise InvitationError("invitation.game_not_open", "Only a game that is still open takes invitations.",
                              "Seule une partie encore ouverte accepte des invitations.")
    if not game.seats.filter(player=inviter).exists():
        raise InvitationError("invitation.not_seated", "Only a player of this game may invite.",
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
            raise InvitationError("invitation.bad_email", f"Not an email address: {address}",
                                  f"Adresse électronique non valide : {address}") from None
        if address.lower() not in [a.lower() for a in clean]:
            clean.append(address)
    if not clean:
        raise InvitationError("invitation.no_email", "Give at least one email address.",
                              "Donnez au moins une adresse électronique.")
    if len(clean) > per_request:
        raise InvitationError("invitation.too_many_addresses", f"At most {per_request} addresses at a time.",
                           f"Au plus {per_request} adresses à la fois.")
    declined = set(Invitation.objects.filter(email__in=[a.lower() for a in clean], declined_at__isnull=False)
                   .values_list("email", flat=True))
    already = set(game.invitations.values_list("email", flat=True))
    fresh = [a for a in clean if a.lower() not in declined and a.lower() not in already]
    if not fresh:
        raise InvitationError("invitation.nobody_to_invite",
                              "Every address given has declined invitations or is already invited to this game.",
                              "Chaque adresse donnée a refusé les invitations ou est déjà invitée à cette partie.")
    sent_today = Invitation.objects.filter(invited_by=inviter, created_at__gte=timezone.now() - timedelta(hours=24)).count()
    if sent_today + len(fresh) > per_day:
        raise InvitationError("invitation.daily_limit",
                           f"You may send {per_day} invitations a day; {max(per_day - sent_today, 0)} are left today.",
                           f"Vous pouvez envoyer {per_day} invitations par jour ; il vous en reste {max(per_day - sent_today, 0)} aujourd'hui.")
    sent = []
    for address in fresh:
        token = invitation_token(game=game, email=address)
        link = settings.CURSUS_BASE_URL + reverse("games-web:invitation", kwargs={"token": token})
        try:
            _send("games/email/invitation", address, language, {"game": game, "inviter": inviter, "link": link})
        except OSError as exc:  # smtplib errors are OSErrors: say so, the game stays open
            raise InvitationError("invitation.mail_failed", f"The invitation to {address} could not be sent ({exc.__class__.__name__}); try again later.",
                                  f"L'invitation à {address} n'a pas pu être envoyée ({exc.__class__.__name__}) ; réessayez plus tard.") from None
        Invitation.objects.create(game=game, email=address.lower(), invited_by=inviter)
        sent.append(address)
    return sent


def invitation_decline(*, token: str) -> None:
    """The owner of the address declines: no seat is kept for it, and nobody may invite the
    address again (the link was mailed to it, so whoever opens it speaks for it)."""
    claim = invitation_read(token=token)
    Invitation.objects.filter(game=claim["game"], email=claim["email"], declined_at__isnull=True).update(
        declined_at=timezone.now())
