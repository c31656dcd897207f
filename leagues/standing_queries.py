"""Reads for the public league, season and division pages and a player's league games: a few queries each.

Tables come from the stored ``Standing`` rows (never a replay), so a season page costs the same
however many seasons the league has had.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from functools import cache
from typing import Any

from django.contrib.postgres.aggregates import StringAgg
from django.db import connection
from django.db.models import CharField, Count, Max, OuterRef, Q, Subquery, Value
from django.db.models.functions import Concat
from django.http import Http404
from django.template.loader import get_template

from accounts.models import User
from games.models import GameStatus, Seat
from games.queries import move_deadlines
from leagues.models import Division, DivisionMember, League, LeagueGame, Season
from leagues.points import format_points, format_share
from leagues.standing_rows import Standing, Zone

ZONE_WORDS = {Zone.PROMOTION: "promoted", Zone.RELEGATION: "relegated", Zone.NONE: ""}
# Column headings of the tie-breaks, in the words the table shows (points are always the first column).
TIE_BREAK_HEADINGS = {"wins": "Wins", "seconds": "Seconds", "winner_share": "Share of winner's score",
                      "head_to_head": "Head to head"}


@dataclass
class TableRow:
    """One line of a division's table as the page shows it: every value already in words."""

    position: int
    shared: bool
    name: str
    user_id: int
    played: int
    points: str
    tie_breaks: list[str]
    zone: str
    zone_words: str


@dataclass
class DivisionTable:
    division: Division
    rows: list[TableRow] = field(default_factory=list)


def visible_league(slug: str, user: User | None) -> League:
    """The league at ``slug`` if the viewer may see it, as its other pages decide (leagues.views); else 404.

    Public, or the viewer organizes it or signed up for one of its seasons.
    """
    league = League.objects.filter(slug=slug).first()
    if league is None:
        raise Http404("No such league.")
    if league.public or league.is_organizer(user):
        return league
    if user is not None and user.is_authenticated and league.seasons.filter(signups__user=user).exists():
        return league
    raise Http404("No such league.")


def season_of(league: League, number: int) -> Season:
    season = Season.objects.filter(league=league, number=number).first()
    if season is None:
        raise Http404("No such season.")
    season.league = league
    return season


TABLE_TEMPLATES = ("leagues/_season_division.html", "leagues/_table.html")


@cache
def table_templates_version() -> str:
    """A digest of the table templates' source: a deploy that changes them renders every stored table again."""
    sources = (get_template(name).template.source for name in TABLE_TEMPLATES)
    return hashlib.sha1("\n".join(sources).encode()).hexdigest()[:12]


def division_table_keys(season: Season, division_ids: list[int] | None = None) -> dict[int, str]:
    """Division id -> a key naming this state of its table's HTML (top level first); one query for the season.

    Every rewrite replaces a division's rows (their ``updated`` is then newest), and the key
    also names the members and their names, the division's name, the season's tie-breaks and
    the page's links: HTML stored under it is never stale.
    """
    divisions = Division.objects.filter(season=season).order_by("level", "number")
    if division_ids is not None:
        divisions = divisions.filter(pk__in=division_ids)
    divisions = divisions.annotate(newest=Max("standings__updated"), rows=Count("standings"))
    if connection.vendor == "postgresql":
        member = Concat("user_id", Value(":"), "user__display_name", Value(":"), "user__email",
                        output_field=CharField())
        names = (DivisionMember.objects.filter(division=OuterRef("pk")).order_by().values("division")
                 .annotate(names=StringAgg(member, Value(","), order_by="user_id")).values("names"))
        divisions = divisions.annotate(names=Subquery(names)).values_list("pk", "name", "newest", "rows", "names")
    else:
        divisions = _with_member_names(season, divisions.values_list("pk", "name", "newest", "rows"))
    page = f"{table_templates_version()}:{season.league.slug}:{season.number}:{','.join(season.tie_breaks)}"

    def key(pk: int, name: str, newest: datetime | None, rows: int, names: str | None) -> str:
        state = f"{page}:{newest.timestamp() if newest else 0}:{rows}:{name}:{names or ''}"
        return hashlib.sha1(state.encode()).hexdigest()

    return {row[0]: key(*row) for row in divisions}


def _with_member_names(season: Season, divisions: Any) -> list[tuple[Any, ...]]:
    """The division rows with their members' names, read by a second query where STRING_AGG is missing (SQLite)."""
    names: dict[int, list[str]] = {}
    members = (DivisionMember.objects.filter(division__season=season).order_by("division_id", "user_id")
               .values_list("division_id", "user_id", "user__display_name", "user__email"))
    for division_id, user_id, display_name, email in members:
        names.setdefault(division_id, []).append(f"{user_id}:{display_name}:{email}")
    return [(*row, ",".join(names.get(row[0], [])) or None) for row in divisions]


def tie_break_columns(season: Season) -> list[tuple[str, str]]:
    """(key, heading) of the season's tie-breaks after points, in the season's order."""
    return [(key, TIE_BREAK_HEADINGS[key]) for key in season.tie_breaks if key in TIE_BREAK_HEADINGS]


