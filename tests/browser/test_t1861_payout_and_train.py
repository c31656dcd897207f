"""An 1861 company pays out and buys a bank train on the game page, in headless Chromium.

Game 29683 cut at its action 527: SW (seat 2) is asked for its dividend after its routes earned
₽390.  Its president presses "Pay out ₽390" and reads the payout in the log, the company's
treasury and share price moved; then, asked to buy trains, presses the bank's 5-train (₽550) and
reads the purchase in the log, the treasury less ₽550, a 5-train among SW's trains and one
fewer in the bank's trains table.  Nothing in
the console.  Screenshots land in test-artifacts/ (t1861-payout-*.png).
"""

from __future__ import annotations

import pytest

from tests.browser.t1861_seats import open_seated_import

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DIVIDEND_CUT = 527
SW_SEAT = 2
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def sw_page(live_server, new_page, players):
    _, page, problems = open_seated_import(live_server, new_page, players[0], DIVIDEND_CUT, SW_SEAT,
                                           viewport=DESKTOP)
    return page, problems


def holding(page, field: str) -> str:
    return page.locator(f'section.holding[data-company="sw"] dd.{field}').inner_text()


def bank_left(page, train: str) -> str:
    """The trains table's "left" cell for ``train`` (how many the bank still has)."""
    return page.locator(f'#trains tr[data-train="{train}"] td.left').inner_text()


def quick_button(page, starts: str):
    return page.locator("#prompt form.quick button", has_text=starts)


def test_a_company_pays_out_then_buys_a_bank_train(sw_page, artifacts):
    page, problems = sw_page
    assert page.locator('#prompt[data-prompt="operate"]').count() == 1
    assert holding(page, "treasury") == "₽640"
    assert holding(page, "trains") == "4, 3"
    fives_left = int(bank_left(page, "5"))

    with page.expect_navigation():
        quick_button(page, "Pay out ₽390").click()
    assert page.locator("#move-error").count() == 0
    assert "pays out ₽390, ₽39 a share" in page.locator("#log li").all_inner_texts()[0]
    assert holding(page, "treasury") == "₽741"  # the treasury's own shares are paid too
    page.locator("#prompt").screenshot(path=artifacts / "t1861-payout-buy-train.png")

    with page.expect_navigation():
        quick_button(page, "Buy a 5-train from the bank (₽550)").click()
    assert page.locator("#move-error").count() == 0
    newest = page.locator("#log li").all_inner_texts()[0]
    assert "buys a 5-train from the bank for ₽550" in newest, newest
    assert holding(page, "treasury") == "₽191"
    assert sorted(holding(page, "trains").split(", ")) == ["3", "4", "5"]
    assert int(bank_left(page, "5")) == fives_left - 1  # the bank's trains table counts one 5-train fewer
    page.locator('section.holding[data-company="sw"]').screenshot(path=artifacts / "t1861-payout-bought.png")
    assert problems == []
