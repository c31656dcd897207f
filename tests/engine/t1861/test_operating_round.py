"""A major's operating turns, step by step (sections 7.3, 12.3, 12.5, 12.7, 12.10, 23 R1).

NW is parred at ₽100 in a phase-4 stock round (ann 20%, bob 10%; the treasury's 70% pays the
company) and homed in F18; the merger round that follows each OR in phase 4 has no minor to
give a turn to, so it ends at once (14.1) and the next OR or stock round follows by itself.
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861 import company_turn, prices
from engine.t1861.state import State, copy_state, total_money
from engine.t1861.title import TITLE
from tests.engine.t1861.games import asked, play, stock_round_state


def _nw_operating() -> State:
    state = stock_round_state(3, phase="4", cash=1000)
    play(state, 0, "par", company="nw", price=100)
    play(state, 0, "place_token", hex="f18", city=0)
    play(state, 1, "buy_shares", company="nw", source="treasury")
    for seat in (2, 0, 1):
        play(state, seat, "pass")
    return state


def _nw_with_a_route() -> State:
    """OR 1.1: no track, a forced 2-train; then OR 1.2 with track from F18 to G19."""
    state = _nw_operating()
    play(state, 0, "pass")  # track
    play(state, 0, "buy_train", train="2-0", source="depot")
    play(state, 0, "pass")  # no second train; an empty merger round, then OR 1.2
    assert state.round["operating_round"] == 2
    play(state, 0, "lay_tile", hex="f18", tile="5", rotation=4)
    play(state, 0, "lay_tile", hex="g19", tile="3", rotation=1)
    return state


def test_the_stock_round_hands_over_to_the_majors_president_at_the_track_step() -> None:
    state = _nw_operating()
    assert state.round == {"kind": "operating", "number": 1, "operating_round": 1}
    assert asked(state) == (0, "operate")
    assert TITLE.prompts(state)[0].context["step"] == "track"
    assert state.majors["nw"]["cash"] == 300  # 12.10's purchase comes from this treasury


def test_a_trainless_major_earns_nothing_withholds_and_moves_left_then_must_buy_a_train() -> None:
    """12.5, 12.7, 7.3: no train, ₽0, price one cell left; 12.10: the buy step refuses a pass."""
    state = _nw_operating()
    play(state, 0, "pass")
    assert state.majors["nw"]["price"] == 90
    assert TITLE.waiting(state)[0].accepts == ("buy_train",)
    with pytest.raises(IllegalAction, match="must buy"):
        company_turn.act(copy_state(state), {"type": "pass"})
    assert all(answer.action["type"] == "buy_train" for answer in TITLE.prompts(state)[0].quick)
    play(state, 0, "buy_train", train="2-0", source="depot")
    assert (state.majors["nw"]["cash"], state.majors["nw"]["trains"]) == (200, ["2-0"])
    assert total_money(state) == 15000


def test_a_second_tile_costs_20_and_a_third_is_not_asked_for() -> None:
    """12.3: two tile actions per turn, the second ₽20 dearer; Ekaterinoslav's water ₽40 with its
    first tile; the step then closes by itself."""
    state = _nw_with_a_route()
    assert state.majors["nw"]["cash"] == 200 - 40 - 20
    assert TITLE.prompts(state)[0].context["step"] == "routes"


def test_the_run_prompt_offers_the_optimisers_routes_and_a_major_then_chooses_its_dividend() -> None:
    """12.5: the suggested answer is legal and earns the most; 12.7: payout pays each holder per share."""
    state = _nw_with_a_route()
    prompt = TITLE.prompts(state)[0]
    best = prompt.quick[0].action
    assert best["type"] == "run_routes" and best["routes"][0]["train"] == "2-0"
    play(state, 0, "run_routes", routes=best["routes"])
    revenue = state.operating["revenue"]
    assert revenue > 0
    assert TITLE.prompts(state)[0].context["step"] == "dividend"
    cash_before, company_before = list(state.cash), state.majors["nw"]["cash"]
    TITLE.apply_in_place(state, 0, {"type": "dividend", "kind": "payout"})
    per_share = revenue // 10
    assert state.cash[0] - cash_before[0] == 2 * per_share  # the president's 20%
    assert state.cash[1] - cash_before[1] == per_share
    assert state.majors["nw"]["cash"] - company_before == 7 * per_share  # treasury shares pay the company
    assert total_money(state) == 15000


def test_a_route_the_rules_refuse_changes_nothing() -> None:
    """12.5: a train the company does not own is refused in words; the state is untouched."""
    state = _nw_with_a_route()
    before = TITLE.to_json(state)
    with pytest.raises(IllegalAction, match="no train 3-0"):
        play(state, 0, "run_routes", routes=[{"train": "3-0", "segments": []}])
    assert TITLE.to_json(state) == before


def test_a_dividend_that_is_not_payout_half_or_withhold_is_refused() -> None:
    state = _nw_with_a_route()
    play(state, 0, "run_routes", routes=TITLE.prompts(state)[0].quick[0].action["routes"])
    with pytest.raises(IllegalAction, match="payout, half or withhold"):
        TITLE.apply_in_place(state, 0, {"type": "dividend", "kind": "everything"})


def test_after_the_last_or_of_the_set_the_next_stock_round_opens() -> None:
    """Section 8: two ORs per set in phase 4 (each followed by a merger round), then a stock round."""
    state = _nw_with_a_route()
    play(state, 0, "run_routes", routes=TITLE.prompts(state)[0].quick[0].action["routes"])
    TITLE.apply_in_place(state, 0, {"type": "dividend", "kind": "withhold"})
    while asked(state)[1] in ("operate", "rsr_routes"):  # section 6: the RSR operates last in phase 4
        seat, prompt = asked(state)
        if prompt == "rsr_routes":
            play(state, seat, "run_routes", routes=TITLE.prompts(state)[0].quick[0].action["routes"])
        else:
            play(state, seat, "pass")
    assert state.round["kind"] == "stock" and state.operating is None  # the empty merger round ended


def test_the_first_4_train_makes_a_minor_over_its_new_limit_discard_before_the_buyer_goes_on() -> None:
    """16, 12.9: phase 4 cuts a minor's limit to one train; its owner discards, into the open
    market, before the buying major's step continues; the 2-trains rust."""
    from dataclasses import replace

    state = _nw_operating()
    play(state, 0, "pass")  # track; now NW's forced purchase
    state.phase = "3"
    copies = dict(state.depot.copies)
    state.depot = replace(state.depot, sold=tuple((kind, copies[kind] if kind in ("2", "3") else count)
                                                  for kind, count in state.depot.sold))
    state.minors["n"].update(status="started", owner=1, trains=["3-0", "3-1"])
    prices.start(state, state.minors["n"], 100, "minor")  # the trainless check (15.1) orders it by price
    state.majors["nw"]["trains"] = []
    play(state, 0, "buy_train", train="4-0", source="depot")
    assert state.phase == "4"
    assert TITLE.waiting(state)[0].seat == 1 and TITLE.waiting(state)[0].prompt == "discard_train"
    prompt = TITLE.prompts(state)[0]
    assert {answer.action["train"] for answer in prompt.quick} == {"3-0", "3-1"}
    play(state, 1, "discard_train", train="3-1")
    assert state.minors["n"]["trains"] == ["3-0"] and "3-1" in state.depot.open_market
    assert asked(state) == (0, "operate") and state.operating["company"] == "nw"
    assert total_money(state) == 15000


