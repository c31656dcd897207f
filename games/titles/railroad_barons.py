"""Railroad Barons' presentation: holding cards, the share-value track drawing and chart numbers."""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from engine.railroad_barons.names import possessive
from games.titles.ui import LOOSE_COLOUR, BoolOption, TitleUI

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
    seller_name = seller["short_name"] if seller else ""
    return {"railroad": name, "price": operating.get("offer_price"),
            "seller": seller_name, "seller_possessive": possessive(seller_name) if seller_name else "",
            "buyer": buyer["short_name"] if buyer else "", "director": seller.get("director_name") if seller else ""}


def _rb_holding(holding: dict[str, Any]) -> dict[str, Any]:
    fill, ink = holding_colour(holding.get("colour", ""))
    owners = [f"{c['percent']}% {c['owner_name']}" for c in holding.get("certificates", [])]
    status = "floated" if holding.get("floated") else "started" if holding.get("started") else "not started"
    return {**holding, "fill": fill, "ink": ink, "initial": holding.get("short_name", "?")[:1],
            "abbr": _column_label(holding), "owners": ", ".join(owners), "status": status}


def _column_label(holding: dict[str, Any]) -> str:
    """The Players table's heading of a holding: the first word of its short name ("Rice", "McGreed").

    Five short names side by side ran past the card's edge on a desktop; the first words are still
    distinct and readable (unlike the initials, where two are "M"), and the full name is the title.
    """
    return (holding.get("short_name") or holding.get("id", "?")).split()[0]


def _rb_player(player: dict[str, Any], holdings: list[dict[str, Any]]) -> dict[str, Any]:
    shares = player.get("shares", {})
    return {**player, "percents": [shares.get(h["id"], 0) for h in holdings],
            "possessive": possessive(player.get("name", ""))}


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



UI = TitleUI(
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
)
