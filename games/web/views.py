"""The game on the web: my games, create, invite and join, the game page (map, order
entry, log, replay, victory points), the text-only view, and the htmx fragments that
check an order set and replay a step. Thin views: reads through selectors, writes
through one service each. Who acts for which seat is ``games.web.access``'s answer
(a logged-in player, or a signed email link without a login)."""

from __future__ import annotations

import copy
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games import (
    attachment_rows,
    attachments,
    bidi,
    computers,
    errors,
    invitations,
    lobby,
    naming,
    order_shapes,
    presentation,
    press,
    selectors,
    services,
    spectators,
    substitutes,
    throttles,
)
from games.models import Game
from games.presentation import message_text
from games.web import charts, mapsvg
from games.web import choices as choices_web
from games.web import selectors as web_selectors
from games.web.access import link_grant, seat_for_request, seat_is_from_link
from games.web.forms import GameCreateForm, InviteForm, OrderTextForm, PracticeForm, RenameForm, computer_level_choices
from games.web.position import name_places, position


def _language(request) -> str:
    return (getattr(request, "LANGUAGE_CODE", None) or translation.get_language() or "en")[:2]


def _error(code: str, path: str, en: str, fr: str) -> dict:
    return {"code": code, "path": path, "message": {"en": en, "fr": fr}}


def _game_error(exc: errors.GameError) -> list[dict]:
    return exc.errors or [_error(exc.code, "", str(exc.detail), str(exc.detail))]


# -- my games, create, invite, join -------------------------------------------------------


