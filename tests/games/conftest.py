import pytest

from tests.games.factories import make_players, make_user, started_game


@pytest.fixture
def players(db):
    return make_players()


@pytest.fixture
def dee(db):
    return make_user("dee@example.com", "dee")


@pytest.fixture
def game(players):
    return started_game(players)
