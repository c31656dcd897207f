"""Recording a finished league game's result and rewriting its division's table, in the same transaction.

``record_result(game)`` is the one entry point: the game signals call it when a move or a
resignation finishes a game (``leagues.receivers``), and the organizer's adjudication calls it
with the result the organizer entered.  It may be called any number of times for a game: the
game's placings are replaced and the table is recomputed from all placings, so a second call
changes nothing.  It joins the caller's transaction, so the table commits or rolls back with
the result.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.db.models import Max

from games.models import Game, GameStatus, Seat, SeatChange
from games.queries import current_state
from games.standings import game_standings
from leagues import points, substitutes, table_html
from leagues.models import Division, DivisionMember, LeagueGame
from leagues.standing_rows import GamePlacing, Standing, Zone


@dataclass(frozen=True)
class SeatResult:
    """Seat ``seat`` (0-based, the game's) placed ``place`` (ties share a place) with ``score`` (None: no score)."""

    seat: int
    place: int
    score: int | None = None
    resigned: bool = False


def record_result(game: Game, result: Sequence[SeatResult] | None = None, state: Any = None) -> bool:
    """Record ``game``'s result in its division and rewrite the table; False (nothing written) if no league game.

    Without ``result``, it is the game's own (games.standings: resigned players last), read
    from ``state`` (the engine's last) or the game's snapshot; the game must be FINISHED.  With
    ``result`` (an adjudication) it is taken as given, whatever the game's status.
    """
    league_game = LeagueGame.objects.filter(game=game).select_related("division").first()
    if league_game is None or (result is None and game.status != GameStatus.FINISHED):
        return False
    with transaction.atomic():
        # One finish at a time per division: two games ending at once must not each write a table without the other.
        division = Division.objects.select_for_update().select_related("season").get(pk=league_game.division_id)
        seat_results = list(result) if result is not None else results_of(game, state)
        _replace_placings(league_game, division, game, seat_results)
        rewrite_table(division)
    return True


def results_of(game: Game, state: Any = None) -> list[SeatResult]:
    """The finished game's result by seat, as the table sees it (games.standings)."""
    standings, _ = game_standings(game, state if state is not None else current_state(game))
    return [SeatResult(entry["seat"], entry["place"], entry.get("score"), bool(entry.get("resigned")))
            for entry in standings]


def _replace_placings(league_game: LeagueGame, division: Division, game: Game, results: list[SeatResult]) -> None:
    """The game's placings become ``results``' seats, scored by the division members the season's rule names.

    A seat that changed hands is scored by ``points_to`` (leagues.substitutes.points_shares):
    its finisher, its starter, or each player by the share of its moves they made.  Only
    division members score: a substitute from outside the division gets no placing, and the
    seat's points (or that part of them) go to no one.  A member who scored two seats of one
    game (left one, then took another) keeps the first seat's placing only.
    """
    members = dict(DivisionMember.objects.filter(division=division).values_list("user_id", "pk"))
    seats_at = Counter(entry.place for entry in results)
    rule = division.season.points_to
    placings: dict[int, GamePlacing] = {}
    for entry, (user_id, share) in _scorers(game, results, rule):
        member_id = members.get(user_id)
        if member_id is None or member_id in placings:
            continue
        placings[member_id] = GamePlacing(
            league_game=league_game, member_id=member_id, place=entry.place, score=entry.score,
            resigned=entry.resigned, share_numerator=share.numerator, share_denominator=share.denominator,
            seats_at_place=seats_at[entry.place])
    GamePlacing.objects.filter(league_game=league_game).delete()
    GamePlacing.objects.bulk_create(placings.values())


def _scorers(game: Game, results: list[SeatResult], rule: str) -> list[tuple[SeatResult, tuple[int | None, Fraction]]]:
    """Each result's seat with the users who score it and their shares; the seated user alone if no seat changed."""
    if not SeatChange.objects.filter(game=game).exists():
        seat_users = dict(Seat.objects.filter(game=game).values_list("index", "user_id"))
        return [(entry, (seat_users.get(entry.seat), Fraction(1))) for entry in results]
    return [(entry, (user.pk if user is not None else None, share))
            for entry in results for user, share in substitutes.points_shares(game, entry.seat, rule)]


def rewrite_table(division: Division) -> list[Standing]:
    """Compute the division's table from its placings with the season's rules and store it, best first.

    Its HTML for the season page is rendered and stored with it (leagues.table_html).
    """
    season = division.season
    members = {member.pk: member.user.name for member in
               DivisionMember.objects.filter(division=division).select_related("user")}
    lines = points.standings(members, _game_results(division), season.points_per_place, season.tie_breaks,
                             display_key=lambda member_id: (members[member_id].casefold(), member_id))
    zones = _zones(division, len(lines))
    rows = [_standing_row(division, line, row, zones.get(row, Zone.NONE)) for row, line in enumerate(lines, 1)]
    Standing.objects.filter(division=division).delete()
    standings = Standing.objects.bulk_create(rows)
    table_html.store_division_table(division)  # the season page then shows it without rendering on view
    return standings


def _game_results(division: Division) -> list[points.GameResult]:
    by_game: dict[int, list[points.Placing]] = defaultdict(list)
    for game_id, member_id, place, score, numerator, denominator, seats in GamePlacing.objects.filter(
            league_game__division=division).values_list("league_game_id", "member_id", "place", "score",
                                                        "share_numerator", "share_denominator", "seats_at_place"):
        by_game[game_id].append(points.Placing(member_id, place, score, Fraction(numerator, denominator), seats))
    return [points.GameResult(tuple(placings)) for placings in by_game.values()]


def _zones(division: Division, size: int) -> dict[int, str]:
    """Rows that go up (not from the top level) and down (not from the bottom level), by table row.

    Players sharing a position across a zone's edge are split by the table's row order (their
    names): the tie-breaks could not split them, so the page shows them level but the zone is exact.
    """
    season = division.season
    lowest = Division.objects.filter(season=season).aggregate(lowest=Max("level"))["lowest"]
    zones: dict[int, str] = {}
    if division.level > 1:
        zones.update(dict.fromkeys(range(1, min(season.promotion_count, size) + 1), Zone.PROMOTION))
    if division.level < lowest:
        down = min(season.relegation_count, size - len(zones))
        zones.update(dict.fromkeys(range(size - down + 1, size + 1), Zone.RELEGATION))
    return zones


def _standing_row(division: Division, line: points.Line, row: int, zone: str) -> Standing:
    share = None if line.winner_share is None else Decimal(line.winner_share.numerator) / line.winner_share.denominator
    return Standing(division=division, member_id=line.member, row=row, position=line.position, played=line.played,
                    points_numerator=line.points.numerator, points_denominator=line.points.denominator,
                    wins=line.wins, seconds=line.seconds,
                    winner_share=None if share is None else round(share, 4),
                    head_to_head=line.head_to_head, zone=zone)
