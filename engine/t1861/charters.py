"""A major's token charter in the game state, after a conversion or merger (14, 23 R3).

A major started by par needs none: its tokens are the printed ₽0, ₽20, ₽40 in order, so the
next price follows from how many it has placed.  A converted or merged major's tokens are
priced by ``merger_tokens`` (R3: a merged major may keep a ₽0 token unplaced, so a later
``place_token`` can be free), so such a major carries its charter as plain JSON in
``state.majors[id]["charter"]``: one ``[price, hex, city]`` per token, ``hex`` and ``city``
``None`` while unplaced.  ``company_turn`` asks here for the next token's price and records
each placed token here.  The city is its index when the token was placed: a later upgrade
may renumber a hex's cities (the board's tokens follow it), but a price depends only on which
tokens of the charter are placed, so the charter is not rewritten then.
"""

from __future__ import annotations

from typing import Any

from engine.t1861 import merger_tokens
from engine.t1861.merger_tokens import Charter, StationToken
from engine.t1861.state import State


def to_json(charter: Charter) -> list[list[Any]]:
    return [[token.price, *(token.city or (None, None))] for token in charter]


def from_json(raw: list[list[Any]]) -> Charter:
    return tuple(StationToken(price, None if hex_ is None else (hex_, city)) for price, hex_, city in raw)


def has_charter(state: State, company: str) -> bool:
    """Whether ``company`` is a major formed by conversion or merger (its tokens follow R3)."""
    return company in state.majors and "charter" in state.majors[company]


def charter_of(state: State, major: str) -> Charter:
    return from_json(state.majors[major]["charter"])


def store(state: State, major: str, charter: Charter) -> None:
    state.majors[major]["charter"] = to_json(charter)


def next_price(state: State, major: str) -> int | None:
    """R3: the price per hex of the major's first unplaced token (None: all are placed)."""
    return merger_tokens.next_token_price(charter_of(state, major))


def record_placed(state: State, major: str, hex_id: str, city: int) -> None:
    """12.4: the first unplaced token of the charter now stands in that city."""
    if has_charter(state, major):
        store(state, major, merger_tokens.place_token(charter_of(state, major), (hex_id, city)))
