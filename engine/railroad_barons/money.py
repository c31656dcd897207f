"""Every movement of money, so that the ledger always balances.

The bank is unlimited (P-11).  Whatever the bank pays out or takes in is added
to the state's ledger, which makes "bank paid out - bank paid in = all cash in
play" an invariant the tests can check after every action.
"""

from __future__ import annotations

from engine.railroad_barons.state import State


def bank_pays_player(state: State, seat: int, amount: int) -> None:
    state.cash[seat] += amount
    state.bank_paid_out += amount


def player_pays_bank(state: State, seat: int, amount: int) -> None:
    state.cash[seat] -= amount
    state.bank_paid_in += amount


def bank_pays_company(state: State, company: str, amount: int) -> None:
    state.companies[company].cash += amount
    state.bank_paid_out += amount


def company_pays_bank(state: State, company: str, amount: int) -> None:
    state.companies[company].cash -= amount
    state.bank_paid_in += amount


def company_pays_company(state: State, payer: str, payee: str, amount: int) -> None:
    """A sale between holdings (P-1.4): the bank is not involved."""
    state.companies[payer].cash -= amount
    state.companies[payee].cash += amount


def money_in_play(state: State) -> int:
    """Players' cash plus treasuries: what the ledger says the bank has paid out net."""
    return sum(state.cash) + sum(company.cash for company in state.companies.values())
