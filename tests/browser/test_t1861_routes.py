"""1861's route step in headless Chromium: the suggested routes drawn on the map, run with one click; and
(separately) a route edited by clicking stops on the map, the engine's answer drawn as it comes, then run.

Game 29683 cut at its action 450: NW's president is asked for routes (3-train ₽120, 4-train ₽160).
Screenshots land in test-artifacts/ (t1861-routes-*.png).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.accessibility import assert_accessible
from tests.browser.sessions import signed_in_page
from tests.browser.t1861_seats import open_seated_import, seated_import

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROUTES_CUT = 450
NW_SEAT = 2
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def nw_page(live_server, new_page, players):
    _, page, problems = open_seated_import(live_server, new_page, players[0], ROUTES_CUT, NW_SEAT,
                                           viewport=DESKTOP)
    page.wait_for_selector("svg.map-1861 #route-layer")  # the script laid the overlay over the map
    return page, problems


def click_stop(page, stop: str) -> None:
    """A real mouse click at the middle of a stop on the map, as a player makes it."""
    target = page.locator(f"svg.map-1861 [data-stop='{stop}']")
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_the_suggested_routes_are_drawn_on_the_map_and_run_with_one_click(nw_page, artifacts):
    page, problems = nw_page
    drawn = page.locator("svg.map-1861 #route-layer g.route")
    assert drawn.count() == 2
    assert page.locator("svg.map-1861 #route-layer g.route[data-train='3-1'] path").count() > 0
    legend = page.locator("#route-legend li").all_inner_texts()
    assert legend[0].startswith("3-train: Kiev") and legend[0].endswith("₽120")  # by type, not the id "3-1"
    assert legend[1].startswith("4-train: ")
    assert page.locator("#route-total").inner_text() == "Total: ₽280"
    # The card sits right under the map, and the drawn routes lie inside the map's own drawing.
    assert page.evaluate("document.getElementById('map').nextElementSibling.id") == "routes"
    assert page.locator("svg.map-1861 #route-layer .stop-picks").get_attribute("visibility") == "hidden"
    page.locator("#map").screenshot(path=artifacts / "t1861-routes-suggested.png")
    page.click("#accept-routes button")
    page.wait_for_selector("text=the trains earned ₽280")
    assert page.locator("#routes").count() == 0
    assert problems == []


def test_a_route_edited_by_clicking_stops_is_priced_by_the_engine_and_run(nw_page, artifacts):
    page, problems = nw_page
    page.click("#route-edit summary")
    # The details' toggle event, which shows the picks, is queued after the click: wait for it.
    expect(page.locator("svg.map-1861 #route-layer .stop-picks")).to_have_attribute("visibility", "visible")
    assert page.input_value("[name='stops.0']") == "D14:c2 E13 E11 E9 H8:c0"
    click_stop(page, "H8:c0")  # Moscow off the 3-train's route
    expect(page.locator("#route-total")).to_have_text("Total: ₽240")  # the engine's answer, drawn
    assert page.input_value("[name='stops.0']") == "D14:c2 E13 E11 E9"
    first = page.locator("#route-legend li").first.inner_text()
    assert first.startswith("3-train: ") and "Moscow" not in first and first.endswith("₽80")  # the script's legend
    assert page.locator("#route-total").inner_text() == "Total: ₽240"
    click_stop(page, "A9:o0")  # Poland after Smolensk: no track joins them
    page.wait_for_selector("#route-problem:not([hidden])")
    assert "no track joins Smolensk (E9) and Poland (A9)" in page.inner_text("#route-problem")
    assert page.locator("#route-legend li.refused").count() == 1
    page.locator("#map").screenshot(path=artifacts / "t1861-routes-refused.png")
    click_stop(page, "A9:o0")  # and off again
    page.wait_for_selector("#route-problem[hidden]", state="attached")
    assert page.locator("#route-total").inner_text() == "Total: ₽240"
    page.locator("#map").screenshot(path=artifacts / "t1861-routes-edited.png")
    page.click("#run-edited")
    page.wait_for_selector("text=the trains earned ₽240")
    assert problems == []


def test_the_route_card_on_a_phone_and_a_refused_edit_marked_on_the_map(live_server, new_page, players, artifacts):
    game = seated_import(ROUTES_CUT, players[0], NW_SEAT)
    page = signed_in_page(new_page, live_server.url, players[0], viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("svg.map-1861 #route-layer")
    page.click("#route-edit summary")
    page.locator("#routes").screenshot(path=artifacts / "t1861-routes-phone.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("#routes").bounding_box()["width"] <= 390
    assert_accessible(page)  # the card, its editor and the picks on the map (WCAG 2.1 AA)
    page.fill("[name='stops.1']", "H8 E9")  # the 4-train onto the 3-train's track: the engine refuses it
    page.click("#run-edited")
    page.wait_for_selector("#move-error")
    assert "both use the same track in H8" in page.inner_text("#move-error")
    assert page.locator("svg.map-1861 #route-layer g.route.refused[data-train='4-1']").count() == 1
    assert page.input_value("[name='stops.1']") == "H8 E9"
    page.locator("#routes").screenshot(path=artifacts / "t1861-routes-phone-refused.png")
    assert_accessible(page)


def test_typed_stops_are_priced_while_the_box_still_has_the_focus(nw_page):
    """A player who types a route sees the engine's answer once typing pauses, without leaving the box
    (a walk typed stops and saw the suggested total until it pressed Run)."""
    page, problems = nw_page
    page.click("#route-edit summary")
    box = page.locator("[name='stops.0']")
    box.click()
    box.press("End")
    for _ in "H8:c0":  # Moscow off the 3-train's route, key by key
        box.press("Backspace")
    expect(page.locator("#route-total")).to_have_text("Total: ₽240")
    assert page.evaluate("document.activeElement.name") == "stops.0"  # still typing there
    assert problems == []
