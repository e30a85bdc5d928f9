"""Players' data (the GDPR's rights of access and erasure; docs/operations.md): a player
downloads everything Cursus holds about them as JSON, and deletes their account.

Deleting anonymises the account in place instead of removing its row: finished games,
tournament results and ratings keep their seats under a name that says nothing
(``deleted-<n>``), the log's mentions of the username are rewritten, and the seats of
running games pass to the missed-turn ladder (civil disorder: default orders, every seat
told) until an organiser or an operator gives them to a substitute. Everything personal
(email address, name, password, profile, tokens, webhooks, vacations, mutes, the mail sent
to them and the replies they sent, the files they attached to orders) is erased."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import naming, overrides
from games.models import Event, Follow, Game, IdempotencyKey, MatchRequest, OrderAttachment, OrderSet, Seat, TableMessage, Vacation
from notifications.models import GameMute, InboundMessage, Outbox, Profile, Webhook


def _iso(value):
    return value.isoformat() if value else None


def export(*, user) -> dict:
    """Everything Cursus holds about ``user``, as JSON-ready data. Their own sealed order
    sets are included (they are theirs); nothing of another seat's is."""
    profile = Profile.objects.filter(user=user).first()
    seats = Seat.objects.filter(player=user).select_related("game").order_by("game_id")
    data = {
        "format": "cursus-account-export/1",
        "exported_at": _iso(timezone.now()),
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "date_joined": _iso(user.date_joined),
            "last_login": _iso(user.last_login),
        },
        "preferences": None
        if profile is None
        else {
            "language": profile.language,
            "timezone": profile.timezone,
            "email_enabled": profile.email_enabled,
            "webhooks_enabled": profile.webhooks_enabled,
            "delivery": profile.delivery,
            "digest_hour": profile.digest_hour,
            "quiet_start": profile.quiet_start.isoformat() if profile.quiet_start else None,
            "quiet_end": profile.quiet_end.isoformat() if profile.quiet_end else None,
            "unsubscribed_all": profile.unsubscribed_all,
            "press_delivery": profile.press_delivery,
        },
        "seats": [
            {
                "game": seat.game_id,
                "ruleset": seat.game.ruleset,
                "scenario": seat.game.scenario,
                "game_status": seat.game.status,
                "role": seat.role,
                "status": seat.status,
                "joined_at": _iso(seat.joined_at),
                "missed_deadlines": seat.missed_deadlines,
                "entropy": seat.entropy,
            }
            for seat in seats
        ],
        "games_created": list(Game.objects.filter(created_by=user).order_by("pk").values_list("pk", flat=True)),
        "order_sets": [
            {
                "game": order_set.step.game_id,
                "step": order_set.step.number,
                "role": order_set.seat.role,
                "orders": order_set.orders,
                "receipt": order_set.canonical_hash,
                "source": order_set.source,
                "submitted_at": _iso(order_set.submitted_at),
            }
            for order_set in OrderSet.objects.filter(seat__player=user).select_related("step", "seat").order_by("step__game_id", "step__number")
        ],
        # Files the player attached to orders (games/attachments.py): what they are; the
        # files themselves are on the game's pages.
        "attachments": [
            {"game": a.game_id, "step": a.step_number, "role": a.seat.role, "name": a.name, "size": a.size,
             "content_type": a.content_type, "sha256": a.sha256, "created_at": _iso(a.created_at)}
            for a in OrderAttachment.objects.filter(player=user).select_related("seat").defer("data").order_by("pk")
        ],
        # Table talk the player wrote (what others wrote to them stays theirs), the
        # public games they follow and their "match me" requests (docs/together.md).
        "messages": [
            {"game": m.game_id, "step": m.step_number, "role": m.author_role, "to": m.recipients, "body": m.body,
             "source": m.source, "created_at": _iso(m.created_at)}
            for m in TableMessage.objects.filter(author_player=user).order_by("pk")
        ],
        "following": sorted(Follow.objects.filter(user=user).values_list("game_id", flat=True)),
        "match_requests": [
            {"ruleset": r.ruleset, "scenario": r.scenario, "status": r.status, "game": r.game_id,
             "created_at": _iso(r.created_at)}
            for r in MatchRequest.objects.filter(player=user).order_by("pk")
        ],
        "vacations": [
            {"starts_at": _iso(v.starts_at), "ends_at": _iso(v.ends_at), "cancelled_at": _iso(v.cancelled_at)}
            for v in Vacation.objects.filter(player=user).order_by("starts_at")
        ],
        "webhooks": [
            {"kind": hook.kind, "url": hook.url, "game": hook.game_id, "active": hook.active, "created_at": _iso(hook.created_at)}
            for hook in Webhook.objects.filter(owner=user).order_by("pk")
        ],
        "muted_games": sorted(GameMute.objects.filter(user=user).values_list("game_id", flat=True)),
        "notifications": [
            {
                "channel": row.channel,
                "kind": row.kind,
                "address": row.address,
                "subject": row.subject,
                "text": row.text_body,
                "status": row.status,
                "created_at": _iso(row.created_at),
                "sent_at": _iso(row.sent_at),
                "game": row.game_id,
            }
            for row in Outbox.objects.filter(recipient=user).order_by("pk")
        ],
        "emails_received_from_you": [
            {"subject": m.subject, "via": m.via, "result": m.result, "game": m.game_id, "received_at": _iso(m.received_at)}
            for m in InboundMessage.objects.filter(sender__iexact=user.email).order_by("pk")
        ]
        if user.email
        else [],
    }
    try:
        from tournaments.models import Entry, Rating

        data["tournaments"] = [
            {"tournament": e.tournament_id, "name": e.tournament.name, "status": e.status, "registered_at": _iso(e.registered_at)}
            for e in Entry.objects.filter(player=user).select_related("tournament").order_by("pk")
        ]
        data["ratings"] = [
            {"ruleset": r.ruleset, "rating": r.rating, "rd": r.rd, "games": r.games}
            for r in Rating.objects.filter(player=user).order_by("ruleset")
        ]
    except ImportError:  # pragma: no cover - tournaments is installed with Cursus
        pass
    return data


