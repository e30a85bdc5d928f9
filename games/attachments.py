"""Files attached to an order set (a VASSAL log, a photo): stored with the game in
PostgreSQL, size-limited, sealed like the orders (docs/refereed.md, "Attachments").

A prompt kind takes attachments when its order schema has an ``attachments`` list (the
ruleset's choice; its ``maxItems`` is how many per order set). A seat uploads them for
the open step; every file it uploaded for that step joins the order set it submits
(``for_orders``), named by its token. Who may read one (``readable``): its seat; a role
whose view of the position names it (the rules decide: a game master once the orders are
sealed); a role that reads the open step's orders as they come
(``Ruleset.reads_open_orders``). Nobody else, and no observer.
"""

from __future__ import annotations

import copy
import hashlib
import re
import secrets

from django.conf import settings
from django.db import transaction
from django.http import HttpResponse

from games import errors, services
from games.attachment_rows import for_orders, limit_of  # noqa: F401 - for_orders: part of this module's face
from games.models import Game, OrderAttachment, Step
from rules.base import canonical_json

#: Served as themselves; anything else is served as bytes to download.
SHOWN_TYPES = {"image/png", "image/jpeg", "image/gif", "image/webp", "text/plain"}
#: A media type as RFC 6838 writes it (``type/subtype``, parameters cut off before).
_MEDIA_TYPE = re.compile(r"[a-z0-9][a-z0-9!#$&^_.+-]{0,63}/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}")


def _refused(code: str, path: str, en: str, fr: str) -> errors.OrdersInvalid:
    return errors.OrdersInvalid(en, errors=[{"code": code, "path": path, "message": {"en": en, "fr": fr}}])


def too_large(size: int, *, path: str = "/file", name: str = "") -> errors.OrdersInvalid:
    """The refusal of a file over :func:`max_bytes` (``name``: said in the message)."""
    most = max_bytes()
    what_en, what_fr = (f"{name} is", f"{name} fait") if name else ("The file is", "Le fichier fait")
    return _refused("attachment.too_large", path,
                    f"{what_en} {size} bytes; at most {most} bytes ({most // 1024} KiB) may be attached.",
                    f"{what_fr} {size} octets ; on peut joindre au plus {most} octets ({most // 1024} Kio).")


def media_type(content_type: str, *, path: str = "/file") -> str:
    """The media type a file is kept and served as: the declared one without its
    parameters, in lower case (none: bytes); ``OrdersInvalid`` (``attachment.type``) when
    it is not a media type (``type/subtype``)."""
    kind = str(content_type or "").split(";")[0].strip().lower()
    if not kind:
        return "application/octet-stream"
    if not _MEDIA_TYPE.fullmatch(kind):
        shown = "".join(c for c in kind[:40] if c.isprintable())
        raise _refused("attachment.type", path,
                       f"{shown!r} is not a media type (type/subtype, such as image/png).",
                       f"{shown!r} n'est pas un type de média (type/sous-type, par exemple image/png).")
    return kind


def max_bytes() -> int:
    return int(getattr(settings, "CURSUS_ATTACHMENT_MAX_BYTES", 2 * 1024 * 1024))


def clean_name(name: str) -> str:
    """A file name to show and to serve: its last path part, without control, format or
    direction characters (a name that reads backwards cannot pass as another)."""
    name = re.split(r"[\\/]", str(name or ""))[-1]
    name = "".join(c for c in name if c.isprintable()).strip() or "file"
    return name[:200]


def _open_prompt(game: Game, role: str) -> tuple[Step, dict] | tuple[None, None]:
    for step in game.steps.filter(status=Step.Status.OPEN).order_by("number"):
        for prompt in step.prompts:
            if prompt["role"] == role:
                return step, prompt
    return None, None


@transaction.atomic
def store(*, game: Game, player, name: str, content_type: str, data: bytes, step: int | None = None,
          path: str = "/file") -> dict:
    """Keep a file the player's seat attaches to its orders of the open step; its entry
    for the order set, or ``OrdersInvalid`` saying why not (code, ``path``, en and fr).
    ``step``: the step the client means (the API's); another than the seat's open step is
    refused (``attachment.other_step``)."""
    game = services._lock_game(game.pk)
    seat = game.seats.filter(player=player).first()
    if seat is None:
        raise errors.NotSeated(errors.NotSeated.title)
    open_step, prompt = _open_prompt(game, seat.role) if game.status == Game.Status.ACTIVE else (None, None)
    if open_step is None:
        raise _refused("attachment.not_now", path, "Nothing is asked of your seat now: attach files to the orders of an open step.",
                       "Rien n'est demandé à votre place maintenant : joignez des fichiers aux ordres d'une étape ouverte.")
    if step is not None and step != open_step.number:
        raise _refused("attachment.other_step", "/step",
                       f"Your seat's open step is {open_step.number}, not {step}: attach files to its orders.",
                       f"L'étape ouverte de votre place est la {open_step.number}, pas la {step} : joignez les fichiers à ses ordres.")
    rs = services.ruleset_for(game.ruleset)
    limit = limit_of(rs, prompt["kind"])
    if limit == 0:
        raise _refused("attachment.not_taken", path, "These orders take no attached file.",
                       "Ces ordres ne prennent pas de fichier joint.")
    size = len(data)
    if size == 0:
        raise _refused("attachment.empty", path, "The file is empty.", "Le fichier est vide.")
    if size > max_bytes():
        raise too_large(size, path=path)
    kind = media_type(content_type, path=path)
    shown = clean_name(name)  # no control or direction character survives (games/bidi.py)
    count = OrderAttachment.objects.filter(game=game, seat=seat, step_number=open_step.number).count()
    if count >= limit:
        raise _refused("attachment.too_many", path, f"At most {limit} files may be attached to one order set.",
                       f"On peut joindre au plus {limit} fichiers à un jeu d'ordres.")
    attachment = OrderAttachment.objects.create(
        game=game, seat=seat, player=player, step_number=open_step.number, token=secrets.token_urlsafe(18), name=shown,
        content_type=kind, size=size, sha256=hashlib.sha256(data).hexdigest(), data=data)
    return attachment.as_order()


def download(attachment: OrderAttachment) -> HttpResponse:
    """The file as a download (the page's and the API's answer to a reader it may show):
    typed when it is an image or plain text, else bytes; never sniffed, never cached."""
    kind = attachment.content_type if attachment.content_type in SHOWN_TYPES else "application/octet-stream"
    response = HttpResponse(bytes(attachment.data), content_type=kind)
    safe = "".join(c if c.isalnum() or c in "._- " else "_" for c in attachment.name)
    response["Content-Disposition"] = f'attachment; filename="{safe}"'
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "private, no-store"
    return response


def find_readable(*, game: Game, role: str | None, token: str) -> OrderAttachment | None:
    """The attachment ``token`` of the game if ``role`` may read it, else None (a reader
    who may not learns nothing of it, not even that it exists)."""
    found = OrderAttachment.objects.filter(game=game, token=str(token)[:32]).select_related("seat").first()
    if found is None or not readable(game=game, role=role, attachment=found):
        return None
    return found


def readable(*, game: Game, role: str | None, attachment: OrderAttachment) -> bool:
    if role is None or attachment.game_id != game.pk:
        return False
    if attachment.seat.role == role:
        return True
    if game.state is None:
        return False
    rs = services.ruleset_for(game.ruleset)
    state = copy.deepcopy(game.state)
    if attachment.token in canonical_json(rs.view(state, role)):
        return True
    return rs.reads_open_orders(state, role) and \
        game.steps.filter(number=attachment.step_number, status=Step.Status.OPEN).exists()
