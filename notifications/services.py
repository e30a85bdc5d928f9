"""Writes of the notifications app: outbox rows (one per delivery, deduplicated),
preferences, webhooks and their delivery. See docs/email.md.

Every notification is a row of ``Outbox`` with its channel, status, attempts and error.
A player's preferences decide at write time whether a row is sent now, held (quiet
hours: ``not_before``) or skipped (digest, muted game, channel off); the minute sweep
retries what failed and sends what was held."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import timedelta
from types import SimpleNamespace

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import bidi, dispatch, links, metrics, presentation
from games import selectors as game_selectors
from games.models import Game, OrderSet, Seat, Step
from games.presentation import event_text, outcome_lines, prompt_title, seat_name, summary_value, worth_telling
from games.presentation import message_text as presentation_message
from games.services import ruleset_for
from games.web.position import position
from notifications import alerts, preferences
from notifications.errors import WebhookInvalid
from notifications.models import GameMute, Outbox, Profile, Webhook, new_feed_token

logger = logging.getLogger(__name__)

#: Kinds a player's "daily digest" choice replaces with the digest.
DIGESTED_KINDS = {"turn", "reminder"}
#: Kinds sent whatever the preferences say: the answer to something the player just did.
TRANSACTIONAL_KINDS = {"reply", "receipt"}


# -- preferences ------------------------------------------------------------------------


def profile_for(*, user) -> Profile:
    if not user.is_active:
        # A deleted account (operations/privacy.py) keeps no preferences: the defaults,
        # not saved. Its seats get no mail (it has no address).
        return Profile.objects.filter(user=user).first() or Profile(user=user)
    profile, _ = Profile.objects.get_or_create(user=user)
    if not profile.feed_token:
        profile.feed_token = new_feed_token()
        profile.save(update_fields=["feed_token"])
    return profile


def profile_language(*, user) -> str:
    profile = Profile.objects.filter(user=user).first()
    return profile.language if profile else settings.LANGUAGE_CODE


@transaction.atomic
def profile_set_language(*, user, language: str) -> Profile:
    if language not in dict(settings.LANGUAGES):
        raise ValueError(f"unsupported language {language!r}")
    profile, _ = Profile.objects.update_or_create(user=user, defaults={"language": language})
    return profile


PREFERENCE_FIELDS = (
    "language",
    "timezone",
    "email_enabled",
    "webhooks_enabled",
    "delivery",
    "digest_hour",
    "quiet_start",
    "quiet_end",
    "unsubscribed_all",
    "press_delivery",
)


@transaction.atomic
def profile_update(*, user, **changes) -> Profile:
    """Change a player's preferences (any of PREFERENCE_FIELDS); ValueError on an
    unknown field or value."""
    unknown = set(changes) - set(PREFERENCE_FIELDS)
    if unknown:
        raise ValueError(f"unknown preference(s): {', '.join(sorted(unknown))}")
    if "timezone" in changes and preferences.zone(changes["timezone"]).key != changes["timezone"]:
        raise ValueError(f"unknown time zone {changes['timezone']!r}")
    if "digest_hour" in changes and not 0 <= int(changes["digest_hour"]) <= 23:
        raise ValueError("digest_hour is 0 to 23")
    profile = profile_for(user=user)
    for key, value in changes.items():
        setattr(profile, key, value)
    profile.full_clean(exclude=["user", "feed_token"])
    profile.save()
    return profile


@transaction.atomic
def game_mute(*, user, game: Game) -> None:
    GameMute.objects.get_or_create(user=user, game=game)


@transaction.atomic
def game_unmute(*, user, game: Game) -> None:
    GameMute.objects.filter(user=user, game=game).delete()


# -- links ------------------------------------------------------------------------------


def game_link(*, game: Game) -> str:
    return settings.CURSUS_BASE_URL + reverse("games-web:detail", kwargs={"game_id": game.pk})


_UNSUBSCRIBE_SALT = "cursus.notifications.unsubscribe"


def unsubscribe_token(*, user, game: Game | None) -> str:
    return signing.dumps({"u": user.pk, "g": game.pk if game else 0}, salt=_UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> tuple[int, int | None]:
    """(user id, game id or None for every game); signing.BadSignature if tampered."""
    data = signing.loads(token, salt=_UNSUBSCRIBE_SALT)
    return int(data["u"]), (int(data["g"]) or None)


def unsubscribe_url(*, user, game: Game | None) -> str:
    token = unsubscribe_token(user=user, game=game)
    return settings.CURSUS_BASE_URL + reverse("notify:unsubscribe", kwargs={"token": token})


@transaction.atomic
def unsubscribe(*, token: str) -> tuple[object, Game | None]:
    """RFC 8058 one-click unsubscribe: mute one game, or every game's email."""
    from django.contrib.auth import get_user_model

    user_id, game_id = read_unsubscribe_token(token)
    user = get_user_model().objects.get(pk=user_id)
    game = Game.objects.filter(pk=game_id).first() if game_id else None
    if game is not None:
        game_mute(user=user, game=game)
    else:
        profile = profile_for(user=user)
        profile.unsubscribed_all = True
        profile.save(update_fields=["unsubscribed_all"])
    return user, game


def feed_url(*, user) -> str:
    profile = profile_for(user=user)
    return settings.CURSUS_BASE_URL + reverse("notify:calendar", kwargs={"token": profile.feed_token})


# -- writing outbox rows ----------------------------------------------------------------


def _enqueue_delivery(outbox_id: int) -> None:
    dispatch.after_commit(dispatch.DELIVER_OUTBOX, outbox_id)


def _muted(*, user, game: Game | None) -> bool:
    return game is not None and GameMute.objects.filter(user=user, game=game).exists()


def _email_decision(*, user, game: Game | None, kind: str, profile: Profile, now, muted: bool | None = None) -> tuple[str, str, object]:
    """(status, reason, not_before) of an email for this player (``muted``: whether they
    muted the game, when the caller knows already)."""
    if kind in TRANSACTIONAL_KINDS:
        return Outbox.Status.PENDING, "", None
    if not profile.email_enabled:
        return Outbox.Status.SKIPPED, "email off", None
    if profile.unsubscribed_all:
        return Outbox.Status.SKIPPED, "unsubscribed", None
    if muted if muted is not None else _muted(user=user, game=game):
        return Outbox.Status.SKIPPED, "game muted", None
    if kind in DIGESTED_KINDS and profile.delivery == Profile.Delivery.DIGEST:
        return Outbox.Status.SKIPPED, "in the daily digest", None
    if kind == "press" and profile.press_delivery == Profile.PressDelivery.FOLDED:
        return Outbox.Status.SKIPPED, "folded into the turn email and the digest", None
    hold = preferences.quiet_until(now, timezone=profile.timezone, start=profile.quiet_start, end=profile.quiet_end)
    return Outbox.Status.PENDING, "", hold


