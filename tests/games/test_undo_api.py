"""Taking back a move through the JSON API, and answering another player's request."""

from __future__ import annotations

import pytest

from accounts.models import ApiToken
from games.models import ActionKind, ActionSource
from tests.games.factories import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def keys(players):
    return [ApiToken.issue(user, "bot")[1] for user in players]


def post(client, url, key, body):
    return client.post(url, body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}")


def test_a_player_takes_back_their_move_with_source_api(client, game, keys):
    play(game, [(0, {"type": "place_tile", "tile": "2A"})])
    response = post(client, f"/api/games/{game.pk}/undo", keys[0], {"expected_version": 1})
    assert response.status_code == 200
    assert response.json() == {"status": "taken_back", "version": 2, "message": "Move 1 was taken back.",
                               "request": None}
    undo = game.actions.get(seq=2)
    assert (undo.kind, undo.source) == (ActionKind.UNDO, ActionSource.API)
    stale = post(client, f"/api/games/{game.pk}/undo", keys[0], {"expected_version": 1})
    assert stale.status_code == 409 and stale.json()["code"] == "stale" and stale.json()["version"] == 2


def test_refusals_are_409_with_the_reason(client, game, keys):
    play(game, [(0, {"type": "place_tile", "tile": "2A"})])
    response = post(client, f"/api/games/{game.pk}/undo", keys[1], {"expected_version": 1})
    assert response.status_code == 409
    assert response.json() == {"error": "You have made no move that could be taken back.", "code": "undo_refused",
                               "version": None}


def test_the_asked_player_allows_it_through_the_api(client, game, keys):
    play(game, [(0, {"type": "place_tile", "tile": "9I"})])  # then bob is asked for his tile
    asked = post(client, f"/api/games/{game.pk}/undo", keys[0], {"expected_version": 2}).json()
    assert asked["status"] == "asked" and asked["version"] == 2
    url = f"/api/games/{game.pk}/undo-requests/{asked['request']}"
    assert post(client, url, keys[2], {"allow": True}).status_code == 403  # cy was not asked
    done = post(client, url, keys[1], {"allow": True}).json()
    assert done["status"] == "taken_back" and done["version"] == 3
    assert post(client, f"/api/games/{game.pk}/undo-requests/999999", keys[1], {"allow": True}).status_code == 404