def test_12_9_r1_step_10_discards_follow_the_engines_company_list_yellow_minors_majors_green_minors() -> None:
    """12.9, 23 R1 step 10: companies over their limit discard in 18xx.games' company list order.
    That list holds the yellow minors; the majors and then the green minors are added to it when
    the green minors become available, so a yellow minor (N) is asked before a major (NW), and a
    green minor (MB) after both, whoever bought the train."""
    from dataclasses import replace

    state = _nw_operating()
    play(state, 0, "pass")  # track
    state.phase = "3"
    copies = dict(state.depot.copies)
    state.depot = replace(state.depot, sold=tuple((kind, copies[kind] if kind in ("2", "3") else count)
                                                  for kind, count in state.depot.sold))
    state.minors["mb"].update(status="started", owner=2, trains=["3-5", "3-6"])
    prices.start(state, state.minors["mb"], 100, "minor")
    state.minors["n"].update(status="started", owner=1, trains=["3-0", "3-1"])
    prices.start(state, state.minors["n"], 100, "minor")
    state.majors["nw"]["trains"] = ["3-2", "3-3", "3-4"]
    state.bank -= 100
    state.majors["nw"]["cash"] += 100
    play(state, 0, "buy_train", train="4-0", source="depot")  # phase 4: majors 3 trains, minors 1
    assert (TITLE.waiting(state)[0].seat, TITLE.waiting(state)[0].prompt) == (1, "discard_train")
    with pytest.raises(IllegalAction):
        play(state, 0, "discard_train", train="3-2")  # NW's turn to discard has not come
    play(state, 1, "discard_train", train="3-1")
    assert (TITLE.waiting(state)[0].seat, TITLE.waiting(state)[0].prompt) == (0, "discard_train")
    play(state, 0, "discard_train", train="3-2")
    assert (TITLE.waiting(state)[0].seat, TITLE.waiting(state)[0].prompt) == (2, "discard_train")
    play(state, 2, "discard_train", train="3-6")
    assert state.majors["nw"]["trains"] == ["3-3", "3-4", "4-0"] and state.minors["n"]["trains"] == ["3-0"]
    assert state.minors["mb"]["trains"] == ["3-5"]
    assert total_money(state) == 15000