def _render_email(*, user, game: Game | None, kind: str, template: str, context: dict, profile: Profile) -> tuple[str, str, str]:
    """(subject, text body, HTML body) of an email in the player's language."""
    with translation.override(profile.language):
        context = {
            **context,
            "language": profile.language,
            "user": user,
            "game": game,
            "link": context.get("link") or (game_link(game=game) if game else settings.CURSUS_BASE_URL + "/"),
            "player_timezone": profile.timezone,
            "unsubscribe_game": unsubscribe_url(user=user, game=game) if game else "",
            "unsubscribe_all": unsubscribe_url(user=user, game=None),
            "preferences_url": settings.CURSUS_BASE_URL + reverse("notify:preferences"),
            "transactional": kind in TRANSACTIONAL_KINDS,
        }
        # No bidirectional control character of user text (a name, a reason, an order
        # line quoted back) reaches the email: it reads in its true order (games/bidi.py).
        subject = bidi.neutralise(render_to_string(f"notifications/{template}_subject.txt", context).strip())
        text_body = bidi.neutralise(render_to_string(f"notifications/{template}.txt", context))
        html_body = bidi.neutralise(render_to_string(f"notifications/{template}.html", context))
    return " ".join(subject.split())[:255], text_body, html_body


def outbox_email(
    *,
    dedupe_key: str,
    user,
    game: Game | None,
    step: Step | None,
    kind: str,
    template: str,
    context: dict,
    headers: dict | None = None,
    address: str | None = None,
    profile: Profile | None = None,
    muted: bool | None = None,
    deadline=None,
) -> Outbox | None:
    """Write one email row (rendered in the player's language and time zone) unless its
    dedupe key exists; enqueue its delivery unless held or skipped. Returns the new row
    or None. ``profile`` and ``muted``: the player's, when the caller has read them;
    ``deadline``: the one the email speaks of (checked again at release)."""
    if Outbox.objects.filter(dedupe_key=dedupe_key).exists():
        return None
    address = address or user.email
    if not address:
        logger.warning("no email address for %s: %s not sent", user, dedupe_key)
        return None
    profile = profile or profile_for(user=user)
    now = timezone.now()
    status, reason, not_before = _email_decision(user=user, game=game, kind=kind, profile=profile, now=now, muted=muted)
    headers = dict(headers or {})
    if kind not in TRANSACTIONAL_KINDS:
        # RFC 8058 one-click unsubscribe (RFC 2369 List-Unsubscribe).
        headers["List-Unsubscribe"] = f"<{unsubscribe_url(user=user, game=game)}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    subject, text_body, html_body = _render_email(user=user, game=game, kind=kind, template=template,
                                                  context=context, profile=profile)
    outbox, created = Outbox.objects.get_or_create(
        dedupe_key=dedupe_key,
        defaults={
            "recipient": user,
            "address": address,
            "channel": Outbox.Channel.EMAIL,
            "kind": kind,
            "subject": subject,
            "text_body": text_body,
            "html_body": html_body,
            "headers": headers,
            "game": game,
            "step": step,
            "status": status,
            "last_error": reason,
            "not_before": not_before,
            "deadline": deadline,
        },
    )
    if created and status == Outbox.Status.PENDING and not_before is None:
        _enqueue_delivery(outbox.pk)
    return outbox if created else None


def outbox_webhooks(*, dedupe_key: str, user, game: Game | None, step: Step | None, kind: str, payload: dict,
                    profile: Profile | None = None, muted: bool | None = None) -> list[Outbox]:
    """One row per active webhook of the player that covers this game (its own game's
    webhooks and the player's all-games ones). The payload says what happened and
    links the game page, never a signed link nor anything sealed."""
    profile = profile or profile_for(user=user)
    if not profile.webhooks_enabled:
        return []
    if muted if muted is not None else _muted(user=user, game=game):
        return []
    payload = {**payload, "text": bidi.neutralise(payload.get("text", ""))}
    hooks = Webhook.objects.filter(owner=user, active=True)
    hooks = hooks.filter(game__isnull=True) | hooks.filter(game=game) if game else hooks.filter(game__isnull=True)
    created = []
    for hook in hooks:
        key = f"{dedupe_key}:webhook:{hook.pk}"
        outbox, made = Outbox.objects.get_or_create(
            dedupe_key=key,
            defaults={
                "recipient": user,
                "address": hook.url,
                "channel": Outbox.Channel.WEBHOOK,
                "kind": kind,
                "subject": payload.get("text", "")[:255],
                "text_body": payload.get("text", ""),
                "webhook": hook,
                "payload": payload,
                "game": game,
                "step": step,
            },
        )
        if made:
            _enqueue_delivery(outbox.pk)
            created.append(outbox)
    return created


def _webhook_payload(*, kind: str, game: Game, step: Step | None, role: str | None, text: str, **extra) -> dict:
    return {
        "event": kind,
        "game": game.pk,
        "ruleset": game.ruleset,
        "step": step.number if step else None,
        "role": role,
        "deadline": step.deadline.isoformat() if step else None,
        "text": text,
        "url": game_link(game=game),
        **extra,
    }


# -- what games emits: each notification declared, one helper sends them all -------------


@dataclass(frozen=True)
class Notice:
    """One kind of notification, declared: who gets it (``recipients``, seats of the game),
    its dedupe key, the email (``template``, default ``kind``, and its ``context``) and the
    webhook (``webhook_text``; ``None``: no webhook; ``webhook_extra``: more payload
    fields). ``for_seat``: an email about the seat's open step, carrying its signed order
    link, a Reply-To that takes orders by email and the deadline in the player's time zone.

    Every callable receives the facts of what happened (``facts.game``, ``facts.step`` and
    the signal's own arguments: ``role``, ``hours``, ``rung``...) and the seat; ``context``
    and ``webhook_text`` also the player's profile and run in the player's language.
    :func:`notify` sends it, the same way for every kind (docs/email.md)."""

    kind: str
    recipients: Callable[[SimpleNamespace], Iterable[Seat]]
    dedupe: Callable[[SimpleNamespace, Seat], str]
    context: Callable[[SimpleNamespace, Seat, Profile], dict] = lambda facts, seat, profile: {}
    webhook_text: Callable[[SimpleNamespace, Seat, Profile], str] | None = None
    webhook_extra: Callable[[SimpleNamespace, Seat], dict] = lambda facts, seat: {}
    for_seat: bool = False
    template: str = ""
    #: The Reply-To of the email, when a reply does something (table talk: it answers).
    reply_to: Callable[[SimpleNamespace, Seat], str] | None = None


def _seat_message(notice: Notice, facts: SimpleNamespace, seat: Seat, profile: Profile) -> tuple[dict, dict, str | None]:
    """The email context and headers of ``notice`` for ``seat``, and its webhook text."""
    headers = {}
    with translation.override(profile.language):
        context = notice.context(facts, seat, profile)
        text = notice.webhook_text(facts, seat, profile) if notice.webhook_text else None
    if notice.reply_to is not None:
        headers["Reply-To"] = notice.reply_to(facts, seat)
    if notice.for_seat:
        step = facts.step
        headers["Reply-To"] = links.reply_address(seat=seat, step=step)
        context = {
            "role": seat.role,
            "step": step,
            "link": links.link_url(seat=seat, step=step, purpose=links.OPEN),
            "deadline_local": preferences.local_text(step.deadline, profile.timezone),
            **context,
        }
    game = facts.game
    if isinstance(context.get("role"), str) and game is not None:  # the seat by its name (Tetrarchia's "Player 1")
        with translation.override(profile.language):
            context = {**context, "role": seat_name(game.ruleset, context["role"], game.options)}
    return context, headers, text


