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
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from games.errors import GameError
from tournaments import selectors, services
from tournaments.api.views import standings_csv
from tournaments.models import Tournament
from tournaments.web import fragments, tables

def _seats(tournament) -> list[str]:
    """The players' seats of the tournament's games, by the game's names (``PRIMUS``,
    ``SECONDUS``; at a table of three or more, each seat)."""
    return fragments.seat_names(tournament)


def tournament_list(request):
    return render(request, "tournaments/tournament_list.html", {"tournaments": selectors.tournaments_list()})


class TournamentForm(forms.Form):
    """A new tournament: the game (ruleset and scenario), the players per table, the
    pairing system and, for a game with a game master, who holds that role."""

    name = forms.CharField(label=_("Name"), max_length=200)
    game = forms.ChoiceField(label=_("Game"), choices=[])
    table_size = forms.IntegerField(label=_("Players per table"), min_value=2, max_value=64, required=False,
                                    help_text=_("Empty: as many as the game's options seat."))
    system = forms.ChoiceField(label=_("Pairing system"), choices=Tournament.System.choices)
    rounds_planned = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=50, initial=5)
    pool_size = forms.IntegerField(label=_("Pool size (round robin)"), min_value=2, max_value=64, initial=8)
    referee = forms.CharField(label=_("Game master (a game with one; empty: yourself)"), required=False, max_length=150)
    place_points = forms.CharField(label=_("Points per place at a table of three or more (e.g. 3 2 1 0; empty: the default)"),
                                   required=False, max_length=200)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)

    def __init__(self, *args, language: str = "en", **kwargs):
        super().__init__(*args, **kwargs)
        from rules.registry import all_rulesets

        choices = []
        for rs in all_rulesets():
            if rs.cooperative:
                continue
            name = getattr(rs.name, language, rs.name.en)
            for scenario in rs.scenarios():
                title = scenario["title"].get(language, scenario["title"]["en"])
                choices.append((f"{rs.slug}|{scenario['id']}", f"{name} — {title}"))
        self.fields["game"].choices = choices


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request):
    language = (getattr(request, "LANGUAGE_CODE", "en") or "en")[:2]
    form, problems = TournamentForm(language=language), []
    if request.method == "POST":
        form = TournamentForm(request.POST, language=language)
        if form.is_valid():
            d = form.cleaned_data
            ruleset, _sep, scenario = d["game"].partition("|")
            try:
                referee = services.user_by_username(d["referee"], path="/referee") if d["referee"].strip() else None
                points = d["place_points"].replace(",", " ").split() or None
                tournament = services.tournament_create(
                    created_by=request.user, name=d["name"], ruleset=ruleset, scenario=scenario,
                    table_size=d["table_size"], system=d["system"], rounds_planned=d["rounds_planned"],
                    pool_size=d["pool_size"], referee=referee, place_points=points, rated=d["rated"],
                )
            except GameError as exc:
                problems = exc.errors or [{"code": exc.code, "path": "", "message": {"en": str(exc.detail), "fr": str(exc.detail)}}]
            else:
                messages.success(request, _("The tournament is open for registration."))
                return redirect("tournaments-web:detail", tournament_id=tournament.pk)
    return render(request, "tournaments/tournament_new.html", {"form": form, "problems": problems, "lang": language})


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
        {"tournament": tournament, "number": number, "body": tables.pairings_body(pairings, tournament.table_size or 2),
         "rounds": selectors.round_numbers(tournament=tournament), "seats": _seats(tournament)},
    )