@login_required
def game_list(request):
    return render(
        request,
        "games/game_list.html",
        {"rows": web_selectors.my_games(player=request.user), "open_games": web_selectors.open_games(player=request.user)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request):
    catalogue = selectors.rulesets_catalogue()
    slugs = [entry["slug"] for entry in catalogue]
    slug = request.POST.get("ruleset") or request.GET.get("ruleset") or (slugs[0] if slugs else "")
    entry = next((e for e in catalogue if e["slug"] == slug), None)
    if entry is None:
        raise Http404(_("Unknown ruleset."))
    form = GameCreateForm(request.POST or None, catalogue_entry=entry)
    problems: list[dict] = []
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(
                ruleset=slug,
                scenario=form.cleaned_data["scenario"],
                options=form.options(),
                created_by=request.user,
                name=form.cleaned_data.get("name") or None,
                role=form.cleaned_data["role"] or None,
                step_hours=form.cleaned_data["step_hours"],
                deadline_policy=form.deadline_policy(),
                invite_only=bool(form.addresses()),  # a game created for invitees seats them only
                min_rating=form.cleaned_data.get("min_rating"),
                public=bool(form.cleaned_data.get("public")),
                stand_in=form.cleaned_data.get("stand_in") or "default",
                press_private={"on": True, "off": False}.get(form.cleaned_data.get("press_private") or ""),
                min_reliability=(None if form.cleaned_data.get("min_reliability") is None
                                 else form.cleaned_data["min_reliability"] / 100),
            )
        except errors.GameError as exc:
            problems = _game_error(exc)
        else:
            addresses = form.addresses()
            if addresses and throttles.hit("invitations", request) is not None:
                messages.error(request, _("Too many invitations for now: try again later."))
            elif addresses:
                try:
                    sent = invitations.invitation_send(game=game, inviter=request.user, emails=addresses, language=_language(request))
                except invitations.InvitationError as exc:
                    messages.error(request, presentation.message_text(exc.message))
                else:
                    messages.success(request, _("Invitation sent to %(emails)s.") % {"emails": ", ".join(sent)})
            messages.success(request, _("Game “%(name)s” created.") % {"name": presentation.game_title(game)})
            return redirect("games-web:detail", game_id=game.pk)
    practice = PracticeForm(catalogue_entry=entry) if entry.get("computer_levels") else None
    return render(
        request,
        "games/game_new.html",
        {"form": form, "practice_form": practice, "catalogue": catalogue, "entry": entry, "problems": problems,
         "lang": _language(request)},
        status=400 if (problems or form.errors) else 200,
    )


@login_required
@require_http_methods(["POST"])
def game_invite(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give at least one email address."))
    elif throttles.hit("invitations", request) is not None:  # each request sends mail
        messages.error(request, _("Too many invitations for now: try again later."))
    else:
        try:
            sent = invitations.invitation_send(game=game, inviter=request.user, emails=form.addresses(), language=_language(request))
        except invitations.InvitationError as exc:
            messages.error(request, f"{exc.code}: {presentation.message_text(exc.message)}")
        else:
            messages.success(request, _("Invitation sent to %(emails)s.") % {"emails": ", ".join(sent)})
    return redirect("games-web:detail", game_id=game.pk)


@login_required
@require_http_methods(["POST"])
def game_join(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    if throttles.hit("join", request) is not None:
        messages.error(request, _("Too many seats taken for now: try again later."))
        return redirect("games-web:lobby")
    try:
        seat = services.game_join(game=game, player=request.user, role=request.POST.get("role") or None)
    except errors.GameError as exc:
        messages.error(request, _problem_text(exc))
        return redirect("games-web:lobby")
    messages.success(request, _("You take the seat %(role)s.") % {"role": seat.role})
    return redirect("games-web:detail", game_id=game.pk)


def _problem_text(exc: errors.GameError) -> str:
    """A refusal in the reader's language: each error's message, else the title."""
    texts = [presentation.message_text(e.get("message")) for e in exc.errors if e.get("message")]
    return " ".join(texts) or str(exc.title)


# -- the lobby ------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def lobby_page(request):
    """Open games to join (anybody may look), "match me" and my waiting requests."""
    catalogue = selectors.rulesets_catalogue()
    ruleset = request.GET.get("ruleset") or None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if request.POST.get("cancel"):
            try:
                lobby.match_cancel(player=request.user, request_id=_int(request.POST["cancel"]) or 0)
            except errors.GameError as exc:
                messages.error(request, _problem_text(exc))
            return redirect("games-web:lobby")
        if throttles.hit("join", request) is not None:
            messages.error(request, _("Too many requests for now: try again later."))
            return redirect("games-web:lobby")
        slug, _sep, scenario = (request.POST.get("pool") or "").partition("|")
        try:
            match = lobby.match_request(player=request.user, ruleset=slug, scenario=scenario)
        except errors.GameError as exc:
            messages.error(request, _problem_text(exc))
            return redirect("games-web:lobby")
        if match.game_id:
            messages.success(request, _("Matched: your game has started."))
            return redirect("games-web:detail", game_id=match.game_id)
        messages.success(request, _("You wait to be matched: the turn email will tell you when the game starts."))
        return redirect("games-web:lobby")
    language = _language(request)
    waiting = lobby.matches_waiting()
    pools = [
        {"value": f"{entry['slug']}|{s['id']}", "label": f"{message_text(entry['name'], language)} — {message_text(s.get('title'), language)}",
         "waiting": waiting.get((entry["slug"], str(s["id"])), 0)}
        for entry in catalogue for s in entry["scenarios"]
    ]
    return render(request, "games/lobby.html", {
        "seats": substitutes.seats_offered(player=request.user),
        "games": lobby.open_games(player=request.user, ruleset=ruleset),
        "requests": lobby.match_requests_of(player=request.user),
        "pools": pools,
        "catalogue": catalogue,
        "ruleset": ruleset,
        "lang": language,
    })


@require_http_methods(["POST"])
def game_seat_action(request, game_id: int):
    """Resign, offer / accept / decline a draw (the seat's player, signed in or by link),
    or take over an offered seat (a signed-in account)."""
    game = get_object_or_404(Game, pk=game_id)
    action = request.POST.get("action", "")
    if action == "take_over":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if throttles.hit("join", request) is not None:
            messages.error(request, _("Too many seats taken for now: try again later."))
            return redirect("games-web:lobby")
        try:
            seat = substitutes.seat_take_over(game=game, role=request.POST.get("role", ""), player=request.user)
        except errors.GameError as exc:
            messages.error(request, _problem_text(exc))
            return redirect("games-web:lobby")
        messages.success(request, _("You take over the seat %(role)s.") % {"role": seat.role})
        return redirect("games-web:detail", game_id=game.pk)
    seat, player, from_link, refusal = _access(request, game)
    if refusal is not None:
        return refusal
    try:
        if seat is None:
            raise errors.NotSeated(errors.NotSeated.title)
        if action == "resign":
            if request.POST.get("confirm") != "1":
                messages.error(request, _("Tick the box to confirm that you resign."))
            else:
                substitutes.seat_resign(game=game, player=player)
                messages.success(request, _("You resigned."))
        elif action in ("draw", "no_draw"):
            substitutes.draw_answer(game=game, player=player, accept=action == "draw")
    except errors.GameError as exc:
        messages.error(request, _problem_text(exc))
    return redirect("games-web:detail", game_id=game.pk)


@require_http_methods(["GET"])
def archive_page(request):
    """The public archive: finished public games with their results, each downloadable
    as JSON (the game and its public log)."""
    ruleset = request.GET.get("ruleset") or None
    language = _language(request)
    return render(request, "games/archive.html", {"games": selectors.archive_list(ruleset=ruleset),
                                                  "catalogue": selectors.rulesets_catalogue(), "ruleset": ruleset,
                                                  "lang": language})


@login_required
@require_http_methods(["POST"])
def game_follow(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    following = request.POST.get("follow") == "1"
    try:
        spectators.follow(game=game, user=request.user, following=following)
    except errors.GameError as exc:
        messages.error(request, _problem_text(exc))
    else:
        messages.success(request, _("You follow this game: at most one email a day.") if following
                         else _("You no longer follow this game."))
    return redirect("games-web:detail", game_id=game.pk)


@login_required
@require_http_methods(["POST"])
def game_start_now(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    try:
        lobby.game_start_now(game=game, by=request.user)
    except errors.GameError as exc:
        messages.error(request, _problem_text(exc))
    else:
        messages.success(request, _("The game starts with the seats taken."))
    return redirect("games-web:detail", game_id=game.pk)


@login_required
@require_http_methods(["POST"])
def game_practice(request):
    """Start a practice game against the computer (the new-game page's second form)."""
    catalogue = selectors.rulesets_catalogue()
    entry = next((e for e in catalogue if e["slug"] == request.POST.get("ruleset")), None)
    if entry is None:
        raise Http404(_("Unknown ruleset."))
    form = PracticeForm(request.POST, catalogue_entry=entry)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errs in form.errors.values() for e in errs))
        return redirect(f"{reverse('games-web:new')}?ruleset={entry['slug']}#practice")
    if throttles.hit("games", request) is not None:
        messages.error(request, _("Too many new games for now: try again later."))
        return redirect(f"{reverse('games-web:new')}?ruleset={entry['slug']}#practice")
    try:
        game = computers.practice_create(player=request.user, ruleset=entry["slug"],
                                         scenario=form.cleaned_data["scenario"],
                                         role=form.cleaned_data["role"] or None, level=form.cleaned_data["level"])
    except errors.GameError as exc:
        messages.error(request, _problem_text(exc))
        return redirect(f"{reverse('games-web:new')}?ruleset={entry['slug']}#practice")
    messages.success(request, _("Practice game %(id)s: the computer plays the other seats and answers at once.")
                     % {"id": game.pk})
    return redirect("games-web:detail", game_id=game.pk)


@login_required
@require_http_methods(["POST"])
def game_computer_seats(request, game_id: int):
    """The creator of an open game has computer players take its free seats."""
    game = get_object_or_404(Game, pk=game_id)
    try:
        computers.seats_fill(game=game, by=request.user, level=request.POST.get("level") or "fast")
    except errors.GameError as exc:
        messages.error(request, _problem_text(exc))
    else:
        messages.success(request, _("Computer players took the free seats."))
    return redirect("games-web:detail", game_id=game.pk)


@login_required
@require_http_methods(["POST"])
def game_rename(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    form = RenameForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors.get("name", [])))
        return redirect("games-web:detail", game_id=game.pk)
    try:
        game = naming.game_rename(game=game, by=request.user, name=form.cleaned_data["name"])
    except errors.GameError as exc:
        messages.error(request, _problem_text(exc))
    else:
        messages.success(request, _("The game is now called “%(name)s”.") % {"name": presentation.game_title(game)})
    return redirect("games-web:detail", game_id=game.pk)


@require_http_methods(["GET", "POST"])
def invitation(request, token: str):
    try:
        claim = invitations.invitation_read(token=token)
        if request.method == "POST" and request.POST.get("decline"):
            invitations.invitation_decline(token=token)
            messages.success(request, _("Invitation declined: you will not be invited to a game again."))
    except invitations.InvitationError as exc:
        return render(request, "games/invitation.html", {"error": {"code": exc.code, "message": presentation.message_text(exc.message)}}, status=400)
    game = claim["game"]
    seated = request.user.is_authenticated and game.seats.filter(player=request.user).exists()
    # The Join button only for the account the invitation was sent to (or anybody, in an
    # open game): a stranger holding the link sees why not.
    other_account = (request.user.is_authenticated and not seated and game.invite_only
                     and (request.user.email or "").strip().lower() != claim["email"])
    here = request.get_full_path()
    return render(
        request,
        "games/invitation.html",
        {
            "game": game,
            "email": claim["email"],
            "seated": seated,
            "other_account": other_account,
            "declined": game.invitations.filter(email=claim["email"], declined_at__isnull=False).exists(),
            "seats": game.seats.select_related("player").order_by("position"),
            "signup_url": reverse("accounts:signup") + "?" + _query({"email": claim["email"], "next": here}),
            "login_url": reverse("login") + "?" + _query({"next": here}),
        },
    )


def _query(params: dict) -> str:
    from urllib.parse import urlencode

    return urlencode(params)


# -- the game page ------------------------------------------------------------------------


def _access(request, game):
    """(seat, player acting, from a link) or a refusal: a private game is its seats' (a
    visitor is sent to log in, another account finds nothing); a public one anybody's."""
    seat = seat_for_request(request, game)
    if seat is None and not spectators.may_watch(game=game, user=request.user):
        if not request.user.is_authenticated:
            return None, None, False, redirect_to_login(request.get_full_path())
        raise Http404(_("No such game."))
    player = seat.player if seat is not None else (request.user if request.user.is_authenticated else None)
    return seat, player, seat_is_from_link(request, game, seat), None


def _submit(request, game, player, from_link) -> tuple[list[dict], bool]:
    """Store the posted text orders; ``(errors, stored)``."""
    form = OrderTextForm(request.POST)
    if not form.is_valid():
        return [_error("orders.form", "/step", "The form is incomplete.", "Le formulaire est incomplet.")], False
    grant = link_grant(request, game) if from_link else None
    if from_link and (grant is None or grant["step"] != form.cleaned_data["step"]):
        return [
            _error(
                "link.other_step", "/step",
                "Your link is for another step: open the link of your latest email.",
                "Votre lien vaut pour une autre étape : ouvrez le lien de votre dernier courriel.",
            )
        ], False
    wait = throttles.hit("orders", ident=f"user:{player.pk}")  # the API's bucket too
    if wait is not None:
        return [_error("orders.throttled", "", f"Too many submissions: try again in {wait} seconds.",
                       f"Trop d'envois : réessayez dans {wait} secondes.")], False
    for upload in request.FILES.getlist("attachments")[:10]:  # joined to these orders (games/attachments.py)
        try:
            if upload.size > attachments.max_bytes():
                raise attachments.too_large(upload.size, name=attachments.clean_name(upload.name))
            attachments.store(game=game, player=player, name=upload.name, content_type=upload.content_type or "",
                              data=upload.read())
        except errors.GameError as exc:
            return _game_error(exc), False
    try:
        receipt = services.order_submit(
            game=game, player=player, step=form.cleaned_data["step"], text=form.cleaned_data["text"], source="web"
        )
    except errors.GameError as exc:
        return _game_error(exc), False
    if receipt.final:
        text = _("Orders received. They were the last the step awaited: it closes and is resolved now. Receipt: %(receipt)s")
    else:
        text = _("Orders received; you may change them until the step closes. Receipt: %(receipt)s")
    messages.success(request, text % {"receipt": receipt.receipt})
    return [], True


def _order_lines(text: str, problems: list[dict], language: str) -> tuple[list[dict], list[dict]]:
    """Each non-empty line of the text with the problems that point at it (``line:N``),
    and the problems that point at no line."""
    by_line: dict[int, list[dict]] = {}
    general = []
    for problem in problems:
        path = str(problem.get("path") or "")
        if path.startswith("line:") and path[5:].isdigit():
            by_line.setdefault(int(path[5:]), []).append(problem)
        else:
            general.append(problem)
    lines = []
    for number, raw in enumerate((text or "").splitlines(), start=1):
        if raw.strip() or number in by_line:
            lines.append({"number": number, "text": raw, "problems": by_line.pop(number, [])})
    for leftover in by_line.values():
        general.extend(leftover)
    return lines, general


#: Resolved steps whose events the game page tells (a campaign has a thousand).
LOG_STEPS = 10


def _script_json(value) -> str:
    """JSON for a ``<script type="application/json">``: no markup can close the element."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _questions(rs, game, role, prompt: dict, text: str) -> list[dict]:
    """The prompt's questions (``Prompt.choices``) after the text drafted so far, each
    choice marked when its line is in the text (``games.web.choices``)."""
    questions = prompt.get("choices")
    if questions is None or text != prompt.get("default_text"):
        orders = _parsed(rs, game, role, text)
        questions = [q.as_dict() for q in rs.choices(copy.deepcopy(game.state), role, orders)]
    return choices_web.annotate(questions, text)


def _parsed(rs, game, role, text: str) -> dict | None:
    """The order set the text writes, as far as it can be read (None: nothing read)."""
    try:
        orders, _problems = rs.parse_orders(text, copy.deepcopy(game.state), role)
    except NotImplementedError:
        return None
    return orders if isinstance(orders, dict) else None


def _time_left(deadline) -> str:
    """``2 d 23 h`` (or ``45 min``) until the deadline; ``""`` once it has passed."""
    if deadline is None:
        return ""
    seconds = int((deadline - timezone.now()).total_seconds())
    if seconds <= 0:
        return ""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    if days:
        return _("%(d)s d %(h)s h") % {"d": days, "h": hours}
    if hours:
        return _("%(h)s h %(m)s min") % {"h": hours, "m": rest // 60}
    return _("%(m)s min") % {"m": max(1, rest // 60)}


def _game_context(request, game, seat, player, *, order_errors=None, posted_text=None, posted_step=None) -> dict:
    view = selectors.game_view_for(game=game, player=player if seat is not None else (request.user if request.user.is_authenticated else None))
    rs = services.ruleset_for(game.ruleset)
    language = _language(request)
    board = rs.board()
    pos = position(rs, view.get("view") or {}, role=view["role"], lang=language)
    for prompt in view["prompts"]:
        try:
            prompt["default_text"] = rs.format_orders(prompt["default_orders"])
        except NotImplementedError:
            prompt["default_text"] = ""
        posted = posted_text is not None and posted_step == prompt["step"]
        # a prompt built step by step (a sequence with a budget) starts empty, its default
        # orders named beside the box; the others start from their default orders
        built = any(q.get("mode") == "sequence" for q in prompt.get("choices") or [])
        prompt["text"] = posted_text if posted else ("" if built else prompt["default_text"])
        prompt["default_note"] = prompt["default_text"] if built else ""
        options = dict(prompt.get("options") or {})
        options.setdefault("side", options.get("side") or view["role"])
        prompt["options_json"] = _script_json(options)
        prompt["questions"] = _questions(rs, game, view["role"], prompt, prompt["text"])
        parsed = _parsed(rs, game, view["role"], prompt["text"]) if game.state is not None else None
        prompt["arrows_json"] = _script_json(rs.arrows(copy.deepcopy(game.state), view["role"], parsed or {}) if parsed else [])
        prompt["summary"] = message_text((prompt.get("context") or {}).get("summary"), language)
        prompt["time_left"] = _time_left(prompt.get("deadline"))
        prompt["check"] = {"lines": [], "general": []}
        prompt["attachments_limit"] = attachment_rows.limit_of(rs, prompt["kind"])
        prompt["attached"] = attachment_rows.for_orders(game_id=game.pk, role=view["role"], step=prompt["step"]) \
            if prompt["attachments_limit"] else []
        if order_errors and posted_step == prompt["step"]:
            lines, general = _order_lines(prompt["text"], order_errors, language)
            prompt["check"] = {"lines": lines, "general": general}
    standing = []
    if view["prompts"] and game.state is not None:
        standing = choices_web.annotate([q.as_dict() for q in rs.standing(copy.deepcopy(game.state), view["role"])],
                                        view["prompts"][0]["text"])
    steps = web_selectors.resolved_steps(game=game)
    # The log tells the last LOG_STEPS resolved steps (and the open one); the replay has
    # every earlier step and the API the whole log.
    log_from = steps[-LOG_STEPS] if len(steps) > LOG_STEPS else None
    visible = selectors.events_visible_to(game=game, role=view["role"])
    if log_from is not None:
        visible = visible.filter(step_number__gte=log_from)
    events = []
    for e in visible:
        event = selectors.event_as_dict(event=e, game=game)
        if presentation.worth_telling(event):
            events.append(event)
    series = web_selectors.vp_series(game=game, ruleset=rs)
    _mark_battles(pos, events, steps[-1] if steps else None)
    name_places(pos, board, language)  # zones and sides by name, for the text view
    open_steps = view.get("open_steps") or []
    for s in open_steps:
        s["time_left"] = _time_left(s.get("deadline"))
    since = _since_last_visit(request, game, seat, events)
    ending = [message_text(line, language) for line in presentation.outcome_lines(rs, game.outcome)]
    talk = None
    if seat is not None:
        talk = {
            "messages": list(press.messages_visible_to(game=game, role=seat.role).order_by("-created_at", "-pk")[:TALK_SHOWN])[::-1],
            "others": list(game.seats.exclude(role=seat.role).order_by("position").values_list("role", flat=True)),
            "private_allowed": press.private_allowed(game=game),
            "locked": game.press_locked_at is not None,
            "muted": press.muted_roles(seat=seat),
            "max_length": press.MAX_LENGTH,
        }
    return {
        "names": _board_names(board, pos, language),
        "outcome_text": ending[0] if ending else "",
        "outcome_lines": ending[1:],
        "talk": talk,
        "seat_actions": _seat_actions(game, seat, rs),
        "may_follow": seat is None and spectators.may_follow(game=game, user=request.user),
        "following": seat is None and spectators.is_following(game=game, user=request.user),
        "can_lock_press": press.is_organiser(game=game, user=request.user) and game.status in (Game.Status.OPEN, Game.Status.ACTIVE),
        "ruleset_name": message_text(rs.name.as_dict(), language) or game.ruleset,
        "scenario_title": _scenario_title(rs, game.scenario, language),
        "scenario_note": _scenario_note(rs, game.scenario, language),
        "own_tables": _own_tables(rs, game, language),
        "standing": standing,
        "since": since,
        "game": game,
        "g": view,
        "seat": seat,
        "from_link": seat_is_from_link(request, game, seat),
        "events": events,
        "log_from": log_from,
        "order_errors": order_errors or [],
        "lang": language,
        "board": board,
        "pos": pos,
        "map_svg": mapsvg.render(board, pos, title=_("Map of %(name)s") % {"name": presentation.game_title(game)}),
        "vp_chart": charts.vp_chart(series, pos, web_selectors.step_years(game=game) if series else None),
        "vp_series": series,
        "replay_steps": steps,
        "waiting_for": open_steps,
        "invite_form": InviteForm(),
        "game_name": presentation.game_title(game),
        "rename_form": (RenameForm(initial={"name": game.name if game.name_chosen else ""})
                        if game.status == Game.Status.OPEN and request.user.is_authenticated
                        and request.user.pk == game.created_by_id else None),
        "orders_i18n": dict(_orders_i18n(), names={p["id"]: p["name"] for st_ in pos["stacks"] for p in st_["leaders"] + st_["units"]}),
        "can_invite": game.status == Game.Status.OPEN and request.user.is_authenticated and game.seats.filter(player=request.user).exists(),
        "can_join": services.may_join(game=game, player=request.user),
        "desk": web_selectors.has_desk(rs, game, view["role"], view),
        "attachment_max": attachments.max_bytes(),
        "can_start_now": lobby.may_start_now(game=game, player=request.user if request.user.is_authenticated else None),
        # The creator of an open game may have computer players take its free seats.
        "computer_levels": (computer_level_choices() if game.status == Game.Status.OPEN and request.user.is_authenticated
                            and request.user.pk == game.created_by_id and rs_computer_available(rs) else None),
    }


def rs_computer_available(rs) -> bool:
    from rules import computer

    return computer.available(rs)


def _board_names(board: dict | None, pos: dict, language: str) -> dict:
    """Zone, region, sea and side ids -> their names in the reader's language (the
    text-only view names places, never ids)."""
    names = {}
    for table in ("zones", "regions", "seas"):
        for entry in (board or {}).get(table) or []:
            if entry.get("id") and entry.get("name"):
                names[entry["id"]] = message_text(entry["name"], language)
    for side, entry in (pos.get("sides") or {}).items():
        if isinstance(entry, dict) and entry.get("name"):
            names[side] = message_text(entry["name"], language)
    return names


def _scenario_title(rs, scenario: str, language: str) -> str:
    for entry in rs.scenarios():
        if str(entry.get("id")) == str(scenario):
            title = message_text(entry.get("title"), language)
            return f"{title} ({scenario})" if title and str(scenario) not in title else (title or str(scenario))
    return str(scenario)


def _own_tables(rs, game, language: str) -> list[dict]:
    """The game's own dice tables, for every reader of its page (games/game_tables.py);
    read only for a game whose ruleset has orders that take tables."""
    from games import game_tables, table_rows

    if game.state is None or not any(table_rows.takes_tables(rs, kind) for kind in rs.prompt_kinds()):
        return []

    return [{"id": row.table_id, "title": message_text(row.title, language)} for row in game_tables.tables_of(game)]


def _scenario_note(rs, scenario: str, language: str) -> str:
    """A scenario's ``note`` (what a player must know before anything else: a refereed
    game's rules are the players' printed rules), in the reader's language."""
    for entry in rs.scenarios():
        if str(entry.get("id")) == str(scenario) and entry.get("note"):
            return message_text(entry["note"], language)
    return ""


