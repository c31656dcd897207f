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

from engine.core import game as engine
from games import queries, services
from games.models import Game
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


def test_a_company_offers_for_another_companys_train_from_that_sellers_form_and_buys_it_when_accepted(sw_page):
    """One form per selling company (its seller fixed): SW's president opens KB's, picks its train
    and types a price.  KB's president is another player, so the price is an offer (12.10) that
    they are asked to accept; once accepted, SW's page shows the purchase in the log, both
    treasuries and both train lists."""
    page, problems = sw_page
    with page.expect_navigation():
        quick_button(page, "Pay out ₽390").click()
    kb_treasury, kb_trains = holding_of(page, "kb", "treasury"), holding_of(page, "kb", "trains").split(", ")
    fold = page.locator("#prompt details.fold", has=page.locator("summary", has_text="Buy a train from KB"))
    fold.locator("summary").click()
    form = fold.locator("form.option")
    assert "Any price from ₽1 to the company's ₽741; KB's president is asked to accept it" in form.inner_text()
    trains = form.locator("fieldset.choices label:not(.illegal)")
    assert trains.count() == len(kb_trains)
    bought = trains.first.inner_text().split("'s ")[1].removesuffix("-train")
    trains.first.locator("input").check()
    form.locator("input[name='f.price']").fill("120")
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    assert page.locator("#move-error").count() == 0
    offered = page.locator("#log li").all_inner_texts()[0]
    assert f"SW offers Player 1 ₽120 for KB's {bought}-train; Player 1 is asked to accept or decline." in offered
    assert holding(page, "treasury") == "₽741"  # nothing is paid before the seller answers

    accept_for_the_seller(page)
    page.reload()
    newest = page.locator("#log li").all_inner_texts()[0]
    assert "₽120" in newest and f"KB's {bought}-train" in newest, newest
    assert holding(page, "treasury") == "₽621"
    assert money(holding_of(page, "kb", "treasury")) == money(kb_treasury) + 120
    assert sorted(holding(page, "trains").split(", ")) == sorted(["4", "3", bought])
    assert problems == []


def accept_for_the_seller(page) -> None:
    """The seller's acceptance, as their own game page or mail would post it."""
    game_id = int(page.url.rstrip("/").rsplit("/", 1)[-1])
    game = Game.objects.get(pk=game_id)
    state = queries.current_state(game)
    prompt = next(prompt for prompt in engine.prompts(state) if prompt.seat != SW_SEAT)
    accept = next(answer.action for answer in prompt.quick if answer.label.startswith("Accept"))
    services.submit_move(game_id, prompt.seat, accept, game.version, "web")


def holding_of(page, company: str, field: str) -> str:
    return page.locator(f'section.holding[data-company="{company}"] dd.{field}').inner_text()


def money(text: str) -> int:
    return int(text.removeprefix("₽").replace(",", ""))
