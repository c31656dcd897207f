"""Whether a tile fits a hex, whoever lays it (rules 12.3, the company-independent part).

These are exactly the rules behind the data file's ``first_tile_options`` oracle: the next
colour, the label (Kharkov's gray tile is Kh), the same number of towns, the same number of
cities unless the hex is labelled, every old path kept (each old city landing on one new
city; on K, M and S tiles several old cities may merge into one), and every exit pointing at
a map hex that can be entered (not off the map, not into a red or gray hex without track
towards it).  Connection to a company, the phase and the supply are :mod:`lays`' business.

A fit is found per rotation; the city mapping it returns tells the board where the tokens
of each old city go.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

from engine.t1861.contents import HexContents, LaidTile, hex_contents
from engine.t1861.data import DATA
from engine.t1861.geometry import EDGES, edge_name
from engine.t1861.hexes import HexDef
from engine.t1861.tiles import CITY, COLOURS, EDGE, TOWN, End, Path, TileDef, rotate_path


@dataclass(frozen=True)
class Fit:
    """A rotation at which a tile fits, and where each old city's tokens go (old index -> new)."""

    rotation: int
    city_map: tuple[int, ...]


def next_colour(colour: str) -> str | None:
    """The colour that replaces ``colour`` (white -> yellow -> green -> brown -> gray)."""
    position = COLOURS.index(colour) if colour in COLOURS else len(COLOURS)
    return COLOURS[position + 1] if position + 1 < len(COLOURS) else None


@cache
def fits(hex_id: str, current: LaidTile | None, number: str) -> tuple[Fit, ...]:
    """Every rotation at which tile ``number`` may replace what ``hex_id`` shows now."""
    old = hex_contents(hex_id, current)
    hexdef, tile = DATA.hexes[hex_id], DATA.tiles[number]
    if kind_refusal(old, hexdef, tile) is not None:
        return ()
    found = []
    for rotation in EDGES:
        mapping = _rotation_fit(old, hexdef, tile, rotation)
        if mapping is not None:
            found.append(Fit(rotation, mapping))
    return tuple(found)


@cache
def candidates(hex_id: str, current: LaidTile | None) -> tuple[tuple[str, tuple[Fit, ...]], ...]:
    """Every manifest tile that fits what ``hex_id`` shows now, with its fits, in manifest order.

    Only tiles of the hex's next colour are tried: ``kind_refusal`` refuses every other one
    at every rotation, so the answer is the same (and a random game's lays, which ask this
    of every hex they look at, try a quarter of the manifest)."""
    wanted = next_colour(hex_contents(hex_id, current).colour)
    numbers = _TILES_BY_COLOUR.get(wanted, ()) if wanted is not None else ()  # gray: nothing replaces it
    found = ((number, fits(hex_id, current, number)) for number in numbers)
    return tuple((number, fitted) for number, fitted in found if fitted)


_TILES_BY_COLOUR: dict[str, tuple[str, ...]] = {}
for _number, _tile in DATA.tiles.items():  # manifest order within each colour
    _TILES_BY_COLOUR[_tile.colour] = (*_TILES_BY_COLOUR.get(_tile.colour, ()), _number)


def fit_at(hex_id: str, current: LaidTile | None, number: str, rotation: int) -> Fit | None:
    """The fit of tile ``number`` at ``rotation``, or None if it does not fit there."""
    return next((fit for fit in fits(hex_id, current, number) if fit.rotation == rotation), None)


def fit_refusal(hex_id: str, current: LaidTile | None, number: str, rotation: int) -> str | None:
    """Why tile ``number`` at ``rotation`` cannot replace the hex's contents; None if it can.

    None exactly when :func:`fit_at` finds the fit (``fits`` keeps a rotation exactly when the
    kind, the exits and the old paths all pass), so the cached fits answer a lay that fits -
    most lays, checked once by the lay rules and again by the board - and the words are
    worked out only for a refusal.
    """
    if fit_at(hex_id, current, number, rotation) is not None:
        return None
    old = hex_contents(hex_id, current)
    hexdef, tile = DATA.hexes[hex_id], DATA.tiles[number]
    refusal = kind_refusal(old, hexdef, tile)
    if refusal is not None:
        return refusal
    placed = f"Tile {number} at rotation {rotation} in {hexdef.display_name()}"
    exit_problem = exit_refusal(hexdef, tile, rotation)
    if exit_problem is not None:
        return f"{placed} would point track {exit_problem}."
    if _rotation_fit(old, hexdef, tile, rotation) is None:
        return f"{placed} would not keep {_lost_track(old, tile, rotation)}: a new tile must keep every old path."
    return None


def kind_refusal(old: HexContents, hexdef: HexDef, tile: TileDef) -> str | None:
    """Refusals that hold at every rotation: fixed hex, colour, label, towns, cities."""
    if _kind_fits(old, hexdef, tile):  # the usual answer, without the words
        return None
    name = hexdef.display_name()
    if not hexdef.takes_tiles:
        return f"{name} is a {hexdef.colour} hex; its track is fixed and takes no tile."
    wanted = next_colour(old.colour)
    if wanted is None:
        return f"{name} already has a gray tile; gray tiles are never replaced."
    if tile.colour != wanted:
        holds = old.describe()
        return f"Tile {tile.number} is {tile.colour}, but {name} holds {holds}, so its next tile must be {wanted}."
    label = hexdef.label_for(tile.colour)
    if tile.label != label:
        return _label_refusal(tile, name, label)
    if len(tile.towns) != len(old.towns):
        has = _count(len(tile.towns), "town")
        return f"Tile {tile.number} has {has}, but {name} has {len(old.towns)}; the number of towns stays the same."
    if label is None and len(tile.cities) != len(old.cities):
        has = _count(len(tile.cities), "city")
        return f"Tile {tile.number} has {has}, but {name} has {len(old.cities)}; the number of cities stays the same."
    return None


