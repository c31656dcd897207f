"""Fixtures every service test shares: ann, bob and cy play; dee is the outsider."""

import pytest

from tests.games.factories import make_players, make_user
from tests.xdist_groups import group_shared_fixtures


def pytest_collection_modifyitems(items):
    group_shared_fixtures(items)


@pytest.fixture
def players(db):
    return make_players()


@pytest.fixture
def dee(db):
    return make_user("dee@example.com", "dee")


@pytest.fixture
def queued(monkeypatch):
    """Send tasks are recorded instead of run, so only the move's own statements are counted."""
    from notifications import dispatch

    calls = []
    monkeypatch.setattr(dispatch, "submit", lambda ids: calls.append(tuple(ids)))
    return calls