def _nw_with_pool_shares() -> State:
    """NW's first turn, two of its shares in the pool when the operating round begins."""
    state = stock_round_state(3, phase="4", cash=1000)
    play(state, 0, "par", company="nw", price=100)
    play(state, 0, "place_token", hex="f18", city=0)
    play(state, 1, "buy_shares", company="nw", source="treasury")
    state.majors["nw"]["certificates"][5:7] = ["pool", "pool"]
    for seat in (2, 0, 1):
        play(state, seat, "pass")
    return state


def test_a_major_redeems_pool_shares_at_the_start_of_its_turn_once() -> None:
    """12.2: from the pool at the current price, the price unmoved.  18xx.games' redeem step
    waits first in the turn and is then over (29683 id 579: MKN passes it before its track),
    which overrides 23 G2's "at any step"."""
    state = _nw_with_pool_shares()
    assert TITLE.prompts(state)[0].context["step"] == "redeem"
    assert set(TITLE.waiting(state)[0].accepts) == {"redeem_shares", "pass"}
    price, cash = state.majors["nw"]["price"], state.majors["nw"]["cash"]
    play(state, 0, "redeem_shares", count=2)
    assert state.majors["nw"]["certificates"].count("pool") == 0
    assert state.majors["nw"]["cash"] == cash - 2 * price and state.majors["nw"]["price"] == price
    assert TITLE.prompts(state)[0].context["step"] == "track"
    state.majors["nw"]["certificates"][6] = "pool"
    with pytest.raises(IllegalAction):
        play(state, 0, "redeem_shares", count=1)
    assert total_money(state) == 15000


def test_a_major_that_passes_its_redeem_step_redeems_nothing_later_that_turn() -> None:
    state = _nw_with_pool_shares()
    play(state, 0, "pass")
    assert TITLE.prompts(state)[0].context["step"] == "track"
    assert "redeem_shares" not in TITLE.waiting(state)[0].accepts


