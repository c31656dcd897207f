"""A new address is confirmed from its own mailbox before it counts: until then nothing changes.

The account form tells nothing about the address (taken or free), and an invited seat goes
only to the confirmed owner of the invited address.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail

from accounts.models import User
from games import services
from notifications.models import MailKind, Outbox
from tests.accounts.conftest import MailingClient as Client
from tests.accounts.mailed import confirm_form, last_link_to, without_per_response_values

pytestmark = pytest.mark.django_db


def change_address(client: Client, email: str, name: str = "Ann", time_zone: str = "UTC") -> str:
    """Post the account form with a new address; the text of the page it leads to."""
    response = client.post("/accounts/", {"display_name": name, "email": email, "time_zone": time_zone}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def confirm(client: Client, link: str):
    page = client.get(link)
    return client.post("/accounts/address/confirm/", confirm_form(page.content.decode()))


def test_a_new_address_changes_only_once_its_link_is_followed(client, ann):
    page = change_address(client, "Annie@Example.com", name="Annie", time_zone="America/New_York")
    assert "We sent a link to annie@example.com" in page
    ann.refresh_from_db()
    assert (ann.display_name, ann.email, ann.time_zone) == ("Annie", "ann@example.com", "America/New_York")
    message = mail.outbox[-1]
    assert message.to == ["annie@example.com"] and "Confirm your new Turnpost address" in message.subject
    link = last_link_to("annie@example.com")
    opened = Client().get(link)  # opened from the new mailbox, perhaps in another browser: changes nothing yet
    assert opened.status_code == 200 and "annie@example.com" in opened.content.decode()
    assert "no-store" in opened["Cache-Control"]
    assert User.objects.get(pk=ann.pk).email == "ann@example.com"
    done = confirm(Client(), link)
    assert done.status_code == 200 and "is now <strong>annie@example.com" in done.content.decode()
    assert User.objects.get(pk=ann.pk).email == "annie@example.com"
    assert confirm(Client(), link).status_code == 400  # once


def test_the_form_says_the_same_for_a_taken_and_a_free_address(client, ann):
    User.objects.create_user("bob@example.com", display_name="Bob")
    taken = change_address(client, "BOB@example.com")
    free = change_address(client, "zed@example.com")
    taken, free = without_per_response_values(taken), without_per_response_values(free)
    assert taken.replace("bob@example.com", "X") == free.replace("zed@example.com", "X")
    assert User.objects.get(pk=ann.pk).email == "ann@example.com"
    # Only the owner of bob's mailbox learns that the address is taken: told so, with nothing to confirm.
    told = next(message for message in mail.outbox if message.to == ["bob@example.com"])
    assert told.subject == "This address already has a Turnpost account"
    assert "Someone signed in to Turnpost as Ann asked to make bob@example.com the address" in told.body
    assert "/accounts/address/confirm/" not in told.body and "/accounts/signin/" in told.body
    assert User.objects.get(pk=ann.pk).email == "ann@example.com"


def test_an_address_taken_after_its_link_was_sent_is_refused_when_the_link_is_followed(client, ann):
    change_address(client, "zed@example.com")
    link = last_link_to("zed@example.com")
    User.objects.create_user("zed@example.com", display_name="Zed")
    refused = confirm(Client(), link)
    assert refused.status_code == 400 and "already belongs to another Turnpost account" in refused.content.decode()
    assert User.objects.get(pk=ann.pk).email == "ann@example.com"


def test_an_unconfirmed_address_does_not_take_an_invited_seat(client, ann, django_capture_on_commit_callbacks):
    cy = User.objects.create_user("cy@example.com", display_name="Cy")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(cy, "acquire", 2, invited_emails=["new@example.com"])
    change_address(client, "new@example.com")
    refused = client.post(f"/games/{game.pk}/join/")
    assert refused.status_code == 400 and "no open seat" in refused.content.decode()
    assert game.seats.get(index=1).user is None
    # The invitation's own link still seats the address's real owner.
    invitation = next(m for m in mail.outbox if m.to == ["new@example.com"] and "invites you" in m.subject)
    path = re.search(r"https?://[^/\s]+(/games/\S+/)", invitation.body).group(1)
    owner = Client()
    assert owner.post(path, {"display_name": "Newt", "time_zone": "UTC"}).status_code == 302
    assert game.seats.filter(user__email="new@example.com").exists() and not game.seats.filter(user=ann).exists()


def test_the_same_address_asks_for_nothing(client, ann):
    change_address(client, "ANN@example.com", name="Annie")
    assert not Outbox.objects.filter(kind=MailKind.ADDRESS).exists()
    assert User.objects.get(pk=ann.pk).display_name == "Annie"


def test_a_sign_in_link_does_not_confirm_an_address(client, ann):
    Client().post("/accounts/signin/", {"email": "ann@example.com"})
    token = confirm_form(Client().get(last_link_to("ann@example.com")).content.decode())["token"]
    assert Client().post("/accounts/address/confirm/", {"token": token}).status_code == 400