@transaction.atomic
def notify(notice: Notice, *, game: Game, step: Step | None, **facts) -> list[Outbox]:
    """Send ``notice`` about ``game`` (and ``step``) to each of its recipients: one email
    row (rendered in the player's language and time zone, held, skipped or sent as the
    preferences say: :func:`outbox_email`) and one row per webhook of the player
    (:func:`outbox_webhooks`), each at most once (the dedupe key). Returns the new email
    rows."""
    facts = SimpleNamespace(game=game, step=step, **facts)
    created = []
    for seat in notice.recipients(facts):
        dedupe_key = notice.dedupe(facts, seat)
        if Outbox.objects.filter(dedupe_key=dedupe_key).exists():
            continue  # sent (or decided) already: its webhooks were written with it
        profile = profile_for(user=seat.player)
        # Read once for the email and the webhooks (without a webhook, only if the email asks).
        muted = _muted(user=seat.player, game=game) if notice.webhook_text else None
        context, headers, text = _seat_message(notice, facts, seat, profile)
        outbox = outbox_email(
            dedupe_key=dedupe_key,
            user=seat.player,
            game=game,
            step=step,
            kind=notice.kind,
            template=notice.template or notice.kind,
            context=context,
            headers=headers,
            profile=profile,
            muted=muted,
            deadline=step.deadline if notice.for_seat else None,
        )
        if outbox:
            created.append(outbox)
        if text is not None:
            outbox_webhooks(
                profile=profile,
                muted=muted,
                dedupe_key=dedupe_key,
                user=seat.player,
                game=game,
                step=step,
                kind=notice.kind,
                payload=_webhook_payload(
                    kind=notice.kind,
                    game=game,
                    step=step,
                    role=getattr(facts, "role", seat.role),  # the role it is about, else the reader's
                    text=text,
                    **notice.webhook_extra(facts, seat),
                ),
            )
    return created


# -- who is told ------------------------------------------------------------------------


def _every_seat(facts) -> list[Seat]:
    """Every seat a person holds (a computer's seat gets no mail: games/computers.py)."""
    return list(facts.game.seats.select_related("player").filter(computer=""))


def _prompted_seats(facts) -> list[Seat]:
    """The seats the step waits for, in prompt order, forfeited ones left out."""
    seats = {seat.role: seat for seat in facts.game.seats.select_related("player").filter(computer="")}
    return [seats[role] for role in facts.step.roles if role in seats and seats[role].status != Seat.Status.FORFEITED]


def _the_seat(facts) -> list[Seat]:
    """The seat of ``facts.role``."""
    return list(facts.game.seats.select_related("player").filter(role=facts.role))


def _deadline_local(facts, profile) -> str:
    return preferences.local_text(facts.step.deadline, profile.timezone) if facts.step else ""


# -- the turn ---------------------------------------------------------------------------


def _events_since_last_action(*, game: Game, seat, step: Step) -> list[dict]:
    """Events the seat may see since the step it last acted in (its last order set),
    or since the start when it has not acted yet."""
    last = (
        OrderSet.objects.filter(seat=seat, step__number__lt=step.number)
        .order_by("-step__number")
        .values_list("step__number", flat=True)
        .first()
    )
    events = game_selectors.events_visible_to(game=game, role=seat.role)
    if last is not None:
        events = events.filter(step__number__gte=last)
    return [game_selectors.event_as_dict(event=e, game=game) for e in events]


def _reply_how_to(*, game: Game, prompts: list[dict]) -> str:
    """The default order set in the ruleset's text notation: an example to edit."""
    rs = ruleset_for(game.ruleset)
    texts = []
    for prompt in prompts:
        try:
            texts.append(rs.format_orders(prompt.get("default_orders") or {}))
        except NotImplementedError:
            pass
    return "\n".join(t for t in texts if t) or "pass"


def _facts(game: Game, role: str | None) -> list[tuple[str, str]]:
    """The state of the game by name for an email's header (``Ruleset.furniture``: the
    phase by name, the year, the points), in the reader's language."""
    if game.state is None:
        return []
    rs = ruleset_for(game.ruleset)
    return list(position(rs, rs.view(game.state, role), role=role)["facts"])


def _turn_context(facts, seat: Seat, profile: Profile) -> dict:
    game, step = facts.game, facts.step
    prompts = [{**p, "title_text": prompt_title(p)} for p in step.prompts if p["role"] == seat.role]
    events = [
        {**e, "text": event_text(e)} for e in _events_since_last_action(game=game, seat=seat, step=step) if worth_telling(e)
    ]
    summary = {key: summary_value(value) for key, value in game_selectors.summary_for(game=game, role=seat.role).items()}
    return {
        "prompts": prompts,
        "events": events,
        "summary": summary,
        "facts": _facts(game, seat.role),
        "ruleset_name": presentation_message(ruleset_for(game.ruleset).name.as_dict()),
        "notation_url": settings.CURSUS_BASE_URL + reverse("notation", args=[game.ruleset]),
        "pause_link": links.link_url(seat=seat, step=step, purpose=links.PAUSE),
        "reply_example": _reply_how_to(game=game, prompts=prompts),
        "messages": _folded_messages(game=game, seat=seat, profile=profile),
    }


def _folded_messages(*, game: Game, seat: Seat, profile: Profile) -> list[dict]:
    """For a player who folds table talk into the turn email: the messages their seat may
    read that came since their last turn email of this game (at most 30, newest last)."""
    if profile.press_delivery != Profile.PressDelivery.FOLDED:
        return []
    from games import press

    last = (Outbox.objects.filter(recipient=seat.player, game=game, kind="turn")
            .order_by("-created_at").values_list("created_at", flat=True).first())
    found = press.messages_visible_to(game=game, role=seat.role).exclude(author_role=seat.role)
    if last is not None:
        found = found.filter(created_at__gt=last)
    return [press.message_as_dict(m) for m in list(found.order_by("-created_at", "-pk")[:30])[::-1]]


def press_digest_lines(*, user, since) -> list[dict]:
    """The table talk a player who folds it reads in the daily digest: the messages their
    seats may read that came since ``since`` (every one when None), other than their
    own, each with its game."""
    from games import press

    profile = profile_for(user=user)
    if profile.press_delivery != Profile.PressDelivery.FOLDED:
        return []
    lines = []
    for seat in Seat.objects.filter(player=user, game__status__in=[Game.Status.OPEN, Game.Status.ACTIVE]).select_related("game"):
        found = press.messages_visible_to(game=seat.game, role=seat.role).exclude(author_role=seat.role)
        if since is not None:
            found = found.filter(created_at__gt=since)
        lines += [{**press.message_as_dict(m), "game": seat.game.pk, "game_name": presentation.game_title(seat.game)} for m in found[:30]]
    return sorted(lines, key=lambda line: (line["created_at"], line["id"]))


