"""The account page's data links (docs/operations.md, "Players' data"): download my data,
delete my account. Thin views over ``operations.privacy``."""

from __future__ import annotations

import json

from django import forms
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from operations import privacy


@login_required
def data_export(request):
    """Everything Cursus holds about me, as a JSON download."""
    body = json.dumps(privacy.export(user=request.user), indent=2, ensure_ascii=False, sort_keys=True)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    stamp = timezone.now().strftime("%Y%m%d")
    response["Content-Disposition"] = f'attachment; filename="cursus-{request.user.get_username()}-{stamp}.json"'
    response["Cache-Control"] = "no-store"
    return response


class DeleteForm(forms.Form):
    password = forms.CharField(label=_("Your password, to confirm"), widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))
    confirm = forms.BooleanField(label=_("I understand that this cannot be undone."))

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."), code="password")
        return password


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request):
    """Delete my account, after my password. Shows what happens to my games first."""
    form = DeleteForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        done = privacy.account_delete(user=request.user)
        logout(request)
        return render(request, "operations/account_deleted.html", {"done": done})
    running = request.user.seats.filter(game__status__in=["open", "active"]).select_related("game").order_by("game_id")
    return render(
        request, "operations/account_delete.html", {"form": form, "running": running},
        status=400 if request.method == "POST" else 200,
    )
