"""Fixtures every service test shares: ann, bob and cy play; dee is the outsider."""

import pytest

from tests.games.factories import make_players, make_user


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` (bin/test's) keeps the tests of a shared fixture on one worker (tests/xdist_groups.py)."""
    if config.getvalue("dist") == "loadgroup":
        from tests.xdist_groups import SharedFixtureScheduling

        return SharedFixtureScheduling(config, log)
    return None


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
