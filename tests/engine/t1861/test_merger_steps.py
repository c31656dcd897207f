"""What follows the choice of the major in a merger (14.3, 23 R3, R7, 12.9): the other owners'
consent (Turnpost's option ``merger_consent``), token reduction, a presidency bought in the
share buying, a merger that fails, discards, and what the merged major's next token costs.

Positions come from 167259's merger round after OR 3.2 at id 327: cy's MNN (₽110, H8 city 2)
is asked; connected are cy's KK (₽80, D14 city 1) and MB (₽135, E9), dee's M-K (₽110, H8
city 0), and ann's E (₽120).  Owners are re-seated where a test needs another owner.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import IllegalAction
from engine.t1861 import company_turn, holdings
from engine.t1861.state import State, total_money
from engine.t1861.title import TITLE
from tests.engine.t1861.games import asked, fixture_replay, play

ANN, BOB, CY, DEE = 0, 1, 2, 3


@pytest.fixture(scope="module")
def _mnns_turn() -> dict[str, Any]:
    state, reached, refusal = fixture_replay("167259", until=327)
    assert reached == 327, refusal
    assert asked(state) == (CY, "merger_turn") and state.round["order"][state.round["index"]] == "mnn"
    return TITLE.to_json(state)


@pytest.fixture
def mnns_turn(_mnns_turn: dict[str, Any]) -> State:
    """A fresh copy of the position for every test (consent off, as imported)."""
    return TITLE.from_json(_mnns_turn)


def _refused_changes_nothing(state: State, seat: int, action: dict[str, Any], match: str) -> None:
    before = TITLE.to_json(state)
    with pytest.raises(IllegalAction, match=match):
        TITLE.apply_in_place(state, seat, action)
    assert TITLE.to_json(state) == before


def _merge(state: State, *minors: str, major: str = "mkn") -> State:
    for minor in minors:
        if asked(state)[1] == "merger_turn":
            play(state, CY, "merge", minor=minor)
    if asked(state)[1] == "merger_turn":
        play(state, CY, "pass")
    return play(state, CY, "choose_major", major=major)


def _quick_answers_are_legal(state: State) -> None:
    """Every quick answer of every prompt is accepted (a one-click mail link works)."""
    for prompt in TITLE.prompts(state):
        for answer in prompt.quick:
            trial = TITLE.copy_state(state)
            TITLE.apply_in_place(trial, prompt.seat, answer.action)


# Consent (Turnpost's option merger_consent, docs/titles/1861.md) ----------------------------

def test_with_consent_on_each_other_owner_is_asked_at_once(mnns_turn: State) -> None:
    """dee's M-K and ann's E are taken: both are asked, each with a prompt of their own whose
    quick answers accept or decline."""
    mnns_turn.options["merger_consent"] = True
    _merge(mnns_turn, "m-k", "e")
    waiting = TITLE.waiting(mnns_turn)
    assert [(entry.seat, entry.prompt) for entry in waiting] == [(DEE, "merger_consent"), (ANN, "merger_consent")]
    prompts = TITLE.prompts(mnns_turn)
    assert [prompt.seat for prompt in prompts] == [DEE, ANN]
    assert [answer.action for answer in prompts[0].quick] == [{"type": "consent", "accept": True},
                                                               {"type": "consent", "accept": False}]
    assert prompts[0].actions[0].fields[0].kind == "bool"
    assert "M-K" in prompts[0].question and "MKN" in prompts[0].question
    _quick_answers_are_legal(mnns_turn)


def test_the_merger_forms_once_every_other_owner_accepts(mnns_turn: State) -> None:
    mnns_turn.options["merger_consent"] = True
    _merge(mnns_turn, "m-k", "e")
    play(mnns_turn, ANN, "consent", accept=True)
    assert [entry.seat for entry in TITLE.waiting(mnns_turn)] == [DEE]
    assert mnns_turn.majors["mkn"]["status"] == "unstarted"
    play(mnns_turn, DEE, "consent", accept=True)
    assert mnns_turn.majors["mkn"]["status"] == "started"
    assert {holdings.percent_of(mnns_turn, "mkn", seat) for seat in (ANN, CY, DEE)} == {10}


def test_a_decline_stops_the_merger_and_the_acting_owner_goes_on_without_that_owners_minors(
        mnns_turn: State) -> None:
    """Turnpost: nothing of the merger happens; cy is asked again for MNN's turn, may merge
    otherwise, convert or pass, and dee's minors are not offered again this turn."""
    mnns_turn.options["merger_consent"] = True
    before = TITLE.to_json(mnns_turn)
    _merge(mnns_turn, "m-k", "e")
    play(mnns_turn, ANN, "consent", accept=True)
    play(mnns_turn, DEE, "consent", accept=False)
    after = TITLE.to_json(mnns_turn)
    for part in ("cash", "minors", "majors", "privates", "board", "bank"):
        assert after[part] == before[part], part
    assert asked(mnns_turn) == (CY, "merger_turn")
    merge = next(option for option in TITLE.prompts(mnns_turn)[0].actions if option.type == "merge")
    offered = [choice.value for choice in merge.fields[0].choices]
    assert "m-k" not in offered and "mv" not in offered and "kk" in offered  # mv is dee's too
    _refused_changes_nothing(mnns_turn, CY, {"type": "merge", "minor": "m-k"}, "cannot join")
    play(mnns_turn, CY, "pass")
    assert mnns_turn.round["order"][mnns_turn.round["index"]] == "m-k"


