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
    chart_numbers: Callable[[dict[str, Any]], tuple[dict[str, int | None], list[int | None]]] = (
        lambda summary: ({}, [player.get("cash") for player in summary.get("players", [])])
    )
    colours: dict[str, str] = field(default_factory=dict)  # chart colour per price series
    holdings_open: Callable[[dict[str, Any]], bool] = lambda options: True
    # A price series' name and (when the view knows it) colour, read from a public view.
    series_names: Callable[[dict[str, Any]], dict[str, str]] = lambda view: chain_series_names(view)
    series_colours: Callable[[dict[str, Any]], dict[str, str]] = lambda view: {}
    # A sentence on the game and history pages when some of the title's rules are not the published ones.
    rules_note: str = ""

    def series_colour(self, key: str, index: int, view: dict[str, Any] | None = None) -> str:
        from_view = self.series_colours(view) if view is not None else {}
        return from_view.get(key) or self.colours.get(key) or SERIES_COLOURS[index % len(SERIES_COLOURS)]


def chain_series_names(view: dict[str, Any]) -> dict[str, str]:
    """Acquire's price series are its chains, named as the view names them."""
    return {key: info.get("name", key) for key, info in view.get("chains", {}).items()}


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
        "words": acquire_board_words(view.get("board", {}), chains),
        "chains": chains,
        "players": _acquire_players(view, chains),
    }


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


# ---------------------------------------------------------------- Railroad Barons

# The holdings' printed colours (fill, ink), readable on white.
HOLDING_COLOURS = {
    "green": ("#2e8b57", "#ffffff"),
    "black": ("#1d2330", "#ffffff"),
    "yellow": ("#e8c547", "#1d2330"),
    "red": ("#d9534f", "#ffffff"),
    "blue": ("#3b6fd6", "#ffffff"),
}
TRACK_COLUMNS, TRACK_CELL = 5, 64
RB_RECONSTRUCTION = ("The operating round follows Turnpost's reconstruction, as do the railroad cards, the"
                     " share-value track, obsolescence, the investors' effects and the end of the game: the"
                     " published rules we could read stop after the stock round.")


def holding_colour(colour: str) -> tuple[str, str]:
    return HOLDING_COLOURS.get(colour, LOOSE_COLOUR)


def rb_present(view: dict[str, Any]) -> dict[str, Any]:
    """Holding cards, the share-value track drawing and the round line for the Railroad Barons partial."""
    holdings = [_rb_holding(holding) for holding in view.get("holdings", [])]
    by_id = {h["id"]: h for h in holdings}
    operating = (view.get("round") or {}).get("operating") or {}
    return {
        "holdings": holdings,
        "markers": [h for h in holdings if h.get("price")],
        "track_svg": rb_track_svg(view.get("track", []), by_id),
        "players": [_rb_player(player, holdings) for player in view.get("players", [])],
        "turn": ", ".join(entry.get("name", "") for entry in view.get("waiting_for", [])),
        "operating": by_id.get(operating.get("holding") or ""),
        "offer": _rb_offer(operating, holdings),
        "draft": _rb_draft(view),
        "end_holding": by_id.get(view.get("end_trigger") or ""),
    }


def _rb_draft(view: dict[str, Any]) -> dict[str, Any] | None:
    """The draft line: investors still offered, named by their printed value ("inv450" is "$450")."""
    draft = (view.get("round") or {}).get("draft")
    if not draft:
        return None
    left = [_investor_label(card) for card in draft.get("left", [])]
    return {**draft, "left": left, "offered": _investor_label(draft.get("investor"))}


def _investor_label(card: str | None) -> str:
    """Investor ids carry their printed value ("inv450"); the page says "$450"."""
    if card and card.startswith("inv") and card[3:].isdigit():
        return f"${card[3:]}"
    return card or ""


