"""Closed holdings in the log (D13): a line that shows a seat's cash or shares is that seat's alone.

With ``open_holdings`` false, the player who buys shares, receives a founder's share or
disposes of defunct shares reads the line in full; everyone else reads that it happened.
What stays public is what the rules make public:

- the board: every placement, which chain was founded and its size, growth and mergers;
- the bank's unsold shares of each chain (R7, D13), shown in every view;
- a merger's bonuses and who receives them: each holder reveals their count of the defunct
  chain when its bonuses are paid (R29), so the award is no secret at the table either;
- the final sales: at the end every holding is shown (R44).

The bank's counts stay public, so a reader who writes them down after every move can still
work out each purchase, as at a physical table where everyone watches the bank; the log
itself never tells another seat what a player paid, sold, traded or kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.acquire.text import chain_name, founded
from engine.core.events import Event

PublicLine = Callable[[str, dict[str, Any]], str | None]  # (player's name, event data) -> the public line


def _bought(name: str, data: dict[str, Any]) -> str | None:
    return f"{name} bought shares." if data["shares"] else None  # buying nothing shows nothing


def _founded(name: str, data: dict[str, Any]) -> str | None:
    return f"{founded(name, data['chain'], data['size'])}."


def _disposed(name: str, data: dict[str, Any]) -> str | None:
    return f"{name} decided what to do with their {chain_name(data['chain'])} shares."


PUBLIC_LINES: dict[str, PublicLine] = {"buy": _bought, "found": _founded, "dispose": _disposed}


def sealed(players: list[str], options: dict[str, Any], events: list[Event]) -> list[Event]:
    """``events`` with each holdings line made private to its seat when holdings are closed.

    Idempotent, so lines stored before sealing existed can be sealed again as they are read.
    """
    if options.get("open_holdings", True):
        return events
    return [_sealed(players, event) for event in events]


def _sealed(players: list[str], event: Event) -> Event:
    public_line = PUBLIC_LINES.get(event.kind)
    if public_line is None or event.only_seat is not None:
        return event
    seat = event.data["seat"]
    public = public_line(players[seat], event.data)
    if public is None:
        return event
    return replace(event, only_seat=seat, redacted=public)
