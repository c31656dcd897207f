"""Mergers: survivor, bonuses, disposal order and limits, several defunct chains (R26-R35, D8, D11)."""

import pytest

from engine.core import game
from engine.core.errors import IllegalAction

from .positions import tiles_of
from .scenario import Game

START = ["12B", "12D", "12F"]  # ann, bob, cy; ann starts


def tower_meets_luxor() -> Game:
    """Tower 1A-3A (3 tiles) and Luxor 5A-6A (2); ann holds 3 Luxor, bob 1, cy 3; ann places 4A next."""
    play = Game(START, ["1A", "2A", "5A", "6A", "3A", "1C", "4A"])
    play.turn("1A")
    play.turn("2A", "tower")
    play.turn("5A")
    play.turn("6A", "luxor", luxor=2)
    play.turn("3A", luxor=1)
    play.turn("1C", luxor=3)
    return play


def test_r26_r29_largest_survives_and_defunct_bonuses_use_the_size_before_the_tile():
    play = tower_meets_luxor()
    play.place("4A")
    # Luxor has 2 tiles (4A is not counted): $2,000 + $1,000 split by ann and cy, tied with 3 shares.
    assert [p["cash"] for p in play.summary()["players"]] == [6000 - 400 + 1500, 6000 - 200, 6000 - 600 + 1500]
    assert play.waiting == [{"seat": 0, "prompt": "dispose_shares"}]
    summary = play.summary()
    assert summary["board"]["4A"] is None and summary["chains"]["luxor"] == {"size": 2, "safe": False, "price": 200}


def test_r32_holders_dispose_mergemaker_first_and_the_tiles_join_the_survivor_afterwards():
    play = tower_meets_luxor()
    play.place("4A")
    play.dispose("luxor", sell=1, trade=2)  # ann
    assert play.waiting == [{"seat": 1, "prompt": "dispose_shares"}]
    play.dispose("luxor")  # bob keeps his share
    play.dispose("luxor", sell=3)  # cy sells at the pre-merger price, $200
    summary = play.summary()
    assert play.waiting == [{"seat": 0, "prompt": "buy_shares"}]
    assert [summary["board"][f"{column}A"] for column in range(1, 7)] == ["tower"] * 6
    assert summary["chains"]["tower"]["size"] == 6 and summary["chains"]["luxor"]["size"] == 0
    assert [p["shares"] for p in summary["players"]] == [{"tower": 1}, {"tower": 1, "luxor": 1}, {}]
    assert [p["cash"] for p in summary["players"]] == [7100 + 200, 5800, 6900 + 600]
    assert play.state.bank["luxor"] == 24 and play.state.bank["tower"] == 23
    assert "ann sold 1 Luxor share for $200 and traded 2 Luxor for 1 Tower share." in play.texts()
    assert "bob kept 1 Luxor share." in play.texts()


def test_r28_a_defunct_chain_can_be_founded_again_and_kept_shares_come_back_to_life():
    play = tower_meets_luxor()
    play.place("4A")
    play.dispose("luxor")
    play.dispose("luxor")
    play.dispose("luxor")
    assert play.prompt().name == "buy_shares"
    assert [choice.value for choice in play.prompt().actions[0].fields[0].choices] == ["tower"]  # R38
    assert play.summary()["players"][0]["shares"] == {"luxor": 3}


def survivor_tie() -> Game:
    """Tower 1A-2A (bob founded) and Luxor 4A-5A (ann founded); bob 1 Luxor, cy 2; bob places 3A next."""
    moves = ["1A", ("2A", "tower"), "4A", ("5A", "luxor"), "1C", "3C", "5C", "3A"]
    play = Game(START, tiles_of(moves))
    play.turns(*moves[:4])
    play.turn("1C", luxor=1)
    play.turn("3C", luxor=2)
    play.turn("5C")
    return play


def test_r27_a_tie_for_largest_lets_the_mergemaker_choose_the_survivor():
    play = survivor_tie()
    play.place("3A")
    prompt = play.prompt()
    assert (prompt.seat, prompt.name) == (1, "choose_survivor")
    assert [quick.action for quick in prompt.quick] == [
        {"type": "choose_survivor", "chain": "tower"}, {"type": "choose_survivor", "chain": "luxor"}]
    assert play.summary()["chains"]["tower"]["size"] == 2  # nothing moves before the choice
    play.survivor("tower")
    # Luxor's bonuses: cy holds 2 (majority $2,000), ann and bob 1 each share the $1,000 minority.
    assert [p["cash"] for p in play.summary()["players"]] == [6500, 6000 - 200 + 500, 6000 - 400 + 2000]


