"""Acquire's presentation: the 12x9 board drawing, chain rows, player rows and chart numbers."""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.titles.ui import LOOSE_COLOUR, BoolOption, TitleUI

# Classic Acquire hotel colours, readable on white with dark labels on the light ones.
ACQUIRE_COLOURS = {
    "tower": ("#e8c547", "#1d2330"),
    "luxor": ("#d9534f", "#ffffff"),
    "american": ("#3b6fd6", "#ffffff"),
    "worldwide": ("#8b5a2b", "#ffffff"),
    "festival": ("#3a9d5d", "#ffffff"),
    "imperial": ("#e07a9e", "#1d2330"),
    "continental": ("#1f9bb0", "#ffffff"),
}
EMPTY_COLOUR = ("#ffffff", "#b8bec8")

COLUMNS, ROWS = 12, "ABCDEFGHI"
CELL = 44
HAND_STROKE = ' stroke="#1d2330" stroke-width="2.5" stroke-dasharray="4 2"'
PLACED_STROKE = ' stroke="#1d2330" stroke-width="4"'


def acquire_facts(state: Any) -> dict[str, Any]:
    """The tile placed this turn (public, on the board), which the engine's view does not name.

    The board marks it: stepping through the history a walk could not see which cell had changed
    among 108 (the log said "placed 4F", the board did not show where).
    """
    placed = getattr(state, "placed", None)
    return {"placed": placed} if placed else {}


def acquire_present(view: dict[str, Any]) -> dict[str, Any]:
    """The board drawing, chain rows and player rows for the Acquire partial."""
    chains = [
        {"id": chain, **info, "colour": ACQUIRE_COLOURS.get(chain, LOOSE_COLOUR)[0],
         "initial": info.get("name", chain)[:1].upper()}
        for chain, info in view.get("chains", {}).items()
    ]
    placed = view.get("facts", {}).get("placed")
    return {
        "svg": acquire_board_svg(view.get("board", {}), {entry["tile"] for entry in view.get("hand", [])}, placed),
        "placed": placed,
        "words": acquire_board_words(view.get("board", {}), chains),
        "chains": chains,
        "players": _acquire_players(view, chains),
        "merger": acquire_merger_words(view),
    }


