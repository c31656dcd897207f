"""The JSON API: token auth, reading a game as its viewer, submitting moves, and its errors."""

from __future__ import annotations

import pytest

from accounts.models import ApiToken
from games.models import Action
from tests.games.factories import SCRIPT, TILE_BAG, play, play_to_end, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def keys(players):
    return [ApiToken.issue(user, "bot")[1] for user in players]


def auth(key: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}


def post_move(client, game_id, key, body):
    return client.post(f"/api/games/{game_id}/actions", body, content_type="application/json", **auth(key))


def test_requests_without_a_valid_token_get_401(client, game):
    for headers in ({}, {"HTTP_AUTHORIZATION": "Basic abc"}, {"HTTP_AUTHORIZATION": "Bearer "}):
        response = client.get(f"/api/games/{game.pk}", **headers)
        assert response.status_code == 401 and "Bearer" in response.json()["error"]


def test_a_token_sent_but_not_recognised_is_told_so_not_how_to_send_one(client, game):
    """A walk's 'Authorization: Bearer bogus' was answered "Send an API token as 'Authorization: Bearer ...'"."""
    response = client.get(f"/api/games/{game.pk}", **auth("bogus"))
    assert response.status_code == 401
    assert response.json() == {"error": "This API token is not recognised; it may have been revoked. Make a new one "
                                        "on your account page.", "code": "unauthenticated", "version": None}


def test_a_player_reads_their_view_prompt_and_version(client, game, keys):
    body = client.get(f"/api/games/{game.pk}", **auth(keys[0])).json()
    assert body["version"] == 0 and body["seat"] == 0 and body["status"] == "active"
    assert {t["tile"] for t in body["view"]["hand"]} == {"2A", "9I", "12A", "1E", "5G", "3C"}
    assert body["prompt"]["name"] == "place_tile" and body["waiting_for"] == [0]
    assert [p["name"] for p in body["players"]] == ["ann", "bob", "cy"] and body["players"][0]["you"]
    other = client.get(f"/api/games/{game.pk}", **auth(keys[1])).json()
    assert other["prompt"] is None and other["seat"] == 1


def test_another_seats_view_is_private(client, game, keys):
    response = client.get(f"/api/games/{game.pk}?seat=1", **auth(keys[0]))
    assert response.status_code == 403 and response.json()["code"] == "private"
    assert client.get(f"/api/games/{game.pk}?seat=0", **auth(keys[0])).status_code == 200


def test_a_missing_game_is_404(client, keys):
    response = client.get("/api/games/999999", **auth(keys[0]))
    assert response.status_code == 404 and response.json() == {"error": "There is no such game.", "code": "not_found",
                                                               "version": None}


def test_submitting_an_action_applies_it_with_source_api(client, game, keys, players):
    response = post_move(client, game.pk, keys[0], {"action": SCRIPT[0][1], "expected_version": 0})
    assert response.status_code == 200 and response.json()["status"] == "applied" and response.json()["version"] == 1
    action = Action.objects.get(game=game)
    assert action.source == "api" and action.by_user == players[0]


def test_a_stale_version_is_409_with_the_current_version(client, game, keys):
    play(game, SCRIPT[:1])
    response = post_move(client, game.pk, keys[0], {"action": SCRIPT[0][1], "expected_version": 0})
    assert response.status_code == 409
    assert response.json()["code"] == "stale" and response.json()["version"] == 1


def test_a_stale_version_says_what_to_do_without_speaking_of_a_page(client, game, keys):
    """A walk's client was told "since that page was shown ... Here is the current position", with no page
    and no position in the answer: only the version to read the game at again."""
    play(game, SCRIPT[:1])
    error = post_move(client, game.pk, keys[0], {"action": SCRIPT[0][1], "expected_version": 0}).json()["error"]
    assert "page" not in error and "Here is the current position" not in error, error
    assert "move 2" in error and f"/api/games/{game.pk}" in error, error


def test_an_illegal_action_is_400_with_the_engines_sentence(client, game, keys):
    response = post_move(client, game.pk, keys[0], {"action": {"type": "place_tile", "tile": "7F"},
                                                    "expected_version": 0})
    assert response.status_code == 400
    assert response.json() == {"error": "ann does not hold 7F.", "code": "illegal", "version": None}


def test_acting_in_a_game_without_a_seat_is_403(client, game, dee):
    key = ApiToken.issue(dee, "bot")[1]
    response = post_move(client, game.pk, key, {"action": SCRIPT[0][1], "expected_version": 0})
    assert response.status_code == 403 and response.json()["code"] == "not_your_seat"
    spectator = client.get(f"/api/games/{game.pk}", **auth(key)).json()
    assert spectator["seat"] is None and "hand" not in spectator["view"]


