"""The undo controls on the game and history pages, as a browser without script uses them."""

from __future__ import annotations

import pytest

from games.models import ActionKind, UndoRequest
from tests.games.factories import play

pytestmark = pytest.mark.django_db

PLACE_2A = (0, {"type": "place_tile", "tile": "2A"})
LONE_TILE = (0, {"type": "place_tile", "tile": "9I"})


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def test_a_player_takes_back_their_move_from_the_game_page(client, game, players):
    play(game, [PLACE_2A])
    client.force_login(players[0])
    assert "Take back my last move (move 1)…" in page(client, f"/games/{game.pk}/")
    confirm = page(client, f"/games/{game.pk}/undo/")
    assert "move 1 will be taken back. It did this:" in confirm
    assert "ann placed 2A, which founds a new chain." in confirm
    response = client.post(f"/games/{game.pk}/undo/", {"expected_version": "1"}, follow=True)
    text = response.content.decode()
    assert "Move 1 was taken back." in text and "ann, which tile do you place?" in text
    assert "ann took back move 1." in text and "<del>ann placed 2A" in text and "taken back at move 2" in text


def test_the_history_page_offers_the_undo_and_marks_the_taken_back_move(client, game, players):
    play(game, [PLACE_2A])
    client.force_login(players[0])
    assert "Take back my last move (move 1)…" in page(client, f"/games/{game.pk}/history/")
    client.post(f"/games/{game.pk}/undo/", {"expected_version": "1"})
    client.logout()
    history = page(client, f"/games/{game.pk}/history/?step=2")
    assert "After move 2 of 2" in history and "taken back at move 2" in history
    assert "Take back my last move" not in history


def test_other_players_see_no_undo_and_are_told_why(client, game, players):
    play(game, [PLACE_2A])
    client.force_login(players[1])
    assert "Take back my last move" not in page(client, f"/games/{game.pk}/")
    assert "You have made no move that could be taken back." in page(client, f"/games/{game.pk}/undo/")
    response = client.post(f"/games/{game.pk}/undo/", {"expected_version": "1"})
    assert response.status_code == 409 and "You have made no move" in response.content.decode()
    assert not game.actions.filter(kind=ActionKind.UNDO).exists()


def test_a_stale_undo_form_says_already_done(client, game, players):
    play(game, [PLACE_2A])
    client.force_login(players[0])
    client.post(f"/games/{game.pk}/undo/", {"expected_version": "1"})
    response = client.post(f"/games/{game.pk}/undo/", {"expected_version": "1"})
    assert response.status_code == 409 and "Already done" in response.content.decode()
    assert game.actions.filter(kind=ActionKind.UNDO).count() == 1


def test_the_player_who_saw_the_position_allows_it_on_the_game_page(client, game, players):
    play(game, [LONE_TILE])
    client.force_login(players[0])
    asked = client.post(f"/games/{game.pk}/undo/", {"expected_version": "2"}, follow=True).content.decode()
    assert "The game has passed to bob since your move" in asked
    assert "You asked to take back move 1;" in asked and "waiting for bob to allow it" in asked
    client.force_login(players[2])
    assert "Allow ann" not in page(client, f"/games/{game.pk}/")
    client.force_login(players[1])
    assert "Allow ann to take back move 1" in page(client, f"/games/{game.pk}/")
    request = UndoRequest.objects.get()
    done = client.post(f"/games/{game.pk}/undo/{request.pk}/answer/", {"answer": "allow"}, follow=True)
    assert "Thank you: ann&#x27;s move 1 was taken back." in done.content.decode()
    game.refresh_from_db()
    assert game.version == 3


def test_an_answer_that_is_neither_allow_nor_refuse_changes_nothing(client, game, players):
    play(game, [LONE_TILE])
    client.force_login(players[0])
    client.post(f"/games/{game.pk}/undo/", {"expected_version": "2"})
    client.force_login(players[1])
    request = UndoRequest.objects.get()
    response = client.post(f"/games/{game.pk}/undo/{request.pk}/answer/", {"answer": "maybe"})
    assert response.status_code == 400 and "whether you allow it" in response.content.decode()
    request.refresh_from_db()
    assert request.status == "pending" and request.allowed_seats == []
