"""The account tests' client runs each request's on-commit work (the outbox's sends), as the site does."""

from __future__ import annotations

import pytest
from django.test import Client, TestCase

from accounts.models import User


class MailingClient(Client):
    """A test client whose requests' on-commit callbacks run, inside the test's own transaction.

    The site sends a mail when the request's transaction commits; a test's transaction never
    does, so without this the mail a request asks for would never be handed to the backend.
    """

    def request(self, **request):
        with TestCase.captureOnCommitCallbacks(execute=True):
            return super().request(**request)


@pytest.fixture
def client() -> MailingClient:
    return MailingClient()


@pytest.fixture
def ann(client):
    """ann, signed in on the test's client."""
    user = User.objects.create_user("ann@example.com", display_name="Ann")
    client.force_login(user)
    return user
