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
    """Name and time zone are saved as given; a new address only asks for a confirmation link.

    The address is not a model field here: saving the form never changes it, and nothing
    it says depends on whether another account has the address.
    """

    email = forms.EmailField(
        label="E-mail address", max_length=254,
        help_text="A new address gets a confirmation link; it changes when you follow that link.",
    )

    field_order = ["display_name", "email", "time_zone"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.initial.setdefault("email", self.instance.email)

    def clean_email(self) -> str:
        return normalize_email(self.cleaned_data["email"])

    @property
    def new_email(self) -> str:
        """The address asked for, if it differs from the account's own ("" otherwise)."""
        email = self.cleaned_data.get("email", "")
        return email if email and email != self.instance.email else ""


class ApiTokenForm(forms.Form):
    name = forms.CharField(max_length=60, label="Token name (e.g. the bot using it)")
