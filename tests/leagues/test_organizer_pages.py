"""The organizer's pages: creating a league and its seasons; only organizers may change them (403)."""

from __future__ import annotations

import html
from datetime import UTC, timedelta

import pytest
from django.utils import timezone

from leagues.models import League, Season, SeasonStatus
from tests.leagues.conftest import open_season, sign_up_players
from turnpost.moments import moment_words

pytestmark = pytest.mark.django_db


def _season_form(**changes) -> dict:
    form = {
        "name": "", "signup_deadline": (timezone.now() + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M"),
        "division_size": 7, "game_size": 4, "meetings_per_pair": 2, "games_at_once": 2,
        "move_time_limit_hours": 48, "timeout_policy": "pause", "points_per_place": "10, 6, 3, 1",
        "tie_breaks": "points, wins, head_to_head", "promotion_count": 2, "relegation_count": 2,
    }
    return {**form, **changes}


def test_a_player_starts_a_league_of_a_title_and_organizes_it(client, dee):
    client.force_login(dee)
    response = client.post("/leagues/new/", {"name": "Friday Barons", "title": "railroad-barons", "options": "",
                                             "public": "on"})
    league = League.objects.get(slug="friday-barons")
    assert response.status_code == 302 and response["Location"] == "/leagues/friday-barons/"
    assert league.title == "railroad-barons" and league.is_organizer(dee)
    page = client.get("/leagues/friday-barons/")
    assert "A league of Railroad Barons" in page.content.decode() and b'id="new-season"' in page.content
    assert "The standard rules of Railroad Barons." in page.content.decode()  # not every default, spelled raw


def test_the_league_page_names_only_the_options_that_differ_from_the_titles(client, dee):
    client.force_login(dee)
    client.post("/leagues/new/", {"name": "Closed", "title": "acquire"})  # the open-holdings box unticked
    page = client.get("/leagues/closed/").content.decode()
    assert "Game options: Open holdings off." in page and "tile_bag" not in page


def _refused_league(client, organizer, name: str, options: str) -> str:
    """Posts a new Acquire league with ``options`` and returns the refusal page, having checked
    that it is a 400 and that no league was made."""
    client.force_login(organizer)
    response = client.post("/leagues/new/", {"name": name, "title": "acquire", "advanced_options": options})
    assert response.status_code == 400
    assert not League.objects.exists()
    return response.content.decode()


def test_options_the_title_does_not_know_are_refused_in_words(client, dee):
    assert "Options for Acquire" in _refused_league(client, dee, "Odd", '{"no_such": 1}')


@pytest.mark.parametrize("slug", ["me", "new"])
def test_an_address_the_site_uses_under_leagues_is_refused_in_words(client, dee, slug):
    """/leagues/me/games/ is the player's own page: a league there would be shadowed by it."""
    client.force_login(dee)
    response = client.post("/leagues/new/", {"name": "Mine", "title": "acquire", "options": "", "slug": slug})
    assert response.status_code == 400
    assert f"/leagues/{slug}/ is one of the site&#x27;s own pages" in response.content.decode()
    assert not League.objects.exists()


def test_an_organizer_opens_a_season_with_its_rules(client, league, olga):
    client.force_login(olga)
    response = client.post(f"/leagues/{league.slug}/seasons/new/", _season_form())
    season = Season.objects.get(league=league)
    assert response.status_code == 302
    assert (season.division_size, season.game_size, season.meetings_per_pair, season.games_at_once) == (7, 4, 2, 2)
    assert season.move_time_limit == timedelta(hours=48) and season.timeout_policy == "pause"
    assert season.tie_breaks == ["points", "wins", "head_to_head"] and season.promotion_count == 2
    assert (season.points_to, season.timeouts_before_offer) == ("finisher", 0)  # not in the form: the defaults
    rules = client.get(f"/leagues/{league.slug}/1/").content.decode()
    assert "Time per move: 48 hours (when it runs out: pause the game and tell its creator)." in rules
    assert "4-player games, every pair meets twice," in rules  # a walk read "meets 1 time"
    assert "takes over: the player who finished the game (division members only)." in rules


def test_an_organizer_sets_who_scores_a_substituted_seat_and_when_it_is_offered(client, league, olga):
    client.force_login(olga)
    client.post(f"/leagues/{league.slug}/seasons/new/", _season_form(points_to="split", timeouts_before_offer=2))
    season = Season.objects.get(league=league)
    assert (season.points_to, season.timeouts_before_offer) == ("split", 2)
    page = client.get(f"/leagues/{league.slug}/1/").content.decode()
    assert "takes over: shared by the moves each played (division members only); a seat is offered to the " \
           "substitutes after 2 timeouts of its player." in page
    edit = client.get(f"/leagues/{league.slug}/1/edit/").content.decode()
    assert '<option value="split" selected>' in edit and 'name="timeouts_before_offer" value="2"' in edit


def test_the_league_forms_options_help_gives_each_title_an_option_it_takes(client, olga):
    """The help gave {"open_holdings": false} as the example, which an 1861 league refuses."""
    client.force_login(olga)
    page = html.unescape(client.get("/leagues/new/").content.decode())
    for example in ('For Acquire, for example <code>{"open_holdings": false}</code>.',
                    'For Railroad Barons, for example <code>{"end_on_empty_pile": true}</code>.',
                    'For 1861, for example <code>{"column_market": true}</code>.'):
        assert example in page
    response = client.post("/leagues/new/", {"name": "Russian rails", "title": "1861",
                                             "advanced_options": '{"column_market": true}', "public": "on"})
    assert response.status_code == 302
    assert League.objects.get(slug="russian-rails").options["column_market"] is True


def test_a_leagues_options_are_the_new_game_forms_checkboxes(client, olga):
    """A walk found the league's options asked as a JSON box, where a new game has checkboxes."""
    client.force_login(olga)
    page = client.get("/leagues/new/").content.decode()
    assert 'name="opt_1861_column_market"' in page and 'name="opt_acquire_open_holdings"' in page
    response = client.post("/leagues/new/", {"name": "Column", "title": "1861", "opt_1861_column_market": "on",
                                             "opt_acquire_open_holdings": "on", "public": "on"})
    assert response.status_code == 302
    options = League.objects.get(slug="column").options
    assert options["column_market"] is True and "open_holdings" not in options  # the chosen title's only


def test_a_game_size_the_title_cannot_play_is_refused(client, league, olga):
    client.force_login(olga)
    response = client.post(f"/leagues/{league.slug}/seasons/new/", _season_form(game_size=7))
    assert response.status_code == 400
    assert "Acquire takes 2 to 6 players a game, not 7." in response.content.decode()


def test_a_two_player_leagues_season_form_starts_at_two_players_a_game(client, olga):
    """Railroad Barons' season form offered four a game, which its first press refused as "2 to 2 players"."""
    from leagues import organizing

    barons = organizing.create_league(olga, "Barons", "railroad-barons", {})
    client.force_login(olga)
    page = client.get(f"/leagues/{barons.slug}/seasons/new/").content.decode()
    assert 'name="game_size" value="2"' in page
    response = client.post(f"/leagues/{barons.slug}/seasons/new/", _season_form(game_size=3, points_per_place="6, 3"))
    assert "Railroad Barons takes 2 players a game, not 3." in response.content.decode()


@pytest.mark.parametrize("page", ["edit/", "seasons/new/"])
def test_only_organizers_may_open_the_league_forms(client, league, dee, page):
    client.force_login(dee)
    assert client.get(f"/leagues/{league.slug}/{page}").status_code == 403
    assert client.post(f"/leagues/{league.slug}/{page}", _season_form()).status_code == 403
    assert not Season.objects.exists()


@pytest.mark.parametrize("action", ["edit/", "draw/", "mail-players/"])
def test_only_organizers_may_change_a_season(client, league, dee, action):
    season = open_season(league)
    sign_up_players(season, 4)
    client.force_login(dee)
    response = client.post(f"/leagues/{league.slug}/1/{action}", _season_form(game_size=2))
    assert response.status_code == 403
    season.refresh_from_db()
    assert season.status == SeasonStatus.SIGNUP and season.game_size == 4


def test_signed_out_visitors_are_sent_to_sign_in(client, league):
    response = client.get(f"/leagues/{league.slug}/edit/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/signin/")


def test_an_added_organizer_may_edit(client, league, olga, dee):
    client.force_login(olga)
    client.post(f"/leagues/{league.slug}/edit/", {"name": league.name, "public": "on",
                                                  "add_organizer": "dee@example.com"})
    client.force_login(dee)
    assert client.get(f"/leagues/{league.slug}/edit/").status_code == 200


def test_the_draw_asks_again_before_it_closes_the_sign_up(client, league, olga):
    """A walk's organizer drew at one press of the season page's button, which cannot be undone:
    the button opens a page that says what the draw does; only its POST draws."""
    season = open_season(league, division_size=4, game_size=4)
    sign_up_players(season, 4)
    client.force_login(olga)
    page = client.get(f"/leagues/{league.slug}/1/draw/")
    text = page.content.decode()
    assert page.status_code == 200 and "4 players signed up." in text and "This cannot be undone" in text
    season.refresh_from_db()
    assert season.status != SeasonStatus.DRAWN
    client.post(f"/leagues/{league.slug}/1/draw/")
    season.refresh_from_db()
    assert season.status == SeasonStatus.DRAWN


def test_only_an_organizer_sees_the_draw_page(client, league, dee):
    open_season(league, division_size=4, game_size=4)
    client.force_login(dee)
    assert client.get(f"/leagues/{league.slug}/1/draw/").status_code == 403


def test_rules_are_fixed_once_drawn(client, league, olga):
    season = open_season(league, division_size=4, game_size=4)
    sign_up_players(season, 4)
    client.force_login(olga)
    client.post(f"/leagues/{league.slug}/1/draw/")
    response = client.post(f"/leagues/{league.slug}/1/edit/", _season_form(game_size=2, points_per_place="6, 3"))
    assert response.status_code == 400
    assert "can no longer change" in response.content.decode()


def test_a_private_league_is_hidden_from_outsiders(client, league, dee):
    League.objects.filter(pk=league.pk).update(public=False)
    client.force_login(dee)
    assert client.get(f"/leagues/{league.slug}/").status_code == 404


def test_the_rules_form_shows_the_season_as_it_is(client, league, olga):
    season = open_season(league, division_size=6, game_size=3)
    client.force_login(olga)
    page = client.get(f"/leagues/{league.slug}/1/edit/").content.decode()
    assert f'value="{season.signup_deadline.strftime("%Y-%m-%dT%H:%M")}"' in page
    assert 'name="division_size" value="6"' in page


def test_the_button_that_mails_last_seasons_players_shows_only_when_there_is_someone_to_mail(client, league, olga):
    """A first season has no last season: a button "Mail last season's 0 players" would only puzzle."""
    from tests.leagues.conftest import second_season_of

    client.force_login(olga)
    first = open_season(league)
    assert 'id="mail-players"' not in client.get(f"/leagues/{league.slug}/{first.number}/").content.decode()
    Season.objects.filter(pk=first.pk).delete()
    second, _ = second_season_of(league)
    page = client.get(f"/leagues/{league.slug}/{second.number}/").content.decode()
    assert "Mail last season's 4 players" in page


def test_a_season_drawn_early_says_sign_up_closed_at_the_draw_not_at_a_deadline_still_to_come(client, league, olga):
    season = open_season(league, division_size=4, game_size=4)
    sign_up_players(season, 4)
    client.force_login(olga)
    client.post(f"/leagues/{league.slug}/1/draw/")
    season.refresh_from_db()
    page = client.get(f"/leagues/{league.slug}/1/").content.decode()
    drawn, deadline = (moment_words(moment, UTC) for moment in (season.drawn_at, season.signup_deadline))
    assert (f"Sign-up closed {drawn}, when the divisions were drawn before the deadline ({deadline})."
            in page)


@pytest.mark.parametrize("page", ["seasons/new/", "1/edit/"])
def test_a_sign_up_deadline_already_past_is_refused_in_words(client, league, olga, page):
    """A season whose deadline had passed at its opening could never be signed up for, nor drawn."""
    if page == "1/edit/":
        open_season(league)
    client.force_login(olga)
    past = (timezone.now() - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(f"/leagues/{league.slug}/{page}", _season_form(signup_deadline=past))
    assert response.status_code == 400
    assert "The sign-up deadline must be in the future" in response.content.decode()
    assert all(season.signup_deadline > timezone.now() for season in Season.objects.all())


@pytest.mark.parametrize("page", ["seasons/new/", "1/edit/"])
def test_games_larger_than_the_divisions_are_refused_in_words(client, league, olga, page):
    """Divisions of 3 with 4-player games read "divisions of 3, 4-player games", then the draw made 3-player games."""
    if page == "1/edit/":
        open_season(league)
    client.force_login(olga)
    response = client.post(f"/leagues/{league.slug}/{page}", _season_form(division_size=3, game_size=4,
                                                                           promotion_count=1, relegation_count=1))
    assert response.status_code == 400
    html = response.content.decode()
    assert ("Games of 4 players need divisions of at least 4, since a game&#x27;s players all come from one "
            "division. Make the divisions larger, or the games smaller (at most 3 players).") in html
    assert not Season.objects.filter(division_size=3).exists()


def test_a_season_past_its_deadline_offers_no_sign_up_and_tells_its_organizer_how_to_reopen(client, league, olga, dee):
    season = open_season(league)
    Season.objects.filter(pk=season.pk).update(signup_deadline=timezone.now() - timedelta(hours=1),
                                               schedule_note="Not drawn: 0 players signed up.")
    client.force_login(dee)
    player_page = client.get(f"/leagues/{league.slug}/1/").content.decode()
    assert 'id="sign-up"' not in player_page and "Sign-up closed at its deadline" in player_page
    assert "the draw has not been made yet" in player_page and "edit the rules" not in player_page
    client.force_login(olga)
    organizer_page = client.get(f"/leagues/{league.slug}/1/").content.decode()
    assert "edit the rules</a> to set a new deadline and reopen sign-up" in organizer_page
    later = (timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    client.post(f"/leagues/{league.slug}/1/edit/", _season_form(signup_deadline=later, division_size=4))
    client.force_login(dee)
    assert 'id="sign-up"' in client.get(f"/leagues/{league.slug}/1/").content.decode()


def test_a_league_cannot_fix_its_games_tile_order(client, dee):
    """Its games are rated, and whoever set the order would know every hand."""
    assert "cannot fix the tile order (tile_bag)" in _refused_league(client, dee, "Rigged", '{"tile_bag": ["1A"]}')


def test_more_points_than_places_in_a_game_are_refused_in_words(client, league, olga):
    """A walk gave four points values for three-player games, and they were kept unread."""
    client.force_login(olga)
    response = client.post(f"/leagues/{league.slug}/seasons/new/", _season_form(game_size=3))
    assert response.status_code == 400 and not Season.objects.exists()
    assert "A game has 3 players, so give at most 3 values, best first (such as 10, 6, 3)" in response.content.decode()


def test_a_new_season_starts_from_the_last_seasons_rules(client, league, olga):
    """An organizer opening season 2 found the form back at its defaults (divisions of 4, 48 hours, 10, 6, 3, 1)."""
    client.force_login(olga)
    client.post(f"/leagues/{league.slug}/seasons/new/", _season_form(game_size=3, points_per_place="5, 2, 0",
                                                                     move_time_limit_hours=72))
    page = client.get(f"/leagues/{league.slug}/seasons/new/").content.decode()
    for field, value in (("division_size", "7"), ("game_size", "3"), ("meetings_per_pair", "2"),
                         ("move_time_limit_hours", "72"), ("points_per_place", "5, 2, 0")):
        assert f'name="{field}" value="{value}"' in page, field
    first = Season.objects.get(league=league, number=1)
    assert 'name="signup_deadline"' in page
    assert timezone.localtime(first.signup_deadline).strftime("%Y-%m-%dT%H:%M") not in page  # the new season's own


@pytest.mark.parametrize("path", ["/leagues/new/", "/leagues/{slug}/edit/"])
def test_the_public_box_sits_before_its_words_as_the_title_options_do(client, dee, path):
    """A walk's league form put 'Public (anyone may see its pages)' on a line above a lone box."""
    client.force_login(dee)
    client.post("/leagues/new/", {"name": "Walk League", "title": "acquire"})
    page = client.get(path.format(slug=League.objects.get().slug)).content.decode()
    box = page.split('<label for="id_public">', 1)[1].split("</label>", 1)[0]
    assert box.lstrip().startswith('<input type="checkbox" name="public"')
    assert "Public (anyone may see its pages)" in box


def test_the_tie_break_box_says_what_each_word_means(client, league, olga):
    """A walk's season form listed 'winner_share, head_to_head' with no word of what they count."""
    client.force_login(olga)
    page = html.unescape(client.get(f"/leagues/{league.slug}/seasons/new/").content.decode())
    assert "wins (first places), seconds (second places), winner_share (share of the winner's score)" in page
