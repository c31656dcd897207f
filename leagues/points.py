"""League points and tie-breaks: a division's table from its finished games' results (no Django).

Points: place ``p`` earns ``points_per_place[p - 1]`` (0 past the list).  Players tied for a
place (competition ranking: 1, 1, 3) share the points of the places they fill: two tied for
first in a four-player game each get (10 + 6) / 2 = 8.  Points stay exact (``Fraction``), so a
third of a point is never rounded away before the order is decided; ``format_points`` shows them.

Tie-breaks, applied in the season's order to players still level on every earlier one:

- ``points``: the sum above.
- ``wins``: games placed first (a shared first place counts for each).
- ``seconds``: games placed second.
- ``winner_share``: the mean, over the player's games that have scores and a winner with a
  positive score, of (player's score / the winner's score).  A mean, not a sum, so a player
  who played one game fewer is not penalised for it; 1 means "scored like the winner".
- ``head_to_head``: among the players still tied only, how many times the player placed above
  one of them in a game they both played.  Computed inside each tied group, so it changes as
  the group shrinks; players not tied with anyone have none (shown as a dash).

Players level on every criterion share a position (1, 2, 2, 4), listed by ``display_key``.

A seat that changed hands may be scored by more than one member (the season's ``points_to``,
leagues.substitutes.points_shares): each such member's placing carries its ``share`` of the
seat's points, and ``seats_at_place`` says how many seats shared the place, so that ties are
counted by seats, not by the members scoring them (and a seat no member scores still counts).
Played, wins, seconds, the winner's-score share and head-to-head count the game for every
member with a share: the tie-breaks count games, only the points are divided.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

DEFAULT_POINTS = (10, 6, 3, 1)
CRITERIA = ("points", "wins", "seconds", "winner_share", "head_to_head")
DEFAULT_ORDER = CRITERIA


class RulesError(ValueError):
    """The season's points or tie-break settings cannot be used; the message says why."""


@dataclass(frozen=True)
class Placing:
    """One player's result in one game: ``place`` (1 is best; ties share a place) and score (None: none kept)."""

    member: Hashable
    place: int
    score: int | None = None
    share: Fraction = Fraction(1)
    seats_at_place: int | None = None  # None: the placings at this place are the seats (no seat is shared)


@dataclass(frozen=True)
class GameResult:
    """A finished game's placings, one per player who counts in the division."""

    placings: tuple[Placing, ...]

    @property
    def winner_score(self) -> int | None:
        scores = [placing.score for placing in self.placings if placing.place == 1 and placing.score is not None]
        return max(scores) if scores else None


@dataclass
class Line:
    """A member's row of the table: position (shared when level on everything) and every tie-break's value."""

    member: Hashable
    played: int = 0
    points: Fraction = Fraction(0)
    wins: int = 0
    seconds: int = 0
    winner_share: Fraction | None = None
    head_to_head: int | None = None
    position: int = 0
    _shares: list[Fraction] = field(default_factory=list, repr=False)


def place_points(placings: Sequence[Placing], points_per_place: Sequence[int]) -> dict[Hashable, Fraction]:
    """Each player's points in one game: tied seats share the places they fill, times the player's share."""
    tied: dict[int, int] = {}
    for placing in placings:
        tied[placing.place] = tied.get(placing.place, 0) + 1
    for placing in placings:
        if placing.seats_at_place is not None:
            tied[placing.place] = placing.seats_at_place

    def worth(place: int) -> int:
        return points_per_place[place - 1] if 0 < place <= len(points_per_place) else 0

    shared = {place: Fraction(sum(worth(p) for p in range(place, place + count)), count)
              for place, count in tied.items()}
    return {placing.member: shared[placing.place] * placing.share for placing in placings}


