"""The small scripts on the first-visit and new-game forms (the forms work without them too)."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from accounts.models import User
from tests.browser.test_play import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_first_visit_starts_from_the_browsers_time_zone(live_server, new_page):
    page = new_page(timezone_id="Europe/Amsterdam")
    page.goto(f"{live_server.url}/accounts/signin/")
    page.fill("#id_email", "zoe.new@example.com")
    page.click("button[type=submit]")
    page.wait_for_selector("text=Check your mail")
    page.goto(f"{live_server.url}/" + re.search(r"https?://[^/\s]+/(\S+)", mail.outbox[-1].body).group(1))
    page.click("#confirm-signin")
    assert page.input_value("#id_display_name") == "Zoe New"  # a guess from the address
    assert page.input_value("#id_time_zone") == "Europe/Amsterdam"
    page.click("button[type=submit]")
    page.wait_for_load_state()
    assert User.objects.get(email="zoe.new@example.com").time_zone == "Europe/Amsterdam"


def test_the_new_game_form_shows_what_applies_to_the_choices(live_server, new_page):
    page = new_page()
    sign_in(page, live_server.url, "ann@example.com", "Ann", next_url="/games/new/")
    page.goto(f"{live_server.url}/games/new/")
    acquire, barons = page.locator("fieldset[data-title=acquire]"), page.locator("fieldset[data-title=railroad-barons]")
    assert acquire.is_visible() and not barons.is_visible()
    page.select_option("#id_title", "railroad-barons")
    assert barons.is_visible() and not acquire.is_visible()
    assert page.input_value("#id_seat_count") == "2"  # Railroad Barons is for two
    assert page.locator("#id_seat_count option[value='3']").is_disabled()
    page.select_option("#id_title", "acquire")
    assert not page.locator("#id_seat_count option[value='3']").is_disabled()
    page.select_option("#id_title", "railroad-barons")
    assert not page.locator("#id_custom_hours").is_visible()
    page.select_option("#id_time_limit", "custom")
    assert page.locator("#id_custom_hours").is_visible()
    assert not page.locator("#id_advanced_options").is_visible()  # folded away under "Advanced options"
    page.click("text=Advanced options")
    assert page.locator("#id_advanced_options").is_visible()
    # Only the chosen title's example option shows (1861 refuses Acquire's open_holdings).
    assert page.locator("div[data-title=railroad-barons]").is_visible()
    assert not page.locator("div[data-title=acquire]").is_visible()
    page.select_option("#id_title", "1861")
    assert page.locator("div[data-title='1861']").inner_text() == 'For 1861, for example {"column_market": true}.'
    assert not page.locator("div[data-title=railroad-barons]").is_visible()