def test_a_consent_must_be_true_or_false_and_only_the_asked_owners_answer(mnns_turn: State) -> None:
    mnns_turn.options["merger_consent"] = True
    _merge(mnns_turn, "m-k")
    _refused_changes_nothing(mnns_turn, DEE, {"type": "consent", "accept": "yes"}, "true or false")
    _refused_changes_nothing(mnns_turn, BOB, {"type": "consent", "accept": True}, "turn")
    _refused_changes_nothing(mnns_turn, CY, {"type": "consent", "accept": True}, "turn")


def test_ones_own_minors_need_no_consent(mnns_turn: State) -> None:
    mnns_turn.options["merger_consent"] = True
    _merge(mnns_turn, "kk")
    assert asked(mnns_turn)[1] == "merger_shares" and mnns_turn.majors["mkn"]["status"] == "started"


def test_with_consent_off_the_merger_counts_as_accepted(mnns_turn: State) -> None:
    """Imports (18xx.games never asks): the merger forms at once."""
    _merge(mnns_turn, "m-k", "e")
    assert mnns_turn.majors["mkn"]["status"] == "started"
    assert all(entry.prompt != "merger_consent" for entry in TITLE.waiting(mnns_turn))


# Token reduction (14.3, R3) -----------------------------------------------------------------

def test_two_tokens_in_one_hex_make_the_president_remove_one(mnns_turn: State) -> None:
    """MNN (H8 city 2), M-K (H8 city 0) and KK (D14): cy, with two minors, presides and must
    first remove one of the two in Moscow (a crowded hex first)."""
    _merge(mnns_turn, "m-k", "kk")
    assert asked(mnns_turn) == (CY, "remove_token")
    prompt = TITLE.prompts(mnns_turn)[0]
    assert prompt.context["tokens"] == [["H8", 2], ["H8", 0]]
    _quick_answers_are_legal(mnns_turn)
    _refused_changes_nothing(mnns_turn, CY, {"type": "remove_token", "hex": "d14", "city": 1}, "cannot be removed")
    _refused_changes_nothing(mnns_turn, CY, {"type": "remove_token", "hex": "h8", "city": True}, "city")
    play(mnns_turn, CY, "remove_token", hex="h8", city=0)
    assert sorted(mnns_turn.board.token_hexes("MKN")) == ["D14", "H8"]
    assert asked(mnns_turn)[1] == "merger_shares"
    assert company_turn.next_token_price(mnns_turn, "mkn") == 40  # R3: two on the map, one ₽40 left


def test_removing_the_first_minors_token_leaves_a_free_token(mnns_turn: State) -> None:
    """R3's example: two minors in separate Moscow cities, one removed; removing T0 (MNN's,
    first in operating order) leaves the ₽0 token unplaced, so the next token is free."""
    _merge(mnns_turn, "m-k")
    assert asked(mnns_turn) == (CY, "remove_token")  # nobody presides yet: the acting owner chooses
    play(mnns_turn, CY, "remove_token", hex="h8", city=2)
    assert company_turn.next_token_price(mnns_turn, "mkn") == 0
    assert mnns_turn.majors["mkn"]["charter"] == [[20, "H8", 0], [0, None, None], [40, None, None]]


