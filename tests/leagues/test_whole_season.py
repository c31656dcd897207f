"""The issue's whole small season, end to end, on PostgreSQL with the real Celery worker on Redis.

Six players (a seventh signs up and withdraws) in two divisions of three, every pair meeting
twice in three-player games: two waves of one game per division.  The worker runs what beat
would (the draw at the deadline, each wave, the deadline sweep, the ratings); this process
plays the moves through the one move path, as players would.  Division 1's second game has a
timeout that offers the seat to the pool, two volunteers claim it at once and one wins;
division 2's second game is adjudicated.  Then season 2 is drawn from season 1's tables.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from fractions import Fraction

import pytest
from django.db import connection
from django.utils import timezone

from games import organizer_acts
from games.models import Game, GameStatus, Seat
from leagues import organizing, points, signups, substitutes, tasks
from leagues.models import (
    DivisionMember,
    League,
    LeagueGame,
    PointsTo,
    Season,
    SeasonStatus,
    SeatOffer,
    Standing,
    Zone,
)
from leagues.standings import results_of
from notifications import tasks as notification_tasks
from notifications.models import Deadline, MailKind, Outbox
from ratings.models import RatingEntry
from tests.games.factories import make_user, play_to_end
from tests.leagues.conftest import close_signup, open_season
from tests.notifications.conftest import redis_worker, smtp_sink  # noqa: F401  (fixtures used below)
from tests.notifications.realparts import wait_until

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ALREADY_TAKEN = "Already taken: another substitute claimed this seat first."


def _on_worker(season: Season, done) -> None:
    """Queue the beat's league task on the worker and wait until ``done(season)`` holds."""
    tasks.run_seasons.delay()

    def holds() -> bool:
        season.refresh_from_db()
        return done(season)

    wait_until(holds, timeout=30)


def _wave(season: Season, index: int) -> list[LeagueGame]:
    return list(LeagueGame.objects.filter(wave__season=season, wave__index=index)
                .select_related("game", "division").order_by("division__level"))


def _wave_started(season: Season, index: int) -> bool:
    """Every game of the wave is made and being played (the worker starts them after marking the wave)."""
    games = _wave(season, index)
    return bool(games) and all(lg.game is not None and lg.game.status == GameStatus.ACTIVE for lg in games)


def _table(division) -> list[tuple[int, str, Fraction, str]]:
    rows = Standing.objects.filter(division=division).select_related("member").order_by("row")
    return [(row.member.user_id, row.position, row.points, row.zone) for row in rows]


def _claim_mails_to(sink) -> set[str]:
    """Who received a "claim this seat" mail over SMTP (the worker sent it)."""
    with sink.lock:
        return {address for message in sink.messages if "/leagues/claim/" in message.text for address in message.to}


