"""Minors merging into a new major in the merger round (section 14.3, 23 R2-R3, R7).

The acting minor adds connected minors one at a time (``merger_candidates``); the merger
closes by a pass or, R2, by itself when no candidate is left; the acting owner then names an
unstarted major.  With the option ``merger_consent`` on, the owners of taken minors other
than the acting owner are asked next (``merger_consent``); a decline stops the merger.
Then the major forms: the price is ``mergers.merger_price``; in the minors' operating order
each owner receives a 10% share, the first to receive a second takes the 20% president's
certificate instead (nobody may: the certificate then waits in the treasury for the first
10% holder who buys, R7); every minor's cash, trains, privates, loans and tokens go to the
major.  A major over its token limits has its tokens reduced (``merger_reduction``), then
the share buying follows (``merger_shares``).  A merger whose share buying ends with nobody
holding the president's certificate failed (14.3): it is undone from the snapshot taken as
it formed, and the acting owner's turn goes on.

Turnpost's choice after a decline or a failed merger: the acting minor's turn goes on (it
may merge otherwise, convert or pass), and the minors of a declining owner, or the partners
of the failed merger, are not offered again this turn, so nobody is asked the same question
twice.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.plain import plain_copy
from engine.t1861 import conversion, holdings, kept_graph, merger_reduction, merger_shares, mergers, prices
from engine.t1861.action_fields import require_named
from engine.t1861.board import Board
from engine.t1861.merger_candidates import candidates, closes_by_itself, connected
from engine.t1861.merger_tokens import merged_tokens
from engine.t1861.state import State

SNAPSHOT_FIELDS = ("cash", "minors", "majors", "privates", "arrivals")


def add(state: State, acting: str, minor: Any) -> list[Event]:
    """``merge {minor}``: one more connected minor joins the acting minor's merger."""
    require_named(minor, "minor", "minor")
    merging = state.round.get("merging") or [acting]
    # The broad walk judges a submitted merge (a record may hold one no route reaches);
    # the offer is ``addable`` below (``merger_candidates.candidates``: a route's reach).
    allowed = [name for name in connected(state, merging) if name not in state.round.get("refused", [])]
    if minor not in allowed:
        names = ", ".join(name.upper() for name in allowed) or "none"
        raise IllegalAction(f"{str(minor).upper()} cannot join this merger (connected minors within the limits:"
                            f" {names}; rules 14.3).")
    _check_a_major_is_left(state)
    state.round["merging"] = [*merging, minor]
    events = [Event(f"{minor.upper()} joins {acting.upper()}'s merger.", "merge", {"minor": minor})]
    if closes_by_itself(state, state.round["merging"]):
        return events + close(state)  # R2
    return events


def close(state: State) -> list[Event]:
    """The merger is complete (a pass after adding minors, or R2): the acting owner names the
    major next, unless nobody in it could be president, when it does not take place.

    Whether someone could hold 20% is asked of the whole merger, not of each minor added, as
    18xx.games asks it only when the major is named: a minor that cannot make a president on
    its way to joining may be followed by one that can (oracle seed 169: Y, V and KR at ₽150,
    then TR, whose owner has the cash).  A merger that closes without one fails as a merger
    failed in its share buying: its partners are not offered again this turn.
    """
    merging = state.round["merging"]
    if not _formable(state, merging):
        price = mergers.merger_price([state.minors[minor]["price"] for minor in merging])
        return _stop(state, merging[1:], f"Nobody in the merger of {', '.join(m.upper() for m in merging)} could"
                                         f" hold 20% of a major at ₽{price:,} (two minors, or the cash for one more"
                                         " share); it does not take place (rules 14.3).")
    state.round["step"] = "choose_major"
    return [Event("The merger is complete.", "merger_closed")]


def choose(state: State, major: str) -> list[Event]:
    """The major is named: the other owners consent first (option on), else it forms now."""
    state.round["major"] = major
    asked = owners_to_ask(state)
    if not asked:
        return form(state, major)
    state.round.update(step="consent", consent=asked)
    names = ", ".join(state.players[seat] for seat in asked)
    return [Event(f"The merger into {major.upper()} waits for the consent of {names}.", "merger_consent",
                  {"company": major, "asked": asked})]


def owners_to_ask(state: State) -> list[int]:
    """Owners of taken minors other than the acting owner, in seat order after them (option on)."""
    if not state.options.get("merger_consent", True):
        return []  # imports: every recorded merger counts as accepted
    acting_owner = state.minors[state.round["merging"][0]]["owner"]
    owners = {state.minors[minor]["owner"] for minor in state.round["merging"]}
    return [seat for seat in state.seats_from(acting_owner)[1:] if seat in owners]


def consent(state: State, seat: int, accept: Any) -> list[Event]:
    """``consent``: an acceptance waits for the others; a decline stops the merger."""
    if not isinstance(accept, bool):
        raise IllegalAction("A consent needs accept: true or false.")
    major = state.round["major"]
    if not accept:
        owned = [minor for minor, company in state.minors.items()
                 if company["owner"] == seat and company["status"] == "started"]
        return _stop(state, owned,
                     f"{state.players[seat]} declines the merger into {major.upper()}; it does not take place.")
    state.round["consent"] = [asked for asked in state.round["consent"] if asked != seat]
    events = [Event(f"{state.players[seat]} accepts the merger into {major.upper()}.", "consent",
                    {"seat": seat, "accept": True})]
    return events + (form(state, major) if not state.round["consent"] else [])