def test_keeping_t0_leaves_the_20_rouble_token_next(mnns_turn: State) -> None:
    _merge(mnns_turn, "m-k")
    play(mnns_turn, CY, "remove_token", hex="h8", city=0)
    assert company_turn.next_token_price(mnns_turn, "mkn") == 20


def test_a_converted_major_places_its_tokens_at_20_then_40_a_hex() -> None:
    """R3: 167259's KR became MK (id 316); its charter is the home T0, then ₽20 and ₽40."""
    state, reached, refusal = fixture_replay("167259", until=327)
    assert reached == 327, refusal
    assert state.majors["mk"]["charter"] == [[0, "G15", 0], [20, None, None], [40, None, None]]
    assert company_turn.next_token_price(state, "mk") == 20


# A presidency bought in the share buying (R7) ---------------------------------------------------

def test_nobody_at_20_then_the_first_10_percent_holder_to_buy_takes_the_presidency(mnns_turn: State) -> None:
    """MNN (cy) and M-K (dee): one share each, nobody presides.  cy buys one: he pays one
    share and swaps his 10% for the 20% president's certificate (R7)."""
    _merge(mnns_turn, "m-k")
    play(mnns_turn, CY, "remove_token", hex="h8", city=0)
    mkn = mnns_turn.majors["mkn"]
    assert holdings.president_of(mnns_turn, "mkn") is None and mkn["certificates"][0] == "treasury"
    assert asked(mnns_turn) == (CY, "merger_shares")
    cash, treasury = mnns_turn.cash[CY], mkn["cash"]
    play(mnns_turn, CY, "buy_shares", company="mkn", source="treasury")
    assert holdings.president_of(mnns_turn, "mkn") == CY and holdings.percent_of(mnns_turn, "mkn", CY) == 20
    mkn = mnns_turn.majors["mkn"]
    assert (mnns_turn.cash[CY], mkn["cash"]) == (cash - mkn["price"], treasury + mkn["price"])
    assert total_money(mnns_turn) == 15000


def test_a_buyer_who_passes_the_president_takes_the_presidency(mnns_turn: State) -> None:
    """10.3, R7: cy presides with 20% (MNN, KK); dee (M-K, 10%) buys two: 30% > 20%, so dee
    takes the 20% certificate and hands cy two 10% ones."""
    _merge(mnns_turn, "m-k", "kk")
    play(mnns_turn, CY, "remove_token", hex="h8", city=0)
    play(mnns_turn, CY, "pass")
    assert asked(mnns_turn) == (DEE, "merger_shares")
    play(mnns_turn, DEE, "buy_shares", company="mkn", source="treasury")
    assert holdings.president_of(mnns_turn, "mkn") == CY  # 20% each: no change on a tie
    play(mnns_turn, DEE, "buy_shares", company="mkn", source="treasury")
    assert holdings.president_of(mnns_turn, "mkn") == DEE
    assert (holdings.percent_of(mnns_turn, "mkn", DEE), holdings.percent_of(mnns_turn, "mkn", CY)) == (30, 20)
    # dee cannot afford a third share, so he is done; then everybody once, from the new president (dee, who
    # cannot buy, so ann)
    assert asked(mnns_turn) == (ANN, "merger_shares")


def _owners_buying_done(state: State) -> None:
    """MNN and KK (cy, the president at 20%) with M-K (dee, 10%); cy passes, then dee."""
    _merge(state, "m-k", "kk")
    play(state, CY, "remove_token", hex="h8", city=0)
    play(state, CY, "pass")
    assert asked(state) == (DEE, "merger_shares")


