from __future__ import annotations

import json
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from games.presentation import message_text


def computer_level_choices() -> list[tuple[str, str]]:
    """The computer's levels by name, each with what it does, in the reader's language."""
    from rules import computer

    return [(name, f"{message_text(level.label.as_dict())} — {message_text(level.help.as_dict())}")
            for name, level in computer.LEVELS.items()]


class OrderTextForm(forms.Form):
    step = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    text = forms.CharField(
        label=_("Orders"), required=False, strip=False, widget=forms.Textarea(attrs={"rows": 8, "cols": 60}), max_length=20000
    )


class RenameForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the game"), required=False, max_length=100,
        help_text=_("Empty: named after its ruleset, scenario and players. It can change until the game starts."),
    )


class InviteForm(forms.Form):
    emails = forms.CharField(
        label=_("Invite by email"),
        help_text=_("One or more addresses, separated by commas or new lines."),
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
    )

    def addresses(self) -> list[str]:
        raw = self.cleaned_data["emails"].replace(",", "\n").replace(";", "\n")
        return [a.strip() for a in raw.splitlines() if a.strip()]


def _readable(text: str) -> str:
    """An option's help for a player: without the decision's code in front (``A1:``,
    ``D12 :``) nor the rulebook's line references in brackets (``(L741)``)."""
    text = re.sub(r"^[A-Z]\d+\s*:\s*", "", text or "")
    text = re.sub(r"\s*\([^()]*\bL\d+[^()]*\)", "", text)
    return text[:1].upper() + text[1:]


