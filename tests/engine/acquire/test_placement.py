"""What a placed tile does: lone, founding, growth, the 8th-chain and no-playable-tile cases (R12-R21, D5, D11)."""

import pytest

from engine.core import game
from engine.core.errors import IllegalAction

from .positions import EIGHTH_CHAIN_TILES, seven_chains
from .scenario import Game


def test_r15_a_lone_tile_stays_unincorporated_and_the_turn_moves_to_buying():
    play = Game(["4E", "9E"], ["1A"])
    play.place("1A")
    assert play.summary()["board"]["1A"] is None
    assert play.waiting == [{"seat": 0, "prompt": "buy_shares"}]


def test_r16_r17_founding_asks_for_a_chain_and_gives_the_founder_a_share():
    play = Game(["4E", "9E"], ["1A", "2A"])
    play.turns("1A")
    play.place("2A")
    assert play.waiting == [{"seat": 1, "prompt": "found_chain"}]
    assert len(play.prompt().quick) == 7
    play.found("american")
    summary = play.summary()
    assert summary["board"]["1A"] == summary["board"]["2A"] == "american"
    assert summary["players"][1]["shares"] == {"american": 1}
    assert play.state.bank["american"] == 24
    assert play.texts()[-2:] == ["bob placed 2A, which founds a new chain.",
                                 "bob founded American (2 tiles) and received the founder's share."]


def test_d11_founding_takes_the_whole_connected_loose_group():
    # Starting tiles 1B-2B touch (an unincorporated pair, D3); 3B links them with the starting tile 3A.
    play = Game(["1B", "2B", "3A"], ["3B"])
    play.place("3B", seat=2)  # cy starts: 3A is closest to 1A
    play.found("tower")
    board = play.summary()["board"]
    assert [board[tile] for tile in ("1B", "2B", "3A", "3B")] == ["tower"] * 4
    assert play.state.sizes["tower"] == 4


def test_r18_d11_growth_absorbs_touching_loose_tiles_and_their_groups():
    # ann starts (2C); the starting tiles 2C-2D form a loose pair.
    play = Game(["2C", "2D", "9F"], ["1A", "2A", "12A", "2B"])
    play.turns("1A", ("2A", "tower"), "12A")
    events = play.place("2B")  # touches Tower (2A) and the loose pair
    board = play.summary()["board"]
    assert [board[tile] for tile in ("2B", "2C", "2D")] == ["tower"] * 3
    assert play.state.sizes["tower"] == 5
    assert events[0].text == "ann placed 2B and grew Tower to 5 tiles."


def test_r17_founding_asked_even_when_only_one_chain_is_available():
    moves = ["8E", "11E", "1A", ("2A", "tower"), "4A", ("5A", "luxor"), "7A", ("8A", "american"),
             "10A", ("11A", "worldwide"), "1C", ("2C", "festival"), "4C", ("5C", "imperial"), "7C"]
    play = Game(["2E", "5E"], [m if isinstance(m, str) else m[0] for m in moves] + ["8C"])
    play.turns(*moves)
    play.place("8C")
    prompt = play.prompt()
    assert prompt.name == "found_chain"
    assert [choice.value for choice in prompt.actions[0].fields[0].choices] == ["continental"]
    with pytest.raises(IllegalAction, match="Tower is already on the board"):
        play.found("tower")
    play.found("continental")


def test_r20_a_tile_that_would_found_an_8th_chain_is_refused_and_kept():
    play = seven_chains(hold={0: ["1E", "3B"], 1: ["6E"]})
    # ann's hand: 1E (8th chain) and 3B (lone: no neighbour is placed) among fillers.
    prompt = play.prompt()
    assert prompt.name == "place_tile"
    choice = next(c for c in prompt.actions[0].fields[0].choices if c.value == "1E")
    assert (choice.legal, choice.detail) == (False, "cannot be played now: would found an 8th chain (R20)")
    before = game.to_json(play.state)
    with pytest.raises(IllegalAction, match=r"1E cannot be played now: it would found an 8th chain .*\(R20\)"):
        play.place("1E")
    assert game.to_json(play.state) == before
    play.turn("3B")
    assert "1E" in play.state.hands[0]  # never exchanged (D4)


def test_r21_touching_a_chain_and_loose_tiles_is_growth_even_with_seven_chains():
    play = seven_chains(hold={0: ["8D"]})  # 8D touches Continental (8C) and the loose 8E
    play.place("8D")
    assert play.summary()["board"]["8E"] == "continental"
    assert play.state.sizes["continental"] == 4


def test_d5_a_hand_without_a_playable_tile_goes_straight_to_buying():
    play = seven_chains(hold={0: EIGHTH_CHAIN_TILES[:6], 1: ["3B"]})
    assert play.waiting == [{"seat": 0, "prompt": "buy_shares"}]
    skip = [event for event in play.events if event.kind == "skip_placement"][-1]
    assert skip.seen_by(0).startswith("ann has no playable tile (1E, 3E, 4E, 6E, 7E and 9E: cannot be played now")
    assert skip.seen_by(1) == "ann has no playable tile and goes straight to buying (D5)."
    play.buy(tower=1)
    assert len(play.state.hands[0]) == 6  # nothing placed, nothing drawn
    assert play.waiting == [{"seat": 1, "prompt": "place_tile"}]


def test_r13_the_tile_must_be_placed_before_buying():
    play = Game(["4E", "9E"], ["1A"])
    with pytest.raises(IllegalAction, match="place_tile"):
        play.buy()


def test_r12_r39_the_turn_ends_with_one_tile_drawn():
    play = Game(["4E", "9E"], ["1A", "1C"])
    bag_before = len(play.state.bag)
    play.turns("1A")
    assert len(play.state.hands[0]) == 6 and len(play.state.bag) == bag_before - 1
    draw = [event for event in play.events if event.kind == "draw"][-1]
    assert draw.only_seat == 0 and draw.seen_by(1) == "ann drew a tile."


def test_r2_diagonal_contact_does_not_link_tiles():
    play = Game(["4E", "9E"], ["1A", "2B"])
    play.turns("1A")
    play.place("2B")  # touches 1A only at a corner
    assert play.phase == "buy_shares" and play.summary()["board"]["2B"] is None
