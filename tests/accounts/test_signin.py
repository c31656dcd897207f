"""Magic-link sign-in: a link mailed through the outbox; GET confirms, POST signs in (once) and creates the account."""

from __future__ import annotations

import re
import time

import pytest
from django.core import mail

from accounts.models import User
from notifications.models import MailKind, Outbox, OutboxStatus
from tests.accounts.conftest import MailingClient as Client
from tests.accounts.mailed import confirm_form, last_link_to

pytestmark = pytest.mark.django_db


def ask(client: Client, email: str, **extra: str):
    return client.post("/accounts/signin/", {"email": email, **extra})


def follow(client: Client, link: str, **extra: str):
    """Open the mailed link, then press the confirm page's button."""
    page = client.get(link)
    return client.post("/accounts/signin/link/", {**confirm_form(page.content.decode()), **extra})


def test_asking_for_a_link_mails_one_and_creates_no_account(client):
    response = ask(client, "New@Example.com")
    assert response.status_code == 200 and "Check your mail" in response.content.decode()
    assert mail.outbox[-1].to == ["new@example.com"] and "sign-in link" in mail.outbox[-1].subject
    assert "/accounts/signin/link/?token=" in last_link_to("new@example.com")
    assert not User.objects.filter(email="new@example.com").exists()  # nobody has confirmed the address yet
    row = Outbox.objects.get(kind=MailKind.SIGNIN)
    assert (row.status, row.to_address, row.recipient) == (OutboxStatus.SENT, "new@example.com", None)


def test_the_embedded_run_points_the_asker_at_their_own_mail_on_the_inbox_page(client, settings):
    settings.TURNPOST_LOCAL_INBOX = True
    html = ask(client, "New@Example.com").content.decode()
    assert 'href="/inbox/?to=new%40example.com" id="inbox-link"' in html
    settings.TURNPOST_LOCAL_INBOX = False
    assert 'id="inbox-link"' not in ask(client, "other@example.com").content.decode()


def test_the_link_confirms_on_get_and_signs_in_and_creates_the_account_on_post(client):
    ask(client, "new@example.com")
    page = client.get(last_link_to("new@example.com"))
    assert page.status_code == 200 and "Sign in to Turnpost as <strong>new@example.com" in page.content.decode()
    assert "no-store" in page["Cache-Control"] and page["Referrer-Policy"] == "same-origin"
    assert "_auth_user_id" not in client.session  # a mail scanner's GET signs nobody in
    assert not User.objects.filter(email="new@example.com").exists()
    response = client.post("/accounts/signin/link/", confirm_form(page.content.decode()))
    assert response.status_code == 302 and response["Location"] == "/accounts/welcome/"
    assert int(client.session["_auth_user_id"]) == User.objects.get(email="new@example.com").pk


def test_a_link_works_once(client):
    ask(client, "new@example.com")
    link = last_link_to("new@example.com")
    form = confirm_form(client.get(link).content.decode())
    assert client.post("/accounts/signin/link/", form).status_code == 302
    other = Client()
    response = other.post("/accounts/signin/link/", form)
    assert response.status_code == 400 and "expired or was already used" in response.content.decode()
    assert other.get(link).status_code == 400
    assert "_auth_user_id" not in other.session


def test_the_link_opened_again_in_the_browser_it_signed_in_goes_on_instead_of_refusing(client):
    """Pressing the mail's link a second time (or Back) after it signed in said the link had expired."""
    ask(client, "new@example.com")
    link = last_link_to("new@example.com")
    form = confirm_form(client.get(link).content.decode())
    client.post("/accounts/signin/link/", form)
    client.post("/accounts/welcome/", {"display_name": "New", "time_zone": "UTC"})
    again = client.get(link, follow=True)
    html = again.content.decode()
    assert again.status_code == 200 and "You are signed in as new@example.com." in html
    assert "expired or was already used" not in html
    assert client.post("/accounts/signin/link/", form)["Location"] == "/"
    someone_else = User.objects.create_user(email="other@example.com", display_name="Other")
    client.force_login(someone_else)  # signed in under another address: the spent link is refused as before
    assert client.get(link).status_code == 400


def test_an_expired_link_is_refused(client, settings, monkeypatch):
    settings.TURNPOST_SIGNIN_LINK_MAX_AGE = 60
    ask(client, "new@example.com")
    link = last_link_to("new@example.com")
    form = confirm_form(client.get(link).content.decode())
    later = time.time() + 61
    monkeypatch.setattr(time, "time", lambda: later)
    response = client.post("/accounts/signin/link/", form)
    assert response.status_code == 400 and "expired" in response.content.decode()
    assert not User.objects.filter(email="new@example.com").exists()


@pytest.mark.parametrize("token", ["", "garbage", "A" * 200])
def test_bad_links_are_refused(client, token):
    assert client.get("/accounts/signin/link/", {"token": token}).status_code == 400
    assert client.post("/accounts/signin/link/", {"token": token}).status_code == 400


