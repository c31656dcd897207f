"""Creating leagues and opening seasons: what an organizer decides, checked against the title.

Only a league's organizers change it (``League.is_organizer``); the views answer 403 to
anyone else before calling here.  A league's game options are validated once, by its title,
and every game of every season is created with them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.text import slugify

import engine.core as engine
from accounts.models import User, normalize_email
from games.models import options_keep_unrated
from games.titles import ui_for, why_not_startable
from leagues.errors import LeagueError
from leagues.models import League, PointsTo, Season, SeasonStatus, TieBreak
from notifications.models import TimeoutPolicy

# /leagues/new/ is the create page; the others begin site pages under /leagues/ (me/games/, games/…, claim/…).
RESERVED_SLUGS = frozenset({"new", "me", "games", "divisions", "claim"})


def title_of(title_id: str) -> Any:
    try:
        return engine.get_title(title_id)
    except engine.MalformedRecord as error:
        raise LeagueError(f"There is no game called {title_id!r} here.") from error


def create_league(
    organizer: User, name: str, title_id: str, options: dict[str, Any] | None = None,
    *, slug: str = "", description: str = "", public: bool = True,
) -> League:
    """A new league of ``title_id`` with ``organizer`` as its first organizer."""
    title = title_of(title_id)
    if why := why_not_startable(title):
        raise LeagueError(f"{why} No league of it can be made.")
    try:
        clean_options = title.validate_options(dict(options or {}))
    except engine.MalformedRecord as error:
        raise LeagueError(f"Options for {title.name}: {error}") from error
    if options_keep_unrated(clean_options):
        raise LeagueError(f"Options for {title.name}: a league's games count for ratings, so they cannot fix the"
                          " tile order (tile_bag); the organizer would know every player's tiles.")
    name = name.strip()
    if not name:
        raise LeagueError("Give the league a name.")
    slug = slugify(slug or name)[:60]
    if not slug:
        raise LeagueError("The league's address needs letters or digits.")
    if slug in RESERVED_SLUGS:
        raise LeagueError(f"/leagues/{slug}/ is one of the site's own pages; choose another address.")
    try:
        with transaction.atomic():
            league = League.objects.create(
                name=name[:100], slug=slug, title=title.id, options=clean_options,
                description=description.strip(), public=public, created_by=organizer,
            )
            league.organizers.add(organizer)
    except IntegrityError as error:
        raise LeagueError(f"The address /leagues/{slug}/ is taken; choose another.") from error
    return league


def changed_options(league: League) -> list[tuple[str, str]]:
    """The league's game options that differ from the title's defaults, as ``(name, JSON value)`` for its page.

    The stored options have every default filled in (the title's ``validate_options``); a page
    that listed them all would say ``tile_bag []`` to a league that chose nothing.
    """
    defaults = title_of(league.title).validate_options({})
    return [_option_words(league.title, name, value) for name, value in league.options.items()
            if defaults.get(name) != value]


def _option_words(title_id: str, name: str, value: Any) -> tuple[str, str]:
    """A checkbox option as the new-game form names it ("Open holdings", "off"); any other raw."""
    checkbox = next((option for option in ui_for(title_id).options if option.name == name), None)
    if checkbox is not None and isinstance(value, bool):
        return checkbox.label.split(":")[0], "on" if value else "off"
    return name, json.dumps(value)


def add_organizer(league: League, email: str) -> User:
    """Another organizer, by the address of an existing account."""
    user = User.objects.filter(email=normalize_email(email), is_active=True).first()
    if user is None:
        raise LeagueError(f"No player has the address {email.strip()!r}; they need to sign in once first.")
    league.organizers.add(user)
    return user


@dataclass(frozen=True)
class SeasonRules:
    """What an organizer sets when opening a season (``leagues.models.Season`` has the meanings)."""

    signup_deadline: datetime
    name: str = ""
    division_size: int = 4
    game_size: int = 4
    meetings_per_pair: int = 1
    games_at_once: int = 1
    move_time_limit: timedelta | None = None
    timeout_policy: str = TimeoutPolicy.DEFAULT_ANSWER
    points_per_place: tuple[int, ...] = (10, 6, 3, 1)
    tie_breaks: tuple[str, ...] = tuple(choice.value for choice in TieBreak)
    promotion_count: int = 1
    relegation_count: int = 1
    points_to: str = PointsTo.FINISHER
    timeouts_before_offer: int = 0


def check_rules(league: League, rules: SeasonRules) -> None:
    """Refuse rules the league's title, or arithmetic, cannot play."""
    title = title_of(league.title)
    if not title.min_players <= rules.game_size <= title.max_players:
        counts = (f"{title.min_players}" if title.min_players == title.max_players
                  else f"{title.min_players} to {title.max_players}")
        raise LeagueError(f"{title.name} takes {counts} players a game, not {rules.game_size}.")
    if rules.division_size < max(2, title.min_players):
        raise LeagueError(f"A division needs at least {max(2, title.min_players)} players.")
    if rules.game_size > rules.division_size:
        raise LeagueError(_game_larger_than_division(rules))
    if not 1 <= rules.meetings_per_pair <= 10:
        raise LeagueError("Pairs can meet 1 to 10 times a season.")
    if not 1 <= rules.games_at_once <= 20:
        raise LeagueError("A player can be in 1 to 20 games at once.")
    if rules.timeout_policy not in TimeoutPolicy.values:
        raise LeagueError("Choose what happens when a player runs out of time.")
    if not rules.points_per_place or any(points < 0 for points in rules.points_per_place):
        raise LeagueError("Points per place are whole numbers of 0 or more, best place first.")
    if len(set(rules.tie_breaks)) != len(rules.tie_breaks) or not set(rules.tie_breaks) <= set(TieBreak.values):
        raise LeagueError("Tie-breaks are each of: " + ", ".join(TieBreak.values) + " (each at most once).")
    if rules.promotion_count + rules.relegation_count > rules.division_size:
        raise LeagueError("More players go up and down than a division holds.")
    if rules.move_time_limit is not None and rules.move_time_limit <= timedelta(0):
        raise LeagueError("A move time limit must be longer than nothing.")
    if rules.points_to not in PointsTo.values:
        raise LeagueError("Choose who scores a seat a substitute took over.")
    if not 0 <= rules.timeouts_before_offer <= 20:
        raise LeagueError("A seat is offered to substitutes after 1 to 20 timeouts of its player (0: never by itself).")


def _game_larger_than_division(rules: SeasonRules) -> str:
    """Why a game may not outnumber its division: its players all come from one division.

    The draw would shrink every such game to the division's size, so the season's header ("divisions
    of 3, 4-player games") would promise games nobody plays.
    """
    size, game = rules.division_size, rules.game_size
    return (f"Games of {game} players need divisions of at least {game}, since a game's players all come from one "
            f"division. Make the divisions larger, or the games smaller (at most {size} players).")


def _rule_fields(rules: SeasonRules) -> dict[str, Any]:
    return {
        "name": rules.name.strip()[:100],
        "signup_deadline": rules.signup_deadline,
        "division_size": rules.division_size,
        "game_size": rules.game_size,
        "meetings_per_pair": rules.meetings_per_pair,
        "games_at_once": rules.games_at_once,
        "move_time_limit": rules.move_time_limit,
        "timeout_policy": rules.timeout_policy,
        "points_per_place": list(rules.points_per_place),
        "tie_breaks": list(rules.tie_breaks),
        "promotion_count": rules.promotion_count,
        "relegation_count": rules.relegation_count,
        "points_to": rules.points_to,
        "timeouts_before_offer": rules.timeouts_before_offer,
    }


def open_season(league: League, rules: SeasonRules) -> Season:
    """The league's next season, open for sign-up; the one before must be drawn already."""
    check_rules(league, rules)
    with transaction.atomic():
        League.objects.select_for_update().get(pk=league.pk)  # numbers are handed out one at a time
        last = league.seasons.order_by("-number").first()
        if last is not None and last.status == SeasonStatus.SIGNUP:
            raise LeagueError(f"{last.label} is still open for sign-up; draw it before opening another.")
        return Season.objects.create(league=league, number=(last.number + 1) if last else 1, **_rule_fields(rules))


def edit_season(season: Season, rules: SeasonRules) -> Season:
    """Change a season's rules while it is open for sign-up (after the draw they are what was played)."""
    check_rules(season.league, rules)
    with transaction.atomic():
        locked = Season.objects.select_for_update().get(pk=season.pk)
        if locked.status != SeasonStatus.SIGNUP:
            raise LeagueError("The draw has been made: this season's rules can no longer change.")
        for field, value in _rule_fields(rules).items():
            setattr(locked, field, value)
        locked.save()
    return locked


def rules_of(season: Season) -> SeasonRules:
    """A season's rules as the form edits them."""
    return SeasonRules(
        signup_deadline=season.signup_deadline, name=season.name, division_size=season.division_size,
        game_size=season.game_size, meetings_per_pair=season.meetings_per_pair,
        games_at_once=season.games_at_once, move_time_limit=season.move_time_limit,
        timeout_policy=season.timeout_policy, points_per_place=tuple(season.points_per_place),
        tie_breaks=tuple(season.tie_breaks), promotion_count=season.promotion_count,
        relegation_count=season.relegation_count, points_to=season.points_to,
        timeouts_before_offer=season.timeouts_before_offer,
    )
