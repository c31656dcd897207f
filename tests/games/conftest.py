import pytest

from tests.games.factories import started_game


@pytest.fixture
def game(players):
    return started_game(players)