def _kind_fits(old: HexContents, hexdef: HexDef, tile: TileDef) -> bool:
    """Whether :func:`kind_refusal` finds nothing: its checks, without building a sentence."""
    label = hexdef.label_for(tile.colour)
    return (hexdef.takes_tiles and tile.colour == next_colour(old.colour) and tile.label == label
            and len(tile.towns) == len(old.towns) and (label is not None or len(tile.cities) == len(old.cities)))


def exit_refusal(hexdef: HexDef, tile: TileDef, rotation: int) -> str | None:
    """``"off the map at its north edge"`` if an exit of the turned tile has nowhere to go."""
    for edge in sorted(tile.exits_at(rotation)):
        if edge in hexdef.passable_edges:
            continue
        across = hexdef.neighbours.get(edge)
        if across is None:
            return f"off the map at its {edge_name(edge)} edge"
        blocked = DATA.hexes[across]
        return (
            f"into {blocked.display_name()} at its {edge_name(edge)} edge, where that {blocked.colour} hex has no track"
        )
    return None


def _label_refusal(tile: TileDef, name: str, label: str | None) -> str:
    if label is None:
        return f"Tile {tile.number} is labelled {tile.label}, but {name} takes only unlabelled tiles."
    if tile.label is None:
        return f"Tile {tile.number} has no label, but {name} takes only tiles labelled {label} here."
    return f"Tile {tile.number} is labelled {tile.label}, but {name} takes only tiles labelled {label} here."


def _count(number: int, noun: str) -> str:
    if number == 0:
        return f"no {noun}"
    plural = "cities" if noun == "city" else f"{noun}s"
    return f"{number} {noun if number == 1 else plural}"


def _rotation_fit(old: HexContents, hexdef: HexDef, tile: TileDef, rotation: int) -> tuple[int, ...] | None:
    """The old-to-new city mapping that keeps every old path at ``rotation``, if any (and exits pass)."""
    if exit_refusal(hexdef, tile, rotation) is not None:
        return None
    new_paths = turned_keys(tile.number, rotation)
    for mapping in _city_mappings(len(old.cities), len(tile.cities)):
        if kept_path_keys(old.hex, old.tile, mapping) <= new_paths:
            return mapping
    return None


@cache
def kept_path_keys(hex_id: str, laid: LaidTile | None, city_map: tuple[int, ...]) -> frozenset[tuple[End, End]]:
    """The paths of what ``hex_id`` shows with ``laid``, their cities numbered by ``city_map``
    as a new tile numbers them (``path_key`` form): a new tile must keep every one.  Pure in
    the hex, its tile and the mapping, so cached (fits and lay checks ask again and again)."""
    return frozenset(path_key(mapped_path(path, city_map)) for path in hex_contents(hex_id, laid).paths)


@cache
def turned_keys(number: str, rotation: int) -> frozenset[tuple[End, End]]:
    """Tile ``number``'s paths turned by ``rotation``, in ``path_key`` form: its track at that rotation
    (two rotations with the same keys lay the same track); pure, so cached."""
    return frozenset(path_key(rotate_path(path, rotation)) for path in DATA.tiles[number].paths)


@cache
def _city_mappings(old_count: int, new_count: int) -> tuple[tuple[int, ...], ...]:
    """Ways to put old cities on new ones: one-to-one when the counts agree, else merging
    (pure in the two counts, so cached)."""
    if new_count == 0:
        return ((),) if old_count == 0 else ()
    every = product(range(new_count), repeat=old_count)
    if old_count == new_count:
        return tuple(mapping for mapping in every if len(set(mapping)) == old_count)
    return tuple(every)


def mapped_path(path: Path, mapping: tuple[int, ...]) -> Path:
    """``path`` with its city ends renumbered from old cities to new ones."""
    return tuple((kind, mapping[index]) if kind == CITY else (kind, index) for kind, index in path)  # type: ignore[return-value]


def path_key(path: Path) -> tuple[End, End]:
    """``path`` with its ends in a fixed order, so two paths compare regardless of direction."""
    first, second = path
    return (first, second) if first <= second else (second, first)


def _lost_track(old: HexContents, tile: TileDef, rotation: int) -> str:
    """Words for the first old path the turned tile has no match for (cities compared loosely)."""
    loose = {_loose(path) for path in (rotate_path(path, rotation) for path in tile.paths)}
    for path in old.paths:
        if _loose(path) not in loose:
            return f"the track {_describe_path(path)}"
    return "each old city on a single new city"


def _loose(path: Path) -> tuple[End, End]:
    return path_key(tuple((kind, 0) if kind == CITY else (kind, index) for kind, index in path))  # type: ignore[arg-type]


def _describe_path(path: Path) -> str:
    first, second = (_describe_end(end) for end in path)
    return f"from {first} to {second}"


def _describe_end(end: End) -> str:
    kind, index = end
    if kind == EDGE:
        return f"the {edge_name(index)} edge"
    if kind == TOWN:
        return "the town"
    return "the city" if kind == CITY else "the off-board"
