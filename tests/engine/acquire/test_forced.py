"""Acquire's forced answers: which prompts have one legal answer, and the note that says why."""

from engine.core import game

from .scenario import Game


def test_buying_is_forced_while_no_chain_is_on_the_board():
    play = Game(["12B", "12D"], ["1A"])
    play.place("1A")
    forced = game.forced_answer(play.state)
    assert (forced.seat, forced.action) == (0, {"type": "buy_shares", "shares": {}})
    assert forced.note.text == "Answered for ann, who could buy no shares: no chain is on the board."
    assert forced.note.only_seat is None


def test_placing_and_founding_among_several_chains_are_never_forced():
    play = Game(["12B", "12D"], ["1A", "2A"])
    assert game.forced_answer(play.state) is None  # place_tile, even though every tile is playable
    play.turns("1A")
    play.place("2A")
    assert play.phase == "found_chain" and game.forced_answer(play.state) is None


def tower_on_the_board(**options) -> Game:
    """bob has just founded Tower (2 tiles) and is asked to buy."""
    play = Game(["12B", "12D"], ["1A", "2A"], **options)
    play.turns("1A")
    play.place("2A")
    play.found("tower")
    return play


def test_buying_is_not_forced_while_a_share_is_affordable():
    assert game.forced_answer(tower_on_the_board().state) is None


def test_short_cash_forces_buying_and_the_note_stays_private_when_holdings_are_closed():
    for open_holdings in (True, False):
        play = tower_on_the_board(open_holdings=open_holdings)
        play.state.cash[1] = 100  # Tower costs $200 a share at 2 tiles
        forced = game.forced_answer(play.state)
        assert (forced.seat, forced.action) == (1, {"type": "buy_shares", "shares": {}})
        assert forced.note.text == (
            "Answered for bob, who could buy no shares: bob cannot afford any share left in the bank.")
        assert forced.note.only_seat == (None if open_holdings else 1)
        assert forced.note.seen_by(0) == (forced.note.text if open_holdings else "bob bought no shares.")
        assert forced.replaces == "buy"  # the note is the answer's one line: "bob bought no shares." is not logged


def test_founding_the_only_chain_left_reads_as_one_line_with_the_founders_share():
    """R16: the last chain is founded for the player; the log's one line says why, what and the free share."""
    from engine.acquire.chains import CHAIN_IDS
    from engine.core.forced import answer_events

    play = Game(["12B", "12D"], ["1A", "2A"])
    play.turns("1A")
    play.place("2A")
    for chain in CHAIN_IDS[1:]:
        play.state.sizes[chain] = 2  # every other chain is on the board (as far as founding is concerned)
    forced = game.forced_answer(play.state)
    assert forced.action == {"type": "found_chain", "chain": CHAIN_IDS[0]}
    events = game.apply_in_place(play.state, forced.seat, forced.action)
    (line, *rest) = answer_events(forced, events)
    name = CHAIN_IDS[0].capitalize()
    assert line.text == (f"Answered for bob ({name} is the only chain left to found): "
                         f"bob founded {name} (2 tiles) and received the founder's share.")
    assert not [event for event in rest if event.kind == "found"]
