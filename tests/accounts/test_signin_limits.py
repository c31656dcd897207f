"""Sign-in links are rate limited per address and per client, politely, without telling who has an account."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from accounts.models import LinkQuota, User
from notifications.models import MailKind, Outbox
from tests.accounts.mailed import without_per_response_values

pytestmark = pytest.mark.django_db
SIMULTANEOUS = 12


def ask(client, email: str, ip: str = "203.0.113.7"):
    return client.post("/accounts/signin/", {"email": email}, REMOTE_ADDR=ip)


def mails_to(address: str) -> int:
    return sum(1 for message in mail.outbox if message.to == [address])


def test_forty_requests_for_one_address_mail_a_few_and_create_no_account(client):
    responses = [ask(client, "victim@example.com", ip=f"198.51.100.{n}") for n in range(40)]
    assert mails_to("victim@example.com") == 3
    assert [r.status_code for r in responses] == [200] * 3 + [429] * 37
    page = responses[-1].content.decode()
    assert "Please use the newest one we sent, or ask again in an hour" in page
    assert not User.objects.exists()


def test_one_client_asking_for_many_addresses_is_limited_too(client):
    statuses = [ask(client, f"someone{n}@example.com").status_code for n in range(30)]
    assert statuses == [200] * 20 + [429] * 10
    assert len(mail.outbox) == 20 and not User.objects.exists()
    assert ask(client, "someone-else@example.com", ip="192.0.2.1").status_code == 200  # another client is not


def test_the_limit_reads_the_same_for_an_address_with_an_account(client):
    User.objects.create_user("ann@example.com", display_name="Ann")
    pages = {}
    for email in ("ann@example.com", "nobody@example.com"):
        for _ in range(3):
            ask(client, email, ip="192.0.2.9")
        limited = ask(client, email, ip="192.0.2.9")
        assert limited.status_code == 429
        html = without_per_response_values(limited.content.decode())
        pages[email] = html.replace(email, "X")
    assert pages["ann@example.com"] == pages["nobody@example.com"]


def test_an_hour_later_the_address_may_ask_again(client):
    for _ in range(3):
        ask(client, "ann@example.com")
    assert ask(client, "ann@example.com").status_code == 429
    LinkQuota.objects.update(window_start=timezone.now() - timedelta(hours=1, seconds=1))
    assert ask(client, "ann@example.com").status_code == 200
    assert Outbox.objects.filter(kind=MailKind.SIGNIN, to_address="ann@example.com").count() == 4


def test_behind_a_proxy_the_client_is_read_from_its_header(client, settings):
    settings.TURNPOST_CLIENT_ADDRESS_HEADER = "X-Forwarded-For"
    for n in range(20):
        client.post("/accounts/signin/", {"email": f"p{n}@example.com"}, REMOTE_ADDR="127.0.0.1",
                    HTTP_X_FORWARDED_FOR=f"spoofed, 198.51.100.{n}")
    assert LinkQuota.objects.get(key="client:198.51.100.3").count == 1
    assert ask(client, "one-more@example.com", ip="127.0.0.1").status_code == 200


def test_address_changes_count_against_the_new_address(client):
    ann = User.objects.create_user("ann@example.com", display_name="Ann")
    client.force_login(ann)
    for _ in range(4):
        client.post("/accounts/", {"display_name": "Ann", "email": "victim@example.com", "time_zone": "UTC"})
    assert mails_to("victim@example.com") == 3
    page = client.get("/accounts/").content.decode()
    assert "ask again in an hour" in page


@pytest.mark.django_db(transaction=True)
def test_simultaneous_requests_for_one_address_still_mail_only_a_few():
    from django.db import connection

    from tests.accounts.conftest import MailingClient

    barrier, statuses = threading.Barrier(SIMULTANEOUS), []

    def press(n: int) -> None:
        try:
            client = MailingClient()
            barrier.wait()
            statuses.append(ask(client, "victim@example.com", ip=f"198.51.100.{n}").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=press, args=(n,)) for n in range(SIMULTANEOUS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(statuses) == [200] * 3 + [429] * (SIMULTANEOUS - 3)
    assert Outbox.objects.filter(kind=MailKind.SIGNIN, to_address="victim@example.com").count() == 3
