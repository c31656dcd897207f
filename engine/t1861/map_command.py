"""``python -m engine map1861 EXPORT.json``: an 1861 position of a recorded game, in text.

A developer's window on the map layer: replay an 18xx.games export (undo and redo
resolved) up to an action, then print every hex that has a tile or a token, the phase, any
recorded move the map layer refused on the way, and for one company its trains, legal lays,
token spots and best routes.  It reads the same replay the fixture tests prove.
"""

from __future__ import annotations

import sys
from typing import TextIO

from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.export import Export, MalformedExport, read_export
from engine.t1861.lays import legal_lays
from engine.t1861.map_replay import MapReplay, private_bonuses, replay_positions, train_of
from engine.t1861.merger_tokens import next_token_price, placed
from engine.t1861.optimiser import best_routes
from engine.t1861.tokens import legal_tokens
from engine.t1861.track_network import build_network
from engine.t1861.walk import WalkState
from engine.t1861.walk_facts import walk_facts

EXIT_OK = 0
EXIT_BAD_INPUT = 2
# Lays are listed one a line up to this many; the rest are summed up in a count.
SHOWN_LAYS = 40


def run_map_command(path: str, at: int | None, company: str | None, out: TextIO | None = None) -> int:
    """Print the position of the export at ``path`` after action ``at`` (default: the end)."""
    out = out or sys.stdout
    try:
        export = read_export(path)
        replay, state = position_at(export, at)
    except (OSError, UnicodeDecodeError) as error:
        out.write(f"Cannot read the export: {error}.\n")
        return EXIT_BAD_INPUT
    except MalformedExport as malformed:
        out.write(f"{malformed}\n")
        return EXIT_BAD_INPUT
    out.write("\n".join(describe(export, replay, state, at, company)) + "\n")
    return EXIT_OK


def position_at(export: Export, at: int | None) -> tuple[MapReplay, WalkState | None]:
    """The replay and walk state after the last map event caused at or before action ``at``."""
    replay, state = MapReplay(), None
    for replayed, walked, event in replay_positions(export.effective_actions()):
        if at is not None and event.at > at:
            break
        replay, state = replayed, walked
    return replay, state


def describe(
    export: Export, replay: MapReplay, state: WalkState | None, at: int | None, company: str | None
) -> list[str]:
    """The whole printout, line by line."""
    where = f"after action {at}" if at is not None else "at the end"
    lines = [f"1861 game {export.game_id}, {where}: phase {replay.phase}", "", *map_lines(replay.board)]
    if replay.refusals:
        lines += ["", "Refused by the map layer:"]
        lines += [f"  action {refusal.at}: {refusal.message}" for refusal in replay.refusals]
    if company:
        lines += ["", *company_lines(replay, state, company)]
    return lines


def map_lines(board: Board) -> list[str]:
    """One line per hex with a tile or a token: tile and rotation, place name, tokens per city."""
    hexes = sorted(set(board.laid) | {hex_ for hex_, _, _ in board.token_places()}, key=_hex_order)
    width = max((len(DATA.hexes[hex_].display_name()) for hex_ in hexes), default=5)
    lines = [f"hex  tile/rot  {'place':<{width}}  tokens"]
    for hex_ in hexes:
        laid = board.laid.get(hex_)
        tile = f"{laid.number}/{laid.rotation}" if laid else "printed"
        cities = [f"c{i}:" + ",".join(companies) for i, companies in enumerate(board.tokens_in(hex_)) if companies]
        lines.append(f"{hex_:<4} {tile:<9} {DATA.hexes[hex_].display_name():<{width}}  {' '.join(cities)}".rstrip())
    return lines


def company_lines(replay: MapReplay, state: WalkState | None, company: str) -> list[str]:
    """What ``company`` could do on the map now: lays, tokens and its best routes."""
    trains = state.trains_of(company) if state else ()
    privates = state.privates_of(company) if state else ()
    lines = [f"{company}: trains {', '.join(trains) or 'none'}; privates {', '.join(privates) or 'none'}"]
    lays = legal_lays(replay.board, company, replay.phase)
    lines.append(f"Legal lays, first of the turn ({len(lays)}):")
    lines += [
        f"  {lay.hex:<4} tile {lay.tile:<4} rotation {lay.rotation}  cost {lay.cost}" for lay in lays[:SHOWN_LAYS]
    ]
    if len(lays) > SHOWN_LAYS:
        lines.append(f"  ... and {len(lays) - SHOWN_LAYS} more")
    lines += token_lines(replay, state, company)
    network = build_network(replay.board, replay.phase)
    best = best_routes(network, company, [train_of(t) for t in trains], private_bonuses(privates))
    lines.append(f"Best routes: {best.revenue}" + ("" if best.proven_best else " (search stopped at its limit)"))
    lines += [f"  {route.train.label}: {' '.join(route.counted)} = {route.revenue}" for route in best.routes]
    return lines


def token_lines(replay: MapReplay, state: WalkState | None, company: str) -> list[str]:
    """Where a major could put its next token and at what cost (its charter, 23 R3); minors
    have no spare token."""
    charter = state.charters.get(company) if state else None
    if company not in walk_facts().majors or not charter or not placed(charter):
        return ["Token spots: none (only a started major has a token to place)"]
    price = next_token_price(charter)
    if price is None:
        return ["Token spots: none (every token of its charter is on the map)"]
    spots = legal_tokens(replay.board, company, price)
    lines = [f"Token spots at {price} a hex ({len(spots)}):"]
    return lines + [f"  {DATA.hexes[spot.hex].display_name()} city {spot.city}  cost {spot.cost}" for spot in spots]


def _hex_order(hex_: str) -> tuple[str, int]:
    return hex_[0], int(hex_[1:])
