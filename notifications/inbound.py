"""Reply-by-email (docs/inbound-mail.md): one ``process_message`` fed by three doors —
the local SMTP server (``manage.py mailserver``), IMAP polling (``manage.py fetchmail``)
and email providers' inbound webhooks (django-anymail's ``inbound`` signal).

The reply-to address of a turn email carries a signed, single-use token for one seat and
one step (``games.links``). The body's orders are read with the ruleset's text notation
after the quoted text and the signature are cut. Valid orders are stored as the seat's
order set (the token is spent in the same transaction) and the player gets a reply that
lists them with the receipt and a fresh reply address; bad orders change nothing and the
reply lists each error with its line.
"""

from __future__ import annotations

import copy
import hashlib
import logging
import re
from email import message_from_bytes, policy
from email.utils import getaddresses, parseaddr

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import translation

from games import attachment_rows, attachments, game_tables
from games import errors as game_errors
from games import links, services as game_services, throttles
from games.models import OrderSet
from games.presentation import message_text
from notifications.models import InboundMessage
from notifications.services import outbox_email, profile_for

logger = logging.getLogger(__name__)

# Where the quoted original starts: "On <date>, <someone> wrote:", "Le ... a écrit :",
# Outlook's separator and headers block.
_QUOTE_STARTS = [
    re.compile(r"^\s*On .{0,300}wrote:\s*$", re.IGNORECASE),
    re.compile(r"^\s*Le .{0,300}a écrit\s*:\s*$", re.IGNORECASE),
    re.compile(r"^\s*-{2,}\s*(Original Message|Message d'origine|Forwarded message|Message transféré)\s*-{2,}", re.IGNORECASE),
    re.compile(r"^\s*(From|De)\s*:\s.+$", re.IGNORECASE),
    re.compile(r"^\s*_{10,}\s*$"),
]
# A signature: "-- " (RFC 3676), "--", or a phone's "Sent from my ...".
_SIGNATURE_STARTS = [
    re.compile(r"^-- ?$"),
    re.compile(r"^(Sent from my|Envoyé de mon|Envoyé depuis mon)\b", re.IGNORECASE),
]


def strip_reply(text: str) -> str:
    """The player's own text: everything above the quoted original and the signature,
    without quoted (``>``) lines. Line numbers of what is kept are those the player wrote."""
    kept = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if any(p.match(line) for p in _QUOTE_STARTS) or any(p.match(line) for p in _SIGNATURE_STARTS):
            break
        kept.append("" if line.lstrip().startswith(">") else line)
    return "\n".join(kept).rstrip()


def body_text(message) -> str:
    """The text/plain body (the HTML one with its tags removed when there is none)."""
    part = message.get_body(preferencelist=("plain",))
    if part is not None:
        return part.get_content()
    part = message.get_body(preferencelist=("html",))
    if part is None:
        return ""
    html = re.sub(r"(?is)<(script|style|blockquote).*?</\1>", "", part.get_content())
    html = re.sub(r"(?i)<br\s*/?>|</p>|</div>", "\n", html)
    return re.sub(r"<[^>]+>", "", html)


#: Files read from one message at most (a message with more is refused as too many by the
#: kind's own limit long before; this only bounds the work).
_MAX_FILES = 20


def attached_files(message) -> list[tuple[str, str, bytes]]:
    """The files a reply carries, as ``(name, media type, bytes)`` in the order written:
    every part sent as an attachment (``Content-Disposition: attachment``) and every other
    part with a file name, except the body and whatever is inside a ``multipart/related``
    (the images an HTML body shows, a signature's logo, belong to the body)."""
    body = message.get_body(preferencelist=("plain", "html"))
    found: list[tuple[str, str, bytes]] = []

    def walk(part, related: bool) -> None:
        if len(found) >= _MAX_FILES or part is body:
            return
        disposition = part.get_content_disposition()
        name = part.get_filename()
        if not related and (disposition == "attachment" or (name and not part.is_multipart())):
            if part.get_content_type() == "message/rfc822" and part.is_multipart():
                data = part.get_payload(0).as_bytes()
            else:
                data = part.get_payload(decode=True) or b""
            found.append((name or "message.eml", part.get_content_type(), data))
            return
        if part.is_multipart():
            inner = related or part.get_content_type() == "multipart/related"
            for sub in part.iter_parts():
                walk(sub, inner)

    if message.is_multipart():
        for part in message.iter_parts():
            walk(part, message.get_content_type() == "multipart/related")
    return found


