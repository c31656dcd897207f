"""Track lays and upgrades for a company on its turn (rules 12.3 and 23's G3, G11).

On top of the tile fitting the hex (``fitting``) and being in the supply, a company's lay must:

- be of a colour the phase allows, and not be in a hex closed until phase 3;
- fit its turn's allowance: two tile actions, the second in another hex and ₽20 dearer, and
  never two upgrades (yellow + yellow, yellow + upgrade, upgrade + yellow);
- connect: one exit of the new tile on an edge the company can reach (every edge of a hex
  holding its token; otherwise an edge used, on either side, by track it reaches);
- be "semi-restrictive": add track the company can use, or change a city's value.

:func:`legal_lays` lists every legal ``(hex, tile, rotation, cost)``; of city upgrades it
offers only the tiles with the most exits, the menu filter of G3.  :func:`check_lay` judges
one submitted lay and raises IllegalAction with a sentence for the player; it does *not*
apply the most-exits filter, so a recorded lay of a city tile with fewer exits is accepted.
Nor does it apply the second menu filter, 18xx.games' stricter reading of "new track the
company can use" (``usable_track``: a train must be able to run along it, never passing a
stop or border twice): 18xx.games itself checks that only when a move is made, not when a
recorded game is loaded, so recorded games may hold lays it refuses today, and a replay must
take them; the reach rule above still refuses any lay with no new track the company reaches.
Cost is terrain (paid with the first tile in a hex, so Nizhnii Novgorod's ₽20 comes with its
green tile), the replaced tile's own cost (Kiev's 635: ₽40) and the second lay's fee.  Paying
it, and taking loans for it, is the caller's business.

Use::

    lays = legal_lays(board, "SPW", "2")
    lay = check_lay(board, "SPW", "2", "E3", "9", 0)          # raises IllegalAction
    board = board.lay(lay.hex, lay.tile, lay.rotation)
    done = LaysThisTurn().after(lay)                           # then the second lay:
    second = legal_lays(board, "SPW", "2", done)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from engine.core.errors import IllegalAction
from engine.t1861.board import Board, CityLists, cities_after_upgrade, require_hex, require_rotation, require_tile
from engine.t1861.contents import HexContents, laid_tile
from engine.t1861.data import DATA
from engine.t1861.fitting import Fit, candidates, fit_at, fit_refusal, kept_path_keys, kind_refusal, path_key
from engine.t1861.geometry import edge_name
from engine.t1861.network import Network
from engine.t1861.reach import Reach, reach, reaches_enough
from engine.t1861.route_reach import reaches_by_route
from engine.t1861.tiles import CITY, EDGE, TOWN, End, Path, TileDef, rotate_path
from engine.t1861.track_network import build_network, junction_id
from engine.t1861.usable_track import runs_new_track

_LAY_FEES = tuple(step["extra_cost"] for step in DATA.raw["game"]["tile_lays_per_turn"])
_OPEN_FROM = [phase.name for phase in DATA.phases].index("3")


@dataclass(frozen=True)
class TileLay:
    """A legal tile action: where, which tile, how turned, what it costs, and whether it upgrades."""

    hex: str
    tile: str
    rotation: int
    cost: int
    upgrade: bool


@dataclass(frozen=True)
class LaysThisTurn:
    """The tile actions a company has already made this turn (the two-action allowance)."""

    hexes: tuple[str, ...] = ()
    upgraded: bool = False

    def after(self, lay: TileLay) -> LaysThisTurn:
        """The allowance once ``lay`` has been made."""
        return LaysThisTurn((*self.hexes, lay.hex), self.upgraded or lay.upgrade)


def legal_lays(board: Board, company: str, phase: str, done: LaysThisTurn = LaysThisTurn()) -> list[TileLay]:
    """Every lay ``company`` may make now, in hex and tile order; city upgrades as G3's menu."""
    return legal_lays_among(board, company, phase, done, lambda hexes: hexes)


def legal_lays_among(board: Board, company: str, phase: str, done: LaysThisTurn,
                     pick: Callable[[list[str]], list[str]]) -> list[TileLay]:
    """The legal lays in the hexes ``pick`` chooses from those in reach (sorted).

    Finding every lay is the slowest part of a random game's turn, and the random player
    needs only a few of them: it picks a handful of hexes."""
    if len(done.hexes) >= len(_LAY_FEES):
        return []
    network = build_network(board, phase)
    reached = reach(network, company)
    found: list[TileLay] = []
    for hex_id in pick(sorted(_hexes_in_reach(reached))):
        if _hex_refusal(board, company, phase, hex_id, done) is None:
            found.extend(_most_exits(board, _lays_in(board, network, company, phase, hex_id, reached, done)))
    return found


