"""Site-wide pages: the favicon, and the page a GET on a POST-only address answers."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_favicon_is_a_small_svg_every_page_links(client):
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon["Content-Type"] == "image/svg+xml"
    assert icon.content.startswith(b"<svg") and len(icon.content) < 1000
    assert '<link rel="icon" href="/favicon.ico" type="image/svg+xml">' in client.get("/").content.decode()


def test_a_get_on_a_post_only_address_says_what_to_do(client, players):
    page = client.get("/accounts/signout/")
    html = page.content.decode()
    assert page.status_code == 405 and page["Allow"] == "POST"
    assert "This address takes a button press" in html and "nothing was done" in html
    assert 'href="/accounts/signin/"' in html  # the site's own page around it, with its header


def test_the_page_points_to_the_page_the_address_belongs_to(client, players):
    from tests.notifications.helpers import start_game

    game = start_game(players)
    html = client.get(f"/games/{game.pk}/move/").content.decode()
    assert f'<a class="button" href="/games/{game.pk}/">Go to the page</a>' in html


def test_only_a_get_or_head_is_answered_with_the_page(client):
    other = client.delete("/accounts/signout/")
    assert other.status_code == 405 and other.content == b""


def test_a_missing_page_says_why_in_one_sentence(client):
    html = client.get("/games/999999/").content.decode()
    assert "<p>There is no such game.</p>" in html and ".." not in html
    assert "<p>There is nothing here.</p>" in client.get("/no/such/address/").content.decode()


@pytest.mark.parametrize(("path", "words"), [
    ("/players/9999/", "There is no such player here."),
    ("/leagues/nope/", "There is no such league here."),
])
def test_a_missing_thing_is_named_in_a_players_words(client, path, words):
    """Not get_object_or_404's "No User matches the given query."."""
    page = client.get(path)
    assert page.status_code == 404
    assert words in page.content.decode() and "matches the given query" not in page.content.decode()


def test_a_stale_form_gets_the_sites_page_not_djangos_csrf_failure(players):
    """A walk left a mail link's confirm page open, signed in in another tab and pressed its button:
    Django's page read "CSRF verification failed. Request aborted. ... DEBUG=True"."""
    from django.test import Client

    from tests.notifications.helpers import start_game

    game = start_game(players)
    browser = Client(enforce_csrf_checks=True)
    page = browser.post(f"/games/{game.pk}/move/", {"quick": "0"},
                        HTTP_REFERER=f"http://testserver/games/{game.pk}/")
    html = page.content.decode()
    assert page.status_code == 403
    assert "This form was out of date" in html and "Nothing was done" in html
    assert f'<a class="button" href="/games/{game.pk}/">Open the page again</a>' in html
    assert "CSRF" not in html and "DEBUG" not in html


def test_the_stale_form_page_never_links_another_site(client):
    from django.test import Client

    page = Client(enforce_csrf_checks=True).post("/accounts/signout/", HTTP_REFERER="http://testserver//evil.example/x")
    assert page.status_code == 403 and "evil.example" not in page.content.decode()
