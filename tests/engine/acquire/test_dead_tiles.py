"""Safe chains and dead tiles (R22-R24, D4)."""

import pytest

from engine.core import game
from engine.core.errors import IllegalAction

from .positions import two_safe_chains


def test_r22_chains_of_eleven_tiles_are_safe():
    play = two_safe_chains()
    chains = play.summary()["chains"]
    assert chains["tower"] == {"size": 11, "safe": True, "price": 700}
    assert chains["luxor"] == {"size": 11, "safe": True, "price": 700}


def test_r23_a_tile_joining_two_safe_chains_is_dead_and_refused():
    play = two_safe_chains(hold={0: ["5B"]}, extra=["10E"])
    choice = next(c for c in play.prompt().actions[0].fields[0].choices if c.value == "5B")
    assert (choice.legal, choice.detail) == (False, "dead: would join two safe chains (R23)")
    before = game.to_json(play.state)
    with pytest.raises(IllegalAction, match=r"^5B is dead: it would join two safe chains \(R23\)\.$"):
        play.place("5B")
    assert game.to_json(play.state) == before


def test_r24_d4_dead_tiles_are_set_aside_after_the_draw_once_and_a_dead_replacement_waits():
    # ann holds 5B; after her turn's draw it is removed and replaced by 6B, itself dead.
    play = two_safe_chains(hold={0: ["5B"]}, extra=["10E"], tail=["6B", "12H"])
    play.turn("10E")
    assert play.state.removed == ["5B"]
    assert "6B" in play.state.hands[0] and len(play.state.hands[0]) == 6
    assert "ann set aside the dead tile 5B: it would join two safe chains (R23)." in play.texts()
    removal = next(event for event in play.events if event.kind == "dead_tile")
    assert removal.only_seat is None  # public: the tile leaves the game face up
    # bob's turn, then ann's next turn: only now does 6B go.
    play.turn(play.prompt().quick[0].action["tile"])
    play.turn(play.prompt().quick[0].action["tile"])
    assert play.state.removed[:2] == ["5B", "6B"]


def test_d4_dead_tiles_are_removed_even_when_the_bag_is_empty():
    play = two_safe_chains(hold={0: ["5B"]}, extra=["10E"])
    play.state.bag.clear()  # position edited: the bag has run out
    play.turn("10E")
    assert play.state.removed == ["5B"] and len(play.state.hands[0]) == 4


def test_r20_tiles_that_would_found_an_8th_chain_are_never_exchanged():
    from .positions import seven_chains

    play = seven_chains(hold={0: ["1E", "3B"]})
    play.turn("3B")
    assert "1E" in play.state.hands[0] and play.state.removed == []