def _prompt_kind(step, role: str) -> str | None:
    for prompt in step.prompts:
        if prompt["role"] == role:
            return prompt["kind"]
    return None


def _message_id(message, raw: bytes) -> str:
    value = (message.get("Message-ID") or "").strip()
    return value[:255] if value else "sha256:" + hashlib.sha256(raw).hexdigest()


def _is_automatic(message) -> bool:
    """Auto-replies and bulk mail are never answered (no mail loops, RFC 3834)."""
    auto = (message.get("Auto-Submitted") or "no").strip().lower()
    precedence = (message.get("Precedence") or "").strip().lower()
    return auto != "no" or precedence in ("bulk", "junk", "list") or bool(message.get("X-Autoreply"))


def _error_lines(errors: list[dict], text: str) -> list[dict]:
    lines = text.split("\n")
    result = []
    for error in errors:
        match = re.fullmatch(r"line:(\d+)", error.get("path", ""))
        number = int(match.group(1)) if match else None
        result.append(
            {
                **error,
                "line": number,
                "line_text": lines[number - 1].strip() if number and number <= len(lines) else "",
                "text": message_text(error.get("message")),
            }
        )
    return result


def _record(message_id: str, *, sender: str, subject: str, via: str, result: str, detail: dict, game_id=None) -> dict:
    try:
        with transaction.atomic():
            InboundMessage.objects.create(
                message_id=message_id, sender=sender[:254], subject=subject[:255], via=via, result=result, detail=detail, game_id=game_id
            )
    except IntegrityError:
        pass
    return {"result": result, **detail}


def _reply(*, user, message_id: str, template_context: dict, game=None, step=None, seat=None) -> None:
    context = dict(template_context)
    if game is not None and isinstance(context.get("role"), str):  # the seat by its name and what it commands
        from games.presentation import seat_name

        with translation.override(profile_for(user=user).language):
            context["role"] = seat_name(game.ruleset, context["role"], game.options)
    headers = {"In-Reply-To": message_id, "References": message_id, "Auto-Submitted": "auto-replied"}
    if seat is not None and step is not None and step.status == step.Status.OPEN:
        # A fresh single-use address, to send corrected orders until the step closes.
        headers["Reply-To"] = links.reply_address(seat=seat, step=step)
    outbox_email(
        dedupe_key="reply:" + hashlib.sha256(message_id.encode()).hexdigest()[:40],
        user=user,
        game=game,
        step=step,
        kind="reply",
        template="reply",
        context=context,
        headers=headers,
    )


