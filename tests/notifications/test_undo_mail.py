"""Undo requests by mail: the asked player's Allow and Refuse links, and what the asker hears."""

import pytest
from django.core import mail

from games.models import ActionKind, ActionSource, UndoRequest
from games.undo_requests import take_back
from tests.notifications.helpers import links_in, move, outbox_to, path_of, without_urls

pytestmark = pytest.mark.django_db(transaction=True)

# helpers.TILE_BAG: ann founds Tower and buys two, then draws 9G; bob is asked for his tile.
ANN_TURN = [
    {"type": "place_tile", "tile": "2A"}, {"type": "found_chain", "chain": "tower"},
    {"type": "buy_shares", "shares": {"tower": 2}},
]
ALLOW = "Allow ann to take back move 3"


def ann_asks(game, players):
    for action in ANN_TURN:
        move(game.pk, 0, action)
    mail.outbox.clear()
    outcome = take_back(game.pk, players[0], 3, ActionSource.WEB)
    assert outcome.status == "asked"
    (asked,) = mail.outbox
    return asked


def test_the_player_who_saw_the_position_is_mailed_the_request(game, players):
    asked = ann_asks(game, players)
    assert asked.to == ["bob@example.com"]
    assert asked.subject == "Acquire by ann: ann asks to take back move 3"
    assert "ann bought 2 Tower" in asked.body
    assert list(links_in(asked.body)) == [ALLOW, "Refuse"]


def test_the_request_mail_shows_nothing_of_the_askers_tiles(game, players):
    asked = ann_asks(game, players)
    assert "9G" not in without_urls(asked.body)  # the tile ann drew at the end of the turn
    assert "9G" not in without_urls(asked.alternatives[0][0])


def test_allowing_from_the_mail_takes_the_move_back_and_the_asker_hears_it(client, game, players):
    asked = ann_asks(game, players)
    url = path_of(links_in(asked.body)[ALLOW])
    page = client.get(url).content.decode()
    assert "ann asks to take back move 3" in page and f"Confirm: {ALLOW}" in page
    assert game.actions.filter(kind=ActionKind.UNDO).count() == 0  # the GET changes nothing
    mail.outbox.clear()
    done = client.post(url).content.decode()
    assert "Thank you: ann&#x27;s move 3 was taken back." in done
    (turn,) = outbox_to("ann@example.com")
    assert "ann took back move 3." in turn.body and "which shares do you buy" in turn.body
    again = client.post(url).content.decode()  # a second press, a mail client's retry
    assert "Already done: ann&#x27;s move was taken back." in again
    assert game.actions.filter(kind=ActionKind.UNDO).count() == 1


def test_refusing_from_the_mail_keeps_the_move_and_tells_the_asker(client, game, players):
    asked = ann_asks(game, players)
    url = path_of(links_in(asked.body)["Refuse"])
    assert "Confirm: Refuse" in client.get(url).content.decode()
    mail.outbox.clear()
    assert "You refused; ann&#x27;s move stands." in client.post(url).content.decode()
    (told,) = mail.outbox
    assert told.to == ["ann@example.com"] and told.subject == "Acquire by ann: move 3 stands"
    assert "bob refused to let you take back move 3" in told.body
    assert "already resolved" in client.get(path_of(links_in(asked.body)[ALLOW])).content.decode().lower()


def test_a_move_instead_of_an_answer_lapses_the_request(client, game, players):
    asked = ann_asks(game, players)
    mail.outbox.clear()
    move(game.pk, 1, {"type": "place_tile", "tile": "6A"})
    told = [message for message in outbox_to("ann@example.com") if "stands" in message.subject]
    assert len(told) == 1 and "has lapsed" in told[0].body
    page = client.get(path_of(links_in(asked.body)[ALLOW])).content.decode()
    assert "Already resolved: the game has moved on, so ann&#x27;s move stands." in page
    assert "Too late" in client.post(path_of(links_in(asked.body)[ALLOW])).content.decode()
    assert UndoRequest.objects.get().status == "lapsed"


def test_a_link_opened_by_another_signed_in_player_does_nothing(client, game, players):
    asked = ann_asks(game, players)
    client.force_login(players[2])
    response = client.post(path_of(links_in(asked.body)[ALLOW]))
    assert response.status_code == 403 and "This link is for another player" in response.content.decode()
    assert UndoRequest.objects.get().status == "pending"


def test_a_tampered_link_is_refused(client, game, players):
    asked = ann_asks(game, players)
    url = path_of(links_in(asked.body)[ALLOW])
    response = client.post(url[:-3] + "xx/")
    assert response.status_code == 400 and "not one we sent" in response.content.decode()


def test_the_next_players_mail_tells_the_move_taken_back_as_taken_back(client, game, players):
    asked = ann_asks(game, players)
    client.post(path_of(links_in(asked.body)[ALLOW]))
    mail.outbox.clear()
    move(game.pk, 0, {"type": "buy_shares", "shares": {"tower": 1}})
    (turn,) = outbox_to("bob@example.com")
    told = turn.body[turn.body.index("ann bought 2 Tower"):]
    assert told.startswith("ann bought 2 Tower") and "(taken back at move 4)" in told.splitlines()[0]
    assert told.index("ann took back move 3.") < told.index("ann bought 1 Tower")
    assert "ann bought 1 Tower" in told and "(taken back" not in told[told.index("ann bought 1 Tower"):]
