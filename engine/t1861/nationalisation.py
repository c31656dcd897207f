"""Nationalisation: when a company goes to the RSR and what the RSR takes (15, 6, 23 R4, G5).

When (15.1): a company leaves its train-buying step trainless (12.10); it cannot pay its
interest even with its maximum loans (13); right after the first 4-, 6- and 8-train
(after rusting) every minor that has operated and owns no train, while every such major's
president is asked (15.2); at the first 8-train every minor still in play, before that check.
A trainless major's president answers ``choose``/``nationalize`` or ``pass`` = decline (R4),
one major at a time in the operating order fixed at the purchase.

What (15.3): loans repaid with cash at ₽50 while possible; the price moves left once plus
once per loan still owed; cash, trains and privates go to the RSR; remaining loans leave the
game (G5: the supply shrinks); the bank pays each holder the new price per share (a minor's
owner 2 shares, the president's certificate 2); tokens are taken by the city's best revenue
(ties: hex id, reversed) and the RSR puts its own token in each such city unless it has one
in that hex already, has none left, or has only its reserved tokens (St Petersburg E1,
Moscow H8) left and this is not a reserved hex; a reserved hex uses up its reservation.
A minor closes for good, a major is reset to unstarted.

Public API::

    check = trainless_check(candidates)          # TrainlessCheck(minors=..., majors=...)
    settle(cash=70, loans=2)                     # Settlement(repaid=1, cancelled=1, left_moves=2, cash=20)
    rsr_share, settlement = rsr_receives(Assets(cash=70, trains=("3-1",), loans=2))
    holder_payout(price=60, shares=2)            # ₽120
    rsr = RsrTokens.at_start()
    rsr, taken = hand_over_tokens(rsr, cities, city_value)   # cities the RSR now holds
    rsr = rsr.with_reserved_token(("E1", 1))     # its St Petersburg / Moscow token (section 6)
    answer_nationalises(action)                  # R4: True for choose/nationalize, False for pass
    privates_bought_out({"TSR": 2, "BSS": "RSR"})    # section 3 at the first 6-train: (private, owner, ₽)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core.errors import IllegalAction
from engine.t1861.data import DATA
from engine.t1861.loans import repay_on_nationalisation
from engine.t1861.mergers import Assets
from engine.t1861.train_limits import CompanyKind

City = tuple[str, int]
RSR = DATA.companies.rsr_id  # the national, as the data file names it
NATIONALISE = "nationalize"  # the recorded ``choose`` of a trainless major's president


@dataclass(frozen=True)
class TrainlessCandidate:
    """A company in play as the trainless check sees it (given in operating order)."""

    company: str
    kind: CompanyKind
    has_operated: bool
    has_train: bool


@dataclass(frozen=True)
class TrainlessCheck:
    """Minors nationalised at once, and majors whose presidents are asked (15.1, 15.2), in order."""

    minors: tuple[str, ...]
    majors: tuple[str, ...]


@dataclass(frozen=True)
class Settlement:
    """The money side of 15.3 steps 1-3."""

    repaid: int  # loans repaid with cash
    cancelled: int  # loans left over: they leave the game (G5)
    left_moves: int  # price moves left: one, plus one per cancelled loan
    cash: int  # what is left for the RSR


@dataclass(frozen=True)
class RsrTokens:
    """The RSR's tokens on the map, and the reserved hexes whose token is still unused (section 6)."""

    placed: tuple[City, ...]
    reserved: tuple[str, ...]

    @classmethod
    def at_start(cls) -> RsrTokens:
        """No token placed; St Petersburg and Moscow reserved."""
        return cls((), tuple(hex_ for hex_, _ in DATA.companies.rsr_reserved))

    def holds_hex(self, hex_: str) -> bool:
        """Whether an RSR token stands in ``hex_``."""
        return any(place[0] == hex_ for place in self.placed)

    def takes(self, hex_: str) -> bool:
        """Whether a nationalised company's token in ``hex_`` becomes an RSR token (15.3 step 5)."""
        if self.holds_hex(hex_) or len(self.placed) >= DATA.companies.rsr_tokens:
            return False
        unplaced = DATA.companies.rsr_tokens - len(self.placed)
        return hex_ in self.reserved or unplaced > len(self.reserved)

    def with_token(self, city: City) -> RsrTokens:
        """An RSR token placed in ``city``; a reserved hex's reservation is used up."""
        return RsrTokens((*self.placed, city), tuple(hex_ for hex_ in self.reserved if hex_ != city[0]))

    def with_reserved_token(self, city: City) -> RsrTokens:
        """Section 6's own token (E1 at its first turn, Moscow on gray 639): placed unless the
        RSR already stands in that hex; the reservation goes either way."""
        if city[0] not in self.reserved:
            return self
        if self.holds_hex(city[0]):
            return replace(self, reserved=tuple(hex_ for hex_ in self.reserved if hex_ != city[0]))
        return self.with_token(city)