def process_message(raw: bytes, *, via: str = "smtp", recipients: list[str] | None = None) -> dict:
    """Read one inbound email and act on it (at most once per Message-ID). Returns
    ``{"result": accepted|invalid|refused|ignored, ...}``."""
    message = message_from_bytes(raw, policy=policy.default)
    message_id = _message_id(message, raw)
    earlier = InboundMessage.objects.filter(message_id=message_id).first()
    if earlier is not None:
        return {"result": earlier.result, "duplicate": True, **earlier.detail}
    sender = parseaddr(str(message.get("From") or ""))[1]
    subject = str(message.get("Subject") or "")
    record = dict(sender=sender, subject=subject, via=via)
    if _is_automatic(message):
        return _record(message_id, result=InboundMessage.Result.IGNORED, detail={"reason": "automatic"}, **record)
    if throttles.hit("inbound", ident=f"email:{sender or 'unknown'}") is not None:
        # Read nothing more and answer nothing (no backscatter): a sender over its rate.
        return _record(message_id, result=InboundMessage.Result.IGNORED, detail={"reason": "throttled"}, **record)
    addresses = list(recipients or [])
    for header in ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To"):
        addresses += [address for _, address in getaddresses([str(v) for v in message.get_all(header, [])])]
    token = links.reply_token_in(addresses)
    if token is None:
        return _record(message_id, result=InboundMessage.Result.IGNORED, detail={"reason": "no-token"}, **record)

    text = strip_reply(body_text(message))
    if links.is_press_token(token):
        return _press_reply(token, text=text, sender=sender, message_id=message_id, record=record)
    try:
        claim = links.read_reply_token(token)
    except links.LinkRefused as refused:
        # Tell a known player why; never answer an unknown address (no backscatter).
        user = get_user_model().objects.filter(email__iexact=sender).first() if sender else None
        if user is not None:
            with translation.override(profile_for(user=user).language):
                _reply(user=user, message_id=message_id, template_context={"refused": refused.as_error(), "reason": refused.reason})
        return _record(message_id, result=InboundMessage.Result.REFUSED, detail={"error": refused.as_error()}, **record)

    seat = claim.seat()
    game, player = seat.game, seat.player
    step = claim.step()
    rs = game_services.ruleset_for(game.ruleset)
    files = attached_files(message)
    kind = _prompt_kind(step, seat.role)
    ignored: list[str] = []
    tables: list[tuple[str, bytes]] = []
    if files and (kind is None or not attachment_rows.limit_of(rs, kind)):
        # These orders take no file (an encoded game's, a master's). A table file (.yaml)
        # from a role that gives the game tables of its own (games/game_tables.py) is
        # given to it, in play with these very orders; any other file is not kept, and
        # the reply says so.
        authors = rs.table_authors(copy.deepcopy(game.state)) if game.state is not None else []
        for name, _kind, data in files:
            if seat.role in authors and re.search(r"\.ya?ml$", name or "", re.IGNORECASE):
                tables.append((attachments.clean_name(name), data))
            else:
                ignored.append(attachments.clean_name(name))
        files = []
    given: list[str] = []
    try:
        with transaction.atomic():  # the token, the files, the tables and the orders: all or nothing
            links.consume(claim)
            for name, data in tables:
                try:
                    row, _written = game_tables.table_upload(game=game, player=player, text=data.decode("utf-8"))
                except UnicodeDecodeError:
                    raise game_errors.OrdersInvalid(name, errors=[{"code": "table.encoding", "path": "", "file": name, "message": {
                        "en": "The table file is not UTF-8 text.", "fr": "Le fichier de la table n'est pas du texte UTF-8."}}]) from None
                except game_errors.GameError as exc:
                    problems = exc.errors or [{"code": exc.code, "path": "", "message": {"en": str(exc.detail), "fr": str(exc.detail)}}]
                    raise game_errors.OrdersInvalid(name, errors=[
                        {**{k: v for k, v in e.items() if k != "line"}, "file": name, "file_line": e.get("line")}
                        for e in problems]) from None
                given.append(row.table_id)
            for index, (name, content_type, data) in enumerate(files):
                try:
                    attachments.store(game=game, player=player, name=name, content_type=content_type, data=data,
                                      step=claim.step_number, path=f"/attachments/{index}")
                except game_errors.OrdersInvalid as exc:
                    for error in exc.errors:
                        error["file"] = attachments.clean_name(name)
                    raise
            receipt = game_services.order_submit(
                game=game, player=player, step=claim.step_number, text=text, source=OrderSet.Source.EMAIL
            )
    except links.LinkRefused as refused:
        _reply(user=player, message_id=message_id, game=game, step=step, template_context={"refused": refused.as_error(), "reason": refused.reason})
        return _record(message_id, result=InboundMessage.Result.REFUSED, detail={"error": refused.as_error()}, game_id=game.pk, **record)
    except game_errors.OrdersInvalid as exc:
        with translation.override(profile_for(user=player).language):
            errors = _error_lines(exc.errors, text)
        _reply(
            user=player,
            message_id=message_id,
            game=game,
            step=step,
            seat=seat,
            template_context={"errors": errors, "role": seat.role, "step": step, "orders_text": text},
        )
        detail = {"errors": [{k: e[k] for k in ("code", "path", "message", "line", "file", "file_line") if k in e} for e in errors]}
        return _record(message_id, result=InboundMessage.Result.INVALID, detail=detail, game_id=game.pk, **record)
    except game_errors.GameError as exc:
        error = {"code": exc.code, "path": "", "message": {"en": str(exc.detail), "fr": str(exc.detail)}}
        with translation.override(profile_for(user=player).language):
            error["message"]["fr"] = str(exc.title)
        _reply(user=player, message_id=message_id, game=game, step=step, template_context={"refused": error, "reason": exc.code})
        return _record(message_id, result=InboundMessage.Result.REFUSED, detail={"error": error}, game_id=game.pk, **record)

    order_set = OrderSet.objects.get(step=step, seat=seat)
    try:
        parsed = rs.format_orders(order_set.orders)
    except NotImplementedError:
        parsed = text
    _reply(
        user=player,
        message_id=message_id,
        game=game,
        step=step,
        seat=seat,
        template_context={"accepted": True, "role": seat.role, "step": step, "parsed": parsed or "pass", "receipt": receipt.receipt,
                          "replaced": receipt.replaced, "final": receipt.final, "ignored_files": ignored, "tables": given,
                          "files": [a["name"] for a in (order_set.orders.get("attachments") or []) if isinstance(a, dict)]},
    )
    return _record(
        message_id,
        result=InboundMessage.Result.ACCEPTED,
        detail={"receipt": receipt.receipt, "step": receipt.step},
        game_id=game.pk,
        **record,
    )


