"""A move link's page says what the answer is about: the mail's question above the button.

An 1861 auction's links read "Pass" or "Bid ₽25 (+₽5)"; under the mail's "Bid for TSR:" they are
clear, but the page the link opens showed only the label, so "Confirm: Pass" said nothing of which
private.  The page now repeats the decision the mail asked.
"""

from __future__ import annotations

import pytest
from django.utils.html import strip_tags

from tests.games.factories import started_game
from tests.notifications.helpers import move, move_links, outbox_to, path_of

pytestmark = pytest.mark.django_db(transaction=True)


def text_of(response) -> str:
    return " ".join(strip_tags(response.content.decode()).split())


def test_the_link_page_repeats_the_question_its_answer_is_for(client, players):
    game = started_game(players, title="1861", options={}, seed=3)
    first = game.seats.get(index=0).user
    (sent,) = [m for m in outbox_to(first.email) if "move 1" in m.subject]
    links = move_links(sent.body)
    page = text_of(client.get(path_of(links["Pass"])))
    assert "TSR is for sale (minimum ₽20, no bid yet). Bid or pass?" in page
    assert "move 1, this will: Pass" in page
    move(game.pk, 0, {"type": "pass"})  # answered on the site: the link's page says it is stale, asks nothing
    stale = text_of(client.get(path_of(links["Bid the minimum, ₽20"])))
    assert "Already resolved" in stale and "TSR is for sale" not in stale
