"""A finished game's places as the ratings read them: the table's standings (resigned players last)."""

from __future__ import annotations

from typing import Any

from games.models import Game
from games.queries import current_state
from games.standings import game_standings
from ratings.models import RatedResult
from ratings.seats import seat_shares
from ratings.skill import GameResult, SeatResult


def result_row(game: Game) -> RatedResult:
    """The unsaved RatedResult of ``game`` (finished and rated): places from its final standings."""
    standings, _ = game_standings(game, current_state(game))
    shares = seat_shares(game)
    seats = [{"seat": entry["seat"], "place": entry["place"],
              "players": [list(pair) for pair in shares.get(entry["seat"], [])]} for entry in standings]
    return RatedResult(game=game, title=game.title, finished=game.finished, seats=seats)


def game_result(row: RatedResult) -> GameResult:
    """The arithmetic's view of a stored result."""
    return GameResult(row.game_id, tuple(_seat(entry) for entry in row.seats))


def _seat(entry: dict[str, Any]) -> SeatResult:
    return SeatResult(int(entry["place"]), tuple((int(user), float(share)) for user, share in entry["players"]))