def _seat_actions(game, seat, rs) -> dict | None:
    """What the seat may do beside its orders: resign, and offer or answer a draw."""
    if seat is None or game.status != Game.Status.ACTIVE or seat.status == seat.Status.FORFEITED:
        return None
    offer = list(game.draw_offer or [])
    return {"resign": rs.resignation, "draw": rs.allows_draw(), "draw_offer": offer, "offered_by_me": seat.role in offer}


#: Messages of table talk the game page shows (the API has them all).
TALK_SHOWN = 50


@require_http_methods(["POST"])
def game_talk(request, game_id: int):
    """Table talk from the game page: post a message (to every seat, or privately to the
    seats ticked), mute or hear a seat again, lock or open the press (its organiser)."""
    game = get_object_or_404(Game, pk=game_id)
    seat, player, from_link, refusal = _access(request, game)
    if refusal is not None:
        return refusal
    action = request.POST.get("action", "post")
    try:
        if action in ("lock", "unlock"):
            press.press_lock(game=game, locked=action == "lock", by=request.user)
            messages.success(request, _("Table talk locked.") if action == "lock" else _("Table talk open again."))
        elif seat is None:
            raise errors.NotSeated(errors.NotSeated.title)
        elif action in ("mute", "unmute"):
            press.mute(game=game, player=player, role=request.POST.get("role", ""), muted=action == "mute")
        else:
            wait = throttles.hit("press", ident=f"user:{player.pk}")
            if wait is not None:
                messages.error(request, _("Too many messages: try again in %(s)s seconds.") % {"s": wait})
            else:
                press.message_post(game=game, player=player, body=request.POST.get("body", ""),
                                   to=request.POST.getlist("to"), source="web")
                messages.success(request, _("Message sent."))
    except errors.GameError as exc:
        messages.error(request, _problem_text(exc))
    return redirect(reverse("games-web:detail", kwargs={"game_id": game.pk}) + "#talk")


