"""The desk: a page for a seat that referees (a game master), drawn from the contract
alone — the platform names no ruleset.

It lists what each seat sent (the open prompt's ``context.orders``, and the open step's
sealed order sets while ``Ruleset.reads_open_orders`` allows), draws the prompt's
publishing form (``context.form``: fields that each write lines of the text notation),
submits the text it writes like the order box of the game page, and lets a seat the
ruleset lets pass on (``Ruleset.handover_roles``) hand it to another account.
"""

from __future__ import annotations

import copy

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games import errors, game_tables, presentation, selectors, services, substitutes, throttles
from games.models import Game
from games.web.position import position
from games.web.selectors import desk_prompt, has_desk
from games.web.views import _access, _error, _game_error, _language
from rules.tables.format import TEXT_MAX_BYTES

MAX_FIELD = 20000


def compose(fields: list[dict], posted) -> str:
    """The notation text a posted form writes: each field in order, when filled (a line
    field: when changed from its value), its ``line`` with ``{value}`` (once per line of a
    text) and the other fields' values it names; a field whose ``needs`` is empty writes
    nothing."""
    values = {}
    for field in fields:
        raw = str(posted.get(field["name"], "") or "")[:MAX_FIELD]
        if field["kind"] in ("line", "choice"):
            raw = " ".join(raw.split())  # one line: no instruction slips in through a newline
        values[field["name"]] = raw
    lines = []
    for field in fields:
        template, value = field.get("line"), values[field["name"]]
        if not template:
            continue
        if field.get("needs") and not values.get(field["needs"]):
            continue
        if field["kind"] == "check":
            if value:
                lines.append(template)
            continue
        if field["kind"] == "line" and value == str(field.get("value", "")):
            continue
        if not value.strip():
            continue
        others = {name: v for name, v in values.items() if name != field["name"]}
        parts = value.splitlines() if field["kind"] in ("text", "lines") else [value]
        for part in parts:
            if part.strip() or field["kind"] == "text":
                lines.append(_fill(template, part.strip(), others))
    return "\n".join(lines)


def _fill(template: str, value: str, others: dict) -> str:
    out = template.replace("{value}", value)
    for name, other in others.items():
        out = out.replace("{" + name + "}", other)
    return out


