"""The board's geometry: the 108 tile names, their order and their orthogonal neighbours (R1, R2)."""

from __future__ import annotations

ROWS = "ABCDEFGHI"
COLUMNS = range(1, 13)
HAND_SIZE = 6

# Row-major: 1A, 2A .. 12A, 1B ..  This is also "closeness to 1A" (row letter first, R8/D2),
# and the order the tiles not listed in the tile_bag option take before the seeded shuffle.
ALL_TILES: tuple[str, ...] = tuple(f"{column}{row}" for row in ROWS for column in COLUMNS)
TILE_ORDER: dict[str, int] = {tile: index for index, tile in enumerate(ALL_TILES)}


def _neighbours(column: int, row: int) -> tuple[str, ...]:
    """Left, right, up and down only: diagonal contact never links tiles (R2)."""
    cells = ((column - 1, row), (column + 1, row), (column, row - 1), (column, row + 1))
    return tuple(f"{c}{ROWS[r]}" for c, r in cells if 1 <= c <= 12 and 0 <= r < len(ROWS))


NEIGHBOURS: dict[str, tuple[str, ...]] = {
    f"{column}{row}": _neighbours(column, index) for index, row in enumerate(ROWS) for column in COLUMNS
}


def is_tile(name: object) -> bool:
    """True for a canonical tile name such as ``5C`` or ``12I``."""
    return isinstance(name, str) and name in TILE_ORDER


def in_board_order(tiles: list[str]) -> list[str]:
    """``tiles`` sorted as they lie on the board, 1A first."""
    return sorted(tiles, key=TILE_ORDER.__getitem__)
