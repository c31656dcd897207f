"""Anything wrong in an action is an IllegalAction with a sentence, and changes nothing."""

import pytest

from engine.core import game
from engine.core.errors import IllegalAction

from .scenario import Game


def refused(play: Game, action: dict, match: str, seat: int | None = None) -> None:
    before = game.to_json(play.state)
    applied = play.state.actions_applied
    with pytest.raises(IllegalAction, match=match):
        play.act(action, seat)
    assert game.to_json(play.state) == before and play.state.actions_applied == applied


def at_place() -> Game:
    return Game(["12B", "12D"], ["1A", "2A"])


def at_found() -> Game:
    play = Game(["12B", "12D"], ["1A", "2A"])
    play.turns("1A")
    play.place("2A")
    return play


def at_buy() -> Game:
    play = at_found()
    play.found("tower")
    return play


@pytest.mark.parametrize(
    "action, match",
    [
        ({"type": "place_tile"}, "needs a tile"),
        ({"type": "place_tile", "tile": 5}, "needs a tile"),
        ({"type": "place_tile", "tile": "2A"}, "ann does not hold 2A"),
        ({"type": "place_tile", "tile": "13Z"}, "not a tile"),
        ({"type": "place_tile", "tile": "1a"}, "not a tile"),
        ({"type": "fly", "tile": "1A"}, "fly"),
        ({"type": "buy_shares", "shares": {}}, "place_tile"),
    ],
)
def test_bad_place_tile_actions(action, match):
    refused(at_place(), action, match)


@pytest.mark.parametrize(
    "action, match",
    [
        ({"type": "found_chain"}, "found_chain needs a chain"),
        ({"type": "found_chain", "chain": "Tower"}, "'Tower' is not a chain"),
        ({"type": "found_chain", "chain": ["tower"]}, "is not a chain"),
        ({"type": "found_chain", "chain": "hilton"}, "'hilton' is not a chain"),
    ],
)
def test_bad_found_chain_actions(action, match):
    refused(at_found(), action, match)


@pytest.mark.parametrize(
    "shares, match",
    [
        (None, "needs shares"),
        ([["tower", 1]], "needs shares"),
        ({"tower": -1}, "must be a whole number"),
        ({"tower": 1.0}, "must be a whole number"),
        ({"tower": "1"}, "must be a whole number"),
        ({"tower": True}, "must be a whole number"),
        ({"hilton": 1}, "'hilton' is not a chain"),
        ({"tower": 2, "luxor": 1}, "Luxor is not on the board"),
    ],
)
def test_bad_buy_shares_actions(shares, match):
    action = {"type": "buy_shares"} if shares is None else {"type": "buy_shares", "shares": shares}
    refused(at_buy(), action, match)


def test_acting_out_of_turn_is_refused():
    refused(at_place(), {"type": "place_tile", "tile": "2A"}, "not bob's turn", seat=1)


def test_a_seat_that_does_not_exist_is_refused():
    refused(at_place(), {"type": "place_tile", "tile": "1A"}, "no seat", seat=5)


def test_an_action_without_a_type_is_refused():
    refused(at_place(), {"tile": "1A"}, "needs a type")


def at_survivor_tie() -> Game:
    """ann founded Tower (1A-2A), bob Luxor (4A-5A); ann's 3A ties them."""
    play = Game(["12B", "12D"], ["1A", "4A", "2A", "5A", "3A"])
    play.turns("1A", "4A", ("2A", "tower"), ("5A", "luxor"))
    play.place("3A")
    return play


@pytest.mark.parametrize(
    "fields, match",
    [
        ({"chain": "luxor", "sell": 0}, "needs trade"),
        ({"chain": "luxor", "trade": 0}, "needs sell"),
        ({"chain": "luxor", "sell": -1, "trade": 0}, "whole number"),
        ({"chain": "luxor", "sell": 0, "trade": False}, "whole number"),
        ({"chain": "luxor", "sell": 0.5, "trade": 0}, "whole number"),
        ({"chain": "tower", "sell": 0, "trade": 0}, "being disposed of now are Luxor"),
        ({"sell": 0, "trade": 0}, "needs a chain"),
    ],
)
def test_bad_dispose_shares_actions(fields, match):
    play = at_survivor_tie()
    play.survivor("tower")  # bob holds Luxor and disposes
    refused(play, {"type": "dispose_shares", **fields}, match)


def test_bad_survivor_choice():
    play = at_survivor_tie()
    refused(play, {"type": "choose_survivor", "chain": "american"}, "R27")
    refused(play, {"type": "choose_survivor"}, "needs a chain")
