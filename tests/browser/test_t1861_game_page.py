"""An imported 1861 game's page on a phone (390x844): the map with its zoom buttons, the market,
companies, RSR and trains, no sideways page and nothing in the console.  Screenshots land in
test-artifacts/ (phone-1861-*.png)."""

from __future__ import annotations

import pytest

from games import import_18xx
from tests.browser.t1861_seats import watch_console
from tests.games.t1861_imports import running_export

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LATE = 730  # the last 18xx.games action of 29683 our rules reach (phase 8)
MERGING = 200  # 29683 in its merger round after OR 2.2: ten companies in the round's order


def test_an_imported_1861_game_reads_on_a_phone_without_console_errors(live_server, new_page, artifacts):
    game = import_18xx.import_export(running_export(LATE), None)
    page = new_page(viewport=PHONE)
    problems = watch_console(page)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector(".map-zoom button")  # the zoom script ran under the policy
    page.screenshot(path=artifacts / "phone-1861-first-screen.png")
    page.screenshot(path=artifacts / "phone-1861.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways page
    for card in ("market", "companies", "rsr", "trains"):  # each card alone, readable at full size
        page.locator(f"#{card}").screenshot(path=artifacts / f"phone-1861-{card}.png")
    for card in ("#t1861-round", "#map", "#market", "#companies", "#rsr", "#privates", "#trains"):
        box = page.locator(card).bounding_box()
        assert box is not None and box["width"] <= PHONE["width"], card
    assert page.locator("#map svg.map-1861").bounding_box()["width"] > PHONE["width"] * 0.8
    assert page.locator("#companies .holding").count() >= 4
    page.click(".map-zoom button[aria-label='Zoom in']")
    assert page.eval_on_selector("svg.map-1861", "svg => svg.viewBox.baseVal.width") < page.eval_on_selector(
        "svg.map-1861", "svg => svg.getBBox().width + 200")
    page.goto(f"{live_server.url}/games/{game.pk}/history/?step=100")
    page.wait_for_selector(".map-zoom button")
    page.screenshot(path=artifacts / "phone-1861-history.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert problems == []


NUMBERS_CLEAR = """ol => {
  // Each company's number ("10. ") must sit clear of the company before it in its row: with the
  // numbers outside the items, a two-digit one spilt over its neighbour's name on a phone.
  const items = [...ol.children], clashes = [];
  const inside = getComputedStyle(items[0]).listStylePosition === "inside";
  items.forEach((li, i) => {
    const probe = document.createElement("span");
    probe.textContent = `${i + 1}. `; probe.style.whiteSpace = "pre"; li.append(probe);
    const width = probe.getBoundingClientRect().width; probe.remove();
    const box = li.getBoundingClientRect(), start = inside ? box.left : box.left - width;
    const before = items[i - 1] && items[i - 1].getBoundingClientRect();
    const sameRow = before && Math.abs(before.top - box.top) < 2;
    if (sameRow && start < before.right - 0.5) clashes.push(li.textContent.trim());
  });
  return {count: items.length, clashes};
}"""


def test_the_round_order_numbers_do_not_run_into_the_names_on_a_phone(live_server, new_page, artifacts):
    game = import_18xx.import_export(running_export(MERGING), None)
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    order = page.locator("#round-order")
    order.screenshot(path=artifacts / "phone-1861-round-order.png")
    found = order.evaluate(NUMBERS_CLEAR)
    assert found["count"] >= 10  # two-digit numbers, where the overlap showed
    assert found["clashes"] == []


FITS = """() => ['t1861-players', 'privates', 'trains'].flatMap(id => {
  // A card's tables stay inside it: with every cell on one line the players' privates column and the
  // phases' RSR column ran past the card's edge on a desktop page, cut off.
  const card = document.getElementById(id), edge = card.getBoundingClientRect().right;
  return [...card.querySelectorAll('table')].filter(t => t.getBoundingClientRect().right > edge + 1).map(() => id);
})"""


def test_the_players_and_trains_tables_fit_their_cards_on_a_desktop_page(live_server, new_page, artifacts):
    game = import_18xx.import_export(running_export(LATE), None)
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#t1861-players").screenshot(path=artifacts / "desktop-1861-players.png")
    page.locator("#trains").screenshot(path=artifacts / "desktop-1861-trains.png")
    assert page.evaluate(FITS) == []