#: A step opened: each prompted seat is told what happened since it last acted, what it
#: must decide and by when, with its signed order link and a Reply-To taking orders.
TURN = Notice(
    kind="turn",
    recipients=_prompted_seats,
    dedupe=lambda facts, seat: f"step-opened:{facts.game.pk}:{facts.step.number}:{seat.role}",
    context=_turn_context,
    webhook_text=lambda facts, seat, profile: _("%(name)s, step %(step)s: your orders as %(role)s are awaited.")
    % {"name": presentation.game_title(facts.game), "step": facts.step.number, "role": seat.role},
    for_seat=True,
)

def _handover_context(facts, seat: Seat, profile: Profile) -> dict:
    return {**_turn_context(facts, seat, profile), "handover": True}


#: A seat changed hands while its step is open (an organiser's replacement): its new
#: player gets the turn email at once, with the choices, a link and a reply address bound
#: to them (once per player: the previous player's turn email does not count).
TURN_HANDOVER = Notice(
    kind="turn",
    template="turn",
    recipients=lambda facts: [seat for seat in _the_seat(facts) if seat.status != Seat.Status.FORFEITED],
    dedupe=lambda facts, seat: f"step-opened:{facts.game.pk}:{facts.step.number}:{seat.role}:player-{seat.player_id}",
    context=_handover_context,
    webhook_text=TURN.webhook_text,
    for_seat=True,
)

#: A reminder before the deadline, to a prompted seat that has not submitted.
REMINDER = Notice(
    kind="reminder",
    recipients=lambda facts: [
        seat for seat in _the_seat(facts) if not OrderSet.objects.filter(step=facts.step, seat=seat).exists()
    ],
    # Once per deadline and offset: a moved deadline gets its reminders again.
    dedupe=lambda facts, seat: (
        f"reminder:{facts.game.pk}:{facts.step.number}:{seat.role}:{int(facts.step.deadline.timestamp())}:{facts.hours}"
    ),
    context=lambda facts, seat, profile: {"hours": facts.hours},
    webhook_text=lambda facts, seat, profile: _("%(name)s, step %(step)s: %(hours)s hours left for your orders as %(role)s.")
    % {"name": presentation.game_title(facts.game), "step": facts.step.number, "hours": facts.hours, "role": seat.role},
    webhook_extra=lambda facts, seat: {"hours": facts.hours},
    for_seat=True,
)


# -- the missed-turn ladder, pauses, moved deadlines ---------------------------------------

RUNG_TEXT = {
    "extended": lambda: _("%(role)s missed the deadline of step %(step)s: excused, the deadline is extended."),
    "defaulted": lambda: _("%(role)s missed the deadline of step %(step)s: default orders were used."),
    "civil_disorder": lambda: _("%(role)s missed too many deadlines in a row and falls into civil disorder: default orders are used without waiting."),
    "forfeited": lambda: _("%(role)s missed too many deadlines in a row and forfeits."),
    "computer": lambda: _("%(role)s missed too many deadlines in a row: from step %(step)s a computer player stands in "
                          "for them, until they send orders again."),
    "computer_played": lambda: _("%(role)s missed the deadline of step %(step)s: the computer player standing in "
                                 "played their orders."),
    "handed_back": lambda: _("%(role)s sent orders again at step %(step)s: the computer player standing in hands "
                             "the seat back."),
}


def _rung_text(facts, seat, profile) -> str:
    return RUNG_TEXT[facts.rung]() % {"role": facts.role, "step": facts.step_number}


#: A rung of the missed-turn ladder, told to every seat.
LADDER = Notice(
    kind="ladder",
    recipients=_every_seat,
    dedupe=lambda facts, seat: (
        f"ladder:{facts.game.pk}:{facts.step_number}:{facts.role}:{facts.rung}:"
        f"{facts.step.extensions if facts.step else 0}:{seat.role}"
    ),
    context=lambda facts, seat, profile: {
        "text": _rung_text(facts, seat, profile),
        "rung": facts.rung,
        "role": facts.role,
        "step": facts.step,
        "deadline_local": _deadline_local(facts, profile),
        "mine": seat.role == facts.role,
    },
    webhook_text=_rung_text,
    webhook_extra=lambda facts, seat: {"rung": facts.rung},
)

def _changed_context(facts, seat, profile) -> dict:
    language = profile.language if profile.language in ("en", "fr") else "en"
    upgrade = getattr(facts, "upgrade", None) or {}
    return {
        "what": facts.what,
        "step": facts.step,
        "deadline_local": _deadline_local(facts, profile),
        # A release carried the game over (its notes; whether this seat's orders were
        # voided), or it cannot go on (why): docs/operations.md.
        "version": upgrade.get("to") or facts.game.ruleset_version,
        "notes": [note.get(language, note.get("en", "")) for note in upgrade.get("notes", [])],
        "voided": seat.role in upgrade.get("voided", []),
        "halted_reason": (facts.game.halted_reason or {}).get(language, ""),
        "lobby_url": settings.CURSUS_BASE_URL + reverse("games-web:lobby"),
    }


CHANGED_TEXT = {
    "paused": lambda: _("%(name)s is paused: every seat asked; no deadline runs until a seat resumes it."),
    "resumed": lambda: _("%(name)s resumes: the deadline of step %(step)s is now %(deadline)s."),
    "deadline_extended": lambda: _("%(name)s: the deadline of step %(step)s was extended to %(deadline)s."),
    "deadline_moved": lambda: _("%(name)s: the deadline of step %(step)s moved to %(deadline)s."),
    "upgraded": lambda: _("%(name)s goes on with version %(version)s of its rules."),
    "halted": lambda: _("%(name)s cannot go on with the version of its rules now installed; its deadlines stand still."),
}


def _changed_webhook_text(facts, seat, profile) -> str:
    text = CHANGED_TEXT.get(facts.what, CHANGED_TEXT["deadline_moved"])()
    upgrade = getattr(facts, "upgrade", None) or {}
    return text % {
        "name": presentation.game_title(facts.game),
        "step": facts.step.number if facts.step else "",
        "deadline": _deadline_local(facts, profile),
        "version": upgrade.get("to") or facts.game.ruleset_version,
    }


#: A pause, a resumption, moved deadlines, a new ruleset version or a game that cannot go
#: on, told to every seat once per change (the dedupe key carries the game's last event),
#: by email and webhook (its payload's ``what`` says which, ``deadline`` the new one).
CHANGED = Notice(
    kind="game",
    template="changed",
    recipients=_every_seat,
    dedupe=lambda facts, seat: f"game-changed:{facts.game.pk}:{facts.what}:{facts.last_seq}:{seat.role}",
    context=_changed_context,
    webhook_text=_changed_webhook_text,
    webhook_extra=lambda facts, seat: {"what": facts.what},
)


# -- receipts and the end ---------------------------------------------------------------

#: The receipt (the order set's hash) to its submitter. Orders sent by email get theirs
#: in the reply that lists them (notifications.inbound).
RECEIPT = Notice(
    kind="receipt",
    recipients=_the_seat,
    dedupe=lambda facts, seat: f"receipt:{facts.game.pk}:{facts.step_number}:{seat.role}:{facts.receipt}",
    context=lambda facts, seat, profile: {
        "role": seat.role, "step": facts.step, "receipt": facts.receipt,
        # written after the adjudication when this order set completed the step
        "final": facts.step is not None and (facts.step.completed_at is not None or facts.step.status != Step.Status.OPEN),
    },
)


