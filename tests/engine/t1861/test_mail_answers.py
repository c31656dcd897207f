"""The one-click answers a turn mail offers for 1861 (issue 14 item 5), read from the recorded game 29683.

Each is a complete action the title accepts, labelled with its amounts: the auction's least bid
and ₽5 more, the dividend's per-share amounts and price moves, the next depot train.  The log
lines the mail's "since your last move" quotes say what happened in plain words.
"""

from __future__ import annotations

import re

import pytest

from engine.t1861.company_turn import lays_done, phase_words
from engine.t1861.fitting import turned_keys
from engine.t1861.lays import legal_lays
from engine.t1861.operate_prompt import _cost_words
from engine.t1861.title import TITLE
from tests.engine.t1861.games import fixture_replay

PRIVATE_AUCTION, MINOR_AUCTION, DIVIDEND, KB_BUYS_A_TRAIN, RO_BUYS_A_TRAIN, SHARES = 7, 42, 378, 118, 127, 409


@pytest.fixture(scope="module")
def positions():
    return {cut: fixture_replay("29683", cut)[0] for cut in (PRIVATE_AUCTION, MINOR_AUCTION, DIVIDEND, KB_BUYS_A_TRAIN,
                                                          RO_BUYS_A_TRAIN, SHARES)}


def quick(state):
    (prompt,) = TITLE.prompts(state)
    return prompt, {answer.label: answer.action for answer in prompt.quick}


def events_of(state, seat, action):
    after = TITLE.from_json(TITLE.to_json(state))
    return [event.text for event in TITLE.apply_in_place(after, seat, action)], after


def test_a_private_auction_offers_the_minimum_and_five_more(positions):
    prompt, answers = quick(positions[PRIVATE_AUCTION])
    assert list(answers) == ["Bid the minimum, ₽30", "Bid ₽35 (+₽5)", "Pass"]
    lines, after = events_of(positions[PRIVATE_AUCTION], prompt.seat, answers["Bid ₽35 (+₽5)"])
    assert lines[0] == "Player 3 bids ₽35 for BSS." and after.auction["high_bid"] == 35


def test_a_minor_auction_offers_a_raise_of_five_and_of_ten(positions):
    prompt, answers = quick(positions[MINOR_AUCTION])
    assert list(answers) == ["Raise to ₽110 (+₽5)", "Raise to ₽115 (+₽10)", "Pass"]
    lines, _ = events_of(positions[MINOR_AUCTION], prompt.seat, answers["Raise to ₽115 (+₽10)"])
    assert lines[0] == "Player 2 bids ₽115 for M-K."


def test_a_dividend_says_what_a_share_earns_what_the_president_gets_and_where_the_price_goes(positions):
    prompt, answers = quick(positions[DIVIDEND])  # NW's president holds 30%
    assert list(answers) == ["Pay out ₽120 (₽12 a share, ₽36 to you; price to ₽165)",
                             "Pay half: ₽60 out (₽6 a share, ₽18 to you), ₽60 kept (price to ₽165)",
                             "Withhold ₽120 (₽0 a share; price to ₽150)"]
    lines, _ = events_of(positions[DIVIDEND], prompt.seat, answers["Pay half: ₽60 out (₽6 a share, ₽18 to you),"
                                                                   " ₽60 kept (price to ₽165)"])
    assert lines[0] == "NW pays half, ₽60 (₽6 a share), and keeps ₽60; the price is ₽165."


def test_a_train_is_one_click_from_the_bank_or_the_presidents_own_company_and_its_purchase_reads_well(positions):
    """Player 1's KB may take their own KR's train for ₽1 in one click; KK's is player 3's, whose price is
    theirs to agree (12.10), so no click offers it for ₽1 (the form still takes an agreed price)."""
    prompt, answers = quick(positions[KB_BUYS_A_TRAIN])
    assert list(answers) == ["Buy KR's 2-train for ₽1", "Buy no (more) trains"]  # ₽30 buys no bank train
    lines, _ = events_of(positions[KB_BUYS_A_TRAIN], prompt.seat, answers["Buy KR's 2-train for ₽1"])
    assert lines[0] == "KB buys a 2-train from KR for ₽1."
    other = {"type": "buy_train", "train": "2-5", "source": "kk", "price": 25}  # still possible, at a price agreed
    assert events_of(positions[KB_BUYS_A_TRAIN], prompt.seat, other)[0][0] == "KB buys a 2-train from KK for ₽25."
    prompt, answers = quick(positions[RO_BUYS_A_TRAIN])
    assert list(answers) == ["Buy a 2-train from the bank (₽100)", "Buy M-K's 2-train for ₽1"]  # forced
    lines, _ = events_of(positions[RO_BUYS_A_TRAIN], prompt.seat, answers["Buy a 2-train from the bank (₽100)"])
    assert lines[0] == "RO buys a 2-train from the bank for ₽100."


