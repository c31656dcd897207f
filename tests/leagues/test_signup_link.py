"""The invitation mailed to last season's players: a signed link that signs its own player up, once."""

from __future__ import annotations

import re
from datetime import UTC
from urllib.parse import urlsplit

import pytest
from django.core import mail

from leagues import signups
from leagues.models import SignUp, SignUpStatus
from notifications.models import MailKind, Outbox, OutboxStatus
from tests.leagues.conftest import close_signup, second_season_of
from turnpost.moments import moment_words

pytestmark = pytest.mark.django_db(transaction=True)  # mail goes out on commit


def _link_to(user) -> str:
    message = next(message for message in reversed(mail.outbox) if user.email in message.to)
    return urlsplit(re.search(r"https?://\S+", message.body).group(0)).path


@pytest.fixture
def invited(league):
    mail.outbox.clear()
    season, users = second_season_of(league)
    signups.sign_up(season, users[0])  # already back: not mailed
    assert signups.mail_last_seasons_players(season) == 3
    return season, users


def test_last_seasons_players_not_signed_up_are_mailed_once(invited, client, olga):
    season, users = invited
    rows = Outbox.objects.filter(kind=MailKind.SEASON_OPEN)
    assert sorted(rows.values_list("recipient__display_name", flat=True)) == ["p02", "p03", "p04"]
    assert set(rows.values_list("status", flat=True)) == {OutboxStatus.SENT}
    assert rows.first().version == season.pk
    message = next(message for message in mail.outbox if users[1].email in message.to)
    assert message.subject == "Tuesday Acquire: Season 2 is open for sign-up"
    client.force_login(olga)
    client.post(f"/leagues/{season.league.slug}/2/mail-players/")  # pressed again: nobody mailed twice
    assert Outbox.objects.filter(kind=MailKind.SEASON_OPEN).count() == 3
    assert len(mail.outbox) == 3


def test_the_link_shows_a_button_and_its_post_signs_up(invited, client):
    season, users = invited
    link = _link_to(users[1])
    page = client.get(link)
    assert page.status_code == 200 and 'id="confirm-signup"' in page.content.decode()
    assert not SignUp.objects.filter(season=season, user=users[1]).exists()  # opening it is not signing up
    done = client.post(link)
    assert "p02, you are signed up for Season 2" in done.content.decode()
    client.post(link)  # a second press
    assert SignUp.objects.get(season=season, user=users[1]).status == SignUpStatus.SIGNED
    assert "_auth_user_id" not in client.session  # the link signs nobody in


def test_the_link_refuses_another_signed_in_player(invited, client, dee):
    season, users = invited
    client.force_login(dee)
    response = client.post(_link_to(users[1]))
    assert response.status_code == 403
    assert "This link signs up p02@example.com, and you are signed in as dee@example.com" in response.content.decode()
    assert not SignUp.objects.filter(season=season, user__in=[users[1], dee]).exists()


def test_a_forged_link_is_refused_in_words(invited, client):
    _season, users = invited
    response = client.get(_link_to(users[1])[:-5] + "xxxx/")
    assert response.status_code == 400
    assert "This sign-up link is not valid" in response.content.decode()


def test_the_link_signs_up_nobody_after_the_deadline(invited, client):
    season, users = invited
    close_signup(season)
    response = client.post(_link_to(users[2]))
    assert response.status_code == 400 and "closed at its deadline" in response.content.decode()
    assert not SignUp.objects.filter(season=season, user=users[2]).exists()


def test_the_link_writes_the_deadline_as_the_seasons_page_does(invited, client):
    """A walk read "open for sign-up until Dec. 5, 2026, 1 a.m.." (Django's default format, its period
    doubled) where the season's page and the mail say "Sat 5 Dec, 01:00 EST"."""
    season, users = invited
    link = _link_to(users[1])
    expected = moment_words(season.signup_deadline, UTC)  # a visitor signed out reads UTC, as on the season page
    assert expected in client.get(f"/leagues/{season.league.slug}/2/").content.decode()
    for page in (client.get(link), client.post(link)):
        html = page.content.decode()
        assert expected in html and "a.m." not in html and "p.m." not in html, html
