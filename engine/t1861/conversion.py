"""A minor converting into a major in the merger round (section 14.2, 23 R3).

A minor whose market cell is in the blue convert range (7.1: the grid's column 6, not every
₽100-165 cell; 7.2: the column's ₽100-165) may become an unstarted major of its
owner's choice (``convert``, then ``choose_major``).  The major starts at the highest major
par price not above the minor's (``mergers.conversion_price``), its price token under any
already in that cell; the owner receives the 20% president's certificate free; the minor's
station token becomes the major's (its next tokens then cost ₽20 and ₽40 a hex, R3); cash,
trains, privates and loans move to the major and the minor closes.  Share buying follows
(``merger_shares``).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import charters, holdings, mergers, prices
from engine.t1861.action_fields import require_named
from engine.t1861.merger_tokens import converted_tokens
from engine.t1861.state import State


def check_convertible(state: State, minor: str) -> None:
    """14.2: refused in words when the minor's cell is outside the range or no major is free."""
    if not mergers.can_convert(prices.cell_of(state, state.minors[minor])):
        raise IllegalAction(f"{minor.upper()} is at ₽{state.minors[minor]['price']:,} on a market cell outside the"
                            " convert range (the blue cells); it cannot convert (rules 7.1, 14.2).")
    if not unstarted_majors(state):
        raise IllegalAction("Every major has started; there is none left to convert into (rules 14.2).")


def can_convert_now(state: State, minor: str) -> bool:
    """Whether ``convert`` would be accepted for ``minor`` now."""
    try:
        check_convertible(state, minor)
    except IllegalAction:
        return False
    return True


def major_price(state: State, minor: str) -> int:
    """The price the major would start at if ``minor`` converted now (14.2)."""
    return mergers.conversion_price(prices.cell_of(state, state.minors[minor]))


def unstarted_majors(state: State) -> list[str]:
    """The majors a conversion or merger may form (14.2, 14.3)."""
    return [major for major, company in state.majors.items() if company["status"] == "unstarted"]


def check_major(state: State, major: Any) -> str:
    """The named major, if it is one a conversion or merger may form."""
    require_named(major, "major", "major")
    if not isinstance(major, str) or major not in unstarted_majors(state):
        allowed = ", ".join(name.upper() for name in unstarted_majors(state))
        raise IllegalAction(f"{str(major).upper()} is not an unstarted major (possible: {allowed}).")
    return major


def convert(state: State, minor: str, major: str) -> list[Event]:
    """14.2: ``minor`` becomes ``major``; the owner, now its president, starts the share buying."""
    source = state.minors[minor]
    owner = source["owner"]
    price = major_price(state, minor)
    company = state.majors[major]
    company["status"] = "started"
    company["certificates"][holdings.PRESIDENT] = owner
    prices.start(state, company, price, "major")
    transfer_assets(state, minor, major)
    state.board = state.board.rename_tokens(minor.upper(), major.upper())
    homes = [(hex_id, city) for hex_id, city, holder in state.board.token_places() if holder == major.upper()]
    if homes:
        charters.store(state, major, converted_tokens(homes[0]))  # R3: the next tokens cost ₽20, ₽40
    return [Event(f"{minor.upper()} converts into {major.upper()} at ₽{price:,}; {state.players[owner]} is its"
                  " president.", "convert", {"minor": minor, "company": major, "price": price, "president": owner})]


def transfer_assets(state: State, minor: str, major: str) -> None:
    """14.2-14.3: cash, trains, privates and loans go to the major; the minor closes."""
    source, company = state.minors[minor], state.majors[major]
    company["cash"] += source["cash"]
    company["trains"] = [*company["trains"], *source["trains"]]
    company["loans"] += source["loans"]
    for private, holder in state.privates.items():
        if holder == minor:
            state.privates[private] = major
    source.update(status="closed", owner=None, cash=0, trains=[], loans=0)
