"""Translating 18xx.games actions into our vocabulary (docs/titles/1861.md; rules 21, 22, 23 C7)."""

from __future__ import annotations

import pytest

from engine.core.errors import MalformedRecord
from engine.t1861.importer import replay_export, train_owner
from engine.t1861.share_ids import ShareIds
from engine.t1861.translate import Translator
from tests.engine.t1861.fixtures import fixture_export

OUR_TYPES = {"bid", "pass", "buy_shares", "sell_shares", "par", "place_token", "lay_tile", "dividend", "buy_train",
             "discard_train", "buy_company", "redeem_shares", "convert", "merge", "choose_major", "remove_token",
             "nationalize"}


@pytest.mark.parametrize("game", ["167259", "29683"])
def test_every_recorded_action_but_routes_has_a_translation_in_our_vocabulary(game: str) -> None:
    export = fixture_export(game)
    translator = Translator(export, acting_seat=lambda company: 0)
    for recorded in export.effective_actions():
        if recorded["type"] == "run_routes":
            continue
        translated = translator.translate(recorded)
        assert translated["action"]["type"] in OUR_TYPES
        assert all(value == value.lower() for value in translated["action"].values() if isinstance(value, str))


def _translated(game: str, action_id: int) -> dict:
    export = fixture_export(game)
    translator = Translator(export, acting_seat=lambda company: 0)
    for recorded in export.effective_actions():
        if recorded["type"] == "run_routes":
            continue
        translated = translator.translate(recorded)
        if recorded.get("id") == action_id:
            return translated["action"]
    raise AssertionError(action_id)


def test_a_sold_share_is_bought_back_from_the_pool_and_a_major_buying_redeems() -> None:
    assert _translated("29683", 419) == {"type": "sell_shares", "company": "grr", "count": 1}
    assert _translated("29683", 457) == {"type": "redeem_shares", "count": 1}  # C7
    assert _translated("29683", 314) == {"type": "buy_shares", "company": "nw", "source": "treasury"}


def test_a_sold_presidents_certificate_is_two_shares() -> None:
    """Oracle game 122, id 500: P0 sells GRR_0 (20%); it was read as one 10% share."""
    sale = Translator(fixture_export("oracle_122_presidents_certificate_sold"))._sell_shares(
        {"id": 500, "type": "sell_shares", "entity": 0, "entity_type": "player", "shares": ["GRR_0"]})
    assert sale == {"type": "sell_shares", "company": "grr", "count": 2}


def test_certificates_follow_a_presidency_swap_into_the_pool() -> None:
    """A sale hands GRR's presidency from seat 0 to seat 1: seat 1's first ordinary
    certificates go to the pool for the president's (as 18xx.games swaps them), so a later
    purchase naming one of them is from the pool, not the treasury."""
    ids = ShareIds()
    owners: list = ["treasury"] * 9
    ids.follow({"grr": {"certificates": owners}})
    ids.move(["GRR_0", "GRR_1"], 0)
    ids.move(["GRR_2", "GRR_3", "GRR_4"], 1)
    ids.follow({"grr": {"certificates": [0, 0, 1, 1, 1, *["treasury"] * 4]}})
    ids.move(["GRR_0", "GRR_1"], "pool")  # seat 0 sells all: seat 1 presides
    ids.follow({"grr": {"certificates": [1, "pool", "pool", "pool", 1, *["treasury"] * 4]}})
    assert [ids.holder(f"GRR_{number}") for number in range(5)] == [1, "pool", "pool", "pool", 1]


def test_a_merger_hands_out_the_treasurys_last_certificates() -> None:
    """Oracle game 186: SE formed from seat 0's and seat 3's minors gives them SE_8 and SE_7 (the
    treasury's last, in turn), so SE_7, in the pool after a presidency swap, is what SE redeems."""
    ids = ShareIds()
    ids.follow({"se": {"certificates": ["treasury"] * 9}})
    ids.follow({"se": {"certificates": ["treasury", 0, 3, *["treasury"] * 6]}})
    assert (ids.holder("SE_8"), ids.holder("SE_7"), ids.holder("SE_1")) == (0, 3, "treasury")


