"""The merger round's frame (sections 8, 14.1): who is asked, in what order, and what follows.

29683's first merger round follows OR 2.2 (id 192, phase 3); 167259's KR converts in the
merger round after OR 3.2 (id 315); 29683's MB takes N into NW (id 312).
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861 import prices
from engine.t1861.state import State, state_to_json
from engine.t1861.title import TITLE
from tests.engine.t1861.games import asked, fixture_replay, play


@pytest.fixture
def merger_round() -> State:
    state, reached, refusal = fixture_replay("29683", until=192)
    assert reached == 192, refusal
    return state


def _floated_minors(state: State) -> list[str]:
    return [minor for minor, company in state.minors.items() if company["status"] == "started"]


def test_every_floated_minor_gets_a_turn_highest_price_first(merger_round: State) -> None:
    """14.1: the order is the operating order of the floated minors (7.4: price, then stacking)."""
    order = merger_round.round["order"]
    assert sorted(order) == sorted(_floated_minors(merger_round))
    prices = [merger_round.minors[minor]["price"] for minor in order]
    assert prices == sorted(prices, reverse=True)


def test_the_owner_of_the_minor_whose_turn_it_is_is_asked_and_may_pass(merger_round: State) -> None:
    first = merger_round.round["order"][0]
    owner = merger_round.minors[first]["owner"]
    assert asked(merger_round) == (owner, "merger_turn")
    prompt = TITLE.prompts(merger_round)[0]
    assert prompt.context == {"company": first, "default": {"type": "pass"}}  # the quiet answer (asking.py)
    assert [option.type for option in prompt.actions][-1] == "pass"
    assert {"type": "pass"} in [answer.action for answer in prompt.quick]
    play(merger_round, owner, "pass")
    second = merger_round.round["order"][1]
    assert asked(merger_round) == (merger_round.minors[second]["owner"], "merger_turn")


def test_only_the_minors_owner_may_answer(merger_round: State) -> None:
    seat, _ = asked(merger_round)
    other = next(player for player in merger_round.seats if player != seat)
    before = TITLE.to_json(merger_round)
    with pytest.raises(IllegalAction, match="turn"):
        TITLE.apply_in_place(merger_round, other, {"type": "pass"})
    assert TITLE.to_json(merger_round) == before


def test_a_minor_gone_since_the_round_began_is_skipped(merger_round: State) -> None:
    """14.1: minors that merged away (or closed) disappear from the list."""
    order = merger_round.round["order"]
    merger_round.minors[order[1]]["status"] = "closed"
    play(merger_round, asked(merger_round)[0], "pass")
    assert merger_round.round["index"] == 2
    assert asked(merger_round)[0] == merger_round.minors[order[2]]["owner"]


def test_after_the_last_minor_passes_the_next_stock_round_opens(merger_round: State) -> None:
    """Section 8: OR 2.2 was the set's last OR (phase 3 gives two), so stock round 3 follows."""
    for _ in merger_round.round["order"]:
        play(merger_round, asked(merger_round)[0], "pass")
    assert merger_round.round["kind"] == "stock" and merger_round.round["number"] == 3
    assert merger_round.operating is None


# Conversion (14.2) and the share buying after it (R7) -----------------------------------------

@pytest.fixture
def krs_turn() -> State:
    """167259's merger round after OR 3.2: KR (₽120, ann's) is asked; it converted into MK (id 315)."""
    state, reached, refusal = fixture_replay("167259", until=314)
    assert reached == 314, refusal
    assert merger_round_minor(state) == "kr" and asked(state) == (0, "merger_turn")
    return state


def merger_round_minor(state: State) -> str:
    return state.round["order"][state.round["index"]]


def _convert_kr_into_mk(state: State) -> State:
    play(state, 0, "convert")
    assert asked(state) == (0, "choose_major")
    return play(state, 0, "choose_major", major="mk")


def test_a_minor_in_the_convert_range_is_offered_conversion(krs_turn: State) -> None:
    prompt = TITLE.prompts(krs_turn)[0]
    assert [option.type for option in prompt.actions][-2:] == ["convert", "pass"]
    play(krs_turn, 0, "convert")
    choices = [choice.value for choice in TITLE.prompts(krs_turn)[0].actions[0].fields[0].choices]
    assert choices == [major for major, company in krs_turn.majors.items() if company["status"] == "unstarted"]


def _put_kr_on(state: State, row: int, column: int) -> None:
    """KR's price token moved by hand to the grid cell ``(row, column)``."""
    cell = prices.market_of(state).cell(row, column)
    assert cell is not None
    state.minors["kr"]["cell"], state.minors["kr"]["price"] = [row, column], cell.price


