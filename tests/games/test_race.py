"""Two submissions at once, on separate connections: exactly one applies."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games import services
from games.errors import GameServiceError
from games.models import Action
from tests.games.factories import make_players, started_game

pytestmark = pytest.mark.django_db(transaction=True)


def _race(game_id: int, submissions: list[tuple[int, dict]]) -> list[object]:
    """Run each submission in its own thread (own connection), released together."""
    barrier = threading.Barrier(len(submissions))
    results: list[object] = [None] * len(submissions)

    def run(index: int, seat: int, action: dict) -> None:
        try:
            barrier.wait()
            results[index] = services.submit_move(game_id, seat, action, 0, "web")
        except GameServiceError as error:
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, seat, action)) for i, (seat, action) in enumerate(submissions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


@pytest.mark.parametrize("attempt", range(3))
def test_the_same_move_twice_at_once_applies_once(attempt):
    game = started_game(make_players())
    move = {"type": "place_tile", "tile": "2A"}
    results = _race(game.pk, [(0, move), (0, move)])
    applied = [r for r in results if getattr(r, "applied", False)]
    already = [r for r in results if getattr(r, "status", "") == "already_done"]
    assert len(applied) == 1 and len(already) == 1
    assert already[0].version == 1
    assert Action.objects.filter(game=game).count() == 1


def test_two_different_moves_at_once_apply_one():
    game = started_game(make_players())
    results = _race(game.pk, [(0, {"type": "place_tile", "tile": "2A"}), (0, {"type": "place_tile", "tile": "9I"})])
    assert sum(1 for r in results if getattr(r, "applied", False)) == 1
    assert sum(1 for r in results if getattr(r, "status", "") == "already_done") == 1
    # 9I leaves nothing to buy, and the service answers that for ann (source "auto").
    assert Action.objects.filter(game=game).exclude(source="auto").count() == 1


def test_two_players_at_once_never_both_apply():
    game = started_game(make_players())
    results = _race(game.pk, [(0, {"type": "place_tile", "tile": "2A"}), (1, {"type": "place_tile", "tile": "4A"})])
    assert sum(1 for r in results if getattr(r, "applied", False)) == 1
    # Bob, out of turn, is told so (or, if Ann went first, that it was already done).
    other = next(r for r in results if not getattr(r, "applied", False))
    assert getattr(other, "status", "") == "already_done" or "waiting for ann" in str(other)
    assert Action.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("attempt", range(3))
def test_a_double_click_on_the_game_page_makes_one_move(attempt):
    """The page's form path (services.answer_prompt) under the same race: two POSTs of one form."""
    from django.test import Client

    players = make_players()
    game = started_game(players)
    barrier, statuses = threading.Barrier(2), []

    def click() -> None:
        try:
            browser = Client()
            browser.force_login(players[0])
            barrier.wait()
            form = {"expected_version": 0, "type": "place_tile", "f.tile": "2A"}
            statuses.append(browser.post(f"/games/{game.pk}/move/", form).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=click) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(statuses) == [302, 409]  # one move made; the other told "already done"
    assert Action.objects.filter(game=game).count() == 1
