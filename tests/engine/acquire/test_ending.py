"""The end of the game: declaring (R41, R43, D7), the automatic end (D6), final scoring (R44) and ties (D10)."""

import pytest

from engine.core import game
from engine.core.errors import IllegalAction
from engine.core.record import record_from_json, replay

from .positions import EIGHTH_CHAIN_TILES, seven_chains, tiles_of, two_safe_chains
from .scenario import Game


def offers_declare(play: Game) -> bool:
    return play.prompt().accepts("declare_end")


def single_safe_chain() -> Game:
    """Tower grows along row A to 11 tiles after absorbing Luxor (1C-2C) at 1B; bob kept his Luxor share."""
    moves = ["1A", "1C", ("2A", "tower"), ("2C", "luxor"), "3A", "1B", "4A", "5A", "6A", "7A", "8A", "9A"]
    play = Game(["12E", "12G"], tiles_of(moves))
    play.turns(*moves[:5])
    play.place("1B")
    play.dispose("luxor")  # bob, the mergemaker and only holder, keeps it
    play.buy()
    play.turns(*moves[6:11])
    return play


def test_r41_a_the_end_may_be_declared_once_every_chain_on_the_board_is_safe():
    play = single_safe_chain()
    assert play.summary()["chains"]["tower"]["size"] == 11
    assert play.waiting == [{"seat": 1, "prompt": "place_tile"}]
    assert offers_declare(play)
    assert {"label": "Declare the end of the game", "action": {"type": "declare_end"}} in [
        {"label": q.label, "action": q.action} for q in play.prompt().quick]


def test_r41_the_end_cannot_be_declared_before_a_condition_holds():
    play = Game(["12B", "12D"], ["1A", "2A"])
    play.turns("1A")
    assert not offers_declare(play)
    with pytest.raises(IllegalAction, match=r"cannot be declared yet.*\(R41\)"):
        play.declare()


def test_r43_d7_r44_declared_game_ends_after_the_buy_without_a_draw():
    play = single_safe_chain()
    bag = len(play.state.bag)
    play.declare()
    assert play.waiting == [{"seat": 1, "prompt": "place_tile"}]  # R43: the turn goes on
    assert not offers_declare(play)  # once only
    play.place("9A")
    play.buy()
    summary = play.summary()
    assert summary["status"] == "finished" and summary["waiting_for"] == []
    assert len(play.state.bag) == bag and len(play.state.hands[1]) == 5  # no draw
    # Tower, 12 tiles ($700): ann, sole holder of 1 share, takes $7,000 + $3,500 and sells it for $700.
    # bob got Luxor's $3,000 at the merger; his kept Luxor share is worthless but still listed.
    assert summary["players"] == [
        {"seat": 0, "name": "ann", "cash": 6000 + 10500 + 700, "shares": {}},
        {"seat": 1, "name": "bob", "cash": 6000 + 3000, "shares": {"luxor": 1}},
    ]
    assert summary["standings"] == [
        {"seat": 0, "name": "ann", "score": 17200, "cash": 17200, "place": 1},
        {"seat": 1, "name": "bob", "score": 9000, "cash": 9000, "place": 2},
    ]
    assert play.state.bank["tower"] == 25
    with pytest.raises(IllegalAction, match="over"):
        play.place("10A", seat=0)


def test_d10_a_tie_for_first_shares_the_place_listed_by_seat():
    play = two_safe_chains(extra=["10E"])
    play.declare()
    play.turn("10E")
    # Tower and Luxor, 11 tiles each: each founder is sole holder of 1 share: $10,500 + $700.
    assert play.summary()["standings"] == [
        {"seat": 0, "name": "ann", "score": 17200, "cash": 17200, "place": 1},
        {"seat": 1, "name": "bob", "score": 17200, "cash": 17200, "place": 1},
    ]


def test_r41_a_requires_every_chain_on_the_board_to_be_safe():
    play = two_safe_chains()
    assert offers_declare(play)
    earlier = replay(record_from_json(dict(play.record, actions=play.record["actions"][:-2])))  # before bob's 11C
    assert (earlier.sizes["tower"], earlier.sizes["luxor"]) == (11, 10)
    (prompt,) = game.prompts(earlier)
    assert prompt.seat == 1 and not prompt.accepts("declare_end")


def chain_of_41() -> Game:
    """Tower will cover rows A-C and 1D-5D (41 tiles, with ann's 5D next); Luxor (1F-2F, ann's) is unsafe.

    bob places 1E after that, merging Luxor into Tower.
    """
    growth = [f"{c}{row}" for row in "ABC" for c in range(1, 13)][2:] + [f"{c}D" for c in range(1, 6)]
    moves = ["1F", "1A", ("2F", "luxor"), ("2A", "tower"), *growth, "1E"]
    play = Game(["12E", "12G"], tiles_of(moves))
    play.turns(*moves[:-2])
    return play


def test_r41_b_a_chain_of_41_tiles_allows_the_end_whatever_else_is_on_the_board():
    play = chain_of_41()
    assert play.state.sizes["tower"] == 40 and not offers_declare(play)
    play.turns("5D")
    assert play.state.sizes["tower"] == 41 and offers_declare(play)


def test_declare_end_is_refused_while_another_holder_disposes():
    play = chain_of_41()
    play.turns("5D")
    play.place("1E")  # bob merges ann's Luxor into Tower; ann must dispose first
    assert play.waiting == [{"seat": 0, "prompt": "dispose_shares"}]
    assert not offers_declare(play)
    with pytest.raises(IllegalAction, match="not bob's turn"):
        play.declare(seat=1)
    with pytest.raises(IllegalAction, match="dispose_shares"):
        play.declare(seat=0)
    play.dispose("luxor", sell=1)
    assert offers_declare(play)  # back to bob's buy
    play.declare()
    play.buy()
    assert play.summary()["status"] == "finished"


def test_d6_the_game_ends_after_a_whole_round_without_a_placement():
    play = seven_chains(hold={0: EIGHTH_CHAIN_TILES[:6], 1: EIGHTH_CHAIN_TILES[6:]})
    play.turn(None)  # ann cannot place (D5)
    assert play.summary()["status"] == "in_progress" and play.waiting == [{"seat": 1, "prompt": "buy_shares"}]
    play.turn(None)
    summary = play.summary()
    assert summary["status"] == "finished" and summary["standings"][0]["name"] == "bob"
    assert play.state.end_reason == "a whole round passed without a tile being placed"


def test_d6_a_placement_restarts_the_count():
    play = seven_chains(hold={0: EIGHTH_CHAIN_TILES[:6], 1: ["3B"]})
    play.turn(None)
    play.turn("3B")
    assert play.state.idle_turns == 0 and play.summary()["status"] == "in_progress"


def test_d6_the_game_ends_when_no_tile_is_left_anywhere():
    play = Game(["12B", "12D"], ["1A"])
    play.state.bag.clear()  # position edited: the last tiles are out
    play.state.hands[0][:] = ["1A"]
    play.state.hands[1].clear()
    play.turn("1A")
    assert play.state.end_reason == "no tile is left in the bag or in any hand"
    assert play.summary()["status"] == "finished"
