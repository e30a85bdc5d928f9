"""Table talk (docs/together.md): messages inside a game, to every seat or privately to
some seats, kept with the game at the step they were sent; mutes; press locks.

Who reads a message: the seats of its audience (``TableMessage.audience``: ``*`` for
every seat, else ``,ROLE,ROLE,`` with its author), never a spectator and never another
seat. A seat that muted the author does not see it and is not told of it. Every write is
one transaction; ``message_posted`` goes out after the commit (notifications: the
emails)."""

from __future__ import annotations

import re

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games import errors, gates, services
from games.models import Game, PressMute, Seat, Step, TableMessage
from games.signals import message_posted

#: The longest message, in characters (a letter, not a treatise).
MAX_LENGTH = 2000
#: Control characters other than a new line and a tab are dropped.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def _refusal(exc_class, code: str, path: str, en: str, fr: str):
    return exc_class(en, errors=[{"code": code, "path": path, "message": {"en": en, "fr": fr}}])


# -- what the game allows -------------------------------------------------------------------


def private_allowed(*, game: Game) -> bool:
    """Whether seats may write to some seats only: the ruleset allows secret diplomacy,
    and the game enables it (``Game.press_private``), or says nothing and has more than
    two seats (a private word in a two-seat game is a public one)."""
    if not services.ruleset_for(game.ruleset).secret_diplomacy:
        return False
    if game.press_private is not None:
        return bool(game.press_private)
    return game.seats.count() > 2


