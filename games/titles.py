"""What the site knows per title: option inputs, the board partial, and chart numbers.

Everything else (prompts, forms, logs) is generic.  A title without an entry here gets
the generic view partial and no title options beyond the advanced JSON field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from engine.core import MalformedRecord, get_title

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
LOOSE_COLOUR = ("#9aa0a6", "#ffffff")
EMPTY_COLOUR = ("#ffffff", "#b8bec8")
SERIES_COLOURS = ["#1f5fbf", "#d9534f", "#3a9d5d", "#8b5a2b", "#e8a33d", "#7a4fbf", "#1f9bb0"]


@dataclass(frozen=True)
class BoolOption:
    """A title option shown as a checkbox on the create form."""

    name: str
    label: str
    default: bool


@dataclass(frozen=True)
class TitleUI:
    board_template: str = "games/boards/generic.html"
    options: tuple[BoolOption, ...] = ()
    present: Callable[[dict[str, Any]], dict[str, Any]] = lambda view: {}
    chart_numbers: Callable[[dict[str, Any]], tuple[dict[str, int], list[int | None]]] = (
        lambda summary: ({}, [player.get("cash") for player in summary.get("players", [])])
    )
    colours: dict[str, str] = field(default_factory=dict)  # chart colour per price series
    holdings_open: Callable[[dict[str, Any]], bool] = lambda options: True

    def series_colour(self, key: str, index: int) -> str:
        return self.colours.get(key) or SERIES_COLOURS[index % len(SERIES_COLOURS)]


# ---------------------------------------------------------------- Acquire

COLUMNS, ROWS = 12, "ABCDEFGHI"
CELL = 44
HAND_STROKE = ' stroke="#1d2330" stroke-width="2.5" stroke-dasharray="4 2"'


def acquire_present(view: dict[str, Any]) -> dict[str, Any]:
    """The board drawing, chain rows and player rows for the Acquire partial."""
    chains = [
        {"id": chain, **info, "colour": ACQUIRE_COLOURS.get(chain, LOOSE_COLOUR)[0]}
        for chain, info in view.get("chains", {}).items()
    ]
    return {
        "svg": acquire_board_svg(view.get("board", {}), {entry["tile"] for entry in view.get("hand", [])}),
        "chains": chains,
        "players": _acquire_players(view, chains),
    }


def acquire_board_svg(board: dict[str, str | None], hand: set[str]) -> SafeString:
    """The 12x9 grid as inline SVG: chain colours, grey loose tiles, dashed outlines for the viewer's hand.

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
            stroke = HAND_STROKE if tile in hand else ' stroke="#c9ced6"'
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
        f'aria-label="Acquire board" font-family="system-ui,sans-serif"><title>Acquire board</title>'
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


def acquire_chart_numbers(summary: dict[str, Any]) -> tuple[dict[str, int], list[int | None]]:
    """Share prices per chain and net worth per seat (cash plus shares at the current price)."""
    chains = summary.get("chains", {})
    prices = {chain: info.get("price", 0) for chain, info in chains.items()}
    worth = [
        player["cash"] + sum(count * prices.get(chain, 0) for chain, count in player.get("shares", {}).items())
        for player in summary.get("players", [])
    ]
    return prices, worth


# ---------------------------------------------------------------- Railroad Barons


def holdings_chart_numbers(summary: dict[str, Any]) -> tuple[dict[str, int], list[int | None]]:
    """Share prices per holding; worth as cash plus 10%-certificates at the current price."""
    holdings = summary.get("holdings", {})
    prices = {key: info.get("price") or 0 for key, info in holdings.items()}
    worth = [
        player.get("cash", 0)
        + sum(percent * prices.get(key, 0) // 10 for key, percent in player.get("shares", {}).items())
        for player in summary.get("players", [])
    ]
    return prices, worth


TITLE_UI: dict[str, TitleUI] = {
    "acquire": TitleUI(
        board_template="games/boards/acquire.html",
        options=(BoolOption("open_holdings", "Open holdings: everyone sees everyone's cash and shares", True),),
        present=acquire_present,
        chart_numbers=acquire_chart_numbers,
        colours={chain: colours[0] for chain, colours in ACQUIRE_COLOURS.items()},
        holdings_open=lambda options: bool(options.get("open_holdings", True)),  # D13
    ),
    "railroad-barons": TitleUI(
        options=(
            BoolOption("end_on_empty_pile", "The game ends when the railroad pile is empty (P-9.3)", False),
            BoolOption("printed_investor_values", "Investor drafts name the printed value", False),
        ),
        chart_numbers=holdings_chart_numbers,
    ),
}


def ui_for(title_id: str) -> TitleUI:
    return TITLE_UI.get(title_id, TitleUI())


def title_name(title_id: str) -> str:
    try:
        return get_title(title_id).name
    except MalformedRecord:  # an engine not installed here still has a readable id
        return title_id
