"""Signed seat+step tokens (docs/email.md): the one-click link of a turn email and the
reply-to address of reply-by-email.

* A token names a game, a seat, the player who held the seat when it was made and a step,
  carries a random nonce and is signed with the site's secret (``django.core.signing`` for links; a salted HMAC, lowercase base32 for
  the reply address, because mail systems may fold the case of a local part).
* It expires when its step closes: nothing is stored to make it valid, the step's status
  is checked on use. It dies too when the seat changes hands (an organiser's replacement):
  the seat's player is checked on use against the one it names (docs/security.md).
* Tokens that act are single-use: their nonce is recorded in ``LinkUse`` when they act, in
  the same transaction as the action, and a replay is refused.
"""

from __future__ import annotations

import base64
import hmac
import re
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.crypto import salted_hmac

from games.models import Game, LinkUse, Seat, Step

OPEN = "open"  # opens the order page of a seat for a step (no change by itself)
PAUSE = "pause"  # asks for a pause (acts, once, on POST)
REPLY = "reply"  # the reply-to address of a turn email (acts, once)

_MESSAGES = {
    "tampered": ("This link has been altered or is not one of ours.", "Ce lien a été modifié ou n'est pas l'un des nôtres."),
    "expired": ("This link has expired: its step is closed.", "Ce lien a expiré : son étape est close."),
    "used": ("This link has already been used.", "Ce lien a déjà servi."),
    "other_game": ("This link belongs to another game.", "Ce lien appartient à une autre partie."),
    "purpose": ("This link cannot be used here.", "Ce lien ne sert pas ici."),
    "reassigned": ("This link was made for the seat's previous player: the seat has changed hands.",
                   "Ce lien a été fait pour le joueur précédent du siège : le siège a changé de mains."),
}


class LinkRefused(Exception):
    """A token that cannot be used; ``reason`` is one of tampered, expired, used,
    other_game, purpose, reassigned."""

    def __init__(self, reason: str):
        self.reason = reason
        self.code = f"link.{reason}"
        en, fr = _MESSAGES[reason]
        self.message = {"en": en, "fr": fr}
        super().__init__(en)

    def as_error(self) -> dict:
        return {"code": self.code, "path": "", "message": self.message}


@dataclass(frozen=True)
class Claim:
    game_id: int
    seat_id: int
    step_number: int
    purpose: str
    nonce: str
    player_id: int

    def seat(self) -> Seat:
        return Seat.objects.select_related("game", "player").get(pk=self.seat_id)

    def step(self) -> Step:
        return Step.objects.get(game_id=self.game_id, number=self.step_number)


# -- links (signed URLs) -----------------------------------------------------------------


def _salt(purpose: str) -> str:
    return f"cursus.games.links.{purpose}"


def make_token(*, seat: Seat, step: Step, purpose: str = OPEN) -> str:
    payload = {"g": seat.game_id, "s": seat.pk, "p": seat.player_id, "n": step.number, "x": secrets.token_urlsafe(9)}
    return signing.dumps(payload, salt=_salt(purpose), compress=True)


def link_url(*, seat: Seat, step: Step, purpose: str = OPEN) -> str:
    token = make_token(seat=seat, step=step, purpose=purpose)
    name = "games-links:open" if purpose == OPEN else "games-links:pause"
    return settings.CURSUS_BASE_URL + reverse(name, kwargs={"game_id": seat.game_id, "token": token})


def read_token(token: str, *, purpose: str, game_id: int | None = None) -> Claim:
    """The claim of a valid, unexpired token, or :class:`LinkRefused` saying why not."""
    try:
        payload = signing.loads(token, salt=_salt(purpose))
        claim = Claim(int(payload["g"]), int(payload["s"]), int(payload["n"]), purpose, str(payload["x"]),
                      int(payload["p"]))
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise LinkRefused("tampered") from None
    return _check(claim, game_id=game_id)


def _check(claim: Claim, *, game_id: int | None) -> Claim:
    if game_id is not None and claim.game_id != game_id:
        raise LinkRefused("other_game")
    holder = Seat.objects.filter(pk=claim.seat_id, game_id=claim.game_id).values_list("player_id", flat=True).first()
    if holder is None:
        raise LinkRefused("tampered")
    if holder != claim.player_id:
        raise LinkRefused("reassigned")
    step_open = Step.objects.filter(
        game_id=claim.game_id, number=claim.step_number, status=Step.Status.OPEN, game__status=Game.Status.ACTIVE
    ).exists()
    if not step_open:
        raise LinkRefused("expired")
    if claim.purpose != OPEN and LinkUse.objects.filter(nonce=_nonce_key(claim)).exists():
        raise LinkRefused("used")
    return claim


def _nonce_key(claim: Claim) -> str:
    return f"{claim.purpose}:{claim.nonce}"[:64]


