"""Fixtures every service test shares: ann, bob and cy play; dee is the outsider."""

import pytest

from tests.games.factories import make_players, make_user


@pytest.fixture
def players(db):
    return make_players()


@pytest.fixture
def dee(db):
    return make_user("dee@example.com", "dee")
