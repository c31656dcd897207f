"""The rating arithmetic: OpenSkill's Plackett-Luce model over results in order; no database.

Each seat is a team: usually one player, or the players who shared the seat (a substitute took
it over), each weighted by the share of the game they played (OpenSkill's partial play,
``weights``).  Places are competition ranks (tied players share a place), so a tie is a tie.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# A share below this is left out: OpenSkill divides by the weights, and a seat's player who made no
# move has nothing to learn from the result.
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


def rate_all(results: Iterable[GameResult]) -> Iterator[Change]:
    """Every player's new rating after each game of ``results`` (in order), from the initial rating."""
    ratings: dict[int, Rating] = {}
    for result in results:
        for change in rate_game(result, ratings):
            ratings[change.user_id] = change.rating
            yield change


def rate_game(result: GameResult, ratings: dict[int, Rating]) -> list[Change]:
    """The changes ``result`` makes to ``ratings`` (unchanged); none for a game of fewer than two seats played."""
    seats = [_counted(seat) for seat in result.seats]
    seats = [seat for seat in seats if seat.players]
    if len(seats) < 2:
        return []
    teams = [[_model_rating(ratings.get(user, INITIAL)) for user, _ in seat.players] for seat in seats]
    weights = [[share for _, share in seat.players] for seat in seats]
    rated = MODEL.rate(teams, ranks=[seat.place for seat in seats], weights=weights)
    return [
        Change(result.game_id, user, Rating(new.mu, new.sigma, ratings.get(user, INITIAL).games + 1))
        for seat, team in zip(seats, rated, strict=True)
        for (user, _), new in zip(seat.players, team, strict=True)
    ]


def _counted(seat: SeatResult) -> SeatResult:
    """``seat`` without players whose share is too small to count (and each player once)."""
    shares: dict[int, float] = {}
    for user, share in seat.players:
        shares[user] = shares.get(user, 0.0) + share
    return SeatResult(seat.place, tuple((user, share) for user, share in shares.items() if share >= MIN_SHARE))


def _model_rating(rating: Rating):
    return MODEL.rating(mu=rating.mu, sigma=rating.sigma)
