"""Both recorded games replayed through their operating rounds (sections 7.4, 12, 23 R1, 22).

Every recorded action of the operating rounds must come from the company and step our
engine asks for (R1: a step the engine skipped or waited on wrongly shifts the record), each
recorded run must earn here what it earned on 18xx.games, and the money totals ₽15,000 after
every action.  The merger rounds (14) replay too, through their conversions and mergers.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.t1861 import prices
from engine.t1861.state import State, total_money
from tests.engine.t1861.games import fixture_replay

# The last action of each record: both replay to their end (17; the full-game checks of
# issue 13 are in test_full_games.py).
FRONTIER = {"29683": 750, "167259": 723}


class Checkpoints:
    """What the replay saw: money after every action, each run's revenue and the minor's split."""

    def __init__(self) -> None:
        self.money: list[int] = []
        self.runs: list[tuple[int, int, int]] = []  # (action id, recorded revenue, revenue here)

    def __call__(self, state: State, recorded: dict[str, Any]) -> None:
        self.money.append(total_money(state))
        if recorded.get("type") != "run_routes":
            return
        company = str(recorded["entity"]).lower()
        revenue = sum(route["revenue"] for route in recorded["routes"])
        events_revenue = _last_run_revenue(state, company)
        self.runs.append((recorded["id"], revenue, events_revenue))


def _last_run_revenue(state: State, company: str) -> int:
    """The run's revenue as the turn recorded it (-1 if the turn has already moved on)."""
    operating = state.operating
    assert operating is not None
    return operating["revenue"] if operating.get("company") == company else -1


@pytest.fixture(scope="module", params=["29683", "167259"])
def replayed(request: pytest.FixtureRequest) -> tuple[str, State, int, str | None, Checkpoints]:
    checks = Checkpoints()
    state, reached, refusal = fixture_replay(request.param, after_each=checks)
    return request.param, state, reached, refusal, checks


def test_the_rounds_replay_to_the_recorded_end(replayed) -> None:
    """Sections 8, 14, 15, 6, 17: the merger rounds, the nationalisations, the RSR's turns and
    the final phase's last set replay; after the record's last action the game is over."""
    game, state, reached, refusal, _ = replayed
    assert (reached, refusal) == (FRONTIER[game], None)
    assert state.round["kind"] == "end"


def test_29683s_first_merger_round_passes_every_minor_in_operating_order_then_a_stock_round() -> None:
    """14.1: after OR 2.2 (29683 id 192) each floated minor passes, highest price first (ids 193-203,
    the order 18xx.games asked them in); section 8: the third stock round follows."""
    from tests.engine.t1861.fixtures import fixture_export

    state, reached, refusal = fixture_replay("29683", until=192)
    assert reached == 192, refusal
    assert state.round["kind"] == "merger"
    recorded = [str(action["entity"]).lower() for action in fixture_export("29683").effective_actions()
                if 193 <= action.get("id", 0) <= 203]
    assert state.round["order"] == recorded
    after, reached, refusal = fixture_replay("29683", until=203)
    assert reached == 203, refusal
    assert after.round["kind"] == "stock" and after.round["number"] == 3


def test_167259_waits_for_the_last_chance_to_buy_a_private_after_trains() -> None:
    """R1 step 12 (12.1): KB, ₽20 left after buying KR's 2-train, passes on the privates (id 126)."""
    state, reached, refusal = fixture_replay("167259", until=125)
    assert reached == 125, refusal
    assert state.operating is not None
    assert (state.operating["company"], state.operating["step"]) == ("kb", "last_private")
    assert state.minors["kb"]["trains"] == ["2-6", "2-7"] and state.minors["kb"]["cash"] == 20


def test_money_totals_15000_after_every_action(replayed) -> None:
    *_, checks = replayed
    assert checks.money and set(checks.money) == {15000}


def test_every_recorded_run_earns_what_it_earned_on_18xx_games(replayed) -> None:
    *_, checks = replayed
    compared = [(at, recorded, here) for at, recorded, here in checks.runs if here != -1]
    assert compared  # majors and minors whose turn waits after the run (the buy-train step)
    for at, recorded, here in compared:
        assert here == recorded, at


