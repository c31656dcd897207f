"""The RSR taking a company or the privates over, in the game state (sections 15.3 and 3).

``nationalisation`` says what 15.3 gives and takes (the settlement, the payouts, which
tokens the RSR keeps); this module books it in the state, so every nationalisation (a
trainless company, unpaid interest, the trainless check, the first 8-train) goes through one
function and the ₽15,000 stay whole: loans repaid go to the bank, the cash left goes to the
RSR, the holders are paid by the bank.

Public API::

    events = nationalise(state, "kr", "it owned no train after the first 4-train (15.1)")
    events = buy_out_privates(state)          # section 3, at the first 6-train
    rsr_tokens(state)                         # nationalisation.RsrTokens of the board and state.rsr
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.t1861 import holdings, kept_graph, prices
from engine.t1861.data import DATA
from engine.t1861.market import Direction
from engine.t1861.nationalisation import RsrTokens, hand_over_tokens, holder_payout, privates_bought_out, settle
from engine.t1861.state import State, unstarted_major

RSR = DATA.companies.rsr_id  # the national's id on the board ("RSR")
RSR_OWNER = RSR.lower()  # ...and as the owner of a private in the state
MINOR_SHARES = 2  # 15.3 step 4: a minor's owner is paid as for two shares
LOAN_FACE = DATA.loans.face_value


def nationalise(state: State, company: str, why: str) -> list[Event]:
    """15.3 for the minor or major ``company``: settled, paid out, tokens handed over, closed or reset."""
    is_minor = company in state.minors
    entry = state.minors[company] if is_minor else state.majors[company]
    if entry["status"] != "started":
        return []
    settlement = settle(entry["cash"], entry["loans"])
    state.bank += settlement.repaid * LOAN_FACE
    state.loans_in_supply += settlement.repaid  # cancelled loans leave the game (G5)
    for _ in range(settlement.left_moves):
        prices.move(state, entry, Direction.LEFT, "minor" if is_minor else "major")
    events = [Event(f"{company.upper()} is nationalised: {why}.", "nationalised",
                    {"company": company, "reason": why, "price": entry["price"],
                     "loans_repaid": settlement.repaid, "loans_cancelled": settlement.cancelled})]
    events += _to_rsr(state, company, entry, settlement.cash)
    events += _pay_holders(state, company, entry)
    events += _hand_over_tokens(state, company)
    if is_minor:
        entry.update(status="closed", owner=None, cash=0, trains=[], loans=0)
    else:
        state.majors[company] = unstarted_major()  # it may be formed again later (15.3 step 6)
    state.trainless_majors = [major for major in state.trainless_majors if major != company]
    return events


def _to_rsr(state: State, company: str, entry: dict[str, Any], cash: int) -> list[Event]:
    """15.3 step 3: the cash left after repayment, the trains and the privates go to the RSR."""
    state.rsr["cash"] += cash
    state.rsr["trains"] = [*state.rsr["trains"], *entry["trains"]]
    privates = [private for private, owner in state.privates.items() if owner == company]
    for private in privates:
        state.privates[private] = RSR_OWNER
    what = [f"₽{cash:,}", *entry["trains"], *(private.upper() for private in privates)]
    entry.update(cash=0, trains=[], loans=0)
    return [Event(f"The RSR receives {', '.join(what)} from {company.upper()}.", "rsr_receives",
                  {"company": company, "cash": cash, "privates": privates})]


def _pay_holders(state: State, company: str, entry: dict[str, Any]) -> list[Event]:
    """15.3 step 4: the bank pays each player the new price per share (pool and treasury get nothing)."""
    if company in state.minors:
        shares = {entry["owner"]: MINOR_SHARES}
    else:
        shares = {seat: holdings.percent_of(state, company, seat) // 10 for seat in state.seats}
    events = []
    for seat, count in shares.items():
        amount = holder_payout(entry["price"], count)
        if amount == 0:
            continue
        state.bank -= amount
        state.cash[seat] += amount
        events.append(Event(f"{state.players[seat]} receives ₽{amount:,} for {company.upper()}.", "nationalised_payout",
                            {"company": company, "seat": seat, "amount": amount}))
    return events


def rsr_tokens(state: State) -> RsrTokens:
    """The RSR's tokens on the board and its reservations still unused (one it already stands in is used)."""
    placed = tuple((hex_, city) for hex_, city, owner in state.board.token_places() if owner == RSR)
    reserved = tuple(hex_ for hex_ in state.rsr["reserved"] if not any(place[0] == hex_ for place in placed))
    return RsrTokens(placed, reserved)


def _hand_over_tokens(state: State, company: str) -> list[Event]:
    """15.3 step 5: every token of ``company`` leaves; the RSR puts its own in the cities it may take."""
    cities = [(hex_, city) for hex_, city, owner in state.board.token_places() if owner == company.upper()]
    for hex_, city in cities:
        state.board = state.board.remove_token(company.upper(), hex_, city)
    rsr, taken = hand_over_tokens(rsr_tokens(state), cities, _city_value(state))
    for hex_, city in taken:
        if any(RSR in slot for slot in state.board.reserved_in(hex_)):
            state.board = state.board.release_reservations(RSR)  # its claim there is used up (section 6)
        state.board = state.board.place_token(RSR, hex_, city)
        kept_graph.note_token(state, RSR, hex_, city)
    state.rsr["reserved"] = list(rsr.reserved)
    if not taken:
        return []
    where = ", ".join(hex_ for hex_, _ in taken)
    return [Event(f"The RSR places tokens in {where}.", "rsr_tokens",
                  {"company": company, "cities": [list(city) for city in taken]})]


def _city_value(state: State) -> Any:
    def value(hex_: str) -> int:
        return max((city.revenue for city in state.board.contents(hex_).cities), default=0)

    return value


def buy_out_privates(state: State) -> list[Event]:
    """Section 3, at the first 6-train: the bank pays each owner the face value, the RSR takes every private."""
    owners = {private.upper(): owner.upper() if owner == RSR_OWNER else owner
              for private, owner in state.privates.items() if owner is not None}
    events = []
    for private, owner, face in privates_bought_out(owners):
        state.bank -= face
        if isinstance(owner, int):
            state.cash[owner] += face
            name = state.players[owner]
        else:
            (state.minors.get(owner) or state.majors[owner])["cash"] += face
            name = owner.upper()
        state.privates[private.lower()] = RSR_OWNER
        events.append(Event(f"{private} is nationalised: {name} receives ₽{face:,}.", "private_nationalised",
                            {"private": private.lower(), "owner": owner, "amount": face}))
    return events