def is_organiser(*, game: Game, user) -> bool:
    """Who may lock a game's press: staff, and the game's organisers: a tournament
    game's are its tournament's (games.gates.organisers_of), any other game's its
    creator."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff:
        return True
    organisers = gates.organisers_of(game=game)
    return user.pk in organisers if organisers is not None else user.pk == game.created_by_id


# -- writes ---------------------------------------------------------------------------------


def clean_body(body) -> str:
    text = _CONTROL.sub("", str(body or "")).replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.rstrip() for line in text.split("\n")).strip()


@transaction.atomic
def message_post(*, game: Game, player, body, to: list[str] | None = None, reply_to: int | None = None,
                 source: str = "api") -> TableMessage:
    """Post a message of ``player``'s seat: to every seat (``to`` empty or every other
    seat), or privately to the roles of ``to`` where private press is allowed. A reply
    (``reply_to``, a message the seat may read) goes to the audience of the message it
    answers. Refused with a code, a path and a message in English and French."""
    game = services._lock_game(game.pk)
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
        raise _refusal(errors.PressRefused, "press.game_over", "", "This game is over: its table talk is closed.",
                       "Cette partie est finie : on n'y parle plus.")
    if game.press_locked_at is not None:
        raise _refusal(errors.PressRefused, "press.locked", "", "The organisers have locked this game's table talk.",
                       "Les organisateurs ont fermé les échanges de cette partie.")
    text = clean_body(body)
    if not text:
        raise _refusal(errors.PressInvalid, "press.empty", "/body", "The message is empty.", "Le message est vide.")
    if len(text) > MAX_LENGTH:
        raise _refusal(errors.PressInvalid, "press.too_long", "/body",
                       f"A message has at most {MAX_LENGTH} characters; this one has {len(text)}.",
                       f"Un message a au plus {MAX_LENGTH} caractères ; celui-ci en a {len(text)}.")
    roles = list(game.seats.order_by("position").values_list("role", flat=True))
    answered = None
    if reply_to is not None:
        answered = messages_visible_to(game=game, role=seat.role).filter(pk=reply_to).first()
        if answered is None:
            raise _refusal(errors.PressInvalid, "press.unknown_message", "/reply_to",
                           "No such message in this game for your seat.", "Pas de tel message pour votre siège dans cette partie.")
        if answered.recipients is not None:
            to = sorted(({answered.author_role, *answered.recipients}) - {seat.role})
    wanted: list[str] = []
    for index, role in enumerate(to or []):
        if role not in roles:
            raise _refusal(errors.PressInvalid, "press.unknown_role", f"/to/{index}",
                           f"No seat “{role}” in this game; the seats are: {', '.join(roles)}.",
                           f"Pas de siège « {role} » dans cette partie ; les sièges sont : {', '.join(roles)}.")
        if role != seat.role and role not in wanted:
            wanted.append(role)
    others = [role for role in roles if role != seat.role]
    recipients = None if not wanted or sorted(wanted) == sorted(others) else sorted(wanted)
    if recipients is not None and not private_allowed(game=game):
        raise _refusal(errors.PressRefused, "press.private_off", "/to",
                       "Private messages are off in this game: write to every seat.",
                       "Les messages privés sont fermés dans cette partie : écrivez à tous les sièges.")
    step = game.steps.filter(status=Step.Status.OPEN).order_by("number").values_list("number", flat=True).first()
    if step is None:
        step = game.steps.order_by("-number").values_list("number", flat=True).first() or 0
    message = TableMessage.objects.create(
        game=game,
        step_number=step,
        author=seat,
        author_role=seat.role,
        author_player=player,
        recipients=recipients,
        audience=TableMessage.audience_for(recipients, seat.role),
        body=text,
        reply_to=answered,
        source=source,
    )
    game_id, message_id = game.pk, message.pk
    transaction.on_commit(lambda: message_posted.send(sender=Game, game_id=game_id, message_id=message_id), robust=True)
    return message


@transaction.atomic
def mute(*, game: Game, player, role: str, muted: bool = True) -> list[str]:
    """The player's seat mutes (or hears again) the seat ``role``: its messages are no
    longer shown to them, nor emailed. Returns the roles the seat mutes."""
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    if role == seat.role or not game.seats.filter(role=role).exists():
        raise _refusal(errors.PressInvalid, "press.unknown_role", "/role",
                       f"No other seat “{role}” in this game.", f"Pas d'autre siège « {role} » dans cette partie.")
    if muted:
        PressMute.objects.get_or_create(seat=seat, muted_role=role)
    else:
        PressMute.objects.filter(seat=seat, muted_role=role).delete()
    return muted_roles(seat=seat)


@transaction.atomic
def press_lock(*, game: Game, locked: bool, by=None, organiser: bool = False) -> Game:
    """Lock (or open again) a game's table talk. ``by`` must be the game's organiser
    (its creator, or staff) unless the caller already checked (``organiser``: a
    tournament's organisers, for each of its games). Logged."""
    game = services._lock_game(game.pk)
    if not organiser and not is_organiser(game=game, user=by):
        raise errors.NotCreator(errors.NotCreator.title)
    if (game.press_locked_at is not None) == bool(locked):
        return game
    game.press_locked_at = timezone.now() if locked else None
    game.save(update_fields=["press_locked_at", "updated_at"])
    who = {"by": by.get_username()} if by is not None and getattr(by, "is_authenticated", False) else {}
    services._append_events(game, None, [{"type": "press_locked" if locked else "press_opened", "data": who}])
    return game


# -- reads ----------------------------------------------------------------------------------


def muted_roles(*, seat: Seat) -> list[str]:
    return sorted(PressMute.objects.filter(seat=seat).values_list("muted_role", flat=True))


def messages_visible_to(*, game: Game, role: str | None) -> QuerySet[TableMessage]:
    """The messages ``role`` may read, oldest first: none for a spectator (``None``);
    for a seat, those of its audience, without the seats it muted (its own always)."""
    if role is None:
        return TableMessage.objects.none()
    audience = Q(audience=TableMessage.EVERY_SEAT) | Q(audience__contains=f",{role},")
    found = TableMessage.objects.filter(game=game).filter(audience)
    muted = list(PressMute.objects.filter(seat__game=game, seat__role=role).values_list("muted_role", flat=True))
    if muted:
        found = found.exclude(author_role__in=muted)
    return found.order_by("created_at", "pk")


def message_as_dict(message: TableMessage) -> dict:
    return {
        "id": message.pk,
        "step": message.step_number,
        "author": message.author_role,
        "to": message.recipients,
        "private": message.recipients is not None,
        "body": message.body,
        "reply_to": message.reply_to_id,
        "source": message.source,
        "created_at": message.created_at,
    }


def readers(*, message: TableMessage) -> list[Seat]:
    """The seats told of a message: its audience but its author, without those that
    muted the author."""
    seats = message.game.seats.select_related("player").exclude(role=message.author_role)
    if message.recipients is not None:
        seats = seats.filter(role__in=message.recipients)
    muting = set(PressMute.objects.filter(seat__game=message.game, muted_role=message.author_role)
                 .values_list("seat__role", flat=True))
    return [seat for seat in seats.order_by("position") if seat.role not in muting]
