"""The lobby: open games with seats anyone may take, by title and time limit, each seat one button away."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import services
from games.models import Seat
from tests.games.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def host(db):
    return make_user("host@example.com", "Hana")


def open_game(host, title="acquire", seats=3, invited=(), limit=None, name=""):
    return services.create_game(host, title, seats, invited_emails=list(invited), move_time_limit=limit, name=name)


def listed(client, query=""):
    html = client.get(f"/games/lobby/{query}").content.decode()
    return html, [int(part.split('"')[0]) for part in html.split('<tr data-game="')[1:]]


def test_it_lists_open_games_with_a_free_seat_only(client, host, players):
    free = open_game(host, name="Free for all")
    invited_only = open_game(host, seats=2, invited=["zed@example.com"])
    started = open_game(host, seats=2)
    services.take_seat(started.pk, players[0])
    html, games = listed(client)
    assert games == [free.pk]
    assert "Free for all" in html and "Acquire" in html and "1 of 3" in html and "(2 free)" in html
    assert invited_only.pk not in games and "Hana" in html and "no limit" in html


def test_it_filters_by_title_and_time_limit(client, host):
    quick = open_game(host, limit=timedelta(hours=24))
    slow = open_game(host, limit=timedelta(hours=72))
    untimed = open_game(host)
    barons = open_game(host, title="railroad-barons", seats=2, limit=timedelta(hours=48))
    assert listed(client)[1] == [quick.pk, slow.pk, untimed.pk, barons.pk]
    assert listed(client, "?title=railroad-barons")[1] == [barons.pk]
    assert listed(client, "?limit=48")[1] == [quick.pk, barons.pk]
    assert listed(client, "?limit=none")[1] == [untimed.pk]
    assert listed(client, "?title=acquire&limit=72")[1] == [quick.pk, slow.pk]
    html, games = listed(client, "?title=nonsense")  # an unknown choice lists everything and says so
    assert len(games) == 4 and "Select a valid choice" not in html
    assert "24 hours" in listed(client)[0]


def test_a_player_takes_a_seat_from_the_lobby(client, host, players):
    game = open_game(host)
    client.force_login(players[0])
    html, _ = listed(client)
    assert f'action="/games/{game.pk}/join/"' in html
    response = client.post(f"/games/{game.pk}/join/")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert Seat.objects.filter(game=game, user=players[0]).exists()
    html, games = listed(client)
    assert games == [game.pk] and "your game" in html and f'action="/games/{game.pk}/join/"' not in html


def test_a_visitor_is_asked_to_sign_in_and_every_page_links_the_lobby(client, host):
    open_game(host)
    html, _ = listed(client)
    assert "Sign in to take a seat" in html and "/join/" not in html
    assert 'href="/games/lobby/">Lobby</a>' in client.get("/").content.decode()


def test_an_empty_lobby_says_so(client):
    html, games = listed(client, "?title=acquire")
    assert games == [] and 'id="lobby-empty"' in html and "with these choices" in html
