"""The bank's trains: the supply in its fixed selling order and the open market of discards.

Section 16: trains are sold strictly in the order of the data file's ``trains`` list, every
2 before any 3 and so on; the 8 is unlimited.  2+2 and 5+5E (``available_from_phase`` 8) are
sold beside that line, unlimited, from phase 8.  Section 12.9/12.10: a discarded train goes
to the open market (the "discard pile"), where any company may buy it at face value.
Section 2: with two players the last copies of some types are removed at set-up.

Train copies carry the 18xx.games ids ``"<type>-<copy>"`` (``"2-0"`` is the first 2-train),
lower-cased as every Turnpost id is (``"5+5e-0"``, the first 5+5E), so a record's train ids
mean the same copy here; :func:`train_type_of` gives back the data file's type name.
A :class:`Depot` is a plain frozen value; every function returns a new one.

Public API::

    depot = new_depot(players=4)
    next_train(depot)              # "2-0": the next copy of the fixed line, or None
    bank_offer(depot, phase)       # the trains the bank offers now: line, side types, open market
    depot = sell(depot, "2-0", phase)          # IllegalAction if the bank does not offer it
    require_offered(depot, "3-0", phase)       # the same check alone
    depot = discard(depot, "3-1")              # into the open market
    depot = rust(depot, "2")                   # rusted copies leave the open market
    copies_left(depot, "8")                    # None: unlimited
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from engine.core.errors import IllegalAction
from engine.t1861.data import DATA
from engine.t1861.phases import TrainDef


@dataclass(frozen=True)
class Depot:
    """What the bank holds: copies per type (``None`` = unlimited), copies sold, the open market."""

    copies: tuple[tuple[str, int | None], ...]
    sold: tuple[tuple[str, int], ...]
    open_market: tuple[str, ...] = ()

    def sold_of(self, train_type: str) -> int:
        """How many copies of ``train_type`` the bank has sold from its supply (discards excluded)."""
        return dict(self.sold)[train_type]


def new_depot(players: int = 3) -> Depot:
    """The supply at set-up; with two players the data file's ``trains_removed`` copies are gone."""
    removed = dict(DATA.companies.two_player_trains_removed) if players == 2 else {}
    copies = tuple(
        (train.name, None if train.count is None else train.count - removed.get(train.name, 0))
        for train in DATA.trains
    )
    return Depot(copies=copies, sold=tuple((train.name, 0) for train in DATA.trains))


def train_type_of(train_id: str) -> str:
    """``"2+2-1"`` -> ``"2+2"``; ``"5+5e-0"`` -> ``"5+5E"`` (the data file's name, whatever the case)."""
    kind = train_id.rsplit("-", 1)[0]
    return _TYPE_NAMES.get(kind.lower(), kind)


def a_train(train_id: str) -> str:
    """``"8-0"`` -> ``"an 8-train"``, ``"2+2-1"`` -> ``"a 2+2-train"``: the log's words for one copy."""
    kind = train_type_of(train_id)
    return f"{'an' if kind.startswith('8') else 'a'} {kind}-train"


def train_names(train_ids: Sequence[str]) -> dict[str, str]:
    """Each train's name for a player: ``"3-train"``, or ``"3-train (2nd)"`` when a company holds
    two of a type (its id, ``"3-1"``, numbers the copy in the whole game and says nothing to a player)."""
    types = [train_type_of(train_id) for train_id in train_ids]
    names: dict[str, str] = {}
    for position, (train_id, kind) in enumerate(zip(train_ids, types, strict=True)):
        place = types[:position + 1].count(kind)
        names[train_id] = f"{kind}-train" if types.count(kind) == 1 else f"{kind}-train ({_ORDINALS[place - 1]})"
    return names


_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def copy_id(train_type: str, copy: int) -> str:
    """The id of copy number ``copy`` of ``train_type``: ``("5+5E", 0)`` -> ``"5+5e-0"``."""
    return f"{train_type.lower()}-{copy}"


_TYPE_NAMES = {train.name.lower(): train.name for train in DATA.trains}


def train_def(train_id: str) -> TrainDef:
    """The data file's facts of a train copy's type."""
    return DATA.train(train_type_of(train_id))


def copies_left(depot: Depot, train_type: str) -> int | None:
    """Copies of ``train_type`` still in the supply; ``None`` when the type is unlimited."""
    total = dict(depot.copies)[train_type]
    return None if total is None else total - depot.sold_of(train_type)


def next_train(depot: Depot) -> str | None:
    """The next copy of the fixed line (types with no ``available_from_phase``), or ``None``."""
    for train in DATA.trains:
        if train.available_from_phase is None and copies_left(depot, train.name) != 0:
            return copy_id(train.name, depot.sold_of(train.name))
    return None


