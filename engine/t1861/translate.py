"""18xx.games actions in our vocabulary (docs/titles/1861.md): the seed of ``import-18xx``.

Covers what the rounds built so far need: the private auction and the stock round (bids,
passes, share purchases and sales, pars and the new major's home token).  ``opening_record``
takes an export's effective actions (undo and redo resolved, ``auto_actions`` folded in, by
``engine.t1861.export``) up to the first operating-round action and returns our record.

A share purchase names 18xx.games share ids (``"NW_3"``), whose numbering is not ours; the
source (treasury or pool) is therefore decided against our state when the record is
replayed.  Until the importer replays as it translates, ``buy_shares`` is taken from the
treasury when the export says nothing else (``"from": "pool"`` in an export marks the pool).
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.errors import MalformedRecord
from engine.t1861.export import Export

STOCK_ROUND_TYPES = frozenset({"bid", "pass", "buy_shares", "sell_shares", "par", "place_token"})


def opening_record(export: Export) -> dict[str, Any]:
    """Our record of ``export`` up to (not including) its first operating-round action."""
    seats = {player.id: seat for seat, player in enumerate(export.players)}
    actions = []
    for recorded in export.effective_actions():
        if not _before_operating(recorded, seats, actions):
            break
        actions.append(translate(recorded, seats))
    return {"title": "1861", "players": [player.name for player in export.players],
            "seed": record_seed(export),
            "options": {"column_market": "column_market" in export.optional_rules, "merger_consent": False},
            "actions": actions}


def record_seed(export: Export) -> int:
    """23 C3: the export's seed, or else the first integer in its game id (as 18xx.games does)."""
    if export.seed is not None:
        return export.seed
    found = re.search(r"\d+", export.game_id)
    return int(found.group()) if found else 0


def translate(recorded: dict[str, Any], seats: dict[Any, int]) -> dict[str, Any]:
    """One auction or stock-round action as ``{"seat", "action"}``."""
    kind = recorded.get("type")
    seat = seats.get(recorded.get("entity"))
    if seat is None or kind not in STOCK_ROUND_TYPES:
        raise MalformedRecord(f"18xx.games action {recorded.get('id')} ({kind}) is not a player's stock-round action.")
    if kind == "bid":
        company = recorded.get("company") or recorded.get("corporation")
        action: dict[str, Any] = {"type": "bid", "company": str(company).lower(), "price": recorded.get("price")}
    elif kind == "pass":
        action = {"type": "pass"}
    elif kind == "buy_shares":
        action = {"type": "buy_shares", "company": _share_company(recorded),
                  "source": "pool" if recorded.get("from") == "pool" else "treasury"}
    elif kind == "sell_shares":
        action = {"type": "sell_shares", "company": _share_company(recorded), "count": len(recorded["shares"])}
    else:
        raise MalformedRecord(f"18xx.games action {recorded.get('id')} ({kind}) is not translated yet.")
    return {"seat": seat, "action": action}


def _share_company(recorded: dict[str, Any]) -> str:
    shares = recorded.get("shares")
    if not isinstance(shares, list) or not shares:
        raise MalformedRecord(f"18xx.games action {recorded.get('id')} names no shares.")
    return str(shares[0]).rsplit("_", 1)[0].lower()


def _before_operating(recorded: dict[str, Any], seats: dict[Any, int], so_far: list[Any]) -> bool:
    """The private auction and the first stock round are players' actions only; the first
    company's action opens the operating round."""
    return recorded.get("entity_type") == "player" and recorded.get("entity") in seats
