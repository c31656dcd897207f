"""What the ratings pages read: a title's table and a player's history."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, Subquery
from django.utils.safestring import SafeString

from engine.core import MalformedRecord, get_title
from engine.core.registry import KNOWN_TITLES
from games.charts import Axes, Series, line_chart
from ratings.latest import newest_per_user
from ratings.models import RatingEntry

HISTORY_COLOURS = {"mu": "#1f5fbf", "ordinal": "#6a3fb5"}


@dataclass(frozen=True)
class TableRow:
    rank: int
    user_id: int
    name: str
    ordinal: float
    mu: float
    sigma: float
    games: int


def title_name(title: str) -> str | None:
    """The title's name, or None for an id the site does not know (the page is then a 404)."""
    if title not in KNOWN_TITLES:
        return None
    try:
        return get_title(title).name
    except MalformedRecord:
        return None


def ratings_table(title: str) -> list[TableRow]:
    """Every rated player of ``title`` by their latest ordinal, best first (ties by more games, then id)."""
    latest = RatingEntry.objects.filter(title=title, user=OuterRef("user")).order_by("-position").values("pk")[:1]
    entries = (RatingEntry.objects.filter(title=title, pk=Subquery(latest)).select_related("user")
               .order_by("-ordinal", "-games_played", "user_id"))
    return [TableRow(rank, entry.user_id, entry.user.name, entry.ordinal, entry.mu, entry.sigma, entry.games_played)
            for rank, entry in enumerate(entries, 1)]


@dataclass(frozen=True)
class TitleLeaders:
    """One title's line on the ratings index: its leaders and how many players it rates."""

    title: str
    name: str
    leaders: list[TableRow]
    players: int


def title_leaders(count: int = 3) -> list[TitleLeaders]:
    """Every title the site knows, with its ``count`` best-rated players (the ratings index)."""
    found = []
    for title in KNOWN_TITLES:
        name = title_name(title)
        if name is not None:
            table = ratings_table(title)
            found.append(TitleLeaders(title, name, table[:count], len(table)))
    return found


def current_ordinal(user_id: int, title: str) -> float | None:
    """The player's rating now (the ordinal after their last rated game), None before their first."""
    return (RatingEntry.objects.filter(user_id=user_id, title=title).order_by("-position")
            .values_list("ordinal", flat=True).first())


def current_ordinals(user_ids: list[int], title: str) -> dict[int, float]:
    """``current_ordinal`` of many players in one query; players with no rated game are left out."""
    latest = newest_per_user(RatingEntry.objects.filter(user_id__in=user_ids, title=title))
    return dict(latest.values_list("user_id", "ordinal"))


@dataclass(frozen=True)
class History:
    title: str
    name: str
    entries: list[RatingEntry]
    chart: SafeString


def player_histories(user_id: int) -> list[History]:
    """Per title the player rated in: their rating after each game, with its chart."""
    by_title: dict[str, list[RatingEntry]] = {}
    for entry in RatingEntry.objects.filter(user_id=user_id).order_by("title", "position"):
        by_title.setdefault(entry.title, []).append(entry)
    return [History(title, title_name(title) or title, entries, history_chart(title_name(title) or title, entries))
            for title, entries in by_title.items()]


def history_chart(name: str, entries: list[RatingEntry]) -> SafeString:
    """Skill (mu) and the shown rating (mu less three sigma) after each game, from the first rating.

    The chart's scale starts at zero, so a rating below zero (a newcomer's first losses) leaves a gap.
    """
    mu = [25, *(round(entry.mu) for entry in entries)]
    ordinal = [0, *(round(entry.ordinal) if entry.ordinal >= 0 else None for entry in entries)]
    series = [Series("skill (mu)", HISTORY_COLOURS["mu"], mu),
              Series("rating (mu less 3 sigma)", HISTORY_COLOURS["ordinal"], ordinal, "6 3")]
    axes = Axes("games played", "rating", prefix="", step_noun="game")
    return line_chart(f"{name} rating after each game", series, axes)
