"""An organizer runs a season on the pages in Chromium: a league, a season, sign-ups, the draw, the standings.

The organizer creates the league and opens its season on the forms; four players press
*Sign me up* on the season page; the organizer presses *Draw the divisions now*.  The beat
task starts the first wave (called here, as the beat would), its games are finished by a
resignation (the games service), and the season and division pages show the table.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import resignation
from leagues import tasks
from leagues.models import League, LeagueGame, Season, SeasonStatus
from tests.browser.accessibility import assert_accessible
from tests.browser.sessions import signed_in_page
from tests.games.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _texts(page, selector: str) -> list[str]:
    return [text.strip() for text in page.locator(selector).all_inner_texts()]


def _create_league_and_season(page, base: str) -> str:
    """The organizer's clicks from the leagues index to an open season; returns the season page's address."""
    page.goto(f"{base}/leagues/")
    page.click("#new-league")
    page.fill("input[name=name]", "Tuesday Acquire")
    page.select_option("select[name=title]", "acquire")
    # The chosen title's options, as checkboxes, and only its own (the league fixes them for every game).
    assert page.is_visible("fieldset[data-title=acquire]") and page.is_hidden("fieldset[data-title='1861']")
    assert page.is_checked("input[name=opt_acquire_open_holdings]")
    page.click("form button[type=submit]")
    assert "The league is made. Open its first season to take sign-ups." in page.inner_text("body")
    page.click("#new-season")
    deadline = (timezone.localtime() + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M")
    page.fill("input[name=signup_deadline]", deadline)
    page.fill("input[name=division_size]", "4")
    page.fill("input[name=game_size]", "2")
    page.fill("input[name=points_per_place]", "10, 6")  # one value per place in a game
    page.fill("input[name=move_time_limit_hours]", "48")
    page.click("#save-season")
    page.locator("#season-rules").wait_for()
    return page.url


def test_an_organizer_runs_a_season_from_the_pages_to_the_standings(live_server, new_page):
    base = live_server.url
    olga = make_user("olga@example.com", "olga")
    organizer = signed_in_page(new_page, base, olga)
    season_url = _create_league_and_season(organizer, base)
    league = League.objects.get()
    assert season_url == f"{base}/leagues/{league.slug}/1/"
    rules = organizer.inner_text("#season-rules")
    assert "divisions of 4, 2-player games, every pair meets once" in rules
    assert "Time per move: 48 hours (when it runs out: play the default answer)." in rules
    assert "Tie-breaks, in order: points, wins (first places), second places, share of the winner's score, " \
           "head-to-head." in rules
    assert "Sign-up closes " in rules

    names = ["ann", "bob", "cy", "dee"]
    players = [make_user(f"{name}@example.com", name) for name in names]
    for player in players:
        page = signed_in_page(new_page, base, player)
        page.goto(season_url)
        page.click("#sign-up")
        assert page.inner_text("#signed-up") == "You are signed up."
        assert "You are signed up for Season 1." in page.inner_text("body")
    organizer.goto(season_url)
    assert _texts(organizer, "#signed li") == names

    organizer.click("#draw")  # the page asks again, saying the draw cannot be undone
    assert "4 players signed up." in organizer.inner_text("#draw-confirm")
    assert "This cannot be undone" in organizer.inner_text("#draw-confirm")
    assert Season.objects.get(league=league).status != SeasonStatus.DRAWN
    organizer.click("#draw-button")
    assert "The divisions are drawn" in organizer.inner_text("body")
    season = Season.objects.get(league=league)
    assert season.status == SeasonStatus.DRAWN
    assert organizer.locator("#sign-up, #draw").count() == 0  # sign-up is over
    assert "Sign-up closed " in organizer.inner_text("#signup-deadline")
    tasks.run_seasons()  # the beat's minute: the first wave starts
    organizer.click("#console-link")  # the season page leads its organizer to the console
    assert organizer.locator("h1").inner_text() == "Organizer's console: Tuesday Acquire, Season 1"
    assert organizer.locator("#console-games a.button", has_text="Adjudicate").count() == 2  # wave 1's games

    first_wave = list(LeagueGame.objects.filter(wave__season=season, wave__index=1).select_related("game"))
    assert len(first_wave) == 2
    losers = set()
    for league_game in first_wave:
        loser = league_game.game.seats.get(index=1).user
        resignation.resign(league_game.game.pk, loser)
        losers.add(loser.name)

    visitor = new_page()
    visitor.goto(season_url)
    division = season.divisions.get()
    rows = visitor.locator(f"#standings-{division.pk} tbody tr")
    assert rows.count() == 4
    table = [[cell.strip() for cell in rows.nth(index).locator("th, td").all_inner_texts()][:4]
             for index in range(4)]
    winners = sorted(set(names) - losers)
    # Name, position, played, points: the two winners level on 10, the two who resigned on 6.
    assert table == [[winners[0], "=1", "1", "10"], [winners[1], "=1", "1", "10"],
                     [sorted(losers)[0], "=3", "1", "6"], [sorted(losers)[1], "=3", "1", "6"]]
    visitor.click(f"a[href='/leagues/{league.slug}/1/divisions/{division.pk}/']")
    assert visitor.locator(f"#standings-{division.pk} tbody tr").count() == 4
    assert_accessible(visitor)
