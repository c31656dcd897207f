"""The organizer's forms: a league (title and fixed options) and a season's rules."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django import forms
from django.utils import timezone

from games.forms import TitleOptionsForm, advanced_options_field
from leagues.models import PointsTo, TieBreak
from leagues.organizing import SeasonRules
from notifications.models import TimeoutPolicy


class LeagueForm(TitleOptionsForm):
    """A new league: its title and the options fixed for every game of it, asked as the new-game
    form asks them (a checkbox per option, the rest as JSON), not as JSON alone."""

    name = forms.CharField(max_length=100)
    slug = forms.SlugField(max_length=60, required=False, label="Address (optional)",
                           help_text="The league's page is /leagues/<address>/; made from the name if empty.")
    advanced_options = advanced_options_field()
    description = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    public = forms.BooleanField(required=False, initial=True, label="Public (anyone may see its pages)")
    field_order = ["name", "slug", "title"]  # the title's field is the base form's

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        # A league plays whole games: only titles whose games can be started here.
        self.add_title_option_fields()
        self.fields["advanced_options"].help_text = "Fixed for every game of the league, as the choices above are."


class LeagueEditForm(forms.Form):
    name = forms.CharField(max_length=100)
    description = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    public = forms.BooleanField(required=False, label="Public (anyone may see its pages)")
    add_organizer = forms.EmailField(required=False, label="Add an organizer (their account's e-mail)")


def tie_break_help() -> str:
    """The tie-break words the box takes, each with its meaning where the word alone does not say it:
    a walk's form listed "winner_share, head_to_head" and left the organizer to guess."""
    def word(key: str, label: str) -> str:
        if label.replace("-", "_") == key:
            return key
        return f"{key} {label[len(key):].strip()}" if label.startswith(key) else f"{key} ({label})"
    return "Any of, comma separated: " + ", ".join(word(key, str(label)) for key, label in TieBreak.choices) + "."


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=100, required=False, label="Name (optional)",
                           help_text='Empty: numbered by the league ("Season 1", "Season 2", …).')
    signup_deadline = forms.DateTimeField(
        label="Sign-up deadline",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text="In your time zone. The draw is made when it passes.",
    )
    division_size = forms.IntegerField(min_value=2, max_value=50, initial=4, label="Players per division")
    game_size = forms.IntegerField(min_value=2, max_value=12, initial=4, label="Players per game")
    meetings_per_pair = forms.IntegerField(min_value=1, max_value=10, initial=1,
                                           label="How often every pair in a division meets")
    games_at_once = forms.IntegerField(min_value=1, max_value=20, initial=1,
                                       label="Games a player plays at once (per wave)")
    move_time_limit_hours = forms.IntegerField(min_value=1, max_value=24 * 30, required=False, initial=48,
                                               label="Hours per move (empty: no limit)")
    timeout_policy = forms.ChoiceField(choices=TimeoutPolicy.choices, label="When a player runs out of time")
    points_per_place = forms.CharField(initial="10, 6, 3, 1", label="Points per place, best first",
                                       help_text="Tied places share their points.")
    tie_breaks = forms.CharField(initial=", ".join(TieBreak.values), label="Tie-breaks, in order",
                                 help_text=tie_break_help())
    promotion_count = forms.IntegerField(min_value=0, max_value=20, initial=1, label="Promoted per division")
    relegation_count = forms.IntegerField(min_value=0, max_value=20, initial=1, label="Relegated per division")
    points_to = forms.ChoiceField(choices=PointsTo.choices, initial=PointsTo.FINISHER, required=False,
                                  label="Who scores a seat a substitute took over",
                                  help_text="Only division members score: a substitute from outside scores nothing.")
    timeouts_before_offer = forms.IntegerField(
        min_value=0, max_value=20, initial=0, required=False,
        label="Offer a seat to the substitutes after this many timeouts",
        help_text="Of the seat's player; 0: only when you offer it from the console.")

    def clean_signup_deadline(self) -> datetime:
        """A deadline already past would close sign-up before anyone could sign up (and the draw
        of nobody fails): refused, whether the season is new or its rules are edited."""
        deadline = self.cleaned_data["signup_deadline"]
        if deadline <= timezone.now():
            raise forms.ValidationError("The sign-up deadline must be in the future: players need time to sign up.")
        return deadline

    def clean_points_per_place(self) -> list[int]:
        parts = [part.strip() for part in self.cleaned_data["points_per_place"].split(",") if part.strip()]
        if not parts or not all(part.isdigit() for part in parts):
            raise forms.ValidationError("Write whole numbers separated by commas, such as 10, 6, 3, 1.")
        return [int(part) for part in parts]

    def clean(self) -> dict[str, Any]:
        """More points than places in a game could never be scored: refused rather than kept unread."""
        data = super().clean()
        points, game_size = data.get("points_per_place"), data.get("game_size")
        if points and game_size and len(points) > game_size:
            example = ", ".join(str(value) for value in points[:game_size])
            self.add_error("points_per_place", f"A game has {game_size} players, so give at most {game_size}"
                                               f" values, best first (such as {example}); a place below the"
                                               " last one given scores nothing.")
        return data

    def clean_tie_breaks(self) -> list[str]:
        keys = [part.strip() for part in self.cleaned_data["tie_breaks"].split(",") if part.strip()]
        unknown = [key for key in keys if key not in TieBreak.values]
        if unknown:
            raise forms.ValidationError(f"Not a tie-break: {', '.join(unknown)}. Use: {', '.join(TieBreak.values)}.")
        return keys

    def rules(self) -> SeasonRules:
        data = self.cleaned_data
        hours = data.get("move_time_limit_hours")
        return SeasonRules(
            signup_deadline=data["signup_deadline"], name=data["name"], division_size=data["division_size"],
            game_size=data["game_size"], meetings_per_pair=data["meetings_per_pair"],
            games_at_once=data["games_at_once"], move_time_limit=timedelta(hours=hours) if hours else None,
            timeout_policy=data["timeout_policy"], points_per_place=tuple(data["points_per_place"]),
            tie_breaks=tuple(data["tie_breaks"]), promotion_count=data["promotion_count"],
            relegation_count=data["relegation_count"], points_to=data.get("points_to") or PointsTo.FINISHER,
            timeouts_before_offer=data.get("timeouts_before_offer") or 0,
        )

    @classmethod
    def initial_from(cls, rules: SeasonRules) -> dict[str, Any]:
        limit = rules.move_time_limit
        return {
            "name": rules.name, "signup_deadline": rules.signup_deadline, "division_size": rules.division_size,
            "game_size": rules.game_size, "meetings_per_pair": rules.meetings_per_pair,
            "games_at_once": rules.games_at_once,
            "move_time_limit_hours": int(limit.total_seconds() // 3600) if limit else None,
            "timeout_policy": rules.timeout_policy,
            "points_per_place": ", ".join(str(points) for points in rules.points_per_place),
            "tie_breaks": ", ".join(rules.tie_breaks), "promotion_count": rules.promotion_count,
            "relegation_count": rules.relegation_count, "points_to": rules.points_to,
            "timeouts_before_offer": rules.timeouts_before_offer,
        }
