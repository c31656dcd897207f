"""Buying stock after the tile (R36-R38), and the founder's share when the bank has none left (R17)."""

import pytest

from engine.core import game
from engine.core.errors import IllegalAction

from .scenario import Game


def test_r36_up_to_three_shares_of_a_chain_founded_this_turn_at_its_new_price():
    play = Game(["12B", "12D"], ["1A", "2A", "3A"])
    play.turns("1A")
    play.place("2A")
    play.found("imperial")
    play.buy(imperial=3)
    summary = play.summary()
    assert summary["players"][1] == {"seat": 1, "name": "bob", "cash": 6000 - 3 * 400, "shares": {"imperial": 4}}
    assert play.state.bank["imperial"] == 21
    play.place("3A")  # ann grows Imperial to 3 tiles: the price is now $500
    choice = play.prompt().actions[0].fields[0].choices[0]
    assert (choice.value, choice.price, choice.limit) == ("imperial", 500, 12)


def test_r36_more_than_three_shares_in_a_turn_is_refused():
    play = Game(["12B", "12D"], ["1A", "2A"])
    play.turns("1A")
    play.place("2A")
    play.found("tower")
    with pytest.raises(IllegalAction, match=r"At most 3 shares .* not 4 \(R36\)"):
        play.buy(tower=4)


def test_r36_buying_is_optional_and_asked_every_turn():
    play = Game(["12B", "12D"], ["1A"])
    play.place("1A")
    prompt = play.prompt()
    assert prompt.name == "buy_shares" and prompt.quick[0].action == {"type": "buy_shares", "shares": {}}
    assert prompt.actions[0].fields[0].choices == ()  # nothing on the board, yet still asked


def test_r38_shares_of_a_chain_not_on_the_board_cannot_be_bought():
    play = Game(["12B", "12D"], ["1A"])
    play.place("1A")
    with pytest.raises(IllegalAction, match=r"Luxor is not on the board.*\(R38\)"):
        play.buy(luxor=1)
    play.buy(luxor=0)  # a zero count asks for nothing


def test_r37_a_purchase_is_limited_by_cash():
    play = Game(["12B", "12D"], ["1A", "2A"])
    play.turns("1A")
    play.place("2A")
    play.found("continental")
    play.state.cash[1] = 700  # position edited: bob is nearly broke
    choice = play.prompt().actions[0].fields[0].choices[0]
    assert (choice.price, choice.limit) == (400, 1)
    with pytest.raises(IllegalAction, match=r"cost \$800 but bob has \$700 \(R37\)"):
        play.buy(continental=2)
    play.buy(continental=1)
    assert play.state.cash[1] == 300


def all_tower_shares_sold() -> Game:
    """ann and bob buy every Tower share (bob founded it): 12 + 13 = 25; the bank has none."""
    lone = ["5A", "1C", "3C", "5C", "7C", "9C", "11C"]
    moves = ["1A", "2A", *lone, "6A", "7A", "4A", "3A", "9E", "10E"]
    play = Game(["12B", "12D"], moves)
    play.turn("1A")
    play.turn("2A", "tower", tower=3)
    for tile in lone:
        play.turn(tile, tower=3)
    return play


def test_r37_the_bank_limits_purchases():
    play = all_tower_shares_sold()
    assert play.state.bank["tower"] == 0
    play.place("6A")
    play.found("luxor")
    prompt = play.prompt()
    tower = prompt.actions[0].fields[0].choices[0]
    assert (tower.value, tower.limit, tower.legal) == ("tower", 0, False)
    assert all("tower" not in quick.action["shares"] for quick in prompt.quick)
    with pytest.raises(IllegalAction, match=r"only 0 Tower shares left \(R37\)"):
        play.buy(tower=1)


def test_r17_no_founders_share_when_all_25_are_held():
    play = all_tower_shares_sold()
    play.turn("6A", "luxor")
    play.turns("7A", "4A")  # Luxor: 4A-7A
    play.place("3A")  # merges Tower (2) into Luxor (4); everyone keeps the Tower shares
    play.dispose("tower", seat=0)
    play.dispose("tower", seat=1)
    play.buy()
    play.turns("9E")
    play.place("10E")
    play.found("tower")
    assert play.state.bank["tower"] == 0
    assert [p["shares"]["tower"] for p in play.summary()["players"]] == [12, 13]
    assert "ann founded Tower (2 tiles); the bank had no share of it left to give." in play.texts()
    assert game.to_json(play.replayed()) == game.to_json(play.state)