def _conversion_refused(state: State) -> None:
    assert "convert" not in [option.type for option in TITLE.prompts(state)[0].actions]
    assert all(answer.action["type"] != "convert" for answer in TITLE.prompts(state)[0].quick)
    before = TITLE.to_json(state)
    with pytest.raises(IllegalAction, match="outside the convert range"):
        TITLE.apply_in_place(state, 0, {"type": "convert"})
    assert TITLE.to_json(state) == before


def test_a_minor_outside_the_convert_range_may_not_convert(krs_turn: State) -> None:
    """14.2: only the blue cells; a ₽60 minor (row 4, column 0) is neither offered nor allowed conversion."""
    _put_kr_on(krs_turn, 4, 0)
    _conversion_refused(krs_turn)


@pytest.mark.parametrize("cell", [(4, 5), (3, 4), (2, 7), (0, 5)])
def test_a_minor_at_a_convert_range_price_off_the_blue_column_may_not_convert(
        krs_turn: State, cell: tuple[int, int]) -> None:
    """7.1, 14.2: the grid's convert range is column 6 alone; ₽100 on the par cell (4, 5) (oracle
    seed 3, action 537), ₽100 at (3, 4), ₽150 at (2, 7) and ₽150 at (0, 5) are the right prices
    in the wrong cells, and 18xx.games (which asks the cell's zone) refuses them."""
    _put_kr_on(krs_turn, *cell)
    _conversion_refused(krs_turn)


def test_a_minor_on_the_blue_column_converts_at_its_cells_par(krs_turn: State) -> None:
    """7.1, 14.2: ₽100 at (5, 6), in column 6, converts, and the major starts at ₽100."""
    _put_kr_on(krs_turn, 5, 6)
    convert = next(answer for answer in TITLE.prompts(krs_turn)[0].quick if answer.action["type"] == "convert")
    assert convert.label == "Convert (₽100)"
    _convert_kr_into_mk(krs_turn)
    assert krs_turn.majors["mk"]["price"] == 100


def test_conversion_starts_the_major_with_the_minors_assets_token_and_owner(krs_turn: State) -> None:
    """14.2: price the highest major par not above ₽120; the owner's free 20%; cash, trains and
    token move; the minor closes; R3: the next token costs ₽20 a hex."""
    from engine.t1861 import company_turn
    from engine.t1861.state import total_money

    kr = dict(krs_turn.minors["kr"])
    _convert_kr_into_mk(krs_turn)
    mk = krs_turn.majors["mk"]
    assert (mk["status"], mk["price"], mk["certificates"][0]) == ("started", 120, 0)
    assert mk["certificates"][1:] == ["treasury"] * 8
    assert (mk["cash"], mk["trains"], mk["loans"]) == (kr["cash"], kr["trains"], kr["loans"])
    assert krs_turn.minors["kr"]["status"] == "closed" and krs_turn.minors["kr"]["cash"] == 0
    assert krs_turn.board.token_hexes("MK") == ["G15"] and krs_turn.board.token_hexes("KR") == []
    assert company_turn.next_token_price(krs_turn, "mk") == 20
    assert total_money(krs_turn) == 15000


def test_after_conversion_the_owner_buys_any_number_then_each_other_player_one(krs_turn: State) -> None:
    """14.2, R7: ann (the converter) buys twice and passes; bob, cy, dee in seat order, one each."""
    _convert_kr_into_mk(krs_turn)
    assert asked(krs_turn) == (0, "merger_shares")
    cash_before = krs_turn.majors["mk"]["cash"]
    play(krs_turn, 0, "buy_shares", company="mk", source="treasury")
    play(krs_turn, 0, "buy_shares", company="mk", source="treasury")
    assert asked(krs_turn) == (0, "merger_shares")
    play(krs_turn, 0, "pass")
    assert asked(krs_turn) == (1, "merger_shares")
    play(krs_turn, 1, "buy_shares", company="mk", source="treasury")
    assert asked(krs_turn) == (2, "merger_shares")  # bob had his one share
    before = state_to_json(krs_turn)
    with pytest.raises(IllegalAction, match="treasury shares"):
        TITLE.apply_in_place(krs_turn, 2, {"type": "buy_shares", "company": "sw", "source": "treasury"})
    krs_turn.cash[2] = 100  # less than a share's ₽120
    with pytest.raises(IllegalAction, match="cannot buy another MK share"):
        TITLE.apply_in_place(krs_turn, 2, {"type": "buy_shares", "company": "mk", "source": "treasury"})
    krs_turn.cash[2] = before["cash"][2]
    assert state_to_json(krs_turn) == before  # refused answers are worked on the state itself: nothing changed
    play(krs_turn, 2, "pass")
    play(krs_turn, 3, "pass")
    assert krs_turn.majors["mk"]["cash"] == cash_before + 3 * 120
    assert krs_turn.majors["mk"]["certificates"][:4] == [0, 0, 0, 1]
    assert asked(krs_turn)[1] == "merger_turn" and merger_round_minor(krs_turn) != "kr"