def _finished_context(facts, seat, profile) -> dict:
    game = facts.game
    last_step = game.steps.order_by("-number").first()
    visible = game_selectors.events_visible_to(game=game, role=seat.role)
    if last_step is not None:
        visible = visible.filter(step=last_step)
    events = [
        {**e, "text": event_text(e)}
        for e in (game_selectors.event_as_dict(event=ev, game=game) for ev in visible)
        if worth_telling(e)
    ]
    ending = [presentation_message(line) for line in outcome_lines(ruleset_for(game.ruleset), game.outcome)]
    return {"role": seat.role, "events": events, "outcome": game.outcome or {},
            "outcome_text": ending[0] if ending else "", "outcome_lines": ending[1:]}


#: The end: every seat is told how the game ended (the last step's events it may see)
#: and given the revealed seed.
FINISHED = Notice(
    kind="finished",
    recipients=_every_seat,
    dedupe=lambda facts, seat: f"game-finished:{facts.game.pk}:{seat.role}",
    context=_finished_context,
    webhook_text=lambda facts, seat, profile: " ".join(
        [_("%(name)s is over.") % {"name": presentation.game_title(facts.game)}]
        + [presentation_message(line) for line in outcome_lines(ruleset_for(facts.game.ruleset), facts.game.outcome)[:1]]
    ),
    webhook_extra=lambda facts, seat: {"outcome": facts.game.outcome},
)


# -- spectators -----------------------------------------------------------------------------


def _follower_seats(facts) -> list[SimpleNamespace]:
    """The followers of a public game, each as the seat of nobody (``role`` None): what
    they are told is what a non-player may see."""
    from games import spectators

    if not facts.game.public:
        return []
    return [SimpleNamespace(player=user, role=None, pk=None, game=facts.game) for user in spectators.followers(game=facts.game)]


def _follow_context(facts, seat, profile) -> dict:
    game = facts.game
    last = (Outbox.objects.filter(recipient=seat.player, game=game, kind="follow")
            .order_by("-created_at").values_list("created_at", flat=True).first())
    events = game_selectors.events_visible_to(game=game, role=None)
    if last is not None:
        events = events.filter(created_at__gt=last)
    told = [{**e, "text": event_text(e)} for e in (game_selectors.event_as_dict(event=ev, game=game) for ev in events)
            if worth_telling(e)]
    return {
        "events": told[-40:],
        "facts": _facts(game, None),
        "ruleset_name": presentation_message(ruleset_for(game.ruleset).name.as_dict()),
        "step": facts.step,
    }


def _follower_day(user) -> str:
    """Today in the follower's time zone (their profile's; UTC without one)."""
    profile = Profile.objects.filter(user=user).only("timezone").first()
    return timezone.now().astimezone(preferences.zone(profile.timezone if profile else "UTC")).date().isoformat()


#: A step of a followed public game opened: each follower is told what happened, as a
#: non-player sees it, at most once a day per game (the dedupe key carries the day in the
#: follower's time zone).
FOLLOW = Notice(
    kind="follow",
    recipients=_follower_seats,
    dedupe=lambda facts, seat: f"follow:{facts.game.pk}:{seat.player.pk}:{_follower_day(seat.player)}",
    context=_follow_context,
)


def _follow_finished_context(facts, seat, profile) -> dict:
    game = facts.game
    ending = [presentation_message(line) for line in outcome_lines(ruleset_for(game.ruleset), game.outcome)]
    return {**_follow_context(facts, seat, profile), "outcome_text": ending[0] if ending else "",
            "outcome_lines": ending[1:]}


#: A followed public game ended: each follower is told how (what happened since their last
#: email, as a non-player sees it, the result and the revealed seed), once, whatever the
#: day's follow email.
FOLLOW_FINISHED = Notice(
    kind="follow",
    recipients=_follower_seats,
    dedupe=lambda facts, seat: f"follow-finished:{facts.game.pk}:{seat.player.pk}",
    context=_follow_finished_context,
    template="follow_finished",
)


def notify_followers(*, game_id: int, step_number: int) -> list[Outbox]:
    from games.models import Follow

    if not Follow.objects.filter(game_id=game_id).exists():  # most games: one cheap read, nothing else
        return []
    step = Step.objects.select_related("game").filter(game_id=game_id, number=step_number).first()
    if step is None or not step.game.public:
        return []
    return notify(FOLLOW, game=step.game, step=step)


# -- table talk ---------------------------------------------------------------------------


def _press_context(facts, seat, profile) -> dict:
    message = facts.message
    return {
        "author": message.author_role,
        "private": message.recipients is not None,
        "to_text": ", ".join(message.recipients or []),
        "body": message.body,
    }


#: A message of table talk, to each seat of its audience but its author and those that
#: muted the author (games.press.readers); a reply to the email answers it. The webhook
#: says who wrote, never what: a webhook's channel may have other readers.
PRESS = Notice(
    kind="press",
    recipients=lambda facts: __import__("games.press", fromlist=["readers"]).readers(message=facts.message),
    dedupe=lambda facts, seat: f"press:{facts.message.pk}:{seat.role}",
    context=_press_context,
    webhook_text=lambda facts, seat, profile: _("%(name)s: a message from %(role)s.")
    % {"name": presentation.game_title(facts.game), "role": facts.message.author_role},
    reply_to=lambda facts, seat: links.press_reply_address(seat=seat, message_id=facts.message.pk),
)


def notify_message_posted(*, game_id: int, message_id: int) -> list[Outbox]:
    from games.models import TableMessage

    message = TableMessage.objects.select_related("game").filter(pk=message_id, game_id=game_id).first()
    if message is None:
        return []
    return notify(PRESS, game=message.game, step=None, message=message)


# -- what the receivers of games.signals call ---------------------------------------------


def notify_step_opened(*, game: Game, step: Step) -> list[Outbox]:
    return notify(TURN, game=game, step=step)


def notify_step_opened_by_id(*, game_id: int, step_number: int) -> list[Outbox]:
    step = Step.objects.select_related("game").defer("game__setup_state").filter(game_id=game_id, number=step_number).first()
    if step is None or step.status != Step.Status.OPEN:
        return []
    return notify(TURN, game=step.game, step=step)


def notify_seat_changed(*, game_id: int, role: str) -> list[Outbox]:
    """The seat ``role`` changed hands: its new player is told of each open step that
    waits for the seat (``TURN_HANDOVER``)."""
    created = []
    for step in Step.objects.select_related("game").filter(game_id=game_id, status=Step.Status.OPEN,
                                                           game__status=Game.Status.ACTIVE).order_by("number"):
        if role in step.roles and not OrderSet.objects.filter(step=step, seat__role=role).exists():
            created += notify(TURN_HANDOVER, game=step.game, step=step, role=role)
    return created