def test_after_the_owners_everybody_from_the_president_is_asked_once_owners_included(mnns_turn: State) -> None:
    """R7 (18xx.games' order): dee's pass ends the owners' buying; then every player once, in
    seat order from the president: cy (who passed before) first, dee again after him, then
    ann and bob."""
    _owners_buying_done(mnns_turn)
    play(mnns_turn, DEE, "pass")
    order = []
    while asked(mnns_turn)[1] == "merger_shares":
        seat = asked(mnns_turn)[0]
        order.append(seat)
        play(mnns_turn, seat, "buy_shares", company="mkn", source="treasury")
    assert order == [CY, DEE, ANN, BOB]
    assert [holdings.percent_of(mnns_turn, "mkn", seat) for seat in (ANN, BOB, CY, DEE)] == [10, 10, 30, 20]


def test_the_owner_whose_pass_ended_the_owners_buying_is_not_asked_first_again(mnns_turn: State) -> None:
    """R7 as 18xx.games plays it: cy cannot afford another share, so dee, whose pass ended the
    owners' buying, would be the first asked; he is left out, and ann is asked."""
    _owners_buying_done(mnns_turn)
    mnns_turn.bank += mnns_turn.cash[CY] - 10
    mnns_turn.cash[CY] = 10
    play(mnns_turn, DEE, "pass")
    assert asked(mnns_turn) == (ANN, "merger_shares")
    play(mnns_turn, ANN, "pass")
    assert asked(mnns_turn) == (BOB, "merger_shares")


def test_a_president_whose_pass_ended_the_owners_buying_is_asked_no_more(mnns_turn: State) -> None:
    """R7 (167259 ids 331-334 ask the president once): dee buys two shares and presides with
    30%, then passes; the everybody round starts after him, with ann, and ends with cy."""
    _owners_buying_done(mnns_turn)
    mnns_turn.bank -= 1000
    mnns_turn.cash[DEE] += 1000
    play(mnns_turn, DEE, "buy_shares", company="mkn", source="treasury")
    play(mnns_turn, DEE, "buy_shares", company="mkn", source="treasury")
    assert holdings.president_of(mnns_turn, "mkn") == DEE
    play(mnns_turn, DEE, "pass")
    order = []
    while asked(mnns_turn)[1] == "merger_shares":
        order.append(asked(mnns_turn)[0])
        play(mnns_turn, order[-1], "pass")
    assert order == [ANN, BOB, CY]


def test_a_merger_in_which_nobody_takes_the_presidency_fails_and_is_undone(mnns_turn: State) -> None:
    """14.3: the owners' buying ends with the 20% in the treasury: the merger is undone, money
    and tokens as before; MNN's turn goes on without M-K."""
    before = TITLE.to_json(mnns_turn)
    _merge(mnns_turn, "m-k")
    play(mnns_turn, CY, "remove_token", hex="h8", city=0)
    play(mnns_turn, CY, "pass")
    assert asked(mnns_turn) == (DEE, "merger_shares")
    play(mnns_turn, DEE, "pass")
    after = TITLE.to_json(mnns_turn)
    for part in ("cash", "minors", "majors", "privates", "board", "bank", "arrivals"):
        assert after[part] == before[part], part
    assert asked(mnns_turn) == (CY, "merger_turn") and mnns_turn.round["refused"] == ["m-k"]
    assert total_money(mnns_turn) == 15000


def _poor(state: State, *seats: int) -> None:
    for seat in seats:
        state.bank += state.cash[seat] - 10
        state.cash[seat] = 10


def test_a_merger_nobody_could_preside_does_not_take_place_when_it_closes(mnns_turn: State) -> None:
    """14.3: no owner with two minors and none with the cash for one more share.  As 18xx.games
    asks it only of the whole merger (when the major is named), M-K may join; closing the
    merger then stops it, and cy's turn goes on without M-K on offer."""
    _poor(mnns_turn, CY, DEE)
    before = TITLE.to_json(mnns_turn)
    play(mnns_turn, CY, "merge", minor="m-k")
    events = TITLE.apply_in_place(mnns_turn, CY, {"type": "pass"})
    assert asked(mnns_turn) == (CY, "merger_turn") and mnns_turn.round["merging"] == []
    assert any("could hold 20% of a major at" in event.text and "does not take place" in event.text
               for event in events)
    after = TITLE.to_json(mnns_turn)
    for part in ("cash", "minors", "majors", "board", "bank"):
        assert after[part] == before[part], part
    _refused_changes_nothing(mnns_turn, CY, {"type": "merge", "minor": "m-k"}, "cannot join")


