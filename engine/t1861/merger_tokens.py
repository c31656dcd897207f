"""A major's station tokens after conversion or merger, and what its next token costs (14, 23 R3).

A major's charter is an ordered list of tokens, each with a price per hex of distance
(12.4) and a city when placed.  A token laid later uses the **first unplaced** token of the
list.  23 R3, which the recorded games depend on:

- a new major starts with T0 (₽0), T1 (₽20), T2 (₽40);
- *conversion*: the minor's token becomes T0, so the next costs ₽20 a hex, then ₽40;
- *merger*: minors in operating order; before a minor's token moves, any major token in a city
  that still holds an unmoved merging minor's token leaves the map (two minors in one city
  leave one token there); the minor's token then becomes the first unplaced token (T0, T1, T2,
  then extra ₽0 tokens);
- *reduction*: with two tokens in one hex or more than 2 on the map the president removes
  tokens one at a time, in any order (as 18xx.games takes them, not R3's "crowded hex first");
  never leaving all of them in one hex when they stood in more; then the charter becomes the placed tokens, the unplaced
  ones cheapest first, cut to 2 entries, plus one new ₽40 token.  With no removal the
  charter stays, a ₽40 token added only if it has fewer than 3.

Public API::

    tokens = converted_tokens(("G15", 0))
    tokens = merged_tokens([("H8", 0), ("H8", 1), ("D14", 2)])     # minors in operating order
    needs_reduction(tokens); removable(tokens)                      # the remove_token choices
    tokens = remove_token(tokens, ("H8", 1))
    tokens = finish_formation(tokens, reduced=True)
    next_token_price(tokens)                                        # ₽ per hex, None: none left
    tokens = place_token(tokens, ("L12", 0))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.core.errors import IllegalAction
from engine.t1861.data import DATA

City = tuple[str, int]  # (hex, city index)


@dataclass(frozen=True)
class StationToken:
    """One token of a major's charter: its price per hex and where it stands (``None``: unplaced)."""

    price: int
    city: City | None = None


Charter = tuple[StationToken, ...]


def new_charter() -> Charter:
    """T0, T1, T2 unplaced: a major started by par places T0 as its home (10.4)."""
    return tuple(StationToken(price) for price in DATA.companies.major_token_prices)


def converted_tokens(home: City) -> Charter:
    """A converted minor's token becomes T0 (14.2)."""
    return place_token(new_charter(), home)


def merged_tokens(minor_cities: Sequence[City]) -> Charter:
    """The charter once every merging minor's token (in operating order) has moved (R3)."""
    charter = list(new_charter())
    for position, city in enumerate(minor_cities):
        unmoved = set(minor_cities[position:])
        charter = [replace(token, city=None) if token.city in unmoved else token for token in charter]
        if all(token.city is not None for token in charter):
            charter.append(StationToken(0))
        charter = list(place_token(tuple(charter), city))
    return tuple(charter)


def placed(charter: Charter) -> tuple[City, ...]:
    """The cities the major's tokens stand in, in charter order."""
    return tuple(token.city for token in charter if token.city is not None)


def next_token_price(charter: Charter) -> int | None:
    """Price per hex of the next token (12.4): the first unplaced one; ``None`` if none is left."""
    return next((token.price for token in charter if token.city is None), None)


def place_token(charter: Charter, city: City) -> Charter:
    """The charter with its first unplaced token in ``city``."""
    for index, token in enumerate(charter):
        if token.city is None:
            return (*charter[:index], replace(token, city=city), *charter[index + 1 :])
    raise IllegalAction("The company has no station token left to place.")


def needs_reduction(charter: Charter) -> bool:
    """Two tokens in one hex, or more on the map than a merged major keeps (14.3)."""
    cities = placed(charter)
    hexes = Counter(hex_ for hex_, _ in cities)
    return len(cities) > DATA.companies.merger.max_tokens_kept or any(count > 1 for count in hexes.values())


def removable(charter: Charter) -> tuple[City, ...]:
    """The tokens the president may remove now, empty when none must go: any of the major's,
    in any order, except one whose removal would leave every token in one hex when they stood
    in more (14.3).  23 R3's "duplicates in one hex first" is not 18xx.games' order: its
    reduction takes any token (1867's ``ReduceTokens``), and a recorded merger removed a lone
    token before one of two in a hex (the oracle's seed 173)."""
    if not needs_reduction(charter):
        return ()
    cities = placed(charter)
    if len({hex_ for hex_, _ in cities}) == 1:
        return tuple(cities)
    return tuple(city for city in cities if len({hex_ for hex_, _ in _without(cities, city)}) > 1)


def remove_token(charter: Charter, city: City) -> Charter:
    """The charter after the president removed the token in ``city`` (``remove_token``)."""
    if city not in removable(charter):
        raise IllegalAction(f"The token in {city[0]} cannot be removed now.")
    index = next(i for i, token in enumerate(charter) if token.city == city)
    return (*charter[:index], replace(charter[index], city=None), *charter[index + 1 :])


def finish_formation(charter: Charter, reduced: bool) -> Charter:
    """The charter once within limits: rebuilt after a reduction, else topped up to 3 (R3)."""
    extra = StationToken(DATA.companies.major_token_prices[-1])
    if not reduced:
        return charter if len(charter) >= DATA.companies.merger.token_total else (*charter, extra)
    on_map = [token for token in charter if token.city is not None]
    off_map = sorted((token for token in charter if token.city is None), key=lambda token: token.price)
    kept = (on_map + off_map)[: DATA.companies.merger.token_total - 1]
    return (*kept, extra)


def _without(cities: tuple[City, ...], city: City) -> list[City]:
    rest = list(cities)
    rest.remove(city)
    return rest