def notify_reminder(*, game_id: int, step_number: int, role: str, hours: int) -> Outbox | None:
    step = Step.objects.select_related("game").filter(game_id=game_id, number=step_number, status=Step.Status.OPEN).first()
    if step is None:
        return None
    created = notify(REMINDER, game=step.game, step=step, role=role, hours=hours)
    return created[0] if created else None


def notify_ladder(*, game_id: int, step_number: int, role: str, rung: str) -> list[Outbox]:
    game = Game.objects.filter(pk=game_id).first()
    if game is None or rung not in RUNG_TEXT:
        return []
    step = game.steps.filter(number=step_number).first()
    return notify(LADDER, game=game, step=step, step_number=step_number, role=role, rung=rung)


def _substitute_turn_dedupe(facts, seat) -> str:
    return f"step-opened:{facts.game.pk}:{facts.step.number}:{seat.role}:p{seat.player_id}"


def notify_seat_taken_over(*, game_id: int, role: str) -> list[Outbox]:
    """A substitute took over ``role``: every seat is told, and the new player gets the
    open step's turn email if that seat is asked something (its own dedupe key: the
    seat's earlier player had one)."""
    import dataclasses

    created = notify_game_changed(game_id=game_id, what="substituted")
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return created
    for step in game.steps.filter(status=Step.Status.OPEN).order_by("number"):
        if role in step.roles:
            turn = dataclasses.replace(TURN, dedupe=_substitute_turn_dedupe,
                                       recipients=lambda facts: [s for s in _prompted_seats(facts) if s.role == role])
            created += notify(turn, game=game, step=step)
    return created


def notify_game_changed(*, game_id: int, what: str) -> list[Outbox]:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return []
    last_seq = game.events.order_by("-seq").values_list("seq", flat=True).first() or 0
    step = game.steps.filter(status=Step.Status.OPEN).order_by("number").first()
    upgrade = {}
    if what == "upgraded":
        event = game.events.filter(type="ruleset_upgraded").order_by("-seq").first()
        upgrade = event.data if event else {}
    return notify(CHANGED, game=game, step=step, what=what, last_seq=last_seq, upgrade=upgrade)


def notify_receipt(*, game_id: int, step_number: int, role: str, receipt: str, source: str) -> Outbox | None:
    if source == OrderSet.Source.EMAIL:
        return None
    game = Game.objects.filter(pk=game_id).defer("state", "setup_state", "outcome").first()
    if game is None:
        return None
    step = game.steps.filter(number=step_number).first()
    created = notify(RECEIPT, game=game, step=step, step_number=step_number, role=role, receipt=receipt)
    return created[0] if created else None


def notify_game_finished(*, game: Game) -> list[Outbox]:
    return notify(FINISHED, game=game, step=None)


def notify_game_finished_by_id(*, game_id: int) -> list[Outbox]:
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()
    if game is None:
        return []
    from games.models import Follow

    sent = notify(FINISHED, game=game, step=None)
    if game.public and Follow.objects.filter(game_id=game_id).exists():
        sent += notify(FOLLOW_FINISHED, game=game, step=None)
    return sent


# -- the daily digest -------------------------------------------------------------------


@transaction.atomic
def digests_sweep(*, now=None) -> list[Outbox]:
    """For each player who chose a daily digest, once per local day, at or after their
    digest hour: one email listing every game awaiting them, with each deadline in their
    time zone and a signed link to each order page."""
    now = now or timezone.now()
    created = []
    for profile in Profile.objects.filter(delivery=Profile.Delivery.DIGEST).select_related("user"):
        local = now.astimezone(preferences.zone(profile.timezone))
        if local.hour < profile.digest_hour:
            continue
        user = profile.user
        dedupe_key = f"digest:{user.pk}:{local.date().isoformat()}"
        if Outbox.objects.filter(dedupe_key=dedupe_key).exists():
            continue
        entries = []
        for game in game_selectors.games_awaiting(player=user):
            if GameMute.objects.filter(user=user, game=game).exists():
                continue
            seat = game.seats.get(player=user)
            for step in game.steps.filter(status=Step.Status.OPEN).order_by("number"):
                if seat.role in step.roles:
                    entries.append(
                        {
                            "game": game,
                            "role": seat.role,
                            "step": step,
                            "deadline_local": preferences.local_text(step.deadline, profile.timezone),
                            "link": links.link_url(seat=seat, step=step, purpose=links.OPEN),
                            "reply_to": links.reply_address(seat=seat, step=step),
                        }
                    )
        previous = (Outbox.objects.filter(recipient=user, kind="digest").order_by("-created_at")
                    .values_list("created_at", flat=True).first())
        messages = press_digest_lines(user=user, since=previous or now - timedelta(days=1))
        if not entries and not messages:
            continue
        outbox = outbox_email(
            dedupe_key=dedupe_key,
            user=user,
            game=None,
            step=None,
            kind="digest",
            template="digest",
            context={"entries": entries, "day": local.date(), "messages": messages},
        )
        if outbox:
            created.append(outbox)
    return created


# -- delivery ---------------------------------------------------------------------------


def mail_domain() -> str:
    """The site's own domain for Message-IDs: DEFAULT_FROM_EMAIL's (not the machine's name)."""
    from email.utils import parseaddr

    address = parseaddr(settings.DEFAULT_FROM_EMAIL)[1]
    return address.rpartition("@")[2] or "localhost"


def _send_email(outbox: Outbox) -> None:
    from email.utils import make_msgid

    headers = {"X-Cursus-Notification": outbox.dedupe_key[:200],
               "Message-ID": make_msgid(idstring=f"cursus.{outbox.pk}", domain=mail_domain())}
    reply_to = []
    for key, value in (outbox.headers or {}).items():
        if key.lower() == "reply-to":
            reply_to = [value]
        else:
            headers[key] = value
    message = EmailMultiAlternatives(
        subject=outbox.subject,
        body=outbox.text_body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[outbox.address],
        reply_to=reply_to,
        headers=headers,
    )
    if outbox.html_body:
        message.attach_alternative(outbox.html_body, "text/html")
    message.send(fail_silently=False)


def webhook_body(outbox: Outbox) -> bytes:
    """What a webhook receives: Discord ``{"content"}``, Slack ``{"text"}``, or the
    generic JSON payload."""
    hook = outbox.webhook
    payload = outbox.payload or {}
    line = f"{payload.get('text', '')} {payload.get('url', '')}".strip()
    if hook.kind == Webhook.Kind.DISCORD:
        body = {"content": line[:2000]}
    elif hook.kind == Webhook.Kind.SLACK:
        body = {"text": line}
    else:
        body = payload
    return json.dumps(body, sort_keys=True, ensure_ascii=False).encode()


def webhook_signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def _send_webhook(outbox: Outbox) -> None:
    hook = outbox.webhook
    body = webhook_body(outbox)
    request = urllib.request.Request(
        hook.url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "Cursus-Webhook/1",
            "X-Cursus-Event": outbox.kind,
            "X-Cursus-Delivery": str(outbox.pk),
            "X-Cursus-Signature": webhook_signature(hook.secret, body),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=settings.CURSUS_WEBHOOK_TIMEOUT) as response:
            response.read()
    except urllib.error.HTTPError as exc:
        raise RuntimeError(f"HTTP {exc.code}") from None


