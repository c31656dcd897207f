"""The public 1861 facts the board shows that ``engine.t1861.view`` does not carry yet.

An adapter over the engine's state, read when a view is made (``TitleUI.view_facts``): the
map as ``engine.t1861.map_view`` draws it (the view's ``board`` is the board's storage form), the
market cell and arrival stamp of each price token (7.3's stacks), the bank's trains (the
depot, section 16) and the operating round's order and current company (7.4).  The engine's
view gives only prices, ``next_train`` and the round's kind, and its modules are not ours to
change, so this reads the state's documented parts (``engine.t1861.state``) and nothing
else.  Everything in 1861 is public, so every seat gets the same facts.  When the engine's
view grows these keys, this module shrinks to nothing.
"""

from __future__ import annotations

from typing import Any

from engine.t1861.map_view import map_view
from engine.t1861.prices import market_of


def state_facts(state: Any) -> dict[str, Any]:
    """Plain JSON: ``map`` (the engine's map view), ``market``, ``depot`` and ``operating`` (None outside an OR)."""
    return {"map": map_view(state.board, state.phase), "market": market_facts(state), "depot": depot_facts(state),
            "operating": operating_facts(state)}


def market_facts(state: Any) -> dict[str, Any]:
    """The market's cells (``rows[r][c]``: None or price and zones) and each cell's stack, top first.

    7.3: a token entering a cell goes under those already there, so the earliest arrival is on top.
    """
    market = market_of(state)
    rows = [[None if cell is None else {"price": cell.price, "zones": sorted(cell.zones)} for cell in row]
            for row in market.rows]
    tokens = [(company["arrival"], key, company["cell"]) for key, company in _priced(state)]
    for _arrival, key, (row, column) in sorted(tokens):
        rows[row][column].setdefault("companies", []).append(key)
    return {"kind": market.kind, "rows": rows}


def _priced(state: Any) -> list[tuple[str, dict[str, Any]]]:
    """Started companies whose token is on the market."""
    every = [*state.minors.items(), *state.majors.items()]
    return [(key, company) for key, company in every
            if company["status"] == "started" and company.get("cell") is not None]


def depot_facts(state: Any) -> dict[str, Any]:
    """Copies per train type (None: unlimited), copies sold, and the open market's discards."""
    depot = state.depot
    return {"copies": dict(depot.copies), "sold": dict(depot.sold), "open_market": list(depot.open_market)}


def operating_facts(state: Any) -> dict[str, Any] | None:
    """The operating round's fixed order and the company whose turn it is (None before the first)."""
    operating = state.operating
    if operating is None:
        return None
    order, index = list(operating.get("order", [])), operating.get("index", -1)
    return {"order": order, "current": order[index] if 0 <= index < len(order) else None}
