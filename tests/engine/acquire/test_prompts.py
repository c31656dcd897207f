"""Prompt data: enough for a generic form or e-mail, and every quick answer legal."""

import json

from engine.core import game

from .scenario import Game
from .test_mergers import tower_meets_luxor


def quick_answers_all_apply(play: Game) -> None:
    (prompt,) = game.prompts(play.state)
    assert prompt.quick
    for quick in prompt.quick:
        game.apply(play.state, prompt.seat, quick.action)  # raises if one is illegal


def test_place_tile_prompt_lists_every_tile_with_what_it_does():
    play = Game(["12B", "12D"], ["1A", "2A", "3C"])
    play.turns("1A")
    prompt = play.prompt()
    assert prompt.question == "bob, which tile do you place?"
    (option,) = prompt.actions
    (field,) = option.fields
    assert (option.type, field.name, field.kind) == ("place_tile", "tile", "choice")
    details = {choice.value: choice.detail for choice in field.choices}
    assert details["2A"] == "founds a new chain"
    assert [choice.value for choice in field.choices] == sorted(
        play.state.hands[1], key=lambda tile: (tile[-1], int(tile[:-1])))
    assert "Place 2A — founds a new chain" in [quick.label for quick in prompt.quick]
    quick_answers_all_apply(play)


def test_grow_and_merge_details():
    play = tower_meets_luxor()
    details = {choice.value: choice.detail for choice in play.prompt().actions[0].fields[0].choices}
    assert details["4A"] == "merges Tower and Luxor"
    play.place("4A")
    play.dispose("luxor")
    play.dispose("luxor")
    play.dispose("luxor")
    play.buy()
    assert play.prompt().name == "place_tile"


def test_buy_prompt_is_a_counts_field_with_price_limit_total_and_budget():
    play = tower_meets_luxor()
    play.place("4A")
    for _ in range(3):
        play.dispose("luxor")
    prompt = play.prompt()
    (field,) = prompt.actions[0].fields
    assert (field.name, field.kind, field.total_max, field.budget) == ("shares", "counts", 3, 7100)
    (tower,) = field.choices
    assert (tower.value, tower.price, tower.limit) == ("tower", 600, 11)
    labels = [quick.label for quick in prompt.quick]
    assert labels == ["Buy nothing", "Buy 1 Tower share for $600", "Buy 2 Tower shares for $1,200",
                      "Buy 3 Tower shares for $1,800"]
    quick_answers_all_apply(play)


def test_dispose_prompt_fields_and_deduplicated_quick_answers():
    play = tower_meets_luxor()
    play.place("4A")
    prompt = play.prompt()
    (option,) = prompt.actions
    assert option.fixed == {"chain": "luxor"}
    sell, trade = option.fields
    assert (sell.name, sell.kind, sell.max) == ("sell", "count", 3)
    assert (trade.name, trade.kind, trade.max, trade.step) == ("trade", "count", 2, 2)
    assert [(q.action["sell"], q.action["trade"]) for q in prompt.quick] == [(0, 0), (3, 0), (1, 2), (0, 2)]
    assert [q.label for q in prompt.quick] == [
        "Keep all 3", "Sell all 3 for $600", "Trade 2 for 1 Tower, sell 1 for $200", "Trade 2 for 1 Tower, keep 1"]
    assert prompt.context["mergemaker"] == 0 and prompt.context["survivor"] == "tower"
    assert prompt.context["can_trade"] is True and prompt.question.endswith("Sell at $200, trade 2 for 1, or keep.")
    quick_answers_all_apply(play)
    play.dispose("luxor")
    # bob holds a single share: nothing to trade, so only keep and sell remain.
    prompt = play.prompt()
    assert [(q.action["sell"], q.action["trade"]) for q in prompt.quick] == [(0, 0), (1, 0)]
    assert [field.name for field in prompt.actions[0].fields] == ["sell"]
    assert prompt.actions[0].fixed == {"chain": "luxor", "trade": 0}
    assert prompt.question.endswith("Sell at $200 or keep (trading takes 2 shares).")


def test_found_chain_prompt_offers_every_free_chain():
    play = Game(["12B", "12D"], ["1A", "2A"])
    play.turns("1A")
    play.place("2A")
    prompt = play.prompt()
    assert [quick.label for quick in prompt.quick][:2] == ["Found Tower", "Found Luxor"]
    assert prompt.actions[0].fields[0].choices[0].detail == "$200 a share at 2 tiles"
    quick_answers_all_apply(play)


def test_prompts_serialise_to_json():
    play = tower_meets_luxor()
    play.place("4A")
    assert json.loads(json.dumps(play.prompt().to_json()))["name"] == "dispose_shares"
