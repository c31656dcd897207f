"""An invitation mail's link seats its player in one step: signed in (a new account if need be) and seated.

GET only shows the seat on offer; the POST acts.  The link is refused, changing nothing, when it is
forged, expired, for another game, for a seat already taken, or opened by someone signed in under
another address.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client

from accounts.models import ApiToken, User
from games import invitations, services
from games.models import Game, GameStatus


@pytest.fixture
def open_game(players, django_capture_on_commit_callbacks):
    """ann's game for three: bob invited, and a new player (new@example.com) who has no account yet."""
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(players[0], "acquire", 3, invited_emails=["Bob@Example.com", "new@example.com"])
    return game


def link_for(email: str) -> str:
    message = next(m for m in mail.outbox if m.to == [email])
    return re.search(r"https?://[^/\s]+(/games/\d+/invitation/[^/\s]+/)", message.body).group(1)


def test_the_mail_says_what_the_link_does(open_game):
    message = next(m for m in mail.outbox if m.to == ["new@example.com"])
    assert "ann invites you to play Acquire" in message.subject
    assert "signs you in to Turnpost as new@example.com" in message.body
    assert "until your seat is taken, for 30 days" in message.body


def test_opening_the_link_changes_nothing(client, open_game):
    page = client.get(link_for("new@example.com"))
    html = page.content.decode()
    assert page.status_code == 200
    assert "ann has kept a seat for you" in html and "new@example.com" in html
    assert 'value="New"' in html  # a new player chooses a name here, starting from a guess
    assert not User.objects.filter(email="new@example.com").exists()
    assert not open_game.seats.filter(user__isnull=False).exclude(index=0).exists()
    assert "_auth_user_id" not in client.session


def test_a_new_player_is_signed_in_and_seated_in_one_step(client, open_game, players):
    response = client.post(link_for("new@example.com"), {"display_name": "Newt", "time_zone": "Europe/Paris"})
    assert response.status_code == 302 and response["Location"] == f"/games/{open_game.pk}/"
    newt = User.objects.get(email="new@example.com")
    assert (newt.display_name, newt.time_zone) == ("Newt", "Europe/Paris")
    seat = open_game.seats.get(invited_email="new@example.com")
    assert seat.user == newt and seat.display_name == "Newt"
    game_page = client.get(f"/games/{open_game.pk}/").content.decode()  # signed in: the game page knows them
    assert "Newt" in game_page and "You have a seat in this game" in game_page

    bob = Client()
    assert bob.post(link_for("bob@example.com")).status_code == 302  # bob has an account and a name: one click
    open_game.refresh_from_db()
    assert open_game.status == GameStatus.ACTIVE  # every seat taken: the game starts


def test_a_new_player_must_choose_a_name(client, open_game):
    page = client.post(link_for("new@example.com"), {"display_name": "  ", "time_zone": "UTC"})
    assert page.status_code == 200 and "Choose the name" in page.content.decode()
    assert not User.objects.filter(email="new@example.com").exists()


def test_a_second_press_in_the_same_browser_lands_on_the_game(client, open_game, players):
    link = link_for("bob@example.com")
    assert client.post(link).status_code == 302
    again = client.post(link, follow=True)  # the first press signed this browser in: the session knows
    assert again.redirect_chain == [(f"/games/{open_game.pk}/", 302)]
    assert "You have taken this seat" in again.content.decode()
    assert client.get(link)["Location"] == f"/games/{open_game.pk}/"
    assert open_game.seats.filter(user=players[1]).count() == 1


@pytest.mark.parametrize("method", ["get", "post"])
def test_the_link_is_spent_the_moment_its_seat_is_taken(open_game, players, method):
    link = link_for("bob@example.com")
    assert Client().post(link).status_code == 302
    forwarded = Client()  # anyone else holding the mail: no grace period, no sign-in
    refused = getattr(forwarded, method)(link)
    assert refused.status_code == 400 and "its seat is taken" in refused.content.decode()
    assert "_auth_user_id" not in forwarded.session


def test_a_spent_link_does_not_seat_another_signed_in_player(client, open_game, players):
    assert Client().post(link_for("bob@example.com")).status_code == 302
    client.force_login(players[2])
    refused = client.post(link_for("bob@example.com"))
    assert refused.status_code == 400 and "its seat is taken" in refused.content.decode()
    assert client.session["_auth_user_id"] == str(players[2].pk)
    assert not open_game.seats.filter(user=players[2]).exists()


@pytest.mark.parametrize("mangle", [
    lambda link: link[:-6] + "xxxxx/",  # a forged signature
    lambda link: link.replace("/invitation/", "/invitation/a"),  # a broken token
])
def test_a_forged_link_is_refused(client, open_game, mangle):
    response = client.post(mangle(link_for("new@example.com")), {"display_name": "Eve", "time_zone": "UTC"})
    assert response.status_code == 400 and "not valid" in response.content.decode()
    assert not User.objects.filter(email="new@example.com").exists()


def test_a_link_for_another_game_is_refused(client, open_game, players):
    other = services.create_game(players[0], "acquire", 3)
    link = link_for("new@example.com").replace(f"/games/{open_game.pk}/", f"/games/{other.pk}/")
    assert client.get(link).status_code == 400


def test_an_expired_link_is_refused(client, open_game, monkeypatch):
    monkeypatch.setattr(invitations, "INVITATION_MAX_AGE", timedelta(seconds=-1))
    response = client.get(link_for("new@example.com"))
    assert response.status_code == 400 and "expired" in response.content.decode()


