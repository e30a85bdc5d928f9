"""Tournament pages: the public list, the tournament page (standings and the latest round
with each running game's VP), a page per round, the audit trail (paginated), the CSV
export, the organiser console and a player's profile (ratings and reliability)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from games import presentation
from games.errors import GameError
from tournaments import selectors, services
from tournaments.api.views import standings_csv
from tournaments.models import Tournament
from tournaments.web import fragments, tables

ROLE_CHOICES = [("PRIMUS", "PRIMUS"), ("SECONDUS", "SECONDUS")]


def _seats(tournament) -> list[str]:
    """The two seats of the tournament's games, by the game's names (``PRIMUS``, ``SECONDUS``)."""
    return (presentation.seat_names(tournament.ruleset, tournament.scenario, tournament.options) + ["", ""])[:2]


def tournament_list(request):
    return render(request, "tournaments/tournament_list.html", {"tournaments": selectors.tournaments_list()})


def tournament_detail(request, tournament_id: int):
    """The standings and the latest round (a cached fragment, tournaments/web/fragments.py);
    the earlier rounds and the audit trail have their own pages, linked from it."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "standings": fragments.standings_fragment(tournament=tournament),
            "is_organiser": selectors.is_organiser(tournament=tournament, user=request.user),
        },
    )


def tournament_round(request, tournament_id: int, number: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    pairings = selectors.round_pairings(tournament=tournament, number=number)
    if pairings is None:
        raise Http404
    return render(
        request,
        "tournaments/round.html",
        {"tournament": tournament, "number": number, "body": tables.pairings_body(pairings),
         "rounds": selectors.round_numbers(tournament=tournament), "seats": _seats(tournament)},
    )


def tournament_audit(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    trail = selectors.audit_page(tournament=tournament, page=request.GET.get("page"))
    return render(request, "tournaments/audit.html", {"tournament": tournament, "audit": trail["entries"], "page": trail["page"]})


def tournament_standings_csv(request, tournament_id: int):
    return standings_csv(get_object_or_404(Tournament, pk=tournament_id))


class PairingActionForm(forms.Form):
    ACTIONS = [("forfeit", _("Adjudicate a forfeit")), ("result", _("Adjust a result")), ("extend", _("Extend a deadline"))]

    action = forms.ChoiceField(label=_("Action"), choices=ACTIONS)
    pairing = forms.IntegerField(label=_("Pairing"), min_value=1)
    loser = forms.ChoiceField(label=_("Loser (forfeit)"), choices=ROLE_CHOICES, required=False)
    winner = forms.ChoiceField(label=_("Winner (result)"), choices=[("", _("draw"))] + ROLE_CHOICES, required=False)
    level = forms.ChoiceField(label=_("Level (result)"), choices=[], required=False)
    primus_vp = forms.IntegerField(label=_("PRIMUS VP"), min_value=0, required=False)
    secundus_vp = forms.IntegerField(label=_("SECONDUS VP"), min_value=0, required=False)
    hours = forms.IntegerField(label=_("Hours (extension)"), min_value=1, max_value=24 * 60, required=False)
    override = forms.BooleanField(label=_("Override the rules' level (with a reason)"), required=False)
    reason = forms.CharField(label=_("Reason"), required=False, max_length=2000)

    def __init__(self, *args, tournament: Tournament, language: str = "en", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["level"].choices = [
            (lv["id"], lv["label"].get(language, lv["label"]["en"])) for lv in services.result_levels(tournament.ruleset)
        ]


class WithdrawForm(forms.Form):
    player = forms.CharField(label=_("Player"))
    reason = forms.CharField(label=_("Reason"), required=False, max_length=2000)


class ReplaceForm(forms.Form):
    player = forms.CharField(label=_("Player"))
    replacement = forms.CharField(label=_("Replacement"))
    reason = forms.CharField(label=_("Reason"), required=False, max_length=2000)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_console(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not selectors.is_organiser(tournament=tournament, user=request.user):
        raise PermissionDenied
    language = (getattr(request, "LANGUAGE_CODE", "en") or "en")[:2]
    action_form, replace_form, problems = PairingActionForm(tournament=tournament, language=language), ReplaceForm(), []
    withdraw_form = WithdrawForm()
    if request.method == "POST":
        what = request.POST.get("form")
        try:
            if what == "pair":
                services.round_pair_next(tournament=tournament, by=request.user)
                messages.success(request, _("The next round is paired."))
                return redirect("tournaments-web:console", tournament_id=tournament.pk)
            if what == "withdraw":
                withdraw_form = WithdrawForm(request.POST)
                if withdraw_form.is_valid():
                    d = withdraw_form.cleaned_data
                    services.entry_withdraw(tournament=tournament, by=request.user,
                                            player=services.user_by_username(d["player"], path="/player"), reason=d["reason"])
                    messages.success(request, _("The player is withdrawn."))
                    return redirect("tournaments-web:console", tournament_id=tournament.pk)
            if what == "replace":
                replace_form = ReplaceForm(request.POST)
                if replace_form.is_valid():
                    d = replace_form.cleaned_data
                    services.entry_replace(
                        tournament=tournament, by=request.user,
                        player=services.user_by_username(d["player"], path="/player"),
                        replacement=services.user_by_username(d["replacement"], path="/replacement"),
                        reason=d["reason"],
                    )
                    messages.success(request, _("The player is replaced."))
                    return redirect("tournaments-web:console", tournament_id=tournament.pk)
            if what == "pairing":
                action_form = PairingActionForm(request.POST, tournament=tournament, language=language)
                if action_form.is_valid():
                    d = action_form.cleaned_data
                    if d["action"] == "forfeit":
                        services.pairing_forfeit(tournament=tournament, pairing_id=d["pairing"], by=request.user, loser=d["loser"], reason=d["reason"])
                    elif d["action"] == "result":
                        scores = {k: v for k, v in (("PRIMUS", d["primus_vp"]), ("SECONDUS", d["secundus_vp"])) if v is not None}
                        services.pairing_result_adjust(
                            tournament=tournament, pairing_id=d["pairing"], by=request.user,
                            winner=d["winner"] or None, level=d["level"], scores=scores, reason=d["reason"],
                            override=d["override"],
                        )
                    else:
                        services.pairing_deadline_extend(tournament=tournament, pairing_id=d["pairing"], by=request.user, hours=d["hours"] or 0, reason=d["reason"])
                    messages.success(request, _("Done; the audit trail records it."))
                    return redirect("tournaments-web:console", tournament_id=tournament.pk)
        except GameError as exc:
            problems = exc.errors or [{"code": exc.code, "path": "", "message": {"en": str(exc.detail), "fr": str(exc.detail)}}]
    data = selectors.standings(tournament=tournament)
    for round_ in data["rounds"]:
        for pairing in round_["pairings"]:
            pairing["result_text"] = tables.result_text(pairing)
    return render(
        request,
        "tournaments/console.html",
        {"tournament": tournament, "rounds": data["rounds"], "action_form": action_form, "replace_form": replace_form,
         "withdraw_form": withdraw_form,
         "problems": problems, "lang": language, "audit": selectors.audit_trail(tournament=tournament),
         "seats": _seats(tournament)},
    )


def player_profile(request, username: str):
    player = get_object_or_404(get_user_model(), username=username)
    return render(request, "tournaments/player_profile.html",
                  {"profile": selectors.player_profile(player=player, viewer=request.user)})
