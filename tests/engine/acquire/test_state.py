"""The state as plain data: JSON round trip and independent copies (the service snapshots and copies it)."""

import json

from engine.acquire.state import AcquireState
from engine.core import game

from .test_mergers import tower_meets_luxor


def test_state_json_round_trip_is_lossless_mid_merger():
    play = tower_meets_luxor()
    play.place("4A")
    saved = game.to_json(play.state)
    assert saved["title"] == "acquire" and saved["merger"]["defunct"] == "luxor"
    restored = game.from_json(json.loads(json.dumps(saved)))
    assert isinstance(restored, AcquireState) and game.to_json(restored) == saved
    assert game.summary(restored) == play.summary()


def test_apply_leaves_the_original_state_alone():
    play = tower_meets_luxor()
    before = game.to_json(play.state)
    after, events = game.apply(play.state, 0, {"type": "place_tile", "tile": "4A"})
    assert game.to_json(play.state) == before
    assert after.merger is not None and play.state.merger is None
    assert after.actions_applied == play.state.actions_applied + 1 and events


def test_copies_share_no_mutable_part():
    play = tower_meets_luxor()
    play.place("4A")
    copy = play.state.copy()
    copy.hands[0].append("X")
    copy.shares[0]["tower"] = 99
    copy.board.clear()
    copy.merger.queue.clear()
    copy.options["tile_bag"].clear()
    assert "X" not in play.state.hands[0] and play.state.shares[0]["tower"] != 99
    assert play.state.board and play.state.merger.queue and play.state.options["tile_bag"]
