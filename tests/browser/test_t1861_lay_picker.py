"""1861's track and token picker with JavaScript, in headless Chromium (issue 14, item 2).

Game 29683 cut at its action 270 (MNN at its track step, lays in seven hexes): the legal hexes are marked on
the map; a click on one shows its first legal tile drawn in place with its cost, "Next" steps to
the next tile or rotation, and the confirm button lays it (the map then shows the tile).  Cut at
376 (NW at its token step): a click on a marked city shows the token's cost and places it.
Also at a phone's size (390x844): no sideways page.  Nothing in the console.  Screenshots land
in test-artifacts/ (t1861-pick-*.png).
"""

from __future__ import annotations

import re

import pytest

from games import queries
from games.models import Game
from tests.browser.accessibility import assert_accessible
from tests.browser.t1861_seats import open_seated_import

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def hex_title(page, hex_id: str) -> str:
    return page.locator(f'svg.map-1861 g[data-hex="{hex_id}"] > title').text_content()


def busiest_hex(page) -> str:
    """The marked hex with the most legal lays (so stepping through them shows more than one)."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('[data-pick-hex]'))
        .map(group => [group.querySelectorAll('button[data-pick]').length, group.dataset.pickHex])
        .sort((a, b) => b[0] - a[0])[0][1]""")


def test_clicking_a_hex_previews_each_lay_in_place_and_confirm_lays_it(live_server, new_page, players, artifacts):
    # MNN at its track step, with lays in seven hexes
    game, page, problems = open_seated_import(live_server, new_page, players[0], 270, viewport=DESKTOP,
                                              device_scale_factor=2)
    page.wait_for_selector("svg.map-1861 .pick-target")
    listed = page.locator("#lay-picker button[data-pick]").count()
    hexes = page.locator("#lay-picker [data-pick-hex]").count()
    assert page.locator("svg.map-1861 .pick-target").count() == hexes and listed > hexes
    target = busiest_hex(page)
    choices = page.locator(f'#lay-picker [data-pick-hex="{target}"] button[data-pick]')
    assert choices.count() >= 2
    assert page.locator("#pick-panel").is_hidden()
    page.locator(f'svg.map-1861 .pick-target[data-target="{target}"]').click()
    panel = page.locator("#pick-panel")
    assert panel.is_visible()
    first = choices.nth(0)
    label = first.evaluate("button => button.form.dataset.label")
    price = first.locator("strong").text_content()
    assert f"{label}," in panel.text_content() and price in panel.text_content()
    assert f"(1 of {choices.count()})" in panel.text_content()
    assert page.locator(f'svg.map-1861 .pick-preview g[data-preview="{target}"]').count() == 1
    drawn = page.locator("svg.map-1861 .pick-preview g[data-preview]").inner_html()
    assert drawn == first.locator("svg.pick-tile > g").inner_html()  # the list's drawing, in place
    page.locator(f'svg.map-1861 g[data-hex="{target}"]').screenshot(path=artifacts / "t1861-pick-preview-hex.png")
    page.locator("#map").screenshot(path=artifacts / "t1861-pick-preview.png")
    around = page.locator(f'svg.map-1861 g[data-hex="{target}"]').bounding_box()
    page.screenshot(path=artifacts / "t1861-pick-preview-near.png", clip={
        "x": around["x"] - around["width"] * 1.5, "y": around["y"] - around["height"] * 1.5,
        "width": around["width"] * 4, "height": around["height"] * 4})
    page.click("#pick-panel .pick-next")
    assert f"(2 of {choices.count()})" in panel.text_content()
    page.keyboard.press("Escape")  # put back: no preview, no panel
    assert panel.is_hidden() and page.locator("svg.map-1861 .pick-preview *").count() == 0
    page.locator(f'svg.map-1861 .pick-target[data-target="{target}"]').click()
    page.locator(f'svg.map-1861 .pick-target[data-target="{target}"]').click()  # the same hex again: the next lay
    second = choices.nth(1)
    assert page.locator("svg.map-1861 .pick-preview g[data-preview]").inner_html() == second.locator(
        "svg.pick-tile > g").inner_html()
    tile = second.evaluate("button => button.form.elements['f.tile'].value")
    rotation = second.get_attribute("value")  # the button sends the rotation, its form the hex and tile
    assert f"tile {tile}" not in hex_title(page, target)
    with page.expect_navigation():
        page.click("#pick-panel .pick-confirm")
    page.wait_for_selector("svg.map-1861")
    assert f"tile {tile}" in hex_title(page, target)
    log = page.locator("text=/MNN lays tile/").first.text_content()
    assert re.search(rf"MNN lays tile {tile} in .*{target}", log), log
    state = queries.current_state(Game.objects.get(pk=game.pk))
    assert state.board.laid[target].number == tile and state.board.laid[target].rotation == int(rotation)
    assert problems == []


def test_clicking_a_city_shows_the_token_cost_and_places_it(live_server, new_page, players, artifacts):
    _, page, problems = open_seated_import(live_server, new_page, players[0], 376, viewport=DESKTOP)
    page.wait_for_selector("svg.map-1861 .pick-target")
    choice = page.locator("#lay-picker button[data-pick]").first
    key, price = choice.get_attribute("data-pick"), choice.locator("strong").text_content()
    hex_id = key.split("-")[0]
    assert "NW" not in hex_title(page, hex_id)
    page.locator(f'svg.map-1861 .pick-target[data-target="{key}"]').click()
    assert price in page.locator("#pick-panel").text_content() and hex_id in page.locator("#pick-panel").text_content()
    page.locator("#map").screenshot(path=artifacts / "t1861-pick-token.png")
    with page.expect_navigation():
        page.click("#pick-panel .pick-confirm")
    page.wait_for_selector("svg.map-1861")
    assert "NW" in hex_title(page, hex_id)
    assert problems == []


def test_the_picker_reads_on_a_phone(live_server, new_page, players, artifacts):
    _, page, problems = open_seated_import(live_server, new_page, players[0], 78, viewport=PHONE)
    page.wait_for_selector("svg.map-1861 .pick-target")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("#pick-list > summary")  # folded: 18 lays would push the map a screen down
    assert page.locator("#lay-picker button[data-pick]").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#lay-picker").screenshot(path=artifacts / "t1861-pick-phone-list.png")
    assert_accessible(page)  # the open list; below, the map's panel
    page.click("#pick-list > summary")
    target = busiest_hex(page)
    page.locator(f'svg.map-1861 .pick-target[data-target="{target}"]').click()
    assert page.locator("#pick-panel").is_visible()
    box = page.locator("#pick-panel").bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#map").screenshot(path=artifacts / "t1861-pick-phone-map.png")
    assert_accessible(page)
    assert problems == []
