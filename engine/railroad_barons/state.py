"""The game state: plain data with a lossless JSON form and a fast copy."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import MalformedRecord
from engine.railroad_barons import tables
from engine.railroad_barons.company import BANK, Company
from engine.railroad_barons.stock_round import StockRound

# Phases: the prompt being asked (D.0), or FINISHED.
OFFER_INVESTOR = "offer_investor"
CHOOSE_OFFER = "choose_offer"
SET_PAR = "set_par"
USE_PRIORITY = "use_priority"
STOCK_TURN = "stock_turn"
DIVIDEND = "dividend"
OPERATE = "operate"
RESPOND_OFFER = "respond_offer"
FINISHED = "finished"
PHASES = (OFFER_INVESTOR, CHOOSE_OFFER, SET_PAR, USE_PRIORITY, STOCK_TURN, DIVIDEND, OPERATE, RESPOND_OFFER, FINISHED)


@dataclass(slots=True)
class Draft:
    """The investor draft (b.4 #26, D-04): which slot is open and the value on offer."""

    slot: int = 0
    left: list[str] = field(default_factory=list)  # investors not yet drafted, in table order
    investor: str | None = None  # investor on offer in this slot
    value: int = 0  # value the picker named

    def copy(self) -> Draft:
        return Draft(self.slot, list(self.left), self.investor, self.value)

    def to_json(self) -> dict[str, Any]:
        return {"slot": self.slot, "left": list(self.left), "investor": self.investor, "value": self.value}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Draft:
        return cls(raw["slot"], list(raw["left"]), raw["investor"], raw["value"])


@dataclass(slots=True)
class OperatingTurn:
    """The turn of the holding operating now (P-1, D-06); ``company`` is "" outside operating rounds."""

    company: str = ""
    income: int = 0  # earned from the railroads owned at the start of the turn
    bought: bool = False  # a railroad was bought from the bank this turn (P-1.2)
    declined: list[str] = field(default_factory=list)  # railroads whose offer was declined this turn (D-09)
    offer_railroad: str | None = None  # the offer waiting for an answer
    offer_price: int = 0

    def copy(self) -> OperatingTurn:
        return OperatingTurn(
            self.company, self.income, self.bought, list(self.declined), self.offer_railroad, self.offer_price
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "company": self.company,
            "income": self.income,
            "bought": self.bought,
            "declined": list(self.declined),
            "offer_railroad": self.offer_railroad,
            "offer_price": self.offer_price,
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> OperatingTurn:
        declined = list(raw["declined"])
        return cls(raw["company"], raw["income"], raw["bought"], declined, raw["offer_railroad"], raw["offer_price"])


@dataclass(slots=True)
class State:
    """A whole game of Railroad Barons; everything in it is public."""

    title: str
    players: list[str]
    seed: int
    options: dict[str, bool]
    actions_applied: int
    phase: str
    cash: list[int]
    investors: list[list[str]]  # investor cards each seat holds
    companies: dict[str, Company]  # in operating order
    pile: list[str]  # railroads still in the bank, top first
    removed: list[str]  # railroads out of the game (obsolete or scrapped), in order of removal
    obsolete_levels: list[int]
    priority: int  # seat holding the priority deal
    set_number: int  # 0 during the draft; set n = stock round n and its operating rounds
    or_number: int  # 0 in a stock round, else 1 or 2
    draft: Draft
    stock: StockRound
    turn: OperatingTurn
    end_trigger: str | None  # holding whose price reached the end value this set (P-9.1)
    end_after_set: int | None  # the set after which the empty pile ends the game (P-9.3)
    end_reason: str | None
    bank_paid_out: int  # money ledger: everything the bank paid ...
    bank_paid_in: int  # ... and everything paid to it


def new_state(players: list[str], seed: int, options: dict[str, bool]) -> State:
    """Setup (b.4 #24, #20): $200 each, certificates in the bank, Dominion Atlantic on the $450 investor."""
    count = len(players)
    companies = {
        spec.id: Company(spec.id, [BANK] * len(tables.CERTIFICATE_SIZES)) for spec in tables.HOLDINGS
    }
    pile = [card for card in tables.RAILROADS if card != tables.START_RAILROAD]
    return State(
        title=tables.TITLE_ID,
        players=list(players),
        seed=seed,
        options=dict(options),
        actions_applied=0,
        phase=OFFER_INVESTOR,
        cash=[tables.STARTING_CASH] * count,
        investors=[[] for _ in range(count)],
        companies=companies,
        pile=pile,
        removed=[],
        obsolete_levels=[],
        priority=0,
        set_number=0,
        or_number=0,
        draft=Draft(left=[spec.id for spec in tables.INVESTORS]),
        stock=StockRound(sold=[[] for _ in range(count)]),
        turn=OperatingTurn(),
        end_trigger=None,
        end_after_set=None,
        end_reason=None,
        bank_paid_out=tables.STARTING_CASH * count,
        bank_paid_in=0,
    )


def copy_state(state: State) -> State:
    """An independent copy, written out by hand because it sits on the hot path of ``apply``."""
    return State(
        state.title,
        list(state.players),
        state.seed,
        dict(state.options),
        state.actions_applied,
        state.phase,
        list(state.cash),
        [list(cards) for cards in state.investors],
        {key: company.copy() for key, company in state.companies.items()},
        list(state.pile),
        list(state.removed),
        list(state.obsolete_levels),
        state.priority,
        state.set_number,
        state.or_number,
        state.draft.copy(),
        state.stock.copy(),
        state.turn.copy(),
        state.end_trigger,
        state.end_after_set,
        state.end_reason,
        state.bank_paid_out,
        state.bank_paid_in,
    )


def state_to_json(state: State) -> dict[str, Any]:
    """The whole state as plain JSON (``title`` first, as every saved state has it)."""
    return {
        "title": state.title,
        "players": list(state.players),
        "seed": state.seed,
        "options": dict(state.options),
        "actions_applied": state.actions_applied,
        "phase": state.phase,
        "cash": list(state.cash),
        "investors": [list(cards) for cards in state.investors],
        "companies": {key: company.to_json() for key, company in state.companies.items()},
        "pile": list(state.pile),
        "removed": list(state.removed),
        "obsolete_levels": list(state.obsolete_levels),
        "priority": state.priority,
        "set_number": state.set_number,
        "or_number": state.or_number,
        "draft": state.draft.to_json(),
        "stock": state.stock.to_json(),
        "turn": state.turn.to_json(),
        "end_trigger": state.end_trigger,
        "end_after_set": state.end_after_set,
        "end_reason": state.end_reason,
        "bank_paid_out": state.bank_paid_out,
        "bank_paid_in": state.bank_paid_in,
    }


def state_from_json(raw: dict[str, Any]) -> State:
    """Rebuild a state from ``state_to_json`` output; MalformedRecord if it is not one."""
    try:
        state = State(
            title=raw["title"],
            players=list(raw["players"]),
            seed=raw["seed"],
            options=dict(raw["options"]),
            actions_applied=raw["actions_applied"],
            phase=raw["phase"],
            cash=list(raw["cash"]),
            investors=[list(cards) for cards in raw["investors"]],
            # Rebuilt in operating order: a JSON store may hand the keys back in another order.
            companies={key: Company.from_json(raw["companies"][key]) for key in tables.OPERATING_ORDER},
            pile=list(raw["pile"]),
            removed=list(raw["removed"]),
            obsolete_levels=list(raw["obsolete_levels"]),
            priority=raw["priority"],
            set_number=raw["set_number"],
            or_number=raw["or_number"],
            draft=Draft.from_json(raw["draft"]),
            stock=StockRound.from_json(raw["stock"]),
            turn=OperatingTurn.from_json(raw["turn"]),
            end_trigger=raw["end_trigger"],
            end_after_set=raw["end_after_set"],
            end_reason=raw["end_reason"],
            bank_paid_out=raw["bank_paid_out"],
            bank_paid_in=raw["bank_paid_in"],
        )
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        problem = f"{type(error).__name__}: {error}"
        raise MalformedRecord(f"This is not a saved Railroad Barons state ({problem}).") from error
    companies_ok = set(raw["companies"]) == set(tables.OPERATING_ORDER)
    if state.title != tables.TITLE_ID or state.phase not in PHASES or not companies_ok:
        raise MalformedRecord("This is not a saved Railroad Barons state.")
    return state