def test_a_player_who_cannot_afford_a_share_is_not_asked(krs_turn: State) -> None:
    """R7: cash below the price skips the player without an action."""
    krs_turn.bank += krs_turn.cash[1] - 50
    krs_turn.cash[1] = 50
    _convert_kr_into_mk(krs_turn)
    play(krs_turn, 0, "pass")
    assert asked(krs_turn) == (2, "merger_shares")


def test_167259s_recorded_conversions_give_the_recorded_presidents_and_prices() -> None:
    """Ids 315-327: KR into MK (ann, ₽120), N into SW (bob, ₽110); nobody bought a share."""
    state, reached, refusal = fixture_replay("167259", until=327)
    assert reached == 327, refusal
    started = {major: (company["price"], company["certificates"]) for major, company in state.majors.items()
               if company["status"] == "started"}
    assert started == {"mk": (120, [0] + ["treasury"] * 8), "sw": (110, [1] + ["treasury"] * 8)}
    assert state.minors["kr"]["status"] == state.minors["n"]["status"] == "closed"


# Mergers (14.3) -------------------------------------------------------------------------------

def test_29683s_recorded_mergers_give_the_recorded_majors() -> None:
    """Ids 312-319: cy's MB (₽100) and N (₽70) form NW at ₽165 (par not above 170), cy president
    with the 20%; he buys one share (id 314). bob's E (₽100) and MNN (₽60) form GRR at ₽150; bob
    buys one, then ann one (ids 318-319, R7's second pass)."""
    from engine.t1861.state import total_money

    state, reached, refusal = fixture_replay("29683", until=319)
    assert reached == 319, refusal
    nw, grr = state.majors["nw"], state.majors["grr"]
    assert (nw["price"], nw["certificates"][:3]) == (165, [2, 2, "treasury"])
    assert (grr["price"], grr["certificates"][:4]) == (150, [1, 1, 0, "treasury"])
    assert all(state.minors[minor]["status"] == "closed" for minor in ("mb", "n", "e", "mnn"))
    assert set(state.board.token_hexes("NW")) == {"E9", "H8"}  # two hexes: nothing to remove (R3)
    assert total_money(state) == 15000


def test_a_minor_not_connected_to_the_merger_is_refused(merger_round: State) -> None:
    """14.3: only minors a merging minor's track reaches may be added."""
    from engine.t1861.merger_candidates import candidates

    acting = merger_round.round["order"][0]
    outsiders = [minor for minor, company in merger_round.minors.items()
                 if company["status"] == "started" and minor != acting
                 and minor not in candidates(merger_round, [acting])]
    assert outsiders
    before = TITLE.to_json(merger_round)
    with pytest.raises(IllegalAction, match="cannot join this merger"):
        TITLE.apply_in_place(merger_round, asked(merger_round)[0], {"type": "merge", "minor": outsiders[0]})
    assert TITLE.to_json(merger_round) == before


def test_mbs_turn_offers_its_connected_partner_and_r2_goes_straight_to_the_major() -> None:
    """14.3, R2: 29683's MB is offered N only; once N joins the next question is the major."""
    state, reached, refusal = fixture_replay("29683", until=311)
    assert reached == 311, refusal
    owner = asked(state)[0]
    prompt = TITLE.prompts(state)[0]
    merge = next(option for option in prompt.actions if option.type == "merge")
    assert [choice.value for choice in merge.fields[0].choices] == ["n"]
    play(state, owner, "merge", minor="n")
    assert asked(state) == (owner, "choose_major")


def test_a_minor_with_only_a_pass_in_the_merger_round_is_answered_for_its_owner() -> None:
    """A walk was asked, and mailed, "Convert, merge or pass?" with only Pass to press (14.1-14.3).
    The rules still ask (18xx.games records that pass); the title gives the service the answer."""
    from engine.core import game
    from engine.core.record import random_record, start

    forced = offered = 0
    for seed in (0, 2):
        record = random_record("1861", ["ann", "bob", "cy"], seed)
        state = start(record)
        for entry in record.actions:
            waiting = TITLE.waiting(state)
            if waiting and waiting[0].prompt == "merger_turn":
                kinds = {option.type for option in TITLE.prompts(state)[0].actions}
                answer = TITLE.forced_answer(state)
                assert (answer is not None) == (kinds == {"pass"}), kinds
                if answer is not None:
                    assert answer.action == {"type": "pass"} and "can neither convert nor merge" in answer.note.text
                    forced += 1
                else:
                    offered += 1
            game.apply_in_place(state, entry.seat, entry.action)
    assert forced and offered  # both kinds of turn were met