def test_a_stock_turn_offers_a_sale_of_each_holding_and_a_share_of_each_major_it_may_buy(positions):
    prompt, answers = quick(positions[SHARES])
    assert list(answers) == ["Sell 1 GRR (₽150)", "Buy NW (treasury, ₽165)", "Buy GRR (treasury, ₽150)",
                             "Buy MKN (treasury, ₽135)", "Auction TR at ₽100", "Pass"]
    lines, after = events_of(positions[SHARES], prompt.seat, answers["Sell 1 GRR (₽150)"])
    assert lines[0] == "Player 2 sells a share of GRR for ₽150; the price is ₽135."
    assert after.cash[prompt.seat] == positions[SHARES].cash[prompt.seat] + 150


def test_a_phase_change_names_its_tiles_and_train_limits():
    assert phase_words("3") == "Phase 3 begins: yellow, green tiles; train limit minors 2, majors 4."


def test_a_tile_that_lays_the_same_track_at_two_rotations_is_offered_once():
    """A straight or symmetric tile turned half round lays the same track: the mail's links and the
    page's picker (made from the prompt's lays) offer it once, not once per rotation (a walk's mail
    listed tile 4 in B8 at rotations 1 and 4, one more choice than the page)."""
    state = fixture_replay("29683", 270)[0]  # MNN's track step: 38 legal lays, 4 of them a repeat
    lays = legal_lays(state.board, "MNN", state.phase, lays_done(state))
    (prompt,) = TITLE.prompts(state)
    offered = [(lay["hex"], lay["tile"], turned_keys(lay["tile"], lay["rotation"])) for lay in prompt.context["lays"]]
    linked = [(a.action["hex"].upper(), a.action["tile"], turned_keys(a.action["tile"], a.action["rotation"]))
              for a in prompt.quick if a.action["type"] == "lay_tile"]
    every_track = {(lay.hex, lay.tile, turned_keys(lay.tile, lay.rotation)) for lay in lays}
    assert len(every_track) < len(lays)  # the position has repeats to leave out
    assert len(offered) == len(set(offered)) == len(every_track)
    assert len(linked) == len(set(linked))


def test_a_company_not_bound_to_buy_but_trainless_is_told_a_pass_nationalises_it():
    """12.10: Y (₽100, no train) cannot reach a bank train, so it need not buy, but ending the step
    without a train nationalises it (29683 after id 310).  The pass says so, as the question does:
    a walk's player took "Buy no (more) trains" and lost the minor unwarned."""
    state = fixture_replay("29683", 310)[0]
    (prompt,) = TITLE.prompts(state)
    assert prompt.question.endswith("without one it is nationalised at the end of this step (rules 12.10).")
    labels = [answer.label for answer in prompt.quick]
    assert labels[-1] == "Buy no train: Y is nationalised" and "Buy no (more) trains" not in labels
    lines, _ = events_of(state, prompt.seat, {"type": "pass"})
    assert any("Y is nationalised" in line for line in lines), lines


def test_a_lay_link_says_where_its_track_leads_and_the_loans_it_takes():
    """A mail shows no map: each lay names its edges.  Loans for a lay are taken without a question
    (G11), so a lay that costs more than the company's cash says how many it takes."""
    state = fixture_replay("29683", 270)[0]  # MNN (₽199) at its track step; some lays cost ₽20
    (prompt,) = TITLE.prompts(state)
    lays = [answer for answer in prompt.quick if answer.action["type"] == "lay_tile"]
    words = r", rotation \d \((as printed|\d+° clockwise)\): (north|south)[a-z -]*(, (north|south)[a-z-]*)*; ₽\d+$"
    assert lays and all(re.search(words, answer.label) for answer in lays), [answer.label for answer in lays]
    assert _cost_words(state, "mnn", 20) == "₽20"
    state.minors["mnn"]["cash"] = 0
    assert _cost_words(state, "mnn", 20) == "₽20, takes 1 loan"  # a loan brings ₽45
    assert _cost_words(state, "mnn", 80) == "₽80, takes 2 loans"


