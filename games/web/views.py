"""The minimal game page an email link lands on (the full web UI is a later issue)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from games import errors, presentation, selectors, services
from games.models import Game


class OrderTextForm(forms.Form):
    step = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    text = forms.CharField(
        label=_("Orders"), required=False, strip=False, widget=forms.Textarea(attrs={"rows": 8, "cols": 60}), max_length=20000
    )


@login_required
def game_list(request):
    awaiting = {game.pk for game in selectors.games_awaiting(player=request.user)}
    games = selectors.games_of(player=request.user)
    return render(request, "games/game_list.html", {"games": games, "awaiting": awaiting})


@login_required
@require_http_methods(["GET", "POST"])
def game_detail(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    order_errors: list[dict] = []
    if request.method == "POST":
        form = OrderTextForm(request.POST)
        if form.is_valid():
            try:
                receipt = services.order_submit(
                    game=game, player=request.user, step=form.cleaned_data["step"], text=form.cleaned_data["text"], source="web"
                )
            except errors.GameError as exc:
                order_errors = exc.errors or [{"code": exc.code, "path": "", "message": {"en": str(exc.detail), "fr": str(exc.detail)}}]
            else:
                messages.success(request, _("Orders received. Receipt: %(receipt)s") % {"receipt": receipt.receipt})
                return redirect("games-web:detail", game_id=game.pk)
    view = selectors.game_view_for(game=game, player=request.user)
    rs = services.ruleset_for(game.ruleset)
    for prompt in view["prompts"]:
        try:
            prompt["default_text"] = rs.format_orders(prompt["default_orders"])
        except NotImplementedError:
            prompt["default_text"] = ""
    events = [
        event
        for event in (
            selectors.event_as_dict(event=e, game=game)
            for e in selectors.events_visible_to(game=game, role=view["role"])
        )
        if presentation.worth_telling(event)
    ]
    language = (getattr(request, "LANGUAGE_CODE", "en") or "en")[:2]
    return render(
        request,
        "games/game_detail.html",
        {"game": game, "g": view, "events": events, "order_errors": order_errors, "lang": language},
    )
