"""The 1861 map at one moment: tiles, station tokens, held-back slots and the tile supply.

A :class:`Board` is immutable: every change (:meth:`Board.lay`, :meth:`Board.place_token`,
:meth:`Board.remove_token`, ...) returns a new board and leaves the old one as it was, so a
refused move changes nothing.  It serialises to plain JSON (:meth:`Board.to_json`,
:meth:`Board.from_json`) for snapshots.

The board enforces only what holds whoever acts: a tile must fit the hex (``fitting``) and be
in the supply; a token needs a free slot.  What a company may do on its turn (connection,
phase colours, two lays, costs, token reach and price) lives in ``lays`` and ``tokens``.

Typical use::

    board = Board.empty()                                   # the printed map, home slots held
    board = board.place_token("M-K", "H8", 0)               # a minor's home token (its held slot)
    lay = check_lay(board, "M-K", "2", "H10", "58", 3)      # engine.t1861.lays; raises IllegalAction
    board = board.lay(lay.hex, lay.tile, lay.rotation)      # tokens follow their cities on upgrades
    network = build_network(board, "2")                     # engine.t1861.track_network
    mine = build_network(board, "2", "M-K")                 # only what M-K's tokens reach
    snapshot = board.to_json()                              # Board.from_json(snapshot) == board

City indices are the current tile's: after Kiev, Moscow or St. Petersburg merge into one
city, every token and held slot there is in city 0.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from engine.core.errors import IllegalAction, MalformedRecord
from engine.core.plain import dict_copy
from engine.t1861.contents import HexContents, LaidTile, hex_contents, laid_tile
from engine.t1861.data import DATA
from engine.t1861.fitting import fit_at, fit_refusal
from engine.t1861.supply import Supply

# Per hex, per city of its current contents: the companies in that city, in slot order.
CityLists = tuple[tuple[str, ...], ...]


class Change(NamedTuple):
    """How a board was made from the one before: that board's maps and the hexes whose
    entries may differ.  The network builder reads it to work out only those hexes again
    (``track_network``; issue 13) instead of comparing every hex of the two boards."""

    laid: Mapping[str, LaidTile]
    tokens: Mapping[str, CityLists]
    reserved: Mapping[str, CityLists]
    hexes: frozenset[str]

    def made_from(self, before: Board) -> bool:
        """Whether ``before`` is the board this change was made from (its very maps)."""
        return self.laid is before.laid and self.tokens is before.tokens and self.reserved is before.reserved


@dataclass(frozen=True)
class Board:
    """Tiles laid (hex -> tile), tokens and reservations per city, and the tile supply."""

    laid: Mapping[str, LaidTile]
    tokens: Mapping[str, CityLists]
    reserved: Mapping[str, CityLists]
    supply: Supply
    # Set by the changes that touch a hex or two (a lay, a token); not part of the board's value.
    change: Change | None = field(default=None, compare=False, repr=False)

    @classmethod
    def empty(cls) -> Board:
        """The map as printed: no tile laid, no token, every home slot held for its company."""
        reserved = {}
        for hexdef in DATA.hexes.values():
            claims = [claim for claim in hexdef.reservations if claim.city is not None]
            if claims:
                reserved[hexdef.id] = tuple(
                    tuple(claim.company for claim in claims if claim.city == index)
                    for index in range(len(hexdef.cities))
                )
        return cls(MappingProxyType({}), MappingProxyType({}), MappingProxyType(reserved), Supply.full())

    # Reading -------------------------------------------------------------------------------

    def contents(self, hex_id: str) -> HexContents:
        """What ``hex_id`` shows now (its printed picture until a tile is laid)."""
        return hex_contents(hex_id, self.laid.get(hex_id))

    def tokens_in(self, hex_id: str) -> CityLists:
        """The companies with a token in each city of ``hex_id``."""
        return self.tokens.get(hex_id) or _nobody(len(self.contents(hex_id).cities))

    def reserved_in(self, hex_id: str) -> CityLists:
        """The companies a slot is held for in each city of ``hex_id``."""
        return self.reserved.get(hex_id) or _nobody(len(self.contents(hex_id).cities))

    def token_hexes(self, company: str) -> list[str]:
        """Hexes where ``company`` has a station token, sorted by name."""
        return sorted(hex_id for hex_id, cities in self.tokens.items() if any(company in city for city in cities))

    def token_places(self) -> Iterator[tuple[str, int, str]]:
        """Every token on the map as ``(hex, city index, company)``."""
        for hex_id, cities in self.tokens.items():
            for index, companies in enumerate(cities):
                for company in companies:
                    yield hex_id, index, company

    def held_city(self, hex_id: str, company: str) -> int | None:
        """The city of ``hex_id`` whose slot is held for ``company`` now, if one is.

        An upgrade renumbers a hex's cities and the held slots move with them, so a home's
        printed city index is only right until the hex's first upgrade.
        """
        return next((index for index, held in enumerate(self.reserved_in(hex_id)) if company in held), None)

    def free_slots(self, hex_id: str, city: int, company: str) -> int:
        """Slots of that city ``company`` could still fill (its own held slot counts as free)."""
        slots = self.contents(hex_id).cities[city].slots
        held = [other for other in self.reserved_in(hex_id)[city] if other != company]
        return slots - len(self.tokens_in(hex_id)[city]) - len(held)

    # Changing ------------------------------------------------------------------------------

    def lay(self, hex_id: str, number: str, rotation: int) -> Board:
        """The board with tile ``number`` laid in ``hex_id``; tokens follow their cities.

        Raises IllegalAction if the tile does not fit there or none is left.  Company rules
        (connection, phase, lay allowance, cost) are ``lays.check_lay``'s.
        """
        require_hex(hex_id)
        require_tile(number)
        require_rotation(rotation)
        current = self.laid.get(hex_id)
        refusal = fit_refusal(hex_id, current, number, rotation)
        if refusal is not None:
            raise IllegalAction(refusal)
        if not self.supply.has(number):
            raise IllegalAction(f"No tile {number} is left in the supply.")
        fit = fit_at(hex_id, current, number, rotation)
        assert fit is not None  # fit_refusal said it fits
        new_cities = len(DATA.tiles[number].cities)
        laid = dict_copy(self.laid)
        laid[hex_id] = laid_tile(number, rotation)
        tokens = _replace(self.tokens, hex_id, cities_after_upgrade(self.tokens.get(hex_id), fit.city_map, new_cities))
        reserved = _replace(
            self.reserved, hex_id, cities_after_upgrade(self.reserved.get(hex_id), fit.city_map, new_cities)
        )
        returned = current.number if current is not None else None
        board = Board(MappingProxyType(laid), tokens, reserved, self.supply.exchanged(number, returned),
                      self._change_in(hex_id))
        claimed = board._claim_on_gray(hex_id)
        return board if claimed is board else self._changed_in(claimed, hex_id)

    def place_token(self, company: str, hex_id: str, city: int) -> Board:
        """The board with a ``company`` token in that city; a slot held for it is used up.

        Raises IllegalAction if the city has no slot free for ``company``.  Reach, price and
        the one-token-per-hex rule are ``tokens.check_token``'s.
        """
        self._require_city(hex_id, city)
        name = DATA.hexes[hex_id].display_name()
        if company in self.tokens_in(hex_id)[city]:
            raise IllegalAction(f"{company} already has a token in that city of {name}.")
        if self.free_slots(hex_id, city, company) <= 0:
            raise IllegalAction(f"The city in {name} has no slot free for {company}.")
        tokens = _with_city(self.tokens_in(hex_id), city, (*self.tokens_in(hex_id)[city], company))
        held = list(self.reserved_in(hex_id)[city])
        if company in held:
            held.remove(company)
        reserved = _with_city(self.reserved_in(hex_id), city, tuple(held))
        return self._with(tokens=_replace(self.tokens, hex_id, tokens),
                          reserved=_replace(self.reserved, hex_id, reserved), change=self._change_in(hex_id))

    def remove_token(self, company: str, hex_id: str, city: int) -> Board:
        """The board without ``company``'s token in that city (raises IllegalAction if none is there)."""
        self._require_city(hex_id, city)
        present = self.tokens_in(hex_id)[city]
        if company not in present:
            raise IllegalAction(f"{company} has no token in that city of {DATA.hexes[hex_id].display_name()}.")
        remaining = tuple(other for other in present if other != company)
        return self._with(tokens=_replace(self.tokens, hex_id, _with_city(self.tokens_in(hex_id), city, remaining)),
                          change=self._change_in(hex_id))

    def rename_tokens(self, old: str, new: str) -> Board:
        """Every token of ``old`` becomes ``new``'s (a minor converting or merging into a major).

        Where ``new`` already has a token in the same city, the two become one (23's R3: two
        merging minors in one city leave one token there).
        """
        tokens = {hex_id: tuple(_renamed(city, old, new) for city in cities) for hex_id, cities in self.tokens.items()}
        return self._with(tokens=MappingProxyType(tokens))

    def release_reservations(self, company: str) -> Board:
        """Drop every slot held for ``company`` (a minor removed unstarted; the RSR's E1 claim)."""
        reserved = {
            hex_id: tuple(tuple(other for other in city if other != company) for city in cities)
            for hex_id, cities in self.reserved.items()
        }
        return self._with(reserved=MappingProxyType({h: c for h, c in reserved.items() if any(c)}))

    # Snapshots -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: tiles as ``[number, rotation]``, tokens and reservations as lists per city."""
        return {
            "tiles": {hex_id: [tile.number, tile.rotation] for hex_id, tile in sorted(self.laid.items())},
            "tokens": {hex_id: [list(city) for city in cities] for hex_id, cities in sorted(self.tokens.items())},
            "reserved": {hex_id: [list(city) for city in cities] for hex_id, cities in sorted(self.reserved.items())},
            "supply": self.supply.to_json(),
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Board:
        """The board :meth:`to_json` wrote; raises MalformedRecord on anything else."""
        try:
            laid = {hex_id: laid_tile(str(number), int(rotation))
                    for hex_id, (number, rotation) in raw["tiles"].items()}
            tokens = {hex_id: _city_lists(cities) for hex_id, cities in raw["tokens"].items()}
            reserved = {hex_id: _city_lists(cities) for hex_id, cities in raw["reserved"].items()}
            supply = Supply.from_json(raw["supply"])
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise MalformedRecord(f"Not an 1861 board snapshot: {error}.") from error
        if any(hex_id not in DATA.hexes for hex_id in (*laid, *tokens, *reserved)):
            raise MalformedRecord("An 1861 board snapshot names a hex that is not on the map.")
        return cls(MappingProxyType(laid), MappingProxyType(tokens), MappingProxyType(reserved), supply)

    # Helpers -------------------------------------------------------------------------------

    def _with(
        self, *, tokens: Mapping[str, CityLists] | None = None, reserved: Mapping[str, CityLists] | None = None,
        change: Change | None = None,
    ) -> Board:
        return Board(
            self.laid,
            self.tokens if tokens is None else tokens,
            self.reserved if reserved is None else reserved,
            self.supply,
            change,
        )

    def _change_in(self, hex_id: str) -> Change:
        """A board made from this one by changing ``hex_id`` alone says so (:class:`Change`)."""
        return Change(self.laid, self.tokens, self.reserved, frozenset((hex_id,)))

    def _changed_in(self, board: Board, hex_id: str) -> Board:
        """``board``, made from this one by changing ``hex_id`` alone, saying so."""
        return Board(board.laid, board.tokens, board.reserved, board.supply, self._change_in(hex_id))

    def _require_city(self, hex_id: str, city: int) -> None:
        require_hex(hex_id)
        cities = self.contents(hex_id).cities
        if not 0 <= city < len(cities):
            name = DATA.hexes[hex_id].display_name()
            raise IllegalAction(f"{name} has no city {city}; it has {len(cities)} now.")

    def _claim_on_gray(self, hex_id: str) -> Board:
        """Gray Moscow (639): the RSR's token goes into its own extra slot at once (rules 6)."""
        contents = self.contents(hex_id)
        if contents.colour != "gray" or len(contents.cities) != 1:
            return self
        board = self
        for claim in DATA.hexes[hex_id].reservations:
            if claim.city is None and claim.company not in board.tokens_in(hex_id)[0]:
                board = board.place_token(claim.company, hex_id, 0)
        return board


def require_hex(hex_id: str) -> None:
    """Raise IllegalAction unless ``hex_id`` is on the map."""
    if hex_id not in DATA.hexes:
        raise IllegalAction(f"There is no hex {hex_id} on the 1861 map.")


def require_tile(number: str) -> None:
    """Raise IllegalAction unless ``number`` is a tile of the manifest."""
    if number not in DATA.tiles:
        raise IllegalAction(f"1861 has no tile {number}.")


def require_rotation(rotation: int) -> None:
    """Raise IllegalAction unless ``rotation`` is 0-5."""
    if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 5:
        raise IllegalAction(f"A rotation is a number from 0 to 5, not {rotation!r}.")


def _nobody(cities: int) -> CityLists:
    return ((),) * cities


def cities_after_upgrade(before: CityLists | None, city_map: tuple[int, ...], new_cities: int) -> CityLists:
    """Each old city's companies on the new city it maps to (several merge into one in K, M, S)."""
    after: list[tuple[str, ...]] = [()] * new_cities
    for old_index, companies in enumerate(before or ()):
        if companies:
            after[city_map[old_index]] = after[city_map[old_index]] + companies
    return tuple(after)


def _renamed(city: tuple[str, ...], old: str, new: str) -> tuple[str, ...]:
    renamed: list[str] = []
    for company in city:
        company = new if company == old else company
        if company not in renamed:
            renamed.append(company)
    return tuple(renamed)


def _with_city(cities: CityLists, index: int, companies: tuple[str, ...]) -> CityLists:
    return (*cities[:index], companies, *cities[index + 1 :])


def _replace(mapping: Mapping[str, CityLists], hex_id: str, cities: CityLists) -> Mapping[str, CityLists]:
    """``mapping`` with ``hex_id`` set to ``cities`` (dropped when every city is empty).

    The very same mapping when that changes nothing (a tile laid where no token stands nor
    slot is held, most lays): the network builder takes an unchanged mapping as unchanged
    without comparing its entries (issue 13)."""
    if hex_id not in mapping and not any(cities):
        return mapping
    changed = dict_copy(mapping)
    changed.pop(hex_id, None)
    if any(cities):
        changed[hex_id] = cities
    return MappingProxyType(changed)


def _city_lists(raw: Any) -> CityLists:
    return tuple(tuple(str(company) for company in city) for city in raw)
