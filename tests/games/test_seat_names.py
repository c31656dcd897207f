"""One name per player at a table: a seat whose name another seat of the game shows is refused, in words.

"Alice and Alice have $200 each" and "waiting for Alice" on the other Alice's turn made a game
unreadable.  The same name in two different games is fine.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail

from accounts.models import User
from games import services
from games.models import GameStatus, SeatOrder
from games.organizer_acts import hand_over_locked
from games.seat_names import NameTaken
from tests.games.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(db):
    return make_user("alice@example.com", "Alice")


@pytest.fixture
def alices_game(alice, players, django_capture_on_commit_callbacks):
    """Alice's game for three: dave@example.com (no account yet) invited, one seat open."""
    with django_capture_on_commit_callbacks(execute=True):
        return services.create_game(alice, "acquire", 3, invited_emails=["dave@example.com"])


def invitation_link(email: str) -> str:
    message = next(m for m in mail.outbox if m.to == [email])
    return re.search(r"https?://[^/\s]+(/games/\d+/invitation/[^/\s]+/)", message.body).group(1)


@pytest.mark.parametrize("typed", ["Alice", "  alice ", "ALICE"])
def test_the_invitation_page_refuses_a_name_the_table_already_has(client, alices_game, typed):
    page = client.post(invitation_link("dave@example.com"), {"display_name": typed, "time_zone": "UTC"})
    html = page.content.decode()
    assert page.status_code == 200
    assert "Another player in this game is already called Alice; choose a different display name" in html
    assert f'value="{typed}"' in html  # what was typed is kept in the form
    seat = alices_game.seats.get(invited_email="dave@example.com")
    assert seat.user is None and seat.display_name == ""
    assert not User.objects.filter(email="dave@example.com", display_name__iexact="alice").exists()
    assert "_auth_user_id" not in client.session


def test_another_name_takes_the_seat_after_a_refusal(client, alices_game):
    link = invitation_link("dave@example.com")
    client.post(link, {"display_name": "Alice", "time_zone": "UTC"})
    response = client.post(link, {"display_name": "Dave", "time_zone": "UTC"})
    assert response.status_code == 302
    assert alices_game.seats.get(invited_email="dave@example.com").display_name == "Dave"


def test_an_existing_account_of_that_name_is_told_to_rename_on_its_account_page(client, alices_game):
    dave = make_user("dave@example.com", "alice")
    client.force_login(dave)
    page = client.post(invitation_link("dave@example.com"))
    html = page.content.decode()
    assert "Another player in this game is already called Alice; change your display name on your account" in html
    assert 'href="/accounts/"' in html
    assert not alices_game.seats.filter(user=dave).exists()


def test_an_open_seat_refuses_a_name_the_table_already_has(client, alices_game):
    other_alice = make_user("alice2@example.com", "Alice ")
    client.force_login(other_alice)
    page = client.post(f"/games/{alices_game.pk}/join/")
    assert page.status_code == 400
    assert "Another player in this game is already called Alice" in page.content.decode()
    assert not alices_game.seats.filter(user=other_alice).exists()


def test_the_same_name_in_another_game_is_fine(client, alice, players, alices_game):
    game = services.create_game(players[0], "acquire", 2)
    client.force_login(make_user("alice2@example.com", "Alice"))
    assert client.post(f"/games/{game.pk}/join/").status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_a_rename_while_waiting_does_not_make_two_players_alike_at_the_start(alice, players):
    game = services.create_game(alice, "acquire", 2, seat_order_mode=SeatOrder.CHOSEN)
    bob = players[1]
    User.objects.filter(pk=alice.pk).update(display_name="bob")  # renamed on the account page meanwhile
    alice.refresh_from_db()
    services.take_seat(game.pk, bob)
    assert list(game.seats.order_by("index").values_list("display_name", flat=True)) == ["Alice", "bob"]


def test_a_league_seats_a_planned_namesake_under_a_number(alice):
    game = services.create_game(alice, "acquire", 2, seat_order_mode=SeatOrder.CHOSEN)
    services.take_seat(game.pk, make_user("alice2@example.com", "alice"), number_a_twin=True)
    assert list(game.seats.order_by("index").values_list("display_name", flat=True)) == ["Alice", "alice 2"]


def test_a_replacement_player_of_a_name_the_table_has_is_refused(alice, players):
    game = services.create_game(alice, "acquire", 3, seat_order_mode=SeatOrder.CHOSEN)
    for player in players[1:]:
        services.take_seat(game.pk, player)
    game.refresh_from_db()
    with pytest.raises(NameTaken, match="already called Alice; ALICE can take this seat once"):
        hand_over_locked(game, 2, make_user("alice2@example.com", "ALICE"))
    assert game.seats.get(index=2).user == players[2]


def account_form(name: str, user: User) -> dict[str, str]:
    return {"display_name": name, "email": user.email, "time_zone": "UTC"}


@pytest.mark.parametrize("seats", [2, 3])  # 2: the game is under way; 3: it still waits for a player
def test_the_account_page_refuses_a_rename_to_a_table_mates_name(client, alice, players, seats):
    """A walk renamed a player to another's name in their game: mails, mentions and league tables read alike."""
    game = services.create_game(alice, "acquire", seats, seat_order_mode=SeatOrder.CHOSEN)
    services.take_seat(game.pk, players[1])
    game.refresh_from_db()
    assert game.status == (GameStatus.ACTIVE if seats == 2 else GameStatus.OPEN)
    client.force_login(players[1])
    page = client.post("/accounts/", account_form(" ALICE ", players[1]))
    assert page.status_code == 200
    assert f"Alice is already the name of a player in your game {game}; choose another" in page.content.decode()
    assert User.objects.get(pk=players[1].pk).display_name == "bob"


def test_a_table_mates_account_name_counts_too_and_other_names_are_fine(client, alice, players):
    game = services.create_game(alice, "acquire", 2, seat_order_mode=SeatOrder.CHOSEN)
    services.take_seat(game.pk, players[1])
    User.objects.filter(pk=alice.pk).update(display_name="Wanda")  # renamed since the game started
    client.force_login(players[1])
    assert "Wanda is already the name of a player" in client.post(
        "/accounts/", account_form("wanda", players[1])).content.decode()
    assert client.post("/accounts/", account_form("Walt", players[1])).status_code == 302
    assert User.objects.get(pk=players[1].pk).display_name == "Walt"


def test_a_finished_games_names_are_no_bar(client, alice, players):
    from tests.games.factories import play_to_end

    game = services.create_game(alice, "acquire", 2, seat_order_mode=SeatOrder.CHOSEN)
    services.take_seat(game.pk, players[1])
    play_to_end(game)
    client.force_login(players[1])
    assert client.post("/accounts/", account_form("Alice", players[1])).status_code == 302


def test_a_name_already_held_is_still_saved_with_the_rest_of_the_form(client, alice, players):
    """Only a change is checked: a clash from before this check must not lock the account page."""
    game = services.create_game(alice, "acquire", 2, seat_order_mode=SeatOrder.CHOSEN)
    services.take_seat(game.pk, players[1])
    User.objects.filter(pk=players[1].pk).update(display_name="ALICE")
    client.force_login(players[1])
    saved = client.post("/accounts/", {**account_form("Alice", players[1]), "time_zone": "Europe/Paris"})
    assert saved.status_code == 302 and User.objects.get(pk=players[1].pk).time_zone == "Europe/Paris"