def division_tables(season: Season, division_ids: list[int] | None = None) -> list[DivisionTable]:
    """Each division of the season (or only those in ``division_ids``) with its stored table, top level first."""
    divisions = Division.objects.filter(season=season).order_by("level", "number")
    if division_ids is not None:
        divisions = divisions.filter(pk__in=division_ids)
    tables = {division.pk: DivisionTable(division) for division in divisions}
    if not tables:
        return []
    columns = [key for key, _ in tie_break_columns(season)]
    standings = (Standing.objects.filter(division_id__in=list(tables)).order_by("division_id", "row")
                 .values("division_id", "position", "played", "points_numerator", "points_denominator", "wins",
                         "seconds", "winner_share", "head_to_head", "zone", "member__user_id",
                         "member__user__display_name", "member__user__email"))
    for line in standings:
        tables[line["division_id"]].rows.append(_table_row(line, columns))
    for table in tables.values():
        _mark_shared(table.rows)
        if not table.rows:
            table.rows = _unplayed_rows(table.division, columns)
    return list(tables.values())


def _table_row(line: dict[str, Any], columns: list[str]) -> TableRow:
    name = line["member__user__display_name"] or line["member__user__email"].split("@")[0]
    values = {"wins": str(line["wins"]), "seconds": str(line["seconds"]),
              "winner_share": format_share(None if line["winner_share"] is None else Fraction(line["winner_share"])),
              "head_to_head": "—" if line["head_to_head"] is None else str(line["head_to_head"])}
    return TableRow(position=line["position"], shared=False, name=name, user_id=line["member__user_id"],
                    played=line["played"],
                    points=format_points(Fraction(line["points_numerator"], line["points_denominator"])),
                    tie_breaks=[values[key] for key in columns], zone=line["zone"],
                    zone_words=ZONE_WORDS[Zone(line["zone"])])


def _mark_shared(rows: list[TableRow]) -> None:
    """``shared``: another row has the same position (the page writes "=3")."""
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.position] = counts.get(row.position, 0) + 1
    for row in rows:
        row.shared = counts[row.position] > 1


def _unplayed_rows(division: Division, columns: list[str]) -> list[TableRow]:
    """Before any game finishes: the members by seed, all level on nothing."""
    members = DivisionMember.objects.filter(division=division).select_related("user").order_by("seed")
    rows = [TableRow(position=1, shared=True, name=member.user.name, user_id=member.user_id, played=0, points="0",
                     tie_breaks=["—" if key in ("winner_share", "head_to_head") else "0" for key in columns],
                     zone="", zone_words="") for member in members]
    if len(rows) == 1:
        rows[0].shared = False
    return rows


def division_games(division: Division) -> list[dict[str, Any]]:
    """The division's scheduled games in order: players, status in words, and the game when it exists."""
    names = {member.user_id: member.user.name
             for member in DivisionMember.objects.filter(division=division).select_related("user")}
    games = LeagueGame.objects.filter(division=division).select_related("game", "wave").order_by("number")
    return [{"number": entry.number, "wave": entry.wave.index, "game": entry.game,
             "players": [names.get(user_id, "a substitute") for user_id in entry.seat_order],
             "status": _game_status(entry)} for entry in games]


def _game_status(entry: LeagueGame) -> str:
    if entry.game is None:
        return f"planned for wave {entry.wave.index}"
    return entry.game.get_status_display()


def league_seasons(league: League) -> list[Season]:
    """The league's seasons, newest first (the first is the current one, the rest are past)."""
    return list(Season.objects.filter(league=league).order_by("-number"))


def player_league_games(user: User) -> list[dict[str, Any]]:
    """The user's league games, newest season first: the game, its division, and when a move they owe is due."""
    # A game not started yet is the user's when its seat order names them: read among their divisions' games and
    # checked here, as a JSON list's "contains" is PostgreSQL's alone (SQLite, bin/serve's run, refused the page).
    mine = Q(game__seats__user=user) | Q(game__isnull=True, division__members__user=user)
    entries = (LeagueGame.objects.filter(mine)
               .select_related("game", "game__snapshot", "wave", "division__season__league")
               .defer("game__snapshot__state").distinct()
               .order_by("-division__season__created", "division_id", "number"))
    entries = [entry for entry in entries if entry.game_id is not None or user.pk in entry.seat_order]
    seats = dict(Seat.objects.filter(user=user, game_id__in=[entry.game_id for entry in entries if entry.game_id])
                 .values_list("game_id", "index"))
    return [_player_entry(entry, seats.get(entry.game_id)) for entry in entries]


def _player_entry(entry: LeagueGame, seat: int | None) -> dict[str, Any]:
    """The entry for the player in ``seat`` of the entry's game (None: not seated yet)."""
    game = entry.game
    due: datetime | None = None
    owes = False
    if game is not None and game.status == GameStatus.ACTIVE and seat is not None:
        snapshot = getattr(game, "snapshot", None)
        owes = snapshot is not None and seat in snapshot.waiting_seats
        if owes:
            due = move_deadlines(game, [seat]).get(seat)
    season = entry.division.season
    playing = game is not None and game.status == GameStatus.ACTIVE
    return {"entry": entry, "game": game, "division": entry.division, "season": season, "league": season.league,
            "status": _game_status(entry), "owes_move": owes, "due": due, "playing": playing}