def test_r32_disposal_goes_clockwise_from_the_mergemaker():
    play = survivor_tie()
    play.place("3A")
    play.survivor("tower")
    order = []
    while play.phase == "dispose_shares":
        order.append(play.waiting[0]["seat"])
        play.dispose("luxor")
    assert order == [1, 2, 0]


def test_r27_only_a_tied_largest_chain_may_survive():
    play = Game(START, ["1A", "2A", "4A", "5A", "6A", "3A"])
    play.turns("1A", ("2A", "tower"), "4A", ("5A", "luxor"), "6A")
    play.place("3A")  # Luxor has 3 tiles, Tower 2: no choice, Luxor survives
    assert play.phase == "dispose_shares"
    assert "Luxor survives as the largest chain; Tower will be absorbed." in play.texts()


def test_r33_trades_are_even_and_limited_by_the_survivors_bank_stock():
    moves = ["1A", "2A", "5A", "6A", "3A", "1C", "3C", "5C", "7C", "9C", "11C", "1E", "4A"]
    play = Game(["12B", "12D"], moves)
    play.turn("1A")
    play.turn("2A", "tower", tower=3)
    play.turn("5A", tower=3)
    play.turn("6A", "luxor", tower=3)
    play.turn("3A", luxor=3)
    play.turn("1C", tower=3)
    play.turn("3C", luxor=3)
    play.turn("5C", tower=3)
    play.turn("7C", tower=3)
    play.turn("9C", tower=3)
    play.turn("11C", tower=2, luxor=1)
    play.turn("1E", luxor=1)
    assert play.state.bank["tower"] == 1
    assert [play.state.shares[seat]["luxor"] for seat in (0, 1)] == [7, 2]
    play.place("4A")
    trade_field = play.prompt().actions[0].fields[1]
    assert (trade_field.name, trade_field.max, trade_field.step) == ("trade", 2, 2)
    before = game.to_json(play.state)
    with pytest.raises(IllegalAction, match=r"only 1 Tower share left, so at most 2 Luxor shares can be traded \(R33"):
        play.dispose("luxor", trade=4)
    with pytest.raises(IllegalAction, match="so the number to trade must be even, not 1"):  # not "so trade must"
        play.dispose("luxor", trade=1)
    with pytest.raises(IllegalAction, match="holds 7 Luxor shares"):
        play.dispose("luxor", sell=6, trade=2)
    assert game.to_json(play.state) == before
    play.dispose("luxor", sell=5, trade=2)
    # ann took the last Tower share: bob is left out and is offered only selling or keeping.
    prompt = play.prompt()
    (option,) = prompt.actions
    assert prompt.seat == 1 and [field.name for field in option.fields] == ["sell"]
    assert option.fixed == {"chain": "luxor", "trade": 0} and prompt.context["can_trade"] is False
    assert prompt.question.endswith("or keep (the bank has no Tower shares left to trade for).")
    assert [q.label for q in prompt.quick] == ["Keep all 2", "Sell all 2 for $400"]
    with pytest.raises(IllegalAction, match=r"only 0 Tower shares left.*\(R33\)"):
        play.dispose("luxor", trade=2)
    play.dispose("luxor", sell=1)
    assert [p["shares"] for p in play.summary()["players"]] == [{"tower": 8 + 1}, {"tower": 16, "luxor": 1}]


def three_way(extra_tower: bool = False) -> Game:
    """Tower 3B-4B, Luxor 6B-7B, American 5C-5D, all founded around 5B; ann places 5B next."""
    moves = ["3B", ("4B", "tower"), "7B", ("6B", "luxor"), "5D", ("5C", "american")]
    if extra_tower:
        moves += ["1F", "2B", "3F"]  # bob grows Tower to 3 tiles
    moves.append("5B")
    play = Game(START, tiles_of(moves))
    play.turns(*moves[:-1])
    return play


