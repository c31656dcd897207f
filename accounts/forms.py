"""Account forms: the sign-in request, the first-visit name, and the account page."""

from __future__ import annotations

import re
import zoneinfo
from functools import cache
from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join

from accounts import name_checks
from accounts.display_names import clean_display_name
from accounts.models import User, normalize_email

# The IANA areas of real places; the rest of the database is aliases and oddities ("Factory",
# "localtime", "Etc/GMT+5", "US/Eastern", "EST5EDT") that nobody should pick from a list.
PLACE_AREAS = ("Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian",
               "Pacific")
# Offered first: where most players live, roughly by how many.
COMMON_ZONES = ("UTC", "Europe/London", "Europe/Berlin", "Europe/Paris", "Europe/Amsterdam", "America/New_York",
                "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Toronto", "America/Sao_Paulo",
                "Asia/Kolkata", "Asia/Shanghai", "Asia/Tokyo", "Australia/Sydney", "Pacific/Auckland")


@cache
def picker_time_zones() -> tuple[str, ...]:
    """Every place's zone, the common ones first and then alphabetically, without aliases or oddities."""
    places = sorted(name for name in zoneinfo.available_timezones() if name.split("/", 1)[0] in PLACE_AREAS
                    and "/" in name)
    common = [name for name in COMMON_ZONES if name == "UTC" or name in places]
    return (*common, *(name for name in places if name not in common))


@cache
def _zones_by_folded_name() -> dict[str, str]:
    return {_fold(name): name for name in picker_time_zones()}


def _fold(name: str) -> str:
    return name.strip().replace(" ", "_").casefold()


class TimeZoneInput(forms.TextInput):
    """A text box that suggests zones as one types (an ``<input list>`` and its ``<datalist>``)."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({"list": "time-zones", "autocomplete": "off", "spellcheck": "false", **(attrs or {})})

    def render(self, name, value, attrs=None, renderer=None):  # type: ignore[no-untyped-def]
        options = format_html_join("", '<option value="{}"></option>', ((zone,) for zone in picker_time_zones()))
        return format_html('{}<datalist id="time-zones">{}</datalist>', super().render(name, value, attrs, renderer),
                           options)


class TimeZoneField(forms.CharField):
    """A zone typed or picked: spaces for underscores and any letter case are forgiven."""

    widget = TimeZoneInput
    default_error_messages = {
        "unknown": "%(value)s is not a time zone we know: type a city, such as Europe/Amsterdam, and pick it "
                   "from the list.",
    }

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 64)
        kwargs.setdefault("help_text", "Type a city (Amsterdam, New York) and pick its zone.")
        super().__init__(**kwargs)
        self.also_accepted: frozenset[str] | set[str] = frozenset()  # a zone saved before the list was trimmed

    def to_python(self, value: Any) -> str:
        text = super().to_python(value)
        if text in self.also_accepted:
            return text
        return _zones_by_folded_name().get(_fold(text), text)

    def validate(self, value: str) -> None:
        super().validate(value)
        if value and value not in picker_time_zones() and value not in self.also_accepted:
            raise forms.ValidationError(self.error_messages["unknown"], code="unknown", params={"value": repr(value)})


class SignInForm(forms.Form):
    email = forms.EmailField(label="E-mail address", max_length=254)

    def clean_email(self) -> str:
        return normalize_email(self.cleaned_data["email"])


class ProfileForm(forms.ModelForm):
    """Display name and time zone; the first visit asks for these."""

    time_zone = TimeZoneField(initial="UTC")

    class Meta:
        model = User
        fields = ["display_name", "time_zone"]
        labels = {"display_name": "Display name (other players see it)"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk and self.instance.time_zone:
            self.fields["time_zone"].also_accepted = {self.instance.time_zone}  # fields are shallow copies

    def clean_display_name(self) -> str:
        """The name cleaned; a new name another app refuses (a table mate's: ``accounts.name_checks``) is not kept.

        Only a change is checked: a name already held stays savable with the rest of the form.
        """
        name = clean_display_name(self.cleaned_data["display_name"])
        user = self.instance
        if user.pk and name.casefold() != user.display_name.strip().casefold():
            refused = name_checks.refusal(user, name)
            if refused:
                raise forms.ValidationError(refused, code="name_at_your_table")
        return name


def suggested_display_name(email: str) -> str:
    """A first guess from the address's local part: ``zoe.new@example.com`` -> ``Zoe New``.

    Digits are kept (``walk2@`` -> ``Walk2``): dropping them made walk1@, walk2@ and walk3@ all "Walk".
    """
    local = email.split("@", 1)[0].split("+", 1)[0]
    words = [word for word in re.split(r"[._\-]+", local) if word]
    return " ".join(word.capitalize() for word in words)[:60] or local[:60]


def unused_display_name(name: str, user_pk: int | None = None) -> str:
    """``name``, or ``name 2``, ``name 3``... : the first no other account uses (any case).

    Names are not unique (a player may choose one already in use), but the name suggested to a
    new player should not make two players look alike in every table and mention."""
    taken = {taken.casefold() for taken in User.objects.exclude(pk=user_pk).filter(
        display_name__istartswith=name).values_list("display_name", flat=True)}
    candidate, number = name, 1
    while candidate.casefold() in taken:
        number += 1
        suffix = f" {number}"
        candidate = name[:60 - len(suffix)] + suffix
    return candidate


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
