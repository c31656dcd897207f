"""The create-game and import forms.  Title options come from the title's description, not per-title code."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

from django import forms
from django.core.validators import validate_email

from games.models import SeatOrder
from games.queries import LobbyFilter
from games.titles import BoolOption, short_title_name, startable_titles, ui_for

TIME_LIMITS = [("none", "No limit"), ("24", "24 hours"), ("48", "48 hours"), ("72", "72 hours"), ("custom", "Custom")]
MAX_CUSTOM_HOURS = 24 * 30


def option_specs(title: Any) -> tuple[BoolOption, ...]:
    """The title's checkbox options: the engine's own description when it has one, else the site's."""
    described = getattr(title, "option_descriptions", None)
    if described:
        return tuple(BoolOption(d["name"], d.get("label", d["name"]), bool(d.get("default")))
                     for d in described if d.get("kind", "bool") == "bool")
    return ui_for(title.id).options


def option_example(title: Any) -> str:
    """One option the title takes, set against its default, as JSON (``{"column_market": true}``); "" if none.

    A fixed example named Acquire's open_holdings, which 1861 refuses, even when 1861 was chosen.
    """
    specs = option_specs(title)
    return json.dumps({specs[0].name: not specs[0].default}) if specs else ""


def option_examples(titles: list[Any]) -> list[dict[str, str]]:
    """Each title's example option: its id (the page's script shows the chosen one), short name and JSON."""
    return [{"id": title.id, "name": short_title_name(title.name), "example": example}
            for title in titles if (example := option_example(title))]


def option_field_name(title_id: str, option: str) -> str:
    return f"opt_{title_id}_{option}".replace("-", "_")


def read_json_options(raw: str, what: str) -> dict[str, Any]:
    """A JSON object typed into an options box; ValidationError in words otherwise ({} when empty)."""
    raw = raw.strip()
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except RecursionError as error:  # the parser follows nesting on the stack
        raise forms.ValidationError(f"{what} are nested too deeply to read.") from error
    except ValueError as error:
        raise forms.ValidationError(f"{what} must be a JSON object.") from error
    if not isinstance(value, dict):
        raise forms.ValidationError(f"{what} must be a JSON object.")
    return value


class TitleOptionsForm(forms.Form):
    """A form that asks for a title and its options: each startable title's options as checkboxes
    (``option_groups``, one group per title; a page's script shows the chosen title's), plus a
    JSON box for the rest (``advanced_options``, merged over them).  The new-game form and the
    new-league form both ask a title's options this way."""

    title = forms.ChoiceField(label="Game")

    def add_title_option_fields(self) -> None:
        """Offer the startable titles and add their checkboxes; called by a subclass's ``__init__``."""
        self.titles = startable_titles()
        self.fields["title"].choices = [(title.id, title.name) for title in self.titles]
        self.option_examples = option_examples(self.titles)
        self.option_groups: list[dict[str, Any]] = []
        for title in self.titles:
            names = []
            for spec in option_specs(title):
                name = option_field_name(title.id, spec.name)
                self.fields[name] = forms.BooleanField(required=False, initial=spec.default, label=spec.label)
                names.append(name)
            self.option_groups.append({"title": title, "fields": [self[name] for name in names]})

    def clean_advanced_options(self) -> dict[str, Any]:
        return read_json_options(self.cleaned_data["advanced_options"], "Advanced options")

    def title_options(self) -> dict[str, Any]:
        """The chosen title's checkboxes, with the advanced options over them."""
        data = self.cleaned_data
        title = next(title for title in self.titles if title.id == data["title"])
        options = {spec.name: data.get(option_field_name(title.id, spec.name), spec.default)
                   for spec in option_specs(title)}
        return {**options, **data["advanced_options"]}


def advanced_options_field() -> forms.CharField:
    return forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        label="Advanced options (JSON object, merged over the choices above)",
        help_text="Unknown options are refused.",
    )


