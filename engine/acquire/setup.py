"""Options and the deal: the bag, the starting tiles, the first player and the hands (R5, R8-R10, D2, D3)."""

from __future__ import annotations

from typing import Any

from engine.acquire.chains import CHAIN_IDS, SHARES_PER_CHAIN, STARTING_CASH
from engine.acquire.state import AcquireState
from engine.acquire.text import count_of, join_words
from engine.acquire.tiles import ALL_TILES, HAND_SIZE, TILE_ORDER, in_board_order
from engine.acquire.turn import start_turn
from engine.core.errors import MalformedRecord
from engine.core.events import Event
from engine.core.rng import seeded_rng

DEFAULT_OPTIONS: dict[str, Any] = {"tile_bag": [], "open_holdings": True}


def validate_options(options: Any) -> dict[str, Any]:
    """The options with defaults filled in; MalformedRecord names the first problem."""
    if not isinstance(options, dict):
        raise MalformedRecord("options must be a JSON object.")
    unknown = sorted(str(name) for name in options if name not in DEFAULT_OPTIONS)
    if unknown:
        raise MalformedRecord(f"Unknown Acquire option(s): {', '.join(unknown)} (known: tile_bag, open_holdings).")
    open_holdings = options.get("open_holdings", True)
    if not isinstance(open_holdings, bool):
        raise MalformedRecord("The open_holdings option must be true or false.")
    return {"tile_bag": _checked_tile_bag(options.get("tile_bag", [])), "open_holdings": open_holdings}


def _checked_tile_bag(tile_bag: Any) -> list[str]:
    if not isinstance(tile_bag, list):
        raise MalformedRecord("The tile_bag option must be a list of tile names such as \"5C\".")
    seen: set[str] = set()
    for name in tile_bag:
        if not isinstance(name, str) or name not in TILE_ORDER:
            raise MalformedRecord(f"The tile_bag option names {name!r}, which is not a tile (1A to 12I).")
        if name in seen:
            raise MalformedRecord(f"The tile_bag option lists {name} twice.")
        seen.add(name)
    return list(tile_bag)


def shuffled_bag(seed: int, first: list[str]) -> list[str]:
    """``first`` in order, then every other tile (in board order) shuffled by the seed."""
    listed = set(first)
    rest = [tile for tile in ALL_TILES if tile not in listed]
    seeded_rng(seed, "acquire-bag").shuffle(rest)
    return list(first) + rest


def new_game(players: list[str], seed: int, options: dict[str, Any]) -> AcquireState:
    """The state before the first action: starting tiles placed, hands dealt, first turn open."""
    bag = shuffled_bag(seed, options["tile_bag"])
    count = len(players)
    starting = bag[:count]  # one per seat, in seat order (R8); they stay on the board (D3)
    del bag[:count]
    first = min(range(count), key=lambda seat: TILE_ORDER[starting[seat]])
    hands: list[list[str]] = [[] for _ in players]
    for offset in range(count):  # the first player takes the next 6, and so on clockwise
        hands[(first + offset) % count] = bag[:HAND_SIZE]
        del bag[:HAND_SIZE]
    state = AcquireState(
        players=list(players),
        seed=seed,
        options={"tile_bag": list(options["tile_bag"]), "open_holdings": options["open_holdings"]},
        bag=bag,
        hands=hands,
        board=dict.fromkeys(starting),
        cash=[STARTING_CASH] * count,
        shares=[dict.fromkeys(CHAIN_IDS, 0) for _ in players],
        bank=dict.fromkeys(CHAIN_IDS, SHARES_PER_CHAIN),
        sizes=dict.fromkeys(CHAIN_IDS, 0),
        current=first,
    )
    start_turn(state, [])
    return state


def opening_events(state: AcquireState) -> list[Event]:
    """The deal as the log tells it: each seat's starting tile, who starts, then each hand (its own seat's).

    ``state`` is the game before its first action: the board holds the starting tiles in
    seat order and the hands are as dealt.
    """
    starting = list(state.board)
    draws = join_words([f"{name} drew {tile}" for name, tile in zip(state.players, starting, strict=True)])
    first = state.players[state.current]
    events = [Event(f"{draws}: {first} starts, with the tile closest to 1A (R8).", kind="first_player",
                    data={"starting_tiles": starting, "seat": state.current})]
    for offset in range(len(state.players)):
        seat = (state.current + offset) % len(state.players)
        name, hand = state.players[seat], in_board_order(state.hands[seat])
        events.append(Event(f"{name} drew {join_words(hand)}.", kind="deal", data={"seat": seat, "tiles": hand},
                            only_seat=seat, redacted=f"{name} drew {count_of(len(hand), 'tile')}."))
    return events
