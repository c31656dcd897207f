"""Minors merging into a new major in the merger round (section 14.3, 23 R2-R3).

The acting minor adds connected minors one at a time (``merger_candidates``); the merger
closes by a pass or, R2, by itself when no candidate is left; the acting owner then names an
unstarted major.  The price is ``mergers.merger_price``; in the minors' operating order each
owner receives a 10% share, the first to receive a second takes the 20% president's
certificate instead; every minor's cash, trains, privates, loans and tokens go to the major.
Share buying follows (``merger_shares``).

Not built yet, refused in words: the consent of other owners (option ``merger_consent``
on), a merger in which nobody reaches 20% through the exchange (R7's later presidency), and
a major that must reduce its tokens (R3's ``remove_token``).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import conversion, holdings, merger_shares, mergers, prices
from engine.t1861.merger_candidates import candidates, closes_by_itself
from engine.t1861.merger_tokens import merged_tokens, needs_reduction
from engine.t1861.state import State


def add(state: State, acting: str, minor: Any) -> list[Event]:
    """``merge {minor}``: one more connected minor joins the acting minor's merger."""
    merging = state.round.get("merging") or [acting]
    allowed = candidates(state, merging)
    if minor not in allowed:
        names = ", ".join(name.upper() for name in allowed) or "none"
        raise IllegalAction(f"{str(minor).upper()} cannot join this merger (connected minors within the limits:"
                            f" {names}; rules 14.3).")
    acting_owner = state.minors[acting]["owner"]
    if state.options.get("merger_consent", True) and state.minors[minor]["owner"] != acting_owner:
        raise IllegalAction("Merging another player's minor needs their consent, which Turnpost's 1861 cannot"
                            " ask for yet.")
    check_formable(state, [*merging, minor])
    state.round["merging"] = [*merging, minor]
    events = [Event(f"{minor.upper()} joins {acting.upper()}'s merger.", "merge", {"minor": minor})]
    if closes_by_itself(state, state.round["merging"]):
        state.round["step"] = "choose_major"  # R2
    return events


def close(state: State) -> list[Event]:
    """A pass after adding minors: the acting owner names the major next."""
    state.round["step"] = "choose_major"
    return [Event("The merger is complete.", "merger_closed")]


def form(state: State, major: str) -> list[Event]:
    """14.3: the named major from the merging minors; then the share buying."""
    order = state.round["order"]
    merging = sorted(state.round["merging"], key=order.index)
    owners = [state.minors[minor]["owner"] for minor in merging]
    price = mergers.merger_price([state.minors[minor]["price"] for minor in merging])
    deal = check_formable(state, merging)
    company = state.majors[major]
    company["status"] = "started"
    prices.start(state, company, price, "major")
    _hand_out(state, major, deal)
    for minor in merging:
        conversion.transfer_assets(state, minor, major)
        state.board = state.board.rename_tokens(minor.upper(), major.upper())
    merger_shares.begin_after_merger(state, major, owners, deal.president)
    names = " and ".join(minor.upper() for minor in merging)
    return [Event(f"{names} merge into {major.upper()} at ₽{price}; {state.players[deal.president]} is its"
                  " president.", "merger", {"minors": merging, "company": major, "price": price,
                                            "president": deal.president})]


def addable(state: State, acting: str) -> list[str]:
    """The minors ``merge`` would accept now (connected, within limits, formable, consent aside
    only with the option off)."""
    merging = state.round.get("merging") or [acting]
    owner = state.minors[acting]["owner"]
    consent = state.options.get("merger_consent", True)
    return [minor for minor in candidates(state, merging)
            if not (consent and state.minors[minor]["owner"] != owner) and _formable(state, [*merging, minor])]


def check_formable(state: State, merging: list[str]) -> mergers.Exchange:
    """Refused in words what is not built yet: nobody at 20% by the exchange, token reduction (R3)."""
    merging = sorted(merging, key=state.round["order"].index)
    deal = mergers.exchange([state.minors[minor]["owner"] for minor in merging])
    if deal.president is None:
        raise IllegalAction("In this merger nobody receives two shares; a presidency bought afterwards is not"
                            " built yet in Turnpost's 1861.")
    tokens = merged_tokens([city for minor in merging for city in _cities(state, minor)])
    if needs_reduction(tokens):
        raise IllegalAction("This merger would leave the major with too many tokens; removing tokens is not"
                            " built yet in Turnpost's 1861.")
    return deal


def _formable(state: State, merging: list[str]) -> bool:
    try:
        check_formable(state, merging)
    except IllegalAction:
        return False
    return True


def _hand_out(state: State, major: str, deal: mergers.Exchange) -> None:
    certificates = state.majors[major]["certificates"]
    certificates[holdings.PRESIDENT] = deal.president
    for owner, percent in deal.holdings:
        tens = (percent - 20) // 10 if owner == deal.president else percent // 10
        for _ in range(tens):
            holdings.move_ten_percent(state, major, "treasury", owner)


def _cities(state: State, minor: str) -> list[tuple[str, int]]:
    return [(hex_id, city) for hex_id, city, company in state.board.token_places() if company == minor.upper()]
