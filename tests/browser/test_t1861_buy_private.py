"""An 1861 major buys a private from its president on the game page, in headless Chromium.

Game 29683 cut at its action 388: GRR (president: seat 1, who holds TSR and MRR) is at its private
step (12.1, phases 3-5).  Each private has a form of its own, its price bounded by that private's
face value: a single form for both offered the dearest private's range whichever was chosen (a
walk).  The president opens MRR's form, reads its bounds, buys it for its face value and reads
the purchase in the log; TSR's form is still offered, since the step stays open while another
private may be bought (R1).  Nothing in the console.  A screenshot lands in test-artifacts/.
"""

from __future__ import annotations

import pytest

from tests.browser.t1861_seats import open_seated_import

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PRIVATE_STEP_CUT = 388
GRR_SEAT = 1
DESKTOP = {"width": 1280, "height": 900}


def private_form(page, private: str):
    """The full form buying ``private`` (its summary names the private), unfolded."""
    fold = page.locator("#prompt details.fold[data-fold='buy_company']", has_text=f"Buy {private} from")
    fold.locator("summary").click()
    return fold.locator("form.option")


def test_each_private_has_its_own_price_range_and_the_president_buys_one(live_server, new_page, players, artifacts):
    _, page, problems = open_seated_import(live_server, new_page, players[0], PRIVATE_STEP_CUT, GRR_SEAT,
                                           viewport=DESKTOP)
    name = "Player 2"  # the seat's name in the recorded game, which the rules' words use
    assert page.locator('#prompt[data-prompt="operate"]').count() == 1
    mrr, tsr = private_form(page, "MRR"), private_form(page, "TSR")
    assert mrr.locator("input[name='f.price']").get_attribute("max") == "75"  # MRR's face value
    assert tsr.locator("input[name='f.price']").get_attribute("max") == "30"  # TSR's, not MRR's
    assert f"face value ₽75: any price from ₽1 to ₽75, paid to {name}" in mrr.inner_text()
    page.locator("#prompt").screenshot(path=artifacts / "t1861-buy-private.png")

    mrr.locator("input[name='f.price']").fill("75")
    with page.expect_navigation():
        mrr.locator("button[type='submit']").click()
    assert page.locator("#move-error").count() == 0
    assert f"GRR buys MRR from {name} for ₽75." in page.locator("#log li").all_inner_texts()[0]
    assert page.locator("#prompt details.fold[data-fold='buy_company']", has_text="Buy TSR from").count() == 1
    assert page.locator("#prompt details.fold[data-fold='buy_company']", has_text="Buy MRR from").count() == 0
    assert problems == []