def test_a_new_player_chooses_a_display_name_then_goes_on(client):
    ask(client, "new@example.com", next="/games/new/")
    link = last_link_to("new@example.com")
    assert "next=%2Fgames%2Fnew%2F" in link
    response = follow(client, link)
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
    ask(client, "ANN@EXAMPLE.COM")
    response = follow(client, last_link_to("ann@example.com"))
    assert response["Location"] == "/" and int(client.session["_auth_user_id"]) == ann.pk
    assert User.objects.count() == 1


def test_a_closed_account_is_not_signed_in(client):
    User.objects.create_user("ann@example.com", display_name="Ann", is_active=False)
    ask(client, "ann@example.com")
    response = follow(client, last_link_to("ann@example.com"))
    assert response.status_code == 400 and "_auth_user_id" not in client.session


def test_next_never_leaves_the_site(client):
    User.objects.create_user("ann@example.com", display_name="Ann")
    ask(client, "ann@example.com", next="https://evil.example/")
    link = last_link_to("ann@example.com")
    assert "evil" not in link
    response = follow(client, link, next="https://evil.example/")
    assert response["Location"] == "/"


def test_an_invalid_address_is_explained(client):
    response = ask(client, "not an address")
    assert response.status_code == 200 and "valid email" in response.content.decode()
    assert not mail.outbox and not Outbox.objects.exists()


def test_sign_out(client):
    client.force_login(User.objects.create_user("ann@example.com", display_name="Ann"))
    assert client.post("/accounts/signout/").status_code == 302
    assert "_auth_user_id" not in client.session
    assert client.get("/accounts/signout/").status_code == 405


def test_a_session_ends_when_its_player_is_deactivated_or_removed(client, players):
    client.force_login(players[0])
    assert "Sign out" in client.get("/").content.decode()
    players[0].is_active = False
    players[0].save(update_fields=["is_active"])
    assert "Sign out" not in client.get("/").content.decode()
    client.force_login(players[1])
    players[1].delete()
    assert "Sign out" not in client.get("/").content.decode()


def test_the_suggested_name_is_one_no_other_player_uses(client):
    """Two players called "Ann" look alike in every table and mention: the guess adds a number."""
    User.objects.create_user(email="ann@example.com", display_name="Ann")
    User.objects.create_user(email="ann.b@example.com", display_name="ann 2")
    ask(client, "ann@example.org")
    follow(client, last_link_to("ann@example.org"))
    assert 'value="Ann 3"' in client.get("/accounts/welcome/").content.decode()
    kept = client.post("/accounts/welcome/", {"display_name": "Ann", "time_zone": "UTC"})
    assert kept.status_code == 302  # a name in use may still be chosen on purpose


def test_numbered_addresses_are_offered_their_own_names(client):
    """A walk's walk1@, walk2@ and walk3@ were all offered "Walk": the digits were dropped."""
    for number in (1, 2):
        client.force_login(User.objects.create_user(email=f"walk{number}@example.com"))
        assert f'value="Walk{number}"' in client.get("/accounts/welcome/").content.decode()


@pytest.mark.parametrize(("email", "name"), [
    ("zoe.new@example.com", "Zoe New"), ("j_smith+games@example.org", "J Smith"), ("1234@example.com", "1234"),
    ("walk2@example.com", "Walk2"), ("zoe.new2@example.com", "Zoe New2"),
])
def test_the_suggested_display_name_reads_the_address(email, name):
    from accounts.forms import suggested_display_name

    assert suggested_display_name(email) == name


def test_the_signin_page_says_who_is_signed_in_already(client):
    """A walk opened the sign-in page while signed in and saw only the empty form."""
    user = User.objects.create_user(email="ann@example.com", display_name="Ann")
    assert "signed-in-already" not in client.get("/accounts/signin/").content.decode()
    client.force_login(user)
    page = client.get("/accounts/signin/").content.decode()
    assert "You are signed in as Ann (ann@example.com)." in page and 'id="id_email"' in page


def test_a_refused_address_is_tied_to_its_box_which_takes_the_focus(client):
    """A walk sent the sign-in form with 'bad': the page said 'Enter a valid email address.' above
    the box, but the box was neither marked invalid nor described by it, and the focus was on the
    page's body."""
    html = client.post("/accounts/signin/", {"email": "bad"}).content.decode()
    box = re.search(r'<input type="email"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in box and 'aria-describedby="signin-error"' in box and "autofocus" in box
    assert re.search(r'<div class="error" id="signin-error">Enter a valid email address.</div>', html)
    fresh = re.search(r'<input type="email"[^>]*>', client.get("/accounts/signin/").content.decode()).group(0)
    assert "aria-invalid" not in fresh and "autofocus" not in fresh
