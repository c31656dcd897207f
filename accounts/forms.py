"""Account forms: the sign-in request, the first-visit name, and the account page."""

from __future__ import annotations

import re
import zoneinfo
from functools import cache

from django import forms

from accounts.display_names import clean_display_name
from accounts.models import User, normalize_email


@cache
def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


class SignInForm(forms.Form):
    email = forms.EmailField(label="E-mail address", max_length=254)

    def clean_email(self) -> str:
        return normalize_email(self.cleaned_data["email"])


class ProfileForm(forms.ModelForm):
    """Display name and time zone; the first visit asks for these."""

    time_zone = forms.ChoiceField(choices=time_zone_choices, initial="UTC")

    class Meta:
        model = User
        fields = ["display_name", "time_zone"]
        labels = {"display_name": "Display name (other players see it)"}

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"])


def suggested_display_name(email: str) -> str:
    """A first guess from the address's local part: ``zoe.new@example.com`` -> ``Zoe New``."""
    local = email.split("@", 1)[0].split("+", 1)[0]
    words = [word for word in re.split(r"[._\-\d]+", local) if word]
    return " ".join(word.capitalize() for word in words)[:60] or local[:60]


class AccountForm(ProfileForm):
    class Meta(ProfileForm.Meta):
        fields = ["display_name", "email", "time_zone"]

    def clean_email(self) -> str:
        email = normalize_email(self.cleaned_data["email"])
        if User.objects.filter(email=email).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError("That address belongs to another account.")
        return email


class ApiTokenForm(forms.Form):
    name = forms.CharField(max_length=60, label="Token name (e.g. the bot using it)")
