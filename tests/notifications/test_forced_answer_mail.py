"""A prompt answered for its player is never mailed: the next decision's player gets the only mail."""

import pytest
from django.core import mail

from games.models import ActionSource
from notifications.models import MailKind, Outbox
from tests.notifications.helpers import move

pytestmark = pytest.mark.django_db(transaction=True)

# helpers.TILE_BAG: no chain is on the board and ann's 12G stands alone, so ann can buy nothing.
LONE_TILE = {"type": "place_tile", "tile": "12G"}


def test_the_next_players_mail_is_the_only_mail_after_an_automatic_answer(game, players):
    mail.outbox.clear()
    outcome = move(game.pk, 0, LONE_TILE)
    assert outcome.version == 2 and game.actions.get(seq=2).source == ActionSource.AUTO
    rows = Outbox.objects.filter(game=game, version__gt=0)
    assert [(row.recipient_id, row.kind, row.version) for row in rows] == [(players[1].pk, MailKind.TURN, 2)]
    (sent,) = mail.outbox
    assert sent.to == ["bob@example.com"]
    body = sent.body
    assert "Answered for ann, who could buy no shares: no chain is on the board." in body
    assert "which shares do you buy" not in body