def on_anymail_inbound(sender, event, esp_name, **kwargs) -> None:
    """django-anymail's ``inbound`` signal: a provider posted a received message."""
    message = event.message
    process_message(message.as_bytes(), via=f"webhook:{esp_name}"[:16], recipients=[str(a.addr_spec) for a in (message.to or [])])


def _press_reply(token: str, *, text: str, sender: str, message_id: str, record: dict) -> dict:
    """A reply to a table-talk email: the text above the quote is posted as the seat's
    answer to the message, to the same seats (games.press.message_post). A refusal is
    told to the player; nothing is posted."""
    from games import press
    from games.models import Seat

    try:
        claim = links.read_press_token(token)
    except links.LinkRefused as refused:
        user = get_user_model().objects.filter(email__iexact=sender).first() if sender else None
        if user is not None:
            with translation.override(profile_for(user=user).language):
                _reply(user=user, message_id=message_id, template_context={"refused": refused.as_error(), "reason": refused.reason})
        return _record(message_id, result=InboundMessage.Result.REFUSED, detail={"error": refused.as_error()}, **record)
    seat = Seat.objects.select_related("game", "player").get(pk=claim.seat_id)
    game, player = seat.game, seat.player
    error = None
    if throttles.hit("press", ident=f"user:{player.pk}") is not None:
        error = {"code": "press.throttled", "path": "", "message": {
            "en": "Too many messages for now: try again later.", "fr": "Trop de messages pour l'instant : réessayez plus tard."}}
    else:
        try:
            posted = press.message_post(game=game, player=player, body=text, reply_to=claim.message_id, source="email")
        except game_errors.GameError as exc:
            error = (exc.errors or [{"code": exc.code, "path": "", "message": {"en": str(exc.detail), "fr": str(exc.detail)}}])[0]
    if error is not None:
        _reply(user=player, message_id=message_id, game=game, template_context={"refused": error, "reason": error["code"]})
        return _record(message_id, result=InboundMessage.Result.REFUSED, detail={"error": error}, game_id=game.pk, **record)
    return _record(message_id, result=InboundMessage.Result.ACCEPTED, detail={"message": posted.pk}, game_id=game.pk, **record)
