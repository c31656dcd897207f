"""The outbox's single INSERT: a key that is already there is kept as it is and not queued again."""

import pytest

from notifications import outbox
from notifications.models import MailKind, Outbox
from tests.notifications.helpers import start_game


@pytest.mark.django_db(transaction=True)
def test_inserting_a_row_twice_keeps_the_first_and_queues_only_new_rows(players, monkeypatch):
    game = start_game(players)
    existing = Outbox.objects.get(game=game, version=0, kind=MailKind.TURN)
    queued = []
    monkeypatch.setattr(outbox, "send_on_commit", lambda ids: queued.append(list(ids)))
    now = existing.created

    def row(user, seat):
        return Outbox(game_id=game.pk, version=0, recipient=user, kind=MailKind.TURN, seat=seat, created=now,
                      send_after=now, status="pending", to_address=user.email, queued_at=now)

    again = row(existing.recipient, existing.seat)
    other_user = next(user for user in players if user.pk != existing.recipient_id)
    fresh = row(other_user, 2)
    created = outbox.insert_rows([again, fresh, row(other_user, 2)])
    assert created == [fresh] and fresh.pk is not None and again.pk is None
    assert queued == [[fresh.pk]]
    assert Outbox.objects.filter(game=game, version=0, kind=MailKind.TURN).count() == 2
    assert Outbox.objects.get(pk=existing.pk).status == existing.status