def anonymous_name(user) -> str:
    return f"deleted-{user.pk}"


@transaction.atomic
def account_delete(*, user) -> dict:
    """Erase the player's personal data and anonymise what games and tournaments keep
    (see the module's docstring). Returns what was done, for the confirmation page."""
    User = get_user_model()
    user = User.objects.select_for_update().get(pk=user.pk)
    old_name, old_email = user.get_username(), user.email
    new_name = anonymous_name(user)
    named_after = list(Game.objects.filter(seats__player=user, name_chosen=False).values_list("pk", flat=True).distinct())
    abandoned = []
    for seat in Seat.objects.filter(player=user, game__status__in=[Game.Status.OPEN, Game.Status.ACTIVE]).select_related("game"):
        overrides.seat_abandon(game=seat.game, role=seat.role, reason="the player deleted their account")
        abandoned.append(seat.game_id)
    # The log names players by username in a few platform events (seat taken, reassigned):
    # rewrite those mentions. The log is append-only for the game; erasure overrides it.
    for event in Event.objects.filter(game__seats__player=user,
                                      type__in=["seat_taken", "seat_reassigned", "seat_substituted", "players_matched"]).distinct():
        data = {key: ([new_name if v == old_name else v for v in value] if isinstance(value, list)
                      else new_name if value == old_name else value) for key, value in event.data.items()}
        if data != event.data:
            Event.objects.filter(pk=event.pk).update(data=data)
    user.username = new_name
    user.email = ""
    user.first_name = user.last_name = ""
    user.is_active = False
    user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.save()
    # A game named after its seat holders (games/naming.py) no longer names them.
    for game in Game.objects.filter(pk__in=named_after):
        naming.name_refresh(game)
    from rest_framework.authtoken.models import Token

    Token.objects.filter(user=user).delete()
    Profile.objects.filter(user=user).delete()
    Webhook.objects.filter(owner=user).delete()
    GameMute.objects.filter(user=user).delete()
    Vacation.objects.filter(player=user).delete()
    Follow.objects.filter(user=user).delete()
    MatchRequest.objects.filter(player=user).delete()
    IdempotencyKey.objects.filter(user=user).delete()
    Outbox.objects.filter(recipient=user).delete()
    # Files attached to orders: emptied, their name gone; the order sets still name them.
    OrderAttachment.objects.filter(player=user).update(data=b"", name="deleted", size=0)
    if old_email:
        InboundMessage.objects.filter(sender__iexact=old_email).delete()
    from django.contrib.sessions.models import Session

    for session in Session.objects.filter(expire_date__gt=timezone.now()):
        if str(session.get_decoded().get("_auth_user_id")) == str(user.pk):
            session.delete()
    return {"username": new_name, "running_games_left": sorted(set(abandoned))}