#: Events kept for "since your last visit" (the log has them all).
SINCE_MAX = 30


def _since_last_visit(request, game, seat, events: list[dict]) -> dict | None:
    """The events of the log the seat's player has not been shown yet, on whichever
    device or email link: the newest shown is kept on the seat (``services.seat_seen``).
    Nothing on a first visit (the whole log is new) or for an observer."""
    if seat is None or not events:
        return None
    newest = max(e["seq"] for e in events)
    seen = services.seat_seen(seat=seat, seq=newest)
    if seen is None or newest <= seen:
        return None
    new = [e for e in events if e["seq"] > seen and e["type"] not in ("dice",)]
    return {"events": new[-SINCE_MAX:], "more": max(0, len(new) - SINCE_MAX)} if new else None


def _mark_battles(pos: dict, events: list[dict], step: int | None) -> None:
    """A battle marker in each zone fought over in the latest resolved step."""
    if step is None:
        return
    for event in events:
        if event["type"] == "battle" and event["step"] == step and event["data"].get("zone"):
            zone = event["data"]["zone"]
            winner = event["data"].get("winner") or _("nobody")
            label = _("Battle in the last step, won by %(winner)s") % {"winner": winner}
            if not any(m["kind"] == "battle" for m in pos["markers"].get(zone, [])):
                pos["markers"].setdefault(zone, []).insert(0, {"kind": "battle", "label": label})


