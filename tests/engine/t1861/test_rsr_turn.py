"""The RSR's turn (sections 6, 12.6, 13, 16): set-up positions in phase 4 and later.

The recorded games reach the RSR's turn only after the first 4-train's nationalisations, so
these tests build the position by hand: a phase-4 stock round in which NW is parred (ann 20%,
bob 10%) with a 3-train of its own, the bank's line advanced to the 4-trains, and the RSR
given cash, trains and loans before the operating round starts.  NW passes what it is asked;
after it the RSR operates, last in the OR.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.errors import IllegalAction
from engine.t1861 import company_turn
from engine.t1861.board import Board
from engine.t1861.state import State, total_money
from engine.t1861.title import TITLE
from engine.t1861.view import summary
from tests.engine.t1861.boards import built, rotation_for
from tests.engine.t1861.games import asked, play, stock_round_state

BANK = 15000


def _sold_through(state: State, fours_sold: int) -> None:
    """The bank's line as after the 2s and 3s and ``fours_sold`` 4-trains (phase 4)."""
    copies = dict(state.depot.copies)
    sold = {"2": copies["2"], "3": copies["3"], "4": fours_sold}
    state.depot = replace(state.depot, sold=tuple((kind, sold.get(kind, count)) for kind, count in state.depot.sold))


def _give_rsr(state: State, cash: int = 0, trains: tuple[str, ...] = (), loans: int = 0) -> None:
    state.bank -= cash  # from the bank, so that the ₽15,000 stay whole
    state.rsr.update(cash=cash, trains=list(trains), loans=loans)
    state.loans_in_supply -= loans


def _phase_4_or(cash: int = 0, trains: tuple[str, ...] = (), loans: int = 0, phase: str = "4") -> State:
    """OR 1.1 of a phase-4 game, NW asked to lay track; the RSR as given."""
    state = stock_round_state(3, phase=phase, cash=1000)
    _sold_through(state, 1)
    play(state, 0, "par", company="nw", price=100)
    play(state, 0, "place_token", hex="f18", city=0)
    play(state, 1, "buy_shares", company="nw", source="treasury")
    state.majors["nw"]["trains"] = ["3-6"]
    _give_rsr(state, cash, trains, loans)
    for seat in (2, 0, 1):
        play(state, seat, "pass")
    assert asked(state) == (0, "operate")
    return state


def _nw_passes(state: State) -> None:
    """NW passes the rest of its turn in this OR (the RSR follows, if it operates)."""
    this_or = state.round["operating_round"]
    while asked(state)[1] == "operate" and state.round.get("operating_round") == this_or:
        play(state, 0, "pass")


def _run_best(state: State) -> int:
    seat, prompt = asked(state)
    assert prompt == "rsr_routes"
    best = TITLE.prompts(state)[0].quick[0].action
    revenue = company_turn.check_run(state, "rsr", best).revenue
    play(state, seat, "run_routes", routes=best["routes"])
    return revenue


def test_6_the_priority_deal_holder_at_the_ors_start_runs_the_rsr_last_in_the_round() -> None:
    state = _phase_4_or(trains=("3-0",))
    operator = state.priority
    state.priority = (operator + 1) % 3  # a later change does not hand the RSR over this round
    _nw_passes(state)
    assert asked(state) == (operator, "rsr_routes")
    assert company_turn.operator(state, "rsr") == operator  # whom the importer's translator asks for "RSR"
    prompt = TITLE.prompts(state)[0]
    assert prompt.context["company"] == "rsr" and [a.type for a in prompt.actions] == ["run_routes"]
    assert TITLE.waiting(state)[0].accepts == ("run_routes",)


def test_12_6_the_operator_may_only_run_routes_and_only_with_the_rsrs_trains() -> None:
    state = _phase_4_or(trains=("3-0",))
    _nw_passes(state)
    seat = asked(state)[0]
    before = TITLE.to_json(state)
    with pytest.raises(IllegalAction):
        play(state, seat, "pass")
    with pytest.raises(IllegalAction, match="no train 4-0"):
        play(state, seat, "run_routes", routes=[{"train": "4-0", "segments": []}])
    assert TITLE.to_json(state) == before


def test_6_all_revenue_goes_to_the_rsrs_treasury_and_nobody_is_paid() -> None:
    state = _phase_4_or(trains=("3-0",))
    _nw_passes(state)
    players_cash = list(state.cash)
    revenue = _run_best(state)
    assert revenue > 0
    assert state.rsr["cash"] == revenue  # below ₽350: no train bought
    assert state.cash == players_cash
    assert total_money(state) == BANK