def test_a_merger_owner_taking_the_presidency_hands_back_a_certificate_to_the_treasurys_end() -> None:
    """Oracle game 236: SE formed from minors of seats 0, 1 and 0, in operating order.  Seat 0
    gets SE_8, seat 1 SE_7; seat 0's second minor swaps SE_8 back for the president's
    certificate, and SE_8 goes to the end of the treasury, so a later purchase of SE_8 is from
    the treasury (counting alone would have left SE_8 with seat 1)."""
    ids = ShareIds()
    ids.follow({"se": {"certificates": ["treasury"] * 9}})
    ids.merge("SE", [0, 1, 0])
    ids.follow({"se": {"certificates": [0, 1, *["treasury"] * 7]}})
    assert (ids.holder("SE_0"), ids.holder("SE_7"), ids.holder("SE_8")) == (0, 1, "treasury")
    ids.move(["SE_8"], 2)  # the treasury's last goes first when the next share is bought from it
    ids.follow({"se": {"certificates": [0, 1, 2, *["treasury"] * 6]}})
    assert ids.holder("SE_6") == "treasury"


def test_a_nationalised_majors_certificates_are_made_anew_in_number_order() -> None:
    """Oracle game 2: SW went back to its treasury (15.3) with its ids in another order; formed
    again by a merger, it hands out SW_8 and SW_7, the fresh treasury's last."""
    ids = ShareIds()
    ids.follow({"sw": {"certificates": ["treasury"] * 9}})
    ids.move(["SW_0", "SW_1", "SW_2"], 0)
    ids.follow({"sw": {"certificates": [0, 0, 0, *["treasury"] * 6]}})
    ids.follow({"sw": {"certificates": ["treasury"] * 9}})  # nationalised
    ids.merge("SW", [1, 2])
    ids.follow({"sw": {"certificates": ["treasury", 1, 2, *["treasury"] * 6]}})
    assert (ids.holder("SW_8"), ids.holder("SW_7"), ids.holder("SW_1")) == (1, 2, "treasury")


def test_tokens_name_their_city_by_hex_through_the_tile_copies_laid() -> None:
    assert _translated("167259", 602) == {"type": "place_token", "hex": "f18", "city": 0}
    token = _translated("29683", 461)
    assert token["type"] == "place_token" and token["hex"] == "i13"  # R3: 15-0 lies in I13


def test_a_merge_naming_a_major_chooses_it_and_a_decline_stays_a_pass() -> None:
    assert _translated("29683", 312) == {"type": "merge", "minor": "n"}
    assert _translated("167259", 316) == {"type": "choose_major", "major": "mk"}
    assert _translated("167259", 583) == {"type": "nationalize"}
    assert _translated("167259", 601) == {"type": "par", "company": "grr", "price": 180}


def test_the_first_train_comes_from_the_depot() -> None:
    assert _translated("167259", 45) == {"type": "buy_train", "train": "2-0", "source": "depot"}


def test_a_company_action_without_the_games_state_is_refused_in_words() -> None:
    translator = Translator(fixture_export("167259"))
    with pytest.raises(MalformedRecord, match="needs the game's state"):
        translator.translate({"type": "pass", "entity": "N", "entity_type": "corporation", "id": 44})


def test_12_10_a_train_bought_from_a_company_names_its_owner_now_after_a_conversion() -> None:
    """12.10, 14.2: a converted minor's trains are the major's; a later purchase of one comes
    from the major (18xx.games' buy_train names no seller, so the game's state says who)."""
    export = fixture_export("167259")
    imported = replay_export(export, until=316)  # KR converts into MK and takes its trains
    state = imported.state
    train = state.majors["mk"]["trains"][0]
    translator = Translator(export, acting_seat=lambda company: 0, train_owner=lambda copy: train_owner(state, copy))
    recorded = {"id": 10_000, "type": "buy_train", "entity": "NW", "entity_type": "corporation",
                "train": train, "price": 10}
    assert translator.translate(recorded)["action"] == {"type": "buy_train", "train": train, "source": "mk",
                                                        "price": 10}
