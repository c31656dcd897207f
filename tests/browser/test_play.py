"""A new player signs in by magic link, starts a 3-player Acquire game, and three players play
through the pages: a founding each, a merger with sell, trade and keep; then a visitor steps
through the history."""

from __future__ import annotations

import json
import re

import pytest
from django.core import mail

from games.models import Action, Game
from tests.games.factories import SCRIPT, TILE_BAG
from tests.games.pages import button_instead, prompt_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in(page, base: str, email: str, name: str, next_url: str = "") -> None:
    """Ask for a link, open it from the captured mail, confirm, and choose a display name."""
    page.goto(f"{base}/accounts/signin/" + (f"?next={next_url}" if next_url else ""))
    page.fill("#id_email", email)
    page.click("button[type=submit]")
    page.wait_for_selector("text=Check your mail")
    message = next(m for m in reversed(mail.outbox) if m.to == [email])
    page.goto(base + "/" + re.search(r"https?://[^/\s]+/(\S+)", message.body).group(1))  # the mail names the site
    page.click("#confirm-signin")
    page.fill("#id_display_name", name)
    page.click("button[type=submit]")
    page.wait_for_load_state()


def answer(page, action_type: str, fill: dict[str, str] | None = None, check: str | None = None) -> None:
    """Fill the prompt's form for ``action_type`` and send it; an answer with nothing to fill in that is
    also a one-click answer (declaring the end) has no form on the page, so its button is pressed."""
    game_id = int(re.search(r"/games/(\d+)/", page.url).group(1))
    prompt = prompt_of(game_id)
    option = next((o for o in prompt.actions if o.type == action_type), None) if prompt else None
    chosen = {option.fields[0].name: check} if check and option and option.fields else {}
    button = button_instead(prompt, action_type, values=chosen)
    if button is not None:
        assert not fill, f"{action_type} has nothing to fill in"
        page.locator(f"form.quick button[name=quick][value='{button}']").click()
        page.wait_for_load_state()
        return
    form = page.locator(f"form[data-action='{action_type}']")
    fold = page.locator(f"details[data-fold='{action_type}']:not([open]) > summary")
    if fold.count():
        fold.click()  # the full form is folded away behind the one-click answers
    if check:
        form.locator(f"input[type=radio][value='{check}']").check()
    for name, value in (fill or {}).items():
        form.locator(f"input[name='{name}']").fill(value)
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()


def press(page, label: str) -> None:
    page.locator("form.quick button", has_text=label).first.click()
    page.wait_for_load_state()


