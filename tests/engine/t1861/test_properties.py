"""Random legal lays on random boards never break the map's invariants (hypothesis).

Each example plays a random playout (``engine.t1861.playout``: random companies making random
legal lays and tokens, phases rising) and checks every position it passes through.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.t1861.board import Board
from engine.t1861.contents import HexContents
from engine.t1861.data import DATA
from engine.t1861.geometry import neighbour, opposite
from engine.t1861.lays import LaysThisTurn, check_lay
from engine.t1861.playout import playout
from engine.t1861.tiles import EDGE
from engine.t1861.track_network import build_network


def _tiles_on_map_plus_supply_are_the_manifest(board: Board) -> None:
    on_map: dict[str, int] = {}
    for tile in board.laid.values():
        on_map[tile.number] = on_map.get(tile.number, 0) + 1
    for number, tile in DATA.tiles.items():
        if tile.count is not None:
            assert board.supply.count(number) + on_map.get(number, 0) == tile.count, number


def _keeps_track(old: HexContents, new: HexContents) -> None:
    """Every old exit survives; plain track stays plain; each old stop edge still leads to a stop."""
    assert old.exits <= new.exits
    new_paths = {frozenset(path) for path in new.paths}
    stop_edges = {edge for path in new.paths for kind, edge in path if kind == EDGE and any(k != EDGE for k, _ in path)}
    for path in old.paths:
        if all(kind == EDGE for kind, _ in path):
            assert frozenset(path) in new_paths
        else:
            assert {edge for kind, edge in path if kind == EDGE} <= stop_edges
    assert len(new.towns) == len(old.towns)


def _network_is_consistent(board: Board, phase: str) -> None:
    network = build_network(board, phase)
    per_hex: dict[str, int] = {}
    for segment in network.segments:
        per_hex[segment.hex] = per_hex.get(segment.hex, 0) + 1
        for end in segment.ends:
            if "|" in end:
                (a, edge_a), (b, edge_b) = ((side.split(".")[0], int(side.split(".")[1])) for side in end.split("|"))
                assert neighbour(a, edge_a) == b and opposite(edge_a) == edge_b
                assert segment.hex in (a, b)
            else:
                assert network.stops[end].hex == segment.hex
    assert per_hex == {
        hex_id: len(board.contents(hex_id).paths) for hex_id in DATA.hexes if board.contents(hex_id).paths
    }
    tokens = {
        (stop.hex, int(stop.id.split(":c")[1]), company) for stop in network.stops.values() for company in stop.tokens
    }
    assert tokens == set(board.token_places())
    for stop in network.stops.values():
        assert len(stop.tokens) <= stop.slots if stop.kind == "city" else not stop.tokens


def _laid_exits_point_onto_the_map(board: Board) -> None:
    for hex_id in board.laid:
        assert board.contents(hex_id).exits <= DATA.hexes[hex_id].passable_edges


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_random_legal_lays_never_break_an_invariant(seed):
    for turn in playout(seed, turns=60):
        before = turn.before
        board = before
        for lay in turn.lays:
            old = board.contents(lay.hex)
            board = board.lay(lay.hex, lay.tile, lay.rotation)
            _keeps_track(old, board.contents(lay.hex))
        board = turn.after
        _tiles_on_map_plus_supply_are_the_manifest(board)
        _laid_exits_point_onto_the_map(board)
        assert Board.from_json(board.to_json()) == board
    _network_is_consistent(board, turn.phase)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_a_company_network_is_part_of_the_whole_and_holds_its_tokens(seed):
    for turn in playout(seed, turns=40):
        board = turn.after
    whole = build_network(board, "5")
    for company in sorted({company for _, _, company in board.token_places()}):
        own = build_network(board, "5", company)
        assert set(own.stops) <= set(whole.stops)
        assert set(own.segments) <= set(whole.segments)
        assert {stop.id for stop in whole.stops_with_token(company)} <= set(own.stops)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_every_lay_a_playout_makes_passes_check_lay(seed):
    for turn in playout(seed, turns=40):
        board, done = turn.before, LaysThisTurn()
        for lay in turn.lays:
            assert check_lay(board, turn.company, turn.phase, lay.hex, lay.tile, lay.rotation, done) == lay
            board = board.lay(lay.hex, lay.tile, lay.rotation)
            done = done.after(lay)


def _semi_restrictive_by_walking_the_whole_map(board: Board, company: str, hex_id: str, tile: str, fit) -> bool:
    """A slow second opinion: lay the tile, walk the whole new map, look at what is reached in the hex."""
    from engine.t1861.fitting import mapped_path, path_key
    from engine.t1861.reach import reach

    old = board.contents(hex_id)
    if not old.paths:
        return True
    after = board.lay(hex_id, tile, fit.rotation)
    new = after.contents(hex_id)
    reached = reach(build_network(after, "2"), company)
    old_paths = {path_key(mapped_path(path, fit.city_map)) for path in old.paths}
    used = [new.paths[int(segment.split("/")[1])] for segment in reached.segments if segment.split("/")[0] == hex_id]
    if any(path_key(path) not in old_paths for path in used):
        return True
    for stop in reached.stops:
        stop_hex, node = stop.split(":")
        if stop_hex == hex_id and node[0] == "c":
            index = int(node[1:])
            before = [old.cities[o].revenue for o, n in enumerate(fit.city_map) if n == index]
            if any(revenue != new.cities[index].revenue for revenue in before):
                return True
        if stop_hex == hex_id and node[0] == "t" and old.towns[0].revenue != new.towns[0].revenue:
            return True
    return False


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_the_semi_restrictive_check_agrees_with_walking_the_whole_map(seed):
    """check_lay judges new track from the hex alone; laying and walking the whole map must agree."""
    from engine.t1861.fitting import candidates
    from engine.t1861.reach import reach

    compared = 0
    for index, turn in enumerate(playout(seed, turns=50)):
        if index % 5:
            continue
        board, company = turn.after, turn.company
        reached = reach(build_network(board, "8"), company)
        for hex_id in sorted({hex_id for hex_id, _ in reached.edges if hex_id in DATA.hexes}):
            if not DATA.hexes[hex_id].takes_tiles:
                continue
            for number, fitted in candidates(hex_id, board.laid.get(hex_id)):
                for fit in fitted:
                    if not board.supply.has(number) or not DATA.tiles[number].exits_at(fit.rotation) & reached.edges_of(
                        hex_id
                    ):
                        continue
                    try:
                        check_lay(board, company, "8", hex_id, number, fit.rotation)
                        quick = True
                    except IllegalAction as refused:
                        assert "would add no track" in str(refused)
                        quick = False
                    assert quick == _semi_restrictive_by_walking_the_whole_map(board, company, hex_id, number, fit)
                    compared += 1
    assert compared > 0
