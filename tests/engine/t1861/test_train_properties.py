"""Random train traffic never breaks the depot's books (hypothesis; sections 12.9, 12.10, 16).

Each example plays random bank sales, sales between companies, discards and open-market
purchases among two minors, two majors and the RSR, applying every first purchase's phase
change and rusting and then discarding down to the limits, as the rounds will.  After every
step: depot + companies + open market + rusted = the manifest for every train type; the
phase never moves back; no company is over its limit once its discards are done.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.t1861.data import DATA
from engine.t1861.depot import (
    Depot,
    bank_offer,
    copies_left,
    discard,
    new_depot,
    phase_index,
    rust,
    sell,
    train_type_of,
)
from engine.t1861.phase_changes import first_purchase
from engine.t1861.train_limits import CompanyKind, discard_choices, excess, has_room

_COMPANIES: dict[str, CompanyKind] = {"KR": "minor", "OK": "minor", "MK": "major", "NW": "major", "RSR": "national"}


@dataclass
class _World:
    players: int
    depot: Depot = field(init=False)
    phase: str = "2"
    owned: dict[str, list[str]] = field(default_factory=lambda: {company: [] for company in _COMPANIES})
    rusted: list[str] = field(default_factory=list)
    sold_types: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.depot = new_depot(self.players)

    def buy_from_bank(self, company: str, pick: int) -> None:
        offer = bank_offer(self.depot, self.phase)
        if not offer or not has_room(_COMPANIES[company], self.phase, self.owned[company]):
            return
        train = offer[pick % len(offer)]
        self.depot = sell(self.depot, train, self.phase)
        self.owned[company].append(train)
        effects = first_purchase(train_type_of(train), self.phase, frozenset(self.sold_types))
        self.sold_types.add(train_type_of(train))
        if effects is not None:
            self.phase = effects.phase or self.phase
            for kind in effects.rusts:
                self._rust(kind)
        self._discard_down()

    def buy_between(self, buyer: str, seller: str, pick: int) -> None:
        if buyer == seller or "RSR" in (buyer, seller) or not self.owned[seller]:
            return
        if has_room(_COMPANIES[buyer], self.phase, self.owned[buyer]):
            self.owned[buyer].append(self.owned[seller].pop(pick % len(self.owned[seller])))

    def discard_one(self, company: str, pick: int) -> None:
        if company != "RSR" and self.owned[company]:
            self.depot = discard(self.depot, self.owned[company].pop(pick % len(self.owned[company])))

    def _rust(self, kind: str) -> None:
        for trains in self.owned.values():
            self.rusted += [train for train in trains if train_type_of(train) == kind]
            trains[:] = [train for train in trains if train_type_of(train) != kind]
        self.rusted += [train for train in self.depot.open_market if train_type_of(train) == kind]
        self.depot = rust(self.depot, kind)

    def _discard_down(self) -> None:
        for company, kind in _COMPANIES.items():
            while choices := discard_choices(kind, self.phase, self.owned[company]):
                self.owned[company].remove(choices[0])
                self.depot = discard(self.depot, choices[0])


def _books_balance(world: _World) -> None:
    everywhere = [t for trains in world.owned.values() for t in trains] + list(world.depot.open_market) + world.rusted
    assert len(everywhere) == len(set(everywhere)), "a train copy is in two places"
    for train in DATA.trains:
        counted = sum(train_type_of(t) == train.name for t in everywhere)
        left = copies_left(world.depot, train.name)
        if left is None:
            assert counted == world.depot.sold_of(train.name), train.name
        else:
            assert left + counted == dict(world.depot.copies)[train.name], train.name


_STEP = st.tuples(st.sampled_from(["bank"] * 6 + ["between", "discard"]), *[st.integers(0, 40)] * 3)


@settings(max_examples=150, deadline=None)
@given(players=st.sampled_from([2, 4]), steps=st.lists(_STEP, min_size=30, max_size=120))
def test_train_counts_are_conserved_phases_only_rise_and_limits_hold(players: int, steps: list) -> None:
    world = _World(players)
    names = list(_COMPANIES)
    for kind, a, b, pick in steps:
        before = phase_index(world.phase)
        if kind == "bank":
            world.buy_from_bank(names[a % len(names)], pick)
        elif kind == "between":
            world.buy_between(names[a % len(names)], names[b % len(names)], pick)
        else:
            world.discard_one(names[a % len(names)], pick)
        _books_balance(world)
        assert phase_index(world.phase) >= before
        for company, company_kind in _COMPANIES.items():
            assert excess(company_kind, world.phase, world.owned[company]) == 0, company