def _orders_i18n() -> dict:
    """The few words map.js writes, in the reader's language."""
    return {
        "no_move_here": _("None of your stacks can move from here."),
        "pick_group": _("What moves from"),
        "nobody": "—",
        "move": _("Move"),
        "pick_destination": _("Pick the destination on the map or in the list."),
        "pieces": _("Pieces"),
        "destination": _("Destination"),
        "route": _("Route"),
        "drop": _("Drop units on the way"),
        "no_drop": _("keep"),
        "add_move": _("Add this move"),
        "added": _("Move added to your orders."),
        "mp": _("MP"),
        "cancel": _("Cancel"),
        "pick_choice": _("the highlighted zones show where it may go and the cost; pick one on the map or a button."),
    }


@require_http_methods(["GET", "POST"])
def game_detail(request, game_id: int):
    """The game page: for the logged-in player, or for the seat a signed email link
    granted to this browser (``games.web.access``) without a login."""
    game = get_object_or_404(Game, pk=game_id)
    seat, player, from_link, refusal = _access(request, game)
    if refusal is not None:
        return refusal
    order_errors: list[dict] = []
    posted_text = posted_step = None
    if request.method == "POST" and request.POST.get("choose"):
        # a choice clicked without JavaScript: write its line into the text, store nothing
        posted_step = _int(request.POST.get("step"))
        posted_text = _choose(game, seat, request.POST.get("text", ""), request.POST.get("choose", ""))
        context = _game_context(request, game, seat, player, posted_text=posted_text, posted_step=posted_step)
        template = "games/game_text.html" if request.POST.get("return") == "text" else "games/game_detail.html"
        return render(request, template, context)
    if request.method == "POST":
        order_errors, stored = _submit(request, game, player, from_link)
        if stored:
            target = "games-web:text" if request.POST.get("return") == "text" else "games-web:detail"
            return redirect(target, game_id=game.pk)
        posted_text = request.POST.get("text", "")
        posted_step = _int(request.POST.get("step"))
    context = _game_context(request, game, seat, player, order_errors=order_errors, posted_text=posted_text, posted_step=posted_step)
    template = "games/game_text.html" if request.POST.get("return") == "text" else "games/game_detail.html"
    return render(request, template, context, status=400 if order_errors else 200)


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@require_http_methods(["GET"])
def game_text(request, game_id: int):
    """The text-only game view: the state, every stack, the legal orders, the orders
    in text notation. Usable with a screen reader and the keyboard alone."""
    game = get_object_or_404(Game, pk=game_id)
    seat, player, from_link, refusal = _access(request, game)
    if refusal is not None:
        return refusal
    return render(request, "games/game_text.html", _game_context(request, game, seat, player))


