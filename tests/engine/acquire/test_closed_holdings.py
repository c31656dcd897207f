"""Closed holdings in the log (D13): purchases, founder's shares and disposals are their player's alone."""

from engine.acquire.closed_holdings import sealed
from engine.core.events import visible_events

from .scenario import Game

START = ["12B", "12D", "12F"]  # ann, bob, cy; ann starts


def merger_game(**options) -> Game:
    """Tower founded by bob and Luxor by ann, Luxor bought by all, then ann merges Luxor into Tower and all dispose."""
    play = Game(START, ["1A", "2A", "5A", "6A", "3A", "1C", "4A"], **options)
    play.turn("1A")
    play.turn("2A", "tower")
    play.turn("5A")
    play.turn("6A", "luxor", luxor=2)
    play.turn("3A", luxor=1)
    play.turn("1C", luxor=3)
    play.place("4A")
    play.dispose("luxor", sell=1, trade=2)
    play.dispose("luxor")
    play.dispose("luxor", sell=3)
    return play


def lines(play: Game, seat: int | None) -> list[str]:
    return [line["text"] for line in visible_events(play.events, seat)]


def test_other_seats_read_that_it_happened_and_not_how_much():
    play = merger_game(open_holdings=False)
    public = lines(play, None)
    assert "ann founded Luxor (2 tiles)." in public
    assert "ann bought shares." in public and "cy bought shares." in public
    assert "bob decided what to do with their Luxor shares." in public
    assert not [line for line in public if "$" in line and "bonus" not in line]
    assert not [line for line in public if "founder's share" in line or "kept" in line]
    for seat, name in enumerate(["ann", "bob", "cy"]):
        others = [line for line in lines(play, (seat + 1) % 3) if line.startswith(f"{name} ")]
        assert not [line for line in others if "$" in line and "bonus" not in line]


def test_each_seat_reads_its_own_lines_in_full():
    play = merger_game(open_holdings=False)
    assert "bob bought 1 Luxor share for $200." in lines(play, 1)
    assert "bob founded Tower (2 tiles) and received the founder's share." in lines(play, 1)
    assert "bob kept 1 Luxor share." in lines(play, 1)
    assert "ann sold 1 Luxor share for $200 and traded 2 Luxor for 1 Tower share." in lines(play, 0)


def test_bonuses_and_who_receives_them_stay_public_r29():
    play = merger_game(open_holdings=False)
    bonuses = [line for line in lines(play, None) if "bonus" in line]
    assert bonuses == [line for line in lines(play, 0) if "bonus" in line] and len(bonuses) == 2


def test_open_holdings_keep_every_line_but_the_tiles_public():
    play = merger_game()
    public = [event.text for event in play.events if event.only_seat is None]
    assert [line for line in lines(play, None) if " drew " not in line] == public
    assert "ann bought 2 Luxor shares for $400." in lines(play, None)


def test_sealing_twice_changes_nothing():
    play = merger_game(open_holdings=False)
    closed = {"open_holdings": False}
    assert sealed(play.state.players, closed, play.events) == play.events
