"""The division page in Chromium after league games finish: a resignation pressed on the game page moves the
table; ties, tie-breaks and zones read in words; axe-core's WCAG 2.1 AA rules pass, on a desktop and a phone."""

from __future__ import annotations

import pytest

from leagues.standings import SeatResult, record_result
from tests.browser.accessibility import assert_accessible
from tests.browser.sessions import signed_in_page
from tests.games.factories import make_players, make_user, started_game
from tests.leagues.factories import make_division, make_season, schedule

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def table_rows(page, division) -> list[list[str]]:
    rows = page.locator(f"#standings-{division.pk} tbody tr")
    cells = [rows.nth(index).locator("th, td").all_inner_texts() for index in range(rows.count())]
    return [[cell.strip() for cell in row] for row in cells]


def test_the_division_page_after_games_finish(live_server, new_page, artifacts):
    ann, bob, cy = make_players()
    dee = make_user("dee@example.com", "dee")
    season = make_season(promotion_count=1, relegation_count=1)
    make_division(season, [make_user("top@example.com", "top")], level=1)
    division = make_division(season, [ann, bob, cy, dee], level=2)
    make_division(season, [make_user("low@example.com", "low")], level=3)
    adjudicated = started_game([ann, bob, cy, dee])
    schedule(division, adjudicated, 1)
    record_result(adjudicated, [SeatResult(0, 1, 50), SeatResult(1, 1, 50), SeatResult(2, 3, 20), SeatResult(3, 4, 5)])
    played = started_game([cy, dee], seed=11)
    schedule(division, played, 2)

    page = signed_in_page(new_page, live_server.url, cy)
    page.goto(f"{live_server.url}/games/{played.pk}/")
    page.click("#resign-link")
    page.click("#resign-button")
    page.locator("#result-text").wait_for()

    url = f"{live_server.url}/leagues/{season.league.slug}/{season.number}/divisions/{division.pk}/"
    visitor = new_page()
    visitor.goto(url)
    assert table_rows(visitor, division) == [
        ["dee", "1", "2", "11", "1", "0", "10%", "—", "▲ promoted"],
        ["cy", "2", "2", "9", "0", "1", "40%", "—", "stays"],
        ["ann", "=3", "1", "8", "1", "0", "100%", "0", "stays"],
        ["bob", "=3", "1", "8", "1", "0", "100%", "0", "▼ relegated"],
    ]
    games = visitor.locator("#division-games tbody tr")
    assert games.nth(1).locator("td").last.inner_text() == "finished"
    visitor.click(f"#division-games a[href='/games/{played.pk}/']")
    assert visitor.locator("#result-text").inner_text() == "cy resigned; dee wins."
    visitor.goto(url)
    assert_accessible(visitor)

    phone = new_page(viewport=PHONE)
    phone.goto(url)
    phone.screenshot(path=artifacts / "phone-league-division.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # the table scrolls in its card
    assert_accessible(phone)
    phone.goto(f"{live_server.url}/leagues/{season.league.slug}/{season.number}/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(phone)