def test_three_players_play_through_the_pages_and_a_visitor_reads_the_history(live_server, new_page, artifacts):
    base = live_server.url
    ann, bob, cy = new_page(), new_page(), new_page(viewport={"width": 390, "height": 844})

    sign_in(ann, base, "ann@example.com", "Ann")
    ann.goto(f"{base}/games/new/")
    ann.select_option("#id_title", "acquire")
    ann.select_option("#id_seat_count", "3")
    ann.fill("#id_invitations", "bob@example.com\ncy@example.com")
    ann.select_option("#id_seat_order_mode", "chosen")
    ann.select_option("#id_time_limit", "48")
    ann.click("text=Advanced options")  # folded away: only a scripted tile bag needs it
    ann.fill("#id_advanced_options", json.dumps({"tile_bag": TILE_BAG}))
    ann.click("text=Create the game")
    game = Game.objects.get()
    assert ann.url.endswith(f"/games/{game.pk}/")

    # Bob follows his invitation mail's link (signed in and seated in one step); Cy signs in
    # from the game page and takes a seat there.
    invitation = next(m for m in mail.outbox if m.to == ["bob@example.com"] and "invites you" in m.subject)
    bob.goto(base + re.search(r"https?://[^/\s]+(/\S+/invitation/\S+)", invitation.body).group(1))
    bob.fill("#id_display_name", "Bob")
    bob.click("#accept-invitation")
    assert bob.url.endswith(f"/games/{game.pk}/")
    sign_in(cy, base, "cy@example.com", "Cy", next_url=f"/games/{game.pk}/")
    assert cy.url.endswith(f"/games/{game.pk}/")
    cy.click("#take-seat")
    game.refresh_from_db()
    assert game.status == "active"

    ann.goto(f"{base}/games/{game.pk}/")
    assert ann.locator("#hand li").count() == 6
    assert "founds a new chain" in ann.locator("#hand li[data-tile='2A']").inner_text()
    answer(ann, "place_tile", check="2A")
    press(ann, "Found Tower")
    box = "form[data-action='buy_shares'] input[name='f.shares.tower']"
    assert ann.locator(box).get_attribute("max") == "3"  # the most a turn may buy: the browser refuses a 4
    ann.eval_on_selector("form[data-action='buy_shares']", "form => { form.noValidate = true; }")
    answer(ann, "buy_shares", fill={"f.shares.tower": "4"})  # one too many, past the box: the engine says why
    assert "At most 3 shares" in ann.locator("#move-error").inner_text()
    answer(ann, "buy_shares", fill={"f.shares.tower": "2"})

    bob.goto(f"{base}/games/{game.pk}/")
    assert "waiting for Bob" in ann.locator("#move-label").inner_text()  # ann's page after her buy
    assert "waiting for you (move 4)" in bob.locator("#move-label").inner_text()  # bob's own turn
    press(bob, "Place 4A")
    answer(bob, "found_chain", check="luxor")
    answer(bob, "buy_shares", fill={"f.shares.tower": "2"})

    cy.goto(f"{base}/games/{game.pk}/")
    answer(cy, "place_tile", check="3A")
    answer(cy, "choose_survivor", check="luxor")

    ann.goto(f"{base}/games/{game.pk}/")
    assert "absorbed by Luxor" in ann.locator("#prompt").inner_text()
    answer(ann, "dispose_shares", fill={"f.sell": "1", "f.trade": "2"})
    bob.goto(f"{base}/games/{game.pk}/")
    press(bob, "Keep all")
    cy.goto(f"{base}/games/{game.pk}/")
    press(cy, "Buy nothing")

    actions = list(Action.objects.filter(game=game).order_by("seq").values_list("seat", "payload"))
    assert actions == [(seat, action) for seat, action in SCRIPT]
    ann.goto(f"{base}/games/{game.pk}/")
    assert ann.locator("#chains tr[data-chain='luxor'] td").nth(1).inner_text() == "5"
    assert "Ann sold 1 Tower share" in ann.locator("#log").inner_text()
    ann.screenshot(path=str(artifacts / "game-page.png"), full_page=True)
    cy.screenshot(path=str(artifacts / "game-page-phone.png"), full_page=True)

    visitor = new_page()
    visitor.goto(f"{base}/games/{game.pk}/history/")
    assert visitor.locator("#step-label").inner_text() == f"After move {len(SCRIPT)} of {len(SCRIPT)}"
    visitor.click("#step-first")
    assert visitor.locator("#step-label").inner_text() == f"Before move 1 of {len(SCRIPT)}"
    visitor.click("#step-next")
    visitor.click("#step-next")
    assert visitor.locator("#step-label").inner_text() == f"After move 2 of {len(SCRIPT)}"
    assert visitor.locator("g[data-tile='2A']").get_attribute("data-chain") == "tower"
    visitor.click("#step-prev")
    assert visitor.locator("g[data-tile='2A']").get_attribute("data-chain") == ""
    visitor.goto(f"{base}/games/{game.pk}/history/?step=7")
    assert "Cy placed 3A" in visitor.locator("#log").inner_text()
    visitor.click("#step-last")
    assert visitor.locator("#step-label").inner_text() == f"After move {len(SCRIPT)} of {len(SCRIPT)}"
    assert visitor.locator("svg[aria-label='Share prices']").count() == 1
    assert visitor.locator("#hand").count() == 0
    visitor.screenshot(path=str(artifacts / "history-page.png"), full_page=True)