def test_the_first_operating_round_buys_each_minor_the_recorded_2_train() -> None:
    """12.10: a trainless minor is forced to buy; 7.4's order gives 29683's N the 2-0, KB the 2-7."""
    state, reached, refusal = fixture_replay("29683", until=84)
    assert reached == 84, refusal
    trains = {minor: company["trains"] for minor, company in state.minors.items() if company["status"] == "started"}
    assert trains == {"n": ["2-0"], "m-k": ["2-1"], "mnn": ["2-2"], "spw": ["2-3"], "kr": ["2-4"], "kk": ["2-5"],
                      "mv": ["2-6"], "kb": ["2-7"]}
    assert state.minors["n"]["cash"] == 110 - 100  # bid, less the train (H10's tile was free)
    # 12.3: KR's second lay costs ₽20; 12.10, 13: short for its forced 2-train, it takes a ₽45 loan.
    assert (state.minors["kr"]["cash"], state.minors["kr"]["loans"]) == (105 - 20 + 45 - 100, 1)


def test_a_minors_run_pays_half_to_itself_half_to_its_owner_and_moves_it_right() -> None:
    """12.7: N's ₽80 run in OR 1.2 (29683 id 86): ₽40 each, price one cell right."""
    before, _, _ = fixture_replay("29683", until=85)
    after, reached, refusal = fixture_replay("29683", until=86)
    assert reached == 86, refusal
    owner = before.minors["n"]["owner"]
    assert after.minors["n"]["cash"] - before.minors["n"]["cash"] == 40
    assert after.cash[owner] - before.cash[owner] == 40
    assert after.minors["n"]["cell"][1] == before.minors["n"]["cell"][1] + 1
    # It earned ₽0 in OR 1.1 (no train yet): one cell left of its start, now one right again.
    assert after.minors["n"]["price"] > before.minors["n"]["price"] < prices.minor_start_price(after, 110)


@pytest.mark.parametrize("game", ["29683", "167259"])
def test_the_translated_record_replays_to_the_identical_state(game: str) -> None:
    """The engine is f(record): our translated record, replayed alone, gives the same state."""
    from engine.t1861.importer import replay_export
    from engine.t1861.title import TITLE
    from tests.engine.t1861.fixtures import fixture_export

    imported = replay_export(fixture_export(game))
    record = imported.record
    again = TITLE.new_game(record["players"], record["seed"], TITLE.validate_options(record["options"]))
    for entry in record["actions"]:
        TITLE.apply_in_place(again, entry["seat"], entry["action"])
        again.actions_applied += 1
    assert TITLE.to_json(again) == TITLE.to_json(imported.state)
    assert TITLE.to_json(TITLE.from_json(TITLE.to_json(again))) == TITLE.to_json(again)


def _end_of_first_or_set(game: str) -> int:
    """The id of the last company action before the second stock round."""
    from tests.engine.t1861.fixtures import fixture_export

    last, seen_company = 0, False
    for recorded in fixture_export(game).effective_actions():
        if recorded.get("entity_type") != "player":
            seen_company, last = True, recorded.get("id", last)
        elif seen_company:
            return last
    raise AssertionError("no second stock round")


@pytest.mark.parametrize("game", ["29683", "167259"])
def test_after_the_first_two_ors_every_minor_is_back_on_its_start_cell_with_one_train(game: str) -> None:
    """7.3, 12.7: ₽0 in OR 1.1 (no train yet) moves a minor left, its run in OR 1.2 right again;
    12.10: each bought one 2-train; section 8: the second stock round is next."""
    from tests.engine.t1861.test_opening import MINORS

    state, _, refusal = fixture_replay(game, until=_end_of_first_or_set(game))
    assert refusal is None and state.round["kind"] == "stock" and state.round["number"] == 2
    for minor, (_, bid) in MINORS[game].items():
        company = state.minors[minor]
        assert company["price"] == prices.minor_start_price(state, bid), minor
        assert [train.split("-")[0] for train in company["trains"]] in (["2"], ["2", "2"]), minor


def test_a_minors_loan_costs_5_interest_and_is_repaid_from_50_in_the_loan_step() -> None:
    """13, 12.8: 29683's KR took a loan for its forced 2-train in OR 1.1 (₽30 left); in OR 1.2
    it keeps ₽25 of its ₽50 run, pays ₽5 interest and repays the ₽50 loan to the supply."""
    before, _, _ = fixture_replay("29683", until=99)
    assert (before.minors["kr"]["cash"], before.minors["kr"]["loans"]) == (30, 1)
    after, reached, refusal = fixture_replay("29683", until=108)
    assert reached == 108, refusal
    assert (after.minors["kr"]["cash"], after.minors["kr"]["loans"]) == (30 + 25 - 5 - 50, 0)
    assert after.loans_in_supply == before.loans_in_supply + 1


def test_a_company_that_operated_is_marked_so_its_shares_may_be_sold() -> None:
    """10.2: selling needs the major to have operated; every company that took a turn is marked."""
    state, _, _ = fixture_replay("29683", until=_end_of_first_or_set("29683"))
    assert all(minor["operated"] for minor in state.minors.values() if minor["status"] == "started")