def trainless_check(candidates: Sequence[TrainlessCandidate]) -> TrainlessCheck:
    """15.1: companies that have operated and own no train, minors and majors apart."""
    trainless = [c for c in candidates if c.has_operated and not c.has_train]
    return TrainlessCheck(
        minors=tuple(c.company for c in trainless if c.kind == "minor"),
        majors=tuple(c.company for c in trainless if c.kind == "major"),
    )


def minors_in_play(candidates: Sequence[TrainlessCandidate]) -> tuple[str, ...]:
    """At the first 8-train every minor still in play goes, in operating order (15.1)."""
    return tuple(c.company for c in candidates if c.kind == "minor")


def settle(cash: int, loans: int) -> Settlement:
    """15.3 steps 1-3: repay what cash allows, the rest cancelled (G5).

    The repayment is ``loans.repay_on_nationalisation``; the loan ledger books the supply,
    so it is not followed here.
    """
    repayment = repay_on_nationalisation(DATA.loans, cash, loans, supply=0)
    return Settlement(
        repayment.loans_repaid, repayment.loans_cancelled, 1 + repayment.loans_cancelled, repayment.cash
    )


def rsr_receives(assets: Assets) -> tuple[Assets, Settlement]:
    """15.3 steps 1-3: what the RSR gets (cash after repayment, trains, privates, no loans)."""
    settlement = settle(assets.cash, assets.loans)
    return Assets(settlement.cash, assets.trains, assets.privates, 0), settlement


def holder_payout(price: int, shares: int) -> int:
    """15.3 step 4: the bank pays ``shares`` times the new price (a minor's owner: 2 shares)."""
    return price * shares


def token_order(cities: Sequence[City], city_value: Callable[[str], int]) -> list[City]:
    """15.3 step 5's order: best city revenue in the hex first, ties by hex id reversed."""
    return sorted(cities, key=lambda city: (city_value(city[0]), city[0]), reverse=True)


def hand_over_tokens(
    rsr: RsrTokens, cities: Sequence[City], city_value: Callable[[str], int]
) -> tuple[RsrTokens, tuple[City, ...]]:
    """The RSR after a company's tokens in ``cities`` were removed in 15.3's order, and the
    cities where it put its own token (the others are simply freed)."""
    taken: list[City] = []
    for city in token_order(cities, city_value):
        if rsr.takes(city[0]):
            rsr = rsr.with_token(city)
            taken.append(city)
    return rsr, tuple(taken)


def privates_bought_out(owners: Mapping[str, Any]) -> tuple[tuple[str, Any, int], ...]:
    """Section 3, at the first 6-train: each private the RSR does not hold yet, its owner
    (player or company) and the face value the bank pays them; every private then is the RSR's."""
    faces = {private["id"]: private["face_value"] for private in DATA.raw["privates"]}
    return tuple((private, owner, faces[private]) for private, owner in owners.items() if owner != RSR)


def answer_nationalises(action: Mapping[str, Any]) -> bool:
    """R4: a pending trainless major's ``choose``/``nationalize`` (True) or ``pass`` (False)."""
    if action.get("type") == "choose" and action.get("choice") == NATIONALISE:
        return True
    if action.get("type") == "pass":
        return False
    raise IllegalAction("A trainless major's president must choose to nationalise it or decline (pass).")
