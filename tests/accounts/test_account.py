"""The account page: name, time zone and API tokens (address changes: test_address_change.py)."""

from __future__ import annotations

import pytest

from accounts.models import ApiToken, User

pytestmark = pytest.mark.django_db


def test_an_unknown_time_zone_is_refused(client, ann):
    response = client.post("/accounts/", {"display_name": "Ann", "email": "ann@example.com", "time_zone": "Nowhere"})
    assert "is not a time zone we know" in response.content.decode()


def test_tokens_are_shown_once_and_revocable(client, ann):
    response = client.post("/accounts/tokens/", {"name": "my bot"})
    html = response.content.decode()
    token = ApiToken.objects.get(user=ann)
    key = html.split('id="new-token">')[1].split("<")[0]
    assert key.startswith(token.prefix) and token.key_hash != key
    assert ApiToken.user_for_key(key) == ann
    assert key not in client.get("/accounts/").content.decode()
    assert client.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 302
    assert ApiToken.user_for_key(key) is None


def test_one_cannot_revoke_anothers_token(client, ann):
    bob = User.objects.create_user("bob@example.com")
    token, key = ApiToken.issue(bob, "bob's bot")
    client.post(f"/accounts/tokens/{token.pk}/revoke/")
    assert ApiToken.user_for_key(key) == bob


def test_an_inactive_users_token_does_not_work(ann):
    _, key = ApiToken.issue(ann, "bot")
    ann.is_active = False
    ann.save()
    assert ApiToken.user_for_key(key) is None
