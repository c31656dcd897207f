"""The admin's password sign-in: after a few wrong passwords, that account or that client waits."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache

from accounts.models import User

pytestmark = pytest.mark.django_db

THROTTLED = "Too many wrong passwords for this account or from your address. Try again in"


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def staff():
    return User.objects.create_superuser("root@example.com", "right-password")


def sign_in(client, email: str, password: str, address: str = "203.0.113.5"):
    return client.post("/admin/login/?next=/admin/", {"username": email, "password": password},
                       REMOTE_ADDR=address)


def signed_in(client) -> bool:
    return client.get("/admin/").status_code == 200


def test_thirty_wrong_passwords_lock_the_account_even_against_the_right_one(client, staff):
    for _ in range(5):
        assert "Please enter the correct" in sign_in(client, staff.email, "guess").content.decode()
    for _ in range(25):
        assert THROTTLED in sign_in(client, staff.email, "guess").content.decode()
    response = sign_in(client, staff.email, "right-password")
    assert THROTTLED in response.content.decode() and "15 minutes" in response.content.decode()
    assert not signed_in(client)


def test_the_lock_holds_from_another_address_and_for_another_case(client, staff):
    for _ in range(5):
        sign_in(client, staff.email, "guess")
    assert THROTTLED in sign_in(client, "ROOT@example.com", "right-password", address="198.51.100.9").content.decode()


def test_one_client_guessing_many_accounts_is_stopped(client, staff):
    for number in range(20):
        sign_in(client, f"someone{number}@example.com", "guess")
    assert THROTTLED in sign_in(client, staff.email, "right-password").content.decode()
    assert sign_in(client, staff.email, "right-password", address="198.51.100.9").status_code == 302  # elsewhere


def test_a_success_clears_the_accounts_count(client, staff):
    for _ in range(4):
        sign_in(client, staff.email, "guess")
    assert sign_in(client, staff.email, "right-password").status_code == 302
    client.logout()
    for _ in range(4):
        sign_in(client, staff.email, "guess")
    assert sign_in(client, staff.email, "right-password").status_code == 302


def test_the_lock_ends_after_its_window(client, staff, settings):
    settings.TURNPOST_ADMIN_LOGIN_LOCKOUT_SECONDS = 2
    window_opened = time.monotonic()
    for _ in range(5):
        sign_in(client, staff.email, "guess")
    assert THROTTLED in sign_in(client, staff.email, "right-password").content.decode()
    time.sleep(max(0.0, window_opened + 2.1 - time.monotonic()))
    assert sign_in(client, staff.email, "right-password").status_code == 302
    assert signed_in(client)


def test_behind_a_proxy_the_client_is_the_forwarded_address_not_the_proxy(client, staff, settings):
    settings.TURNPOST_CLIENT_ADDRESS_HEADER = "X-Forwarded-For"

    def through_proxy(email: str, password: str, forwarded: str):
        return client.post("/admin/login/?next=/admin/", {"username": email, "password": password},
                           REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)

    for number in range(20):
        through_proxy(f"someone{number}@example.com", "guess", "203.0.113.5")
    assert THROTTLED in through_proxy(staff.email, "right-password", "203.0.113.5").content.decode()
    assert through_proxy(staff.email, "right-password", "198.51.100.9").status_code == 302  # another client