def test_a_train_bought_from_another_company_costs_the_agreed_price_and_no_loans() -> None:
    """12.10: ₽1 to the buyer's cash, paid to the seller.  The price is agreed between the presidents, so
    one click buys for ₽1 only from the president's own company; from another player's, the form asks it."""
    state = _nw_operating()
    play(state, 0, "pass")
    state.minors["n"].update(status="started", owner=0, trains=["2-0"])
    trade = {"type": "buy_train", "train": "2-0", "source": "n", "price": 1}
    assert trade in [q.action for q in TITLE.prompts(state)[0].quick]  # NW's president owns N
    state.minors["n"]["owner"] = 1
    prompt = TITLE.prompts(state)[0]
    assert trade not in [q.action for q in prompt.quick]
    [from_n] = [option for option in prompt.actions if option.label == "Buy a train from N"]
    assert from_n.fixed == {"source": "n"} and [choice.value for choice in from_n.fields[0].choices] == ["2-0"]
    with pytest.raises(IllegalAction, match="₽1 to ₽300"):
        play(state, 0, "buy_train", train="2-0", source="n", price=301)
    play(state, 0, "buy_train", train="2-0", source="n", price=120)
    play(state, 1, "respond_offer", accept=True)  # bob agrees to the price (test_sale_offers.py)
    assert (state.majors["nw"]["cash"], state.minors["n"]["cash"]) == (300 - 120, 120)
    assert state.majors["nw"]["trains"] == ["2-0"] and state.minors["n"]["trains"] == []


def test_a_company_buys_a_players_private_at_any_step_for_one_rouble_to_face_value() -> None:
    """12.1 (phases 3-5), R1 step 2: the purchase is no step of its own; the price goes to the player."""
    state = _nw_operating()
    state.privates["tsr"] = 1
    assert "buy_company" in TITLE.waiting(state)[0].accepts  # at the track step
    with pytest.raises(IllegalAction, match="₽1 to ₽30"):
        play(state, 0, "buy_company", company="tsr", price=31)
    bob = state.cash[1]
    play(state, 0, "buy_company", company="tsr", price=30)
    play(state, 1, "respond_offer", accept=True)  # bob agrees to the price (test_sale_offers.py)
    assert state.privates["tsr"] == "nw" and state.cash[1] == bob + 30 and state.majors["nw"]["cash"] == 270
    assert TITLE.prompts(state)[0].context["step"] == "track"
    assert "buy_company" not in TITLE.waiting(state)[0].accepts  # no player holds a private now
    assert total_money(state) == 15000


def test_the_5_5e_train_is_bought_discarded_and_run_under_its_own_name() -> None:
    """12.10, 12.9, 12.5: the express train's id is lower case like every id ("5+5e-0", as the
    bank offers it); an answer naming it as 18xx.games spells it ("5+5E-0") is the same train."""
    state = _nw_operating()
    play(state, 0, "pass")  # track; now NW's forced purchase
    state.phase = "8"  # the 5+5E is sold from phase 8 (16)
    state.bank -= 1500
    state.majors["nw"]["cash"] += 1500
    offered = [answer.action for answer in TITLE.prompts(state)[0].quick]
    assert {"type": "buy_train", "train": "5+5e-0", "source": "depot"} in offered
    play(state, 0, "buy_train", train="5+5E-0", source="depot")
    assert state.majors["nw"]["trains"] == ["5+5e-0"]
    assert total_money(state) == 15000
    with pytest.raises(IllegalAction, match=r"The 5\+5E-train's route has no track"):  # its own train, found
        company_turn.check_run(state, "nw", {"routes": [{"train": "5+5e-0", "segments": []}]})


def test_every_step_a_company_passes_has_its_log_line_so_no_move_is_silent() -> None:
    """A walk stepped through an imported game's history and saw moves that logged nothing:
    the operating round's passes.  Each now says which step the company let go."""
    from engine.t1861.importer import replay_export
    from tests.engine.t1861.fixtures import fixture_export

    record = replay_export(fixture_export("29683")).record
    state = TITLE.new_game(record["players"], record["seed"], TITLE.validate_options(record["options"]))
    seen: dict[str, str] = {}
    for entry in record["actions"]:
        step = state.operating["step"] if state.operating else None
        company = state.operating["company"] if state.operating else None
        events = TITLE.apply_in_place(state, entry["seat"], entry["action"])
        assert events, entry  # every move says something
        if entry["action"]["type"] == "pass" and step in company_turn.PASS_WORDS:
            seen.setdefault(step, events[0].text)
            assert events[0].text.startswith(f"{company.upper()} "), events[0].text
    assert seen["track"].endswith(" lays no track.") and seen["token"].endswith(" places no token.")
    assert seen["buy_train"].endswith(" buys no train.")