def _rb_offer(operating: dict[str, Any], holdings: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The pending offer between holdings: which railroad, from whom, to whom, for how much."""
    railroad = operating.get("offer_railroad")
    if not railroad:
        return None
    seller = next((h for h in holdings if any(r["id"] == railroad for r in h.get("railroads", []))), None)
    buyer = next((h for h in holdings if h["id"] == operating.get("holding")), None)
    name = next((r["name"] for r in (seller or {}).get("railroads", []) if r["id"] == railroad), railroad)
    return {"railroad": name, "price": operating.get("offer_price"),
            "seller": seller["short_name"] if seller else "", "buyer": buyer["short_name"] if buyer else "",
            "director": seller.get("director_name") if seller else ""}


def _rb_holding(holding: dict[str, Any]) -> dict[str, Any]:
    fill, ink = holding_colour(holding.get("colour", ""))
    owners = [f"{c['percent']}% {c['owner_name']}" for c in holding.get("certificates", [])]
    status = "floated" if holding.get("floated") else "started" if holding.get("started") else "not started"
    return {**holding, "fill": fill, "ink": ink, "initial": holding.get("short_name", "?")[:1],
            "owners": ", ".join(owners), "status": status}


def _rb_player(player: dict[str, Any], holdings: list[dict[str, Any]]) -> dict[str, Any]:
    shares = player.get("shares", {})
    return {**player, "percents": [shares.get(h["id"], 0) for h in holdings]}


def rb_track_svg(track: list[dict[str, Any]], holdings: dict[str, dict[str, Any]]) -> SafeString:
    """The share-value track as a 5x5 grid of spaces, par spaces outlined, each holding's marker on its space.

    A grid rather than one long line so that it stays readable on a phone.
    """
    parts = []
    for index, space in enumerate(track):
        x, y = (index % TRACK_COLUMNS) * TRACK_CELL + 2, (index // TRACK_COLUMNS) * TRACK_CELL + 2
        stroke = ' stroke="#1d2330" stroke-width="2.5"' if space.get("par") else ' stroke="#c9ced6"'
        parts.append(
            f'<g class="space" data-price="{int(space["price"])}">'
            f'<rect x="{x}" y="{y}" width="{TRACK_CELL - 4}" height="{TRACK_CELL - 4}" rx="4" fill="#ffffff"{stroke}/>'
            f'<text x="{x + 6}" y="{y + 16}" font-size="13" fill="#1d2330" font-weight="700">${int(space["price"])}'
            f"</text>{_track_markers(space.get('holdings', []), holdings, x, y)}</g>"
        )
    rows = (len(track) + TRACK_COLUMNS - 1) // TRACK_COLUMNS
    width, height = TRACK_COLUMNS * TRACK_CELL + 4, rows * TRACK_CELL + 4
    # Prices are ints and names are escaped, so the markup is safe.
    return mark_safe(
        f'<svg viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" role="img" id="track-svg" '
        f'aria-label="Share-value track" aria-describedby="track-words" '
        f'font-family="system-ui,sans-serif"><title>Share-value track</title>'
        + "".join(parts) + "</svg>"
    )


def _track_markers(keys: list[str], holdings: dict[str, dict[str, Any]], x: int, y: int) -> str:
    markers = []
    for slot, key in enumerate(keys):
        holding = holdings.get(key, {"fill": LOOSE_COLOUR[0], "ink": LOOSE_COLOUR[1], "initial": "?", "name": key})
        cx, cy = x + 12 + (slot % 3) * 18, y + 32 + (slot // 3) * 16
        markers.append(
            f'<g class="marker" data-holding="{escape(key)}"><title>{escape(holding.get("name", key))}</title>'
            f'<circle cx="{cx}" cy="{cy}" r="8" fill="{holding["fill"]}" stroke="#1d2330"/>'
            f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="10" fill="{holding["ink"]}">'
            f'{escape(holding["initial"])}</text></g>'
        )
    return "".join(markers)


def holdings_chart_numbers(summary: dict[str, Any]) -> tuple[dict[str, int | None], list[int | None]]:
    """Share price per holding (None before it starts) and each seat's D-20 worth.

    Worth is cash plus each whole 10% share at the current price, as the engine scores it.
    """
    holdings = summary.get("holdings", {})
    prices = {key: info.get("price") for key, info in holdings.items()}
    worth = [
        player.get("cash", 0)
        + sum(percent // 10 * (prices.get(key) or 0) for key, percent in player.get("shares", {}).items())
        for player in summary.get("players", [])
    ]
    return prices, worth


def rb_series_names(view: dict[str, Any]) -> dict[str, str]:
    return {holding["id"]: holding.get("short_name", holding["id"]) for holding in view.get("holdings", [])}


def rb_series_colours(view: dict[str, Any]) -> dict[str, str]:
    return {holding["id"]: holding_colour(holding.get("colour", ""))[0] for holding in view.get("holdings", [])}


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
        board_template="games/boards/railroad-barons.html",
        present=rb_present,
        series_names=rb_series_names,
        series_colours=rb_series_colours,
        rules_note=RB_RECONSTRUCTION,
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