def _choose(game, seat, text: str, choose: str) -> str:
    """The text after a click on the choice ``question|choice`` (``games.web.choices``);
    the text unchanged when the seat has no such choice now."""
    if seat is None or game.state is None or "|" not in choose:
        return text
    rs = services.ruleset_for(game.ruleset)
    qid, cid = choose.split("|", 1)
    questions = [q.as_dict() for q in rs.choices(copy.deepcopy(game.state), seat.role, _parsed(rs, game, seat.role, text))]
    questions += [q.as_dict() for q in rs.standing(copy.deepcopy(game.state), seat.role)]
    found = choices_web.find(questions, qid, cid)
    return choices_web.apply(text, *found) if found else text


@require_http_methods(["POST"])
def orders_check(request, game_id: int):
    """htmx: the posted text checked by the engine (``parse_orders`` then ``validate``),
    each problem next to its line; nothing is stored."""
    game = get_object_or_404(Game, pk=game_id)
    seat, player, from_link, refusal = _access(request, game)
    if refusal is not None:
        return refusal
    text = request.POST.get("text", "")
    problems: list[dict] = []
    if seat is None:
        problems = [_error("orders.not_seated", "", "You do not hold a seat in this game.", "Vous n'avez pas de siège dans cette partie.")]
    elif game.state is None:
        problems = [_error("orders.not_started", "", "The game has not started.", "La partie n'a pas commencé.")]
    else:
        import copy

        rs = services.ruleset_for(game.ruleset)
        orders, parse_problems = rs.parse_orders(text, copy.deepcopy(game.state), seat.role)
        problems = bidi.text_errors(text) + [p.as_dict() for p in parse_problems]
        kind = next((p.kind for p in rs.prompts(game.state) if p.role == seat.role), None)
        if not problems and kind is not None:
            problems = order_shapes.shape_errors(rs, kind, orders)  # as order_submit: shape first
        if not problems and isinstance(orders, dict):
            problems = [p.as_dict() for p in rs.validate(copy.deepcopy(game.state), seat.role, orders)]
    lines, general = _order_lines(text, problems, _language(request))
    context = {"lines": lines, "general": general, "checked": True, "lang": _language(request),
               "any_problem": bool(problems)}
    step = _int(request.POST.get("step"))
    if seat is not None and game.state is not None and step is not None:
        # the choices left after this draft and its planned moves, swapped in beside the check
        rs = services.ruleset_for(game.ruleset)
        orders = _parsed(rs, game, seat.role, text)
        questions = [q.as_dict() for q in rs.choices(copy.deepcopy(game.state), seat.role, orders)]
        standing = [q.as_dict() for q in rs.standing(copy.deepcopy(game.state), seat.role)]
        context.update(oob=True, step=step, questions=choices_web.annotate(questions, text),
                       standing=choices_web.annotate(standing, text),
                       arrows_json=_script_json(rs.arrows(copy.deepcopy(game.state), seat.role, orders or {})))
    return render(request, "games/_order_check.html", context)