def test_13_the_rsr_pays_interest_on_its_loans_of_the_ors_start_then_repays_what_it_can() -> None:
    state = _phase_4_or(cash=20, trains=("3-0",), loans=2)
    _nw_passes(state)
    revenue = _run_best(state)
    after_interest = 20 + revenue - 2 * 5
    repaid = min(2, after_interest // 50)
    assert state.rsr["loans"] == 2 - repaid
    assert state.rsr["cash"] == after_interest - 50 * repaid
    assert total_money(state) == BANK


def test_6_a_trainless_rsr_is_not_asked_and_buys_the_cheapest_train_on_loans() -> None:
    """No train: no prompt; the 4-1 (₽350) with ₽100 in cash takes six loans (₽270)."""
    state = _phase_4_or(cash=100)
    supply = state.loans_in_supply
    _nw_passes(state)
    assert state.round["operating_round"] == 2 and asked(state) == (0, "operate")  # the RSR asked nothing
    assert state.rsr["trains"] == ["4-1"]
    assert (state.rsr["cash"], state.rsr["loans"]) == (100 + 6 * 45 - 350, 6)
    assert state.loans_in_supply == supply - 6
    assert total_money(state) == BANK


def test_6_the_cheapest_train_may_come_from_the_discard_pile() -> None:
    state = _phase_4_or(cash=100)
    state.depot = replace(state.depot, open_market=("3-5",))
    _nw_passes(state)
    assert state.rsr["trains"] == ["3-5"] and state.depot.open_market == ()
    assert (state.rsr["cash"], state.rsr["loans"]) == (100 + 3 * 45 - 225, 3)
    assert total_money(state) == BANK


def test_6_the_rsr_buys_the_next_trains_while_its_cash_covers_them_and_stops_short() -> None:
    """₽1,200: the 4-1, 4-2, 4-3 (₽350 each); ₽150 left is short of the 5-0 (₽550)."""
    state = _phase_4_or(cash=1200)
    _nw_passes(state)
    assert state.rsr["trains"] == ["4-1", "4-2", "4-3"]
    assert (state.rsr["cash"], state.rsr["loans"], state.phase) == (150, 0, "4")
    assert total_money(state) == BANK


def test_16_the_rsrs_purchase_of_the_first_5_train_starts_phase_5() -> None:
    state = _phase_4_or(cash=1200 + 550)
    _nw_passes(state)
    assert state.rsr["trains"] == ["4-1", "4-2", "4-3", "5-0"]
    assert (state.rsr["cash"], state.phase) == (150, "5")
    assert total_money(state) == BANK


def test_16_the_first_6_train_bought_by_the_rsr_rusts_its_3s_and_majors_over_the_limit_discard() -> None:
    """Phase 6: 3-trains rust (the RSR's too), majors hold two; NW's president discards one of
    three 4-trains, then the RSR's buying goes on."""
    state = _phase_4_or(cash=650 + 650, trains=("3-0",), phase="5")
    _sold_through(state, 4)
    copies = dict(state.depot.copies)
    state.depot = replace(state.depot, sold=tuple((kind, copies[kind] if kind == "5" else count)
                                                  for kind, count in state.depot.sold))
    state.majors["nw"]["trains"] = ["4-0", "4-1", "4-2"]
    _nw_passes(state)
    _run_best(state)
    assert state.phase == "6" and asked(state) == (0, "discard_train")
    assert "3-0" not in state.rsr["trains"]
    play(state, 0, "discard_train", train="4-2")
    assert state.rsr["trains"] == ["6-0", "6-1"]  # the revenue is short of the 7-0 (₽800)
    assert state.majors["nw"]["trains"] == ["4-0", "4-1"]
    assert state.round["operating_round"] == 2 and asked(state) == (0, "operate")  # the RSR's turn is over
    assert total_money(state) == BANK


@pytest.mark.parametrize("phase", ["3", "8"])
def test_6_the_rsr_is_idle_in_phases_2_3_and_8(phase: str) -> None:
    state = _phase_4_or(cash=1200)
    state.phase = phase  # the RSR's turn is decided when it comes (the OR's order is fixed before)
    _nw_passes(state)
    assert state.rsr["trains"] == [] and state.rsr["reserved"] == ["E1", "H8"]
    assert not state.board.token_hexes("RSR")


def test_6_its_first_turn_places_the_reserved_st_petersburg_token_in_e1s_second_city() -> None:
    state = _phase_4_or()
    assert state.board.reserved_in("E1")[1] == ("RSR",)
    _nw_passes(state)
    assert "RSR" in state.board.tokens_in("E1")[1]
    assert state.rsr["reserved"] == ["H8"]
    assert summary(state)["rsr"]["tokens"] == ["e1"]


def test_6_an_rsr_already_on_e1_keeps_that_token_and_drops_the_reservation() -> None:
    state = _phase_4_or()
    state.board = state.board.release_reservations("SPW").place_token("RSR", "E1", 0)  # as from SPW's nationalisation
    _nw_passes(state)
    assert state.board.tokens_in("E1") == (("RSR",), ())
    assert state.board.reserved_in("E1") == ((), ())
    assert state.rsr["reserved"] == ["H8"]


def test_6_gray_moscow_puts_the_rsr_in_its_fourth_slot_and_uses_up_the_reservation() -> None:
    state = _phase_4_or(phase="6")
    board: Board = built(state.board, "H8", "637", "638")
    for minor in set(board.reserved_in("H8")[0]):  # Moscow's minors' held slots, gone with the minors
        board = board.release_reservations(minor)
    state.board = board.place_token("NW", "H8", 0)
    play(state, 0, "lay_tile", hex="h8", tile="639", rotation=rotation_for(state.board, "H8", "639"))
    assert state.board.tokens_in("H8") == (("NW", "RSR"),)
    assert state.rsr["reserved"] == ["E1"]


def test_the_replay_summary_shows_the_rsrs_cash_trains_loans_tokens_and_operator() -> None:
    state = _phase_4_or(cash=20, trains=("3-0",), loans=2)
    _nw_passes(state)
    shown = summary(state)["rsr"]
    assert shown == {"cash": 20, "trains": ["3-0"], "loans": 2, "tokens": ["e1"], "reserved": ["h8"],
                     "operator": asked(state)[0]}


def test_3_6_a_private_the_rsr_owns_pays_it_and_adds_its_route_bonus() -> None:
    """MYR (₽20, +10 to routes counting Moscow) held by the RSR: its revenue goes to the RSR at
    the OR's start (3) and the RSR's E1-Moscow run earns ₽10 more (6)."""
    plain = _phase_4_or(trains=("3-0",))
    _nw_passes(plain)
    without = company_turn.check_run(plain, "rsr", TITLE.prompts(plain)[0].quick[0].action).revenue
    state = stock_round_state(3, phase="4", cash=1000)
    state.privates["myr"] = "rsr"
    _sold_through(state, 1)
    play(state, 0, "par", company="nw", price=100)
    play(state, 0, "place_token", hex="f18", city=0)
    state.majors["nw"]["trains"] = ["3-6"]
    state.rsr["trains"] = ["3-0"]
    for seat in (1, 2, 0):
        play(state, seat, "pass")
    assert state.rsr["cash"] == 20
    _nw_passes(state)
    assert _run_best(state) == without + 10
    assert state.round["operating_round"] == 2  # which has begun with MYR's ₽20 again
    assert state.rsr["cash"] == 20 + without + 10 + 20
    assert total_money(state) == BANK


def test_6_the_rsr_has_no_train_limit() -> None:
    """Eight trains in phase 4 (majors: 3): no discard is asked of the RSR, and it runs them."""
    trains = ("3-0", "3-1", "3-2", "3-3", "3-4", "4-0", "2-0", "2-1")
    state = _phase_4_or(trains=trains)
    _nw_passes(state)
    assert asked(state)[1] == "rsr_routes"
    _run_best(state)
    assert state.rsr["trains"] == list(trains)


def test_an_18xx_games_run_routes_by_rsr_becomes_ours_by_the_operators_seat() -> None:
    """The importer's translator asks ``company_turn.operator`` who acts for entity ``RSR``."""
    from engine.t1861.translate import Translator
    from tests.engine.t1861.fixtures import fixture_export

    state = _phase_4_or(trains=("3-0",))
    _nw_passes(state)
    translator = Translator(fixture_export("29683"), acting_seat=lambda company: company_turn.operator(state, company),
                            network_now=lambda: company_turn.network(state))
    recorded = {"type": "run_routes", "entity": "RSR", "entity_type": "corporation", "id": 1,
                "routes": [{"train": "3-0", "connections": [["E1", "F2", "F4", "G5"], ["G5", "G7", "H8"]]}]}
    translated = translator.translate(recorded)
    assert translated["seat"] == asked(state)[0]
    assert translated["action"] == TITLE.prompts(state)[0].quick[0].action
    TITLE.apply_in_place(state, translated["seat"], translated["action"])
    assert state.rsr["cash"] == 90


def test_13_an_rsr_that_cannot_borrow_leaves_its_interest_unpaid_and_is_not_nationalised() -> None:
    """Two loans at the OR's start, no cash, no train and an empty supply: nothing is paid,
    no train is bought, and the RSR stays as it was."""
    state = _phase_4_or(loans=2)
    state.loans_in_supply = 0
    _nw_passes(state)
    assert (state.rsr["cash"], state.rsr["loans"], state.rsr["trains"]) == (0, 2, [])
    assert total_money(state) == BANK


def _rsr_buys_a_6_that_rusts_nws_3(another_train: bool) -> State:
    """The RSR's 6-0 will start phase 6 and rust NW's 3-6; NW holds ₽700.  With
    ``another_train``, a started minor (KB) keeps a 5-train through it."""
    state = _phase_4_or(cash=600, trains=("4-0",), phase="5")
    _sold_through(state, 4)
    copies = dict(state.depot.copies)
    state.depot = replace(state.depot, sold=tuple((kind, copies[kind] if kind == "5" else count)
                                                  for kind, count in state.depot.sold))
    state.bank -= 700 - state.majors["nw"]["cash"]
    state.majors["nw"]["cash"] = 700
    if another_train:
        state.arrivals += 1
        state.minors["kb"].update(status="started", owner=2, trains=["5-0"], arrival=state.arrivals,
                                  cell=list(state.majors["nw"]["cell"]), price=state.majors["nw"]["price"])
    _nw_passes(state)
    return state


def test_6_15_2_after_the_trainless_choice_the_rsr_buys_again_with_the_nationalised_majors_cash() -> None:
    """18xx.games' order (section 6 is silent on it): the RSR's 6-0 starts phase 6, NW's 3-6
    rusts and NW, trainless, is put before its president; the buying stops short of the 6-1
    (₽650), the president nationalises NW, its ₽700 goes to the RSR, and the RSR buys the
    6-1 before the OR ends (oracle seed 0: a second 8-train).  It buys again because its
    buying had not ended: KB's 5-train is one it could have bought (18xx.games' ₽1)."""
    state = _rsr_buys_a_6_that_rusts_nws_3(another_train=True)
    revenue = _run_best(state)
    assert 50 <= revenue < 700  # ₽650 to ₽1,299 after the run: one 6-train, then short
    assert state.phase == "6" and state.rsr["trains"] == ["4-0", "6-0"]
    assert asked(state) == (0, "trainless_major") and state.trainless_majors == ["nw"]
    play(state, 0, "nationalize")
    assert state.rsr["trains"] == ["4-0", "6-0", "6-1"]
    assert state.rsr["cash"] == 600 + revenue - 650 + 700 - 650
    assert total_money(state) == BANK


def test_6_a_purchase_that_leaves_the_rsr_no_train_to_buy_ends_its_buying_for_the_turn() -> None:
    """18xx.games' RSR buy step ends with a purchase after which it could buy no train at all
    (cash below the cheapest bank train, and no other company holding one): after NW's
    nationalisation its ₽700 stays unspent this turn (the oracle's seed 3145: the RSR's first
    8-train left every major trainless, and 18xx.games ended the game without another)."""
    state = _rsr_buys_a_6_that_rusts_nws_3(another_train=False)
    revenue = _run_best(state)
    assert asked(state) == (0, "trainless_major")
    play(state, 0, "nationalize")
    assert state.rsr["trains"] == ["4-0", "6-0"]
    assert state.rsr["cash"] == 600 + revenue - 650 + 700
    assert total_money(state) == BANK


def test_6_15_2_a_declined_trainless_major_leaves_the_rsr_with_nothing_more_to_buy() -> None:
    """The same position, declined: the RSR's buying resumes, finds its cash short, and the OR ends."""
    state = _phase_4_or(cash=600, trains=("4-0",), phase="5")
    _sold_through(state, 4)
    copies = dict(state.depot.copies)
    state.depot = replace(state.depot, sold=tuple((kind, copies[kind] if kind == "5" else count)
                                                  for kind, count in state.depot.sold))
    _nw_passes(state)
    _run_best(state)
    play(state, 0, "pass")  # the buying goes on with the same cash: nothing more
    assert state.rsr["trains"] == ["4-0", "6-0"] and state.trainless_majors == []
    assert state.round["operating_round"] == 2 and asked(state) == (0, "operate")  # NW's turn in OR 2