def form(state: State, major: str) -> list[Event]:
    """14.3: the named major from the merging minors; then token reduction and share buying."""
    order = state.round["order"]
    merging = sorted(state.round["merging"], key=order.index)
    owners = [state.minors[minor]["owner"] for minor in merging]
    price = mergers.merger_price([state.minors[minor]["price"] for minor in merging])
    deal = check_formable(state, merging)
    state.round.update(before_merger=_snapshot(state), acting_owner=state.minors[state.round["merging"][0]]["owner"])
    cities = [city for minor in merging for city in _cities(state, minor)]
    company = state.majors[major]
    company["status"] = "started"
    prices.start(state, company, price, "major")
    _hand_out(state, major, deal)
    for minor in merging:
        conversion.transfer_assets(state, minor, major)
        state.board = state.board.rename_tokens(minor.upper(), major.upper())
    kept_graph.forget(state)  # 18xx.games' token merger clears its kept graph
    names = " and ".join(minor.upper() for minor in merging)
    president = ("nobody holds 20% yet" if deal.president is None
                 else f"{state.players[deal.president]} is its president")
    events = [Event(f"{names} merge into {major.upper()} at ₽{price:,}; {president}.", "merger",
                    {"minors": merging, "owners": owners, "company": major, "price": price,
                     "president": deal.president})]
    state.round["shares_owners"] = owners
    events += merger_reduction.begin(state, major, merged_tokens(cities))
    if not merger_reduction.pending(state):
        after_reduction(state)
    return events


def after_reduction(state: State) -> None:
    """The tokens are within limits: the share buying begins (R7)."""
    merger_shares.begin_after_merger(state, state.round["major"], state.round["shares_owners"])


def undo_failed(state: State) -> list[Event]:
    """14.3: the share buying ended with nobody holding the president's certificate: the merger
    is undone and the acting owner's turn goes on without its partners."""
    major = state.round["major"]
    for name, value in state.round["before_merger"].items():
        setattr(state, name, Board.from_json(value) if name == "board" else value)
    return _stop(state, state.round["merging"][1:], f"Nobody took {major.upper()}'s president's certificate:"
                 " the merger fails and is undone (rules 14.3).")


def addable(state: State, acting: str) -> list[str]:
    """The minors ``merge`` would accept now (connected, within limits, not refused this turn by
    a decline or a failed merger), while a major is left to form; as 18xx.games offers them,
    whether or not someone could yet be president (``close`` asks that of the whole merger)."""
    if not conversion.unstarted_majors(state):
        return []
    merging = state.round.get("merging") or [acting]
    refused = state.round.get("refused", [])
    return [minor for minor in candidates(state, merging) if minor not in refused]


def _check_a_major_is_left(state: State) -> None:
    if not conversion.unstarted_majors(state):
        raise IllegalAction("Every major has started; there is none left for a merger to form (rules 14.3).")


def check_formable(state: State, merging: list[str]) -> mergers.Exchange[int]:
    """14.3: an unstarted major to form, and some involved owner able to hold 20% (two
    minors, or cash for one more share)."""
    _check_a_major_is_left(state)
    merging = sorted(merging, key=state.round["order"].index)
    owners: list[int] = [state.minors[minor]["owner"] for minor in merging]  # a started minor's owner is a seat
    deal = mergers.exchange(owners)
    price = mergers.merger_price([state.minors[minor]["price"] for minor in merging])
    if not mergers.someone_can_be_president(deal, price, dict(enumerate(state.cash))):
        raise IllegalAction(f"Nobody in this merger could hold 20% of the major at ₽{price:,} (two minors, or the"
                            " cash for one more share; rules 14.3).")
    return deal


def _formable(state: State, merging: list[str]) -> bool:
    try:
        check_formable(state, merging)
    except IllegalAction:
        return False
    return True


def _hand_out(state: State, major: str, deal: mergers.Exchange[int]) -> None:
    if deal.president is not None:  # else the 20% waits in the treasury (R7)
        state.majors[major]["certificates"][holdings.PRESIDENT] = deal.president
    for owner, percent in deal.holdings:
        tens = (percent - 20) // 10 if owner == deal.president else percent // 10
        for _ in range(tens):
            holdings.move_ten_percent(state, major, "treasury", owner)


def _cities(state: State, minor: str) -> list[tuple[str, int]]:
    return [(hex_id, city) for hex_id, city, company in state.board.token_places() if company == minor.upper()]


def _snapshot(state: State) -> dict[str, Any]:
    # Plain data (cash, holdings, counters): marshal's copy (``plain_copy``) equals deepcopy's, in C.
    saved = {name: plain_copy(getattr(state, name)) for name in SNAPSHOT_FIELDS}
    return {**saved, "board": state.board.to_json()}


def _stop(state: State, refused: list[str], sentence: str) -> list[Event]:
    """The merger does not happen; the acting minor's turn goes on (see the module docstring)."""
    frame = state.round
    frame["refused"] = [*frame.get("refused", []), *refused]
    for key in ("consent", "major", "before_merger", "shares_owners", "acting_owner"):
        frame.pop(key, None)
    frame.update(step="turn", merging=[], shares=None)
    return [Event(sentence, "merger_stopped", {"refused": refused})]