@require_http_methods(["GET"])
def replay(request, game_id: int):
    """One resolved step: the map after it and its events (an htmx fragment for the
    slider, a whole page without JavaScript)."""
    game = get_object_or_404(Game, pk=game_id)
    seat, player, from_link, refusal = _access(request, game)
    if refusal is not None:
        return refusal
    number = _int(request.GET.get("step"))
    role = seat.role if seat is not None else None
    steps = web_selectors.resolved_steps(game=game)
    if number is None and steps:
        number = steps[-1]
    try:
        data = selectors.step_replay(game=game, number=number or 0, role=role)
    except errors.StepNotFound:
        raise Http404(_("No such step.")) from None
    rs = services.ruleset_for(game.ruleset)
    board = rs.board()
    pos = position(rs, data["view"])
    events = [e for e in data["events"] if presentation.worth_telling(e)]
    _mark_battles(pos, events, data["step"])
    context = {
        "game": game,
        "number": data["step"],
        "steps": steps,
        "events": events,
        "messages": data["messages"],
        "pos": pos,
        "map_svg": mapsvg.render(board, pos, element_id="replay-map", title=_("Map after step %(n)s") % {"n": data["step"]}),
    }
    if request.headers.get("HX-Request"):
        return render(request, "games/_replay.html", context)
    return render(request, "games/replay.html", context)


