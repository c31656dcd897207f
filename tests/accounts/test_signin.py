"""Magic-link sign-in: mail a django-sesame link; GET confirms, POST signs in, once."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from accounts.models import User

pytestmark = pytest.mark.django_db


def link_from_mail() -> str:
    return re.search(r"https?://\S+", mail.outbox[-1].body).group(0)


def test_asking_for_a_link_mails_one_and_creates_the_account(client):
    response = client.post("/accounts/signin/", {"email": "New@Example.com"})
    assert response.status_code == 200 and "Check your mail" in response.content.decode()
    assert mail.outbox[-1].to == ["new@example.com"]
    assert "/accounts/signin/link/?sesame=" in link_from_mail()
    assert User.objects.get(email="new@example.com").display_name == ""


def test_the_link_confirms_on_get_and_signs_in_on_post(client):
    client.post("/accounts/signin/", {"email": "new@example.com"})
    link = link_from_mail()
    page = client.get(link)
    assert page.status_code == 200 and "Sign in to Turnpost as" in page.content.decode()
    assert "_auth_user_id" not in client.session  # a mail scanner's GET signs nobody in
    token = re.search(r'name="sesame" value="([^"]+)"', page.content.decode()).group(1)
    response = client.post("/accounts/signin/link/", {"sesame": token})
    assert response.status_code == 302 and response["Location"] == "/accounts/welcome/"
    assert int(client.session["_auth_user_id"]) == User.objects.get(email="new@example.com").pk


def test_a_link_works_once(client):
    client.post("/accounts/signin/", {"email": "new@example.com"})
    token = re.search(r"sesame=([^&\s]+)", link_from_mail()).group(1)
    assert client.post("/accounts/signin/link/", {"sesame": token}).status_code == 302
    other = type(client)()
    response = other.post("/accounts/signin/link/", {"sesame": token})
    assert response.status_code == 400 and "expired or was already used" in response.content.decode()
    assert other.get(f"/accounts/signin/link/?sesame={token}").status_code == 400


@pytest.mark.parametrize("token", ["", "garbage", "A" * 200])
def test_bad_links_are_refused(client, token):
    assert client.get("/accounts/signin/link/", {"sesame": token}).status_code == 400
    assert client.post("/accounts/signin/link/", {"sesame": token}).status_code == 400


def test_a_new_player_chooses_a_display_name_then_goes_on(client):
    client.post("/accounts/signin/", {"email": "new@example.com", "next": "/games/new/"})
    link = link_from_mail()
    assert "next=%2Fgames%2Fnew%2F" in link
    token = re.search(r"sesame=([^&\s]+)", link).group(1)
    response = client.post("/accounts/signin/link/", {"sesame": token, "next": "/games/new/"})
    assert response["Location"] == "/accounts/welcome/?next=%2Fgames%2Fnew%2F"
    suggested = client.get("/accounts/welcome/?next=/games/new/").content.decode()
    assert 'value="New"' in suggested  # a first guess from the address, to keep or change
    bad = client.post("/accounts/welcome/", {"display_name": "  ", "time_zone": "UTC"})
    assert bad.status_code == 200 and "Choose the name" in bad.content.decode()
    done = client.post("/accounts/welcome/", {"display_name": "Newt", "time_zone": "Europe/Paris",
                                              "next": "/games/new/"})
    assert done["Location"] == "/games/new/"
    user = User.objects.get(email="new@example.com")
    assert (user.display_name, user.time_zone) == ("Newt", "Europe/Paris")


def test_a_returning_player_in_another_case_gets_their_own_account(client):
    ann = User.objects.create_user("ann@example.com", display_name="Ann")
    client.post("/accounts/signin/", {"email": "ANN@EXAMPLE.COM"})
    token = re.search(r"sesame=([^&\s]+)", link_from_mail()).group(1)
    response = client.post("/accounts/signin/link/", {"sesame": token})
    assert response["Location"] == "/" and int(client.session["_auth_user_id"]) == ann.pk
    assert User.objects.count() == 1


def test_next_never_leaves_the_site(client):
    User.objects.create_user("ann@example.com", display_name="Ann")
    client.post("/accounts/signin/", {"email": "ann@example.com", "next": "https://evil.example/"})
    link = link_from_mail()
    assert "evil" not in link
    token = re.search(r"sesame=([^&\s]+)", link).group(1)
    response = client.post("/accounts/signin/link/", {"sesame": token, "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_an_invalid_address_is_explained(client):
    response = client.post("/accounts/signin/", {"email": "not an address"})
    assert response.status_code == 200 and "valid email" in response.content.decode()
    assert not mail.outbox


def test_sign_out(client):
    client.force_login(User.objects.create_user("ann@example.com", display_name="Ann"))
    assert client.post("/accounts/signout/").status_code == 302
    assert "_auth_user_id" not in client.session
    assert client.get("/accounts/signout/").status_code == 405


@pytest.mark.django_db
def test_a_session_ends_when_its_player_is_deactivated_or_removed(client, players):
    client.force_login(players[0])
    assert "Sign out" in client.get("/").content.decode()
    players[0].is_active = False
    players[0].save(update_fields=["is_active"])
    assert "Sign out" not in client.get("/").content.decode()
    client.force_login(players[1])
    players[1].delete()
    assert "Sign out" not in client.get("/").content.decode()


@pytest.mark.parametrize(("email", "name"), [
    ("zoe.new@example.com", "Zoe New"), ("j_smith+games@example.org", "J Smith"), ("1234@example.com", "1234"),
])
def test_the_suggested_display_name_reads_the_address(email, name):
    from accounts.forms import suggested_display_name

    assert suggested_display_name(email) == name
