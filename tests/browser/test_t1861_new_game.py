"""A new 3-player 1861 game, created on the new-game page and played on the game page in Chromium.

Ann creates it (1861, 3 players, the column market left off); Bob and Cy take the open
seats.  The private auction and the first stock round are played on the page: the engine's
random player decides, and each answer is given with the page's own button or form.  Then,
in the operating rounds, by page: a tile laid through the picker's list of legal lays,
a station token through the picker, the route card's suggested routes, a payout and a bank train.
Between those the random player moves the game on through the service layer until the
wanted question comes.  Ann reads the game on a phone (390x844): screenshots land in
test-artifacts/ (phone-1861-new-*.png).  No page logs a console error.
"""

from __future__ import annotations

import re

import pytest

import engine.core as engine
from engine.core.rng import seeded_rng
from games.models import Game, GameStatus, Snapshot
from tests.browser import t1861_driver as drive
from tests.browser.sessions import signed_in_page
from tests.browser.t1861_seats import watch_console

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
OPENING = ("private_auction", "stock_turn", "minor_auction", "home_city")


def watched(page, problems: list[str]):
    watch_console(page, problems)
    return page


def hex_title(page, hex_id: str) -> str:
    return page.locator(f'svg.map-1861 g[data-hex="{hex_id.upper()}"] > title').first.text_content()


def company_text(page, company: str) -> str:
    return re.sub(r"\s+", " ", page.locator(f'#companies section.holding[data-company="{company}"]').inner_text())


def test_a_new_1861_game_is_created_and_played_on_its_pages(live_server, new_page, artifacts, players) -> None:
    base, problems = live_server.url, []
    ann = watched(signed_in_page(new_page, live_server.url, players[0], viewport=PHONE), problems)
    ann.goto(f"{base}/games/new/")
    ann.select_option("#id_title", "1861")
    assert ann.locator('fieldset[data-title="1861"]').is_visible()
    assert not ann.locator("#id_opt_1861_column_market").is_checked()
    assert ann.locator('#id_seat_count option[value="6"]').is_enabled()
    ann.select_option("#id_seat_count", "3")
    ann.select_option("#id_seat_order_mode", "chosen")
    ann.click("text=Create the game")
    game = Game.objects.get()
    assert ann.url.endswith(f"/games/{game.pk}/") and game.title == "1861"
    pages = {players[0].pk: ann}
    for user in players[1:]:
        page = watched(signed_in_page(new_page, base, user), problems)
        page.goto(f"{base}/games/{game.pk}/")
        page.click("#take-seat")
        pages[user.pk] = page
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    by_seat = {seat.index: pages[seat.user_id] for seat in game.seats.all()}

    def page_for(prompt):
        page = by_seat[prompt.seat]
        page.goto(f"{base}/games/{game.pk}/")
        assert page.locator(f'#prompt[data-prompt="{prompt.name}"]').count() == 1
        return page

    # The opening, by page: the private auction and the first stock round.
    rng, rules, seen = seeded_rng(61, "browser-opening"), engine.get_title("1861"), set()
    while (prompt := drive.asked(game)).name in OPENING:
        state = engine.from_json(Snapshot.objects.get(game=game).state)
        seen.add((prompt.name, drive.post_as(page_for(prompt), prompt, rules.random_action(state, prompt.seat, rng))))
    assert {"private_auction", "stock_turn"} <= {name for name, _ in seen}, seen
    assert prompt.name == "operate", "the first operating round follows the stock round"

    # A tile, through the picker: the list's button for one legal lay.
    prompt = drive.fast_forward(game, lambda p: drive.step_of(p) == "operate:track" and p.accepts("lay_tile"), 1)
    lay = next(answer.action for answer in prompt.quick if answer.action["type"] == "lay_tile")
    page = page_for(prompt)
    drive.lay_tile(page, lay["hex"], lay["tile"], lay["rotation"])
    assert f"tile {lay['tile']}" in hex_title(page, lay["hex"])

    # The suggested routes, then a bank train, for the company whose turn it is.
    prompt = drive.fast_forward(game, lambda p: drive.step_of(p) == "operate:routes", 2)
    company = prompt.context["company"]
    drive.run_suggested_routes(page_for(prompt))
    prompt = drive.fast_forward(game, lambda p: drive.step_of(p) == "operate:buy_train" and any(
        a.action.get("source") == "depot" for a in p.quick), 3)
    company = prompt.context["company"]
    before = len(prompt.context["trains"])
    bought = drive.press_labelled(page_for(prompt), prompt, "Buy ")
    state = engine.from_json(Snapshot.objects.get(game=game).state)
    assert bought["source"] == "depot" and len(engine.view(state, None)["companies"][company]["trains"]) == before + 1

    # A station token through the picker, and a payout.
    prompt = drive.fast_forward(game, lambda p: drive.step_of(p) == "operate:token" and p.accepts("place_token"), 4)
    token = next(answer.action for answer in prompt.quick if answer.action["type"] == "place_token")
    company = prompt.context["company"]
    page = page_for(prompt)
    drive.place_token(page, token["hex"], token["city"])
    assert company.upper() in hex_title(page, token["hex"])
    prompt = drive.fast_forward(game, lambda p: drive.step_of(p) == "operate:dividend", 5)
    page = page_for(prompt)
    company = prompt.context["company"]
    drive.press_labelled(page, prompt, "Pay out ")
    assert f"{company.upper()} pays out ₽" in page.locator("#log").inner_text()

    # Passing the track step has nothing to fill in and is a one-click answer: the card shows it once,
    # as that button (no folded form repeating it), and the driver's form filling presses it.
    prompt = drive.fast_forward(game, lambda p: drive.step_of(p) == "operate:track", 6)
    page = page_for(prompt)
    label = next(option.label for option in prompt.actions if option.type == "pass")
    assert page.locator("#prompt").get_by_text(label, exact=True).count() == 1
    assert page.locator('#prompt details.fold[data-fold="pass"]').count() == 0
    version = Game.objects.get(pk=game.pk).version
    drive.fill_form(page, "pass", {}, {}, prompt=prompt)
    assert Game.objects.get(pk=game.pk).version > version

    ann.goto(f"{base}/games/{game.pk}/")
    ann.wait_for_selector(".map-zoom button")
    ann.screenshot(path=artifacts / "phone-1861-new-first-screen.png")
    ann.screenshot(path=artifacts / "phone-1861-new.png", full_page=True)
    ann.locator("#map").screenshot(path=artifacts / "phone-1861-new-map.png")
    ann.goto(f"{base}/games/rules/1861/")
    ann.screenshot(path=artifacts / "phone-1861-rules.png")
    assert ann.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ann.goto(f"{base}/games/{game.pk}/")
    assert ann.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert problems == []