class NewGameForm(TitleOptionsForm):
    name = forms.CharField(max_length=100, required=False, label="Name (optional)")
    seat_count = forms.TypedChoiceField(label="Players", coerce=int, choices=[(n, n) for n in range(2, 7)], initial=3)
    invitations = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        label="Invite by e-mail (one address per line)",
        help_text="Seats not given to an invitation are open: anyone signed in may take them.",
    )
    seat_order_mode = forms.ChoiceField(
        choices=[(SeatOrder.RANDOM, "Random seat order"), (SeatOrder.CHOSEN, "Seat order as listed (you first)")],
        initial=SeatOrder.RANDOM,
        label="Seat order",
    )
    time_limit = forms.ChoiceField(choices=TIME_LIMITS, initial="none", label="Time per move")
    custom_hours = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_CUSTOM_HOURS, label="Custom limit (hours)",
        error_messages={"min_value": "A custom time limit is at least 1 hour.",
                        "max_value": f"A custom time limit is at most {MAX_CUSTOM_HOURS} hours (30 days).",
                        "invalid": "Give the custom limit in whole hours."},
    )
    advanced_options = advanced_options_field()

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        # Only titles whose games can be played to the end, by page and by mail.
        self.add_title_option_fields()
        # For the page's script, which offers only the chosen title's player counts.
        self.player_ranges = {title.id: [title.min_players, title.max_players] for title in self.titles}

    def clean_invitations(self) -> list[str]:
        """The addresses, each checked here so a mistyped one is named beside its box with the
        form's other errors (the service checks again, for the API)."""
        emails = [item for item in re.split(r"[\s,;]+", self.cleaned_data["invitations"]) if item]
        wrong = []
        for email in emails:
            try:
                validate_email(email)
            except forms.ValidationError:
                wrong.append(email)
        if wrong:
            raise forms.ValidationError(f"Not an e-mail address: {', '.join(wrong)}.")
        return emails

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # A number the field refused already says why: one message, not a second beside it.
        if data.get("time_limit") == "custom" and not data.get("custom_hours") and "custom_hours" not in self.errors:
            self.add_error("custom_hours", "Give the custom limit in hours.")
        return data

    def move_time_limit(self) -> timedelta | None:
        choice = self.cleaned_data["time_limit"]
        if choice == "none":
            return None
        hours = self.cleaned_data["custom_hours"] if choice == "custom" else int(choice)
        return timedelta(hours=hours)


class ImportForm(forms.Form):
    record = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 8}),
                             label="Record or 18xx.games 1861 export (JSON)")
    record_file = forms.FileField(required=False, label="…or upload a record file")

    MAX_BYTES = 5_000_000

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("record_file")
        if upload is not None:
            if upload.size > self.MAX_BYTES:
                raise forms.ValidationError("The file is too large to be a game record.")
            try:
                data["text"] = upload.read().decode("utf-8")
            except UnicodeDecodeError as error:
                raise forms.ValidationError("The file is not UTF-8 text.") from error
        else:
            data["text"] = data.get("record") or ""
        if not data["text"].strip():
            raise forms.ValidationError("Paste a record or choose a file.")
        return data


class LobbyFilterForm(forms.Form):
    """The lobby's filters (a GET form): which title, and how long a move may take."""

    LIMITS = [("", "Any time limit"), ("none", "No time limit"), ("24", "Up to 24 hours"), ("48", "Up to 48 hours"),
              ("72", "Up to 72 hours")]

    title = forms.ChoiceField(required=False, label="Game")
    limit = forms.ChoiceField(required=False, choices=LIMITS, label="Time per move")

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        titles = [(title.id, title.name) for title in startable_titles()]  # only these have open games
        self.fields["title"].choices = [("", "Every game"), *titles]

    def filters(self) -> LobbyFilter:
        """What the lobby lists: every open game unless a valid choice narrows it."""
        if not self.is_valid():
            return LobbyFilter()
        limit = self.cleaned_data["limit"]
        return LobbyFilter(title=self.cleaned_data["title"], untimed=limit == "none",
                           longest=timedelta(hours=int(limit)) if limit not in ("", "none") else None)