def tournament_audit(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    trail = selectors.audit_page(tournament=tournament, page=request.GET.get("page"))
    return render(request, "tournaments/audit.html", {"tournament": tournament, "audit": trail["entries"], "page": trail["page"]})


def tournament_standings_csv(request, tournament_id: int):
    return standings_csv(get_object_or_404(Tournament, pk=tournament_id))


class PairingActionForm(forms.Form):
    """One game's decision. The seats are the tournament's (a table of two: the loser,
    the winner and each side's VP; three or more: each seat's score and the places)."""

    ACTIONS = [("forfeit", _("Adjudicate a forfeit")), ("result", _("Adjust a result")), ("extend", _("Extend a deadline"))]

    action = forms.ChoiceField(label=_("Action"), choices=ACTIONS)
    pairing = forms.IntegerField(label=_("Pairing"), min_value=1)
    loser = forms.ChoiceField(label=_("Loser (forfeit)"), choices=[], required=False)
    winner = forms.ChoiceField(label=_("Winner (result)"), choices=[], required=False)
    level = forms.ChoiceField(label=_("Level (result)"), choices=[], required=False)
    hours = forms.IntegerField(label=_("Hours (extension)"), min_value=1, max_value=24 * 60, required=False)
    override = forms.BooleanField(label=_("Override the rules' level (with a reason)"), required=False)
    reason = forms.CharField(label=_("Reason"), required=False, max_length=2000)

    def __init__(self, *args, tournament: Tournament, language: str = "en", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["level"].choices = [
            (lv["id"], lv["label"].get(language, lv["label"]["en"])) for lv in services.result_levels(tournament.ruleset)
        ]
        self.roles = selectors.playing_roles(tournament)
        names = _seats(tournament)
        seat_choices = list(zip(self.roles, names))
        self.fields["loser"].choices = seat_choices
        self.fields["winner"].choices = [("", _("draw"))] + seat_choices
        self.score_fields = []
        if len(self.roles) == 2:
            for field_name, name in zip(("primus_vp", "secundus_vp"), names):
                self.fields[field_name] = forms.IntegerField(label=format_lazy(_("{seat} VP"), seat=name), min_value=0, required=False)
                self.score_fields.append(field_name)
        else:
            for index, name in enumerate(names):
                field_name = f"score_{index + 1}"
                self.fields[field_name] = forms.IntegerField(label=format_lazy(_("{seat} score"), seat=name), min_value=0, required=False)
                self.score_fields.append(field_name)
            self.fields["places"] = forms.CharField(
                label=_("Places, in seat order (e.g. 1 2 2 4; empty: as the rules rank the scores)"), required=False, max_length=200)
        # The reason last, after the scores.
        self.fields["reason"] = self.fields.pop("reason")

    def scores(self) -> dict:
        d = self.cleaned_data
        return {role: d[name] for role, name in zip(self.roles, self.score_fields) if d.get(name) is not None}

    def places(self) -> dict | None:
        """The places typed, by role; None when left empty. Anything but whole numbers is
        left for the service to refuse with its message."""
        text = (self.cleaned_data.get("places") or "").replace(",", " ").split()
        if not text:
            return None
        values = [int(v) if v.isdigit() else v for v in text]
        return dict(zip(self.roles, values)) if len(values) == len(self.roles) else {f"#{i}": v for i, v in enumerate(values)}


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
                        services.pairing_result_adjust(
                            tournament=tournament, pairing_id=d["pairing"], by=request.user,
                            winner=d["winner"] or None, level=d["level"], scores=action_form.scores(), reason=d["reason"],
                            override=d["override"], places=action_form.places(),
                        )
                    else:
                        services.pairing_deadline_extend(tournament=tournament, pairing_id=d["pairing"], by=request.user, hours=d["hours"] or 0, reason=d["reason"])
                    messages.success(request, _("Done; the audit trail records it."))
                    return redirect("tournaments-web:console", tournament_id=tournament.pk)
        except GameError as exc:
            problems = exc.errors or [{"code": exc.code, "path": "", "message": {"en": str(exc.detail), "fr": str(exc.detail)}}]
    data = selectors.standings(tournament=tournament)
    size = tournament.table_size or 2
    for round_ in data["rounds"]:
        for pairing in round_["pairings"]:
            pairing["result_text"] = tables.result_text(pairing)
            if size > 2:
                names = [seat["player"] for seat in pairing["seats"]] or [pairing["primus"]]
            else:
                names = [pairing["primus"], pairing["secundus"]]
            pairing["names"] = [name or "—" for name in names] + ["—"] * (size - len(names))
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