def check_lay(
    board: Board, company: str, phase: str, hex_id: str, tile: str, rotation: int, done: LaysThisTurn = LaysThisTurn(),
    *, whole_walk: bool = False,
) -> TileLay:
    """The lay if ``company`` may make it now; otherwise IllegalAction saying why.

    The company's reach is walked only until the lay is seen to connect; ``whole_walk`` walks
    all of it first, the slower way the early stop must always agree with (its tests compare them).
    """
    require_hex(hex_id)
    require_tile(tile)
    require_rotation(rotation)
    if len(done.hexes) >= len(_LAY_FEES):
        raise IllegalAction(f"{company} has already made its {len(_LAY_FEES)} tile lays this turn.")
    refusal = _hex_refusal(board, company, phase, hex_id, done) or _tile_refusal(board, phase, hex_id, tile)
    refusal = refusal or fit_refusal(hex_id, board.laid.get(hex_id), tile, rotation)
    if refusal is not None:
        raise IllegalAction(refusal)
    fit = fit_at(hex_id, board.laid.get(hex_id), tile, rotation)
    assert fit is not None  # fit_refusal found nothing wrong
    network, tiledef = build_network(board, phase), DATA.tiles[tile]

    def connects(edges: set[int], entries: set[int]) -> bool:  # grows with the sets: reaches_enough may stop early
        # No edge reached is the refusal's first case; asked before the walk starts, and then
        # answered without putting its words together.
        return bool(edges) and _company_refusal(board, company, hex_id, tiledef, fit, edges, entries) is None

    if whole_walk or not reaches_enough(network, company, hex_id, _border(hex_id), connects):
        reached = reach(network, company)
        refusal = _company_refusal(board, company, hex_id, tiledef, fit, reached.edges_of(hex_id),
                                   reached.entries_of(hex_id))
        if refusal is not None:
            raise IllegalAction(refusal)
    return _lay(board, hex_id, tile, rotation, done)


@cache
def _border(hex_id: str) -> Mapping[str, int]:
    """The junction on each edge of ``hex_id`` -> that edge; pure in the hex, so cached (and
    read-only, as every lay check of the hex shares it)."""
    return MappingProxyType({junction_id(hex_id, edge): edge for edge in range(6)})


def lay_cost(board: Board, hex_id: str, done: LaysThisTurn = LaysThisTurn()) -> int:
    """Terrain (first tile in the hex) + the replaced tile's own cost + the fee of this lay."""
    contents = board.contents(hex_id)
    terrain = DATA.hexes[hex_id].terrain_cost if contents.is_printed else 0
    return terrain + contents.upgrade_cost + _LAY_FEES[min(len(done.hexes), len(_LAY_FEES) - 1)]


# The checks, from the cheapest ---------------------------------------------------------------


def _hex_refusal(board: Board, company: str, phase: str, hex_id: str, done: LaysThisTurn) -> str | None:
    """Why no tile at all may go into ``hex_id`` for ``company`` now."""
    hexdef = DATA.hexes[hex_id]
    name = hexdef.display_name  # the words only for a refusal: the lay menu asks this of every hex in reach
    if not hexdef.takes_tiles:
        return f"{name()} is a {hexdef.colour} hex; its track is fixed and takes no tile."
    if hexdef.blocked_until_phase_3 and _phase_index(phase) < _OPEN_FROM:
        return f"{name()} is closed to track until phase 3."
    if hex_id in done.hexes:
        return f"{company} has already laid a tile in {name()} this turn; its second lay must be in another hex."
    if done.upgraded and _is_upgrade(board.contents(hex_id)):
        return f"{company} has already upgraded a tile this turn; its second tile action may only lay a yellow tile."
    return None


def _tile_refusal(board: Board, phase: str, hex_id: str, number: str) -> str | None:
    """Why tile ``number`` cannot go into ``hex_id`` at any rotation now (colour, label, phase, supply)."""
    tile = DATA.tiles[number]
    refusal = kind_refusal(board.contents(hex_id), DATA.hexes[hex_id], tile)
    if refusal is not None:
        return refusal
    allowed = DATA.phase(phase).tile_colours
    if tile.colour not in allowed:
        return f"Tile {number} is {tile.colour}; phase {phase} allows only {_listed(allowed)} tiles."
    if not board.supply.has(number):
        return f"No tile {number} is left in the supply."
    return None