#: Kinds that only matter while their step is open: one still undelivered when the step
#: closes is dropped (the player's next turn email says what happened).
STEP_BOUND_KINDS = {"turn", "reminder"}


def _give_up_after(outbox: Outbox, *, step_open: bool) -> timedelta:
    """How long a row is retried: as long as its step is open for a turn or a reminder
    (at most CURSUS_OUTBOX_STEP_GIVE_UP_HOURS), else CURSUS_OUTBOX_GIVE_UP_HOURS."""
    if outbox.kind in STEP_BOUND_KINDS and step_open:
        return timedelta(hours=settings.CURSUS_OUTBOX_STEP_GIVE_UP_HOURS)
    return timedelta(hours=settings.CURSUS_OUTBOX_GIVE_UP_HOURS)


def outbox_stale(outbox: Outbox) -> str:
    """Why a turn email or a reminder should no longer go out, or "" (it still holds).
    Asked when a row is released (quiet hours over, a retry, a lost message found by the
    sweep), just before it is sent, so what was true when it was written is checked
    again (docs/email.md, "Held mail is checked again"):

    - its step has closed, or its game is over: the link in it is dead;
    - its recipient no longer holds a seat the step waits for (the seat changed hands:
      the new player had their own turn email; or it was forfeited);
    - a reminder: the seat's orders are in; the deadline it speaks of has moved (the new
      deadline has reminders of its own); a later reminder of the same step is on its way
      (folded into it); or the player's turn email of the step had not reached them when
      the reminder was written (folded into it: the turn email gives the deadline)."""
    if outbox.kind not in STEP_BOUND_KINDS or outbox.step_id is None:
        return ""
    step = Step.objects.filter(pk=outbox.step_id).select_related("game").only(
        "pk", "status", "deadline", "prompts", "game__status").first()
    if step is None or step.status != Step.Status.OPEN:
        return "the step closed before it could be delivered"
    if step.game.status != Game.Status.ACTIVE:
        return "the game is over"
    seat = Seat.objects.filter(game_id=step.game_id, player_id=outbox.recipient_id).only("pk", "role", "status").first()
    if seat is None or seat.role not in step.roles or seat.status == Seat.Status.FORFEITED:
        return "the seat changed hands (or left the game) before it could be delivered"
    if outbox.kind != "reminder":
        return ""
    if OrderSet.objects.filter(step_id=step.pk, seat_id=seat.pk).exists():
        return "the seat's orders are in"
    if outbox.deadline is not None and outbox.deadline != step.deadline:
        return "the deadline moved: the new deadline has its own reminders"
    same = Outbox.objects.filter(step_id=step.pk, recipient_id=outbox.recipient_id, channel=outbox.channel)
    if same.filter(kind="reminder", pk__gt=outbox.pk).exists():
        return "folded into a later reminder"
    turn = same.filter(kind="turn").exclude(status=Outbox.Status.SKIPPED).order_by("-pk").first()
    if turn is not None and (turn.status == Outbox.Status.PENDING or (turn.sent_at and turn.sent_at >= outbox.created_at)):
        return "folded into the turn email"
    return ""


def _turn_written_again(outbox: Outbox) -> None:
    """A turn email not yet sent whose step's deadline has moved since it was written (an
    extension, a vacation, a pause while it was held) is written again for the step as it
    is now: the right deadline, the events since, a fresh link. Its row keeps its key."""
    step = Step.objects.select_related("game").filter(pk=outbox.step_id).first()
    if step is None or step.deadline == outbox.deadline:
        return
    seat = Seat.objects.select_related("player").get(game_id=step.game_id, player_id=outbox.recipient_id)
    notice = TURN_HANDOVER if ":player-" in outbox.dedupe_key else TURN
    facts = SimpleNamespace(game=step.game, step=step, role=seat.role)
    profile = profile_for(user=seat.player)
    context, headers, _text = _seat_message(notice, facts, seat, profile)
    outbox.subject, outbox.text_body, outbox.html_body = _render_email(
        user=seat.player, game=step.game, kind=outbox.kind, template=notice.template or notice.kind,
        context=context, profile=profile)
    outbox.headers = {**(outbox.headers or {}), **headers}
    outbox.deadline = step.deadline
    outbox.save(update_fields=["subject", "text_body", "html_body", "headers", "deadline"])


def outbox_deliver(*, outbox_id: int) -> str:
    """Send one outbox row (email or webhook) at most once: the row stays locked while
    it is sent, and a sent row is never sent again. Returns the status.

    A failure is retried with a growing delay (``retry_delay``) for as long as the row
    matters: a turn or a reminder while its step is open, anything else for
    CURSUS_OUTBOX_GIVE_UP_HOURS. The last failure gives the row up: logged at ERROR and
    told to the operators (notifications.alerts); ``outbox_resend`` sends it again."""
    with transaction.atomic():
        outbox = Outbox.objects.select_for_update().filter(pk=outbox_id).first()
        if outbox is None:
            return "missing"
        if outbox.status in (Outbox.Status.SENT, Outbox.Status.SKIPPED):
            return outbox.status
        if outbox.gave_up_at is not None:
            return "gave-up"
        now = timezone.now()
        if outbox.not_before and outbox.not_before > now:
            return "held"
        stale = outbox_stale(outbox)
        if stale:
            outbox.status = Outbox.Status.SKIPPED
            outbox.last_error = stale
            outbox.save(update_fields=["status", "last_error"])
            return Outbox.Status.SKIPPED
        if outbox.kind == "turn" and outbox.deadline is not None:
            _turn_written_again(outbox)
        # A turn or a reminder that is not stale speaks of an open step (outbox_stale).
        step_open = outbox.kind in STEP_BOUND_KINDS and outbox.step_id is not None
        outbox.attempts += 1
        outbox.last_attempt_at = now
        hook = outbox.webhook
        try:
            if outbox.channel == Outbox.Channel.WEBHOOK:
                _send_webhook(outbox)
            else:
                _send_email(outbox)
        except Exception as exc:  # noqa: BLE001 - every failure is recorded and retried
            outbox.status = Outbox.Status.FAILED
            outbox.last_error = f"{exc.__class__.__name__}: {exc}"[:2000]
            fields = ["status", "attempts", "last_attempt_at", "last_error"]
            next_attempt = now + timedelta(seconds=retry_delay(outbox.attempts))
            if next_attempt - outbox.created_at > _give_up_after(outbox, step_open=step_open):
                outbox.gave_up_at = now
                fields.append("gave_up_at")
            outbox.save(update_fields=fields)
            if hook is not None:
                Webhook.objects.filter(pk=hook.pk).update(failures=hook.failures + 1, last_error=outbox.last_error)
            metrics.count("outbox_failures_total", channel=outbox.channel)
            if outbox.gave_up_at is not None:
                metrics.count("outbox_given_up_total", channel=outbox.channel)
                logger.error(
                    "outbox %s (%s to %s, %s): given up after %d attempts over %s: %s",
                    outbox.pk, outbox.kind, outbox.address, outbox.channel, outbox.attempts,
                    now - outbox.created_at, outbox.last_error,
                )
                given_up = outbox.pk
                transaction.on_commit(lambda: alerts.outbox_given_up(outbox_id=given_up), robust=True)
                return "gave-up"
            logger.warning("outbox %s: delivery failed (attempt %d, next in %d s): %s",
                           outbox.pk, outbox.attempts, retry_delay(outbox.attempts), outbox.last_error)
            return Outbox.Status.FAILED
        outbox.status = Outbox.Status.SENT
        outbox.sent_at = outbox.last_attempt_at
        outbox.last_error = ""
        outbox.save(update_fields=["status", "attempts", "last_attempt_at", "sent_at", "last_error"])
        if hook is not None:
            Webhook.objects.filter(pk=hook.pk).update(failures=0, last_error="", last_success_at=now)
        metrics.count("outbox_sent_total", channel=outbox.channel)
        return Outbox.Status.SENT


