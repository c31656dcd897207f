"""bank_breaks_then_final_phase replayed on the 1-D column market (rules 7.2-7.4, 10, 12.7,
15.3, 17, 22, 23), to its end.

The third recorded game (18xx.games' public fixture; 4 players, option ``column_market``).
Every recorded company action must come from the company our operating order puts on turn
(7.4 on the column: price, then the token on top of a shared cell), every recorded run must
earn here what it earned there, and the money totals ₽15,000 after every action.  The
checkpoints are prices derived by hand from the record with sections 7.2-7.3 (a sale, a
half dividend, the sold-out moves, a nationalisation); the record itself stores no prices,
so the operating order it shows is the market's fingerprint.

The bank breaks at id 674 (23 G10: its cash goes below ₽0 in SW's dividend, and the game goes
on) and the RSR buys the first 8-train at id 675.  From there the end of the game decides
what happens (phase 8's longer last set, section 17): after OR 8.2 (id 756) a third OR, 8.3,
whose end (id 780) ends the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.t1861.state import State, total_money
from tests.engine.t1861.fixtures import fixture_export
from tests.engine.t1861.games import fixture_replay

GAME = "bank_breaks_then_final_phase"
FRONTIER = 780  # the record's last action, the end of OR 8.3 (the game's end, section 17)
BANK_BREAKS_AT = 674


@dataclass
class Seen:
    """What the replay saw after each applied action, by 18xx.games id (an automatic action
    under its trigger's id)."""

    money: list[int] = field(default_factory=list)
    prices: dict[int, dict[str, int]] = field(default_factory=dict)
    bank: dict[int, int] = field(default_factory=dict)
    cash: dict[int, list[int]] = field(default_factory=dict)
    orders: list[tuple[int, list[str]]] = field(default_factory=list)  # each OR's order as it opened
    misplaced: list[tuple[int, str, str | None]] = field(default_factory=list)
    checked: int = 0  # company actions compared with the company on turn
    runs: list[tuple[int, int, int]] = field(default_factory=list)  # (id, recorded revenue, ours)


@pytest.fixture(scope="module")
def replayed() -> tuple[State, int, str | None, Seen]:
    seen = Seen()
    actions = fixture_export(GAME).effective_actions()
    position = 0
    opened: set[tuple[int, int | None]] = set()

    def after_each(state: State, recorded: dict[str, Any]) -> None:
        nonlocal position
        position += 1
        at = recorded.get("id", recorded.get("auto_of"))
        seen.money.append(total_money(state))
        seen.bank[at] = state.bank
        seen.cash[at] = list(state.cash)
        seen.prices[at] = {company: entry["price"] for company, entry in (*state.majors.items(),
                                                                          *state.minors.items())
                           if entry["status"] == "started"}
        operating = state.operating if state.round["kind"] == "operating" else None
        this_or = (state.round["number"], state.round.get("operating_round"))
        if operating is not None and this_or not in opened:
            opened.add(this_or)
            seen.orders.append((at, list(operating["order"])))
        company_on_turn = operating["company"] if operating is not None else None
        if recorded.get("type") == "run_routes" and company_on_turn == str(recorded["entity"]).lower():
            seen.runs.append((at, sum(route["revenue"] for route in recorded["routes"]), operating["revenue"]))
        following = actions[position] if position < len(actions) else None
        if operating is not None and following is not None and following.get("entity_type") == "corporation":
            company = str(following["entity"]).lower()
            if company != "rsr" and not state.trainless_majors:
                seen.checked += 1
                if company != company_on_turn:
                    seen.misplaced.append((following.get("id", following.get("auto_of")), company, company_on_turn))

    state, reached, refusal = fixture_replay(GAME, after_each=after_each)
    return state, reached, refusal, seen


def test_17_the_replay_plays_a_third_or_in_the_last_set_and_ends_there(replayed) -> None:
    state, reached, refusal, _ = replayed
    assert (reached, refusal) == (FRONTIER, None)
    assert state.round["kind"] == "end"  # after OR 8.3, the last set's third OR (section 17)


def test_22_money_totals_15000_after_every_action(replayed) -> None:
    *_, seen = replayed
    assert len(seen.money) == 701 and set(seen.money) == {15000}  # every effective action through id 780


def test_7_4_every_company_action_comes_from_the_company_our_column_order_puts_on_turn(replayed) -> None:
    *_, seen = replayed
    assert seen.checked > 400
    assert seen.misplaced == []


def test_12_5_every_recorded_run_earns_what_it_earned_on_18xx_games(replayed) -> None:
    *_, seen = replayed
    assert len(seen.runs) > 80
    assert [(at, recorded) for at, recorded, here in seen.runs if here != recorded] == []


def test_7_3_a_presidents_sale_moves_the_price_one_cell_left_on_the_column(replayed) -> None:
    # Id 567: Player 2, SW's president, sells one share at ₽150 (565 was the same sale, undone
    # by 566); 7.2: the cell left of 150 is 135.
    *_, seen = replayed
    assert (seen.prices[564]["sw"], seen.prices[567]["sw"]) == (150, 135)


def test_7_3_a_sale_by_a_shareholder_who_is_not_president_leaves_the_price(replayed) -> None:
    # Id 458: Player 1 sells SW_5 while Player 2 presides over SW (ids 450, 454 bought for
    # Player 2): SW stays at ₽120.
    *_, seen = replayed
    assert seen.prices[457]["sw"] == seen.prices[458]["sw"] == 120


def test_12_7_a_half_dividend_moves_right_when_the_paid_half_reaches_the_price(replayed) -> None:
    # Id 615: NW pays half of its ₽560 run (id 614): it keeps floor(560 / 20) x 10 = 280 and
    # distributes 280 >= its ₽245 price, so one cell right: 270.
    *_, seen = replayed
    assert (seen.prices[614]["nw"], seen.prices[615]["nw"]) == (245, 270)


def test_7_3_a_major_without_a_run_moves_left(replayed) -> None:
    # Id 416: GRR has no train after the 2-trains rusted; its ₽0 run moves it from 220 to 200.
    *_, seen = replayed
    assert (seen.prices[415]["grr"], seen.prices[416]["grr"]) == (220, 200)


def test_10_5_sold_out_majors_move_right_a_major_passes_the_minor_ceiling(replayed) -> None:
    # Stock round 7 ends with id 637; every major is in players' hands, so each moves one cell
    # right (on the column "up" is right), SW through 165 (the minor ceiling binds minors only).
    *_, seen = replayed
    before, after = seen.prices[637], seen.prices[638]
    moved = {major: (before[major], after[major]) for major in ("mkn", "grr", "se", "nw", "sw")}
    assert moved == {"mkn": (360, 400), "grr": (300, 330), "se": (270, 300), "nw": (270, 300), "sw": (165, 180)}


def test_7_4_on_a_shared_cell_the_token_that_arrived_first_operates_first(replayed) -> None:
    # SE reached ₽360 at id 668, NW at id 671; stock round 8's sold-out moves take them to ₽400
    # in that order, SE staying on top, so OR 8.1 runs SE before NW, as the record does.
    *_, seen = replayed
    assert seen.prices[686]["se"] == seen.prices[686]["nw"] == 400
    or_8_1 = next(order for at, order in seen.orders if at >= 686)
    assert or_8_1 == ["mkn", "grr", "se", "nw", "sw", "mvr"]


def test_15_3_a_nationalised_minor_moves_left_once_and_once_more_per_loan(replayed) -> None:
    # Id 271: OK, ₽21 and a loan, cannot buy a train and is nationalised: from ₽90 two cells
    # left is ₽70 on the column (80 between), and its owner, Player 2, is paid two shares at ₽70.
    *_, seen = replayed
    assert seen.prices[270]["ok"] == 90
    assert "ok" not in seen.prices[271]
    assert seen.cash[271][1] - seen.cash[270][1] == 2 * 70


def test_23_g10_the_bank_breaks_in_sws_dividend_and_the_game_goes_on(replayed) -> None:
    *_, seen = replayed
    assert seen.bank[BANK_BREAKS_AT - 1] >= 0 > seen.bank[BANK_BREAKS_AT]
    assert all(cash >= 0 for at, cash in seen.bank.items() if at < BANK_BREAKS_AT)
