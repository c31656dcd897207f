"""What happens to the map in a recorded game, as a stream of plain events.

The map walk (``engine.t1861.walk``) turns an 18xx.games export into these events; the map
replay (``engine.t1861.map_replay``) applies them to a board and checks each one.  Every
event carries ``at``: the id of the recorded action that caused it (for an automatic
action, the id of its trigger), so a failure names the move a player made.

Places: a city is ``(hex, city index)`` in the order of the tile now in the hex (the same
order as the network's ``"<hex>:c<i>"`` stop ids).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

TokenKind = Literal["home", "bought", "nationalisation", "rsr_home", "rsr_moscow"]


@dataclass(frozen=True)
class PhaseChanged:
    """The first purchase of a phase's train type started that phase (rules section 16)."""

    at: int
    phase: str


@dataclass(frozen=True)
class TrainsRusted:
    """Every train of ``train_type`` left the game."""

    at: int
    train_type: str
    trains: tuple[str, ...]


@dataclass(frozen=True)
class TileLaid:
    """A company laid or upgraded a tile: ``tile`` is the tile number, ``copy`` its 18xx.games id."""

    at: int
    company: str
    hex: str
    tile: str
    copy: str
    rotation: int
    phase: str
    # 0 for the turn's first tile action, 1 for the second (section 12.3's allowance).
    lay_index: int


@dataclass(frozen=True)
class TokenPlaced:
    """A station token went down in a city.

    ``kind`` says why: a minor's or major's ``home``; a ``bought`` token (checked and paid
    by section 12.4); a token the RSR got from a ``nationalisation`` (15.3); the RSR's St
    Petersburg ``rsr_home`` or its Moscow token when gray 639 is laid (``rsr_moscow``).
    Only ``bought`` tokens are legal-or-not; the others are placed by the rules themselves.
    """

    at: int
    company: str
    hex: str
    city: int
    kind: TokenKind
    phase: str
    # A bought token's printed price per hex of distance (section 12.4; R3 after a merger).
    price: int = 0


@dataclass(frozen=True)
class TokenRemoved:
    """A company's token left a city: a merger's ``remove_token``, a second merging minor in a
    city the major already holds (23 R3), or a nationalisation."""

    at: int
    company: str
    hex: str
    city: int
    reason: Literal["action", "merger", "nationalisation"]


@dataclass(frozen=True)
class TokenTransferred:
    """A minor's token became a major's at a conversion or merger (section 14)."""

    at: int
    from_company: str
    to_company: str
    hex: str
    city: int


@dataclass(frozen=True)
class ReservationsDropped:
    """Home reservations that vanished: unstarted minors removed at the first 5-train."""

    at: int
    companies: tuple[str, ...]


@dataclass(frozen=True)
class CompanyNationalised:
    """A company was taken over by the RSR (section 15); ``why`` says which rule did it."""

    at: int
    company: str
    why: str


@dataclass(frozen=True)
class RoutesRun:
    """A ``run_routes`` action: the trains the company owned then and what its players ran."""

    at: int
    company: str
    trains: tuple[str, ...]
    privates: tuple[str, ...]
    routes: tuple[dict[str, Any], ...]
    revenue: int
    phase: str


MapEvent = (
    PhaseChanged
    | TrainsRusted
    | TileLaid
    | TokenPlaced
    | TokenRemoved
    | TokenTransferred
    | ReservationsDropped
    | CompanyNationalised
    | RoutesRun
)
