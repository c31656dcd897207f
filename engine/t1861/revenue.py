"""Counting a route: which of its stops count and what they pay (section 12.5).

A route *visits* every stop it touches; what it *counts* depends on the train:

- an ordinary *n*-train counts every city and off-board it visits (the route checker has
  made sure there are at most *n*) and fills the spare capacity with its best towns;
- the express 5+5E counts every off-board and fills the rest of its five with its best
  cities and towns, one of which must hold the company's token when no counted off-board
  can (off-boards never hold tokens, so in practice always).

"Best" means best for the company's whole route revenue, bonuses included, exactly as
the 18xx.games engine chooses (it tries every combination).  Revenue is

    multiplier x (stop values + pair bonuses) + private bonuses

where a *pair bonus* (Ekaterinburg with Moscow) pays when both of its hexes are counted and
is multiplied like a stop, and a *private bonus* (BSS, MYR, MRR, WVR) pays once per counted
hex and is not multiplied (section 3).  Stop values come from the Network: off-boards there
already carry the value of the current phase.

The selection below is exact without trying every combination: given the stops that are
forced in (a pair's hexes, a token stop), the rest is best filled by the highest weights,
so it is enough to try each way of forcing them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from engine.t1861.network import Stop
from engine.t1861.trains import Train


@dataclass(frozen=True)
class PairBonus:
    """Extra revenue when one route counts both hexes (Ekaterinburg Q3 with Moscow H8)."""

    bonus_hex: str
    with_hex: str
    amount: int


# Section 12.5 and the data file's hexes.Q3.special_revenue: +40 when the route also counts
# Moscow, multiplied by the train's multiplier.
EKATERINBURG_MOSCOW = PairBonus(bonus_hex="Q3", with_hex="H8", amount=40)


@dataclass(frozen=True)
class Bonuses:
    """Everything beyond the stops' printed values that a company's routes can earn.

    ``by_hex`` is the caller's sum of the company's private bonuses per hex (MYR and MRR
    both owned: ``{"H8": 20}``; WVR: every Poland hex 10).  ``pairs`` defaults to the
    Ekaterinburg-Moscow bonus, which every company earns.
    """

    by_hex: Mapping[str, int] = field(default_factory=dict)
    pairs: tuple[PairBonus, ...] = (EKATERINBURG_MOSCOW,)

    @classmethod
    def of(cls, by_hex: Mapping[str, int] | None = None) -> Bonuses:
        """The bonuses of a company holding the given private bonuses, with the standard pair."""
        return cls(by_hex=dict(by_hex or {}))


NO_BONUSES = Bonuses(by_hex={}, pairs=())

BonusesGiven = Bonuses | Mapping[str, int] | None


def as_bonuses(given: BonusesGiven) -> Bonuses:
    """A caller's bonuses: a full :class:`Bonuses`, or a hex -> private bonus mapping (plus the pair)."""
    return given if isinstance(given, Bonuses) else Bonuses.of(given)


@dataclass(frozen=True)
class Count:
    """The counted stops of one route and the revenue they earn."""

    counted: tuple[str, ...]  # stop ids, in the order the route visits them
    revenue: int


def route_revenue(stops: Sequence[Stop], counted_ids: Iterable[str], train: Train, bonuses: Bonuses) -> int:
    """Revenue of a route that counts ``counted_ids`` among its visited ``stops``."""
    wanted = set(counted_ids)
    return _revenue([stop for stop in stops if stop.id in wanted], train, bonuses)


def _revenue(counted: Sequence[Stop], train: Train, bonuses: Bonuses) -> int:
    hexes = {stop.hex for stop in counted}
    stop_value = sum(stop.revenue for stop in counted)
    pair_value = sum(pair.amount for pair in bonuses.pairs if pair.bonus_hex in hexes and pair.with_hex in hexes)
    private_value = sum(bonuses.by_hex.get(hex_id, 0) for hex_id in hexes)
    return train.multiplier * (stop_value + pair_value) + private_value


def count_route(stops: Sequence[Stop], train: Train, company: str, bonuses: Bonuses) -> Count:
    """The best counted stops of a route visiting ``stops`` (already checked legal) and its revenue.

    For an ordinary train the caller has checked the city/off-board allowance; for the
    5+5E the caller has checked that the route holds a token (so one can be counted).
    """
    mandatory, optional, need_token = _split(stops, train, company)
    room = max(train.allowance - len(mandatory), 0)
    if room >= len(optional):  # every stop counts (the usual case)
        return Count(tuple(stop.id for stop in stops), _revenue(stops, train, bonuses))
    best: Count | None = None
    for forced in _forced_choices(optional, stops, need_token, company, bonuses):
        if len(forced) > room:
            continue
        rest = [stop for stop in _by_weight(optional, train, bonuses) if stop not in forced]
        picked = [*forced, *rest[: room - len(forced)]]
        if need_token and not any(company in stop.tokens for stop in picked):
            continue
        chosen = _in_route_order(stops, [*mandatory, *picked])
        count = Count(chosen, route_revenue(stops, chosen, train, bonuses))
        if best is None or count.revenue > best.revenue:
            best = count
    if best is None:  # a 5+5E whose counted stops cannot hold a token: the checker refuses it
        return Count((), 0)
    return best


def _split(stops: Sequence[Stop], train: Train, company: str) -> tuple[list[Stop], list[Stop], bool]:
    """Stops that must count, stops that may fill spare capacity, and whether a token must count."""
    if train.express:
        mandatory = [stop for stop in stops if stop.kind == "offboard"]
        optional = [stop for stop in stops if stop.kind != "offboard"]
        need_token = not any(company in stop.tokens for stop in mandatory)
        return mandatory, optional, need_token
    mandatory = [stop for stop in stops if stop.kind != "town"]
    optional = [stop for stop in stops if stop.kind == "town"]
    return mandatory, optional, False


def _by_weight(optional: Sequence[Stop], train: Train, bonuses: Bonuses) -> list[Stop]:
    """Optional stops best first (stop value times multiplier plus private bonus); ties by id."""
    return sorted(
        optional, key=lambda stop: (-(train.multiplier * stop.revenue + bonuses.by_hex.get(stop.hex, 0)), stop.id)
    )


def _forced_choices(
    optional: Sequence[Stop], stops: Sequence[Stop], need_token: bool, company: str, bonuses: Bonuses
) -> list[list[Stop]]:
    """Every set of optional stops worth forcing in: each pair bonus's stops, each token stop."""
    visited_hexes = {stop.hex for stop in stops}
    pair_sets: list[list[Stop]] = []
    usable = [pair for pair in bonuses.pairs if pair.bonus_hex in visited_hexes and pair.with_hex in visited_hexes]
    for size in range(len(usable) + 1):
        for pairs in combinations(usable, size):
            hexes = {hex_id for pair in pairs for hex_id in (pair.bonus_hex, pair.with_hex)}
            pair_sets.append([stop for stop in optional if stop.hex in hexes])
    if not need_token:
        return pair_sets
    token_stops = [stop for stop in optional if company in stop.tokens]
    return [[*forced, token] if token not in forced else forced for forced in pair_sets for token in token_stops]


def _in_route_order(stops: Sequence[Stop], chosen: Iterable[Stop]) -> tuple[str, ...]:
    ids = {stop.id for stop in chosen}
    return tuple(stop.id for stop in stops if stop.id in ids)
