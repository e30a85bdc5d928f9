from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from accounts.services import timezone_choices


class SignUpForm(UserCreationForm):
    email = forms.EmailField(label=_("Email address"), help_text=_("We send a link to confirm it."))
    next = forms.CharField(required=False, widget=forms.HiddenInput)

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


class SettingsForm(forms.Form):
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    timezone = forms.ChoiceField(label=_("Time zone"), help_text=_("Deadlines are shown in this time zone."))

    def __init__(self, *args, with_timezone: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        if with_timezone:
            self.fields["timezone"].choices = [(z, z) for z in timezone_choices()]
        else:
            del self.fields["timezone"]