@require_http_methods(["GET"])
def game_version(request, game_id: int):
    """htmx polling: nothing (204) while the game's state is the page's, else a full
    refresh of the page (``HX-Refresh``) once a step has been settled."""
    from django.http import HttpResponse

    game = Game.objects.filter(pk=game_id).only("pk", "public", "status", "invite_only", "created_by_id", "state_version").first()
    if game is None or (seat_for_request(request, game) is None and not spectators.may_watch(game=game, user=request.user)):
        raise Http404(_("No such game."))
    version = game.state_version
    if str(version) == request.GET.get("v"):
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Refresh"] = "true"
    return response


@require_http_methods(["GET"])
def home(request):
    """What Cursus is, for a visitor; a player goes to their games."""
    if request.user.is_authenticated:
        return redirect("games-web:list")
    return render(request, "home.html", {"catalogue": selectors.rulesets_catalogue(), "lang": _language(request)})


@require_http_methods(["GET"])
def notation(request, slug: str):
    """The text notation of a ruleset, every order and reaction with an example
    (``Ruleset.notation``), in the reader's language."""
    try:
        rs = services.ruleset_for(slug)
    except errors.UnknownRuleset:
        raise Http404(_("Unknown ruleset.")) from None
    return render(request, "games/notation.html", {"rs": rs, "ruleset_name": message_text(rs.name.as_dict(), _language(request)),
                                                   "sections": rs.notation(), "lang": _language(request)})
