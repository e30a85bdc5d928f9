"""Spectators (docs/together.md): who may watch a game, and following a public game.

A **public** game (``Game.public``) may be watched by anyone, signed in or not: its page,
map, log and replay, as a non-player sees them (``Ruleset.view(state, None)`` and the
public events; no table talk). A **private** game (the default) only by its seats, its
creator and staff, and, while it gathers players, by those who may join it."""

from __future__ import annotations

from django.db import transaction

from games import errors
from games.models import Follow, Game


def may_watch(*, game: Game, user) -> bool:
    if game.public:
        return True
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff or user.pk == game.created_by_id or game.seats.filter(player=user).exists():
        return True
    if game.status == Game.Status.OPEN:
        # Gathering players: whoever may join may look first (the lobby links it).
        if not game.invite_only:
            return True
        email = (user.email or "").strip().lower()
        return bool(email) and game.invitations.filter(email=email, declined_at__isnull=True).exists()
    return False


def is_following(*, game: Game, user) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return Follow.objects.filter(game=game, user=user).exists()


def may_follow(*, game: Game, user) -> bool:
    """A signed-in account without a seat may follow a public game still going on (a
    seat gets its own turn emails)."""
    return (game.public and user is not None and getattr(user, "is_authenticated", False)
            and game.status in (Game.Status.OPEN, Game.Status.ACTIVE)
            and not game.seats.filter(player=user).exists())


@transaction.atomic
def follow(*, game: Game, user, following: bool = True) -> bool:
    """Follow a public game (turn emails for spectators, at most one a day) or stop."""
    if not following:
        Follow.objects.filter(game=game, user=user).delete()
        return False
    if not may_follow(game=game, user=user):
        raise errors.NotWatchable(errors.NotWatchable.title, errors=[{
            "code": "follow.refused", "path": "",
            "message": {"en": "Only a public game still going on can be followed, by an account without a seat in it.",
                        "fr": "Seule une partie publique en cours peut être suivie, par un compte qui n'y a pas de siège."}}])
    Follow.objects.get_or_create(game=game, user=user)
    return True


def followers(*, game: Game) -> list:
    """The accounts following ``game`` that hold no seat in it."""
    seated = game.seats.values_list("player_id", flat=True)
    return [f.user for f in Follow.objects.filter(game=game, user__is_active=True).exclude(user_id__in=seated)
            .select_related("user").order_by("pk")]