def test_someone_signed_in_as_another_player_is_not_switched(client, open_game, players):
    client.force_login(players[2])  # cy opens bob's invitation
    link = link_for("bob@example.com")
    assert "you are signed in as cy@example.com" in client.get(link).content.decode()
    refused = client.post(link)
    assert refused.status_code == 400 and "Sign out" in refused.content.decode()
    assert client.session["_auth_user_id"] == str(players[2].pk)
    assert not open_game.seats.filter(user=players[1]).exists()


def test_the_invited_player_already_signed_in_takes_the_seat_in_one_click(client, open_game, players):
    client.force_login(players[1])
    link = link_for("bob@example.com")
    assert 'id="accept-invitation"' in client.get(link).content.decode()
    assert client.post(link)["Location"] == f"/games/{open_game.pk}/"
    assert open_game.seats.get(invited_email="bob@example.com").user == players[1]
    assert client.session["_auth_user_id"] == str(players[1].pk)


def test_an_invited_address_is_shown_only_to_the_games_host(client, open_game, players, dee):
    page = f"/games/{open_game.pk}/"
    client.force_login(players[0])
    assert "new@example.com" in client.get(page).content.decode()
    for viewer in (dee, None):
        other = Client()
        if viewer:
            other.force_login(viewer)
        html = other.get(page).content.decode()
        assert "new@example.com" not in html and "kept for an invited player" in html
    key = ApiToken.issue(dee, "bot")[1]
    api = Client().get(f"/api/games/{open_game.pk}", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert api.status_code == 200 and "new@example.com" not in api.content.decode()


def test_a_game_whose_free_seats_are_all_invited_asks_no_one_to_share_it(client, players):
    services.create_game(players[0], "acquire", 2, invited_emails=["bob@example.com"])
    services.create_game(players[0], "acquire", 3, invited_emails=["bob@example.com"])
    client.force_login(players[0])
    all_invited, one_open = (client.get(f"/games/{game.pk}/").content.decode()
                             for game in Game.objects.order_by("pk"))
    assert "their invitations went out by mail" in all_invited and "Share this page" not in all_invited
    assert "Share this page" in one_open and "anyone signed in may take an open seat" in one_open


def test_a_waiting_game_counts_its_seats_in_words(client, players):
    """A two-seat game waits for "both seats", not "all 2 seats"."""
    two = services.create_game(players[0], "railroad-barons", 2, invited_emails=["bob@example.com"])
    three = services.create_game(players[0], "acquire", 3, invited_emails=["bob@example.com"])
    client.force_login(players[0])
    assert "This game starts when both seats are taken" in client.get(f"/games/{two.pk}/").content.decode()
    assert "This game starts when all 3 seats are taken" in client.get(f"/games/{three.pk}/").content.decode()


def test_a_visitor_is_asked_to_sign_in_only_when_a_seat_is_open_to_anyone(players):
    all_invited = services.create_game(players[0], "acquire", 2, invited_emails=["bob@example.com"])
    one_open = services.create_game(players[0], "acquire", 3, invited_emails=["bob@example.com"])
    visitor = Client()
    assert "Sign in to take a seat" not in visitor.get(f"/games/{all_invited.pk}/").content.decode()
    assert "Sign in to take a seat" in visitor.get(f"/games/{one_open.pk}/").content.decode()


def test_a_waiting_games_rules_link_opens_the_how_to_play_page(client, players):
    """Not the engine specification, which is for programmers."""
    game = services.create_game(players[0], "acquire", 3, invited_emails=["bob@example.com"])
    client.force_login(players[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    link = re.search(r'<a href="([^"]+)" id="rules-link">The rules of Acquire</a>', page).group(1)
    assert link == "/games/rules/acquire/"
    assert client.get(link).status_code == 200


def test_an_invitation_to_a_game_dealt_in_a_fixed_order_warns_by_mail_and_on_its_page(
        client, players, django_capture_on_commit_callbacks):
    """The invited player learns before taking the seat that the host may know every hand."""
    with django_capture_on_commit_callbacks(execute=True):
        services.create_game(players[0], "acquire", 2, invited_emails=["new@example.com"],
                             options={"tile_bag": ["1A", "2A"]})
    message = next(m for m in mail.outbox if m.to == ["new@example.com"])
    warning = "may know every player's tiles; the game does not count for ratings"
    assert warning in message.body and warning.replace("'", "&#x27;") in message.alternatives[0][0]
    page = client.get(link_for("new@example.com")).content.decode()
    assert warning.replace("'", "&#x27;") in page and 'id="accept-invitation"' in page
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.create_game(players[0], "acquire", 2, invited_emails=["new@example.com"])
    assert "does not count for ratings" not in mail.outbox[0].body


def test_a_spent_link_tells_a_signed_in_player_of_the_game_who_they_are_and_links_it(client, open_game, players):
    """A walk opened a used invitation while signed in and was offered "Sign in"."""
    link = link_for("bob@example.com")
    assert Client().post(link).status_code == 302
    client.force_login(players[0])  # ann, the host, sits in the game
    html = client.get(link).content.decode()
    assert "its seat is taken" in html and "You are signed in as ann." in html
    assert f'href="/games/{open_game.pk}/">Go to the game</a>' in html and ">Sign in</a>" not in html


def test_a_bad_link_tells_a_signed_in_player_without_a_seat_who_they_are_and_links_their_games(
        client, open_game, players, dee):
    client.force_login(dee)
    html = client.get(link_for("new@example.com")[:-6] + "xxxxx/").content.decode()
    assert "not valid" in html and f"You are signed in as {dee.name}." in html
    assert 'class="button" href="/games/">My games</a>' in html and ">Sign in</a>" not in html


def test_a_bad_link_offers_a_visitor_to_sign_in(client, open_game):
    html = client.get(link_for("new@example.com")[:-6] + "xxxxx/").content.decode()
    assert ">Sign in</a>" in html and "You are signed in" not in html