def test_r34_d8_three_equal_chains_survivor_then_defunct_order_chosen_by_the_mergemaker():
    play = three_way()
    play.place("5B")
    assert play.prompt().name == "choose_survivor" and len(play.prompt().quick) == 3
    play.survivor("luxor")
    assert play.prompt().name == "choose_defunct"
    assert {quick.action["chain"] for quick in play.prompt().quick} == {"tower", "american"}
    with pytest.raises(IllegalAction, match="R34"):
        play.defunct("luxor")
    events = play.defunct("american")
    # Told as the survivor's choice is ("chose Luxor to survive"), not "resolves American next" beside it.
    assert events[0].text.endswith("chose American to be resolved next.")
    # American's bonuses are paid (cy, sole holder: $3,000 + $1,500); Tower's wait for its turn.
    assert [p["cash"] for p in play.summary()["players"]] == [6000, 6000, 10500]
    assert play.waiting == [{"seat": 2, "prompt": "dispose_shares"}]
    assert play.prompt().context["chain"] == "american"
    play.dispose("american", trade=0, sell=1)
    assert [p["cash"] for p in play.summary()["players"]] == [6000, 9000, 10800]
    assert play.prompt().context["chain"] == "tower"
    play.dispose("tower")
    assert play.summary()["chains"]["luxor"]["size"] == 7
    assert play.waiting == [{"seat": 0, "prompt": "buy_shares"}]


def test_d8_choose_defunct_only_when_the_largest_remaining_defuncts_tie():
    play = three_way(extra_tower=True)  # Tower has 3 tiles: it survives without a question
    play.place("5B")
    prompt = play.prompt()
    assert prompt.name == "choose_defunct" and prompt.context["survivor"] == "tower"
    assert [quick.action["chain"] for quick in prompt.quick] == ["luxor", "american"]
    assert "Tower survives as the largest chain; Luxor and American will be absorbed." in play.texts()


def test_d8_a_larger_defunct_goes_first_without_a_question():
    moves = ["3B", ("4B", "tower"), "7B", ("6B", "luxor"), "5D", ("5C", "american"), "1F", "2B", "3F", "8B",
             "10D", "8D", "5B"]
    play = Game(START, tiles_of(moves))
    play.turns(*moves[:-1])  # Tower and Luxor grew to 3 tiles (2B, 8B), American has 2
    play.place("5B")
    assert play.prompt().name == "choose_survivor"
    play.survivor("tower")  # Luxor (3) is resolved before American (2) without a question
    assert play.prompt().name == "dispose_shares" and play.prompt().context["chain"] == "luxor"


def test_r34_four_chains_merge_with_survivor_and_defunct_ties_each_asked():
    moves = ["5C", ("5D", "tower"), "5G", ("5F", "luxor"), "3E", ("4E", "american"), "7E", ("6E", "worldwide"),
             "5E"]
    play = Game(["12A", "12C"], tiles_of(moves))
    play.turns(*moves[:-1])
    play.place("5E")
    asked = []
    while play.phase != "buy_shares":
        prompt = play.prompt()
        asked.append((prompt.name, len(prompt.quick)))
        if prompt.name == "choose_survivor":
            play.survivor("tower")
        elif prompt.name == "choose_defunct":
            play.defunct(prompt.quick[-1].action["chain"])
        else:
            play.dispose(prompt.context["chain"], sell=1)
    assert asked == [("choose_survivor", 4), ("choose_defunct", 3), ("dispose_shares", 2),
                     ("choose_defunct", 2), ("dispose_shares", 2), ("dispose_shares", 2)]
    assert play.summary()["chains"]["tower"]["size"] == 9
    assert play.summary()["players"][1]["shares"] == {"tower": 1}


def test_r35_bonus_for_the_next_defunct_is_paid_after_the_previous_disposals():
    play = three_way()
    play.place("5B")
    play.survivor("luxor")
    play.defunct("tower")
    kinds = [event.kind for event in play.events]
    assert kinds[-2:] == ["defunct_order", "bonus"]
    play.dispose("tower")
    assert [event.kind for event in play.events[-2:]] == ["dispose", "bonus"]


def test_r19_d11_loose_tiles_touching_the_merging_tile_join_the_survivor():
    # Tower 3B-4B, Luxor 6B-7B, a loose 5C under the merging cell 5B.
    moves = ["3B", ("4B", "tower"), "7B", ("6B", "luxor"), "5C", "1E", "5B"]
    play = Game(START, tiles_of(moves))
    play.turns(*moves[:-1])
    play.place("5B")
    play.survivor("tower")
    assert play.summary()["board"]["5C"] is None  # nothing moves before the merger is resolved
    play.dispose("luxor")  # ann founded Luxor
    board = play.summary()["board"]
    assert [board[tile] for tile in ("3B", "4B", "5B", "5C", "6B", "7B")] == ["tower"] * 6
    assert play.summary()["chains"]["tower"]["size"] == 6