def acquire_merger_words(view: dict[str, Any]) -> str:
    """The merger under way, after "Merger at 3A: ", with the choice it waits for ("Tower and Luxor are
    tied for largest; Dee chooses which survives."): a walk's page said only "Merger at 3A." while the
    mergemaker chose, and nothing of who was choosing what."""
    merger = view.get("merger")
    if not merger:
        return ""
    chains = view.get("chains", {})
    maker = next((player["name"] for player in view.get("players", []) if player.get("seat") == merger["mergemaker"]),
                 "the mergemaker")
    if not merger.get("survivor_name"):
        tied = _and([chains.get(chain, {}).get("name", chain) for chain in merger.get("chains", [])])
        return f"{tied} are tied for largest; {maker} chooses which survives."
    if merger.get("defunct_name"):
        return f"{merger['survivor_name']} survives; resolving {merger['defunct_name']}."
    waiting = [chains.get(chain, {}).get("name", chain) for chain in merger.get("still_to_resolve", [])]
    if len(waiting) > 1:
        return f"{merger['survivor_name']} survives; {maker} chooses which of {_and(waiting)} is resolved next."
    return f"{merger['survivor_name']} survives."


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def acquire_board_words(board: dict[str, str | None], chains: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The board as text, for a screen reader and anyone who cannot tell the colours apart:
    each chain's tiles, then the placed tiles in no chain, in the grid's reading order."""
    order = {f"{column}{row}": (row_index, column) for row_index, row in enumerate(ROWS)
             for column in range(1, COLUMNS + 1)}
    placed = sorted(board, key=lambda tile: order.get(tile, (99, 99)))
    rows = [{"name": chain.get("name", chain["id"]), "safe": chain.get("safe", False),
             "tiles": [tile for tile in placed if board[tile] == chain["id"]]} for chain in chains]
    rows = [row for row in rows if row["tiles"]]
    loose = [tile for tile in placed if not board[tile]]
    if loose:
        rows.append({"name": "In no chain", "safe": False, "tiles": loose})
    return rows


def acquire_board_svg(board: dict[str, str | None], hand: set[str], this_turn: str | None = None) -> SafeString:
    """The 12x9 grid as inline SVG: chain colours, grey loose tiles, dashed outlines for the viewer's hand,
    a thick outline round the tile placed this turn.

    Built as one string rather than a template loop: 108 cells through the template
    engine cost more than the rest of the game page together.
    """
    size, parts = CELL - 4, []
    for row_index, row in enumerate(ROWS):
        for column in range(1, COLUMNS + 1):
            tile = f"{column}{row}"
            placed = tile in board
            chain = board.get(tile) or ""
            fill, ink = ACQUIRE_COLOURS.get(chain, LOOSE_COLOUR) if placed else EMPTY_COLOUR
            x, y = (column - 1) * CELL + 2, row_index * CELL + 2
            stroke = PLACED_STROKE if tile == this_turn else HAND_STROKE if tile in hand else ' stroke="#c9ced6"'
            weight = ' font-weight="700"' if placed else ""
            parts.append(
                f'<g class="cell{" placed" if placed else ""}" data-tile="{tile}" data-chain="{escape(chain)}">'
                f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" fill="{fill}"{stroke}/>'
                f'<text x="{x + 20}" y="{y + 25}" text-anchor="middle" font-size="12" fill="{ink}"{weight}>'
                f"{tile}</text></g>"
            )
    width, height = COLUMNS * CELL + 4, len(ROWS) * CELL + 4
    # Tile names are generated here and the chain id is escaped, so the markup is safe.
    return mark_safe(
        f'<svg viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'aria-label="Acquire board" aria-describedby="board-words" '
        f'font-family="system-ui,sans-serif"><title>Acquire board</title>'
        + "".join(parts) + "</svg>"
    )


def _acquire_players(view: dict[str, Any], chains: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for player in view.get("players", []):
        shares = player.get("shares")
        rows.append({
            **player,
            "visible": "cash" in player,
            "holdings": [shares.get(chain["id"], 0) for chain in chains] if shares is not None else [],
        })
    return rows


def acquire_chart_numbers(summary: dict[str, Any]) -> tuple[dict[str, int | None], list[int | None]]:
    """Share prices per chain and net worth per seat (cash plus shares at the current price)."""
    chains = summary.get("chains", {})
    prices = {chain: info.get("price", 0) for chain, info in chains.items()}
    worth = [
        player["cash"] + sum(count * prices.get(chain, 0) for chain, count in player.get("shares", {}).items())
        for player in summary.get("players", [])
    ]
    return prices, worth


# The advanced option ``tile_bag`` deals the tiles in a given order (tests, teaching, replaying a
# game played elsewhere); whoever set it may know every hand, so every reader is told.
FIXED_TILE_ORDER = ("The tile order of this game was fixed when it was created (an advanced option), "
                    "so whoever created it may know every player's tiles; the game does not count for ratings.")


# Whoever takes a seat should know before the first move that the players' table will show them
# only their own cash and shares: a walk's open game page said nothing of it (D13).
CLOSED_HOLDINGS = ("Holdings are closed in this game: each player sees only their own cash and shares "
                   "until the game ends.")


def acquire_setup_notes(options: dict[str, Any]) -> list[str]:
    """The notes every page of the game opens with: a fixed tile order, closed holdings."""
    notes = [FIXED_TILE_ORDER] if options.get("tile_bag") else []
    return notes + ([] if options.get("open_holdings", True) else [CLOSED_HOLDINGS])


UI = TitleUI(
    board_template="games/boards/acquire.html",
    options=(BoolOption("open_holdings", "Open holdings: everyone sees everyone's cash and shares", True),),
    present=acquire_present,
    chart_numbers=acquire_chart_numbers,
    colours={chain: colours[0] for chain, colours in ACQUIRE_COLOURS.items()},
    holdings_open=lambda options: bool(options.get("open_holdings", True)),  # D13
    setup_notes=acquire_setup_notes,
    sign_in_to="see your tiles and make your move",
    view_facts=acquire_facts,
)
