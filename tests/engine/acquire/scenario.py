"""Readable Acquire positions built through real records.

``scripted_bag`` turns "these starting tiles, then these placements in turn order"
into the ``tile_bag`` option that deals every tile to the right hand in time, so a
test reads as the moves of a game and the position is reached by replaying a record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.acquire.tiles import ALL_TILES, TILE_ORDER
from engine.core import game
from engine.core.events import Event
from engine.core.record import record_from_json, replay

NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]
# Tiles far from where the tests build chains, dealt to fill hands; they are never placed.
FILLER = [tile for row in "IHG" for tile in ALL_TILES if tile.endswith(row)]


def first_seat(start: list[str]) -> int:
    """The seat whose starting tile is closest to 1A (R8)."""
    return min(range(len(start)), key=lambda seat: TILE_ORDER[start[seat]])


def scripted_bag(
    start: list[str],
    moves: list[str | None],
    hold: dict[int, list[str]] | None = None,
    tail: list[str] | None = None,
    filler: list[str] | None = None,
) -> list[str]:
    """The tile_bag for: ``start`` (one tile per seat), then ``moves`` (the tile each turn places, in turn
    order from the first player; None for a turn without a placement).

    ``hold[seat]`` are tiles that seat receives after its placements and keeps; ``tail`` follows the
    scripted draws (replacements for dead tiles, say).  Hands are padded with ``filler`` tiles.
    """
    count = len(start)
    first = first_seat(start)
    hold = hold or {}
    turns = [(first + index) % count for index in range(len(moves))]
    streams = {seat: [m for s, m in zip(turns, moves, strict=True) if s == seat and m] + hold.get(seat, [])
               for seat in range(count)}
    used = set(start) | {tile for stream in streams.values() for tile in stream} | set(tail or [])
    pool = [tile for tile in (filler or FILLER) if tile not in used]
    for seat, stream in streams.items():
        draws = sum(1 for s, m in zip(turns, moves, strict=True) if s == seat and m)
        while len(stream) < 6 + draws:
            stream.append(pool.pop(0))
    bag = list(start)
    for offset in range(count):
        bag += streams[(first + offset) % count][:6]
    taken = dict.fromkeys(range(count), 6)
    for seat, move in zip(turns, moves, strict=True):
        if move:
            bag.append(streams[seat][taken[seat]])
            taken[seat] += 1
    return bag + list(tail or [])


class Game:
    """A game driven through the core API that keeps its own record, so it can be replayed."""

    def __init__(self, start: list[str], moves: Sequence[str | None] = (), *, hold: dict[int, list[str]] | None = None,
                 tail: list[str] | None = None, filler: list[str] | None = None, seed: int = 0, **options: Any):
        players = NAMES[: len(start)]
        bag = scripted_bag(list(start), list(moves), hold, tail, filler)
        self.record: dict[str, Any] = {
            "title": "acquire",
            "players": players,
            "seed": seed,
            "options": {"tile_bag": bag, **options},
            "actions": [],
        }
        self.state = game.new_game("acquire", players, seed, self.record["options"])
        self.events: list[Event] = []

    # -- single actions -------------------------------------------------------------------------
    def act(self, action: dict[str, Any], seat: int | None = None) -> list[Event]:
        seat = self.state.waiting_seat() if seat is None else seat
        events = game.apply_in_place(self.state, seat, action)
        self.record["actions"].append({"seat": seat, "action": action})
        self.events += events
        return events

    def place(self, tile: str, seat: int | None = None) -> list[Event]:
        return self.act({"type": "place_tile", "tile": tile}, seat)

    def found(self, chain: str) -> list[Event]:
        return self.act({"type": "found_chain", "chain": chain})

    def survivor(self, chain: str) -> list[Event]:
        return self.act({"type": "choose_survivor", "chain": chain})

    def defunct(self, chain: str) -> list[Event]:
        return self.act({"type": "choose_defunct", "chain": chain})

    def dispose(self, chain: str, sell: int = 0, trade: int = 0, seat: int | None = None) -> list[Event]:
        return self.act({"type": "dispose_shares", "chain": chain, "sell": sell, "trade": trade}, seat)

    def buy(self, seat: int | None = None, **shares: int) -> list[Event]:
        return self.act({"type": "buy_shares", "shares": shares}, seat)

    def declare(self, seat: int | None = None) -> list[Event]:
        return self.act({"type": "declare_end"}, seat)

    # -- whole turns ----------------------------------------------------------------------------
    def turn(self, tile: str | None, found: str | None = None, **buy: int) -> None:
        """Place ``tile`` (None: the hand has no playable tile), found ``found`` if asked, then buy."""
        if tile is not None:
            self.place(tile)
        if self.phase == "found_chain":
            self.found(found)
        self.buy(**buy)

    def turns(self, *moves: str | tuple[str, str]) -> None:
        """Several quiet turns: a tile, or (tile, chain founded); nothing bought."""
        for move in moves:
            tile, chain = (move, None) if isinstance(move, str) else move
            self.turn(tile, chain)

    # -- reading --------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def waiting(self) -> list[dict[str, Any]]:
        return game.summary(self.state)["waiting_for"]

    def summary(self) -> dict[str, Any]:
        return game.summary(self.state)

    def prompt(self):
        (prompt,) = game.prompts(self.state)
        return prompt

    def replayed(self):
        return replay(record_from_json(self.record))

    def texts(self, kind: str | None = None) -> list[str]:
        return [event.text for event in self.events if kind is None or event.kind == kind]
