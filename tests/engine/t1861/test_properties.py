"""Random legal lays on random boards never break the map's invariants (hypothesis).

Each example plays a random playout (``engine.t1861.playout``: random companies making random
legal lays and tokens, phases rising) and checks every position it passes through.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.t1861.board import Board
from engine.t1861.contents import HexContents
from engine.t1861.data import DATA
from engine.t1861.geometry import neighbour, opposite
from engine.t1861.lays import LaysThisTurn, check_lay
from engine.t1861.playout import playout
from engine.t1861.tiles import EDGE


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
    network = board.network(phase)
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
    whole = board.network("5")
    for company in sorted({company for _, _, company in board.token_places()}):
        own = board.network("5", company)
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
