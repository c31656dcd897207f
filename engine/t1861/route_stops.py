"""Routes written stop by stop, as a player picks them on the map, turned into track segments.

The route checker (:mod:`engine.t1861.routes`) reads a route as the track segments it runs
over; a player thinks of a route as the places it visits.  This module finds, for a list of
stops, track that joins each stop to the next without passing any other stop, so the
player's route becomes a ``run_routes`` answer that the checker then judges like any other.
It decides nothing the checker decides: it only looks for track between the named stops.

A stop may be named exactly (``"H8:c1"``, Moscow's city 1) or by its hex alone (``"H8"``):
a route touches one stop of a hex at most, so a hex is enough unless several of its stops
are reachable; then each is tried and the first set of track that fits is kept.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from engine.t1861.network import Network, Segment
from engine.t1861.routes import RouteError, track_pieces

MAX_STRETCH = 24  # segments between two consecutive stops: more than any track on the map
MAX_CHOICES = 8  # stretches tried between two stops, shortest first
MAX_STOPS = 16  # no train visits more stops than this (an 8-train with its towns)
MAX_TRIES = 2000  # partial routes tried before a route's stops are given up as not joinable


@dataclass(frozen=True)
class _Stretch:
    """Track from one stop to the next: its end stops, segments in travel order, pieces used."""

    start: str
    end: str
    segments: tuple[str, ...]
    pieces: frozenset[str]


def stop_candidates(network: Network, written: str, names: Mapping[str, str]) -> list[str]:
    """The network's stops ``written`` may mean (``"H8:c1"`` or the hex ``"h8"``); RouteError if none."""
    text = written.strip()
    shown = "".join(char for char in text[:12] if char.isprintable())  # echoed in the refusal: short and plain
    if ":" in text:
        hex_id, _, rest = text.partition(":")
        stop_id = f"{hex_id.upper()}:{rest.lower()}"
        if stop_id in network.stops:
            return [stop_id]
        raise RouteError(f"There is no stop {shown} on the map.")
    hex_id = text.upper()
    found = sorted(stop.id for stop in network.stops.values() if stop.hex == hex_id)
    if not found:
        raise RouteError(f"{_place(shown.upper(), names)} has no city, town or off-board that track reaches.")
    return found


def segments_for_stops(
    network: Network, written: Sequence[str], who: str, names: Mapping[str, str], taken: frozenset[str] = frozenset()
) -> tuple[tuple[str, ...], frozenset[str]]:
    """The segments of a route through ``written`` stops in order, and the track pieces it uses.

    ``who`` names the route in refusals ("The 3-train's route"); ``taken`` is track the
    company's earlier routes use, which this route must leave free.
    """
    if len(written) < 2:
        raise RouteError(f"{who} must run between at least two stops; pick them on the map in order.")
    if len(written) > MAX_STOPS:
        raise RouteError(f"{who} names {len(written)} stops; no train visits that many.")
    options = [stop_candidates(network, text, names) for text in written]
    for (first, second), texts in zip(_pairs(options), _pairs(list(written)), strict=True):
        if not any(_stretches(network, a, b) for a in first for b in second):
            raise RouteError(f"{who}: no track joins {_place(texts[0].split(':')[0].upper(), names)} and "
                             f"{_place(texts[1].split(':')[0].upper(), names)} without passing another stop"
                             " (pick every stop the route passes, in order).")
    # Track another route uses is left free when possible; else the route checker names the clash.
    found = _first_fit(network, options, taken) or _first_fit(network, options, frozenset())
    if found is None:
        raise RouteError(f"{who} cannot run through those stops without using a piece of track twice.")
    segments = tuple(segment for stretch in found for segment in stretch.segments)
    return segments, frozenset(piece for stretch in found for piece in stretch.pieces)


def _pairs(items: Sequence) -> list[tuple]:
    return list(pairwise(items))


def _first_fit(network: Network, options: list[list[str]], taken: frozenset[str]) -> list[_Stretch] | None:
    """One stretch per pair of consecutive stops, chained end to start, no track used twice."""
    table: dict[tuple[str, str], list[_Stretch]] = {}

    def between(start: str, end: str) -> list[_Stretch]:
        if (start, end) not in table:
            table[start, end] = _stretches(network, start, end)
        return table[start, end]

    budget = [MAX_TRIES]

    def extend(chosen: list[_Stretch], used: frozenset[str], here: str | None, position: int) -> list[_Stretch] | None:
        if position == len(options) - 1:
            return chosen
        budget[0] -= 1
        if budget[0] < 0:  # a hopeless set of stops gives up rather than trying every combination
            return None
        for start in [here] if here is not None else options[position]:
            for end in options[position + 1]:
                for stretch in between(start, end):
                    if stretch.pieces & used:
                        continue
                    result = extend([*chosen, stretch], used | stretch.pieces, end, position + 1)
                    if result is not None:
                        return result
        return None

    return extend([], taken, None, 0)


def _stretches(network: Network, start: str, end: str) -> list[_Stretch]:
    """Up to MAX_CHOICES stretches of track from ``start`` to ``end`` through junctions only, shortest first."""
    return sorted(_walks(network, start, end), key=lambda stretch: len(stretch.segments))[:MAX_CHOICES]


def _walks(network: Network, start: str, end: str) -> Iterator[_Stretch]:
    """Every walk from ``start`` that runs on into the next hex at each junction and reaches ``end``
    at its first stop; cut at MAX_STRETCH segments and a few hundred walks."""
    budget = [400]

    def follow(node: str, path: tuple[Segment, ...], pieces: frozenset[str]) -> Iterator[_Stretch]:
        if budget[0] <= 0 or len(path) >= MAX_STRETCH:
            return
        for segment in network.touching.get(node, ()):
            if path and (segment.id == path[-1].id or segment.hex == path[-1].hex):
                continue  # turning back into the hex it came from is reversing
            own = track_pieces(network, segment)
            if pieces.intersection(own):
                continue
            budget[0] -= 1
            other = segment.ends[1] if segment.ends[0] == node else segment.ends[0]
            grown, used = (*path, segment), pieces.union(own)
            if other == end:
                yield _Stretch(start, end, tuple(s.id for s in grown), used)
            elif other not in network.stops:
                yield from follow(other, grown, used)

    yield from follow(start, (), frozenset())


def _place(hex_id: str, names: Mapping[str, str]) -> str:
    name = names.get(hex_id)
    return f"{name} ({hex_id})" if name else hex_id