def test_a_minor_that_makes_a_president_may_follow_one_that_does_not(mnns_turn: State) -> None:
    """Oracle seed 169: a merger whose first partner leaves nobody able to preside is completed
    by a partner that makes one (the check is of the whole merger, at its close): with dee's M-K
    nobody could preside; cy's own KK then gives cy two minors."""
    _poor(mnns_turn, CY, DEE)
    play(mnns_turn, CY, "merge", minor="m-k")
    play(mnns_turn, CY, "merge", minor="kk")
    if asked(mnns_turn)[1] == "merger_turn":
        play(mnns_turn, CY, "pass")
    assert asked(mnns_turn) == (CY, "choose_major")


# Discards after a merger (12.9) --------------------------------------------------------------

def test_a_merged_major_over_its_train_limit_discards_after_the_share_buying(mnns_turn: State) -> None:
    """MNN, KK and MB (all cy's) with KB's two trains handed to MB: five trains, limit four."""
    kb, mb = mnns_turn.minors["kb"], mnns_turn.minors["mb"]
    mb["trains"], kb["trains"] = [*mb["trains"], *kb["trains"]], []
    _merge(mnns_turn, "kk", "mb")
    assert asked(mnns_turn) == (CY, "remove_token")
    play(mnns_turn, CY, "remove_token", hex="d14", city=1)
    while asked(mnns_turn)[1] == "merger_shares":
        play(mnns_turn, asked(mnns_turn)[0], "pass")
    assert asked(mnns_turn) == (CY, "discard_train")
    prompt = TITLE.prompts(mnns_turn)[0]
    assert prompt.context["company"] == "mkn" and len(prompt.context["trains"]) == 5
    _quick_answers_are_legal(mnns_turn)
    _refused_changes_nothing(mnns_turn, CY, {"type": "discard_train", "train": "5-0"}, "no train")
    play(mnns_turn, CY, "discard_train", train="2-6")
    assert "2-6" in mnns_turn.depot.open_market and len(mnns_turn.majors["mkn"]["trains"]) == 4
    assert asked(mnns_turn)[1] == "merger_turn" and mnns_turn.round["order"][mnns_turn.round["index"]] == "m-k"


# Properties ----------------------------------------------------------------------------------

def test_every_answer_along_a_merger_conserves_money_and_quick_answers_stay_legal(mnns_turn: State) -> None:
    mnns_turn.options["merger_consent"] = True
    steps = [(CY, {"type": "merge", "minor": "m-k"}), (CY, {"type": "merge", "minor": "kk"}), (CY, {"type": "pass"}),
             (CY, {"type": "choose_major", "major": "mkn"}), (DEE, {"type": "consent", "accept": True}),
             (CY, {"type": "remove_token", "hex": "h8", "city": 2}),
             (CY, {"type": "buy_shares", "company": "mkn", "source": "treasury"})]
    for seat, action in steps:
        _quick_answers_are_legal(mnns_turn)
        TITLE.apply_in_place(mnns_turn, seat, action)
        assert total_money(mnns_turn) == 15000
    while asked(mnns_turn)[1] == "merger_shares":
        _quick_answers_are_legal(mnns_turn)
        play(mnns_turn, asked(mnns_turn)[0], "pass")
    assert mnns_turn.majors["mkn"]["status"] == "started"


def test_an_imported_remove_token_names_its_city_and_is_answered_by_whoever_is_asked(mnns_turn: State) -> None:
    """18xx.games records ``remove_token`` by the major with a city id (the tile copy laid in
    the hex); translated to ``hex``/``city`` and given by the seat the merger round asks (cy,
    acting: nobody presides MKN yet, R7)."""
    from engine.t1861.importer import acting_seat
    from engine.t1861.translate import Translator
    from tests.engine.t1861.fixtures import fixture_export

    export = fixture_export("167259")
    translator = Translator(export, acting_seat=lambda company: 0)
    for recorded in export.effective_actions():  # the tile copies laid by id 327
        if recorded["type"] == "lay_tile" and recorded.get("id", 0) <= 327:
            translator.translate(recorded)
    translator.acting_seat = lambda company: acting_seat(mnns_turn, company)
    _merge(mnns_turn, "m-k")
    copy = next(tile for tile, hex_id in translator.tiles.items() if hex_id == "H8")
    entry = translator.translate({"id": 10_000, "type": "remove_token", "entity": "MKN", "entity_type": "corporation",
                                  "city": f"{copy}-2"})
    assert entry == {"seat": CY, "action": {"type": "remove_token", "hex": "h8", "city": 2}}
    TITLE.apply_in_place(mnns_turn, entry["seat"], entry["action"])
    assert mnns_turn.board.token_hexes("MKN") == ["H8"] and asked(mnns_turn) == (CY, "merger_shares")