def _company_refusal(
    board: Board, company: str, hex_id: str, tile: TileDef, fit: Fit, edges: set[int], entries: set[int]
) -> str | None:
    """Connection and the semi-restrictive rule, for a tile that fits, given the edges of the hex
    the company reaches and those it enters it by (``Reach.edges_of``, ``Reach.entries_of``).
    The words are put together only for a refusal: a lay check asks this each time its walk
    finds more of the hex (issue 13)."""
    name = DATA.hexes[hex_id].display_name
    if not edges:
        return f"{name()} is not connected to {company}'s track: no track {company} can use reaches it."
    if not tile.exits_at(fit.rotation) & edges:
        reachable = _listed([edge_name(edge) for edge in sorted(edges)])
        return (f"Tile {tile.number} at rotation {fit.rotation} in {name()} would not connect to {company}'s"
                f" track, which reaches only its {reachable} edge.")
    if not _uses_new_track_or_changes_a_city(board, company, hex_id, tile, fit, entries):
        return (f"Tile {tile.number} at rotation {fit.rotation} in {name()} would add no track {company} can"
                " use and change no city's value.")
    return None


# Enumeration ---------------------------------------------------------------------------------


def _hexes_in_reach(reached: Reach) -> set[str]:
    return {hex_id for hex_id, _ in reached.edges if hex_id in DATA.hexes} | reached.token_hexes


def _lays_in(board: Board, network: Network, company: str, phase: str, hex_id: str, reached: Reach,
             done: LaysThisTurn) -> list[TileLay]:
    current = board.laid.get(hex_id)
    edges = reached.edges_of(hex_id)
    found = []
    for number, fitted in candidates(hex_id, current):
        if _tile_refusal(board, phase, hex_id, number) is not None:
            continue
        tile = DATA.tiles[number]
        for fit in fitted:
            connected = tile.exits_at(fit.rotation) & edges
            if connected and _uses_new_track_or_changes_a_city(
                board, company, hex_id, tile, fit, reached.entries_of(hex_id)
            ) and _runs_new_track_or_changes_a_city(board, network, company, phase, hex_id, tile, fit, reached):
                found.append(_lay(board, hex_id, number, fit.rotation, done))
    return found


def _most_exits(board: Board, lays: list[TileLay]) -> list[TileLay]:
    """G3: of the tiles that may upgrade a city, offer only those with the most exits."""
    if not lays or not lays[0].upgrade or not board.contents(lays[0].hex).cities:
        return lays
    most = max(len(DATA.tiles[lay.tile].exits) for lay in lays)
    return [lay for lay in lays if len(DATA.tiles[lay.tile].exits) == most]


def _lay(board: Board, hex_id: str, tile: str, rotation: int, done: LaysThisTurn) -> TileLay:
    upgrade = _is_upgrade(board.contents(hex_id))
    return TileLay(hex_id, tile, rotation, lay_cost(board, hex_id, done), upgrade)


# Semi-restrictive: does the company use something new? ------------------------------------


def _uses_new_track_or_changes_a_city(
    board: Board, company: str, hex_id: str, tile: TileDef, fit: Fit, entries: set[int]
) -> bool:
    """Walk the new tile from where the company enters the hex (``entries``: its edges) or its
    token there.  More entries can only walk more of the tile, so the answer grows with them.

    The walk before the lay stays valid after it (an upgrade keeps every path and only adds
    slots), so entering the hex from outside or from a token is all that can reach new track.
    """
    old = board.contents(hex_id)
    if not old.paths:
        return True
    paths, old_paths = _turned_paths(tile.number, fit.rotation), kept_path_keys(hex_id, old.tile, fit.city_map)
    tokens = _tokens_after(board, hex_id, tile, fit)
    walked_paths, walked_stops = _walk_tile(paths, _starts(board, company, hex_id, tile, fit, entries), tile, tokens,
                                            company)
    if any(path_key(path) not in old_paths for path in walked_paths):
        return True
    return any(_value_changed(old, tile, fit, stop) for stop in walked_stops)


def _tokens_after(board: Board, hex_id: str, tile: TileDef, fit: Fit) -> CityLists:
    """The hex's tokens on the new tile's cities."""
    return cities_after_upgrade(board.tokens_in(hex_id), fit.city_map, len(tile.cities))


