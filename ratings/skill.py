"""The rating arithmetic: OpenSkill's Plackett-Luce model over results in order; no database.

Each seat is one competitor.  Usually one player sat in it; when a substitute took it over, the
players who shared it each played a share of the game.  OpenSkill's own partial play (``weights``
of a team's players) does not fit a shared seat: a team's strength is the *sum* of its players'
(two players sharing one seat would count as twice as strong as a solo seat), and 6.x scales the
weights within a team, so a share of 0.9 and 0.1 moves the two the same as 0.5 and 0.25.  So a
shared seat is rated as one player whose rating is the share-weighted mix of its players'
(mu: the weighted mean; sigma: the root of the weighted mean of the variances), and each player
takes their share of the seat's change.  A seat played by one player (share 1) gets exactly
OpenSkill's update.  Places are competition ranks (tied players share a place), so a tie is a tie.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# A share below this is left out: a seat's player who made (almost) no move has nothing to learn from the result.
MIN_SHARE = 0.01


@dataclass(frozen=True)
class SeatResult:
    """One seat's place (1 is best) and its players with their shares of the game (which sum to 1)."""

    place: int
    players: tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class GameResult:
    game_id: int
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative rating shown in tables: mu less three sigma (OpenSkill's ordinal)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Change:
    """``user``'s rating after ``game_id``."""

    game_id: int
    user_id: int
    rating: Rating


INITIAL = Rating(MODEL.mu, MODEL.sigma)


def rate_all(results: Iterable[GameResult], start: dict[int, Rating] | None = None) -> Iterator[Change]:
    """Every player's new rating after each game of ``results`` (in order), from ``start`` (else the initial one)."""
    ratings: dict[int, Rating] = dict(start or {})
    for result in results:
        for change in rate_game(result, ratings):
            ratings[change.user_id] = change.rating
            yield change


def rate_game(result: GameResult, ratings: dict[int, Rating]) -> list[Change]:
    """The changes ``result`` makes to ``ratings`` (unchanged); none for a game of fewer than two seats played."""
    seats = [seat for seat in _once_each(_counted(seat) for seat in result.seats) if seat.players]
    if len(seats) < 2:
        return []
    mixes = [_seat_rating(seat, ratings) for seat in seats]
    teams = [[MODEL.rating(mu=mix.mu, sigma=mix.sigma)] for mix in mixes]
    rated = MODEL.rate(teams, ranks=[seat.place for seat in seats])
    return [
        Change(result.game_id, user, _share_of(ratings.get(user, INITIAL), share, mix, team[0]))
        for seat, mix, team in zip(seats, mixes, rated, strict=True)
        for user, share in seat.players
    ]


def _seat_rating(seat: SeatResult, ratings: dict[int, Rating]) -> Rating:
    """The seat as one player: its players' ratings mixed by their shares of the game."""
    total = sum(share for _, share in seat.players)
    players = [(ratings.get(user, INITIAL), share / total) for user, share in seat.players]
    mu = sum(rating.mu * weight for rating, weight in players)
    variance = sum(rating.sigma**2 * weight for rating, weight in players)
    return Rating(mu, math.sqrt(variance))


def _share_of(old: Rating, share: float, seat_before: Rating, seat_after) -> Rating:
    """``old`` moved by ``share`` of the seat's change: all of it for a player who played the whole game."""
    share = min(share, 1.0)
    mu = old.mu + share * (seat_after.mu - seat_before.mu)
    sigma = old.sigma * (1 - share * (1 - seat_after.sigma / seat_before.sigma))
    return Rating(mu, sigma, old.games + 1)


def _once_each(seats: Iterable[SeatResult]) -> list[SeatResult]:
    """Each player in one seat only, the first they appear in (a substitute's data error must not rate them twice)."""
    seen: set[int] = set()
    kept = []
    for seat in seats:
        kept.append(SeatResult(seat.place, tuple(pair for pair in seat.players if pair[0] not in seen)))
        seen.update(user for user, _ in seat.players)
    return kept


def _counted(seat: SeatResult) -> SeatResult:
    """``seat`` without players whose share is too small to count (and each player once)."""
    shares: dict[int, float] = {}
    for user, share in seat.players:
        shares[user] = shares.get(user, 0.0) + share
    return SeatResult(seat.place, tuple((user, share) for user, share in shares.items() if share >= MIN_SHARE))


