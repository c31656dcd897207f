"""Prompt forms filled from a refused post: each kind of field shows what was sent."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from engine.core import ActionOption, Choice, Field, Prompt
from games.prompt_forms import option_forms

PROMPT = Prompt(0, "pick", "Pick?", (
    ActionOption("pick", "Pick", fields=(
        Field("tile", "choice", "Tile", choices=(Choice("1A", "1A"), Choice("2A", "2A"))),
        Field("count", "count", "Count", min=0, max=5),
        Field("shares", "counts", "Shares", choices=(Choice("tower", "Tower"), Choice("luxor", "Luxor"))),
        Field("keep", "bool", "Keep", required=False),
    )),
    ActionOption("pass", "Pass"),
))


def test_the_submitted_form_shows_the_posted_values():
    posted = QueryDict("type=pick&f.tile=2A&f.count=3&f.shares.luxor=2&f.keep=true")
    pick, _ = option_forms(PROMPT, posted)
    tile, count, shares, keep = pick.fields
    assert [c.checked for c in tile.choices] == [False, True]
    assert count.value == "3"
    assert [c.value for c in shares.choices] == ["0", "2"]
    assert keep.value is True


def test_other_forms_and_fresh_pages_show_their_defaults():
    pick, _ = option_forms(PROMPT, QueryDict("type=pass&f.count=3"))
    assert pick.fields[1].value == "0" and pick.fields[2].choices[1].value == "0"
    assert option_forms(PROMPT)[0].fields[1].value == "0"


TRAINS = Prompt(0, "operate", "Buy a train?", (
    ActionOption("buy_train", "From the bank", (Field("train", "choice", "Train", choices=(Choice("2-1", "2"),)),),
                 fixed={"source": "depot"}),
    ActionOption("buy_train", "From another company", (
        Field("train", "choice", "Train", choices=(Choice("2-0", "2-0 of KK"),)),
        Field("source", "choice", "From", choices=(Choice("kk", "KK"),)),
        Field("price", "number", "Agreed price", min=1, max=90))),
    ActionOption("pass", "Pass"),
))


def test_two_options_of_one_type_are_told_apart_by_the_posted_option():
    """Buying from another company posts the second buy_train form; read as the bank's, it was refused."""
    from games.prompt_forms import action_from_post

    company = QueryDict("type=buy_train&option=1&f.train=2-0&f.source=kk&f.price=40")
    assert action_from_post(TRAINS, company) == {"type": "buy_train", "train": "2-0", "source": "kk", "price": 40}
    bank = QueryDict("type=buy_train&option=0&f.train=2-1")
    assert action_from_post(TRAINS, bank) == {"type": "buy_train", "source": "depot", "train": "2-1"}
    assert action_from_post(TRAINS, QueryDict("type=buy_train&f.train=2-1"))["source"] == "depot"  # no index
    assert action_from_post(TRAINS, QueryDict("type=buy_train&option=2&f.train=2-1"))["source"] == "depot"
    forms = option_forms(TRAINS, company)
    assert [form.index for form in forms] == [0, 1, 2] and [form.refused for form in forms] == [False, True, False]
    assert forms[1].fields[2].value == "40"


def test_a_count_box_goes_no_higher_than_the_fields_total():
    """Acquire's buy: a rich player could pay for 24 Tower shares, but three is the most a turn
    may buy (R36), so the box's max says 3 and the browser refuses a 4 before the rules do."""
    buy = Prompt(0, "buy", "Buy?", (ActionOption("buy_shares", "Buy", fields=(
        Field("shares", "counts", "Shares", total_max=3, choices=(
            Choice("tower", "Tower", limit=24), Choice("luxor", "Luxor", limit=2), Choice("imperial", "Imperial"))),
    )),))
    shares = option_forms(buy)[0].fields[0]
    assert [choice.limit for choice in shares.choices] == [3, 2, 3]
    assert option_forms(PROMPT)[0].fields[2].choices[0].limit is None  # no total: no cap


def test_a_count_for_something_not_offered_is_refused_not_read_as_nothing():
    """A forged or stale form once bought no shares in place of the luxor it named."""
    import pytest

    from games.prompt_forms import FormProblem, action_from_post

    with pytest.raises(FormProblem, match="Shares: 'american' cannot be chosen now"):
        action_from_post(PROMPT, QueryDict("type=pick&f.tile=1A&f.count=1&f.shares.american=2"))
    zero = action_from_post(PROMPT, QueryDict("type=pick&f.tile=1A&f.count=1&f.shares.american=0&f.shares.tower=1"))
    assert zero["shares"] == {"tower": 1}


BID = Prompt(0, "auction", "Bid?", (
    ActionOption("bid", "Bid", fields=(
        Field("price", "number", "Bid", min=25, max=100, step=5, default=25),
        Field("extra", "count", "Extra", min=0, max=3, required=False, default=2),
    )),
))


def test_a_required_number_posted_empty_is_refused_and_an_optional_one_takes_its_default():
    """An empty bid box read as the default was a bid of the minimum the player never made."""
    from games.prompt_forms import FormProblem, action_from_post

    with pytest.raises(FormProblem, match=r"^Bid: enter a whole number\.$"):
        action_from_post(BID, QueryDict("type=bid&f.price=&f.extra=1"))
    with pytest.raises(FormProblem, match=r"^Bid: enter a whole number\.$"):
        action_from_post(BID, QueryDict("type=bid&f.price=%20%20"))
    assert action_from_post(BID, QueryDict("type=bid&f.price=30&f.extra=")) == {"type": "bid", "price": 30, "extra": 2}
    # A client that posts only what it changed leaves the rest as the page shows it.
    assert action_from_post(BID, QueryDict("type=bid")) == {"type": "bid", "price": 25, "extra": 2}
