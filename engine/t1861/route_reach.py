"""Whether a company reaches a stop along a route it could run (rules 12.4 with 12.5).

A token goes into a city the company "can reach from one of its tokens along track it may
use" (12.4): along a route, which uses no track twice and never reverses (12.5).  The
broad walk of ``reach`` does not say that: it walks each piece of track once in each
direction, so it may go out along a line, round a loop and back along the same line in the
other direction, then turn off where that line forks at a hex edge (a turn no route may take
on the way out, as it would reverse there).  Such a city is reached by no route.  18xx.games
walks routes here (``Graph#connected_nodes``, which places tokens and skips the token step):
seed 16 of the random games (3 players, column market) had MVR at E1 offered Riga (B4),
reachable only by coming back from Vilna and Minsk along the Minsk line; 18xx.games skipped
MVR's token step, and a recorded game there holds the next step's action.

Only the offers use this walk (``tokens.legal_tokens``, and ``tokens.has_legal_token``, which
decides whether the token step waits); a submitted token keeps the broad rule, as
18xx.games checks no token's connection when it loads a recorded game.

The walk here is a depth-first search for one stop over simple paths: no stop or hex edge
twice (a second crossing of one edge would use its track twice), at a hex edge on into the
other hex only, through towns and cities with room, never through an off-board.  It is
exhaustive only when the stop is not reachable by a route, which ``reach`` has all but ruled
out: it is asked only for the cities that walk already found.  Segments nearest the stop go
first, so the usual answer comes after a few steps.  A search longer than
:data:`STEP_BUDGET` steps (a big network with no route there) gives up and keeps the broad
walk's yes, as the lay check's simple walk does (``usable_track``).
"""

from __future__ import annotations

from collections.abc import Iterator
from heapq import heappop, heappush

from engine.t1861.geometry import distance, distances_to
from engine.t1861.network import Network, Segment

STEP_BUDGET = 2_000


def reaches_by_route(network: Network, company: str, target: str) -> bool:
    """Whether some route from a city holding ``company``'s token arrives at the stop ``target``."""
    target_hex = network.stops[target].hex
    starts = [start.id for start in network.stops_with_token(company)]
    if target in starts or any(_nearest_first_is_a_route(network, company, start, target) for start in starts):
        return True
    return any(_search(network, company, start, target, target_hex) for start in starts)


def _nearest_first_is_a_route(network: Network, company: str, start: str, target: str) -> bool:
    """A quick yes: a way to ``target`` that never turns back at a hex edge, found best first
    (the segments nearest the target's hex first), is nearly always a route already (no stop
    or edge on it twice); only when it is not does the depth-first search below look further
    (a recorded game's token checks took up to its whole budget before it found the way this
    finds at once).  Any way that is a route proves the answer, so which way this finds first
    changes nothing but how soon; nearest first walks a few segments where breadth first
    walked most of the company's network (issue 13's replay speed)."""
    away = distances_to(network.stops[target].hex)
    came: dict[tuple[str, str | None], tuple[tuple[str, str | None], str] | None] = {(start, None): None}
    heap: list[tuple[int, int, str, str | None]] = [(0, 0, start, None)]
    pushed = 0
    while heap:
        _, _, node, arrived = heappop(heap)
        for segment in _next_segments(network, node, arrived):
            end = segment.other_end(node)
            state = (end, segment.id)
            if state in came:
                continue
            came[state] = ((node, arrived), end)
            if end == target:
                return _is_simple(came, state)
            stop = network.stops.get(end)
            if stop is None or not (stop.kind == "offboard" or stop.is_blocked_for(company)):
                pushed += 1
                heappush(heap, (away(segment.hex), pushed, end, segment.id))
    return False


def _next_segments(network: Network, node: str, arrived: str | None) -> list[Segment]:
    """The segments a route at ``node``, arrived by segment id ``arrived`` (``None`` at the
    start), may take next: any other at a stop; at a junction (a hex edge) only those of the
    other hex, as turning back into the hex it came from would reverse."""
    touching = network.touching.get(node, ())
    if arrived is None:
        return list(touching)
    if node in network.stops:
        return [segment for segment in touching if segment.id != arrived]
    arrived_hex = arrived.split("/", 1)[0]  # a segment id is "<hex>/<path index>"
    return [segment for segment in touching if segment.hex != arrived_hex]


def _is_simple(came: dict[tuple[str, str | None], tuple[tuple[str, str | None], str] | None],
               state: tuple[str, str | None]) -> bool:
    """Whether the way back from ``state`` passes no node twice."""
    seen: set[str] = set()
    entry: tuple[str, str | None] | None = state
    while entry is not None:
        if entry[0] in seen:
            return False
        seen.add(entry[0])
        back = came[entry]
        entry = back[0] if back is not None else None
    return True


def _search(network: Network, company: str, start: str, target: str, target_hex: str) -> bool:
    on_path = {start}
    steps = 0
    stack: list[tuple[str, Iterator[Segment]]] = [(start, _onward(network, start, None, target_hex))]
    while stack:
        node, choices = stack[-1]
        segment = next(choices, None)
        if segment is None:
            stack.pop()
            on_path.discard(node)
            continue
        steps += 1
        if steps > STEP_BUDGET:
            return True  # the broad walk's answer (the module's docstring)
        end = segment.other_end(node)
        if end == target:
            return True
        if end in on_path:
            continue
        stop = network.stops.get(end)
        if stop is not None and (stop.kind == "offboard" or stop.is_blocked_for(company)):
            continue  # a route may end here, not pass (12.5)
        on_path.add(end)
        stack.append((end, _onward(network, end, segment, target_hex)))
    return False


def _onward(network: Network, node: str, arrived: Segment | None, target_hex: str) -> Iterator[Segment]:
    """The segments a route at ``node`` may take next (:func:`_next_segments`), nearest
    ``target_hex`` first."""
    choices = _next_segments(network, node, None if arrived is None else arrived.id)
    choices.sort(key=lambda segment: distance(segment.hex, target_hex))
    return iter(choices)