def consume(claim: Claim) -> None:
    """Record that an acting token acted; call inside the action's transaction. A
    concurrent replay loses the race on the unique nonce and is refused."""
    try:
        with transaction.atomic():
            LinkUse.objects.create(nonce=_nonce_key(claim), purpose=claim.purpose, seat_id=claim.seat_id)
    except IntegrityError:
        raise LinkRefused("used") from None


# -- reply addresses -------------------------------------------------------------------

_REPLY_RE = re.compile(r"^(\d+)-(\d+)-(\d+)-(\d+)-([a-z2-7]{8})-([a-z2-7]{20})$")


def _reply_mac(body: str) -> str:
    digest = salted_hmac("cursus.games.links.reply", body, algorithm="sha256").digest()
    return base64.b32encode(digest).decode().lower()[:20]


def reply_token(*, seat: Seat, step: Step) -> str:
    nonce = base64.b32encode(secrets.token_bytes(5)).decode().lower()
    body = f"{seat.game_id}-{step.number}-{seat.pk}-{seat.player_id}-{nonce}"
    return f"{body}-{_reply_mac(body)}"


def reply_address(*, seat: Seat, step: Step) -> str:
    """``play+<token>@CURSUS_INBOUND_DOMAIN``: the Reply-To of a turn email."""
    return f"{settings.CURSUS_INBOUND_LOCALPART}+{reply_token(seat=seat, step=step)}@{settings.CURSUS_INBOUND_DOMAIN}"


def read_reply_token(token: str) -> Claim:
    match = _REPLY_RE.match(token.strip().lower())
    if not match:
        raise LinkRefused("tampered")
    game_id, step_number, seat_id, player_id, nonce, mac = match.groups()
    body = f"{game_id}-{step_number}-{seat_id}-{player_id}-{nonce}"
    if not hmac.compare_digest(mac, _reply_mac(body)):
        raise LinkRefused("tampered")
    return _check(Claim(int(game_id), int(seat_id), int(step_number), REPLY, nonce, int(player_id)), game_id=None)


def reply_token_in(addresses: list[str]) -> str | None:
    """The token of the first ``play+<token>@<inbound domain>`` address among these."""
    local = re.escape(settings.CURSUS_INBOUND_LOCALPART.lower())
    domain = re.escape(settings.CURSUS_INBOUND_DOMAIN.lower())
    pattern = re.compile(rf"(?:^|[<\s,]){local}\+([^@\s>]+)@{domain}(?:$|[>\s,])")
    for address in addresses:
        match = pattern.search(address.lower())
        if match:
            return match.group(1)
    return None


# -- the reply address of a table-talk email ------------------------------------------------

_PRESS_RE = re.compile(r"^m(\d+)-(\d+)-(\d+)-([a-z2-7]{8})-([a-z2-7]{20})$")


@dataclass(frozen=True)
class PressClaim:
    message_id: int
    seat_id: int
    player_id: int


def _press_mac(body: str) -> str:
    digest = salted_hmac("cursus.games.links.press", body, algorithm="sha256").digest()
    return base64.b32encode(digest).decode().lower()[:20]


def press_reply_address(*, seat: Seat, message_id: int) -> str:
    """``play+m<token>@CURSUS_INBOUND_DOMAIN``: the Reply-To of a table-talk email to
    ``seat``; a reply posts an answer to message ``message_id`` from that seat. Not
    single-use (each email answered is one reply, deduplicated by its Message-ID); it
    dies when the seat changes hands or the game is over."""
    nonce = base64.b32encode(secrets.token_bytes(5)).decode().lower()
    body = f"m{message_id}-{seat.pk}-{seat.player_id}-{nonce}"
    token = f"{body}-{_press_mac(body)}"
    return f"{settings.CURSUS_INBOUND_LOCALPART}+{token}@{settings.CURSUS_INBOUND_DOMAIN}"


def is_press_token(token: str) -> bool:
    return token.strip().lower().startswith("m")


def read_press_token(token: str) -> PressClaim:
    match = _PRESS_RE.match(token.strip().lower())
    if not match:
        raise LinkRefused("tampered")
    message_id, seat_id, player_id, nonce, mac = match.groups()
    body = f"m{message_id}-{seat_id}-{player_id}-{nonce}"
    if not hmac.compare_digest(mac, _press_mac(body)):
        raise LinkRefused("tampered")
    seat = Seat.objects.filter(pk=seat_id).values_list("player_id", "game__status").first()
    if seat is None:
        raise LinkRefused("tampered")
    if seat[0] != int(player_id):
        raise LinkRefused("reassigned")
    if seat[1] not in (Game.Status.OPEN, Game.Status.ACTIVE):
        raise LinkRefused("expired")
    return PressClaim(int(message_id), int(seat_id), int(player_id))