def _starts(board: Board, company: str, hex_id: str, tile: TileDef, fit: Fit, entries: set[int]) -> list[End]:
    """Where a walk of the new tile starts: the edges the company enters the hex by, its token there."""
    starts: list[End] = [(EDGE, edge) for edge in sorted(entries)]
    tokens = _tokens_after(board, hex_id, tile, fit)
    return starts + [(CITY, index) for index, companies in enumerate(tokens) if company in companies]


def _runs_new_track_or_changes_a_city(
    board: Board, network: Network, company: str, phase: str, hex_id: str, tile: TileDef, fit: Fit,
    reached: Reach | None,
) -> bool:
    """The connection and semi-restrictive rules as 18xx.games applies them, for a lay the reach
    walk passed: a train's walk (``usable_track``, never at a city, town or border twice) runs
    along the new track (a first tile's track is all new, so this is its connection), or the
    lay changes the value of a city a train's walk reaches once the tile lies there
    (``route_reach``: 18xx.games compares the values only on the new tile's paths its walk
    reaches after the lay, and offers the hex only where its walk reaches an edge).  The reach
    walk alone also counted track found only by coming back round a loop into the hex (random
    seeds 6, 36, 41, 52, 56, 69 and 60), and a city whose value changes found that way too
    (seeds 253, 298 and 314: a first city tile on I13, 5 to 619 on I19 and 5 to 15 on E9,
    reached only by coming back along a line after a loop and turning off at a fork).
    """
    laid = laid_tile(tile.number, fit.rotation)
    runs = runs_new_track(network, company, hex_id, laid, board.laid.get(hex_id), board.tokens_in(hex_id),
                          fit.city_map)
    if runs is not False:
        return True  # runs along it, or the search gave up: the reach walk's answer stands
    entries = (reached or reach(network, company)).entries_of(hex_id)
    _, stops = _walk_tile(_turned_paths(tile.number, fit.rotation), _starts(board, company, hex_id, tile, fit, entries),
                          tile, _tokens_after(board, hex_id, tile, fit), company)
    changed = [stop for stop in stops if _value_changed(board.contents(hex_id), tile, fit, stop)]
    if not changed:
        return False
    after = build_network(board.lay(hex_id, tile.number, fit.rotation), phase)
    return any(reaches_by_route(after, company, _stop_id(hex_id, stop)) for stop in changed)


def _stop_id(hex_id: str, stop: End) -> str:
    """The network's id of a tile's city or town: ``"I19:c0"``, ``"I17:t0"``."""
    kind, index = stop
    return f"{hex_id}:{'c' if kind == CITY else 't'}{index}"


@cache
def _turned_paths(number: str, rotation: int) -> tuple[Path, ...]:
    """Tile ``number``'s paths turned by ``rotation``; pure in the two, so cached (a lay check
    asks again each time its walk finds more of the hex)."""
    return tuple(rotate_path(path, rotation) for path in DATA.tiles[number].paths)


def _walk_tile(
    paths: tuple[Path, ...], starts: list[End], tile: TileDef, tokens: CityLists, company: str
) -> tuple[set[Path], set[End]]:
    """The paths and stops of one tile reached from ``starts`` without leaving the hex."""
    walked: set[Path] = set()
    stops: set[End] = {end for end in starts if end[0] != EDGE}
    pending = list(starts)
    while pending:
        here = pending.pop()
        for path in paths:
            if here not in path or path in walked:
                continue
            walked.add(path)
            there = path[1] if path[0] == here else path[0]
            if there[0] != EDGE:
                stops.add(there)
                if _passable(there, tile, tokens, company):
                    pending.append(there)
    return walked, stops


def _passable(stop: End, tile: TileDef, tokens: CityLists, company: str) -> bool:
    kind, index = stop
    if kind != CITY:
        return kind == TOWN
    present = tokens[index]
    return company in present or len(present) < tile.cities[index].slots


def _value_changed(old: HexContents, tile: TileDef, fit: Fit, stop: End) -> bool:
    kind, index = stop
    if kind == TOWN:
        return index < len(old.towns) and old.towns[index].revenue != tile.towns[index].revenue
    before = [old.cities[o].revenue for o, new in enumerate(fit.city_map) if new == index]
    return any(revenue != tile.cities[index].revenue for revenue in before)


# Small words ---------------------------------------------------------------------------------


def _is_upgrade(contents: HexContents) -> bool:
    """Replacing anything (a laid tile or printed track) is an upgrade; only white hexes take a first tile."""
    return contents.colour != "white"


def _phase_index(phase: str) -> int:
    return [known.name for known in DATA.phases].index(phase)


def _listed(words: list[str] | tuple[str, ...]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
