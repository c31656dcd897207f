"""Acquire in a mail: the board as a 12x9 grid of coloured cells, the chains, the players, the reader's tiles.

Built from one seat's view only.  The view already leaves out what the seat may not see (other
hands always, other players' cash and shares when holdings are closed); this module shows the
reader's own tiles, and never asks for anyone else's.
"""

from __future__ import annotations

from typing import Any

from django.utils.safestring import SafeString, mark_safe

from games.titles.acquire import ACQUIRE_COLOURS, LOOSE_COLOUR
from notifications.positions.cells import HEAD, INK, MINE, MUTED, PAPER, RULE, td

ROWS = "ABCDEFGHI"
COLUMNS = range(1, 13)
LOOSE, EMPTY, YOURS = "o", ".", "*"
# The board's font is set once on its table: 117 cells a mail, each byte of a cell's style counts.
CELL = {"padding": "3px 0", "width": "27px", "height": "16px", "text_align": "center", "border": f"1px solid {RULE}"}


def money(amount: int | None) -> str:
    return "" if amount is None else f"${amount:,}"


def chain_letter(name: str) -> str:
    """A chain's one-letter mark on the text board: its initial (Acquire's seven names start differently)."""
    return name[:1].upper()


def colours_of(chain: str | None) -> tuple[str, str]:
    """(fill, ink) of a placed tile: its chain's colour, grey while unincorporated."""
    return ACQUIRE_COLOURS.get(chain or "", LOOSE_COLOUR)


def board_rows(board: dict[str, str | None], hand: set[str], names: dict[str, str]) -> list[dict[str, Any]]:
    """Per row: its letter, the text line (chain initials, o loose, * yours, . empty) and the HTML cells.

    Only placed tiles and the reader's own are written out; an empty cell stays blank (the
    row and column heads name it), so no tile name in a mail can be one of another player's.
    """
    rows = []
    for row in ROWS:
        tiles = [f"{column}{row}" for column in COLUMNS]
        marks = [_mark(tile, board, hand, names) for tile in tiles]
        cells = "\n".join(_cell(tile, board, hand, names) for tile in tiles)
        rows.append({"row": row, "text": " ".join(f"{mark:>2}" for mark in marks),
                     "html": mark_safe(f"<tr>\n{td(row, HEAD, INK, font_weight='700', **CELL)}\n{cells}</tr>")})
    return rows


def column_heads() -> SafeString:
    """The row of column numbers above the grid (with an empty corner)."""
    heads = "\n".join(td(str(column), HEAD, INK, font_weight="700", **CELL) for column in ("", *COLUMNS))
    return mark_safe(f"<tr>\n{heads}</tr>")


def _mark(tile: str, board: dict[str, str | None], hand: set[str], names: dict[str, str]) -> str:
    if tile in board:
        chain = board[tile]
        return chain_letter(names[chain]) if chain else LOOSE
    return YOURS if tile in hand else EMPTY


def _cell(tile: str, board: dict[str, str | None], hand: set[str], names: dict[str, str]) -> SafeString:
    """One line per cell keeps every line far below SMTP's 998 characters (8-bit, not quoted-printable)."""
    if tile in board:
        chain = board[tile]
        fill, ink = colours_of(chain)
        return td(tile, fill, ink, title=names[chain] if chain else "unincorporated", font_weight="700", **CELL)
    if tile in hand:
        return td(tile, MINE, INK, title="your tile", font_weight="700",
                  **{**CELL, "border": f"2px solid {INK}"})
    return td("", PAPER, MUTED, **CELL)


def chain_rows(chains: dict[str, Any]) -> list[dict[str, Any]]:
    """Every chain, those on the board first: size, price and the two bonuses, or "not on the board"."""
    rows = []
    for chain, info in sorted(chains.items(), key=lambda item: not item[1]["on_board"]):
        fill, ink = colours_of(chain)
        rows.append({
            "name": info["name"], "letter": chain_letter(info["name"]), "fill": fill, "ink": ink,
            "on_board": info["on_board"], "size": info["size"], "safe": info["safe"],
            "price": money(info["price"]), "majority": money(info["majority_bonus"]),
            "minority": money(info["minority_bonus"]), "bank": info["bank_shares"],
        })
    return rows


def player_rows(view: dict[str, Any], seat: int | None, columns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each player: name, tiles in hand (a count), and cash and shares when the view shows them."""
    rows = []
    for player in view["players"]:
        shares = player.get("shares")
        rows.append({
            "name": player["name"],
            "you": player["seat"] == seat,
            "tiles": player.get("tiles"),
            "visible": shares is not None,
            "cash": money(player.get("cash")),
            "shares": [shares.get(column["id"], 0) for column in columns] if shares is not None else [],
            "holdings": _holdings_text(shares, view["chains"]),
        })
    return rows


def _holdings_text(shares: dict[str, int] | None, chains: dict[str, Any]) -> str:
    if shares is None:
        return "not shown (closed holdings)"
    return ", ".join(f"{chains[chain]['name']} {count}" for chain, count in shares.items()) or "no shares"


def share_columns(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The chains the players table needs a column for: on the board, or held by someone the reader can see."""
    held = {chain for player in view["players"] for chain in (player.get("shares") or {})}
    return [
        {"id": chain, "letter": chain_letter(info["name"]), "name": info["name"],
         "fill": colours_of(chain)[0], "ink": colours_of(chain)[1]}
        for chain, info in view["chains"].items()
        if info["on_board"] or chain in held
    ]


def merger_line(view: dict[str, Any]) -> str:
    """The merger being resolved, in words ("Merger at 3A: Luxor survives; Tower (2 tiles, ...) is ..."), or ""."""
    merger = view.get("merger")
    if not merger or not merger.get("survivor"):
        return ""
    chains = view["chains"]
    line = f"Merger at {merger['tile']}: {chains[merger['survivor']]['name']} survives"
    if merger.get("defunct"):
        defunct = chains[merger["defunct"]]
        line += f"; {defunct['name']} ({defunct['size']} tiles, {money(defunct['price'])} a share) is being resolved"
    return line + "."


def over_line(view: dict[str, Any]) -> str:
    """Once the game is over, why it ended, as the page says ("The game is over: the end was declared."), else ""."""
    if view.get("status") != "finished":
        return ""
    reason = str(view.get("end_reason") or "").rstrip(".")
    return f"The game is over: {reason}." if reason else "The game is over."


def hand_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The reader's tiles with what each would do; a finished game's tiles do nothing ("grows Continental" misled)."""
    over = view.get("status") == "finished"
    return [{"tile": tile["tile"], "effect": "" if over else tile["effect"], "playable": tile["playable"]}
            for tile in view.get("hand", [])]


def acquire_position(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    names = {chain: info["name"] for chain, info in view["chains"].items()}
    hand = view.get("hand", [])
    columns = share_columns(view)
    players = player_rows(view, seat, columns)
    me = next((player for player in players if player["you"]), None)
    return {
        "header": " ".join(f"{column:>2}" for column in COLUMNS),
        "heads": column_heads(),
        "board": board_rows(view["board"], {tile["tile"] for tile in hand}, names),
        "chains": chain_rows(view["chains"]),
        "columns": columns,
        "players": players,
        "others_hidden": any(not player["visible"] for player in players if not player["you"]),
        "me": me,
        "hand": hand_rows(view),
        "over": over_line(view),
        "bag": view.get("bag"),
        "merger": merger_line(view),
    }
