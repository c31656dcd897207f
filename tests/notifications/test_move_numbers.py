"""One numbering everywhere: move N is the N-th action of the log; a position is "after move N";
the decision it waits for is move N+1 (game page, history, mail, link page and refusals)."""

import pytest
from django.core import mail
from django.utils.html import strip_tags

from games import services
from tests.notifications.helpers import move, move_links, outbox_to, path_of

pytestmark = pytest.mark.django_db(transaction=True)


def text_of(response) -> str:
    return " ".join(strip_tags(response.content.decode()).split())


def test_page_history_mail_and_link_page_name_the_same_position_alike(client, game, players):
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    move(game.pk, 0, {"type": "found_chain", "chain": "tower"})  # two moves played; ann buys next
    (sent,) = [m for m in outbox_to("ann@example.com") if "move 3" in m.subject]
    assert sent.subject.endswith("move 3: Which shares do you buy (up to 3, you have $6,000)?")
    assert "(Acquire, move 3)" in sent.body
    client.force_login(players[1])
    assert "After move 2 · waiting for ann (move 3)" in text_of(client.get(f"/games/{game.pk}/"))
    history = text_of(client.get(f"/games/{game.pk}/history/"))
    assert "After move 2 of 2" in history and "Log up to move 2" in history
    assert "Before move 1 of 2" in text_of(client.get(f"/games/{game.pk}/history/?step=0"))
    client.logout()  # ann's link, opened where she reads her mail (a link refuses a browser signed in as bob)
    link = next(iter(move_links(sent.body).values()))
    assert "move 3, this will" in text_of(client.get(path_of(link)))


def test_a_fresh_game_waits_for_move_1(client, game, players):
    (sent,) = outbox_to("ann@example.com")
    assert sent.subject.endswith("move 1: Which tile do you place?")
    others = [m for m in mail.outbox if m is not sent]  # the other seats hear of the start, which is no move
    assert sorted(address for m in others for address in m.to) == ["bob@example.com", "cy@example.com"]
    assert all(m.subject.endswith("the game has started, ann starts") and "move" not in m.subject for m in others)
    client.force_login(players[0])
    assert "Start · waiting for you (move 1)" in text_of(client.get(f"/games/{game.pk}/"))


def test_a_stale_answer_names_the_move_the_game_waits_for(game):
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    outcome = services.submit_move(game.pk, 0, {"type": "found_chain", "chain": "tower"}, 0, "web")
    assert not outcome.applied and "it now waits for move 2" in outcome.message
