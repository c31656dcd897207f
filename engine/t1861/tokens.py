"""Station tokens a company places by choice (rules 12.4), and a parred major's home (G8).

A token may go into a city that has a slot free for the company (slots held for an
unstarted minor or the RSR are not free), that the company reaches along track it may use,
and that is not in a hex where it already has a token.  It costs the printed price of the
company's next token times the crow-flies distance from the nearest hex holding one of its
tokens.  Which token is next (and so its printed price) is the caller's knowledge: pass
``price``.  Whether the company can pay, and the one-token-per-turn limit, are the caller's
too.

What the company reaches is its broad walk (``reach``) for ``check_token``, and for the
offers (``legal_tokens``, and ``has_legal_token``, which decides whether the token step
waits) only the cities a route of the company could get to (``route_reach``).  That is
where 18xx.games looks too: its token step and its list of cities walk routes, while a game
it loads is never checked for a token's connection, so a recorded token is judged by the
older, broader rule (as a recorded lay is, ``lays.check_lay``).

Use::

    options = legal_tokens(board, "NW", price=20)
    placement = check_token(board, "NW", "I13", 0, price=20)   # raises IllegalAction
    board = board.place_token("NW", placement.hex, placement.city)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.t1861.board import Board, require_hex
from engine.t1861.data import DATA
from engine.t1861.geometry import distance
from engine.t1861.network import Network, Segment, Stop
from engine.t1861.reach import reach, reaches_a_stop
from engine.t1861.route_reach import reaches_by_route
from engine.t1861.track_network import any_phase_network


@dataclass(frozen=True)
class TokenPlacement:
    """A city a company may put a token in, and what it costs there."""

    hex: str
    city: int
    cost: int


def legal_tokens(board: Board, company: str, price: int) -> list[TokenPlacement]:
    """Every city ``company`` may place its next token in, at ``price`` per hex of distance."""
    network = any_phase_network(board)
    reached = reach(network, company)
    found = []
    for stop_id in sorted(reached.stops):
        stop = network.stops[stop_id]
        city = int(stop_id.split(":c")[1]) if stop.kind == "city" else None
        if (city is not None and _place_refusal(board, company, stop.hex, city) is None
                and reaches_by_route(network, company, stop_id)):
            found.append(TokenPlacement(stop.hex, city, token_cost(board, company, stop.hex, price)))
    return found


def has_legal_token(board: Board, company: str) -> bool:
    """Whether :func:`legal_tokens` would offer anything (at any price): the walk stops at the
    first reached city that takes the token, instead of walking the whole reach (issue 13)."""
    network = any_phase_network(board)

    def takes_token(stop: Stop) -> bool:
        return (stop.kind == "city" and _place_refusal(board, company, stop.hex, int(stop.id.split(":c")[1])) is None
                and reaches_by_route(network, company, stop.id))

    return reaches_a_stop(network, company, takes_token)


def check_token(board: Board, company: str, hex_id: str, city: int, price: int,
                reach_board: Board | None = None) -> TokenPlacement:
    """The placement if ``company`` may put its next token there; otherwise IllegalAction saying why.

    The slot is judged on ``board``; the reach on ``reach_board`` when given (an import's kept
    track graph, ``kept_graph``), else on ``board`` too."""
    require_hex(hex_id)
    refusal = _place_refusal(board, company, hex_id, city)
    if refusal is not None:
        raise IllegalAction(refusal)
    target = f"{hex_id}:c{city}"
    walked = board if reach_board is None else reach_board
    if not reaches_a_stop(any_phase_network(walked), company, lambda stop: stop.id == target, toward=hex_id):
        name = DATA.hexes[hex_id].display_name()
        raise IllegalAction(f"{company} cannot reach the city in {name} along track it may use.")
    return TokenPlacement(hex_id, city, token_cost(board, company, hex_id, price))


def token_cost(board: Board, company: str, hex_id: str, price: int) -> int:
    """``price`` times the distance from the nearest hex with a ``company`` token (0 if it has none)."""
    own = board.token_hexes(company)
    return price * min(distance(hex_id, other) for other in own) if own else 0


def check_home_token(board: Board, company: str, hex_id: str, city: int) -> TokenPlacement:
    """A home token (a minor's held slot, a parred major's chosen city); free, no reach needed."""
    require_hex(hex_id)
    refusal = _place_refusal(board, company, hex_id, city)
    if refusal is not None:
        raise IllegalAction(refusal)
    return TokenPlacement(hex_id, city, 0)


def home_city_options(board: Board) -> list[tuple[str, int]]:
    """10.4, G8: cities a newly parred major may choose as home, as ``(hex, city)``.

    The city must hold no token and no slot held for anyone (10.4), and no city of its hex may
    have track leading to a city, town or off-board (track that dead-ends is fine), its own
    city again included (:func:`_leads_to_a_stop`). Another city of the hex may hold a token
    or a held slot: 10.4 and 18xx.games judge the chosen city, where 23 G8 reads the whole hex
    from 1867's code, which 1861's overrides (docs/titles/1861.md, "Home city").

    A function of the board alone, which never changes, and every stock turn asks it (R5's
    par offer) for the same board: the last board's answer is kept (a copy is handed out).
    """
    kept_board, kept = _LAST_HOMES[0]
    if kept_board is not board:
        kept = tuple(_home_city_options(board))
        _LAST_HOMES[0] = (board, kept)  # one assignment: threads see the old pair or the new
    return list(kept)


_LAST_HOMES: list[tuple[Board | None, tuple[tuple[str, int], ...]]] = [(None, ())]


def _home_city_options(board: Board) -> list[tuple[str, int]]:
    network = any_phase_network(board)
    found: list[tuple[str, int]] = []
    for hexdef in DATA.hexes.values():
        cities = len(board.contents(hexdef.id).cities)
        empty = _empty_cities(board, hexdef.id) if cities else []
        if empty and not any(_leads_to_a_stop(network, f"{hexdef.id}:c{index}") for index in range(cities)):
            found.extend((hexdef.id, index) for index in empty)
    return found


def _place_refusal(board: Board, company: str, hex_id: str, city: int) -> str | None:
    """Why ``company`` may not have a token in that city whatever its reach; None if it may.
    The words only for a refusal: the token step asks this of every city the walk reaches."""
    name = DATA.hexes[hex_id].display_name
    cities = board.contents(hex_id).cities
    if not 0 <= city < len(cities):
        return f"{name()} has no city {city}; it has {len(cities)} now." if cities else f"{name()} has no city."
    if any(company in companies for companies in board.tokens_in(hex_id)):
        return f"{company} already has a token in {name()}; a company has at most one token in a hex."
    if board.free_slots(hex_id, city, company) <= 0:
        held = [other for other in board.reserved_in(hex_id)[city] if other != company]
        if held and len(board.tokens_in(hex_id)[city]) < cities[city].slots:
            return f"The free slot in {name()} is held for {' and '.join(held)}."
        return f"The city in {name()} has no free slot."
    return None


def _empty_cities(board: Board, hex_id: str) -> list[int]:
    """The cities of ``hex_id`` with no token and no slot held for anyone."""
    held = board.reserved_in(hex_id)
    return [index for index, tokens in enumerate(board.tokens_in(hex_id)) if not tokens and not held[index]]


def _leads_to_a_stop(network: Network, start: str) -> bool:
    """True if track from ``start`` runs, border by border, into a city, town or off-board.

    Walked as 18xx.games walks it (its home cities are what a recorded game holds): from
    each of the city's tracks in turn, crossing every border into the other hex (never back
    into the hex just left), until some track holds a stop.  That stop may be ``start``
    itself, reached again along another of its tracks: a loop back into the city counts as
    leading on, which G8's "another city" leaves open (Ekaterinburg's gray track through
    Q5, closed by a plain curve in P4).
    """
    return any(_walk_finds_a_stop(network, first, start) for first in network.touching.get(start, ()))


def _walk_finds_a_stop(network: Network, first: Segment, start: str) -> bool:
    """Whether the walk out of ``start`` along ``first`` arrives at any stop (``first`` is not walked again)."""
    stops, touching = network.stops, network.touching
    walked = {(first.id, start)}
    pending = [(first, start)]
    while pending:
        segment, came_from = pending.pop()
        end = segment.other_end(came_from)
        if end in stops:
            return True
        for other in touching.get(end, ()):
            if other.hex != segment.hex and other.id != first.id and (other.id, end) not in walked:
                walked.add((other.id, end))
                pending.append((other, end))
    return False