class GameCreateForm(forms.Form):
    """A game of one ruleset: its scenario, the creator's seat, the options the ruleset
    declares (one field each, its help in the reader's language) and the deadline."""

    ruleset = forms.CharField(widget=forms.HiddenInput)
    name = forms.CharField(
        label=_("Name of the game"), required=False, max_length=100,
        help_text=_("Optional. Without one, the game is named after its ruleset, scenario and players."),
    )
    scenario = forms.ChoiceField(label=_("Scenario"))
    role = forms.ChoiceField(label=_("Your seat"), required=False)
    step_hours = forms.IntegerField(
        label=_("Hours per step"), min_value=1, max_value=24 * 60, initial=72,
        help_text=_("Each step stays open this long; then the default orders stand in."),
    )
    public = forms.BooleanField(
        label=_("Public game"), required=False,
        help_text=_("Anyone may watch it (its page, map, log and replay, as a non-player sees them) and follow it."),
    )
    press_private = forms.ChoiceField(
        label=_("Private messages"), required=False, initial="",
        choices=[("", _("the default: on with more than two seats")), ("on", _("on")), ("off", _("off"))],
        help_text=_("Whether seats may write to some seats only, where the ruleset allows it."),
    )
    stand_in = forms.ChoiceField(
        label=_("Stand-in for an abandoned seat"), required=False,
        choices=[("default", _("the default orders")), ("computer", _("a computer player"))], initial="default",
        help_text=_("Who plays a seat whose player left until a substitute takes it over from the lobby."),
    )
    computer_after = forms.IntegerField(
        label=_("Computer player after missed turns"), required=False, min_value=0, max_value=20, initial=0,
        help_text=_("After this many deadlines missed in a row, a computer player plays the seat instead of its "
                    "default orders, until its player sends orders again (0: never)."),
    )
    computer_level = forms.ChoiceField(label=_("Level of that computer player"), required=False, initial="fast")
    min_rating = forms.FloatField(
        label=_("Minimum rating"), required=False, min_value=0, max_value=5000,
        help_text=_("Entry gate: only players rated at least this in the ruleset may join from the lobby."),
    )
    min_reliability = forms.IntegerField(
        label=_("Minimum reliability (%)"), required=False, min_value=0, max_value=100,
        help_text=_("Entry gate: only players who sent their orders in time at least this often may join."),
    )
    invite = forms.CharField(
        label=_("Invite by email"), required=False, widget=forms.Textarea(attrs={"rows": 2}), max_length=2000,
        help_text=_("One or more addresses, separated by commas or new lines."),
    )

    def __init__(self, *args, catalogue_entry: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.entry = catalogue_entry
        self.fields["ruleset"].initial = catalogue_entry["slug"]
        self.fields["computer_level"].choices = computer_level_choices()
        self.fields["scenario"].choices = [
            (s["id"], f"{s['id']} — {message_text(s.get('title'))}") for s in catalogue_entry["scenarios"]
        ]
        roles = sorted({r for rs in catalogue_entry["roles"].values() for r in rs})
        self.fields["role"].choices = [("", _("the first free seat"))] + [(r, r) for r in roles]
        self.option_ids = []
        for option in catalogue_entry["options"]:
            name = f"option_{option['id']}"
            choices = option.get("choices")
            label = message_text(option.get("label")) or option["id"]  # the option by name, never its id
            choice_labels = option.get("choice_labels") or {}
            if choices:
                self.fields[name] = forms.ChoiceField(
                    label=label,
                    choices=[(json.dumps(c), message_text(choice_labels.get(str(c))) or str(c)) for c in choices],
                    initial=json.dumps(option.get("default")),
                    help_text=_readable(message_text(option.get("help"))),
                )
            else:
                self.fields[name] = forms.CharField(
                    label=label, required=False, initial=json.dumps(option.get("default")),
                    help_text=_readable(message_text(option.get("help"))),
                )
            self.option_ids.append((option["id"], name))

    def options(self) -> dict:
        result = {}
        for oid, name in self.option_ids:
            raw = self.cleaned_data.get(name)
            if raw in (None, ""):
                continue
            try:
                result[oid] = json.loads(raw)
            except ValueError:
                result[oid] = raw
        return result

    def deadline_policy(self) -> dict:
        """The deadline policy's keys this form sets besides ``step_hours``: the computer
        rung of the missed-turn ladder when chosen (docs/deadlines.md)."""
        after = self.cleaned_data.get("computer_after") or 0
        if not after:
            return {}
        return {"computer_after": after, "computer_level": self.cleaned_data.get("computer_level") or "fast"}

    def option_fields(self):
        return [self[name] for _, name in self.option_ids]

    def clean_invite(self):
        from django.core.validators import validate_email

        raw = self.cleaned_data.get("invite") or ""
        for address in raw.replace(",", "\n").replace(";", "\n").splitlines():
            if address.strip():
                try:
                    validate_email(address.strip())
                except forms.ValidationError:
                    raise forms.ValidationError(_("Not an email address: %(address)s"), params={"address": address.strip()}) from None
        return raw

    def addresses(self) -> list[str]:
        raw = (self.cleaned_data.get("invite") or "").replace(",", "\n").replace(";", "\n")
        return [a.strip() for a in raw.splitlines() if a.strip()]


class PracticeForm(forms.Form):
    """A practice game against the computer: the scenario, my seat, the computer's level."""

    ruleset = forms.CharField(widget=forms.HiddenInput)
    scenario = forms.ChoiceField(label=_("Scenario"))
    role = forms.ChoiceField(label=_("Your seat"), required=False)
    level = forms.ChoiceField(label=_("The computer's level"), initial="fast")

    def __init__(self, *args, catalogue_entry: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].initial = catalogue_entry["slug"]
        self.fields["scenario"].choices = [
            (s["id"], f"{s['id']} — {message_text(s.get('title'))}") for s in catalogue_entry["scenarios"]
        ]
        roles = sorted({r for rs in catalogue_entry["roles"].values() for r in rs})
        self.fields["role"].choices = [("", _("the first seat"))] + [(r, r) for r in roles]
        self.fields["level"].choices = computer_level_choices()
        for name in ("ruleset", "scenario", "role", "level"):
            self.fields[name].widget.attrs["id"] = f"practice_{name}"
