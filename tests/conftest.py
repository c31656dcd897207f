"""Fixtures every service test shares: ann, bob and cy play; dee is the outsider."""

from datetime import timedelta

import pytest

from tests.games.factories import make_players, make_site_admin, make_user, started_game


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
def site_admin(db):
    """orla, a site admin, who may act on any game as its organizer."""
    return make_site_admin()


@pytest.fixture
def timed_acquire(players):
    """ann, bob and cy's Acquire with 48 hours a move."""
    return started_game(players, move_time_limit=timedelta(hours=48))


@pytest.fixture
def queued(monkeypatch):
    """Send tasks are recorded instead of run, so only the move's own statements are counted."""
    from notifications import dispatch

    calls = []
    monkeypatch.setattr(dispatch, "submit", lambda ids: calls.append(tuple(ids)))
    return calls