def test_out_of_turn_is_400(client, game, keys):
    response = post_move(client, game.pk, keys[1], {"action": {"type": "place_tile", "tile": "4A"},
                                                    "expected_version": 0})
    assert response.status_code == 400 and "waiting for ann" in response.json()["error"]


def test_a_finished_game_is_409(client, players):
    game = play_to_end(started_game(players, options={"tile_bag": TILE_BAG[:3]}, seed=8))
    key = ApiToken.issue(players[0], "bot")[1]
    response = post_move(client, game.pk, key, {"action": {"type": "buy_shares", "shares": {}},
                                                "expected_version": game.version})
    assert response.status_code == 409 and response.json()["code"] == "closed"
    record = client.get(f"/api/games/{game.pk}/record", **auth(key))
    assert record.status_code == 200 and record.json()["title"] == "acquire"


def test_a_running_games_record_is_private(client, game, keys):
    assert client.get(f"/api/games/{game.pk}/record", **auth(keys[0])).status_code == 403


@pytest.mark.parametrize(
    "body",
    [b"not json", b"[]", b"{}", b'{"action": 5, "expected_version": 0}', b'{"action": {}, "expected_version": "x"}',
     b'{"expected_version": 0}'],
)
def test_unreadable_bodies_are_400_json(client, game, keys, body):
    response = client.post(f"/api/games/{game.pk}/actions", body, content_type="application/json", **auth(keys[0]))
    assert response.status_code == 400 and "error" in response.json()
    assert not Action.objects.filter(game=game).exists()


def test_the_list_shows_whose_move_it_is(client, game, keys):
    mine = client.get("/api/games", **auth(keys[0])).json()
    assert mine == [{"id": game.pk, "title": "acquire", "name": game.name, "status": "active", "version": 0,
                     "seat": 0, "your_move": True}]
    assert client.get("/api/games", **auth(keys[1])).json()[0]["your_move"] is False


def test_the_api_is_documented_by_openapi(client):
    schema = client.get("/api/openapi.json").json()
    assert {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions"} <= set(schema["paths"])
    post = schema["paths"]["/api/games/{game_id}/actions"]["post"]
    assert {"200", "400", "403", "404", "409"} <= set(post["responses"])
    assert client.get("/api/docs").status_code == 200


def test_a_revoked_token_stops_working(client, game, players):
    token, key = ApiToken.issue(players[0], "bot")
    assert client.get(f"/api/games/{game.pk}", **auth(key)).status_code == 200
    token.delete()
    refused = client.get(f"/api/games/{game.pk}", **auth(key))
    assert refused.status_code == 401 and "may have been revoked" in refused.json()["error"]


# ---- Errors from outside the API's views answer JSON too; the schema documents 400 and 401 --------

def assert_json_error(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == code and body["error"].endswith(".")
    return body


def test_an_unknown_endpoint_answers_json_404(client, keys):
    for path in ("/api/nope", "/api/games/1/nope", "/api/"):
        assert_json_error(client.get(path, **auth(keys[0])), 404, "not_found")


def test_a_method_the_endpoint_does_not_take_answers_json_405(client, game, keys):
    response = client.delete(f"/api/games/{game.pk}", **auth(keys[0]))
    body = assert_json_error(response, 405, "method_not_allowed")
    assert body["error"] == "This endpoint does not take DELETE; it takes GET." and response["Allow"] == "GET"


def test_a_request_django_refuses_answers_json_400(client, keys):
    assert_json_error(client.get("/api/games", HTTP_HOST="evil.example", **auth(keys[0])), 400, "bad_request")


def test_unreadable_input_and_no_token_answer_json(client, game, keys):
    assert_json_error(client.get("/api/games/abc", **auth(keys[0])), 400, "bad_request")
    assert_json_error(post_move(client, game.pk, keys[0], "{not json"), 400, "bad_request")
    assert_json_error(client.get("/api/games"), 401, "unauthenticated")


def test_a_fault_answers_json_500_without_internals(game, keys, monkeypatch):
    from django.test import Client

    from games import queries

    def broken(*args, **kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(queries, "player_games", broken)
    response = Client(raise_request_exception=False).get("/api/games", **auth(keys[0]))
    body = assert_json_error(response, 500, "server_error")
    assert "secret" not in response.content.decode() and "Traceback" not in body["error"]


def test_the_schema_documents_400_and_401_for_every_operation(client):
    schema = client.get("/api/openapi.json").json()
    operations = [(path, method, spec) for path, methods in schema["paths"].items() for method, spec in methods.items()]
    assert len(operations) == 7  # list, read, act, resign, record; take back, answer an undo
    for path, method, spec in operations:
        for status in ("400", "401"):
            assert status in spec["responses"], f"{method.upper()} {path} does not document {status}"
            content = spec["responses"][status]["content"]["application/json"]["schema"]
            assert content == {"$ref": "#/components/schemas/ErrorOut"}