@pytest.mark.parametrize("seed", range(6))
def test_random_answers_play_the_merger_round_out_conserving_money(mnns_turn: State, seed: int) -> None:
    """Property: the prompts' answers (the random player's) are always accepted, money stays
    ₽15,000 and the round ends (declines and failures never ask the same question twice)."""
    import random

    rng = random.Random(seed)
    mnns_turn.options["merger_consent"] = True
    for _ in range(300):
        if mnns_turn.round["kind"] != "merger":
            break
        seat = rng.choice(TITLE.waiting(mnns_turn)).seat
        TITLE.apply_in_place(mnns_turn, seat, TITLE.random_action(mnns_turn, seat, rng))
        assert total_money(mnns_turn) == 15000
    assert mnns_turn.round["kind"] != "merger"


def test_with_every_major_started_no_merger_is_offered_or_accepted(mnns_turn: State) -> None:
    """14.3: a merger forms an unstarted major; with none left no minor is offered."""
    for company in mnns_turn.majors.values():
        company["status"] = "started" if company["status"] == "unstarted" else company["status"]
    assert "merge" not in [option.type for option in TITLE.prompts(mnns_turn)[0].actions]
    _refused_changes_nothing(mnns_turn, CY, {"type": "merge", "minor": "kk"}, "none left")


def test_the_merge_choices_say_whose_consent_a_minor_needs(mnns_turn: State) -> None:
    mnns_turn.options["merger_consent"] = True
    merge = next(option for option in TITLE.prompts(mnns_turn)[0].actions if option.type == "merge")
    details = {choice.value: choice.detail for choice in merge.fields[0].choices}
    assert details["kk"] == "" and "Player 4" in details["m-k"] and "consent" in details["m-k"]


def test_a_token_placed_later_uses_the_charters_first_unplaced_token(mnns_turn: State) -> None:
    """R3: MKN kept M-K's token with T0 unplaced: its next token is free, the one after ₽40."""
    from engine.t1861 import charters

    _merge(mnns_turn, "m-k")
    play(mnns_turn, CY, "remove_token", hex="h8", city=2)
    charters.record_placed(mnns_turn, "mkn", "I13", 0)  # what company_turn's place_token records
    assert company_turn.next_token_price(mnns_turn, "mkn") == 40
    charters.record_placed(mnns_turn, "mkn", "E9", 0)
    assert company_turn.next_token_price(mnns_turn, "mkn") is None


def test_the_share_question_says_what_a_purchase_or_a_pass_means_now() -> None:
    """14.2-14.3, R7: a walk was asked "GRR sells shares from its treasury" in the same words while it
    could buy any number and when it could buy one, and was not told that its purchase would make
    it president or that the owners' stopping could undo the merger.  Oracle game 186 after id 201:
    SE formed by a merger, nobody presides yet, the owner (seat 0) holds 10%; 167259 after id 317:
    MK converted and its owner done, the next player may buy one."""
    merged = fixture_replay("oracle_186_merger_certificates", 201)[0]
    (prompt,) = TITLE.prompts(merged)
    assert prompt.name == "merger_shares" and prompt.seat == 0
    assert prompt.question == (
        "SE sells shares from its treasury at ₽180 (you have ₽225). Its treasury holds 8 shares. You may buy"
        " as many as you like, one at a time; a pass ends your buying. You hold 10%: a purchase swaps it for"
        " the president's certificate and makes you SE's president (R7). Nobody presides over SE yet: if the"
        " owners stop with the president's certificate still in the treasury, the merger is undone (14.3).")
    converted = fixture_replay("167259", 317)[0]
    (prompt,) = TITLE.prompts(converted)
    assert prompt.question.endswith("Its treasury holds 8 shares. You may buy one.")