def check_rules(points_per_place: Sequence[int], order: Sequence[str]) -> None:
    """Refuse settings the table cannot use (RulesError with the reason)."""
    if any(value < 0 for value in points_per_place):
        raise RulesError("Points per place cannot be negative.")
    unknown = [name for name in order if name not in CRITERIA]
    if unknown:
        raise RulesError(f"Unknown tie-break: {', '.join(unknown)}. Use {', '.join(CRITERIA)}.")
    if len(set(order)) != len(order):
        raise RulesError("Each tie-break may appear only once.")


def standings(
    members: Iterable[Hashable],
    results: Iterable[GameResult],
    points_per_place: Sequence[int] = DEFAULT_POINTS,
    order: Sequence[str] = DEFAULT_ORDER,
    display_key: Callable[[Hashable], object] = str,
) -> list[Line]:
    """The division's table, best first: every member (those with no game yet too) with positions."""
    check_rules(points_per_place, order)
    results = list(results)
    lines = {member: Line(member) for member in members}
    for result in results:
        _add_game(lines, result, points_per_place)
    for line in lines.values():
        line.winner_share = sum(line._shares, Fraction(0)) / len(line._shares) if line._shares else None
    ranked = _rank(list(lines.values()), list(order), results, display_key)
    _number(ranked, list(order))
    return ranked


def _add_game(lines: dict[Hashable, Line], result: GameResult, points_per_place: Sequence[int]) -> None:
    winner = result.winner_score
    for member, points in place_points(result.placings, points_per_place).items():
        line = lines.get(member)
        if line is None:
            continue  # a seat that does not count in the division (an outsider, a substitute's part)
        placing = next(p for p in result.placings if p.member == member)
        line.played += 1
        line.points += points
        line.wins += placing.place == 1
        line.seconds += placing.place == 2
        if winner is not None and winner > 0 and placing.score is not None:
            line._shares.append(Fraction(placing.score, winner))


def _value(line: Line, criterion: str) -> object:
    if criterion == "winner_share":
        return line.winner_share if line.winner_share is not None else Fraction(-1)
    return getattr(line, criterion)


def _rank(group: list[Line], order: list[str], results: list[GameResult],
          display_key: Callable[[Hashable], object]) -> list[Line]:
    """``group`` best first: split by the first criterion, each level subgroup ranked by the rest."""
    if len(group) <= 1 or not order:
        return sorted(group, key=lambda line: display_key(line.member))
    criterion, rest = order[0], order[1:]
    if criterion == "head_to_head":
        _head_to_head(group, results)
    ranked: list[Line] = []
    for value in sorted({_value(line, criterion) for line in group}, reverse=True):  # type: ignore[type-var]
        ranked += _rank([line for line in group if _value(line, criterion) == value], rest, results, display_key)
    return ranked


def _head_to_head(group: list[Line], results: list[GameResult]) -> None:
    """Each tied player's count of placing above another of the group in a game they shared."""
    tied = {line.member for line in group}
    above = dict.fromkeys(tied, 0)
    for result in results:
        present = [placing for placing in result.placings if placing.member in tied]
        for placing in present:
            above[placing.member] += sum(1 for other in present if placing.place < other.place)
    for line in group:
        line.head_to_head = above[line.member]


def _number(ranked: list[Line], order: list[str]) -> None:
    """Competition positions: a line level with the one above on every criterion shares its position."""
    for index, line in enumerate(ranked):
        previous = ranked[index - 1] if index else None
        level = previous is not None and all(_value(line, c) == _value(previous, c) for c in order)
        line.position = previous.position if level and previous is not None else index + 1


def format_points(points: Fraction) -> str:
    """``8``, ``4.5``, ``6.33``: whole numbers bare, halves and quarters exact, thirds to two places."""
    if points.denominator == 1:
        return str(points.numerator)
    text = f"{float(points):.2f}".rstrip("0").rstrip(".")
    return text


def format_share(share: Fraction | None) -> str:
    """The winner's-score share as a percentage, ``87.5%``; a dash when no game had scores."""
    if share is None:
        return "—"
    return f"{float(share) * 100:.1f}%".replace(".0%", "%")