def test_a_minor_to_auction_is_named_with_its_home_and_n_is_said_to_come_first():
    """A player choosing a minor to put up sees which railway it is and where it starts, not only "RO";
    and when N alone is offered, why (the engine's rule: N starts first)."""
    first = fixture_replay("29683", 37)[0]  # stock round 1's first turn: only N may be put up
    bid = next(option for (prompt,) in [TITLE.prompts(first)] for option in prompt.actions if option.type == "bid")
    assert [(choice.value, choice.detail) for choice in bid.fields[0].choices] == [
        ("n", "Nikolaev Railway, home Moscow (H8)")]
    assert bid.help.startswith("N is the first minor to start")
    later = fixture_replay("29683", 41)[0]  # N started: the yellow minors follow
    bid = next(option for (prompt,) in [TITLE.prompts(later)] for option in prompt.actions if option.type == "bid")
    details = {choice.value: choice.detail for choice in bid.fields[0].choices}
    assert details["ro"] == "Riga-Orel Railway, home Riga (B4)" and not bid.help


def test_a_track_step_with_no_lay_says_so_rather_than_asking_to_lay_track():
    """A new game's N starts in Moscow with every exit blocked until phase 3: it is still asked (the
    records keep the pass), and the question says there is nothing to lay instead of 'lay track?'."""
    from engine.core import get_title
    from engine.core.rng import seeded_rng

    rules = get_title("1861")
    state = rules.new_game(["ann", "bob", "cy"], 3, rules.validate_options({}))
    rng = seeded_rng(3, "no-lay")
    for _ in range(400):
        (prompt,) = TITLE.prompts(state)
        if prompt.name == "operate" and prompt.context["step"] == "track" and not prompt.context["lays"]:
            break
        TITLE.apply_in_place(state, prompt.seat, rules.random_action(state, prompt.seat, rng))
    assert prompt.question.endswith(": no track to lay (no legal lay it can pay for); go on?")
    assert [answer.label for answer in prompt.quick] == ["No (more) track"]
    company = prompt.context["company"]
    forced = TITLE.forced_answer(state)  # the service passes for the player: no mail for a day lost
    assert forced is not None and (forced.seat, forced.action) == (prompt.seat, {"type": "pass"})
    assert f"{company.upper()} has no tile it can lay and pay for now" in forced.note.text
    assert not prompt.context["trains"]  # its first turn: a trainless minor's run reads in words, not 'keeps ₽0, ...'
    price = state.minors[company]["price"]
    lines = [event.text for event in TITLE.apply_in_place(state, prompt.seat, {"type": "pass"})]
    assert f"{company.upper()} earns nothing; the price falls from ₽{price} to ₽{state.minors[company]['price']}." \
        in lines, lines


def test_a_major_to_form_is_named_in_full():
    """'Which major does MB become?' listed NW, SW, SE...: each now carries its name."""
    state = fixture_replay("29683", 312)[0]
    (prompt,) = TITLE.prompts(state)
    assert prompt.name == "choose_major"
    choices = {choice.value: choice.detail for choice in prompt.actions[0].fields[0].choices}
    assert choices["nw"] == "North Western Railway"


def test_each_private_a_company_may_buy_has_its_own_form_saying_whose_it_is_and_its_price_range():
    """The form listed TSR, BSS, MYR... and a price of 1 to 90: the owner and each one's most price were
    missing; then one form for all showed the dearest private's range whichever private was chosen."""
    from engine.t1861 import company_turn

    for cut in range(380, 420):
        state = fixture_replay("29683", cut)[0]
        prompts = TITLE.prompts(state)
        forms = [option for prompt in prompts for option in prompt.actions if option.type == "buy_company"]
        if forms:
            break
    assert forms, "no private offered to a company between 380 and 420"
    company = company_turn.turn(state)["company"]
    cash = company_turn.company_of(state, company)["cash"]
    assert {form.fixed["company"] for form in forms} == set(company_turn.players_privates(state))
    assert len({form.fields[0].max for form in forms}) > 1  # each its own range
    for form in forms:
        private = form.fixed["company"]
        owner = state.players[state.privates[private]]
        face = company_turn.FACE_VALUE[private]
        assert form.label == f"Buy {private.upper()} from {owner}"
        [price] = form.fields
        assert (price.min, price.max) == (1, min(face, cash))
        assert f"face value ₽{face}" in form.help and f"paid to {owner}" in form.help
