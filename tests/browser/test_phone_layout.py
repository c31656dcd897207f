"""The game page on a phone (390x844): the prompt and the board both come within the first screens,
and the wide tables fit their cards (or scroll inside them with their headings). Screenshots land in
test-artifacts/."""

from __future__ import annotations

import pytest

from tests.browser.sessions import signed_in_page
from tests.engine.railroad_barons.support import ANN, BOB, DRAFT_WITHOUT_450, buy
from tests.games.factories import SCRIPT, make_players, play, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SCREEN = PHONE["height"]


def open_on_a_phone(new_page, base_url, user, game, artifacts, name):
    page = signed_in_page(new_page, base_url, user, viewport=PHONE)
    page.goto(f"{base_url}/games/{game.pk}/")
    page.screenshot(path=artifacts / f"phone-{name}.png", full_page=True)
    page.screenshot(path=artifacts / f"phone-{name}-first-screen.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways page
    return page


def top_and_bottom(page, selector):
    box = page.locator(selector).first.bounding_box()
    return box["y"], box["y"] + box["height"]


def test_an_acquire_buy_prompt_and_the_board_fit_the_first_screens(live_server, new_page, artifacts):
    players = make_players()
    game = play(started_game(players), SCRIPT[:5])  # bob buys: one-click answers and a form
    page = open_on_a_phone(new_page, live_server.url, players[1], game, artifacts, "acquire-buy")
    prompt_top, prompt_bottom = top_and_bottom(page, "#prompt")
    board_top, board_bottom = top_and_bottom(page, "svg[aria-label='Acquire board']")
    assert prompt_top < SCREEN / 3 and prompt_bottom < board_top < SCREEN and board_bottom < 1.25 * SCREEN
    for table in ("#chains", "#players"):  # both fit: every heading in view
        assert page.locator(table).bounding_box()["width"] <= PHONE["width"] - 20
    assert page.locator("form[data-action=buy_shares]").is_hidden()  # folded behind the buttons
    page.click("details[data-fold=buy_shares] > summary")
    assert page.locator("form[data-action=buy_shares] input[name='f.shares.tower']").is_visible()


def test_a_railroad_barons_stock_turn_and_its_tables_fit_a_phone(live_server, new_page, artifacts):
    players = make_players()[:2]
    game = play(started_game(players, title="railroad-barons", options={}, seed=1),
                [*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "rice", 40, par=70)])
    page = open_on_a_phone(new_page, live_server.url, players[0], game, artifacts, "railroad-barons-stock")
    prompt_top, prompt_bottom = top_and_bottom(page, "#prompt")
    assert prompt_top < SCREEN / 3 and prompt_bottom < 2 * SCREEN
    scroller = page.locator("#players").locator("xpath=ancestor::div[contains(@class,'scroll')][1]")
    fits = page.locator("#players").bounding_box()["width"] <= PHONE["width"] - 20
    assert fits or scroller.count() == 1


def test_the_organizers_console_fits_a_phone_its_wide_table_scrolling_in_its_card(live_server, new_page, artifacts):
    """A row's five act buttons made the console's table wider than a phone: the whole page went sideways."""
    from tests.leagues.console_factories import league_game, make_league

    players = make_players()
    organizer = players[0]
    season = make_league(organizer)
    league_game(season, players)
    page = signed_in_page(new_page, live_server.url, organizer, viewport=PHONE)
    page.goto(f"{live_server.url}/leagues/{season.league.slug}/seasons/1/console/")
    page.screenshot(path=artifacts / "phone-console.png", full_page=True)
    assert page.locator("#console-games a.button", has_text="Adjudicate").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways page


def test_the_lobby_filters_fit_a_phone(live_server, new_page, artifacts):
    """The game filter's longest title ("1861: The Railways of the Russian Empire") stretched it past its card,
    its arrow cut off."""
    page = signed_in_page(new_page, live_server.url, make_players()[0], viewport=PHONE)
    page.goto(f"{live_server.url}/games/lobby/")
    page.screenshot(path=artifacts / "phone-lobby.png", full_page=True)
    card = page.locator("#lobby-filters").locator("xpath=ancestor::div[contains(@class,'card')][1]").bounding_box()
    select = page.locator("#id_title").bounding_box()
    assert select["x"] + select["width"] <= card["x"] + card["width"]
