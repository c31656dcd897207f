"""Named positions several rule tests start from, each reached by replaying scripted turns."""

from __future__ import annotations

from .scenario import Game

# Seven two-tile chains along rows A and C, with loose tiles 2E, 5E (starting tiles), 8E and 11E.
SEVEN_CHAINS = [
    "8E", "11E",
    "1A", ("2A", "tower"), "4A", ("5A", "luxor"), "7A", ("8A", "american"), "10A", ("11A", "worldwide"),
    "1C", ("2C", "festival"), "4C", ("5C", "imperial"), "7C", ("8C", "continental"),
]
# Tiles touching only loose tiles: unplayable while all seven chains are on the board (R20).
EIGHTH_CHAIN_TILES = ["1E", "3E", "4E", "6E", "7E", "9E", "10E", "12E", "2F", "5F", "8F", "11F"]


def tiles_of(moves) -> list[str]:
    return [move if isinstance(move, str) else move[0] for move in moves]


def seven_chains(hold: dict[int, list[str]], extra: list = ()) -> Game:
    """ann (2E) and bob (5E); bob founds all seven chains; then ``hold`` is in hand."""
    moves = SEVEN_CHAINS + list(extra)
    play = Game(["2E", "5E"], tiles_of(moves), hold=hold)
    play.turns(*SEVEN_CHAINS)
    return play


def row_chain(row: str, first: int, last: int) -> list:
    """Moves laying one chain along ``row``: a lone tile, a founding, then growth."""
    return [f"{column}{row}" for column in range(first, last + 1)]


def two_safe_chains(hold: dict[int, list[str]] | None = None, extra: list = (), tail=None) -> Game:
    """Tower on 1A-11A and Luxor on 1C-11C, both safe (11 tiles), ann and bob alternating.

    ann starts (9F before 12F); ann lays row A, bob row C.  5B-style tiles between them are dead.
    """
    row_a, row_c = row_chain("A", 1, 11), row_chain("C", 1, 11)
    moves: list = []
    for a, c in zip(row_a, row_c, strict=True):
        moves += [a, c]
    moves[2] = ("2A", "tower")
    moves[3] = ("2C", "luxor")
    moves += list(extra)
    play = Game(["9F", "12F"], tiles_of(moves), hold=hold, tail=tail)
    play.turns(*moves[:22])
    return play