def retry_delay(attempts: int) -> int:
    """Seconds before the next attempt: 30 s, 1 min, 2 min, 4 min..., at most
    CURSUS_OUTBOX_RETRY_MAX_SECONDS (30 min)."""
    return min(30 * 2 ** min(max(attempts - 1, 0), 20), settings.CURSUS_OUTBOX_RETRY_MAX_SECONDS)


def outbox_sweep(*, now=None) -> list[int]:
    """Re-enqueue undelivered rows: pending ones older than a minute (a lost message),
    held ones whose quiet hours are over, and failed ones whose retry delay has passed
    (never those given up). Also notifies open steps that have no outbox row yet (a
    notification lost before it was written)."""
    now = now or timezone.now()
    due = []
    for outbox in Outbox.objects.filter(
        status__in=[Outbox.Status.PENDING, Outbox.Status.FAILED], gave_up_at__isnull=True
    ).exclude(not_before__gt=now).only("pk", "status", "not_before", "created_at", "last_attempt_at", "attempts"):
        if outbox.last_attempt_at is None and outbox.not_before is None and outbox.created_at > now - timedelta(minutes=1):
            continue  # just written: its own message is on the way
        last = outbox.last_attempt_at
        if last is None or last + timedelta(seconds=retry_delay(outbox.attempts)) <= now:
            due.append(outbox.pk)
    for outbox_id in due:
        dispatch.send(dispatch.DELIVER_OUTBOX, outbox_id)
    stale = now - timedelta(minutes=1)
    notified_steps = Outbox.objects.filter(step__isnull=False, kind__in=["turn", ""]).values_list("step_id", flat=True)
    for step in (
        Step.objects.filter(status=Step.Status.OPEN, game__status=Game.Status.ACTIVE, opened_at__lte=stale)
        .exclude(pk__in=notified_steps)
        .select_related("game")[:100]
    ):
        notify_step_opened(game=step.game, step=step)
    return due


@transaction.atomic
def outbox_resend(*, outbox_id: int, by: str = "") -> Outbox:
    """Send a row again (the admin's "resend", ``manage.py outbox_resend``): a failed
    or given-up row is tried again at once as it was; a row that was sent or skipped is
    copied into a new row (its own dedupe key), so the record of the first stays."""
    outbox = Outbox.objects.select_for_update().get(pk=outbox_id)
    if outbox.status in (Outbox.Status.PENDING, Outbox.Status.FAILED):
        outbox.status = Outbox.Status.PENDING
        outbox.gave_up_at = None
        outbox.not_before = None
        outbox.last_attempt_at = None
        outbox.last_error = f"resent by {by}" if by else "resent"
        outbox.save(update_fields=["status", "gave_up_at", "not_before", "last_attempt_at", "last_error"])
        _enqueue_delivery(outbox.pk)
        return outbox
    copies = Outbox.objects.filter(dedupe_key__startswith=f"{outbox.dedupe_key}:resend:").count()
    copy = Outbox.objects.create(
        recipient=outbox.recipient, address=outbox.address, channel=outbox.channel, kind=outbox.kind,
        subject=outbox.subject, text_body=outbox.text_body, html_body=outbox.html_body, headers=outbox.headers,
        webhook=outbox.webhook, payload=outbox.payload, game=outbox.game, step=outbox.step,
        dedupe_key=f"{outbox.dedupe_key}:resend:{copies + 1}"[:200],
        last_error=f"resent by {by}" if by else "resent",
    )
    _enqueue_delivery(copy.pk)
    return copy


# -- retention --------------------------------------------------------------------------


def retention_sweep(*, now=None) -> dict[str, int]:
    """Players' data is not kept forever (docs/operations.md): the bodies, headers and
    payloads of notifications older than CURSUS_RETENTION_DAYS are emptied (the row keeps
    its kind, status and dates: the delivery record), and inbound messages older than that
    are deleted. Idempotent and cheap: two statements on indexed dates."""
    days = settings.CURSUS_RETENTION_DAYS
    if not days:
        return {"outbox": 0, "inbound": 0}
    cutoff = (now or timezone.now()) - timedelta(days=days)
    from notifications.models import InboundMessage

    purged = (
        Outbox.objects.filter(created_at__lt=cutoff, status__in=[Outbox.Status.SENT, Outbox.Status.SKIPPED, Outbox.Status.FAILED])
        .exclude(text_body="", address="")
        .update(text_body="", html_body="", headers={}, payload=None, address="", subject="")
    )
    deleted, _ = InboundMessage.objects.filter(received_at__lt=cutoff).delete()
    if purged or deleted:
        logger.info("retention: %d notification bodies and %d inbound messages older than %d days purged", purged, deleted, days)
    return {"outbox": purged, "inbound": deleted}


# -- webhooks ---------------------------------------------------------------------------


@transaction.atomic
def webhook_create(*, owner, kind: str, url: str, game: Game | None = None) -> Webhook:
    """A webhook of ``owner`` for every game of theirs, or for ``game`` (where they hold a
    seat); ``WebhookInvalid`` says what is wrong and where."""
    kinds = ", ".join(Webhook.Kind.values)
    if kind not in Webhook.Kind.values:
        raise WebhookInvalid.at("kind.unknown", "/kind", f"Unknown kind {kind!r}: one of {kinds}.",
                                f"Genre inconnu {kind!r} : l'un de {kinds}.")
    if not url.startswith(("https://", "http://")):
        raise WebhookInvalid.at("url.scheme", "/url", "A webhook URL starts with https:// or http://.",
                                "L'adresse d'un webhook commence par https:// ou http://.")
    if game is not None and not game.seats.filter(player=owner).exists():
        raise WebhookInvalid.at("game.not_seated", "/game", "A webhook for one game needs your seat in that game.",
                                "Un webhook pour une partie demande que vous y ayez un siège.")
    hook = Webhook(owner=owner, kind=kind, url=url, game=game)
    try:
        hook.full_clean()
    except ValidationError as exc:
        first = next(iter(exc.message_dict), "url")
        raise WebhookInvalid.at(f"{first}.invalid", f"/{first}", f"Not a valid {first}.",
                                f"Valeur non valide pour {first}.") from None
    hook.save()
    return hook


@transaction.atomic
def webhook_delete(*, owner, webhook_id: int) -> None:
    Webhook.objects.filter(owner=owner, pk=webhook_id).delete()
