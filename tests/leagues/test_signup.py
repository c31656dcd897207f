"""Signing up on the season's page and withdrawing before the draw."""

from __future__ import annotations

import pytest

from leagues.models import SignUp, SignUpStatus
from tests.leagues.conftest import close_signup, open_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(league):
    return open_season(league)


def test_a_signed_in_player_signs_up_from_the_season_page(client, league, season, dee):
    client.force_login(dee)
    page = client.get(f"/leagues/{league.slug}/1/").content.decode()
    assert 'id="sign-up"' in page
    response = client.post(f"/leagues/{league.slug}/1/sign-up/", follow=True)
    assert "You are signed up for Season 1." in response.content.decode()
    assert 'id="withdraw"' in response.content.decode()
    assert SignUp.objects.get(season=season, user=dee).status == SignUpStatus.SIGNED


def test_a_double_click_signs_up_once(client, league, season, dee):
    client.force_login(dee)
    client.post(f"/leagues/{league.slug}/1/sign-up/")
    client.post(f"/leagues/{league.slug}/1/sign-up/")
    assert SignUp.objects.filter(season=season, user=dee).count() == 1


def test_signing_up_is_a_post(client, league, season, dee):
    client.force_login(dee)
    assert client.get(f"/leagues/{league.slug}/1/sign-up/").status_code == 405
    assert not SignUp.objects.exists()


def test_signed_out_visitors_are_asked_to_sign_in(client, league, season):
    page = client.get(f"/leagues/{league.slug}/1/").content.decode()
    assert 'id="signin-to-sign-up"' in page and 'id="sign-up"' not in page


def test_a_player_withdraws_and_comes_back_keeping_their_place(client, league, season, dee, olga):
    client.force_login(dee)
    client.post(f"/leagues/{league.slug}/1/sign-up/")
    first = SignUp.objects.get(user=dee).created
    response = client.post(f"/leagues/{league.slug}/1/withdraw/", follow=True)
    assert "You have withdrawn from Season 1." in response.content.decode()
    assert SignUp.objects.get(user=dee).status == SignUpStatus.WITHDRAWN
    client.post(f"/leagues/{league.slug}/1/sign-up/")
    entry = SignUp.objects.get(user=dee)
    assert entry.status == SignUpStatus.SIGNED and entry.created == first


def test_nobody_signs_up_or_withdraws_after_the_deadline(client, league, season, dee):
    client.force_login(dee)
    client.post(f"/leagues/{league.slug}/1/sign-up/")
    close_signup(season)
    response = client.post(f"/leagues/{league.slug}/1/withdraw/", follow=True)
    assert "closed at its deadline" in response.content.decode()
    assert SignUp.objects.get(user=dee).status == SignUpStatus.SIGNED
