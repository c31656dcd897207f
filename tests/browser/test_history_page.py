"""The history page in Chromium: ← and → step, and the buttons at either end do nothing."""

from __future__ import annotations

import pytest

from tests.games.factories import SCRIPT, make_players, play, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_arrow_keys_step_through_the_history_and_stop_at_the_ends(live_server, new_page, artifacts):
    game = play(started_game(make_players()), SCRIPT)
    page = new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/history/?step={len(SCRIPT) - 2}")
    page.locator(".chart").screenshot(path=artifacts / "history-charts.png")
    page.goto(f"{live_server.url}/games/{game.pk}/history/?step=0")
    assert page.locator("#step-keys").is_visible()
    assert page.get_attribute("#step-prev", "aria-disabled") == "true"
    page.keyboard.press("ArrowLeft")  # nothing before the start
    assert page.url.endswith("?step=0")
    with page.expect_navigation():
        page.keyboard.press("ArrowRight")
    assert page.url.endswith("?step=1")
    page.goto(f"{live_server.url}/games/{game.pk}/history/?step={len(SCRIPT) - 1}")
    with page.expect_navigation():
        page.keyboard.press("ArrowRight")
    assert page.url.endswith(f"?step={len(SCRIPT)}")
    assert page.get_attribute("#step-next", "aria-disabled") == "true"
    assert page.get_attribute("#step-last", "aria-disabled") == "true"
    page.locator("input[name=step]").focus()
    page.keyboard.press("ArrowLeft")  # the step box keeps its own keys
    assert page.url.endswith(f"?step={len(SCRIPT)}")
    page.locator("body").click(position={"x": 5, "y": 5})
    with page.expect_navigation():
        page.keyboard.press("ArrowLeft")
    assert page.url.endswith(f"?step={len(SCRIPT) - 1}")
    hover = page.locator(".chart svg[aria-label='Share prices'] rect[data-step='1'] title")
    assert hover.text_content().startswith("After move 1: Tower $")


def test_the_go_to_box_and_its_button_sit_on_one_line(live_server, new_page):
    """A walk's history page put 'go' under the step box, a line below the other step buttons."""
    game = play(started_game(make_players()), SCRIPT)
    page = new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/history/?step=3")
    box = page.locator("input[name=step]").bounding_box()
    button = page.locator(".steps form button").bounding_box()
    assert box and button and abs((box["y"] + box["height"] / 2) - (button["y"] + button["height"] / 2)) < 4