@require_http_methods(["GET", "POST"])
def desk(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    seat, player, from_link, refusal = _access(request, game)
    if refusal is not None:
        return refusal
    if seat is None:
        raise Http404(_("No such page."))
    rs = services.ruleset_for(game.ruleset)
    view = selectors.game_view_for(game=game, player=seat.player)
    prompt = desk_prompt(view)
    open_orders = selectors.open_orders_for(game=game, role=seat.role)
    may_hand_over = game.status == Game.Status.ACTIVE and game.state is not None and \
        seat.role in rs.handover_roles(copy.deepcopy(game.state))
    if not has_desk(rs, game, seat.role, view):
        raise Http404(_("No such page."))
    may_give_tables = game.status == Game.Status.ACTIVE and game.state is not None and not from_link and \
        seat.role in rs.table_authors(copy.deepcopy(game.state))
    problems: list[dict] = []
    posted_text = ""
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "handover" and may_hand_over and not from_link:
            try:
                substitutes.seat_hand_over(game=game, player=seat.player, to_username=request.POST.get("to", ""),
                                           reason=request.POST.get("reason", "")[:500])
            except errors.GameError as exc:
                problems = _game_error(exc)
            else:
                messages.success(request, _("The seat is handed over."))
                return redirect("games-web:detail", game_id=game.pk)
        elif action == "table" and may_give_tables:
            problems = _table_upload(request, game, seat)
            if not problems:
                return redirect("games-web:desk", game_id=game.pk)
        elif action == "publish" and prompt is not None:
            posted_text = compose(prompt["context"]["form"], request.POST)
            if str(request.POST.get("step")) != str(prompt["step"]):
                problems = [_error("orders.other_step", "/step", "This form was for another step: it has moved on.",
                                   "Ce formulaire était pour une autre étape : la partie a avancé.")]
            elif not posted_text.strip():
                problems = [_error("desk.empty", "", "The form is empty: fill in something to submit.",
                                   "Le formulaire est vide : remplissez quelque chose à envoyer.")]
            else:
                wait = throttles.hit("orders", ident=f"user:{seat.player_id}")
                if wait is not None:
                    problems = [_error("orders.throttled", "", f"Too many submissions: try again in {wait} seconds.",
                                       f"Trop d'envois : réessayez dans {wait} secondes.")]
                else:
                    try:
                        receipt = services.order_submit(game=game, player=seat.player, step=prompt["step"],
                                                        text=posted_text, source="web")
                    except errors.GameError as exc:
                        problems = _game_error(exc)
                    else:
                        messages.success(request, _("Sent. Receipt: %(receipt)s") % {"receipt": receipt.receipt})
                        return redirect("games-web:desk", game_id=game.pk)
        else:
            problems = [_error("desk.action", "/action", "Nothing to do with this form now.",
                               "Rien à faire de ce formulaire maintenant.")]
    language = _language(request)
    sent = []
    if prompt is not None:
        for role, orders in ((prompt.get("context") or {}).get("orders") or {}).items():
            sent.append({"role": role, "text": rs.format_orders(orders), "attachments": orders.get("attachments") or []})
    pos = position(rs, view.get("view") or {}, role=seat.role, lang=language)
    form = []
    if prompt is not None:
        for field in prompt["context"]["form"]:
            shown = dict(field)
            shown["label"] = presentation.message_text(field.get("label"), language)
            shown["help"] = presentation.message_text(field.get("help"), language) if field.get("help") else ""
            shown["choices"] = [{"value": c["value"], "label": presentation.message_text(c["label"], language)}
                                for c in field.get("choices") or []]
            shown["posted"] = request.POST.get(field["name"], field.get("value", "")) if request.method == "POST" \
                else field.get("value", "")
            form.append(shown)
    context = {
        "game": game, "seat": seat, "g": view, "prompt": prompt, "form": form, "sent": sent,
        "open_orders": open_orders, "may_hand_over": may_hand_over and not from_link, "problems": problems,
        "posted_text": posted_text, "pos": pos, "lang": language,
        "ruleset_name": presentation.message_text(rs.name.as_dict(), language),
        "may_give_tables": may_give_tables, "table_max": TEXT_MAX_BYTES,
        "own_tables": [{"id": row.table_id, "title": presentation.message_text(row.title, language)}
                       for row in game_tables.tables_of(game)] if may_give_tables else [],
        "posted_table": request.POST.get("table_yaml", "")[:TEXT_MAX_BYTES] if request.method == "POST" else "",
    }
    return render(request, "games/desk.html", context, status=400 if problems else 200)


def _table_upload(request, game, seat) -> list[dict]:
    """A table the master gives the game from his desk: the file chosen, else the text
    written (games/game_tables.py); the problems of the file, each with its line."""
    upload = request.FILES.get("table_file")
    if upload is not None:
        data = upload.read(TEXT_MAX_BYTES + 1)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return [_error("table.encoding", "", "The table file is not UTF-8 text.",
                           "Le fichier de la table n'est pas du texte UTF-8.")]
    else:
        text = request.POST.get("table_yaml", "")
    wait = throttles.hit("orders", ident=f"user:{seat.player_id}")
    if wait is not None:
        return [_error("orders.throttled", "", f"Too many submissions: try again in {wait} seconds.",
                       f"Trop d'envois : réessayez dans {wait} secondes.")]
    try:
        row, written = game_tables.table_upload(game=game, player=seat.player, text=text)
    except errors.GameError as exc:
        return _game_error(exc)
    if written:
        messages.success(request, _("The table %(table)s is the game's: it comes into play with your next orders.")
                         % {"table": row.table_id})
    else:
        messages.info(request, _("The game already has this table as it is."))
    return []


@require_http_methods(["GET"])
def attachment(request, game_id: int, token: str):
    """A file attached to orders, for the roles that may read it (games/attachments.py);
    a 404 for anyone else, who learns nothing of it."""
    from games import attachments as attachments_service

    game = get_object_or_404(Game, pk=game_id)
    seat, player, from_link, refusal = _access(request, game)
    if refusal is not None:
        return refusal
    found = attachments_service.find_readable(game=game, role=seat.role if seat else None, token=token)
    if found is None:
        raise Http404(_("No such file."))
    return attachments_service.download(found)
