"""Position summaries for mails, per title, built from one seat's view (never from the state)."""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import mark_safe

ACQUIRE_ROWS = "ABCDEFGHI"
ACQUIRE_COLUMNS = range(1, 13)
CHAIN_LETTERS = {
    "tower": "T",
    "luxor": "L",
    "american": "A",
    "worldwide": "W",
    "festival": "F",
    "imperial": "I",
    "continental": "C",
}
LOOSE, EMPTY = "o", "."
CELL_STYLE = "padding:1px 3px;text-align:center;border:1px solid #ddd"


def money(amount: int | None) -> str:
    return "" if amount is None else f"${amount:,}"


def acquire_board(board: dict[str, str | None]) -> list[dict[str, Any]]:
    """The board as rows of one-letter cells (chain initial, ``o`` loose, ``.`` empty)."""
    rows = []
    for row in ACQUIRE_ROWS:
        cells = []
        for column in ACQUIRE_COLUMNS:
            tile = f"{column}{row}"
            if tile not in board:
                cells.append({"mark": EMPTY, "chain": ""})
            else:
                chain = board[tile]
                cells.append({"mark": CHAIN_LETTERS[chain] if chain else LOOSE, "chain": chain or "loose"})
        rows.append(
            {
                "row": row,
                "cells": cells,
                "text": " ".join(f"{c['mark']:>2}" for c in cells),
                "html": _html_row(row, cells),
            }
        )
    return rows


def _html_row(row: str, cells: list[dict[str, str]]) -> str:
    """One board row as table cells, built here rather than in the template: 108 cells per mail add up.

    One line per cell keeps every line far below SMTP's 998 characters, so the HTML part goes
    out as 8-bit text instead of slow quoted-printable.
    """
    tds = "\n".join(
        f'<td style="{CELL_STYLE}" title="{escape(cell["chain"])}">{escape(cell["mark"])}</td>' for cell in cells
    )
    return mark_safe(f'<tr><th style="padding:1px 3px">{escape(row)}</th>\n{tds}</tr>')


def _holdings(player: dict[str, Any], chains: dict[str, Any]) -> str:
    shares = player.get("shares")
    if shares is None:
        return "hidden"
    return ", ".join(f"{chains[c]['name']} {n}" for c, n in shares.items()) or "none"


def acquire_position(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    chains = view["chains"]
    on_board = [
        {
            "letter": CHAIN_LETTERS[chain],
            "name": info["name"],
            "size": info["size"],
            "price": money(info["price"]),
            "safe": info["safe"],
            "bank": info["bank_shares"],
        }
        for chain, info in chains.items()
        if info["on_board"]
    ]
    players = [
        {
            "name": player["name"],
            "you": player["seat"] == seat,
            "cash": money(player.get("cash")) or "hidden",
            "holdings": _holdings(player, chains),
        }
        for player in view["players"]
    ]
    me = view["players"][seat] if seat is not None else {}
    return {
        "columns": list(ACQUIRE_COLUMNS),
        "header": " ".join(f"{c:>2}" for c in ACQUIRE_COLUMNS),
        "board": acquire_board(view["board"]),
        "chains": on_board,
        "players": players,
        "cash": money(me.get("cash")),
        "holdings": _holdings(me, chains) if me else "",
        "hand": [
            {"tile": tile["tile"], "effect": tile["effect"], "playable": tile["playable"]}
            for tile in view.get("hand", [])
        ],
        "bag": view.get("bag"),
    }


def generic_position(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Any title: each player's plain facts (numbers and words) as the view shows them."""
    players = []
    for player in view.get("players", []):
        facts = {k: v for k, v in player.items() if isinstance(v, str | int) and k not in ("seat", "name")}
        players.append({"name": player.get("name", ""), "facts": ", ".join(f"{k} {v}" for k, v in facts.items())})
    return {"players": players}


def railroad_barons_position(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Holdings (director, price, treasury, railroads, income), the top railroad card, the round, the reader."""
    holdings = [
        {
            "name": holding["short_name"],
            "director": holding.get("director_name") or "-",
            "price": money(holding.get("price")) or "-",
            "cash": money(holding.get("cash")),
            "income": money(holding.get("income")),
            "railroads": ", ".join(f"{r['name']} (L{r['level']}, {money(r['income'])})"
                                   for r in holding.get("railroads", [])) or "none",
            "status": "floated" if holding.get("floated") else "started" if holding.get("started") else "not started",
        }
        for holding in view.get("holdings", [])
    ]
    names = {holding["id"]: holding["short_name"] for holding in view.get("holdings", [])}
    players = [_rb_player(player, seat, names) for player in view.get("players", [])]
    return {
        "round": _rb_round(view),
        "turn": ", ".join(entry.get("name", "") for entry in view.get("waiting_for", [])),
        "holdings": holdings,
        "top": _rb_top(view.get("pile", {})),
        "pile_count": view.get("pile", {}).get("count", 0),
        "obsolete": ", ".join(str(level) for level in view.get("obsolete_levels", [])) or "none",
        "players": players,
        "me": next((player for player in players if player["you"]), None),
    }


def _rb_round(view: dict[str, Any]) -> str:
    label = (view.get("round") or {}).get("label", "")
    return "Draft" if label == "draft" else label


def _rb_top(pile: dict[str, Any]) -> dict[str, Any] | None:
    top = pile.get("top")
    if not top:
        return None
    sides = [
        f"{side['category']} {side['side']}: level {side['level']}, cost {money(side['cost'])}, "
        f"income {money(side['income'])}{'' if side.get('available', True) else ' (obsolete)'}"
        for side in top.get("sides", [])
    ]
    return {"name": top.get("name", ""), "sides": sides}


def _rb_player(player: dict[str, Any], seat: int | None, names: dict[str, str]) -> dict[str, Any]:
    shares = player.get("shares", {})
    return {
        "name": player.get("name", ""),
        "you": player.get("seat") == seat,
        "cash": money(player.get("cash")),
        "certificates": ", ".join(f"{names.get(key, key)} {percent}%" for key, percent in shares.items()) or "none",
        "investors": ", ".join(money(investor.get("value")) for investor in player.get("investors", [])) or "none",
        "worth": money(player.get("worth")),
    }


POSITIONS = {
    "acquire": acquire_position,
    "railroad-barons": railroad_barons_position,
}


def position_for(title: str, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    return POSITIONS.get(title, generic_position)(view, seat)


def position_template(title: str) -> str:
    """The mail include for ``title`` (without .txt/.html): its own when it has a summary here, else generic."""
    return f"emails/includes/position-{title if title in POSITIONS else 'generic'}"