def _time_out_and_claim_at_once(game: Game, volunteers: list) -> tuple[object, dict[str, str]]:
    """The waiting seat's deadline passes (its clock moved on); the worker's sweep times it out and offers it."""
    deadline = Deadline.objects.get(game=game, resolved=False)
    Deadline.objects.filter(pk=deadline.pk).update(due_at=timezone.now() - timedelta(seconds=1))
    notification_tasks.sweep_deadlines.delay()
    wait_until(lambda: SeatOffer.objects.filter(game=game).exists(), timeout=30)
    offer = SeatOffer.objects.get(game=game)
    assert offer.seat == deadline.seat and offer.reason == "its player ran out of time 1 time."
    barrier, results = threading.Barrier(2), {}

    def claim(user) -> None:
        try:
            barrier.wait()
            substitutes.claim(offer.pk, user)
            results[user.name] = "won"
        except substitutes.AlreadyTaken as error:
            results[user.name] = error.message
        finally:
            connection.close()

    threads = [threading.Thread(target=claim, args=(user,)) for user in volunteers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return offer, results


def test_a_whole_small_season_from_sign_up_to_the_next_seasons_divisions(redis_worker, smtp_sink):  # noqa: F811
    olga = make_user("olga@example.com", "olga")
    league: League = organizing.create_league(olga, "Tuesday Acquire", "acquire", {})
    season = open_season(league, division_size=3, game_size=3, meetings_per_pair=2, games_at_once=1,
                         move_time_limit=timedelta(hours=48), timeout_policy="default", promotion_count=1,
                         relegation_count=1)
    Season.objects.filter(pk=season.pk).update(points_to=PointsTo.SPLIT, timeouts_before_offer=1)
    players = [make_user(f"p{index}@example.com", f"p{index}") for index in range(1, 7)]
    for player in players:
        signups.sign_up(season, player)
    late = make_user("late@example.com", "late")
    signups.sign_up(season, late)
    signups.withdraw(season, late)  # before the draw: in no division
    volunteers = [make_user("vi@example.com", "vi"), make_user("wes@example.com", "wes")]
    for volunteer in volunteers:
        substitutes.join_pool(league, volunteer)

    # The deadline passes: the worker draws the season and starts its first wave.
    close_signup(season)
    _on_worker(season, lambda s: _wave_started(s, 1))
    top, bottom = season.divisions.order_by("level")
    assert sorted(DivisionMember.objects.filter(division__season=season).values_list("user_id", flat=True)) == sorted(
        player.pk for player in players)
    assert not DivisionMember.objects.filter(user=late).exists()
    first = _wave(season, 1)
    assert [lg.division for lg in first] == [top, bottom]
    assert all(lg.game.status == GameStatus.ACTIVE for lg in first)
    for league_game in first:
        play_to_end(league_game.game)
    assert all(Standing.objects.filter(division=d, played=1).count() == 3 for d in (top, bottom))

    # Wave 2 starts on the worker once wave 1 is over.
    _on_worker(season, lambda s: _wave_started(s, 2))
    timed_out, adjudicated = (lg.game for lg in _wave(season, 2))
    offer, claims = _time_out_and_claim_at_once(timed_out, volunteers)
    assert sorted(claims.values()) == [ALREADY_TAKEN, "won"]
    winner = next(user for user in volunteers if claims[user.name] == "won")
    assert Seat.objects.get(game=timed_out, index=offer.seat).user == winner
    play_to_end(timed_out)
    organizer_acts.adjudicate(adjudicated.pk, olga, "Both stopped answering.", "adjudicate-1",
                              {"0": 2, "1": 1, "2": 3})

    # The season ends on the worker; the tables hold every game, the substitute scoring nothing.
    _on_worker(season, lambda s: s.status == SeasonStatus.FINISHED)
    timed_out.refresh_from_db()
    seat_points = points.place_points([points.Placing(r.seat, r.place) for r in results_of(timed_out)], (10, 6, 3, 1))
    share = dict(substitutes.points_shares(timed_out, offer.seat, PointsTo.SPLIT))[winner]
    assert 0 < share < 1
    top_table, bottom_table = _table(top), _table(bottom)
    assert sum(row[2] for row in top_table) == 2 * 19 - seat_points[offer.seat] * share
    assert not Standing.objects.filter(member__user__in=volunteers).exists()
    adjudicated_seats = list(adjudicated.seats.order_by("index").values_list("user_id", flat=True))
    assert Standing.objects.get(division=bottom, member__user_id=adjudicated_seats[1]).wins >= 1
    assert sum(row[2] for row in bottom_table) == 2 * 19
    assert [row[3] for row in top_table] == ["", "", Zone.RELEGATION]
    assert [row[3] for row in bottom_table] == [Zone.PROMOTION, "", ""]

    # Ratings: the worker rated the three games played out, not the adjudicated one.
    played = [lg.game for lg in first] + [timed_out]
    wait_until(lambda: RatingEntry.objects.filter(game__in=played).count() == 3 * 3 + 1, timeout=30)
    assert not RatingEntry.objects.filter(game=adjudicated).exists()
    assert RatingEntry.objects.filter(game=timed_out, user=winner).exists()  # its part of the seat, rated
    assert Outbox.objects.filter(kind=MailKind.SEAT_OFFER, recipient__in=volunteers).count() == 2
    wait_until(lambda: _claim_mails_to(smtp_sink) == {"vi@example.com", "wes@example.com"}, timeout=30)

    # Season 2: the same six sign up; the draw moves division 2's winner up and division 1's last down.
    second = open_season(league, division_size=3, game_size=3, meetings_per_pair=2)
    for player in players:
        signups.sign_up(second, player)
    close_signup(second)
    _on_worker(second, lambda s: _wave_started(s, 1))
    new_top, new_bottom = second.divisions.order_by("level")
    promoted, relegated = bottom_table[0][0], top_table[-1][0]
    top_members = set(new_top.members.values_list("user_id", flat=True))
    assert promoted in top_members and relegated not in top_members
    assert top_members == {top_table[0][0], top_table[1][0], promoted}
    assert set(new_bottom.members.values_list("user_id", flat=True)) == {relegated, bottom_table[1][0],
                                                                        bottom_table[2][0]}