def named(train: str, among: Iterable[str]) -> str:
    """The train of ``among`` that ``train`` names, ignoring case, else ``train`` as given.

    Train ids keep the data file's case ("5+5E-0"), while answers are read in lower case (ids
    elsewhere are), so the express train would otherwise never match its own id."""
    return next((candidate for candidate in among if candidate.lower() == train.lower()), train)


@lru_cache(maxsize=256)
def bank_offer(depot: Depot, phase: str) -> tuple[str, ...]:
    """Every train the bank sells in ``phase`` (12.10): the line's next copy, the next copy of
    each side type whose phase has come, and from the open market the first copy discarded
    of each type.

    Copies of one type are alike, so the open market names one of each, the one there longest,
    as 18xx.games' depot does (its ``depot_trains``: the discards unique by name, in the order
    discarded); 18xx.games refuses a purchase of any other copy ("Not a buyable train"), even
    when it loads a game, so a record naming one could not go there.  The oracle's random seed
    355 (2 players, column market) had 2-2 and 2-6 in the open market and MB buying 2-6.  A
    submitted purchase may still name any copy there (``require_offered``).

    A depot is a frozen value, so the answer is kept: every operating step that may ask for a
    train reads it (issue 13's replay speed)."""
    offer = [] if (line := next_train(depot)) is None else [line]
    for train in DATA.trains:
        side = train.available_from_phase is not None and _reached(phase, train.available_from_phase)
        if side and copies_left(depot, train.name) != 0:
            offer.append(copy_id(train.name, depot.sold_of(train.name)))
    first_of_type = {train_type_of(train): train for train in reversed(depot.open_market)}
    return (*offer, *(train for train in depot.open_market if first_of_type[train_type_of(train)] == train))


def cheapest_offer(depot: Depot, phase: str) -> str | None:
    """The cheapest train the bank sells now (forced purchases and the RSR's first train).

    Every train step asks, and the depot changes only when a train is bought, so the last
    answer is kept by the depot's identity: a frozen value's answer never changes, and
    looking it up so needs neither the depot's hash nor a comparison of its fields."""
    kept_depot, kept_phase, kept = _LAST_CHEAPEST[0]
    if kept_depot is not depot or kept_phase != phase:
        kept = min(bank_offer(depot, phase), key=lambda train: train_def(train).price, default=None)
        _LAST_CHEAPEST[0] = (depot, phase, kept)  # one assignment: threads see the old triple or the new
    return kept


_LAST_CHEAPEST: list[tuple[Depot | None, str, str | None]] = [(None, "", None)]


def sell(depot: Depot, train_id: str, phase: str) -> Depot:
    """The depot after the bank sold ``train_id`` (from the supply or the open market)."""
    if train_id in depot.open_market:
        market = list(depot.open_market)
        market.remove(train_id)
        return replace(depot, open_market=tuple(market))
    require_offered(depot, train_id, phase)
    kind = train_type_of(train_id)
    return replace(depot, sold=tuple((name, count + (name == kind)) for name, count in depot.sold))


def require_offered(depot: Depot, train_id: str, phase: str) -> None:
    """Raise ``IllegalAction`` naming what the bank does sell when it does not sell ``train_id``
    (any copy in the open market is sold, though ``bank_offer`` names only the first of a type)."""
    offer = bank_offer(depot, phase)
    if train_id not in offer and train_id not in depot.open_market:
        offered = ", ".join(offer) or "nothing"
        raise IllegalAction(f"The bank does not sell the {train_id} train now; it offers {offered}.")


def discard(depot: Depot, train_id: str) -> Depot:
    """The depot with ``train_id`` discarded into the open market (12.9)."""
    if train_id in depot.open_market:
        raise IllegalAction(f"The {train_id} train is already in the open market.")
    return replace(depot, open_market=(*depot.open_market, train_id))


def rust(depot: Depot, train_type: str) -> Depot:
    """Rusting removes the type from the open market too (section 16)."""
    market = tuple(train for train in depot.open_market if train_type_of(train) != train_type)
    return replace(depot, open_market=market)


def phase_index(phase: str) -> int:
    """Position of ``phase`` in the data file's phase list (phases only move forward)."""
    index = _PHASE_INDEX.get(phase)
    return next(i for i, candidate in enumerate(DATA.phases) if candidate.name == phase) if index is None else index


_PHASE_INDEX = {candidate.name: index for index, candidate in reversed(list(enumerate(DATA.phases)))}  # first wins


def _reached(phase: str, start: str) -> bool:
    return phase_index(phase) >= phase_index(start)
