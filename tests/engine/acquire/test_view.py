"""Views per seat (R7, D13) and the replay summary's Acquire keys."""

import json

from engine.core import game

from .scenario import Game
from .test_mergers import tower_meets_luxor


def test_a_seat_sees_its_own_hand_with_effects_and_never_another_hand():
    play = tower_meets_luxor()
    shown = game.view(play.state, 0)
    assert [entry["tile"] for entry in shown["hand"]] == sorted(
        play.state.hands[0], key=lambda tile: (tile[-1], int(tile[:-1])))
    assert {"tile": "4A", "effect": "merges Tower and Luxor", "playable": True} in shown["hand"]
    text = json.dumps(shown)
    for tile in play.state.hands[1] + play.state.hands[2]:
        assert f'"{tile}"' not in text
    assert shown["prompt"]["name"] == "place_tile"
    assert "prompt" not in game.view(play.state, 1)


def test_spectators_see_no_tiles_in_hand_but_the_board_chains_and_bag():
    play = tower_meets_luxor()
    shown = game.view(play.state, None)
    assert "hand" not in shown and "prompt" not in shown
    assert shown["bag"] == len(play.state.bag)
    assert shown["chains"]["tower"] == {
        "name": "Tower", "size": 3, "on_board": True, "safe": False, "price": 300,
        "majority_bonus": 3000, "minority_bonus": 1500, "bank_shares": 24}
    assert shown["players"][1] == {
        "seat": 1, "name": "bob", "tiles": 6, "cash": 5800, "shares": {"tower": 1, "luxor": 1}}


def test_d13_hidden_holdings_show_only_your_own_but_the_bank_stays_public():
    play = Game(["12B", "12D"], ["1A", "2A"], open_holdings=False)
    play.turns("1A", ("2A", "tower"))
    mine = game.view(play.state, 0)
    assert mine["players"][0]["cash"] == 6000
    assert "cash" not in mine["players"][1] and "shares" not in mine["players"][1]
    assert mine["chains"]["tower"]["bank_shares"] == 24
    spectator = game.view(play.state, None)
    assert all("cash" not in player for player in spectator["players"])
    # The replay output always shows everything.
    assert play.summary()["players"][1]["shares"] == {"tower": 1}


def test_summary_lists_every_chain_and_every_placed_tile():
    play = tower_meets_luxor()
    summary = play.summary()
    assert list(summary["chains"]) == ["tower", "luxor", "american", "worldwide", "festival", "imperial",
                                       "continental"]
    assert summary["chains"]["american"] == {"size": 0, "safe": False, "price": 0}
    assert summary["board"] == {"1A": "tower", "2A": "tower", "3A": "tower", "5A": "luxor", "6A": "luxor",
                                "12B": None, "1C": None, "12D": None, "12F": None}
    assert list(summary)[:6] == ["title", "status", "actions_applied", "waiting_for", "players", "standings"]
    assert summary["actions_applied"] == len(play.record["actions"])


def test_the_merger_in_progress_names_its_chains_for_players():
    play = tower_meets_luxor()
    play.place("4A")
    merger = game.view(play.state, None)["merger"]
    assert (merger["survivor"], merger["defunct"]) == ("tower", "luxor")
    assert (merger["survivor_name"], merger["defunct_name"]) == ("Tower", "Luxor")
